"""``benchmarks/calls.py`` counts the calls of the fold, and the hot paths stay short.

Call counts do not depend on the machine's load, so these bounds are a
regression check of the fast paths, not a timing: a delta folded in memory
costs ``apply``, its fast path and the few built-in calls of its action.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import calls  # noqa: E402
import workloads  # noqa: E402


def test_counting_is_exact_and_repeatable() -> None:
    """The same fold counts the same calls twice; a function calling two others counts 3+."""

    def two() -> None:
        len("a")
        abs(-1)

    assert calls.counted(two) == calls.counted(two) >= 3
    records = workloads.SERIES["text"].build(50)
    assert calls.apply_calls(records) == calls.apply_calls(records)


@pytest.mark.parametrize(
    ("series", "most"),
    [("text", 6.5), ("base64", 7.5), ("blocks", 11.0), ("tools", 9.0)],
)
def test_the_in_memory_fold_stays_within_its_calls_per_event(series: str, most: float) -> None:
    """A text delta folds with ``apply``, its fast path and four built-ins (6.1 per event at
    10k); a base64 chunk with one more for its decoding; starts and ends move their
    instances in line."""
    records = workloads.SERIES[series].build(1_000)
    assert calls.apply_calls(records) / len(records) <= most


def test_reading_folds_most_lines_without_making_events() -> None:
    """Read as ``reduce`` reads, a text delta line costs its parse and its fold: far fewer
    calls than decoding it into an event would add (about 40)."""
    records = workloads.SERIES["text"].build(1_000)
    assert calls.reduce_calls(records) / len(records) <= 20


def test_the_table_has_a_row_per_series_asked() -> None:
    """The command prints a header and one row per ``--series``, in order, with both counts."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert calls.main(["--series", "text", "--series", "blocks", "--size", "20"]) == 0
    header, *rows = printed.getvalue().splitlines()
    assert header.split()[:3] == ["series", "size", "events"]
    assert [row.split()[0] for row in rows] == ["text", "blocks"]
    assert all(float(row.split()[3]) > 0 and float(row.split()[4]) > 0 for row in rows)
