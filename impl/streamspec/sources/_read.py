"""Reading any source into lines of streamspec events.

Rules (issues 3, 4 and 13):

1. ``source`` is ``auto`` or a name of :data:`~streamspec.sources._registry.ENTRIES`
   (``envelope``, ``muse``, the provider sources, ``a3s``, ``agentscope``);
   anything else is a :class:`~streamspec.UsageError`.
2. ``auto`` decides from the first line that holds a JSON object (an SSE
   ``data:`` line's record counts), by the registry's detection order
   (:func:`~streamspec.sources._registry.detect_source`).
3. Each source's module reads it (:meth:`SourceEntry.read`): envelope and
   a3s through the replay filter, AgentScope through
   :func:`~streamspec.decode_event`, a provider through its importer over
   SSE or JSON lines.
4. Lines keep their input line numbers; a problem line is never folded.
5. ``auto`` looks for its first JSON object among at most
   :data:`PEEK_LINES` lines and :data:`PEEK_BYTES` bytes; with none there, it
   reads AgentScope, so each of those lines is still reported. Memory before
   the decision is bounded, whatever precedes it.
6. muse is completion-only: its records carry model calls and no reply.
   :func:`read_reply_events` (what ``reduce`` and ``check`` read) refuses it,
   named by ``--from muse`` or detected by ``auto``, with
   :class:`CompletionOnlyError`; ``judge`` reads it.
7. The lines read carry the source they were read as (:func:`source_of`), so
   ``auto`` input is judged by what it was detected as.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, BinaryIO, Final, cast

import orjson

from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._errors import UsageError
from streamspec._events import Event, ReplyEndEvent, ReplyStartEvent, UnknownEvent
from streamspec._json_kind import json_kind
from streamspec._jsonl import Line, rewound
from streamspec.envelope._shape import is_envelope_record
from streamspec.sources._agentscope import AgentScopeLines
from streamspec.sources._registry import (
    ENTRIES,
    SOURCES,
    ReadOptions,
    Source,
    detect_source,
    entry,
)
from streamspec.sources._sse import payload_of

__all__ = [
    "EVIDENCE_SOURCES",
    "PEEK_BYTES",
    "PEEK_LINES",
    "SOURCES",
    "CompletionOnlyError",
    "Source",
    "detect_source",
    "is_reply_record",
    "judge_line",
    "judge_lines",
    "read_events",
    "read_input",
    "read_reply_events",
    "reply_lines",
    "source_of",
    "unknown_type",
]


#: Sources whose readers state each model call's evidence as completion
#: events; their reply events are evidence for the reducer only (rule 7).
EVIDENCE_SOURCES: Final = frozenset(source.name for source in ENTRIES if source.evidence)

#: ``auto`` decides by the first JSON object within this many lines ...
PEEK_LINES: Final = 1000
#: ... and this many bytes (rule 5).
PEEK_BYTES: Final = 1 << 20


class CompletionOnlyError(UsageError):
    """The input is completion-only (muse): it has model calls, no reply to fold (rule 6).

    Attributes:
        source: the source that was named or detected (``muse``).
        detected: whether ``auto`` detected it.
    """

    def __init__(self, source: str, *, detected: bool) -> None:
        how = "detected as" if detected else "read as"
        super().__init__(
            f"the input was {how} {source} records, which carry model calls and no reply; "
            f"judge them with 'streamspec judge'"
        )
        self.source = source
        self.detected = detected


class SourceLines(Iterator[Line]):
    """Lines read as ``source`` (what ``auto`` decided, rule 7)."""

    __slots__ = ("_lines", "source")

    def __init__(self, lines: Iterator[Line], source: str) -> None:
        self._lines = lines
        self.source = source

    def __next__(self) -> Line:
        return next(self._lines)


def source_of(lines: Iterable[Line], default: str) -> str:
    """The source ``lines`` were read as, when they say; else ``default``."""
    found = getattr(lines, "source", None)
    return found if isinstance(found, str) else default


def _peek(stream: BinaryIO | Iterable[bytes]) -> tuple[Any, Iterable[bytes]]:
    """Return the first JSON object of a stream and the whole stream again.

    At most :data:`PEEK_LINES` lines and :data:`PEEK_BYTES` bytes are held
    while looking; past either, the object is ``None`` (rule 8).
    """
    rest = iter(stream)
    # A stream that reads in blocks goes on in blocks after the lines peeked at.
    after = stream if callable(getattr(stream, "read1", None)) else rest
    seen: list[bytes] = []
    size = 0
    for raw in rest:
        seen.append(raw)
        size += len(raw)
        try:
            value = orjson.loads(payload_of(raw) or b"null")
        except orjson.JSONDecodeError:
            value = None
        if isinstance(value, dict):
            return value, rewound(seen, after)
        if len(seen) >= PEEK_LINES or size >= PEEK_BYTES:
            break
    return None, rewound(seen, after)


def read_events(
    stream: BinaryIO | Iterable[bytes],
    source: str = "auto",
    *,
    replay: bool = True,
    folds: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None,
) -> Iterator[Line]:
    """Read a JSON-lines stream in any supported format into lines of events.

    Args:
        stream: the input, as bytes lines.
        source: ``auto`` or a source's name (:data:`SOURCES`).
        replay: apply the replay filter to envelopes (``convert`` turns it off).
        folds: ``wire type -> fold`` (a reducer's or a judge's
            ``object_folds()``): AgentScope objects a fold takes are taken as
            they are read and give no line (see
            :func:`~streamspec._jsonl.read_records`).

    Returns:
        lines whose records are reply events, completion events or unknown
        events; problem lines carry diagnostics.

    Raises:
        UsageError: an unknown ``source`` (raised at once, not when iterated).

    With ``auto``, lines are read at once up to the first JSON object, which
    decides the format (at most :data:`PEEK_LINES` lines and :data:`PEEK_BYTES`
    bytes are looked at); the rest is read as the result is iterated.
    """
    return read_input(stream, source, replay=replay, folds=folds)


def read_input(
    stream: BinaryIO | Iterable[bytes],
    source: str = "auto",
    *,
    replay: bool = True,
    keep_envelopes: bool = False,
    folds: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None,
) -> Iterator[Line]:
    """Like :func:`read_events`; with ``keep_envelopes``, envelope input keeps its
    :class:`Envelope` records (metadata included) instead of their events.

    Raises:
        UsageError: an unknown ``source``, or a ``stream`` that is not a
            binary file or an iterable of ``bytes`` lines.
    """
    try:
        chosen = Source(source)
    except ValueError:
        raise UsageError(
            f"unknown source {source!r}; expected one of {', '.join(SOURCES)}"
        ) from None
    return _read(binary_lines(stream), chosen, replay, keep_envelopes, folds)


def binary_lines(stream: Any) -> BinaryIO | Iterable[bytes]:
    """``stream`` if it is a binary file, else its lines, each checked to be ``bytes``.

    Raises:
        UsageError: a text stream, a string, or something that is not iterable;
            later, while reading, a line that is not ``bytes``.
    """
    if callable(getattr(stream, "read1", None)):
        return cast(BinaryIO, stream)
    if isinstance(stream, io.TextIOBase | str | bytes | bytearray):
        raise UsageError(
            f"streams are read as bytes lines, not {type(stream).__name__}: "
            "open the file in binary mode ('rb') or pass an iterable of bytes"
        )
    try:
        lines = iter(stream)
    except TypeError:
        raise UsageError(
            f"streams are a binary file or an iterable of bytes lines, not {json_kind(stream)}"
        ) from None
    return _checked_lines(lines)


def _checked_lines(lines: Iterator[Any]) -> Iterator[bytes]:
    for number, line in enumerate(lines, 1):
        if line.__class__ is not bytes and not isinstance(line, bytes | bytearray):
            raise UsageError(f"line {number} is {json_kind(line)}, not bytes")
        yield bytes(line) if line.__class__ is not bytes else line


def read_reply_events(
    stream: BinaryIO | Iterable[bytes],
    source: str = "auto",
    *,
    replay: bool = True,
    folds: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None,
) -> Iterator[Line]:
    """Like :func:`read_events`, for commands that fold replies (rule 6).

    ``folds`` is :meth:`~streamspec.Reducer.object_folds` of the reducer the
    caller applies the lines to: AgentScope objects it takes are folded as
    they are read and give no line (see :func:`~streamspec._jsonl.read_records`);
    other sources give every line.

    Raises:
        UsageError: an unknown ``source``, or a ``stream`` that is not bytes lines.
        CompletionOnlyError: the source is, or ``auto`` detects, muse (raised
            at once, before anything is yielded).
    """
    try:
        chosen = Source(source)
    except ValueError:
        raise UsageError(
            f"unknown source {source!r}; expected one of {', '.join(SOURCES)}"
        ) from None
    stream = binary_lines(stream)
    detected = chosen is Source.AUTO
    if detected:
        first, stream = _peek(stream)
        chosen = detect_source(first)
    if not entry(chosen).replies:
        raise CompletionOnlyError(chosen.value, detected=detected)
    return _read(stream, chosen, replay, False, folds)


def _read(
    stream: BinaryIO | Iterable[bytes],
    chosen: Source,
    replay: bool,
    keep_envelopes: bool,
    folds: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None,
) -> Iterator[Line]:
    if chosen is Source.AUTO:
        first, stream = _peek(stream)
        chosen = detect_source(first)
    options = ReadOptions(replay=replay, keep_envelopes=keep_envelopes, folds=folds)
    lines = entry(chosen).read(stream, options)
    return lines if isinstance(lines, AgentScopeLines) else SourceLines(lines, chosen.value)


def reply_lines(lines: Iterable[Line]) -> Iterator[Line]:
    """Keep the lines a reducer folds: drop completion-event records (they have no reply meaning).

    Problem lines and reply or unknown events pass unchanged.

    Raises:
        UsageError: an item of ``lines`` is not a :class:`Line`.
    """
    if lines.__class__ is AgentScopeLines:
        return lines
    try:
        found = iter(lines)
    except TypeError:
        raise UsageError(f"reply_lines takes read lines, not {json_kind(lines)}") from None
    return _reply_lines(found)


def _reply_lines(lines: Iterator[Any]) -> Iterator[Line]:
    # Only sources that make completion events need their class: reduce never loads it.
    from streamspec._completion_events import CompletionEvent  # noqa: PLC0415

    for line in lines:
        if not isinstance(line, Line):
            raise UsageError(f"reply_lines takes read lines (Line), got {json_kind(line)}")
        if isinstance(line.record, CompletionEvent) and line.problem is None:
            continue
        yield line


def judge_lines(lines: Iterable[Line], source: str) -> Iterator[Line]:
    """Keep the lines the judge reads as evidence.

    An a3s import states each turn's evidence twice: as completion events keyed
    by the turn, and as reply events (deltas, and a ``MODEL_CALL_END`` for the
    message's usage), and so does every provider importer. The judge reads such
    input (:data:`EVIDENCE_SOURCES`) from its completion events, and from the
    reply's start and end only to know which reply they belong to, so a call
    is judged once; every other source passes unchanged.
    """
    for line in lines:
        kept = judge_line(line, source)
        if kept is not None:
            yield kept


def judge_line(line: Line, source: str) -> Line | None:
    """The line :func:`judge_lines` keeps for one input line, or ``None``."""
    if (
        source in EVIDENCE_SOURCES
        and isinstance(line.record, Event)
        and not isinstance(line.record, ReplyStartEvent | ReplyEndEvent)
    ):
        return Line(number=line.number, problem=line.problem) if line.problem is not None else None
    return line


def is_reply_record(record: Any) -> bool:
    """Whether a record is something :class:`~streamspec.Reducer` folds."""
    return isinstance(record, Event | UnknownEvent)


def unknown_type(line: int, event: UnknownEvent, source: str) -> Diagnostic:
    """The ``unknown_event_type`` warning ``judge`` gives a record of no known type,
    naming the vocabulary it was looked up in (envelope or AgentScope). The a3s
    importer keeps a record of no a3s type with a problem of its own, which is
    reported instead."""
    code = Code.UNKNOWN_EVENT_TYPE.value
    what = "envelope type" if is_envelope_record(event.raw) else "AgentScope event type"
    return Diagnostic(
        code=code,
        severity=CODE_INFO[code].severity,
        message=f"unknown {what} {event.type!r}; kept, no effect",
        details={"line": line},
    )
