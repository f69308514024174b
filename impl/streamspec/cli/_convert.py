"""``streamspec convert``: rewrite a stream as envelopes or as AgentScope JSON.

Same contract as every command: stdout carries only the converted JSONL;
diagnostics go to stderr, ``LINE: CODE: message``; exit 0 when it ran, 1 when
an error-severity diagnostic was found (an unreadable line, an unsupported
version, a record that cannot be written as JSON), 2 for a file that cannot
be opened or read, an output that cannot be written, or a usage error. What
the target cannot say is a ``not_expressible`` warning naming it. Each line
is written as it is converted.
"""

from __future__ import annotations

import sys
from typing import BinaryIO

import click
import orjson

from streamspec import _json_exact
from streamspec._diagnostics import Severity
from streamspec._errors import UsageError
from streamspec._jsonl import unreadable
from streamspec.cli._console import emit, stdout
from streamspec.cli._from_option import from_option
from streamspec.cli._inputs import InputFile
from streamspec.envelope._convert import convert_lines
from streamspec.sources._read import read_input

__all__ = ["convert", "from_option"]


@click.command()
@click.argument("file", type=InputFile(), default="-")
@from_option
@click.option(
    "--to",
    "target",
    type=click.Choice(["envelope", "agentscope"]),
    default="envelope",
    show_default=True,
    help="Output format.",
)
def convert(file: BinaryIO, source: str, target: str) -> None:
    """Convert a stream (FILE, or '-' for stdin) to envelopes or AgentScope JSONL."""
    try:
        lines = read_input(file, source, replay=False, keep_envelopes=True)
        converted = convert_lines(lines, target)
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    out = stdout()
    dumps = _json_exact.dumps
    failed = False
    for item in converted:
        for problem in item.problems:
            emit(item.number, problem)
            failed = failed or problem.severity is Severity.ERROR
        if item.output is not None:
            try:
                out.write(dumps(item.output) + b"\n")
            except orjson.JSONEncodeError as error:
                emit(item.number, unreadable(item.number, f"cannot be written as JSON: {error}"))
                failed = True
    out.flush()
    if failed:
        sys.exit(1)
