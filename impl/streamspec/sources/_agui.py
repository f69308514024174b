"""The AG-UI importer: AG-UI 1.0 event streams → streamspec reply and completion events.

The mapping as data is ``spec/sources/agui.json``. AG-UI names fields in
camelCase; the models of ``ag-ui-protocol`` 1.0 are the truth for their names
and types, and the TypeScript client's ``verifyEvents`` (1.0) for the order
and its messages. Each record is read in four steps (rules 2, 3, 8 and 4), then
means what its type's rule says. Rules:

1. **Types.** Every record is one event, dispatched on ``type``; each of
   AG-UI 1.0's 31 types has a handler. A type AG-UI 1.0 does not define, and
   a ``[DONE]`` line, is kept whole with an ``unknown_record`` warning and
   changes nothing (nor closes a chunk, rule 8).
2. **Shape.** A record is first checked against its type's fields: a
   required field missing, a field of the wrong JSON type, a timestamp or
   token count out of range (``±(2**53 - 1)``, counts from 0), a value outside
   its set (a text message's ``role``, a tool result's ``role``, a reasoning
   message's ``role``, an encrypted value's ``subtype``, a run outcome's
   ``type``), a malformed usage entry, interrupt or tool result content part
   → a ``source_violation`` with the SDK's (pydantic's) text, as
   ``<TYPE>.<field path>: <text>``. An optional field that is null reads as
   absent (``REASONING_MESSAGE_START.role`` excepted, which has a default).
   A number with no fractional part is an integer (``5.0`` is ``5``); a
   boolean or a numeric string is not a number. The payloads of the
   information events (state, patches, snapshots, the run's echoed input) are
   only checked to be of their JSON type; unknown fields are ignored.
3. **Null attribution.** ``subagentRunId: null`` on any record, ``null`` for
   an optional field of ``SUBAGENT_STARTED`` (``description``,
   ``parentSubagentRunId``, ``parentToolCallId``, ``parentMessageId``),
   ``SUBAGENT_FINISHED`` (``outcome``) or ``SUBAGENT_ERROR`` (``code``), and
   an interrupt's ``subagentRunId: null`` are violations with the verifier's
   messages (``Cannot send 'X' with 'subagentRunId: null'. The field is
   optional — omit it entirely.``). Which subagent owns an entity (the
   verifier's attribution checks) is not checked: ``subagentRunId`` is kept
   only in the input.
4. **Runs.** The stream is a sequence of runs. Before the first run, every
   record but ``RUN_STARTED`` and ``RUN_ERROR`` is a violation (``First event
   must be 'RUN_STARTED'``); ``RUN_STARTED`` while a run is open is one
   (``Cannot send 'RUN_STARTED' while a run is still active. ...``); after
   ``RUN_FINISHED`` only ``RUN_STARTED`` and ``RUN_ERROR`` are accepted
   (``Cannot send event type 'X': The run has already finished with
   'RUN_FINISHED'. ...``); after ``RUN_ERROR`` only ``RUN_STARTED``
   (``Cannot send event type 'X': The run has already errored with
   'RUN_ERROR'. ...``). A violation changes nothing.
5. **Reply.** ``RUN_STARTED`` opens a reply (``REPLY_START``, then the
   call's empty opening ``model_chunk``; see the reply writer) whose reply id
   and call key are the ``runId`` (``<runId>#<n>`` for the n-th run of the
   stream with that id) and whose session id is the ``threadId``. A
   ``RUN_ERROR`` with no run before it is a run of its own: reply id and call
   ``agui-run-1``, session ``agui-thread``.
6. **Text.** ``TEXT_MESSAGE_START`` opens a text block, ``TEXT_MESSAGE_CONTENT``
   appends its ``delta`` (``TEXT_BLOCK_DELTA`` and a ``model_chunk`` of
   channel ``text``), ``TEXT_MESSAGE_END`` ends it. The block id is the
   ``messageId``; when that id already named a block of the reply (a message
   opened again after its end, a reasoning message with the same id) it is
   ``<messageId>#<n>``, n the least number from 2 not yet used. ``role`` and
   ``name`` are not carried: the reply is one assistant message. A start for
   an open id, or content or an end for an id not open, is a violation
   (``A text message with ID 'm' is already in progress. ...``, ``No active
   text message found with ID 'm'. ...``).
7. **Tool calls.** ``TOOL_CALL_START`` gives ``TOOL_CALL_START``
   (``toolCallId``, ``toolCallName``), ``TOOL_CALL_ARGS`` a
   ``TOOL_CALL_DELTA`` and a ``tool_input`` chunk, ``TOOL_CALL_END`` a
   ``TOOL_CALL_END``; ``parentMessageId`` is not carried. A start for an open
   id, or args or an end for an id not open, is a violation. An id started
   again after its end is started again: the reducer rejects the second input
   of a call.
8. **Chunks.** ``TEXT_MESSAGE_CHUNK``, ``TOOL_CALL_CHUNK`` and
   ``REASONING_MESSAGE_CHUNK`` expand as the client's ``transformChunks``
   does. At most one entity opened by a chunk is pending. A chunk continues
   the pending entity of its kind when it names no id or the same id (a
   reasoning chunk's empty id counts as none); otherwise the pending entity
   ends (as its ``*_END`` would) and the chunk opens one: it must name its id
   (``First TEXT_MESSAGE_CHUNK must have a messageId``, ``First
   TOOL_CALL_CHUNK must have a toolCallId`` / ``... a toolCallName``,
   ``First REASONING_MESSAGE_CHUNK must have a messageId``) and is then read
   as the start it stands for (rules 4, 6, 7, 9). Its ``delta``, when
   present, is then that entity's content. A record of any other type but
   ``RAW``, ``ACTIVITY_SNAPSHOT``, ``ACTIVITY_DELTA``,
   ``REASONING_ENCRYPTED_VALUE`` and ``SUBAGENT_*`` first ends the pending
   entity, even when the record is then a violation.
9. **Reasoning.** ``REASONING_MESSAGE_START`` / ``_CONTENT`` / ``_END`` give
   a thinking block (ids as in rule 6; ``THINKING_BLOCK_DELTA`` and a
   ``thinking`` chunk). ``REASONING_START`` / ``REASONING_END`` open and close
   a span, checked like a message (``A reasoning span with ID 'r' is already
   in progress. ...``, ``No active reasoning span found with ID 'r'. ...``)
   and giving no event; ``REASONING_ENCRYPTED_VALUE`` gives none.
10. **Tool results.** ``TOOL_CALL_RESULT`` gives ``TOOL_RESULT_START``
    (``toolCallId``, the name the call was started with in this run, else
    ``""``), its content, and ``TOOL_RESULT_END`` with state ``success``.
    String content is one ``TOOL_RESULT_TEXT_DELTA`` (none when empty); in a
    list of parts, a text part is a text delta and a media part whose source
    is ``data`` (base64) or a ``url`` with a ``mimeType`` is a
    ``TOOL_RESULT_DATA_DELTA`` (``media_type`` = ``mimeType``, block id
    ``<messageId>.<index>``); a ``url`` without ``mimeType`` and a ``file``
    source are not carried. AG-UI checks nothing here: a result for a call
    of no open reply, a second result, or one before the call's input ended
    is the reducer's to report.
11. **Steps and subagents.** ``STEP_STARTED`` / ``STEP_FINISHED`` (keyed by
    the subagent and the step name) and ``SUBAGENT_STARTED`` /
    ``_FINISHED`` / ``_ERROR`` are checked with the verifier's messages
    (a step already active, a step finished that was not started or was
    started by another owner; a subagent already active, reused, with an
    unknown parent, finished while not active, or with an outcome other
    than ``success`` / ``suspended``) and give no event.
12. **Information.** ``STATE_SNAPSHOT``, ``STATE_DELTA``,
    ``MESSAGES_SNAPSHOT``, ``ACTIVITY_SNAPSHOT``, ``ACTIVITY_DELTA``, ``RAW``
    and ``CUSTOM`` give no event: they are checked (rules 2-4, 8) and kept
    only in the input. (A ``MESSAGES_SNAPSHOT`` does not replace the reply.)
13. **Finish.** ``RUN_FINISHED`` is a violation while a step, text message,
    reasoning message, reasoning span, tool call or subagent is open (``Cannot
    send 'RUN_FINISHED' while text messages are still active: m``, checked in
    that order). Otherwise it gives ``model_finish`` with the outcome's
    ``type`` (absent: ``success``; vocabulary ``ag_ui``); for an
    ``interrupt`` outcome, the interrupts whose ``toolCallId`` names a call
    of this run whose input ended and which has no result give one
    ``REQUIRE_USER_CONFIRM`` (input ``""``, ``metadata.interrupts`` those
    interrupts) first; then the receipt (``MODEL_CALL_END`` when both token
    counts are known, ``model_receipt`` with every text block's text and the
    usage of rule 15) and ``REPLY_END``.
14. **Errors.** ``RUN_ERROR`` in a run gives ``MODEL_CALL_END`` when its
    usage (rule 15) has both token counts, ``model_error`` (``code``,
    ``message``) and ``REPLY_END`` (closing what is open); there is no
    receipt. A ``RUN_ERROR`` after ``RUN_FINISHED`` (which AG-UI allows)
    gives only ``model_error`` for that run's call.
15. **Usage.** ``usage`` is a list of ``TokenUsage`` (one per provider and
    model). Each key of the ``ag_ui`` usage mapping (``inputTokens``,
    ``outputTokens``, ``cachedInputTokens``, ``cacheWriteInputTokens``) is
    the sum over the entries, known only when every entry reports it. No
    list, an empty one, or no key known: usage not reported.
16. **End of input.** Nothing is closed: a run still open has no finish, no
    receipt and no ``REPLY_END`` (AG-UI: a run with no terminal event has no
    outcome and must not be reported as success), so ``reduce`` warns
    ``missing_reply_end`` / ``open_at_end`` and ``judge`` finds no completion
    basis; a pending chunk stays open.

A run keeps what its rules need: the ids open, the names of its tool calls,
the block ids given and each text block's text (for the receipt).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

from streamspec._events import (
    ModelCallEndEvent,
    RequireUserConfirmEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
)
from streamspec._jsonl import Line
from streamspec.completion._table import completion_table
from streamspec.sources._importer import Importer
from streamspec.sources._writer import ReplyWriter, canonical_usage

__all__ = [
    "AGUI_VERSION",
    "FIELDS",
    "IMPORTER",
    "AguiImporter",
    "import_lines",
    "shape_problem",
    "summed_usage",
]

#: The AG-UI version the rules are written against.
AGUI_VERSION: Final = "1.0"
_VOCABULARY: Final = "ag_ui"
_USAGE_SOURCE: Final = "ag_ui"
_MAX_SAFE: Final = 2**53 - 1
_THREAD: Final = "agui-thread"
_BARE_RUN: Final = "agui-run-1"

#: A field's problem: the path below the field (``""`` for itself) and the text.
_Problem = tuple[str, str]
_Check = Callable[[Any], _Problem | None]

# ------------------------------------------------------------------ shapes (rule 2)


def _is_integer(value: Any) -> bool:
    if value.__class__ is int:
        return True
    return value.__class__ is float and math.isfinite(value) and value.is_integer()


def _string(value: Any) -> _Problem | None:
    return None if isinstance(value, str) else ("", "Input should be a valid string")


def _boolean(value: Any) -> _Problem | None:
    return None if isinstance(value, bool) else ("", "Input should be a valid boolean")


def _object(value: Any) -> _Problem | None:
    return None if isinstance(value, dict) else ("", "Input should be a valid dictionary")


def _array(value: Any) -> _Problem | None:
    return None if isinstance(value, list) else ("", "Input should be a valid list")


def _anything(value: Any) -> _Problem | None:
    return None


def _integer(value: Any) -> _Problem | None:
    if value.__class__ is float and not _is_integer(value):
        return "", "Input should be a valid integer, got a number with a fractional part"
    if not _is_integer(value):
        return "", "Input should be a valid integer"
    if value > _MAX_SAFE:
        return "", f"Input should be less than or equal to {_MAX_SAFE}"
    if value < -_MAX_SAFE:
        return "", f"Input should be greater than or equal to {-_MAX_SAFE}"
    return None


def _count(value: Any) -> _Problem | None:
    problem = _integer(value)
    if problem is None and value < 0:
        return "", "Input should be greater than or equal to 0"
    return problem


def _one_of(*allowed: str) -> _Check:
    quoted = [f"'{value}'" for value in allowed]
    shown = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"

    def check(value: Any) -> _Problem | None:
        return None if value in allowed else ("", f"Input should be {shown}")

    return check


def _strings(value: Any) -> _Problem | None:
    if not isinstance(value, list):
        return "", "Input should be a valid list"
    for index, item in enumerate(value):
        if not isinstance(item, str):
            return f".{index}", "Input should be a valid string"
    return None


#: ``field -> (check, required, nullable)``: a field's shape in the SDK's model.
_Fields = Mapping[str, tuple[_Check, bool, bool]]

#: ``(required, nullable)`` of a required field, an optional one, one with a default.
_REQUIRED: Final = (True, False)
_OPTIONAL: Final = (False, True)
_DEFAULTED: Final = (False, False)
_ANY_VALUE: Final = (True, True)


def _fields(**shapes: tuple[_Check, tuple[bool, bool]]) -> dict[str, tuple[_Check, bool, bool]]:
    return {name: (check, *presence) for name, (check, presence) in shapes.items()}


def _problem_in(fields: _Fields, value: Any) -> _Problem | None:
    """The first problem of an object against ``fields``, or ``None``."""
    if not isinstance(value, dict):
        return "", "Input should be a valid dictionary"
    for name, (check, required, nullable) in fields.items():
        if name not in value:
            if required:
                return f".{name}", "Field required"
            continue
        field = value[name]
        if field is None and nullable:
            continue
        problem = check(field)
        if problem is not None:
            return f".{name}{problem[0]}", problem[1]
    return None


def _each(check: _Check, *, at_least_one: bool = False) -> _Check:
    def check_all(value: Any) -> _Problem | None:
        if not isinstance(value, list):
            return "", "Input should be a valid list"
        for index, item in enumerate(value):
            problem = check(item)
            if problem is not None:
                return f".{index}{problem[0]}", problem[1]
        if at_least_one and not value:
            return "", "List should have at least 1 item after validation, not 0"
        return None

    return check_all


def _model(fields: _Fields) -> _Check:
    def check(value: Any) -> _Problem | None:
        return _problem_in(fields, value)

    return check


def _tagged(kinds: Mapping[str, _Fields]) -> _Check:
    """A union told apart by its ``type``, as pydantic reads a discriminated union."""
    tags = ", ".join(f"'{kind}'" for kind in kinds)

    def check(value: Any) -> _Problem | None:
        if not isinstance(value, dict):
            return "", "Input should be a valid dictionary"
        if "type" not in value:
            return "", "Unable to extract tag using discriminator 'type'"
        kind = value["type"]
        if not isinstance(kind, str) or kind not in kinds:
            return "", (
                f"Input tag '{kind}' found using 'type' does not match any of the expected "
                f"tags: {tags}"
            )
        problem = _problem_in(kinds[kind], value)
        return None if problem is None else (f".{kind}{problem[0]}", problem[1])

    return check


_TOKEN_USAGE: Final = _fields(
    provider=(_string, _OPTIONAL),
    model=(_string, _OPTIONAL),
    inputTokens=(_count, _OPTIONAL),
    outputTokens=(_count, _OPTIONAL),
    totalTokens=(_count, _OPTIONAL),
    reasoningTokens=(_count, _OPTIONAL),
    cachedInputTokens=(_count, _OPTIONAL),
    cacheWriteInputTokens=(_count, _OPTIONAL),
)
_INTERRUPT: Final = _fields(
    subagentRunId=(_string, _OPTIONAL),
    id=(_string, _REQUIRED),
    reason=(_string, _REQUIRED),
    message=(_string, _OPTIONAL),
    toolCallId=(_string, _OPTIONAL),
    responseSchema=(_object, _OPTIONAL),
    expiresAt=(_string, _OPTIONAL),
    metadata=(_object, _OPTIONAL),
)
_RUN_OUTCOME: Final = _tagged(
    {
        "success": _fields(pendingToolCallIds=(_strings, _OPTIONAL)),
        "interrupt": _fields(interrupts=(_each(_model(_INTERRUPT), at_least_one=True), _REQUIRED)),
        "cancelled": {},
    }
)
_SOURCE: Final = _tagged(
    {
        "data": _fields(value=(_string, _REQUIRED), mimeType=(_string, _REQUIRED)),
        "url": _fields(value=(_string, _REQUIRED), mimeType=(_string, _OPTIONAL)),
        "file": _fields(
            value=(_string, _REQUIRED),
            provider=(_string, _OPTIONAL),
            mimeType=(_string, _OPTIONAL),
        ),
    }
)
_MEDIA_PART: Final = _fields(
    id=(_string, _OPTIONAL), source=(_SOURCE, _REQUIRED), metadata=(_anything, _OPTIONAL)
)
_PART: Final = _tagged(
    {
        "text": _fields(
            id=(_string, _OPTIONAL), text=(_string, _REQUIRED), metadata=(_anything, _OPTIONAL)
        ),
        "image": _MEDIA_PART,
        "audio": _MEDIA_PART,
        "video": _MEDIA_PART,
        "document": _MEDIA_PART,
    }
)


def _content(value: Any) -> _Problem | None:
    if isinstance(value, str):
        return None
    if not isinstance(value, list):
        return "", "Input should be a valid string or a list of content parts"
    return _each(_PART)(value)


_USAGE: Final = _each(_model(_TOKEN_USAGE))
_TEXT_ROLE: Final = _one_of("developer", "system", "assistant", "user")
_BASE: Final = _fields(
    timestamp=(_integer, _OPTIONAL), rawEvent=(_anything, _OPTIONAL), metadata=(_object, _OPTIONAL)
)
_ATTRIBUTED: Final = {**_BASE, **_fields(subagentRunId=(_string, _OPTIONAL))}


def _attributed(**shapes: tuple[_Check, tuple[bool, bool]]) -> dict[str, tuple[_Check, bool, bool]]:
    return {**_ATTRIBUTED, **_fields(**shapes)}


def _run_scoped(**shapes: tuple[_Check, tuple[bool, bool]]) -> dict[str, tuple[_Check, bool, bool]]:
    return {**_BASE, **_fields(**shapes)}


#: Every AG-UI 1.0 type and its fields, as ``ag-ui-protocol`` 1.0 declares them.
FIELDS: Final[Mapping[str, _Fields]] = {
    "RUN_STARTED": _run_scoped(
        threadId=(_string, _REQUIRED),
        runId=(_string, _REQUIRED),
        protocolVersion=(_string, _OPTIONAL),
        parentRunId=(_string, _OPTIONAL),
        input=(_object, _OPTIONAL),
    ),
    "RUN_FINISHED": _run_scoped(
        threadId=(_string, _REQUIRED),
        runId=(_string, _REQUIRED),
        result=(_anything, _OPTIONAL),
        outcome=(_RUN_OUTCOME, _OPTIONAL),
        usage=(_USAGE, _OPTIONAL),
    ),
    "RUN_ERROR": _run_scoped(
        message=(_string, _REQUIRED), code=(_string, _OPTIONAL), usage=(_USAGE, _OPTIONAL)
    ),
    "STEP_STARTED": _attributed(stepName=(_string, _REQUIRED)),
    "STEP_FINISHED": _attributed(stepName=(_string, _REQUIRED)),
    "TEXT_MESSAGE_START": _attributed(
        messageId=(_string, _REQUIRED), role=(_TEXT_ROLE, _OPTIONAL), name=(_string, _OPTIONAL)
    ),
    "TEXT_MESSAGE_CONTENT": _attributed(messageId=(_string, _REQUIRED), delta=(_string, _REQUIRED)),
    "TEXT_MESSAGE_END": _attributed(messageId=(_string, _REQUIRED)),
    "TEXT_MESSAGE_CHUNK": _attributed(
        messageId=(_string, _OPTIONAL),
        role=(_TEXT_ROLE, _OPTIONAL),
        delta=(_string, _OPTIONAL),
        name=(_string, _OPTIONAL),
    ),
    "TOOL_CALL_START": _attributed(
        toolCallId=(_string, _REQUIRED),
        toolCallName=(_string, _REQUIRED),
        parentMessageId=(_string, _OPTIONAL),
    ),
    "TOOL_CALL_ARGS": _attributed(toolCallId=(_string, _REQUIRED), delta=(_string, _REQUIRED)),
    "TOOL_CALL_END": _attributed(toolCallId=(_string, _REQUIRED)),
    "TOOL_CALL_CHUNK": _attributed(
        toolCallId=(_string, _OPTIONAL),
        toolCallName=(_string, _OPTIONAL),
        parentMessageId=(_string, _OPTIONAL),
        delta=(_string, _OPTIONAL),
    ),
    "TOOL_CALL_RESULT": _attributed(
        messageId=(_string, _REQUIRED),
        toolCallId=(_string, _REQUIRED),
        content=(_content, _REQUIRED),
        role=(_one_of("tool"), _OPTIONAL),
    ),
    "REASONING_START": _attributed(messageId=(_string, _REQUIRED)),
    "REASONING_END": _attributed(messageId=(_string, _REQUIRED)),
    "REASONING_MESSAGE_START": _attributed(
        messageId=(_string, _REQUIRED), role=(_one_of("reasoning"), _DEFAULTED)
    ),
    "REASONING_MESSAGE_CONTENT": _attributed(
        messageId=(_string, _REQUIRED), delta=(_string, _REQUIRED)
    ),
    "REASONING_MESSAGE_END": _attributed(messageId=(_string, _REQUIRED)),
    "REASONING_MESSAGE_CHUNK": _attributed(
        messageId=(_string, _OPTIONAL), delta=(_string, _OPTIONAL)
    ),
    "REASONING_ENCRYPTED_VALUE": _attributed(
        subtype=(_one_of("tool-call", "message"), _REQUIRED),
        entityId=(_string, _REQUIRED),
        encryptedValue=(_string, _REQUIRED),
    ),
    "STATE_SNAPSHOT": _attributed(snapshot=(_anything, _ANY_VALUE)),
    "STATE_DELTA": _attributed(delta=(_array, _REQUIRED)),
    "MESSAGES_SNAPSHOT": _run_scoped(messages=(_array, _REQUIRED)),
    "ACTIVITY_SNAPSHOT": _attributed(
        messageId=(_string, _REQUIRED),
        activityType=(_string, _REQUIRED),
        content=(_object, _REQUIRED),
        replace=(_boolean, _OPTIONAL),
    ),
    "ACTIVITY_DELTA": _attributed(
        messageId=(_string, _REQUIRED),
        activityType=(_string, _REQUIRED),
        patch=(_array, _REQUIRED),
    ),
    "RAW": _attributed(event=(_anything, _ANY_VALUE), source=(_string, _OPTIONAL)),
    "CUSTOM": _attributed(name=(_string, _REQUIRED), value=(_anything, _ANY_VALUE)),
    "SUBAGENT_STARTED": _run_scoped(
        subagentRunId=(_string, _REQUIRED),
        name=(_string, _REQUIRED),
        description=(_string, _OPTIONAL),
        parentSubagentRunId=(_string, _OPTIONAL),
        parentToolCallId=(_string, _OPTIONAL),
        parentMessageId=(_string, _OPTIONAL),
    ),
    "SUBAGENT_FINISHED": _run_scoped(
        subagentRunId=(_string, _REQUIRED),
        result=(_anything, _OPTIONAL),
        outcome=(_anything, _OPTIONAL),
    ),
    "SUBAGENT_ERROR": _run_scoped(
        subagentRunId=(_string, _REQUIRED), message=(_string, _REQUIRED), code=(_string, _OPTIONAL)
    ),
}


def shape_problem(type_: str, record: Mapping[str, Any]) -> str | None:
    """Rule 2: the SDK's complaint about ``record`` as a ``type_`` event, or ``None``."""
    problem = _problem_in(FIELDS[type_], dict(record))
    return None if problem is None else f"{type_}{problem[0]}: {problem[1]}"


# ------------------------------------------------------------------ the verifier's words

_NO_RUN: Final = "First event must be 'RUN_STARTED'"
_STILL_ACTIVE: Final = (
    "Cannot send 'RUN_STARTED' while a run is still active. The previous run must be "
    "finished with 'RUN_FINISHED' before starting a new run."
)
_LIFECYCLE_OPTIONALS: Final = {
    "SUBAGENT_STARTED": (
        "description",
        "parentSubagentRunId",
        "parentToolCallId",
        "parentMessageId",
    ),
    "SUBAGENT_FINISHED": ("outcome",),
    "SUBAGENT_ERROR": ("code",),
}
#: Types that pass a pending chunk by (rule 8); every other type ends it first.
_PASS_PENDING: Final = frozenset(
    {
        "RAW",
        "ACTIVITY_SNAPSHOT",
        "ACTIVITY_DELTA",
        "REASONING_ENCRYPTED_VALUE",
        "SUBAGENT_STARTED",
        "SUBAGENT_FINISHED",
        "SUBAGENT_ERROR",
    }
)
_CHUNKS: Final = frozenset({"TEXT_MESSAGE_CHUNK", "TOOL_CALL_CHUNK", "REASONING_MESSAGE_CHUNK"})


def _after_finished(type_: str) -> str:
    return (
        f"Cannot send event type '{type_}': The run has already finished with 'RUN_FINISHED'. "
        "Start a new run with 'RUN_STARTED'."
    )


def _after_error(type_: str) -> str:
    return (
        f"Cannot send event type '{type_}': The run has already errored with 'RUN_ERROR'. "
        "No further events can be sent."
    )


def _null_field(type_: str, field: str) -> str:
    return f"Cannot send '{type_}' with '{field}: null'. The field is optional — omit it entirely."


def _null_attribution(type_: str, record: Mapping[str, Any]) -> str | None:
    """Rule 3: the verifier's complaint about a null it never accepts, or ``None``."""
    if "subagentRunId" in record and record["subagentRunId"] is None:
        return _null_field(type_, "subagentRunId")
    for field in _LIFECYCLE_OPTIONALS.get(type_, ()):
        if field in record and record[field] is None:
            return _null_field(type_, field)
    outcome = record.get("outcome")
    if type_ == "RUN_FINISHED" and isinstance(outcome, dict) and outcome.get("type") == "interrupt":
        for interrupt in outcome.get("interrupts", ()):
            if "subagentRunId" in interrupt and interrupt["subagentRunId"] is None:
                return (
                    f"Cannot send 'RUN_FINISHED' with an interrupt (id '{interrupt['id']}') "
                    "carrying 'subagentRunId: null'. The field is optional — omit it entirely."
                )
    return None


def _subagent_outcome(type_: str, outcome: Any) -> str | None:
    """Rule 11: the verifier's complaint about a subagent's outcome, or ``None``."""
    if outcome is None:
        return None
    kind = outcome.get("type") if isinstance(outcome, dict) else None
    if not isinstance(outcome, dict) or kind not in ("success", "suspended"):
        return (
            f"Cannot send '{type_}' with outcome type '{_js_string(kind)}'. The outcome is either "
            '{ type: "success" } or { type: "suspended" }.'
        )
    if "interruptIds" not in outcome:
        return None
    ids = outcome["interruptIds"]
    if ids is None:
        return _null_field(type_, "outcome.interruptIds")
    if not isinstance(ids, list):
        return f"{type_}.outcome.{kind}.interruptIds: Input should be a valid list"
    if any(not isinstance(item, str) for item in ids):
        return (
            f"Cannot send '{type_}' with a non-string entry in 'outcome.interruptIds'. "
            "Interrupt ids are strings."
        )
    return None


def _js_string(value: Any) -> str:
    """``value`` as JavaScript's ``String()`` shows a JSON value's absence or a word."""
    if value is None:
        return "undefined"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# ------------------------------------------------------------------ usage (rule 15)


def summed_usage(entries: Any) -> dict[str, int] | None:
    """Rule 15: the ``ag_ui`` usage keys summed over ``entries``, or ``None`` (not reported)."""
    if not isinstance(entries, list) or not entries:
        return None
    total: dict[str, int] = {}
    for key in completion_table().usage_sources[_USAGE_SOURCE]:
        counts = [entry.get(key) for entry in entries]
        if all(count is not None for count in counts):
            total[key] = sum(int(count) for count in counts)
    return total or None


# ------------------------------------------------------------------ a run


class _Run:
    """What one run keeps: its reply writer and the entities its rules track."""

    def __init__(self, writer: ReplyWriter) -> None:
        self.writer = writer
        #: Open text messages: ``messageId -> block id``.
        self.texts: dict[str, str] = {}
        #: Open reasoning messages: ``messageId -> block id``.
        self.thoughts: dict[str, str] = {}
        self.spans: dict[str, None] = {}
        #: Open tool calls, in start order (their names are in :attr:`names`).
        self.calls: dict[str, None] = {}
        #: Every tool call of the run: ``toolCallId -> name``.
        self.names: dict[str, str] = {}
        #: Calls whose input ended and that have no result yet.
        self.waiting: dict[str, None] = {}
        #: Calls that have a result.
        self.answered: set[str] = set()
        #: Open steps: ``(owner, stepName)``, in start order.
        self.steps: dict[tuple[str | None, str], None] = {}
        self.subagents: dict[str, None] = {}
        self.closed_subagents: set[str] = set()
        self.block_ids: set[str] = set()
        #: ``messageId -> the n its next block id tries`` (rule 6).
        self.next_use: dict[str, int] = {}
        #: The entity a chunk opened and no other record ended: ``(kind, id)``.
        self.pending: tuple[str, str] | None = None

    def block_id(self, message_id: str) -> str:
        """Rule 6: the id of a new block for ``message_id``."""
        n = self.next_use.get(message_id, 1)
        candidate = message_id if n == 1 else f"{message_id}#{n}"
        while candidate in self.block_ids:
            n += 1
            candidate = f"{message_id}#{n}"
        self.next_use[message_id] = n + 1
        self.block_ids.add(candidate)
        return candidate


# ------------------------------------------------------------------ the importer


class AguiImporter(Importer):
    """AG-UI 1.0 events → streamspec lines (see the module rules)."""

    SOURCE = "agui"
    TITLE = "AG-UI"

    def __init__(self) -> None:
        #: ``none`` (no run yet), ``running``, ``finished`` or ``errored``.
        self.phase = "none"
        self._run: _Run | None = None
        self._run_ids: dict[str, int] = {}
        super().__init__()

    def handlers(self) -> Mapping[str, Callable[[dict[str, Any]], None]]:
        """Every AG-UI 1.0 type (rule 1), read through rules 2-4 and 8 first."""
        meanings: dict[str, Callable[[dict[str, Any]], str | None]] = {
            "RUN_STARTED": self._run_started,
            "RUN_FINISHED": self._run_finished,
            "RUN_ERROR": self._run_error,
            "STEP_STARTED": self._step_started,
            "STEP_FINISHED": self._step_finished,
            "TEXT_MESSAGE_START": self._text_start,
            "TEXT_MESSAGE_CONTENT": self._text_content,
            "TEXT_MESSAGE_END": self._text_end,
            "TEXT_MESSAGE_CHUNK": self._text_chunk,
            "TOOL_CALL_START": self._tool_start,
            "TOOL_CALL_ARGS": self._tool_args,
            "TOOL_CALL_END": self._tool_end,
            "TOOL_CALL_CHUNK": self._tool_chunk,
            "TOOL_CALL_RESULT": self._tool_result,
            "REASONING_START": self._reasoning_start,
            "REASONING_END": self._reasoning_end,
            "REASONING_MESSAGE_START": self._thought_start,
            "REASONING_MESSAGE_CONTENT": self._thought_content,
            "REASONING_MESSAGE_END": self._thought_end,
            "REASONING_MESSAGE_CHUNK": self._thought_chunk,
            "REASONING_ENCRYPTED_VALUE": self._information,
            "STATE_SNAPSHOT": self._information,
            "STATE_DELTA": self._information,
            "MESSAGES_SNAPSHOT": self._information,
            "ACTIVITY_SNAPSHOT": self._information,
            "ACTIVITY_DELTA": self._information,
            "RAW": self._information,
            "CUSTOM": self._information,
            "SUBAGENT_STARTED": self._subagent_started,
            "SUBAGENT_FINISHED": self._subagent_ended,
            "SUBAGENT_ERROR": self._subagent_ended,
        }
        return {type_: self._reader(type_, meaning) for type_, meaning in meanings.items()}

    def _reader(
        self, type_: str, meaning: Callable[[dict[str, Any]], str | None]
    ) -> Callable[[dict[str, Any]], None]:
        def read(record: dict[str, Any]) -> None:
            problem = shape_problem(type_, record) or _null_attribution(type_, record)
            if problem is None:
                if type_ not in _CHUNKS:
                    if type_ not in _PASS_PENDING:
                        self._end_pending()
                    problem = self._lifecycle(type_)
                problem = problem or meaning(record)
            if problem is not None:
                self.violation(record, problem)

        return read

    # ------------------------------------------------------------ runs (rules 4, 5, 13-15)

    def _lifecycle(self, type_: str) -> str | None:
        """Rule 4: the verifier's complaint about a record of ``type_`` now, or ``None``."""
        if self.phase == "errored" and type_ != "RUN_STARTED":
            return _after_error(type_)
        if self.phase == "finished" and type_ not in ("RUN_STARTED", "RUN_ERROR"):
            return _after_finished(type_)
        if self.phase == "none" and type_ not in ("RUN_STARTED", "RUN_ERROR"):
            return _NO_RUN
        if self.phase == "running" and type_ == "RUN_STARTED":
            return _STILL_ACTIVE
        return None

    def _running(self) -> _Run:
        assert self._run is not None
        return self._run

    def _open_run(self, reply_id: str, session_id: str) -> None:
        writer = ReplyWriter(
            self.emit,
            reply_id=reply_id,
            session_id=session_id,
            call=reply_id,
            vocabulary=_VOCABULARY,
            usage_source=_USAGE_SOURCE,
        )
        self._run = _Run(writer)
        self.phase = "running"
        writer.start()

    def _reply_id(self, run_id: str) -> str:
        """Rule 5: ``run_id``, or ``<run_id>#<n>`` for the n-th run of the stream with it."""
        seen = self._run_ids.get(run_id, 0) + 1
        self._run_ids[run_id] = seen
        return run_id if seen == 1 else f"{run_id}#{seen}"

    def _run_started(self, record: dict[str, Any]) -> str | None:
        self._open_run(self._reply_id(record["runId"]), record["threadId"])
        return None

    def _run_finished(self, record: dict[str, Any]) -> str | None:
        run = self._running()
        problem = _still_open(run)
        if problem is not None:
            return problem
        outcome = record.get("outcome") or {"type": "success"}
        if outcome["type"] == "interrupt":
            self._ask(run, outcome["interrupts"])
        run.writer.finish(outcome["type"])
        run.writer.receipt(summed_usage(record.get("usage")))
        run.writer.end()
        self.phase = "finished"
        return None

    def _ask(self, run: _Run, interrupts: list[dict[str, Any]]) -> None:
        """Rule 13: the interrupts that ask about a call waiting for its result."""
        asked: dict[str, dict[str, Any]] = {}
        for interrupt in interrupts:
            call_id = interrupt.get("toolCallId")
            if isinstance(call_id, str) and call_id in run.waiting and call_id not in asked:
                asked[call_id] = interrupt
        if not asked:
            return
        blocks = tuple(
            {"type": "tool_call", "id": call_id, "name": run.names[call_id], "input": ""}
            for call_id in asked
        )
        self.emit(
            RequireUserConfirmEvent(
                reply_id=run.writer.reply_id,
                tool_calls=blocks,
                metadata={"interrupts": list(asked.values())},
            )
        )

    def _run_error(self, record: dict[str, Any]) -> str | None:
        code, message = record.get("code"), record["message"]
        if self.phase == "finished":
            self._running().writer.error(code, message)
            self.phase = "errored"
            return None
        if self.phase == "none":
            self._open_run(self._reply_id(_BARE_RUN), _THREAD)
        writer = self._running().writer
        self._call_end(writer, summed_usage(record.get("usage")))
        writer.error(code, message)
        writer.end()
        self.phase = "errored"
        return None

    def _call_end(self, writer: ReplyWriter, usage: dict[str, int] | None) -> None:
        fields = {} if usage is None else canonical_usage(_USAGE_SOURCE, usage)
        if "input_tokens" in fields and "output_tokens" in fields:
            self.emit(ModelCallEndEvent(reply_id=writer.reply_id, **fields))

    # ------------------------------------------------------------ text (rule 6)

    def _text_start(self, record: dict[str, Any]) -> str | None:
        return self._open_text(record["messageId"], "TEXT_MESSAGE_START")

    def _open_text(self, message_id: str, type_: str) -> str | None:
        run = self._running()
        if message_id in run.texts:
            return (
                f"Cannot send '{type_}' event: A text message with ID '{message_id}' is already "
                "in progress. Complete it with 'TEXT_MESSAGE_END' first."
            )
        block_id = run.texts[message_id] = run.block_id(message_id)
        run.writer.open_block(block_id, "text")
        return None

    def _text_content(self, record: dict[str, Any]) -> str | None:
        run, message_id = self._running(), record["messageId"]
        if message_id not in run.texts:
            return (
                "Cannot send 'TEXT_MESSAGE_CONTENT' event: No active text message found with ID "
                f"'{message_id}'. Start a text message with 'TEXT_MESSAGE_START' first."
            )
        run.writer.text(run.texts[message_id], record["delta"])
        return None

    def _text_end(self, record: dict[str, Any]) -> str | None:
        run, message_id = self._running(), record["messageId"]
        if message_id not in run.texts:
            return (
                "Cannot send 'TEXT_MESSAGE_END' event: No active text message found with ID "
                f"'{message_id}'. A 'TEXT_MESSAGE_START' event must be sent first."
            )
        run.writer.end_block(run.texts.pop(message_id))
        return None

    # ------------------------------------------------------------ tool calls (rule 7)

    def _tool_start(self, record: dict[str, Any]) -> str | None:
        return self._open_call(record["toolCallId"], record["toolCallName"])

    def _open_call(self, call_id: str, name: str) -> str | None:
        run = self._running()
        if call_id in run.calls:
            return (
                f"Cannot send 'TOOL_CALL_START' event: A tool call with ID '{call_id}' is already "
                "in progress. Complete it with 'TOOL_CALL_END' first."
            )
        run.calls[call_id] = None
        run.names[call_id] = name
        run.waiting.pop(call_id, None)
        run.writer.tool_start(call_id, name)
        return None

    def _tool_args(self, record: dict[str, Any]) -> str | None:
        run, call_id = self._running(), record["toolCallId"]
        if call_id not in run.calls:
            return (
                "Cannot send 'TOOL_CALL_ARGS' event: No active tool call found with ID "
                f"'{call_id}'. Start a tool call with 'TOOL_CALL_START' first."
            )
        run.writer.tool_input(call_id, record["delta"])
        return None

    def _tool_end(self, record: dict[str, Any]) -> str | None:
        run, call_id = self._running(), record["toolCallId"]
        if call_id not in run.calls:
            return (
                "Cannot send 'TOOL_CALL_END' event: No active tool call found with ID "
                f"'{call_id}'. A 'TOOL_CALL_START' event must be sent first."
            )
        self._close_call(run, call_id)
        return None

    def _close_call(self, run: _Run, call_id: str) -> None:
        del run.calls[call_id]
        if call_id not in run.answered:
            run.waiting[call_id] = None
        run.writer.tool_end(call_id)

    # ------------------------------------------------------------ tool results (rule 10)

    def _tool_result(self, record: dict[str, Any]) -> str | None:
        run = self._running()
        call_id, message_id = record["toolCallId"], record["messageId"]
        reply_id = run.writer.reply_id
        run.waiting.pop(call_id, None)
        run.answered.add(call_id)
        name = run.names.get(call_id, "")
        self.emit(
            ToolResultStartEvent(reply_id=reply_id, tool_call_id=call_id, tool_call_name=name)
        )
        content = record["content"]
        parts = [{"type": "text", "text": content}] if isinstance(content, str) else content
        for index, part in enumerate(parts):
            self._result_part(reply_id, call_id, f"{message_id}.{index}", part)
        self.emit(ToolResultEndEvent(reply_id=reply_id, tool_call_id=call_id, state="success"))
        return None

    def _result_part(
        self, reply_id: str, call_id: str, block_id: str, part: dict[str, Any]
    ) -> None:
        if part["type"] == "text":
            if part["text"]:
                self.emit(
                    ToolResultTextDeltaEvent(
                        reply_id=reply_id, tool_call_id=call_id, delta=part["text"]
                    )
                )
            return
        source = part["source"]
        media_type = source.get("mimeType")
        if source["type"] == "file" or not isinstance(media_type, str):
            return
        where = {"data": source["value"]} if source["type"] == "data" else {"url": source["value"]}
        self.emit(
            ToolResultDataDeltaEvent(
                reply_id=reply_id,
                tool_call_id=call_id,
                block_id=block_id,
                media_type=media_type,
                **where,
            )
        )

    # ------------------------------------------------------------ reasoning (rule 9)

    def _reasoning_start(self, record: dict[str, Any]) -> str | None:
        run, span_id = self._running(), record["messageId"]
        if span_id in run.spans:
            return (
                f"Cannot send 'REASONING_START' event: A reasoning span with ID '{span_id}' is "
                "already in progress. Complete it with 'REASONING_END' first."
            )
        run.spans[span_id] = None
        return None

    def _reasoning_end(self, record: dict[str, Any]) -> str | None:
        run, span_id = self._running(), record["messageId"]
        if span_id not in run.spans:
            return (
                "Cannot send 'REASONING_END' event: No active reasoning span found with ID "
                f"'{span_id}'. A 'REASONING_START' event must be sent first."
            )
        del run.spans[span_id]
        return None

    def _thought_start(self, record: dict[str, Any]) -> str | None:
        return self._open_thought(record["messageId"])

    def _open_thought(self, message_id: str) -> str | None:
        run = self._running()
        if message_id in run.thoughts:
            return (
                "Cannot send 'REASONING_MESSAGE_START' event: A reasoning message with ID "
                f"'{message_id}' is already in progress. Complete it with "
                "'REASONING_MESSAGE_END' first."
            )
        block_id = run.thoughts[message_id] = run.block_id(message_id)
        run.writer.open_block(block_id, "thinking")
        return None

    def _no_thought(self, type_: str, message_id: str) -> str:
        return (
            f"Cannot send '{type_}' event: No active reasoning message found with ID "
            f"'{message_id}'. Start a reasoning message with 'REASONING_MESSAGE_START' first."
        )

    def _thought_content(self, record: dict[str, Any]) -> str | None:
        run, message_id = self._running(), record["messageId"]
        if message_id not in run.thoughts:
            return self._no_thought("REASONING_MESSAGE_CONTENT", message_id)
        run.writer.thinking(run.thoughts[message_id], record["delta"])
        return None

    def _thought_end(self, record: dict[str, Any]) -> str | None:
        run, message_id = self._running(), record["messageId"]
        if message_id not in run.thoughts:
            return self._no_thought("REASONING_MESSAGE_END", message_id)
        run.writer.end_block(run.thoughts.pop(message_id))
        return None

    # ------------------------------------------------------------ chunks (rule 8)

    def _end_pending(self) -> None:
        """Rule 8: end the entity a chunk opened, as its ``*_END`` would."""
        run = self._run
        if run is None or run.pending is None:
            return
        kind, entity = run.pending
        run.pending = None
        if kind == "text":
            run.writer.end_block(run.texts.pop(entity))
        elif kind == "tool":
            self._close_call(run, entity)
        else:
            run.writer.end_block(run.thoughts.pop(entity))

    def _pending(self, kind: str) -> str | None:
        """The id of the pending entity when it is of ``kind``, else ``None``."""
        run = self._run
        if run is None or run.pending is None or run.pending[0] != kind:
            return None
        return run.pending[1]

    def _chunk_opens(self, kind: str, named: str | None) -> bool:
        """Rule 8: whether a chunk naming ``named`` opens an entity (ending the pending one)."""
        current = self._pending(kind)
        if current is None or (named is not None and named != current):
            self._end_pending()
            return True
        return False

    def _text_chunk(self, record: dict[str, Any]) -> str | None:
        message_id = record.get("messageId")
        if self._chunk_opens("text", message_id):
            if message_id is None:
                return "First TEXT_MESSAGE_CHUNK must have a messageId"
            problem = self._lifecycle("TEXT_MESSAGE_START") or self._open_text(
                message_id, "TEXT_MESSAGE_START"
            )
            if problem is not None:
                return problem
            self._running().pending = ("text", message_id)
        pending = self._pending("text")
        delta = record.get("delta")
        if delta is not None and pending is not None:
            run = self._running()
            run.writer.text(run.texts[pending], delta)
        return None

    def _tool_chunk(self, record: dict[str, Any]) -> str | None:
        call_id, name = record.get("toolCallId"), record.get("toolCallName")
        if self._chunk_opens("tool", call_id):
            if call_id is None:
                return "First TOOL_CALL_CHUNK must have a toolCallId"
            if name is None:
                return "First TOOL_CALL_CHUNK must have a toolCallName"
            problem = self._lifecycle("TOOL_CALL_START") or self._open_call(call_id, name)
            if problem is not None:
                return problem
            self._running().pending = ("tool", call_id)
        pending = self._pending("tool")
        delta = record.get("delta")
        if delta is not None and pending is not None:
            self._running().writer.tool_input(pending, delta)
        return None

    def _thought_chunk(self, record: dict[str, Any]) -> str | None:
        message_id = record.get("messageId")
        if self._chunk_opens("reasoning", message_id or None):
            if message_id is None:
                return "First REASONING_MESSAGE_CHUNK must have a messageId"
            problem = self._lifecycle("REASONING_MESSAGE_START") or self._open_thought(message_id)
            if problem is not None:
                return problem
            self._running().pending = ("reasoning", message_id)
        pending = self._pending("reasoning")
        delta = record.get("delta")
        if delta is not None and pending is not None:
            run = self._running()
            run.writer.thinking(run.thoughts[pending], delta)
        return None

    # ------------------------------------------------------------ steps, subagents (rule 11)

    def _step_started(self, record: dict[str, Any]) -> str | None:
        run, owner, name = self._running(), record.get("subagentRunId"), record["stepName"]
        if (owner, name) in run.steps:
            where = f" in subagent '{owner}'" if owner is not None else ""
            return f"Step \"{name}\" is already active for 'STEP_STARTED'{where}"
        run.steps[owner, name] = None
        return None

    def _step_finished(self, record: dict[str, Any]) -> str | None:
        run, owner, name = self._running(), record.get("subagentRunId"), record["stepName"]
        if (owner, name) in run.steps:
            del run.steps[owner, name]
            return None
        for other, open_name in run.steps:
            if open_name == name:
                return (
                    f"Cannot send 'STEP_FINISHED' for step \"{name}\" attributed to "
                    f"{_owner(owner)}: that step is open under {_owner(other)}. "
                    "A step must be finished by whoever started it."
                )
        return f"Cannot send 'STEP_FINISHED' for step \"{name}\" that was not started"

    def _subagent_started(self, record: dict[str, Any]) -> str | None:
        run, subagent = self._running(), record["subagentRunId"]
        parent = record.get("parentSubagentRunId")
        if subagent in run.subagents:
            return (
                f"Cannot send 'SUBAGENT_STARTED': subagent '{subagent}' is already active. "
                "Finish it with 'SUBAGENT_FINISHED' first."
            )
        if subagent in run.closed_subagents:
            return (
                f"Cannot send 'SUBAGENT_STARTED': subagent '{subagent}' has already finished in "
                "this run. Subagent IDs are per-invocation and cannot be reused."
            )
        if (
            parent is not None
            and parent not in run.subagents
            and parent not in run.closed_subagents
        ):
            return (
                f"Cannot send 'SUBAGENT_STARTED': parentSubagentRunId '{parent}' has not been "
                "started in this run."
            )
        run.subagents[subagent] = None
        return None

    def _subagent_ended(self, record: dict[str, Any]) -> str | None:
        type_, subagent = record["type"], record["subagentRunId"]
        problem = _subagent_outcome(type_, record.get("outcome"))
        if problem is not None:
            return problem
        run = self._running()
        if subagent not in run.subagents:
            return (
                f"Cannot send '{type_}': no active subagent found with ID '{subagent}'. "
                "A 'SUBAGENT_STARTED' event must be sent first."
            )
        del run.subagents[subagent]
        run.closed_subagents.add(subagent)
        return None

    def _information(self, record: dict[str, Any]) -> str | None:
        """Rule 12: checked, and kept only in the input."""
        return None


def _owner(owner: str | None) -> str:
    return f"subagent '{owner}'" if owner is not None else "the parent agent"


def _still_open(run: _Run) -> str | None:
    """Rule 13: the verifier's complaint about a run finished with something open, or ``None``."""
    if run.steps:
        shown = ", ".join(
            name if owner is None else f"{name} (subagent '{owner}')" for owner, name in run.steps
        )
        return f"Cannot send 'RUN_FINISHED' while steps are still active: {shown}"
    for what, ids in (
        ("text messages", run.texts),
        ("reasoning messages", run.thoughts),
        ("reasoning spans", run.spans),
        ("tool calls", run.calls),
        ("subagents", run.subagents),
    ):
        if ids:
            return f"Cannot send 'RUN_FINISHED' while {what} are still active: {', '.join(ids)}"
    return None


#: The importer the registry and the generic tests use.
IMPORTER: Final = AguiImporter


def import_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Read AG-UI lines (from :func:`~streamspec.sources.provider_lines`) into streamspec lines."""
    return AguiImporter().run(lines)
