"""``streamspec judge``: one verdict per model call, as a JSON array on stdout.

Contract: stdout carries only the array (verdicts in key order); every
diagnostic goes to stderr as ``LINE: CODE: message``. Exit 0 whenever the
input could be judged, bad or unknown lines included; 2 only when the input
is unusable (the file cannot be opened, or ``auto`` cannot tell its format).
With no FILE, judges the bundled muse example (seed 002's six scenarios,
one turn each).
"""

from __future__ import annotations

import sys
from typing import BinaryIO, Final

import click
import orjson

from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._events import UnknownEvent
from streamspec._inputs import InputFile
from streamspec._resources import example_path
from streamspec.completion._judge import Judge
from streamspec.envelope._cli import from_option
from streamspec.envelope._formats import judge_lines, read_events

__all__ = ["BUNDLED_MUSE_EXAMPLE", "judge"]

#: The example ``judge`` reads when given no file.
BUNDLED_MUSE_EXAMPLE: Final = "muse/seed002.muse.jsonl"


def _emit(line: int, diagnostic: Diagnostic) -> None:
    click.echo(f"{line}: {diagnostic.code}: {diagnostic.message}", err=True)


def _unknown_type(line: int, event: UnknownEvent) -> Diagnostic:
    code = Code.UNKNOWN_EVENT_TYPE.value
    return Diagnostic(
        code=code,
        severity=CODE_INFO[code].severity,
        message=f"unknown AgentScope event type {event.type!r}; kept, no effect",
        details={"line": line},
    )


@click.command()
@click.argument("file", type=InputFile("rb"), required=False)
@from_option
def judge(file: BinaryIO | None, source: str) -> None:
    """Judge every model call of FILE ('-' for stdin): did it really finish?

    Prints one JSON array of verdicts in key order. With no FILE, judges a
    bundled muse example (seed 002).
    """
    stream = file if file is not None else example_path(BUNDLED_MUSE_EXAMPLE).open("rb")
    raw = list(stream)
    if source == "auto" and not _usable(raw):
        number = next(i for i, line in enumerate(raw, start=1) if line.strip())
        click.echo(
            f"{number}: cannot tell the input format: not a JSON object; use --from", err=True
        )
        sys.exit(2)
    judge_ = Judge()
    for line in judge_lines(read_events(raw, source), source):
        if line.problem is not None:
            _emit(line.number, line.problem)
        if isinstance(line.event, UnknownEvent):
            _emit(line.number, _unknown_type(line.number, line.event))
        elif line.event is not None:
            judge_.apply(line.event)
    payload = [v.to_dict() for v in judge_.verdicts()]
    sys.stdout.buffer.write(orjson.dumps(payload) + b"\n")
    sys.stdout.flush()


def _usable(raw: list[bytes]) -> bool:
    """Whether the first non-blank line is a JSON object (an empty input is usable)."""
    first = next((line for line in raw if line.strip()), None)
    if first is None:
        return True
    try:
        return isinstance(orjson.loads(first), dict)
    except orjson.JSONDecodeError:
        return False


if __name__ == "__main__":  # pragma: no cover
    judge()
