"""Envelope decode/encode, unknown types kept whole, version rejection, catalog bijection."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import (
    ABSENT,
    EVENT_CLASSES,
    DecodeError,
    TextBlockDeltaEvent,
    UnknownEvent,
    UsageError,
    decode_event,
)
from streamspec._completion_events import COMPLETION_EVENT_CLASSES, ModelReceiptEvent
from streamspec._generated import stale_files
from streamspec._resources import spec_dir
from streamspec.envelope import (
    CATALOG,
    CLASS_BY_TYPE,
    Envelope,
    TypeMismatchError,
    decode_envelope,
    encode_envelope,
    from_event,
    to_event,
)
from streamspec.envelope._catalog import render_catalog
from streamspec.sources import A3S_TYPES

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
unknown_types = st.text(min_size=1, max_size=20).filter(lambda t: t not in CLASS_BY_TYPE)
metadata_values = st.just(ABSENT) | json_values


@given(type_=unknown_types, payload=json_values, metadata=metadata_values)
def test_unknown_types_round_trip_exactly(type_, payload, metadata):
    """Any envelope of an unknown type decodes to an unknown event and encodes back to the same JSON value."""
    wire = {"version": 1, "type": type_, "payload": payload}
    if metadata is not ABSENT:
        wire["metadata"] = metadata
    event = to_event(decode_envelope(wire))
    assert isinstance(event, UnknownEvent)
    assert event.type == type_
    again = encode_envelope(from_event(event))
    assert json.dumps(again, sort_keys=True) == json.dumps(wire, sort_keys=True)
    assert list(again) == list(wire)


def test_catalog_is_every_kind_of_both_families_in_order():
    """The catalog is the reply KINDs in AgentScope's order, then the four completion KINDs."""
    assert (
        tuple(c.KIND for c in EVENT_CLASSES) + tuple(c.KIND for c in COMPLETION_EVENT_CLASSES)
        == CATALOG
    )
    assert CATALOG[-4:] == ("model_chunk", "model_finish", "model_receipt", "model_error")


def test_catalog_and_classes_are_a_bijection():
    """Each catalog name has one class whose KIND is that name, and no two names share a class."""
    classes = [CLASS_BY_TYPE[name] for name in CATALOG]
    assert len(set(classes)) == len(CATALOG) == len(set(CATALOG))
    assert all(name == cls.KIND for name, cls in zip(CATALOG, classes, strict=True))
    assert set(classes) == set(EVENT_CLASSES) | set(COMPLETION_EVENT_CLASSES)


def test_catalog_is_disjoint_from_the_52_a3s_names():
    """No streamspec type is an a3s type, so an a3s file is never read as streamspec's."""
    assert len(A3S_TYPES) == len(set(A3S_TYPES)) == 52
    assert not set(CATALOG) & set(A3S_TYPES)


def test_catalog_file_is_current():
    """spec/catalog.json is what the generator writes now."""
    assert stale_files(render_catalog()) == []
    document = json.loads((spec_dir() / "catalog.json").read_text())
    assert [t["type"] for t in document["types"]] == list(CATALOG)


@attrs.frozen(kw_only=True)
class _Lookalike(TextBlockDeltaEvent):
    """A subclass of a catalog class that is not itself in the catalog."""


def test_encode_refuses_a_class_outside_the_catalog():
    """from_event raises TypeMismatchError for a class with no wire name (the seed's TypeMismatch)."""
    with pytest.raises(TypeMismatchError) as caught:
        from_event(_Lookalike(reply_id="r", block_id="b", delta="x"))
    assert isinstance(caught.value, UsageError)
    assert caught.value.event_class is _Lookalike
    assert "not in the envelope v1 catalog" in str(caught.value)


@pytest.mark.parametrize("version", [0, 2, 99, -1])
def test_other_versions_are_rejected_with_the_seed_message(version):
    """Any integer version but 1 is rejected with exactly the seed's message, whatever else the line holds."""
    with pytest.raises(DecodeError) as caught:
        decode_envelope({"version": version})
    assert str(caught.value) == f"unsupported event envelope version {version}; expected 1"


def test_a_malformed_envelope_lists_every_problem():
    """A line with a bad version type, no type and no payload reports all three with paths."""
    with pytest.raises(DecodeError) as caught:
        decode_envelope({"version": "1"})
    assert caught.value.problems == (
        "expected integer, got string @ $.version",
        "required field missing @ $.type",
        "required field missing @ $.payload",
    )


def test_an_envelope_without_a_version_is_refused_naming_it():
    """``version`` is required: an otherwise whole envelope without it is not read as v1."""
    whole = {"version": 1, "type": "text_delta", "payload": {"text": "hi"}}
    assert decode_envelope(whole).payload == {"text": "hi"}
    without = {key: value for key, value in whole.items() if key != "version"}
    with pytest.raises(DecodeError) as caught:
        decode_envelope(without)
    assert caught.value.problems == ("required field missing @ $.version",)
    assert str(caught.value).startswith("unreadable envelope")


def test_agentscope_payload_keeps_id_created_at_and_metadata_verbatim():
    """The payload of an AgentScope event is its AgentScope JSON minus type, base fields included."""
    obj = {
        "id": "e1",
        "created_at": "2026-01-01T00:00:00",
        "metadata": {"k": [1]},
        "type": "TEXT_BLOCK_DELTA",
        "reply_id": "r",
        "block_id": "b",
        "delta": "x",
        "future_key": True,
    }
    envelope = from_event(decode_event(obj))
    assert envelope.payload == {k: v for k, v in obj.items() if k != "type"}
    assert list(envelope.payload) == [k for k in obj if k != "type"]
    assert to_event(envelope) == decode_event(obj)


def test_a_bad_payload_names_its_paths_under_payload():
    """A catalog type whose payload lacks fields reports each one under $.payload."""
    with pytest.raises(DecodeError) as caught:
        to_event(Envelope(type="text_block_delta", payload={"reply_id": 1}))
    assert "expected string, got integer @ $.payload.reply_id" in caught.value.problems
    assert "required field missing @ $.payload.delta" in caught.value.problems


@pytest.mark.parametrize(
    ("type_", "payload", "json_name"),
    [
        ("text_block_delta", [1], "array"),
        ("model_chunk", "x", "string"),
        ("reply_end", None, "null"),
    ],
)
def test_a_catalog_type_whose_payload_is_no_object_is_refused_naming_the_payload(
    type_: str, payload: object, json_name: str
) -> None:
    """An envelope holds any JSON payload, but a catalog type's event needs an object."""
    envelope = decode_envelope({"version": 1, "type": type_, "payload": payload})
    with pytest.raises(DecodeError) as caught:
        to_event(envelope)
    assert str(caught.value).startswith(f"unreadable {type_} envelope")
    assert caught.value.problems == (f"expected object, got {json_name} @ $.payload",)


def test_every_bad_field_of_a_completion_payload_is_named_by_its_json_types() -> None:
    """Each field of a completion event's payload is checked on its own, by JSON type."""
    with pytest.raises(DecodeError) as caught:
        to_event(Envelope(type="model_receipt", payload={"call": 1, "text": "ab", "usage": 3}))
    assert caught.value.problems == (
        "expected string, got integer @ $.payload.call",
        "expected array, got string @ $.payload.text",
        "expected null or object, got integer @ $.payload.usage",
    )


def test_completion_events_round_trip_through_envelopes():
    """A receipt with usage becomes a payload of its fields and decodes back equal."""
    receipt = ModelReceiptEvent(call="1", text=("a", "b"), usage={"total_tokens": 3})
    envelope = from_event(receipt)
    assert envelope.payload == {"call": "1", "text": ["a", "b"], "usage": {"total_tokens": 3}}
    assert to_event(decode_envelope(encode_envelope(envelope))) == receipt
    with pytest.raises(DecodeError) as caught:
        to_event(Envelope(type="model_receipt", payload={"call": "1", "text": [1], "bogus": 0}))
    assert "unknown field @ $.payload.bogus" in caught.value.problems


def test_a_receipt_without_its_text_is_refused_naming_it():
    """``text`` is a receipt's required field: no text parts is ``[]``, never a missing key."""
    with pytest.raises(DecodeError) as caught:
        to_event(Envelope(type="model_receipt", payload={"call": "1"}))
    assert caught.value.problems == ("required field missing @ $.payload.text",)
    empty = to_event(Envelope(type="model_receipt", payload={"call": "1", "text": []}))
    assert empty == ModelReceiptEvent(call="1", text=())


def test_absent_and_null_metadata_stay_distinct():
    """An envelope without metadata encodes without the key; a null metadata stays null."""
    assert "metadata" not in encode_envelope(
        decode_envelope({"version": 1, "type": "x", "payload": {}})
    )
    wire = {"version": 1, "type": "x", "payload": {}, "metadata": None}
    assert encode_envelope(decode_envelope(wire)) == wire
