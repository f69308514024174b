"""Helpers the provider source tests share: what lines were read as, their problems, the CLI."""

from __future__ import annotations

from collections.abc import Iterable

from click.testing import CliRunner
from streamspec._completion_events import CompletionEvent
from streamspec._events import Event, UnknownEvent
from streamspec._jsonl import Line
from streamspec.cli import main


def kinds(lines: Iterable[Line]) -> list[str]:
    """Each record's kind: an AgentScope type, a completion kind, or ``unknown``."""
    out = []
    for line in lines:
        record = line.record
        if isinstance(record, UnknownEvent):
            out.append("unknown")
        elif isinstance(record, CompletionEvent):
            out.append(record.KIND)
        elif isinstance(record, Event):
            out.append(record.TYPE)
    return out


def problems(lines: Iterable[Line]) -> list[tuple[int, str, str]]:
    """``(line, code, message)`` of each problem line."""
    return [
        (line.number, line.problem.code, line.problem.message)
        for line in lines
        if line.problem is not None
    ]


def run_cli(*args: str) -> tuple[int, str, str]:
    """``streamspec ARGS``: exit code, stdout, stderr."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr
