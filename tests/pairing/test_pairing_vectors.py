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
    """The must, should and may folders each hold at least one vector file, and nothing else is a level."""
    for level in ("must", "should", "may"):
        assert list((VECTORS / level).glob("*.json")), level
    assert {p.name for p in VECTORS.iterdir() if p.is_dir()} == {"must", "should", "may"}


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


def _violations(violations: list[Any], expected: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Violations as a vector states them: index and rule, plus the upstream text where asked."""
    texts = len(expected) == len(violations) and all("upstream_error" in e for e in expected)
    out = []
    for violation in violations:
        item = {"index": violation.index, "rule": violation.rule.value}
        if texts:
            item["upstream_error"] = violation.message
        out.append(item)
    return out


@pytest.mark.parametrize("case", _cases())
def test_vector_case_holds(case: dict[str, Any]):
    """The reference implementation produces exactly what the vector expects."""
    expected = case["expected"]
    operation = case["operation"]
    if operation in SEED_STEPS:
        out, report_changed = SEED_STEPS[operation](case["input"])
        actions: list[dict[str, Any]] = []
    elif operation == "check":
        violations = check_history(case["input"], case["dialect"])
        assert _violations(violations, expected["violations"]) == expected["violations"]
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
        actions = [a.to_dict() for a in report.actions]
        want = expected.get("unrepaired", [])
        assert _violations(list(report.unrepaired), want) == want
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


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(VECTORS)))
def test_upstream_texts_are_compared_only_at_level_may(path: Path):
    """A vector states an upstream error text only under may/: must and should compare rules, not texts."""
    document = orjson.loads(path.read_bytes())
    texts = [
        v
        for case in document["cases"]
        for key in ("violations", "unrepaired")
        for v in case["expected"].get(key, [])
        if "upstream_error" in v
    ]
    if path.parent.name != "may":
        assert texts == []


def test_every_upstream_template_has_a_vector():
    """Each error template of each dialect is reproduced by some may/ vector."""
    covered: set[tuple[str, str]] = set()
    for path in sorted((VECTORS / "may").glob("*.json")):
        for case in orjson.loads(path.read_bytes())["cases"]:
            for v in case["expected"].get("violations", []):
                if "upstream_error" in v:
                    covered.add((case["dialect"], v["rule"]))
    wanted = {
        (token, rule.value) for token in dialect_tokens() for rule in get_dialect(token).errors
    }
    assert wanted - covered == set()


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


def test_the_schema_rejects_a_violation_with_a_message():
    """A violation that carries a free-text message fails the schema: runners compare rules."""
    bad = {
        "description": "x",
        "cases": [
            {
                "description": "y",
                "operation": "check",
                "dialect": "openai",
                "input": [],
                "expected": {"violations": [{"index": 0, "rule": "stray_result", "message": "m"}]},
            }
        ],
    }
    errors = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(bad))
    assert any("message" in e.message for e in errors)
