"""The report's hand-written SVG plots: their geometry and their escaping."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from streamspec.audit._svg import colour, horizontal_bars, stacked_columns


@pytest.mark.parametrize(("count", "width"), [(1, 48), (13, 48), (20, 32), (45, 14), (200, 14)])
def test_columns_share_640_px_between_14_and_48_wide(count: int, width: int) -> None:
    """Each bar is its column's width less 4 px: 48 px columns, narrower to share 640 px, at least 14."""
    columns = {f"day {n}": {"ok": 1} for n in range(count)}
    svg = stacked_columns("Verdicts", columns, ["ok"], unit="calls")
    ET.fromstring(svg)
    bars = [float(w) for w in re.findall(r'<rect x="[^"]+" y="[^"]+" width="([^"]+)"', svg)]
    assert bars[:count] == [width - 4] * count
    xs = [float(x) for x in re.findall(r'<rect x="([^"]+)" y="[^"]+" width=', svg)[:count]]
    assert [b - a for a, b in itertools.pairwise(xs)] == [width] * (count - 1)


def test_no_columns_is_an_empty_plot_that_still_parses() -> None:
    """With no columns the plot has its title and legend, and no bar."""
    svg = stacked_columns("Verdicts", {}, ["ok"], unit="calls")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "Verdicts" in svg
    assert len(re.findall(r"<rect ", svg)) == 1, "only the legend's swatch"


def test_colours_name_meanings_and_cycle_seven_hex_colours_for_the_rest() -> None:
    """A verdict keeps its meaning's colour; any other name takes the next of seven distinct
    ``#rrggbb`` colours by position, then the cycle starts again."""
    assert colour("failed", 3) == "#c0392b"
    cycle = [colour("group", position) for position in range(8)]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in cycle), cycle
    assert len(set(cycle[:7])) == 7
    assert cycle[7] == cycle[0]


def _size(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg)
    view = [float(n) for n in root.get("viewBox", "").split()]
    assert view[:2] == [0, 0] and (root.get("width"), root.get("height")) == (
        f"{view[2]:.0f}",
        f"{view[3]:.0f}",
    )
    return view[2], view[3]


@pytest.mark.parametrize("count", [0, 1, 7])
def test_columns_stand_200_px_high_with_20_above_and_70_below_for_their_labels(
    count: int,
) -> None:
    """The picture is 290 px high whatever the columns; the tallest column fills the 200."""
    columns = {f"a long day name {n}": {"ok": n + 1, "bad": 1} for n in range(count)}
    svg = stacked_columns("Verdicts", columns, ["ok", "bad"], unit="calls")
    assert _size(svg)[1] == 20 + 200 + 70
    heights = [
        float(h)
        for h in re.findall(r'<rect x="[^"]+" y="[^"]+" width="[^"]+" height="([^"]+)"', svg)
    ]
    if count:
        assert max(sum(heights[2 * n : 2 * n + 2]) for n in range(count)) == pytest.approx(
            200, abs=0.2
        )


@pytest.mark.parametrize("count", [0, 1, 5])
def test_bars_take_a_22_px_row_each_below_30_px_for_the_title(count: int) -> None:
    bars = [(f"code_{n}", n + 1, "#999999") for n in range(count)]
    assert _size(horizontal_bars("Findings", bars, unit="findings"))[1] == 30 + 22 * count
