"""The divergence page is generated from the recorded runs and names only rows that exist."""

from __future__ import annotations

import pytest
from streamspec._errors import UsageError
from streamspec.conform import _divergences
from streamspec.conform._vectors import VectorCase, load_cases


def test_divergence_page_is_fresh() -> None:
    """docs/divergences.md is what the generator renders from the record (--check passes)."""
    assert _divergences.main(["--check"]) == 0


def test_record_covers_the_current_vectors() -> None:
    """The record was taken over exactly the vectors shipped now, for all three implementations."""
    recorded = _divergences.read_record()
    assert recorded["vectors"] == _divergences._digest(list(load_cases()))
    assert set(recorded["implementations"]) == set(_divergences.COLUMNS)
    assert recorded["implementations"]["agentscope-2.0.3"]["version"] == "2.0.3"
    assert recorded["implementations"]["agentscope-2.0.11"]["kinds"] == ["reduce"]
    assert recorded["outcomes"]["reference"] == {}
    assert "Stale" not in _divergences.PAGE.read_text(encoding="utf-8")


def test_stale_record_is_marked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record taken over other vectors makes the page say it is stale, so --check fails."""
    recorded = _divergences.read_record()
    monkeypatch.setattr(_divergences, "read_record", lambda: {**recorded, "vectors": "0" * 64})
    lines = _divergences.render().splitlines()
    stale = "**Stale: the vectors changed since the record; refresh it.**"
    assert lines[lines.index("## Matrix") - 2 : lines.index("## Matrix")] == [stale, ""]
    assert _divergences.main(["--check"]) == 1


def test_every_named_row_exists() -> None:
    """Every row the class mapping links to is a row of docs/differences-agentscope.md."""
    rows = _divergences._anchor_rows()
    named = [(section, situation) for *_, section, situation in _divergences.DOCUMENTED]
    named += list(_divergences.CODE_ROWS.values())
    for section, situation in named:
        assert _divergences._link(rows, section, situation).startswith(f"[{situation}]")


def test_missing_row_is_an_error() -> None:
    """Linking to a row the differences page lacks raises UsageError naming the row and section."""
    with pytest.raises(UsageError) as caught:
        _divergences._link(_divergences._anchor_rows(), "ordering", "No such situation")
    assert "'No such situation'" in str(caught.value) and "#ordering" in str(caught.value)


def test_agentscope_2011_custom_and_203_custom_are_recorded() -> None:
    """The record shows CUSTOM errored under 2.0.3 and never under 2.0.11, linked to the 2.0.3 row."""
    outcomes = _divergences.read_record()["outcomes"]
    errored_203 = [
        o for o in outcomes["agentscope-2.0.3"].values() if "CustomEvent" in o.get("message", "")
    ]
    errored_2011 = [
        o for o in outcomes["agentscope-2.0.11"].values() if "CustomEvent" in o.get("message", "")
    ]
    assert errored_203 and not errored_2011
    page = _divergences.PAGE.read_text(encoding="utf-8")
    assert "[Any `CUSTOM` event](differences-agentscope.md#agentscope-203)" in page


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("x" * 58, '`"' + "x" * 58 + '"`'),
        ("x" * 59, '`"' + "x" * 58 + "…`"),
        ({"a": "b|c`d"}, '`{"a": "b\\|c\'d"}`'),
        (_divergences.MISSING, "`(absent)`"),
    ],
)
def test_a_value_in_a_row_is_compact_json_cut_at_60_characters(value: object, shown: str) -> None:
    """A row shows a value as code of at most 60 characters (59 and an ellipsis when cut),
    with pipes escaped and backquotes turned to quotes so the table stays whole."""
    assert _divergences._short(value) == shown


def test_a_case_s_size_counts_its_events_or_its_envelope_input_lines() -> None:
    """The smallest case of a class is the one with the fewest events (an envelope case's:
    input lines), then the shortest JSON, then the first id."""

    def vector(name: str, case: dict[str, object]) -> VectorCase:
        return VectorCase("envelope", "must", "f.json", name, (), case)

    three_lines = vector("a", {"input": ["x", "y", "z"]})
    two_events = vector("b", {"events": [{"type": "A"}, {"type": "B"}]})
    assert _divergences._size(three_lines)[0] == 3
    assert _divergences._size(two_events)[0] == 2
    assert min([three_lines, two_events], key=_divergences._size) is two_events


_PADDING = 'Data-block base64 chunk that does not decode (`"x"`, unpadded `"YQ"`, `"iVBOR=="`)'


@pytest.mark.parametrize(
    ("column", "key", "codes", "row"),
    [
        ("agentscope-2.0.11", "errored Error: Incorrect padding", (), ("content", _PADDING)),
        (
            "agentscope-2.0.3",
            "errored Error: Invalid base64-encoded string: number of data characters (N)",
            ("invalid_base64", "unknown_block"),
            ("content", _PADDING),
        ),
        (
            "agentscope-2.0.3",
            "errored AttributeError: 'CustomEvent' object has no attribute 'reply_id'",
            (),
            ("agentscope-203", "Any `CUSTOM` event"),
        ),
        (
            "agentscope-2.0.11",
            "differs $.output.message.content[*].name",
            ("unknown_block",),
            ("ordering", "A delta or end for a block that never started"),
        ),
        ("agentscope-2.0.11", "differs $.output.message.content[*].name", (), None),
        ("agentscope-2.0.11", "errored Error: Incorrect spacing", ("x", "y"), None),
        ("reference", "errored Error: Incorrect padding", ("invalid_base64",), None),
    ],
    ids=["padding", "base64-two-codes", "custom-203", "one-code", "no-code", "other-error", "ours"],
)
def test_a_divergence_class_is_documented_by_its_message_or_else_its_one_code(
    column: str, key: str, codes: tuple[str, ...], row: tuple[str, str] | None
) -> None:
    """An AgentScope error about base64 is the base64 row whatever the codes; any other class
    is documented by its case's code when it has exactly one; the reference is never."""
    found = _divergences._documented(column, key, codes)
    if row is None:
        assert found == "not documented"
    else:
        section, situation = row
        assert found == f"[{situation}](differences-agentscope.md#{section})"
