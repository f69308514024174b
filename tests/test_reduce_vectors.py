"""The reduce conformance vectors are valid, fresh, and pin the reference reducer's behaviour."""

from __future__ import annotations

import json

import jsonschema
import pytest
from streamspec import Reducer, decode_event
from streamspec._reduce_vectors import CASES, main
from streamspec._resources import spec_dir

FOLDER = spec_dir() / "vectors" / "reduce" / "must"
FILES = sorted(FOLDER.glob("*.json"))
SCHEMA = json.loads((spec_dir() / "schema" / "reduce_vector.schema.json").read_text())


def test_vectors_are_fresh() -> None:
    """Regenerating the vectors from the reference reducer changes no file."""
    assert main(["--check"]) == 0


def test_every_case_has_a_file() -> None:
    """There is one vector per curated case, plus seed 000's."""
    assert {f.stem for f in FILES} == {"seed000", *CASES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_vector_is_valid_and_replays(path) -> None:
    """A vector validates against its schema, and a fresh fold reproduces its message and codes."""
    vector = json.loads(path.read_text())
    jsonschema.Draft202012Validator(SCHEMA).validate(vector)
    reducer = Reducer(**vector["options"])
    for event in vector["events"]:
        reducer.apply(decode_event(dict(event)))
    reducer.finish()
    assert reducer.to_dict() == vector["expected"]["message"]
    assert [d.code for d in reducer.diagnostics] == [
        d["code"] for d in vector["expected"]["diagnostics"]
    ]


def test_seed000_vector_pins_the_seed_dumps() -> None:
    """Seed 000's vector has one dump per event, the last with usage 15/28 and finished_at set."""
    vector = json.loads((FOLDER / "seed000.json").read_text())
    dumps = vector["expected"]["after_each"]
    assert len(dumps) == len(vector["events"]) == 39
    assert dumps[-1]["usage"] == {"input_tokens": 15, "output_tokens": 28}
    assert dumps[-1]["finished_at"] == "2026-01-01T12:00:00"
    assert vector["expected"]["diagnostics"] == []


def test_every_reducer_error_code_has_a_vector() -> None:
    """The vectors together produce every error code a lone reducer can report."""
    codes = set()
    for path in FILES:
        codes |= {d["code"] for d in json.loads(path.read_text())["expected"]["diagnostics"]}
    assert {
        "duplicate_start",
        "delta_after_end",
        "unknown_block",
        "after_reply_end",
        "reply_id_mismatch",
        "confirm_not_asked",
        "unknown_tool_call",
        "duplicate_batch_item",
        "invalid_base64",
        "mixed_data_source",
        "invalid_result_state",
        "duplicate_result",
        "open_at_end",
        "missing_reply_end",
        "unknown_event_type",
    } <= codes
