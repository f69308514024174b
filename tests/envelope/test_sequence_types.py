"""Replay keys of another type than the envelope schema's make the envelope unreadable, so no replay slips through."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import jsonschema
import pytest
from streamspec import DecodeError, Reducer, decode_envelope, read_events
from streamspec._events import ABSENT
from streamspec._resources import spec_dir
from streamspec.envelope import ReplayGuard, replay_key

_SCHEMA = json.loads((spec_dir() / "schema" / "envelope.schema.json").read_text())


def _envelope(**metadata: Any) -> dict[str, Any]:
    return {"version": 1, "type": "x", "payload": {}, "metadata": metadata}


BAD = [
    ("sequence", "1", "expected integer, got string"),
    ("sequence", 1.0, "expected integer, got number"),
    ("sequence", True, "expected integer, got boolean"),
    ("sequence", None, "expected integer, got null"),
    ("sequence", -1, "expected a non-negative integer, got -1"),
    ("sequence", 1.5, "expected integer, got number"),
    ("run_id", 5, "expected string, got integer"),
    ("run_id", None, "expected string, got null"),
    ("session_id", ["s"], "expected string, got array"),
    ("timestamp_ms", "1767268800000", "expected integer, got string"),
    ("timestamp_ms", 1.0, "expected integer, got number"),
]


@pytest.mark.parametrize(("key", "value", "words"), BAD, ids=[f"{k}={v!r}" for k, v, _ in BAD])
def test_a_replay_key_of_the_wrong_type_is_a_decode_error_at_its_path(key, value, words):
    """decode_envelope refuses metadata whose replay key breaks the schema, naming $.metadata.<key>; the object is unchanged."""
    obj = _envelope(**{key: value})
    before = copy.deepcopy(obj)
    with pytest.raises(DecodeError) as caught:
        decode_envelope(obj)
    assert caught.value.paths == (f"$.metadata.{key}",)
    assert caught.value.problems == (f"{words} @ $.metadata.{key}",)
    assert obj == before


@pytest.mark.parametrize(("key", "value", "words"), BAD, ids=[f"{k}={v!r}" for k, v, _ in BAD])
def test_the_schema_and_the_decoder_agree_except_on_integral_floats(key, value, words):
    """The envelope schema rejects every bad replay key the decoder rejects, except 1.0, which JSON
    Schema counts as an integer and streamspec (docs/differences-agentscope.md) does not."""
    errors = list(jsonschema.Draft202012Validator(_SCHEMA).iter_errors(_envelope(**{key: value})))
    integral_float = isinstance(value, float) and value.is_integer()
    assert bool(errors) is not integral_float
    assert all(list(e.absolute_path) == ["metadata", key] for e in errors)


def test_valid_replay_keys_and_other_metadata_are_kept_as_given():
    """Integer sequence 0, string ids, an integer timestamp and keys beside them decode, kept whole."""
    metadata = {
        "run_id": "r",
        "session_id": "s",
        "sequence": 0,
        "timestamp_ms": -5,
        "trace": [1, {"sequence": "not a replay key here"}],
    }
    assert decode_envelope(_envelope(**metadata)).metadata == metadata


@pytest.mark.parametrize("metadata", [None, "text", [1, 2], 3])
def test_metadata_that_is_not_an_object_is_kept_untouched(metadata):
    """A metadata value that is not an object carries no replay keys and is kept as given."""
    obj = {"version": 1, "type": "x", "payload": {}, "metadata": metadata}
    assert decode_envelope(obj).metadata == metadata


def _lines(*records: dict[str, Any]) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def _delta(sequence: Any) -> dict[str, Any]:
    return {
        "version": 1,
        "type": "text_block_delta",
        "payload": {"reply_id": "r1", "block_id": "b", "delta": "a"},
        "metadata": {"run_id": "run", "sequence": sequence},
    }


_START = {
    "version": 1,
    "type": "text_block_start",
    "payload": {"reply_id": "r1", "block_id": "b"},
    "metadata": {"run_id": "run", "sequence": 0},
}


def _fold(data: bytes) -> tuple[str, list[tuple[int, str, Any]]]:
    reducer = Reducer()
    problems = []
    for line in read_events(io.BytesIO(data), "auto"):
        if line.problem is not None:
            problems.append((line.number, line.problem.code, line.problem.details))
        if line.record is not None and line.problem is None:
            reducer.apply(line.record)
    return reducer.to_dict()["content"][0]["text"], problems


@pytest.mark.parametrize("replayed", ["1", 1.0, True])
def test_a_replayed_delta_with_a_mistyped_sequence_is_never_applied_twice(replayed):
    """Sequence 1 then the same delta replayed with sequence "1", 1.0 or true: the text holds the
    delta once and the replayed line is unreadable_line."""
    text, problems = _fold(_lines(_START, _delta(1), _delta(replayed)))
    assert text == "a"
    assert [(number, code) for number, code, _ in problems] == [(3, "unreadable_line")]


def test_a_mistyped_sequence_replayed_twice_is_applied_zero_times():
    """Two lines with sequence "1" are both unreadable: nothing of them is folded, each reported."""
    text, problems = _fold(_lines(_START, _delta("1"), _delta("1")))
    assert text == ""
    assert [(number, code) for number, code, _ in problems] == [
        (2, "unreadable_line"),
        (3, "unreadable_line"),
    ]


def test_the_replay_guard_keys_only_true_integers():
    """Without the decoder the guard still keys only integer sequences; an integer replay is skipped."""
    assert [replay_key({"sequence": s}) for s in ("1", 1.0, True)] == [None, None, None]
    guard = ReplayGuard()
    assert guard.admit({"sequence": 1}).apply
    verdict = guard.admit({"sequence": 1})
    assert not verdict.apply
    assert verdict.diagnostic is not None and verdict.diagnostic.code == "duplicate_sequence"


def test_a_huge_run_id_is_cut_in_the_message_and_whole_in_the_fields():
    """A 1 MB run id is quoted cut to 80 characters in duplicate_sequence's message; key and details keep it whole."""
    run_id = "r" * 1_000_000
    guard = ReplayGuard()
    guard.admit({"run_id": run_id, "sequence": 3})
    diagnostic = guard.admit({"run_id": run_id, "sequence": 3}).diagnostic
    assert diagnostic is not None
    assert len(diagnostic.message) < 200
    assert "(1000000 characters)" in diagnostic.message
    assert diagnostic.details["run_id"] == run_id
    assert diagnostic.key == f"{run_id}#3"


def test_an_envelope_without_metadata_keeps_it_absent():
    """An envelope with no metadata key decodes with metadata ABSENT, untouched by the replay-key check."""
    assert decode_envelope({"version": 1, "type": "x", "payload": 1}).metadata is ABSENT
