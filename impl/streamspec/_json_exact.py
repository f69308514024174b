"""Integers of any size, read and written as their JSON text gives them.

``orjson`` reads an integer outside ``[-2**63, 2**64)`` as the nearest double
and cannot write one at all; JSON (and AgentScope's models, which are Python)
know no such limit. Every integer streamspec reads keeps its exact value, and
every integer it writes is written digit for digit:

1. An integer outside orjson's range is written with at least 19 digits in a
   row (``-9223372036854775809``), so a text without such a run is read by
   orjson alone; :func:`long_digits` finds one at about half a nanosecond a
   byte.
2. A text with such a run is parsed again with :mod:`json`, which keeps
   integers exact; a number with a fraction or an exponent is the same double
   either way.
3. orjson does not read an integer past the largest double (310 digits or
   more) at all; such a text is read by :mod:`json` alone (:func:`retry`).
4. :func:`dumps` writes with orjson, and a value holding an integer outside
   its range with each such integer as its digits, in the same layout.

Two limits remain, both of which RFC 8259 §6 lets a parser set, and both of
which Python's own :mod:`json` (and so AgentScope) shares: a number with a
fraction or an exponent is a binary64 double, so one past the largest double
(``1e400``) is not read; an integer of more than 4300 digits (Python's limit
on converting text to ``int``) is not read. A text past either is refused by
an error that names the number, the limit and the number's offset.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

import orjson

__all__ = ["dumps", "exact", "loads", "long_digits", "retry"]

#: Every ASCII digit mapped to ``0``, every other byte to itself.
_DIGITS_AS_ZERO: Final = bytes(0x30 if 0x30 <= byte <= 0x39 else byte for byte in range(256))
#: The shortest run of digits an integer outside orjson's range is written with.
_LONG_RUN: Final = b"0" * 19
_SMALLEST: Final = -(2**63)
_PAST_LARGEST: Final = 2**64
_INFINITY: Final = float("inf")


def long_digits(text: bytes) -> bool:
    """Whether ``text`` holds a run of digits long enough to be an integer orjson cannot keep."""
    return text.translate(_DIGITS_AS_ZERO).find(_LONG_RUN) >= 0


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


class _PastLimit(ValueError):
    """A number JSON's grammar allows that is past one of the two limits: its text and why."""

    def __init__(self, text: str, why: str) -> None:
        super().__init__(why)
        self.text = text
        self.why = why

    def decode_error(self, raw: bytes | str, hint: int) -> orjson.JSONDecodeError:
        """The error that names the number and its offset: ``hint`` (where orjson stopped)
        when the number is written there, else where ``raw`` first writes it."""
        doc = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        if isinstance(raw, bytes):
            text = self.text.encode()
            at = hint if raw.startswith(text, hint) else raw.find(text)
        else:
            at = hint if raw.startswith(self.text, hint) else raw.find(self.text)
        return orjson.JSONDecodeError(self.why, doc, max(at, 0))


def _finite(text: str) -> float:
    number = float(text)
    if number in (_INFINITY, -_INFINITY):
        shown = text if len(text) <= _SHOWN else f"{text[: _SHOWN - 3]}..."
        raise _PastLimit(text, f"a number past the largest double ({shown})")
    return number


def _integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        digits = len(text.lstrip("-"))
        limit = sys.get_int_max_str_digits()
        raise _PastLimit(text, f"an integer of {digits} digits (the limit is {limit})") from None


#: The longest number text an error shows whole.
_SHOWN: Final = 24


def _stdlib(text: bytes | str) -> Any:
    """``text`` parsed by :mod:`json` with JSON's own grammar: no ``NaN``, no infinite double.

    Raises:
        _PastLimit: a number past the largest double, or an integer past Python's digits.
        ValueError: :mod:`json` cannot take it (not JSON).
        RecursionError: deeper than :mod:`json`'s stack.
    """
    return json.loads(
        text, parse_constant=_reject_constant, parse_float=_finite, parse_int=_integer
    )


def retry(raw: bytes | str, error: orjson.JSONDecodeError) -> Any:
    """What ``raw``, which orjson refused with ``error``, holds; an error if nothing.

    Only a number past the largest double makes orjson refuse JSON that
    :mod:`json` can read exactly (an integer of 310 to 4300 digits).

    Raises:
        orjson.JSONDecodeError: ``raw`` is not JSON to streamspec: ``error``, or,
            when a number is past one of the two limits, an error that names
            the number, the limit and its offset.
    """
    if not error.msg.startswith("number is infinity"):
        raise error
    try:
        return _stdlib(raw)
    except _PastLimit as past:
        raise past.decode_error(raw, error.pos) from None
    except (ValueError, RecursionError):
        raise error from None


def exact(raw: bytes | str, value: Any) -> Any:
    """``value`` (orjson's reading of ``raw``) with every integer as ``raw`` writes it.

    ``raw`` is parsed again only when :func:`long_digits` says it must be; a
    text that :mod:`json` cannot take where orjson could (deeper than its
    stack) keeps orjson's reading.
    """
    if not long_digits(raw.encode() if isinstance(raw, str) else raw):
        return value
    try:
        return _stdlib(raw)
    except (ValueError, RecursionError):
        return value


def loads(raw: bytes | str) -> Any:
    """Parse ``raw`` like ``orjson.loads``, keeping integers of any size exact.

    Raises:
        orjson.JSONDecodeError: ``raw`` is not JSON.
    """
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        return retry(raw, error)
    return exact(raw, value)


def dumps(value: Any, option: int | None = None) -> bytes:
    """``orjson.dumps(value, option=option)``, writing integers of any size.

    Raises:
        orjson.JSONEncodeError: what orjson raises for anything but an integer's size.
    """
    try:
        return orjson.dumps(value, option=option)
    except orjson.JSONEncodeError as error:
        if "64-bit" not in str(error):
            raise
    return orjson.dumps(_as_fragments(value), option=option)


def _as_fragments(value: Any) -> Any:
    """``value`` with each integer outside orjson's range as an :class:`orjson.Fragment`."""
    if isinstance(value, dict):
        return {key: _as_fragments(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_as_fragments(item) for item in value]
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and not _SMALLEST <= value < _PAST_LARGEST
    ):
        return orjson.Fragment(str(int(value)).encode())
    return value
