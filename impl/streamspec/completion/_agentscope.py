"""AgentScope reply events as completion evidence, one model call at a time.

Rules (issue 3 §1 and §3):

1. A call runs from ``MODEL_CALL_START`` (or, with none, from the previous
   ``MODEL_CALL_END`` or the reply start) to its ``MODEL_CALL_END``; it is
   the reply's n-th call, keyed ``"<n>"``. The calls of a second and later
   reply in the same input are keyed ``"<reply_id>/<n>"`` (decided D8).
2. Model output is text, thinking and tool-call input: a block start or
   delta of those kinds opens a call when none is open; each delta is a
   :class:`~streamspec.ModelChunkEvent`. Tool results, confirmations, data
   and hint blocks are not model output.
3. ``MODEL_CALL_END`` is the receipt: its text parts are the text blocks the
   call folded (a ``TEXT_BLOCK_END`` that carries ``text`` replaces its
   block's text), its usage the token counts it carries. It is a finish
   signal only when its JSON has ``finished_reason``, read with the
   ``agentscope`` vocabulary (2.0.3 never writes it: no basis).
4. A ``MODEL_CALL_START`` while a call is open opens the next call; the open
   one keeps whatever evidence it had (no receipt: no basis). Reply-level
   events (``REPLY_END``, ``USER_INTERRUPT``) are not call evidence
   (decided D3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

import attrs

from streamspec._completion_events import (
    CompletionEvent,
    ModelChunkEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
)
from streamspec._events import (
    ABSENT,
    Event,
    ModelCallEndEvent,
    ModelCallStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallStartEvent,
)
from streamspec.completion._table import completion_table
from streamspec.completion._text import TextParts

__all__ = ["AGENTSCOPE_VOCABULARY", "AgentScopeCalls", "CallOpened"]

#: The ``spec/finish_reasons.json`` vocabulary of ``MODEL_CALL_END.finished_reason``.
AGENTSCOPE_VOCABULARY: Final = "agentscope"

#: Delta events that are model output, and the chunk channel they become.
_CHANNELS: Final[Mapping[type[Event], str]] = {
    TextBlockDeltaEvent: "text",
    ThinkingBlockDeltaEvent: "thinking",
    ToolCallDeltaEvent: "tool_input",
}
#: Start events that are model output (they open a call but carry no text).
_OUTPUT_STARTS: Final = (TextBlockStartEvent, ThinkingBlockStartEvent, ToolCallStartEvent)


@attrs.frozen(kw_only=True)
class CallOpened:
    """A call exists, with no evidence yet (a ``MODEL_CALL_START``)."""

    KIND: ClassVar[str] = "call_opened"

    call: str


Evidence = CompletionEvent | CallOpened


@attrs.define
class _Reply:
    prefix: str
    count: int = 0
    open_call: str | None = None
    #: ``block_id -> text chunks`` of the open call's text blocks, in start order.
    blocks: dict[str, TextParts] = attrs.field(factory=dict)


class AgentScopeCalls:
    """Turns AgentScope reply events into completion evidence, per reply."""

    def __init__(self) -> None:
        self._replies: dict[str, _Reply] = {}

    def _reply(self, reply_id: str) -> _Reply:
        reply = self._replies.get(reply_id)
        if reply is None:
            reply = _Reply(prefix="" if not self._replies else f"{reply_id}/")
            self._replies[reply_id] = reply
        return reply

    @staticmethod
    def _open(reply: _Reply, out: list[Evidence]) -> str:
        reply.count += 1
        reply.open_call = f"{reply.prefix}{reply.count}"
        reply.blocks = {}
        out.append(CallOpened(call=reply.open_call))
        return reply.open_call

    def _current(self, reply: _Reply, out: list[Evidence]) -> str:
        return reply.open_call if reply.open_call is not None else self._open(reply, out)

    def feed(self, event: Event) -> list[Evidence]:
        """Return the evidence ``event`` gives (empty for events that give none)."""
        reply_id = getattr(event, "reply_id", None)
        if not isinstance(reply_id, str):
            return []
        reply = self._reply(reply_id)
        out: list[Evidence] = []
        if isinstance(event, ModelCallStartEvent):
            self._open(reply, out)
        elif isinstance(event, ModelCallEndEvent):
            self._end(reply, event, out)
        elif type(event) in _CHANNELS:
            call = self._current(reply, out)
            delta: str = event.delta  # type: ignore[attr-defined]
            if isinstance(event, TextBlockDeltaEvent):
                block = reply.blocks.get(event.block_id)
                if block is None:
                    block = reply.blocks[event.block_id] = TextParts()
                block.append(delta)
            out.append(ModelChunkEvent(call=call, channel=_CHANNELS[type(event)], text=delta))
        elif isinstance(event, _OUTPUT_STARTS):
            self._current(reply, out)
            if isinstance(event, TextBlockStartEvent):
                reply.blocks.setdefault(event.block_id, TextParts())
        elif (
            isinstance(event, TextBlockEndEvent)
            and isinstance(event.text, str)
            and reply.open_call is not None
            and event.block_id in reply.blocks
        ):
            reply.blocks[event.block_id] = TextParts((event.text,))
        return out

    def _end(self, reply: _Reply, event: ModelCallEndEvent, out: list[Evidence]) -> None:
        call = self._current(reply, out)
        usage = {
            field: getattr(event, key)
            for key, field in completion_table().usage_sources[AGENTSCOPE_VOCABULARY].items()
            if getattr(event, key, ABSENT) is not ABSENT
        }
        text = tuple(chunks.text() for chunks in reply.blocks.values())
        out.append(ModelReceiptEvent(call=call, text=text, usage=usage))
        if event.finished_reason is not ABSENT:
            out.append(
                ModelFinishEvent(
                    call=call, reason=event.finished_reason, vocabulary=AGENTSCOPE_VOCABULARY
                )
            )
        reply.open_call = None
        reply.blocks = {}
