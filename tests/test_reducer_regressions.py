"""Minimal failing examples the property and stateful tests found in the reducer.

Each test is the shrunk example, written out so that it fails on its own.
"""

from __future__ import annotations

from streamspec import (
    HintBlockEvent,
    Reducer,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
)


def test_mutating_an_exported_tool_call_leaves_the_reducer_intact() -> None:
    """export_state() hands out a fresh tree: appending to its suggested_rules changes no later dump."""
    reducer = Reducer()
    reducer.apply(ToolCallStartEvent(reply_id="r1", tool_call_id="t0", tool_call_name="f"))
    before = reducer.to_dict()
    reducer.export_state()["message"]["content"][0]["suggested_rules"].append("x")
    assert reducer.to_dict() == before
    assert reducer.to_dict()["content"][0]["suggested_rules"] == []


def test_mutating_an_exported_hint_leaves_the_reducer_intact() -> None:
    """export_state() copies a hint block's list hint."""
    reducer = Reducer()
    reducer.apply(HintBlockEvent(reply_id="r1", block_id="h", hint=[{"type": "text", "text": "a"}]))
    before = reducer.to_dict()
    reducer.export_state()["message"]["content"][0]["hint"].append("x")
    assert reducer.to_dict() == before


def test_mutating_exported_result_metadata_leaves_the_reducer_intact() -> None:
    """export_state() copies a tool result's metadata."""
    reducer = Reducer()
    for event in (
        ToolCallStartEvent(reply_id="r1", tool_call_id="t0", tool_call_name="f"),
        ToolCallEndEvent(reply_id="r1", tool_call_id="t0"),
        ToolResultStartEvent(reply_id="r1", tool_call_id="t0", tool_call_name="f"),
        ToolResultEndEvent(reply_id="r1", tool_call_id="t0", state="success", metadata={"a": 1}),
    ):
        reducer.apply(event)
    before = reducer.to_dict()
    reducer.export_state()["message"]["content"][1]["metadata"]["b"] = 2
    assert reducer.to_dict() == before
    assert reducer.to_dict()["content"][1]["metadata"] == {"a": 1}
