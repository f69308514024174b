"""``streamspec conform``'s output, byte for byte, on the ``should`` and ``may`` vectors,
against the reference adapter and each of its output-breaking modes.

The other conform tests say what each line and field means; this pins every
word of the summary, every ``FAILED`` line with its difference, and one run's
report and JUnit file (their times set to zero), so any change to them shows
here. After a change that is meant, look at the new file and take it with::

    STREAMSPEC_UPDATE_GOLDEN=1 pytest tests/conform/test_conform_golden.py
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from click.testing import CliRunner
from recorded import GOLDEN, assert_recorded
from streamspec.cli._conform import conform

ADAPTER = f"{shlex.quote(sys.executable)} -m streamspec.cli._adapter"
#: The modes that change answers (not the process): each fails the cases of one check.
MODES = ("", "message", "diagnostics", "states", "verdicts", "pairing", "envelope", "skip")
_SECONDS = re.compile(r'("seconds": ?|time=")[0-9.e-]+')


def test_conform_s_output_is_the_recorded_one(tmp_path: Path) -> None:
    sections = []
    for mode in MODES:
        program = f"{ADAPTER} --break {mode}" if mode else ADAPTER
        args = ["--program", program, "--level", "should", "--level", "may"]
        if mode == "message":
            args += ["--report", str(tmp_path / "report.jsonl")]
            args += ["--junit", str(tmp_path / "junit.xml")]
        result = CliRunner().invoke(conform, args, catch_exceptions=False)
        stdout = result.stdout.replace(sys.executable, "PYTHON")
        sections.append(f"== --break {mode or '(none)'} (exit {result.exit_code})\n{stdout}")
    for name in ("report.jsonl", "junit.xml"):
        text = _SECONDS.sub(r"\g<1>0", (tmp_path / name).read_text(encoding="utf-8"))
        sections.append(f"== {name} of --break message\n{text}\n")
    found = "".join(sections)
    assert_recorded(found, GOLDEN / "conform.txt")
