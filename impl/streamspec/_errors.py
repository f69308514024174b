"""The error hierarchy, split by who is at fault.

- :class:`ProtocolError`: the *stream* broke a rule (strict mode raises it for
  the first error-severity diagnostic).
- :class:`UsageError`: the *caller* asked for something that cannot be done
  (an unknown dialect, a bad option, an event built with wrong types).
- :class:`SpecError`: a *spec or vector file* is malformed; it lists every
  problem at once, each with a JSON path (``... @ $.rows[3].target``).
- :class:`DecodeError`: an input record could not be read as an event; it also
  lists every problem with its path.
- :class:`StateError`: a reducer state given to ``Reducer.from_state`` is not
  one :meth:`~streamspec.Reducer.export_state` could have written; a
  :class:`UsageError` that lists every problem with its path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec._diagnostics import Diagnostic

__all__ = [
    "DecodeError",
    "ProtocolError",
    "SpecError",
    "StateError",
    "StreamspecError",
    "UsageError",
]


class StreamspecError(Exception):
    """Base class of every error streamspec raises on purpose."""


class ProtocolError(StreamspecError):
    """A stream broke a rule of the spec (raised in strict mode).

    Attributes:
        diagnostic: the violation, with its code, machine, state, event,
            allowed events and event index.
    """

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.describe())
        self.diagnostic = diagnostic

    @property
    def code(self) -> str:
        """The violation's stable code."""
        return self.diagnostic.code


class UsageError(StreamspecError, ValueError):
    """The caller asked for something that cannot be done.

    Attributes:
        path: what was wrong, when one argument was: its name, or a path
            inside it (``reply_id``, ``events[3]``); ``None`` otherwise.
    """

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


class _ProblemList(StreamspecError):
    """An error that carries several path-addressed problems."""

    def __init__(self, what: str, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__(f"{what}: " + "; ".join(self.problems))


def _paths(problems: Sequence[str]) -> tuple[str, ...]:
    """The path of each problem (the text after its last `` @ ``), in order, each once."""
    return tuple(dict.fromkeys(problem.rpartition(" @ ")[2] for problem in problems))


class SpecError(_ProblemList, ValueError):
    """A spec table or vector file is malformed.

    Attributes:
        problems: every problem found, each ending in ``@ $.path``.
    """


class DecodeError(_ProblemList, ValueError):
    """A record could not be decoded into an event.

    Attributes:
        problems: every problem found, each ending in ``@ $.path``.
        paths: the JSON path of each problem (``$.tool_calls[0].name``), in
            order, each once; runners compare these, not the messages.
    """

    def __init__(self, what: str, problems: Sequence[str]) -> None:
        super().__init__(what, problems)
        self.paths: tuple[str, ...] = _paths(self.problems)


class StateError(_ProblemList, UsageError):
    """A reducer state is malformed; nothing was built from it.

    Attributes:
        problems: every problem found, each ending in ``@ $.path``
            (``expected integer, got boolean @ $.version``).
        paths: the JSON path of each problem, in order, each once.
        path: the first of :attr:`paths`.
    """

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("not a valid reducer state", problems)
        self.paths: tuple[str, ...] = _paths(self.problems)
        self.path = self.paths[0] if self.paths else None
