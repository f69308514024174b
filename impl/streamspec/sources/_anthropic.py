"""The Anthropic importer: Messages API streaming events → one reply and its model call.

The protocol is the Messages API's server-sent events as the ``anthropic``
Python SDK 2.14.0 types them (``RawMessageStreamEvent``, plus ``ping`` and
``error``, which its stream reader handles itself). The table of these rules
is ``spec/sources/anthropic.json``. Each rule tested:

1. **Records.** Each SSE ``data:`` line or JSON line holds one event,
   dispatched on its ``type``: ``message_start``, ``content_block_start``,
   ``content_block_delta``, ``content_block_stop``, ``message_delta``,
   ``message_stop``, ``ping`` and ``error``. Any other type (``[DONE]``
   included) is kept whole with an ``unknown_record`` warning.
2. **Shapes.** A field a rule reads must have the type the protocol gives it:
   ``message``, ``content_block``, ``delta``, ``error`` and a
   ``citations_delta``'s ``citation`` are objects; ``message.id`` and a
   ``tool_use`` block's ``id`` are non-empty strings; ``index`` is a
   non-negative integer; block types, delta types, a ``tool_use`` block's
   ``name`` and the deltas' ``text``, ``thinking``, ``partial_json`` and
   ``signature`` are strings; a block start's ``text`` / ``thinking``,
   ``delta.stop_reason``, ``error.type`` and ``error.message`` are strings or
   null; ``usage``, ``message.usage`` and a ``tool_use`` block's ``input``
   are objects or null, and each usage count a non-negative integer or null.
   A record where one is not (missing where required, or of another JSON
   type) is a violation naming the field (rule 11), checked after the order
   of rule 11. Fields no rule reads are not looked at.
3. **Message.** ``message_start`` opens the reply (``REPLY_START``). The reply
   id, the session id and the call key are all ``message.id`` (the stream
   names no session). ``message.usage`` is the usage reported so far; the
   message's ``content``, ``model`` and ``stop_reason`` carry nothing (the
   content arrives in blocks, the stop reason in ``message_delta``).
4. **Blocks.** ``content_block_start`` opens block ``index``, whose id is
   ``<message id>.<index>``; indexes may arrive in any order. By
   ``content_block.type``:

   - ``text`` gives ``TEXT_BLOCK_START`` (and its ``text``, when not empty,
     as a first ``TEXT_BLOCK_DELTA``);
   - ``thinking`` gives ``THINKING_BLOCK_START`` (and its ``thinking``, when
     not empty, as a first ``THINKING_BLOCK_DELTA``);
   - ``tool_use`` gives ``TOOL_CALL_START`` with the block's ``id`` as the
     tool call id and its ``name``;
   - ``redacted_thinking`` (encrypted reasoning), ``server_tool_use`` and
     the server tools' result blocks (``web_search_tool_result``,
     ``web_fetch_tool_result``, ``code_execution_tool_result``,
     ``bash_code_execution_tool_result``,
     ``text_editor_code_execution_tool_result``, ``tool_search_tool_result``)
     and ``container_upload`` are kept as information: the server ran those
     tools itself, and nothing in them is part of the reply streamspec
     folds. They give no events;
   - any other block type is kept whole with an ``unknown_record`` warning;
     its deltas and its stop then give nothing.
5. **Deltas.** ``content_block_delta`` appends to block ``index``, by
   ``delta.type``: ``text_delta`` gives ``TEXT_BLOCK_DELTA`` and a ``text``
   chunk; ``thinking_delta`` gives ``THINKING_BLOCK_DELTA`` and a
   ``thinking`` chunk; ``input_json_delta`` on a ``tool_use`` block gives
   ``TOOL_CALL_DELTA`` and a ``tool_input`` chunk with ``partial_json`` as
   sent (it is never parsed, so each delta costs its own length).
   ``signature_delta`` (a thinking block's signature), ``citations_delta``
   (a text block's citation) and ``input_json_delta`` on a
   ``server_tool_use`` block are kept as information: no events. Which
   delta fits which block: ``text_delta`` and ``citations_delta`` a
   ``text`` block, ``thinking_delta`` and ``signature_delta`` a
   ``thinking`` block, ``input_json_delta`` a ``tool_use`` or
   ``server_tool_use`` block. A delta of another type is kept whole with an
   ``unknown_record`` warning.
6. **Block stop.** ``content_block_stop`` ends block ``index``: a text or
   thinking block gives its ``*_BLOCK_END``; a ``tool_use`` block gives
   ``TOOL_CALL_END``, preceded, when its ``input_json_delta`` texts were
   all empty (or none came) and its start's ``input`` is a non-empty
   object, by that input as compact JSON in one ``TOOL_CALL_DELTA`` and
   ``tool_input`` chunk. Other blocks give nothing.
7. **Finish and usage.** ``message_delta``'s ``delta.stop_reason``, when a
   string, is the call's finish (``model_finish``, vocabulary
   ``anthropic``); null or absent gives no finish. Its ``usage`` updates the
   reported usage field by field: the counts are cumulative totals, so a
   count overwrites the one before and a null or absent count keeps it.
   ``stop_sequence``, ``stop_details`` and ``container`` are information.
8. **Message stop.** ``message_stop`` ends every block still open as rule 6
   does, then gives the receipt (``MODEL_CALL_END`` when the input and the
   output counts are both known, and ``model_receipt`` with every text
   block's text and the usage of rules 3 and 7; usage is not reported when
   no count ever was) and ``REPLY_END``.
9. **Errors.** ``error`` gives ``model_error`` with code ``error.type`` and
   message ``error.message`` for the message's call; before any
   ``message_start`` the call is ``anthropic`` and no reply starts. The
   reply is left open: an error ends the stream without ``message_stop``.
10. **Ping.** ``ping`` is a keep-alive, allowed anywhere; it gives nothing.
11. **Violations.** These records break the protocol; each is kept whole
    with a ``source_violation`` error and never folded:

    - a block event, ``message_delta`` or ``message_stop`` before
      ``message_start``: ``Unexpected event order, got <type> before
      "message_start"`` (the SDK's words);
    - a second ``message_start``;
    - any record but ``ping`` after ``message_stop``;
    - a ``content_block_start`` for an index already started, or a
      ``tool_use`` block whose id an earlier block had;
    - a delta or stop for an index no ``content_block_start`` opened (the
      SDK raises a bare ``IndexError``), or for a block that has stopped;
    - a delta whose type does not fit its block (the SDK drops it silently);
    - a record with a field of the wrong type (rule 2).

12. **End of input.** Nothing more is given: what is open stays open. A
    stream cut off before ``message_stop`` has no receipt, so its reply and
    blocks stay open (``reduce`` warns ``missing_reply_end`` /
    ``open_at_end``) and ``judge`` finds no completion basis, or
    ``truncated`` when ``message_delta`` gave a cut word (``max_tokens`` ...),
    or ``failed`` after an ``error``.

Memory holds the blocks open, the indexes and tool call ids seen, the text
the receipt needs and the usage; time is linear in the input.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, Final

import attrs
import orjson

from streamspec import _json_exact
from streamspec._json_kind import json_kind
from streamspec._jsonl import Line
from streamspec.sources._importer import Importer
from streamspec.sources._writer import ReplyWriter, token_count

__all__ = [
    "FITS",
    "IMPORTER",
    "INFORMATION_BLOCKS",
    "NO_MESSAGE_CALL",
    "USAGE_FIELDS",
    "AnthropicImporter",
    "import_lines",
]

_VOCABULARY: Final = "anthropic"
_USAGE_SOURCE: Final = "anthropic"
_START: Final = '"message_start"'

#: The call key of an error that comes before any ``message_start`` (rule 9).
NO_MESSAGE_CALL: Final = "anthropic"
#: The usage counts the rules read, in ``message.usage`` and ``message_delta.usage``.
USAGE_FIELDS: Final = (
    "input_tokens",
    "output_tokens",
    "cache_read_input_tokens",
    "cache_creation_input_tokens",
)
#: Block types kept as information (rule 4).
INFORMATION_BLOCKS: Final = frozenset(
    {
        "redacted_thinking",
        "server_tool_use",
        "web_search_tool_result",
        "web_fetch_tool_result",
        "code_execution_tool_result",
        "bash_code_execution_tool_result",
        "text_editor_code_execution_tool_result",
        "tool_search_tool_result",
        "container_upload",
    }
)
_MAPPED_BLOCKS: Final = frozenset({"text", "thinking", "tool_use"})
#: ``delta type -> the block types it fits`` (rule 5).
FITS: Final[Mapping[str, frozenset[str]]] = {
    "text_delta": frozenset({"text"}),
    "citations_delta": frozenset({"text"}),
    "thinking_delta": frozenset({"thinking"}),
    "signature_delta": frozenset({"thinking"}),
    "input_json_delta": frozenset({"tool_use", "server_tool_use"}),
}
#: ``delta type -> (field, its JSON type)`` each delta must carry (rule 2).
_DELTA_FIELDS: Final[Mapping[str, tuple[str, str]]] = {
    "text_delta": ("text", "string"),
    "citations_delta": ("citation", "object"),
    "thinking_delta": ("thinking", "string"),
    "signature_delta": ("signature", "string"),
    "input_json_delta": ("partial_json", "string"),
}


class _BadField(Exception):
    """A field a rule reads has the wrong type (rule 2)."""

    def __init__(self, path: str, value: Any, expected: str, *, present: bool = True) -> None:
        shown = json_kind(value) if present else "missing"
        if present and value.__class__ is int:
            shown = f"{value}"
        super().__init__(f"{path} is {shown}, expected {expected}")


_ABSENT: Final = object()


def _get(parent: Mapping[str, Any], key: str) -> Any:
    return parent.get(key, _ABSENT)


def _object(parent: Mapping[str, Any], key: str, path: str) -> dict[str, Any]:
    value = _get(parent, key)
    if not isinstance(value, dict):
        raise _BadField(path, value, "an object", present=value is not _ABSENT)
    return value


def _object_or_none(parent: Mapping[str, Any], key: str, path: str) -> dict[str, Any] | None:
    value = _get(parent, key)
    if value is _ABSENT or value is None:
        return None
    if not isinstance(value, dict):
        raise _BadField(path, value, "an object or null")
    return value


def _string(parent: Mapping[str, Any], key: str, path: str) -> str:
    value = _get(parent, key)
    if not isinstance(value, str):
        raise _BadField(path, value, "a string", present=value is not _ABSENT)
    return value


def _string_or_none(parent: Mapping[str, Any], key: str, path: str) -> str | None:
    value = _get(parent, key)
    if value is _ABSENT or value is None:
        return None
    if not isinstance(value, str):
        raise _BadField(path, value, "a string or null")
    return value


def _id(parent: Mapping[str, Any], key: str, path: str) -> str:
    value = _get(parent, key)
    if not isinstance(value, str) or not value:
        raise _BadField(path, value, "a non-empty string", present=value is not _ABSENT)
    return value


def _index(record: Mapping[str, Any]) -> int:
    value = _get(record, "index")
    index = token_count(value)
    if index is None:
        raise _BadField("index", value, "a non-negative integer", present=value is not _ABSENT)
    return index


def _counts(parent: Mapping[str, Any], key: str, path: str) -> dict[str, int]:
    """The token counts of usage object ``parent[key]`` (null and absent counts left out)."""
    usage = _object_or_none(parent, key, path)
    if usage is None:
        return {}
    counts: dict[str, int] = {}
    for field in USAGE_FIELDS:
        value = _get(usage, field)
        if value is _ABSENT or value is None:
            continue
        count = token_count(value)
        if count is None:
            raise _BadField(f"{path}.{field}", value, "a token count (a non-negative integer)")
        counts[field] = count
    return counts


def _compact(value: Mapping[str, Any]) -> str:
    try:
        return _json_exact.dumps(value).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@attrs.define
class _Block:
    """One content block the stream opened (rule 4)."""

    type: str
    block_id: str
    #: A ``tool_use`` block's call id.
    call_id: str = ""
    #: A ``tool_use`` block's start ``input`` (rule 6).
    start_input: dict[str, Any] | None = None
    #: Whether an ``input_json_delta`` of this block carried text.
    input_seen: bool = False


class AnthropicImporter(Importer):
    """Anthropic Messages streaming events → streamspec lines (see the module rules)."""

    SOURCE: ClassVar[str] = "anthropic"
    TITLE: ClassVar[str] = "Anthropic Messages"

    def __init__(self) -> None:
        self._writer: ReplyWriter | None = None
        self._message_id = ""
        self._stopped = False
        self._blocks: dict[int, _Block] = {}
        self._ended_indexes: set[int] = set()
        self._call_ids: set[str] = set()
        self._usage: dict[str, int] = {}
        super().__init__()

    def handlers(self) -> Mapping[str, Callable[[dict[str, Any]], None]]:
        """``wire type -> handler`` (rule 1); a handler's bad field is a violation (rule 2)."""
        table: dict[str, Callable[[dict[str, Any]], None]] = {
            "message_start": self._message_start,
            "content_block_start": self._content_block_start,
            "content_block_delta": self._content_block_delta,
            "content_block_stop": self._content_block_stop,
            "message_delta": self._message_delta,
            "message_stop": self._message_stop,
            "ping": self._ping,
            "error": self._error,
        }
        return {type_: self._checked(type_, handler) for type_, handler in table.items()}

    def _checked(
        self, type_: str, handler: Callable[[dict[str, Any]], None]
    ) -> Callable[[dict[str, Any]], None]:
        def run(record: dict[str, Any]) -> None:
            try:
                handler(record)
            except _BadField as bad:
                self.violation(record, f"{type_}: {bad}")

        return run

    # ------------------------------------------------------------ order

    def _open_message(self, record: dict[str, Any], type_: str) -> ReplyWriter | None:
        """The message's writer, or ``None`` after a violation of the order (rule 11)."""
        if self._stopped:
            self.violation(record, f'Unexpected event order, got {type_} after "message_stop"')
            return None
        if self._writer is None:
            self.violation(record, f"Unexpected event order, got {type_} before {_START}")
            return None
        return self._writer

    def _block(self, record: dict[str, Any], type_: str, index: int) -> _Block | None:
        """The open block ``index``, or ``None`` after a violation (rule 11)."""
        block = self._blocks.get(index)
        if block is not None:
            return block
        if index in self._ended_indexes:
            self.violation(record, f"{type_} for index {index}, whose block has stopped")
        else:
            self.violation(
                record,
                f"{type_} for index {index}, which no content_block_start opened "
                "(the SDK raises IndexError: list index out of range)",
            )
        return None

    # ------------------------------------------------------------ message

    def _message_start(self, record: dict[str, Any]) -> None:
        if self._stopped:
            self.violation(record, 'Unexpected event order, got message_start after "message_stop"')
            return
        if self._message_id:
            self.violation(record, f"Unexpected event order, got a second {_START}")
            return
        message = _object(record, "message", "message")
        message_id = _id(message, "id", "message.id")
        counts = _counts(message, "usage", "message.usage")
        self._message_id = message_id
        self._usage = counts
        self._writer = ReplyWriter(
            self.emit,
            reply_id=message_id,
            session_id=message_id,
            call=message_id,
            vocabulary=_VOCABULARY,
            usage_source=_USAGE_SOURCE,
        )
        self._writer.start()

    def _message_delta(self, record: dict[str, Any]) -> None:
        writer = self._open_message(record, "message_delta")
        if writer is None:
            return
        delta = _object(record, "delta", "delta")
        reason = _string_or_none(delta, "stop_reason", "delta.stop_reason")
        counts = _counts(record, "usage", "usage")
        self._usage.update(counts)
        if reason is not None:
            writer.finish(reason)

    def _message_stop(self, record: dict[str, Any]) -> None:
        writer = self._open_message(record, "message_stop")
        if writer is None:
            return
        for index in list(self._blocks):
            self._end_block(writer, index)
        writer.receipt(self._usage or None)
        writer.end()
        self._stopped = True

    def _ping(self, record: dict[str, Any]) -> None:
        """A keep-alive: nothing (rule 10)."""

    def _error(self, record: dict[str, Any]) -> None:
        if self._stopped:
            self.violation(record, 'Unexpected event order, got error after "message_stop"')
            return
        error = _object(record, "error", "error")
        code = _string_or_none(error, "type", "error.type")
        message = _string_or_none(error, "message", "error.message")
        writer = self._writer
        if writer is None:
            writer = ReplyWriter(
                self.emit,
                reply_id=NO_MESSAGE_CALL,
                session_id=NO_MESSAGE_CALL,
                call=NO_MESSAGE_CALL,
                vocabulary=_VOCABULARY,
                usage_source=_USAGE_SOURCE,
            )
        writer.error(code, message)

    # ------------------------------------------------------------ blocks

    def _content_block_start(self, record: dict[str, Any]) -> None:
        writer = self._open_message(record, "content_block_start")
        if writer is None:
            return
        index = _index(record)
        content = _object(record, "content_block", "content_block")
        block_type = _string(content, "type", "content_block.type")
        if index in self._blocks or index in self._ended_indexes:
            self.violation(
                record, f"content_block_start for index {index}, which was already started"
            )
            return
        block = _Block(type=block_type, block_id=f"{self._message_id}.{index}")
        if block_type == "text":
            first = _string_or_none(content, "text", "content_block.text")
            self._blocks[index] = block
            writer.open_block(block.block_id, "text")
            if first:
                writer.text(block.block_id, first)
        elif block_type == "thinking":
            first = _string_or_none(content, "thinking", "content_block.thinking")
            self._blocks[index] = block
            writer.open_block(block.block_id, "thinking")
            if first:
                writer.thinking(block.block_id, first)
        elif block_type == "tool_use":
            self._tool_use_start(record, writer, index, block, content)
        else:
            self._blocks[index] = block
            if block_type not in INFORMATION_BLOCKS:
                self.unknown(
                    record,
                    "content_block_start",
                    f"{self.TITLE} content block of unknown type {block_type!r} at index "
                    f"{index}; kept, its deltas and stop give nothing",
                )

    def _tool_use_start(
        self,
        record: dict[str, Any],
        writer: ReplyWriter,
        index: int,
        block: _Block,
        content: dict[str, Any],
    ) -> None:
        call_id = _id(content, "id", "content_block.id")
        name = _string(content, "name", "content_block.name")
        start_input = _object_or_none(content, "input", "content_block.input")
        if call_id in self._call_ids:
            self.violation(
                record, f"content_block_start: tool_use id {call_id!r} was used by an earlier block"
            )
            return
        self._call_ids.add(call_id)
        block.call_id = call_id
        block.start_input = start_input
        self._blocks[index] = block
        writer.tool_start(call_id, name)

    def _content_block_delta(self, record: dict[str, Any]) -> None:
        writer = self._open_message(record, "content_block_delta")
        if writer is None:
            return
        index = _index(record)
        delta = _object(record, "delta", "delta")
        delta_type = _string(delta, "type", "delta.type")
        block = self._block(record, "content_block_delta", index)
        if block is None:
            return
        shape = _DELTA_FIELDS.get(delta_type)
        if shape is None:
            self.unknown(
                record,
                "content_block_delta",
                f"{self.TITLE} delta of unknown type {delta_type!r}; kept, no effect",
            )
            return
        field, kind = shape
        value = ""
        if kind == "string":
            value = _string(delta, field, f"delta.{field}")
        else:
            _object(delta, field, f"delta.{field}")
        if not self._fits(record, block, delta_type, index):
            return
        if block.type == "text" and delta_type == "text_delta":
            writer.text(block.block_id, value)
        elif block.type == "thinking" and delta_type == "thinking_delta":
            writer.thinking(block.block_id, value)
        elif block.type == "tool_use":
            writer.tool_input(block.call_id, value)
            block.input_seen = block.input_seen or bool(value)

    def _fits(self, record: dict[str, Any], block: _Block, delta_type: str, index: int) -> bool:
        """Whether the delta fits its block; a misfit is a violation (rule 11)."""
        if block.type not in _MAPPED_BLOCKS and block.type not in INFORMATION_BLOCKS:
            return False
        if block.type in FITS[delta_type]:
            return True
        self.violation(
            record,
            f"content_block_delta: {delta_type} does not fit the {block.type} block "
            f"at index {index} (the SDK drops it silently)",
        )
        return False

    def _content_block_stop(self, record: dict[str, Any]) -> None:
        writer = self._open_message(record, "content_block_stop")
        if writer is None:
            return
        index = _index(record)
        if self._block(record, "content_block_stop", index) is not None:
            self._end_block(writer, index)

    def _end_block(self, writer: ReplyWriter, index: int) -> None:
        """End open block ``index`` (rule 6)."""
        block = self._blocks.pop(index)
        self._ended_indexes.add(index)
        if block.type == "tool_use":
            if not block.input_seen and block.start_input:
                writer.tool_input(block.call_id, _compact(block.start_input))
            writer.tool_end(block.call_id)
        elif block.type in {"text", "thinking"}:
            writer.end_block(block.block_id)


#: The importer the registry and the generic tests use.
IMPORTER: Final = AnthropicImporter


def import_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Read Anthropic Messages wire lines (from ``provider_lines``) into streamspec lines."""
    return AnthropicImporter().run(lines)
