"""The reference reducer against the python-statemachine oracle, step by step.

Hypothesis drives ``streamspec.Reducer`` and the oracle of
``streamspec.testing`` with the same random orderings, legal and illegal,
with caller options, end of input and export/resume, and checks after every
step that states, every diagnostic field and the message agree.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import settings
from hypothesis.stateful import invariant
from streamspec import (
    DecodeError,
    ProtocolError,
    Reducer,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    decode_event,
)
from streamspec._errors import UsageError
from streamspec._machines import COMPILED, MACHINES, ROUTES, match_rejection
from streamspec._oracle import machine_class
from streamspec._resources import load_spec_json
from streamspec.reply._content import JOIN_EVERY, Chunked, TextBlock, ToolCall
from streamspec.testing import (
    REPLY_ID,
    SWARM_RULES,
    TOOL_CALL_IDS,
    Implementation,
    OracleDisagreement,
    OracleModel,
    ReplyStateMachine,
    _oracle_model,
    diagnostic_fields,
    expected_rejection,
    machine_for,
)
from streamspec.testing._stateful import _result_opening


def _reducer(strict: bool, **options: Any) -> Implementation:
    return Reducer(strict=strict, **options)


def _resume(state: Mapping[str, Any]) -> Implementation:
    assert (state["format"], state["version"]) == ("streamspec.reducer-state", 1), state
    return Reducer.from_state(state)


_REDUCER_SWITCHES: dict[str, Any] = {
    "options": True,
    "resume": _resume,
    "unreadable": True,
    "after_finish": UsageError,
    "bulk": True,
    "usage_error": UsageError,
    "names_keys": True,
}


def _taking_deltas(kind: str) -> frozenset[str]:
    """The states of ``kind``'s instance machine in which its deltas append (self-loops)."""
    route = ROUTES[kind][1]
    return frozenset(
        state
        for (state, event), row in COMPILED[route.machine].plain.items()
        if event == route.event and row.target == state
    )


#: ``instance class -> states in which it takes deltas``.
_DELTA_STATES: Mapping[type, frozenset[str]] = {
    TextBlock: _taking_deltas("text_block_delta") | _taking_deltas("thinking_block_delta"),
    ToolCall: _taking_deltas("tool_call_delta"),
}


class _TextInTiers:
    """Streamed text is held as :class:`Chunked` promises, so memory follows the text: fewer
    than JOIN_EVERY pending deltas and batches, and one string once an instance has left the
    states that take deltas."""

    impl: Any

    # Hypothesis runs invariants in name order; this one must run before any that dumps or
    # exports, since a dump joins every text (and caches it) and would hide what was held.
    @invariant()
    def bounded_text_tiers(self) -> None:
        message = self.impl.message
        texts: list[Any] = [*message.instances()["block"], *message.calls.values()]
        texts += [
            sub
            for result in message.results.values()
            for sub in getattr(result, "output", ())
            if isinstance(sub, Chunked)
        ]
        for entity in texts:
            if not isinstance(entity, Chunked):
                continue
            assert len(entity.parts) < JOIN_EVERY, f"{entity.id}: {len(entity.parts)} deltas"
            assert len(entity.batches or ()) < JOIN_EVERY, f"{entity.id}: too many batches"
            if (
                entity.__class__ in _DELTA_STATES
                and entity.state not in _DELTA_STATES[entity.__class__]
            ):
                held = (entity.parts, entity.batches, entity.runs)
                assert held == ([], None, None), f"{entity.id} left deltas behind: {held}"


def _events_from(machine: str, state: str) -> tuple[str, ...]:
    """The events the python-statemachine class has a transition for from ``state``."""
    source = machine_class(machine).states_map[state]
    return tuple(sorted({str(event) for t in source.transitions for event in t.events}))


class _AllowedFromTheMachines:
    """A diagnostic's ``allowed`` (not compared by runners, spec/README.md §4) lists the
    events its machine has a row for from its state, as the executable spec has them."""

    impl: Any

    @invariant()
    def allowed_is_what_the_state_accepts(self) -> None:
        for diagnostic in self.impl.diagnostics:
            if diagnostic.machine is None or diagnostic.state is None:
                assert diagnostic.allowed == (), diagnostic
                continue
            wanted = _events_from(diagnostic.machine, diagnostic.state)
            assert tuple(diagnostic.allowed) == wanted, (diagnostic, wanted)


class LenientReducerMachine(
    _AllowedFromTheMachines,
    _TextInTiers,
    machine_for(_reducer, **_REDUCER_SWITCHES),  # type: ignore[misc]
):
    """The lenient reducer, its text tiers and its diagnostics' allowed events checked too."""


StrictReducerMachine = machine_for(
    _reducer, strict=True, error_type=ProtocolError, **_REDUCER_SWITCHES
)

TestLenientReducer = LenientReducerMachine.TestCase
TestLenientReducer.__doc__ = "Lenient folding agrees with the oracle after every step."

TestStrictReducer = StrictReducerMachine.TestCase
TestStrictReducer.__doc__ = (
    "Strict folding raises the oracle's diagnostic for every rejected event and changes nothing."
)


def _judged_in_full(strict: bool, **options: Any) -> Implementation:
    reducer = Reducer(strict=strict, **options)
    reducer._fast = {}
    return reducer


def _resume_judged_in_full(state: Mapping[str, Any]) -> Implementation:
    reducer = Reducer.from_state(state)
    reducer._fast = {}
    return reducer


class FullPathReducerMachine(  # type: ignore[misc]
    _TextInTiers,
    machine_for(_judged_in_full, **{**_REDUCER_SWITCHES, "resume": _resume_judged_in_full}),
):
    """The reducer with its fast paths off, its text tiers checked too."""


TestFullPathReducer = FullPathReducerMachine.TestCase
TestFullPathReducer.__doc__ = (
    "With its fast paths off, the reducer's full judgement of every delta agrees with the oracle."
)


class _WireReducer:
    """A reducer fed wire JSON, reading each object the way the command line does.

    Each object is offered to the reducer's object folds first (as ``reduce``
    reads a file), and decoded by the codec when no fold takes it.
    """

    def __init__(self, strict: bool, **options: Any) -> None:
        self.reducer = Reducer(strict=strict, **options)
        self.folds = self.reducer.object_folds()

    def apply(self, wire: Any) -> Any:
        type_ = wire.get("type") if isinstance(wire, dict) else None
        fold = self.folds.get(type_) if isinstance(type_, str) else None
        if fold is not None and fold(wire):
            return ()
        try:
            event = decode_event(wire)
        except DecodeError as error:
            return self.reducer.reject_unreadable(error.paths, str(error))
        return self.reducer.apply(event)

    def to_dict(self) -> dict[str, Any]:
        return self.reducer.to_dict()

    def states(self) -> Mapping[str, Mapping[str, str]]:
        return self.reducer.states()

    def finish(self) -> Any:
        return self.reducer.finish()


WireReducerMachine = machine_for(_WireReducer, options=True, wire=True, unreadable=True)
TestWireReducer = WireReducerMachine.TestCase
TestWireReducer.settings = settings(max_examples=max(10, settings.default.max_examples // 4))
TestWireReducer.__doc__ = (
    "Fed wire JSON and decoded by the codec, broken fields included, the reducer agrees too."
)


def test_machine_without_implementation_refuses_to_run() -> None:
    """The base machine names the method to override when no implementation is given."""
    with pytest.raises(NotImplementedError, match="make_implementation"):
        ReplyStateMachine()


def test_strict_machine_is_strict() -> None:
    """machine_for passes strictness, the error type and the rule switches to the machine."""
    assert StrictReducerMachine.strict is True
    assert StrictReducerMachine.error_type is ProtocolError
    assert LenientReducerMachine.strict is False
    assert (LenientReducerMachine.options, LenientReducerMachine.resumes) == (True, True)


def test_switches_turn_rules_off() -> None:
    """An implementation without finish() or export_state() gets neither rule, even in a swarm."""
    plain = machine_for(lambda strict: Reducer(strict=strict), finishes=False)
    machine = plain()
    assert machine.enabled == frozenset(SWARM_RULES) - {"finish", "resume", "unreadable", "bulk"}
    assert (plain.options, plain.resumes, plain.finishes) == (False, False, False)


def test_oracle_codes_agree_with_violations_json() -> None:
    """The oracle's own code rules give every rejectable (machine, state, event) the table's code."""
    violations = load_spec_json("violations.json")["violations"]
    events = sorted({row.event for spec in MACHINES.values() for row in spec.rows})
    checked = 0
    for name, spec in MACHINES.items():
        for state in spec.states:
            for event in events:
                rows = [r for r in spec.rows if r.source == state.name and r.event == event]
                if rows and any(r.guard is None for r in rows):
                    continue
                unmatched = bool(rows)
                own = expected_rejection(name, state.name, event, guard_unmatched=unmatched)
                table = match_rejection(
                    violations, name, state.name, event, guard_unmatched=unmatched
                )
                assert own == table, f"{name} {state.name} {event}: {own} vs {table}"
                checked += 1
    assert checked > 300


def test_a_wrong_code_in_violations_json_fails_naming_both(monkeypatch: pytest.MonkeyPatch) -> None:
    """With unknown_block's pattern moved to another state, judging a ghost delta names both codes."""
    violations = copy.deepcopy(load_spec_json("violations.json")["violations"])
    entry = next(v for v in violations if v["code"] == "unknown_block")
    entry["when"][0]["states"] = ["closed"]
    monkeypatch.setattr(_oracle_model, "_VIOLATIONS", tuple(violations))
    _oracle_model._rejection.cache_clear()
    model = OracleModel()
    ghost = TextBlockDeltaEvent(reply_id="r1", block_id="b0", delta="x")
    try:
        with pytest.raises(OracleDisagreement, match=r"'unknown_block'.*'illegal_transition'"):
            model.judge(ghost)
    finally:
        _oracle_model._rejection.cache_clear()
    assert model.index == 0


def test_every_diagnostic_field_is_compared() -> None:
    """diagnostic_fields reads all of §4 but message and allowed, severity as its value."""
    reducer = Reducer()
    (found,) = reducer.apply(TextBlockDeltaEvent(reply_id="r1", block_id="b0", delta="x"))
    assert diagnostic_fields(found) == {
        "code": "unknown_block",
        "severity": "error",
        "index": 0,
        "item": None,
        "machine": "block",
        "state": "absent",
        "event": "delta",
        "key": "text:b0",
        "details": {},
    }


def test_a_result_is_opened_from_where_its_call_is() -> None:
    """The machine's result rules open a call's result with only the events its call still
    needs: start, end and result start from nothing; end and result start while it streams;
    the result start once it is ready; nothing once the result runs or the call is done."""
    model = OracleModel()
    call = TOOL_CALL_IDS[0]
    steps = [
        ReplyStartEvent(reply_id=REPLY_ID, session_id="s", name="a"),
        ToolCallStartEvent(reply_id=REPLY_ID, tool_call_id=call, tool_call_name="f"),
        ToolCallEndEvent(reply_id=REPLY_ID, tool_call_id=call),
        ToolResultStartEvent(reply_id=REPLY_ID, tool_call_id=call, tool_call_name="f"),
        ToolResultEndEvent(reply_id=REPLY_ID, tool_call_id=call, state="success"),
    ]
    opened = []
    for event in steps:
        model.commit(event, model.judge(event))
        opened.append([e.KIND for e in _result_opening(model, call)])
    assert opened == [
        ["tool_call_start", "tool_call_end", "tool_result_start"],
        ["tool_call_end", "tool_result_start"],
        ["tool_result_start"],
        [],
        [],
    ]
