"""Deltas in a row fold as a run, and a run folds exactly what each of its deltas would alone.

A run fold judges the reply's state once and looks an instance up again only
when the id changes, so each case here is a row of deltas where that would go
wrong: another instance, another reply, another kind of the same shape, a
reply that has ended, a refused delta in the middle. Each is read once with
every fast path off and once with the reader's folds, in one block, and the
two must report and build the same; the texts are also written out by hand.
"""

from __future__ import annotations

from base64 import b64encode
from typing import Any

import pytest
from object_folds import fold_records
from streamspec import Reducer
from streamspec._events import ABSENT, DataBlockDeltaEvent
from streamspec._fast_decode import compile_run_fold, run_fold_source
from streamspec._jsonl import Folds
from streamspec.reply._reducer import KEEPS_JSON

REPLY = "r"


def _event(type_: str, **fields: Any) -> dict[str, Any]:
    """An event as AgentScope writes it: its base fields, then its own."""
    return {
        "id": f"ev-{type_}",
        "created_at": "2026-01-01T00:00:00",
        "metadata": {},
        "type": type_,
        "reply_id": REPLY,
        **fields,
    }


def _start() -> dict[str, Any]:
    return _event("REPLY_START", session_id="s", name="assistant", role="assistant")


def _text(block_id: str, delta: str, **fields: Any) -> dict[str, Any]:
    return _event("TEXT_BLOCK_DELTA", block_id=block_id, delta=delta, **fields)


def _texts(message: dict[str, Any]) -> dict[str, str]:
    return {
        block["id"]: block.get("text", block.get("thinking"))
        for block in message["content"]
        if block["type"] in ("text", "thinking")
    }


def _both(records: list[dict[str, Any]]) -> tuple[list[Any], dict[str, Any]]:
    fast = fold_records(records, fast=True)
    assert fast == fold_records(records, fast=False)
    return fast


def test_deltas_of_two_blocks_in_turn_each_join_their_own_block() -> None:
    records = [
        _start(),
        _event("TEXT_BLOCK_START", block_id="a"),
        _event("TEXT_BLOCK_START", block_id="b"),
        *[_text(block, f"{block}{n} ") for n in range(3) for block in ("a", "b", "b")],
    ]
    reported, message = _both(records)
    assert _texts(message) == {"a": "a0 a1 a2 ", "b": "b0 b0 b1 b1 b2 b2 "}
    assert [code for _, code in reported] == ["missing_reply_end"] + ["open_at_end"] * 2


@pytest.mark.parametrize(
    ("intruder", "code"),
    [
        ({**_text("a", "x"), "reply_id": "other"}, "reply_id_mismatch"),
        # Another kind with the same fields is not taken as the row's kind.
        (_event("THINKING_BLOCK_DELTA", block_id="a", delta="t"), "unknown_block"),
    ],
    ids=["another reply's delta", "a thinking delta"],
)
def test_an_object_the_row_must_not_take_is_refused_there_and_the_row_goes_on(
    intruder: dict[str, Any], code: str
) -> None:
    records = [
        _start(),
        _event("TEXT_BLOCK_START", block_id="a"),
        _text("a", "1"),
        intruder,
        _text("a", "2"),
    ]
    reported, message = _both(records)
    assert _texts(message) == {"a": "12"}
    assert reported[0] == (4, code)


def test_deltas_after_the_reply_ended_are_each_refused_though_their_block_is_open() -> None:
    records = [
        _start(),
        _event("TEXT_BLOCK_START", block_id="a"),
        _text("a", "1"),
        _event("REPLY_END", session_id="s"),
        _text("a", "2"),
        _text("a", "3"),
    ]
    reported, message = _both(records)
    assert _texts(message) == {"a": "1"}
    assert [(number, code) for number, code in reported if number != "end"] == [
        (5, "after_reply_end"),
        (6, "after_reply_end"),
    ]


def test_a_block_that_ends_inside_a_row_takes_no_delta_after_its_end() -> None:
    records = [
        _start(),
        _event("TEXT_BLOCK_START", block_id="a"),
        _text("a", "1"),
        _event("TEXT_BLOCK_END", block_id="a"),
        _text("a", "2"),
    ]
    reported, message = _both(records)
    assert _texts(message) == {"a": "1"}
    assert reported[0][0] == 5


def test_a_bad_chunk_in_a_row_of_base64_is_named_at_its_index_and_the_row_goes_on() -> None:
    chunk = b64encode(b"abc").decode()
    data = [
        _event("DATA_BLOCK_DELTA", block_id="d", media_type="image/png", data=value)
        for value in (chunk, chunk, "YR==", chunk)
    ]
    records = [
        _start(),
        _event("DATA_BLOCK_START", block_id="d", media_type="image/png"),
        *data,
        _event("DATA_BLOCK_END", block_id="d"),
    ]
    reduced, message = _both(records)
    assert reduced[0] == (5, "invalid_base64")
    assert message["content"][0]["source"]["data"] == b64encode(b"abc" * 3).decode()


@pytest.mark.parametrize("bad", ["QUJ!", "QUJé", "QU J", "QUJD\n"])
@pytest.mark.parametrize("after", [0, 1, 3])
def test_a_bad_quad_among_unpadded_chunks_is_named_and_the_chunks_around_it_kept(
    bad: str, after: int
) -> None:
    """Chunks of whole quads wait to be decoded together: one that does not decode is still
    named at its own index, the chunks before it and after it are kept, in order."""
    good = [b64encode(bytes([i, i + 1, i + 2])).decode() for i in range(0, 15, 3)]
    values = [good[0], good[1], bad, *good[2 : 2 + after]]
    records = [
        _start(),
        _event("DATA_BLOCK_START", block_id="d", media_type="image/png"),
        *(
            _event("DATA_BLOCK_DELTA", block_id="d", media_type="image/png", data=value)
            for value in values
        ),
        _event("DATA_BLOCK_END", block_id="d"),
    ]
    reduced, message = _both(records)
    assert [(line, code) for line, code, *_ in reduced] == [
        (5, "invalid_base64"),
        ("end", "missing_reply_end"),
    ]
    kept = bytes(range(6)) + bytes(range(6, 6 + 3 * after))
    assert message["content"][0]["source"]["data"] == b64encode(kept).decode()


def test_a_run_fold_is_offered_deltas_only() -> None:
    """A run takes objects as orjson read them, so no type whose fold keeps JSON has one."""
    runs = Reducer().object_folds().runs  # type: ignore[attr-defined]
    assert set(runs) == {
        "TEXT_BLOCK_DELTA",
        "THINKING_BLOCK_DELTA",
        "DATA_BLOCK_DELTA",
        "TOOL_CALL_DELTA",
        "TOOL_RESULT_TEXT_DELTA",
    }
    with pytest.raises(ValueError, match="as orjson read them"):
        Folds(KEEPS_JSON, {"REPLY_END": lambda objects, at: at})


def test_a_run_takes_the_fields_it_reads_by_subscript_and_still_checks_their_class() -> None:
    """A data delta's ``data`` is optional, but a run reads it with the fields every object
    has: an object with it of another class, or without it, is still left to the rest."""
    fields = ("reply_id", "block_id", "data")
    taken: list[Any] = []
    inline = (["seen = target"], ("reply_id", "key", "value"), ["seen.append(value)"], [], {})
    run = compile_run_fold(DataBlockDeltaEvent, fields, inline)
    assert "= obj['data']\n" in run_fold_source(DataBlockDeltaEvent, fields, inline)
    base = _event("DATA_BLOCK_DELTA", block_id="d", media_type="image/png")
    objects = [
        {**base, "data": "QUJD"},
        {**base, "url": None, "data": "REVG"},
        {**base, "data": 123},
        {**base, "data": "R0hJ"},
    ]
    assert run(taken, objects, 0) == 2
    assert run(taken, objects, 3) == 4
    assert run(taken, [{**base, "url": "https://x/y.png"}], 0) == 1  # no data: read field by field
    assert taken == ["QUJD", "REVG", "R0hJ", ABSENT]
