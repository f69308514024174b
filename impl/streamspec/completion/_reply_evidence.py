"""Reply events (the canonical vocabulary) as completion evidence, one model call at a time.

Rules (issue 3 §1 and §3):

1. A call runs from ``MODEL_CALL_START`` (or, with none, from the previous
   ``MODEL_CALL_END`` or the reply start) to its ``MODEL_CALL_END``; it is
   the reply's n-th call, keyed ``"<n>"``. The calls of a second and later
   reply in the same input are keyed ``"<reply_id>/<n>"`` (decided D8).
2. Model output is text, thinking and tool-call input: a block start or
   delta of those kinds opens a call when none is open; each delta is a
   chunk of the call (:class:`StreamedChunk`, what a
   :class:`~streamspec.ModelChunkEvent` says). Tool results, confirmations,
   data and hint blocks are not model output.
3. ``MODEL_CALL_END`` is the receipt: its text parts are the text blocks the
   call folded (a ``TEXT_BLOCK_END`` that carries ``text`` replaces its
   block's text), its usage the token counts it carries. It is a finish
   signal only when its JSON has ``finished_reason``, read with the
   ``agentscope`` vocabulary (2.0.3 never writes it: no basis).
4. A ``MODEL_CALL_START`` while a call is open opens the next call; the open
   one keeps whatever evidence it had (no receipt: no basis). Reply-level
   events (``REPLY_END``, ``USER_INTERRUPT``) are not call evidence
   (decided D3).

Theory of operation: each event class is read by one handler, chosen once
per class (:func:`handler_for`); a handler updates the reply's open call and
hands each piece of evidence to the judge as soon as it is known, so an
event costs what its own evidence costs, whatever came before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final

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
from streamspec.completion._text import JOIN_EVERY as TEXT_JOIN_EVERY
from streamspec.completion._text import TextParts

__all__ = [
    "AGENTSCOPE_VOCABULARY",
    "OUTPUT_CHANNELS",
    "AgentScopeCalls",
    "CallOpened",
    "Evidence",
    "StreamedChunk",
    "handler_for",
]

#: The ``spec/finish_reasons.json`` vocabulary of ``MODEL_CALL_END.finished_reason``.
AGENTSCOPE_VOCABULARY: Final = "agentscope"

#: Delta events that are model output, and the chunk channel they become.
#: ``delta class -> the channel of the chunk it streams``.
OUTPUT_CHANNELS: Final[Mapping[type[Event], str]] = {
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


class StreamedChunk:
    """A piece of model output an AgentScope delta streamed into ``call``.

    It says what a :class:`~streamspec.ModelChunkEvent` says; its fields come
    from a delta event that was checked when it was built, so they are not
    checked again.
    """

    __slots__ = ("call", "channel", "text")

    KIND: ClassVar[str] = ModelChunkEvent.KIND

    def __init__(self, call: str, channel: str, text: str) -> None:
        self.call = call
        self.channel = channel
        self.text = text


Evidence = CompletionEvent | CallOpened | StreamedChunk


@attrs.define
class _Reply:
    prefix: str
    count: int = 0
    open_call: str | None = None
    #: ``block_id -> text chunks`` of the open call's text blocks, in start order.
    blocks: dict[str, TextParts] = attrs.field(factory=dict)


class AgentScopeCalls:
    """Turns AgentScope reply events into completion evidence, per reply.

    Args:
        emit: takes each piece of evidence, in order, as it is found.
    """

    def __init__(
        self,
        emit: Callable[[Evidence], None],
        chunk: Callable[[str, str, str], bool] | None = None,
    ) -> None:
        self._emit = emit
        self._chunk = chunk
        self._replies: dict[str, _Reply] = {}

    def text_folded(self, reply_id: str, block_id: str, delta: str) -> bool:
        """Take a text delta of a started block of the open call, or return False.

        The delta's fields are already checked. It is taken only when the
        reply has an open call, the block was started in it, and
        ``chunk(call, "text", delta)`` (given at construction) takes the
        chunk as :meth:`feed` would have it emitted; then the block's text
        grows as :meth:`text_streamed` grows it. Otherwise nothing changes.
        """
        reply = self._replies.get(reply_id)
        if reply is None or self._chunk is None:
            return False
        call = reply.open_call
        block = reply.blocks.get(block_id)
        if call is None or block is None or not self._chunk(call, "text", delta):
            return False
        pending = block.pending  # TextParts.append, inlined on the hot path
        pending.append(delta)
        if len(pending) >= TEXT_JOIN_EVERY:
            block.piece()
        return True

    def output_folded(self, reply_id: str, channel: str, delta: str) -> bool:
        """Take a thinking or tool-input delta of the open call, or return False.

        As :meth:`text_folded`, for :meth:`output_streamed`: the reply has an
        open call and ``chunk(call, channel, delta)`` takes the chunk.
        """
        reply = self._replies.get(reply_id)
        if reply is None or self._chunk is None or reply.open_call is None:
            return False
        return self._chunk(reply.open_call, channel, delta)

    def quiet_folded(self, reply_id: str) -> bool:
        """Take an event that gives no evidence when its reply is already known, or return False.

        :meth:`feed` of such an event only makes the reply known; once it is,
        the event changes nothing.
        """
        return reply_id in self._replies

    def feed(self, event: Event) -> None:
        """Emit the evidence ``event`` gives (none for most events)."""
        reply_id = getattr(event, "reply_id", None)
        if not isinstance(reply_id, str):
            return
        reply = self._replies.get(reply_id)
        if reply is None:
            reply = _Reply(prefix="" if not self._replies else f"{reply_id}/")
            self._replies[reply_id] = reply
        cls = event.__class__
        handler = _HANDLERS[cls] if cls in _HANDLERS else handler_for(cls)
        if handler is not None:
            handler(self, reply, event)

    def _open(self, reply: _Reply) -> str:
        reply.count += 1
        call = reply.open_call = f"{reply.prefix}{reply.count}"
        reply.blocks = {}
        self._emit(CallOpened(call=call))
        return call

    def call_started(self, reply: _Reply, event: ModelCallStartEvent) -> None:
        """``MODEL_CALL_START``: the next call opens (rule 4)."""
        self._open(reply)

    def call_ended(self, reply: _Reply, event: ModelCallEndEvent) -> None:
        """``MODEL_CALL_END``: the receipt, and a finish signal when it has a reason (rule 3)."""
        call = reply.open_call if reply.open_call is not None else self._open(reply)
        usage = {
            field: getattr(event, key)
            for key, field in completion_table().usage_sources[AGENTSCOPE_VOCABULARY].items()
            if getattr(event, key, ABSENT) is not ABSENT
        }
        text = tuple(chunks.text() for chunks in reply.blocks.values())
        reply.open_call = None
        reply.blocks = {}
        self._emit(ModelReceiptEvent(call=call, text=text, usage=usage))
        if event.finished_reason is not ABSENT:
            self._emit(
                ModelFinishEvent(
                    call=call, reason=event.finished_reason, vocabulary=AGENTSCOPE_VOCABULARY
                )
            )

    def text_streamed(self, reply: _Reply, event: TextBlockDeltaEvent) -> None:
        """A text delta: a chunk of the open call, and of its block's text (rule 2)."""
        call = reply.open_call if reply.open_call is not None else self._open(reply)
        delta = event.delta
        block = reply.blocks.get(event.block_id)
        if block is None:
            block = reply.blocks[event.block_id] = TextParts()
        block.append(delta)
        self._emit(StreamedChunk(call, "text", delta))

    def output_streamed(self, reply: _Reply, event: Any) -> None:
        """A thinking or tool-input delta: a chunk of the open call (rule 2)."""
        call = reply.open_call if reply.open_call is not None else self._open(reply)
        self._emit(StreamedChunk(call, OUTPUT_CHANNELS[event.__class__], event.delta))

    def output_started(self, reply: _Reply, event: Event) -> None:
        """A thinking block or a tool call starts: it opens a call if none is open (rule 2)."""
        if reply.open_call is None:
            self._open(reply)

    def text_started(self, reply: _Reply, event: TextBlockStartEvent) -> None:
        """A text block starts: it opens a call if none is open, and its text begins."""
        if reply.open_call is None:
            self._open(reply)
        reply.blocks.setdefault(event.block_id, TextParts())

    def text_ended(self, reply: _Reply, event: TextBlockEndEvent) -> None:
        """A text block ends; a ``text`` it carries replaces its block's text (rule 3)."""
        if (
            isinstance(event.text, str)
            and reply.open_call is not None
            and event.block_id in reply.blocks
        ):
            reply.blocks[event.block_id] = TextParts((event.text,))


_Handler = Callable[[AgentScopeCalls, _Reply, Any], None]

#: ``event class -> its handler`` (``None``: no evidence), filled by :func:`handler_for`.
_HANDLERS: Final[dict[type[Any], _Handler | None]] = {}


def handler_for(cls: type[Any]) -> _Handler | None:
    """Return (and remember) the handler of an event class, ``None`` when it gives no evidence.

    A delta is model output only as one of the three delta classes themselves;
    the other handlers take subclasses too.
    """
    handler: _Handler | None
    if issubclass(cls, ModelCallStartEvent):
        handler = AgentScopeCalls.call_started
    elif issubclass(cls, ModelCallEndEvent):
        handler = AgentScopeCalls.call_ended
    elif cls in OUTPUT_CHANNELS:
        handler = (
            AgentScopeCalls.text_streamed
            if cls is TextBlockDeltaEvent
            else AgentScopeCalls.output_streamed
        )
    elif issubclass(cls, _OUTPUT_STARTS):
        handler = (
            AgentScopeCalls.text_started
            if issubclass(cls, TextBlockStartEvent)
            else AgentScopeCalls.output_started
        )
    elif issubclass(cls, TextBlockEndEvent):
        handler = AgentScopeCalls.text_ended
    else:
        handler = None
    _HANDLERS[cls] = handler
    return handler
