"""The generated reduce corpus: fresh, large, valid wire JSON, uniquely named, and self-consistent."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from agentscope_schema import agentscope_problems, event_types
from hypothesis import given
from hypothesis import strategies as st
from streamspec._errors import SpecError
from streamspec._resources import spec_dir
from streamspec.reply._reduce_corpus import FILES, checked_vector, main, read_vectors
from streamspec.reply._reduce_corpus_model import Model, decodes
from streamspec.reply._reduce_corpus_walks import Walk, draw_walk
from streamspec.reply._reduce_vectors import expected_of

FOLDER = spec_dir() / "vectors" / "reduce" / "must"
PATHS = [FOLDER / name for name in FILES]
SCHEMA = json.loads((spec_dir() / "schema" / "reduce_vector.schema.json").read_text())
TYPES = event_types("2.0.11")


def _corpus() -> list[dict]:
    return [vector for path in PATHS for vector in read_vectors(path)]


CORPUS = _corpus()


def test_corpus_is_fresh() -> None:
    """Regenerating the corpus changes no file: the generator is deterministic and was run."""
    assert main(["--check"]) == 0


def test_corpus_has_a_thousand_uniquely_named_vectors() -> None:
    """The corpus holds at least 1,000 vectors and no two share a name."""
    names = Counter(vector["name"] for vector in CORPUS)
    assert len(CORPUS) >= 1000
    assert [name for name, n in names.items() if n > 1] == []


def test_corpus_files_stay_small() -> None:
    """The generated files weigh less than 3 MB together."""
    assert sum(path.stat().st_size for path in PATHS) < 3_000_000


def test_every_line_is_a_schema_valid_vector_without_schema_key() -> None:
    """Each line validates against reduce_vector.schema.json and carries no $schema key."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    problems = [
        f"{vector['name']}: {error.message}"
        for vector in CORPUS
        for error in validator.iter_errors(vector)
    ]
    assert problems == []
    assert not any("$schema" in vector for vector in CORPUS)


def test_every_event_is_agentscope_wire_json() -> None:
    """Every event is valid AgentScope 2.0.11 JSON, except unknown types and invalid-field vectors."""
    problems = [
        f"{vector['name']} event {index}: {problem}"
        for vector in CORPUS
        if "invalid-field" not in vector.get("tags", ())
        for index, event in enumerate(vector["events"])
        if event.get("type") in TYPES
        for problem in agentscope_problems(event)
    ]
    assert problems == []


def test_corpus_replays_to_its_expectations() -> None:
    """Self-consistency: the reference reducer, run again, gives every vector's expected result."""
    wrong = [
        vector["name"]
        for vector in CORPUS
        if expected_of(vector["events"], vector["options"], "after_each" in vector["expected"])
        != vector["expected"]
    ]
    assert wrong == []


def test_a_tenth_of_the_corpus_pins_every_dump() -> None:
    """About one vector in ten carries after_each, one dump per event."""
    pinned = [v for v in CORPUS if "after_each" in v["expected"]]
    assert 0.08 <= len(pinned) / len(CORPUS) <= 0.12
    assert all(len(v["expected"]["after_each"]) == len(v["events"]) for v in pinned)


def test_corpus_mixes_legal_and_illegal_streams_with_every_reducer_code() -> None:
    """The legal file has no error diagnostics; the corpus as a whole yields every reducer code."""
    legal = read_vectors(FOLDER / "generated-legal.jsonl")
    errors = [
        v["name"] for v in legal for d in v["expected"]["diagnostics"] if d["severity"] == "error"
    ]
    assert errors == []
    codes = {d["code"] for v in CORPUS for d in v["expected"]["diagnostics"]}
    assert {
        "after_reply_end",
        "confirm_not_asked",
        "delta_after_end",
        "duplicate_batch_item",
        "duplicate_end",
        "duplicate_result",
        "duplicate_start",
        "illegal_transition",
        "input_still_streaming",
        "invalid_base64",
        "invalid_result_state",
        "missing_reply_end",
        "mixed_data_source",
        "not_submitted",
        "open_at_end",
        "reply_id_mismatch",
        "unknown_block",
        "unknown_event_type",
        "unknown_tool_call",
        "unknown_tool_result",
    } <= codes


def test_legal_streams_interleave_tool_call_stories() -> None:
    """Legal streams include denials, external execution, result data chunks and multi-item batches."""
    events = [e for v in read_vectors(FOLDER / "generated-legal.jsonl") for e in v["events"]]
    denied = [
        e
        for e in events
        if e["type"] == "USER_CONFIRM_RESULT"
        and not all(i["confirmed"] for i in e["confirm_results"])
    ]
    batches = [e for e in events if len(e.get("tool_calls", e.get("confirm_results", ()))) > 1]
    types = Counter(e["type"] for e in events)
    assert denied and batches
    assert types["EXTERNAL_EXECUTION_RESULT"] and types["TOOL_RESULT_DATA_DELTA"]


@pytest.mark.parametrize("chunk", ["", "YQ==", "YWI=", "YWJj", "8J+Zgg=="])
def test_the_model_takes_canonical_base64(chunk: str) -> None:
    """Canonical chunks, the empty one included, decode in the corpus model."""
    assert decodes(chunk)


@pytest.mark.parametrize("chunk", ["YR==", "YWJ=", "YWJj====", "YQ=", "x", "YW J"])
def test_the_model_refuses_other_base64(chunk: str) -> None:
    """Non-canonical pad bits, padding past the last group and bad characters do not decode."""
    assert not decodes(chunk)


def test_a_disagreement_between_tables_and_reducer_stops_generation() -> None:
    """A prediction that differs from the reducer's diagnostics raises SpecError naming the vector."""
    events = [{"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b", "delta": "x"}]
    with pytest.raises(SpecError) as caught:
        checked_vector("probe", "a probe", {"reply_id": "r1"}, events, [], Model("r1"), each=False)
    assert caught.value.problems == (
        "the reducer reported [(0, None, 'unknown_block'), (None, None, 'missing_reply_end')], "
        "the tables predict [(None, None, 'missing_reply_end')] @ probe",
    )


@given(seed=st.integers(0, 2**64))
def test_any_walk_agrees_with_the_reducer(seed: int) -> None:
    """For walks of every family from any seed, the reducer rejects what the tables predict, no more."""
    rng = random.Random(seed)
    for family in ("legal", "mixed", "illegal") * 3:
        walk: Walk = draw_walk(family, rng, Counter(), short=False)
        vector = checked_vector(
            "drawn", "drawn", walk.options, walk.events, walk.predicted, walk.model, False
        )
        if family == "legal":
            assert all(d["severity"] != "error" for d in vector["expected"]["diagnostics"])


def test_read_vectors_drops_the_schema_key(tmp_path: Path) -> None:
    """A .json vector is read without its $schema key; a .jsonl file gives one vector a line."""
    single = tmp_path / "one.json"
    single.write_text(json.dumps({"$schema": "x", "description": "d"}))
    lines = tmp_path / "two.jsonl"
    lines.write_text('{"name": "a"}\n\n{"name": "b"}\n')
    assert read_vectors(single) == [{"description": "d"}]
    assert read_vectors(lines) == [{"name": "a"}, {"name": "b"}]
