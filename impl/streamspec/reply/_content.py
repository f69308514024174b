"""The message's content: blocks with linear-time buffers and cached dumps.

Text, thinking and tool-call input deltas go into chunk lists that join
every :data:`JOIN_EVERY` deltas, and every :data:`JOIN_EVERY` joined batches
(memory follows the text, not the delta count); base64 chunks are decoded
into byte buffers. Joining and encoding happen when a dump is asked for, or
when the block's machine state changes, and the result is cached until the
block changes. Every dump is a fresh plain value: a caller that mutates one
never changes the next.

Nothing here decides legality; the reducer checks the machines and content
rules first and calls these only for events it accepted.
"""

from __future__ import annotations

import base64
import binascii
import copy
from collections.abc import Mapping
from typing import Any, Final

from streamspec._events import ABSENT

__all__ = [
    "JOIN_EVERY",
    "Chunked",
    "DataBlock",
    "ExternalResult",
    "HintBlock",
    "ResultData",
    "ResultText",
    "TextBlock",
    "ToolCall",
    "ToolResult",
    "decode_base64",
    "fresh",
]


#: The characters that may end a padded chunk: their bits past the last byte are zero.
#: ``xx==`` carries 4 such bits in its second character, ``xxx=`` 2 in its third.
_CANONICAL_LAST: Final[Mapping[int, frozenset[str]]] = {
    1: frozenset("AQgw"),
    2: frozenset("AEIMQUYcgkosw048"),
}


def fresh(value: Any) -> Any:
    """A deep copy of a JSON value; an empty array or object is made anew, without
    :func:`copy.deepcopy`'s cost (most metadata and rule lists are empty)."""
    if not value and value.__class__ in _EMPTY_CONTAINERS:
        return value.__class__()
    return copy.deepcopy(value)


_EMPTY_CONTAINERS: Final = frozenset({list, dict})


def is_canonical(chunk: str, raw: bytes) -> bool:
    """Whether ``chunk`` is exactly the padded RFC 4648 encoding of ``raw``, its decoding.

    ``a2b_base64(strict_mode=True)`` already refuses characters outside the
    alphabet, missing padding and data after padding; this adds the two rules it
    lacks: no padding past the last group (``YWJj====``) and zero pad bits (``YR==``).
    """
    rest = len(raw) % 3
    if len(chunk) != (len(raw) + 2) // 3 * 4:
        return False
    return not rest or chunk[rest - 4] in _CANONICAL_LAST[rest]


def decode_base64(chunk: str) -> bytes | None:
    """Decode a chunk, or return ``None`` when it is not canonical base64 (spec/README.md §6)."""
    try:
        raw = binascii.a2b_base64(chunk, strict_mode=True)
    except (binascii.Error, ValueError):
        return None
    return raw if is_canonical(chunk, raw) else None


#: Pending deltas are joined into one batch once there are this many, and
#: batches into one run once there are this many of them.
JOIN_EVERY: Final = 64


class Chunked:
    """An instance whose text is built from deltas, held in tiers so memory follows the text.

    ``parts`` holds the newest deltas, at most :data:`JOIN_EVERY`; when it is
    full they are joined into one batch, and :data:`JOIN_EVERY` batches into
    one run (``batches`` and ``runs`` are made when first needed). A delta
    costs its characters plus, once joined, a share of one string header per
    batch or run; each character is copied once per tier, so appending stays
    linear.
    :meth:`joined` joins everything into one string, which is also the
    cache until the next delta.
    """

    __slots__ = ("_joined", "batches", "parts", "runs")

    def _start(self, initial: str) -> None:
        self._joined = initial
        self.parts: list[str] = []
        self.batches: list[str] | None = None
        self.runs: list[str] | None = None

    def append(self, delta: str) -> None:
        """Add a delta to the text."""
        parts = self.parts
        parts.append(delta)
        if len(parts) >= JOIN_EVERY:
            self.batch()

    def batch(self) -> None:
        """Join the pending deltas into one batch, and a full tier of batches into one run."""
        batches = self.batches
        if batches is None:
            batches = self.batches = []
        batches.append("".join(self.parts))
        self.parts.clear()
        if len(batches) >= JOIN_EVERY:
            if self.runs is None:
                self.runs = []
            self.runs.append("".join(batches))
            batches.clear()

    def replace(self, text: str) -> None:
        """Replace the whole text."""
        self._joined = text
        self.parts.clear()
        self.batches = self.runs = None

    def joined(self) -> str:
        """The whole text, as one string."""
        parts, batches, runs = self.parts, self.batches, self.runs
        if batches or runs:
            self._joined = "".join([self._joined, *(runs or ()), *(batches or ()), *parts])
            self.batches = self.runs = None
        elif not parts:
            return self._joined
        elif self._joined:
            self._joined += "".join(parts)
        else:  # the common case: deltas only (one delta is taken as it is, not copied)
            self._joined = "".join(parts)
        parts.clear()
        return self._joined


class _Bytes:
    """Bytes built from base64 chunks, encoded once per change.

    Appending a chunk's bytes adds them to ``buffer`` and counts the chunk.
    The encoded text is kept with the count of chunks it was made at
    (``encoded_at``), so the next chunk makes it stale without touching it.
    """

    __slots__ = ("buffer", "chunks", "encoded_at", "encoding")

    def __init__(self, data: bytes = b"", chunks: int = 0) -> None:
        self.buffer = bytearray(data)
        self.chunks = chunks
        self.encoding = ""
        self.encoded_at = -1

    def append(self, data: bytes) -> None:
        self.buffer += data
        self.chunks += 1

    def append_chunks(self, chunks: list[str]) -> int:
        """Append the bytes of each chunk, in order, up to the first that does not decode
        strictly; return how many were appended.

        Each chunk must be whole quads of base64 with no padding, which decode the
        same apart or joined: they are decoded joined, and one by one only when
        that fails.
        """
        try:
            self.buffer += binascii.a2b_base64("".join(chunks), strict_mode=True)
        except ValueError:
            for taken, chunk in enumerate(chunks):
                try:
                    self.append(binascii.a2b_base64(chunk, strict_mode=True))
                except ValueError:
                    return taken
        else:
            self.chunks += len(chunks)
        return len(chunks)

    def encoded(self) -> str:
        if self.encoded_at != self.chunks:
            self.encoding = base64.b64encode(self.buffer).decode("ascii")
            self.encoded_at = self.chunks
        return self.encoding


class TextBlock(Chunked):
    """A text or thinking block."""

    __slots__ = ("field", "id", "state", "type")

    def __init__(self, type_: str, block_id: str, state: str, text: str = "") -> None:
        self.type = type_
        self.field = "text" if type_ == "text" else "thinking"
        self.id = block_id
        self.state = state
        # Chunked._start, in line: a block is made per start event.
        self._joined = text
        self.parts: list[str] = []
        self.batches: list[str] | None = None
        self.runs: list[str] | None = None

    def dump(self) -> dict[str, Any]:
        return {"type": self.type, "id": self.id, self.field: self.joined()}

    def export(self) -> dict[str, Any]:
        return {"entity": self.type, "id": self.id, "state": self.state, "text": self.joined()}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> TextBlock:
        return cls(data["entity"], data["id"], data["state"], data["text"])


class DataBlock:
    """A data block: base64 bytes, or a URL that replaced the source."""

    __slots__ = ("bytes", "id", "media_type", "name", "state", "url", "url_media_type")
    type = "data"

    def __init__(self, block_id: str, media_type: str, name: Any, state: str) -> None:
        self.id = block_id
        self.media_type = media_type
        self.name = None if name is ABSENT else name
        self.state = state
        self.bytes = _Bytes()
        self.url: str | None = None
        self.url_media_type = ""

    def dump(self) -> dict[str, Any]:
        if self.url is not None:
            source = {"type": "url", "url": self.url, "media_type": self.url_media_type}
        else:
            source = {"type": "base64", "data": self.bytes.encoded(), "media_type": self.media_type}
        return {"type": "data", "id": self.id, "source": source, "name": self.name}

    def export(self) -> dict[str, Any]:
        return {
            "entity": "data",
            "id": self.id,
            "state": self.state,
            "media_type": self.media_type,
            "name": self.name,
            "data": self.bytes.encoded(),
            "chunks": self.bytes.chunks,
            "url": self.url,
            "url_media_type": self.url_media_type,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> DataBlock:
        block = cls(data["id"], data["media_type"], data["name"], data["state"])
        block.bytes = _Bytes(base64.b64decode(data["data"]), data["chunks"])
        block.url = data["url"]
        block.url_media_type = data["url_media_type"]
        return block


class HintBlock:
    """A hint block, complete on arrival."""

    __slots__ = ("hint", "id", "source", "state")
    type = "hint"

    def __init__(self, block_id: str, hint: Any, source: Any, state: str) -> None:
        self.id = block_id
        self.hint = copy.deepcopy(hint)
        self.source = None if source is ABSENT else source
        self.state = state

    def dump(self) -> dict[str, Any]:
        return {
            "type": "hint",
            "id": self.id,
            "hint": copy.deepcopy(self.hint),
            "source": self.source,
        }

    def export(self) -> dict[str, Any]:
        return {
            "entity": "hint",
            "id": self.id,
            "state": self.state,
            "hint": self.hint,
            "source": self.source,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> HintBlock:
        return cls(data["id"], data["hint"], data["source"], data["state"])


class ToolCall(Chunked):
    """A tool call: its raw JSON input (the text it joins), its machine state and its wire state."""

    __slots__ = ("id", "name", "state", "suggested_rules", "wire")

    def __init__(self, call_id: str, name: str, state: str, wire: str, text: str = "") -> None:
        self.id = call_id
        self.name = name
        self.wire = wire
        self.state = state
        self.suggested_rules: list[Any] = []
        self._start(text)

    def dump(self) -> dict[str, Any]:
        return {
            "type": "tool_call",
            "id": self.id,
            "name": self.name,
            "input": self.joined(),
            "state": self.wire,
            "suggested_rules": fresh(self.suggested_rules),
        }

    def export(self) -> dict[str, Any]:
        return {
            "entity": "tool_call",
            "id": self.id,
            "name": self.name,
            "state": self.state,
            "wire": self.wire,
            "input": self.joined(),
            "suggested_rules": self.suggested_rules,
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> ToolCall:
        call = cls(data["id"], data["name"], data["state"], data["wire"], data["input"])
        call.suggested_rules = copy.deepcopy(data["suggested_rules"])
        return call


class ResultText(Chunked):
    """A text sub-block of a tool result."""

    __slots__ = ("id",)

    def __init__(self, block_id: str, text: str) -> None:
        self.id = block_id
        self._start(text)

    def dump(self) -> dict[str, Any]:
        return {"type": "text", "id": self.id, "text": self.joined()}

    def export(self) -> dict[str, Any]:
        return {"type": "text", "id": self.id, "text": self.joined()}


class ResultData:
    """A data sub-block of a tool result.

    The first base64 chunk is kept verbatim; a second chunk with the same id
    decodes both and merges the bytes. A URL sub-block takes no chunks.
    """

    __slots__ = ("bytes", "first", "id", "media_type", "url")

    def __init__(self, block_id: str, media_type: str, first: str | None, url: str | None) -> None:
        self.id = block_id
        self.media_type = media_type
        self.first = first
        self.url = url
        self.bytes: _Bytes | None = None

    @property
    def chunks(self) -> int:
        """How many base64 chunks the sub-block holds."""
        return self.bytes.chunks if self.bytes is not None else int(self.first is not None)

    def merge(self, first: bytes, incoming: bytes) -> None:
        if self.bytes is None:
            self.bytes = _Bytes(first, 1)
        self.bytes.append(incoming)

    def dump(self) -> dict[str, Any]:
        source: dict[str, Any]
        if self.url is not None:
            source = {"type": "url", "url": self.url, "media_type": self.media_type}
        else:
            data = self.bytes.encoded() if self.bytes is not None else self.first
            source = {"type": "base64", "data": data, "media_type": self.media_type}
        return {"type": "data", "id": self.id, "source": source, "name": None}

    def export(self) -> dict[str, Any]:
        merged = self.bytes is not None
        return {
            "type": "data",
            "id": self.id,
            "media_type": self.media_type,
            "first": self.first if not merged else None,
            "data": self.bytes.encoded() if self.bytes is not None else None,
            "chunks": self.chunks,
            "url": self.url,
        }


class ToolResult:
    """A streamed tool result: text and data sub-blocks, then an outcome."""

    __slots__ = (
        "data",
        "data_count",
        "id",
        "metadata",
        "name",
        "outcome",
        "output",
        "state",
        "texts",
    )

    def __init__(self, call_id: str, name: str, state: str) -> None:
        self.id = call_id
        self.name = name
        self.state = state
        self.outcome = "running"
        self.metadata: dict[str, Any] = {}
        self.output: list[ResultText | ResultData] = []
        self.texts = 0
        self.data: dict[str, ResultData] = {}
        self.data_count = 0

    def add_text(self, delta: str) -> None:
        last = self.output[-1] if self.output else None
        if isinstance(last, ResultText):
            last.append(delta)
            return
        self.output.append(ResultText(f"{self.id}#text-{self.texts}", delta))
        self.texts += 1

    def data_block(self, block_id: str) -> ResultData | None:
        """Return the first data sub-block with ``block_id``, if any.

        A generated id may repeat a given one; later chunks naming it go to the first.
        """
        return self.data.get(block_id)

    def next_data_id(self) -> str:
        """Return the generated id of the next data sub-block: ``<call>#data-<n>``."""
        return f"{self.id}#data-{self.data_count}"

    def add_data(self, block: ResultData) -> None:
        """Append a data sub-block."""
        self.output.append(block)
        self.data.setdefault(block.id, block)
        self.data_count += 1

    def dump(self) -> dict[str, Any]:
        return {
            "type": "tool_result",
            "id": self.id,
            "name": self.name,
            "output": [block.dump() for block in self.output],
            "state": self.outcome,
            "metadata": fresh(self.metadata),
        }

    def export(self) -> dict[str, Any]:
        return {
            "entity": "tool_result",
            "id": self.id,
            "name": self.name,
            "state": self.state,
            "outcome": self.outcome,
            "metadata": self.metadata,
            "texts": self.texts,
            "output": [block.export() for block in self.output],
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> ToolResult:
        result = cls(data["id"], data["name"], data["state"])
        result.outcome = data["outcome"]
        result.metadata = copy.deepcopy(data["metadata"])
        result.texts = data["texts"]
        for block in data["output"]:
            if block["type"] == "text":
                result.output.append(ResultText(block["id"], block["text"]))
                continue
            sub = ResultData(block["id"], block["media_type"], block["first"], block["url"])
            if block["data"] is not None:
                sub.bytes = _Bytes(base64.b64decode(block["data"]), block["chunks"])
            result.add_data(sub)
        return result


class ExternalResult:
    """A complete result block from an external executor, kept as given.

    Its ``id``, ``name`` and ``output`` are there: the event's item shape and
    the exported state's both require them.
    """

    __slots__ = ("block", "id", "state")

    def __init__(self, block: dict[str, Any], state: str) -> None:
        self.block = copy.deepcopy(block)
        self.id: str = block["id"]
        self.state = state

    def dump(self) -> dict[str, Any]:
        block = self.block
        return {
            "type": "tool_result",
            "id": self.id,
            "name": block["name"],
            "output": copy.deepcopy(block["output"]),
            "state": block.get("state", "running"),
            "metadata": copy.deepcopy(block.get("metadata", {})),
        }

    def export(self) -> dict[str, Any]:
        return {"entity": "external_result", "state": self.state, "block": self.block}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> ExternalResult:
        return cls(data["block"], data["state"])


def media_type_of(given: str, current: str) -> str:
    """AgentScope keeps the old media type when a merged chunk gives an empty one."""
    return given or current
