"""The oracle's content model: each block, call and result as plainly as possible.

Rules:

1. A text block is its list of deltas; a data block is the bytes its chunks
   decode to, or the URL that replaced it, and how many chunks it accepted.
2. A tool-result data sub-block is its list of chunks as given: one chunk
   dumps verbatim, several dump as the encoding of their bytes.
3. A base64 chunk is valid iff it decodes and encoding its bytes gives it
   back (canonical RFC 4648, ``spec/README.md`` §6).
"""

from __future__ import annotations

import base64
import binascii
import copy
from typing import Any

import attrs

__all__ = ["valid_base64"]


def valid_base64(chunk: str) -> bytes | None:
    """Return the bytes of a canonical base64 chunk, or ``None`` when it is not one."""
    try:
        raw = base64.b64decode(chunk, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if base64.b64encode(raw).decode("ascii") == chunk else None


@attrs.define
class _Text:
    type: str
    id: str
    deltas: list[str] = attrs.field(factory=list)

    def dump(self) -> dict[str, Any]:
        field = "text" if self.type == "text" else "thinking"
        return {"type": self.type, "id": self.id, field: "".join(self.deltas)}


@attrs.define
class _Data:
    id: str
    media_type: str
    name: Any
    data: bytes = b""
    url: str | None = None
    url_media_type: str = ""
    chunks: int = 0

    def dump(self) -> dict[str, Any]:
        if self.url is not None:
            source = {"type": "url", "url": self.url, "media_type": self.url_media_type}
        else:
            encoded = base64.b64encode(self.data).decode("ascii")
            source = {"type": "base64", "data": encoded, "media_type": self.media_type}
        return {"type": "data", "id": self.id, "source": source, "name": self.name}


@attrs.define
class _Hint:
    id: str
    hint: Any
    source: Any

    def dump(self) -> dict[str, Any]:
        return {
            "type": "hint",
            "id": self.id,
            "hint": copy.deepcopy(self.hint),
            "source": self.source,
        }


@attrs.define
class _Call:
    id: str
    name: str
    wire: str
    input: list[str] = attrs.field(factory=list)
    suggested_rules: Any = attrs.field(factory=list)

    def dump(self) -> dict[str, Any]:
        return {
            "type": "tool_call",
            "id": self.id,
            "name": self.name,
            "input": "".join(self.input),
            "state": self.wire,
            "suggested_rules": copy.deepcopy(self.suggested_rules),
        }


@attrs.define
class _ResultText:
    id: str
    deltas: list[str]

    def dump(self) -> dict[str, Any]:
        return {"type": "text", "id": self.id, "text": "".join(self.deltas)}


@attrs.define
class _ResultData:
    id: str
    media_type: str
    chunks: list[str]
    url: str | None

    def dump(self) -> dict[str, Any]:
        if self.url is not None:
            source = {"type": "url", "url": self.url, "media_type": self.media_type}
        elif len(self.chunks) == 1:
            source = {"type": "base64", "data": self.chunks[0], "media_type": self.media_type}
        else:
            joined = b"".join(valid_base64(chunk) or b"" for chunk in self.chunks)
            data = base64.b64encode(joined).decode("ascii")
            source = {"type": "base64", "data": data, "media_type": self.media_type}
        return {"type": "data", "id": self.id, "source": source, "name": None}


@attrs.define
class _Result:
    id: str
    name: str
    output: list[_ResultText | _ResultData] = attrs.field(factory=list)
    outcome: str = "running"
    metadata: Any = attrs.field(factory=dict)
    texts: int = 0

    def data_block(self, block_id: str) -> _ResultData | None:
        found = (b for b in self.output if isinstance(b, _ResultData) and b.id == block_id)
        return next(found, None)

    def dump(self) -> dict[str, Any]:
        return {
            "type": "tool_result",
            "id": self.id,
            "name": self.name,
            "output": [block.dump() for block in self.output],
            "state": self.outcome,
            "metadata": copy.deepcopy(self.metadata),
        }


@attrs.define
class _External:
    item: dict[str, Any]

    def dump(self) -> dict[str, Any]:
        item = self.item
        return {
            "type": "tool_result",
            "id": item["id"],
            "name": item.get("name", ""),
            "output": copy.deepcopy(item.get("output", [])),
            "state": item.get("state", "running"),
            "metadata": copy.deepcopy(item.get("metadata", {})),
        }


_Entity = _Text | _Data | _Hint | _Call | _Result | _External
