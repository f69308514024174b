"""Human-readable rendering of a check report.

Plain text, laid out as rich's borderless tables (columns padded to their
widest cell, two spaces apart) and written line by line, so a report costs
time in proportion to its size. On a terminal the codes and the verdict are
coloured with ANSI escapes; elsewhere the output is plain. A missing value is
``-``, never ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING, Final

from rich.cells import cell_len

from streamspec._diagnostics import CODE_INFO, Severity
from streamspec._machines import COMPILED

if TYPE_CHECKING:
    from streamspec.check._run import CheckReport, Finding, ReplyCheck

__all__ = ["render_report"]

#: ANSI SGR parameters of each style.
_SGR: Final = {
    "bold": "1",
    "dim": "2",
    "bold red": "1;31",
    "yellow": "33",
    "cyan": "36",
    "bold green": "1;32",
}
_STYLE: Final = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


class _Writer:
    __slots__ = ("colour", "file")

    def __init__(self, file: IO[str]) -> None:
        self.file = file
        isatty = getattr(file, "isatty", None)
        self.colour = bool(isatty and isatty())

    def paint(self, text: str, style: str) -> str:
        return f"\x1b[{_SGR[style]}m{text}\x1b[0m" if self.colour else text

    def line(self, text: str = "") -> None:
        self.file.write(text + "\n")


def _missing(value: object) -> str:
    return "-" if value is None or value == "" else str(value)


def _table(out: _Writer, header: Sequence[str], rows: Iterable[Sequence[str]]) -> None:
    rows = list(rows)
    widths = [cell_len(h) for h in header]
    for row in rows:
        widths = [max(w, cell_len(cell)) for w, cell in zip(widths, row, strict=True)]

    def layout(cells: Sequence[str]) -> str:
        padded = (cell + " " * (w - cell_len(cell)) for cell, w in zip(cells, widths, strict=True))
        return "  ".join(padded)

    out.line(out.paint(layout(header), "bold"))
    for row in rows:
        out.line(layout(row))


def _finding(out: _Writer, finding: Finding) -> None:
    diagnostic = finding.diagnostic
    out.line(
        out.paint(f"{finding.line}: ", "dim")
        + out.paint(diagnostic.code, _STYLE[diagnostic.severity])
        + f": {diagnostic.message}"
    )
    out.line(out.paint(f"      {CODE_INFO[diagnostic.code].meaning}", "dim"))


def _states(out: _Writer, reply: ReplyCheck) -> None:
    rows = []
    for machine, instances in reply.reducer.states().items():
        open_states = COMPILED[machine].open_states
        for key, state in instances.items():
            rows.append((machine, key or "-", state, "yes" if state in open_states else ""))
    _table(out, ("machine", "id", "state", "open at end"), rows)


def _verdicts(out: _Writer, reply: ReplyCheck) -> None:
    rows = (
        (v.key, v.terminal_state.value, _missing(v.finish_reason), v.usage_state.value)
        for v in reply.verdicts
    )
    _table(out, ("model call", "terminal state", "finish reason", "usage"), rows)


def render_report(report: CheckReport, file: IO[str]) -> None:
    """Write the report for people: per reply, final states and findings; then a summary."""
    out = _Writer(file)
    for reply in report.replies:
        name = "-" if reply.reply_id is None else repr(reply.reply_id)
        out.line(out.paint(f"reply {name}", "bold"))
        _states(out, reply)
        if reply.verdicts:
            _verdicts(out, reply)
        for finding in reply.findings:
            _finding(out, finding)
        out.line()
    for finding in report.unreadable:
        _finding(out, finding)
    errors, warnings = report.count(Severity.ERROR), report.count(Severity.WARNING)
    verdict = (
        out.paint("ok", "bold green") if not errors else out.paint("violations found", "bold red")
    )
    out.line(
        f"{report.lines} lines, {report.events} events, {len(report.replies)} replies: "
        f"{errors} errors, {warnings} warnings — {verdict}"
    )
    file.flush()
