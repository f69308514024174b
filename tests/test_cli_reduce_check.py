"""``streamspec reduce`` and ``streamspec check``: stdout, stderr and exit codes, in process and as
a real process."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from streamspec.cli._main import main

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "examples" / "seed000.agentscope.jsonl"
FIXTURE = ROOT / "tests" / "fixtures" / "agentscope" / "reply-2.0.11.jsonl"
DIAGNOSTIC_LINE = re.compile(r"^\d+: [a-z_]+: .+$")


def _lines(*records: Any) -> bytes:
    out = []
    for record in records:
        out.append(record if isinstance(record, str) else json.dumps(record))
    return ("\n".join(out) + "\n").encode()


def _run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def _process(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "streamspec", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


_START = {
    "created_at": "2026-05-01T10:00:00",
    "type": "TEXT_BLOCK_START",
    "reply_id": "r1",
    "block_id": "t",
}
_DELTA = {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "t", "delta": "hi"}
_END = {"type": "TEXT_BLOCK_END", "reply_id": "r1", "block_id": "t"}
_REPLY_END = {
    "created_at": "2026-05-01T10:00:09",
    "type": "REPLY_END",
    "session_id": "s",
    "reply_id": "r1",
}


# -------------------------------------------------------------------- reduce


def test_reduce_prints_only_the_message_on_stdout() -> None:
    """reduce writes the final message as one JSON line on stdout and nothing on stderr for a clean
    stream."""
    result = _run("reduce", "-", stdin=_lines(_START, _DELTA, _END, _REPLY_END))
    assert result.exit_code == 0
    assert result.stderr == ""
    (line,) = result.stdout.splitlines()
    message = json.loads(line)
    assert message["content"] == [{"type": "text", "id": "t", "text": "hi"}]
    assert message["finished_at"] == "2026-05-01T10:00:09"


def test_reduce_defaults() -> None:
    """Defaults: id from the first reply_id, name and role assistant, created_at from the first
    event."""
    message = json.loads(_run("reduce", "-", stdin=_lines(_START, _REPLY_END)).stdout)
    assert (message["id"], message["name"], message["role"], message["created_at"]) == (
        "r1",
        "assistant",
        "assistant",
        "2026-05-01T10:00:00",
    )
    start = {
        "type": "REPLY_START",
        "session_id": "s",
        "reply_id": "r1",
        "name": "Friday",
        "role": "user",
    }
    message = json.loads(_run("reduce", "-", stdin=_lines(start, _START)).stdout)
    assert (message["name"], message["role"]) == ("Friday", "user")


def test_reduce_options_override_the_defaults() -> None:
    """--reply-id, --name, --role and --created-at replace the defaults; events of other replies are
    skipped."""
    result = _run(
        "reduce",
        "-",
        "--reply-id",
        "r2",
        "--name",
        "N",
        "--role",
        "system",
        "--created-at",
        "T",
        stdin=_lines(_START, {**_START, "reply_id": "r2", "block_id": "u"}),
    )
    message = json.loads(result.stdout)
    assert (message["id"], message["name"], message["role"], message["created_at"]) == (
        "r2",
        "N",
        "system",
        "T",
    )
    assert [b["id"] for b in message["content"]] == ["u"]
    assert result.stderr.splitlines()[0].startswith("1: reply_id_mismatch: ")


def test_reduce_reports_violations_on_stderr_and_exits_0() -> None:
    """A lenient reduce prints each diagnostic as LINE: CODE: message on stderr and still exits 0."""
    result = _run("reduce", "-", stdin=_lines(_START, _END, _DELTA))
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert all(DIAGNOSTIC_LINE.match(line) for line in lines), lines
    assert lines[0].startswith("3: delta_after_end: ")
    assert lines[-1].startswith("3: missing_reply_end: ")
    assert json.loads(result.stdout)["content"][0]["text"] == ""


def test_reduce_each_prints_one_line_per_input_line() -> None:
    """--each prints one dump per input line, blank and unreadable lines included (unchanged dumps)."""
    stdin = _lines(_START, "", "not json", _DELTA, "[1]", _END)
    result = _run("reduce", "-", "--each", stdin=stdin)
    assert result.exit_code == 0
    dumps = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(dumps) == 6
    texts = [d["content"][0]["text"] for d in dumps]
    assert texts == ["", "", "", "hi", "hi", "hi"]
    assert dumps[0] == dumps[1] == dumps[2]
    codes = [line.split(": ")[:2] for line in result.stderr.splitlines()]
    assert ["3", "unreadable_line"] in codes and ["5", "unreadable_line"] in codes


def test_reduce_each_writes_each_dump_before_the_next_line_comes() -> None:
    """--each on a pipe that stays open prints a line's dump as soon as the line is read, so a
    live stream can be followed (each dump is flushed)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "streamspec", "reduce", "-", "--each"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env={name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"},
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        texts = []
        for event in (_START, _DELTA):
            child.stdin.write(_lines(event))
            child.stdin.flush()
            ready, _, _ = select.select([child.stdout], [], [], 30)
            assert ready, f"no dump after {event['type']} while the input stays open"
            texts.append(json.loads(child.stdout.readline())["content"][0]["text"])
        assert texts == ["", "hi"]
    finally:
        child.kill()
        child.wait()
        child.stdin.close()
        child.stdout.close()


def test_reduce_strict_stops_at_the_first_error() -> None:
    """--strict exits 1 at the first error, reports it on stderr and prints no message."""
    result = _run("reduce", "-", "--strict", stdin=_lines(_START, _END, _DELTA, _DELTA))
    assert result.exit_code == 1
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("3: delta_after_end: ")


def test_reduce_strict_stops_at_an_unreadable_line() -> None:
    """--strict exits 1 on an unreadable line."""
    result = _run("reduce", "-", "--strict", stdin=_lines(_START, "{", _END))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith("2: unreadable_line: ")


def test_reduce_reads_stdin_without_a_file() -> None:
    """With no FILE, reduce reads stdin."""
    result = _run("reduce", stdin=_lines(_START, _DELTA))
    assert json.loads(result.stdout)["content"][0]["text"] == "hi"


def test_reduce_of_the_seed_example_matches_its_last_ground_truth() -> None:
    """The bundled seed 000 stream reduces to the seed's final usage, states and finished_at."""
    message = json.loads(_run("reduce", str(SEED)).stdout)
    assert message["usage"] == {"input_tokens": 15, "output_tokens": 28}
    assert message["finished_at"] == "2026-01-01T12:00:00"
    assert [b["state"] for b in message["content"] if b["type"] == "tool_call"] == [
        "finished",
        "finished",
        "submitted",
        "finished",
    ]


# --------------------------------------------------------------------- check


def test_check_with_no_file_checks_the_bundled_example() -> None:
    """check with no FILE reads the bundled seed 000 stream and exits 0."""
    result = _run("check")
    assert result.exit_code == 0, result.output
    assert "reply 'reply_001'" in result.stdout
    assert "0 errors" in result.stdout


def test_check_reads_stdin_from_dash_and_reports_json() -> None:
    """check - reads stdin; --format json gives replies, unreadable lines and a summary."""
    result = _run("check", "-", "--format", "json", stdin=_lines(_START, _DELTA, _END, _REPLY_END))
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert {"replies", "summary", "unreadable"} <= set(report)
    summary = {"lines": 4, "events": 4, "replies": 1, "errors": 0, "warnings": 0}
    assert {k: report["summary"][k] for k in summary} == summary
    (reply,) = report["replies"]
    assert {"findings", "message", "reply_id", "states"} <= set(reply)
    assert reply["states"]["block"] == {"text:t": "closed"}
    assert reply["findings"] == []


def test_check_finding_shape_and_exit_1_on_errors() -> None:
    """An error finding carries its line, code, fields and explanation, and check exits 1."""
    result = _run("check", "-", "--format", "json", stdin=_lines(_START, _END, _DELTA, _REPLY_END))
    assert result.exit_code == 1
    (finding,) = json.loads(result.stdout)["replies"][0]["findings"]
    assert finding["line"] == 3 and finding["code"] == "delta_after_end"
    assert (finding["machine"], finding["state"], finding["event"], finding["key"]) == (
        "block",
        "closed",
        "delta",
        "text:t",
    )
    assert finding["explanation"].startswith("A delta after")
    assert result.stderr.startswith("3: delta_after_end: ")


def test_check_fail_on_warning() -> None:
    """Warnings alone exit 0 by default and 1 with --fail-on warning."""
    stdin = _lines(_START, _DELTA)
    assert _run("check", "-", stdin=stdin).exit_code == 0
    assert _run("check", "-", "--fail-on", "warning", stdin=stdin).exit_code == 1


def test_check_groups_replies_by_reply_id() -> None:
    """A file with two interleaved replies is folded per reply_id, with no mismatch diagnostics."""
    other = {**_START, "reply_id": "r2", "block_id": "u"}
    result = _run(
        "check",
        "-",
        "--format",
        "json",
        stdin=_lines(
            _START, other, _DELTA, {**_DELTA, "reply_id": "r2", "block_id": "u"}, _END, _REPLY_END
        ),
    )
    report = json.loads(result.stdout)
    assert [r["reply_id"] for r in report["replies"]] == ["r1", "r2"]
    assert report["replies"][0]["message"]["content"][0]["text"] == "hi"
    assert report["replies"][1]["message"]["content"][0]["text"] == "hi"
    assert sorted(f["code"] for f in report["replies"][1]["findings"]) == [
        "missing_reply_end",
        "open_at_end",
    ]
    assert report["replies"][0]["findings"] == []
    assert result.exit_code == 0


def test_check_unreadable_lines_exit_1_and_the_rest_is_read() -> None:
    """Unreadable lines are errors with their line numbers; every other line is still checked."""
    bad_field = {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "t", "delta": 5}
    result = _run(
        "check",
        "-",
        "--format",
        "json",
        stdin=_lines(_START, "{oops", bad_field, _DELTA, _REPLY_END),
    )
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [(f["line"], f["code"]) for f in report["unreadable"]] == [
        (2, "unreadable_line"),
        (3, "unreadable_line"),
    ]
    assert "@ $.delta" in report["unreadable"][1]["message"]
    assert report["summary"]["events"] == 3
    assert report["replies"][0]["message"]["content"][0]["text"] == "hi"
    assert "Traceback" not in result.stderr


# -------------------------------------------------------------- real process


def test_process_exit_codes() -> None:
    """As a real process: check of the example exits 0, a violation 1, strict reduce 1, lenient
    reduce 0."""
    assert _process("check").returncode == 0
    bad = _lines(_START, _END, _DELTA)
    assert _process("check", "-", stdin=bad).returncode == 1
    assert _process("reduce", "-", "--strict", stdin=bad).returncode == 1
    lenient = _process("reduce", "-", stdin=bad)
    assert lenient.returncode == 0
    assert json.loads(lenient.stdout)["id"] == "r1"
    assert lenient.stderr.decode().splitlines()[0].startswith("3: delta_after_end: ")


@pytest.mark.parametrize("command", ["check", "reduce"])
def test_process_unopenable_file_exits_2_without_traceback(command: str, tmp_path: Path) -> None:
    """A file that cannot be opened exits 2 with a one-line message and no traceback."""
    missing = tmp_path / "missing.jsonl"
    result = _process(command, str(missing))
    assert result.returncode == 2
    stderr = result.stderr.decode()
    assert "Traceback" not in stderr
    assert str(missing) in stderr
    assert result.stdout == b""
    assert len([line for line in stderr.splitlines() if line.startswith("Error")]) == 1


@pytest.mark.parametrize("command", ["check", "reduce"])
def test_process_unopenable_file_is_a_one_line_message(command: str, tmp_path: Path) -> None:
    """The message for a file that cannot be opened is exactly one line."""
    result = _process(command, str(tmp_path / "missing.jsonl"))
    assert result.returncode == 2
    assert len(result.stderr.decode().strip().splitlines()) == 1


def test_process_usage_error_exits_2() -> None:
    """An unknown option is a usage error: exit 2, no traceback."""
    result = _process("check", "--format", "yaml")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr.decode()


def test_process_reduces_the_2_0_11_fixture_cleanly() -> None:
    """A realistic 2.0.11 recording reduces with no diagnostic and keeps its 2.0.11 keys."""
    result = _process("reduce", str(FIXTURE))
    assert result.returncode == 0
    assert result.stderr == b""
    message = json.loads(result.stdout)
    assert message["finished_reason"] == "completed" and message["error"] is None
    assert message["usage"]["cache_input_tokens"] == 2304


def test_version_is_the_installed_distribution_s() -> None:
    """``streamspec --version`` prints the version of the installed ``streamspec``
    distribution, as its metadata records it, and exits 0."""
    result = CliRunner().invoke(main, ["--version"], prog_name="streamspec")
    assert result.exit_code == 0
    assert result.stdout == f"streamspec, version {version('streamspec')}\n"


@pytest.mark.parametrize(
    ("stdin", "lines"), [(b"", 0), (_lines(_START), 1), (_lines(_START, _DELTA), 2)]
)
def test_check_counts_the_lines_read_none_for_empty_input(stdin: bytes, lines: int) -> None:
    """The summary counts the lines read, 0 for an empty input; an end-of-input finding is
    on the last line read."""
    result = _run("check", "-", "--format", "json", stdin=stdin)
    report = json.loads(result.stdout)
    assert report["summary"]["lines"] == lines
    assert _run("check", "-", stdin=stdin).stdout.splitlines()[-1].startswith(f"{lines} lines, ")
    ends = [
        finding["line"]
        for reply in report["replies"]
        for finding in reply["findings"]
        if finding["code"] == "missing_reply_end"
    ]
    assert ends == ([lines] if lines else [])
