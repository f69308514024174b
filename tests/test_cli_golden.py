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
}


def _transcript(args: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """Every example's output under ``args``, one section per file, in path order."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setenv("COLUMNS", "120")
    sections = []
    for path in sorted(STREAMS):
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
    found = _transcript(COMMANDS[command], monkeypatch)
    path = GOLDEN / f"examples-{command}.txt"
    if UPDATE:
        path.write_text(found, encoding="utf-8")
    assert found == path.read_text(encoding="utf-8"), (
        f"{path.name} differs; if the change is meant, rerun with STREAMSPEC_UPDATE_GOLDEN=1"
    )
