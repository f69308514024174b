"""``streamspec audit``: a whole corpus checked and judged, one summary at the end.

Contract (the command line's, :mod:`streamspec.cli._main`): the summary goes
to stdout (tables, or one JSON object with ``--format json``); findings go to
``--findings FILE`` as JSON lines as each file is read, never to stderr (a
corpus has too many); a progress bar goes to stderr on a terminal. Exit 1
when a finding of the ``--fail-on`` severity or worse is present or a file
could not be read, 2 for a
usage error or a file that cannot be written. A corpus file that cannot be
read is counted (and named in the summary), makes the exit status 1 and is
reported on stderr in one line; with ``--engine dask`` the paths are made
absolute, as a worker's working directory is not this one's.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO

import click

from streamspec._errors import UsageError
from streamspec.audit import (
    DEFAULT_PATTERNS,
    AuditState,
    DaskEngine,
    Engine,
    FileAudit,
    Job,
    LocalEngine,
    corpus_files,
    default_jobs,
    html_report,
    run_audit,
)
from streamspec.audit._render import render_summary
from streamspec.cli._console import cannot_open, write_json
from streamspec.cli._from_option import from_option

__all__ = ["audit"]


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@from_option
@click.option(
    "--glob",
    "patterns",
    multiple=True,
    metavar="PATTERN",
    help="Names of the files to read in a directory (repeatable; default "
    f"{' '.join(DEFAULT_PATTERNS)}).",
)
@click.option(
    "--group-by",
    multiple=True,
    metavar="PATH",
    help="Also count per value of this dotted field of the records, e.g. metadata.model "
    "(repeatable).",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), help="Local worker processes [default: every core]."
)
@click.option(
    "--engine",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="local: this machine's cores; dask: the workers of a running Dask scheduler.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="The Dask scheduler (with --engine dask), e.g. tcp://host:8786.",
)
@click.option(
    "--findings",
    "findings_path",
    metavar="FILE",
    help="Write every finding here, one JSON object per line.",
)
@click.option(
    "--html",
    "html_path",
    metavar="FILE",
    help="Write a self-contained HTML report with plots here.",
)
@click.option(
    "--state",
    "state_dir",
    metavar="DIR",
    help="Record finished files here; a rerun resumes where it stopped.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: tables for people; json: the summary as one JSON object.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning"]),
    default="error",
    show_default=True,
    help="Exit 1 when a finding of this severity or worse is present.",
)
def audit(
    paths: tuple[str, ...],
    source: str,
    patterns: tuple[str, ...],
    group_by: tuple[str, ...],
    jobs: int | None,
    engine: str,
    scheduler: str | None,
    findings_path: str | None,
    html_path: str | None,
    state_dir: str | None,
    output_format: str,
    fail_on: str,
) -> None:
    """Check and judge every trace file under the given paths (JSONL, gzip, SSE) at once.

    Each file is read with its own detected source, in parallel; the summary
    counts findings per code, verdicts per state and every group.
    """
    try:
        files = corpus_files(paths, patterns or DEFAULT_PATTERNS)
        if not files:
            raise UsageError(
                f"no file to audit under {' '.join(paths)}: no name matches "
                f"{' '.join(patterns or DEFAULT_PATTERNS)} (see --glob)",
                path="paths",
            )
        runner = _engine(engine, scheduler, jobs)
        if engine == "dask":  # a worker's working directory is not ours
            files = [os.path.abspath(path) for path in files]
        job = Job(source=source, group_by=group_by)
        state = _state(state_dir, job, findings_path)
        with _findings(findings_path, state) as findings, _progress(len(files)) as progress:
            summary = run_audit(
                files, job=job, engine=runner, state=state, findings=findings, progress=progress
            )
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    if state is not None:
        state.close()
    if html_path is not None:
        _write_text(html_path, html_report(summary))
    if output_format == "json":
        write_json(summary.to_dict())
    else:
        render_summary(summary, sys.stdout)
    if summary.failed:
        click.echo(f"audit: {summary.failed:,} file(s) could not be read", err=True)
    failing = summary.totals.errors + summary.failed
    if fail_on == "warning":
        failing += summary.totals.warnings
    sys.exit(1 if failing else 0)


def _engine(engine: str, scheduler: str | None, jobs: int | None) -> Engine:
    if engine == "dask":
        if scheduler is None:
            raise UsageError("--engine dask needs --scheduler ADDRESS", path="scheduler")
        return DaskEngine(scheduler)
    if scheduler is not None:
        raise UsageError("--scheduler is for --engine dask", path="scheduler")
    return LocalEngine(jobs or default_jobs())


def _state(state_dir: str | None, job: Job, findings_path: str | None) -> AuditState | None:
    if state_dir is None:
        return None
    settings = {
        "source": job.source,
        "group_by": list(job.group_by),
        "findings": os.path.abspath(findings_path) if findings_path else None,
    }
    state = AuditState(state_dir, settings)
    state.open()
    return state


@contextmanager
def _findings(path: str | None, state: AuditState | None) -> Iterator[IO[bytes] | None]:
    if path is None:
        yield None
        return
    resuming = state is not None and bool(state.done) and os.path.exists(path)
    try:
        stream = open(path, "r+b" if resuming else "wb")  # noqa: SIM115 - closed below
    except OSError as error:
        cannot_open(path, error.strerror or str(error))
    with stream:
        yield stream


@contextmanager
def _progress(total: int) -> Iterator[Callable[[FileAudit], None] | None]:
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console  # noqa: PLC0415 - only on a terminal
    from rich.progress import (  # noqa: PLC0415 - only on a terminal
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (
        TextColumn("files"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(
            "{task.fields[events]:,} events, {task.fields[findings]:,} findings, "
            "{task.fields[rate]}"
        ),
        TimeElapsedColumn(),
    )
    started = time.monotonic()
    counts = {"events": 0, "findings": 0}
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("audit", total=total, events=0, findings=0, rate="")

        def advance(done: FileAudit) -> None:
            totals = done.summary.totals
            counts["events"] += totals.events
            counts["findings"] += totals.errors + totals.warnings
            rate = counts["events"] / max(time.monotonic() - started, 1e-9)
            bar.update(
                task,
                advance=1,
                events=counts["events"],
                findings=counts["findings"],
                rate=f"{rate:,.0f} events/s",
            )

        yield advance


def _write_text(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        cannot_open(path, error.strerror or str(error))
