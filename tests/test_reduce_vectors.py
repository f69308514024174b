"""The hand-written reduce vectors are valid and fresh, and pin the rules of spec/README.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from streamspec._resources import spec_dir
from streamspec.reply._reduce_vectors import CASES, main

ROOT = spec_dir() / "vectors" / "reduce"
FILES = sorted(ROOT.glob("*/*.json"))
SCHEMA = json.loads((spec_dir() / "schema" / "reduce_vector.schema.json").read_text())


def _vector(name: str) -> dict[str, Any]:
    (path,) = ROOT.glob(f"*/{name}.json")
    return json.loads(path.read_text())


def test_vectors_are_fresh() -> None:
    """Regenerating the vectors from the reference reducer changes no file."""
    assert main(["--check"]) == 0


def test_every_case_has_a_file_at_its_level() -> None:
    """There is one vector per curated case in its level's folder, plus seed 000's in must/."""
    found = {(f.parent.name, f.stem) for f in FILES}
    assert found == {("must", "seed000"), *((c.level, c.name) for c in CASES.values())}
    assert {f.parent.name for f in FILES} == {"must", "should", "may"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_vector_is_valid(path: Path) -> None:
    """A vector validates against its schema; only strict vectors carry a raised diagnostic."""
    vector = json.loads(path.read_text())
    jsonschema.Draft202012Validator(SCHEMA).validate(vector)
    assert "raised" not in vector["expected"] or vector["options"]["strict"]


def test_seed000_vector_pins_the_seed_dumps() -> None:
    """Seed 000's vector has one dump per event, the last with usage 15/28 and finished_at set."""
    vector = _vector("seed000")
    dumps = vector["expected"]["after_each"]
    assert len(dumps) == len(vector["events"]) == 39
    assert dumps[-1]["usage"] == {"input_tokens": 15, "output_tokens": 28}
    assert dumps[-1]["finished_at"] == "2026-01-01T12:00:00"
    assert vector["expected"]["diagnostics"] == []


def test_every_reducer_code_has_a_hand_written_vector() -> None:
    """The hand-written vectors together produce every code a lone reducer can report."""
    codes = set()
    for path in FILES:
        expected = json.loads(path.read_text())["expected"]
        codes |= {d["code"] for d in [*expected["diagnostics"], expected.get("raised") or {}] if d}
    assert codes >= {
        "after_reply_end",
        "duplicate_start",
        "unknown_block",
        "delta_after_end",
        "duplicate_end",
        "unknown_tool_call",
        "unknown_tool_result",
        "input_still_streaming",
        "confirm_not_asked",
        "not_submitted",
        "duplicate_result",
        "invalid_result_state",
        "illegal_transition",
        "reply_id_mismatch",
        "invalid_base64",
        "mixed_data_source",
        "duplicate_batch_item",
        "unreadable_line",
        "open_at_end",
        "missing_reply_end",
        "unknown_event_type",
    }


def test_every_event_type_appears_in_a_hand_written_vector() -> None:
    """Every AgentScope event type, and TEXT_BLOCK_END with text, is used by some vector."""
    from streamspec._codec import EVENT_BY_TYPE

    seen: set[str] = set()
    text_end = False
    for path in FILES:
        for event in json.loads(path.read_text())["events"]:
            seen.add(event.get("type"))
            text_end |= event.get("type") == "TEXT_BLOCK_END" and isinstance(event.get("text"), str)
    assert set(EVENT_BY_TYPE) <= seen
    assert text_end


def test_end_of_input_order_is_reply_then_blocks_calls_results() -> None:
    """End-of-input warnings come reply first, then blocks, calls and results in creation order."""
    found = [
        (d["machine"], d["key"]) for d in _vector("end-of-input-order")["expected"]["diagnostics"]
    ]
    assert found == [
        ("reply", None),
        ("block", "thinking:b"),
        ("block", "text:b"),
        ("block", "data:d"),
        ("tool_call", "z"),
        ("tool_call", "a"),
        ("tool_result", "a"),
    ]


def test_text_and_thinking_blocks_share_an_id_without_mixing() -> None:
    """A text and a thinking block with one id are two instances, keyed text:b and thinking:b."""
    expected = _vector("text-and-thinking")["expected"]
    assert expected["states"]["block"] == {
        "thinking:b": "closed",
        "text:b": "closed",
        "text:c": "closed",
    }
    blocks = expected["message"]["content"]
    assert blocks[0] == {"type": "thinking", "id": "b", "thinking": "let me think"}
    assert blocks[1] == {"type": "text", "id": "b", "text": "Hello"}
    assert blocks[2] == {"type": "text", "id": "c", "text": ""}


def test_created_at_comes_from_the_first_event_only() -> None:
    """The first event's created_at is kept though that event is rejected; later ones never count."""
    assert (
        _vector("created-at-first-event")["expected"]["message"]["created_at"]
        == "2026-01-01T10:00:00"
    )
    assert _vector("created-at-absent")["expected"]["message"]["created_at"] is None


def test_caller_options_beat_reply_start() -> None:
    """A caller's name, role and created_at win over REPLY_START's and the events'."""
    message = _vector("caller-options")["expected"]["message"]
    assert (message["name"], message["role"], message["created_at"]) == (
        "Caller",
        "user",
        "2025-12-31T00:00:00",
    )


def test_only_canonical_chunks_join_the_data() -> None:
    """Of the edge-case chunks only the empty one and YWJj are applied, and chunk indexes count them."""
    expected = _vector("base64-edge-cases")["expected"]
    assert expected["message"]["content"][0]["source"]["data"] == "YWJj"
    indexes = [
        d["details"]["chunk_index"]
        for d in expected["diagnostics"]
        if d["code"] == "invalid_base64"
    ]
    assert indexes == [1] * 6


def test_invalid_fields_take_their_index_and_name_their_paths() -> None:
    """Each unreadable object is one unreadable_line at its own index, listing its bad paths."""
    vector = _vector("invalid-fields")
    assert vector["tags"] == ["invalid-field"]
    unreadable = {
        d["index"]: d["details"]["paths"]
        for d in vector["expected"]["diagnostics"]
        if d["code"] == "unreadable_line"
    }
    assert unreadable == {
        1: ["$.delta"],
        2: ["$.delta"],
        3: ["$.tool_calls[0].name", "$.tool_calls[0].input"],
        4: ["$.state"],
        5: ["$.data"],
        6: ["$.finished_reason"],
        8: ["$.type"],
        9: ["$.hint[0].text", "$.hint[1].source.url", "$.hint[2].type"],
        10: ["$.execution_results[0].output[0].text", "$.execution_results[0].output[1]"],
    }
    assert vector["expected"]["message"]["content"] == [{"type": "text", "id": "t", "text": "ok"}]


def test_strict_vectors_stop_at_the_first_error() -> None:
    """In strict mode the first error is raised, and no later event has any effect."""
    vector = _vector("strict-first-error")
    assert vector["expected"]["raised"]["code"] == "delta_after_end"
    assert vector["expected"]["raised"]["index"] == 3
    assert vector["expected"]["states"]["block"] == {"text:b": "closed"}
    batch = _vector("strict-batch")["expected"]
    assert batch["raised"]["code"] == "unknown_tool_call"
    assert batch["states"]["tool_call"] == {"a": "ready"}
