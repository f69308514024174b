"""Reading JSON-lines input: one record per line, bad lines reported, never fatal.

Rules for every line the readers take:

1. A line is one JSON object. A blank line is skipped without a word; any
   other line that holds no object is an ``unreadable_line`` error naming
   what it holds in JSON's words (``not a JSON object but an array``), or
   why it is not JSON (``invalid UTF-8: byte 0xff at offset 0``).
2. Nesting is limited to :data:`MAX_DEPTH` (128) arrays and objects, the
   line's own object counting as 1. A deeper line is an ``unreadable_line``
   error naming the limit and the depth (``details.depth``, ``details.limit``);
   the limit leaves every writer (whose JSON encoder stops at 254 levels)
   room for the levels it wraps around a value.
3. A leading UTF-8 byte order mark on the first line is dropped with a
   ``byte_order_mark`` warning; anywhere else it is not JSON.
4. An object that names a key twice keeps the last value, as JSON parsers
   do, with a ``duplicate_key`` warning naming the keys (``details.keys``).
5. A warning comes as its own :class:`Line` (no record, same number) just
   before the line it is about, so every stage that passes problem lines
   along keeps it.
6. Integers are exact at any size (:mod:`streamspec._json_exact`): a line
   with 19 digits in a row is parsed again so that none becomes a double.
   An object offered to a fold is offered as orjson read it when its fold
   keeps no JSON object or array of it: a fold refuses a double where it
   wants an integer, and the line is then read again like any other.
   :class:`Folds` names the types whose folds keep one; a plain mapping of
   folds is taken to keep one for every type but the deltas (``*_DELTA``).

Duplicate keys are found without a second parse on the common path. A
block whose every line is exactly what ``orjson.dumps`` writes for the
line's value (compact, as AgentScope writes its events) names no key twice,
for a dump writes each key of a dict once. Failing that, a
block of lines whose text has no more key separators (``":``, or a quote,
whitespace and a colon; a quote after an escaping backslash ends no key)
than its objects have keys (their own keys, then, when those are fewer,
the keys of every object nested in them) cannot repeat a key.
Only a block that fails that count is looked at line by line, and only a
line that fails it is parsed again with :mod:`json` to name the keys.
Streams that can ``read1`` are read in blocks of whatever is available (a
live pipe is never waited on for more than one line); any other iterable of
lines is checked line by line.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from typing import Any, BinaryIO, Final, NamedTuple, TypeVar

import orjson

from streamspec._deferred import made
from streamspec._diagnostics import CODE_INFO, Code, Diagnostic, Severity
from streamspec._errors import DecodeError
from streamspec._events import EVENT_CLASSES, UnknownEvent
from streamspec._json_exact import exact, long_digits, retry
from streamspec._json_exact import loads as exact_loads

__all__ = [
    "BYTE_ORDER_MARK",
    "DUPLICATE_KEY",
    "MAX_DEPTH",
    "READER_WARNINGS",
    "Folds",
    "Line",
    "depth_of",
    "json_type",
    "nested_deeper_than",
    "read_lines",
    "read_records",
    "rewound",
    "unreadable",
]

T = TypeVar("T")

#: The deepest nesting a line may have (its own object is depth 1).
MAX_DEPTH: Final = 128
#: The code of the warning for an object that names a key twice.
DUPLICATE_KEY: Final = "duplicate_key"
#: The code of the warning for a byte order mark at the start of the input.
BYTE_ORDER_MARK: Final = "byte_order_mark"
#: The warnings the reader itself gives, each on a line of its own.
READER_WARNINGS: Final = frozenset({DUPLICATE_KEY, BYTE_ORDER_MARK})

_BOM: Final = b"\xef\xbb\xbf"
#: The shortest line that can nest deeper than the limit (an opener and a closer per level).
_DEEP_LINE: Final = 2 * (MAX_DEPTH + 1)
#: How much one read of a ``read1`` stream asks for.
_BLOCK: Final = 1 << 16
#: Finds a quote followed by a space (a regular expression finds it faster than ``bytes.find``).
_QUOTE_SPACE: Final = re.compile(rb'" ').search
#: How many blocks skip the dump test after a block that fails it (:class:`_Dumped`).
_DUMP_RETRY: Final = 15
#: The delta types, offered to a fold as orjson read them (rule 6).
_DELTAS: Final = frozenset(cls.TYPE for cls in EVENT_CLASSES if cls.TYPE.endswith("_DELTA"))


class Line(NamedTuple):
    """One input line: its number, and either a record or why it has none.

    A blank line has neither a record nor a problem. A warning about a line
    is a line of its own with the same number, just before it. (A named
    tuple: lines are made once per input line, so they are kept as cheap as
    an immutable value can be.)
    """

    number: int
    record: Any = None
    problem: Diagnostic | None = None

    @property
    def event(self) -> Any:
        """The record to fold, or ``None``.

        ``None`` for a blank or bad line, and for an unknown record whose
        line already carries the problem that reports it (an opaque source
        event is reported once, not again as an unknown type).
        """
        if self.problem is not None and isinstance(self.record, UnknownEvent):
            return None
        return self.record


def unreadable(number: int, reason: str, **details: Any) -> Diagnostic:
    """Return the ``unreadable_line`` diagnostic for line ``number``."""
    return Diagnostic(
        code=Code.UNREADABLE_LINE.value,
        severity=CODE_INFO[Code.UNREADABLE_LINE.value].severity,
        message=reason,
        details={"line": number, **details},
    )


def _warning(code: str, number: int, message: str, **details: Any) -> Line:
    info = CODE_INFO.get(code)
    severity = info.severity if info is not None else Severity.WARNING
    problem = Diagnostic(
        code=code, severity=severity, message=message, details={"line": number, **details}
    )
    return Line(number=number, problem=problem)


def json_type(value: Any) -> str:
    """The JSON name of a parsed value's type, with its article (``an array``, ``null``)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _not_json(raw: bytes, error: orjson.JSONDecodeError) -> str:
    if error.msg.startswith("str is not valid UTF-8"):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as bad:
            return f"invalid UTF-8: byte 0x{raw[bad.start]:02x} at offset {bad.start}"
    if error.msg.startswith("depth limit"):
        return f"nested more than 1024 deep; the limit is {MAX_DEPTH}"
    return f"not JSON: {error.msg} at offset {error.pos}"


def _no_object(number: int, raw: bytes) -> Line:
    """The line for input that holds no JSON object: blank, not JSON, or another value."""
    try:
        value = exact_loads(raw)
    except orjson.JSONDecodeError as error:
        if not raw.strip():
            return Line(number=number)
        reason = _not_json(raw, error)
        if reason.startswith("nested"):
            return Line(number, problem=unreadable(number, reason, limit=MAX_DEPTH))
        return Line(number=number, problem=unreadable(number, reason))
    return Line(
        number=number,
        problem=unreadable(number, f"not a JSON object but {json_type(value)}"),
    )


def depth_of(value: Any) -> int:
    """How deep arrays and objects nest in ``value`` (an object is 1, a scalar 0); no recursion."""
    if not isinstance(value, dict | list):
        return 0
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        for child in item.values() if isinstance(item, dict) else item:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
    return deepest


def nested_deeper_than(value: Any, limit: int) -> bool:
    """Whether arrays and objects nest in ``value`` more than ``limit`` deep (tuples count).

    It stops at the first item past the limit, so a structure that contains
    itself is reported as too deep instead of walked forever.
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, dict | list | tuple):
            continue
        if depth > limit:
            return True
        stack.extend(
            (child, depth + 1) for child in (item.values() if isinstance(item, dict) else item)
        )
    return False


def _too_deep(number: int, raw: bytes, value: dict[str, Any]) -> Diagnostic | None:
    """The error for a line nested deeper than the limit (the text is counted first)."""
    if _shallow(raw):
        return None
    depth = depth_of(value)
    if depth <= MAX_DEPTH:
        return None
    return unreadable(
        number,
        f"nested {depth} deep; the limit is {MAX_DEPTH}",
        depth=depth,
        limit=MAX_DEPTH,
    )


def _separators(text: bytes) -> int:
    """At least as many as the keys written in ``text`` (of valid JSON lines).

    A key ends in a quote followed by its colon, or by whitespace (space, or
    a raw tab or CR, which JSON allows only between tokens) and then it. A
    quote inside a string is escaped, so an end whose quote follows a
    backslash is no key, unless that backslash is itself escaped: those are
    counted back, so the count never falls short.
    """
    escaped = text.find(b"\\") >= 0
    count = _ends(text, b'":', escaped)
    if _QUOTE_SPACE(text) is not None:
        count += _ends(text, b'" ', escaped)
    if text.find(b"\t") >= 0:
        count += _ends(text, b'"\t', escaped)
    if text.find(b"\r") >= 0:
        count += _ends(text, b'"\r', escaped)
    return count


class _Dumped:
    """Tells whether each line of a block of objects is exactly what ``orjson.dumps`` writes
    for its object.

    Such a block names no key twice, for a dump writes each key of a dict
    once. The lines joined by commas equal the dump of the list of objects
    only when each line equals its object's dump: where a line and its dump
    first part, one of them would go on past a complete JSON value with a
    comma, which no line that holds one JSON value does.

    After a block that fails the test, the next :data:`_DUMP_RETRY` blocks
    skip it (it would only cost time on input written another way), and the
    count of separators decides alone.
    """

    __slots__ = ("_skip",)

    def __init__(self) -> None:
        self._skip = 0

    def __call__(self, text: bytes, values: list[Any]) -> bool:
        """``text``: the block's lines, each ending in a newline but perhaps the last;
        ``values``: the object each line holds."""
        if self._skip:
            self._skip -= 1
            return False
        try:
            dump = orjson.dumps(values)
        except orjson.JSONEncodeError:  # an integer past 64 bits, a lone surrogate
            dump = b""
        # dump == b"[" + the lines joined by commas + b"]", copying the text once.
        commas = text.replace(b"\n", b",")
        size = len(commas) - 1 if text.endswith(b"\n") else len(commas)
        if len(dump) == size + 2 and dump.startswith(memoryview(commas)[:size], 1):
            return True
        self._skip = _DUMP_RETRY
        return False


def _ends(text: bytes, end: bytes, escaped: bool) -> int:
    """How many times ``end`` occurs in ``text``, less those after an escaping backslash."""
    count = text.count(end)
    if escaped:
        count -= text.count(b"\\" + end) - text.count(b"\\\\" + end)
    return count


def _keys(value: Any) -> int:
    """How many keys the objects in ``value`` have, nested ones included."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            total += len(item)
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        else:
            stack.extend(v for v in item if isinstance(v, dict | list))
    return total


def _repeated(raw: bytes) -> list[str]:
    """Every key an object of ``raw`` names twice, by a second, slower parse."""
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: set[str] = set()
        for key, _ in items:
            if key in seen:
                found.append(key)
            seen.add(key)
        return dict(items)

    try:
        json.loads(raw, object_pairs_hook=pairs)
    except (ValueError, RecursionError):  # deeper than json's stack: the nesting limit reports it
        return []
    return found


def _duplicates(number: int, raw: bytes, value: dict[str, Any]) -> Line | None:
    """The ``duplicate_key`` warning for one line, if an object in it repeats a key."""
    separators = _separators(raw)
    if separators <= len(value) or separators <= _keys(value):
        return None
    repeated = _repeated(raw)
    if not repeated:
        return None
    keys = sorted(set(repeated))
    named = ", ".join(_quote(key) for key in keys)
    return _warning(
        DUPLICATE_KEY,
        number,
        f"an object names {named} more than once; the last value is kept",
        keys=keys,
    )


def _quote(key: str) -> str:
    text = json.dumps(key, ensure_ascii=False)
    return text if len(text) <= 40 else text[:36] + '..."'


def _bom(number: int) -> Line:
    return _warning(
        BYTE_ORDER_MARK, number, "the input starts with a UTF-8 byte order mark; ignored"
    )


def _blocks(stream: BinaryIO | Iterable[bytes]) -> Iterator[tuple[bytes, list[bytes], int]]:
    """Yield (text, lines, end) pieces of the input: whole lines, never waiting past one.

    Lines of a block read at once keep their newline (``end`` is 1: what
    they hold is ``raw[:-1]``); lines given one by one are as given (``end``
    is 0). JSON ignores the newline; a report on a line that is not JSON
    leaves it out.
    """
    read1 = getattr(stream, "read1", None)
    if not callable(read1):
        for raw in stream:
            yield raw, [raw], 0
        return
    pending: list[bytes] = []
    while True:
        chunk = read1(_BLOCK)
        if not chunk:
            if pending:
                tail = b"".join(pending)
                yield tail, [tail], 0
            return
        cut = chunk.rfind(b"\n") + 1
        if cut == 0:
            pending.append(chunk)
            continue
        pending.append(chunk[:cut])
        text = b"".join(pending) if len(pending) > 1 else pending[0]
        pending = [chunk[cut:]] if cut < len(chunk) else []
        yield text, list(io.BytesIO(text)), 1


class _Rewound:
    """Lines already taken from a stream, put back in front of the rest of it."""

    def __init__(self, seen: list[bytes], stream: Any) -> None:
        self._seen = seen
        self._stream = stream

    def read1(self, size: int = -1) -> bytes:
        """The lines put back, at once; then what one read of the stream gives."""
        if self._seen:
            text = b"".join(self._seen)
            self._seen = []
            return text
        return self._stream.read1(size)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[bytes]:
        seen, self._seen = self._seen, []
        yield from seen
        yield from self._stream


def rewound(seen: list[bytes], stream: BinaryIO | Iterable[bytes]) -> Iterable[bytes]:
    """``seen`` (lines already read from ``stream``) followed by the rest of ``stream``.

    A stream that can ``read1`` keeps that ability, so the readers still take
    it in blocks (what format detection should hand on after peeking).
    """
    if callable(getattr(stream, "read1", None)):
        return _Rewound(seen, stream)
    return itertools.chain(seen, stream)


def _read(
    stream: BinaryIO | Iterable[bytes], decode: Callable[[dict[str, Any]], Any] | None
) -> Iterator[list[Line]]:
    """Yield the lines of each block of the input, as one list per block."""
    loads, dict_, deep, bad_json = orjson.loads, dict, _DEEP_LINE, orjson.JSONDecodeError
    new_line = tuple.__new__
    dumped = _Dumped()
    number = 0
    for text, raws, end in _blocks(stream):
        first = number + 1
        out: list[Line] = []
        append = out.append
        values: list[Any] = []
        keep = values.append
        keys = objects = 0
        if first == 1 and raws and raws[0].startswith(_BOM):
            raws[0] = raws[0][3:]
            append(_bom(1))
        long = long_digits(text)
        for number, raw in enumerate(raws, first):
            try:
                value = loads(raw)
            except bad_json as error:
                value = _retried(raw, error)
            else:
                if long:
                    value = exact(raw, value)
            keep(value)
            if value.__class__ is not dict_:
                append(_no_object(number, raw[: len(raw) - end]))
                continue
            if len(raw) >= deep:
                problem = _too_deep(number, raw, value)
                if problem is not None:
                    append(Line(number=number, problem=problem))
                    continue
            keys += len(value)
            objects += 1
            if decode is None:
                append(new_line(Line, (number, value, None)))
                continue
            try:
                append(new_line(Line, (number, decode(value), None)))
            except DecodeError as error:
                append(Line(number, problem=unreadable(number, "; ".join(error.problems))))
        if (
            not (objects == len(values) and dumped(text, values))
            and (separators := _separators(text)) > keys
            and separators > sum(_keys(value) for value in values if value.__class__ is dict_)
        ):
            out = _with_duplicates(out, raws, first, values)
        yield out


def _line(
    number: int,
    raw: bytes,
    end: int,
    value: Any,
    decode: Callable[[dict[str, Any]], Any],
) -> Line:
    """The line for one parsed input line (``value`` is ``None`` when it is not JSON)."""
    if value.__class__ is not dict:
        return _no_object(number, raw[: len(raw) - end])
    value = exact(raw, value)
    if len(raw) >= _DEEP_LINE:
        problem = _too_deep(number, raw, value)
        if problem is not None:
            return Line(number=number, problem=problem)
    try:
        return Line(number, decode(value))
    except DecodeError as error:
        return Line(number, problem=unreadable(number, "; ".join(error.problems)))


def _read_folding(
    stream: BinaryIO | Iterable[bytes],
    decode: Callable[[dict[str, Any]], Any],
    folds: Mapping[str, Callable[[dict[str, Any]], bool]],
) -> Iterator[Line]:
    """Yield the lines of the input that ``folds`` do not take, one at a time.

    A fold is offered only an object whose line has no warning and cannot
    nest past :data:`MAX_DEPTH` (short, or with few enough brackets), so
    what it takes is what the line would have given.
    """
    dict_, deep, keeping = dict, _DEEP_LINE, _keeping_json(folds)
    offers = _Offers(folds)
    dumped = _Dumped()
    number = 0
    folded = False
    for text, raws, end in _blocks(stream):
        first = number + 1
        if first == 1 and raws and raws[0].startswith(_BOM):
            raws[0] = raws[0][3:]
            yield _bom(1)
        number = first + len(raws) - 1
        values = _parsed(raws)
        objects = _ONLY_OBJECTS.issuperset(map(type, values))
        if not (objects and dumped(text, values)) and _may_repeat(text, raws, values, objects):
            warnings = _warnings(raws, values, first)
        elif objects and max(map(len, raws), default=0) < deep:
            offered = _folding_objects(raws, values, first, end, decode, offers)
            folded = yield from offered
            continue
        else:
            warnings = None
        at = first - 1
        for raw, value in zip(raws, values, strict=True):
            at += 1
            warning = warnings.get(at) if warnings else None
            if warning is None and value.__class__ is dict_:
                if len(raw) < deep or _shallow(raw):
                    type_ = value.get("type")
                    if type_.__class__ is str:
                        fold = folds.get(type_)
                        if fold is not None and fold(
                            exact(raw, value) if type_ in keeping else value
                        ):
                            folded = True
                            continue
            elif warning is not None:
                yield warning
            folded = False
            yield _line(at, raw, end, value, decode)
    if folded:
        yield Line(number)


def _may_repeat(text: bytes, raws: list[bytes], values: list[Any], objects: bool) -> bool:
    """Whether an object of a block may name a key twice, by its count of key separators
    (:func:`_separators`) against the keys its objects have (``objects``: every value is
    one)."""
    if objects:
        keys = sum(map(len, values))
    else:
        keys = sum(len(value) for value in values if value.__class__ is dict)
    separators = _separators(text)
    return separators > keys and separators > _nested_keys(raws, values)


def _folding_objects(
    raws: list[bytes],
    values: list[dict[str, Any]],
    first: int,
    end: int,
    decode: Callable[[dict[str, Any]], Any],
    offers: _Offers,
) -> Generator[Line, None, bool]:
    """Offer each object of a block with no warning to its fold (a run fold first), and
    yield the lines of those not taken; return whether the last object was taken.

    ``offers``: the folds' offers, by type.
    """
    folded = False
    at, count = 0, len(values)
    while at < count:
        value = values[at]
        type_ = value.get("type")
        if type_.__class__ is str:
            run, fold, keeps = offers[type_]
            if run is not None:
                taken = run(values, at)
                if taken > at:
                    at = taken
                    folded = True
                    continue
            elif fold(exact(raws[at], value) if keeps else value):
                at += 1
                folded = True
                continue
        folded = False
        yield _line(first + at, raws[at], end, value, decode)
        at += 1
    return folded


#: The one class of which a block may hold only values for the quick loop of
#: :func:`_read_folding`.
_ONLY_OBJECTS: Final = frozenset({dict})


def _parsed(raws: list[bytes]) -> list[Any]:
    """Each line's JSON value, ``None`` for a line that is not JSON."""
    try:
        return list(map(orjson.loads, raws))
    except orjson.JSONDecodeError:
        return [_loads_or_none(raw) for raw in raws]


def _loads_or_none(raw: bytes) -> Any:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        return _retried(raw, error)


#: ``(objects, at) -> end``: folds ``objects[at:end]``, each as the fold of its type would.
RunFold = Callable[[list[Any], int], int]


class Folds(dict[str, Callable[[dict[str, Any]], bool]]):
    """``wire type -> fold``, knowing which folds keep a JSON object or array of theirs (rule 6),
    and the run folds of some types."""

    def __init__(self, keep_json: Iterable[str], runs: Mapping[str, RunFold] | None = None) -> None:
        super().__init__()
        #: The types whose folds keep a JSON object or array of the object they take.
        self.keep_json = frozenset(keep_json)
        #: ``wire type -> run fold``: takes the objects of that type in a row from a
        #: position on, as many as its fold would take one by one, and returns the
        #: position of the first it did not take. Never a type of :attr:`keep_json`.
        self.runs: Mapping[str, RunFold] = {} if runs is None else runs
        if self.keep_json & set(self.runs):
            raise ValueError("a run fold takes objects as orjson read them (rule 6)")


#: What a type's objects are offered to: its run fold (or ``None``), its fold, and
#: whether that fold keeps JSON of the object (rule 6).
Offer = tuple[RunFold | None, Callable[[dict[str, Any]], bool], bool]


class _Offers(dict[str, Offer]):
    """``wire type -> offer``, each made when its type is first seen: the fold its objects
    go to is then made too (:func:`~streamspec._deferred.made`), so no stub stays on the
    hot path, and a type with a run fold never compiles its one-by-one fold."""

    def __init__(self, folds: Mapping[str, Callable[[dict[str, Any]], bool]]) -> None:
        super().__init__()
        self._folds = folds
        self._runs = folds.runs if isinstance(folds, Folds) else {}
        self._keeping = _keeping_json(folds)

    def __missing__(self, type_: str) -> Offer:
        run, fold = self._runs.get(type_), self._folds.get(type_)
        if run is not None:  # its objects go to the run fold; its fold is not made
            offer: Offer = (made(run), _never, False)
        elif fold is not None:
            offer = (None, made(fold), type_ in self._keeping)
        else:
            return _NO_OFFER  # not kept: the input chooses how many such types there are
        self[type_] = offer
        return offer


def _never(value: dict[str, Any]) -> bool:
    """The fold of a type without one: it takes nothing."""
    return False


_NO_OFFER: Final[Offer] = (None, _never, False)


def _keeping_json(folds: Mapping[str, Callable[[dict[str, Any]], bool]]) -> frozenset[str]:
    """The types whose folds keep a JSON object or array (rule 6)."""
    if isinstance(folds, Folds):
        return folds.keep_json
    return frozenset(type_ for type_ in folds if type_ not in _DELTAS)


def _retried(raw: bytes, error: orjson.JSONDecodeError) -> Any:
    """What a line orjson refused holds after all (``_json_exact.retry``), or ``None``."""
    try:
        return retry(raw, error)
    except orjson.JSONDecodeError:
        return None


def _shallow(raw: bytes) -> bool:
    """Whether a line has too few brackets to nest past :data:`MAX_DEPTH` (:func:`_too_deep`)."""
    return raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH


def _nested_keys(raws: list[bytes], values: list[Any]) -> int:
    """At most as many as the keys the objects of a block have, nested ones included.

    A line's keys are counted in full (:func:`_keys`) only when its text has
    more ``":`` than its object has keys of its own; any other line counts
    its own keys. Each count is at most the line's keys, so a block whose
    :func:`_separators` do not exceed this total repeats no key.
    """
    total = 0
    for raw, value in zip(raws, values, strict=True):
        if value.__class__ is dict:
            own = len(value)
            total += _keys(value) if raw.count(b'":') > own else own
    return total


def _warnings(raws: list[bytes], values: Iterable[Any], first: int) -> dict[int, Line]:
    """``line number -> duplicate_key warning`` for the lines of a block that repeat a key."""
    warnings: dict[int, Line] = {}
    for number, (raw, value) in enumerate(zip(raws, values, strict=True), first):
        if isinstance(value, dict):
            warning = _duplicates(number, raw, value)
            if warning is not None:
                warnings[number] = warning
    return warnings


def _with_duplicates(
    out: list[Line], raws: list[bytes], first: int, values: list[Any]
) -> list[Line]:
    """``out`` with a ``duplicate_key`` warning before each line (parsed: ``values``) that
    repeats a key."""
    warnings = _warnings(raws, values, first)
    if not warnings:
        return out
    merged: list[Line] = []
    for line in out:
        if line.problem is None or line.problem.code not in READER_WARNINGS:
            warning = warnings.pop(line.number, None)
            if warning is not None:
                merged.append(warning)
        merged.append(line)
    return merged


def read_lines(stream: BinaryIO | Iterable[bytes]) -> Iterator[Line]:
    """Yield every line of a JSON-lines stream, parsed into JSON objects (rules 1-5)."""
    return itertools.chain.from_iterable(_read(stream, None))


def read_records(
    stream: BinaryIO | Iterable[bytes],
    decode: Callable[[dict[str, Any]], T],
    *,
    folds: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None,
) -> Iterator[Line]:
    """Yield every line of ``stream`` with its record decoded by ``decode``.

    The lines of :func:`read_lines`, each object decoded: an object ``decode``
    rejects with :class:`~streamspec.DecodeError` becomes an ``unreadable_line``
    problem naming every bad field.

    ``folds`` (a reducer's :meth:`~streamspec.Reducer.object_folds`) maps a
    ``type`` to a function that folds an object of that type, or refuses it
    with ``False`` having changed nothing. Each object is offered to it
    before it is decoded, and an object it takes gives no line: its effect
    is already folded. Lines then come one at a time, each before the next
    object is offered, so the caller applies a line before what follows it
    is offered. A line that names a key twice is not offered (its warning
    keeps its place). When the last line was taken, a line with neither
    record nor problem and the last line's number ends the stream, so the
    caller learns where the input ended.
    """
    if folds is not None:
        return _read_folding(stream, decode, folds)
    return itertools.chain.from_iterable(_read(stream, decode))
