"""Work grows linearly with the input: pairing repair and check's text report, by counted calls."""

from __future__ import annotations

import io
from typing import Any

import pytest
import streamspec.check._render as render_module
import streamspec.pairing._repair as repair_module
from streamspec import (
    ReplyEndEvent,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
)
from streamspec._jsonl import Line
from streamspec.check._render import render_report
from streamspec.check._run import check_lines
from streamspec.pairing import repair


def _split_calls(n: int) -> list[dict[str, Any]]:
    calls = [{"role": "assistant", "content": None, "tool_calls": [_call(i)]} for i in range(n)]
    results = [{"role": "tool", "tool_call_id": f"c{i}", "content": "ok"} for i in range(n)]
    return [{"role": "user", "content": "go"}, *calls, *results]


def _one_message(n: int) -> list[dict[str, Any]]:
    message = {"role": "assistant", "content": None, "tool_calls": [_call(i) for i in range(n)]}
    results = [{"role": "tool", "tool_call_id": f"c{i}", "content": "ok"} for i in range(n)]
    early = {"role": "tool", "tool_call_id": "c0", "content": "early"}
    return [
        {"role": "user", "content": "go"},
        early,
        message,
        *results,
        {"role": "user", "content": "x"},
    ]


def _call(i: int) -> dict[str, Any]:
    return {"id": f"c{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}}


def _counted(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    count = [0]
    original = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return count


@pytest.mark.parametrize("history", [_split_calls, _one_message], ids=["split", "one-message"])
def test_repair_reads_each_call_entry_a_bounded_number_of_times(
    history: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four times the calls cost at most five times the call-entry reads and interrupt checks."""
    entries = _counted(monkeypatch, repair_module, "call_entries")
    scans = _counted(monkeypatch, repair_module, "_interrupts")
    counts = []
    for n in (500, 2000):
        entries[0] = scans[0] = 0
        out, report = repair(history(n), "openai")
        assert len(out) >= n and not report.unrepaired
        counts.append((entries[0], scans[0]))
    (small_entries, small_scans), (large_entries, large_scans) = counts
    assert large_entries <= 5 * small_entries
    assert large_scans <= 5 * max(small_scans, 1)


def test_a_run_of_split_calls_is_copied_once_then_extended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Merging a run of split call messages copies the first message once; the others
    extend that copy in place, so the run costs its length, not its length squared."""
    copies = _counted(monkeypatch, repair_module, "absorb")
    for n in (2, 50, 500):
        copies[0] = 0
        out, report = repair(_split_calls(n), "openai")
        assert len(out[1]["tool_calls"]) == n and not report.unrepaired
        assert copies[0] == 1, f"{copies[0]} copies for a run of {n}"


def _replies(n: int) -> list[Line]:
    lines = []
    for r in range(n):
        reply = f"r{r}"
        events = [
            ReplyStartEvent(reply_id=reply, session_id="s", name="a", role="assistant"),
            TextBlockStartEvent(reply_id=reply, block_id="b"),
            TextBlockDeltaEvent(reply_id=reply, block_id="b", delta="x"),
            TextBlockEndEvent(reply_id=reply, block_id="b"),
            ReplyEndEvent(reply_id=reply, session_id="s"),
        ]
        lines.extend(Line(len(lines) + 1, e) for e in events)
    return lines


def test_text_report_work_grows_with_the_replies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text report of four times the replies measures four times the cells and output."""
    cells = _counted(monkeypatch, render_module, "cell_len")
    sizes = []
    for n in (50, 200):
        cells[0] = 0
        out = io.StringIO()
        render_report(check_lines(_replies(n)), out)
        assert out.getvalue().endswith("0 errors, 0 warnings — ok\n")
        sizes.append((cells[0], len(out.getvalue())))
    (small_cells, small_size), (large_cells, large_size) = sizes
    assert large_cells <= 4 * small_cells + 8
    assert large_size <= 4.2 * small_size
