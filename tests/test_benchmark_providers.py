"""Smoke test of ``benchmarks/providers.py``: its workloads are what they claim, and it runs.

Never a timing assertion: each workload must read with no problem, fold to
the text it streams and be judged completed, and the table must have a row
per workload.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest
from streamspec import Reducer
from streamspec._completion_events import CompletionEvent
from streamspec.completion import Judge
from streamspec.sources import read_events
from streamspec.sources._read import judge_line

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import providers  # noqa: E402


@pytest.mark.parametrize(("name", "source", "workload", "sdk"), providers.ROWS, ids=lambda r: r)
def test_each_workload_reads_cleanly_and_completes(
    name: str, source: str, workload: providers.Workload, sdk: object
) -> None:
    """No problem line; the text (or tool input) streamed is the message's; completed."""
    reducer, judge = Reducer(), Judge()
    for line in read_events(iter(workload(30)), source):
        assert line.problem is None, (name, line)
        if line.event is None:
            continue
        if not isinstance(line.event, CompletionEvent):
            reducer.apply(line.event)
        evidence = judge_line(line, source)
        if evidence is not None and evidence.event is not None:
            judge.apply(evidence.event)
    assert list(reducer.diagnostics) == []
    content = reducer.to_dict()["content"]
    if "tool input" in name:
        [call] = [block for block in content if block["type"] == "tool_call"]
        assert call["input"] == '{"a": [1' + ", 1" * 28 + "]}"
    else:
        assert [block["text"] for block in content if block["type"] == "text"] == ["word " * 30]
    [verdict] = judge.verdicts()
    assert verdict.terminal_state.value == "completed"


def test_the_table_has_a_row_per_workload() -> None:
    """A tiny run prints the header, the rule and one row per workload, growth as a number."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert providers.main(["--sizes", "20", "200", "--repeat", "1"]) == 0
    lines = printed.getvalue().splitlines()
    assert len(lines) == 2 + len(providers.ROWS)
    for line, (name, *_rest) in zip(lines[2:], providers.ROWS, strict=True):
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        assert cells[0] == name
        float(cells[3])
