"""``streamspec conform``: run the conformance vectors against an implementation.

Contract: stdout carries the run's account (each failure, errored and xpass
case on one line as it happens, then one line per kind and level, what was
compared, and the closing line ``N passed, N failed`` with ``, N errored``,
``, N skipped`` and ``, N xfail`` added when non-zero); stderr carries the
progress bar (only on a terminal) and errors. Exit codes: 0 when nothing
failed or errored, 1 otherwise, 2 for a usage error, a vector or
expected-failure file that cannot be read, a report file that cannot be
written (``Error: cannot open NAME: REASON``, as every command says it), or
a program whose ``start`` handshake fails. A broken pipe is quiet (see
:mod:`streamspec.cli._console`).
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, NoReturn

import click

from streamspec._errors import SpecError, UsageError
from streamspec.cli._console import cannot_open
from streamspec.cli._guarded import GuardedCommand
from streamspec.cli._inputs import InputFile, OutputFile
from streamspec.conform._compare import ALL_CHECKS
from streamspec.conform._conform import (
    OUTCOMES,
    CaseOutcome,
    ExpectedFailures,
    Summary,
    parse_expected_failures,
    run_conformance,
)
from streamspec.conform._program import Program, ProtocolError
from streamspec.conform._report import JsonlReport, render_value, write_junit
from streamspec.conform._vectors import KINDS, LEVELS, VectorCase, load_cases

__all__ = ["conform"]

#: Exit status of a usage error, an unreadable file or a program that cannot start.
EXIT_USAGE = 2


def _fail(message: str) -> NoReturn:
    click.echo(f"streamspec conform: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def _split_checks(_ctx: click.Context, _param: click.Parameter, value: Sequence[str]) -> Any:
    """Accept ``--checks a,b`` and repeated ``--checks``; default every check."""
    checks = [part.strip() for item in value for part in item.split(",") if part.strip()]
    unknown = sorted(set(checks) - set(ALL_CHECKS))
    if unknown:
        raise click.BadParameter(
            f"unknown check {', '.join(unknown)}; expected {', '.join(ALL_CHECKS)}"
        )
    return tuple(c for c in ALL_CHECKS if c in checks) if checks else ALL_CHECKS


def _outcome_line(outcome: CaseOutcome) -> str | None:
    """The stdout line of a case worth a look (failed, errored, xpass), else None."""
    where = outcome.vector.id
    if outcome.outcome == "failed" and outcome.difference is not None:
        d = outcome.difference
        return (
            f"FAILED {where}: at {d.path}: expected {render_value(d.expected)}, "
            f"actual {render_value(d.actual)}"
        )
    if outcome.outcome == "errored":
        return f"ERRORED {where}: {outcome.message}"
    if outcome.outcome == "xpass":
        return f"XPASS {where}: listed as an expected failure ({outcome.reason}) but passed"
    return None


def _print_outcome(outcome: CaseOutcome) -> None:
    line = _outcome_line(outcome)
    if line is not None:
        click.echo(line)


def _counts_text(counts: dict[str, int]) -> str:
    text = ", ".join(f"{counts[o]} {o}" for o in ("passed", "failed", "errored", "skipped"))
    for extra in ("xfail", "xpass"):
        if counts[extra]:
            text += f", {counts[extra]} {extra}"
    return text


def _print_summary(
    summary: Summary, cases: Sequence[VectorCase], failures: ExpectedFailures
) -> None:
    implementation = summary.ready.implementation
    click.echo(
        f"implementation: {implementation.get('name', '?')} {implementation.get('version', '?')}"
        f" ({implementation.get('language', '?')})"
    )
    for kind, level, counter in summary.groups():
        click.echo(f"{kind}/{level}: {_counts_text(_zero() | dict(counter))}")
    selected = {case.kind for case in cases}
    for kind in KINDS:
        if kind in selected and kind not in summary.ready.kinds:
            click.echo(f"{kind}: not supported by the implementation; its cases were skipped")
    if "reduce" in selected and "reduce" in summary.ready.kinds:
        click.echo(f"reduce checks compared: {', '.join(summary.ready.checks) or 'none'}")
        left_out = summary.left_out_checks()
        if left_out:
            click.echo(
                f"reduce checks not compared: {', '.join(left_out)} "
                "(not offered, or not supported by the implementation; "
                "a partial comparison is not a full pass)"
            )
    for entry in failures.unmatched(cases):
        click.echo(f"expected failure {entry} names no selected case")
    click.echo(summary.closing_line())


def _zero() -> dict[str, int]:
    return dict.fromkeys(OUTCOMES, 0)


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[CaseOutcome], None]]:
    """A listener that advances a rich progress bar on stderr, when stderr is a terminal."""
    if not sys.stderr.isatty():
        yield lambda _outcome: None
        return
    from rich.console import Console  # noqa: PLC0415 - rich loads only for a terminal
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn  # noqa: PLC0415

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("conform", total=total)

        def advance(outcome: CaseOutcome) -> None:
            progress.update(task, advance=1, description=outcome.vector.kind)

        yield advance


def _folder(_ctx: click.Context, _param: click.Parameter, value: Path | None) -> Path | None:
    """A vectors folder that exists, or the one line every command gives."""
    if value is not None and not value.is_dir():
        cannot_open(str(value), "No such directory")
    return value


def _text(stream: IO[bytes]) -> str:
    try:
        return stream.read().decode("utf-8")
    except UnicodeDecodeError as error:
        _fail(f"cannot read {getattr(stream, 'name', '?')}: invalid UTF-8 at offset {error.start}")


@click.command(cls=GuardedCommand)
@click.option(
    "--program",
    "command",
    required=True,
    help="The implementation's adapter command (a shell-style line).",
)
@click.option(
    "--kind", "kinds", multiple=True, type=click.Choice(KINDS), help="Run only this kind."
)
@click.option(
    "--level", "levels", multiple=True, type=click.Choice(LEVELS), help="Run only this level."
)
@click.option("--tag", "tags", multiple=True, help="Run only cases with this tag.")
@click.option("-k", "substring", help="Run only cases whose <file>#<name> contains this.")
@click.option(
    "--vectors",
    type=click.Path(path_type=Path),
    callback=_folder,
    help="A vectors folder (<kind>/<level>/<file>); default: the shipped vectors.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds the program may take for one answer.",
)
@click.option(
    "--report",
    type=OutputFile(),
    help="Write one JSON line per case to this file.",
)
@click.option(
    "--junit",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write JUnit XML to this file.",
)
@click.option(
    "--checks",
    multiple=True,
    callback=_split_checks,
    help=f"Reduce checks to offer (comma-separated or repeated; default {','.join(ALL_CHECKS)}).",
)
@click.option(
    "--expected-failures",
    type=InputFile(),
    help="Cases expected to fail: lines '<file>[#<name>]  <reason>'.",
)
def conform(
    command: str,
    kinds: tuple[str, ...],
    levels: tuple[str, ...],
    tags: tuple[str, ...],
    substring: str | None,
    vectors: Path | None,
    timeout: float,
    report: IO[bytes] | None,
    junit: Path | None,
    checks: tuple[str, ...],
    expected_failures: IO[bytes] | None,
) -> None:
    """Run the conformance vectors against an implementation's adapter program.

    The program speaks adapter protocol v1 on stdin/stdout (see
    docs/conformance.md); streamspec sends each case and compares the answer.
    """
    try:
        failures = (
            parse_expected_failures(_text(expected_failures), expected_failures.name)
            if expected_failures is not None
            else ExpectedFailures()
        )
        cases = list(
            load_cases(
                vectors,
                kinds=kinds or KINDS,
                levels=levels or LEVELS,
                tags=tags,
                substring=substring,
            )
        )
    except (SpecError, UsageError) as error:
        _fail(str(error))
    if not cases:
        _fail("no vector case matches the selection")
    offered = tuple(k for k in KINDS if any(case.kind == k for case in cases))
    outcomes: list[CaseOutcome] = []
    listeners: list[Callable[[CaseOutcome], None]] = [outcomes.append, _print_outcome]
    if report is not None:
        listeners.append(JsonlReport(report))
    with Program(command, timeout=timeout) as program:
        try:
            ready = program.start(offered, checks)
        except ProtocolError as error:
            last = error.stderr_tail.strip().splitlines()[-1:]
            said = f" (its last stderr line: {last[0].strip()})" if last else ""
            _fail(f"the program could not start: {shlex.join(error.command)}: {error.reason}{said}")
        with _progress(len(cases)) as advance:
            summary = run_conformance(
                program,
                ready,
                cases,
                expected_failures=failures,
                listeners=[*listeners, advance],
            )
    if junit is not None:
        write_junit(junit, outcomes)
    _print_summary(summary, cases, failures)
    sys.exit(0 if summary.ok else 1)
