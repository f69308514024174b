"""Properties of the reference reducer: chunking, resuming and snapshots.

- Any re-chunking of the same content (text, thinking, tool input and
  tool-result text deltas split or joined anyhow; data-block bytes cut
  anywhere) folds into the same message.
- Folding ``a + b`` equals folding ``b`` onto the state exported after ``a``,
  also after a JSON round trip of that state.
- A dump the caller mutates never changes the next one.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st
from streamspec import Reducer
from streamspec._events import AgentEvent
from streamspec.testing import (
    any_events,
    legal_streams,
    rechunked,
    unknown_events,
    with_wrong_reply_id,
)


def _fold(events: list[AgentEvent]) -> Reducer:
    return Reducer().apply_all(events)


@st.composite
def _mixed_streams(draw: st.DrawFn) -> list[AgentEvent]:
    """A legal stream with illegal, foreign and unknown events put in anywhere."""
    events: list[AgentEvent] = list(draw(legal_streams(max_events=20)))
    intruders = st.one_of(any_events(), unknown_events(), any_events().map(with_wrong_reply_id))
    for _ in range(draw(st.integers(0, 4))):
        events.insert(draw(st.integers(0, len(events))), draw(intruders))
    return events


@given(data=st.data())
def test_any_rechunking_gives_the_same_message(data: st.DataObject) -> None:
    """Splitting and joining deltas and cutting data bytes anywhere never changes the message."""
    events = data.draw(legal_streams(), label="stream")
    again = data.draw(rechunked(events), label="rechunked")
    original, other = _fold(events), _fold(again)
    assert original.diagnostics == ()
    assert other.diagnostics == ()
    assert other.to_dict() == original.to_dict()
    assert other.states() == original.states()


@settings(max_examples=50)
@given(events=_mixed_streams(), through_json=st.booleans())
def test_resuming_at_any_split_point_equals_folding_at_once(
    events: list[AgentEvent], through_json: bool
) -> None:
    """Folding b onto the state exported after a equals folding a + b (same dump, diagnostics, states)."""
    whole = _fold(events)
    whole.finish()
    for split in range(len(events) + 1):
        first = _fold(events[:split])
        state = first.export_state()
        if through_json:
            state = orjson.loads(orjson.dumps(state))
        resumed = Reducer.from_state(state).apply_all(events[split:])
        resumed.finish()
        assert resumed.to_dict() == whole.to_dict(), f"split at {split}"
        assert resumed.states() == whole.states(), f"split at {split}"
        assert first.diagnostics + resumed.diagnostics == whole.diagnostics, f"split at {split}"


def _vandalise(tree: Any) -> None:
    """Mutate every container in a JSON tree in place."""
    if isinstance(tree, dict):
        for value in tree.values():
            _vandalise(value)
        tree["vandal"] = True
    elif isinstance(tree, list):
        for value in tree:
            _vandalise(value)
        tree.append("vandal")


@settings(max_examples=50)
@given(events=_mixed_streams())
def test_mutating_a_dump_never_changes_the_next(events: list[AgentEvent]) -> None:
    """Dumps and states are fresh trees: vandalising them leaves the reducer intact."""
    reducer, clean = Reducer(), Reducer()
    for event in events:
        reducer.apply(event)
        clean.apply(event)
        expected = copy.deepcopy(clean.to_dict())
        _vandalise(reducer.to_dict())
        _vandalise(reducer.states())
        assert reducer.to_dict() == expected
        assert reducer.states() == clean.states()
