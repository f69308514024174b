"""The completion machine as data: evidence machines, joint rules, routes, usage.

Rules (``spec/machines/completion.json``):

1. Each model call has one instance of every evidence machine (``output``,
   ``finish_signal``, ``receipt``, ``error``) and one ``verdict`` machine,
   all keyed by the call. Evidence machines accept every input in every state
   (evidence is never illegal); their rows say which piece of evidence counts.
2. The verdict machine is driven only by the state-triggered rules under
   ``joint``: after each piece of evidence, the first rule (in precedence
   order) whose condition holds on the joint evidence state names a verdict
   event; if the verdict machine has a row for it, the row is taken and the
   rules are read again, else the fixed point is reached (h11's
   ``STATE_TRIGGERED_TRANSITIONS``).
3. ``routes`` maps each completion event kind to the evidence machine and
   input it drives; ``usage`` lists the verdict's usage fields and how each
   source's keys map onto them.

This module loads and checks the data (every problem at once, with a JSON
path) and compiles it; it knows no provider and no event class.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import attrs

from streamspec._errors import SpecError
from streamspec._resources import load_spec_json
from streamspec._tables import CompiledMachine, MachineSpec, compile_machine, parse_machine_file

__all__ = [
    "COMPLETION_FILE",
    "EVIDENCE_MACHINES",
    "VERDICT_MACHINE",
    "CompletionTable",
    "JointRule",
    "Route",
    "TerminalState",
    "UsageState",
    "completion_table",
    "parse_completion_document",
]

#: Where the completion machine lives, relative to ``spec/``.
COMPLETION_FILE: Final = "machines/completion.json"
#: The machine whose states are the verdicts.
VERDICT_MACHINE: Final = "verdict"
#: The evidence machines, in the order they are documented.
EVIDENCE_MACHINES: Final = ("output", "finish_signal", "receipt", "error")


class TerminalState(enum.StrEnum):
    """The verdict's ``terminal_state`` (the verdict machine's wire values)."""

    #: A natural finish and the receipt are both present.
    COMPLETED = "completed"
    #: A cut-like finish (length, max_tokens, abort ...).
    TRUNCATED = "truncated"
    #: An error, or a finish that reports failure.
    FAILED = "failed"
    #: Nothing shows that the call finished.
    NO_COMPLETION_BASIS = "no_completion_basis"


class UsageState(enum.StrEnum):
    """The verdict's ``usage_state``."""

    #: The receipt reported usage (possibly partial).
    KNOWN = "known"
    #: No usage was reported; never 0, never estimated.
    UNKNOWN = "unknown"


@attrs.frozen(kw_only=True)
class JointRule:
    """A state-triggered rule: when every named machine is in one of its states, fire ``event``."""

    when: Mapping[str, frozenset[str]]
    event: str
    ref: str | None

    def holds(self, states: Mapping[str, str]) -> bool:
        """Whether the joint evidence state satisfies the rule."""
        return all(states[machine] in allowed for machine, allowed in self.when.items())

    def text(self) -> str:
        """Return the condition as text: ``error ∈ {errored} ∧ receipt ∈ {received}``."""
        return " ∧ ".join(
            f"{machine} ∈ {{{', '.join(sorted(allowed))}}}"
            for machine, allowed in self.when.items()
        )


@attrs.frozen(kw_only=True)
class Route:
    """The evidence machine a completion event kind drives, and the input it becomes."""

    machine: str
    event: str


@attrs.frozen(kw_only=True)
class CompletionTable:
    """Everything ``spec/machines/completion.json`` says, checked and compiled.

    Attributes:
        machines: every machine of the file, by name.
        compiled: the same, compiled for lookups.
        rules: the joint rules in precedence order.
        joint_description: the prose that explains the joint rules.
        routes: ``event kind -> Route``.
        usage_fields: the verdict's usage fields, in order.
        usage_sources: ``source -> {source key: usage field}``.
    """

    machines: Mapping[str, MachineSpec]
    compiled: Mapping[str, CompiledMachine]
    rules: tuple[JointRule, ...]
    joint_description: str
    routes: Mapping[str, Route]
    usage_fields: tuple[str, ...]
    usage_sources: Mapping[str, Mapping[str, str]]

    def initial_states(self) -> dict[str, str]:
        """Return a fresh ``machine -> initial state`` dict for a new call."""
        return {name: spec.initial for name, spec in self.machines.items()}

    def settle(self, states: dict[str, str]) -> list[str]:
        """Apply the joint rules to a fixed point; return the verdict actions taken.

        ``states`` (machine -> state) is updated in place.

        Raises:
            SpecError: if the rules do not reach a fixed point.
        """
        verdict = self.compiled[VERDICT_MACHINE]
        actions: list[str] = []
        for _ in range(len(verdict.spec.states) + 1):
            rule = next((r for r in self.rules if r.holds(states)), None)
            row = None if rule is None else verdict.plain.get((states[VERDICT_MACHINE], rule.event))
            if row is None:
                return actions
            states[VERDICT_MACHINE] = row.target
            if row.action is not None:
                actions.append(row.action)
        raise SpecError(
            "invalid completion table",
            [f"the joint rules do not reach a fixed point from {states} @ $.joint"],
        )


def _as_list(value: Any, path: str, problems: list[str]) -> list[Any]:
    if not isinstance(value, list):
        problems.append(f"expected array @ {path}")
        return []
    return value


def _parse_rules(
    raw: Any, machines: Mapping[str, MachineSpec], problems: list[str]
) -> tuple[str, tuple[JointRule, ...]]:
    if not isinstance(raw, dict):
        problems.append("expected an object 'joint' @ $.joint")
        return "", ()
    if raw.get("machine") != VERDICT_MACHINE:
        problems.append(f"the joint rules drive the {VERDICT_MACHINE!r} machine @ $.joint.machine")
    description = raw.get("description", "")
    if not isinstance(description, str):
        problems.append("expected string @ $.joint.description")
        description = ""
    verdict_events = set(machines[VERDICT_MACHINE].events) if VERDICT_MACHINE in machines else set()
    rules: list[JointRule] = []
    for index, rule in enumerate(_as_list(raw.get("rules"), "$.joint.rules", problems)):
        path = f"$.joint.rules[{index}]"
        if not isinstance(rule, dict) or not isinstance(rule.get("when"), dict):
            problems.append(f"a rule is an object with an object 'when' @ {path}")
            continue
        when: dict[str, frozenset[str]] = {}
        for machine, states in rule["when"].items():
            here = f"{path}.when.{machine}"
            if machine not in EVIDENCE_MACHINES or machine not in machines:
                problems.append(f"{machine!r} is not an evidence machine @ {here}")
                continue
            known = {s.name for s in machines[machine].states}
            names = _as_list(states, here, problems)
            for state in names:
                if state not in known:
                    problems.append(f"unknown state {state!r} of {machine!r} @ {here}")
            when[machine] = frozenset(s for s in names if isinstance(s, str))
        event = rule.get("event")
        if event not in verdict_events:
            problems.append(
                f"event {event!r} is not an event of the verdict machine @ {path}.event"
            )
        ref = rule.get("ref")
        rules.append(
            JointRule(when=when, event=str(event), ref=ref if isinstance(ref, str) else None)
        )
    seen = [r.event for r in rules]
    for event in sorted({e for e in seen if seen.count(e) > 1}):
        problems.append(f"event {event!r} is fired by more than one rule @ $.joint.rules")
    return description, tuple(rules)


def _parse_routes(
    raw: Any, machines: Mapping[str, MachineSpec], problems: list[str]
) -> dict[str, Route]:
    routes: dict[str, Route] = {}
    events = raw.get("events") if isinstance(raw, dict) else None
    if not isinstance(events, dict):
        problems.append("expected an object 'routes.events' @ $.routes")
        return routes
    for kind, route in events.items():
        path = f"$.routes.events.{kind}"
        machine = route.get("machine") if isinstance(route, dict) else None
        event = route.get("event") if isinstance(route, dict) else None
        if machine not in EVIDENCE_MACHINES or machine not in machines:
            problems.append(f"{machine!r} is not an evidence machine @ {path}.machine")
        elif event not in machines[machine].events:
            problems.append(f"{event!r} is not an event of {machine!r} @ {path}.event")
        else:
            routes[kind] = Route(machine=machine, event=event)
    return routes


def _parse_usage(
    raw: Any, problems: list[str]
) -> tuple[tuple[str, ...], dict[str, dict[str, str]]]:
    if not isinstance(raw, dict):
        problems.append("expected an object 'usage' @ $.usage")
        return (), {}
    fields = tuple(
        f for f in _as_list(raw.get("fields"), "$.usage.fields", problems) if isinstance(f, str)
    )
    sources: dict[str, dict[str, str]] = {}
    raw_sources = raw.get("sources")
    if not isinstance(raw_sources, dict):
        problems.append("expected an object @ $.usage.sources")
        return fields, sources
    for source, mapping in raw_sources.items():
        if not isinstance(mapping, dict):
            problems.append(f"expected an object @ $.usage.sources.{source}")
            continue
        for key, field in mapping.items():
            if field not in fields:
                problems.append(f"{field!r} is not a usage field @ $.usage.sources.{source}.{key}")
        sources[source] = {k: v for k, v in mapping.items() if v in fields}
    return fields, sources


def _check_evidence_machines(machines: Mapping[str, MachineSpec], problems: list[str]) -> None:
    for name in (*EVIDENCE_MACHINES, VERDICT_MACHINE):
        if name not in machines:
            problems.append(f"machine {name!r} is missing @ $.machines")
    for name in EVIDENCE_MACHINES:
        spec = machines.get(name)
        if spec is None:
            continue
        compiled = compile_machine(spec)
        for state in spec.states:
            for event in spec.events:
                if not compiled.has_pair(state.name, event):
                    problems.append(
                        f"evidence is never illegal: ({state.name}, {event}) has no row "
                        f"@ $.machines[{name}]"
                    )
    verdict = machines.get(VERDICT_MACHINE)
    if verdict is not None:
        wires = {s.wire for s in verdict.states}
        if wires != {t.value for t in TerminalState}:
            problems.append(
                "the verdict states' wire values must be the terminal states, got "
                f"{sorted(map(str, wires))} @ $.machines[{VERDICT_MACHINE}]"
            )


def parse_completion_document(document: Any) -> CompletionTable:
    """Parse and check a whole ``completion.json`` document.

    Raises:
        SpecError: listing every problem with its JSON path.
    """
    machines = {m.name: m for m in parse_machine_file(document, "completion.json:$")}
    problems: list[str] = []
    _check_evidence_machines(machines, problems)
    description, rules = _parse_rules(document.get("joint"), machines, problems)
    routes = _parse_routes(document.get("routes"), machines, problems)
    fields, sources = _parse_usage(document.get("usage"), problems)
    if problems:
        raise SpecError("invalid completion table", problems)
    return CompletionTable(
        machines=machines,
        compiled={name: compile_machine(spec) for name, spec in machines.items()},
        rules=rules,
        joint_description=description,
        routes=routes,
        usage_fields=fields,
        usage_sources=sources,
    )


@cache
def completion_table() -> CompletionTable:
    """Return the completion table from ``spec/machines/completion.json``."""
    return parse_completion_document(load_spec_json(COMPLETION_FILE))
