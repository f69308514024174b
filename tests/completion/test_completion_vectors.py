"""The judge vectors: every case, every field, exactly."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from streamspec._errors import SpecError
from streamspec._resources import spec_dir
from streamspec.completion._vectors import iter_vector_files, load_vector_file, run_case

ROOT = spec_dir() / "vectors" / "judge"
FILES = list(iter_vector_files(ROOT))
CASES = [
    pytest.param(case, id=f"{level}/{path.stem}/{case['id']}")
    for level, path in FILES
    for case in load_vector_file(path)["cases"]
]
SEED_FIELDS = ("terminal_state", "finish_reason", "usage_state", "final_text", "error_code")


def _schema(name: str) -> dict[str, object]:
    return json.loads((spec_dir() / "schema" / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", CASES)
def test_vector_matches_exactly(case: dict[str, object]) -> None:
    """Each case's verdicts (all fields, key order) and problems are exactly the vector's."""
    result = run_case(case)
    assert result["verdicts"] == case["expected"]
    assert result["problems"] == case.get("problems", [])


def test_every_level_has_vectors() -> None:
    """must, should and may each hold at least one vector file."""
    assert {level for level, _ in FILES} == {"must", "should", "may"}


@pytest.mark.parametrize("path", [p for _, p in FILES], ids=lambda p: p.stem)
def test_vector_file_follows_schema(path: Path) -> None:
    """Every vector file validates against spec/schema/judge_vector.schema.json."""
    jsonschema.validate(
        json.loads(path.read_text(encoding="utf-8")), _schema("judge_vector.schema.json")
    )


def test_seed_002_scenarios_are_all_there() -> None:
    """The must/seed002 file holds the seed's six scenarios, in the seed's order."""
    cases = load_vector_file(ROOT / "must" / "seed002.json")["cases"]
    assert [c["id"] for c in cases] == [
        "model-normal-completion",
        "model-truncated-by-length",
        "model-stream-close-without-finish",
        "model-midstream-error",
        "model-unknown-usage",
        "model-finish-after-message",
    ]


@pytest.mark.parametrize(
    "case", load_vector_file(ROOT / "must" / "seed002.json")["cases"], ids=lambda c: c["id"]
)
def test_seed_expectation_holds(case: dict[str, object]) -> None:
    """Every field the seed itself expects (notes aside) equals the judged verdict's field."""
    seed = case["seed_expected"]
    assert isinstance(seed, dict)
    (verdict,) = run_case(case)["verdicts"]
    checked = {k: v for k, v in seed.items() if k != "notes"}
    assert set(checked) <= set(SEED_FIELDS)
    assert {k: verdict[k] for k in checked} == checked


def test_finish_reasons_follow_schema() -> None:
    """spec/finish_reasons.json validates against its schema."""
    document = json.loads((spec_dir() / "finish_reasons.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, _schema("finish_reasons.schema.json"))


def test_bad_vector_file_lists_every_problem(tmp_path: Path) -> None:
    """A malformed vector file raises SpecError naming every bad case with its path."""
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"cases": [{"id": "a", "from": "x", "input": {}, "expected": []}, 3]})
    )
    with pytest.raises(SpecError) as info:
        load_vector_file(bad)
    assert (
        "from must be one of ['muse', 'agentscope', 'canonical', 'openai_chat', "
        "'openai_responses', 'anthropic', 'agui', 'vercel_ui'] @ $.cases[0].from"
        in info.value.problems
    )
    assert "required field missing @ $.cases[0].description" in info.value.problems
    assert "expected array @ $.cases[0].input" in info.value.problems
    assert "a case is an object @ $.cases[1]" in info.value.problems


@pytest.mark.parametrize("key", ["id", "description", "from", "input", "expected"])
def test_each_required_case_field_is_named_when_missing(tmp_path: Path, key: str) -> None:
    """A case without one of its five required fields is refused with that field's path alone."""
    case = {"id": "a", "description": "d", "from": "muse", "input": [], "expected": []}
    del case[key]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"cases": [case]}))
    with pytest.raises(SpecError) as info:
        load_vector_file(bad)
    missing = [p for p in info.value.problems if p.startswith("required field missing")]
    assert missing == [f"required field missing @ $.cases[0].{key}"]


@pytest.mark.parametrize("document", [[], {}, {"cases": []}, {"cases": {}}])
def test_a_vector_file_without_cases_is_refused_at_its_root(
    tmp_path: Path, document: object
) -> None:
    """A vector file is an object with a non-empty ``cases`` array; nothing else is read."""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    with pytest.raises(SpecError) as info:
        load_vector_file(bad)
    assert str(info.value).startswith("invalid vector file bad.json")
    assert info.value.problems == ("expected a non-empty array 'cases' @ $.cases",)


def test_unknown_keys_and_repeated_ids_are_named(tmp_path: Path) -> None:
    """A key outside a case's fields and an id used twice are each one problem at their path."""
    case = {"id": "a", "description": "d", "from": "muse", "input": [], "expected": []}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"cases": [case, case | {"zz": 1, "aa": 2}]}))
    with pytest.raises(SpecError) as info:
        load_vector_file(bad)
    assert info.value.problems == (
        "unknown key @ $.cases[1].aa",
        "unknown key @ $.cases[1].zz",
        "duplicate id 'a' @ $.cases[1].id",
    )


def test_a_canonical_case_with_a_bad_event_names_its_input_line() -> None:
    """A canonical input event that does not decode stops the case, naming its input line."""
    case = {
        "id": "c",
        "description": "d",
        "from": "canonical",
        "input": [
            {"kind": "model_chunk", "call": "1", "channel": "text", "text": "x"},
            {"kind": "nope"},
        ],
        "expected": [],
    }
    with pytest.raises(SpecError) as info:
        run_case(case)
    assert info.value.problems == ("unknown kind 'nope' @ $.kind (input line 2)",)
