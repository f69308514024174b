"""The fold benchmark's growth plot: end-to-end time against events, as SVG.

One panel per series, both axes logarithmic, one series per side
(streamspec, the floor, the checked floor, AgentScope): a polyline through its points and a
marker on each. Every side has its group in every panel, empty when that
side has no positive time there (an end-to-end net time at or below zero is
start-up noise and cannot sit on a log axis). The SVG is written by hand:
numbers are rounded to one decimal and nothing depends on the clock, so
the same numbers give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

#: ``side -> (legend label, colour)``, in drawing order.
SIDES: Mapping[str, tuple[str, str]] = {
    "streamspec": ("streamspec reduce", "#1f6fb4"),
    "floor": ("floor (hand-written fold)", "#2a9d3a"),
    "checked": ("checked floor (+ the spec's checks)", "#7b3fa0"),
    "agentscope": ("AgentScope 2.0.11", "#c8372d"),
}
COLUMNS = 3
PANEL_W, PANEL_H = 300, 230
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 62, 14, 28, 40
LEGEND_H = 34


@dataclass(frozen=True)
class Panel:
    """One series: ``side -> [(events, seconds)]`` in growing size."""

    name: str
    title: str
    points: Mapping[str, Sequence[tuple[int, float]]]


def _num(value: float) -> str:
    return f"{value:.1f}"


#: How far (in decades) a value may pass a decade line before the axis grows
#: to the next one: 100,004 events sit on the 100k line, not under a 1M one.
SNAP = 0.01


def _decades(values: Sequence[float]) -> tuple[int, int]:
    """The decades bounding ``values``: at least one decade wide."""
    low = math.floor(math.log10(min(values)) + SNAP)
    high = math.ceil(math.log10(max(values)) - SNAP)
    return low, max(high, low + 1)


def _events_label(decade: int) -> str:
    value = 10**decade
    for unit, scale in (("M", 10**6), ("k", 10**3)):
        if value >= scale:
            return f"{value // scale}{unit}"
    return str(value)


def _seconds_label(decade: int) -> str:
    for unit, exponent in (("s", 0), ("ms", -3), ("µs", -6)):
        if decade >= exponent:
            return f"{10 ** (decade - exponent)} {unit}"
    return f"1e{decade} s"


class _Axes:
    """Maps (events, seconds) to the pixels of one panel."""

    def __init__(self, left: float, top: float, xs: tuple[int, int], ys: tuple[int, int]) -> None:
        self.left, self.top = left, top
        self.xs, self.ys = xs, ys
        self.width = PANEL_W - MARGIN_L - MARGIN_R
        self.height = PANEL_H - MARGIN_T - MARGIN_B

    def x(self, events: float) -> float:
        low, high = self.xs
        return self.left + (math.log10(events) - low) / (high - low) * self.width

    def y(self, seconds: float) -> float:
        low, high = self.ys
        return self.top + self.height - (math.log10(seconds) - low) / (high - low) * self.height


def _frame(axes: _Axes, title: str) -> list[str]:
    left, top, right = axes.left, axes.top, axes.left + axes.width
    bottom = top + axes.height
    out = [
        f'<text class="title" x="{_num(left)}" y="{_num(top - 10)}">{escape(title)}</text>',
        f'<rect class="frame" x="{_num(left)}" y="{_num(top)}" '
        f'width="{_num(axes.width)}" height="{_num(axes.height)}"/>',
    ]
    for decade in range(axes.xs[0], axes.xs[1] + 1):
        x = _num(axes.x(10.0**decade))
        out.append(f'<line class="grid" x1="{x}" y1="{_num(top)}" x2="{x}" y2="{_num(bottom)}"/>')
        out.append(
            f'<text class="tick" x="{x}" y="{_num(bottom + 14)}" text-anchor="middle">'
            f"{_events_label(decade)}</text>"
        )
    for decade in range(axes.ys[0], axes.ys[1] + 1):
        y = _num(axes.y(10.0**decade))
        out.append(f'<line class="grid" x1="{_num(left)}" y1="{y}" x2="{_num(right)}" y2="{y}"/>')
        out.append(
            f'<text class="tick" x="{_num(left - 4)}" y="{y}" text-anchor="end" '
            f'dominant-baseline="middle">{escape(_seconds_label(decade))}</text>'
        )
    out.append(
        f'<text class="tick" x="{_num(left + axes.width / 2)}" y="{_num(bottom + 30)}" '
        'text-anchor="middle">events</text>'
    )
    return out


def _series(axes: _Axes | None, panel: Panel, side: str) -> list[str]:
    points = [(e, t) for e, t in panel.points.get(side, ()) if e > 0 and t > 0]
    colour = SIDES[side][1]
    head = (
        f'<g class="series" data-side={quoteattr(side)} data-points="{len(points)}" '
        f'stroke="{colour}" fill="{colour}">'
    )
    if axes is None or not points:
        return [head, "</g>"]
    xy = [(_num(axes.x(e)), _num(axes.y(t))) for e, t in points]
    out = [head]
    if len(xy) > 1:
        path = " ".join(f"{x},{y}" for x, y in xy)
        out.append(f'<polyline fill="none" stroke-width="1.8" points="{path}"/>')
    out += [f'<circle cx="{x}" cy="{y}" r="2.8"/>' for x, y in xy]
    out.append("</g>")
    return out


def _panel(panel: Panel, index: int) -> list[str]:
    left = (index % COLUMNS) * PANEL_W + MARGIN_L
    top = LEGEND_H + (index // COLUMNS) * PANEL_H + MARGIN_T
    positive = [(e, t) for side in SIDES for e, t in panel.points.get(side, ()) if e > 0 and t > 0]
    out = [f'<g class="panel" data-series={quoteattr(panel.name)}>']
    axes: _Axes | None = None
    if positive:
        xs = _decades([e for e, _ in positive])
        ys = _decades([t for _, t in positive])
        axes = _Axes(left, top, xs, ys)
        out += _frame(axes, panel.title)
    else:
        out.append(
            f'<text class="title" x="{_num(left)}" y="{_num(top - 10)}">'
            f"{escape(panel.title)} (no end-to-end times)</text>"
        )
    for side in SIDES:
        out += _series(axes, panel, side)
    out.append("</g>")
    return out


def _legend(width: int) -> list[str]:
    out = ['<g class="legend">']
    step = width / len(SIDES)
    for i, (label, colour) in enumerate(SIDES.values()):
        x = MARGIN_L + i * step
        out.append(
            f'<line x1="{_num(x)}" y1="17" x2="{_num(x + 22)}" y2="17" '
            f'stroke="{colour}" stroke-width="2.5"/>'
        )
        out.append(f'<text class="tick" x="{_num(x + 28)}" y="21">{escape(label)}</text>')
    out.append("</g>")
    return out


def render_svg(panels: Sequence[Panel], caption: str) -> str:
    """The whole plot as an SVG document: a legend, then one panel per series."""
    rows = max(1, math.ceil(len(panels) / COLUMNS))
    width, height = COLUMNS * PANEL_W, LEGEND_H + rows * PANEL_H + 18
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f"<title>{escape(caption)}</title>",
        "<style>.frame{fill:none;stroke:#444}.grid{stroke:#ddd}"
        ".title{font-weight:bold;font-size:12px}.tick{fill:#333;stroke:none}</style>",
        f'<rect width="{width}" height="{height}" fill="white"/>',
        *_legend(width - MARGIN_L),
    ]
    for index, panel in enumerate(panels):
        out += _panel(panel, index)
    out.append(
        f'<text class="tick" x="{_num(MARGIN_L)}" y="{_num(height - 6)}">{escape(caption)}</text>'
    )
    out.append("</svg>")
    return "\n".join(out) + "\n"
