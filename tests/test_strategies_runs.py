"""The run strategies reach what their docstrings promise: every state of a tool call's life,
and its result's chunks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from streamspec import Reducer
from streamspec._events import Event, ReplyStartEvent, TextBlockDeltaEvent
from streamspec.testing import REPLY_ID, _strategies_runs, tool_call_scenarios
from streamspec.testing._strategies import with_changes

CALL = "call-1"
_SEARCH = settings(max_examples=2000, suppress_health_check=list(HealthCheck), deadline=None)


def _legal_states_of_the_call(events: list[Event]) -> list[str]:
    """Every state the call passes through, folded after a reply start, up to the first event
    that draws a diagnostic (scenarios may carry noise: another reply's event)."""
    reducer = Reducer()
    reducer.apply(ReplyStartEvent(reply_id=REPLY_ID, session_id="s", name="a"))
    seen = []
    for event in events:
        if reducer.apply(event):
            break
        state = reducer.states()["tool_call"].get(CALL)
        if state is not None and (not seen or seen[-1] != state):
            seen.append(state)
    return seen


@pytest.mark.parametrize(
    "state", ["asking", "allowed", "denied", "submitted", "resolved_externally", "finished"]
)
def test_a_tool_call_scenario_reaches_each_state_of_the_call(state: str) -> None:
    """Some scenario takes its call through ``state`` by events the tables allow."""
    found = find(
        tool_call_scenarios(CALL),
        lambda events: state in _legal_states_of_the_call(events),
        settings=_SEARCH,
    )
    reducer = Reducer()
    reducer.apply(ReplyStartEvent(reply_id=REPLY_ID, session_id="s", name="a"))
    steps = [reducer.apply(event) for event in found]
    # The events up to the state's first appearance are all legal: no diagnostic on the way.
    first = next(
        n for n, event in enumerate(found) if state in _legal_states_of_the_call(found[: n + 1])
    )
    assert all(step == () for step in steps[: first + 1]), steps
    assert state in _legal_states_of_the_call(found)


@pytest.mark.parametrize("kind", ["tool_result_text_delta", "tool_result_data_delta"])
def test_a_tool_call_scenario_gives_its_result_text_and_data_chunks(kind: str) -> None:
    """Some scenario's result holds a text chunk, and some a data chunk, for its own call
    with two more events after it, so it is not the late input that ends a scenario (at
    most two events, never a data chunk)."""

    def has(events: list[Event]) -> bool:
        return any(kind == e.KIND and e.tool_call_id == CALL for e in events[:-2])

    found = find(tool_call_scenarios(CALL), has, settings=_SEARCH)
    assert has(found)


@given(data=st.data(), size=st.integers(0, 5))
def test_another_reply_s_delta_is_put_among_the_deltas_and_nothing_else_changes(
    data: st.DataObject, size: int
) -> None:
    """The deltas stay whole and in order; at most one copy of one of them, naming another
    reply, is put in among them."""
    deltas: list[Event] = [
        TextBlockDeltaEvent(reply_id=REPLY_ID, block_id="b0", delta=str(i)) for i in range(size)
    ]
    out = _strategies_runs._with_foreign(data.draw, deltas)
    assert [e for e in out if e.reply_id == REPLY_ID] == deltas
    foreign = [e for e in out if e.reply_id != REPLY_ID]
    assert len(foreign) <= 1
    assert all(with_changes(e, reply_id=REPLY_ID) in deltas for e in foreign)


_BULK_SEARCH = settings(max_examples=500, suppress_health_check=list(HealthCheck), deadline=None)


@pytest.mark.parametrize(
    ("what", "holds"),
    [
        ("thinking", lambda events: events[0].KIND == "thinking_block_start"),
        ("a call's input", lambda events: events[1].KIND == "tool_call_delta"),
        ("a result's text", lambda e: len(e) > 3 and e[3].KIND == "tool_result_text_delta"),
        ("no end", lambda events: not events[-1].KIND.endswith("end")),
        ("a text's end that replaces it", lambda e: getattr(e[-1], "text", None) == "cut short"),
        ("past a full tier", lambda events: len(events) > _strategies_runs.BULK_LONG),
        ("one full batch", lambda events: len(events) - 2 == _strategies_runs.TIER),
    ],
)
@pytest.mark.filterwarnings("ignore:Generating overly large repr")
def test_a_bulk_run_reaches_each_corner(what: str, holds: object) -> None:
    """Some bulk run repeats each kind of text delta, leaves its text open, replaces a text
    at its end, runs past a full tier of batches, or fills exactly one batch."""
    assert callable(holds)
    found = find(_strategies_runs.bulk_runs(), holds, settings=_BULK_SEARCH)
    assert holds(found), what


@given(data=st.data())
def test_a_bulk_run_repeats_one_delta_after_its_opening(data: st.DataObject) -> None:
    """Apart from the pad-bit sweep, a run is its opening, one delta object repeated, and at
    most one end of the same entity; folded after a reply start it draws no diagnostic."""
    events = data.draw(_strategies_runs.bulk_runs())
    if events[0].KIND == "data_block_start":
        return
    opening = next(n for n, e in enumerate(events) if e.KIND.endswith("delta"))
    assert opening in (1, 3), events[: opening + 1]
    deltas = [e for e in events[opening:] if e.KIND.endswith("delta")]
    assert all(d is deltas[0] for d in deltas)
    tail = events[opening + len(deltas) :]
    assert len(tail) <= 1 and all(e.KIND.endswith("end") for e in tail), tail
    reducer = Reducer()
    reducer.apply(ReplyStartEvent(reply_id=REPLY_ID, session_id="s", name="a"))
    reducer.apply_all(events)
    assert [d.code for d in reducer.diagnostics] == []


@given(data=st.data())
def test_a_pad_bit_sweep_sends_every_last_character_once_in_both_places(
    data: st.DataObject,
) -> None:
    """The sweep holds ``A?==`` and ``AA?=`` once for each of the 64 characters; exactly
    the 4 and 16 whose bits past the last byte are zero are accepted."""
    events = data.draw(
        _strategies_runs.bulk_runs().filter(lambda e: e[0].KIND == "data_block_start")
    )
    chunks = [e.data for e in events if e.KIND == "data_block_delta"]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    assert sorted(chunks) == sorted([f"A{c}==" for c in alphabet] + [f"AA{c}=" for c in alphabet])
    reducer = Reducer()
    reducer.apply(ReplyStartEvent(reply_id=REPLY_ID, session_id="s", name="a"))
    reducer.apply_all(events)
    # Index 0 is the reply start, 1 the block's start.
    refused = {events[d.index - 1].data for d in reducer.diagnostics}
    accepted = set(chunks) - refused
    # Hand-picked: "A?==" keeps 8 bits of 12, so ? has its low 4 bits zero; "AA?=" keeps
    # 16 of 18, so ? has its low 2 bits zero.
    assert accepted == {f"A{c}==" for c in "AQgw"} | {f"AA{c}=" for c in "AEIMQUYcgkosw048"}
    assert {d.code for d in reducer.diagnostics} == {"invalid_base64"}
