"""``check``: fold a recorded stream per reply and gather every finding.

A file may interleave several replies; events are grouped by ``reply_id``
(an event without one, such as CUSTOM, joins the reply seen last). Each
reply is folded leniently, so every violation is reported at once, each with
the input line it came from.

Theory of operation: :class:`Checker` takes the input one line at a time and
hands back each finding once its line is complete, so a caller can print it
at once. What it keeps is the open state: one reducer and one judge per reply
(a later line may still add findings to any reply, and the report shows each
reply's final states), the findings of each reply, and counters. It keeps no
line and no per-event record. The JSON report is written one block at a time
(:func:`write_json_report`), with the same bytes as ``orjson.dumps`` of
:meth:`CheckReport.to_dict`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import IO, Any, BinaryIO

import attrs

from streamspec._completion_events import CompletionEvent
from streamspec._diagnostics import CODE_INFO, Diagnostic, Severity
from streamspec._events import CustomEvent, UnknownEvent
from streamspec._json_stream import LazyArray, LazyObject, plain, write
from streamspec._jsonl import Line
from streamspec.check._render import render_report
from streamspec.completion import Verdict
from streamspec.completion._sources import ReplyJudges
from streamspec.reply._reducer import Reducer
from streamspec.sources._read import judge_line, read_reply_events, source_of

__all__ = [
    "CheckReport",
    "Checker",
    "Finding",
    "ReplyCheck",
    "check_lines",
    "run_check",
    "write_json_report",
]


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


def _order(finding: Finding) -> tuple[int, bool, int]:
    """Report order: by line; on one line, indexed findings first, by index."""
    index = finding.diagnostic.index
    return (finding.line, index is None, index or 0)


@attrs.define(kw_only=True)
class ReplyCheck:
    """One reply of the checked file.

    Attributes:
        first_line: the line of the reply's first event.
        events: how many events were folded into it.
    """

    reply_id: str | None
    reducer: Reducer
    first_line: int = 0
    events: int = 0
    findings: list[Finding] = attrs.field(factory=list)
    verdicts: tuple[Verdict, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the reply's final states, model-call verdicts and findings as JSON."""
        built: dict[str, Any] = plain(self.to_lazy())
        return built

    def to_lazy(self) -> LazyObject:
        """:meth:`to_dict` for :func:`~streamspec._json_stream.write`: built while written."""
        return LazyObject(
            (
                ("reply_id", self.reply_id),
                ("states", self.reducer.states()),
                ("verdicts", LazyArray(v.to_dict() for v in self.verdicts)),
                ("message", self.reducer.message.to_lazy()),
                ("findings", LazyArray(f.to_dict() for f in self.findings)),
            )
        )


@attrs.define(kw_only=True)
class CheckReport:
    """Everything ``check`` found in one input.

    Attributes:
        severities: how many findings have each severity.
    """

    replies: list[ReplyCheck]
    unreadable: list[Finding]
    lines: int
    events: int
    severities: dict[Severity, int] = attrs.field(factory=dict)

    def findings(self) -> list[Finding]:
        """Every finding, ordered by line."""
        everything = [*self.unreadable, *(f for r in self.replies for f in r.findings)]
        return sorted(everything, key=_order)

    def count(self, severity: Severity) -> int:
        """How many findings have ``severity``."""
        return self.severities.get(severity, 0)

    def summary(self) -> dict[str, int]:
        """Return the counts the report ends with."""
        return {
            "lines": self.lines,
            "events": self.events,
            "replies": len(self.replies),
            "errors": self.count(Severity.ERROR),
            "warnings": self.count(Severity.WARNING),
        }

    def to_dict(self) -> dict[str, Any]:
        """Return the whole report as JSON."""
        return {
            "replies": [r.to_dict() for r in self.replies],
            "unreadable": [f.to_dict() for f in self.unreadable],
            "summary": self.summary(),
        }


class Checker:
    """Checks an input line by line; findings come back as soon as their line is complete.

    Example:
        >>> from streamspec import TextBlockDeltaEvent
        >>> checker = Checker()
        >>> checker.feed(Line(1, TextBlockDeltaEvent(reply_id="r", block_id="b", delta="x")))
        []
        >>> [f.diagnostic.code for f in checker.finish()]
        ['unknown_block', 'missing_reply_end']
    """

    def __init__(self, *, source: str = "auto") -> None:
        self.source = source
        self._replies: dict[str | None, ReplyCheck] = {}
        self._current: ReplyCheck | None = None
        self._unreadable: list[Finding] = []
        self._judges = ReplyJudges()
        self._severities: dict[Severity, int] = {}
        #: Findings of the line being read: a replay warning and its record
        #: arrive as two lines with one number, and are ordered together.
        self._pending: list[Finding] = []
        self._last_line = 0
        self._events = 0
        self._report: CheckReport | None = None

    def feed(self, line: Line) -> list[Finding]:
        """Take one decoded line; return the findings of earlier lines, now complete."""
        done = self._flush() if line.number != self._last_line else []
        self._last_line = line.number
        if line.problem is not None:
            self._add(Finding(line=line.number, diagnostic=line.problem), None)
        judged = judge_line(line, self.source)
        if judged is not None:
            self._judges.feed(judged)
        event = line.event
        if event is None or isinstance(event, CompletionEvent):
            return done
        self._events += 1
        reply_id = None if isinstance(event, CustomEvent | UnknownEvent) else event.reply_id
        if reply_id is None and self._current is not None:
            reply = self._current
        else:
            found = self._replies.get(reply_id)
            if found is None:
                found = self._replies[reply_id] = ReplyCheck(
                    reply_id=reply_id, reducer=Reducer(reply_id=reply_id), first_line=line.number
                )
            reply = found
        self._current = reply
        reply.events += 1
        for diagnostic in reply.reducer.apply(event):
            self._add(Finding(line=line.number, diagnostic=diagnostic), reply)
        return done

    def finish(self) -> list[Finding]:
        """End the input: return the last findings, end-of-input ones included."""
        if self._report is not None:
            return []
        for reply in self._replies.values():
            for diagnostic in reply.reducer.finish():
                self._add(Finding(line=self._last_line, diagnostic=diagnostic), reply)
        for reply_id, judge in self._judges.judges.items():
            if reply_id in self._replies:
                self._replies[reply_id].verdicts = tuple(judge.verdicts())
        self._report = CheckReport(
            replies=list(self._replies.values()),
            unreadable=self._unreadable,
            lines=self._last_line,
            events=self._events,
            severities=self._severities,
        )
        return self._flush()

    def report(self) -> CheckReport:
        """The report (finishing the input first if needed)."""
        self.finish()
        assert self._report is not None
        return self._report

    def _add(self, finding: Finding, reply: ReplyCheck | None) -> None:
        (self._unreadable if reply is None else reply.findings).append(finding)
        severity = finding.diagnostic.severity
        self._severities[severity] = self._severities.get(severity, 0) + 1
        self._pending.append(finding)

    def _flush(self) -> list[Finding]:
        done = sorted(self._pending, key=_order)
        self._pending = []
        return done


def check_lines(lines: Iterable[Line], *, source: str = "auto") -> CheckReport:
    """Fold every reply of a decoded input and collect the findings.

    Each reply also gets the verdict of each of its model calls (read as
    ``source`` prescribes); verdicts are information and add no findings.
    """
    checker = Checker(source=source_of(lines, source))
    for line in lines:
        checker.feed(line)
    return checker.report()


def write_json_report(report: CheckReport, out: BinaryIO) -> None:
    """Write ``orjson.dumps(report.to_dict()) + b"\\n"``, one block or verdict at a time."""
    lazy = LazyObject(
        (
            ("replies", LazyArray(r.to_lazy() for r in report.replies)),
            ("unreadable", LazyArray(f.to_dict() for f in report.unreadable)),
            ("summary", report.summary()),
        )
    )
    write(lazy, out)
    out.write(b"\n")


def run_check(
    stream: BinaryIO | Iterable[bytes],
    *,
    source: str,
    output_format: str,
    fail_on: str,
    emit: Callable[[Finding], None],
    out: BinaryIO,
    text_out: IO[str],
) -> int:
    """Run ``streamspec check`` over ``stream``; return the exit code (0 or 1).

    Each finding is passed to ``emit`` once its line is complete; the report
    goes to ``out`` (JSON) or ``text_out`` (text) when the input ends.

    Raises:
        UsageError: an unknown ``source``.
        CompletionOnlyError: a completion-only (muse) input, which has no reply.
    """
    lines = read_reply_events(stream, source)
    checker = Checker(source=source_of(lines, source))
    for line in lines:
        for finding in checker.feed(line):
            emit(finding)
    for finding in checker.finish():
        emit(finding)
    report = checker.report()
    if output_format == "json":
        write_json_report(report, out)
        out.flush()
    else:
        render_report(report, text_out)
    failing = [Severity.ERROR] if fail_on == "error" else [Severity.ERROR, Severity.WARNING]
    return 1 if any(report.count(s) for s in failing) else 0
