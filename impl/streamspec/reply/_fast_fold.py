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
3. Any other kind without a batch folds when every route it drives has a
   row with no content check (:meth:`~streamspec.Reducer._fold_event`).
4. Never the first event (it names the reply and its ``created_at``), never
   another reply's, never after :meth:`~streamspec.Reducer.finish`.
5. A JSON object first passes the checks its event class's fields imply
   (:mod:`streamspec._fast_decode`): a delta then folds from the object's
   values without becoming an event; another event is built and folded.

The folds are part of the reducer: they read and advance its state (reply
state, event count, message) directly.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from streamspec._codec import EVENT_BY_KIND
from streamspec._errors import SpecError
from streamspec._events import Event
from streamspec._fast_decode import ObjectFold, compile_builder, compile_object_fold
from streamspec._machines import COMPILED, ROUTES
from streamspec.reply._content import JOIN_EVERY
from streamspec.reply._message import FAST_ACTIONS, FastAction

if TYPE_CHECKING:
    from streamspec.reply._reducer import Plan, Reducer

__all__ = ["FastPath", "Fold", "compile_event_fold", "compile_fold", "fast_paths"]

#: ``(reducer, reply_id, instance id, value) -> folded``: the fast path of a delta kind.
Fold = Callable[["Reducer", Any, Any, Any], bool]
#: ``(instance id of event, value of event, fold)``: a delta kind's fast path for events.
FastPath = tuple[Callable[[Any], Any], Callable[[Any], Any], Fold]


def compile_fold(kind: str, fast: FastAction) -> Fold:
    """The fast path of one delta kind (rule 2).

    When the reply and the instance are in states where the kind's rows are
    self-loops, and the fast action takes the event's value, the event is
    legal by the tables and done.
    """
    reply_route, route = ROUTES[kind]
    reply, machine = COMPILED["reply"], COMPILED[route.machine]
    reply_states = frozenset(
        state
        for (state, event), row in reply.plain.items()
        if event == reply_route.event and row.target == state and row.action is None
    )
    ok_states = frozenset(
        state
        for (state, event), row in machine.plain.items()
        if event == route.event and row.target == state
    )
    family = route.scope if route.scope is not None else route.machine
    act = fast.act

    def fold(reducer: Reducer, reply_id: Any, key: Any, value: Any) -> bool:
        message = reducer.message
        if (
            reply_id != message.reply_id
            or reducer._reply_state not in reply_states
            or reducer._finished
            or not reducer._index
        ):
            return False
        entity = message.index[family].get(key)
        if entity is None or entity.state not in ok_states:
            return False
        if act is None:
            parts = entity.parts
            parts.append(value)
            if len(parts) >= JOIN_EVERY:
                entity.batch()
        elif not act(entity, value):
            return False
        reducer._index += 1
        return True

    return fold


def compile_event_fold(cls: type[Event], plan: Plan) -> ObjectFold:
    """An object fold for a whole event (rule 3): its builder, then the reducer's fold."""
    build = compile_builder(cls, typed=True)

    def fold(reducer: Reducer, obj: dict[str, Any]) -> bool:
        event = build(obj)
        return event is not None and reducer._fold_event(plan, event)

    fold.__qualname__ = fold.__name__ = f"fold_{cls.KIND}"
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


def fast_paths(
    plans: Mapping[str, Plan],
) -> tuple[Mapping[type[Any], FastPath], Mapping[str, ObjectFold]]:
    """Every fast path: ``event class -> fast path`` and ``wire type -> object fold``.

    Raises:
        SpecError: a kind of :data:`~streamspec.reply._message.FAST_ACTIONS` is not
            a self-loop with its action in the tables.
    """
    paths: dict[type[Any], FastPath] = {}
    objects: dict[str, ObjectFold] = {}
    for kind, fast in FAST_ACTIONS.items():
        _check_self_loop(kind, fast)
        key = ROUTES[kind][1].key or ""
        cls = EVENT_BY_KIND[kind]
        fold = compile_fold(kind, fast)
        paths[cls] = (operator.attrgetter(key), operator.attrgetter(fast.field), fold)
        objects[cls.TYPE] = compile_object_fold(cls, ("reply_id", key, fast.field), fold)
    for kind, plan in plans.items():
        cls = EVENT_BY_KIND[kind]
        if cls.TYPE not in objects and not plan.per_item:
            objects[cls.TYPE] = compile_event_fold(cls, plan)
    return paths, objects
