"""The ``streamspec`` command line.

Contract shared by every command: stdout carries only the result;
diagnostics go to stderr, one per line, ``LINE: CODE: message``. Exit codes:
0 ran (a lenient ``reduce`` with violations included, unreadable lines
included: they are reported and skipped, as ``check`` reports them), 1 errors
found (``check``, ``reduce --strict``), 2 a usage error, an input that cannot
be opened or read, an output that cannot be written, or completion-only input
given to ``reduce``. A bad line is an ``unreadable_line`` error; the rest is
still read. A broken pipe is quiet (exit 1); see :mod:`streamspec._console`.
"""

from __future__ import annotations

import gc
import sys
from typing import BinaryIO

import click

from streamspec._check import run_check
from streamspec._console import GuardedGroup, emit, stdin, stdout, write_json
from streamspec._diagnostics import Severity
from streamspec._errors import ProtocolError, UsageError
from streamspec._inputs import InputFile
from streamspec._jsonl import READER_WARNINGS
from streamspec._reducer import Reducer
from streamspec._resources import example_path
from streamspec.completion._cli import judge
from streamspec.conform._adapter_cli import adapter
from streamspec.conform._conform_cli import conform
from streamspec.conform._fuzz_cli import fuzz_command
from streamspec.envelope import convert, from_option, reply_lines
from streamspec.envelope._formats import read_reply_events
from streamspec.pairing._cli import pairing

__all__ = ["main"]

#: The example ``check`` reads when given no file: seed 000's stream.
BUNDLED_REPLY_EXAMPLE = "seed000.agentscope.jsonl"


def _open_input(file: BinaryIO | None, bundled: str | None) -> BinaryIO:
    if file is not None:
        return file
    if bundled is not None:
        return example_path(bundled).open("rb")
    return stdin()


@click.group(cls=GuardedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="streamspec")
def main() -> None:
    """Reference semantics for LLM agent event streams."""
    # Everything imported so far lives as long as the process: keep the
    # cyclic collector from rescanning it while a long stream is read.
    gc.freeze()


@main.command()
@click.argument("file", type=InputFile("rb"), required=False)
@from_option
@click.option("--strict", is_flag=True, help="Stop at the first error and exit 1.")
@click.option("--each", is_flag=True, help="Print the message after every input line.")
@click.option("--reply-id", help="The reply to fold (default: the first event's reply_id).")
@click.option("--name", help="The message name (default: REPLY_START's, else 'assistant').")
@click.option(
    "--role",
    type=click.Choice(["user", "assistant", "system"]),
    help="The message role (default: REPLY_START's, else 'assistant').",
)
@click.option("--created-at", help="The message created_at (default: the first event's).")
def reduce(
    file: BinaryIO | None,
    source: str,
    strict: bool,
    each: bool,
    reply_id: str | None,
    name: str | None,
    role: str | None,
    created_at: str | None,
) -> None:
    """Fold a reply stream (FILE, or stdin) into the final message.

    Prints AgentScope's Msg.model_dump() as one JSON object (with --each, one
    per input line). Reads AgentScope JSONL, envelopes or a3s (--from).
    """
    reducer = Reducer(reply_id=reply_id, name=name, role=role, created_at=created_at, strict=strict)
    try:
        lines = read_reply_events(_open_input(file, None), source)
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    apply = reducer.apply
    out = stdout()
    last = 0
    try:
        for line in reply_lines(lines):
            last = line.number
            problem = line.problem
            if problem is not None:
                emit(line.number, problem)
                if strict and problem.severity is Severity.ERROR:
                    sys.exit(1)
            event = line.event
            if event is not None:
                for diagnostic in apply(event):
                    emit(line.number, diagnostic)
            if each and (
                event is not None or problem is None or problem.code not in READER_WARNINGS
            ):
                write_json(reducer.to_dict(), out)
    except ProtocolError as error:
        emit(last, error.diagnostic)
        sys.exit(1)
    for diagnostic in reducer.finish():
        emit(last, diagnostic)
    if not each:
        write_json(reducer.message.to_lazy(), out)


@main.command()
@click.argument("file", type=InputFile("rb"), required=False)
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
            _open_input(file, BUNDLED_REPLY_EXAMPLE),
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


main.add_command(convert)
main.add_command(judge)
main.add_command(pairing)
main.add_command(conform)
main.add_command(adapter)
main.add_command(fuzz_command)
