"""The judge: evidence per model call in, one verdict per call out.

Rules (issue 3 §1; precedence lives once, in the ``joint`` rules of
``spec/machines/completion.json``):

1. Every canonical completion event names its call. It drives the evidence
   machine ``routes`` gives for its kind (a finish signal with the guard
   ``class`` from ``spec/finish_reasons.json``); the row's action records
   what the evidence carries. Then the joint rules run to a fixed point.
2. AgentScope reply events are first turned into completion evidence
   (:mod:`streamspec.completion._reply_evidence`); anything else that is not
   evidence (an unknown event, a custom event) is ignored.
3. A verdict can be read at any time; it reads the states and what the
   actions recorded. ``failed`` is final: later evidence still fills
   ``finish_reason``, ``usage`` and ``final_text`` but never the terminal
   state (decided D7).
4. Only the call an event names is touched, and the joint rules run again
   only when one of its machines changed state (or the call was never
   settled); otherwise its joint state is still the fixed point it was. An
   event costs the same however many calls came before it.

Theory of operation: a call is a dict ``machine -> state`` plus a few
recorded values; no ``if`` on states appears here, only table lookups and
the action names of the rows taken.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final

import attrs

from streamspec._completion_events import (
    CompletionEvent,
    ModelChunkEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
)
from streamspec._errors import SpecError, UsageError
from streamspec._events import EVENT_CLASSES, Event, TextBlockDeltaEvent, UnknownEvent
from streamspec._fast_decode import ObjectFold, compile_object_fold
from streamspec._json_kind import json_kind
from streamspec.completion._finish_reasons import finish_class
from streamspec.completion._reply_evidence import (
    OUTPUT_CHANNELS,
    AgentScopeCalls,
    CallOpened,
    Evidence,
    StreamedChunk,
    handler_for,
)
from streamspec.completion._table import (
    VERDICT_MACHINE,
    CompletionTable,
    TerminalState,
    UsageState,
    completion_table,
)
from streamspec.completion._text import JOIN_EVERY as TEXT_JOIN_EVERY
from streamspec.completion._text import TextParts
from streamspec.completion._verdict import Verdict, key_order

__all__ = ["ACTIONS", "Judge", "json_kind", "judge"]


class _Call:
    """What one call's evidence recorded (the states live in ``states``)."""

    __slots__ = ("error", "finish_reason", "receipt_text", "settled", "states", "text", "usage")

    def __init__(self, states: dict[str, str]) -> None:
        self.states = states
        #: Whether the joint rules have run since the last change of state.
        self.settled = False
        self.finish_reason: str | None = None
        self.receipt_text: tuple[str, ...] | None = None
        self.usage: Mapping[str, Any] | None = None
        self.error: tuple[str | None, str | None] | None = None
        self.text = TextParts()


def _chunk_appended(call: _Call, event: Any) -> None:
    chunk: ModelChunkEvent | StreamedChunk = event
    if chunk.channel == "text":
        call.text.append(chunk.text)


def _reason_taken(call: _Call, event: Any) -> None:
    finish: ModelFinishEvent = event
    call.finish_reason = finish.reason


def _receipt_taken(call: _Call, event: Any) -> None:
    receipt: ModelReceiptEvent = event
    call.receipt_text = receipt.text
    call.text.text()  # joined now: the call's chunks are complete
    call.usage = receipt.usage if isinstance(receipt.usage, dict) else None


def _error_taken(call: _Call, event: Any) -> None:
    error: ModelErrorEvent = event
    call.error = (error.code, error.message)


def _nothing(call: _Call, event: Any) -> None:
    """The evidence was seen; it changes no recorded value."""


#: ``row action -> what it records``; every action of the table has one.
ACTIONS: Final[Mapping[str, Callable[[_Call, Any], None]]] = {
    "chunk_appended": _chunk_appended,
    "reason_taken": _reason_taken,
    "reason_kept": _nothing,
    "receipt_taken": _receipt_taken,
    "receipt_ignored": _nothing,
    "error_taken": _error_taken,
    "error_kept": _nothing,
    "verdict_completed": _nothing,
    "verdict_truncated": _nothing,
    "verdict_failed": _nothing,
    "verdict_undecided": _nothing,
}


class _Role(enum.Enum):
    """What :meth:`Judge.apply` does with an object of a class."""

    #: A completion event (or an opened call): evidence as it is.
    EVIDENCE = enum.auto()
    #: An AgentScope reply event: read for evidence (rule 2).
    REPLY_EVENT = enum.auto()
    #: An unknown event: no evidence.
    IGNORED = enum.auto()
    #: Anything else: a usage error.
    NOT_AN_EVENT = enum.auto()


#: ``class -> role`` of every event class seen so far, filled by :func:`_role_of`.
_ROLES: Final[dict[type[Any], _Role]] = {}


def _role_of(cls: type[Any]) -> _Role:
    """The role of objects of ``cls``, remembered for event classes."""
    if issubclass(cls, CompletionEvent | CallOpened):
        role = _Role.EVIDENCE
    elif issubclass(cls, Event):
        role = _Role.REPLY_EVENT
    elif issubclass(cls, UnknownEvent):
        role = _Role.IGNORED
    else:
        return _Role.NOT_AN_EVENT
    _ROLES[cls] = role
    return role


class Judge:
    """Incremental judge over a mix of AgentScope and completion events.

    Example:
        >>> from streamspec import ModelReceiptEvent, ModelFinishEvent
        >>> j = Judge()
        >>> j.apply(ModelReceiptEvent(call="1.1", text=["hi"]))
        >>> j.apply(ModelFinishEvent(call="1.1", reason="stop", vocabulary="muse"))
        >>> j.verdicts()[0].terminal_state.value
        'completed'
    """

    def __init__(self, table: CompletionTable | None = None) -> None:
        self._table = table or completion_table()
        self._routes = self._table.routes
        self._compiled = self._table.compiled
        self._calls: dict[str, _Call] = {}
        self._agentscope = AgentScopeCalls(self._evidence, self._chunk)
        self._feed = self._agentscope.feed
        chunk = self._routes[ModelChunkEvent.KIND]
        self._chunk_machine = chunk.machine
        #: The states where a chunk is a self-loop that appends it: nothing else to do.
        self._chunk_loops = frozenset(
            state
            for (state, event), row in self._compiled[chunk.machine].plain.items()
            if event == chunk.event and row.target == state and row.action == "chunk_appended"
        )

    def object_folds(self) -> Mapping[str, Callable[[dict[str, Any]], bool]]:
        """Return ``wire type -> fold`` for the AgentScope JSON objects the judge takes whole.

        A fold takes an object only when decoding it would give an event with
        no ``extra`` keys and :meth:`apply` would change nothing but what the
        fold changes: a delta of the open call (a text delta of a block
        started in it), its call settled and in a state where a chunk is a
        self-loop, or an event that gives no evidence, of a reply already
        seen. It returns ``False`` having changed nothing otherwise. A reader
        offers each object it parses (``read_events(..., folds=...)``).
        """
        calls = self._agentscope
        return {type_: functools.partial(fold, calls) for type_, fold in _object_folds().items()}

    def _chunk(self, key: str, channel: str, text: str) -> bool:
        """Take a chunk into a settled call where a chunk is a self-loop, or return False."""
        call = self._calls.get(key)
        if call is None or not call.settled:
            return False
        if call.states[self._chunk_machine] not in self._chunk_loops:
            return False
        if channel == "text":  # TextParts.append, inlined on the hot path
            pending = call.text.pending
            pending.append(text)
            if len(pending) >= TEXT_JOIN_EVERY:
                call.text.piece()
        return True

    def apply(self, event: Event | UnknownEvent | CompletionEvent | CallOpened) -> None:
        """Take one event into account.

        Raises:
            UsageError: if ``event`` is not an event.
        """
        cls = event.__class__
        role = _ROLES[cls] if cls in _ROLES else _role_of(cls)
        if role is _Role.REPLY_EVENT:
            self._feed(event)  # type: ignore[arg-type]
        elif role is _Role.EVIDENCE:
            self._evidence(event)  # type: ignore[arg-type]
        elif role is _Role.NOT_AN_EVENT:
            raise UsageError(f"judge takes events, got {json_kind(event)}")

    def apply_all(self, events: Iterable[Event | UnknownEvent | CompletionEvent]) -> None:
        """Take every event of ``events`` into account, in order.

        Raises:
            UsageError: if ``events`` is not an iterable, or an item is not an event.
        """
        if not isinstance(events, Iterable) or isinstance(events, str | bytes | Mapping):
            raise UsageError(f"judge takes an iterable of events, got {json_kind(events)}")
        for event in events:
            self.apply(event)

    def _evidence(self, event: Evidence) -> None:
        """Take one piece of evidence into its call's machines, then settle the call (rule 4)."""
        key = event.call
        call = self._calls.get(key)
        if call is None:
            call = self._calls[key] = _Call(self._table.initial_states())
        if isinstance(event, CallOpened):
            return
        route = self._routes[event.KIND]
        machine = route.machine
        states = call.states
        state = states[machine]
        compiled = self._compiled[machine]
        row = compiled.plain.get((state, route.event))
        payload: dict[str, str] = {}
        if row is None:
            if isinstance(event, ModelFinishEvent):
                payload["class"] = finish_class(event.vocabulary, event.reason).value
            row = compiled.lookup(state, route.event, payload)
        if row is None:
            raise SpecError(
                "invalid completion table",
                [f"no row for ({state}, {route.event}) with {payload} @ $.machines[{machine}]"],
            )
        target = row.target
        states[machine] = target
        if row.action is not None:
            ACTIONS[row.action](call, event)
        if target != state or not call.settled:
            self._table.settle(states)
            call.settled = True

    def states(self) -> dict[str, dict[str, str]]:
        """Return ``call -> machine -> state`` for every call (a fresh copy)."""
        return {key: dict(call.states) for key, call in self._calls.items()}

    def verdicts(self) -> list[Verdict]:
        """Return the verdict of every call so far, in key order."""
        return list(self.each_verdict())

    def each_verdict(self) -> Iterator[Verdict]:
        """Yield the verdict of every call so far, in key order, one at a time."""
        wire = self._table.compiled[VERDICT_MACHINE].wire
        fields = self._table.usage_fields
        for key in sorted(self._calls, key=key_order):
            call = self._calls[key]
            if call.receipt_text is not None:
                final_text: str | None = "".join(call.receipt_text)
            else:
                final_text = call.text.text() if call.text else None
            usage = None if call.usage is None else {f: call.usage.get(f) for f in fields}
            code, message = call.error if call.error is not None else (None, None)
            yield Verdict(
                key=key,
                terminal_state=TerminalState(str(wire[call.states[VERDICT_MACHINE]])),
                finish_reason=call.finish_reason,
                usage_state=UsageState.UNKNOWN if usage is None else UsageState.KNOWN,
                usage=usage,
                final_text=final_text,
                error_code=code,
                error_message=message,
            )


def _output_fold(channel: str) -> Callable[[AgentScopeCalls, str, str], bool]:
    def then(calls: AgentScopeCalls, reply_id: str, delta: str) -> bool:
        return calls.output_folded(reply_id, channel, delta)

    return then


@functools.cache
def _object_folds() -> Mapping[str, ObjectFold]:
    """``wire type -> object fold`` of :meth:`Judge.object_folds`, made on first use."""
    folds: dict[str, ObjectFold] = {
        TextBlockDeltaEvent.TYPE: compile_object_fold(
            TextBlockDeltaEvent, ("reply_id", "block_id", "delta"), AgentScopeCalls.text_folded
        )
    }
    for cls, channel in OUTPUT_CHANNELS.items():
        if cls is not TextBlockDeltaEvent:
            folds[cls.TYPE] = compile_object_fold(cls, ("reply_id", "delta"), _output_fold(channel))
    for cls in EVENT_CLASSES:
        wire = {f.name for f in attrs.fields(cls)}
        if handler_for(cls) is None and "reply_id" in wire and cls.TYPE not in folds:
            folds[cls.TYPE] = compile_object_fold(cls, ("reply_id",), AgentScopeCalls.quiet_folded)
    return folds


def judge(events: Iterable[Event | UnknownEvent | CompletionEvent]) -> list[Verdict]:
    """Judge every model call of ``events``: can its output be trusted as complete?

    ``events`` may mix AgentScope reply events and canonical completion
    events; the result has one verdict per call, in key order.

    Raises:
        UsageError: if ``events`` is not an iterable of events.
    """
    j = Judge()
    j.apply_all(events)
    return j.verdicts()
