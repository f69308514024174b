"""AgentScope JSON read and written losslessly: fixtures, key order, unknowns, problems, a round-
trip property."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from agentscope_schema import wire_objects
from hypothesis import given, settings
from hypothesis import strategies as st
from streamspec import (
    ABSENT,
    EVENT_CLASSES,
    DecodeError,
    Event,
    ModelCallEndEvent,
    ReplyEndEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    ToolResultDataDeltaEvent,
    UnknownEvent,
    decode_event,
    encode_event,
)
from streamspec._codec import converter

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "agentscope"
FILES = sorted(FIXTURES.glob("*.jsonl"))


def _records(path: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def test_fixtures_exist_for_both_versions() -> None:
    """There is a 2.0.3-shaped and a 2.0.11-shaped recording."""
    assert [p.name for p in FILES] == ["reply-2.0.11.jsonl", "reply-2.0.3.jsonl"]


def _reordered_2_0_3_data_delta(record: dict[str, Any]) -> list[str]:
    """2.0.3 writes a data delta's ``data`` before ``media_type``; streamspec writes 2.0.11's order."""
    keys = list(record)
    i, j = keys.index("data"), keys.index("media_type")
    assert i == j - 1
    keys[i], keys[j] = keys[j], keys[i]
    return keys


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_decode_encode_is_the_identity_with_key_order(path: Path) -> None:
    """encode(decode(obj)) equals obj, key order included, for every recorded event (a 2.0.3
    data delta comes back in 2.0.11's key order, as documented)."""
    for record in _records(path):
        event = decode_event(record)
        assert not isinstance(event, UnknownEvent), record["type"]
        encoded = encode_event(event)
        assert encoded == record
        if path.name == "reply-2.0.3.jsonl" and record["type"] == "DATA_BLOCK_DELTA":
            assert list(encoded) == _reordered_2_0_3_data_delta(record)
        else:
            assert list(encoded) == list(record)


def test_fixture_shapes_differ_as_the_versions_do() -> None:
    """2.0.11 carries cache tokens, finished_reason, error and text; 2.0.3 writes url null and omits
    text."""
    new = {r["type"]: r for r in _records(FIXTURES / "reply-2.0.11.jsonl")}
    old = _records(FIXTURES / "reply-2.0.3.jsonl")
    assert {"cache_input_tokens", "cache_creation_input_tokens", "finished_reason"} <= set(
        new["MODEL_CALL_END"]
    )
    assert {"finished_reason", "error"} <= set(new["REPLY_END"])
    assert "text" in new["TEXT_BLOCK_END"] and "url" in new["DATA_BLOCK_DELTA"]
    old_by_type = {r["type"]: r for r in old}
    assert old_by_type["TOOL_RESULT_DATA_DELTA"]["url"] is None
    assert "text" not in old_by_type["TEXT_BLOCK_END"]
    assert "cache_input_tokens" not in old_by_type["MODEL_CALL_END"]
    assert all(
        list(r)[:4] == ["id", "created_at", "metadata", "type"] for r in [*old, *new.values()]
    )


def test_every_event_type_is_in_the_fixtures() -> None:
    """Together the fixtures exercise every event type of the catalog."""
    seen = {r["type"] for path in FILES for r in _records(path)}
    assert seen == {cls.TYPE for cls in EVENT_CLASSES}


def test_decoding_keeps_the_set_of_keys() -> None:
    """A key the object lacked stays ABSENT; a null key stays None."""
    old = decode_event({"type": "TEXT_BLOCK_END", "reply_id": "r", "block_id": "b"})
    new = decode_event({"type": "TEXT_BLOCK_END", "reply_id": "r", "block_id": "b", "text": None})
    assert isinstance(old, TextBlockEndEvent) and isinstance(new, TextBlockEndEvent)
    assert old.text is ABSENT and old.id is ABSENT and new.text is None


def test_encode_writes_canonical_order_for_a_built_event() -> None:
    """An event built in Python encodes as id, created_at, metadata, type, then its fields in order."""
    event = ModelCallEndEvent(
        finished_reason="completed",
        cache_input_tokens=3,
        output_tokens=2,
        input_tokens=1,
        reply_id="r",
        metadata={"k": 1},
        created_at="2026-01-01T00:00:00",
        id="e1",
    )
    assert list(encode_event(event)) == [
        "id",
        "created_at",
        "metadata",
        "type",
        "reply_id",
        "input_tokens",
        "output_tokens",
        "cache_input_tokens",
        "finished_reason",
    ]


def test_unknown_keys_are_kept_after_the_known_ones() -> None:
    """Keys outside the model go to ``extra`` and are written back after the known keys."""
    record = {
        "type": "TEXT_BLOCK_DELTA",
        "reply_id": "r",
        "x_trace": {"span": 7},
        "block_id": "b",
        "delta": "hi",
    }
    event = decode_event(record)
    assert isinstance(event, TextBlockDeltaEvent)
    assert event.extra == {"x_trace": {"span": 7}}
    encoded = encode_event(event)
    assert encoded == record
    assert list(encoded) == ["type", "reply_id", "block_id", "delta", "x_trace"]


def test_unknown_type_is_kept_whole() -> None:
    """An unknown type decodes to UnknownEvent with the whole object and encodes back to it."""
    record = {"id": "e", "type": "STATUS_UPDATE", "reply_id": "r", "progress": [1, 2]}
    event = decode_event(record)
    assert isinstance(event, UnknownEvent)
    assert event.type == "STATUS_UPDATE" and event.raw == record
    encoded = encode_event(event)
    assert encoded == record and list(encoded) == list(record)
    encoded["progress"] = None
    assert encode_event(event)["progress"] == [1, 2]


def test_object_without_type_is_unknown() -> None:
    """An object with no ``type`` is an UnknownEvent whose type is None."""
    event = decode_event({"reply_id": "r"})
    assert isinstance(event, UnknownEvent) and event.type is None


def test_decode_error_lists_every_problem_with_its_path() -> None:
    """Every bad or missing field of a record is listed, each with its JSON path."""
    with pytest.raises(DecodeError) as caught:
        decode_event({"type": "TEXT_BLOCK_DELTA", "reply_id": 1, "delta": ["x"], "id": 5})
    problems = caught.value.problems
    assert sorted(p.rsplit(" @ ", 1)[1] for p in problems) == [
        "$.block_id",
        "$.delta",
        "$.id",
        "$.reply_id",
    ]
    assert any(p == "required field missing @ $.block_id" for p in problems)
    assert any(p == "expected string, got integer @ $.reply_id" for p in problems)
    assert all(p in str(caught.value) for p in problems)


def test_decode_error_for_data_xor_url_and_batch_items() -> None:
    """The data-xor-url rule and a batch item's bad id are problems with paths too."""
    with pytest.raises(DecodeError) as caught:
        decode_event(
            {
                "type": "TOOL_RESULT_DATA_DELTA",
                "reply_id": "r",
                "tool_call_id": "c",
                "media_type": "m",
            }
        )
    assert caught.value.problems == ("exactly one of 'data' and 'url' must be given @ $.data",)
    assert caught.value.paths == ("$.data",)
    call = {"name": "f", "input": "{}"}
    with pytest.raises(DecodeError) as caught:
        decode_event(
            {
                "type": "REQUIRE_USER_CONFIRM",
                "reply_id": "r",
                "tool_calls": [{"id": "a", **call}, {"id": 2, **call}, {"id": "c"}],
            }
        )
    assert caught.value.problems == (
        "expected string, got integer @ $.tool_calls[1].id",
        "required field missing @ $.tool_calls[2].name",
        "required field missing @ $.tool_calls[2].input",
    )
    assert caught.value.paths == (
        "$.tool_calls[1].id",
        "$.tool_calls[2].name",
        "$.tool_calls[2].input",
    )


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        # The value names the url source: its own problem is reported, though the
        # base64 source has as few problems and knows more of the value's keys.
        (
            {"type": "url", "data": "aGk=", "media_type": "text/plain"},
            "required field missing @ $.hint[0].source.url",
        ),
        # The value names no source: the known tags are listed, not the closest source.
        (
            {"type": "file", "data": "aGk=", "media_type": "text/plain"},
            "expected one of base64, url @ $.hint[0].source.type",
        ),
    ],
)
def test_a_union_of_tagged_objects_reports_the_one_the_type_names(
    source: dict[str, Any], problem: str
) -> None:
    """Among tagged objects, the problems shown are the named one's, or the list of tags."""
    record = {
        "type": "HINT_BLOCK",
        "reply_id": "r",
        "block_id": "h",
        "hint": [{"type": "data", "source": source}],
    }
    with pytest.raises(DecodeError) as caught:
        decode_event(record)
    assert caught.value.problems == (problem,)
    assert caught.value.paths == (problem.rsplit(" @ ", 1)[1],)


def test_enum_problem_names_the_values() -> None:
    """A finished_reason outside AgentScope's enum is a problem listing the allowed values."""
    record = {
        "type": "MODEL_CALL_END",
        "reply_id": "r",
        "input_tokens": 1,
        "output_tokens": 2,
        "finished_reason": "tool_use",
    }
    with pytest.raises(DecodeError) as caught:
        decode_event(record)
    assert caught.value.problems == ("expected one of completed, interrupted @ $.finished_reason",)
    assert caught.value.paths == ("$.finished_reason",)


def test_paths_keep_order_and_drop_repeats() -> None:
    """DecodeError.paths lists each problem's path once, in the order of the problems."""
    error = DecodeError("x", ["a @ $.b", "c @ $.a", "d @ $.b", "e @ $"])
    assert error.paths == ("$.b", "$.a", "$")
    assert error.problems == ("a @ $.b", "c @ $.a", "d @ $.b", "e @ $")


@pytest.mark.parametrize(
    ("record", "path"),
    [([1, 2], "@ $"), ("TEXT", "@ $"), ({"type": 3}, "@ $.type")],
)
def test_non_objects_and_bad_types_are_decode_errors(record: Any, path: str) -> None:
    """A record that is not an object, or whose type is not a string, is a DecodeError at its path."""
    with pytest.raises(DecodeError) as caught:
        decode_event(record)
    (problem,) = caught.value.problems
    assert problem.endswith(path)


def test_cattrs_converter_uses_the_same_hooks() -> None:
    """The cattrs converter structures and unstructures exactly as decode_event and encode_event."""
    record = _records(FIXTURES / "reply-2.0.11.jsonl")[-1]
    event = converter.structure(record, ReplyEndEvent)
    assert event == decode_event(record)
    assert converter.unstructure(event) == record


# ----------------------------------------------------------------- property

_JSON_SCALAR = st.none() | st.booleans() | st.integers() | st.text(max_size=8)
_JSON = st.recursive(
    _JSON_SCALAR,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def records(draw: st.DrawFn, cls: type[Event]) -> dict[str, Any]:
    """An object AgentScope 2.0.11 accepts for ``cls``, with unknown keys added."""
    obj = draw(wire_objects(types=(cls.TYPE,)))
    known = {"type", *_body(cls), "id", "created_at", "metadata"}
    extra = draw(
        st.dictionaries(
            st.text(min_size=1, max_size=6).filter(lambda k: k not in known), _JSON, max_size=2
        )
    )
    return {**obj, **extra}


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
@settings(max_examples=25)
@given(data=st.data())
def test_round_trip_property(cls: type[Event], data: st.DataObject) -> None:
    """For every event class and any object AgentScope accepts, encode(decode(obj)) == obj, the
    event survives JSON text, and keys come out in canonical order, unknown ones last."""
    record = data.draw(records(cls))
    event = decode_event(record)
    assert isinstance(event, cls)
    encoded = encode_event(event)
    assert encoded == record
    assert decode_event(json.loads(json.dumps(encoded))) == event
    assert list(encoded)[: len(encoded) - len(event.extra)] == [
        name for name in ("id", "created_at", "metadata", "type", *_body(cls)) if name in encoded
    ]


def _body(cls: type[Event]) -> list[str]:
    return [
        f.name
        for f in attrs.fields(cls)
        if not f.metadata.get("internal") and f.name not in ("id", "created_at", "metadata")
    ]


def test_reply_end_error_object_survives() -> None:
    """REPLY_END's error object and reason are kept as given; a null reason is refused."""
    record = {
        "type": "REPLY_END",
        "session_id": "s",
        "reply_id": "r",
        "finished_reason": "error",
        "error": {"type": "rate_limit", "message": "slow down"},
    }
    event = decode_event(record)
    assert isinstance(event, ReplyEndEvent)
    assert (
        event.error == {"type": "rate_limit", "message": "slow down"}
        and event.finished_reason == "error"
    )
    assert encode_event(event) == record
    with pytest.raises(DecodeError) as caught:
        decode_event({**record, "finished_reason": None})
    assert caught.value.paths == ("$.finished_reason",)


def test_tool_result_data_delta_without_block_id() -> None:
    """A 2.0.3-style data delta without block_id decodes with block_id ABSENT and encodes without
    it."""
    record = {
        "type": "TOOL_RESULT_DATA_DELTA",
        "reply_id": "r",
        "tool_call_id": "c",
        "media_type": "m",
        "data": "YQ==",
    }
    event = decode_event(record)
    assert isinstance(event, ToolResultDataDeltaEvent) and event.block_id is ABSENT
    assert encode_event(event) == record
