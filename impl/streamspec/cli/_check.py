"""``streamspec check``: every finding of a recorded stream, and a report.

Contract (the command line's, :mod:`streamspec.cli._main`): findings go to stderr
as their lines are complete; the report goes to stdout; exit 1 when a finding
of the ``--fail-on`` severity or worse is present.
"""

from __future__ import annotations

import sys
from typing import BinaryIO, Final

import click

from streamspec._errors import UsageError
from streamspec._resources import example_path
from streamspec.check._run import run_check
from streamspec.cli._console import emit, stdout
from streamspec.cli._from_option import from_option
from streamspec.cli._inputs import InputFile

__all__ = ["BUNDLED_REPLY_EXAMPLE", "check"]

#: The example ``check`` reads when given no file: seed 000's stream.
BUNDLED_REPLY_EXAMPLE: Final = "seed000.agentscope.jsonl"


def _input(file: BinaryIO | None) -> BinaryIO:
    if file is not None:
        return file
    return example_path(BUNDLED_REPLY_EXAMPLE).open("rb")


@click.command()
@click.argument("file", type=InputFile(), required=False)
@from_option
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a report for people; json: one JSON object (replies, unreadable lines, summary).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning"]),
    default="error",
    show_default=True,
    help="Exit 1 when a finding of this severity or worse is present.",
)
def check(file: BinaryIO | None, source: str, output_format: str, fail_on: str) -> None:
    """Check a recorded stream (FILE, or '-' for stdin) and report every finding.

    With no FILE, checks a bundled example (seed 000's stream).
    """
    try:
        status = run_check(
            _input(file),
            source=source,
            output_format=output_format,
            fail_on=fail_on,
            emit=lambda finding: emit(finding.line, finding.diagnostic),
            out=stdout(),
            text_out=sys.stdout,
        )
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    sys.exit(status)
