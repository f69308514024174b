"""Completion events in the canonical form judge vectors use (``{"kind": ..., fields}``,
spec/schema/judge_vector.schema.json): what decodes, and each way a record is refused."""

from __future__ import annotations

from typing import Any

import pytest
from streamspec._completion_events import ModelChunkEvent, ModelReceiptEvent
from streamspec._errors import DecodeError
from streamspec._events import ABSENT
from streamspec.completion._canonical import decode_canonical


def test_a_record_decodes_to_the_event_of_its_kind() -> None:
    chunk = {"kind": "model_chunk", "call": "c", "channel": "text", "text": "hi"}
    assert decode_canonical(chunk) == ModelChunkEvent(call="c", channel="text", text="hi")


def test_a_receipt_without_usage_reported_none_and_one_with_null_reported_null() -> None:
    receipt = {"kind": "model_receipt", "call": "c", "text": ["a", "b"]}
    assert decode_canonical(receipt) == ModelReceiptEvent(call="c", text=("a", "b"), usage=ABSENT)
    assert decode_canonical({**receipt, "usage": None}).usage is None


@pytest.mark.parametrize(
    ("record", "problems"),
    [
        ({"kind": "model_nope"}, ["unknown kind 'model_nope' @ $.kind"]),
        ({"call": "c"}, ["unknown kind None @ $.kind"]),
        ({"kind": 3}, ["unknown kind 3 @ $.kind"]),
        (
            {"kind": "model_chunk", "call": "c", "channel": "text", "text": "x", "extra": 1},
            ["unknown field @ $.extra"],
        ),
        (
            {"kind": "model_chunk", "call": "c", "zzz": 1},
            [
                "unknown field @ $.zzz",
                "required field missing @ $.channel",
                "required field missing @ $.text",
            ],
        ),
        (
            {"kind": "model_chunk", "call": 5, "channel": "text", "text": "x"},
            ["expected string, got integer @ $.call"],
        ),
        (
            {"kind": "model_receipt", "call": "c", "text": ["a", 3]},
            ["expected string, got integer @ $.text[1]"],
        ),
    ],
    ids=[
        "unknown kind",
        "no kind",
        "kind not a string",
        "unknown field",
        "unknown and missing fields",
        "wrong type",
        "wrong item type",
    ],
)
def test_a_bad_record_is_refused_naming_each_problem(
    record: dict[str, Any], problems: list[str]
) -> None:
    with pytest.raises(DecodeError) as caught:
        decode_canonical(record)
    assert str(caught.value).startswith("invalid completion event")
    assert list(caught.value.problems) == problems
