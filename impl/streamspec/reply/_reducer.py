"""The reply reducer: a sans-IO fold of events into an AgentScope message.

Theory of operation:

1. Each event is judged before anything changes. Its kind names the machines
   it drives (``spec/routing.json``); each looks its row up in its compiled
   table from the state of the instance the event names. A missing row is a
   violation, and so is a broken content rule carried by the row's action
   (base64 that does not decode, a URL mixed with base64 data). Only then do
   the rows' actions run and their targets apply.
2. A batch event is judged item by item against the state before the event;
   a repeated id inside one batch is illegal from its second occurrence.
3. Lenient (the default): a rejected event or item is recorded as a
   diagnostic and skipped with no effect. Strict: the first error raises
   :class:`~streamspec.ProtocolError` and nothing of that event applies.
4. No clock, no randomness, no I/O: timestamps come from events, generated
   ids derive from the tool call id and a counter, so a replay gives the same
   message byte for byte.

This module judges; :mod:`streamspec.reply._message` holds the message and acts;
:mod:`streamspec.reply._fast_fold` compiles, from the same tables, the fast paths
that fold the common legal event without the full judgement.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import attrs

from streamspec._deferred import deferred, made
from streamspec._diagnostics import CODE_INFO, Code, Diagnostic, Severity
from streamspec._errors import ProtocolError, SpecError, UsageError
from streamspec._events import EVENT_CLASSES, AgentEvent, Event, UnknownEvent
from streamspec._fast_decode import ObjectFold
from streamspec._jsonl import Folds
from streamspec._machines import COMPILED, ROUTES, Route, end_of_input_code, rejection_code
from streamspec._quote import quoted
from streamspec._shapes import ROLES, json_name
from streamspec._tables import Row
from streamspec.reply._fast_fold import EventFold, fast_paths
from streamspec.reply._message import ACTIONS, CHECKS, Message

__all__ = ["STATE_FORMAT", "Reducer"]

#: The ``format`` tag and version of a reducer state (:meth:`Reducer.export_state`).
STATE_FORMAT: Final = ("streamspec.reducer-state", 1)

_REPLY_INITIAL: Final = COMPILED["reply"].spec.initial
_NO_DIAGNOSTICS: Final[tuple[Diagnostic, ...]] = ()


class Step:
    """One route of an event kind, with what judging it needs looked up once."""

    __slots__ = ("compiled", "family", "initial", "key_in", "plain", "route")

    def __init__(self, route: Route) -> None:
        self.route = route
        self.compiled = COMPILED[route.machine]
        self.plain = self.compiled.plain
        self.initial = self.compiled.spec.initial
        if route.items is None and len(route.path) > 1:
            raise SpecError("routes", [f"a whole event's key names one field @ {route.key}"])
        #: ``event -> instance id`` for a whole event (a batch item is read by its route).
        self.key_in: Callable[[Any], Any] = operator.attrgetter(route.path[0])
        #: The :attr:`Message.index` family of its instances; ``None`` for the reply machine.
        self.family = (route.scope or route.machine) if route.key else None


class Plan:
    """What folding one event class takes: its kind and its steps, whole and per item."""

    __slots__ = ("kind", "per_item", "reply_bound", "whole")

    def __init__(self, cls: type[Event]) -> None:
        routes = ROUTES[cls.KIND]
        self.kind = cls.KIND
        self.whole = tuple(Step(r) for r in routes if r.items is None)
        self.per_item = tuple(Step(r) for r in routes if r.items is not None)
        #: Whether the event names the reply (every kind but CUSTOM).
        self.reply_bound = "reply_id" in attrs.fields_dict(cls)


_PLAN_OF_KIND: Final[Mapping[str, Plan]] = {
    cls.KIND: Plan(cls) for cls in EVENT_CLASSES if cls.KIND in ROUTES
}
#: ``event class -> plan``; an event of a subclass finds its plan by kind.
_PLANS: Final[Mapping[type[Any], Plan]] = {
    cls: _PLAN_OF_KIND[cls.KIND] for cls in EVENT_CLASSES if cls.KIND in ROUTES
}
_Judged = tuple[Route, str | None, Row]


class _Fields:
    """Lets a guard read an event's fields with ``get``, as it reads a batch item (only guarded
    pairs need it)."""

    __slots__ = ("event",)

    def __init__(self, event: Event) -> None:
        self.event = event

    def get(self, field: str, default: Any = None) -> Any:
        return getattr(self.event, field, default)


class _Rejection(Exception):
    """One event or item was rejected with this diagnostic."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class Reducer:
    """Fold AgentScope reply events into a message.

    Args:
        reply_id: the reply to fold; ``None`` adopts the first event's ``reply_id``.
        name: the message's ``name``; ``None`` takes REPLY_START's, else ``"assistant"``.
        role: the message's ``role``; ``None`` takes REPLY_START's, else ``"assistant"``.
        created_at: the message's ``created_at``; ``None`` takes the first event's.
        strict: raise :class:`~streamspec.ProtocolError` on the first error
            instead of recording it and skipping the event.

    Raises:
        UsageError: an argument has the wrong type, or ``role`` is not a
            role; ``path`` names the argument.

    Example:
        >>> from streamspec import TextBlockStartEvent
        >>> reducer = Reducer(reply_id="r1")
        >>> reducer.apply(TextBlockStartEvent(reply_id="r1", block_id="b"))
        ()
        >>> reducer.to_dict()["content"]
        [{'type': 'text', 'id': 'b', 'text': ''}]
    """

    def __init__(
        self,
        *,
        reply_id: str | None = None,
        name: str | None = None,
        role: str | None = None,
        created_at: str | None = None,
        strict: bool = False,
    ) -> None:
        for argument, value in (
            ("reply_id", reply_id),
            ("name", name),
            ("role", role),
            ("created_at", created_at),
        ):
            if value is not None and not isinstance(value, str):
                raise UsageError(
                    f"{argument} must be a string or None, got {json_name(value)}", path=argument
                )
        if role is not None and role not in ROLES.values:
            raise UsageError(
                f"role must be one of {', '.join(ROLES.values)}, not {quoted(role)}", path="role"
            )
        if not isinstance(strict, bool):
            raise UsageError(f"strict must be a boolean, got {json_name(strict)}", path="strict")
        self.strict = strict
        self.message = Message(reply_id, name, role, created_at)
        self._created_at_given = created_at is not None
        self._reply_state = _REPLY_INITIAL
        self._index = 0
        self._diagnostics: list[Diagnostic] = []
        self._finished = False
        #: ``event class -> fast path``; empty to judge every event in full.
        self._fast: Mapping[type[Any], EventFold] = _FAST
        #: ``wire type -> fast path for a JSON object``; empty to take none.
        self._object_folds: Mapping[str, ObjectFold] = _OBJECT_FOLDS

    # ------------------------------------------------------------------ public

    @property
    def reply_id(self) -> str | None:
        """The id of the reply being folded (``None`` until one is seen)."""
        return self.message.reply_id

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Every diagnostic recorded so far, in order."""
        return tuple(self._diagnostics)

    @property
    def next_index(self) -> int:
        """The index the next event gets."""
        return self._index

    def states(self) -> dict[str, dict[str, str]]:
        """Return every instance's machine state: ``{machine: {id: state}}``."""
        result = {"reply": {"": self._reply_state}}
        for machine, entities in self.message.instances().items():
            result[machine] = {_label(machine, e): e.state for e in entities}
        return result

    def apply(self, event: AgentEvent) -> tuple[Diagnostic, ...]:
        """Apply one event and return the diagnostics it produced.

        Raises:
            ProtocolError: in strict mode, for the first error; the event then
                has no effect.
            UsageError: the reducer was already finished, or ``event`` is not
                an AgentScope event (a JSON object is decoded first, with
                :func:`~streamspec.decode_event`); nothing changes.
        """
        fast = self._fast.get(event.__class__)
        if fast is not None and fast(self, event):
            return _NO_DIAGNOSTICS
        if self._finished:
            raise UsageError("this reducer was finished; resume from its exported state instead")
        plan = _PLANS.get(event.__class__)
        if plan is None and not _is_event(event):
            raise _not_an_event(event, "event")
        diagnostics = self._diagnostics
        before = len(diagnostics)
        index = self._index
        self._index = index + 1
        try:
            self._apply(event, index, plan)
        except _Rejection as rejection:
            self._record(rejection.diagnostic)
        return tuple(diagnostics[before:]) if len(diagnostics) > before else _NO_DIAGNOSTICS

    def object_folds(self) -> Mapping[str, Callable[[dict[str, Any]], bool]]:
        """Return ``wire type -> fold`` for the AgentScope JSON objects the fast path takes whole.

        A fold takes an object (``type`` included) only when decoding it would
        give an event with no ``extra`` keys and :meth:`apply` would fold that
        event with no diagnostic; the object then counts as that event and the
        fold returns ``True``. Anything else returns ``False`` having changed
        nothing: decode the object and :meth:`apply` it as usual. A reader
        offers each object it parses (``read_records(..., folds=...)``): the
        common delta never becomes an event object, and no folded object
        becomes a line. Batch events are never taken. Each fold is compiled on
        its first call (:mod:`streamspec._deferred`).
        """
        runs = deferred(
            {type_: functools.partial(_bound, run, self) for type_, run in _RUN_FOLDS.items()}
        )
        return deferred(
            {
                type_: functools.partial(_bound, fold, self)
                for type_, fold in self._object_folds.items()
            },
            into=Folds(KEEPS_JSON, runs),
        )

    def reject_unreadable(self, paths: Iterable[str], reason: str) -> tuple[Diagnostic, ...]:
        """Count an input object that is not a valid event as ``unreadable_line``.

        The object takes the next index, so indexes stay positions in the input;
        nothing else changes. ``paths`` are the JSON paths of its bad fields.

        Raises:
            ProtocolError: in strict mode.
            UsageError: the reducer was already finished, ``paths`` is not an
                iterable of strings or ``reason`` not a string.
        """
        if self._finished:
            raise UsageError("this reducer was finished; resume from its exported state instead")
        if not isinstance(reason, str):
            raise UsageError(f"reason must be a string, got {json_name(reason)}", path="reason")
        listed = _strings(paths, "paths")
        diagnostic = _diagnostic(
            Code.UNREADABLE_LINE, self._index, reason, details={"paths": listed}
        )
        self._index += 1
        self._record(diagnostic)
        return (diagnostic,)

    def apply_all(self, events: Iterable[AgentEvent]) -> Reducer:
        """Apply every event in order and return ``self``.

        Raises:
            ProtocolError: in strict mode, for the first error.
            UsageError: ``events`` is not iterable, or an item is not an event
                (``path`` names it: ``events[3]``); the events before it stay
                applied.
        """
        for position, event in enumerate(_iterate(events, "events")):
            try:
                self.apply(event)
            except UsageError as error:
                if error.path != "event":
                    raise
                raise _not_an_event(event, f"events[{position}]") from None
        return self

    def finish(self) -> tuple[Diagnostic, ...]:
        """Mark the end of input and warn about every instance left open.

        Returns:
            the end-of-input diagnostics, also added to :attr:`diagnostics`.
        """
        if self._finished:
            return ()
        self._finished = True
        found: list[Diagnostic] = []
        if self._reply_state in COMPILED["reply"].open_states:
            found.append(self._at_end("reply", self._reply_state, None))
        for machine, entities in self.message.instances().items():
            open_states = COMPILED[machine].open_states
            found.extend(
                self._at_end(machine, e.state, _label(machine, e))
                for e in entities
                if e.state in open_states
            )
        self._diagnostics.extend(found)
        return tuple(found)

    def to_dict(self) -> dict[str, Any]:
        """Return the message as AgentScope's ``Msg.model_dump()``, a fresh tree each call."""
        return self.message.to_dict()

    # ---------------------------------------------------------------- judging

    def _apply(self, event: AgentEvent, index: int, plan: Plan | None) -> None:
        if isinstance(event, UnknownEvent):
            self._record(
                _diagnostic(
                    Code.UNKNOWN_EVENT_TYPE,
                    index,
                    f"unknown event type {quoted(event.type)}; kept whole, no effect",
                    event=event.type,
                )
            )
            return
        if plan is None:
            plan = _PLAN_OF_KIND[event.KIND]
        message = self.message
        if index == 0 and not self._created_at_given and isinstance(event.created_at, str):
            message.created_at = event.created_at
        if plan.reply_bound:
            reply_id: str = event.reply_id  # type: ignore[attr-defined]
            if message.reply_id is None:
                message.reply_id = reply_id
            elif reply_id != message.reply_id:
                raise _Rejection(
                    _diagnostic(
                        Code.REPLY_ID_MISMATCH,
                        index,
                        f"{plan.kind} has reply_id {quoted(reply_id)}, "
                        f"not {quoted(message.reply_id)}; skipped",
                        event=plan.kind,
                        key=reply_id,
                    )
                )
        judged = self._judged_plainly(plan, event)
        if judged is None:
            judged = [self._judge(step, event, None, index, None) for step in plan.whole]
        self._act(judged, event, None)
        if plan.per_item:
            self._apply_batch(event, plan, index)

    def _judged_plainly(self, plan: Plan, event: Event) -> list[_Judged] | None:
        """The row of each whole route, or ``None`` when one needs :meth:`_judge`.

        That is a row whose action carries a content check, or no row: the
        full judgement runs the check, or names the rejection.
        """
        judged: list[_Judged] = []
        instances = self.message.index
        for step in plan.whole:
            route = step.route
            if step.family is None:
                key = None
                state = self._reply_state
            else:
                key = str(step.key_in(event))
                entity = instances[step.family].get(key)
                state = entity.state if entity is not None else step.initial
            row = step.plain.get((state, route.event))
            if row is None and (state, route.event) in step.compiled.guarded:
                row = step.compiled.lookup(state, route.event, _Fields(event))
            if row is None or row.action in CHECKS:
                return None
            judged.append((route, key, row))
        return judged

    def _apply_batch(self, event: Event, plan: Plan, index: int) -> None:
        steps = plan.per_item
        first = steps[0].route
        items: tuple[dict[str, Any], ...] = getattr(event, first.items or "")
        accepted: list[tuple[list[_Judged], dict[str, Any]]] = []
        rejected: list[Diagnostic] = []
        seen: set[str] = set()
        for item_index, item in enumerate(items):
            key = first.key_of(item)
            try:
                if key in seen:
                    raise _Rejection(
                        _diagnostic(
                            Code.DUPLICATE_BATCH_ITEM,
                            index,
                            f"{plan.kind} names tool call {quoted(key)} twice; "
                            f"item {item_index} skipped",
                            item=item_index,
                            machine=first.machine,
                            event=first.event,
                            key=key,
                        )
                    )
                seen.add(key)
                judged = [self._judge(step, event, item, index, item_index) for step in steps]
            except _Rejection as rejection:
                if self.strict:
                    raise ProtocolError(rejection.diagnostic) from None
                rejected.append(rejection.diagnostic)
                continue
            accepted.append((judged, item))
        self._diagnostics.extend(rejected)
        for judged, item in accepted:
            self._act(judged, event, item)

    def _judge(
        self,
        step: Step,
        event: Event,
        item: dict[str, Any] | None,
        index: int,
        position: int | None,
    ) -> _Judged:
        """Find the row ``step``'s machine takes for the event (or a batch item), or reject it."""
        route = step.route
        if step.family is None:
            key = None
            state = self._reply_state
        else:
            key = route.key_of(item) if item is not None else str(step.key_in(event))
            entity = self.message.index[step.family].get(key)
            state = entity.state if entity is not None else step.initial
        compiled = step.compiled
        row = compiled.plain.get((state, route.event))
        if row is None:
            payload: Any = _Fields(event) if item is None else item
            row = compiled.lookup(state, route.event, payload)
            if row is None:
                raise _Rejection(self._rejected(step, event, key, state, index, position))
        check = CHECKS.get(row.action) if row.action is not None else None
        if check is not None:
            problem = check(self.message, event, key)
            if problem is not None:
                raise _Rejection(
                    _diagnostic(
                        problem.code,
                        index,
                        problem.message,
                        item=position,
                        machine=route.machine,
                        state=state,
                        event=route.event,
                        allowed=compiled.allowed[state],
                        key=_state_key(route.scope, key),
                        details=problem.details,
                    )
                )
        return (route, key, row)

    def _rejected(
        self,
        step: Step,
        event: Event,
        key: str | None,
        state: str,
        index: int,
        position: int | None,
    ) -> Diagnostic:
        """The diagnostic for an event (or item) that has no row from ``state``."""
        route = step.route
        allowed = step.compiled.allowed[state]
        label = _state_key(route.scope, key)
        subject = f"{route.machine} {quoted(label)}" if label is not None else route.machine
        return _diagnostic(
            rejection_code(route.machine, state, route.event),
            index,
            f"{event.KIND} rejected: {subject} is {state}; "
            f"allowed: {', '.join(allowed) or 'nothing'}",
            item=position,
            machine=route.machine,
            state=state,
            event=route.event,
            allowed=allowed,
            key=label,
        )

    def _act(self, judged: list[_Judged], event: Event, item: dict[str, Any] | None) -> None:
        message = self.message
        for route, key, row in judged:
            if row.action is not None:
                ACTIONS[row.action](message, event, key, item)
            if key is None:
                self._reply_state = row.target
            else:
                message.set_state(route.machine, route.scope, key, row.target)

    # ------------------------------------------------------------ diagnostics

    def _record(self, diagnostic: Diagnostic) -> None:
        if self.strict and diagnostic.severity is Severity.ERROR:
            raise ProtocolError(diagnostic)
        self._diagnostics.append(diagnostic)

    def _at_end(self, machine: str, state: str, key: str | None) -> Diagnostic:
        subject = f"{machine} {quoted(key)}" if key is not None else machine
        return _diagnostic(
            end_of_input_code(machine),
            None,
            f"{subject} is still {state} at the end of input",
            machine=machine,
            state=state,
            allowed=COMPILED[machine].allowed[state],
            key=key,
        )

    # -------------------------------------------------------------- state I/O

    def export_state(self) -> dict[str, Any]:
        """Return the whole fold state as versioned JSON, to resume later."""
        return {
            "format": STATE_FORMAT[0],
            "version": STATE_FORMAT[1],
            "next_index": self._index,
            "strict": self.strict,
            "reply_state": self._reply_state,
            "created_at_given": self._created_at_given,
            "message": self.message.export(),
        }

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Reducer:
        """Resume a fold from :meth:`export_state` output.

        The whole state is checked before anything is built (the rules are in
        :mod:`streamspec.reply._state_check`): its format and version, every key's
        JSON type, every state name, unique ids.

        Raises:
            StateError: ``state`` is not a reducer state of this version;
                ``problems`` lists every problem with its JSON path
                (``... @ $.message.content[2].state``), ``paths`` the paths.
        """
        from streamspec.reply._state_check import check_state  # noqa: PLC0415 - resumes only

        check_state(state)
        reducer = cls(strict=state["strict"])
        reducer.message = Message.restore(state["message"])
        reducer._created_at_given = state["created_at_given"]
        reducer._reply_state = state["reply_state"]
        reducer._index = state["next_index"]
        return reducer


_FAST, _OBJECT_FOLDS, _RUN_FOLDS = fast_paths(_PLAN_OF_KIND)
#: The wire types whose actions keep a JSON object or array of the event in the
#: message (``event.hint``, ``event.error``, ``event.metadata`` in ``actions.json``):
#: their objects reach a fold with exact integers (``_jsonl`` rule 6).
KEEPS_JSON: Final = frozenset({"HINT_BLOCK", "REPLY_END", "TOOL_RESULT_END"})


def _bound(fold: Callable[..., Any], reducer: Reducer) -> Callable[..., Any]:
    """``fold`` (an object fold or a run fold) made and bound to ``reducer``."""
    return functools.partial(made(fold), reducer)


def _label(machine: str, entity: Any) -> str:
    """An instance's key in :meth:`Reducer.states` and diagnostics: ``kind:id`` for blocks."""
    return f"{entity.type}:{entity.id}" if machine == "block" else str(entity.id)


def _state_key(scope: str | None, key: str | None) -> str | None:
    """The key a diagnostic names: ``kind:id`` for a block, else the id itself."""
    return f"{scope}:{key}" if scope is not None and key is not None else key


def _is_event(value: object) -> bool:
    """Whether the reducer can fold ``value``: an AgentScope event or an unknown one."""
    return isinstance(value, UnknownEvent) or (isinstance(value, Event) and value.KIND in ROUTES)


def _not_an_event(value: object, path: str) -> UsageError:
    if isinstance(value, dict):
        hint = ": decode a JSON object first with streamspec.decode_event"
    else:
        hint = " (an UnknownEvent for a type outside the catalog)"
    return UsageError(
        f"{path} must be an AgentScope event, got {json_name(value)}{hint}", path=path
    )


def _iterate(values: object, path: str, items: str = "events") -> Iterable[Any]:
    """``values`` if it is an iterable of several items: not a string, nor a mapping of events."""
    refused = str | bytes | Mapping if items == "events" else str | bytes
    if isinstance(values, refused) or not isinstance(values, Iterable):
        raise UsageError(
            f"{path} must be an iterable of {items}, got {json_name(values)}", path=path
        )
    return values


def _strings(values: object, path: str) -> list[str]:
    listed = list(_iterate(values, path, "strings"))
    for position, value in enumerate(listed):
        if not isinstance(value, str):
            where = f"{path}[{position}]"
            raise UsageError(f"{where} must be a string, got {json_name(value)}", path=where)
    return listed


def _diagnostic(code: str, index: int | None, message: str, **fields: Any) -> Diagnostic:
    return Diagnostic(
        code=str(code),
        severity=CODE_INFO[str(code)].severity,
        message=message,
        index=index,
        **fields,
    )
