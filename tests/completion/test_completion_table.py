"""The completion table and the finish-reason table, tested as data."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from streamspec._errors import SpecError
from streamspec._resources import load_spec_json
from streamspec.completion._finish_reasons import (
    FinishClass,
    finish_class,
    parse_finish_reasons,
    vocabularies,
)
from streamspec.completion._judge import ACTIONS
from streamspec.completion._table import (
    COMPLETION_FILE,
    EVIDENCE_MACHINES,
    VERDICT_MACHINE,
    TerminalState,
    completion_table,
    parse_completion_document,
)

TABLE = completion_table()


def _reachable(name: str) -> set[str]:
    spec = TABLE.machines[name]
    seen, todo = {spec.initial}, [spec.initial]
    while todo:
        state = todo.pop()
        for row in spec.rows:
            if row.source == state and row.target not in seen:
                seen.add(row.target)
                todo.append(row.target)
    return seen


@pytest.mark.parametrize("name", [*EVIDENCE_MACHINES, VERDICT_MACHINE])
def test_every_state_is_reachable(name: str) -> None:
    """Every state of every completion machine is reachable from its initial state."""
    assert _reachable(name) == {s.name for s in TABLE.machines[name].states}


def test_every_action_has_a_handler() -> None:
    """Every action a row names is one the judge knows, and the judge knows no other."""
    actions = {row.action for spec in TABLE.machines.values() for row in spec.rows}
    assert actions == set(ACTIONS)


def test_verdict_wire_values_are_the_terminal_states() -> None:
    """The verdict states' wire values are exactly the TerminalState values."""
    assert {s.wire for s in TABLE.machines[VERDICT_MACHINE].states} == {
        t.value for t in TerminalState
    }


def test_finish_guard_values_are_the_finish_classes() -> None:
    """The finish_signal machine's guards test exactly the FinishClass values, from every state."""
    spec = TABLE.machines["finish_signal"]
    for state in spec.states:
        guards = {r.guard.equals for r in spec.rows if r.source == state.name and r.guard}
        assert guards == {c.value for c in FinishClass}


def _expected_terminal(finish: str, receipt: str, error: str) -> str:
    """A deliberately simple model of issue 3's precedence list."""
    if error == "errored" or finish == "failed":
        return "failed"
    if finish == "cut":
        return "truncated"
    if finish == "natural" and receipt == "received":
        return "completed"
    return "no_completion_basis"


JOINT = list(
    itertools.product(
        [s.name for s in TABLE.machines["finish_signal"].states],
        [s.name for s in TABLE.machines["receipt"].states],
        [s.name for s in TABLE.machines["error"].states],
    )
)


@pytest.mark.parametrize(("finish", "receipt", "error"), JOINT)
def test_joint_rules_give_the_precedence(finish: str, receipt: str, error: str) -> None:
    """From a fresh call, the joint rules settle each evidence state on the issue's verdict."""
    states = TABLE.initial_states()
    states.update(finish_signal=finish, receipt=receipt, error=error)
    TABLE.settle(states)
    wire = TABLE.compiled[VERDICT_MACHINE].wire[states[VERDICT_MACHINE]]
    assert wire == _expected_terminal(finish, receipt, error)


@pytest.mark.parametrize(("finish", "receipt", "error"), JOINT)
def test_joint_rules_reach_a_fixed_point_from_any_verdict(
    finish: str, receipt: str, error: str
) -> None:
    """From any verdict state the rules stop, and settling twice changes nothing."""
    for verdict in (s.name for s in TABLE.machines[VERDICT_MACHINE].states):
        states = TABLE.initial_states()
        states.update(finish_signal=finish, receipt=receipt, error=error, verdict=verdict)
        TABLE.settle(states)
        again = dict(states)
        assert TABLE.settle(again) == [] and again == states


def test_failed_is_the_only_final_verdict() -> None:
    """failed is the verdict's only final state, and it has no rows."""
    spec = TABLE.machines[VERDICT_MACHINE]
    assert [s.name for s in spec.states if s.final] == ["failed"]
    assert not [r for r in spec.rows if r.source == "failed"]


def test_bad_joint_rules_are_all_reported() -> None:
    """Bad joint rules, routes and usage maps raise one SpecError naming each with its path."""
    document: Any = copy.deepcopy(load_spec_json(COMPLETION_FILE))
    document["joint"]["rules"][0]["when"] = {"error": ["exploded"]}
    document["joint"]["rules"][1]["event"] = "nope"
    document["routes"]["events"]["model_chunk"]["machine"] = "verdict"
    document["usage"]["sources"]["muse"]["x"] = "tokens"
    with pytest.raises(SpecError) as info:
        parse_completion_document(document)
    assert info.value.problems == (
        "unknown state 'exploded' of 'error' @ $.joint.rules[0].when.error",
        "event 'nope' is not an event of the verdict machine @ $.joint.rules[1].event",
        "'verdict' is not an evidence machine @ $.routes.events.model_chunk.machine",
        "'tokens' is not a usage field @ $.usage.sources.muse.x",
    )


@pytest.mark.parametrize(
    ("usage", "problems"),
    [
        ([], ("expected an object 'usage' @ $.usage",)),
        ({"fields": ["tokens"], "sources": []}, ("expected an object @ $.usage.sources",)),
        (
            {"fields": ["tokens"], "sources": {"muse": 1, "a3s": {"n": "tokens"}}},
            ("expected an object @ $.usage.sources.muse",),
        ),
    ],
)
def test_malformed_usage_maps_are_reported(usage: Any, problems: tuple[str, ...]) -> None:
    """A usage map of the wrong shape is a SpecError naming its path, never a crash."""
    document: Any = copy.deepcopy(load_spec_json(COMPLETION_FILE))
    document["usage"] = usage
    with pytest.raises(SpecError) as info:
        parse_completion_document(document)
    assert info.value.problems == problems


def test_evidence_machine_missing_a_row_is_reported() -> None:
    """An evidence machine that would reject some evidence is a spec error."""
    document: Any = copy.deepcopy(load_spec_json(COMPLETION_FILE))
    receipt = next(m for m in document["machines"] if m["machine"] == "receipt")
    receipt["rows"] = receipt["rows"][:1]
    with pytest.raises(SpecError) as info:
        parse_completion_document(document)
    assert info.value.problems == (
        "evidence is never illegal: (received, receipt) has no row @ $.machines[receipt]",
    )


REQUIRED_WORDS = {
    "openai_chat": {"stop", "length", "tool_calls", "content_filter"},
    "openai_responses": {
        "completed",
        "failed",
        "incomplete/max_output_tokens",
        "incomplete/content_filter",
    },
    "anthropic": {
        "end_turn",
        "max_tokens",
        "stop_sequence",
        "tool_use",
        "pause_turn",
        "refusal",
        "model_context_window_exceeded",
    },
    "gemini": {"STOP", "MAX_TOKENS", "SAFETY"},
    "vercel_ai": {
        "stop",
        "length",
        "content-filter",
        "tool-calls",
        "error",
        "interrupted",
        "other",
    },
    "ag_ui": {"success", "interrupt", "cancelled"},
    "agentscope": {"completed", "interrupted"},
    "muse": {"stop", "length", "aborted", "error"},
}


@pytest.mark.parametrize("vocabulary", sorted(REQUIRED_WORDS))
def test_every_required_vocabulary_is_mapped(vocabulary: str) -> None:
    """Each vocabulary the issue names lists at least its required words, each with a reason."""
    table = vocabularies()[vocabulary]
    words = {r.reason for r in table.reasons}
    assert REQUIRED_WORDS[vocabulary] <= words
    assert all(r.why for r in table.reasons)


@pytest.mark.parametrize(
    ("vocabulary", "reason", "expected"),
    [
        ("muse", "stop", FinishClass.NATURAL),
        ("muse", "length", FinishClass.CUT),
        ("anthropic", "refusal", FinishClass.CUT),
        ("vercel_ai", "interrupted", FinishClass.UNKNOWN),
        ("muse", "never-heard-of", FinishClass.UNKNOWN),
        ("no_such_vocabulary", "stop", FinishClass.UNKNOWN),
        ("muse", None, FinishClass.UNKNOWN),
    ],
)
def test_finish_class_lookup(vocabulary: str, reason: str | None, expected: FinishClass) -> None:
    """finish_class reads listed words from the table and everything else as unknown."""
    assert finish_class(vocabulary, reason) is expected


def test_bad_finish_reasons_are_all_reported() -> None:
    """A malformed finish-reason table raises SpecError naming every problem with its path."""
    document = {
        "vocabularies": [
            {
                "vocabulary": "v",
                "name": "V",
                "field": "f",
                "source": "s",
                "reasons": [
                    {"reason": "a", "class": "fine", "why": "x"},
                    {"reason": "b", "class": "cut", "why": "x"},
                    {"reason": "b", "class": "cut", "why": "x"},
                ],
            },
            {"vocabulary": "v", "name": 3, "field": "f", "source": "s", "reasons": []},
        ]
    }
    with pytest.raises(SpecError) as info:
        parse_finish_reasons(document)
    assert info.value.problems == (
        "class must be one of ['cut', 'failed', 'natural', 'unknown'] "
        "@ $.vocabularies[0].reasons[0].class",
        "reason 'b' is listed twice @ $.vocabularies[0].reasons[2].reason",
        "vocabulary 'v' is listed twice @ $.vocabularies[1].vocabulary",
        "expected string 'name' @ $.vocabularies[1].name",
    )


def test_a_vocabulary_or_reason_that_is_not_an_object_is_named_and_the_rest_is_read() -> None:
    """A vocabulary that is no object, reasons that are no array and a reason that is no object
    are each one problem at their path; the entries after them are still checked."""
    document = {
        "vocabularies": [
            "v",
            {"vocabulary": "w", "name": "W", "field": "f", "source": "s", "reasons": {}},
            {
                "vocabulary": "x",
                "name": "X",
                "field": "f",
                "source": "s",
                "reasons": [3, {"reason": "a", "class": "odd", "why": "y"}],
            },
        ]
    }
    with pytest.raises(SpecError) as info:
        parse_finish_reasons(document)
    assert info.value.problems == (
        "a vocabulary is an object @ $.vocabularies[0]",
        "expected array 'reasons' @ $.vocabularies[1].reasons",
        "a reason is an object @ $.vocabularies[2].reasons[0]",
        "class must be one of ['cut', 'failed', 'natural', 'unknown'] "
        "@ $.vocabularies[2].reasons[1].class",
    )


@pytest.mark.parametrize("document", [[], {}, {"vocabularies": {}}, {"vocabularies": None}])
def test_finish_reasons_without_an_array_of_vocabularies_are_refused(document: Any) -> None:
    """The document is an object whose ``vocabularies`` is an array; nothing else is read."""
    with pytest.raises(SpecError) as info:
        parse_finish_reasons(document)
    assert info.value.problems == ("expected an array 'vocabularies' @ $",)


def _first_rule_event(document: Any) -> str:
    return str(document["joint"]["rules"][0]["event"])


#: One break of completion.json and the problems the loader must name, written out.
_BROKEN_COMPLETION = [
    (lambda d: d.update(joint=[]), ["expected an object 'joint' @ $.joint"]),
    (
        lambda d: d["joint"].update(machine="receipt"),
        ["the joint rules drive the 'verdict' machine @ $.joint.machine"],
    ),
    (lambda d: d["joint"].update(description=1), ["expected string @ $.joint.description"]),
    (lambda d: d["joint"].update(rules={}), ["expected array @ $.joint.rules"]),
    (
        lambda d: d["joint"]["rules"].__setitem__(0, []),
        ["a rule is an object with an object 'when' @ $.joint.rules[0]"],
    ),
    (
        lambda d: d["joint"]["rules"][0]["when"].update(error="failed"),
        ["expected array @ $.joint.rules[0].when.error"],
    ),
    (lambda d: d.update(routes=[]), ["expected an object 'routes.events' @ $.routes"]),
    (
        lambda d: d["routes"]["events"]["model_chunk"].update(event="nope"),
        ["'nope' is not an event of 'output' @ $.routes.events.model_chunk.event"],
    ),
    (
        lambda d: next(m for m in d["machines"] if m["machine"] == "verdict")["states"][2].update(
            wire="cut"
        ),
        [
            "the verdict states' wire values must be the terminal states, got "
            "['completed', 'cut', 'failed', 'no_completion_basis'] @ $.machines[verdict]"
        ],
    ),
]


@pytest.mark.parametrize(("change", "problems"), _BROKEN_COMPLETION)
def test_each_broken_part_of_the_completion_table_gets_its_own_words(
    change: Any, problems: list[str]
) -> None:
    """Each check of the completion loader names its problem in its own words, at its path."""
    document: Any = copy.deepcopy(load_spec_json(COMPLETION_FILE))
    change(document)
    with pytest.raises(SpecError) as info:
        parse_completion_document(document)
    assert list(info.value.problems) == problems


@pytest.mark.parametrize("name", ["receipt", "finish_signal", "verdict"])
def test_a_missing_machine_is_named_first(name: str) -> None:
    """completion.json without one of its machines: the loader says so before what follows."""
    document: Any = copy.deepcopy(load_spec_json(COMPLETION_FILE))
    document["machines"] = [m for m in document["machines"] if m["machine"] != name]
    with pytest.raises(SpecError) as info:
        parse_completion_document(document)
    assert info.value.problems[0] == f"machine {name!r} is missing @ $.machines"


def test_two_joint_rules_that_fire_one_event_are_named() -> None:
    """No two joint rules fire the same verdict event."""
    document: Any = copy.deepcopy(load_spec_json(COMPLETION_FILE))
    rules = document["joint"]["rules"]
    rules[1]["event"] = _first_rule_event(document)
    with pytest.raises(SpecError) as info:
        parse_completion_document(document)
    assert list(info.value.problems) == [
        f"event {_first_rule_event(document)!r} is fired by more than one rule @ $.joint.rules"
    ]
