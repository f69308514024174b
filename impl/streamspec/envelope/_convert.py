"""Converting between envelope v1 and AgentScope JSON, lossless where the target can say it.

Rules:

1. To **envelope**: an envelope is written back as read (its metadata kept);
   a catalog event becomes its envelope (:func:`from_event`); an unknown
   event read from an envelope becomes that envelope again; an unknown
   AgentScope record with an UPPER_SNAKE type becomes the lower-cased type and
   the object minus ``type``.
2. To **AgentScope**: a catalog reply event becomes its AgentScope JSON; an
   unknown envelope whose type is lower_snake and whose payload is an object
   without ``type`` becomes ``{…payload, "type": TYPE}`` with ``type`` placed
   after the leading ``id``/``created_at``/``metadata`` keys (AgentScope's
   order), so AgentScope JSONL → envelope → AgentScope JSONL is the identity.
3. What the target cannot say is named by a ``not_expressible`` warning,
   never dropped silently: envelope ``metadata`` in AgentScope JSON (the
   event is written without it), completion events and unknown types with no
   AgentScope spelling (not written).
4. Problem lines of the input pass through as they are; a line carrying both
   a record and a problem (an opaque a3s event) writes the record too.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

import attrs

from streamspec._codec import encode_event
from streamspec._completion_events import CompletionEvent
from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._errors import DecodeError
from streamspec._events import ABSENT, Event, UnknownEvent
from streamspec._jsonl import Line, unreadable
from streamspec.envelope._envelope import (
    Envelope,
    TypeMismatchError,
    encode_envelope,
    from_event,
    is_envelope_record,
    to_event,
)

__all__ = ["Converted", "Target", "convert_lines", "to_agentscope", "to_envelope"]

_LOWER_SNAKE: Final = re.compile(r"[a-z][a-z0-9_]*")
_LEADING: Final = ("id", "created_at", "metadata")


class Target(enum.Enum):
    """The formats ``convert --to`` writes."""

    ENVELOPE = "envelope"
    AGENTSCOPE = "agentscope"


@attrs.frozen(kw_only=True)
class Converted:
    """One output of a conversion: a JSON object to write, and what could not be said."""

    number: int
    output: dict[str, Any] | None = None
    problems: tuple[Diagnostic, ...] = ()


class _NotExpressible(Exception):
    pass


def _not_expressible(number: int, what: str) -> Diagnostic:
    return Diagnostic(
        code=Code.NOT_EXPRESSIBLE.value,
        severity=CODE_INFO[Code.NOT_EXPRESSIBLE.value].severity,
        message=what,
        details={"line": number},
    )


def to_envelope(record: Any) -> dict[str, Any]:
    """Return the envelope JSON of a record (an :class:`Envelope` or an event).

    Raises:
        DecodeError: an envelope of a catalog type whose payload is not that event.
        TypeMismatchError: the record has no envelope spelling.
    """
    if isinstance(record, Envelope):
        to_event(record)
        return encode_envelope(record)
    return encode_envelope(from_event(record))


def _agentscope_unknown(raw: dict[str, Any]) -> dict[str, Any]:
    type_, payload = raw.get("type"), raw.get("payload")
    if not isinstance(type_, str) or not _LOWER_SNAKE.fullmatch(type_):
        raise _NotExpressible(f"unknown type {type_!r} has no AgentScope spelling; not written")
    if not isinstance(payload, dict) or "type" in payload:
        raise _NotExpressible(
            f"the payload of unknown type {type_!r} is not an AgentScope object; not written"
        )
    out: dict[str, Any] = {}
    keys = list(payload)
    lead = 0
    while lead < len(keys) and keys[lead] in _LEADING:
        lead += 1
    for key in keys[:lead]:
        out[key] = payload[key]
    out["type"] = type_.upper()
    for key in keys[lead:]:
        out[key] = payload[key]
    return out


def to_agentscope(record: Any) -> tuple[dict[str, Any] | None, tuple[str, ...]]:
    """Return the AgentScope JSON of a record and what could not be said.

    Returns:
        ``(object or None, [what was not expressible])``; ``None`` when nothing
        can be written.

    Raises:
        DecodeError: an envelope of a catalog type whose payload is not that event.
    """
    lost: list[str] = []
    if isinstance(record, Envelope):
        if record.metadata is not ABSENT:
            lost.append("envelope metadata has no place in AgentScope JSON; written without it")
        record = to_event(attrs.evolve(record, metadata=ABSENT))
    try:
        if isinstance(record, Event):
            return encode_event(record), tuple(lost)
        if isinstance(record, UnknownEvent):
            raw = dict(record.raw)
            if not is_envelope_record(raw):
                return raw, tuple(lost)
            if raw.get("metadata", ABSENT) is not ABSENT:
                lost.append("envelope metadata has no place in AgentScope JSON; written without it")
            return _agentscope_unknown(raw), tuple(lost)
        if isinstance(record, CompletionEvent):
            raise _NotExpressible(
                f"{record.KIND} is a completion event, which AgentScope JSON lacks; not written"
            )
        raise _NotExpressible(f"{type(record).__name__} has no AgentScope spelling; not written")
    except _NotExpressible as reason:
        return None, (*lost, str(reason))


def convert_lines(lines: Iterable[Line], target: str) -> Iterator[Converted]:
    """Convert every line of a read input to ``target`` (``envelope`` or ``agentscope``)."""
    chosen = Target(target)
    for line in lines:
        problems: list[Diagnostic] = [line.problem] if line.problem is not None else []
        if line.record is None:
            if problems:
                yield Converted(number=line.number, problems=tuple(problems))
            continue
        output: dict[str, Any] | None = None
        try:
            if chosen is Target.ENVELOPE:
                output = to_envelope(line.record)
            else:
                output, lost = to_agentscope(line.record)
                problems.extend(_not_expressible(line.number, what) for what in lost)
        except DecodeError as error:
            problems.append(unreadable(line.number, "; ".join(error.problems)))
        except TypeMismatchError as error:
            problems.append(_not_expressible(line.number, f"{error}; not written"))
        yield Converted(number=line.number, output=output, problems=tuple(problems))
