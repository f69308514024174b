"""Each command's output on every recorded example, byte for byte.

The other command-line tests say what each line means; these pin every word
and number that ``check``, ``judge``, ``reduce`` and ``convert`` print for
the shipped examples (stdout, stderr and exit status), so any change to them
shows here. After a change that is meant, look at the new files and take
them with::

    STREAMSPEC_UPDATE_GOLDEN=1 pytest tests/test_cli_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from audit_corpus import EXAMPLES, STREAMS
from click.testing import CliRunner
from streamspec.cli import main

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("STREAMSPEC_UPDATE_GOLDEN") == "1"

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


def _compare(found: str, name: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        path.write_text(found, encoding="utf-8")
    assert found == path.read_text(encoding="utf-8"), (
        f"{name} differs; if the change is meant, rerun with STREAMSPEC_UPDATE_GOLDEN=1"
    )
