"""The line reader on hostile lines: nesting, BOM, UTF-8, JSON names, duplicate keys, chunking."""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import Reducer, _jsonl
from streamspec._deferred import Stub
from streamspec._jsonl import (
    _DUMP_RETRY,
    BYTE_ORDER_MARK,
    DUPLICATE_KEY,
    MAX_DEPTH,
    Line,
    _Dumped,
    depth_of,
    read_lines,
    read_records,
    rewound,
)


def _nested(depth: int) -> bytes:
    """An object whose value nests ``depth`` levels in all (the object included)."""
    return b'{"x":' + b"[" * (depth - 1) + b"]" * (depth - 1) + b"}"


def _lines(data: bytes) -> list[Line]:
    return list(read_lines(io.BufferedReader(io.BytesIO(data))))  # type: ignore[arg-type]


class _Chunked(io.RawIOBase):
    """A raw stream that hands out its bytes in the given chunk sizes, like a pipe."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self._data = data
        self._sizes = sizes or [1]
        self._at = 0
        self._turn = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        size = min(self._sizes[self._turn % len(self._sizes)], len(buffer))
        self._turn += 1
        piece = self._data[self._at : self._at + size]
        buffer[: len(piece)] = piece
        self._at += len(piece)
        return len(piece)


def test_a_line_nested_deeper_than_the_limit_is_unreadable_naming_limit_and_depth() -> None:
    """A line nested 129 deep is an unreadable_line error with depth and limit; 128 is read."""
    at_limit, over = _lines(_nested(MAX_DEPTH) + b"\n" + _nested(MAX_DEPTH + 1) + b"\n")
    assert at_limit.problem is None and depth_of(at_limit.record) == MAX_DEPTH
    assert over.record is None and over.problem is not None
    assert over.problem.code == "unreadable_line"
    assert over.problem.severity.value == "error"
    assert over.problem.message == f"nested {MAX_DEPTH + 1} deep; the limit is {MAX_DEPTH}"
    assert dict(over.problem.details) == {"line": 2, "depth": MAX_DEPTH + 1, "limit": MAX_DEPTH}


def test_every_line_the_reader_accepts_can_be_written_inside_120_more_levels() -> None:
    """A record at the limit, wrapped in 120 more objects by a writer, still encodes."""
    (line,) = _lines(_nested(MAX_DEPTH) + b"\n")
    wrapped: Any = line.record
    for _ in range(120):
        wrapped = {"w": wrapped}
    assert orjson.loads(orjson.dumps(wrapped)) == wrapped


def test_a_line_deeper_than_the_json_parser_allows_is_unreadable_naming_the_limit() -> None:
    """A line nested 1100 deep (beyond orjson's 1024) names the limit, not a parser message."""
    (line,) = _lines(b"[" * 1100 + b"]" * 1100 + b"\n")
    assert line.problem is not None and line.problem.code == "unreadable_line"
    assert line.problem.message == f"nested more than 1024 deep; the limit is {MAX_DEPTH}"
    assert line.problem.details["limit"] == MAX_DEPTH


def test_a_repeated_key_on_a_line_too_deep_for_the_json_module_is_only_too_deep() -> None:
    """A line 1001 deep that repeats a key: orjson reads it, the slower parse that names
    repeated keys cannot (its stack is shallower), and the line is the nesting error alone,
    both read whole and read by a folding reader."""
    deep = b'{"type":"X","a":1,"a":2,"x":' + b"[" * 1000 + b"]" * 1000 + b"}\n"
    for lines in (
        _lines(deep),
        list(read_records([deep], lambda value: value, folds={"X": lambda value: False})),
    ):
        (line,) = lines
        assert line.record is None and line.problem is not None
        assert line.problem.code == "unreadable_line"
        assert line.problem.message == f"nested 1001 deep; the limit is {MAX_DEPTH}"


def test_a_leading_byte_order_mark_is_dropped_with_a_warning_line_before_the_record() -> None:
    """A BOM before line 1 gives a byte_order_mark warning line, then line 1's record."""
    warning, record = _lines(b'\xef\xbb\xbf{"a":1}\n')
    assert (warning.number, warning.record) == (1, None)
    assert warning.problem is not None and warning.problem.code == BYTE_ORDER_MARK
    assert warning.problem.severity.value == "warning"
    assert record == Line(1, {"a": 1})


def test_a_byte_order_mark_on_a_later_line_is_not_json() -> None:
    """Only the input's first bytes may be a BOM; on line 2 it makes the line unreadable."""
    first, second = _lines(b'{"a":1}\n\xef\xbb\xbf{"a":2}\n')
    assert first == Line(1, {"a": 1})
    assert second.problem is not None and second.problem.code == "unreadable_line"


def test_invalid_utf8_is_called_invalid_utf8_with_its_byte_and_offset() -> None:
    """Bytes that are not UTF-8 are 'invalid UTF-8: byte 0xff at offset 6', never 'surrogates'."""
    (line,) = _lines(b'{"a":"\xff"}\n')
    assert line.problem is not None
    assert line.problem.message == "invalid UTF-8: byte 0xff at offset 6"
    assert "surrogate" not in line.problem.message


@pytest.mark.parametrize("escaped", [b"\\ud800", b"\\udc00x", b"a\\ud83d", b"\\ude00\\ud83d"])
def test_an_escaped_surrogate_that_is_not_half_of_a_pair_is_not_json(escaped: bytes) -> None:
    """spec/README.md §1: such a string names no character and cannot be written as UTF-8."""
    (line,) = _lines(b'{"a":"' + escaped + b'"}\n')
    assert line.record is None
    assert line.problem is not None
    assert line.problem.code == "unreadable_line"
    assert line.problem.message.startswith("not JSON: ")
    assert "surrogate" in line.problem.message


def test_an_escaped_surrogate_pair_is_the_one_character_it_names() -> None:
    (line,) = _lines(b'{"a":"\\ud83d\\ude00"}\n')
    assert line == Line(1, {"a": "\U0001f600"})


def test_a_line_that_is_not_an_object_is_named_in_json_words() -> None:
    """Arrays, strings, numbers, booleans and null are named as JSON names them."""
    lines = _lines(b'[1]\n"s"\n1.5\ntrue\nnull\n')
    messages = [line.problem.message for line in lines if line.problem is not None]
    assert messages == [
        "not a JSON object but an array",
        "not a JSON object but a string",
        "not a JSON object but a number",
        "not a JSON object but a boolean",
        "not a JSON object but null",
    ]


def test_a_repeated_key_keeps_the_last_value_with_a_warning_naming_it() -> None:
    """'{"a":1,"a":2}' reads as {"a": 2} after a duplicate_key warning naming "a"."""
    warning, record = _lines(b'{"a":1,"a":2}\n')
    assert warning.problem is not None and warning.problem.code == DUPLICATE_KEY
    assert warning.problem.severity.value == "warning"
    assert warning.problem.details["keys"] == ["a"]
    assert '"a"' in warning.problem.message and "last value" in warning.problem.message
    assert record == Line(1, {"a": 2})


def test_a_repeated_key_written_with_space_before_its_colon_is_found() -> None:
    """A key separator written '"a" :' counts like '"a":', so its repetition is found."""
    warning, record = _lines(b'{"a" :1, "b":{"c":1}, "a"\t:2}\n')
    assert warning.problem is not None and warning.problem.details["keys"] == ["a"]
    assert record.record == {"a": 2, "b": {"c": 1}}


@pytest.mark.parametrize("space", [b"\t", b"\r"])
def test_a_repeated_key_is_found_after_whitespace_that_starts_the_text(space: bytes) -> None:
    """A line that starts with a tab or CR, and writes its keys with one before each colon,
    still has its repetition found: the search for that whitespace starts at offset 0."""
    text = space + b'{"a"' + space + b':1,"a"' + space + b":2}\n"
    warning, record = _lines(text)
    assert warning.problem is not None and warning.problem.details["keys"] == ["a"]
    assert record == Line(1, {"a": 2})


def test_colons_inside_strings_are_not_mistaken_for_keys() -> None:
    """Timestamps and '\\" :' inside strings give no warning."""
    lines = _lines(b'{"t":"12:00:00","s":"say \\" : x","m":{}}\n')
    assert lines == [Line(1, {"t": "12:00:00", "s": 'say " : x', "m": {}})]


def test_a_decode_error_on_a_line_with_a_repeated_key_keeps_both_reports() -> None:
    """The duplicate_key warning comes before the unreadable_line error of the same line."""

    def decode(record: dict[str, Any]) -> Any:
        from streamspec._errors import DecodeError

        raise DecodeError("bad", ["expected string, got number @ $.a"])

    warning, error = list(read_records([b'{"a":1,"a":2}\n'], decode))
    assert warning.problem is not None and warning.problem.code == DUPLICATE_KEY
    assert error.problem is not None and error.problem.code == "unreadable_line"
    assert (warning.number, error.number) == (1, 1)


_KEYS = st.sampled_from(["a", "b", "type", "c:d", 'q"'])
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from(["x", "12:00", 'x" :', "é"])
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(st.tuples(_KEYS, inner), max_size=3),
    ),
    max_leaves=8,
)
_SEPARATORS = st.sampled_from(
    [(",", ":"), (", ", ": "), (",", " :"), (" ,", "\t: "), ("\r,", "\r:")]
)
#: Whitespace JSON allows before a line's object; a tab or CR first in a block
#: is where a search that skips offset 0 would miss the separators after it.
_LEADING = st.sampled_from(["", " ", "\t", "\r", "\r\t"])


def _encode(value: Any, separators: tuple[str, str]) -> str:
    """JSON text of ``value``, where a list of pairs is an object that may repeat keys."""
    comma, colon = separators
    if isinstance(value, list) and value and all(isinstance(p, tuple) for p in value):
        members = (json.dumps(k) + colon + _encode(v, separators) for k, v in value)
        return "{" + comma.join(members) + "}"
    if isinstance(value, list):
        return "[" + comma.join(_encode(v, separators) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _repeats(text: str) -> bool:
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        found.extend(k for k in set(keys) if keys.count(k) > 1)
        return dict(items)

    json.loads(text, object_pairs_hook=pairs)
    return bool(found)


_OBJECTS = st.lists(st.tuples(_KEYS, _VALUES), min_size=1, max_size=5)


@given(
    objects=st.lists(st.tuples(_OBJECTS, _SEPARATORS, _LEADING), min_size=1, max_size=12),
    sizes=st.lists(st.integers(1, 64), min_size=1, max_size=6),
)
def test_reading_is_the_same_for_every_chunking_and_warns_exactly_of_repeated_keys(
    objects: list[tuple[list[tuple[str, Any]], tuple[str, str], str]], sizes: list[int]
) -> None:
    """Any chunking of a stream gives the lines that line-by-line reading gives, with
    a duplicate_key warning exactly before each line whose text repeats a key."""
    texts = [lead + _encode(pairs, separators) for pairs, separators, lead in objects]
    data = "".join(text + "\n" for text in texts).encode("utf-8")
    by_line = list(read_lines(line + b"\n" for line in data.split(b"\n")[:-1]))
    chunked = list(read_lines(io.BufferedReader(_Chunked(data, sizes), buffer_size=64)))  # type: ignore[arg-type]
    assert chunked == by_line
    warned = {line.number for line in by_line if line.problem is not None}
    assert warned == {n for n, text in enumerate(texts, 1) if _repeats(text)}
    records = [line.record for line in by_line if line.problem is None]
    assert records == [json.loads(text) for text in texts]


def _stream(lines: list[bytes]) -> Iterator[bytes]:
    yield from lines


@pytest.mark.parametrize("folding", [False, True], ids=["lines", "folds"])
def test_separators_are_counted_only_in_blocks_that_orjson_would_not_write_so(
    folding: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A block whose lines are orjson's own writing of their objects repeats no key and is
    not counted; after one that is not, the next 15 blocks are counted, then tested again."""
    counted: list[bytes] = []
    count = _jsonl._separators

    def counting(text: bytes) -> int:
        counted.append(text)
        return count(text)

    monkeypatch.setattr(_jsonl, "_separators", counting)
    compact, spaced = b'{"a":1,"b":"x: \\"y\\""}\n', b'{"a": 1}\n'
    lines = [compact, spaced, *[compact] * 16, b'{"a":1,"a":2}\n']
    if folding:
        read = list(read_records(_stream(lines), lambda obj: obj, folds={}))
    else:
        read = list(read_lines(_stream(lines)))
    # The repeating line is counted as a block, then on its own to find which object repeats.
    assert counted == [spaced, *[compact] * 15, *[b'{"a":1,"a":2}\n'] * 2]
    assert [line.number for line in read if line.problem is not None] == [19]
    warning = read[-2].problem
    assert warning is not None and warning.details == {"line": 19, "keys": ["a"]}
    assert read[-1] == Line(19, {"a": 2})


def test_lines_from_a_plain_iterable_are_checked_one_by_one() -> None:
    """An iterable of lines without read1 is read line by line with the same checks."""
    lines = list(read_lines(_stream([b'{"a":1,"a":2}\n', b"\n", b'{"b":1}'])))
    assert [line.number for line in lines] == [1, 1, 2, 3]
    assert lines[0].problem is not None and lines[0].problem.code == DUPLICATE_KEY
    assert lines[2] == Line(2) and lines[3] == Line(3, {"b": 1})


def test_lines_put_back_after_peeking_are_read_first_and_the_rest_in_blocks() -> None:
    """rewound(seen, stream) reads the peeked lines, then the stream, numbered on."""
    stream = io.BufferedReader(io.BytesIO(b'x\n{"a":1}\n{"b":1,"b":2}\n'))
    seen = [next(stream)]
    lines = list(read_lines(rewound(seen, stream)))
    assert [line.number for line in lines] == [1, 2, 3, 3]
    assert lines[0].problem is not None and lines[0].problem.code == "unreadable_line"
    assert lines[1] == Line(2, {"a": 1})
    assert lines[2].problem is not None and lines[2].problem.code == DUPLICATE_KEY
    assert list(read_lines(rewound([b'{"c":1}\n'], [b'{"d":1}\n']))) == [
        Line(1, {"c": 1}),
        Line(2, {"d": 1}),
    ]


class _BlocksOnly(io.RawIOBase):
    """A stream read only in blocks: ``read1`` hands out its bytes; iterating it is an error."""

    def __init__(self, data: bytes, size: int) -> None:
        self._data = io.BytesIO(data)
        self._size = size
        self.reads = 0

    def read1(self, size: int = -1) -> bytes:
        self.reads += 1
        return self._data.read(self._size)

    def __iter__(self) -> Iterator[bytes]:
        raise AssertionError("a stream that can read1 is read in blocks, not line by line")


def test_a_stream_that_can_read1_is_read_in_blocks_whatever_their_cut() -> None:
    """A stream with ``read1`` is read through it, a block at a time, and a line cut between
    two blocks is read whole, numbered as one line."""
    data = b'{"a":1}\n{"b":' + b"2}\n" + b'{"c":3}'
    stream = _BlocksOnly(data, 5)
    assert list(read_lines(stream)) == [Line(1, {"a": 1}), Line(2, {"b": 2}), Line(3, {"c": 3})]
    assert stream.reads == len(data) // 5 + 2


def test_offers_keep_only_types_with_a_fold_and_hold_their_made_folds() -> None:
    """A type is kept with its made fold (no stub on the hot path) and run fold; a type with
    neither is answered but not kept, however many such types the input names."""
    folds = Reducer().object_folds()
    offers = _jsonl._Offers(folds)
    for n in range(1000):
        run, fold, keeps = offers[f"NOT_A_TYPE_{n}"]
        assert (run, keeps) == (None, False)
        assert fold({"type": f"NOT_A_TYPE_{n}"}) is False
    assert len(offers) == 0
    run, fold, keeps = offers["TEXT_BLOCK_DELTA"]
    assert isinstance(run, functools.partial)  # the run fold made and bound, not its stub
    assert fold({"type": "TEXT_BLOCK_DELTA"}) is False and keeps is False
    # The delta's one-by-one fold is never compiled: its objects go to the run fold.
    assert isinstance(folds["TEXT_BLOCK_DELTA"], Stub)
    assert not isinstance(offers["REPLY_END"][1], Stub)
    assert offers["REPLY_END"][2] is True  # its fold keeps JSON of the object
    assert offers["REPLY_END"][0] is None
    assert set(offers) == {"TEXT_BLOCK_DELTA", "REPLY_END"}


@pytest.mark.parametrize(
    ("text", "dumped"),
    [
        (b'{"a":1,"b":[2]}\n{"c":"d"}\n', True),
        (b'{"a":1,"b":[2]}\n{"c":"d"}', True),  # the last line without its newline
        (b'{"a":1,"b":[2]}\n{"c":"d"} \n', False),  # one space more than the dump
        (b'{"a":1,"b":[2]}\n{"c":"\\u0064"}\n', False),  # a letter escaped
        (b'{"a":1,"b":[2]}\n{"c":"x","c":"d"}\n', False),  # a key named twice
        (b'{"a":1,"b":[2]}\n{"c":"d"}\n{}\n', True),
    ],
)
def test_a_block_is_taken_as_dumped_only_when_each_line_is_its_objects_dump(
    text: bytes, dumped: bool
) -> None:
    values = [orjson.loads(line) for line in text.splitlines()]
    assert _Dumped()(text, values) is dumped


def test_after_a_block_that_is_not_its_dump_the_next_ones_are_not_looked_at() -> None:
    check = _Dumped()
    assert check(b'{"a" :1}\n', [{"a": 1}]) is False
    canonical = (b'{"a":1}\n', [{"a": 1}])
    assert [check(*canonical) for _ in range(_DUMP_RETRY)] == [False] * _DUMP_RETRY
    assert check(*canonical) is True
