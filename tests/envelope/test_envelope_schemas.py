"""JSON Schemas: generated from the classes, current on disk, and valid for every event of the corpus."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from streamspec import _docs
from streamspec._generated import stale_files
from streamspec._resources import example_path, spec_dir
from streamspec.envelope import CATALOG, from_event
from streamspec.envelope._docs import DOC_FILES, SECTIONS
from streamspec.envelope._envelope import encode_envelope
from streamspec.envelope._schemas import render_schemas
from streamspec.sources import read_events

FIXTURES = Path(__file__).parent / "fixtures"
CORPUS = [
    (FIXTURES / "agentscope-2.0.3.jsonl", "agentscope"),
    (FIXTURES / "agentscope-2.0.11.jsonl", "agentscope"),
    (example_path("seed000.agentscope.jsonl"), "agentscope"),
    (example_path("envelope/replayed.envelope.jsonl"), "envelope"),
    (example_path("a3s/session.a3s.jsonl"), "a3s"),
]


def _schema(relative: str) -> dict:
    return json.loads((spec_dir() / "schema" / relative).read_text())


def test_schemas_are_current():
    """Every generated schema file is what the generator writes now."""
    assert stale_files(render_schemas()) == []
    assert sorted(p.name for p in (spec_dir() / "schema" / "payloads").glob("*.json")) == sorted(
        f"{t}.schema.json" for t in CATALOG
    )


def test_docs_are_current():
    """docs/envelope.md's generated sections are registered and fresh."""
    sections = _docs.all_sections()
    assert set(SECTIONS) <= set(sections)
    assert {sections[name].home for name in SECTIONS} == set(DOC_FILES)
    assert _docs.main(["--check"]) == 0


def _corpus():
    for path, source in CORPUS:
        for line in read_events(path.open("rb"), source):
            if line.record is not None and line.record.KIND != "unknown":
                yield encode_envelope(from_event(line.record))


def test_every_event_of_the_corpus_validates():
    """Each encoded event validates against the envelope schema and its own payload schema."""
    envelope = jsonschema.Draft202012Validator(_schema("envelope.schema.json"))
    seen = set()
    for wire in _corpus():
        envelope.validate(wire)
        jsonschema.Draft202012Validator(_schema(f"payloads/{wire['type']}.schema.json")).validate(
            wire["payload"]
        )
        seen.add(wire["type"])
    assert {
        "model_receipt",
        "model_chunk",
        "text_block_delta",
        "user_confirm_result",
        "external_execution_result",
    } <= seen


@pytest.mark.parametrize(
    ("wire", "where"),
    [
        ({"version": 2, "type": "x", "payload": {}}, "version"),
        (
            {
                "version": 1,
                "type": "text_block_delta",
                "payload": {"reply_id": "r", "block_id": "b"},
            },
            "delta",
        ),
        (
            {
                "version": 1,
                "type": "text_block_delta",
                "payload": {"reply_id": "r", "block_id": "b", "delta": 3},
            },
            "delta",
        ),
        ({"version": 1, "type": "model_receipt", "payload": {"call": "1", "text": [1]}}, "text"),
        ({"version": 1, "type": "x", "payload": {}, "metadata": {"sequence": "1"}}, "sequence"),
    ],
)
def test_the_schema_rejects_what_the_decoder_rejects(wire, where):
    """A wrong version, a missing or mistyped field and a bad replay key fail the envelope schema."""
    errors = list(
        jsonschema.Draft202012Validator(_schema("envelope.schema.json")).iter_errors(wire)
    )
    assert errors
    assert any(
        where in json.dumps(list(e.absolute_path) + list(e.schema_path)) or where in e.message
        for e in errors
    )


def test_unknown_types_with_any_payload_validate():
    """An envelope of an unknown type validates whatever its payload."""
    validator = jsonschema.Draft202012Validator(_schema("envelope.schema.json"))
    validator.validate(
        {"version": 1, "type": "future.event", "payload": [1, "x"], "metadata": None}
    )


def test_the_muse_source_reads_through_read_events():
    """A muse record read with auto yields completion events only."""
    data = b'{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"text","text":"hi"}}}\n'
    [line] = list(read_events(io.BytesIO(data), "auto"))
    assert line.problem is None
    assert (line.record.KIND, line.record.call, line.record.text) == ("model_chunk", "1.1", "hi")
