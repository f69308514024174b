"""Each command's output on every recorded example, byte for byte.

The other command-line tests say what each line means; these pin every word
and number that ``check``, ``judge``, ``reduce`` and ``convert`` print for
the shipped examples (stdout, stderr and exit status), so any change to them
shows here. After a change that is meant, look at the new files and take
them with::

    STREAMSPEC_UPDATE_GOLDEN=1 pytest tests/test_cli_golden.py
"""

from __future__ import annotations

from pathlib import Path

import pytest
from audit_corpus import EXAMPLES, STREAMS
from click.testing import CliRunner
from recorded import GOLDEN, assert_recorded
from streamspec.cli import main

COMMANDS = {
    "check": ["check"],
    "check-json": ["check", "--format", "json"],
    "judge": ["judge"],
    "reduce": ["reduce"],
    "convert-envelope": ["convert", "--to", "envelope"],
    "convert-agentscope": ["convert", "--to", "agentscope"],
}
#: The chat histories under ``examples/pairing``, and the dialects they are checked against.
HISTORIES = sorted((EXAMPLES / "pairing").glob("*.json"))
DIALECTS = ("openai", "deepseek-strict", "kimi", "mistral", "gemini", "anthropic")


def _transcript(
    args: list[str], monkeypatch: pytest.MonkeyPatch, files: list[Path] = STREAMS
) -> str:
    """Each file's output under ``args``, one section per file, in path order."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setenv("COLUMNS", "120")
    sections = []
    for path in sorted(files):
        name = path.relative_to(EXAMPLES).as_posix()
        result = CliRunner().invoke(main, [*args, name], catch_exceptions=False)
        sections.append(
            f"== {name} (exit {result.exit_code})\n{result.stdout}-- stderr\n{result.stderr}"
        )
    return "".join(sections)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_s_output_on_the_examples_is_the_recorded_one(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _compare(_transcript(COMMANDS[command], monkeypatch), f"examples-{command}.txt")


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("check", ["check"]),
        ("repair", ["repair"]),
        ("repair-placeholder", ["repair", "--orphans", "placeholder"]),
        ("repair-fixes", ["repair", "--fix", "bridge", "--fix", "invalid_arguments"]),
    ],
)
def test_pairing_s_output_on_the_example_histories_is_the_recorded_one(
    name: str, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    found = "".join(
        f"### {dialect}\n"
        + _transcript(["pairing", *args, "--dialect", dialect], monkeypatch, HISTORIES)
        for dialect in DIALECTS
    )
    _compare(found, f"pairing-{name}.txt")


def test_the_a3s_session_s_output_is_the_recorded_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The a3s session is never detected; read with ``--from a3s``."""
    session = [EXAMPLES / "a3s" / "session.a3s.jsonl"]
    found = "".join(
        f"### {' '.join(args)}\n" + _transcript([*args, "--from", "a3s"], monkeypatch, session)
        for args in (["check"], ["judge"], ["convert", "--to", "envelope"])
    )
    _compare(found, "a3s-session.txt")


#: Lines a reader must survive and name: each kind of broken JSON line, in one AgentScope file.
_START = b'{"type":"REPLY_START","reply_id":"r","session_id":"s","name":"a"}'
HOSTILE_LINES = (
    b"\xef\xbb\xbf" + _START,
    b"",
    b"   ",
    b"\xff\xfe not UTF-8",
    b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b","block_id":"c"}',
    b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"\\ud800"}',
    b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":NaN}',
    b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"x",}',
    b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"x"} trailing',
    b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b"',
    b'{"type":"MODEL_CALL_END","reply_id":"r","input_tokens":1e400,"output_tokens":1}',
    b'{"type":"MODEL_CALL_END","reply_id":"r","input_tokens":-1,"output_tokens":true}',
    b"[" * 200 + b"]" * 200,
    b'{"a":' * 130 + b"1" + b"}" * 130,
    b"null",
    b'"text"',
    b"12",
    b"[]",
    b'{"type":null}',
    b'{"type":"TEXT_BLOCK_DELTA"}',
    b'{"type":"NOT_A_TYPE","reply_id":"r"}',
    b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"x","id":5,"extra":[]}',
    b'{"type":"DATA_BLOCK_DELTA","reply_id":"r","block_id":"d","media_type":"image/png"}',
    b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\r',
    b'\t{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"ok"}',
    b'{"type":"TEXT_BLOCK_END","reply_id":"r","block_id":"b","text":"' + b"y" * 300 + b'"}',
)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_check_s_output_on_hostile_lines_is_the_recorded_one(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every kind of broken line is named in the reader's words, with its line number."""
    path = tmp_path / "hostile.jsonl"
    path.write_bytes(b"\n".join(HOSTILE_LINES))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    result = CliRunner().invoke(main, ["check", "--format", fmt, path.name], catch_exceptions=False)
    found = f"(exit {result.exit_code})\n{result.stdout}-- stderr\n{result.stderr}"
    _compare(found, f"hostile-check-{fmt}.txt")


def _compare(found: str, name: str) -> None:
    assert_recorded(found, GOLDEN / name)
