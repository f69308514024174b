"""``streamspec judge``: one verdict per model call, as a JSON array on stdout.

Contract: stdout carries only the array (verdicts in key order); every
diagnostic goes to stderr as ``LINE: CODE: message`` as its line is read. Exit
0 whenever the input could be judged, bad or unknown lines included (a bad
first line is an ``unreadable_line`` error like any other); 2 only when the
file cannot be opened. With no FILE, judges the bundled muse example (seed
002's six scenarios, one turn each).

The input is read line by line: memory follows the calls (their states and
text), never the line count. Verdicts are printed in key order, so the array
is written when the input ends, one verdict at a time.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any, BinaryIO, Final

import click

from streamspec import _json_exact
from streamspec._diagnostics import Diagnostic
from streamspec._events import UnknownEvent
from streamspec._resources import example_path
from streamspec.cli._from_option import from_option
from streamspec.cli._inputs import InputFile
from streamspec.completion._judge import Judge
from streamspec.sources._read import (
    EVIDENCE_SOURCES,
    judge_lines,
    read_events,
    source_of,
    unknown_type,
)

__all__ = ["BUNDLED_MUSE_EXAMPLE", "judge", "write_array"]

#: The example ``judge`` reads when given no file.
BUNDLED_MUSE_EXAMPLE: Final = "muse/seed002.muse.jsonl"


def _emit(line: int, diagnostic: Diagnostic) -> None:
    click.echo(f"{line}: {diagnostic.code}: {diagnostic.message}", err=True)


@click.command()
@click.argument("file", type=InputFile(), required=False)
@from_option
def judge(file: BinaryIO | None, source: str) -> None:
    """Judge every model call of FILE ('-' for stdin): did it really finish?

    Prints one JSON array of verdicts in key order. With no FILE, judges a
    bundled muse example (seed 002).
    """
    stream = file if file is not None else example_path(BUNDLED_MUSE_EXAMPLE).open("rb")
    judge_ = Judge()
    lines = read_events(stream, source, folds=judge_.object_folds())
    read_as = source_of(lines, source)
    if read_as in EVIDENCE_SOURCES:
        lines = judge_lines(lines, read_as)
    apply = judge_.apply
    for line in lines:
        if line.problem is not None:
            _emit(line.number, line.problem)
        event = line.event
        if isinstance(event, UnknownEvent):
            _emit(line.number, unknown_type(line.number, event, source))
        elif event is not None:
            apply(event)
    write_array((v.to_dict() for v in judge_.each_verdict()), sys.stdout.buffer)
    sys.stdout.flush()


def write_array(items: Iterable[Any], out: BinaryIO) -> None:
    """Write ``items`` as one compact JSON array and a newline, one item at a time.

    The bytes are those of ``_json_exact.dumps(list(items)) + b"\\n"``.
    """
    out.write(b"[")
    separator = b""
    for item in items:
        out.write(separator)
        out.write(_json_exact.dumps(item))
        separator = b","
    out.write(b"]\n")


if __name__ == "__main__":  # pragma: no cover
    judge()
