"""One file of a corpus: what audit_file counts, read from files whose answers are known."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import orjson
import pytest
from audit_corpus import EXAMPLES
from streamspec.audit import audit_file, corpus_files
from streamspec.audit._file import NONE_VALUE, open_corpus_file

MUSE = EXAMPLES / "muse" / "seed002.muse.jsonl"
SEED = EXAMPLES / "seed000.agentscope.jsonl"


def test_a_muse_file_is_judged_not_checked() -> None:
    """Seed 002's six scenarios: six model calls, no reply, one verdict of each kind it names."""
    summary = audit_file(str(MUSE)).summary
    assert summary.totals.model_calls == 6
    assert summary.totals.replies == 0
    assert summary.terminal_states == {
        "completed": 3,
        "failed": 1,
        "no_completion_basis": 1,
        "truncated": 1,
    }
    assert summary.groups["source"] == {"muse": summary.totals}


def test_a_muse_file_s_bad_lines_are_its_findings_and_the_rest_is_judged(tmp_path: Path) -> None:
    """A line that is not JSON and a record muse lacks are findings on their lines, with no
    reply; the chunks around them still make their model call."""
    muse = MUSE.read_bytes().splitlines(keepends=True)
    path = tmp_path / "m.jsonl"
    path.write_bytes(
        b"".join([muse[0], b"not json\n", b'{"type":"assistant/nothing","data":{}}\n', *muse[1:3]])
    )
    done = audit_file(str(path), source="muse")
    found = [orjson.loads(line) for line in done.findings.splitlines()]
    assert [(f["line"], f["code"], f["severity"], f["reply"]) for f in found] == [
        (2, "unreadable_line", "error", None),
        (3, "unknown_record", "warning", None),
    ]
    assert done.summary.totals.to_dict() == {
        "files": 1,
        "events": 3,
        "replies": 0,
        "model_calls": 1,
        "errors": 1,
        "warnings": 1,
    }
    assert done.summary.lines == 5


def test_a_clean_reply_file_has_no_finding(tmp_path: Path) -> None:
    """Seed 000's stream: one reply, two model calls, nothing found, and its day from created_at."""
    done = audit_file(str(SEED))
    assert done.findings == b""
    assert done.summary.totals.to_dict() == {
        "files": 1,
        "events": 39,
        "replies": 1,
        "model_calls": 2,
        "errors": 0,
        "warnings": 0,
    }
    assert done.summary.lengths == {"64": 1}
    assert set(done.summary.days) == {"2026-01-01"}
    assert done.summary.worst == ()


def test_a_cut_stream_gives_its_findings_as_json_lines(tmp_path: Path) -> None:
    """A stream cut before REPLY_END: the end-of-input warnings, each with file, line and reply."""
    lines = SEED.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:-1]))
    done = audit_file(str(cut))
    found = [orjson.loads(line) for line in done.findings.splitlines()]
    assert [f["code"] for f in found] == ["missing_reply_end"]
    assert found[0]["file"] == str(cut)
    assert found[0]["line"] == len(lines) - 1
    assert found[0]["reply"] == orjson.loads(lines[0])["reply_id"]
    assert done.summary.findings == {"missing_reply_end": 1}
    assert done.summary.worst == ((0, 1, str(cut)),)


def test_gzip_is_read_through(tmp_path: Path) -> None:
    """A compressed copy gives the same summary as the plain file, whatever its name."""
    plain = audit_file(str(SEED)).summary
    for name in ("seed.jsonl.gz", "seed.jsonl"):
        packed = tmp_path / name
        packed.write_bytes(gzip.compress(SEED.read_bytes()))
        summary = audit_file(str(packed)).summary
        assert summary.totals == plain.totals
        assert summary.terminal_states == plain.terminal_states


def test_a_file_that_cannot_be_read_is_counted_as_failed(tmp_path: Path) -> None:
    """A directory and a broken gzip file: failed, with the reason, and nothing else counted."""
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(gzip.compress(SEED.read_bytes())[:-30])
    for path in (tmp_path, broken):
        summary = audit_file(str(path)).summary
        assert summary.failed == 1
        assert summary.totals.files == 0
        ((name, reason),) = summary.failed_files
        assert name == str(path)
        assert reason


def test_group_values_and_the_day_come_from_the_records(tmp_path: Path) -> None:
    """A string value as it is, another value as JSON, (none) when no record names it; the
    day is the UTC date of the first time."""
    records = [orjson.loads(line) for line in SEED.read_bytes().splitlines()]
    records[0]["created_at"] = "2026-03-04T23:30:00-02:00"
    records[0]["metadata"] = {"model": "m-1", "n": [1]}
    path = tmp_path / "one.jsonl"
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    summary = audit_file(str(path), group_by=("metadata.model", "metadata.n", "metadata.x")).summary
    assert list(summary.groups["metadata.model"]) == ["m-1"]
    assert list(summary.groups["metadata.n"]) == ["[1]"]
    assert list(summary.groups["metadata.x"]) == [NONE_VALUE]
    # 23:30 at UTC-2 is 01:30 the next day in UTC.
    assert summary.days == {"2026-03-05": {"no_completion_basis": 2}}


def test_a_millisecond_timestamp_names_the_day() -> None:
    """The replayed envelope example carries metadata.timestamp_ms: its day is that date in UTC."""
    summary = audit_file(str(EXAMPLES / "envelope" / "replayed.envelope.jsonl")).summary
    assert set(summary.days) == {"2026-01-01"}


def test_the_corpus_is_every_matching_file_once_in_path_order(tmp_path: Path) -> None:
    for name in ("b/x.jsonl", "a/y.sse.gz", "a/z.txt", "c.ndjson", "a/deeper/w.jsonl.gz"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
    found = corpus_files([str(tmp_path), str(tmp_path / "b"), str(tmp_path / "a" / "z.txt")])
    relative = [str(Path(p).relative_to(tmp_path)) for p in found]
    assert relative == ["a/deeper/w.jsonl.gz", "a/y.sse.gz", "a/z.txt", "b/x.jsonl", "c.ndjson"]
    assert corpus_files([str(tmp_path)], ["*.txt"]) == [str(tmp_path / "a" / "z.txt")]


def _grouped(tmp_path: Path, before: bytes, count: int) -> str:
    path = tmp_path / "peek.jsonl"
    path.write_bytes(before * count + b'{"metadata": {"model": "m"}}\n')
    (value,) = audit_file(str(path), group_by=("metadata.model",)).summary.groups["metadata.model"]
    return value


def test_a_group_value_is_looked_for_in_the_first_100_objects(tmp_path: Path) -> None:
    """docs/audit.md: the 100th JSON object can name the group; the 101st cannot."""
    assert _grouped(tmp_path, b"{}\n", 99) == "m"
    assert _grouped(tmp_path, b"{}\n", 100) == NONE_VALUE


def test_a_group_value_is_looked_for_in_the_first_1000_lines(tmp_path: Path) -> None:
    """docs/audit.md: however few objects came before, line 1001 is not looked at."""
    assert _grouped(tmp_path, b"not json\n", 999) == "m"
    assert _grouped(tmp_path, b"not json\n", 1000) == NONE_VALUE


def _day_of(tmp_path: Path, value: object) -> set[str]:
    """The days of the seed's model calls when its first record's time is ``value``."""
    records = [orjson.loads(line) for line in SEED.read_bytes().splitlines()]
    for record in records:
        record.pop("created_at", None)
    records[0]["metadata"] = {"timestamp": value}
    path = tmp_path / "day.jsonl"
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    return set(audit_file(str(path)).summary.days)


def test_a_number_above_10_to_the_11_is_milliseconds(tmp_path: Path) -> None:
    """docs/audit.md: a number is seconds since the epoch, or milliseconds above 10^11."""
    assert _day_of(tmp_path, 10**11) == {"5138-11-16"}
    assert _day_of(tmp_path, 10**11 + 1) == {"1973-03-03"}
    assert _day_of(tmp_path, 86_400) == {"1970-01-02"}


def test_a_file_s_summary_counts_every_line_read() -> None:
    """A muse file (judged) and an AgentScope file (checked) count each line they hold."""
    for path in (EXAMPLES / "muse" / "seed002.muse.jsonl", SEED):
        lines = len(path.read_bytes().splitlines())
        assert audit_file(str(path)).summary.lines == lines, path


def test_a_file_that_cannot_be_unpacked_is_closed_and_the_error_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When gzip refuses a file as it is opened, the file is closed and the error goes up."""
    packed = tmp_path / "seed.jsonl.gz"
    packed.write_bytes(gzip.compress(SEED.read_bytes()))
    opened: list[Any] = []

    def refuse(*, fileobj: Any, mode: str) -> None:
        opened.append(fileobj)
        raise gzip.BadGzipFile("not a gzipped file")

    monkeypatch.setattr(gzip, "GzipFile", refuse)
    with pytest.raises(gzip.BadGzipFile, match="not a gzipped file"):
        open_corpus_file(str(packed))
    assert [raw.closed for raw in opened] == [True]
