"""What a provider importer says, in streamspec's words: one reply and its model call.

A provider stream holds one model call, answered as one reply. An importer
reads the source's wire records and tells a :class:`ReplyWriter` what they
mean (text arrived for a block, a tool call started, the provider finished,
the usage was reported); the writer turns that into reply events (what
``reduce`` and ``check`` fold) and completion events (what ``judge`` reads),
so every source states the same facts the same way:

1. :meth:`~ReplyWriter.start` gives ``REPLY_START`` (once), then an empty
   ``text`` chunk of the call: the call has begun and streamed nothing yet,
   so a stream cut before any output still has a verdict (no completion
   basis, ``final_text`` ``""``).
2. Text and thinking open their block (``*_BLOCK_START``) at their first
   delta, then give ``*_BLOCK_DELTA`` and a ``model_chunk`` of the call
   (channel ``text`` / ``thinking``). Tool-call input gives
   ``TOOL_CALL_DELTA`` and a ``tool_input`` chunk.
3. :meth:`~ReplyWriter.finish` gives ``model_finish`` with the source's word
   and vocabulary; :meth:`~ReplyWriter.receipt` gives ``MODEL_CALL_END`` (when
   both token counts are known) and ``model_receipt`` with the text of every
   text block and the usage in the verdict's fields (``ABSENT`` when the
   source reported none); :meth:`~ReplyWriter.error` gives ``model_error``.
4. :meth:`~ReplyWriter.end` closes what is open (block ends, ``TOOL_CALL_END``)
   and gives ``REPLY_END``. A stream cut off never reaches it: the reply stays
   open, which the reducer reports at the end of input, and the call has no
   finish, so the judge finds no completion basis.

Each event goes to ``emit`` as it is made; the writer keeps only what is open
and the text the receipt needs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from streamspec._completion_events import (
    ModelChunkEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
)
from streamspec._events import (
    ABSENT,
    ModelCallEndEvent,
    ReplyEndEvent,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
)
from streamspec.completion._table import completion_table
from streamspec.completion._text import TextParts

__all__ = ["ReplyWriter", "canonical_usage", "token_count"]

_TEXT = "text"
_THINKING = "thinking"


def token_count(value: Any) -> int | None:
    """``value`` if it is a token count (a non-negative integer, not a boolean), else ``None``."""
    if value.__class__ is int and value >= 0:
        return int(value)
    return None


def _lookup(usage: Mapping[str, Any], path: str) -> Any:
    value: Any = usage
    for part in path.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def canonical_usage(source: str, usage: Mapping[str, Any]) -> dict[str, Any]:
    """Map a source's usage object onto the verdict's usage fields.

    The mapping is ``spec/machines/completion.json`` ``usage.sources[source]``;
    a dotted key (``prompt_tokens_details.cached_tokens``) reads a nested
    field. Only token counts are carried; a field that is missing, null or not
    a count is left out (unknown, never 0).
    """
    out: dict[str, Any] = {}
    for key, field in completion_table().usage_sources[source].items():
        count = token_count(_lookup(usage, key))
        if count is not None:
            out[field] = count
    return out


class ReplyWriter:
    """One reply and its model call, written as streamspec events (module rules 1-4).

    Args:
        emit: called with each event as it is made.
        reply_id: the reply's id (also the block ids' prefix).
        session_id: the session the reply belongs to.
        call: the model call's key in the verdicts.
        vocabulary: the ``spec/finish_reasons.json`` vocabulary of the finish.
        usage_source: the ``usage.sources`` mapping usage is read with.
    """

    def __init__(
        self,
        emit: Callable[[Any], None],
        *,
        reply_id: str,
        session_id: str,
        call: str,
        vocabulary: str,
        usage_source: str,
    ) -> None:
        self._emit = emit
        self.reply_id = reply_id
        self.session_id = session_id
        self.call = call
        self.vocabulary = vocabulary
        self.usage_source = usage_source
        self.started = False
        self.ended = False
        #: Open blocks: ``block_id -> "text" | "thinking"``, in start order.
        self._blocks: dict[str, str] = {}
        #: The text of every text block, in start order (the receipt's parts).
        self._texts: dict[str, TextParts] = {}
        #: Tool calls whose input is still open, in start order.
        self._calls: dict[str, str] = {}

    # ------------------------------------------------------------ reply

    def start(self, *, name: str = "assistant") -> None:
        """Give ``REPLY_START`` and the call's opening chunk unless the reply has started."""
        if not self.started:
            self.started = True
            self._emit(
                ReplyStartEvent(
                    session_id=self.session_id, reply_id=self.reply_id, name=name, role="assistant"
                )
            )
            self._emit(ModelChunkEvent(call=self.call, channel=_TEXT, text=""))

    def end(self) -> None:
        """Close every open block and tool-call input, then give ``REPLY_END`` (once)."""
        if self.ended:
            return
        self.start()
        self.close_all()
        self.ended = True
        self._emit(ReplyEndEvent(session_id=self.session_id, reply_id=self.reply_id))

    def close_all(self) -> None:
        """Close every open block and tool-call input, in start order."""
        for block_id in list(self._blocks):
            self.end_block(block_id)
        for call_id in list(self._calls):
            self.tool_end(call_id)

    # ------------------------------------------------------------ blocks

    def text(self, block_id: str, delta: str) -> None:
        """Append ``delta`` to text block ``block_id`` (opening it first if needed)."""
        self._open(block_id, _TEXT)
        self._texts[block_id].append(delta)
        self._emit(TextBlockDeltaEvent(reply_id=self.reply_id, block_id=block_id, delta=delta))
        self._emit(ModelChunkEvent(call=self.call, channel=_TEXT, text=delta))

    def thinking(self, block_id: str, delta: str) -> None:
        """Append ``delta`` to thinking block ``block_id`` (opening it first if needed)."""
        self._open(block_id, _THINKING)
        self._emit(ThinkingBlockDeltaEvent(reply_id=self.reply_id, block_id=block_id, delta=delta))
        self._emit(ModelChunkEvent(call=self.call, channel=_THINKING, text=delta))

    def open_block(self, block_id: str, kind: str) -> None:
        """Start block ``block_id`` of ``kind`` (``text`` or ``thinking``) with no text yet."""
        self._open(block_id, kind)

    def _open(self, block_id: str, kind: str) -> None:
        if block_id in self._blocks:
            return
        self.start()
        self._blocks[block_id] = kind
        if kind == _TEXT:
            self._texts.setdefault(block_id, TextParts())
            self._emit(TextBlockStartEvent(reply_id=self.reply_id, block_id=block_id))
        else:
            self._emit(ThinkingBlockStartEvent(reply_id=self.reply_id, block_id=block_id))

    def end_block(self, block_id: str) -> None:
        """Give the end of open block ``block_id`` (nothing when it is not open)."""
        kind = self._blocks.pop(block_id, None)
        if kind == _TEXT:
            self._emit(TextBlockEndEvent(reply_id=self.reply_id, block_id=block_id))
        elif kind == _THINKING:
            self._emit(ThinkingBlockEndEvent(reply_id=self.reply_id, block_id=block_id))

    # ------------------------------------------------------------ tool calls

    def tool_start(self, call_id: str, name: str) -> None:
        """Give ``TOOL_CALL_START`` for a call whose input is not open."""
        if call_id in self._calls:
            return
        self.start()
        self._calls[call_id] = name
        self._emit(
            ToolCallStartEvent(reply_id=self.reply_id, tool_call_id=call_id, tool_call_name=name)
        )

    def tool_input(self, call_id: str, delta: str) -> None:
        """Append ``delta`` to the input of open call ``call_id``."""
        self._emit(ToolCallDeltaEvent(reply_id=self.reply_id, tool_call_id=call_id, delta=delta))
        self._emit(ModelChunkEvent(call=self.call, channel="tool_input", text=delta))

    def tool_end(self, call_id: str) -> None:
        """Give ``TOOL_CALL_END`` for open call ``call_id`` (nothing when it is not open)."""
        if self._calls.pop(call_id, None) is not None:
            self._emit(ToolCallEndEvent(reply_id=self.reply_id, tool_call_id=call_id))

    # ------------------------------------------------------------ evidence

    def finish(self, reason: str | None) -> None:
        """Give the call's finish signal: the source's own word, or ``None``."""
        self._emit(ModelFinishEvent(call=self.call, reason=reason, vocabulary=self.vocabulary))

    def receipt(self, usage: Mapping[str, Any] | None) -> None:
        """Give the call's receipt: its text blocks' text and ``usage`` (``None``: not reported).

        ``MODEL_CALL_END`` comes first when the usage has both token counts.
        """
        fields = None if usage is None else canonical_usage(self.usage_source, usage)
        if fields is not None and "input_tokens" in fields and "output_tokens" in fields:
            self.start()
            self._emit(ModelCallEndEvent(reply_id=self.reply_id, **fields))
        self._emit(
            ModelReceiptEvent(
                call=self.call,
                text=tuple(parts.text() for parts in self._texts.values()),
                usage=ABSENT if fields is None else fields,
            )
        )

    def error(self, code: str | None, message: str | None) -> None:
        """Give the call's error."""
        self._emit(ModelErrorEvent(call=self.call, code=code, message=message))
