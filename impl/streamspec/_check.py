"""``check``: fold a recorded stream per reply and gather every finding.

A file may interleave several replies; events are grouped by ``reply_id``
(an event without one, such as CUSTOM, joins the reply seen last). Each
reply is folded leniently, so every violation is reported at once, each with
the input line it came from.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from streamspec._completion_events import CompletionEvent
from streamspec._diagnostics import CODE_INFO, Diagnostic, Severity
from streamspec._events import CustomEvent, UnknownEvent
from streamspec._jsonl import Line
from streamspec._reducer import Reducer
from streamspec.completion import Verdict, verdicts_for_stream
from streamspec.envelope._formats import judge_lines

__all__ = ["CheckReport", "Finding", "ReplyCheck", "check_lines"]


@attrs.frozen(kw_only=True)
class Finding:
    """A diagnostic and the input line it belongs to (the last line for end of input)."""

    line: int
    diagnostic: Diagnostic

    def to_dict(self) -> dict[str, Any]:
        """Return the finding as JSON, with the code's one-line explanation."""
        return {
            "line": self.line,
            **self.diagnostic.to_dict(),
            "explanation": CODE_INFO[self.diagnostic.code].meaning,
        }


@attrs.define(kw_only=True)
class ReplyCheck:
    """One reply of the checked file."""

    reply_id: str | None
    reducer: Reducer
    lines: list[int] = attrs.field(factory=list)
    findings: list[Finding] = attrs.field(factory=list)
    verdicts: tuple[Verdict, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the reply's final states, model-call verdicts and findings as JSON."""
        return {
            "reply_id": self.reply_id,
            "states": self.reducer.states(),
            "verdicts": [v.to_dict() for v in self.verdicts],
            "message": self.reducer.to_dict(),
            "findings": [f.to_dict() for f in self.findings],
        }


@attrs.define(kw_only=True)
class CheckReport:
    """Everything ``check`` found in one input."""

    replies: list[ReplyCheck]
    unreadable: list[Finding]
    lines: int
    events: int

    def findings(self) -> list[Finding]:
        """Every finding, ordered by line."""
        everything = [*self.unreadable, *(f for r in self.replies for f in r.findings)]
        return sorted(
            everything,
            key=lambda f: (f.line, f.diagnostic.index is None, f.diagnostic.index or 0),
        )

    def count(self, severity: Severity) -> int:
        """How many findings have ``severity``."""
        return sum(1 for f in self.findings() if f.diagnostic.severity is severity)

    def to_dict(self) -> dict[str, Any]:
        """Return the whole report as JSON."""
        return {
            "replies": [r.to_dict() for r in self.replies],
            "unreadable": [f.to_dict() for f in self.unreadable],
            "summary": {
                "lines": self.lines,
                "events": self.events,
                "replies": len(self.replies),
                "errors": self.count(Severity.ERROR),
                "warnings": self.count(Severity.WARNING),
            },
        }


def check_lines(lines: Iterable[Line], *, source: str = "auto") -> CheckReport:
    """Fold every reply of a decoded input and collect the findings.

    Each reply also gets the verdict of each of its model calls (read as
    ``source`` prescribes); verdicts are information and add no findings.
    """
    lines = list(lines)
    replies: dict[str | None, ReplyCheck] = {}
    current: ReplyCheck | None = None
    unreadable: list[Finding] = []
    last_line = 0
    events = 0
    for line in lines:
        last_line = line.number
        if line.problem is not None:
            unreadable.append(Finding(line=line.number, diagnostic=line.problem))
        event = line.event
        if event is None or isinstance(event, CompletionEvent):
            continue
        events += 1
        reply_id = None if isinstance(event, CustomEvent | UnknownEvent) else event.reply_id
        if reply_id is None and current is not None:
            reply = current
        else:
            reply = replies.get(reply_id) or ReplyCheck(
                reply_id=reply_id, reducer=Reducer(reply_id=reply_id)
            )
            replies.setdefault(reply_id, reply)
        current = reply
        reply.lines.append(line.number)
        for diagnostic in reply.reducer.apply(event):
            reply.findings.append(Finding(line=line.number, diagnostic=diagnostic))
    for reply in replies.values():
        for diagnostic in reply.reducer.finish():
            reply.findings.append(Finding(line=last_line, diagnostic=diagnostic))
    for judged in verdicts_for_stream(judge_lines(lines, source)):
        if judged.reply_id in replies:
            replies[judged.reply_id].verdicts = judged.verdicts
    return CheckReport(
        replies=list(replies.values()), unreadable=unreadable, lines=last_line, events=events
    )
