"""Reading JSON-lines input: one record per line, bad lines reported, never fatal."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO, NamedTuple, TypeVar

import orjson

from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._errors import DecodeError
from streamspec._events import UnknownEvent

__all__ = ["Line", "decode_lines", "read_lines", "read_records", "unreadable"]

T = TypeVar("T")


class Line(NamedTuple):
    """One input line: its number, and either a record or why it has none.

    A blank line has neither a record nor a problem. (A named tuple: lines are
    made once per input line, so they are kept as cheap as an immutable value
    can be.)
    """

    number: int
    record: Any = None
    problem: Diagnostic | None = None

    @property
    def event(self) -> Any:
        """The record to fold, or ``None``.

        ``None`` for a blank or bad line, and for an unknown record whose
        line already carries the problem that reports it (an opaque source
        event is reported once, not again as an unknown type).
        """
        if self.problem is not None and isinstance(self.record, UnknownEvent):
            return None
        return self.record


def unreadable(number: int, reason: str) -> Diagnostic:
    """Return the ``unreadable_line`` diagnostic for line ``number``."""
    return Diagnostic(
        code=Code.UNREADABLE_LINE.value,
        severity=CODE_INFO[Code.UNREADABLE_LINE.value].severity,
        message=reason,
        details={"line": number},
    )


def _parse(number: int, raw: bytes) -> Line | dict[str, Any]:
    """The JSON object on one line, or the :class:`Line` that says why there is none."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _no_object(number, raw)
    return value if isinstance(value, dict) else _no_object(number, raw)


def _no_object(number: int, raw: bytes) -> Line:
    """The line for input that holds no JSON object: blank, not JSON, or another value."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        if not raw.strip():
            return Line(number=number)
        return Line(number=number, problem=unreadable(number, f"not JSON ({error})"))
    kind = type(value).__name__
    return Line(number=number, problem=unreadable(number, f"not a JSON object (got {kind})"))


def read_lines(stream: BinaryIO | Iterable[bytes]) -> Iterator[Line]:
    """Yield every line of a JSON-lines stream, parsed into JSON objects."""
    for number, raw in enumerate(stream, start=1):
        parsed = _parse(number, raw)
        yield parsed if isinstance(parsed, Line) else Line(number=number, record=parsed)


def read_records(
    stream: BinaryIO | Iterable[bytes], decode: Callable[[dict[str, Any]], T]
) -> Iterator[Line]:
    """Yield every line of ``stream`` with its record decoded by ``decode``.

    Same lines as ``decode_lines(read_lines(stream), decode)``, with one
    :class:`Line` built per input line instead of two.
    """
    loads, dict_ = orjson.loads, dict
    for number, raw in enumerate(stream, start=1):
        try:
            value = loads(raw)
        except orjson.JSONDecodeError:
            value = None
        if value.__class__ is not dict_:
            yield _no_object(number, raw)
            continue
        try:
            yield Line(number, decode(value))
        except DecodeError as error:
            yield Line(number=number, problem=unreadable(number, "; ".join(error.problems)))


def decode_lines(lines: Iterable[Line], decode: Callable[[dict[str, Any]], T]) -> Iterator[Line]:
    """Yield every line with its JSON object decoded by ``decode``.

    A record ``decode`` rejects with :class:`~streamspec.DecodeError` becomes an
    ``unreadable_line`` problem naming every bad field.
    """
    for line in lines:
        if line.record is None:
            yield line
            continue
        try:
            yield Line(number=line.number, record=decode(line.record))
        except DecodeError as error:
            yield Line(
                number=line.number, problem=unreadable(line.number, "; ".join(error.problems))
            )
