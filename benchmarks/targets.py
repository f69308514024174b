"""The fold benchmark's targets: each one required, measured and judged from one run.

A target reads one measure of one cell (or the start-up of ``streamspec
reduce``) and compares it with its threshold, at least or at most. A full run
reads the cell the target names; ``--quick`` reads its series' largest quick
size instead, so every target still gets a verdict (the numbers mean little
there). A target whose cell or side did not run, or whose net time was not
positive (start-up noise), reads ``n/a``. ``x floor`` is streamspec's net
end-to-end time over the floor's; ``x AgentScope`` is AgentScope's time over
streamspec's. The growth check of every series is the last target.
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
    "judge_us": (Cell.judge_us, lambda v: f"{v:.2f} µs/event"),
}


@dataclass(frozen=True)
class Target:
    """One target: ``what`` of the cell ``series``/``size``, at least (or at most) ``threshold``.

    ``series`` is ``None`` for the start-up target, which reads no cell.
    """

    mode: str
    what: str
    series: str | None
    size: int
    measure: str
    threshold: float
    at_most: bool = False

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


TARGETS: tuple[Target, ...] = (
    Target("in memory", "events/s", "text", 100_000, "total_rate", 1e6),
    Target("in memory", "x AgentScope", "text", 100_000, "ratio", 10),
    Target("in memory", "x AgentScope", "base64", 30_000, "ratio", 100),
    Target("in memory", "x AgentScope", "blob", 4 * MIB, "ratio", 100),
    Target("in memory", "Reducer.apply events/s", "text", 100_000, "apply_rate", 3e6),
    Target("in memory", "Reducer.apply events/s", "base64", 100_000, "apply_rate", 3e6),
    Target("in memory", "Reducer.apply events/s", "blocks", 10_000, "apply_rate", 1e6),
    Target("in memory", "Reducer.apply events/s", "tools", 10_000, "apply_rate", 1e6),
    Target("end to end", "x AgentScope", "text", 100_000, "e2e_ratio", 10),
    Target("end to end", "x AgentScope", "base64", 30_000, "e2e_ratio", 50),
    Target("end to end", "x AgentScope", "text", 100_000, "e2e_ratio", 25),
    Target("end to end", "x AgentScope", "base64", 30_000, "e2e_ratio", 150),
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
) -> float | None:
    if target.series is None:
        best = None if startup is None else startup.get("streamspec")
        return None if best is None else best.cpu
    size = target.size_read(quick)
    cell = next((c for c in cells.get(target.series, []) if c.size == size), None)
    return None if cell is None else MEASURES[target.measure][0](cell)


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
        results.append(
            {
                "target": target.title(quick),
                "required": target.required(),
                "value": value,
                "measured": _shown(target, value),
                "verdict": "n/a" if value is None else "PASS" if met else "FAIL",
            }
        )
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
    """The targets block: target, required, measured, verdict."""
    rows = [[r["target"], r["required"], r["measured"], r["verdict"]] for r in results]
    met = sum(r["verdict"] == "PASS" for r in results)
    header = ["target", "required", "measured", "verdict"]
    return "== targets ==\n" + render_table(header, rows) + f"\n{met} of {len(results)} targets met"
