"""Transition tables as data: loading, checking and compiling.

Rules:

1. A machine is a set of states and a sequence of rows ``(source, event,
   guard, target, action, ref)``. A row is one legal (state, event) pair; what
   is missing is illegal. A guard ``{field, equals}`` narrows a row to events
   (or batch items) whose ``field`` equals a JSON value; a guard over several
   values is several rows.
2. Rows are unique on (source, event, guard), and the guards on one (source,
   event) are pairwise disjoint: at most one row ever matches.
3. A final state has no rows. A *settled* state is not final but is not "open"
   either: an entity left there at the end of input is not reported.

Loading reports every problem at once, each with its JSON path, and raises
:class:`~streamspec.SpecError`. Compiling turns a table into str-keyed dicts
for the reducer's hot path; nothing here knows about any provider.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, Protocol

import attrs

from streamspec._errors import SpecError
from streamspec._resources import load_spec_json

__all__ = [
    "MACHINE_FILES",
    "CompiledMachine",
    "Guard",
    "MachineSpec",
    "Row",
    "StateSpec",
    "build_rows",
    "compile_machine",
    "load_machines",
    "parse_machine_file",
]

#: The reply's table files under ``spec/machines/``, in load order.
MACHINE_FILES: Final = ("reply.json", "block.json", "tool.json")

_GUARD_VALUE_TYPES = (str, bool, int, float, type(None))


@attrs.frozen(kw_only=True)
class Guard:
    """A row applies only when the payload's ``field`` equals ``equals``."""

    field: str
    equals: str | bool | int | float | None

    def text(self) -> str:
        """Return the guard as an expression, e.g. ``state == 'success'``."""
        return f"{self.field} == {self.equals!r}"


@attrs.frozen(kw_only=True)
class Row:
    """One legal (state, event) pair of a machine."""

    source: str
    event: str
    guard: Guard | None
    target: str
    action: str | None
    ref: str | None


@attrs.frozen(kw_only=True)
class StateSpec:
    """A state of a machine.

    Attributes:
        name: the state's name in the spec vocabulary.
        wire: the value a dump shows for it (``None`` when it shows none).
        final: no row leaves it.
        settled: not final, yet not open at the end of input.
        doc: one sentence on what the state means.
    """

    name: str
    wire: str | None
    final: bool
    settled: bool
    doc: str


@attrs.frozen(kw_only=True)
class MachineSpec:
    """A whole machine: states, events and rows, as loaded from ``spec/machines``."""

    name: str
    description: str
    initial: str
    key: str | None
    states: tuple[StateSpec, ...]
    events: tuple[str, ...]
    rows: tuple[Row, ...]

    def state(self, name: str) -> StateSpec:
        """Return the state called ``name``."""
        for state in self.states:
            if state.name == name:
                return state
        raise KeyError(name)


def _guard_key(guard: Guard | None) -> tuple[str, str] | None:
    if guard is None:
        return None
    return (guard.field, repr(guard.equals))


def build_rows(rows: Iterable[Row], where: str = "$.rows") -> tuple[Row, ...]:
    """Return ``rows`` as a tuple, rejecting a repeated (source, event, guard).

    Raises:
        SpecError: listing every duplicate, or every (source, event) that mixes
            a guarded and an unguarded row, or guards on different fields.
    """
    result = tuple(rows)
    problems: list[str] = []
    seen: dict[tuple[str, str, tuple[str, str] | None], int] = {}
    by_pair: dict[tuple[str, str], list[Row]] = {}
    for index, row in enumerate(result):
        key = (row.source, row.event, _guard_key(row.guard))
        if key in seen:
            problems.append(
                f"duplicate row ({row.source}, {row.event}"
                f"{', ' + row.guard.text() if row.guard else ''}), first at "
                f"{where}[{seen[key]}] @ {where}[{index}]"
            )
        else:
            seen[key] = index
        by_pair.setdefault((row.source, row.event), []).append(row)
    for (source, event), pair_rows in by_pair.items():
        fields = {row.guard.field if row.guard else None for row in pair_rows}
        if len(pair_rows) > 1 and (None in fields or len(fields) > 1):
            problems.append(
                f"guards on ({source}, {event}) are not disjoint: they must all test "
                f"one field @ {where}"
            )
    if problems:
        raise SpecError("invalid transition table", problems)
    return result


# --------------------------------------------------------------------------
# Loading with every problem reported at once
# --------------------------------------------------------------------------


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, message: str, path: str) -> None:
        self.items.append(f"{message} @ {path}")

    def field(self, obj: Mapping[str, Any], name: str, types: tuple[type, ...], path: str) -> Any:
        if name not in obj:
            self.add(f"required field missing: {name!r}", path)
            return None
        value = obj[name]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            wanted = " or ".join(_type_name(t) for t in types)
            self.add(f"expected {wanted}, got {_type_name(type(value))}", f"{path}.{name}")
            return None
        return value


def _parse_state(raw: Any, path: str, problems: _Problems) -> StateSpec | None:
    if not isinstance(raw, dict):
        problems.add("a state must be an object", path)
        return None
    name = problems.field(raw, "name", (str,), path)
    wire = problems.field(raw, "wire", (str, type(None)), path)
    final = problems.field(raw, "final", (bool,), path)
    settled = problems.field(raw, "settled", (bool,), path)
    doc = raw.get("doc", "")
    if None in (name, final, settled) or not isinstance(doc, str):
        return None
    if final and settled:
        problems.add("a state cannot be both final and settled", path)
    return StateSpec(name=name, wire=wire, final=final, settled=settled, doc=doc)


def _parse_row(raw: Any, path: str, problems: _Problems) -> Row | None:
    if not isinstance(raw, dict):
        problems.add("a row must be an object", path)
        return None
    source = problems.field(raw, "source", (str,), path)
    event = problems.field(raw, "event", (str,), path)
    target = problems.field(raw, "target", (str,), path)
    action = problems.field(raw, "action", (str, type(None)), path)
    ref = problems.field(raw, "ref", (str, type(None)), path)
    guard_raw = problems.field(raw, "guard", (dict, type(None)), path)
    guard = None
    if isinstance(guard_raw, dict):
        field = problems.field(guard_raw, "field", (str,), f"{path}.guard")
        if "equals" not in guard_raw:
            problems.add("required field missing: 'equals'", f"{path}.guard")
        elif not isinstance(guard_raw["equals"], _GUARD_VALUE_TYPES):
            problems.add("a guard compares with a JSON scalar", f"{path}.guard.equals")
        elif field is not None:
            guard = Guard(field=field, equals=guard_raw["equals"])
    if None in (source, event, target) or (guard_raw is not None and guard is None):
        return None
    return Row(source=source, event=event, guard=guard, target=target, action=action, ref=ref)


def _check_machine(spec: MachineSpec, path: str, problems: _Problems) -> None:
    names = [s.name for s in spec.states]
    for dup in sorted({n for n in names if names.count(n) > 1}):
        problems.add(f"state {dup!r} is declared twice", f"{path}.states")
    known = set(names)
    if spec.initial not in known:
        problems.add(f"unknown state {spec.initial!r}", f"{path}.initial")
    finals = {s.name for s in spec.states if s.final}
    events = set(spec.events)
    for index, row in enumerate(spec.rows):
        here = f"{path}.rows[{index}]"
        for end in ("source", "target"):
            value = getattr(row, end)
            if value not in known:
                problems.add(f"unknown state {value!r}", f"{here}.{end}")
        if row.event not in events:
            problems.add(f"event {row.event!r} is not in the machine's events", f"{here}.event")
        if row.source in finals:
            problems.add(f"final state {row.source!r} cannot have rows", f"{here}.source")


def parse_machine_file(document: Any, where: str = "$") -> tuple[MachineSpec, ...]:
    """Parse one ``spec/machines/*.json`` document.

    Raises:
        SpecError: listing every problem in the document with its JSON path.
    """
    problems = _Problems()
    machines: list[MachineSpec] = []
    if not isinstance(document, dict) or not isinstance(document.get("machines"), list):
        raise SpecError(
            "invalid machine file", [f"expected an object with a list 'machines' @ {where}"]
        )
    for m_index, raw in enumerate(document["machines"]):
        path = f"{where}.machines[{m_index}]"
        if not isinstance(raw, dict):
            problems.add("a machine must be an object", path)
            continue
        name = problems.field(raw, "machine", (str,), path)
        description = problems.field(raw, "description", (str,), path)
        initial = problems.field(raw, "initial", (str,), path)
        key = problems.field(raw, "key", (str, type(None)), path)
        raw_states = problems.field(raw, "states", (list,), path) or []
        raw_events = problems.field(raw, "events", (list,), path) or []
        raw_rows = problems.field(raw, "rows", (list,), path) or []
        states = [
            _parse_state(s, f"{path}.states[{i}]", problems) for i, s in enumerate(raw_states)
        ]
        rows = [_parse_row(r, f"{path}.rows[{i}]", problems) for i, r in enumerate(raw_rows)]
        for i, event in enumerate(raw_events):
            if not isinstance(event, str):
                problems.add("an event name must be a string", f"{path}.events[{i}]")
        if None in (name, description, initial) or None in states or None in rows:
            continue
        try:
            checked_rows = build_rows([r for r in rows if r is not None], f"{path}.rows")
        except SpecError as error:
            problems.items.extend(error.problems)
            continue
        spec = MachineSpec(
            name=name,
            description=description,
            initial=initial,
            key=key,
            states=tuple(s for s in states if s is not None),
            events=tuple(e for e in raw_events if isinstance(e, str)),
            rows=checked_rows,
        )
        _check_machine(spec, path, problems)
        machines.append(spec)
    if problems.items:
        raise SpecError("invalid machine file", problems.items)
    return tuple(machines)


def load_machines() -> dict[str, MachineSpec]:
    """Load every machine under ``spec/machines/``, keyed by machine name."""
    result: dict[str, MachineSpec] = {}
    for filename in MACHINE_FILES:
        for spec in parse_machine_file(load_spec_json(f"machines/{filename}"), f"{filename}:$"):
            result[spec.name] = spec
    return result


# --------------------------------------------------------------------------
# Compiling for the reducer
# --------------------------------------------------------------------------


class Payload(Protocol):
    """What a guard reads: a field of an event or batch item, like ``Mapping.get``."""

    def get(self, field: str, default: Any, /) -> Any:
        """Return the value of ``field``, or ``default``."""


@attrs.frozen(kw_only=True)
class CompiledMachine:
    """A machine as str-keyed dicts, for lookups on the hot path.

    Attributes:
        plain: ``(state, event) -> row`` for pairs without a guard.
        guarded: ``(state, event) -> (field, {repr(value): row})`` for guarded pairs.
        mentions: every event the machine's table lists.
        open_states: states that are neither final nor settled.
        wire: ``state -> wire value``.
        allowed: ``state -> sorted events that have a row from it``.
    """

    spec: MachineSpec
    plain: Mapping[tuple[str, str], Row]
    guarded: Mapping[tuple[str, str], tuple[str, Mapping[str, Row]]]
    mentions: frozenset[str]
    open_states: frozenset[str]
    wire: Mapping[str, str | None]
    allowed: Mapping[str, tuple[str, ...]]

    def lookup(self, state: str, event: str, payload: Payload) -> Row | None:
        """Return the row for ``event`` in ``state`` given the payload, or ``None``."""
        row = self.plain.get((state, event))
        if row is not None:
            return row
        guarded = self.guarded.get((state, event))
        if guarded is None:
            return None
        field, by_value = guarded
        return by_value.get(repr(payload.get(field, _MISSING)))

    def has_pair(self, state: str, event: str) -> bool:
        """Whether any row (guarded or not) leaves ``state`` on ``event``."""
        return (state, event) in self.plain or (state, event) in self.guarded


_MISSING: Final = object()


def compile_machine(spec: MachineSpec) -> CompiledMachine:
    """Compile a machine into lookup dicts."""
    plain: dict[tuple[str, str], Row] = {}
    guarded: dict[tuple[str, str], tuple[str, dict[str, Row]]] = {}
    allowed: dict[str, set[str]] = {s.name: set() for s in spec.states}
    for row in spec.rows:
        allowed[row.source].add(row.event)
        if row.guard is None:
            plain[(row.source, row.event)] = row
        else:
            _, by_value = guarded.setdefault((row.source, row.event), (row.guard.field, {}))
            by_value[repr(row.guard.equals)] = row
    return CompiledMachine(
        spec=spec,
        plain=plain,
        guarded=guarded,
        mentions=frozenset(spec.events),
        open_states=frozenset(s.name for s in spec.states if not (s.final or s.settled)),
        wire={s.name: s.wire for s in spec.states},
        allowed={name: tuple(sorted(events)) for name, events in allowed.items()},
    )


def _type_name(cls: type) -> str:
    """A Python type as a table field's type: its name, ``null`` for ``NoneType``."""
    return "null" if cls is type(None) else cls.__name__
