"""Verdicts per reply of a decoded input.

Verdicts are information: they never add a finding. Reading inputs of any
format is :func:`streamspec.sources.read_events`'s job.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from streamspec._events import CustomEvent, Event, UnknownEvent
from streamspec._jsonl import Line
from streamspec.completion._judge import Judge
from streamspec.completion._verdict import Verdict

__all__ = ["ReplyJudges", "ReplyVerdicts", "verdicts_for_stream"]


@attrs.frozen(kw_only=True)
class ReplyVerdicts:
    """The verdicts of one reply (``reply_id`` is ``None`` for sources without replies)."""

    reply_id: str | None
    verdicts: tuple[Verdict, ...]

    def to_dict(self) -> dict[str, Any]:
        """Return the reply's verdicts as JSON."""
        return {"reply_id": self.reply_id, "verdicts": [v.to_dict() for v in self.verdicts]}


class ReplyJudges:
    """One judge per reply, fed line by line (what :func:`verdicts_for_stream` runs).

    An event without a reply id (a completion event, a custom or unknown
    event) belongs to the reply seen last, or to reply ``None`` before any.
    """

    def __init__(self) -> None:
        self.judges: dict[str | None, Judge] = {}
        self._current: str | None = None

    def feed(self, line: Line) -> None:
        """Take one decoded line into account."""
        event = line.record
        if event is None or isinstance(event, CustomEvent | UnknownEvent):
            return
        reply_id = getattr(event, "reply_id", None) if isinstance(event, Event) else None
        if isinstance(reply_id, str):
            self._current = reply_id
        judge = self.judges.get(self._current)
        if judge is None:
            judge = self.judges[self._current] = Judge()
        judge.apply(event)


def verdicts_for_stream(lines: Iterable[Line]) -> list[ReplyVerdicts]:
    """Judge every reply of a decoded input; each reply's calls are keyed from 1.

    An event without a reply id (a completion event, a custom or unknown
    event) belongs to the reply seen last, or to reply ``None`` before any.
    """
    judges = ReplyJudges()
    for line in lines:
        judges.feed(line)
    return [
        ReplyVerdicts(reply_id=r, verdicts=tuple(j.verdicts())) for r, j in judges.judges.items()
    ]
