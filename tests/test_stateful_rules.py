"""Every rule of the stateful machine sends its events: a rule that stopped stepping would
leave part of the spec unchecked without failing anything else."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test
from streamspec import Diagnostic, Reducer
from streamspec._errors import UsageError
from streamspec.testing import machine_for
from streamspec.testing._stateful import AgentEvent

#: The label each event-sending rule gives its steps.
RULE_LABELS = {
    "random",
    "allowed",
    "scenario",
    "long block",
    "result data",
    "end",
    "rejected",
    "batch",
    "wrong reply id",
    "unknown type",
    "bulk",
}


class _CountingReducer(Reducer):
    """Counts its ``apply_all`` calls of events, the bulk rule's steps."""

    def apply_all(self, events: Iterable[AgentEvent]) -> Reducer:
        if isinstance(events, list):
            _Recording.labels["bulk"] += 1
        return super().apply_all(events)


_Machine = machine_for(
    lambda strict, **options: _CountingReducer(strict=strict, **options),
    bulk=True,
    usage_error=UsageError,
)


class _Recording(_Machine):  # type: ignore[misc,valid-type]
    labels: ClassVar[Counter[str]] = Counter()

    def step(self, event: AgentEvent, how: str) -> None:
        type(self).labels[how] += 1
        super().step(event, how)


#: Short runs made at most; each rule steps in most single runs, so all eight missing one is a bug.
ROUNDS = 8


def test_every_rule_sends_events() -> None:
    """Within a few short runs, every event-sending rule has stepped at least once."""
    _Recording.labels.clear()
    for _ in range(ROUNDS):
        run_state_machine_as_test(
            _Recording, settings=settings(max_examples=20, stateful_step_count=25, deadline=None)
        )
        if set(_Recording.labels) >= RULE_LABELS:
            break
    missing = RULE_LABELS - set(_Recording.labels)
    assert not missing, dict(_Recording.labels)


class _Thresholds(_Machine):  # type: ignore[misc,valid-type]
    """Notes, at each reply end and end of input, how many events the reply had, the run's
    drawn threshold for it, and whether its rule is on."""

    ends: ClassVar[list[tuple[int, int, bool]]] = []
    input_ends: ClassVar[list[tuple[int, int, bool]]] = []
    current: ClassVar[_Thresholds | None] = None

    def __init__(self) -> None:
        super().__init__()
        _Thresholds.current = self

    def make_implementation(self, **options: str) -> Reducer:
        return _FinishNoting(**options)

    def step(self, event: AgentEvent, how: str) -> None:
        if how == "end":
            type(self).ends.append((self.model.index, self.end_after, self._on("end")))
        super().step(event, how)


class _FinishNoting(Reducer):
    """Tells the running :class:`_Thresholds` machine of each ``finish()``."""

    def finish(self) -> tuple[Diagnostic, ...]:
        machine = _Thresholds.current
        assert machine is not None
        machine.input_ends.append(
            (machine.model.index, machine.finish_after, machine._on("finish"))
        )
        return super().finish()


def test_a_reply_ends_and_the_input_ends_only_after_the_drawn_number_of_events() -> None:
    """The end and finish rules wait for their run's drawn number of events, are on in the
    run, and those numbers are drawn anew (not always 0)."""
    _Thresholds.ends.clear()
    _Thresholds.input_ends.clear()
    for _ in range(ROUNDS):
        run_state_machine_as_test(
            _Thresholds, settings=settings(max_examples=20, stateful_step_count=25, deadline=None)
        )
    for noted in (_Thresholds.ends, _Thresholds.input_ends):
        assert noted
        assert all(index >= after and on for index, after, on in noted), noted
        assert any(after > 0 for _, after, _ in noted), noted
