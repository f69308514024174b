"""Human-readable rendering of a check report, with rich."""

from __future__ import annotations

from typing import IO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from streamspec._check import CheckReport, Finding, ReplyCheck
from streamspec._diagnostics import CODE_INFO, Severity
from streamspec._machines import COMPILED

__all__ = ["render_report"]

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def _finding_line(finding: Finding) -> Text:
    diagnostic = finding.diagnostic
    text = Text()
    text.append(f"{finding.line}: ", style="dim")
    text.append(diagnostic.code, style=_STYLE[diagnostic.severity])
    text.append(f": {diagnostic.message}")
    text.append(f"\n      {CODE_INFO[diagnostic.code].meaning}", style="dim")
    return text


def _states_table(reply: ReplyCheck) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("machine")
    table.add_column("id")
    table.add_column("state")
    table.add_column("open at end")
    for machine, instances in reply.reducer.states().items():
        open_states = COMPILED[machine].open_states
        for key, state in instances.items():
            table.add_row(machine, key or "-", state, "yes" if state in open_states else "")
    return table


def _verdicts_table(reply: ReplyCheck) -> Table:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("model call", "terminal state", "finish reason", "usage"):
        table.add_column(column)
    for verdict in reply.verdicts:
        row = verdict.to_dict()
        table.add_row(
            str(row["key"]),
            str(row["terminal_state"]),
            str(row["finish_reason"]),
            str(row["usage_state"]),
        )
    return table


def render_report(report: CheckReport, file: IO[str]) -> None:
    """Write the report for people: per reply, final states and findings; then a summary."""
    console = Console(file=file, highlight=False, soft_wrap=True)
    for reply in report.replies:
        console.print(Text(f"reply {reply.reply_id!r}", style="bold"))
        console.print(_states_table(reply))
        if reply.verdicts:
            console.print(_verdicts_table(reply))
        for finding in reply.findings:
            console.print(_finding_line(finding))
        console.print()
    for finding in report.unreadable:
        console.print(_finding_line(finding))
    errors, warnings = report.count(Severity.ERROR), report.count(Severity.WARNING)
    verdict = (
        Text("ok", style="bold green") if not errors else Text("violations found", style="bold red")
    )
    summary = Text(
        f"{report.lines} lines, {report.events} events, {len(report.replies)} replies: "
        f"{errors} errors, {warnings} warnings — "
    )
    summary.append_text(verdict)
    console.print(summary)
