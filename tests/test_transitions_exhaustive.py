"""Every (state, event, guard value) of every machine, through the reducer and the oracle.

For each triple a fresh reducer is driven to the state by a legal prefix, then
sent the event. A legal triple lands where the table says; an illegal one is
one diagnostic with the table's code and fields (lenient) or a ProtocolError
(strict), and in both cases nothing changes. The python-statemachine oracle,
driven by the same prefix, must agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from statemachine.exceptions import TransitionNotAllowed
from streamspec import (
    CustomEvent,
    DataBlockDeltaEvent,
    DataBlockEndEvent,
    DataBlockStartEvent,
    Event,
    ExceedMaxItersEvent,
    ExternalExecutionResultEvent,
    HintBlockEvent,
    ModelCallEndEvent,
    ModelCallStartEvent,
    ProtocolError,
    Reducer,
    ReplyEndEvent,
    ReplyStartEvent,
    RequireExternalExecutionEvent,
    RequireUserConfirmEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UserConfirmResultEvent,
    UserInterruptEvent,
)
from streamspec._machines import COMPILED, MACHINES, ROUTES, Route, rejection_code
from streamspec._oracle import machine_class, oracle_payload

R = "r1"
C = "c1"
B = "b1"

# ----------------------------------------------------------------- event makers


def _call_item() -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": C,
        "name": "f",
        "input": "{}",
        "state": "pending",
        "suggested_rules": [],
    }


def _call_event(event: str, guard: Any) -> Event:
    makers: dict[str, Callable[[], Event]] = {
        "tool_call_start": lambda: ToolCallStartEvent(
            reply_id=R, tool_call_id=C, tool_call_name="f"
        ),
        "tool_call_delta": lambda: ToolCallDeltaEvent(reply_id=R, tool_call_id=C, delta="{}"),
        "tool_call_end": lambda: ToolCallEndEvent(reply_id=R, tool_call_id=C),
        "require_user_confirm": lambda: RequireUserConfirmEvent(
            reply_id=R, tool_calls=[_call_item()]
        ),
        "user_confirm_result": lambda: UserConfirmResultEvent(
            reply_id=R, confirm_results=[{"confirmed": guard, "tool_call": _call_item()}]
        ),
        "require_external_execution": lambda: RequireExternalExecutionEvent(
            reply_id=R, tool_calls=[_call_item()]
        ),
        "external_execution_result": lambda: ExternalExecutionResultEvent(
            reply_id=R,
            execution_results=[
                {
                    "type": "tool_result",
                    "id": C,
                    "name": "f",
                    "output": "ok",
                    "state": "success",
                    "metadata": {},
                }
            ],
        ),
        "tool_result_start": lambda: ToolResultStartEvent(
            reply_id=R, tool_call_id=C, tool_call_name="f"
        ),
        "tool_result_text_delta": lambda: ToolResultTextDeltaEvent(
            reply_id=R, tool_call_id=C, delta="out"
        ),
        "tool_result_data_delta": lambda: ToolResultDataDeltaEvent(
            reply_id=R, tool_call_id=C, block_id="d1", media_type="image/png", data="YWJj"
        ),
        "tool_result_end": lambda: ToolResultEndEvent(reply_id=R, tool_call_id=C, state=guard),
    }
    return makers[event]()


_BLOCK_EVENTS: dict[str, dict[str, Callable[[], Event]]] = {
    "text": {
        "start": lambda: TextBlockStartEvent(reply_id=R, block_id=B),
        "delta": lambda: TextBlockDeltaEvent(reply_id=R, block_id=B, delta="x"),
        "end": lambda: TextBlockEndEvent(reply_id=R, block_id=B),
    },
    "thinking": {
        "start": lambda: ThinkingBlockStartEvent(reply_id=R, block_id=B),
        "delta": lambda: ThinkingBlockDeltaEvent(reply_id=R, block_id=B, delta="x"),
        "end": lambda: ThinkingBlockEndEvent(reply_id=R, block_id=B),
    },
    "data": {
        "start": lambda: DataBlockStartEvent(reply_id=R, block_id=B, media_type="image/png"),
        "delta": lambda: DataBlockDeltaEvent(
            reply_id=R, block_id=B, media_type="image/png", data="YWJj"
        ),
        "end": lambda: DataBlockEndEvent(reply_id=R, block_id=B),
    },
    "hint": {"hint_block": lambda: HintBlockEvent(reply_id=R, block_id=B, hint="mind the gap")},
}

_REPLY_EVENTS: dict[str, Callable[[], Event]] = {
    "reply_start": lambda: ReplyStartEvent(session_id="s1", reply_id=R, name="Friday"),
    "reply_end": lambda: ReplyEndEvent(
        session_id="s1", reply_id=R, created_at="2026-01-01T12:00:00"
    ),
    "model_call_start": lambda: ModelCallStartEvent(reply_id=R, model_name="m"),
    "model_call_end": lambda: ModelCallEndEvent(reply_id=R, input_tokens=1, output_tokens=2),
    "user_interrupt": lambda: UserInterruptEvent(reply_id=R),
    "exceed_max_iters": lambda: ExceedMaxItersEvent(reply_id=R, name="agent"),
    "custom": lambda: CustomEvent(name="progress", value={"done": 1}),
    "content": lambda: TextBlockStartEvent(reply_id=R, block_id="content-probe"),
}

# ---------------------------------------------------------------------- prefixes

_s = _call_event
_CALL_PREFIXES: dict[str, list[list[Event]]] = {
    "absent": [[]],
    "streaming": [[_s("tool_call_start", None)]],
    "ready": [[_s("tool_call_start", None), _s("tool_call_end", None)]],
    "asking": [
        [_s("tool_call_start", None), _s("tool_call_end", None), _s("require_user_confirm", None)]
    ],
    "allowed": [
        [
            _s("tool_call_start", None),
            _s("tool_call_end", None),
            _s("require_user_confirm", None),
            _s("user_confirm_result", True),
        ]
    ],
    "denied": [
        [
            _s("tool_call_start", None),
            _s("tool_call_end", None),
            _s("require_user_confirm", None),
            _s("user_confirm_result", False),
        ]
    ],
    "submitted": [
        [
            _s("tool_call_start", None),
            _s("tool_call_end", None),
            _s("require_external_execution", None),
        ]
    ],
    "resolved_externally": [
        [
            _s("tool_call_start", None),
            _s("tool_call_end", None),
            _s("require_external_execution", None),
            _s("external_execution_result", None),
        ]
    ],
    "finished": [
        [
            _s("tool_call_start", None),
            _s("tool_call_end", None),
            _s("tool_result_start", None),
            _s("tool_result_end", "success"),
        ]
    ],
}
# Each call state that allows a result to start also comes with its result running.
for _state in ("ready", "asking", "allowed", "denied", "submitted"):
    _CALL_PREFIXES[_state].append([*_CALL_PREFIXES[_state][0], _s("tool_result_start", None)])

_RESULT_PREFIXES: dict[str, list[list[Event]]] = {
    "absent": [[], _CALL_PREFIXES["ready"][0], _CALL_PREFIXES["submitted"][0]],
    "running": [_CALL_PREFIXES["ready"][1], _CALL_PREFIXES["submitted"][1]],
    "ended": [_CALL_PREFIXES["finished"][0], _CALL_PREFIXES["resolved_externally"][0]],
}


@attrs.frozen
class Case:
    """One (machine, state, event, guard value), with the block scope it runs in."""

    machine: str
    state: str
    event: str
    guard: Any
    scope: str | None = None

    @property
    def id(self) -> str:
        parts = [
            self.machine,
            self.scope,
            self.state,
            self.event,
            None if self.guard is None else str(self.guard),
        ]
        return "-".join(p for p in parts if p)

    def make_event(self) -> Event:
        if self.machine == "reply":
            return _REPLY_EVENTS[self.event]()
        if self.machine == "block":
            return _BLOCK_EVENTS[self.scope or ""][self.event]()
        return _call_event(self.event, self.guard)

    def prefixes(self) -> list[list[Event]]:
        if self.machine == "reply":
            return {
                "open": [[]],
                "started": [[_REPLY_EVENTS["reply_start"]()]],
                "ended": [[_REPLY_EVENTS["reply_end"]()]],
            }[self.state]
        if self.machine == "block":
            events = _BLOCK_EVENTS[self.scope or ""]
            if self.scope == "hint":
                return {"absent": [[]], "closed": [[events["hint_block"]()]]}.get(self.state, [])
            return {
                "absent": [[]],
                "open": [[events["start"]()]],
                "closed": [[events["start"](), events["end"]()]],
            }[self.state]
        table = _CALL_PREFIXES if self.machine == "tool_call" else _RESULT_PREFIXES
        return table[self.state]

    def key(self) -> str | None:
        return {"reply": None, "block": B}.get(self.machine, C)

    def label(self) -> str:
        return {"reply": "", "block": f"{self.scope}:{B}"}.get(self.machine, C)


def _guard_values(machine: str, event: str) -> list[Any]:
    """The values the table's guards on ``event`` test, plus one none of them accepts."""
    values = [
        r.guard.equals for r in MACHINES[machine].rows if r.event == event and r.guard is not None
    ]
    unique = list(dict.fromkeys(values))
    if not unique:
        return [None]
    if all(isinstance(v, str) for v in unique):
        unique.append("running")
    return unique


def _cases() -> list[Case]:
    cases: list[Case] = []
    for machine, spec in MACHINES.items():
        for state in spec.states:
            for event in spec.events:
                for guard in _guard_values(machine, event):
                    if machine == "block":
                        scopes = ["hint"] if event == "hint_block" else ["text", "thinking", "data"]
                        cases.extend(
                            Case(machine, state.name, event, guard, scope) for scope in scopes
                        )
                    else:
                        cases.append(Case(machine, state.name, event, guard))
    return cases


CASES = _cases()
#: Triples no stream can reach: a hint block is never open (it arrives whole).
UNREACHABLE = {"block-hint-open-hint_block"}

# ---------------------------------------------------------------- the model


def _payload(route: Route, event: Event) -> list[tuple[int | None, dict[str, Any]]]:
    """The payloads a route judges: the event itself, or each batch item."""
    if route.items is None:
        return [(None, {f.name: getattr(event, f.name) for f in attrs.fields(type(event))})]
    return list(enumerate(getattr(event, route.items)))


def _instance(
    reducer: Reducer, route: Route, payload: dict[str, Any]
) -> tuple[str | None, str, str]:
    """(key, label in states(), state) of the instance a route names."""
    if route.key is None:
        return None, "", reducer.states()["reply"][""]
    key = route.key_of(payload)
    label = f"{route.scope}:{key}" if route.machine == "block" else key
    state = reducer.states().get(route.machine, {}).get(label, MACHINES[route.machine].initial)
    return key, label, state


def _first_rejection(
    reducer: Reducer, event: Event
) -> tuple[Route, str, int | None, str | None] | None:
    """The route (with state, item and key) that the tables say rejects ``event`` first."""
    for route in ROUTES[event.KIND]:
        for item, payload in _payload(route, event):
            key, label, state = _instance(reducer, route, payload)
            if COMPILED[route.machine].lookup(state, route.event, payload) is None:
                return route, state, item, (label if key is not None else None)
    return None


def _oracle_in(case: Case, prefix: list[Event]) -> Any:
    """An oracle of the case's machine driven by the prefix's inputs for the case's instance."""
    oracle = machine_class(case.machine)()
    for event in prefix:
        for route in ROUTES[event.KIND]:
            if route.machine != case.machine or (
                route.machine == "block" and route.scope != case.scope
            ):
                continue
            for _, payload in _payload(route, event):
                if route.key is None or route.key_of(payload) == case.key():
                    oracle.send(route.event, **oracle_payload(payload))
    return oracle


def _oracle_state(oracle: Any) -> str:
    (state,) = oracle.configuration_values
    return str(state)


def _prepared(case: Case, strict: bool) -> tuple[Reducer, list[Event]]:
    """A reducer at the case's state, preferring a prefix where the other routed machines accept."""
    event = case.make_event()
    candidates = case.prefixes()
    assert candidates, case.id
    chosen: tuple[Reducer, list[Event]] | None = None
    for prefix in candidates:
        reducer = Reducer(reply_id=R, created_at="2026-01-01T11:59:00", strict=strict)
        for ev in prefix:
            assert reducer.apply(ev) == (), (case.id, ev)
        assert (
            reducer.states().get(case.machine, {}).get(case.label(), MACHINES[case.machine].initial)
            == case.state
        )
        rejection = _first_rejection(reducer, event)
        if chosen is None:
            chosen = (reducer, prefix)
        if rejection is None or rejection[0].machine == case.machine:
            return reducer, prefix
    assert chosen is not None
    return chosen


def _wire_of(dump: dict[str, Any], machine: str) -> list[Any]:
    kind = {"tool_call": "tool_call", "tool_result": "tool_result"}.get(machine)
    return [b["state"] for b in dump["content"] if b["type"] == kind and b["id"] == C]


# ------------------------------------------------------------------ the tests

_REACHABLE = [c for c in CASES if c.id not in UNREACHABLE]


def test_every_triple_is_covered() -> None:
    """The cases cover every (state, event, guard value) of every machine, and only the hint one is
    unreachable."""
    triples = {(c.machine, c.state, c.event, repr(c.guard)) for c in _REACHABLE}
    for machine, spec in MACHINES.items():
        for state in spec.states:
            for event in spec.events:
                for guard in _guard_values(machine, event):
                    if (machine, state.name, event) == ("block", "open", "hint_block"):
                        continue
                    assert (machine, state.name, event, repr(guard)) in triples
    assert {c.id for c in CASES} >= UNREACHABLE


def test_unreachable_triple_is_illegal_in_table_and_oracle() -> None:
    """(block, open, hint_block) has no row, and the oracle refuses it too."""
    assert COMPILED["block"].lookup("open", "hint_block", {}) is None
    oracle = machine_class("block")()
    oracle.send("start")
    with pytest.raises(TransitionNotAllowed):
        oracle.send("hint_block")
    assert _oracle_state(oracle) == "open"
    assert rejection_code("block", "open", "hint_block") == "duplicate_start"


@pytest.mark.parametrize("strict", [False, True], ids=["lenient", "strict"])
@pytest.mark.parametrize("case", _REACHABLE, ids=lambda c: c.id)
def test_transition(case: Case, strict: bool) -> None:
    """The reducer and the oracle move as the table says; an illegal event yields its code and
    changes nothing."""
    reducer, prefix = _prepared(case, strict)
    event = case.make_event()
    own_route = next(r for r in ROUTES[event.KIND] if r.machine == case.machine)
    assert own_route.event == case.event
    payload = dict(_payload(own_route, event)[0][1])
    row = COMPILED[case.machine].lookup(case.state, case.event, payload)

    oracle = _oracle_in(case, prefix)
    assert _oracle_state(oracle) == case.state
    if row is None:
        with pytest.raises(TransitionNotAllowed):
            oracle.send(case.event, **oracle_payload(payload))
        assert _oracle_state(oracle) == case.state
    else:
        oracle.send(case.event, **oracle_payload(payload))
        assert _oracle_state(oracle) == row.target

    rejection = _first_rejection(reducer, event)
    before_dump, before_states = reducer.to_dict(), reducer.states()
    index = len(prefix)

    if rejection is None:
        assert row is not None
        assert reducer.apply(event) == ()
        states = reducer.states()
        assert states.get(case.machine, {}).get(case.label()) == row.target
        wire = MACHINES[case.machine].state(row.target).wire
        if case.machine in ("tool_call", "tool_result") and wire is not None:
            assert _wire_of(reducer.to_dict(), case.machine) == [wire]
        if (
            case.machine == "tool_result"
            and row.target == "ended"
            and case.event == "tool_result_end"
        ):
            assert _wire_of(reducer.to_dict(), case.machine) == [case.guard]
        return

    route, state, item, key = rejection
    if route.machine == case.machine:
        assert row is None
        assert state == case.state
    expected = {
        "code": rejection_code(route.machine, state, route.event),
        "machine": route.machine,
        "state": state,
        "event": route.event,
        "allowed": COMPILED[route.machine].allowed[state],
        "key": key,
        "index": index,
        "item": item,
    }
    if strict:
        with pytest.raises(ProtocolError) as caught:
            reducer.apply(event)
        diagnostics = (caught.value.diagnostic,)
        assert caught.value.code == expected["code"]
    else:
        diagnostics = reducer.apply(event)
    assert len(diagnostics) == 1
    (diagnostic,) = diagnostics
    assert {name: getattr(diagnostic, name) for name in expected} == expected
    assert diagnostic.severity.value == "error"
    assert reducer.to_dict() == before_dump
    assert reducer.states() == before_states
    assert reducer.next_index == index + 1


def test_shadowed_triples_are_the_known_few() -> None:
    """Only triples whose event an earlier machine must reject are judged by another machine."""
    shadowed = set()
    for case in _REACHABLE:
        reducer, _ = _prepared(case, False)
        rejection = _first_rejection(reducer, case.make_event())
        if rejection is not None and rejection[0].machine != case.machine:
            shadowed.add((case.machine, case.state, case.event, case.guard))
    # A result that ended leaves its call final, and a result end whose state is
    # no outcome is refused by the call first: the call machine judges these.
    assert shadowed == {
        ("tool_result", "ended", "tool_result_start", None),
        *{
            ("tool_result", "ended", "tool_result_end", s)
            for s in _guard_values("tool_result", "tool_result_end")
        },
        ("tool_result", "ended", "external_execution_result", None),
        ("tool_result", "absent", "tool_result_end", "running"),
        ("tool_result", "running", "tool_result_end", "running"),
    }
