"""Envelope v1: ``{"version": 1, "type": …, "payload": …, "metadata": …}``, one per line.

Rules (a3s-code's ``EventEnvelopeV1``, seed 001, made streamspec's wire form):

1. ``version`` must be the integer 1. Any other integer is rejected with the
   seed's words, ``unsupported event envelope version N; expected 1``
   (:class:`UnsupportedVersionError`), before the rest of the shape is judged:
   a future version may change it.
2. ``type`` is an open string. A name in the catalog decodes to its event
   class; any other name decodes to an :class:`~streamspec.UnknownEvent` whose
   ``raw`` is the whole envelope, so payload **and** metadata are kept and
   :func:`from_event` gives back the same JSON value. Unknown types are never
   relabelled ``unknown``.
3. ``payload`` is any JSON value on the wire; a catalog type needs an object.
   For an AgentScope event it is the event's AgentScope JSON minus ``type``:
   ``id``, ``created_at`` and ``metadata`` stay inside it verbatim. For a
   completion event it is the event's fields.
4. ``metadata`` is optional and kept as given (an absent key stays absent, a
   JSON ``null`` stays ``null``). It carries the replay keys ``run_id``,
   ``session_id``, ``sequence`` and ``timestamp_ms`` and whatever else was
   given; an event decoded from a catalog type does not hold it. When it is
   an object, the replay keys it has must have the envelope schema's types:
   ``run_id`` and ``session_id`` strings, ``sequence`` a non-negative integer,
   ``timestamp_ms`` an integer. Integers are exact, as everywhere in
   streamspec: ``"1"``, ``1.0`` and ``true`` are not integers. Otherwise the
   record is unreadable: a ``sequence`` the replay filter cannot key on would
   let a replayed record through twice.
5. Keys beside the four are kept in ``extra`` and written back after them.
6. :func:`from_event` refuses a class outside the catalog
   (:class:`TypeMismatchError`, the seed's ``TypeMismatch`` made structural):
   only the exact classes of the catalog have a wire name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

from streamspec._codec import decode_event, encode_event
from streamspec._completion_events import CompletionEvent
from streamspec._errors import DecodeError, UsageError
from streamspec._events import ABSENT, Event, FieldProblem, UnknownEvent, _json_name
from streamspec._shapes import Count, Model, Types, problem_text
from streamspec.envelope._catalog import CLASS_BY_TYPE, ENVELOPE_VERSION, TYPE_BY_CLASS
from streamspec.envelope._shape import is_envelope_record

__all__ = [
    "AnyEvent",
    "Envelope",
    "TypeMismatchError",
    "UnsupportedVersionError",
    "decode_envelope",
    "encode_envelope",
    "from_event",
    "is_envelope_record",
    "to_event",
    "unsupported_version_message",
]

#: Everything :func:`to_event` may return.
AnyEvent = Event | CompletionEvent | UnknownEvent

_KEYS: Final = ("version", "type", "payload", "metadata")
#: The replay keys of ``metadata`` and their types (``spec/schema/envelope.schema.json``).
_METADATA: Final = Model(
    "metadata",
    {
        "run_id": Types("string"),
        "session_id": Types("string"),
        "sequence": Count(),
        "timestamp_ms": Types("integer"),
    },
)
_UPPER_SNAKE: Final = re.compile(r"[A-Z][A-Z0-9_]*")


def unsupported_version_message(version: object) -> str:
    """Return the seed's rejection text for ``version``."""
    return f"unsupported event envelope version {version}; expected {ENVELOPE_VERSION}"


class UnsupportedVersionError(DecodeError):
    """An envelope's ``version`` is an integer other than 1.

    ``str(error)`` is exactly ``unsupported event envelope version N; expected 1``.

    Attributes:
        version: the version the envelope carried.
    """

    def __init__(self, version: int) -> None:
        message = unsupported_version_message(version)
        super().__init__("unsupported envelope", [f"{message} @ $.version"])
        self.version = version
        self.args = (message,)

    def __str__(self) -> str:
        return unsupported_version_message(self.version)


class TypeMismatchError(UsageError):
    """An event's class has no name in the envelope catalog.

    Attributes:
        event_class: the class that was refused.
    """

    def __init__(self, event_class: type) -> None:
        super().__init__(
            f"{event_class.__qualname__} is not in the envelope v1 catalog; it has no wire type"
        )
        self.event_class = event_class


@attrs.frozen(kw_only=True)
class Envelope:
    """One envelope v1 record.

    Attributes:
        version: always 1.
        type: the wire type, a catalog name or any other string.
        payload: the event's JSON (any JSON value; an object for catalog types).
        metadata: replay and correlation data; :data:`~streamspec.ABSENT` when
            the record had no ``metadata`` key.
        extra: keys beside the four, kept and written back.
    """

    version: int = ENVELOPE_VERSION
    type: str
    payload: Any
    metadata: Any = ABSENT
    extra: Mapping[str, Any] = attrs.field(factory=dict, repr=False)

    @property
    def known(self) -> bool:
        """Whether ``type`` is a catalog name."""
        return self.type in CLASS_BY_TYPE

    def with_metadata(self, metadata: Any) -> Envelope:
        """Return a copy carrying ``metadata`` (the seed's ``with_metadata``)."""
        return attrs.evolve(self, metadata=metadata)


def decode_envelope(obj: Any) -> Envelope:
    """Decode one JSON object into an :class:`Envelope`.

    Raises:
        UnsupportedVersionError: ``version`` is an integer other than 1.
        DecodeError: the object is not an envelope (its ``metadata`` replay
            keys included, rule 4); ``problems`` lists every problem with its
            JSON path (``... @ $.metadata.sequence``).
    """
    if not isinstance(obj, dict):
        raise DecodeError("unreadable envelope", [f"expected an object, got {_json_name(obj)} @ $"])
    version = obj.get("version", ABSENT)
    if _json_name(version) == "integer" and version != ENVELOPE_VERSION:
        raise UnsupportedVersionError(version)
    problems = []
    if version is ABSENT:
        problems.append("required field missing @ $.version")
    elif _json_name(version) != "integer":
        problems.append(f"expected integer, got {_json_name(version)} @ $.version")
    if "type" not in obj:
        problems.append("required field missing @ $.type")
    elif not isinstance(obj["type"], str):
        problems.append(f"expected string, got {_json_name(obj['type'])} @ $.type")
    if "payload" not in obj:
        problems.append("required field missing @ $.payload")
    metadata = obj.get("metadata")
    if isinstance(metadata, dict):
        problems.extend(problem_text(p, m) for p, m in _METADATA.problems(metadata, "metadata"))
    if problems:
        raise DecodeError("unreadable envelope", problems)
    return Envelope(
        version=ENVELOPE_VERSION,
        type=obj["type"],
        payload=obj["payload"],
        metadata=obj.get("metadata", ABSENT),
        extra={k: v for k, v in obj.items() if k not in _KEYS},
    )


def _require_envelope(value: object, function: str) -> None:
    if not isinstance(value, Envelope):
        raise UsageError(
            f"{function} takes an Envelope, got {_json_name(value)}"
            " (decode a JSON object first with decode_envelope)",
            path="envelope",
        )


def encode_envelope(envelope: Envelope) -> dict[str, Any]:
    """Encode an envelope as its JSON object (``metadata`` only when present).

    Raises:
        UsageError: ``envelope`` is not an :class:`Envelope`.
    """
    _require_envelope(envelope, "encode_envelope")
    out: dict[str, Any] = {
        "version": envelope.version,
        "type": envelope.type,
        "payload": envelope.payload,
    }
    if envelope.metadata is not ABSENT:
        out["metadata"] = envelope.metadata
    out.update(envelope.extra)
    return out


def _payload_problems(problems: tuple[str, ...]) -> list[str]:
    return [p.replace(" @ $", " @ $.payload", 1) for p in problems]


def _completion_problems(cls: type[CompletionEvent], payload: Mapping[str, Any]) -> list[str]:
    found: list[str] = []
    fields = {f.name: f for f in attrs.fields(cls)}
    found.extend(f"unknown field @ $.payload.{name}" for name in payload if name not in fields)
    for name, field in fields.items():
        if name not in payload:
            if field.default is attrs.NOTHING:
                found.append(f"required field missing @ $.payload.{name}")
            continue
        value = payload[name]
        try:
            if callable(field.converter):
                value = field.converter(value)
            if field.validator is not None:
                field.validator(None, field, value)
        except FieldProblem as problem:
            found.append(f"{problem.message} @ $.payload.{problem.field}")
    return found


def to_event(envelope: Envelope) -> AnyEvent:
    """Return the event an envelope carries.

    A type outside the catalog gives an :class:`~streamspec.UnknownEvent` whose
    ``raw`` is the whole envelope (payload and metadata kept).

    Raises:
        DecodeError: a catalog type whose payload is not that event; every
            problem is listed with its path (``... @ $.payload.delta``).
        UsageError: ``envelope`` is not an :class:`Envelope`.
    """
    _require_envelope(envelope, "to_event")
    cls = CLASS_BY_TYPE.get(envelope.type)
    if cls is None:
        return UnknownEvent(type=envelope.type, raw=encode_envelope(envelope))
    payload = envelope.payload
    if not isinstance(payload, dict):
        raise DecodeError(
            f"unreadable {envelope.type} envelope",
            [f"expected object, got {_json_name(payload)} @ $.payload"],
        )
    if issubclass(cls, Event):
        if "type" in payload:
            raise DecodeError(
                f"unreadable {envelope.type} envelope",
                ["the payload of a catalog type has no 'type' key @ $.payload.type"],
            )
        try:
            return decode_event({"type": cls.TYPE, **payload})
        except DecodeError as error:
            raise DecodeError(
                f"unreadable {envelope.type} envelope", _payload_problems(error.problems)
            ) from None
    problems = _completion_problems(cls, payload)
    if problems:
        raise DecodeError(f"unreadable {envelope.type} envelope", problems)
    return cls(**payload)


def _completion_payload(event: CompletionEvent) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if value is not ABSENT:
            out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


def _unknown_envelope(event: UnknownEvent, metadata: Any) -> Envelope:
    raw = event.raw
    if is_envelope_record(raw) and "payload" in raw:
        envelope = decode_envelope(dict(raw))
        return envelope if metadata is ABSENT else envelope.with_metadata(metadata)
    type_ = raw.get("type")
    if not isinstance(type_, str) or not _UPPER_SNAKE.fullmatch(type_):
        raise TypeMismatchError(UnknownEvent)
    payload = {k: v for k, v in raw.items() if k != "type"}
    return Envelope(type=type_.lower(), payload=payload, metadata=metadata)


def from_event(event: AnyEvent, metadata: Any = ABSENT) -> Envelope:
    """Wrap an event in an envelope (the seed's ``TryFrom<&AgentEvent>``).

    An :class:`~streamspec.UnknownEvent` read from an envelope gives that
    envelope back; one read from AgentScope JSON with an UPPER_SNAKE type gives
    the lower-cased type and the object minus ``type``.

    Args:
        event: a catalog event, or an unknown event.
        metadata: the envelope's ``metadata`` (absent by default).

    Raises:
        TypeMismatchError: the event's class is not in the catalog (or an
            unknown AgentScope event has no UPPER_SNAKE type to carry).
    """
    if isinstance(event, UnknownEvent):
        return _unknown_envelope(event, metadata)
    cls = type(event)
    type_ = TYPE_BY_CLASS.get(cls)
    if type_ is None:
        raise TypeMismatchError(cls)
    if isinstance(event, Event):
        payload = encode_event(event)
        del payload["type"]
    else:
        payload = _completion_payload(event)
    return Envelope(type=type_, payload=payload, metadata=metadata)
