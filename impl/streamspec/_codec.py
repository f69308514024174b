"""AgentScope's own JSON for every event, read and written losslessly.

The shape is the flat object ``event.model_dump(mode="json")`` gives: ``id``,
``created_at``, ``metadata``, ``type`` (UPPER_SNAKE), then the event's fields.

- Decoding keeps the set of keys the object had: a key it lacked stays
  :data:`~streamspec.ABSENT`, a key outside the model goes to ``extra``.
- Encoding writes exactly the keys the event holds, in AgentScope's order,
  so ``encode(decode(obj)) == obj`` for 2.0.3 and 2.0.11 output alike.
- An unknown ``type`` decodes to :class:`~streamspec.UnknownEvent`, which
  keeps the whole object and encodes back to it.
- A known ``type`` decodes only when the object has exactly the shape
  AgentScope 2.0.11's models accept (required fields, JSON types, null only
  where allowed, enum values, nested objects); keys outside a model are
  accepted, as pydantic ignores them.
- Token counts (``MODEL_CALL_END``'s ``input_tokens``, ``output_tokens`` and
  the two cache counts) are non-negative integers (:data:`~streamspec._shapes.
  TOKEN_COUNT`): AgentScope's ``int`` accepts ``-5``, streamspec reads such an
  event as unreadable, so a negative count is never summed as known usage.
- A known ``type`` is built first by the builder generated from its class's
  fields (:mod:`streamspec._fast_decode`); an object it does not take (a
  missing or unknown key, an unexpected JSON type) goes through the
  constructor, which builds the same event or names every problem.
- A bad record raises :class:`~streamspec.DecodeError` listing every problem
  with its JSON path (``expected string, got integer @ $.delta``,
  ``required field missing @ $.tool_calls[0].name``); ``paths`` lists the
  paths alone.

The conversion is registered on a cattrs converter (:data:`converter`), so
other formats can build on the same hooks. The converter is made on first
use: reading and writing events never needs cattrs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from streamspec._errors import DecodeError, UsageError
from streamspec._events import (
    ABSENT,
    EVENT_CLASSES,
    AgentEvent,
    Event,
    FieldProblem,
    UnknownEvent,
)
from streamspec._fast_decode import BUILDERS
from streamspec._shapes import json_name, problem_text

__all__ = [
    "EVENT_BY_KIND",
    "EVENT_BY_TYPE",
    "converter",
    "decode_event",
    "encode_event",
    "structure_event",
]

#: ``"TEXT_BLOCK_DELTA" -> TextBlockDeltaEvent``.
EVENT_BY_TYPE: Final[Mapping[str, type[Event]]] = {cls.TYPE: cls for cls in EVENT_CLASSES}
#: ``"text_block_delta" -> TextBlockDeltaEvent``.
EVENT_BY_KIND: Final[Mapping[str, type[Event]]] = {cls.KIND: cls for cls in EVENT_CLASSES}

_BASE_FIELDS: Final = ("id", "created_at", "metadata")
_CLASS_OF: Final[dict[str, type[Event]]] = dict(EVENT_BY_TYPE)
#: The builders :func:`decode_event` takes (the table itself: a builder replaces its stub).
_BUILDERS: Final = BUILDERS


def _wire_fields(cls: type[Event]) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls) if not f.metadata.get("internal"))


_FIELDS: Final = {cls: _wire_fields(cls) for cls in EVENT_CLASSES}
_FIELD_SETS: Final = {cls: frozenset(names) for cls, names in _FIELDS.items()}
_BODY_FIELDS: Final = {
    cls: tuple(n for n in names if n not in _BASE_FIELDS) for cls, names in _FIELDS.items()
}


def _problems(cls: type[Event], kwargs: Mapping[str, Any]) -> list[str]:
    """Check every field on its own, so that all problems are reported."""
    found: list[str] = []
    for field in attrs.fields(cls):
        if field.metadata.get("internal"):
            continue
        if field.name not in kwargs:
            if field.default is attrs.NOTHING:
                found.append(f"required field missing @ $.{field.name}")
            continue
        value = kwargs[field.name]
        if field.converter is not None and callable(field.converter):
            value = field.converter(value)
        try:
            if field.validator is not None:
                field.validator(None, field, value)
        except FieldProblem as problem:
            found.extend(problem_text(path, message) for path, message in problem.problems)
    if not found:
        try:
            cls(**kwargs)
        except FieldProblem as problem:
            found.extend(problem_text(path, message) for path, message in problem.problems)
    return found


def _structure(obj: Any, _: Any = None) -> AgentEvent:
    if obj.__class__ is not dict and not isinstance(obj, dict):
        raise DecodeError("unreadable event", [f"expected an object, got {json_name(obj)} @ $"])
    type_ = obj.get("type")
    cls = _CLASS_OF.get(type_) if type_.__class__ is str else None
    if cls is None:
        if "type" in obj and not isinstance(type_, str):
            raise DecodeError(
                "unreadable event", [f"expected string, got {json_name(type_)} @ $.type"]
            )
        return UnknownEvent(type=type_, raw=obj)
    kwargs = dict(obj)
    del kwargs["type"]
    return _build(cls, kwargs)


def _structure_owned(obj: Any) -> AgentEvent:
    """:func:`_structure` for a dict the caller gives up (fresh from a JSON parser)."""
    type_ = obj.get("type") if obj.__class__ is dict else None
    if type_.__class__ is str:
        build = _BUILDERS.get(type_)
        if build is not None:
            del obj["type"]
            event = build(obj)
            return event if event is not None else _build_in_full(_CLASS_OF[type_], obj)
    return _structure(obj)


def _build(cls: type[Event], kwargs: dict[str, Any]) -> Event:
    event = _BUILDERS[cls.TYPE](kwargs)
    return event if event is not None else _build_in_full(cls, kwargs)


def _build_in_full(cls: type[Event], kwargs: dict[str, Any]) -> Event:
    """Build through the constructor: keys outside the model go to ``extra``, problems are named."""
    names = _FIELD_SETS[cls]
    if not names.issuperset(kwargs):
        kwargs["extra"] = {k: kwargs.pop(k) for k in list(kwargs) if k not in names}
    try:
        event = cls(**kwargs)
    except (FieldProblem, TypeError):
        problems = _problems(cls, kwargs)
        if not problems:  # pragma: no cover - the constructor and the checks agree
            raise
        raise DecodeError(f"unreadable {cls.TYPE} event", problems) from None
    return event


def _value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _unstructure(event: AgentEvent) -> dict[str, Any]:
    if isinstance(event, UnknownEvent):
        return dict(event.raw)
    cls = type(event)
    out: dict[str, Any] = {}
    for name in _BASE_FIELDS:
        value = getattr(event, name)
        if value is not ABSENT:
            out[name] = value
    out["type"] = cls.TYPE
    for name in _BODY_FIELDS[cls]:
        value = getattr(event, name)
        if value is not ABSENT:
            out[name] = _value(value)
    if event.extra:
        out.update(event.extra)
    return out


#: The cattrs converter that reads and writes AgentScope JSON (made on first use).
converter: Any


def _make_converter() -> Any:
    """A cattrs converter with :func:`decode_event`'s and :func:`encode_event`'s hooks."""
    import cattrs  # noqa: PLC0415 - made on first use (module ``__getattr__``)

    made = cattrs.Converter()
    for cls in (*EVENT_CLASSES, UnknownEvent, Event):
        made.register_structure_hook(cls, _structure)
        made.register_unstructure_hook(cls, _unstructure)
    return made


def __getattr__(name: str) -> Any:
    """``converter``: the cattrs converter that reads and writes AgentScope JSON, made once."""
    if name != "converter":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    made = globals()["converter"] = _make_converter()
    return made


#: :func:`decode_event` for reading loops: it takes over the dict it is given.
structure_event: Final = _structure_owned


def decode_event(obj: Any) -> AgentEvent:
    """Decode one AgentScope JSON object into an event.

    Raises:
        DecodeError: the object is not an event; ``problems`` lists every
            problem with its JSON path.
    """
    return _structure(obj)


def encode_event(event: AgentEvent) -> dict[str, Any]:
    """Encode an event as AgentScope JSON, with exactly the keys it holds.

    Raises:
        UsageError: ``event`` is not an AgentScope event (nor an
            :class:`~streamspec.UnknownEvent`).
    """
    if not (isinstance(event, UnknownEvent) or type(event) in _FIELDS):
        raise UsageError(
            f"encode_event takes an AgentScope event, got {json_name(event)}", path="event"
        )
    return _unstructure(event)
