"""A tool result resumed from an exported state goes on numbering its text sub-blocks."""

from __future__ import annotations

from typing import Any

from streamspec import Reducer, decode_event

R = {"reply_id": "r1"}
EVENTS: list[dict[str, Any]] = [
    {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
    {"type": "TOOL_CALL_START", **R, "tool_call_id": "c1", "tool_call_name": "f"},
    {"type": "TOOL_CALL_END", **R, "tool_call_id": "c1"},
    {"type": "TOOL_RESULT_START", **R, "tool_call_id": "c1", "tool_call_name": "f"},
    {"type": "TOOL_RESULT_TEXT_DELTA", **R, "tool_call_id": "c1", "delta": "first"},
    {
        "type": "TOOL_RESULT_DATA_DELTA",
        **R,
        "tool_call_id": "c1",
        "media_type": "image/png",
        "data": "aGk=",
    },
]
AFTER: list[dict[str, Any]] = [
    {"type": "TOOL_RESULT_TEXT_DELTA", **R, "tool_call_id": "c1", "delta": "second"},
    {"type": "TOOL_RESULT_END", **R, "tool_call_id": "c1", "state": "success"},
]


def test_a_resumed_result_numbers_its_next_text_block_as_the_unbroken_one_does() -> None:
    """Text, data, export and resume, then text: the message equals the unbroken fold's, whose
    second text sub-block is the result's second, not a second ``#text-0``."""
    unbroken = Reducer()
    for obj in EVENTS + AFTER:
        unbroken.apply(decode_event(obj))
    before = Reducer()
    for obj in EVENTS:
        before.apply(decode_event(obj))
    resumed = Reducer.from_state(before.export_state())
    for obj in AFTER:
        resumed.apply(decode_event(obj))
    assert resumed.to_dict() == unbroken.to_dict()
    assert list(resumed.diagnostics) == list(unbroken.diagnostics) == []
    ids = [block.get("id") for block in _output(unbroken.to_dict())]
    assert ids[0] != ids[-1], ids


def _output(message: dict[str, Any]) -> list[dict[str, Any]]:
    [result] = [block for block in message["content"] if block["type"] == "tool_result"]
    output: list[dict[str, Any]] = result["output"]
    return output
