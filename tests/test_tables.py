"""The machine tables tested as data, and against the spec-layer enums and the oracle."""

from __future__ import annotations

import itertools
import json
from collections import deque

import pytest
from statemachine.callbacks import CallbackGroup
from streamspec import EVENT_CLASSES, SpecError
from streamspec._machines import (
    COMPILED,
    MACHINES,
    ROUTES,
    STATE_ENUMS,
    BlockState,
    EventKind,
    ReplyState,
    ToolCallState,
    ToolResultState,
)
from streamspec._oracle import machine_class
from streamspec._resources import spec_dir
from streamspec._tables import Guard, MachineSpec, Row, build_rows
from streamspec.reply._message import ACTIONS

NAMES = sorted(MACHINES)


def _key(row: Row) -> tuple[str, str, object]:
    guard = None if row.guard is None else (row.guard.field, repr(row.guard.equals))
    return (row.source, row.event, guard)


def _reachable(spec: MachineSpec, start: str, reverse: bool = False) -> set[str]:
    edges: dict[str, set[str]] = {}
    for row in spec.rows:
        a, b = (row.target, row.source) if reverse else (row.source, row.target)
        edges.setdefault(a, set()).add(b)
    seen, todo = {start}, deque([start])
    while todo:
        for nxt in edges.get(todo.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_machines_are_the_four_of_the_issue() -> None:
    """The tables define exactly the reply, block, tool_call and tool_result machines."""
    assert NAMES == ["block", "reply", "tool_call", "tool_result"]


@pytest.mark.parametrize("name", NAMES)
def test_no_duplicate_source_event_guard(name: str) -> None:
    """No two rows of a machine share (source, event, guard)."""
    keys = [_key(row) for row in MACHINES[name].rows]
    assert len(keys) == len(set(keys))


def test_build_rows_rejects_a_duplicate_with_its_path() -> None:
    """build_rows refuses a repeated (source, event, guard) and names both rows' paths."""
    row = Row(source="a", event="e", guard=None, target="b", action=None, ref=None)
    other = Row(source="a", event="f", guard=None, target="b", action=None, ref=None)
    with pytest.raises(SpecError) as caught:
        build_rows([row, other, row], "$.machines[0].rows")
    (problem,) = [p for p in caught.value.problems if p.startswith("duplicate row")]
    assert "duplicate row (a, e)" in problem
    assert "$.machines[0].rows[0]" in problem
    assert problem.endswith("@ $.machines[0].rows[2]")


def test_build_rows_rejects_overlapping_guards() -> None:
    """A guarded and an unguarded row on one (source, event) are not disjoint and are refused."""
    guarded = Row(
        source="a", event="e", guard=Guard(field="x", equals=1), target="b", action=None, ref=None
    )
    plain = Row(source="a", event="e", guard=None, target="c", action=None, ref=None)
    with pytest.raises(SpecError) as caught:
        build_rows([guarded, plain])
    assert any("not disjoint" in p for p in caught.value.problems)


@pytest.mark.parametrize("name", NAMES)
def test_guards_on_one_pair_are_disjoint(name: str) -> None:
    """Guards on one (source, event) all test one field with distinct values, never mixed with no
    guard."""
    by_pair: dict[tuple[str, str], list[Row]] = {}
    for row in MACHINES[name].rows:
        by_pair.setdefault((row.source, row.event), []).append(row)
    for rows in by_pair.values():
        if len(rows) == 1:
            continue
        guards = [row.guard for row in rows]
        assert all(g is not None for g in guards)
        assert len({g.field for g in guards if g is not None}) == 1
        values = [repr(g.equals) for g in guards if g is not None]
        assert len(values) == len(set(values))


@pytest.mark.parametrize("name", NAMES)
def test_every_state_reachable_from_initial(name: str) -> None:
    """Every state can be reached from the initial state."""
    spec = MACHINES[name]
    assert _reachable(spec, spec.initial) == {s.name for s in spec.states}


@pytest.mark.parametrize("name", NAMES)
def test_no_dead_end_except_final(name: str) -> None:
    """Every state with no row leaving it is final, and every final state has no row."""
    spec = MACHINES[name]
    sources = {row.source for row in spec.rows}
    for state in spec.states:
        assert (state.name in sources) != state.final, state.name


@pytest.mark.parametrize("name", NAMES)
def test_every_state_can_reach_a_final_one(name: str) -> None:
    """From every state some final state is reachable."""
    spec = MACHINES[name]
    finals = {s.name for s in spec.states if s.final}
    assert finals
    for state in spec.states:
        assert _reachable(spec, state.name) & finals, state.name


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_event_is_used(name: str) -> None:
    """Every event in a machine's ``events`` is used by some row, and every row's event is listed."""
    spec = MACHINES[name]
    assert {row.event for row in spec.rows} == set(spec.events)


def test_routing_names_machine_events_that_exist() -> None:
    """Every route of routing.json names a machine and one of that machine's events."""
    for kind, routes in ROUTES.items():
        assert routes, kind
        for route in routes:
            assert route.machine in MACHINES, (kind, route)
            assert route.event in MACHINES[route.machine].events, (kind, route)
            assert (route.key is None) == (
                MACHINES[route.machine].key is None and route.items is None
            )


def test_every_machine_event_is_routed() -> None:
    """Every event a machine lists is the target of some route, so no row is dead."""
    routed = {(r.machine, r.event) for routes in ROUTES.values() for r in routes}
    for name, spec in MACHINES.items():
        for event in spec.events:
            assert (name, event) in routed


def test_every_event_reaches_the_reply_machine() -> None:
    """Every event kind is routed first through the reply machine, so nothing passes after
    REPLY_END."""
    for kind, routes in ROUTES.items():
        assert routes[0].machine == "reply", kind


@pytest.mark.parametrize(
    ("name", "enum_cls"),
    [
        ("reply", ReplyState),
        ("block", BlockState),
        ("tool_call", ToolCallState),
        ("tool_result", ToolResultState),
    ],
)
def test_state_enum_equals_table_states(name: str, enum_cls: type) -> None:
    """Each spec-layer state enum has exactly the table's states as values, in table order."""
    assert [m.value for m in enum_cls] == [s.name for s in MACHINES[name].states]
    assert STATE_ENUMS[name] is enum_cls


def test_event_kind_equals_routing_kinds_and_event_classes() -> None:
    """EventKind's values are the routing kinds and the event classes' KINDs, in AgentScope's order."""
    values = [m.value for m in EventKind]
    assert values == [cls.KIND for cls in EVENT_CLASSES]
    assert set(values) == set(ROUTES)
    assert all(cls.TYPE.lower() == cls.KIND for cls in EVENT_CLASSES)


def test_actions_named_by_rows_exist_and_all_are_used() -> None:
    """The actions the rows name are exactly the keys of _message.ACTIONS."""
    named = {
        row.action for spec in MACHINES.values() for row in spec.rows if row.action is not None
    }
    assert named == set(ACTIONS)


def test_final_and_settled_are_exclusive() -> None:
    """No state is both final and settled."""
    for spec in MACHINES.values():
        assert not any(s.final and s.settled for s in spec.states)


#: The tool-call rows of issue 2 §3: (sources, event, guard values, target, wire of target).
_ISSUE_TOOL_CALL_ROWS = [
    (["absent"], "tool_call_start", [None], "streaming", "pending"),
    (["streaming"], "tool_call_delta", [None], "streaming", "pending"),
    (["streaming"], "tool_call_end", [None], "ready", "pending"),
    (["ready"], "require_user_confirm", [None], "asking", "asking"),
    (["asking"], "user_confirm_result", [("confirmed", True)], "allowed", "allowed"),
    (["asking"], "user_confirm_result", [("confirmed", False)], "denied", "finished"),
    (["ready", "allowed"], "require_external_execution", [None], "submitted", "submitted"),
    (["submitted"], "external_execution_result", [None], "resolved_externally", "submitted"),
    *[
        ([s], "tool_result_start", [None], s, wire)
        for s, wire in [
            ("ready", "pending"),
            ("asking", "asking"),
            ("allowed", "allowed"),
            ("denied", "finished"),
            ("submitted", "submitted"),
        ]
    ],
    (
        ["ready", "asking", "allowed", "denied", "submitted"],
        "tool_result_end",
        [("state", v) for v in ("success", "error", "interrupted", "denied")],
        "finished",
        "finished",
    ),
]


def test_tool_call_rows_equal_the_issue() -> None:
    """The tool_call table has exactly the rows issue 2 lists, with their wire values."""
    spec = MACHINES["tool_call"]
    wire = {s.name: s.wire for s in spec.states}
    expected = {
        (source, event, guard, target, w)
        for sources, event, guards, target, w in _ISSUE_TOOL_CALL_ROWS
        for source, guard in itertools.product(sources, guards)
    }
    actual = {
        (
            row.source,
            row.event,
            None if row.guard is None else (row.guard.field, row.guard.equals),
            row.target,
            wire[row.target],
        )
        for row in spec.rows
    }
    assert actual == expected
    assert len(spec.rows) == len(expected)
    finals = {s.name for s in spec.states if s.final}
    assert finals == {"resolved_externally", "finished"}
    assert {s.name for s in spec.states if s.settled} == {"denied"}


def test_tool_result_rows_equal_the_issue() -> None:
    """The tool_result table has exactly the rows issue 2 lists."""
    spec = MACHINES["tool_result"]
    actual = {
        (r.source, r.event, None if r.guard is None else r.guard.equals, r.target)
        for r in spec.rows
    }
    expected = {
        ("absent", "tool_result_start", None, "running"),
        ("running", "tool_result_text_delta", None, "running"),
        ("running", "tool_result_data_delta", None, "running"),
        ("absent", "external_execution_result", None, "ended"),
        *{
            ("running", "tool_result_end", s, "ended")
            for s in ("success", "error", "interrupted", "denied")
        },
    }
    assert actual == expected


def test_block_and_reply_rows_equal_the_issue() -> None:
    """The block and reply tables have exactly the rows issue 2 lists."""
    block = {(r.source, r.event, r.target) for r in MACHINES["block"].rows}
    assert block == {
        ("absent", "start", "open"),
        ("open", "delta", "open"),
        ("open", "end", "closed"),
        ("absent", "hint_block", "closed"),
    }
    reply = {(r.source, r.event, r.target) for r in MACHINES["reply"].rows}
    passive = (
        "model_call_start",
        "model_call_end",
        "user_interrupt",
        "exceed_max_iters",
        "custom",
        "content",
    )
    assert reply == {
        ("open", "reply_start", "started"),
        *{(s, e, s) for s in ("open", "started") for e in passive},
        ("open", "reply_end", "ended"),
        ("started", "reply_end", "ended"),
    }


@pytest.mark.parametrize("name", NAMES)
def test_open_states_are_neither_final_nor_settled(name: str) -> None:
    """The compiled open states are exactly those neither final nor settled."""
    spec = MACHINES[name]
    assert COMPILED[name].open_states == {s.name for s in spec.states if not (s.final or s.settled)}


def _oracle_transitions(name: str) -> set[tuple[str, str, str | None, str]]:
    cls = machine_class(name)
    found = set()
    for state_id, state in cls.states_map.items():
        for transition in state.transitions:
            conds = [
                spec.func.__name__
                for spec in transition._specs
                if spec.group is CallbackGroup.COND and callable(spec.func)
            ]
            assert len(conds) <= 1
            for event in transition.events:
                found.add((state_id, str(event), conds[0] if conds else None, transition.target.id))
    return found


@pytest.mark.parametrize("name", NAMES)
def test_oracle_has_the_tables_transitions(name: str) -> None:
    """The python-statemachine class built from a table has exactly its transitions and guards."""
    expected = {
        (r.source, r.event, None if r.guard is None else r.guard.text(), r.target)
        for r in MACHINES[name].rows
    }
    assert _oracle_transitions(name) == expected


@pytest.mark.parametrize("name", NAMES)
def test_oracle_states_and_finals_equal_the_table(name: str) -> None:
    """The oracle's states, initial state and final states are the table's (its own checks passed)."""
    cls = machine_class(name)
    spec = MACHINES[name]
    assert set(cls.states_map) == {s.name for s in spec.states}
    assert {sid for sid, st in cls.states_map.items() if st.final} == {
        s.name for s in spec.states if s.final
    }
    assert next(iter(cls().configuration_values)) == spec.initial


def test_each_state_enum_names_exactly_its_machine_s_states_in_the_spec_files() -> None:
    """``STATE_ENUMS`` (for tests and tools) holds, for each machine, the names its
    ``spec/machines/*.json`` file gives its states, read here from the files themselves."""
    written: dict[str, list[str]] = {}
    for path in sorted((spec_dir() / "machines").glob("*.json")):
        for machine in json.loads(path.read_text(encoding="utf-8"))["machines"]:
            written[machine["machine"]] = [state["name"] for state in machine["states"]]
    for machine, states in STATE_ENUMS.items():
        assert [member.value for member in states] == written[machine], machine
