"""The ``streamspec`` command line.

Contract shared by every command: stdout carries only the result;
diagnostics go to stderr, one per line, ``LINE: CODE: message``. Exit codes:
0 ran (a lenient ``reduce`` with violations included), 1 errors found
(``check``, ``reduce --strict``), 2 only for a file that cannot be opened or a
usage error. A bad line is an ``unreadable_line`` error; the rest is still read.
"""

from __future__ import annotations

import gc
import sys
from typing import Any, BinaryIO

import click
import orjson

from streamspec._check import check_lines
from streamspec._diagnostics import Diagnostic, Severity
from streamspec._errors import ProtocolError
from streamspec._inputs import InputFile
from streamspec._reducer import Reducer
from streamspec._render import render_report
from streamspec._resources import example_path
from streamspec.completion._cli import judge
from streamspec.conform._adapter_cli import adapter
from streamspec.conform._conform_cli import conform
from streamspec.conform._fuzz_cli import fuzz_command
from streamspec.envelope import convert, from_option, read_events, reply_lines
from streamspec.pairing._cli import pairing

__all__ = ["main"]

#: The example ``check`` reads when given no file: seed 000's stream.
BUNDLED_REPLY_EXAMPLE = "seed000.agentscope.jsonl"


def _emit(line: int, diagnostic: Diagnostic) -> None:
    click.echo(f"{line}: {diagnostic.code}: {diagnostic.message}", err=True)


def _write_json(value: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(value) + b"\n")
    sys.stdout.flush()


def _open_input(file: BinaryIO | None, bundled: str | None) -> BinaryIO:
    if file is not None:
        return file
    if bundled is not None:
        return example_path(bundled).open("rb")
    return sys.stdin.buffer


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
    if source == "muse":
        raise click.UsageError("muse records carry no reply; use 'streamspec judge --from muse'")
    reducer = Reducer(reply_id=reply_id, name=name, role=role, created_at=created_at, strict=strict)
    apply = reducer.apply
    last = 0
    try:
        for line in reply_lines(read_events(_open_input(file, None), source)):
            last = line.number
            if line.problem is not None:
                _emit(line.number, line.problem)
                if strict and line.problem.severity is Severity.ERROR:
                    sys.exit(1)
            event = line.event
            if event is not None:
                for diagnostic in apply(event):
                    _emit(line.number, diagnostic)
            if each:
                _write_json(reducer.to_dict())
    except ProtocolError as error:
        _emit(last, error.diagnostic)
        sys.exit(1)
    for diagnostic in reducer.finish():
        _emit(last, diagnostic)
    if not each:
        _write_json(reducer.to_dict())


@main.command()
@click.argument("file", type=InputFile("rb"), required=False)
@from_option
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
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
    lines = read_events(_open_input(file, BUNDLED_REPLY_EXAMPLE), source)
    report = check_lines(lines, source=source)
    for finding in report.findings():
        _emit(finding.line, finding.diagnostic)
    if output_format == "json":
        _write_json(report.to_dict())
    else:
        render_report(report, sys.stdout)
    failing = {Severity.ERROR} if fail_on == "error" else {Severity.ERROR, Severity.WARNING}
    if any(f.diagnostic.severity in failing for f in report.findings()):
        sys.exit(1)


main.add_command(convert)
main.add_command(judge)
main.add_command(pairing)
main.add_command(conform)
main.add_command(adapter)
main.add_command(fuzz_command)
