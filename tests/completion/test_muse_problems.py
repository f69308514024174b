"""A bad muse record is refused naming every bad field by its JSON path."""

from __future__ import annotations

from typing import Any

import pytest
from streamspec._errors import DecodeError
from streamspec.sources._muse import decode_muse


def _chunk_record(data: dict[str, Any]) -> dict[str, Any]:
    return {"type": "assistant/chunk", "data": {"turn": 1, "step": 2, **data}}


@pytest.mark.parametrize(
    ("record", "problems"),
    [
        ({"type": "assistant/chunk"}, ["required field missing @ $.data"]),
        (
            {"type": "assistant/chunk", "data": {"turn": True}},
            ["expected int or str, got bool @ $.data.turn", "required field missing @ $.data.step"],
        ),
        (_chunk_record({}), ["required field missing @ $.data.chunk"]),
        (_chunk_record({"chunk": []}), ["expected dict, got list @ $.data.chunk"]),
        (_chunk_record({"chunk": {}}), ["required field missing @ $.data.chunk.type"]),
        (
            _chunk_record({"chunk": {"type": "text", "text": 3}}),
            ["expected str, got int @ $.data.chunk.text"],
        ),
        (
            {"type": "assistant/message", "data": {"turn": 1, "step": 1, "message": {}}},
            ["required field missing @ $.data.message.content"],
        ),
        (
            {"type": "assistant/error", "data": {"turn": 1, "step": 1, "error": "x"}},
            ["expected dict, got str @ $.data.error"],
        ),
        (
            {
                "type": "assistant/error",
                "data": {"turn": 1, "step": 1, "error": {"code": 429, "message": ["slow"]}},
            },
            [
                "expected str, got int @ $.data.error.code",
                "expected str, got list @ $.data.error.message",
            ],
        ),
    ],
)
def test_every_bad_field_is_named_by_its_path(record: dict[str, Any], problems: list[str]) -> None:
    """The DecodeError lists exactly the problems, each ending in the field's JSON path."""
    with pytest.raises(DecodeError) as caught:
        decode_muse(record)
    assert list(caught.value.problems) == problems


@pytest.mark.parametrize(
    "error", [{}, {"code": None, "message": None}, {"code": "rate", "message": "slow"}]
)
def test_an_error_s_code_and_message_may_be_absent_or_null(error: dict[str, Any]) -> None:
    """An error object with no, null or string ``code`` and ``message`` is a model error as given."""
    record = {"type": "assistant/error", "data": {"turn": 1, "step": 1, "error": error}}
    event = decode_muse(record)
    assert event is not None
    assert (event.code, event.message) == (error.get("code"), error.get("message"))


def test_a_message_keeps_each_text_part_as_given_and_skips_other_parts() -> None:
    """A message's text parts become the receipt's text in order, an empty one included;
    parts of another type are left out."""
    content = [
        {"type": "text", "text": ""},
        {"type": "image", "url": "u"},
        {"type": "text", "text": "hi"},
    ]
    record = {
        "type": "assistant/message",
        "data": {"turn": 1, "step": 1, "message": {"content": content}},
    }
    event = decode_muse(record)
    assert event is not None
    assert event.text == ("", "hi")
