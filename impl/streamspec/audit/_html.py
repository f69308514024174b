"""The audit's HTML report: one self-contained file that opens without a network.

Rules:

1. One HTML file: its styles inline, its plots inline SVG
   (:mod:`streamspec.audit._svg`), no script, no reference to anything outside it.
2. The plots: findings per code (coloured by severity), verdicts per
   terminal state, verdicts per day (when the files carry a time), the
   distribution of reply lengths, and the worst files; then the counts of
   every group as tables.
3. Everything from the corpus is escaped, so a file name or a group value
   cannot inject markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Final

from streamspec._diagnostics import CODE_INFO
from streamspec.audit._summary import Counts, Summary
from streamspec.audit._svg import colour, horizontal_bars, stacked_columns

__all__ = ["TERMINAL_ORDER", "html_report"]

#: The order terminal states are stacked and listed in.
TERMINAL_ORDER: Final = ("completed", "truncated", "failed", "cancelled", "no_completion_basis")

_STYLE: Final = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { padding: .2rem .7rem; border-bottom: 1px solid #ddd; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.cards { display: flex; flex-wrap: wrap; gap: .8rem; }
.card { border: 1px solid #ddd; border-radius: .4rem; padding: .5rem 1rem; }
.card b { display: block; font-size: 1.3rem; }
figure { margin: 1rem 0; overflow-x: auto; } figcaption { color: #555; }
"""


def _by_count(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>"


def _cards(summary: Summary) -> str:
    cards = summary.headline()
    inner = "".join(f'<div class="card"><b>{v:,}</b>{escape(k)}</div>' for k, v in cards)
    return f'<div class="cards">{inner}</div>'


def _table(head: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    header = "".join(
        f'<th class="n">{escape(h)}</th>' if i else f"<th>{escape(h)}</th>"
        for i, h in enumerate(head)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{cell:,}</td>'
            if isinstance(cell, int)
            else f"<td>{escape(str(cell))}</td>"
            for cell in row
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"


def _group_rows(values: Mapping[str, Counts]) -> list[list[object]]:
    ordered = sorted(values.items(), key=lambda item: (-item[1].files, item[0]))
    return [
        [v, c.files, c.events, c.replies, c.model_calls, c.errors, c.warnings] for v, c in ordered
    ]


def html_report(summary: Summary, *, title: str = "streamspec audit") -> str:
    """The whole report as one HTML document (rules 1 to 3)."""
    sections = [f"<h1>{escape(title)}</h1>", _cards(summary)]
    if summary.findings:
        bars = []
        for code, count in _by_count(summary.findings):
            info = CODE_INFO.get(code)
            severity = info.severity.value if info else "info"
            bars.append((code, count, colour(severity)))
        sections.append("<h2>Findings per code</h2>")
        sections.append(
            _figure(
                horizontal_bars("findings per code", bars, unit="findings"),
                "Bars coloured by severity: red errors, orange warnings, blue information.",
            )
        )
    if summary.terminal_states:
        ordered = _states(summary.terminal_states)
        bars = [(s, summary.terminal_states[s], colour(s)) for s in ordered]
        sections.append("<h2>Model calls per terminal state</h2>")
        sections.append(
            _figure(
                horizontal_bars("model calls per terminal state", bars, unit="model calls"),
                "Did each model call really finish? One bar per verdict.",
            )
        )
    if summary.days:
        series = _states({s: 1 for states in summary.days.values() for s in states})
        sections.append("<h2>Verdicts per day</h2>")
        sections.append(
            _figure(
                stacked_columns("verdicts per day", summary.days, series, unit="model calls"),
                "The day of a file is the UTC date of the first time its records carry.",
            )
        )
    if summary.lengths:
        ordered_lengths = sorted(summary.lengths, key=int)
        lengths = {
            f"≤ {bucket}": {"replies": summary.lengths[bucket]} for bucket in ordered_lengths
        }
        sections.append("<h2>Reply lengths</h2>")
        sections.append(
            _figure(
                stacked_columns("replies by events", lengths, ("replies",), unit="replies"),
                "Replies by their number of events, rounded up to a power of two.",
            )
        )
    if summary.worst:
        bars = [(path, errors, colour("error")) for errors, _, path in summary.worst]
        sections.append("<h2>Worst files</h2>")
        sections.append(
            _figure(
                horizontal_bars("errors of the worst files", bars, unit="errors"),
                "The files with the most errors (then warnings).",
            )
        )
        sections.append(
            _table(("file", "errors", "warnings"), ((p, e, w) for e, w, p in summary.worst))
        )
    for key, values in summary.ordered_groups():
        sections.append(f"<h2>By {escape(key)}</h2>")
        head = (key, "files", "events", "replies", "model calls", "errors", "warnings")
        sections.append(_table(head, _group_rows(values)))
    if summary.failed_files:
        sections.append("<h2>Files that could not be read</h2>")
        sections.append(_table(("file", "reason"), summary.failed_files))
    body = "\n".join(sections)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n"
        f"<body>\n{body}\n</body></html>\n"
    )


def _states(counts: Mapping[str, int]) -> list[str]:
    known = [s for s in TERMINAL_ORDER if s in counts]
    return known + sorted(s for s in counts if s not in TERMINAL_ORDER)
