"""Evidence from AgentScope replies.

Calls are keyed as docs/completion.md (D8) says: ``"<n>"`` from 1 in the first
reply, ``"<reply_id>/<n>"`` in a later one; chunks take the envelope's channels.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from streamspec import decode_event
from streamspec.completion import judge
from streamspec.completion._reply_evidence import CallOpened


def _call(reply_id: str, text: str) -> list[dict[str, Any]]:
    r = {"reply_id": reply_id}
    return [
        {"type": "MODEL_CALL_START", **r, "model_name": "m"},
        {"type": "TEXT_BLOCK_START", **r, "block_id": f"{reply_id}-{text}"},
        {"type": "TEXT_BLOCK_DELTA", **r, "block_id": f"{reply_id}-{text}", "delta": text},
        {"type": "TEXT_BLOCK_END", **r, "block_id": f"{reply_id}-{text}"},
        {"type": "MODEL_CALL_END", **r, "input_tokens": 1, "output_tokens": 1},
    ]


def _reply(reply_id: str, *texts: str) -> list[dict[str, Any]]:
    start = {"type": "REPLY_START", "session_id": "s", "reply_id": reply_id, "name": "a"}
    end = {"type": "REPLY_END", "session_id": "s", "reply_id": reply_id}
    return [start, *(obj for text in texts for obj in _call(reply_id, text)), end]


def test_calls_are_numbered_from_one_per_reply() -> None:
    """Two calls of a first reply, then one of a second: keys 1, 2, then ``r2/1``."""
    events = [decode_event(o) for o in _reply("r1", "a", "b") + _reply("r2", "c")]
    verdicts = judge(events)
    assert [(v.key, v.final_text) for v in verdicts] == [("1", "a"), ("2", "b"), ("r2/1", "c")]


def test_reply_deltas_stream_chunks_on_the_envelope_s_channels() -> None:
    """A text, thinking or tool-input delta is a chunk on the channel docs/envelope.md names
    for ``model_chunk``: ``text``, ``thinking`` or ``tool_input``."""
    from streamspec.completion._reply_evidence import AgentScopeCalls, StreamedChunk

    found: list[object] = []
    calls = AgentScopeCalls(found.append)
    r = {"reply_id": "r1"}
    for obj in [
        {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
        {"type": "MODEL_CALL_START", **r, "model_name": "m"},
        {"type": "TEXT_BLOCK_START", **r, "block_id": "t"},
        {"type": "TEXT_BLOCK_DELTA", **r, "block_id": "t", "delta": "a"},
        {"type": "THINKING_BLOCK_START", **r, "block_id": "k"},
        {"type": "THINKING_BLOCK_DELTA", **r, "block_id": "k", "delta": "b"},
        {"type": "TOOL_CALL_START", **r, "tool_call_id": "c", "tool_call_name": "f"},
        {"type": "TOOL_CALL_DELTA", **r, "tool_call_id": "c", "delta": "{}"},
    ]:
        calls.feed(decode_event(obj))
    chunks = [(c.channel, c.text) for c in found if isinstance(c, StreamedChunk)]
    assert chunks == [("text", "a"), ("thinking", "b"), ("tool_input", "{}")]


def test_output_or_a_receipt_with_no_call_open_opens_the_next_call_and_belongs_to_it() -> None:
    """Rule 2: a delta with no call open opens one (no block start, no MODEL_CALL_START
    before it), and its chunk is that call's; a MODEL_CALL_END with none open opens one, and
    its receipt is that call's."""
    from streamspec._completion_events import ModelReceiptEvent
    from streamspec.completion._reply_evidence import AgentScopeCalls, CallOpened, StreamedChunk

    found: list[object] = []
    calls = AgentScopeCalls(found.append)
    r = {"reply_id": "r1"}
    for obj in [
        {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
        {"type": "TEXT_BLOCK_DELTA", **r, "block_id": "t", "delta": "a"},
        {"type": "MODEL_CALL_END", **r, "input_tokens": 1, "output_tokens": 1},
        {"type": "THINKING_BLOCK_DELTA", **r, "block_id": "k", "delta": "b"},
        {"type": "MODEL_CALL_END", **r, "input_tokens": 1, "output_tokens": 1},
        {"type": "MODEL_CALL_END", **r, "input_tokens": 1, "output_tokens": 1},
    ]:
        calls.feed(decode_event(obj))
    seen = [
        (type(e).__name__, e.call)
        for e in found
        if isinstance(e, CallOpened | StreamedChunk | ModelReceiptEvent)
    ]
    assert seen == [
        ("CallOpened", "1"),
        ("StreamedChunk", "1"),
        ("ModelReceiptEvent", "1"),
        ("CallOpened", "2"),
        ("StreamedChunk", "2"),
        ("ModelReceiptEvent", "2"),
        ("CallOpened", "3"),
        ("ModelReceiptEvent", "3"),
    ]


def test_a_block_start_opens_a_call_only_when_none_is_open() -> None:
    """Rule 2: a thinking block, tool call or text block that starts with no call open opens
    one; one that starts inside an open call stays in it."""
    from streamspec.completion._reply_evidence import AgentScopeCalls, CallOpened

    r = {"reply_id": "r1"}
    starts = [
        {"type": "THINKING_BLOCK_START", **r, "block_id": "k"},
        {"type": "TOOL_CALL_START", **r, "tool_call_id": "c", "tool_call_name": "f"},
        {"type": "TEXT_BLOCK_START", **r, "block_id": "t"},
    ]
    for start in starts:
        found: list[object] = []
        calls = AgentScopeCalls(found.append)
        for obj in [
            {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
            start,
            {"type": "MODEL_CALL_END", **r, "input_tokens": 1, "output_tokens": 1},
            {"type": "MODEL_CALL_START", **r, "model_name": "m"},
            start,
        ]:
            calls.feed(decode_event(obj))
        opened = [e.call for e in found if isinstance(e, CallOpened)]
        assert opened == ["1", "2"], start["type"]


def test_a_start_opens_its_call_at_once_though_nothing_follows_it() -> None:
    """A thinking block or tool call that starts and ends with no delta and no receipt still
    makes a call: the reply made model output."""
    from streamspec.completion._reply_evidence import AgentScopeCalls, CallOpened

    r = {"reply_id": "r1"}
    for start, end in [
        (
            {"type": "THINKING_BLOCK_START", "block_id": "k"},
            {"type": "THINKING_BLOCK_END", "block_id": "k"},
        ),
        (
            {"type": "TOOL_CALL_START", "tool_call_id": "c", "tool_call_name": "f"},
            {"type": "TOOL_CALL_END", "tool_call_id": "c"},
        ),
    ]:
        found: list[object] = []
        calls = AgentScopeCalls(found.append)
        calls.feed(decode_event({"type": "REPLY_START", "session_id": "s", **r, "name": "a"}))
        calls.feed(decode_event({**start, **r}))
        assert found == [CallOpened(call="1")], start["type"]
        for obj in (end, {"type": "REPLY_END", "session_id": "s"}):
            calls.feed(decode_event({**obj, **r}))
        assert [e for e in found if isinstance(e, CallOpened)] == [CallOpened(call="1")]


def _opened_text_block(chunk: Any = None) -> tuple[Any, list[object]]:
    """Evidence of a reply with an open call and a started text block ``t``."""
    from streamspec.completion._reply_evidence import AgentScopeCalls

    found: list[object] = []
    calls = AgentScopeCalls(found.append, chunk)
    r = {"reply_id": "r1"}
    for obj in [
        {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
        {"type": "MODEL_CALL_START", **r, "model_name": "m"},
        {"type": "TEXT_BLOCK_START", **r, "block_id": "t"},
    ]:
        calls.feed(decode_event(obj))
    return calls, found


def test_a_folded_delta_needs_a_chunk_taker() -> None:
    """Without ``chunk`` nothing is folded: ``text_folded`` and ``output_folded`` return
    False and emit nothing, so the delta goes through ``feed``."""
    calls, found = _opened_text_block()
    before = list(found)
    assert calls.text_folded("r1", "t", "a") is False
    assert calls.output_folded("r1", "thinking", "b") is False
    assert found == before


def test_a_folded_delta_is_handed_to_the_chunk_taker_and_grows_the_block() -> None:
    """With ``chunk``, a text delta of a started block of the open call is handed to it as
    ``(call, "text", delta)`` and taken; the block's text grows by it; a delta of a block
    never started, of an unknown reply, or one ``chunk`` refuses, is not taken."""
    taken: list[tuple[str, str, str]] = []

    def chunk(call: str, channel: str, delta: str) -> bool:
        taken.append((call, channel, delta))
        return delta != "refused"

    calls, _ = _opened_text_block(chunk)
    assert calls.text_folded("r1", "t", "a") is True
    assert calls.text_folded("r1", "t", "b") is True
    assert calls.output_folded("r1", "thinking", "c") is True
    assert calls.text_folded("r1", "nope", "x") is False
    assert calls.text_folded("r2", "t", "x") is False
    assert calls.text_folded("r1", "t", "refused") is False
    assert taken == [
        ("1", "text", "a"),
        ("1", "text", "b"),
        ("1", "thinking", "c"),
        ("1", "text", "refused"),
    ]
    assert calls._replies["r1"].blocks["t"].text() == "ab"


def test_a_call_opened_is_a_frozen_record_named_by_keyword() -> None:
    """CallOpened is built only with ``call=``; once made it does not change."""
    opened = CallOpened(call="1")
    assert (opened.KIND, opened.call) == ("call_opened", "1")
    with pytest.raises(TypeError):
        CallOpened("1")  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        opened.call = "2"  # type: ignore[misc]
    assert opened.call == "1"
