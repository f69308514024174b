"""The OpenAI Responses importer: Responses API streaming events → streamspec events.

Written against the ``openai`` SDK 3.57.0: its ``ResponseStreamEvent`` union
names the 59 wire types, and its ``ResponseStreamState`` supplies the words of
the violations it has words for. The table is ``spec/sources/openai_responses.json``.
Each rule, tested:

1. **Records.** A record is one stream event: its ``type`` is its wire type.
   A type outside the union is an unknown record (kept whole, warned). The
   ``[DONE]`` line is not part of this protocol and reads the same way.
2. **Order.** ``sequence_number`` (an integer from 0) must grow from record
   to record: a record whose number is not above the last one taken is a
   violation (``sequence_number N is not after M``) and is never applied, so
   a replayed event counts once. A record without the key is not ordered
   (API versions before sequence numbers sent none); one with any other
   value is malformed (rule 13).
3. **Reply.** ``response.created`` opens the reply (``REPLY_START``). The
   reply id and the model call's key are ``response.id``; the session id is
   ``response.conversation.id`` when it is a string, else the response id.
   Any record before it but ``error`` is a violation in the SDK's words
   (``Expected to have received `response.created` before `X```).
4. **Lifecycle.** ``response.created`` again, ``response.queued`` and
   ``response.in_progress`` give nothing: their status is no finish (the
   response goes on). A lifecycle event naming another response id is a
   violation (``Lifecycle response identity changed.``).
5. **Output items.** ``response.output_item.added`` registers the item at
   ``output_index``. A ``function_call`` item starts a tool call
   (``TOOL_CALL_START``: ``tool_call_id`` = ``item.call_id``,
   ``tool_call_name`` = ``item.name``); arguments it already carries are
   its first input. ``message`` and ``reasoning`` items give nothing until
   their parts come; every other item type (web search, file search, code
   interpreter, computer, image generation, MCP, custom tool, shell, apply
   patch, compaction ...) is information and gives nothing. An added event
   whose ``item`` is null is the SDK's "empty added event": nothing, and its
   index stays unregistered. An index added twice is a violation
   (``Duplicate response output index N.``), and so is a call id another
   item of the response has (``Response snapshot has conflicting output
   identities.``).
6. **Item done.** ``response.output_item.done`` closes what the item left
   open: its blocks (``*_BLOCK_END``) and its call's input (a function call
   that streamed no input takes ``item.arguments`` as its input first, then
   ``TOOL_CALL_END``). The done item must be the added one: the same type,
   call id and id (the SDK's identity; a function call added without an id
   may gain one), else ``Completed output item identity changed.``.
7. **Parts and blocks.** ``response.content_part.added`` opens a block with
   the id ``<response id>.output.<output_index>.content.<content_index>``:
   a text block for an ``output_text`` or ``refusal`` part of a ``message``,
   a thinking block for a ``reasoning_text`` part of a ``reasoning`` item.
   ``response.reasoning_summary_part.added`` opens the thinking block
   ``<response id>.output.<output_index>.summary.<summary_index>`` for a
   ``summary_text`` part of a ``reasoning`` item. Text a part already carries
   is its first delta. A known part in another kind of item is a violation;
   a part of another type is information (no block). ``*_part.done`` ends
   the block.
8. **Deltas.** ``response.output_text.delta`` and ``response.refusal.delta``
   give ``TEXT_BLOCK_DELTA`` and a ``text`` chunk;
   ``response.reasoning_text.delta`` and
   ``response.reasoning_summary_text.delta`` give ``THINKING_BLOCK_DELTA``
   and a ``thinking`` chunk; ``response.function_call_arguments.delta``
   gives ``TOOL_CALL_DELTA`` and a ``tool_input`` chunk. The item must have
   been added (else, in the SDK's words, ``Received a content event for
   output index N before receiving its output item``) and not be done, and
   the part must be open and of the delta's type.
9. **Full texts.** ``response.output_text.done`` (``text``),
   ``response.refusal.done`` (``refusal``), ``response.reasoning_text.done``
   and ``response.reasoning_summary_text.done`` (``text``) and
   ``response.function_call_arguments.done`` (``arguments``) repeat the
   whole text. When no text came before, it is the one delta; when it is not
   the deltas joined, the record is a violation. Arguments done also end the
   call's input (``TOOL_CALL_END``).
10. **Terminal.** ``response.completed``, ``response.incomplete`` and
    ``response.failed`` end the response: the open blocks and inputs end, a
    ``model_error`` comes from ``response.error`` when it is an object, the
    finish word is ``response.status`` (``incomplete`` with
    ``incomplete_details.reason`` reads ``incomplete/<reason>``; with no
    status string, the status the event's type names), the receipt carries
    ``response.usage`` when it is an object (else no usage), and
    ``REPLY_END`` closes the reply. Any record after it is a violation
    (``X after the terminal Y``).
11. **Errors.** ``error`` gives a ``model_error`` (``code``, ``message``; a
    value that is not a string reads as null) and ends nothing: the stream
    may go on to its terminal event. Before ``response.created`` no response
    id is known and the error's call key is ``response``.
12. **Information.** Every other type of the union (web search, file search,
    code interpreter, image generation, MCP, custom tool input, shell,
    audio, annotations, compaction) gives nothing; it is checked for rules
    2, 3 and 10 only.
13. **Malformed.** A field a rule reads to act (an index, a delta, a text,
    an id, ``item``, ``part``, ``response``) missing or of another JSON
    type makes the record a violation (``X: `field` is null, not a
    string``); nothing of it is applied. Fields read as information
    (``usage``, ``error``, ``status``, ``incomplete_details``,
    ``conversation``, an added item's ``arguments``, a part's text) read as
    absent when they have another type.
14. **End of input.** Nothing is closed, finished or received: a stream cut
    off leaves its reply, blocks and calls open (``reduce`` warns), and its
    call without a finish (``judge``: no completion basis, or ``failed``
    after an ``error``).

A violation keeps its record whole on a line with a ``source_violation``
error, and the record changes nothing. Memory follows the open items and
parts (a running digest each, never their text) and the indexes and call
ids seen; each delta costs its own length.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from streamspec._completion_events import ModelErrorEvent
from streamspec._jsonl import Line, json_type
from streamspec.sources._importer import Importer
from streamspec.sources._writer import ReplyWriter

__all__ = [
    "IMPORTER",
    "INFORMATION_TYPES",
    "NO_RESPONSE_CALL",
    "OpenAIResponsesImporter",
    "import_lines",
]

_SOURCE: Final = "openai_responses"
#: The call key of an ``error`` before ``response.created`` (rule 11).
NO_RESPONSE_CALL: Final = "response"
#: Terminal wire types and the status each names (rule 10).
_TERMINAL_STATUS: Final = {
    "response.completed": "completed",
    "response.failed": "failed",
    "response.incomplete": "incomplete",
}
#: Types allowed before ``response.created`` (rules 3, 11).
_BEFORE_CREATED: Final = frozenset({"response.created", "error"})
#: The types of the union that give nothing (rule 12).
INFORMATION_TYPES: Final[tuple[str, ...]] = (
    "response.audio.delta", "response.audio.done", "response.audio.transcript.delta",
    "response.audio.transcript.done", "response.code_interpreter_call_code.delta",
    "response.code_interpreter_call_code.done", "response.code_interpreter_call.completed",
    "response.code_interpreter_call.in_progress", "response.code_interpreter_call.interpreting",
    "response.compaction.compacting", "response.file_search_call.completed",
    "response.file_search_call.in_progress", "response.file_search_call.searching",
    "response.shell_call_command.added", "response.shell_call_command.delta",
    "response.shell_call_command.done", "response.shell_call_output_content.delta",
    "response.shell_call_output_content.done", "response.web_search_call.completed",
    "response.web_search_call.in_progress", "response.web_search_call.searching",
    "response.image_generation_call.completed", "response.image_generation_call.generating",
    "response.image_generation_call.in_progress", "response.image_generation_call.partial_image",
    "response.mcp_call_arguments.delta", "response.mcp_call_arguments.done",
    "response.mcp_call.completed", "response.mcp_call.failed", "response.mcp_call.in_progress",
    "response.mcp_list_tools.completed", "response.mcp_list_tools.failed",
    "response.mcp_list_tools.in_progress", "response.output_text.annotation.added",
    "response.custom_tool_call_input.delta", "response.custom_tool_call_input.done",
)  # fmt: skip

_CONTENT: Final = "content"
_SUMMARY: Final = "summary"
_TEXT: Final = "text"
_THINKING: Final = "thinking"
_INPUT: Final = "input"
#: Family -> part type -> (the item type it belongs to, its block kind, the field of
#: its text) (rule 7); a part type not listed for its family is information.
_PARTS: Final = {
    _CONTENT: {
        "output_text": ("message", _TEXT, "text"),
        "refusal": ("message", _TEXT, "refusal"),
        "reasoning_text": ("reasoning", _THINKING, "text"),
    },
    _SUMMARY: {"summary_text": ("reasoning", _THINKING, "text")},
}
#: The index field of each part family.
_PART_INDEX: Final = {_CONTENT: "content_index", _SUMMARY: "summary_index"}
#: Item types that may gain an id after being added without one.
_ID_MAY_COME: Final = frozenset({"function_call", "custom_tool_call"})

_INDEX: Final = "an integer from 0"
_STRING: Final = "a string"
_OBJECT: Final = "an object"


class _Broken(Exception):
    """The record breaks the protocol: keep it whole with ``message`` (rule 13)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@attrs.define
class _Stream:
    """An open text: a part's block, or a function call's input.

    ``kind`` is the part type (``arguments`` for a call's input); ``target``
    is the block id or call id its text goes to (``None``: a part kept as
    information) and ``block`` what that target is (text, thinking or input);
    the digest stands for the text so far (rule 9).
    """

    kind: str
    target: str | None
    block: str = _INPUT
    digest: hashlib.blake2b = attrs.field(factory=hashlib.blake2b)
    streamed: bool = False

    def add(self, text: str) -> None:
        """Take ``text`` into the digest."""
        self.digest.update(text.encode("utf-8", "surrogatepass"))
        self.streamed = True

    def holds(self, text: str) -> bool:
        """Whether ``text`` is the text so far."""
        other = hashlib.blake2b(text.encode("utf-8", "surrogatepass"))
        return self.digest.digest() == other.digest()


@attrs.define
class _Item:
    """An output item added and not done (rules 5-7)."""

    type: str
    id: Any
    call_id: Any
    #: A function call's input while it is open.
    arguments: _Stream | None = None
    parts: dict[tuple[str, int], _Stream] = attrs.field(factory=dict)
    done_parts: set[tuple[str, int]] = attrs.field(factory=set)


def _found(container: Mapping[str, Any], key: str) -> str:
    return json_type(container[key]) if key in container else "missing"


def _malformed(type_: str, path: str, found: str, expected: str) -> _Broken:
    return _Broken(f"`{type_}`: `{path}` is {found}, not {expected}")


def _index(type_: str, container: Mapping[str, Any], key: str, prefix: str = "") -> int:
    value = container.get(key)
    if value.__class__ is int and value >= 0:
        return int(value)
    raise _malformed(type_, prefix + key, _found(container, key), _INDEX)


def _string(type_: str, container: Mapping[str, Any], key: str, prefix: str = "") -> str:
    value = container.get(key)
    if isinstance(value, str):
        return value
    raise _malformed(type_, prefix + key, _found(container, key), _STRING)


def _object(type_: str, container: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = container.get(key)
    if isinstance(value, dict):
        return value
    raise _malformed(type_, key, _found(container, key), _OBJECT)


def _text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _finish_word(type_: str, response: Mapping[str, Any]) -> str:
    """The finish word of a terminal event (rule 10)."""
    status = response.get("status")
    if not isinstance(status, str):
        status = _TERMINAL_STATUS[type_]
    if status != "incomplete":
        return status
    details = response.get("incomplete_details")
    reason = details.get("reason") if isinstance(details, dict) else None
    return f"incomplete/{reason}" if isinstance(reason, str) else status


class OpenAIResponsesImporter(Importer):
    """Reads OpenAI Responses stream events (see the module rules)."""

    SOURCE = _SOURCE
    TITLE = "OpenAI Responses"

    def __init__(self) -> None:
        self._writer: ReplyWriter | None = None
        self._terminal: str | None = None
        self._last_sequence: int | None = None
        self._items: dict[int, _Item] = {}
        self._done_items: set[int] = set()
        self._call_ids: set[str] = set()
        super().__init__()

    def handlers(self) -> Mapping[str, Callable[[dict[str, Any]], None]]:
        """``wire type -> handler``: the union's 59 types (rules 3-12)."""
        acting: dict[str, Callable[[str, dict[str, Any]], None]] = {
            "response.created": self._created,
            "response.queued": self._lifecycle,
            "response.in_progress": self._lifecycle,
            "response.output_item.added": self._item_added,
            "response.output_item.done": self._item_done,
            "response.content_part.added": self._part_added(_CONTENT),
            "response.content_part.done": self._part_done(_CONTENT),
            "response.output_text.delta": self._delta(_CONTENT, "output_text", "delta"),
            "response.output_text.done": self._full_text(_CONTENT, "output_text", "text"),
            "response.refusal.delta": self._delta(_CONTENT, "refusal", "delta"),
            "response.refusal.done": self._full_text(_CONTENT, "refusal", "refusal"),
            "response.reasoning_text.delta": self._delta(_CONTENT, "reasoning_text", "delta"),
            "response.reasoning_text.done": self._full_text(_CONTENT, "reasoning_text", "text"),
            "response.reasoning_summary_part.added": self._part_added(_SUMMARY),
            "response.reasoning_summary_part.done": self._part_done(_SUMMARY),
            "response.reasoning_summary_text.delta": self._delta(_SUMMARY, "summary_text", "delta"),
            "response.reasoning_summary_text.done": self._full_text(
                _SUMMARY, "summary_text", "text"
            ),
            "response.function_call_arguments.delta": self._arguments_delta,
            "response.function_call_arguments.done": self._arguments_done,
            "response.completed": self._terminal_event,
            "response.failed": self._terminal_event,
            "response.incomplete": self._terminal_event,
            "error": self._error,
        }
        for type_ in INFORMATION_TYPES:
            acting[type_] = self._information
        return {type_: self._checked(type_, handle) for type_, handle in acting.items()}

    # ------------------------------------------------------------ admission

    def _checked(
        self, type_: str, handle: Callable[[str, dict[str, Any]], None]
    ) -> Callable[[dict[str, Any]], None]:
        def run(record: dict[str, Any]) -> None:
            try:
                self._admit(type_, record)
                handle(type_, record)
            except _Broken as broken:
                self.violation(record, broken.message)

        return run

    def _admit(self, type_: str, record: dict[str, Any]) -> None:
        """Rules 10 (after the terminal event), 2 (order) and 3 (before the reply)."""
        if self._terminal is not None:
            raise _Broken(f"`{type_}` after the terminal `{self._terminal}`")
        if "sequence_number" in record:
            number = _index(type_, record, "sequence_number")
            last = self._last_sequence
            if last is not None and number <= last:
                raise _Broken(f"sequence_number {number} is not after {last}")
            self._last_sequence = number
        if self._writer is None and type_ not in _BEFORE_CREATED:
            raise _Broken(f"Expected to have received `response.created` before `{type_}`")

    @property
    def _reply(self) -> ReplyWriter:
        writer = self._writer
        assert writer is not None, "rule 3 admits no record that needs the reply before it"
        return writer

    # ------------------------------------------------------------ lifecycle

    def _response(self, type_: str, record: dict[str, Any]) -> dict[str, Any]:
        """The record's response, checked to be this reply's (rule 4)."""
        response = _object(type_, record, "response")
        response_id = _string(type_, response, "id", "response.")
        if self._writer is not None and response_id != self._writer.reply_id:
            raise _Broken("Lifecycle response identity changed.")
        return response

    def _created(self, type_: str, record: dict[str, Any]) -> None:
        response = self._response(type_, record)
        if self._writer is not None:
            return
        response_id: str = response["id"]
        conversation = response.get("conversation")
        session = conversation.get("id") if isinstance(conversation, dict) else None
        self._writer = ReplyWriter(
            self.emit,
            reply_id=response_id,
            session_id=session if isinstance(session, str) else response_id,
            call=response_id,
            vocabulary=_SOURCE,
            usage_source=_SOURCE,
        )
        self._writer.start()

    def _lifecycle(self, type_: str, record: dict[str, Any]) -> None:
        self._response(type_, record)

    def _terminal_event(self, type_: str, record: dict[str, Any]) -> None:
        response = self._response(type_, record)
        writer = self._reply
        self._terminal = type_
        writer.close_all()
        error = response.get("error")
        if isinstance(error, dict):
            writer.error(_text_or_none(error.get("code")), _text_or_none(error.get("message")))
        writer.finish(_finish_word(type_, response))
        usage = response.get("usage")
        writer.receipt(usage if isinstance(usage, dict) else None)
        writer.end()

    def _error(self, type_: str, record: dict[str, Any]) -> None:
        code = _text_or_none(record.get("code"))
        message = _text_or_none(record.get("message"))
        if self._writer is None:
            self.emit(ModelErrorEvent(call=NO_RESPONSE_CALL, code=code, message=message))
        else:
            self._writer.error(code, message)

    def _information(self, type_: str, record: dict[str, Any]) -> None:
        """Rule 12: nothing."""

    # ------------------------------------------------------------ items

    def _item_added(self, type_: str, record: dict[str, Any]) -> None:
        index = _index(type_, record, "output_index")
        if record.get("item") is None:
            return
        item = _object(type_, record, "item")
        item_type = _string(type_, item, "type", "item.")
        if index in self._items or index in self._done_items:
            raise _Broken(f"Duplicate response output index {index}.")
        added = _Item(item_type, item.get("id"), item.get("call_id"))
        if item_type == "function_call":
            self._call_added(type_, item, added)
        self._items[index] = added

    def _call_added(self, type_: str, item: dict[str, Any], added: _Item) -> None:
        call_id = _string(type_, item, "call_id", "item.")
        name = _string(type_, item, "name", "item.")
        if call_id in self._call_ids:
            raise _Broken("Response snapshot has conflicting output identities.")
        self._call_ids.add(call_id)
        added.arguments = _Stream("arguments", call_id)
        writer = self._reply
        writer.tool_start(call_id, name)
        arguments = item.get("arguments")
        if isinstance(arguments, str) and arguments:
            self._stream_text(added.arguments, arguments)

    def _item_done(self, type_: str, record: dict[str, Any]) -> None:
        index = _index(type_, record, "output_index")
        item = _object(type_, record, "item")
        item_type = _string(type_, item, "type", "item.")
        if index in self._done_items:
            raise _Broken(
                f"Received an output item done event for output index {index} "
                "after its output item was done"
            )
        added = self._items.get(index)
        if added is None:
            raise _Broken(
                f"Received an output item done event for output index {index} "
                "before receiving its output item"
            )
        self._check_identity(added, item_type, item)
        writer = self._reply
        for stream in added.parts.values():
            if stream.target is not None:
                writer.end_block(stream.target)
        call = added.arguments
        if call is not None and call.target is not None:
            arguments = item.get("arguments")
            if not call.streamed and isinstance(arguments, str) and arguments:
                self._stream_text(call, arguments)
            writer.tool_end(call.target)
        del self._items[index]
        self._done_items.add(index)

    @staticmethod
    def _check_identity(added: _Item, item_type: str, item: dict[str, Any]) -> None:
        """Rule 6: the SDK's ``_output_identity`` and ``_compatible_output_id``.

        The SDK's identity leaves the id out for calls and shell items, but its id check
        then asks for the same id anyway, unless a call added without one gains it.
        """
        done_id = item.get("id")
        same = (added.type, added.call_id) == (item_type, item.get("call_id"))
        compatible = added.id == done_id or (added.id is None and added.type in _ID_MAY_COME)
        if not (same and compatible):
            raise _Broken("Completed output item identity changed.")

    def _open_item(self, type_: str, record: dict[str, Any]) -> tuple[int, _Item]:
        """The item a content event names, added and not done (rule 8)."""
        index = _index(type_, record, "output_index")
        item = self._items.get(index)
        if item is not None:
            return index, item
        if index in self._done_items:
            raise _Broken(
                f"Received a content event for output index {index} after its output item was done"
            )
        raise _Broken(
            f"Received a content event for output index {index} before receiving its output item"
        )

    # ------------------------------------------------------------ parts

    def _part_added(self, family: str) -> Callable[[str, dict[str, Any]], None]:
        index_field = _PART_INDEX[family]

        def added(type_: str, record: dict[str, Any]) -> None:
            position = _index(type_, record, index_field)
            part = _object(type_, record, "part")
            kind = _string(type_, part, "type", "part.")
            output_index, item = self._open_item(type_, record)
            key = (family, position)
            if key in item.parts or key in item.done_parts:
                raise _Broken(
                    f"Duplicate {family} index {position} for output index {output_index}."
                )
            known = _PARTS[family].get(kind)
            if known is None:
                item.parts[key] = _Stream(kind, None)
                return
            item_type, block_kind, text_field = known
            if item.type != item_type:
                raise _Broken(
                    f"Received a `{kind}` part for output index {output_index}, "
                    f"a `{item.type}` item"
                )
            block_id = f"{self._reply.reply_id}.output.{output_index}.{family}.{position}"
            stream = item.parts[key] = _Stream(kind, block_id, block_kind)
            self._reply.open_block(block_id, block_kind)
            text = part.get(text_field)
            if isinstance(text, str) and text:
                self._stream_text(stream, text)

        return added

    def _part_done(self, family: str) -> Callable[[str, dict[str, Any]], None]:
        def done(type_: str, record: dict[str, Any]) -> None:
            item, key, stream = self._open_part(type_, record, family)
            del item.parts[key]
            item.done_parts.add(key)
            if stream.target is not None:
                self._reply.end_block(stream.target)

        return done

    def _open_part(
        self, type_: str, record: dict[str, Any], family: str
    ) -> tuple[_Item, tuple[str, int], _Stream]:
        """The part a content event names, added and not done (rule 8)."""
        position = _index(type_, record, _PART_INDEX[family])
        output_index, item = self._open_item(type_, record)
        key = (family, position)
        stream = item.parts.get(key)
        if stream is not None:
            return item, key, stream
        where = f"{family} index {position} of output index {output_index}"
        if key in item.done_parts:
            raise _Broken(f"Received a content event for {where} after its {family} part was done")
        raise _Broken(f"Received a content event for {where} before receiving its {family} part")

    def _kind_part(self, type_: str, record: dict[str, Any], family: str, kind: str) -> _Stream:
        _, _, stream = self._open_part(type_, record, family)
        if stream.kind != kind:
            raise _Broken(f"Received `{type_}` for a `{stream.kind}` part, not a `{kind}` part")
        return stream

    def _delta(self, family: str, kind: str, field: str) -> Callable[[str, dict[str, Any]], None]:
        def delta(type_: str, record: dict[str, Any]) -> None:
            text = _string(type_, record, field)
            stream = self._kind_part(type_, record, family, kind)
            self._stream_text(stream, text)

        return delta

    def _full_text(
        self, family: str, kind: str, field: str
    ) -> Callable[[str, dict[str, Any]], None]:
        def full_text(type_: str, record: dict[str, Any]) -> None:
            text = _string(type_, record, field)
            stream = self._kind_part(type_, record, family, kind)
            self._settle(type_, field, stream, text)

        return full_text

    # ------------------------------------------------------------ function calls

    def _open_call(self, type_: str, record: dict[str, Any]) -> tuple[_Item, _Stream]:
        """The function call an arguments event names, its input still open (rule 8)."""
        output_index, item = self._open_item(type_, record)
        if item.type != "function_call":
            raise _Broken(
                f"Received `{type_}` for output index {output_index}, a `{item.type}` item"
            )
        if item.arguments is None:
            raise _Broken(
                f"Received a content event for output index {output_index} "
                "after its arguments were done"
            )
        return item, item.arguments

    def _arguments_delta(self, type_: str, record: dict[str, Any]) -> None:
        text = _string(type_, record, "delta")
        _, stream = self._open_call(type_, record)
        self._stream_text(stream, text)

    def _arguments_done(self, type_: str, record: dict[str, Any]) -> None:
        text = _string(type_, record, "arguments")
        item, stream = self._open_call(type_, record)
        self._settle(type_, "arguments", stream, text)
        item.arguments = None
        if stream.target is not None:
            self._reply.tool_end(stream.target)

    # ------------------------------------------------------------ text

    def _settle(self, type_: str, field: str, stream: _Stream, text: str) -> None:
        """Rule 9: a full text is the one delta, or must be the deltas joined."""
        if not stream.streamed:
            if text:
                self._stream_text(stream, text)
        elif not stream.holds(text):
            raise _Broken(f"`{type_}`: `{field}` is not the deltas joined")

    def _stream_text(self, stream: _Stream, text: str) -> None:
        stream.add(text)
        target = stream.target
        if target is None:
            return
        writer = self._reply
        if stream.block == _TEXT:
            writer.text(target, text)
        elif stream.block == _THINKING:
            writer.thinking(target, text)
        else:
            writer.tool_input(target, text)


#: The importer class (the generic source tests instantiate it).
IMPORTER: Final = OpenAIResponsesImporter


def import_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Read OpenAI Responses provider lines into streamspec lines (the module rules)."""
    return OpenAIResponsesImporter().run(lines)
