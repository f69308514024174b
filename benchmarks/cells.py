"""The fold benchmark's numbers: one cell per workload size, and its growth steps.

A cell holds streamspec's in-memory timing, AgentScope's when it folded the
workload, and every end-to-end side's net time (child CPU, start-up
subtracted). Ratios are ``None`` when a side did not run or its net time is
not positive (start-up noise on a tiny workload).

Growth: in every series, streamspec's t(next)/t(prev) must stay within
:data:`GROWTH_SLACK` times the size ratio; an end-to-end step whose smaller
time is below :data:`E2E_NOISE` is not judged.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

#: End-to-end growth steps whose smaller net time is below this are noise.
E2E_NOISE = 0.02
GROWTH_SLACK = 1.2


@dataclass
class Timing:
    """The best of several in-memory runs: fold, dump and how many runs there were."""

    fold: float
    dump: float
    runs: int

    @property
    def total(self) -> float:
        return self.fold + self.dump


@dataclass(frozen=True)
class Best:
    """The best CPU and the best wall time of several runs of one command."""

    cpu: float
    wall: float
    runs: int


@dataclass(frozen=True)
class Net:
    """An end-to-end time net of start-up: child CPU (what the tables show) and wall."""

    cpu: float
    wall: float
    runs: int


@dataclass
class Cell:
    """Every number for one workload size.

    ``e2e`` maps a side (``streamspec``, ``floor``, ``checked``,
    ``agentscope``, ``judge``) to its net end-to-end time; ``e2e_same`` maps a folding side
    to whether the message it printed matched streamspec's in-memory fold.
    """

    series: str
    size: int
    label: str
    events: int
    ss: Timing
    ss_blocks: int
    ss_diagnostics: list[str]
    as_: Timing | None = None
    same: bool | None = None
    e2e: dict[str, Net] = field(default_factory=dict)
    e2e_same: dict[str, bool] = field(default_factory=dict)

    def apply_rate(self) -> float:
        """Events per second of the ``Reducer.apply`` loop alone."""
        return self.events / self.ss.fold

    def total_rate(self) -> float:
        """Events per second of fold and dump."""
        return self.events / self.ss.total

    def ratio(self) -> float | None:
        """AgentScope's in-memory fold+dump over streamspec's."""
        return self.as_.total / self.ss.total if self.as_ is not None else None

    def net(self, side: str) -> float | None:
        """A side's net end-to-end CPU time, if it ran."""
        found = self.e2e.get(side)
        return None if found is None else found.cpu

    def _quotient(self, top: str, bottom: str) -> float | None:
        t, b = self.net(top), self.net(bottom)
        return None if t is None or b is None or min(t, b) <= 0 else t / b

    def e2e_ratio(self) -> float | None:
        """AgentScope's net end-to-end time over streamspec's."""
        return self._quotient("agentscope", "streamspec")

    def x_floor(self) -> float | None:
        """streamspec's net end-to-end time over the floor's."""
        return self._quotient("streamspec", "floor")

    def x_checked(self) -> float | None:
        """streamspec's net end-to-end time over the checked floor's."""
        return self._quotient("streamspec", "checked")

    def checked_ratio(self) -> float | None:
        """AgentScope's net end-to-end time over the checked floor's: the most
        ``e2e_ratio`` the checked floor reached."""
        return self._quotient("agentscope", "checked")

    def judge_us(self) -> float | None:
        """``streamspec judge``'s net time per event, in µs."""
        net = self.net("judge")
        return None if net is None or net <= 0 else net / self.events * 1e6


@dataclass(frozen=True)
class Growth:
    """One growth step of one series: t(next)/t(prev) against 1.2 x the size ratio."""

    mode: str
    series: str
    step: str
    growth: float | None
    limit: float
    verdict: str


def growth_steps(cells: Sequence[Cell], mode: str) -> list[Growth]:
    """Judge every consecutive pair of sizes of one series (``in memory`` or ``end to end``)."""
    steps: list[Growth] = []
    for prev, nxt in itertools.pairwise(cells):
        limit = GROWTH_SLACK * nxt.size / prev.size
        t_prev, t_next = (
            (prev.ss.total, nxt.ss.total)
            if mode == "in memory"
            else (prev.net("streamspec"), nxt.net("streamspec"))
        )
        step = f"{prev.label} → {nxt.label}"
        if t_prev is None or t_next is None:
            continue
        if mode != "in memory" and t_prev < E2E_NOISE:
            steps.append(Growth(mode, prev.series, step, None, limit, "n/a (below noise)"))
            continue
        growth = t_next / t_prev
        steps.append(
            Growth(mode, prev.series, step, growth, limit, "PASS" if growth <= limit else "FAIL")
        )
    return steps
