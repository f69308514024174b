"""The judge settles only the call an event names, and only when one of its states changed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from streamspec import (
    ModelCallEndEvent,
    ModelCallStartEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
    ReplyEndEvent,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallStartEvent,
)
from streamspec.completion import Judge
from streamspec.completion._table import CompletionTable, completion_table

REPLY = "r1"


def _call(n: int, deltas: int) -> Iterator[Any]:
    """One model call: thinking, text and tool-input deltas, then its end with usage."""
    yield ModelCallStartEvent(reply_id=REPLY, model_name="m")
    yield ThinkingBlockStartEvent(reply_id=REPLY, block_id=f"think-{n}")
    for i in range(deltas):
        yield ThinkingBlockDeltaEvent(reply_id=REPLY, block_id=f"think-{n}", delta=f"t{i} ")
    yield TextBlockStartEvent(reply_id=REPLY, block_id=f"text-{n}")
    for i in range(deltas):
        yield TextBlockDeltaEvent(reply_id=REPLY, block_id=f"text-{n}", delta=f"w{i} ")
    yield TextBlockEndEvent(reply_id=REPLY, block_id=f"text-{n}")
    yield ToolCallStartEvent(reply_id=REPLY, tool_call_id=f"call-{n}", tool_call_name="f")
    for i in range(deltas):
        yield ToolCallDeltaEvent(reply_id=REPLY, tool_call_id=f"call-{n}", delta=str(i))
    yield ModelCallEndEvent(
        reply_id=REPLY, input_tokens=10, output_tokens=5, finished_reason="completed"
    )


def _reply(calls: int, deltas: int) -> list[Any]:
    events: list[Any] = [ReplyStartEvent(session_id="s", reply_id=REPLY, name="assistant")]
    for n in range(calls):
        events.extend(_call(n, deltas))
    events.append(ReplyEndEvent(session_id="s", reply_id=REPLY))
    return events


class SettleCounter:
    """Counts the joint-rule settlings, and which call's states each one was given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.states: list[int] = []
        settle = CompletionTable.settle

        def counted(table: CompletionTable, states: dict[str, str]) -> list[str]:
            self.states.append(id(states))
            return settle(table, states)

        monkeypatch.setattr(CompletionTable, "settle", counted)


def _settlings_per_event(judge: Judge, counter: SettleCounter, events: list[Any]) -> list[int]:
    counts = []
    for event in events:
        before = len(counter.states)
        judge.apply(event)
        counts.append(len(counter.states) - before)
    return counts


def test_deltas_into_an_open_call_settle_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten thousand text deltas settle the call once, on the first; the end settles it once more."""
    counter = SettleCounter(monkeypatch)
    judge = Judge()
    events = [
        TextBlockStartEvent(reply_id=REPLY, block_id="b"),
        *(TextBlockDeltaEvent(reply_id=REPLY, block_id="b", delta="tok ") for _ in range(10_000)),
        ModelCallEndEvent(reply_id=REPLY, input_tokens=1, output_tokens=2),
    ]
    counts = _settlings_per_event(judge, counter, events)
    assert counts[0] == 0
    assert counts[1] == 1
    assert sum(counts[2:-1]) == 0
    assert counts[-1] == 1
    assert judge.verdicts()[0].final_text == "tok " * 10_000


def test_the_work_per_call_does_not_grow_with_the_calls_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each of 200 calls is settled three times (its output, receipt and finish), the last as the first."""
    counter = SettleCounter(monkeypatch)
    judge = Judge()
    calls = [list(_call(n, deltas=20)) for n in range(200)]
    per_call = []
    for events in calls:
        counts = _settlings_per_event(judge, counter, events)
        per_call.append(sum(counts))
        assert max(counts) <= 2
    assert per_call[0] == per_call[100] == per_call[-1] == 3
    assert len(counter.states) == sum(per_call) == 200 * per_call[0]
    assert len(judge.verdicts()) == 200


def test_each_settling_is_given_only_the_named_calls_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Evidence for one call never settles another: each settling gets that call's own states."""
    counter = SettleCounter(monkeypatch)
    judge = Judge()
    evidence = [
        ModelReceiptEvent(call="1.1", text=["a"]),
        ModelReceiptEvent(call="1.2", text=["b"]),
        ModelFinishEvent(call="1.1", reason="stop", vocabulary="muse"),
        ModelErrorEvent(call="1.2", code="c", message="m"),
    ]
    for event in evidence:
        before = len(counter.states)
        judge.apply(event)
        assert counter.states[before:] == [id(judge._calls[event.call].states)]


def test_skipped_settlings_were_fixed_points_already() -> None:
    """After every event of a many-call reply, settling any call again changes nothing."""
    table = completion_table()
    judge = Judge()
    for event in _reply(calls=30, deltas=5):
        judge.apply(event)
        for states in judge.states().values():
            settled = dict(states)
            assert table.settle(settled) == []
            assert settled == states


def test_verdicts_match_a_judge_that_settles_after_every_piece_of_evidence() -> None:
    """Settling only on change gives the verdicts of settling after every piece of evidence."""

    class EagerJudge(Judge):
        def _evidence(self, event: Any) -> None:
            super()._evidence(event)
            call = self._calls[event.call]
            self._table.settle(call.states)

    events = _reply(calls=25, deltas=7)
    lazy, eager = Judge(), EagerJudge()
    for event in events:
        lazy.apply(event)
        eager.apply(event)
    assert [v.to_dict() for v in lazy.verdicts()] == [v.to_dict() for v in eager.verdicts()]
    assert lazy.states() == eager.states()


def test_the_verdicts_of_a_stream_are_one_entry_per_reply_as_json() -> None:
    """``verdicts_for_stream`` gives one entry per reply in order of first sight; its JSON names
    the reply and each verdict's JSON, and a judge fed the same events gives those verdicts."""
    from streamspec._jsonl import Line
    from streamspec.completion import verdicts_for_stream

    events = _reply(2, 3)
    other = [
        ReplyStartEvent(session_id="s", reply_id="r2", name="assistant"),
        ReplyEndEvent(session_id="s", reply_id="r2"),
    ]
    lines = [Line(number, event) for number, event in enumerate([*events, *other], 1)]
    replies = verdicts_for_stream(lines)
    judge = Judge()
    judge.apply_all(events)
    expected = [v.to_dict() for v in judge.verdicts()]
    assert [r.to_dict() for r in replies] == [
        {"reply_id": REPLY, "verdicts": expected},
        {"reply_id": "r2", "verdicts": []},
    ]
    assert len(expected) == 2
