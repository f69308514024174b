"""``streamspec pairing``: check and repair chat histories.

Both commands read a request body (a JSON object with a ``messages`` array) or
a bare messages array from FILE, or from stdin when FILE is ``-`` or missing.
stdout carries only the result; the repair report and every diagnostic go to
stderr. Exit codes: 0 ran (and nothing is left to report), 1 violations found
(``check``) or left unrepaired (``repair``), 2 a file that cannot be opened or
a usage error, with a one-line message.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

import click
import orjson

from streamspec._errors import UsageError
from streamspec.pairing._check import check_history
from streamspec.pairing._dialects import Dialect, dialect_tokens, get_dialect
from streamspec.pairing._repair import repair

__all__ = ["pairing"]

_FILE = click.argument("file", required=False, default="-", metavar="[FILE|-]")
_DIALECT = click.option(
    "--dialect",
    "dialect",
    metavar="TOKEN",
    help="openai, deepseek-strict, kimi, mistral, gemini, anthropic.",
)


def _fail(message: str) -> NoReturn:
    click.echo(f"streamspec pairing: {message}", err=True)
    sys.exit(2)


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
        raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        _fail(f"cannot open {name}: {exc.strerror or exc}")
    try:
        document = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        _fail(f"{name} is not JSON: {exc}")
    if isinstance(document, list):
        return document, document
    if isinstance(document, dict) and isinstance(document.get("messages"), list):
        return document, document["messages"]
    _fail(f"{name} is neither a request body with a messages array nor a messages array")


def _emit(value: Any) -> None:
    sys.stdout.buffer.write(orjson.dumps(value, option=orjson.OPT_INDENT_2) + b"\n")
    sys.stdout.flush()


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
    "--report", "report_path", default=None, metavar="FILE", help="Write the report here."
)
def repair_command(
    file: str, dialect: str | None, orphans: str, fixes: tuple[str, ...], report_path: str | None
) -> None:
    """Print the repaired body (or messages array); the report goes to stderr or --report."""
    chosen = _dialect(dialect)
    document, messages = _read(file)
    try:
        repaired, report = repair(messages, chosen, orphans=orphans, fixes=fixes)
    except UsageError as exc:
        _fail(str(exc))
    encoded = orjson.dumps(report.to_dict(), option=orjson.OPT_INDENT_2) + b"\n"
    if report_path is None:
        sys.stderr.buffer.write(encoded)
        sys.stderr.flush()
    else:
        try:
            Path(report_path).write_bytes(encoded)
        except OSError as exc:
            _fail(f"cannot open {report_path}: {exc.strerror or exc}")
    if isinstance(document, dict):
        _emit({**document, "messages": repaired})
    else:
        _emit(repaired)
    sys.exit(1 if report.unrepaired else 0)
