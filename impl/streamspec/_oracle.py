"""The executable spec: python-statemachine classes built from the tables.

These classes are the test oracle and the source of the diagrams; the reducer
never runs them (one ``send()`` costs about a thousand dict lookups). Each is
a strict ``StateMachine``: a rejected event raises ``TransitionNotAllowed``,
and the library's structural checks (no unreachable state, no trap state,
every state can reach a final one) run when the class is built.

Guards compare one payload field with a JSON value. python-statemachine
injects its own ``state``, ``event``, ``source`` ... into callbacks, so
payload fields travel under a ``payload_`` prefix: ``send(event,
**oracle_payload(fields))``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from statemachine import StateMachine
from statemachine.io import create_machine_class_from_definition

from streamspec._machines import MACHINES
from streamspec._tables import Guard, MachineSpec

__all__ = ["build_machine_class", "machine_class", "oracle_payload"]

_PREFIX = "payload_"
_MISSING = object()


def oracle_payload(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Rename payload fields so that no library-reserved name is shadowed."""
    return {_PREFIX + name: value for name, value in fields.items()}


def _guard(guard: Guard) -> Callable[..., bool]:
    field, equals = _PREFIX + guard.field, guard.equals

    def check(**kwargs: Any) -> bool:
        value = kwargs.get(field, _MISSING)
        return value is not _MISSING and type(value) is type(equals) and value == equals

    check.__name__ = guard.text()
    return check


def _definition(spec: MachineSpec) -> dict[str, Any]:
    states: dict[str, Any] = {}
    for state in spec.states:
        entry: dict[str, Any] = {}
        if state.name == spec.initial:
            entry["initial"] = True
        if state.final:
            entry["final"] = True
        transitions: dict[str, list[dict[str, Any]]] = {}
        for row in spec.rows:
            if row.source != state.name:
                continue
            transition: dict[str, Any] = {"target": row.target}
            if row.guard is not None:
                transition["cond"] = _guard(row.guard)
            transitions.setdefault(row.event, []).append(transition)
        if transitions:
            entry["on"] = transitions
        states[state.name] = entry
    return states


@cache
def machine_class(name: str) -> type[StateMachine]:
    """Return the strict python-statemachine class for machine ``name``."""
    return build_machine_class(MACHINES[name])


def build_machine_class(spec: MachineSpec) -> type[StateMachine]:
    """Build a strict python-statemachine class from a machine table."""
    name = spec.name
    cls = create_machine_class_from_definition(
        f"{''.join(part.title() for part in name.split('_'))}Machine",
        states=_definition(spec),
        allow_event_without_transition=False,
        catch_errors_as_events=False,
        validate_disconnected_states=True,
        validate_trap_states=True,
        validate_final_reachability=True,
    )
    cls.__doc__ = spec.description
    return cls  # type: ignore[return-value]
