"""Mutations of seed inputs, shared by the long fuzz mode and the CI property tests.

Every choice goes through a :class:`Chooser`: the long mode's is a seeded
``random.Random``; the CI tests' draws from Hypothesis, so a failing input
shrinks (fewer mutations, smaller positions, earlier operators).

Operators, byte-level: flip a bit, insert a token (``{``, ``"``, ``\\xff``, a
BOM, ``1e999``...), delete a range, splice two seeds, duplicate, drop, swap
or repeat lines, take a line from another seed. JSON-aware (on one line of a
JSON-lines input, or the whole document): a value replaced by another type,
deep nesting (100 to 1,100 levels, around every writer's limit), a huge
string, negative, float and huge numbers, a duplicate key, a key dropped or
added, invalid UTF-8 and lone surrogates inside a string, a string swapped
for one of the seeds' own strings (event types, ids, roles). The output is
capped at :data:`MAX_INPUT` bytes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import orjson

__all__ = [
    "MAX_INPUT",
    "OPERATORS",
    "Chooser",
    "RandomChooser",
    "mutate",
    "vocabulary",
]

#: The largest input an entry point is given, in bytes.
MAX_INPUT = 64 * 1024

T = TypeVar("T")

_SENTINEL = "@@streamspec-fuzz-sentinel@@"
_QUOTED_SENTINEL = orjson.dumps(_SENTINEL)
_BOM = b"\xef\xbb\xbf"
_TOKENS = (
    b'"',
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"\n",
    b"\\",
    b"\x00",
    b"\xff",
    _BOM,
    b"\r\n",
    b"null",
    b"-1",
    b"1e999",
    b"\\ud800",
    b'"version":1,',
    b'"type":"REPLY_END",',
)
_NUMBERS = (
    0,
    -1,
    1,
    -(2**63),
    2**63,
    2**64,
    -(2**64) - 1,
    1.5,
    -0.0,
    1e308,
    -1e-308,
)
_RAW_VALUES = (
    b"1e999",
    b"-1e999",
    b"1.0",
    b"-0",
    b"100000000000000000000000000000000",
    b'"\\ud800"',
    b'"\\udfff\\ud800"',
    b'"a\xffb"',
    b'"\xed\xa0\x80"',
    b'"\xc3"',
    b'"\x00"',
    b'"' + _BOM + b'x"',
)


class Chooser(Protocol):
    """Where a mutation's choices come from."""

    def integer(self, low: int, high: int) -> int:
        """An integer in ``[low, high]`` (inclusive)."""


class RandomChooser:
    """Choices from a seeded :class:`random.Random`."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        """An integer in ``[low, high]``."""
        return self.random.randint(low, high)


def _pick(choose: Chooser, items: Sequence[T]) -> T:
    return items[choose.integer(0, len(items) - 1)]


# ------------------------------------------------------------------ byte level


def _flip(data: bytes, choose: Chooser, _: _Context) -> bytes:
    if not data:
        return b"\xff"
    at = choose.integer(0, len(data) - 1)
    return data[:at] + bytes([data[at] ^ (1 << choose.integer(0, 7))]) + data[at + 1 :]


def _insert(data: bytes, choose: Chooser, _: _Context) -> bytes:
    at = choose.integer(0, len(data))
    return data[:at] + _pick(choose, _TOKENS) + data[at:]


def _delete(data: bytes, choose: Chooser, _: _Context) -> bytes:
    if not data:
        return data
    at = choose.integer(0, len(data) - 1)
    return data[:at] + data[at + choose.integer(1, 64) :]


def _splice(data: bytes, choose: Chooser, context: _Context) -> bytes:
    other = _pick(choose, context.seeds)
    return data[: choose.integer(0, len(data))] + other[choose.integer(0, len(other)) :]


def _lines_of(data: bytes) -> list[bytes]:
    lines = data.split(b"\n")
    return lines if lines else [b""]


def _duplicate_line(data: bytes, choose: Chooser, _: _Context) -> bytes:
    lines = _lines_of(data)
    at = choose.integer(0, len(lines) - 1)
    return b"\n".join([*lines[: at + 1], *lines[at:]])


def _drop_line(data: bytes, choose: Chooser, _: _Context) -> bytes:
    lines = _lines_of(data)
    at = choose.integer(0, len(lines) - 1)
    return b"\n".join(lines[:at] + lines[at + 1 :])


def _swap_lines(data: bytes, choose: Chooser, _: _Context) -> bytes:
    lines = _lines_of(data)
    a, b = choose.integer(0, len(lines) - 1), choose.integer(0, len(lines) - 1)
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def _repeat_line(data: bytes, choose: Chooser, _: _Context) -> bytes:
    lines = _lines_of(data)
    at = choose.integer(0, len(lines) - 1)
    times = choose.integer(2, 400)
    return b"\n".join([*lines[:at], *[lines[at]] * times, *lines[at + 1 :]])


def _foreign_line(data: bytes, choose: Chooser, context: _Context) -> bytes:
    lines = _lines_of(data)
    other = _lines_of(_pick(choose, context.seeds))
    lines.insert(choose.integer(0, len(lines)), _pick(choose, other))
    return b"\n".join(lines)


def _bom(data: bytes, choose: Chooser, _: _Context) -> bytes:
    lines = _lines_of(data)
    at = choose.integer(0, len(lines) - 1)
    lines[at] = _BOM + lines[at]
    return b"\n".join(lines)


# ------------------------------------------------------------------ JSON-aware


def _paths(value: Any, limit: int = 256) -> list[tuple[Any, ...]]:
    """Every path into ``value`` (breadth first, at most ``limit``), the root first."""
    found: list[tuple[Any, ...]] = []
    queue: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while queue and len(found) < limit:
        path, node = queue.pop(0)
        found.append(path)
        if isinstance(node, dict):
            queue.extend(((*path, key), child) for key, child in node.items())
        elif isinstance(node, list):
            queue.extend(((*path, n), child) for n, child in enumerate(node))
    return found


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _put(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    """A copy of ``value`` with ``new`` at ``path`` (only the path is copied)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _put(value[head], rest, new)
    return copy


def _dumps(value: Any) -> bytes | None:
    """``value`` as JSON, or ``None`` when orjson cannot write it (too deep, too big)."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        return None


def _with_raw(value: Any, path: tuple[Any, ...], raw: bytes | None) -> bytes | None:
    """``value`` written as JSON with the raw text ``raw`` at ``path``."""
    text = _dumps(_put(value, path, _SENTINEL))
    if text is None or raw is None:
        return None
    return text.replace(_QUOTED_SENTINEL, raw, 1)


def _hostile(choose: Chooser, context: _Context) -> bytes:
    """The raw JSON text of a value of a surprising type, size or spelling."""
    kind = choose.integer(0, 9)
    if kind == 0:
        return _pick(choose, (b"null", b"true", b"false", b"[]", b"{}", b'""'))
    if kind == 1:
        return _number_text(_pick(choose, _NUMBERS))
    if kind == 2:
        return _pick(choose, _RAW_VALUES)
    if kind == 3:
        return orjson.dumps(_pick(choose, context.strings))
    if kind == 4:
        return _nested(choose)
    if kind == 5:
        return orjson.dumps("x" * choose.integer(1_000, 60_000))
    if kind == 6:
        return orjson.dumps([_pick(choose, context.strings)] * choose.integer(2, 2_000))
    if kind == 7:
        return b'{"' + _pick(choose, context.strings).encode() + b'":' + _hostile(choose, context)
    if kind == 8:
        return _number_text(-choose.integer(1, 2**40))
    return _number_text(choose.integer(0, 1000) + 0.5)


def _number_text(number: float) -> bytes:
    """A number as JSON text, at any size (orjson writes only 64-bit integers)."""
    return json.dumps(number).encode()


def _nested(choose: Chooser) -> bytes:
    depth = choose.integer(100, 1_100)
    if choose.integer(0, 1):
        return b"[" * depth + b"]" * depth
    return b'{"a":' * depth + b"0" + b"}" * depth


def _replace_value(value: Any, choose: Chooser, context: _Context) -> bytes | None:
    path = _pick(choose, _paths(value))
    return _with_raw(value, path, _hostile(choose, context))


def _deep(value: Any, choose: Chooser, _: _Context) -> bytes | None:
    return _with_raw(value, _pick(choose, _paths(value)), _nested(choose))


def _huge_string(value: Any, choose: Chooser, _: _Context) -> bytes | None:
    text = "y" * choose.integer(10_000, 60_000)
    return _with_raw(value, _pick(choose, _paths(value)), orjson.dumps(text))


def _number(value: Any, choose: Chooser, _: _Context) -> bytes | None:
    paths = [p for p in _paths(value) if isinstance(_get(value, p), int | float)]
    if not paths:
        return None
    path = _pick(choose, paths)
    old = _get(value, path)
    new = _pick(
        choose,
        (
            _number_text(-abs(old) - 1),
            _number_text(float(old)),
            orjson.dumps(str(old)),
            _number_text(old + 0.5),
            b"true",
            _number_text(2**64 + 1),
        ),
    )
    return _with_raw(value, path, new)


def _objects(value: Any) -> list[tuple[Any, ...]]:
    return [p for p in _paths(value) if isinstance(_get(value, p), dict) and _get(value, p)]


def _duplicate_key(value: Any, choose: Chooser, context: _Context) -> bytes | None:
    objects = _objects(value)
    if not objects:
        return None
    path = _pick(choose, objects)
    node = _get(value, path)
    key = _pick(choose, list(node))
    extra = orjson.dumps(key) + b":" + _hostile(choose, context) + b","
    body = _dumps(node)
    if body is None:
        return None
    raw = b"{" + extra + body[1:] if choose.integer(0, 1) else body[:-1] + b"," + extra[:-1] + b"}"
    return _with_raw(value, path, raw)


def _drop_key(value: Any, choose: Chooser, _: _Context) -> bytes | None:
    objects = _objects(value)
    if not objects:
        return None
    path = _pick(choose, objects)
    node = dict(_get(value, path))
    del node[_pick(choose, list(node))]
    return _with_raw(value, path, _dumps(node))


def _add_key(value: Any, choose: Chooser, context: _Context) -> bytes | None:
    objects = [p for p in _paths(value) if isinstance(_get(value, p), dict)]
    if not objects:
        return None
    path = _pick(choose, objects)
    node = _get(value, path)
    key = orjson.dumps(_pick(choose, context.strings))
    body = _dumps(node)
    if body is None:
        return None
    raw = b"{" + key + b":" + _hostile(choose, context) + (b"," + body[1:] if node else b"}")
    return _with_raw(value, path, raw)


def _bad_string(value: Any, choose: Chooser, _: _Context) -> bytes | None:
    paths = [p for p in _paths(value) if isinstance(_get(value, p), str)]
    if not paths:
        return None
    return _with_raw(value, _pick(choose, paths), _pick(choose, _RAW_VALUES[5:]))


def _swap_string(value: Any, choose: Chooser, context: _Context) -> bytes | None:
    paths = [p for p in _paths(value) if isinstance(_get(value, p), str)]
    if not paths:
        return None
    return _with_raw(value, _pick(choose, paths), orjson.dumps(_pick(choose, context.strings)))


def _retype(value: Any, choose: Chooser, context: _Context) -> bytes | None:
    paths = [p for p in _paths(value) if p and p[-1] in ("type", "kind", "role", "version")]
    if not paths:
        return None
    return _with_raw(value, _pick(choose, paths), _hostile(choose, context))


class _Context:
    """What a mutation may borrow from: the other seeds and their strings."""

    def __init__(self, seeds: Sequence[bytes], strings: Sequence[str]) -> None:
        self.seeds = seeds or (b"{}",)
        self.strings = strings or ("type",)


_ByteOp = Callable[[bytes, Chooser, _Context], bytes]
_JsonOp = Callable[[Any, Chooser, _Context], "bytes | None"]

_BYTE_OPS: tuple[_ByteOp, ...] = (
    _drop_line,
    _duplicate_line,
    _swap_lines,
    _flip,
    _insert,
    _delete,
    _splice,
    _repeat_line,
    _foreign_line,
    _bom,
)
_JSON_OPS: tuple[_JsonOp, ...] = (
    _replace_value,
    _swap_string,
    _retype,
    _drop_key,
    _add_key,
    _number,
    _duplicate_key,
    _bad_string,
    _deep,
    _huge_string,
)
#: Every operator's name, byte-level first, in the order a chooser indexes them.
OPERATORS = tuple(op.__name__.lstrip("_") for op in (*_BYTE_OPS, *_JSON_OPS))


def _json_mutation(data: bytes, op: _JsonOp, choose: Chooser, context: _Context) -> bytes | None:
    """Apply a JSON operator to the whole input if it is one JSON value, else to one line."""
    try:
        return op(orjson.loads(data), choose, context)
    except orjson.JSONDecodeError:
        pass
    lines = _lines_of(data)
    at = choose.integer(0, len(lines) - 1)
    try:
        value = orjson.loads(lines[at])
    except orjson.JSONDecodeError:
        return None
    new = op(value, choose, context)
    if new is None:
        return None
    lines[at] = new
    return b"\n".join(lines)


def mutate(
    data: bytes, choose: Chooser, seeds: Sequence[bytes] = (), strings: Sequence[str] = ()
) -> bytes:
    """Return ``data`` changed by one to four operators, capped at :data:`MAX_INPUT` bytes.

    Args:
        data: the input to start from (usually a seed).
        choose: where every choice comes from.
        seeds: other inputs to splice from.
        strings: strings to put in place of others (see :func:`vocabulary`).
    """
    context = _Context(seeds, strings)
    for _ in range(choose.integer(1, 4)):
        index = choose.integer(0, len(OPERATORS) - 1)
        if index < len(_BYTE_OPS):
            data = _BYTE_OPS[index](data, choose, context)
        else:
            changed = _json_mutation(data, _JSON_OPS[index - len(_BYTE_OPS)], choose, context)
            data = data if changed is None else changed
        data = data[:MAX_INPUT]
    return data


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield key
            yield from _strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from _strings(child)


def vocabulary(seeds: Sequence[bytes], limit: int = 2_000) -> tuple[str, ...]:
    """The seeds' short strings (keys and values up to 40 characters), sorted, at most ``limit``."""
    found: set[str] = set()
    for seed in seeds:
        for part in _values(seed):
            found.update(s for s in _strings(part) if len(s) <= 40)
    ordered = sorted(found)
    step = max(1, -(-len(ordered) // limit))
    return tuple(ordered[::step])


def _values(seed: bytes) -> Iterator[Any]:
    """The JSON value of a whole seed, or of each of its lines."""
    try:
        yield orjson.loads(seed)
        return
    except orjson.JSONDecodeError:
        pass
    for line in seed.split(b"\n"):
        try:
            yield orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
