"""The fold benchmark's targets: each one required, measured and judged from one run.

A target reads one measure of one cell (or the start-up of ``streamspec
reduce``) and compares it with its threshold, at least or at most. A full run
reads the cell the target names; ``--quick`` reads its series' largest quick
size instead, so every target still gets a verdict (the numbers mean little
there). A target whose cell or side did not run, or whose net time was not
positive (start-up noise), reads ``n/a``. ``x floor`` is streamspec's net
end-to-end time over the floor's; ``x AgentScope`` is AgentScope's time over
streamspec's. The growth check of every series is the last target.

An end-to-end AgentScope target also shows its bound: AgentScope's time over
the checked floor's (``checked.py``), what a fold making the spec's checks,
written out by hand, reached in the same run. A target that asks more than
that is listed after the count: meeting it would take a fold that checks less
than the spec asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cells import Best, Cell, growth_steps
from report import fmt_rate, fmt_ratio, fmt_time, render_table
from workloads import MIB, SERIES, size_label

#: ``measure -> (read it from a cell, show a value)``.
MEASURES: Mapping[str, tuple[Callable[[Cell], float | None], Callable[[float], str]]] = {
    "total_rate": (Cell.total_rate, lambda v: fmt_rate(v, 1.0)),
    "apply_rate": (Cell.apply_rate, lambda v: fmt_rate(v, 1.0)),
    "ratio": (Cell.ratio, fmt_ratio),
    "e2e_ratio": (Cell.e2e_ratio, fmt_ratio),
    "x_floor": (Cell.x_floor, fmt_ratio),
    "checked_ratio": (Cell.checked_ratio, fmt_ratio),
    "judge_us": (Cell.judge_us, lambda v: f"{v:.2f} µs/event"),
}


@dataclass(frozen=True)
class Target:
    """One target: ``what`` of the cell ``series``/``size``, at least (or at most) ``threshold``.

    ``series`` is ``None`` for the start-up target, which reads no cell.
    ``bound`` names the measure of the same cell that says how far a fold
    making the spec's checks got (the checked floor's), where there is one.
    """

    mode: str
    what: str
    series: str | None
    size: int
    measure: str
    threshold: float
    at_most: bool = False
    bound: str | None = None

    def beyond(self, bound: float | None) -> bool:
        """Whether the threshold asks more than ``bound`` reached."""
        if bound is None:
            return False
        return self.threshold < bound if self.at_most else self.threshold > bound

    def size_read(self, quick: bool) -> int:
        """The size this target reads: its own, or its series' largest quick size."""
        if self.series is None or not quick:
            return self.size
        return SERIES[self.series].quick[-1]

    def title(self, quick: bool) -> str:
        """``mode: series size, what``, naming the cell actually read."""
        if self.series is None:
            return f"{self.mode}: {self.what}"
        label = size_label(SERIES[self.series], self.size_read(quick))
        return f"{self.mode}: {self.series} {label}, {self.what}"

    def required(self) -> str:
        shown = (
            fmt_time(self.threshold)
            if self.measure == "startup"
            else MEASURES[self.measure][1](self.threshold)
        )
        return f"{'≤' if self.at_most else '≥'} {shown}"


def _floor(series: str, size: int) -> Target:
    return Target("end to end", "x floor", series, size, "x_floor", 2.0, at_most=True)


def _agentscope(series: str, size: int, threshold: float) -> Target:
    return Target(
        "end to end", "x AgentScope", series, size, "e2e_ratio", threshold, bound="checked_ratio"
    )


TARGETS: tuple[Target, ...] = (
    Target("in memory", "events/s", "text", 100_000, "total_rate", 1e6),
    Target("in memory", "x AgentScope", "text", 100_000, "ratio", 10),
    Target("in memory", "x AgentScope", "base64", 30_000, "ratio", 100),
    Target("in memory", "x AgentScope", "blob", 4 * MIB, "ratio", 100),
    Target("in memory", "Reducer.apply events/s", "text", 100_000, "apply_rate", 3e6),
    Target("in memory", "Reducer.apply events/s", "base64", 100_000, "apply_rate", 3e6),
    Target("in memory", "Reducer.apply events/s", "blocks", 10_000, "apply_rate", 1e6),
    Target("in memory", "Reducer.apply events/s", "tools", 10_000, "apply_rate", 1e6),
    _agentscope("text", 100_000, 10),
    _agentscope("base64", 30_000, 50),
    _agentscope("text", 100_000, 25),
    _agentscope("base64", 30_000, 150),
    _floor("text", 100_000),
    _floor("base64", 30_000),
    _floor("base64", 100_000),
    _floor("tools", 10_000),
    _floor("blocks", 10_000),
    _floor("interleaved", 100_000),
    Target(
        "start-up",
        "streamspec reduce on an empty file, CPU",
        None,
        0,
        "startup",
        0.080,
        at_most=True,
    ),
    Target("judge", "µs/event", "text", 100_000, "judge_us", 3.0, at_most=True),
    Target("judge", "µs/event", "mixed", 100, "judge_us", 3.0, at_most=True),
)
GROWTH_TARGET = "growth: every series, t(next)/t(prev) ≤ 1.2 x size ratio"


def cells_read(quick: bool) -> set[tuple[str, int, str]]:
    """``(series, size, measure)`` of every cell a target reads."""
    return {(t.series, t.size_read(quick), t.measure) for t in TARGETS if t.series is not None}


def _value(
    target: Target,
    cells: Mapping[str, Sequence[Cell]],
    startup: Mapping[str, Best] | None,
    quick: bool,
    measure: str | None = None,
) -> float | None:
    """What ``target`` reads (or, with ``measure``, that measure of its cell)."""
    if target.series is None:
        best = None if startup is None else startup.get("streamspec")
        return None if best is None else best.cpu
    size = target.size_read(quick)
    cell = next((c for c in cells.get(target.series, []) if c.size == size), None)
    return None if cell is None else MEASURES[measure or target.measure][0](cell)


def _shown(target: Target, value: float | None) -> str:
    if value is None:
        return "n/a"
    return fmt_time(value) if target.measure == "startup" else MEASURES[target.measure][1](value)


def judge(
    cells: Mapping[str, Sequence[Cell]], startup: Mapping[str, Best] | None, quick: bool
) -> list[dict[str, Any]]:
    """Every target with its measured value and verdict (``n/a`` when not measured)."""
    results: list[dict[str, Any]] = []
    for target in TARGETS:
        value = _value(target, cells, startup, quick)
        met = value is not None and (
            value <= target.threshold if target.at_most else value >= target.threshold
        )
        result = {
            "target": target.title(quick),
            "required": target.required(),
            "value": value,
            "measured": _shown(target, value),
            "verdict": "n/a" if value is None else "PASS" if met else "FAIL",
        }
        if target.bound is not None:
            bound = _value(target, cells, startup, quick, target.bound)
            result.update(bound=bound, beyond_bound=target.beyond(bound))
        results.append(result)
    results.append(_growth(cells))
    return results


def _growth(cells: Mapping[str, Sequence[Cell]]) -> dict[str, Any]:
    modes = ("in memory", "end to end")
    steps = [g for mode in modes for cs in cells.values() for g in growth_steps(cs, mode)]
    judged = [g for g in steps if g.growth is not None]
    failed = [f"{g.series} {g.mode} {g.step}" for g in judged if g.verdict == "FAIL"]
    worst = max(judged, key=lambda g: (g.growth or 0.0) / g.limit, default=None)
    return {
        "target": GROWTH_TARGET,
        "required": f"{len(judged) - len(failed)}/{len(judged)} steps pass",
        "value": None if worst is None else worst.growth,
        "measured": "n/a"
        if worst is None or worst.growth is None
        else f"worst: {worst.series} {worst.mode} {worst.step} "
        f"{worst.growth:.2f} vs {worst.limit:.1f}",
        "verdict": "n/a" if not judged else "FAIL" if failed else "PASS",
        "failed": failed,
    }


def render(results: Sequence[dict[str, Any]]) -> str:
    """The targets block: target, required, measured, the checked floor's bound, verdict;
    then the count met, and each target that asks more than the checked floor reached."""
    rows = [
        [r["target"], r["required"], r["measured"], _bound_shown(r), r["verdict"]] for r in results
    ]
    met = sum(r["verdict"] == "PASS" for r in results)
    header = ["target", "required", "measured", "checked floor", "verdict"]
    lines = [render_table(header, rows), f"{met} of {len(results)} targets met"]
    lines += [
        f"beyond the checked floor: {r['target']} requires {r['required']}, "
        f"the checked floor reached {_bound_shown(r)}"
        for r in results
        if r.get("beyond_bound")
    ]
    return "== targets ==\n" + "\n".join(lines)


def _bound_shown(result: Mapping[str, Any]) -> str:
    """A target's bound: ``-`` where it has none, ``n/a`` where it was not measured."""
    return fmt_ratio(result["bound"]) if "bound" in result else "-"
