"""AgentScope model calls are keyed as docs/completion.md (D8) says: ``"<n>"`` from 1 in the
first reply, ``"<reply_id>/<n>"`` in a later one."""

from __future__ import annotations

from typing import Any

from streamspec import decode_event
from streamspec.completion import judge


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
