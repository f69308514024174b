"""The envelope conformance vectors are valid, fresh, and replay on the reference implementation."""

from __future__ import annotations

import json

import attrs
import jsonschema
import pytest
from streamspec._resources import spec_dir
from streamspec.envelope import decode_envelope, project, read_events, to_envelope
from streamspec.envelope._vectors import PROJECTIONS, READS, main

FOLDER = spec_dir() / "vectors" / "envelope" / "must"
FILES = sorted(FOLDER.glob("*.json"))
SCHEMA = json.loads((spec_dir() / "schema" / "envelope_vector.schema.json").read_text())


def test_envelope_vectors_are_fresh() -> None:
    """Regenerating the envelope vectors changes no file, and every case has one."""
    assert main(["--check"]) == 0
    assert {f.stem for f in FILES} == {*READS, *PROJECTIONS}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_envelope_vector_is_valid_and_replays(path) -> None:
    """A vector validates against its schema and the reference reproduces its lines or projection."""
    vector = json.loads(path.read_text())
    jsonschema.Draft202012Validator(SCHEMA).validate(vector)
    if vector["kind"] == "projection":
        assert attrs.asdict(project(decode_envelope(vector["envelope"]))) == vector["expected"]
        return
    lines = list(read_events([line.encode() + b"\n" for line in vector["input"]], vector["source"]))
    got = [
        (
            line.number,
            to_envelope(line.record) if line.record is not None else None,
            line.problem.code if line.problem else None,
        )
        for line in lines
    ]
    want = [
        (e["line"], e["envelope"], e["problem"]["code"] if e["problem"] else None)
        for e in vector["expected"]["lines"]
    ]
    assert got == want


def test_version_vector_pins_the_seed_message() -> None:
    """The unsupported-version vector carries the seed's exact words."""
    vector = json.loads((FOLDER / "unsupported-version.json").read_text())
    problems = [e["problem"] for e in vector["expected"]["lines"] if e["problem"]]
    assert problems[0] == {
        "code": "unsupported_version",
        "message": "unsupported event envelope version 2; expected 1",
    }
