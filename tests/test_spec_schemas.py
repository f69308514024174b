"""The spec files against their JSON Schemas, and the loader's all-at-once errors."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from streamspec import SpecError
from streamspec._tables import parse_machine_file

SPEC = Path(__file__).resolve().parent.parent / "spec"
SCHEMAS = SPEC / "schema"
MACHINE_FILES = sorted((SPEC / "machines").glob("*.json"))


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _validator(name: str) -> Draft202012Validator:
    schema = _load(SCHEMAS / name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _errors(validator: Draft202012Validator, document: Any) -> list[str]:
    return sorted(f"{e.json_path}: {e.message}" for e in validator.iter_errors(document))


@pytest.mark.parametrize("name", ["machine", "routing", "violations", "actions", "message"])
def test_schema_is_valid_2020_12(name: str) -> None:
    """Each schema is itself a valid JSON Schema 2020-12 document."""
    schema = _load(SCHEMAS / f"{name}.schema.json")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_machine_files_exist() -> None:
    """spec/machines holds (at least) the reply, block and tool tables."""
    assert {"block.json", "reply.json", "tool.json"} <= {p.name for p in MACHINE_FILES}


@pytest.mark.parametrize("path", MACHINE_FILES, ids=lambda p: p.name)
def test_machine_file_matches_schema(path: Path) -> None:
    """Every machine table file validates against machine.schema.json."""
    assert _errors(_validator("machine.schema.json"), _load(path)) == []


def test_routing_matches_schema() -> None:
    """spec/routing.json validates against routing.schema.json."""
    assert _errors(_validator("routing.schema.json"), _load(SPEC / "routing.json")) == []


def test_violations_match_schema() -> None:
    """spec/violations.json validates against violations.schema.json."""
    assert _errors(_validator("violations.schema.json"), _load(SPEC / "violations.json")) == []


def test_actions_match_schema() -> None:
    """spec/actions.json validates against actions.schema.json."""
    assert _errors(_validator("actions.schema.json"), _load(SPEC / "actions.json")) == []


def test_actions_schema_rejects_an_unknown_operation() -> None:
    """An effect outside the closed operation vocabulary fails the schema at its path."""
    document = copy.deepcopy(_load(SPEC / "actions.json"))
    effect = document["actions"]["block_ended"]["cases"][0]["effects"][0]
    effect["op"] = "prepend"
    paths = {e.split(":")[0] for e in _errors(_validator("actions.schema.json"), document)}
    assert "$.actions.block_ended.cases[0].effects[0]" in paths


def test_spec_files_point_at_their_schemas() -> None:
    """Each spec file's ``$schema`` names the schema file that describes it."""
    for path in MACHINE_FILES:
        assert (path.parent / _load(path)["$schema"]).resolve() == SCHEMAS / "machine.schema.json"
    assert (
        SPEC / _load(SPEC / "routing.json")["$schema"]
    ).resolve() == SCHEMAS / "routing.schema.json"
    assert (SPEC / _load(SPEC / "violations.json")["$schema"]).resolve() == (
        SCHEMAS / "violations.schema.json"
    )
    assert (SPEC / _load(SPEC / "actions.json")["$schema"]).resolve() == (
        SCHEMAS / "actions.schema.json"
    )


def _broken_table() -> dict[str, Any]:
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    machine = document["machines"][0]
    machine["states"][1]["final"] = "no"  # wrong type
    del machine["states"][2]["settled"]  # missing field
    machine["rows"][0]["guard"] = {"field": "x"}  # guard without equals
    machine["rows"][2]["target"] = 3  # wrong type
    machine["rows"].append(dict(machine["rows"][3], source="nowhere"))  # unknown state
    return document


def test_schema_rejects_broken_table_at_every_path() -> None:
    """The schema finds every problem of a table broken in several places."""
    errors = _errors(_validator("machine.schema.json"), _broken_table())
    paths = {e.split(":")[0] for e in errors}
    assert {
        "$.machines[0].states[1].final",
        "$.machines[0].states[2]",
        "$.machines[0].rows[0].guard",
        "$.machines[0].rows[2].target",
    } <= paths


def test_loader_reports_every_problem_with_its_path() -> None:
    """parse_machine_file lists all problems of a broken table at once, each with a JSON path."""
    with pytest.raises(SpecError) as caught:
        parse_machine_file(_broken_table())
    problems = caught.value.problems
    expected_paths = [
        "@ $.machines[0].states[1].final",
        "@ $.machines[0].states[2]",
        "@ $.machines[0].rows[0].guard",
        "@ $.machines[0].rows[2].target",
    ]
    for path in expected_paths:
        assert any(p.endswith(path) for p in problems), (path, problems)
    assert len(problems) >= len(expected_paths)
    assert all(" @ $" in p for p in problems)


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("action", 7, "expected str or null, got int @ $.machines[0].rows[1].action"),
        ("guard", [], "expected dict or null, got list @ $.machines[0].rows[1].guard"),
        ("target", None, "expected str, got null @ $.machines[0].rows[1].target"),
    ],
)
def test_loader_names_the_types_a_field_takes(field: str, value: Any, expected: str) -> None:
    """A field of the wrong type is reported with every type it takes, JSON null by name."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    document["machines"][0]["rows"][1][field] = value
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    assert expected in caught.value.problems


def test_loader_reports_cross_reference_problems_together() -> None:
    """Unknown states, unknown events, rows from a final state and a bad initial are all listed."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    machine = document["machines"][0]
    machine["initial"] = "limbo"
    machine["rows"].append(
        {
            "source": "closed",
            "event": "delta",
            "guard": None,
            "target": "open",
            "action": None,
            "ref": None,
        }
    )
    machine["rows"].append(
        {
            "source": "open",
            "event": "rewind",
            "guard": None,
            "target": "nowhere",
            "action": None,
            "ref": None,
        }
    )
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    problems = caught.value.problems
    assert any(p.endswith("@ $.machines[0].initial") for p in problems)
    assert any(p.endswith("@ $.machines[0].rows[4].source") and "final" in p for p in problems)
    assert any(p.endswith("@ $.machines[0].rows[5].event") for p in problems)
    assert any(p.endswith("@ $.machines[0].rows[5].target") for p in problems)
    assert len(problems) == 4


def test_loader_accepts_every_shipped_table() -> None:
    """Every shipped table parses with no problem."""
    names = [spec.name for path in MACHINE_FILES for spec in parse_machine_file(_load(path))]
    assert {"block", "reply", "tool_call", "tool_result"} <= set(names)
    assert len(names) == len(set(names))


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set ``machines[0]``'s ``path`` (dotted, integer parts index lists) to ``value``."""

    def change(machine: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        here: Any = machine
        for part in parents:
            here = here[int(part)] if part.isdigit() else here[part]
        here[int(last) if last.isdigit() else last] = value

    return change


def _append_row(**row: Any) -> Callable[[dict[str, Any]], None]:
    return lambda machine: machine["rows"].append(
        {"guard": None, "action": None, "ref": None, **row}
    )


#: One break of block.json's machine and the one problem the loader must name, written out.
_ONE_PROBLEM = [
    (_set("states.1", "open"), "a state must be an object @ $.machines[0].states[1]"),
    (
        _set("states.2.settled", True),
        "a state cannot be both final and settled @ $.machines[0].states[2]",
    ),
    (_set("rows.0", []), "a row must be an object @ $.machines[0].rows[0]"),
    (
        _set("rows.0.guard", {"field": "x"}),
        "required field missing: 'equals' @ $.machines[0].rows[0].guard",
    ),
    (
        _set("rows.0.guard", {"field": "x", "equals": [1]}),
        "a guard compares with a JSON scalar @ $.machines[0].rows[0].guard.equals",
    ),
    (
        lambda machine: machine["events"].append(7),
        "an event name must be a string @ $.machines[0].events[4]",
    ),
    (_set("initial", "nowhere"), "unknown state 'nowhere' @ $.machines[0].initial"),
    (
        _append_row(source="open", event="start", target="nowhere"),
        "unknown state 'nowhere' @ $.machines[0].rows[{last}].target",
    ),
    (
        _append_row(source="open", event="ping", target="open"),
        "event 'ping' is not in the machine's events @ $.machines[0].rows[{last}].event",
    ),
    (
        _append_row(source="closed", event="start", target="closed"),
        "final state 'closed' cannot have rows @ $.machines[0].rows[{last}].source",
    ),
    (
        lambda machine: machine["states"].append(dict(machine["states"][0])),
        "state 'absent' is declared twice @ $.machines[0].states",
    ),
]


@pytest.mark.parametrize(("change", "problem"), _ONE_PROBLEM)
def test_each_malformed_machine_gets_its_own_words(
    change: Callable[[dict[str, Any]], None], problem: str
) -> None:
    """Each check of the loader names its problem in its own words, at its path, alone."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    change(document["machines"][0])
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    last = len(document["machines"][0]["rows"]) - 1
    assert list(caught.value.problems) == [problem.format(last=last)]


def test_a_machine_that_is_not_an_object_is_named() -> None:
    """An entry of ``machines`` that is not an object is one problem at its index."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    document["machines"].append("block")
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    assert list(caught.value.problems) == ["a machine must be an object @ $.machines[1]"]


@pytest.mark.parametrize("document", [[], {}, {"machines": {}}, {"machines": None}])
def test_a_machine_file_without_a_list_of_machines_is_refused_at_its_root(document: Any) -> None:
    """Nothing is read from a document that is no object with a ``machines`` list."""
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document, "$file")
    assert caught.value.problems == ("expected an object with a list 'machines' @ $file",)


def test_a_repeated_row_is_named_with_both_places_and_the_other_machines_still_checked() -> None:
    """A row repeated in one machine is a problem at its second place naming the first; the
    machine after it in the file is checked too."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    machine = document["machines"][0]
    first = machine["rows"][0]
    machine["rows"].append(dict(first))
    document["machines"].append(dict(copy.deepcopy(machine), initial="limbo"))
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    at = len(machine["rows"]) - 1
    guard = f", {first['guard']}" if first["guard"] else ""
    assert caught.value.problems[0] == (
        f"duplicate row ({first['source']}, {first['event']}{guard}), first at "
        f"$.machines[0].rows[0] @ $.machines[0].rows[{at}]"
    )
    assert any(
        p.startswith("duplicate row") and "$.machines[1].rows" in p for p in caught.value.problems
    )


def test_a_machine_names_its_states_and_no_other() -> None:
    """``MachineSpec.state`` finds a state by name and raises KeyError for any other."""
    from streamspec._machines import MACHINES

    block = MACHINES["block"]
    assert block.state(block.initial).name == block.initial
    with pytest.raises(KeyError):
        block.state("limbo")


def test_loader_reads_on_past_a_machine_that_is_not_an_object() -> None:
    """A machine that is not an object is reported, and the machines after it are still
    read: their problems are in the same list."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    second = copy.deepcopy(document["machines"][0])
    second["initial"] = "limbo"
    document["machines"] = [5, second]
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    assert caught.value.problems[0] == "a machine must be an object @ $.machines[0]"
    assert any(p.endswith("@ $.machines[1].initial") for p in caught.value.problems)


@pytest.mark.parametrize("field", ["machine", "description", "initial"])
def test_a_machine_missing_a_field_is_reported_for_that_field_alone(field: str) -> None:
    """A machine without its name, description or initial state is not checked further:
    the one problem names the missing field."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    del document["machines"][0][field]
    with pytest.raises(SpecError) as caught:
        parse_machine_file(document)
    assert caught.value.problems == (f"required field missing: {field!r} @ $.machines[0]",)


def test_a_state_without_a_doc_has_an_empty_one() -> None:
    """``doc`` is optional for a state: one without it reads as the empty text."""
    document = copy.deepcopy(_load(SPEC / "machines" / "block.json"))
    del document["machines"][0]["states"][0]["doc"]
    (machine,) = parse_machine_file(document)
    assert machine.states[0].doc == ""
    assert machine.states[1].doc != ""
