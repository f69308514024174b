"""The a3s importer: a3s-code v1 envelopes → streamspec reply and completion events.

a3s is read only with ``--from a3s`` (never auto-detected: its envelopes look
like streamspec's). The normative statement of these rules is ``spec/a3s.md``.
Records first pass the replay filter (a persisted run event replayed twice is
applied once). Then, each rule tested:

1. **Reply.** ``agent_start`` opens the reply (``REPLY_START``); ``agent_end``
   closes it (``REPLY_END``). The reply id is the first record's
   ``metadata.run_id`` (else ``a3s-run``), the session id its
   ``metadata.session_id`` (else ``a3s-session``).
2. **Blocks.** ``text_delta`` / ``reasoning_delta`` become text / thinking
   blocks with synthesized ids ``a3s.<turn>.<text|thinking>.<n>`` (``n``
   counts blocks of that kind in the turn, from 1; ``<turn>`` is the last turn
   started or ended, ``0`` before any turn). A block starts at the first delta
   of a run and ends when other content starts, at ``turn_end`` and at
   ``agent_end``.
3. **Tool calls.** ``tool_start`` starts a call; ``tool_input_delta`` appends
   input (an old event with no ``id`` goes to the latest call still
   streaming). The input ends (``TOOL_CALL_END``) at the first event that
   needs the call complete (execution, output, confirmation, external task,
   ``turn_end``); when no input delta was seen, the ``args`` of that event
   become the input (compact JSON). An event naming a call never started
   starts it.
4. **Tool results.** ``tool_execution_start`` starts the result;
   ``tool_output_delta`` appends text; ``tool_end`` ends it with state
   ``success`` (``exit_code`` 0), ``error`` (otherwise) or ``denied`` (the
   call was denied), and metadata ``{exit_code, error_kind?, metadata?}``.
   ``tool_end.output`` is used only when no output delta was seen.
5. **Approvals.** ``confirmation_required`` → ``REQUIRE_USER_CONFIRM``;
   ``confirmation_received`` → ``USER_CONFIRM_RESULT`` (``confirmed`` =
   ``approved``); ``confirmation_timeout`` → ``USER_CONFIRM_RESULT`` with
   ``confirmed`` true only for ``action_taken == "auto_approved"``.
   ``permission_denied`` (a denial never asked) → a synthetic
   ``REQUIRE_USER_CONFIRM`` and a denied ``USER_CONFIRM_RESULT``, both with
   ``metadata.synthetic = "permission_denied"``.
6. **External tasks.** ``external_task_pending`` correlates with a call iff
   its ``task_id`` equals the id of an open call: it becomes
   ``REQUIRE_EXTERNAL_EXECUTION``. ``external_task_completed`` for a submitted
   call without a result becomes ``EXTERNAL_EXECUTION_RESULT`` (empty output,
   ``success`` → state). A ``tool_end`` for a submitted call gives that result
   with its output instead. Anything uncorrelated stays opaque with an
   ``uncorrelated_external_task`` warning.
7. **Turns.** A turn is provisional until its ``turn_end``: events from
   ``turn_start`` on are buffered, and a repeated ``turn_start`` for the same
   turn discards the drafts (text, reasoning, tool calls) and restores the
   calls as they were at the first start; opaque events of the discarded
   attempt are kept. ``turn_end`` closes the open block and call inputs,
   emits the buffer, then ``MODEL_CALL_END`` (``prompt_tokens`` → input,
   ``completion_tokens`` → output, cache read/write → cache input/creation)
   and the completion evidence keyed ``call = "<turn>"``: a finish signal
   (reason ``turn_end``, vocabulary ``a3s``) and a receipt (the turn's text
   blocks, its usage). Every text, reasoning and input delta also gives a
   ``model_chunk`` for the turn. A turn left open (a new turn, an error, the
   end of input) is emitted as it is: its output is kept, it has no receipt.
8. **Usage.** The message usage is Σ ``turn_end.usage``; ``agent_end.usage``
   is cross-checked (``usage_mismatch`` warning), never added.
9. **Errors.** ``error`` becomes a ``model_error`` for the open (else the
   last) turn.
10. **Opaque.** The other a3s types (memory, planning, subagents, bindings,
    queue, goals …) have no reply meaning: each stays whole as an
    :class:`~streamspec.UnknownEvent` (the envelope, payload and metadata) on
    a line that also carries an ``opaque_event`` info. A type outside a3s's
    52, or an a3s event missing a field a rule needs, is kept the same way
    with an ``unknown_record`` warning.

A line that carries a problem is never folded; its record, when present, is
kept for conversion.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, BinaryIO, Final

import attrs

from streamspec import _json_exact
from streamspec._completion_events import (
    ModelChunkEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
)
from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._events import (
    ABSENT,
    ExternalExecutionResultEvent,
    ModelCallEndEvent,
    ReplyEndEvent,
    ReplyStartEvent,
    RequireExternalExecutionEvent,
    RequireUserConfirmEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UnknownEvent,
    UserConfirmResultEvent,
    _json_name,
)
from streamspec._jsonl import Line
from streamspec.completion._table import completion_table
from streamspec.envelope._envelope import AnyEvent, Envelope, encode_envelope
from streamspec.sources._envelope import envelope_lines
from streamspec.sources._registry import ReadOptions

__all__ = ["A3S_MAPPING", "A3S_TYPES", "A3sImporter", "import_a3s", "read_source"]

#: a3s-code 8.6.0's ``AGENT_EVENT_TYPES_V1``, in its order (seed 001).
A3S_TYPES: Final[tuple[str, ...]] = (
    "agent_start", "agent_mode_changed", "turn_start", "text_delta", "reasoning_delta",
    "tool_start", "tool_input_delta", "tool_request_bound", "tool_execution_start", "tool_end",
    "tool_output_delta", "turn_end", "agent_end", "error", "confirmation_required",
    "confirmation_received", "confirmation_timeout", "user_question", "external_task_pending",
    "external_task_completed", "permission_denied", "context_resolving", "context_resolved",
    "run_capability_bound", "model_presentation_bound", "model_input_bound", "model_usage_bound",
    "cognitive_context_bound", "command_dead_lettered", "command_retry", "queue_alert",
    "task_updated", "memory_stored", "memory_recalled", "memories_searched", "memory_cleared",
    "subagent_start", "subagent_progress", "subagent_end", "planning_start", "planning_end",
    "step_start", "step_end", "goal_extracted", "goal_progress", "goal_achieved",
    "context_compacted", "run_control_applied", "persistence_failed", "budget_threshold_hit",
    "passivation_requested", "peer_invocation",
)  # fmt: skip

#: What each a3s type becomes: ``type -> (streamspec events, rule)``; a type not
#: listed is opaque (rule 10).
A3S_MAPPING: Final[Mapping[str, tuple[str, str]]] = {
    "agent_start": ("reply_start", "opens the reply (rule 1)"),
    "turn_start": ("(buffering)", "opens a provisional turn; a repeat restarts it (rule 7)"),
    "text_delta": ("text_block_start? text_block_delta, model_chunk", "rule 2"),
    "reasoning_delta": ("thinking_block_start? thinking_block_delta, model_chunk", "rule 2"),
    "tool_start": ("tool_call_start", "rule 3"),
    "tool_input_delta": ("tool_call_delta, model_chunk", "no id: latest streaming call (rule 3)"),
    "tool_execution_start": ("tool_call_end?, tool_result_start", "rules 3, 4"),
    "tool_output_delta": ("tool_result_start?, tool_result_text_delta", "rule 4"),
    "tool_end": (
        "tool_result_text_delta?, tool_result_end | external_execution_result",
        "output only without deltas (rules 4, 6)",
    ),
    "turn_end": (
        "block and input ends, the buffer, model_call_end, model_finish, model_receipt",
        "confirms the turn (rules 7, 8)",
    ),
    "agent_end": ("reply_end", "usage cross-checked, never added (rules 1, 8)"),
    "error": ("model_error", "for the open or last turn (rule 9)"),
    "confirmation_required": ("require_user_confirm", "rule 5"),
    "confirmation_received": ("user_confirm_result", "confirmed = approved (rule 5)"),
    "confirmation_timeout": ("user_confirm_result", "confirmed iff auto_approved (rule 5)"),
    "permission_denied": (
        "require_user_confirm + user_confirm_result (denied)",
        "synthetic, marked in metadata (rule 5)",
    ),
    "external_task_pending": (
        "require_external_execution | opaque",
        "iff task_id is an open call (rule 6)",
    ),
    "external_task_completed": (
        "external_execution_result | opaque",
        "iff task_id is a submitted call (rule 6)",
    ),
}

_VOCABULARY: Final = "a3s"
_FINISH: Final = "turn_end"
_OPEN_CALL_STATES: Final = frozenset(
    {"streaming", "ready", "asking", "allowed", "denied", "submitted"}
)


@attrs.define
class _Call:
    name: str
    state: str = "streaming"
    input_seen: bool = False
    result: str = "none"  # none, running, ended
    output_seen: bool = False


@attrs.define
class _Turn:
    key: str
    start_number: int
    buffer: list[Line] = attrs.field(factory=list)
    calls_at_start: dict[str, _Call] = attrs.field(factory=dict)
    texts: list[list[str]] = attrs.field(factory=list)


def _info(code: Code, message: str, **details: Any) -> Diagnostic:
    return Diagnostic(
        code=code.value, severity=CODE_INFO[code.value].severity, message=message, details=details
    )


def _compact(value: Any) -> str:
    return _json_exact.dumps(value).decode()


def _count(value: Any) -> int | None:
    """A token count as a3s writes it (a ``usize``), else ``None``."""
    return value if _json_name(value) == "integer" and value >= 0 else None


class A3sImporter:
    """Turns a3s envelopes into streamspec lines, one record at a time (see the module rules)."""

    def __init__(self) -> None:
        self.reply_id: str | None = None
        self.session_id = "a3s-session"
        self._started = False
        self._turn: _Turn | None = None
        self._last_turn = "0"
        self._calls: dict[str, _Call] = {}
        self._open_block: tuple[str, str] | None = None
        self._block_counts: dict[tuple[str, str], int] = {}
        self._outside_texts: list[list[str]] = []
        self._usage: dict[str, int] = {}
        self._turns_with_usage = 0
        self._out: list[Line] = []
        self._number = 0
        self._handlers: Mapping[str, Callable[[Any], None]] = {
            "agent_start": self._agent_start,
            "turn_start": self._turn_start,
            "text_delta": self._text_delta,
            "reasoning_delta": self._reasoning_delta,
            "tool_start": self._tool_start,
            "tool_input_delta": self._tool_input_delta,
            "tool_execution_start": self._tool_execution_start,
            "tool_output_delta": self._tool_output_delta,
            "tool_end": self._tool_end,
            "turn_end": self._turn_end,
            "agent_end": self._agent_end,
            "error": self._error,
            "confirmation_required": self._confirmation_required,
            "confirmation_received": self._confirmation_received,
            "confirmation_timeout": self._confirmation_timeout,
            "permission_denied": self._permission_denied,
            "external_task_pending": self._external_task_pending,
            "external_task_completed": self._external_task_completed,
        }

    # ----------------------------------------------------------------- driving

    def feed(self, number: int, envelope: Envelope) -> list[Line]:
        """Import one envelope read from line ``number``; return the lines now final."""
        self._number = number
        self._envelope = envelope
        if self.reply_id is None:
            metadata = envelope.metadata if isinstance(envelope.metadata, dict) else {}
            run_id, session_id = metadata.get("run_id"), metadata.get("session_id")
            self.reply_id = run_id if isinstance(run_id, str) else "a3s-run"
            if isinstance(session_id, str):
                self.session_id = session_id
        handler = self._handlers.get(envelope.type)
        if envelope.type not in A3S_TYPES:
            self._keep(
                Code.UNKNOWN_RECORD,
                f"a3s type {envelope.type!r} is not in a3s's catalog; kept whole",
            )
        elif handler is None:
            self._keep(Code.OPAQUE_EVENT, f"a3s {envelope.type} has no reply meaning; kept opaque")
        elif not isinstance(envelope.payload, dict):
            self._keep(
                Code.UNKNOWN_RECORD, f"a3s {envelope.type} payload is not an object; kept whole"
            )
        else:
            try:
                handler(envelope.payload)
            except _Missing as missing:
                self._keep(
                    Code.UNKNOWN_RECORD,
                    f"a3s {envelope.type} lacks {missing.field} of the right type; kept whole",
                )
        out, self._out = self._out, []
        return out

    def finish(self, number: int) -> list[Line]:
        """Mark the end of input: a turn still open is emitted as it is (rule 7)."""
        self._number = number
        self._flush_turn()
        out, self._out = self._out, []
        return out

    # ---------------------------------------------------------------- emitting

    def _emit(self, event: AnyEvent, problem: Diagnostic | None = None) -> None:
        line = Line(number=self._number, record=event, problem=problem)
        if self._turn is not None:
            self._turn.buffer.append(line)
        else:
            self._out.append(line)

    def _keep(self, code: Code, message: str) -> None:
        raw = encode_envelope(self._envelope)
        problem = _info(code, message, type=self._envelope.type, line=self._number)
        self._emit(UnknownEvent(type=self._envelope.type, raw=raw), problem)

    def _rid(self) -> str:
        assert self.reply_id is not None
        return self.reply_id

    @property
    def _call_key(self) -> str:
        return self._turn.key if self._turn is not None else self._last_turn

    # ------------------------------------------------------------------ blocks

    def _close_block(self) -> None:
        if self._open_block is None:
            return
        kind, block_id = self._open_block
        end = TextBlockEndEvent if kind == "text" else ThinkingBlockEndEvent
        self._emit(end(reply_id=self._rid(), block_id=block_id))
        self._open_block = None

    def _delta(self, kind: str, text: str) -> None:
        if self._open_block is None or self._open_block[0] != kind:
            self._close_block()
            count_key = (self._call_key, kind)
            count = self._block_counts.get(count_key, 0) + 1
            self._block_counts[count_key] = count
            block_id = f"a3s.{self._call_key}.{kind}.{count}"
            start = TextBlockStartEvent if kind == "text" else ThinkingBlockStartEvent
            self._emit(start(reply_id=self._rid(), block_id=block_id))
            self._open_block = (kind, block_id)
            if kind == "text":
                texts = self._turn.texts if self._turn is not None else self._outside_texts
                texts.append([])
        block_id = self._open_block[1]
        delta = TextBlockDeltaEvent if kind == "text" else ThinkingBlockDeltaEvent
        self._emit(delta(reply_id=self._rid(), block_id=block_id, delta=text))
        self._emit(ModelChunkEvent(call=self._call_key, channel=kind, text=text))
        if kind == "text":
            texts = self._turn.texts if self._turn is not None else self._outside_texts
            texts[-1].append(text)

    def _text_delta(self, payload: dict[str, Any]) -> None:
        self._delta("text", _need(payload, "text", str))

    def _reasoning_delta(self, payload: dict[str, Any]) -> None:
        self._delta("thinking", _need(payload, "text", str))

    # ------------------------------------------------------------------- calls

    def _call(self, call_id: str, name: str) -> _Call:
        call = self._calls.get(call_id)
        if call is None:
            self._close_block()
            call = self._calls[call_id] = _Call(name=name)
            self._emit(
                ToolCallStartEvent(reply_id=self._rid(), tool_call_id=call_id, tool_call_name=name)
            )
        return call

    def _ready(self, call_id: str, call: _Call, args: Any = ABSENT) -> None:
        if call.state != "streaming":
            return
        if not call.input_seen and args is not ABSENT and args is not None:
            self._emit(
                ToolCallDeltaEvent(reply_id=self._rid(), tool_call_id=call_id, delta=_compact(args))
            )
        self._emit(ToolCallEndEvent(reply_id=self._rid(), tool_call_id=call_id))
        call.state = "ready"

    def _block(self, call_id: str, call: _Call) -> dict[str, Any]:
        return {
            "type": "tool_call",
            "id": call_id,
            "name": call.name,
            "input": "",
            "state": "pending",
            "suggested_rules": [],
        }

    def _tool_start(self, payload: dict[str, Any]) -> None:
        call_id, name = _need(payload, "id", str), _need(payload, "name", str)
        self._close_block()
        self._calls[call_id] = _Call(name=name)
        self._emit(
            ToolCallStartEvent(reply_id=self._rid(), tool_call_id=call_id, tool_call_name=name)
        )

    def _tool_input_delta(self, payload: dict[str, Any]) -> None:
        delta = _need(payload, "delta", str)
        call_id = payload.get("id")
        if not isinstance(call_id, str):
            streaming = [k for k, c in self._calls.items() if c.state == "streaming"]
            if not streaming:
                raise _Missing("id (no call is streaming)")
            call_id = streaming[-1]
        call = self._call(call_id, "")
        call.input_seen = True
        self._emit(ToolCallDeltaEvent(reply_id=self._rid(), tool_call_id=call_id, delta=delta))
        self._emit(ModelChunkEvent(call=self._call_key, channel="tool_input", text=delta))

    def _start_result(self, call_id: str, call: _Call) -> None:
        if call.result == "none":
            self._emit(
                ToolResultStartEvent(
                    reply_id=self._rid(), tool_call_id=call_id, tool_call_name=call.name
                )
            )
            call.result = "running"

    def _tool_execution_start(self, payload: dict[str, Any]) -> None:
        call_id, name = _need(payload, "id", str), _need(payload, "name", str)
        call = self._call(call_id, name)
        self._ready(call_id, call, payload.get("args", ABSENT))
        self._start_result(call_id, call)

    def _tool_output_delta(self, payload: dict[str, Any]) -> None:
        call_id, delta = _need(payload, "id", str), _need(payload, "delta", str)
        name = payload.get("name")
        call = self._call(call_id, name if isinstance(name, str) else "")
        self._ready(call_id, call)
        self._start_result(call_id, call)
        call.output_seen = True
        self._emit(
            ToolResultTextDeltaEvent(reply_id=self._rid(), tool_call_id=call_id, delta=delta)
        )

    def _tool_end(self, payload: dict[str, Any]) -> None:
        call_id, name = _need(payload, "id", str), _need(payload, "name", str)
        exit_code = _need(payload, "exit_code", int)
        output = payload.get("output")
        metadata: dict[str, Any] = {"exit_code": exit_code}
        for key in ("error_kind", "metadata"):
            if payload.get(key) is not None:
                metadata[key] = payload[key]
        existing = self._calls.get(call_id)
        if existing is not None and existing.result == "ended":
            self._keep(
                Code.OPAQUE_EVENT,
                f"a3s tool_end for {call_id!r}, whose result was already given; kept opaque",
            )
            return
        if existing is not None and existing.state == "submitted" and existing.result == "none":
            result = {
                "type": "tool_result",
                "id": call_id,
                "name": existing.name,
                "output": output if isinstance(output, str) else "",
                "state": "success" if exit_code == 0 else "error",
                "metadata": metadata,
            }
            self._emit(
                ExternalExecutionResultEvent(reply_id=self._rid(), execution_results=(result,))
            )
            existing.result = "ended"
            return
        call = self._call(call_id, name)
        self._ready(call_id, call, payload.get("args", ABSENT))
        self._start_result(call_id, call)
        if not call.output_seen and isinstance(output, str) and output:
            self._emit(
                ToolResultTextDeltaEvent(reply_id=self._rid(), tool_call_id=call_id, delta=output)
            )
        state = "denied" if call.state == "denied" else "success" if exit_code == 0 else "error"
        self._emit(
            ToolResultEndEvent(
                reply_id=self._rid(), tool_call_id=call_id, state=state, metadata=metadata
            )
        )
        call.result = "ended"
        call.state = "finished"

    # --------------------------------------------------------------- approvals

    def _confirmation_required(self, payload: dict[str, Any]) -> None:
        call_id, name = _need(payload, "tool_id", str), _need(payload, "tool_name", str)
        call = self._call(call_id, name)
        self._ready(call_id, call, payload.get("args", ABSENT))
        extra = {"timeout_ms": payload["timeout_ms"]} if "timeout_ms" in payload else {}
        self._emit(
            RequireUserConfirmEvent(
                reply_id=self._rid(), tool_calls=(self._block(call_id, call),), metadata=extra
            )
        )
        call.state = "asking"

    def _answer(self, call_id: str, confirmed: bool, metadata: dict[str, Any]) -> None:
        call = self._calls.get(call_id) or _Call(name="")
        result: dict[str, Any] = {"confirmed": confirmed, "tool_call": self._block(call_id, call)}
        self._emit(
            UserConfirmResultEvent(
                reply_id=self._rid(), confirm_results=(result,), metadata=metadata
            )
        )
        if call.state == "asking":
            call.state = "allowed" if confirmed else "denied"

    def _confirmation_received(self, payload: dict[str, Any]) -> None:
        approved = _need(payload, "approved", bool)
        reason = payload.get("reason")
        self._answer(
            _need(payload, "tool_id", str),
            approved,
            {"reason": reason} if reason is not None else {},
        )

    def _confirmation_timeout(self, payload: dict[str, Any]) -> None:
        action = _need(payload, "action_taken", str)
        self._answer(
            _need(payload, "tool_id", str),
            action == "auto_approved",
            {"timeout": True, "action_taken": action},
        )

    def _permission_denied(self, payload: dict[str, Any]) -> None:
        call_id, name = _need(payload, "tool_id", str), _need(payload, "tool_name", str)
        call = self._call(call_id, name)
        self._ready(call_id, call, payload.get("args", ABSENT))
        marked = {"synthetic": "permission_denied"}
        self._emit(
            RequireUserConfirmEvent(
                reply_id=self._rid(), tool_calls=(self._block(call_id, call),), metadata=marked
            )
        )
        call.state = "asking"
        self._answer(call_id, False, {**marked, "reason": payload.get("reason")})

    # ---------------------------------------------------------- external tasks

    def _external_task_pending(self, payload: dict[str, Any]) -> None:
        task_id = _need(payload, "task_id", str)
        call = self._calls.get(task_id)
        if call is None or call.state not in _OPEN_CALL_STATES or call.result != "none":
            self._keep(
                Code.UNCORRELATED_EXTERNAL_TASK,
                f"external task {task_id!r} names no open tool call; kept opaque",
            )
            return
        self._ready(task_id, call)
        extra: dict[str, Any] = {
            k: payload[k] for k in ("lane", "command_type", "timeout_ms") if k in payload
        }
        self._emit(
            RequireExternalExecutionEvent(
                reply_id=self._rid(), tool_calls=(self._block(task_id, call),), metadata=extra
            )
        )
        call.state = "submitted"

    def _external_task_completed(self, payload: dict[str, Any]) -> None:
        task_id = _need(payload, "task_id", str)
        success = _need(payload, "success", bool)
        call = self._calls.get(task_id)
        if call is None or call.state != "submitted" or call.result != "none":
            self._keep(
                Code.UNCORRELATED_EXTERNAL_TASK,
                f"external task {task_id!r} names no submitted call awaiting a result; kept opaque",
            )
            return
        result = {
            "type": "tool_result",
            "id": task_id,
            "name": call.name,
            "output": "",
            "state": "success" if success else "error",
            "metadata": {},
        }
        self._emit(ExternalExecutionResultEvent(reply_id=self._rid(), execution_results=(result,)))
        call.result = "ended"

    # ------------------------------------------------------------------ turns

    def _turn_start(self, payload: dict[str, Any]) -> None:
        key = str(_need(payload, "turn", int))
        turn = self._turn
        if turn is not None and turn.key == key:
            kept = [line for line in turn.buffer if line.problem is not None]
            self._calls = copy.deepcopy(turn.calls_at_start)
            self._block_counts = {k: v for k, v in self._block_counts.items() if k[0] != key}
            self._open_block = None
            self._turn = _Turn(
                key=key,
                start_number=self._number,
                buffer=kept,
                calls_at_start=copy.deepcopy(self._calls),
            )
            return
        self._flush_turn()
        self._close_block()
        self._turn = _Turn(
            key=key, start_number=self._number, calls_at_start=copy.deepcopy(self._calls)
        )
        self._last_turn = key

    def _flush_turn(self) -> None:
        turn, self._turn = self._turn, None
        if turn is not None:
            self._out.extend(turn.buffer)
            self._open_block = None

    def _turn_end(self, payload: dict[str, Any]) -> None:
        key = str(_need(payload, "turn", int))
        usage = payload.get("usage")
        if isinstance(usage, dict):
            for name in (*completion_table().usage_sources["a3s"], "total_tokens"):
                if usage.get(name) is not None and _count(usage[name]) is None:
                    raise _Missing(f"usage.{name}")
        if self._turn is None or self._turn.key != key:
            self._flush_turn()
            self._turn = _Turn(key=key, start_number=self._number)
            self._last_turn = key
        turn = self._turn
        self._close_block()
        for call_id, call in self._calls.items():
            self._ready(call_id, call)
        self._flush_turn()
        if isinstance(usage, dict):
            self._model_call_end(usage)
        self._emit(ModelFinishEvent(call=key, reason=_FINISH, vocabulary=_VOCABULARY))
        self._emit(
            ModelReceiptEvent(
                call=key,
                text=tuple("".join(parts) for parts in turn.texts),
                usage=_canonical_usage(usage) if isinstance(usage, dict) else ABSENT,
            )
        )

    def _model_call_end(self, usage: dict[str, Any]) -> None:
        prompt = _count(usage.get("prompt_tokens"))
        completion = _count(usage.get("completion_tokens"))
        if prompt is None or completion is None:
            return
        fields: dict[str, Any] = {"input_tokens": prompt, "output_tokens": completion}
        for source, target in (
            ("cache_read_tokens", "cache_input_tokens"),
            ("cache_write_tokens", "cache_creation_input_tokens"),
        ):
            if _count(usage.get(source)) is not None:
                fields[target] = usage[source]
        self._emit(ModelCallEndEvent(reply_id=self._rid(), **fields))
        self._turns_with_usage += 1
        for name in ("prompt_tokens", "completion_tokens", "total_tokens"):
            value = _count(usage.get(name))
            if value is not None:
                self._usage[name] = self._usage.get(name, 0) + value

    # ------------------------------------------------------------ reply level

    def _agent_start(self, payload: dict[str, Any]) -> None:
        if not self._started:
            self._started = True
            self._emit(
                ReplyStartEvent(session_id=self.session_id, reply_id=self._rid(), name="assistant")
            )

    def _agent_end(self, payload: dict[str, Any]) -> None:
        self._flush_turn()
        self._close_block()
        usage = payload.get("usage")
        if isinstance(usage, dict) and self._turns_with_usage:
            differ = {
                name: (usage[name], self._usage.get(name))
                for name in ("prompt_tokens", "completion_tokens", "total_tokens")
                if _count(usage.get(name)) is not None and usage[name] != self._usage.get(name)
            }
            if differ:
                said = ", ".join(f"{k} {a} vs Σ turn_end {b}" for k, (a, b) in differ.items())
                self._out.append(
                    Line(
                        number=self._number,
                        problem=_info(
                            Code.USAGE_MISMATCH,
                            f"agent_end usage disagrees: {said}; not added",
                            **{k: list(v) for k, v in differ.items()},
                        ),
                    )
                )
        self._emit(ReplyEndEvent(session_id=self.session_id, reply_id=self._rid()))

    def _error(self, payload: dict[str, Any]) -> None:
        message = _need(payload, "message", str)
        key = self._call_key
        self._flush_turn()
        self._emit(ModelErrorEvent(call=key, code=None, message=message))


class _Missing(Exception):
    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def _need(payload: Mapping[str, Any], key: str, kind: type) -> Any:
    value = payload.get(key)
    ok = isinstance(value, kind) and (kind is not int or not isinstance(value, bool))
    if not ok:
        raise _Missing(key)
    return value


def import_a3s(lines: Iterable[Line]) -> Iterator[Line]:
    """Import a3s envelope lines (records are :class:`Envelope`) into streamspec lines."""
    importer = A3sImporter()
    last = 0
    for line in lines:
        last = line.number
        if line.record is None:
            if line.problem is not None:
                yield line
            continue
        yield from importer.feed(line.number, line.record)
    yield from importer.finish(last)


def read_source(stream: BinaryIO | Iterable[bytes], options: ReadOptions) -> Iterator[Line]:
    """Read a3s envelope lines: envelopes, the replay filter, then the importer."""
    return import_a3s(envelope_lines(stream, options))


def _canonical_usage(usage: dict[str, Any]) -> dict[str, Any]:
    """Map a3s usage keys onto the verdict's usage fields (``spec/machines/completion.json``)."""
    mapping = completion_table().usage_sources["a3s"]
    return {field: usage[key] for key, field in mapping.items() if key in usage}
