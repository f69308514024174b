"""Tables of generated functions, each made on its first call.

Rules:

1. A deferred table maps each key to a stub. A stub's first call makes the
   real function, writes it over itself in its table, and calls it; later
   lookups in that table find the real function, so no stub stays on a hot
   path. A command reading a stream that uses eight event kinds compiles the
   functions of those eight, not of the whole catalog.
2. A stub keeps what it made: called again (someone kept it, or its table
   entry was replaced), it calls that function and never makes it twice.
3. :func:`made` gives the real function of a table entry, making it if need
   be, for a caller that keeps the function itself (a closure, a partial).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from typing import Any, TypeVar

__all__ = ["Stub", "deferred", "made"]

K = TypeVar("K")


class Stub:
    """Stands in for a function until its first call (rules 1 and 2)."""

    __slots__ = ("_key", "_made", "_make", "_table")

    def __init__(
        self, table: MutableMapping[Any, Any], key: Any, make: Callable[[], Callable[..., Any]]
    ) -> None:
        self._table = table
        self._key = key
        self._make = make
        self._made: Callable[..., Any] | None = None

    def resolve(self) -> Callable[..., Any]:
        """Return the real function, making it and putting it in the table on the first call."""
        function = self._made
        if function is None:
            function = self._made = self._make()
            if self._table.get(self._key) is self:
                self._table[self._key] = function
        return function

    def __call__(self, *args: Any) -> Any:
        return self.resolve()(*args)

    def __repr__(self) -> str:
        return f"<deferred {self._key!r}>"


def deferred(
    makers: Mapping[K, Callable[[], Callable[..., Any]]], into: dict[K, Any] | None = None
) -> dict[K, Any]:
    """Return ``key -> stub`` for ``key -> maker`` (rule 1); the dict is the stubs' table.

    ``into`` is the dict to fill (a new one when ``None``), for a caller whose table is a
    dict of its own class.
    """
    table: dict[K, Any] = {} if into is None else into
    for key, make in makers.items():
        table[key] = Stub(table, key, make)
    return table


def made(function: Callable[..., Any]) -> Callable[..., Any]:
    """The real function behind a table entry (rule 3): ``function`` unless it is a stub."""
    return function.resolve() if isinstance(function, Stub) else function
