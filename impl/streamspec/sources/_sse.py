"""Provider wire lines: Server-Sent Events or JSON lines, one record per line.

Rules:

1. A line ``data: X`` (the space is optional) holds the record ``X``; any
   other line is read as a JSON line, so a recording of SSE payloads and a
   file of JSON objects read alike.
2. SSE's other fields (``event:``, ``id:``, ``retry:``) and comments (a line
   starting with ``:``) carry nothing the records do not repeat: they read as
   blank lines. Each ``data:`` line is a record of its own (multi-line data
   fields are not joined).
3. ``[DONE]`` (OpenAI's terminator, as ``data: [DONE]`` or a line of its own)
   is the record :data:`DONE`.
4. Everything else is what :func:`~streamspec._jsonl.read_lines` says of a
   JSON line: line numbers are the input's, bad lines are problem lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import BinaryIO, Final

from streamspec._jsonl import Line, read_lines

__all__ = ["DONE", "Done", "payload_of", "provider_lines"]

_FIELDS: Final = (b"event:", b"id:", b"retry:", b":")
_DONE_TEXT: Final = b"[DONE]"


class Done:
    """The record of a ``[DONE]`` line."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "DONE"


#: The one :class:`Done` record.
DONE: Final = Done()


def payload_of(raw: bytes) -> bytes | None:
    """The JSON text a wire line holds (rules 1-3).

    ``b""`` for a framing line, ``None`` for ``[DONE]``.
    """
    text = raw.strip()
    if text.startswith(b"data:"):
        text = text[5:].strip()
    elif text.startswith(_FIELDS):
        return b""
    return None if text == _DONE_TEXT else text


def provider_lines(stream: BinaryIO | Iterable[bytes]) -> Iterator[Line]:
    """Yield the input's lines with their records (rules 1-4).

    The JSON reader sees a ``[DONE]`` line as blank, and gives one line per
    input line, so the numbers of the ``[DONE]`` lines name the lines to claim.
    """
    done: set[int] = set()

    def payloads() -> Iterator[bytes]:
        for number, raw in enumerate(stream, 1):
            text = payload_of(raw)
            if text is None:
                done.add(number)
                text = b""
            yield text

    for line in read_lines(payloads()):
        if line.number in done and line.record is None and line.problem is None:
            done.discard(line.number)
            yield Line(line.number, DONE)
        else:
            yield line
