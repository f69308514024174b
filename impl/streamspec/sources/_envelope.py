"""Envelope v1 lines read as events: decode, the replay filter, then each envelope's event.

1. Each JSON line is decoded (:func:`~streamspec.envelope.decode_envelope`);
   an unsupported version is an ``unsupported_version`` error line, a
   malformed envelope an ``unreadable_line`` error.
2. With ``options.replay``, the replay filter drops what a resumed stream
   sends twice (:func:`~streamspec.envelope.replay_lines`).
3. Each envelope becomes its event; with ``options.keep_envelopes`` the
   :class:`~streamspec.envelope.Envelope` records (metadata included) are
   given instead.
4. When envelopes were read and none had a streamspec type, a last
   ``no_known_types`` warning names ``--from a3s``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import BinaryIO

from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._errors import DecodeError
from streamspec._jsonl import Line, read_lines, unreadable
from streamspec.envelope._envelope import (
    Envelope,
    UnsupportedVersionError,
    decode_envelope,
    to_event,
)
from streamspec.envelope._replay import replay_lines
from streamspec.sources._registry import ReadOptions

__all__ = ["envelope_lines", "read_envelopes", "read_source"]


def _unsupported(number: int, error: UnsupportedVersionError) -> Diagnostic:
    return Diagnostic(
        code=Code.UNSUPPORTED_VERSION.value,
        severity=CODE_INFO[Code.UNSUPPORTED_VERSION.value].severity,
        message=str(error),
        details={"line": number, "version": error.version},
    )


def read_envelopes(lines: Iterable[Line]) -> Iterator[Line]:
    """Decode JSON lines into :class:`Envelope` records (bad ones become problem lines)."""
    for line in lines:
        if line.record is None:
            yield line
            continue
        try:
            yield Line(number=line.number, record=decode_envelope(line.record))
        except UnsupportedVersionError as error:
            yield Line(number=line.number, problem=_unsupported(line.number, error))
        except DecodeError as error:
            yield Line(
                number=line.number, problem=unreadable(line.number, "; ".join(error.problems))
            )


def envelope_lines(stream: BinaryIO | Iterable[bytes], options: ReadOptions) -> Iterator[Line]:
    """Rules 1 and 2: the input's envelopes, replay-filtered when ``options.replay``."""
    envelopes = read_envelopes(read_lines(stream))
    return replay_lines(envelopes) if options.replay else envelopes


def _events(lines: Iterable[Line]) -> Iterator[Line]:
    envelopes = 0
    known = False
    last = 0
    for line in lines:
        last = line.number
        if not isinstance(line.record, Envelope):
            yield line
            continue
        envelopes += 1
        known = known or line.record.known
        try:
            yield Line(number=line.number, record=to_event(line.record))
        except DecodeError as error:
            yield Line(
                number=line.number, problem=unreadable(line.number, "; ".join(error.problems))
            )
    if envelopes and not known:
        yield Line(
            number=last,
            problem=Diagnostic(
                code=Code.NO_KNOWN_TYPES.value,
                severity=CODE_INFO[Code.NO_KNOWN_TYPES.value].severity,
                message=(
                    f"none of {envelopes} envelope(s) has a streamspec type; "
                    "is this an a3s stream? read it with --from a3s"
                ),
                details={"envelopes": envelopes},
            ),
        )


def read_source(stream: BinaryIO | Iterable[bytes], options: ReadOptions) -> Iterator[Line]:
    """Read envelope lines (rules 1-4)."""
    envelopes = envelope_lines(stream, options)
    return envelopes if options.keep_envelopes else _events(envelopes)
