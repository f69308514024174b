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
