"""The reducer's fast paths, compiled from the tables and the event classes at import.

Rules:

1. A fast path folds an event only when the full judgement would fold it
   with no diagnostic; otherwise it changes nothing and returns ``False``,
   and :meth:`~streamspec.Reducer.apply` judges the event in full, which
   names what is wrong.
2. A delta kind (:data:`~streamspec.reply._message.FAST_ACTIONS`) drives the reply
   machine with ``content`` and one keyed instance through self-loop rows.
   The states where those rows apply are read from the tables, never
   written here; the tables are checked at import to be that shape.
3. Any other kind without a batch folds when every route it drives has an
   unguarded row with no content check from its instance's state
   (:func:`compile_whole_fold`): the rows are judged first, then each row's
   action runs and its target applies, route by route, as the full path does.
4. Never the first event (it names the reply and its ``created_at``), never
   another reply's, never after :meth:`~streamspec.Reducer.finish`.
5. A JSON object first passes the checks its event class's fields imply
   (:mod:`streamspec._fast_decode`): a delta then folds from the object's
   values without becoming an event; another event is built and folded.
6. Deltas of one kind in a row fold as a run (:func:`delta_run`): the
   reply's state is judged once, for a delta leaves it as it is, the
   instance is looked up again only when the id changes, and the events are
   counted once, when the run ends. A kind with a
   :class:`~streamspec.reply._message.RunForm` (base64 chunks) may keep
   values to take at once when the run leaves their instance.

Theory of operation: a whole-event fold is generated source, one per kind,
straight-line over the kind's routes, with the rows of each route's event
looked up in a ``state -> (target, action)`` map read from the tables.

The folds are part of the reducer: they read and advance its state (reply
state, event count, message) directly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from streamspec._codec import EVENT_BY_KIND
from streamspec._deferred import deferred
from streamspec._errors import SpecError
from streamspec._events import Event
from streamspec._fast_decode import (
    ObjectFold,
    RunFold,
    RunInline,
    compile_event_object_fold,
    compile_object_fold,
    compile_run_fold,
    compile_source,
    exact_strings,
)
from streamspec._machines import COMPILED, ROUTES
from streamspec._tables import Row
from streamspec.reply._content import Chunked, ToolCall
from streamspec.reply._message import (
    ACTIONS,
    CHECKS,
    FAMILY_CLASSES,
    FAST_ACTIONS,
    INLINE_ACTIONS,
    FastAction,
    RunForm,
)

if TYPE_CHECKING:
    from streamspec.reply._reducer import Plan, Reducer

__all__ = [
    "DELTA_ARGUMENTS",
    "WHOLE_ARGUMENTS",
    "EventFold",
    "compile_delta_event_fold",
    "compile_whole_fold",
    "delta_fold_body",
    "delta_fold_source",
    "delta_run",
    "fast_paths",
    "whole_fold_body",
    "whole_fold_source",
]

#: ``(reducer, event) -> folded``: the fast path of an event class.
EventFold = Callable[["Reducer", Any], bool]
#: ``state -> (target, action or None)``: the rows one route may take without a judgement.
PlainRows = Mapping[str, tuple[str, Any]]


#: The names a delta fold's body reads: the reducer, and the event's reply id,
#: instance id and value.
DELTA_ARGUMENTS: Final = ("reducer", "reply_id", "key", "value")
#: When a delta of the kind may not fold fast, whatever its instance: the reply is in a
#: state where the kind's reply row is not a plain self-loop, finished, or not yet named.
_REPLY_NOT_READY: Final = (
    "reducer._reply_state not in reply_states or reducer._finished or not reducer._index"
)
#: When the delta's instance (``entity``) may not take it fast.
_INSTANCE_NOT_READY: Final = "entity is None or entity.state not in ok_states"


def delta_fold_body(kind: str, fast: FastAction, namespace: dict[str, Any]) -> list[str]:
    """The body of one delta kind's fast path (rule 2), unindented; fills ``namespace``.

    When the reply and the instance are in states where the kind's rows are
    self-loops, and the fast action's source (run inline) takes the event's
    value, the event is legal by the tables and done. The body reads
    :data:`DELTA_ARGUMENTS`.

    Raises:
        SpecError: a name the fast action reads is also one the body is given.
    """
    family = _delta_states(kind, fast, namespace)
    return [
        "message = reducer.message",
        f"if reply_id != message.reply_id or {_REPLY_NOT_READY}:",
        "    return False",
        f"entity = message.index_{family}.get(key)",
        f"if {_INSTANCE_NOT_READY}:",
        "    return False",
        *fast.source,
        "reducer._index += 1",
        "return True",
    ]


def _delta_states(kind: str, fast: FastAction, namespace: dict[str, Any]) -> str:
    """Put the states where ``kind``'s rows are self-loops, and ``fast``'s names, in
    ``namespace``; return the family of the kind's instances.

    Raises:
        SpecError: a name the fast action reads is also one the fold is given. (A name
            it binds that the fold reads as a local is refused when the fold is
            compiled: :func:`~streamspec._fast_decode.compile_source`.)
    """
    reply_route, route = ROUTES[kind]
    reply, machine = COMPILED["reply"], COMPILED[route.machine]
    namespace["reply_states"] = frozenset(
        state
        for (state, event_), row in reply.plain.items()
        if event_ == reply_route.event and row.target == state and row.action is None
    )
    namespace["ok_states"] = frozenset(
        state
        for (state, event_), row in machine.plain.items()
        if event_ == route.event and row.target == state
    )
    clashes = sorted(set(fast.names) & set(namespace))
    if clashes:
        raise SpecError("fast path", [f"{kind} names {name!r} twice @ $" for name in clashes])
    namespace.update(fast.names)
    return route.scope if route.scope is not None else route.machine


def delta_run(kind: str, fast: FastAction) -> RunInline:
    """What a run fold of one delta kind runs (rule 6): as :func:`delta_fold_body` for
    each delta, or the kind's :attr:`~streamspec.reply._message.FastAction.run` form.

    Raises:
        SpecError: a name the fast action reads is also one of the fold's own.
    """
    namespace: dict[str, Any] = {}
    family = _delta_states(kind, fast, namespace)
    run = fast.run or RunForm((), fast.source, ())
    once = [
        "reducer = target",
        "message = reducer.message",
        f"if {_REPLY_NOT_READY}:",
        "    refuse",
        "folded_reply = message.reply_id",
        f"instances = message.index_{family}",
        "last = None",
        "start = at",
        *run.once,
    ]
    each = [
        "if reply_id != folded_reply:",
        "    refuse",
        "if key != last:",
        *(f"    {line}" for line in run.leave),
        "    entity = instances.get(key)",
        f"    if {_INSTANCE_NOT_READY}:",
        "        refuse",
        "    last = key",
        *(line.replace("return False", "refuse") for line in run.each),
    ]
    after = [*run.leave, "reducer._index += at - start"]
    return once, ("reply_id", "key", "value"), each, after, namespace


def delta_fold_source(kind: str, fast: FastAction, namespace: dict[str, Any]) -> str:
    """The source of one delta kind's fast path for its events (rule 2); fills ``namespace``."""
    route = ROUTES[kind][1]
    head = [
        "reply_id = event.reply_id",
        f"key = event.{route.key}",
        f"value = event.{fast.field}",
    ]
    lines = [*head, *delta_fold_body(kind, fast, namespace)]
    return f"def fold_{kind}(reducer, event):\n" + "".join(f"    {line}\n" for line in lines)


def compile_delta_event_fold(kind: str, fast: FastAction) -> EventFold:
    """Generate the fast path of one delta kind for its events (rule 2)."""
    namespace: dict[str, Any] = {}
    source = delta_fold_source(kind, fast, namespace)
    fold: EventFold = compile_source(source, f"fold_{kind}", namespace)
    return fold


#: What a guard reads for a field the event lacks: equal to no guard value.
_MISSING: Final = object()


def _taken(row: Row) -> tuple[str, Any]:
    return (row.target, ACTIONS[row.action] if row.action is not None else None)


def _plain_rows(step: Any) -> PlainRows:
    """The rows of ``step``'s event with no guard and no content check, by source state."""
    event = step.route.event
    return {
        state: _taken(row)
        for (state, row_event), row in step.plain.items()
        if row_event == event and row.action not in CHECKS
    }


def _guarded_rows(step: Any) -> Mapping[str, tuple[str, PlainRows]]:
    """``state -> (field, {repr(value): row})`` of ``step``'s guarded rows with no content check."""
    event = step.route.event
    return {
        state: (field, {v: _taken(row) for v, row in by_value.items() if row.action not in CHECKS})
        for (state, row_event), (field, by_value) in step.compiled.guarded.items()
        if row_event == event
    }


def _with_subclasses(cls: type[Any]) -> frozenset[type[Any]]:
    subclasses: list[type[Any]] = cls.__subclasses__()
    return frozenset({cls}).union(*(_with_subclasses(sub) for sub in subclasses))


#: The instance classes that hold text in tiers (:class:`Chunked` and its subclasses).
_JOINING: Final = _with_subclasses(Chunked)

#: The names a whole-event fold's body reads: the reducer and the event.
WHOLE_ARGUMENTS: Final = ("reducer", "event")


def whole_fold_body(
    plan: Plan, namespace: dict[str, Any], strings: frozenset[str] = frozenset()
) -> list[str]:
    """The body of ``plan``'s kind's fast path (rule 3), unindented; fills ``namespace``.

    Each route ``n`` looks its row up in ``rows_n``, then in ``guarded_n`` by
    the ``repr`` of the guarded field's value, as
    :meth:`~streamspec._tables.CompiledMachine.lookup` does; a keyed route
    reads the instance of ``event.<key>`` in its family, its initial state
    when there is none yet (a key that is not exactly a ``str`` is judged in
    full, which makes it one; a key among ``strings``, fields the caller
    already found to be exactly a ``str``, is not looked at again). Any route
    without a row returns ``False`` before anything changed. Then, route by
    route, the row's action runs and its target applies as
    :meth:`~streamspec.reply._message.Message.set_state` applies it; a route
    none of whose rows acts has no action call, and a reply route whose rows
    are all self-loops leaves the reply state as it is. The body reads
    :data:`WHOLE_ARGUMENTS`.
    """
    namespace.update(
        MISSING=_MISSING, ToolCall=ToolCall, JOINING=_JOINING, CALL_WIRE=COMPILED["tool_call"].wire
    )
    lines = [
        "if reducer._finished or not reducer._index:",
        "    return False",
        "message = reducer.message",
    ]
    if plan.reply_bound:
        lines += ["if event.reply_id != message.reply_id:", "    return False"]
    acts = []
    for n, step in enumerate(plan.whole):
        rows = _plain_rows(step)
        guarded = _guarded_rows(step)
        taken = [*rows.values(), *(row for _, by in guarded.values() for row in by.values())]
        namespace[f"rows_{n}"] = rows
        if step.family is None:
            lines.append(f"state_{n} = reducer._reply_state")
            key = "None"
            loops = all(target == state for state, (target, _) in rows.items()) and not guarded
            settle = [] if loops else [f"reducer._reply_state = row_{n}[0]"]
        else:
            namespace[f"initial_{n}"] = step.initial
            lines += [
                f"instances_{n} = message.index_{step.family}",
                f"key_{n} = event.{step.route.path[0]}",
                *(
                    []
                    if step.route.path[0] in strings
                    else [f"if key_{n}.__class__ is not str:", "    return False"]
                ),
                f"entity = instances_{n}.get(key_{n})",
                f"state_{n} = initial_{n} if entity is None else entity.state",
            ]
            key = f"key_{n}"
            settle = [
                f"entity = instances_{n}[key_{n}]",
                f"target = row_{n}[0]",
                *_settling(FAMILY_CLASSES[step.family]),
            ]
        lines.append(f"row_{n} = rows_{n}.get(state_{n})")
        if guarded:
            namespace[f"guarded_{n}"] = guarded
            lines += [
                f"if row_{n} is None and state_{n} in guarded_{n}:",
                f"    field, by_value = guarded_{n}[state_{n}]",
                f"    row_{n} = by_value.get(repr(getattr(event, field, MISSING)))",
            ]
        lines += [f"if row_{n} is None:", "    return False"]
        acts += [*_acting(plan.kind, n, key, taken, namespace), *settle]
    return [*lines, "reducer._index += 1", *acts, "return True"]


def _settling(classes: tuple[type, ...]) -> list[str]:
    """The lines that move ``entity``, of one of ``classes``, to ``target`` as
    :meth:`~streamspec.reply._message.Message.set_state` moves it: a call's wire state
    follows, and text held in tiers is joined when the state changes."""
    wire = ["entity.wire = CALL_WIRE[target] or entity.wire"]
    if ToolCall not in classes:
        wire = []
    elif classes != (ToolCall,):
        wire = ["if entity.__class__ is ToolCall:", *(f"    {line}" for line in wire)]
    joining = [cls in _JOINING for cls in classes]
    if not any(joining):
        return ["entity.state = target", *wire]
    test = "moved" if all(joining) else "moved and entity.__class__ in JOINING"
    return [
        "moved = entity.state != target",
        "entity.state = target",
        *wire,
        f"if {test} and (entity.parts or entity.batches is not None):",
        "    entity.joined()",
    ]


#: ``action function -> its name``.
_ACTION_NAMES: Final = {function: name for name, function in ACTIONS.items()}


def _acting(
    kind: str, n: int, key: str, taken: list[tuple[str, Any]], namespace: dict[str, Any]
) -> list[str]:
    """The lines that run route ``n``'s action when its row has one: inline when every row
    of the route that acts runs the same action and it has an inline form
    (:data:`~streamspec.reply._message.INLINE_ACTIONS`), else a call."""
    names = {_ACTION_NAMES[action] for _, action in taken if action is not None}
    if not names:
        return []
    (action, *others) = sorted(names)
    inline = INLINE_ACTIONS.get(action) if not others and key != "None" else None
    if inline is None:
        return [f"if row_{n}[1] is not None:", f"    row_{n}[1](message, event, {key}, None)"]
    form = inline(kind)
    if not form.source:
        return []
    clashes = sorted(
        name for name, value in form.names.items() if namespace.get(name, value) is not value
    )
    if clashes:
        raise SpecError("fast path", [f"{kind} names {name!r} twice @ $" for name in clashes])
    namespace.update(form.names)
    body = [f"key = {key}", *form.source]
    return [f"if row_{n}[1] is not None:", *(f"    {line}" for line in body)]


def whole_fold_source(plan: Plan, namespace: dict[str, Any]) -> str:
    """The source of ``fold_<kind>(reducer, event)`` for ``plan``'s kind (rule 3); fills
    ``namespace``."""
    body = whole_fold_body(plan, namespace)
    return f"def fold_{plan.kind}(reducer, event):\n" + "".join(f"    {line}\n" for line in body)


def compile_whole_fold(plan: Plan) -> EventFold:
    """Generate the fast path of a kind without a batch (rule 3).

    Raises:
        SpecError: the kind has a batch, which only the full path judges.
    """
    if plan.per_item:
        raise SpecError("fast path", [f"{plan.kind} has a batch @ $.routes.{plan.kind}"])
    namespace: dict[str, Any] = {}
    source = whole_fold_source(plan, namespace)
    fold: EventFold = compile_source(source, f"fold_{plan.kind}", namespace)
    return fold


def _check_self_loop(kind: str, fast: FastAction) -> None:
    """Refuse a fast action whose kind is not a self-loop of that action in the tables."""
    reply_route, route = ROUTES[kind]
    machine = COMPILED[route.machine]
    rows = [r for (_, e), r in machine.plain.items() if e == route.event]
    if not (
        reply_route.machine == "reply"
        and route.key is not None
        and route.items is None
        and rows
        and all(r.source == r.target and r.action == fast.action for r in rows)
        and not any(e == route.event for (_, e) in machine.guarded)
    ):
        raise SpecError(
            "fast path",
            [f"{kind} is not a self-loop with action {fast.action!r} @ $.routes.{kind}"],
        )


def _delta_fields(kind: str, fast: FastAction) -> tuple[str, str, str]:
    """The fields a delta's fold reads: its reply id, its instance's id and its value."""
    return ("reply_id", ROUTES[kind][1].key or "", fast.field)


def _delta_object_fold(kind: str, fast: FastAction) -> ObjectFold:
    """An object fold of a delta kind with its fast path's body inlined (rule 5)."""
    namespace: dict[str, Any] = {}
    body = delta_fold_body(kind, fast, namespace)
    return compile_object_fold(
        EVENT_BY_KIND[kind], _delta_fields(kind, fast), inline=(DELTA_ARGUMENTS, body, namespace)
    )


def _whole_object_fold(cls: type[Event], plan: Plan) -> ObjectFold:
    """An object fold of a whole event: its builder, then its fast path's body, inline (rule 5)."""
    namespace: dict[str, Any] = {}
    body = whole_fold_body(plan, namespace, exact_strings(cls))
    return compile_event_object_fold(cls, (WHOLE_ARGUMENTS, body, namespace))


def _delta_run_fold(kind: str, fast: FastAction) -> RunFold:
    """A run fold of a delta kind (rule 6)."""
    return compile_run_fold(EVENT_BY_KIND[kind], _delta_fields(kind, fast), delta_run(kind, fast))


def fast_paths(
    plans: Mapping[str, Plan],
) -> tuple[Mapping[type[Any], EventFold], Mapping[str, ObjectFold], Mapping[str, RunFold]]:
    """Every fast path: ``event class -> fast path``, ``wire type -> object fold`` and
    ``wire type -> run fold`` (the deltas').

    Both are deferred tables (:mod:`streamspec._deferred`): each fast path is
    compiled on its first call; the tables' shape is checked here, at once.

    Raises:
        SpecError: a kind of :data:`~streamspec.reply._message.FAST_ACTIONS` is not
            a self-loop with its action in the tables.
    """
    path_makers: dict[type[Any], Callable[[], EventFold]] = {}
    object_makers: dict[str, Callable[[], ObjectFold]] = {}
    run_makers: dict[str, Callable[[], RunFold]] = {}
    for kind, fast in FAST_ACTIONS.items():
        _check_self_loop(kind, fast)
        cls = EVENT_BY_KIND[kind]
        path_makers[cls] = functools.partial(compile_delta_event_fold, kind, fast)
        object_makers[cls.TYPE] = functools.partial(_delta_object_fold, kind, fast)
        run_makers[cls.TYPE] = functools.partial(_delta_run_fold, kind, fast)
    for kind, plan in plans.items():
        cls = EVENT_BY_KIND[kind]
        if cls in path_makers or plan.per_item:
            continue
        path_makers[cls] = functools.partial(compile_whole_fold, plan)
        object_makers[cls.TYPE] = functools.partial(_whole_object_fold, cls, plan)
    return deferred(path_makers), deferred(object_makers), deferred(run_makers)
