"""``reduce`` of one reply keeps nothing of the other replies in a file: their diagnostics are printed and forgotten."""

from __future__ import annotations

import contextlib
import io
import tracemalloc
from pathlib import Path

import orjson
import pytest
from streamspec.cli._folding import FORGET_AFTER
from streamspec.cli._main import main

#: Lines of each other reply, each one a ``reply_id_mismatch``.
OTHER_LINES = 5


class LineCounter(io.TextIOBase):
    """A text stream that counts the lines written to it and keeps none of them."""

    def __init__(self) -> None:
        self.lines = 0
        self.last = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.lines += text.count("\n")
        if text.strip():
            self.last = text
        return len(text)


def _write_replies(path: Path, others: int) -> None:
    """The folded reply ``r0``, then ``others`` replies of :data:`OTHER_LINES` lines each."""

    def record(type_: str, reply: str, **fields: str) -> bytes:
        return orjson.dumps({"type": type_, "reply_id": reply, **fields}) + b"\n"

    with path.open("wb") as out:
        out.write(record("REPLY_START", "r0", session_id="s", name="assistant"))
        out.write(record("TEXT_BLOCK_START", "r0", block_id="b"))
        out.write(record("TEXT_BLOCK_DELTA", "r0", block_id="b", delta="kept"))
        for n in range(1, others + 1):
            reply = f"other-{n}"
            out.write(record("REPLY_START", reply, session_id="s", name="assistant"))
            out.write(record("TEXT_BLOCK_START", reply, block_id="b"))
            out.write(record("TEXT_BLOCK_DELTA", reply, block_id="b", delta="x" * 40))
            out.write(record("TEXT_BLOCK_END", reply, block_id="b"))
            out.write(record("REPLY_END", reply, session_id="s"))
        out.write(record("TEXT_BLOCK_END", "r0", block_id="b"))
        out.write(record("REPLY_END", "r0", session_id="s"))


def _reduce(path: Path) -> tuple[int, bytes, LineCounter]:
    """Run ``streamspec reduce PATH``; return its peak of traced memory, stdout and stderr."""
    stdout = io.TextIOWrapper(io.BytesIO(), write_through=True)
    stderr = LineCounter()
    tracemalloc.start()
    try:
        with (
            contextlib.redirect_stdout(stdout),
            contextlib.redirect_stderr(stderr),
            pytest.raises(SystemExit) as done,
        ):
            main.main(["reduce", str(path)], prog_name="streamspec")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert done.value.code == 0
    return peak, stdout.buffer.getvalue(), stderr  # type: ignore[attr-defined]


def test_other_replies_diagnostics_are_printed_and_memory_stays_flat(tmp_path: Path) -> None:
    """Three times more other replies print three times more lines, at about the same peak memory."""
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    _write_replies(small, 2 * FORGET_AFTER // OTHER_LINES)
    _write_replies(large, 6 * FORGET_AFTER // OTHER_LINES)
    small_peak, small_out, small_err = _reduce(small)
    large_peak, large_out, large_err = _reduce(large)
    assert small_err.lines == 2 * FORGET_AFTER // OTHER_LINES * OTHER_LINES
    assert large_err.lines == 6 * FORGET_AFTER // OTHER_LINES * OTHER_LINES
    assert "reply_id_mismatch: reply_end has reply_id 'other-" in large_err.last
    assert small_out == large_out
    assert orjson.loads(large_out)["content"] == [{"type": "text", "id": "b", "text": "kept"}]
    assert large_peak < small_peak + 512 * 1024


def test_another_reply_s_event_is_judged_aside_from_the_folded_reply_s_second_event() -> None:
    """Once the folding reducer has taken one event, an event of another reply goes to the
    stand-in; before that (a reply id given, nothing taken) the folding reducer takes it,
    since a first event gives the message its ``created_at``. Custom events and events of
    the folded reply are never the stand-in's."""
    from streamspec import Reducer, decode_event
    from streamspec.cli._folding import OtherReplies

    def event(type_: str, reply: str, **fields: object) -> object:
        return decode_event({"type": type_, "reply_id": reply, **fields})

    other = event("TEXT_BLOCK_START", "r1", block_id="b")
    reducer = Reducer(reply_id="r0")
    others = OtherReplies(reducer)
    assert others.owns(other) is False
    reducer.apply(event("REPLY_START", "r0", session_id="s", name="a"))
    assert reducer.next_index == 1
    assert others.owns(other) is True
    assert others.owns(event("TEXT_BLOCK_START", "r0", block_id="b")) is False
    assert others.owns(event("CUSTOM", "r1", name="n", value={})) is False
    (found,) = others.apply(other)
    assert found.code == "reply_id_mismatch"
    assert reducer.next_index == 1 and reducer.diagnostics == ()
