"""The readers and pairing check refuse what is not their input with the project's own error."""

from __future__ import annotations

import io
from typing import Any

import pytest
from streamspec import UsageError, check_history, read_events, reply_lines
from streamspec.pairing import repair


@pytest.mark.parametrize(
    ("stream", "words"),
    [
        (None, "not null"),
        (5, "not number"),
        ("abc", "not str: open the file in binary mode"),
        (io.StringIO("{}\n"), "not StringIO: open the file in binary mode"),
    ],
)
def test_read_events_refuses_what_is_not_bytes_lines(stream: Any, words: str) -> None:
    """A stream that is not a binary file or bytes lines is a UsageError naming what it is."""
    with pytest.raises(UsageError, match=words):
        read_events(stream)


def test_a_line_that_is_not_bytes_is_named_by_number() -> None:
    """Lines are checked as they are read: the first that is not bytes is named, in JSON's words."""
    lines = read_events([b'{"type":"X"}\n', "text\n"])
    first = next(lines)
    assert first.number == 1 and first.problem is None
    with pytest.raises(UsageError, match="line 2 is string, not bytes"):
        next(lines)


def test_bytearray_lines_read_as_bytes() -> None:
    """A bytearray line is read as the bytes it holds."""
    (line,) = read_events([bytearray(b'{"type":"X"}\n')])
    assert line.problem is None and line.number == 1


def test_reply_lines_refuses_what_is_not_read_lines() -> None:
    """reply_lines takes Line objects; anything else is a UsageError, at once for a non-iterable."""
    with pytest.raises(UsageError, match="not null"):
        reply_lines(None)  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="got number"):
        list(reply_lines([1]))  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("history", "kind"), [({"0": 1}, "object"), (1.5, "number"), (None, "null")]
)
def test_check_history_refuses_a_history_that_is_not_an_array(history: Any, kind: str) -> None:
    """check_history, like repair, takes an array; anything else is a UsageError naming its kind."""
    with pytest.raises(UsageError, match=f"messages must be an array, not {kind}"):
        check_history(history, "openai")


def _nested(levels: int) -> list[Any]:
    """A history whose one tool result holds objects nested ``levels`` deep below it."""
    content: Any = 0
    for _ in range(levels):
        content = {"a": content}
    return [{"role": "tool", "tool_call_id": "z", "content": content}]


@pytest.mark.parametrize("act", ["check", "repair"])
def test_a_history_nested_past_the_limit_is_refused(act: str) -> None:
    """Past 128 levels (the history array counting as one), check and repair raise UsageError."""
    run = (
        (lambda h: check_history(h, "openai"))
        if act == "check"
        else (lambda h: repair(h, "openai"))
    )
    deepest_allowed = _nested(126)  # array 1, message 2, content 3 ... 128
    run(deepest_allowed)
    too_deep = _nested(127)
    with pytest.raises(UsageError, match="messages nest more than 128 deep; the limit is 128"):
        run(too_deep)
    assert too_deep == _nested(127)


def test_a_history_that_contains_itself_is_refused_not_walked_forever() -> None:
    """A Python list that holds itself is too deep, not an endless walk."""
    history: list[Any] = [{"role": "user", "content": "q"}]
    history.append(history)
    with pytest.raises(UsageError, match="nest more than 128 deep"):
        repair(history, "openai")
