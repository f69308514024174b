"""Every pairing vector file is valid under its schema and holds for the reference code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from streamspec._resources import spec_dir
from streamspec.pairing import (
    check_history,
    cleanup_orphan_tool_calls,
    dialect_tokens,
    get_dialect,
    merge_adjacent_tool_calls,
    repack_tool_result_blocks,
    repair,
    summarize,
)

VECTORS = spec_dir() / "vectors" / "pairing"
SCHEMA = orjson.loads((spec_dir() / "schema" / "pairing_vector.schema.json").read_bytes())
FILES = sorted(VECTORS.rglob("*.json"))
SEED_STEPS = {
    "merge_adjacent_tool_calls": merge_adjacent_tool_calls,
    "repack_tool_result_blocks": repack_tool_result_blocks,
    "cleanup_orphan_tool_calls": cleanup_orphan_tool_calls,
}


def _cases() -> list[Any]:
    out = []
    for path in FILES:
        for number, case in enumerate(orjson.loads(path.read_bytes())["cases"]):
            rel = path.relative_to(VECTORS)
            out.append(pytest.param(case, id=f"{rel}#{number}:{case['description'][:40]}"))
    return out


def test_vector_folders_exist_and_hold_files():
    """The must, should and may folders each hold at least one vector file."""
    for level in ("must", "should", "may"):
        assert list((VECTORS / level).glob("*.json")), level


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(VECTORS)))
def test_vector_file_is_valid_under_the_schema(path: Path):
    """The vector file validates against spec/schema/pairing_vector.schema.json."""
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    errors = list(
        jsonschema.Draft202012Validator(SCHEMA).iter_errors(orjson.loads(path.read_bytes()))
    )
    assert errors == [], [e.message for e in errors]


def test_the_schema_rejects_a_check_case_without_a_dialect():
    """A check case that names no dialect fails the schema."""
    bad = {
        "description": "x",
        "cases": [
            {"description": "y", "operation": "check", "input": [], "expected": {"violations": []}}
        ],
    }
    errors = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(bad))
    assert errors
    assert any("dialect" in e.message for e in errors)


def _project_violations(
    violations: list[Any], expected: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    return [
        {key: v.to_dict()[key] for key in want}
        for v, want in zip(violations, expected, strict=False)
    ]


@pytest.mark.parametrize("case", _cases())
def test_vector_case_holds(case: dict[str, Any]):
    """The reference implementation produces what the vector expects."""
    expected = case["expected"]
    operation = case["operation"]
    if operation in SEED_STEPS:
        out, changed = SEED_STEPS[operation](case["input"])
        report_changed = changed
        unrepaired: list[Any] = []
        actions: list[dict[str, Any]] = []
    elif operation == "check":
        violations = check_history(case["input"], case["dialect"])
        assert len(violations) == len(expected["violations"]), [v.to_dict() for v in violations]
        assert _project_violations(violations, expected["violations"]) == expected["violations"]
        return
    else:
        options = case.get("options", {})
        out, report = repair(
            case["input"],
            case["dialect"],
            orphans=options.get("orphans", "drop"),
            fixes=options.get("fixes", ()),
        )
        report_changed = report.changed
        unrepaired = [v.to_dict() for v in report.unrepaired]
        actions = [a.to_dict() for a in report.actions]
        assert [{"index": v["index"], "rule": v["rule"]} for v in unrepaired] == expected.get(
            "unrepaired", []
        )
    if "summary" in expected:
        assert summarize(out) == expected["summary"]
    if "messages" in expected:
        assert out == expected["messages"]
    if "changed" in expected:
        assert report_changed == expected["changed"]
    if "actions" in expected:
        assert len(actions) == len(expected["actions"]), actions
        assert [
            {k: a.get(k) for k in want}
            for a, want in zip(actions, expected["actions"], strict=True)
        ] == expected["actions"]


@pytest.mark.parametrize("token", dialect_tokens())
def test_every_rule_of_every_dialect_has_check_and_repair_vectors(token: str):
    """Each rule a dialect checks has a check vector expecting it and a repair vector for it."""
    checked: set[str] = set()
    repaired: set[str] = set()
    for path in FILES:
        for case in orjson.loads(path.read_bytes())["cases"]:
            if case.get("dialect") != token:
                continue
            if case["operation"] == "check":
                checked |= {v["rule"] for v in case["expected"]["violations"]}
            elif case["operation"] == "repair":
                repaired |= {v.rule.value for v in check_history(case["input"], token)}
    rules = {rule.value for rule in get_dialect(token).rules}
    assert rules - checked == set()
    assert rules - repaired == set()
