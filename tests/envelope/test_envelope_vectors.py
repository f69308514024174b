"""The envelope conformance vectors are valid, fresh, levelled, and replay on the reference implementation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from streamspec._diagnostics import CODE_INFO, Severity
from streamspec._resources import spec_dir
from streamspec.envelope._projection import ROWS
from streamspec.envelope._vectors import (
    CASES,
    LEVELS,
    convert_result,
    main,
    projection_result,
    read_result,
    vector_path,
)
from streamspec.sources import PROVIDER_SOURCES

ROOT = spec_dir() / "vectors" / "envelope"
FILES = sorted(ROOT.glob("*/*.json"))
PROVIDERS = {source.name for source in PROVIDER_SOURCES}
SCHEMA = json.loads((spec_dir() / "schema" / "envelope_vector.schema.json").read_text())
SEED_001_WORDS = "unsupported event envelope version 2; expected 1"


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_envelope_vectors_are_fresh() -> None:
    """Regenerating the envelope vectors changes no file, and no file is left over from an old layout."""
    assert main(["--check"]) == 0
    assert set(FILES) == {vector_path(name) for name in CASES}


def test_every_level_has_vectors() -> None:
    """must, should and may each hold at least one envelope vector, and nothing else is a level."""
    assert {path.parent.name for path in FILES} == set(LEVELS)
    assert {p.name for p in ROOT.iterdir() if p.is_dir()} == set(LEVELS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_envelope_vector_is_valid_and_replays(path: Path) -> None:
    """A vector validates against its schema and the reference runner reproduces its expectation exactly."""
    vector = _load(path)
    jsonschema.Draft202012Validator(SCHEMA).validate(vector)
    if vector["kind"] == "projection":
        got = projection_result(vector["envelope"])
    elif vector["kind"] == "convert":
        got = convert_result(vector["source"], vector["target"], vector["input"])
    else:
        got = read_result(vector["source"], vector["input"])
    assert got == vector["expected"]


def test_schema_rejects_a_problem_with_a_free_text_message() -> None:
    """A problem that carries a message, or a normative_message for any code but unsupported_version, fails the schema."""
    vector = _load(ROOT / "must" / "agentscope-lines.json")
    bad_line = next(e for e in vector["expected"]["lines"] if e["problem"])
    bad_line["problem"]["message"] = "not JSON"
    errors = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(vector))
    assert errors
    del bad_line["problem"]["message"]
    bad_line["problem"]["normative_message"] = "not JSON"
    assert list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(vector))


def test_version_vector_pins_the_seed_message() -> None:
    """The unsupported-version vector carries seed 001's exact words as its normative message."""
    vector = _load(ROOT / "must" / "unsupported-version.json")
    problems = [e["problem"] for e in vector["expected"]["lines"] if e["problem"]]
    assert problems == [
        {
            "code": "unsupported_version",
            "details": {"line": 1, "version": 2},
            "normative_message": SEED_001_WORDS,
        }
    ]


def _a3s_projection(vector: dict[str, Any]) -> bool:
    row = ROWS.get(vector["envelope"]["type"])
    return row is not None and row.source == "a3s"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a3s_and_provider_vectors_are_optional(path: Path) -> None:
    """A vector is under may/ exactly when it reads the a3s source or a provider source, or
    projects an a3s type."""
    vector = _load(path)
    if vector["kind"] == "projection":
        optional = _a3s_projection(vector)
    else:
        optional = vector["source"] == "a3s" or vector["source"] in PROVIDERS
    assert (path.parent.name == "may") == optional


def test_should_vectors_report_only_warnings() -> None:
    """Every problem a should/ vector expects is a warning of spec/violations.json: advice, never a rejection."""
    seen = []
    for path in sorted((ROOT / "should").glob("*.json")):
        vector = _load(path)
        seen += [e["problem"]["code"] for e in vector["expected"]["lines"] if e["problem"]]
    assert seen
    assert {CODE_INFO[code].severity for code in seen} == {Severity.WARNING}
