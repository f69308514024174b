"""benchmarks/instructions.py: instruction counts of two commits, compared in one table."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import instructions  # noqa: E402


def _has_head() -> bool:
    """Whether the checkout is a git work tree with a HEAD (a copy of the files is not)."""
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", "HEAD"],
        cwd=BENCHMARKS,
        capture_output=True,
        check=False,
    )
    return found.returncode == 0


def test_the_table_shows_millions_and_the_ratio_of_new_to_base() -> None:
    """Each row: the workload, both counts in millions, new ÷ base to three places; the
    names in one column as wide as the longest."""
    shown = instructions.table([("text (10 lines)", 2_000_000, 1_500_000), ("none", 0, 5)])
    assert shown.splitlines()[1:] == [
        "text (10 lines)        2.0 M        1.5 M      0.750",
        "none                   0.0 M        0.0 M        n/a",
    ]


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
@pytest.mark.skipif(not _has_head(), reason="needs a git work tree")
def test_a_commit_compared_with_itself_counts_the_same() -> None:
    """HEAD against HEAD: every workload's ratio is 1.000 within a thousandth, start-up too."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert (
            instructions.main(
                ["--base", "HEAD", "--new", "HEAD", "--series", "text", "--size", "300"]
            )
            == 0
        )
    rows = out.getvalue().splitlines()[2:]
    assert [row.split(" (")[0] for row in rows] == ["start-up", "text"]
    ratios = [float(re.split(r"\s+", row.strip())[-1]) for row in rows]
    assert all(abs(ratio - 1) < 0.002 for ratio in ratios), rows


def test_without_valgrind_it_says_so_and_exits_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """No valgrind on PATH: one line on stderr naming it, exit status 2, nothing measured."""
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert instructions.main(["--base", "HEAD"]) == 2
    assert err.getvalue() == "instructions.py needs valgrind (callgrind) on PATH\n"


def test_a_commit_git_cannot_take_is_named_and_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ref that is no commit: one line on stderr naming it and git's reason, exit 2,
    nothing on stdout."""
    monkeypatch.setattr(instructions.shutil, "which", lambda name: f"/usr/bin/{name}")
    status = instructions.main(["--base", "no-such-ref-^^", "--series", "text", "--size", "3"])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.startswith("instructions.py: cannot take 'no-such-ref-^^' with git archive: ")
    assert err.count("\n") == 1
