"""muse records as completion evidence.

Rules (seed 002; the DSH session journal shapes):

1. One JSON object per line, ``{"type": ..., "data": {"turn", "step", ...}}``;
   the call is ``"<turn>.<step>"``.
2. ``assistant/chunk``: a ``text`` (or ``text-delta``) chunk is a text
   :class:`~streamspec.ModelChunkEvent`, a ``reasoning-delta`` chunk a
   thinking one; a ``finish`` chunk is a
   :class:`~streamspec.ModelFinishEvent` whose reason is ``reason.kind``
   read with the ``muse`` vocabulary; ``block-start`` / ``block-end`` carry
   no evidence.
3. ``assistant/message`` is the receipt: its ``text`` content parts, and
   ``usage`` (source keys mapped by ``spec/machines/completion.json``) when
   the record has it.
4. ``assistant/error`` is a :class:`~streamspec.ModelErrorEvent`.
5. Any other record type or chunk type is an ``unknown_record`` warning,
   never a crash; a record of a known type with a bad field is an
   ``unreadable_line`` error naming every bad field.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, BinaryIO, Final

from streamspec._completion_events import (
    CompletionEvent,
    ModelChunkEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
)
from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._errors import DecodeError
from streamspec._events import ABSENT
from streamspec._jsonl import Line, read_lines, unreadable
from streamspec.completion._table import completion_table
from streamspec.sources._registry import ReadOptions

__all__ = ["MUSE_VOCABULARY", "UnknownRecord", "decode_muse", "read_muse", "read_source"]

#: The ``spec/finish_reasons.json`` vocabulary of a finish chunk's ``reason.kind``.
MUSE_VOCABULARY: Final = "muse"

_TEXT_CHUNKS: Final = {"text": "text", "text-delta": "text", "reasoning-delta": "thinking"}
_SILENT_CHUNKS: Final = frozenset({"block-start", "block-end"})


class UnknownRecord(LookupError):
    """A muse record (or chunk) type the judge does not read."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


def _field(obj: Any, name: str, path: str, problems: list[str], kinds: tuple[type, ...]) -> Any:
    if not isinstance(obj, dict) or name not in obj:
        problems.append(f"required field missing @ {path}.{name}")
        return None
    value = obj[name]
    if not isinstance(value, kinds) or isinstance(value, bool):
        wanted = " or ".join(k.__name__ for k in kinds)
        problems.append(f"expected {wanted}, got {type(value).__name__} @ {path}.{name}")
        return None
    return value


def _usage(raw: Any) -> dict[str, Any] | None:
    if not isinstance(raw, dict):
        return None
    mapping = completion_table().usage_sources[MUSE_VOCABULARY]
    return {mapping[k]: v for k, v in raw.items() if k in mapping}


def _chunk(call: str, data: Mapping[str, Any], problems: list[str]) -> CompletionEvent | None:
    chunk = _field(data, "chunk", "$.data", problems, (dict,))
    kind = _field(chunk, "type", "$.data.chunk", problems, (str,)) if chunk is not None else None
    if kind is None:
        return None
    if kind in _TEXT_CHUNKS:
        key = "delta" if "text" not in chunk and "delta" in chunk else "text"
        text = _field(chunk, key, "$.data.chunk", problems, (str,))
        return (
            None
            if text is None
            else ModelChunkEvent(call=call, channel=_TEXT_CHUNKS[kind], text=text)
        )
    if kind == "finish":
        reason = chunk.get("reason")
        word = reason.get("kind") if isinstance(reason, dict) else None
        if word is not None and not isinstance(word, str):
            problems.append(f"expected str, got {type(word).__name__} @ $.data.chunk.reason.kind")
            return None
        return ModelFinishEvent(call=call, reason=word, vocabulary=MUSE_VOCABULARY)
    if kind in _SILENT_CHUNKS:
        return None
    raise UnknownRecord(f"unknown assistant/chunk type {kind!r}")


def _message(call: str, data: Mapping[str, Any], problems: list[str]) -> CompletionEvent | None:
    message = _field(data, "message", "$.data", problems, (dict,))
    content = (
        _field(message, "content", "$.data.message", problems, (list,))
        if message is not None
        else None
    )
    if content is None:
        return None
    texts = []
    for index, part in enumerate(content):
        if isinstance(part, dict) and part.get("type") == "text":
            text = _field(part, "text", f"$.data.message.content[{index}]", problems, (str,))
            texts.append(text or "")
    usage = _usage(data["usage"]) if "usage" in data else ABSENT
    return ModelReceiptEvent(call=call, text=tuple(texts), usage=usage)


def _error(call: str, data: Mapping[str, Any], problems: list[str]) -> CompletionEvent | None:
    error = _field(data, "error", "$.data", problems, (dict,))
    if error is None:
        return None
    code, message = error.get("code"), error.get("message")
    for name, value in (("code", code), ("message", message)):
        if value is not None and not isinstance(value, str):
            problems.append(f"expected str, got {type(value).__name__} @ $.data.error.{name}")
    if problems:
        return None
    return ModelErrorEvent(call=call, code=code, message=message)


_READERS: Final = {
    "assistant/chunk": _chunk,
    "assistant/message": _message,
    "assistant/error": _error,
}


def decode_muse(record: Mapping[str, Any]) -> CompletionEvent | None:
    """Return the completion event a muse record gives, or ``None`` for none.

    Raises:
        DecodeError: naming every bad field of a record of a known type.
        UnknownRecord: for an unknown record or chunk type.
    """
    kind = record.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise UnknownRecord(f"unknown muse record type {kind!r}")
    problems: list[str] = []
    data = _field(record, "data", "$", problems, (dict,))
    turn = _field(data, "turn", "$.data", problems, (int, str)) if data is not None else None
    step = _field(data, "step", "$.data", problems, (int, str)) if data is not None else None
    event = None
    if data is not None and turn is not None and step is not None:
        event = reader(f"{turn}.{step}", data, problems)
    if problems:
        raise DecodeError("invalid muse record", problems)
    return event


def _unknown_record(number: int, what: str) -> Diagnostic:
    return Diagnostic(
        code=Code.UNKNOWN_RECORD.value,
        severity=CODE_INFO[Code.UNKNOWN_RECORD.value].severity,
        message=f"{what}; kept, no effect",
        details={"line": number},
    )


def read_source(stream: BinaryIO | Iterable[bytes], options: ReadOptions) -> Iterator[Line]:
    """Read muse lines (the options do not apply)."""
    return read_muse(stream)


def read_muse(stream: BinaryIO | Iterable[bytes]) -> Iterator[Line]:
    """Yield every line of a muse JSON-lines stream with its completion event.

    A line whose record gives no evidence has neither record nor problem; an
    unknown record is an ``unknown_record`` warning; a bad one an
    ``unreadable_line`` error. Nothing raises.
    """
    for line in read_lines(stream):
        if line.record is None:
            yield line
            continue
        try:
            yield Line(number=line.number, record=decode_muse(line.record))
        except UnknownRecord as unknown:
            yield Line(number=line.number, problem=_unknown_record(line.number, unknown.what))
        except DecodeError as error:
            yield Line(
                number=line.number, problem=unreadable(line.number, "; ".join(error.problems))
            )
