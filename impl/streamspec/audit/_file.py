"""One file of a corpus, checked and judged: :func:`audit_file`.

Rules:

1. A file is read as ``source`` says (``auto``: each file detects its own).
   A file of a reply source is checked as ``streamspec check`` checks it
   (every reply folded, every model call judged); a completion-only file
   (muse) is judged as ``streamspec judge`` judges it.
2. A file ending in ``.gz`` or starting with gzip's magic bytes is read
   through gzip.
3. The file's group values and its day come from its first
   :data:`PEEK_RECORDS` JSON objects, looked for in its first ten times as many
   lines (a ``data:`` line of a server-sent-events file counts as its JSON): a
   ``--group-by`` path (``metadata.model``) takes the first value it names
   there, as text (a string as it is, anything else as JSON; ``(none)`` when
   no object names it); the day is the UTC date of the first time found
   (:data:`TIME_FIELDS`: an ISO 8601 string, or a number of seconds or, above
   10^11, milliseconds since the epoch).
4. A file that cannot be read at all is counted as failed with the reason; a
   bad line is a finding, as in ``check``.
5. Findings come back as JSON lines, in the file's line order, each
   ``{"file", "line", "reply", ...}`` with every field of the diagnostic.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import gzip
import io
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, BinaryIO, Final

import attrs
import orjson

from streamspec import _json_exact
from streamspec._diagnostics import Diagnostic, Severity
from streamspec._jsonl import Line
from streamspec.audit._summary import Counts, Summary, length_bucket
from streamspec.check._run import Checker, Finding
from streamspec.completion import Verdict
from streamspec.completion._judge import Judge
from streamspec.sources._read import read_events, source_of
from streamspec.sources._registry import Source, entry

__all__ = ["PEEK_RECORDS", "TIME_FIELDS", "FileAudit", "audit_file", "open_corpus_file"]

#: How many JSON objects of a file are looked at for its group values and day.
PEEK_RECORDS: Final = 100
#: Where a record's time is looked for, in this order.
TIME_FIELDS: Final = (
    ("created_at",),
    ("timestamp",),
    ("metadata", "timestamp_ms"),
    ("metadata", "created_at"),
    ("metadata", "timestamp"),
)
_GZIP_MAGIC: Final = b"\x1f\x8b"
_MILLISECONDS: Final = 10**11
NONE_VALUE: Final = "(none)"


@attrs.frozen(kw_only=True)
class FileAudit:
    """What one file gave: its summary and its findings as JSON lines."""

    path: str
    summary: Summary
    findings: bytes = b""


def open_corpus_file(path: str) -> BinaryIO:
    """Open ``path`` for reading, through gzip when it is compressed (rule 2)."""
    raw = open(path, "rb")  # noqa: SIM115 - returned to the caller, who closes it
    try:
        magic = raw.peek(2)[:2] if isinstance(raw, io.BufferedReader) else b""
        if path.endswith(".gz") or magic == _GZIP_MAGIC:
            return gzip.GzipFile(fileobj=raw, mode="rb")  # type: ignore[return-value]
    except BaseException:
        raw.close()
        raise
    return raw


def audit_file(path: str, *, source: str = "auto", group_by: Sequence[str] = ()) -> FileAudit:
    """Check and judge one file; never raises for what the file holds (rule 4).

    Raises:
        UsageError: ``source`` is not a source's name.
    """
    try:
        with open_corpus_file(path) as stream:
            peeked = _peek(stream)
        with open_corpus_file(path) as stream:
            return _audit(path, stream, source, group_by, peeked)
    except (OSError, EOFError, zlib.error) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        return FileAudit(path=path, summary=Summary(failed=1, failed_files=((path, reason),)))


def _audit(
    path: str, stream: BinaryIO, source: str, group_by: Sequence[str], peeked: list[Any]
) -> FileAudit:
    lines = read_events(stream, source)
    read_as = source_of(lines, source)
    if read_as != Source.AUTO.value and not entry(Source(read_as)).replies:
        tally = _judged(path, lines)
    else:
        tally = _checked(path, lines, read_as)
    groups = {"source": read_as, **{key: _group_value(peeked, key) for key in group_by}}
    counts = Counts(
        files=1,
        events=tally.events,
        replies=len(tally.lengths),
        model_calls=len(tally.verdicts),
        errors=tally.severities.get(Severity.ERROR.value, 0),
        warnings=tally.severities.get(Severity.WARNING.value, 0),
    )
    day = _day(peeked)
    states = _count(v.terminal_state.value for v in tally.verdicts)
    summary = Summary(
        totals=counts,
        lines=tally.lines,
        findings=_count(f["code"] for f in tally.findings),
        severities=tally.severities,
        terminal_states=states,
        usage_states=_count(v.usage_state.value for v in tally.verdicts),
        finish_reasons=_count(str(v.finish_reason) for v in tally.verdicts),
        lengths=_count(length_bucket(n) for n in tally.lengths),
        days={day: states} if day is not None and states else {},
        groups={key: {value: counts} for key, value in groups.items()},
        worst=((counts.errors, counts.warnings, path),) if counts.errors or counts.warnings else (),
    )
    findings = b"".join(_json_exact.dumps(f) + b"\n" for f in tally.findings)
    return FileAudit(path=path, summary=summary, findings=findings)


@attrs.define
class _Tally:
    lines: int = 0
    events: int = 0
    findings: list[dict[str, Any]] = attrs.field(factory=list)
    severities: dict[str, int] = attrs.field(factory=dict)
    verdicts: list[Verdict] = attrs.field(factory=list)
    lengths: list[int] = attrs.field(factory=list)

    def add(self, path: str, line: int, reply: str | None, diagnostic: Diagnostic) -> None:
        self.findings.append({"file": path, "line": line, "reply": reply, **diagnostic.to_dict()})
        severity = diagnostic.severity.value
        self.severities[severity] = self.severities.get(severity, 0) + 1


def _checked(path: str, lines: Iterable[Line], source: str) -> _Tally:
    checker = Checker(source=source)
    for line in lines:
        checker.feed(line)
    report = checker.report()
    tally = _Tally(lines=report.lines, events=report.events)
    found: list[tuple[Finding, str | None]] = [(f, None) for f in report.unreadable]
    for reply in report.replies:
        found.extend((f, reply.reply_id) for f in reply.findings)
        tally.verdicts.extend(reply.verdicts)
        tally.lengths.append(reply.events)
    for finding, reply_id in sorted(found, key=lambda pair: _order(pair[0])):
        tally.add(path, finding.line, reply_id, finding.diagnostic)
    return tally


def _order(finding: Finding) -> tuple[int, bool, int]:
    index = finding.diagnostic.index
    return (finding.line, index is None, index or 0)


def _judged(path: str, lines: Iterable[Line]) -> _Tally:
    judge = Judge()
    tally = _Tally()
    for line in lines:
        tally.lines = line.number
        if line.problem is not None:
            tally.add(path, line.number, None, line.problem)
        event = line.event
        if event is not None:
            tally.events += 1
            judge.apply(event)
    tally.verdicts.extend(judge.each_verdict())
    return tally


def _count(values: Iterable[str]) -> dict[str, int]:
    counted: dict[str, int] = {}
    for value in values:
        counted[value] = counted.get(value, 0) + 1
    return dict(sorted(counted.items()))


def _peek(stream: IO[bytes]) -> list[Any]:
    """The first :data:`PEEK_RECORDS` JSON objects of a file (rule 3)."""
    found: list[Any] = []
    for raw in _limited(stream):
        text = raw.strip()
        if text.startswith(b"data:"):
            text = text[5:].strip()
        if not text.startswith(b"{"):
            continue
        with contextlib.suppress(orjson.JSONDecodeError):
            found.append(_json_exact.loads(text))
        if len(found) >= PEEK_RECORDS:
            break
    return found


def _limited(stream: IO[bytes]) -> Iterator[bytes]:
    for count, raw in enumerate(stream):
        if count >= 10 * PEEK_RECORDS:
            return
        yield raw


def _lookup(record: Any, path: Sequence[str]) -> Any:
    for name in path:
        if not isinstance(record, dict) or name not in record:
            return _MISSING
        record = record[name]
    return record


_MISSING: Final = object()


def _group_value(records: Iterable[Any], key: str) -> str:
    path = key.split(".")
    for record in records:
        value = _lookup(record, path)
        if value is not _MISSING:
            return value if isinstance(value, str) else _json_exact.dumps(value).decode()
    return NONE_VALUE


def _day(records: Iterable[Any]) -> str | None:
    for record in records:
        for path in TIME_FIELDS:
            day = _as_day(_lookup(record, path))
            if day is not None:
                return day
    return None


def _as_day(value: Any) -> str | None:
    if isinstance(value, str):
        try:
            moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is not None:
            moment = moment.astimezone(dt.UTC)
        return moment.date().isoformat()
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        seconds = value / 1000 if value > _MILLISECONDS else value
        try:
            return dt.datetime.fromtimestamp(seconds, dt.UTC).date().isoformat()
        except (OverflowError, ValueError, OSError):
            return None
    return None
