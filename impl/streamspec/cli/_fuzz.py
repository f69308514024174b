"""``streamspec fuzz``: generated reply streams, the reference against an implementation.

Contract: stdout carries the run: first ``seed S`` (so that ``--seed S``
repeats the run), then the divergence classes, most frequent first (the
class, its count, its minimal example's event count and event types, its
first difference, the vector file written), then the closing line ``N
examples, N agreed, N diverged in K classes, N skipped``. Exit codes: 0 when
nothing diverged, 1 when something did, 2 for a usage error, a program
whose ``start`` handshake fails, or an output that cannot be written (a
broken pipe is quiet; see :mod:`streamspec.cli._console`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from streamspec._errors import UsageError
from streamspec.cli._guarded import GuardedCommand
from streamspec.conform._fuzz import DEFAULT_SHRINK_BUDGET, FuzzReport, fuzz, render_report
from streamspec.conform._fuzz import write_vectors as _write_vectors
from streamspec.conform._fuzz_cases import TARGETS
from streamspec.conform._program import Program, ProtocolError

__all__ = ["fuzz_command"]

#: Exit status of a usage error or a program that cannot start.
EXIT_USAGE = 2


def _fail(message: str) -> NoReturn:
    click.echo(f"streamspec fuzz: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


def _announce(report: FuzzReport) -> None:
    click.echo(f"seed {report.seed} (repeat the run with --seed {report.seed})")
    if report.target == "envelope":
        click.echo("target envelope; read cases compared whole")
    else:
        checks = ", ".join(report.checks) or "none"
        click.echo(f"target {report.target}; reduce checks compared: {checks}")


@click.command("fuzz", cls=GuardedCommand)
@click.option(
    "--program",
    "command",
    required=True,
    help="The implementation's adapter command (a shell-style line).",
)
@click.option(
    "--target",
    type=click.Choice(TARGETS),
    default=TARGETS[0],
    show_default=True,
    help="The wire the events are valid for (envelope: envelope v1 lines, read cases).",
)
@click.option("--legal-only", is_flag=True, help="Generate only orderings the tables allow.")
@click.option(
    "--max-examples",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="How many cases to generate.",
)
@click.option(
    "--time",
    "seconds",
    type=click.FloatRange(min=0, min_open=True),
    help="Stop generating after this many seconds (shrinking comes after).",
)
@click.option(
    "--seed", "seed_", type=click.IntRange(min=0), help="Repeat a run (default: a random seed)."
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write each class's minimal case as a vector file under DIR/<kind>/<level>/.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds the program may take for one answer.",
)
@click.option(
    "--shrink-budget",
    type=click.IntRange(min=0),
    default=DEFAULT_SHRINK_BUDGET,
    show_default=True,
    help="New cases each class's shrinking may send to the program.",
)
def fuzz_command(
    command: str,
    target: str,
    legal_only: bool,
    max_examples: int,
    seconds: float | None,
    seed_: int | None,
    out: Path | None,
    timeout: float,
    shrink_budget: int,
) -> None:
    """Fuzz an implementation: generated reply streams, its answers against the reference.

    Every disagreement is put in a class (where the answers first differ, and
    how); each class gets a count and its smallest case, shrunk by Hypothesis,
    which --out writes as a vector with the reference's output as expected.
    """
    try:
        with Program(command, timeout=timeout) as program:
            report = fuzz(
                program,
                target=target,
                legal_only=legal_only,
                max_examples=max_examples,
                seconds=seconds,
                seed_=seed_,
                shrink_budget=shrink_budget,
                on_start=_announce,
            )
    except ProtocolError as error:
        _fail(f"the program could not be started: {error}")
    except UsageError as error:
        _fail(str(error))
    if out is not None:
        _write_vectors(report, out)
    click.echo(render_report(report), nl=False)
    sys.exit(1 if report.divergences else 0)


if __name__ == "__main__":
    fuzz_command()
