"""The work of ``streamspec reduce``: fold one reply of a stream, print its message.

Contract (the command line's, :mod:`streamspec.cli._main`): stdout carries only
the message, diagnostics go to stderr as they are found.

Memory follows the reply being folded, not the input: a line of another reply
is rejected (``reply_id_mismatch``) by a stand-in reducer for the folded
reply, which gives the diagnostic the folding reducer would give, and is
replaced before it keeps more than :data:`FORGET_AFTER` of them. The folding
reducer keeps only its own reply's diagnostics.
"""

from __future__ import annotations

import sys
from typing import BinaryIO, Final

from streamspec._diagnostics import Diagnostic, Severity
from streamspec._errors import ProtocolError
from streamspec._events import CustomEvent, Event
from streamspec._jsonl import READER_WARNINGS
from streamspec.cli._console import emit, stdout, write_json
from streamspec.reply._reducer import Reducer
from streamspec.sources._read import read_reply_events, reply_lines

__all__ = ["FORGET_AFTER", "OtherReplies", "fold_reply"]

#: How many lines of other replies a stand-in reducer judges before it is replaced.
FORGET_AFTER: Final = 1024


class OtherReplies:
    """Judges the lines of replies other than the folded one, and forgets them.

    Once the folding reducer has taken an event and knows its reply, an event
    naming another reply changes nothing there but its event count and its
    list of diagnostics; a stand-in reducer for the same reply, strict when
    it is, rejects it with the same diagnostic (or raises the same
    :class:`~streamspec.ProtocolError`).
    """

    def __init__(self, folding: Reducer) -> None:
        self._folding = folding
        self._stand_in: Reducer | None = None

    def owns(self, event: object) -> bool:
        """Whether ``event`` names a reply other than the one being folded."""
        folding = self._folding
        folded = folding.reply_id
        return (
            getattr(event, "reply_id", folded) != folded
            and folded is not None
            and folding.next_index > 0
            and isinstance(event, Event)
            and not isinstance(event, CustomEvent)
        )

    def apply(self, event: Event) -> tuple[Diagnostic, ...]:
        """Return the diagnostics the folding reducer would give for ``event``.

        Raises:
            ProtocolError: in strict mode, as the folding reducer would.
        """
        stand_in = self._stand_in
        if stand_in is None or stand_in.next_index >= FORGET_AFTER:
            folding = self._folding
            stand_in = self._stand_in = Reducer(reply_id=folding.reply_id, strict=folding.strict)
        return stand_in.apply(event)


def fold_reply(
    file: BinaryIO,
    source: str = "auto",
    *,
    strict: bool = False,
    each: bool = False,
    reply_id: str | None = None,
    name: str | None = None,
    role: str | None = None,
    created_at: str | None = None,
) -> None:
    """Fold the reply of ``file`` (read as ``source``) and print its message.

    The options are ``streamspec reduce``'s. A strict run exits 1 at the first
    error.

    Raises:
        UsageError: ``source`` is unknown, or the input holds no reply (a
            completion-only input); nothing was printed.
    """
    reducer = Reducer(reply_id=reply_id, name=name, role=role, created_at=created_at, strict=strict)
    lines = read_reply_events(file, source, folds=None if each else reducer.object_folds())
    apply = reducer.apply
    others = OtherReplies(reducer)
    out = stdout()
    last = 0
    try:
        for line in reply_lines(lines):
            last = line.number
            problem = line.problem
            if problem is not None:
                emit(line.number, problem)
                if strict and problem.severity is Severity.ERROR:
                    sys.exit(1)
            event = line.event
            if event is not None:
                found = others.apply(event) if others.owns(event) else apply(event)
                for diagnostic in found:
                    emit(line.number, diagnostic)
            if each and (
                event is not None or problem is None or problem.code not in READER_WARNINGS
            ):
                write_json(reducer.to_dict(), out)
    except ProtocolError as error:
        emit(last, error.diagnostic)
        sys.exit(1)
    for diagnostic in reducer.finish():
        emit(last, diagnostic)
    if not each:
        write_json(reducer.message.to_lazy(), out)
