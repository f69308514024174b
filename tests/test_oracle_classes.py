"""The oracle's classes are strict: a malformed table is refused when its class is built, and an
event with no row raises instead of passing unnoticed."""

from __future__ import annotations

import attrs
import pytest
from statemachine.exceptions import InvalidDefinition, TransitionNotAllowed
from streamspec._machines import MACHINES
from streamspec._oracle import build_machine_class, machine_class
from streamspec._tables import MachineSpec, Row, StateSpec

BLOCK = MACHINES["block"]


def _state(name: str) -> StateSpec:
    return StateSpec(name=name, wire=None, final=False, settled=False, doc="A test state.")


def _row(source: str, event: str, target: str) -> Row:
    return Row(source=source, event=event, guard=None, target=target, action=None, ref=None)


def _with(state: str, *rows: Row) -> MachineSpec:
    return attrs.evolve(
        BLOCK,
        states=(*BLOCK.states, _state(state)),
        events=(*BLOCK.events, "park"),
        rows=(*BLOCK.rows, *rows),
    )


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        (
            _with("stuck", _row("open", "park", "stuck"), _row("stuck", "delta", "stuck")),
            "no path to a final state: ['stuck']",
        ),
        (_with("island", _row("island", "end", "closed")), "Disconnected states: ['island']"),
        (_with("trap", _row("open", "park", "trap")), "no outgoing transition: ['trap']"),
    ],
    ids=["final-unreachable", "disconnected", "trap"],
)
def test_a_malformed_table_is_refused_when_its_class_is_built(
    spec: MachineSpec, words: str
) -> None:
    """A state that cannot reach a final one, a state no row reaches, a non-final state no row
    leaves: each is named in the library's error."""
    with pytest.raises(InvalidDefinition) as raised:
        build_machine_class(spec)
    assert words in str(raised.value)


def test_an_event_with_no_row_raises() -> None:
    """A closed block has no ``delta`` row: sending one raises and leaves the state as it was."""
    machine = machine_class("block")()
    machine.send("start")
    machine.send("end")
    with pytest.raises(TransitionNotAllowed):
        machine.send("delta")
    assert machine.current_state_value == "closed"
