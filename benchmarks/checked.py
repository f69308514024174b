"""The checked floor: the floor plus the checks the spec asks of every fold, made as directly
as Python allows.

``python benchmarks/checked.py FILE`` folds a reply of text and data blocks
(the ``text`` and ``base64`` series) as ``floor.py`` does and prints the same
message. On the way it makes, for every line, each check ``spec/`` asks of any
reader and reducer of those events, in the cheapest form known here, and
stops (exit 1, naming the line and what failed) at the first that fails:

1. Reading: the input in blocks of :data:`BLOCK` bytes (what ``streamspec
   reduce`` reads at once), each line parsed by ``orjson.loads``. A line
   long enough to hold more than :data:`MAX_DEPTH` brackets has them
   counted; more stops it (a conforming reader would then measure how deep
   they nest, against the depth limit).
2. No key named twice: a block's lines joined by commas must be the dump of
   their objects (a dump names each key once). A block written any other
   way stops it: a conforming reader would count its keys line by line,
   which costs more.
3. Fields: each field the event's payload schema (``spec/schema/payloads/``)
   names has a value of its JSON type (and of its ``enum``), and its required
   fields are there. The deltas, nearly every line, are checked inline; the
   schema must still name exactly the fields the inline checks read.
4. State: every event names the reply the first event named; a delta names
   an open block of its kind, an end closes it.
5. Base64: a data chunk is whole quads of the standard alphabet; a padded one
   is decoded alone and must be canonical; the others are decoded, joined,
   when their block ends (``spec/README.md`` §6).

Like the floor it imports nothing from streamspec: its checks are written from
``spec/`` (the depth limit, §6's base64, the payload schemas), so its time owes
nothing to streamspec's code.

It keeps every piece of a block until the block ends, as the floor does, so
its memory grows with a block's deltas (90 MB for one block of 1,000,000 text
deltas, where ``streamspec reduce`` holds 30 MB): it is a measure, not a tool.

What it leaves out, any conforming fold does too: it reports nothing (it
stops), counts no events, keeps no state machine past "open", knows no other
event. So its time is at most what a fold making these checks costs, and
AgentScope's time over it bounds what such a fold's ratio to AgentScope can be.
"""

from __future__ import annotations

import io
import json
import sys
from binascii import a2b_base64, b2a_base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, Final

import orjson
from floor import HANDLERS, Event, Fold, joined_base64

#: The series whose events this fold takes.
SERIES: Final = ("text", "base64")
#: Bytes read at once, as ``streamspec reduce`` does.
BLOCK: Final = 1 << 16
#: The deepest a line's arrays and objects may nest (``spec/vectors/envelope/README.md``).
MAX_DEPTH: Final = 128
#: A line shorter than this cannot hold more than MAX_DEPTH opening brackets and their
#: closing ones.
SHORT: Final = 2 * (MAX_DEPTH + 1)
PAYLOADS: Final = Path(__file__).resolve().parents[1] / "spec" / "schema" / "payloads"
#: The wire types folded; their payload schemas are read from spec/.
TYPES: Final = (
    "REPLY_START",
    "REPLY_END",
    "TEXT_BLOCK_START",
    "TEXT_BLOCK_END",
    "DATA_BLOCK_START",
    "DATA_BLOCK_END",
    "TEXT_BLOCK_DELTA",
    "DATA_BLOCK_DELTA",
)
#: ``wire type -> field -> JSON types`` of the fields the inline checks of the deltas read
#: (a data delta's ``url`` only to send it to the schema's check).
INLINE: Final = {
    "TEXT_BLOCK_DELTA": {
        "id": {"string"},
        "created_at": {"string"},
        "metadata": {"object"},
        "reply_id": {"string"},
        "block_id": {"string"},
        "delta": {"string"},
    },
    "DATA_BLOCK_DELTA": {
        "id": {"string"},
        "created_at": {"string"},
        "metadata": {"object"},
        "reply_id": {"string"},
        "block_id": {"string"},
        "media_type": {"string"},
        "data": {"string", "null"},
        "url": {"string", "null"},
    },
}
#: ``JSON type -> the classes orjson reads it as``.
CLASSES: Final[dict[str, tuple[type, ...]]] = {
    "string": (str,),
    "object": (dict,),
    "array": (list,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


class Stopped(Exception):
    """A check failed: what, on which line."""


def schemas() -> dict[str, dict[str, Any]]:
    """``wire type -> payload schema`` of every type folded, read from ``spec/``."""
    return {
        kind: json.loads((PAYLOADS / f"{kind.lower()}.schema.json").read_text(encoding="utf-8"))
        for kind in TYPES
    }


def inline_drift(found: dict[str, dict[str, Any]]) -> list[str]:
    """How the schemas of the deltas differ from what the inline checks read."""
    drift = []
    for kind, fields in INLINE.items():
        named = {name: _types(prop) for name, prop in found[kind]["properties"].items()}
        if named != fields:
            drift.append(f"{kind}: the schema names {named}, the inline checks read {fields}")
    return drift


def _types(prop: dict[str, Any]) -> set[str]:
    if "anyOf" in prop:
        return set().union(*map(_types, prop["anyOf"]))
    return {prop["type"]} if "type" in prop else set()


def problem(value: Any, schema: dict[str, Any], at: str = "$") -> str | None:
    """Why ``value`` does not match ``schema`` (types, enums, required and nested fields)."""
    if "anyOf" in schema:
        if all(problem(value, option, at) for option in schema["anyOf"]):
            return f"{at}: matches none of its types"
        return None
    if "type" in schema and value.__class__ not in CLASSES[schema["type"]]:
        return f"{at}: not a JSON {schema['type']}"
    if "enum" in schema and value not in schema["enum"]:
        return f"{at}: {value!r} is not one of {schema['enum']}"
    if value.__class__ is dict:
        for name in schema.get("required", ()):
            if name not in value:
                return f"{at}.{name}: missing"
        for name, prop in schema.get("properties", {}).items():
            if name in value:
                found = problem(value[name], prop, f"{at}.{name}")
                if found:
                    return found
    return None


def blocks(stream: BinaryIO) -> Iterator[bytes]:
    """Whole lines of ``stream``, :data:`BLOCK` bytes or so at a time (the last perhaps
    without its newline), a byte order mark at its start dropped."""
    carry = b""
    chunk = stream.read(BLOCK)
    if chunk.startswith(b"\xef\xbb\xbf"):
        chunk = chunk[3:]
    while chunk:
        cut = chunk.rfind(b"\n") + 1
        if cut == 0:
            carry += chunk
        else:
            yield carry + chunk[:cut] if carry else chunk[:cut]
            carry = chunk[cut:]
        chunk = stream.read(BLOCK)
    if carry:
        yield carry


def read(text: bytes) -> tuple[list[bytes], list[Any]]:
    """A block's lines and their objects, once rules 1 and 2 hold (else :class:`Stopped`)."""
    raws = list(io.BytesIO(text))
    if max(map(len, raws), default=0) >= SHORT:
        for at, raw in enumerate(raws):
            if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH:
                raise Stopped(at, f"more than {MAX_DEPTH} brackets")
    try:
        values = list(map(orjson.loads, raws))
    except orjson.JSONDecodeError:
        at = next(at for at, raw in enumerate(raws) if not _loads(raw))
        raise Stopped(at, "a line this fold does not take (not JSON, or blank)") from None
    try:
        dump = orjson.dumps(values)
    except orjson.JSONEncodeError:
        dump = b""
    commas = text.replace(b"\n", b",")
    size = len(commas) - 1 if text.endswith(b"\n") else len(commas)
    if len(dump) != size + 2 or not dump.startswith(memoryview(commas)[:size], 1):
        at = next(at for at, raw in enumerate(raws) if not _dumped(raw, values[at]))
        raise Stopped(at, "not the dump of its object (a key named twice, or written otherwise)")
    return raws, values


def _loads(raw: bytes) -> bool:
    try:
        orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False
    return True


def _dumped(raw: bytes, value: Any) -> bool:
    try:
        dump = orjson.dumps(value)
    except orjson.JSONEncodeError:
        return False
    return raw in (dump, dump + b"\n")


def check_chunk(chunk: str) -> bool:
    """Whether a data chunk is canonical base64 alone (``spec/README.md`` §6)."""
    try:
        decoded = a2b_base64(chunk, strict_mode=True)
    except ValueError:
        return False
    return b2a_base64(decoded, newline=False) == chunk.encode("ascii")


class CheckedFold(Fold):
    """The floor's fold, knowing the reply it folds and which data blocks had padded chunks."""

    __slots__ = ("padded", "reply_id", "schemas")

    def __init__(self, found: dict[str, dict[str, Any]]) -> None:
        super().__init__()
        self.schemas = found
        self.reply_id: str | None = None
        self.padded: set[str] = set()

    def other(self, event: Event) -> None:
        """Check and fold an event that is not a delta (or a delta lacking a field)."""
        kind = event.get("type")
        schema = self.schemas.get(kind) if kind.__class__ is str else None
        if schema is None:
            raise Stopped(None, f"type {kind!r} is not folded here")
        found = problem({k: v for k, v in event.items() if k != "type"}, schema)
        if found:
            raise Stopped(None, found)
        if self.reply_id is None:
            self.reply_id = event["reply_id"]
            self.message["id"] = event["reply_id"]
            self.message["created_at"] = event.get("created_at")
        elif event["reply_id"] != self.reply_id:
            raise Stopped(None, "another reply")
        if kind in INLINE:
            self.delta(kind, event)
        elif kind == "DATA_BLOCK_END":
            self.data_ended(event)
        else:
            try:
                HANDLERS[kind](self, event)
            except KeyError:
                raise Stopped(None, "no such open block") from None

    def delta(self, kind: str, event: Event) -> None:
        """A delta whose fields were checked by its schema."""
        if kind == "TEXT_BLOCK_DELTA":
            self.text[event["block_id"]][1].append(event["delta"])
            return
        if event.get("data") is None or event.get("url") is not None:
            raise Stopped(None, "a data delta must carry base64 here")
        self.chunk(event["block_id"], event["data"])

    def chunk(self, block_id: str, chunk: str) -> None:
        """Append a base64 chunk to its open block (rule 5)."""
        parts = self.data[block_id][1]
        if len(chunk) & 3:
            raise Stopped(None, "not whole base64 quads")
        if "=" in chunk:
            if not check_chunk(chunk):
                raise Stopped(None, "not canonical base64")
            self.padded.add(block_id)
        parts.append(chunk)

    def data_ended(self, event: Event) -> None:
        """Close a data block: its chunks decode (rule 5)."""
        block_id = event["block_id"]
        if block_id not in self.data:
            raise Stopped(None, "no such open block")
        block, parts = self.data.pop(block_id)
        if block_id in self.padded:
            if not all(map(check_chunk, parts)):
                raise Stopped(None, "not canonical base64")
            block["source"]["data"] = joined_base64(parts)
            return
        joined = "".join(parts)
        try:
            a2b_base64(joined, strict_mode=True)
        except ValueError:
            raise Stopped(None, "not base64") from None
        block["source"]["data"] = joined


def fold_objects(fold: CheckedFold, values: list[Any]) -> None:
    """Fold a block's objects: the deltas with their fields checked inline (rule 3), any
    other object by :meth:`CheckedFold.other`.

    Raises:
        Stopped: a check failed, at the index of the object in ``values``.
    """
    string, mapping = str, dict
    texts, datas, other = fold.text, fold.data, fold.other
    reply_id = fold.reply_id
    text_id = data_id = None
    text_parts: list[str] = []
    data_parts: list[str] = []
    obj: Any = None
    try:
        for obj in values:
            try:
                kind = obj["type"]
                ident = obj["id"]
                created = obj["created_at"]
                meta = obj["metadata"]
                reply = obj["reply_id"]
                block = obj["block_id"]
                if kind == "TEXT_BLOCK_DELTA":
                    delta = obj["delta"]
                elif kind == "DATA_BLOCK_DELTA":
                    media = obj["media_type"]
                    chunk = obj["data"]
                else:
                    raise KeyError(kind)
            except KeyError:  # not a delta, or one lacking a field: checked by its schema
                other(obj)
                reply_id, text_id, data_id = fold.reply_id, None, None
                continue
            if (
                ident.__class__ is not string
                or created.__class__ is not string
                or meta.__class__ is not mapping
                or reply.__class__ is not string
                or block.__class__ is not string
                or reply != reply_id
            ):
                other(obj)
                reply_id, text_id, data_id = fold.reply_id, None, None
            elif kind == "TEXT_BLOCK_DELTA":
                if delta.__class__ is not string:
                    raise Stopped(None, "delta: not a JSON string")
                if block != text_id:
                    text_parts, text_id = texts[block][1], block
                text_parts.append(delta)
            else:
                if media.__class__ is not string or chunk.__class__ is not string or "url" in obj:
                    other(obj)
                    reply_id, text_id, data_id = fold.reply_id, None, None
                    continue
                if block != data_id:
                    data_parts, data_id = datas[block][1], block
                if len(chunk) & 3 or "=" in chunk:
                    fold.chunk(block, chunk)
                else:
                    data_parts.append(chunk)
    except (Stopped, KeyError) as stop:
        at = next(at for at, value in enumerate(values) if value is obj)
        reason = stop.args[1] if isinstance(stop, Stopped) else "no such open block"
        raise Stopped(at, reason) from None


def fold_stream(stream: BinaryIO) -> dict[str, Any]:
    """Fold every line of ``stream``; :class:`Stopped` with the line number at the first
    check that fails."""
    fold = CheckedFold(schemas())
    drift = inline_drift(fold.schemas)
    if drift:
        raise Stopped(0, "; ".join(drift))
    first = 1
    for text in blocks(stream):
        try:
            raws, values = read(text)
            fold_objects(fold, values)
        except Stopped as stop:
            raise Stopped(first + stop.args[0], stop.args[1]) from None
        first += len(raws)
    for block_id in list(fold.data):
        fold.data_ended({"block_id": block_id})
    return fold.settle()


def main(argv: list[str]) -> int:
    """Fold the file named by ``argv[0]``; print the message, or why it stopped (exit 1);
    exit 2 without one file to read."""
    if len(argv) != 1:
        sys.stderr.write("usage: python checked.py FILE\n")
        return 2
    try:
        with open(argv[0], "rb") as stream:
            message = fold_stream(stream)
    except OSError as error:
        sys.stderr.write(f"{argv[0]}: {error.strerror or error}\n")
        return 2
    except Stopped as stop:
        line, reason = stop.args
        sys.stderr.write(f"{argv[0]}:{line}: {reason}\n")
        return 1
    sys.stdout.buffer.write(orjson.dumps(message) + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
