"""The audit summary merges like a commutative monoid: any split and order of a corpus,
one summary."""

from __future__ import annotations

import functools

from hypothesis import given
from hypothesis import strategies as st
from streamspec.audit import EMPTY, Counts, Summary
from streamspec.audit._summary import FAILED_FILES, WORST_FILES, length_bucket

_NAMES = st.sampled_from(["a", "b", "c", "d"])
_COUNTS = st.builds(
    Counts,
    files=st.integers(0, 3),
    events=st.integers(0, 50),
    replies=st.integers(0, 5),
    model_calls=st.integers(0, 5),
    errors=st.integers(0, 5),
    warnings=st.integers(0, 5),
)
_TALLY = st.dictionaries(_NAMES, st.integers(1, 9), max_size=3)


@st.composite
def file_summaries(draw: st.DrawFn) -> Summary:
    """One file's summary, as audit_file makes them: one path, its own counts."""
    path = draw(st.text("xyz/", min_size=1, max_size=6))
    errors, warnings = draw(st.integers(0, 5)), draw(st.integers(0, 5))
    return Summary(
        totals=draw(_COUNTS),
        lines=draw(st.integers(0, 90)),
        failed=draw(st.integers(0, 1)),
        failed_files=tuple(draw(st.lists(st.tuples(st.just(path), _NAMES), max_size=1))),
        findings=draw(_TALLY),
        severities=draw(_TALLY),
        terminal_states=draw(_TALLY),
        usage_states=draw(_TALLY),
        finish_reasons=draw(_TALLY),
        lengths=draw(_TALLY),
        days=draw(
            st.dictionaries(st.sampled_from(["2026-01-01", "2026-01-02"]), _TALLY, max_size=2)
        ),
        groups=draw(
            st.dictionaries(_NAMES, st.dictionaries(_NAMES, _COUNTS, max_size=2), max_size=2)
        ),
        worst=((errors, warnings, path),) if errors or warnings else (),
    )


def _fold(parts: list[Summary]) -> Summary:
    return functools.reduce(Summary.merge, parts, EMPTY)


@given(st.lists(file_summaries(), max_size=40), st.randoms(use_true_random=False), st.data())
def test_any_split_and_order_gives_one_summary(
    parts: list[Summary], shuffle: object, data: st.DataObject
) -> None:
    """Merging in any order, in any chunks (merged per worker, then together), gives one value."""
    whole = _fold(parts)
    shuffled = list(parts)
    shuffle.shuffle(shuffled)  # type: ignore[attr-defined]
    cuts = sorted(data.draw(st.lists(st.integers(0, len(parts)), max_size=4), label="cuts"))
    chunks = [shuffled[a:b] for a, b in zip([0, *cuts], [*cuts, len(parts)], strict=True)]
    by_worker = [_fold(chunk) for chunk in chunks]
    assert _fold(by_worker) == whole
    assert _fold(list(reversed(by_worker))) == whole


@given(file_summaries(), file_summaries(), file_summaries())
def test_merge_is_associative_and_commutative_with_an_identity(
    a: Summary, b: Summary, c: Summary
) -> None:
    assert a.merge(b).merge(c) == a.merge(b.merge(c))
    assert a.merge(b) == b.merge(a)
    assert EMPTY.merge(a).to_dict() == a.merge(EMPTY).to_dict()


@given(st.lists(file_summaries(), max_size=30))
def test_a_summary_survives_json(parts: list[Summary]) -> None:
    """to_dict and from_dict give back the same summary (the resume state and Dask rely on it)."""
    import orjson

    merged = _fold(parts)
    assert Summary.from_dict(orjson.loads(orjson.dumps(merged.to_dict()))) == merged


@given(st.lists(file_summaries(), max_size=60))
def test_counts_add_and_lists_are_cut_after_sorting(parts: list[Summary]) -> None:
    """Counts are sums; the worst and failed files are the first by their order, cut to size."""
    merged = _fold(parts)
    assert merged.totals.events == sum(p.totals.events for p in parts)
    assert merged.failed == sum(p.failed for p in parts)
    for code in {c for p in parts for c in p.findings}:
        assert merged.findings[code] == sum(p.findings.get(code, 0) for p in parts)
    worst = sorted({w for p in parts for w in p.worst}, key=lambda w: (-w[0], -w[1], w[2]))
    assert list(merged.worst) == worst[:WORST_FILES]
    failed = sorted({f for p in parts for f in p.failed_files})
    assert list(merged.failed_files) == failed[:FAILED_FILES]


def test_length_buckets_are_powers_of_two_at_or_above() -> None:
    assert [length_bucket(n) for n in (0, 1, 2, 3, 4, 5, 1000, 1024, 1025)] == [
        "1",
        "1",
        "2",
        "4",
        "4",
        "8",
        "1024",
        "1024",
        "2048",
    ]


def test_groups_show_source_first_then_the_group_by_keys_by_name() -> None:
    """``source`` leads however the other keys sort; the rest follow by name."""
    one = {"x": Counts(files=1)}
    summary = Summary(groups={"zone": one, "source": one, "model": one, "agent": one})
    assert [key for key, _ in summary.ordered_groups()] == ["source", "agent", "model", "zone"]
    assert [key for key, _ in Summary(groups={"b": one, "a": one}).ordered_groups()] == ["a", "b"]


def test_a_summary_keeps_the_20_worst_files_and_names_50_failed_ones() -> None:
    """docs/audit.md: the worst and failed files are cut to 20 and 50."""
    assert (WORST_FILES, FAILED_FILES) == (20, 50)


def test_the_headline_names_each_count_in_report_order() -> None:
    """The headline: files, failed files, lines, events, replies, model calls, errors and
    warnings, in that order, each with its own value."""
    summary = Summary(
        totals=Counts(files=1, events=3, replies=4, model_calls=5, errors=6, warnings=7),
        lines=2,
        failed=8,
    )
    assert summary.headline() == [
        ("files", 1),
        ("failed files", 8),
        ("lines", 2),
        ("events", 3),
        ("replies", 4),
        ("model calls", 5),
        ("errors", 6),
        ("warnings", 7),
    ]
