"""An audit's resume state, in process: what is written, what a resume reads back, and what it
drops (docs/audit.md, "Resuming"; the rules of ``streamspec.audit._state``)."""

from __future__ import annotations

import gc
import io
import warnings
from pathlib import Path

import orjson
import pytest
from audit_corpus import make_corpus
from streamspec import UsageError
from streamspec.audit import AuditState, Job, LocalEngine, Summary, corpus_files, run_audit
from streamspec.audit._summary import Counts

SETTINGS = {"source": "auto", "group_by": [], "findings": True}
ONE = Summary(totals=Counts(files=1, events=3), lines=3, findings={"missing_reply_end": 1})
TWO = Summary(totals=Counts(files=1, events=5), lines=5)


def _finished(directory: Path) -> AuditState:
    """A state with two finished files, closed as a killed run leaves it."""
    state = AuditState(str(directory), SETTINGS)
    state.open()
    state.record("a.jsonl", ONE, 120)
    state.record("b.jsonl", TWO, 240)
    state.close()
    return state


def _resumed(directory: Path) -> AuditState:
    state = AuditState(str(directory), SETTINGS)
    state.open()
    return state


def test_the_header_names_the_format_version_and_settings(tmp_path: Path) -> None:
    _finished(tmp_path / "s")
    header = orjson.loads((tmp_path / "s" / "audit.json").read_bytes())
    assert header == {"format": "streamspec.audit-state", "version": 1, **SETTINGS}


def test_a_resume_reads_back_every_finished_file(tmp_path: Path) -> None:
    _finished(tmp_path / "s")
    state = _resumed(tmp_path / "s")
    assert state.done == {"a.jsonl": ONE, "b.jsonl": TWO}
    assert state.findings_end == 240
    state.close()


def test_a_last_line_cut_short_is_dropped_and_cut_from_the_log(tmp_path: Path) -> None:
    """A kill in the middle of a line: that file counts as not finished, and the log is cut back
    to the end of the last whole line, so the next record starts a line of its own."""
    _finished(tmp_path / "s")
    log = tmp_path / "s" / "done.jsonl"
    whole = log.read_bytes()
    first_line = whole[: whole.index(b"\n") + 1]
    log.write_bytes(first_line + whole[len(first_line) : -10])
    state = _resumed(tmp_path / "s")
    assert state.done == {"a.jsonl": ONE} and state.findings_end == 120
    assert log.read_bytes() == first_line
    state.record("b.jsonl", TWO, 250)
    state.close()
    again = _resumed(tmp_path / "s")
    assert again.done == {"a.jsonl": ONE, "b.jsonl": TWO} and again.findings_end == 250
    again.close()


@pytest.mark.parametrize(
    "bad",
    [b"{not json}\n", b'{"path": "x"}\n', b'{"path": "x", "summary": {}, "findings_end": "z"}\n'],
    ids=["not JSON", "no summary", "findings_end not a number"],
)
def test_reading_stops_at_a_broken_line_and_drops_it_and_the_rest(
    tmp_path: Path, bad: bytes
) -> None:
    _finished(tmp_path / "s")
    log = tmp_path / "s" / "done.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(lines[0] + bad + lines[1])
    state = _resumed(tmp_path / "s")
    assert state.done == {"a.jsonl": ONE} and state.findings_end == 120
    assert log.read_bytes() == lines[0]
    state.close()


def test_a_directory_that_cannot_be_made_is_a_usage_error_naming_it(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    state = AuditState(str(blocker / "s"), SETTINGS)
    with pytest.raises(UsageError) as caught:
        state.open()
    assert caught.value.path == "state"
    assert str(caught.value).startswith(f"cannot use the state directory {str(blocker / 's')!r}: ")
    assert state.done == {} and not (blocker / "s").exists()


def test_a_record_is_on_disk_and_in_done_at_once(tmp_path: Path) -> None:
    """Each finished file is flushed as it is recorded: a kill right after loses nothing."""
    state = AuditState(str(tmp_path / "s"), SETTINGS)
    state.open()
    state.record("a.jsonl", ONE, 120)
    assert state.done == {"a.jsonl": ONE}
    line = orjson.loads((tmp_path / "s" / "done.jsonl").read_bytes())
    assert line == {"path": "a.jsonl", "summary": ONE.to_dict(), "findings_end": 120}
    state.close()


def test_after_close_nothing_more_is_recorded(tmp_path: Path) -> None:
    state = _finished(tmp_path / "s")
    state.close()  # a second close is harmless
    with pytest.raises(AssertionError, match=r"open\(\) first"):
        state.record("c.jsonl", ONE, 300)
    assert (tmp_path / "s" / "done.jsonl").read_bytes().count(b"\n") == 2


def test_recording_before_open_is_refused(tmp_path: Path) -> None:
    state = AuditState(str(tmp_path / "s"), SETTINGS)
    with pytest.raises(AssertionError, match=r"open\(\) first"):
        state.record("a.jsonl", ONE, 1)
    assert not (tmp_path / "s").exists()


def test_the_directory_and_its_missing_parents_are_made(tmp_path: Path) -> None:
    state = _finished(tmp_path / "runs" / "nightly" / "s")
    assert state.done == {"a.jsonl": ONE, "b.jsonl": TWO}
    assert (tmp_path / "runs" / "nightly" / "s" / "audit.json").is_file()


def test_close_closes_the_log(tmp_path: Path) -> None:
    """Closing leaves no file open (an unclosed one would warn when it is collected)."""
    state = AuditState(str(tmp_path / "s"), SETTINGS)
    state.open()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state.close()
        gc.collect()
    assert [w for w in caught if issubclass(w.category, ResourceWarning)] == []


@pytest.mark.parametrize("with_findings", [True, False])
def test_each_finished_file_records_where_the_findings_file_ends(
    tmp_path: Path, with_findings: bool
) -> None:
    """An audit's log names each file with the findings file's size just after its findings,
    so the sizes grow to the file's whole length; with no findings file, every size is 0."""
    make_corpus(tmp_path / "corpus", 6)
    files = corpus_files([str(tmp_path / "corpus")])
    findings = io.BytesIO() if with_findings else None
    state = AuditState(str(tmp_path / "state"), SETTINGS)
    state.open()
    run_audit(files, job=Job(), engine=LocalEngine(1), state=state, findings=findings)
    state.close()
    log = [
        orjson.loads(line) for line in (tmp_path / "state" / "done.jsonl").read_bytes().splitlines()
    ]
    ends = [record["findings_end"] for record in log]
    assert [record["path"] for record in log] == files
    if findings is None:
        assert ends == [0] * len(files)
    else:
        assert ends == sorted(ends)
        assert ends[-1] == len(findings.getvalue()) > 0


def test_a_resumed_audit_cuts_the_findings_of_files_in_flight(tmp_path: Path) -> None:
    """Findings written past the last finished file (a file in flight when the run was killed)
    are cut off before the resumed run writes, so the findings file ends as an unbroken run's."""
    make_corpus(tmp_path / "corpus", 6)
    files = corpus_files([str(tmp_path / "corpus")])
    unbroken = io.BytesIO()
    run_audit(files, job=Job(), engine=LocalEngine(1), findings=unbroken)
    findings = io.BytesIO()
    state = AuditState(str(tmp_path / "state"), SETTINGS)
    state.open()
    run_audit(files[:3], job=Job(), engine=LocalEngine(1), state=state, findings=findings)
    state.close()
    findings.write(b'{"file": "in flight", "code": "cut sh' * len(unbroken.getvalue()))
    resumed = _resumed(tmp_path / "state")
    run_audit(files, job=Job(), engine=LocalEngine(1), state=resumed, findings=findings)
    resumed.close()
    assert findings.getvalue() == unbroken.getvalue()
    assert unbroken.getvalue().count(b"\n") > 3
