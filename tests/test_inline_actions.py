"""The start and end events the reader folds run their actions inline, as the actions do.

Each event below is read as AgentScope writes it, so the reader's object folds
take it and run the inline form of its row's action
(``streamspec.reply._message.INLINE_ACTIONS``); the same input is folded again
with every fast path off. The two must build the same message, and the values
each action sets are also written out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from object_folds import fold_records
from streamspec import Reducer, decode_event
from streamspec._errors import SpecError
from streamspec.reply import _message
from streamspec.reply._fast_fold import compile_whole_fold, whole_fold_body
from streamspec.reply._message import INLINE_ACTIONS
from streamspec.reply._reducer import _PLAN_OF_KIND


def _event(type_: str, **fields: Any) -> dict[str, Any]:
    base = {"id": "e", "created_at": "2026-01-01T00:00:00", "metadata": {}}
    return {**base, "type": type_, "reply_id": "r", **fields}


STREAM = [
    _event("REPLY_START", session_id="s", name="assistant", role="assistant"),
    _event("TEXT_BLOCK_START", block_id="t"),
    _event("TEXT_BLOCK_DELTA", block_id="t", delta="draft"),
    _event("TEXT_BLOCK_END", block_id="t", text="final"),
    _event("THINKING_BLOCK_START", block_id="k"),
    _event("THINKING_BLOCK_END", block_id="k"),
    _event("DATA_BLOCK_START", block_id="d", media_type="image/png", name="chart"),
    _event("DATA_BLOCK_END", block_id="d"),
    _event("TOOL_CALL_START", tool_call_id="c", tool_call_name="search"),
    _event("TOOL_CALL_DELTA", tool_call_id="c", delta="{}"),
    _event("TOOL_CALL_END", tool_call_id="c"),
    _event("TOOL_RESULT_START", tool_call_id="c", tool_call_name="search"),
    {**_event("TOOL_RESULT_END", tool_call_id="c", state="error"), "metadata": {"took": 3}},
    _event("REPLY_END", session_id="s"),
]


def test_starts_and_ends_folded_from_their_objects_build_what_the_actions_build() -> None:
    fast = fold_records(STREAM, fast=True)
    assert fast == fold_records(STREAM, fast=False)
    reported, message = fast
    assert reported == []
    text, thinking, data, call, result = message["content"]
    assert text == {"type": "text", "id": "t", "text": "final"}
    assert thinking == {"type": "thinking", "id": "k", "thinking": ""}
    assert data["name"] == "chart" and data["source"]["media_type"] == "image/png"
    assert (call["id"], call["name"], call["input"]) == ("c", "search", "{}")
    assert (result["id"], result["name"], result["state"]) == ("c", "search", "error")
    assert result["metadata"] == {"took": 3}


@pytest.mark.parametrize("kind", ["thinking_block_end", "data_block_end"])
def test_an_end_without_text_has_nothing_to_run(kind: str) -> None:
    """Only a text end carries ``text``; the other ends' action does nothing inline."""
    assert INLINE_ACTIONS["block_ended"](kind).source == ()


def test_an_inline_action_may_not_rebind_a_name_the_fold_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An inline action naming one of the fold's globals as something else is refused when
    the fold's body is made, naming the kind and the name."""
    clashing = _message.InlineAction(("pass",), {"ToolCall": object()})
    monkeypatch.setitem(_message.INLINE_ACTIONS, "block_started", lambda kind: clashing)
    with pytest.raises(SpecError) as caught:
        whole_fold_body(_PLAN_OF_KIND["text_block_start"], {})
    assert caught.value.problems == ("text_block_start names 'ToolCall' twice @ $",)


@pytest.mark.parametrize("name", ["message", "made"])
def test_an_inline_action_reading_a_name_the_fold_binds_is_refused(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An inline action reading ``message`` (the fold's local) or ``made`` (its own local)
    from its names is refused when the fold is compiled."""
    form = INLINE_ACTIONS["block_started"]("text_block_start")
    clashing = _message.InlineAction(form.source, {**form.names, name: object()})
    monkeypatch.setitem(_message.INLINE_ACTIONS, "block_started", lambda kind: clashing)
    with pytest.raises(SpecError) as caught:
        compile_whole_fold(_PLAN_OF_KIND["text_block_start"])
    assert caught.value.problems == (
        f"fold_text_block_start binds {name!r}, a name it is given @ $",
    )


def test_each_family_of_instances_is_also_an_attribute_of_the_message() -> None:
    """``message.index_<family>`` is ``message.index[family]`` itself, after a restore too."""
    reducer = Reducer()
    for record in STREAM[:2]:
        reducer.apply(decode_event(record))
    resumed = Reducer.from_state(reducer.export_state())
    for message in (reducer.message, resumed.message):
        assert set(message.index) == {
            "text",
            "thinking",
            "data",
            "hint",
            "tool_call",
            "tool_result",
        }
        for family, instances in message.index.items():
            assert getattr(message, f"index_{family}") is instances
    assert list(resumed.message.index_text) == ["t"]
