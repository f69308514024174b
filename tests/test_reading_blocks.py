"""Format detection hands on a stream that reads in blocks, and never closes what it peeked at."""

from __future__ import annotations

import io

import orjson
from streamspec._jsonl import _Rewound
from streamspec.cli._console import readable
from streamspec.sources._read import PEEK_BYTES, PEEK_LINES, _peek, read_reply_events

LINES = [
    b"\n",
    b"not json\n",
    orjson.dumps({"type": "REPLY_START", "reply_id": "r"}) + b"\n",
    b'{"type": "CUSTOM"}\n',
]


def test_closing_the_line_iterator_leaves_the_stream_open() -> None:
    """A command's input stays readable after a reader stopped iterating its lines."""
    stream = readable(io.BufferedReader(io.BytesIO(b"".join(LINES))), "input")
    lines = iter(stream)
    assert next(lines) == LINES[0]
    lines.close()  # type: ignore[attr-defined]
    assert stream.read1(1 << 16) == b"".join(LINES[1:])


def test_peeking_keeps_block_reads_and_every_byte() -> None:
    """After the first object is found, the rest is read in blocks, the peeked lines first."""
    stream = readable(io.BufferedReader(io.BytesIO(b"".join(LINES))), "input")
    first, rest = _peek(stream)
    assert first == {"type": "REPLY_START", "reply_id": "r"}
    assert isinstance(rest, _Rewound)
    assert rest.read1(1 << 16) + rest.read1(1 << 16) == b"".join(LINES)


def test_peeking_a_list_of_lines_gives_each_line_once() -> None:
    """A plain iterable of lines is put back whole, the peeked lines not repeated."""
    first, rest = _peek(list(LINES))
    assert first == {"type": "REPLY_START", "reply_id": "r"}
    assert list(rest) == LINES


def test_auto_detected_file_reads_to_the_last_line() -> None:
    """Reading an auto-detected stream that was peeked at gives every line, numbered."""
    stream = readable(io.BufferedReader(io.BytesIO(b"".join(LINES))), "input")
    numbers = [line.number for line in read_reply_events(stream, "auto")]
    assert numbers[-1] == len(LINES)
    assert stream.read1(1) == b""


def test_a_rewound_stream_reads_like_a_buffered_reader() -> None:
    """``rewound`` gives the lines put back at the first ``read1()``, then the stream's own
    reads, with ``read1``'s default size as ``io.BufferedReader`` has it."""
    from streamspec._jsonl import rewound

    stream = rewound([b"a\n", b"b\n"], io.BytesIO(b"c\nd\n"))
    assert stream.read1() == b"a\nb\n"  # type: ignore[attr-defined]
    assert stream.read1() == b"c\nd\n"  # type: ignore[attr-defined]
    assert stream.read1() == b""  # type: ignore[attr-defined]
    assert list(rewound([b"a\n"], iter([b"b\n"]))) == [b"a\n", b"b\n"]


def _limits_case(filler: bytes, count: int) -> None:
    """``count`` filler lines, then an object: peeking gives up before the object, loses nothing."""
    obj = orjson.dumps({"type": "REPLY_START", "reply_id": "r"}) + b"\n"
    lines = [filler] * count + [obj]
    first, rest = _peek(list(lines))
    assert first is None
    assert list(rest) == lines


def test_peeking_stops_after_a_thousand_lines() -> None:
    """PEEK_LINES short lines are looked at and no more: the object on the next one is not."""
    assert PEEK_LINES == 1000
    _limits_case(b"not json\n", PEEK_LINES)


def test_peeking_stops_after_a_mebibyte() -> None:
    """Lines holding PEEK_BYTES are looked at and no more, however few they are."""
    assert PEEK_BYTES == 1 << 20
    _limits_case(b"x" * (PEEK_BYTES // 2 - 1) + b"\n", 2)


def test_a_last_line_without_a_newline_is_reported_whole() -> None:
    """The last line of a file need not end in a newline: a report on it counts every byte,
    as it would with the newline, whichever reader reads it. (Cut one byte short,
    ``{"a":1}x`` would be an object.)"""
    from streamspec._jsonl import read_lines, read_records

    def problems(data: bytes) -> list[tuple[int, str]]:
        found = []
        for read in (
            read_lines,
            lambda s: read_records(s, dict),
            lambda s: read_records(s, dict, folds={}),
        ):
            stream = io.BufferedReader(io.BytesIO(data))
            lines = [line for line in read(stream) if line.problem is not None]
            found.append([(line.number, line.problem.message) for line in lines])
        assert found[1:] == found[:-1]
        return found[0]

    expected = [(2, "not JSON: unexpected content after document at offset 7")]
    assert problems(b'{"a":1}\n{"a":1}x') == expected
    assert problems(b'{"a":1}\n{"a":1}x\n') == expected
    assert problems(b'{"a":1}\n[1]') == [(2, "not a JSON object but an array")]
