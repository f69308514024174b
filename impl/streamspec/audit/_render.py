"""The audit's summary for a terminal: a few tables, widest counts first."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import IO

from rich.console import Console
from rich.table import Table

from streamspec._diagnostics import CODE_INFO
from streamspec.audit._summary import Counts, Summary

__all__ = ["render_summary"]


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    for position, column in enumerate(columns):
        table.add_column(column, justify="left" if position == 0 else "right")
    return table


def _by_count(counts: Mapping[str, int]) -> Iterable[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def render_summary(summary: Summary, out: IO[str]) -> None:
    """Write the summary's tables to ``out`` (colour only on a terminal)."""
    console = Console(file=out, highlight=False, soft_wrap=False, width=100)
    corpus = _table("corpus", "", "count")
    for name, value in summary.headline():
        corpus.add_row(name, f"{value:,}")
    console.print(corpus)
    if summary.findings:
        findings = _table("findings", "code", "severity", "count")
        for code, count in _by_count(summary.findings):
            info = CODE_INFO.get(code)
            findings.add_row(code, info.severity.value if info else "?", f"{count:,}")
        console.print(findings)
    for title, counts in (
        ("verdicts by terminal state", summary.terminal_states),
        ("verdicts by usage state", summary.usage_states),
    ):
        if counts:
            table = _table(title, "state", "model calls")
            for state, count in _by_count(counts):
                table.add_row(state, f"{count:,}")
            console.print(table)
    for key, values in summary.ordered_groups():
        console.print(_group_table(key, values))
    if summary.worst:
        worst = _table("worst files", "file", "errors", "warnings")
        for errors, warnings, path in summary.worst:
            worst.add_row(path, f"{errors:,}", f"{warnings:,}")
        console.print(worst)
    if summary.failed_files:
        failed = _table("failed files", "file", "reason")
        for path, reason in summary.failed_files:
            failed.add_row(path, reason)
        console.print(failed)


def _group_table(key: str, values: Mapping[str, Counts]) -> Table:
    table = _table(
        f"by {key}", key, "files", "events", "replies", "model calls", "errors", "warnings"
    )
    for value, counts in sorted(values.items(), key=lambda item: (-item[1].files, item[0])):
        table.add_row(
            value,
            *(
                f"{n:,}"
                for n in (
                    counts.files,
                    counts.events,
                    counts.replies,
                    counts.model_calls,
                    counts.errors,
                    counts.warnings,
                )
            ),
        )
    return table
