"""Every diagnostic code of the envelope and judge parts is pinned by an expected result of some vector."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from streamspec._diagnostics import CODE_INFO
from streamspec._resources import spec_dir

ROOT = spec_dir() / "vectors"

#: The codes the envelope reader, the a3s importer, conversion and the judge's readers report.
CODES = (
    "unsupported_version",
    "duplicate_sequence",
    "sequence_gap",
    "sequence_regression",
    "opaque_event",
    "unknown_record",
    "no_known_types",
    "uncorrelated_external_task",
    "not_expressible",
    "usage_mismatch",
    "unreadable_line",
    "unknown_event_type",
    "source_violation",
)


def _envelope_codes(vector: dict[str, Any]) -> Iterator[str]:
    expected = vector["expected"]
    for line in expected.get("lines", []):
        if line["problem"] is not None:
            yield line["problem"]["code"]
    for output in expected.get("outputs", []):
        yield from (p["code"] for p in output["problems"])


def _judge_codes(document: dict[str, Any]) -> Iterator[str]:
    for case in document["cases"]:
        yield from (p["code"] for p in case.get("problems", []))


def expected_codes() -> set[str]:
    """Return every code an envelope or judge vector expects."""
    found: set[str] = set()
    for path in (ROOT / "envelope").glob("*/*.json"):
        found.update(_envelope_codes(json.loads(path.read_text(encoding="utf-8"))))
    for path in (ROOT / "judge").glob("*/*.json"):
        found.update(_judge_codes(json.loads(path.read_text(encoding="utf-8"))))
    return found


@pytest.mark.parametrize("code", CODES)
def test_code_has_a_vector(code: str) -> None:
    """The code is a code of spec/violations.json and some envelope or judge vector expects it."""
    assert code in CODE_INFO
    assert code in expected_codes()


def test_vectors_expect_only_known_codes() -> None:
    """Every code an envelope or judge vector expects is in spec/violations.json."""
    assert expected_codes() - set(CODE_INFO) == set()
