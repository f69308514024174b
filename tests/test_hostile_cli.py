"""Every command on hostile input and broken I/O: one line on stderr, a status, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from streamspec._jsonl import BYTE_ORDER_MARK, DUPLICATE_KEY, MAX_DEPTH
from streamspec.cli._main import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "seed000.agentscope.jsonl"
PAIRING = ROOT / "examples" / "pairing" / "split_parallel_calls.json"
DEEP = MAX_DEPTH + 172

#: Every command that reads stdin, with the arguments that make it read ``-``.
STDIN_COMMANDS = {
    "reduce": ["reduce", "-"],
    "check": ["check", "-"],
    "check-json": ["check", "-", "--format", "json"],
    "convert": ["convert", "-"],
    "judge": ["judge", "-"],
    "pairing-check": ["pairing", "check", "--dialect", "openai", "-"],
    "pairing-repair": ["pairing", "repair", "--dialect", "openai", "-"],
    "adapter": ["adapter"],
}

#: Every command with an input that makes it write to stdout.
WRITING_COMMANDS = {
    "reduce": ["reduce", str(EXAMPLE)],
    "reduce-each": ["reduce", "--each", str(EXAMPLE)],
    "check": ["check", str(EXAMPLE)],
    "check-json": ["check", "--format", "json", str(EXAMPLE)],
    "convert": ["convert", str(EXAMPLE)],
    "judge": ["judge"],
    "pairing-check": ["pairing", "check", "--dialect", "openai", str(PAIRING)],
    "pairing-repair": ["pairing", "repair", "--dialect", "openai", str(PAIRING)],
}


#: The commands run as most users run them: stdout block-buffered (``PYTHONUNBUFFERED`` unset),
#: so output left in a buffer when a write fails would be flushed again, loudly, at exit.
_USER_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}


def _run(
    args: list[str], *, stdin: int | bytes | None = None, stdout: int | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m streamspec ARGS`` with the given stdin and stdout."""
    return subprocess.run(
        [sys.executable, "-m", "streamspec", *args],
        input=stdin if isinstance(stdin, bytes) else None,
        stdin=stdin if isinstance(stdin, int) else None,
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_USER_ENV,
        timeout=120,
        check=False,
    )


def _one_line(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


def _deep_line() -> bytes:
    nested = b"[" * (DEEP - 2) + b"]" * (DEEP - 2)
    return (
        b'{"type":"REPLY_START","reply_id":"r","session_id":"s","name":"a",'
        b'"role":"assistant","metadata":{"x":' + nested + b"}}\n"
    )


@pytest.mark.parametrize("command", sorted(STDIN_COMMANDS))
def test_a_closed_stdin_is_one_line_and_exit_2(command: str) -> None:
    """With stdin closed (<&-), every command says 'cannot open stdin: it is closed', exit 2."""
    done = subprocess.run(
        [sys.executable, "-m", "streamspec", *STDIN_COMMANDS[command]],
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 2
    assert _one_line(done.stderr) == "Error: cannot open stdin: it is closed"
    assert done.stdout == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", sorted(WRITING_COMMANDS))
def test_a_full_stdout_is_one_line_and_exit_2(command: str) -> None:
    """Writing to /dev/full is 'Error: cannot write stdout: No space left on device', exit 2."""
    with open("/dev/full", "wb") as full:
        done = _run(WRITING_COMMANDS[command], stdout=full.fileno())
    assert done.returncode == 2
    lines = done.stderr.decode().strip().splitlines()
    assert "Traceback" not in done.stderr.decode()
    assert lines[-1] == "Error: cannot write stdout: No space left on device"
    assert all(": " in line for line in lines)


@pytest.mark.parametrize("args", [["reduce", "--each"], ["convert"]])
def test_a_broken_pipe_is_quiet_and_exits_1(args: list[str], tmp_path: Path) -> None:
    """A reader that stops after a few bytes gets them; the command prints nothing and exits 1."""
    events = EXAMPLE.read_bytes().splitlines(keepends=True)
    text_delta = next(line for line in events if b"TEXT_BLOCK_DELTA" in line)
    big = tmp_path / "big.jsonl"
    big.write_bytes(b"".join(events[:2]) + text_delta * 20000)
    process = subprocess.Popen(
        [sys.executable, "-m", "streamspec", *args, str(big)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=_USER_ENV,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10)
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=120) == 1
    assert b"Traceback" not in stderr and b"Exception ignored" not in stderr
    assert b"Error" not in stderr


@pytest.mark.parametrize(
    "args",
    [
        ["reduce", "-"],
        ["check", "-", "--format", "json"],
        ["check", "-"],
        ["convert", "-"],
        ["judge", "-"],
    ],
)
def test_a_line_nested_deeper_than_the_limit_is_an_unreadable_line(args: list[str]) -> None:
    """A line nested 300 deep is '1: unreadable_line: nested 300 deep; the limit is 128'."""
    done = _run(args, stdin=_deep_line())
    stderr = done.stderr.decode()
    assert "Traceback" not in stderr
    assert (
        f"1: unreadable_line: nested {DEEP} deep; the limit is {MAX_DEPTH}" in stderr.splitlines()
    )
    assert done.returncode == (0 if args[0] in ("reduce", "judge") else 1)


def test_the_issue_reproducer_is_an_unreadable_line_not_a_crash() -> None:
    """'[' * 300 + ']' * 300 piped to reduce is an unreadable line; the message is still printed."""
    done = _run(["reduce", "-"], stdin=b"[" * 300 + b"]" * 300 + b"\n")
    assert done.returncode == 0
    assert (
        done.stderr.decode().splitlines()[0] == "1: unreadable_line: not a JSON object but an array"
    )
    assert json.loads(done.stdout)["content"] == []


def test_a_pairing_document_nested_deeper_than_the_limit_is_refused() -> None:
    """pairing repair refuses a document nested 300 deep with one line, exit 2."""
    nested = b"[" * (DEEP - 2) + b"]" * (DEEP - 2)
    done = _run(
        ["pairing", "repair", "--dialect", "openai", "-"],
        stdin=b'[{"role":"user","content":' + nested + b"}]",
    )
    assert done.returncode == 2
    assert _one_line(done.stderr) == f"Error: stdin is nested {DEEP} deep; the limit is {MAX_DEPTH}"
    assert done.stdout == b""


@pytest.mark.parametrize(
    "args",
    [
        ["reduce", "{missing}"],
        ["check", "{missing}"],
        ["convert", "{missing}"],
        ["judge", "{missing}"],
        ["pairing", "check", "--dialect", "openai", "{missing}"],
        ["pairing", "repair", "--dialect", "openai", "{missing}"],
        ["conform", "--program", "x", "--expected-failures", "{missing}"],
        ["conform", "--program", "x", "--vectors", "{missing}"],
        ["conform", "--program", "x", "--report", "{missing}/report.jsonl"],
    ],
)
def test_cannot_open_is_the_same_line_for_every_command(args: list[str], tmp_path: Path) -> None:
    """Every command says 'Error: cannot open PATH: REASON' for a path it cannot open, exit 2."""
    missing = str(tmp_path / "missing")
    done = _run([arg.replace("{missing}", missing) for arg in args])
    assert done.returncode == 2
    reason = "No such directory" if "--vectors" in args else "No such file or directory"
    named = missing + ("/report.jsonl" if "--report" in args else "")
    assert _one_line(done.stderr) == f"Error: cannot open {named}: {reason}"


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs /proc")
@pytest.mark.parametrize("command", ["reduce", "check", "convert", "judge"])
def test_an_input_that_fails_while_read_is_one_line(command: str) -> None:
    """A file whose read fails (/proc/self/mem) is 'Error: cannot read PATH: REASON', exit 2."""
    done = _run([command, "/proc/self/mem"])
    assert done.returncode == 2
    assert _one_line(done.stderr) == "Error: cannot read /proc/self/mem: Input/output error"


def test_a_duplicate_key_is_a_warning_and_the_last_value_is_folded() -> None:
    """reduce warns '1: duplicate_key' and folds the block id written last."""
    line = b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b","block_id":"c"}\n'
    result = CliRunner().invoke(main, ["reduce", "-"], input=line)
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        '1: duplicate_key: an object names "block_id" more than once; the last value is kept'
    )
    assert [block["id"] for block in json.loads(result.stdout)["content"]] == ["c"]


def test_a_leading_bom_is_a_warning_and_the_line_is_read() -> None:
    """reduce warns '1: byte_order_mark' and folds line 1 all the same."""
    line = b'\xef\xbb\xbf{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\n'
    result = CliRunner().invoke(main, ["reduce", "-", "--each"], input=line)
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0].startswith("1: byte_order_mark: ")
    (message,) = [json.loads(text) for text in result.stdout.splitlines()]
    assert [block["id"] for block in message["content"]] == ["b"]


def test_check_reports_reader_warnings_with_their_explanation() -> None:
    """check --format json lists the BOM and duplicate-key warnings with the code's meaning."""
    line = b'\xef\xbb\xbf{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b","block_id":"c"}\n'
    result = CliRunner().invoke(main, ["check", "-", "--format", "json"], input=line)
    report = json.loads(result.stdout)
    codes = [finding["code"] for finding in report["unreadable"]]
    assert codes == [BYTE_ORDER_MARK, DUPLICATE_KEY]
    assert report["summary"]["warnings"] >= 2


def test_invalid_utf8_is_named_as_such_on_the_command_line() -> None:
    """reduce calls a line with a 0xff byte 'invalid UTF-8', not 'surrogates not allowed'."""
    result = CliRunner().invoke(main, ["reduce", "-"], input=b'{"type":"\xff"}\n')
    assert (
        result.stderr.splitlines()[0] == "1: unreadable_line: invalid UTF-8: byte 0xff at offset 9"
    )
    assert "surrogate" not in result.stderr


def test_the_pairing_repair_report_on_stderr_is_one_line_per_action() -> None:
    """Without --report, repair writes 'N: ACTION: ...' lines on stderr, and JSON with --report."""
    result = CliRunner().invoke(
        main, ["pairing", "repair", "--dialect", "openai", str(PAIRING)], catch_exceptions=False
    )
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "2: merge: split_calls, into message 1, now message 1 of the output"
    ]
    json.loads(result.stdout)


def test_the_pairing_repair_report_goes_whole_to_the_report_file(tmp_path: Path) -> None:
    """With --report FILE, stderr is empty and FILE holds the JSON report."""
    report = tmp_path / "report.json"
    result = CliRunner().invoke(
        main, ["pairing", "repair", "--dialect", "openai", str(PAIRING), "--report", str(report)]
    )
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(report.read_bytes())["actions"][0]["action"] == "merge"


def test_check_format_has_help() -> None:
    """check --help explains what --format text and json give."""
    result = CliRunner().invoke(main, ["check", "--help"])
    assert "one JSON object (replies, unreadable lines, summary)" in " ".join(result.stdout.split())


def test_reduce_of_a_completion_only_file_is_a_usage_error() -> None:
    """reduce of an auto-detected muse file exits 2 with one line naming judge."""
    muse = ROOT / "examples" / "muse" / "seed002.muse.jsonl"
    done = _run(["reduce", str(muse)])
    assert done.returncode == 2
    assert "streamspec judge" in done.stderr.decode()
    assert "Traceback" not in done.stderr.decode()


def test_convert_reports_an_output_it_cannot_write_as_json_and_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A converted record that JSON cannot hold is an ``unreadable_line`` error on its own line
    (exit 1); the lines around it are still written."""
    from streamspec.cli import _convert
    from streamspec.envelope._convert import Converted

    def converted(lines: object, target: str) -> list[Converted]:
        return [
            Converted(number=1, output={"n": 1}),
            Converted(number=2, output={"n": b"bytes"}),
            Converted(number=3, output={"n": 3}),
        ]

    monkeypatch.setattr(_convert, "convert_lines", converted)
    result = CliRunner().invoke(main, ["convert", str(EXAMPLE)], catch_exceptions=False)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == ['{"n":1}', '{"n":3}']
    assert result.stderr.startswith("2: unreadable_line: cannot be written as JSON: ")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("target", ["agentscope", "envelope"])
def test_convert_names_every_bad_field_of_an_envelope_payload_on_one_line(
    tmp_path: Path, target: str
) -> None:
    """An envelope whose payload is not its catalog event: one error line, every problem in
    it, each with its path; nothing written."""
    source = tmp_path / "bad.jsonl"
    source.write_text(
        '{"version": 1, "type": "text_block_delta",'
        ' "payload": {"reply_id": 5, "block_id": 6, "delta": "x"}}\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        main, ["convert", "--from", "envelope", "--to", target, str(source)]
    )
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "1: unreadable_line: expected string, got integer @ $.payload.reply_id;"
        " expected string, got integer @ $.payload.block_id"
    ]
