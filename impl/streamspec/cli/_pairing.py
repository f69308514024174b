"""``streamspec pairing``: check and repair chat histories.

Both commands read a request body (a JSON object with a ``messages`` array) or
a bare messages array from FILE, or from stdin when FILE is ``-`` or missing.
stdout carries only the result. ``repair`` tells what it did on stderr, one
line per action or unrepaired violation, ``N: CODE: message`` like every
command, where ``N`` is the message's position in the input (for an
unrepaired violation, its position in the output, as the message says) and
``CODE`` the action or the rule; ``--report FILE`` writes the whole JSON
report there instead. A document nested deeper than
:data:`~streamspec._jsonl.MAX_DEPTH` is refused. Exit codes: 0 ran (and
nothing is left to report), 1 violations found (``check``) or left
unrepaired (``repair``), 2 a file that cannot be opened or read, an output
that cannot be written, or a usage error, with a one-line message.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click
import orjson

from streamspec import _json_exact
from streamspec._errors import UsageError
from streamspec._jsonl import MAX_DEPTH, depth_of
from streamspec.cli._console import cannot_open, fail, stdin, stdout, write_json
from streamspec.pairing._check import check_history
from streamspec.pairing._dialects import Dialect, dialect_tokens, get_dialect
from streamspec.pairing._repair import repair
from streamspec.pairing._report import Action, RepairReport

__all__ = ["pairing"]

_FILE = click.argument("file", required=False, default="-", metavar="[FILE|-]")
_DIALECT = click.option(
    "--dialect",
    "dialect",
    metavar="TOKEN",
    help="openai, deepseek-strict, kimi, mistral, gemini, anthropic.",
)


def _fail(message: str) -> NoReturn:
    fail(message)


def _dialect(token: str | None) -> Dialect:
    if token is None:
        _fail(f"--dialect is required (one of {', '.join(dialect_tokens())})")
    try:
        return get_dialect(token)
    except UsageError as exc:
        _fail(str(exc))


def _read(file: str) -> tuple[Any, list[Any]]:
    """Return the parsed document and its messages array."""
    name = "stdin" if file == "-" else file
    try:
        raw = stdin().read() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        cannot_open(name, exc.strerror or str(exc))
    try:
        document = _json_exact.loads(raw)
    except orjson.JSONDecodeError as exc:
        _fail(f"{name} is not JSON: {exc}")
    depth = depth_of(document)
    if depth > MAX_DEPTH:
        _fail(f"{name} is nested {depth} deep; the limit is {MAX_DEPTH}")
    if isinstance(document, list):
        return document, document
    if isinstance(document, dict) and isinstance(document.get("messages"), list):
        return document, document["messages"]
    _fail(f"{name} is neither a request body with a messages array nor a messages array")


def _emit(value: Any) -> None:
    write_json(value, stdout(), indent=True)


def _action_line(action: Action) -> str:
    """One action as ``N: ACTION: reason, what was done``."""
    where = action.index if action.index is not None else action.into
    said = [action.reason]
    if action.id is not None:
        said.append(f"call {action.id}")
    if action.new_id is not None:
        said.append(f"renamed to {action.new_id}")
    if action.into is not None and action.index is not None:
        said.append(f"into message {action.into}")
    if action.output_index is not None:
        said.append(f"now message {action.output_index} of the output")
    elif action.index is not None:
        said.append("not in the output")
    return f"{'-' if where is None else where}: {action.kind.value}: {', '.join(said)}"


def _report_lines(report: RepairReport) -> list[str]:
    lines = [_action_line(action) for action in report.actions]
    lines.extend(
        f"{v.index}: {v.rule.value}: {v.message} (left unrepaired; message {v.index} of the output)"
        for v in report.unrepaired
    )
    return lines


@click.group()
def pairing() -> None:
    """Check and repair tool-call pairing in chat histories."""


@pairing.command("check")
@_FILE
@_DIALECT
def check_command(file: str, dialect: str | None) -> None:
    """Print every violation of a dialect as a JSON array; exit 1 if there are any."""
    chosen = _dialect(dialect)
    _, messages = _read(file)
    violations = check_history(messages, chosen)
    _emit([v.to_dict() for v in violations])
    sys.exit(1 if violations else 0)


@pairing.command("repair")
@_FILE
@_DIALECT
@click.option(
    "--orphans",
    default="drop",
    metavar="drop|placeholder",
    help="What to do with unanswered calls.",
)
@click.option(
    "--fix", "fixes", multiple=True, metavar="bridge|invalid_arguments", help="Opt-in repair."
)
@click.option(
    "--report",
    "report_path",
    default=None,
    metavar="FILE",
    help="Write the JSON report here (default: one line per action on stderr).",
)
def repair_command(
    file: str, dialect: str | None, orphans: str, fixes: tuple[str, ...], report_path: str | None
) -> None:
    """Print the repaired body (or messages array); what was done goes to stderr or --report."""
    chosen = _dialect(dialect)
    document, messages = _read(file)
    try:
        repaired, report = repair(messages, chosen, orphans=orphans, fixes=fixes)
    except UsageError as exc:
        _fail(str(exc))
    if report_path is None:
        for line in _report_lines(report):
            click.echo(line, err=True)
    else:
        try:
            encoded = _json_exact.dumps(report.to_dict(), option=orjson.OPT_INDENT_2) + b"\n"
        except orjson.JSONEncodeError as exc:
            _fail(f"cannot write the report as JSON: {exc}")
        try:
            Path(report_path).write_bytes(encoded)
        except OSError as exc:  # a failed write has no file name of its own (a full disk)
            cannot_open(report_path, exc.strerror or str(exc))
    if isinstance(document, dict):
        _emit({**document, "messages": repaired})
    else:
        _emit(repaired)
    sys.exit(1 if report.unrepaired else 0)
