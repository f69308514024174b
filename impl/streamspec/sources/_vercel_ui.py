"""The Vercel AI SDK UI message stream (v1) importer: chunks → one reply and its model call.

The wire is what ``createUIMessageStreamResponse`` sends (response header
``x-vercel-ai-ui-message-stream: v1``): SSE ``data: {...}`` lines ending with
``data: [DONE]``, or the same chunks as JSON lines. A chunk's ``type`` is a
lowercase hyphenated word. The table is ``spec/sources/vercel_ui.json``; the
SDK's own reader is ``processUIMessageStream`` (``ai`` 7.x), whose error texts
the violations quote. Each rule tested:

1. **Reply.** The reply starts at ``start`` or at the first chunk that gives
   an event (a part, a tool chunk, ``error``, ``finish``, ``abort``),
   whichever comes first. Its id is ``start.messageId`` when the reply starts
   at a ``start`` that has one, else ``vercel-ui-message``; the session is
   ``vercel-ui-session``; the model call's key is the reply id. A later
   ``start`` without a ``messageId`` or with the reply's id gives nothing
   (its metadata still counts, rule 8); one that names another id is a
   violation.
2. **Blocks.** ``text-start`` / ``reasoning-start`` open a text / thinking
   block, ``*-delta`` appends ``delta`` (a ``model_chunk`` too), ``*-end``
   closes it. The block id is the chunk's ``id``; an id an earlier block of
   the reply already used (either kind) becomes ``<id>~<n>``, the first
   ``n`` = 2, 3 … not used yet. ``finish-step`` closes every open text and
   reasoning block (the SDK forgets them: a later delta for them is a
   violation).
3. **Tool input.** ``tool-input-start`` starts call ``toolCallId`` named
   ``toolName``; ``tool-input-delta`` appends ``inputTextDelta``.
   ``tool-input-available`` ends the input (``TOOL_CALL_END``); when no delta
   was seen, its ``input`` (when present) is the whole input, as compact JSON.
   A call first named by ``tool-input-available`` or ``tool-input-error``
   starts there, with that chunk's ``toolName``.
4. **Approvals.** ``tool-approval-request`` asks the user about the call
   (``REQUIRE_USER_CONFIRM``, its input ending first when still streaming);
   ``tool-approval-response`` answers it (``USER_CONFIRM_RESULT``,
   ``confirmed`` = ``approved``). The call is named by ``toolCallId`` on the
   request and found by ``approvalId`` on the response. Both carry the call
   as ``{type: tool_call, id, name, input: "", state: pending,
   suggested_rules: []}`` and ``metadata.approval_id``; the answer adds
   ``metadata.reason`` when the chunk has ``reason``.
5. **Tool output.** ``tool-output-available``, ``tool-output-error``,
   ``tool-input-error`` and ``tool-output-denied`` give the call's result
   (its input ending first when still streaming): ``TOOL_RESULT_START`` (once
   per call), the result text as one ``TOOL_RESULT_TEXT_DELTA`` when it is
   not empty, and ``TOOL_RESULT_END`` with state ``success`` / ``error`` /
   ``error`` / ``denied``. The text is ``output`` (a string as it is,
   ``null`` as nothing, any other value as compact JSON) or ``errorText``. An
   output with ``preliminary: true`` starts the result and gives nothing
   else: a later output replaces it, and only the last one is the result.
6. **Finish.** ``finish`` gives the finish signal (``finishReason``, or
   ``None`` when absent; vocabulary ``vercel_ai``), the receipt (the text of
   every text block; usage by rule 8) and ends the reply: open blocks and
   tool inputs close, then ``REPLY_END``. ``abort`` gives the finish word
   ``abort`` (a cut word) and ends the reply with no receipt. ``error`` gives
   a ``model_error`` with no code and ``errorText`` as its message; the
   stream goes on, as in the SDK.
7. **Information.** ``start-step``, ``source-url``, ``source-document``,
   ``file``, ``reasoning-file``, ``custom``, ``data-<name>`` (every type that
   starts with ``data-``), ``message-metadata`` and ``steering-message`` are
   information: no reply meaning, no events, and their fields are not
   checked. ``reset-step`` closes what is open (blocks and tool inputs, as
   the SDK forgets them) and is kept whole on a line with an
   ``opaque_event`` info: the SDK also removes the step's parts, which
   streamspec cannot take back.
8. **Usage.** ``messageMetadata`` of ``start``, ``message-metadata`` and
   ``finish`` is merged as the SDK merges message metadata: only an object's
   ``usage`` key matters here; a new ``usage`` object is merged into an
   earlier one key by key (objects within recursively), any other value
   replaces it. At ``finish`` the usage is reported when it is an object
   whose ``inputTokens`` or ``outputTokens`` is a token count, and read with
   the ``vercel_ai`` mapping; else the receipt has no usage (the UI stream
   itself carries none).
9. **Violations.** Kept whole with a ``source_violation`` error, never
   folded: a field a rule reads that is missing when required or of the
   wrong JSON type (``null`` included); a delta or end for a part that is
   not open, a tool input delta for a call never started, a tool chunk for
   an unknown call or approval (the SDK's own errors); and what the SDK
   accepts silently: a second ``*-start`` for an open part, a second
   ``tool-input-start`` for a call, a ``tool-input-delta`` or
   ``tool-input-available`` after the input was available, an approval
   request or answer for a call not waiting for it, an approval id used
   twice, an output for a call whose result ended, a ``start`` naming
   another message, and any chunk after ``finish``, ``abort`` or ``[DONE]``.
10. **End.** ``[DONE]`` ends the stream and gives nothing; a second one is a
    violation. A stream that ends (or reaches ``[DONE]``) before ``finish``
    or ``abort`` leaves the reply, its open blocks, tool inputs and results
    open, with no finish and no receipt: ``reduce`` warns
    ``missing_reply_end``, ``judge`` finds no completion basis (or
    ``failed`` after an ``error``). A type the protocol does not define is
    kept with an ``unknown_record`` warning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from streamspec import _json_exact
from streamspec._diagnostics import Code
from streamspec._events import (
    RequireUserConfirmEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UserConfirmResultEvent,
)
from streamspec._json_kind import json_kind
from streamspec._jsonl import Line
from streamspec.sources._importer import Importer
from streamspec.sources._writer import ReplyWriter, token_count

__all__ = ["DEFAULT_MESSAGE_ID", "IMPORTER", "SESSION_ID", "VercelUiImporter", "import_lines"]

#: The reply id when no ``start`` chunk names one (rule 1).
DEFAULT_MESSAGE_ID: Final = "vercel-ui-message"
#: The session every reply of this source belongs to (rule 1).
SESSION_ID: Final = "vercel-ui-session"
#: The finish word an ``abort`` chunk gives (rule 6).
ABORT: Final = "abort"
#: The dispatch key of every ``data-<name>`` chunk (rule 7).
DATA_TYPE: Final = "data-<name>"

_VOCABULARY: Final = "vercel_ai"
_USAGE_SOURCE: Final = "vercel_ai"
_TEXT: Final = "text"
_THINKING: Final = "thinking"
_STRING: Final = "string"
_BOOLEAN: Final = "boolean"
_KINDS: Final[Mapping[str, type]] = {_STRING: str, _BOOLEAN: bool}

#: The fields each rule reads: ``type -> ((field, JSON type, required), ...)`` (rule 9).
CHECKED_FIELDS: Final[Mapping[str, tuple[tuple[str, str, bool], ...]]] = {
    "start": (("messageId", _STRING, False),),
    "text-start": (("id", _STRING, True),),
    "text-delta": (("id", _STRING, True), ("delta", _STRING, True)),
    "text-end": (("id", _STRING, True),),
    "reasoning-start": (("id", _STRING, True),),
    "reasoning-delta": (("id", _STRING, True), ("delta", _STRING, True)),
    "reasoning-end": (("id", _STRING, True),),
    "tool-input-start": (("toolCallId", _STRING, True), ("toolName", _STRING, True)),
    "tool-input-delta": (("toolCallId", _STRING, True), ("inputTextDelta", _STRING, True)),
    "tool-input-available": (("toolCallId", _STRING, True), ("toolName", _STRING, True)),
    "tool-input-error": (
        ("toolCallId", _STRING, True),
        ("toolName", _STRING, True),
        ("errorText", _STRING, True),
    ),
    "tool-approval-request": (("approvalId", _STRING, True), ("toolCallId", _STRING, True)),
    "tool-approval-response": (
        ("approvalId", _STRING, True),
        ("approved", _BOOLEAN, True),
        ("reason", _STRING, False),
    ),
    "tool-output-available": (("toolCallId", _STRING, True), ("preliminary", _BOOLEAN, False)),
    "tool-output-error": (("toolCallId", _STRING, True), ("errorText", _STRING, True)),
    "tool-output-denied": (("toolCallId", _STRING, True),),
    "error": (("errorText", _STRING, True),),
    "finish": (("finishReason", _STRING, False),),
}

#: The types that are information only (rule 7).
INFORMATION_TYPES: Final = (
    "start-step",
    "source-url",
    "source-document",
    "file",
    "reasoning-file",
    "custom",
    DATA_TYPE,
    "message-metadata",
    "steering-message",
)

# Tool call states, in the SDK's words.
_STREAMING: Final = "input-streaming"
_AVAILABLE: Final = "input-available"
_ASKED: Final = "approval-requested"
_ANSWERED: Final = "approval-responded"
_OUTPUT: Final = "output-available"
_OUTPUT_ERROR: Final = "output-error"
_DENIED: Final = "output-denied"


@attrs.define
class _Call:
    """One tool call: its name, its SDK state, and how far its result got."""

    name: str
    state: str = _STREAMING
    input_seen: bool = False
    #: ``none``, ``running`` (started, or a preliminary output) or ``ended``.
    result: str = "none"


def _compact(value: Any) -> str:
    return _json_exact.dumps(value).decode()


def _output_text(value: Any) -> str:
    """A tool output as result text (rule 5)."""
    if isinstance(value, str):
        return value
    return "" if value is None else _compact(value)


def _field_problem(
    record: Mapping[str, Any], fields: Iterable[tuple[str, str, bool]]
) -> str | None:
    """What is wrong with the fields a rule reads, or ``None`` (rule 9)."""
    for field, kind, required in fields:
        if field not in record:
            if required:
                return f'"{field}" must be a {kind} (found nothing)'
            continue
        value = record[field]
        if value.__class__ is not _KINDS[kind]:
            return f'"{field}" must be a {kind} (found {json_kind(value)})'
    return None


def _merged(base: Any, override: Any) -> Any:
    """``override`` merged into ``base`` as the SDK's ``mergeObjects`` does (rule 8)."""
    if not isinstance(base, dict) or not isinstance(override, dict):
        return override
    result = dict(base)
    for key, value in override.items():
        result[key] = _merged(base.get(key), value)
    return result


def _reported_usage(usage: Any) -> Mapping[str, Any] | None:
    """The usage the receipt carries, or ``None`` when none was reported (rule 8)."""
    if not isinstance(usage, dict):
        return None
    counts = (token_count(usage.get("inputTokens")), token_count(usage.get("outputTokens")))
    return None if counts == (None, None) else usage


def _tool_call_block(call_id: str, call: _Call) -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": call_id,
        "name": call.name,
        "input": "",
        "state": "pending",
        "suggested_rules": [],
    }


_Handler = Callable[[dict[str, Any]], None]


class _Dispatch(Mapping[str, _Handler]):
    """``wire type -> handler``, where every type that starts with ``data-`` is ``data-<name>``."""

    def __init__(self, table: Mapping[str, _Handler]) -> None:
        self._table = table

    def __getitem__(self, type_: str) -> _Handler:
        if type_ not in self._table and type_.startswith("data-"):
            return self._table[DATA_TYPE]
        return self._table[type_]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


class VercelUiImporter(Importer):
    """Reads one UI message stream into one reply (see the module rules)."""

    SOURCE = "vercel_ui"
    TITLE = "Vercel AI UI message stream"

    def __init__(self) -> None:
        self._writer: ReplyWriter | None = None
        #: ``finish`` or ``abort`` once the message ended (rule 6).
        self._ended_by: str | None = None
        self._done = False
        #: Open parts, in start order: ``(kind, wire id) -> block id``.
        self._open: dict[tuple[str, str], str] = {}
        self._used_blocks: set[str] = set()
        self._next_suffix: dict[str, int] = {}
        self._calls: dict[str, _Call] = {}
        #: Calls whose input is still streaming, in start order.
        self._streaming: dict[str, _Call] = {}
        self._approvals: dict[str, str] = {}
        self._usage: Any = None
        super().__init__()

    def handlers(self) -> Mapping[str, _Handler]:
        """Every wire type of the UI message stream v1 (rules 1-8)."""
        table: dict[str, _Handler] = {
            "start": self._start,
            "text-start": self._text_start,
            "text-delta": self._text_delta,
            "text-end": self._text_end,
            "reasoning-start": self._reasoning_start,
            "reasoning-delta": self._reasoning_delta,
            "reasoning-end": self._reasoning_end,
            "finish-step": self._finish_step,
            "reset-step": self._reset_step,
            "tool-input-start": self._tool_input_start,
            "tool-input-delta": self._tool_input_delta,
            "tool-input-available": self._tool_input_available,
            "tool-input-error": self._tool_input_error,
            "tool-approval-request": self._tool_approval_request,
            "tool-approval-response": self._tool_approval_response,
            "tool-output-available": self._tool_output_available,
            "tool-output-error": self._tool_output_error,
            "tool-output-denied": self._tool_output_denied,
            "error": self._error,
            "abort": self._abort,
            "finish": self._finish,
            "message-metadata": self._message_metadata,
        }
        for type_ in INFORMATION_TYPES:
            table.setdefault(type_, self._information)
        return _Dispatch({type_: self._guarded(type_, handler) for type_, handler in table.items()})

    def on_done(self) -> None:
        """``[DONE]`` ends the stream; a second one is a violation (rule 10)."""
        if self._done:
            self.violation(
                {"type": "[DONE]"}, "Received [DONE] after [DONE]; the stream had ended."
            )
        self._done = True

    # ------------------------------------------------------------ dispatch

    def _guarded(self, type_: str, handler: _Handler) -> _Handler:
        fields = CHECKED_FIELDS.get(type_, ())

        def run(record: dict[str, Any]) -> None:
            if self._after_end(record):
                return
            problem = _field_problem(record, fields)
            if problem is not None:
                self.violation(record, f"Invalid {record['type']} chunk: {problem}.")
                return
            handler(record)

        return run

    def _after_end(self, record: dict[str, Any]) -> bool:
        """Report a chunk after ``[DONE]``, ``finish`` or ``abort`` (rule 9)."""
        type_ = record["type"]
        if self._done:
            self.violation(record, f"Received {type_} after [DONE]; the stream had ended.")
            return True
        if self._ended_by is not None:
            self.violation(
                record, f"Received {type_} after the {self._ended_by} chunk; the message had ended."
            )
            return True
        return False

    def _reply(self, message_id: str | None = None) -> ReplyWriter:
        """The reply, started now when it has not started (rule 1)."""
        writer = self._writer
        if writer is None:
            reply_id = DEFAULT_MESSAGE_ID if message_id is None else message_id
            writer = self._writer = ReplyWriter(
                self.emit,
                reply_id=reply_id,
                session_id=SESSION_ID,
                call=reply_id,
                vocabulary=_VOCABULARY,
                usage_source=_USAGE_SOURCE,
            )
            writer.start()
        return writer

    # ------------------------------------------------------------ reply and metadata

    def _start(self, record: dict[str, Any]) -> None:
        message_id = record.get("messageId")
        if self._writer is None:
            self._reply(message_id)
        elif message_id is not None and message_id != self._writer.reply_id:
            self.violation(
                record,
                f'Received start for message ID "{message_id}" after message '
                f'"{self._writer.reply_id}" started; the SDK renames the message silently.',
            )
            return
        self._merge_metadata(record)

    def _merge_metadata(self, record: dict[str, Any]) -> None:
        metadata = record.get("messageMetadata")
        if isinstance(metadata, dict) and "usage" in metadata:
            self._usage = _merged(self._usage, metadata["usage"])

    def _message_metadata(self, record: dict[str, Any]) -> None:
        self._merge_metadata(record)

    def _information(self, record: dict[str, Any]) -> None:
        """Information: nothing (rule 7)."""

    # ------------------------------------------------------------ blocks

    def _block_id(self, wire_id: str) -> str:
        """A block id no earlier block of the reply used (rule 2)."""
        candidate = wire_id
        if candidate in self._used_blocks:
            suffix = self._next_suffix.get(wire_id, 2)
            candidate = f"{wire_id}~{suffix}"
            while candidate in self._used_blocks:
                suffix += 1
                candidate = f"{wire_id}~{suffix}"
            self._next_suffix[wire_id] = suffix + 1
        self._used_blocks.add(candidate)
        return candidate

    def _part_start(self, record: dict[str, Any], kind: str, part: str) -> None:
        wire_id: str = record["id"]
        if (kind, wire_id) in self._open:
            self.violation(
                record,
                f'Received {part}-start for {part} part with ID "{wire_id}", which is already '
                f"streaming; the SDK starts a second part silently.",
            )
            return
        block_id = self._open[kind, wire_id] = self._block_id(wire_id)
        self._reply().open_block(block_id, kind)

    def _open_part(self, record: dict[str, Any], kind: str, part: str) -> str | None:
        """The block of the open part the chunk names, or ``None`` after reporting it."""
        wire_id: str = record["id"]
        block_id = self._open.get((kind, wire_id))
        if block_id is None:
            type_ = record["type"]
            self.violation(
                record,
                f'Received {type_} for missing {part} part with ID "{wire_id}". '
                f'Ensure a "{part}-start" chunk is sent before any "{type_}" chunks.',
            )
        return block_id

    def _text_start(self, record: dict[str, Any]) -> None:
        self._part_start(record, _TEXT, "text")

    def _text_delta(self, record: dict[str, Any]) -> None:
        block_id = self._open_part(record, _TEXT, "text")
        if block_id is not None:
            self._reply().text(block_id, record["delta"])

    def _text_end(self, record: dict[str, Any]) -> None:
        block_id = self._open_part(record, _TEXT, "text")
        if block_id is not None:
            del self._open[_TEXT, record["id"]]
            self._reply().end_block(block_id)

    def _reasoning_start(self, record: dict[str, Any]) -> None:
        self._part_start(record, _THINKING, "reasoning")

    def _reasoning_delta(self, record: dict[str, Any]) -> None:
        block_id = self._open_part(record, _THINKING, "reasoning")
        if block_id is not None:
            self._reply().thinking(block_id, record["delta"])

    def _reasoning_end(self, record: dict[str, Any]) -> None:
        block_id = self._open_part(record, _THINKING, "reasoning")
        if block_id is not None:
            del self._open[_THINKING, record["id"]]
            self._reply().end_block(block_id)

    def _close_parts(self) -> None:
        """Close every open part, in start order (rules 2, 7)."""
        if self._writer is not None:
            for block_id in self._open.values():
                self._writer.end_block(block_id)
        self._open.clear()

    def _finish_step(self, record: dict[str, Any]) -> None:
        self._close_parts()

    def _reset_step(self, record: dict[str, Any]) -> None:
        self._close_parts()
        for call_id, call in list(self._streaming.items()):
            self._input_ended(call_id, call)
        self._keep(
            record,
            "reset-step",
            Code.OPAQUE_EVENT,
            f"{self.TITLE} reset-step chunk: the SDK removes the step's parts; streamspec "
            "cannot take them back, so they are kept and what was open is closed",
        )

    # ------------------------------------------------------------ tool input

    def _input_ended(self, call_id: str, call: _Call) -> None:
        """End the call's input if it is still streaming."""
        if call.state == _STREAMING:
            call.state = _AVAILABLE
            del self._streaming[call_id]
            if self._writer is not None:
                self._writer.tool_end(call_id)

    def _new_call(self, call_id: str, name: str) -> _Call:
        call = self._calls[call_id] = self._streaming[call_id] = _Call(name=name)
        self._reply().tool_start(call_id, name)
        return call

    def _tool_input_start(self, record: dict[str, Any]) -> None:
        call_id: str = record["toolCallId"]
        call = self._calls.get(call_id)
        if call is not None:
            self.violation(
                record,
                f'Received tool-input-start for tool call ID "{call_id}" in state {call.state}; '
                f"the SDK restarts its input silently.",
            )
            return
        self._new_call(call_id, record["toolName"])

    def _tool_input_delta(self, record: dict[str, Any]) -> None:
        call_id: str = record["toolCallId"]
        call = self._calls.get(call_id)
        if call is None:
            self.violation(
                record,
                f'Received tool-input-delta for missing tool call with ID "{call_id}". '
                f'Ensure a "tool-input-start" chunk is sent before any "tool-input-delta" chunks.',
            )
            return
        if call.state != _STREAMING:
            self.violation(
                record,
                f'Received tool-input-delta for tool call ID "{call_id}" in state {call.state}; '
                f"the SDK reopens its input silently.",
            )
            return
        call.input_seen = True
        self._reply().tool_input(call_id, record["inputTextDelta"])

    def _whole_input(self, call_id: str, call: _Call, record: dict[str, Any]) -> None:
        """Give ``input`` as the call's input when no delta was seen, then end it (rule 3)."""
        if call.state != _STREAMING:
            return
        if not call.input_seen and "input" in record:
            self._reply().tool_input(call_id, _compact(record["input"]))
        self._input_ended(call_id, call)

    def _tool_input_available(self, record: dict[str, Any]) -> None:
        call_id: str = record["toolCallId"]
        call = self._calls.get(call_id)
        if call is None:
            call = self._new_call(call_id, record["toolName"])
        elif call.state != _STREAMING:
            self.violation(
                record,
                f'Received tool-input-available for tool call ID "{call_id}" in state '
                f"{call.state}; the SDK replaces its input silently.",
            )
            return
        self._whole_input(call_id, call, record)

    def _tool_input_error(self, record: dict[str, Any]) -> None:
        call_id: str = record["toolCallId"]
        call = self._calls.get(call_id)
        if call is None:
            call = self._new_call(call_id, record["toolName"])
        elif not self._may_give_result(record, call_id, call):
            return
        self._whole_input(call_id, call, record)
        self._result(call_id, call, _OUTPUT_ERROR, record["errorText"], "error")

    # ------------------------------------------------------------ approvals

    def _known_call(self, record: dict[str, Any]) -> tuple[str, _Call] | None:
        """The call ``toolCallId`` names, or ``None`` after reporting it (the SDK's error)."""
        call_id: str = record["toolCallId"]
        call = self._calls.get(call_id)
        if call is None:
            self.violation(record, f'No tool invocation found for tool call ID "{call_id}".')
            return None
        return call_id, call

    def _tool_approval_request(self, record: dict[str, Any]) -> None:
        found = self._known_call(record)
        if found is None:
            return
        call_id, call = found
        approval_id: str = record["approvalId"]
        if call.state not in (_STREAMING, _AVAILABLE) or call.result != "none":
            self.violation(
                record,
                f'Received tool-approval-request for tool call ID "{call_id}" in state '
                f"{call.state}; the SDK asks again silently.",
            )
            return
        if approval_id in self._approvals:
            self.violation(
                record,
                f'Received tool-approval-request with approval ID "{approval_id}", already used '
                f'for tool call ID "{self._approvals[approval_id]}".',
            )
            return
        self._input_ended(call_id, call)
        self._approvals[approval_id] = call_id
        call.state = _ASKED
        self.emit(
            RequireUserConfirmEvent(
                reply_id=self._reply().reply_id,
                tool_calls=(_tool_call_block(call_id, call),),
                metadata={"approval_id": approval_id},
            )
        )

    def _tool_approval_response(self, record: dict[str, Any]) -> None:
        approval_id: str = record["approvalId"]
        call_id = self._approvals.get(approval_id)
        if call_id is None:
            self.violation(record, f'No tool invocation found for approval ID "{approval_id}".')
            return
        call = self._calls[call_id]
        if call.state != _ASKED:
            self.violation(
                record,
                f'Received tool-approval-response for approval ID "{approval_id}" of tool call '
                f'ID "{call_id}" in state {call.state}; the SDK answers again silently.',
            )
            return
        call.state = _ANSWERED
        metadata: dict[str, Any] = {"approval_id": approval_id}
        if "reason" in record:
            metadata["reason"] = record["reason"]
        answer = {"confirmed": record["approved"], "tool_call": _tool_call_block(call_id, call)}
        self.emit(
            UserConfirmResultEvent(
                reply_id=self._reply().reply_id, confirm_results=(answer,), metadata=metadata
            )
        )

    # ------------------------------------------------------------ tool output

    def _may_give_result(self, record: dict[str, Any], call_id: str, call: _Call) -> bool:
        """Whether the call can still take a result; reports it when not (rule 9)."""
        if call.result != "ended":
            return True
        self.violation(
            record,
            f'Received {record["type"]} for tool call ID "{call_id}" in state {call.state}; '
            f"the SDK replaces its output silently.",
        )
        return False

    def _output_call(self, record: dict[str, Any]) -> tuple[str, _Call] | None:
        found = self._known_call(record)
        if found is None or not self._may_give_result(record, *found):
            return None
        self._input_ended(*found)
        return found

    def _result_started(self, call_id: str, call: _Call) -> str:
        reply_id = self._reply().reply_id
        if call.result == "none":
            call.result = "running"
            self.emit(
                ToolResultStartEvent(
                    reply_id=reply_id, tool_call_id=call_id, tool_call_name=call.name
                )
            )
        return reply_id

    def _result(self, call_id: str, call: _Call, state: str, text: str, outcome: str) -> None:
        """Give the call's whole result: its text and its end (rule 5)."""
        reply_id = self._result_started(call_id, call)
        if text:
            self.emit(ToolResultTextDeltaEvent(reply_id=reply_id, tool_call_id=call_id, delta=text))
        self.emit(ToolResultEndEvent(reply_id=reply_id, tool_call_id=call_id, state=outcome))
        call.state = state
        call.result = "ended"

    def _tool_output_available(self, record: dict[str, Any]) -> None:
        found = self._output_call(record)
        if found is None:
            return
        call_id, call = found
        if record.get("preliminary") is True:
            self._result_started(call_id, call)
            call.state = _OUTPUT
            return
        self._result(call_id, call, _OUTPUT, _output_text(record.get("output")), "success")

    def _tool_output_error(self, record: dict[str, Any]) -> None:
        found = self._output_call(record)
        if found is not None:
            self._result(*found, _OUTPUT_ERROR, record["errorText"], "error")

    def _tool_output_denied(self, record: dict[str, Any]) -> None:
        found = self._output_call(record)
        if found is not None:
            self._result(*found, _DENIED, "", "denied")

    # ------------------------------------------------------------ the end

    def _error(self, record: dict[str, Any]) -> None:
        self._reply().error(None, record["errorText"])

    def _abort(self, record: dict[str, Any]) -> None:
        writer = self._reply()
        writer.finish(ABORT)
        writer.end()
        self._ended_by = "abort"

    def _finish(self, record: dict[str, Any]) -> None:
        self._merge_metadata(record)
        writer = self._reply()
        writer.finish(record.get("finishReason"))
        writer.receipt(_reported_usage(self._usage))
        writer.end()
        self._ended_by = "finish"


#: The importer class the registry and the generic tests use.
IMPORTER: Final = VercelUiImporter


def import_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Read provider lines (:func:`~streamspec.sources.provider_lines`) as a UI message stream."""
    return VercelUiImporter().run(lines)
