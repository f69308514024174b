"""Values quoted in messages, cut to a bounded length.

A message quotes what it is about (an id, a type, a key), but an id may be a
megabyte long and a stream may produce a diagnostic per event. Messages
therefore quote at most :data:`QUOTE_LIMIT` characters of a string, followed
by ``…`` and the full length; the structured fields of a diagnostic or an
error (``key``, ``details``, ``paths``, ``argument``) keep the value whole.
"""

from __future__ import annotations

from typing import Final

__all__ = ["QUOTE_LIMIT", "quoted"]

#: The most characters of one value a message quotes.
QUOTE_LIMIT: Final = 80
#: Integers longer than this many bits (about 80 digits) are named, not written.
_INT_BITS: Final = 265


def quoted(value: object) -> str:
    """Return ``repr(value)`` for a message, cut after :data:`QUOTE_LIMIT` characters.

    Example:
        >>> quoted("abc")
        "'abc'"
        >>> quoted("x" * 100).endswith("xx'… (100 characters)")
        True
    """
    if isinstance(value, str) and len(value) > QUOTE_LIMIT:
        return f"{value[:QUOTE_LIMIT]!r}… ({len(value)} characters)"
    if isinstance(value, int) and value.bit_length() > _INT_BITS:
        sign = "a negative" if value < 0 else "an"
        return f"{sign} integer of {value.bit_length()} bits"
    text = repr(value)
    if len(text) > 4 * QUOTE_LIMIT:
        return f"{text[:QUOTE_LIMIT]}… ({len(text)} characters)"
    return text
