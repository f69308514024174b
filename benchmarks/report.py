"""The fold benchmark's printed tables and its JSON cells.

Per series, an in-memory table and an end-to-end table, each with its growth
column; then the start-up of every command and the judge's time per event.
"ss" is streamspec and "AS" is AgentScope 2.0.11; the checked floor's columns
show only in the series it folds.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cells import Best, Cell, Net, growth_steps
from workloads import Series, size_label


def fmt_time(seconds: float | None) -> str:
    """Seconds as a short human string."""
    if seconds is None:
        return "n/a"
    if abs(seconds) < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if abs(seconds) < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def fmt_rate(events: float, seconds: float | None) -> str:
    """Events per second as a short human string."""
    if seconds is None or seconds <= 0:
        return "n/a"
    rate = events / seconds
    return f"{rate / 1e6:.2f} M/s" if rate >= 1e6 else f"{rate / 1e3:.0f} k/s"


def fmt_ratio(ratio: float | None) -> str:
    """A ratio as ``12.3x`` (``1,234x`` from 100 up)."""
    return "n/a" if ratio is None else f"{ratio:,.0f}x" if ratio >= 100 else f"{ratio:.1f}x"


def fmt_same(same: bool | None) -> str:
    return "n/a" if same is None else "yes" if same else "NO"


def render_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        first, *rest = zip(cells, widths, strict=True)
        return "  ".join([first[0].ljust(first[1]), *(c.rjust(w) for c, w in rest)]).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def _growth_column(cells: Sequence[Cell], mode: str) -> list[str]:
    steps = {g.step: g for g in growth_steps(cells, mode)}
    column = ["-"]
    for prev, nxt in itertools.pairwise(cells):
        g = steps.get(f"{prev.label} → {nxt.label}")
        shown = "-" if g is None else g.verdict
        if g is not None and g.growth is not None:
            shown = f"{g.growth:.2f} ≤ {g.limit:.1f} {g.verdict}"
        column.append(shown)
    return column


def _runs(net: Net | None) -> str:
    return "-" if net is None else str(net.runs)


Column = tuple[str, Callable[[Cell], str]]

MEMORY_COLUMNS: tuple[Column, ...] = (
    ("size", lambda c: c.label),
    ("events", lambda c: f"{c.events:,}"),
    ("ss fold", lambda c: fmt_time(c.ss.fold)),
    ("ss dump", lambda c: fmt_time(c.ss.dump)),
    ("ss fold+dump", lambda c: fmt_time(c.ss.total)),
    ("apply ev/s", lambda c: fmt_rate(c.events, c.ss.fold)),
    ("fold+dump ev/s", lambda c: fmt_rate(c.events, c.ss.total)),
    ("AS fold+dump", lambda c: fmt_time(c.as_.total if c.as_ else None)),
    ("AS runs", lambda c: str(c.as_.runs) if c.as_ else "-"),
    ("ratio", lambda c: fmt_ratio(c.ratio())),
    ("same", lambda c: fmt_same(c.same)),
)
E2E_COLUMNS: tuple[Column, ...] = (
    ("size", lambda c: c.label),
    ("events", lambda c: f"{c.events:,}"),
    ("ss reduce", lambda c: fmt_time(c.net("streamspec"))),
    ("ss ev/s", lambda c: fmt_rate(c.events, c.net("streamspec"))),
    ("ss same", lambda c: fmt_same(c.e2e_same.get("streamspec"))),
    ("floor", lambda c: fmt_time(c.net("floor"))),
    ("x floor", lambda c: fmt_ratio(c.x_floor())),
    ("floor same", lambda c: fmt_same(c.e2e_same.get("floor"))),
    ("checked", lambda c: fmt_time(c.net("checked"))),
    ("x checked", lambda c: fmt_ratio(c.x_checked())),
    ("checked same", lambda c: fmt_same(c.e2e_same.get("checked"))),
    ("AS parse+fold", lambda c: fmt_time(c.net("agentscope"))),
    ("AS runs", lambda c: _runs(c.e2e.get("agentscope"))),
    ("ratio", lambda c: fmt_ratio(c.e2e_ratio())),
    ("AS same", lambda c: fmt_same(c.e2e_same.get("agentscope"))),
    ("AS / checked", lambda c: fmt_ratio(c.checked_ratio())),
)
#: The columns of the checked floor, shown for a series only where it ran.
CHECKED_COLUMNS = frozenset({"checked", "x checked", "checked same", "AS / checked"})
E2E_TITLE = "end to end (child CPU, start-up subtracted)"


def render_series(series: Series, cells: Sequence[Cell], e2e: bool) -> str:
    """Both tables of one series, with their growth checks."""
    parts = [f"== {series.name}: {series.what} =="]
    tables = [("in memory", MEMORY_COLUMNS)]
    if e2e:
        tables.append(("end to end", E2E_COLUMNS))
    checked = any("checked" in c.e2e for c in cells)
    for mode, every in tables:
        columns = [col for col in every if checked or col[0] not in CHECKED_COLUMNS]
        header = [name for name, _ in columns] + ["growth ≤ limit"]
        growth = _growth_column(cells, mode)
        rows = [[show(c) for _, show in columns] + [g] for c, g in zip(cells, growth, strict=True)]
        parts += [mode if mode == "in memory" else E2E_TITLE, render_table(header, rows)]
    up_to = series.agentscope_up_to
    if up_to is not None and any(c.size > up_to for c in cells):
        limit = size_label(series, up_to)
        parts.append(
            f"(AgentScope folds this series up to {limit} only: it scans every block per event)"
        )
    return "\n".join(parts)


#: ``side -> what the start-up table calls it``.
COMMAND_NAMES = {
    "streamspec": "streamspec reduce",
    "floor": "floor (python floor.py)",
    "checked": "checked floor (python checked.py)",
    "judge": "streamspec judge",
    "agentscope": "AgentScope parse+fold script",
}


def render_startup(startup: Mapping[str, Best]) -> str:
    """The start-up table: each command on an empty file, best CPU and best wall time."""
    rows = [
        [COMMAND_NAMES[side], fmt_time(best.cpu), fmt_time(best.wall), str(best.runs)]
        for side, best in startup.items()
    ]
    header = ["command on an empty file", "CPU (user+sys)", "wall", "runs"]
    return "== start-up ==\n" + render_table(header, rows)


def render_judge(cells: Mapping[str, Sequence[Cell]]) -> str:
    """The judge table: ``streamspec judge FILE`` net of its start-up, per event."""
    rows = []
    for cell in (c for cs in cells.values() for c in cs if "judge" in c.e2e):
        per_event = cell.judge_us()
        rows.append(
            [
                f"{cell.series} {cell.label}",
                f"{cell.events:,}",
                fmt_time(cell.net("judge")),
                "n/a" if per_event is None else f"{per_event:.2f}",
            ]
        )
    header = ["workload", "events", "judge (child CPU)", "µs/event"]
    return "== judge ==\n" + render_table(header, rows)


def to_json(cell: Cell) -> dict[str, Any]:
    """One cell as plain JSON: every field, plus totals, rates and ratios."""
    out = dataclasses.asdict(cell)
    out["streamspec"] = {
        **out.pop("ss"),
        "total": cell.ss.total,
        "events_per_s": cell.total_rate(),
        "apply_events_per_s": cell.apply_rate(),
    }
    timing = out.pop("as_")
    out["agentscope"] = None if cell.as_ is None else {**timing, "total": cell.as_.total}
    out.update(
        ratio=cell.ratio(),
        e2e_ratio=cell.e2e_ratio(),
        x_floor=cell.x_floor(),
        x_checked=cell.x_checked(),
        checked_ratio=cell.checked_ratio(),
        judge_us_per_event=cell.judge_us(),
    )
    return out
