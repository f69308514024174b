"""JSON written in pieces, so that a long result is never held twice.

:class:`LazyArray` and :class:`LazyObject` stand for an array or object whose
members are made while they are written; :func:`chunks` yields the bytes of
``orjson.dumps`` of the same value built whole, and :func:`write` writes
them. A report of a million-event reply then holds its message once (the
reducer's own state), not also as a dict tree and a byte string.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import groupby, islice
from typing import IO, Any, Final, final

from streamspec import _json_exact

__all__ = ["BATCH", "LazyArray", "LazyObject", "chunks", "plain", "write"]

#: How many plain items of a lazy array are written as one piece: few enough to
#: hold at once, enough that a long array costs one ``orjson.dumps`` per batch.
BATCH: Final = 64


@final
class LazyArray:
    """An array whose items are produced while it is written (once)."""

    def __init__(self, items: Iterable[Any]) -> None:
        self.items = items


@final
class LazyObject:
    """An object whose ``(key, value)`` members are produced while it is written (once)."""

    def __init__(self, members: Iterable[tuple[str, Any]]) -> None:
        self.members = members


#: The lazy classes (final: an item is lazy exactly when its class is one of them).
_LAZY: Final = frozenset({LazyArray, LazyObject})


def chunks(value: Any) -> Iterator[bytes]:
    """Yield the compact JSON of ``value``, one member of a lazy container at a time.

    Raises:
        orjson.JSONEncodeError: a plain part ``orjson`` cannot write.
    """
    if isinstance(value, LazyArray):
        yield b"["
        separator = b""
        items = iter(value.items)
        while batch := list(islice(items, BATCH)):
            if _LAZY.isdisjoint(map(type, batch)):  # the common batch: plain items only
                yield separator + _json_exact.dumps(batch)[1:-1]
                separator = b","
                continue
            for is_lazy, run in groupby(batch, lambda item: type(item) in _LAZY):
                if is_lazy:
                    for item in run:
                        yield separator
                        yield from chunks(item)
                        separator = b","
                else:
                    yield separator + _json_exact.dumps(list(run))[1:-1]
                    separator = b","
        yield b"]"
    elif isinstance(value, LazyObject):
        yield b"{"
        separator = b""
        for key, member in value.members:
            yield separator + _json_exact.dumps(key) + b":"
            yield from chunks(member)
            separator = b","
        yield b"}"
    else:
        yield _json_exact.dumps(value)


def write(value: Any, out: IO[bytes]) -> None:
    """Write :func:`chunks` of ``value`` to ``out``."""
    for piece in chunks(value):
        out.write(piece)


def plain(value: Any) -> Any:
    """Return ``value`` with every lazy container built whole (consumes them)."""
    if isinstance(value, LazyArray):
        return [plain(item) for item in value.items]
    if isinstance(value, LazyObject):
        return {key: plain(member) for key, member in value.members}
    return value
