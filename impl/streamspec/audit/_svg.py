"""Bar charts as inline SVG text: no library, no script, no network.

Every label is escaped; every chart has a ``<title>`` for screen readers and
a ``viewBox``, so it scales with the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Final

__all__ = ["PALETTE", "horizontal_bars", "stacked_columns"]

#: Colours by meaning (severities and terminal states), then a cycle for the rest.
PALETTE: Final[Mapping[str, str]] = {
    "error": "#c0392b",
    "warning": "#e69f00",
    "info": "#56b4e9",
    "completed": "#009e73",
    "truncated": "#e69f00",
    "failed": "#c0392b",
    "no_completion_basis": "#999999",
    "cancelled": "#cc79a7",
}
_CYCLE: Final = ("#0072b2", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#e69f00", "#999999")
_FONT: Final = 'font-family="system-ui, sans-serif" font-size="12"'


def colour(name: str, position: int = 0) -> str:
    """The colour of ``name``: its meaning's, else one of the cycle."""
    return PALETTE.get(name, _CYCLE[position % len(_CYCLE)])


def horizontal_bars(title: str, bars: Sequence[tuple[str, int, str]], *, unit: str) -> str:
    """One bar per ``(label, value, colour)``, longest scale first: a row of 22 px each,
    below 30 px for the title.

    The labels take 14 px plus 7.4 px a character of the longest, at most 440 px; the
    longest bar is 360 px, and 90 px to its right hold the values.
    """
    label_width = 14 + 7.4 * max((len(label) for label, _, _ in bars), default=0)
    label_width = round(min(label_width, 440))
    bar_width, row = 360, 22
    width, height = label_width + bar_width + 90, 30 + row * len(bars)
    top = max((value for _, value, _ in bars), default=0) or 1
    parts = [_open(title, width, height)]
    for position, (label, value, fill) in enumerate(bars):
        y = 24 + row * position
        length = max(1.0, bar_width * value / top) if value else 0.0
        parts.append(
            f'<text x="{label_width - 6}" y="{y + 14}" text-anchor="end" {_FONT}>'
            f"{escape(_cut(label, 58))}</text>"
            f'<rect x="{label_width}" y="{y + 3}" width="{length:.1f}" height="{row - 6}" '
            f'fill="{fill}"><title>{escape(label)}: {value:,} {escape(unit)}</title></rect>'
            f'<text x="{label_width + length + 6:.1f}" y="{y + 14}" {_FONT}>{value:,}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def stacked_columns(
    title: str, columns: Mapping[str, Mapping[str, int]], series: Sequence[str], *, unit: str
) -> str:
    """One column per key of ``columns`` (in order), stacked by ``series``, with a legend.

    A column is 48 px wide, narrower as there are more so that they share 640 px,
    and never under 14 px; each bar leaves 2 px on either side. The columns stand
    200 px high, with 20 px above them and 70 px below for their labels, turned 45°.
    The scale takes 56 px on the left, from 0 at the foot to the tallest column's
    total at the top (1 when every column is empty); the legend, 20 px right of the
    columns, 170 px.
    """
    count = len(columns)
    column_width = max(14, min(48, 640 // max(count, 1)))
    plot_height, left, bottom = 200, 56, 70
    width = left + column_width * count + 20 + 170
    height = plot_height + bottom + 20
    top = max((sum(values.values()) for values in columns.values()), default=0) or 1
    parts = [_open(title, width, height)]
    parts.append(
        f'<line x1="{left}" y1="{20 + plot_height}" x2="{left + column_width * count}" '
        f'y2="{20 + plot_height}" stroke="#444"/>'
        f'<text x="{left - 6}" y="26" text-anchor="end" {_FONT}>{top:,}</text>'
        f'<text x="{left - 6}" y="{20 + plot_height}" text-anchor="end" {_FONT}>0</text>'
    )
    for position, (name, values) in enumerate(columns.items()):
        x = left + column_width * position
        y = 20.0 + plot_height
        for index, part in enumerate(series):
            value = values.get(part, 0)
            if not value:
                continue
            size = plot_height * value / top
            y -= size
            parts.append(
                f'<rect x="{x + 2}" y="{y:.1f}" width="{column_width - 4}" height="{size:.1f}" '
                f'fill="{colour(part, index)}"><title>{escape(name)}, {escape(part)}: '
                f"{value:,} {escape(unit)}</title></rect>"
            )
        label_x, label_y = x + column_width / 2, 20 + plot_height + 10
        parts.append(
            f'<text x="{label_x:.1f}" y="{label_y}" text-anchor="end" {_FONT} '
            f'transform="rotate(-45 {label_x:.1f} {label_y})">{escape(_cut(name, 12))}</text>'
        )
    legend_x = left + column_width * count + 20
    for index, part in enumerate(series):
        y = 24 + 18 * index
        parts.append(
            f'<rect x="{legend_x}" y="{y}" width="12" height="12" fill="{colour(part, index)}"/>'
            f'<text x="{legend_x + 18}" y="{y + 11}" {_FONT}>{escape(part)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _open(title: str, width: float, height: float) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}"><title>{escape(title)}</title>'
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]
