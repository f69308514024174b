"""Values quoted in messages, cut to a bounded length.

A message quotes what it is about (an id, a type, a key), but an id may be a
megabyte long and a stream may produce a diagnostic per event. Messages
therefore quote at most :data:`QUOTE_LIMIT` characters of a string, followed
by ``…`` and the full length; the structured fields of a diagnostic or an
error (``key``, ``details``, ``paths``, ``argument``) keep the value whole.
"""

from __future__ import annotations

from typing import Final

import orjson

from streamspec import _json_exact

__all__ = ["QUOTE_LIMIT", "quoted"]

#: The most characters of one value a message quotes.
QUOTE_LIMIT: Final = 80
#: Integers longer than this many bits (about 80 digits) are named, not written.
_INT_BITS: Final = 265
#: JSON's own names for the constants Python spells differently.
_JSON_CONSTANTS: Final = {None: "null", True: "true", False: "false"}


def quoted(value: object) -> str:
    """Return ``repr(value)`` for a message, cut after :data:`QUOTE_LIMIT` characters.

    ``None``, ``True`` and ``False`` are quoted as JSON names them (``null``,
    ``true``, ``false``), and an object or array as its JSON text.

    Example:
        >>> quoted(None)
        'null'
        >>> quoted({"a": [None, True]})
        '{"a":[null,true]}'
        >>> quoted("abc")
        "'abc'"
        >>> quoted("x" * 100).endswith("xx'… (100 characters)")
        True
    """
    if value is None or isinstance(value, bool):
        return _JSON_CONSTANTS[value]
    if isinstance(value, str) and len(value) > QUOTE_LIMIT:
        return f"{value[:QUOTE_LIMIT]!r}… ({len(value)} characters)"
    if isinstance(value, int) and value.bit_length() > _INT_BITS:
        sign = "a negative" if value < 0 else "an"
        return f"{sign} integer of {value.bit_length()} bits"
    text = _json_text(value) if isinstance(value, dict | list) else repr(value)
    if len(text) > 4 * QUOTE_LIMIT:
        return f"{text[:QUOTE_LIMIT]}… ({len(text)} characters)"
    return text


def _json_text(value: dict[object, object] | list[object]) -> str:
    try:
        return _json_exact.dumps(value).decode()
    except orjson.JSONEncodeError:  # a non-string key or a tree deeper than JSON is written
        return "an object" if isinstance(value, dict) else "an array"
