"""The report's hand-written SVG plots: their geometry and their escaping."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from streamspec.audit._svg import PALETTE, colour, horizontal_bars, stacked_columns


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


@pytest.mark.parametrize(
    ("columns", "top"),
    [
        ({"mon": {"ok": 1200, "bad": 34}, "tue": {"ok": 7}}, "1,234"),
        ({"mon": {"ok": 0}, "tue": {}}, "1"),
        ({}, "1"),
    ],
    ids=["tallest", "all-empty", "none"],
)
def test_the_scale_runs_from_0_to_the_tallest_column_s_total(
    columns: dict[str, dict[str, int]], top: str
) -> None:
    """The scale's two labels: 0 at the foot, the tallest total at the top (1 with nothing to show)."""
    svg = stacked_columns("Verdicts", columns, ["ok", "bad"], unit="calls")
    labels = re.findall(r'<text x="50" y="(\d+)" text-anchor="end"[^>]*>([^<]*)</text>', svg)
    assert labels == [("26", top), ("220", "0")]


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


def _swatches(svg: str) -> list[float]:
    return [float(x) for x in re.findall(r'<rect x="([^"]+)" y="[^"]+" width="12"', svg)]


@pytest.mark.parametrize("count", [0, 1, 30])
def test_columns_leave_56_px_for_the_scale_and_170_px_for_the_legend_20_px_right(
    count: int,
) -> None:
    """The first bar starts 2 px into its column at 56 px; the legend's swatches stand 20 px
    right of the last column, and 170 px of picture remain from there."""
    columns = {f"day {n}": {"ok": 1} for n in range(count)}
    svg = stacked_columns("Verdicts", columns, ["ok", "bad"], unit="calls")
    width = _size(svg)[0]
    column = max(14, min(48, 640 // max(count, 1)))
    assert _swatches(svg) == [56 + column * count + 20] * 2
    assert width == 56 + column * count + 20 + 170
    if count:
        assert float(re.findall(r'<rect x="([^"]+)"', svg)[0]) == 56 + 2


@pytest.mark.parametrize(("label", "label_width"), [("ok", 29), ("x" * 30, 236), ("y" * 90, 440)])
def test_bars_start_after_their_labels_and_leave_90_px_for_the_values(
    label: str, label_width: int
) -> None:
    """Labels take 14 px and 7.4 px a character (at most 440); the longest bar is 360 px from
    there, and the picture is 90 px wider than the bar's end."""
    svg = horizontal_bars("Findings", [(label, 4, "#999999"), ("b", 2, "#999999")], unit="x")
    rects = re.findall(r'<rect x="([^"]+)" y="[^"]+" width="([^"]+)"', svg)
    assert [(float(x), float(w)) for x, w in rects] == [(label_width, 360), (label_width, 180)]
    assert _size(svg)[0] == label_width + 360 + 90


def test_the_legend_lists_each_part_in_order_18_px_apart_from_24_px_down() -> None:
    """Each part's swatch stands 18 px below the one before, the first at 24 px; its name
    sits 11 px below its swatch's top, 18 px right of it, in the part's own colour."""
    parts = ["ok", "bad", "unknown"]
    svg = stacked_columns("Verdicts", {"day 1": {"ok": 1}}, parts, unit="calls")
    swatches = re.findall(
        r'<rect x="([^"]+)" y="([^"]+)" width="12" height="12" fill="([^"]+)"', svg
    )
    names = re.findall(r'<text x="([^"]+)" y="([^"]+)"[^>]*>([^<]+)</text>', svg)[-len(parts) :]
    assert [float(y) for _, y, _ in swatches] == [24, 42, 60]
    assert [fill for _, _, fill in swatches] == [colour(part, n) for n, part in enumerate(parts)]
    assert [(float(x), float(y), name) for x, y, name in names] == [
        (float(swatches[n][0]) + 18, 24 + 18 * n + 11, part) for n, part in enumerate(parts)
    ]


def test_a_part_with_no_meaning_takes_the_cycle_from_its_position() -> None:
    """A part without a colour of its own takes the cycle's colour at its position, the first
    when no position is given; a known meaning keeps its colour wherever it stands."""
    assert colour("part-with-no-meaning") == colour("part-with-no-meaning", 0)
    assert colour("part-with-no-meaning", 0) != colour("part-with-no-meaning", 1)
    assert colour("error", 0) == colour("error", 5) == PALETTE["error"]


def test_every_colour_is_a_six_digit_hex_colour_and_the_meanings_are_told_apart() -> None:
    """SVG fills take ``#rrggbb``; an error, a warning and an info never share a colour."""
    colours = [*PALETTE.values(), *(colour("part-with-no-meaning", n) for n in range(7))]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", value) for value in colours), colours
    assert len({PALETTE["error"], PALETTE["warning"], PALETTE["info"]}) == 3


def test_every_bar_and_segment_says_what_it_counts_in_its_unit() -> None:
    """A bar's tooltip is ``label: value unit``; a column segment's ``column, part: value
    unit``; a part a column lacks draws no segment."""
    bars = horizontal_bars("Findings", [("bad_json", 1234, "#000000")], unit="findings")
    assert re.findall(r"<rect [^>]*><title>([^<]*)</title>", bars) == ["bad_json: 1,234 findings"]
    columns = {"mon": {"ok": 3, "bad": 1}, "tue": {"ok": 2}}
    svg = stacked_columns("Verdicts", columns, ["ok", "bad"], unit="model calls")
    assert re.findall(r"<rect [^>]*><title>([^<]*)</title>", svg) == [
        "mon, ok: 3 model calls",
        "mon, bad: 1 model calls",
        "tue, ok: 2 model calls",
    ]
