"""Loading vectors for a conformance run: names, order, filters, request cases and bad files."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from streamspec._errors import SpecError, UsageError
from streamspec._resources import spec_dir
from streamspec.conform._vectors import (
    EXPECTATION_KEYS,
    KINDS,
    LEVELS,
    load_cases,
    request_case,
    vectors_root,
)

ALL = list(load_cases())


def _readme_counts() -> Counter[tuple[str, str]]:
    """The per-kind, per-level case counts of spec/vectors/README.md's table."""
    text = (spec_dir() / "vectors" / "README.md").read_text(encoding="utf-8")
    counts: Counter[tuple[str, str]] = Counter()
    for kind, must, should, may in re.findall(
        r"^\| \[(\w+)\]\([^)]*\) \| [^|]* \| (\d+) \| (\d+) \| (\d+) \|$", text, re.MULTILINE
    ):
        for level, number in zip(LEVELS, (must, should, may), strict=True):
            counts[kind, level] = int(number)
    return counts


def test_every_shipped_case_loads_with_the_counts_the_vector_readme_states():
    """The loader finds exactly as many cases per kind and level as spec/vectors/README.md lists."""
    found = Counter((case.kind, case.level) for case in ALL)
    assert found == _readme_counts()
    assert len(_readme_counts()) == len(KINDS) * len(LEVELS)


def test_case_ids_are_unique_and_name_the_file():
    """Every case id is <file>#<name>, unique over the whole set, its file below <kind>/<level>/."""
    ids = [case.id for case in ALL]
    assert len(ids) == len(set(ids))
    for case in ALL:
        assert case.id == f"{case.file}#{case.name}"
        assert case.file.startswith(f"{case.kind}/{case.level}/")
        assert (vectors_root() / case.file).is_file()


def test_names_follow_each_kinds_rule():
    """Reduce .json and envelope cases are named by file stem, .jsonl lines by name, judge by id, pairing by position."""
    by_id = {case.id: case for case in ALL}
    assert (
        by_id["reduce/must/seed000.json#seed000"].case["expected"]["message"]["name"] == "TestAgent"
    )
    jsonl = [c for c in ALL if c.file.endswith(".jsonl")]
    assert jsonl
    assert all(c.name == c.case["name"] for c in jsonl)
    assert all(c.name == c.case["id"] for c in ALL if c.kind == "judge")
    assert all(c.name == Path(c.file).stem for c in ALL if c.kind == "envelope")
    pairing = [c for c in ALL if c.file == "pairing/must/check_openai.json"]
    assert [c.name for c in pairing] == [str(n) for n in range(len(pairing))]
    document = json.loads((vectors_root() / "pairing/must/check_openai.json").read_text())
    assert [c.case for c in pairing] == document["cases"]


def test_cases_come_in_kind_level_file_order():
    """Kinds run reduce, judge, envelope, pairing; levels must, should, may; files sorted."""
    order = [(KINDS.index(c.kind), LEVELS.index(c.level), c.file) for c in ALL]
    assert order == sorted(order)


def test_filters_select_by_kind_level_tag_and_substring():
    """Each filter keeps exactly the cases it names, and filters combine."""
    judge_should = list(load_cases(kinds=["judge"], levels=["should"]))
    assert judge_should
    assert {(c.kind, c.level) for c in judge_should} == {("judge", "should")}
    assert len(judge_should) == sum(1 for c in ALL if (c.kind, c.level) == ("judge", "should"))
    tagged = list(load_cases(tags=["invalid-field"]))
    assert tagged
    assert tagged == [c for c in ALL if "invalid-field" in c.tags]
    picked = list(load_cases(substring="SEED000"))
    assert [c.id for c in picked] == [c.id for c in ALL if "seed000" in c.id.lower()]
    assert list(load_cases(kinds=["pairing"], substring="seed000")) == []


def test_after_each_is_true_only_for_reduce_cases_that_expect_it():
    """after_each marks exactly the reduce cases whose expectation lists a message per event."""
    marked = [c for c in ALL if c.after_each]
    assert marked
    assert all(c.kind == "reduce" and "after_each" in c.case["expected"] for c in marked)
    assert not any(c.after_each for c in ALL if c.kind != "reduce")
    assert any(c.kind == "reduce" and not c.after_each for c in ALL)


def test_request_case_removes_every_expectation_and_nothing_else():
    """The case sent to a program lacks expected, problems and seed_expected, and the vector is untouched."""
    seed = next(c for c in ALL if c.kind == "judge" and "seed_expected" in c.case)
    before = json.dumps(seed.case, sort_keys=True)
    request = request_case(seed.case)
    assert not set(request) & set(EXPECTATION_KEYS)
    assert set(request) == set(seed.case) - set(EXPECTATION_KEYS)
    assert {"id", "description", "from", "input"} <= set(request)
    assert json.dumps(seed.case, sort_keys=True) == before


def test_the_expectation_keys_are_the_three_the_vector_format_names():
    """spec/protocol/README.md's three expectation keys, spelled out here, are what a runner
    removes, and each is in some vector, so a runner that sent one would be caught."""
    assert set(EXPECTATION_KEYS) == {"expected", "problems", "seed_expected"}
    with_problems = next(c for c in ALL if "problems" in c.case)
    assert "problems" not in request_case(with_problems.case)
    assert all(any(key in c.case for c in ALL) for key in EXPECTATION_KEYS)


def test_unknown_kind_or_level_is_a_usage_error():
    """Asking for a kind or level that does not exist raises UsageError naming it."""
    with pytest.raises(UsageError) as info:
        list(load_cases(kinds=["reduce", "render"]))
    assert "unknown kind render" in str(info.value)
    with pytest.raises(UsageError) as info:
        list(load_cases(levels=["must", "could"]))
    assert "unknown level could" in str(info.value)


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_vectors_root_can_be_any_folder(tmp_path: Path):
    """A folder laid out as <kind>/<level>/<file> loads; other files and missing levels are ignored."""
    _write(tmp_path, "reduce/must/a.json", json.dumps({"events": [], "expected": {}}))
    _write(tmp_path, "reduce/must/README.md", "not a vector")
    _write(
        tmp_path,
        "reduce/may/b.jsonl",
        '{"name": "x", "events": [], "expected": {}, "tags": ["t"]}\n\n{"name": "y", "events": [], "expected": {}}\n',
    )
    cases = list(load_cases(tmp_path))
    assert [c.id for c in cases] == [
        "reduce/must/a.json#a",
        "reduce/may/b.jsonl#x",
        "reduce/may/b.jsonl#y",
    ]
    assert cases[1].tags == ("t",)
    assert [c.id for c in load_cases(tmp_path, tags=["t"])] == ["reduce/may/b.jsonl#x"]


def test_a_vector_keeps_an_integer_past_64_bits_exact(tmp_path: Path):
    """spec/README.md §1: a runner reads integers of any size exactly, vector files included."""
    event = {"type": "MODEL_CALL_END", "reply_id": "r", "input_tokens": 2**70 + 1}
    _write(tmp_path, "reduce/must/a.json", json.dumps({"events": [event], "expected": {}}))
    _write(
        tmp_path,
        "reduce/may/b.jsonl",
        json.dumps({"name": "x", "events": [event], "expected": {}}) + "\n",
    )
    found = [case.case["events"][0]["input_tokens"] for case in load_cases(tmp_path)]
    assert [json.dumps(number) for number in found] == [str(2**70 + 1)] * 2


def test_a_malformed_file_lists_every_problem_with_its_path(tmp_path: Path):
    """A file with several bad cases raises one SpecError naming the file and each problem's path; nothing is yielded."""
    bad = {
        "cases": [
            {"from": "canonical", "input": [], "expected": []},
            3,
            {"id": "a", "from": "canonical", "input": [], "expected": [], "tags": [1]},
            {"id": "a", "from": "canonical", "input": [], "expected": []},
        ]
    }
    _write(tmp_path, "judge/must/bad.json", json.dumps(bad))
    with pytest.raises(SpecError) as info:
        list(load_cases(tmp_path))
    assert info.value.problems == (
        "missing key id @ $.cases[0].id",
        "a case must be an object @ $.cases[1]",
        "tags must be an array of strings @ $.cases[2].tags",
        "the name 'a' is not unique in its file @ $.cases[3]",
    )
    assert str(info.value).startswith("judge/must/bad.json: ")


def test_a_file_that_is_not_json_is_a_spec_error(tmp_path: Path):
    """A vector file that does not parse raises SpecError at $ and a .jsonl line without a name is named."""
    _write(tmp_path, "envelope/must/broken.json", "{not json")
    with pytest.raises(SpecError) as info:
        list(load_cases(tmp_path))
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith("not JSON")
    assert info.value.problems[0].endswith("@ $")
    _write(tmp_path, "envelope/must/broken.json", json.dumps({"kind": "read", "expected": {}}))
    _write(tmp_path, "reduce/must/lines.jsonl", '{"events": [], "expected": {}}\n')
    with pytest.raises(SpecError) as info:
        list(load_cases(tmp_path))
    assert info.value.problems == ("a .jsonl vector needs a string name @ $[0].name",)


@pytest.mark.parametrize("kind", ["judge", "pairing"])
@pytest.mark.parametrize("document", [[], {}, {"cases": {}}])
def test_a_judge_or_pairing_file_without_a_cases_array_is_a_spec_error(
    tmp_path: Path, kind: str, document: object
):
    """A judge or pairing file holds its cases in a ``cases`` array; without one nothing loads."""
    _write(tmp_path, f"{kind}/must/bad.json", json.dumps(document))
    with pytest.raises(SpecError) as info:
        list(load_cases(tmp_path))
    assert str(info.value).startswith(f"{kind}/must/bad.json")
    assert info.value.problems == ("the file needs a cases array @ $.cases",)
