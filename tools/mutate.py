"""Mutation testing for streamspec: run mutants against a test selection, write a score table.

    python tools/mutate.py --area reducer --tests stateful
    python tools/mutate.py --area package --tests all --sample 80 --write docs/mutation.md
    python tools/mutate.py --area spec --tests all

Rules:

1. The working tree is copied once into a snapshot, and the snapshot once per
   job; a job applies one mutant to its own copy, runs the tests there and
   restores the file. The repository itself is never written (except the
   ``--write`` report), and two mutants never share a copy at once.
2. Each run deletes the copy's Hypothesis database and runs with
   ``PYTHONDONTWRITEBYTECODE=1``, so no result depends on an earlier mutant;
   pytest loads ``mutation_plugin``, which keeps the suite's Hypothesis
   profile but drops shrinking and the example database.
3. The unmutated copy runs first; if its tests fail the run stops and shows
   the last lines of their output.
4. A mutant is *killed* when the tests exit non-zero, *timeout* when they run
   past ``--timeout``, *survived* when they pass, *equivalent* when its id is
   listed in ``tools/equivalent-mutants.txt`` (not run). The score is
   (killed + timeout) / (killed + timeout + survived). A single test running
   past ``--test-seconds`` fails (``mutation_plugin``), so a mutant that makes
   a loop run forever is killed in that time; the unmutated run has the same
   limit, so no test is cut short that passes in time without a mutant.
5. A spec mutant is written, then every generator runs in the copy (twice),
   so staleness checks pass and only a semantic test can kill it.
6. With ``--tests all``, a code mutant first runs the test files that name
   its module or a module that imports it (:func:`related_tests`); only when
   they pass do the other test files run. The verdict is the one the whole
   suite gives; most mutants die in the first stage, in a fraction of the
   suite's time.
7. With ``--minutes``, no mutant starts past that many minutes from the
   start; the report says the run stopped there. With ``--sample`` the
   mutants run in a seeded random order, so the part run is a random sample.
8. ``--tests related`` is a screen, not a score of the suite: a code mutant
   meets only the first stage of rule 6, the test files that name its module.
   A mutant they miss is reported as surviving (also when no test file names
   its module); the whole suite may still kill it. It finds the weakly tested
   places of a large area in a fraction of the time of ``--tests all``.
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import Mutant, apply, diff_line, mutants_of_file
from mutation_plugin import LIMIT_VARIABLE
from spec_mutants import GENERATORS, SPEC_MUTANTS, SpecMutant

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "tools" / "equivalent-mutants.txt"
PACKAGE = "impl/streamspec"
REDUCER_FILES = tuple(
    f"{PACKAGE}/{name}.py"
    for name in (
        "reply/_reducer",
        "reply/_fast_fold",
        "_machines",
        "_tables",
        "reply/_message",
        "reply/_content",
    )
)
TESTS = {
    "stateful": ["-x", "tests/test_stateful_reducer.py"],
    "all": ["-x", "-m", "not lint", "tests"],
    "related": ["-x", "-m", "not lint", "tests"],
}
_IGNORE = shutil.ignore_patterns(
    ".git", ".hypothesis", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", "*.pyc"
)
KILLED, SURVIVED, TIMEOUT, EQUIVALENT = "killed", "survived", "timeout", "equivalent"
#: Seconds one test may run in a mutant run (rule 4): far past the slowest test of the suite.
TEST_SECONDS = 300.0
#: How many lines of its output a failing unmutated run shows (rule 3).
OUTPUT_TAIL = 40


@dataclass(frozen=True)
class Result:
    """What happened to one mutant."""

    id: str
    path: str
    status: str
    seconds: float
    diff: str


# -- the equivalent list -------------------------------------------------------


def _equivalent_entries(text: str) -> Iterator[tuple[int, str, str, str]]:
    """Yield ``(line number, id, pinned source line, reason)`` for each entry of the list.

    An entry is ``ID `SOURCE` REASON``: ``SOURCE`` is the mutated line as it
    reads, stripped, so that an id moved onto another line by an edit is found.

    Raises:
        ValueError: a line has no pinned source or no reason, or an id is listed twice.
    """
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        ident, _, rest = line.partition(" ")
        pinned, closed, reason = rest[1:].partition("` ")
        if not closed and rest.endswith("`") and len(rest) > 1:
            pinned, closed, reason = rest[1:-1], "`", ""
        if not rest.startswith("`") or not closed:
            raise ValueError(f"line {number}: {ident} has no `source line` after it")
        if not reason.strip():
            raise ValueError(f"line {number}: {ident} has no reason")
        if ident in seen:
            raise ValueError(f"line {number}: {ident} is listed twice")
        seen.add(ident)
        yield number, ident, pinned, reason.strip()


def parse_equivalents(text: str) -> dict[str, str]:
    """Parse the list (``#`` comments and blank lines ignored) into id -> reason.

    Raises:
        ValueError: as :func:`_equivalent_entries` says.
    """
    return {ident: reason for _, ident, _, reason in _equivalent_entries(text)}


def pinned_lines(text: str) -> dict[str, str]:
    """Parse the list into id -> the source line it pins, stripped."""
    return {ident: pinned for _, ident, pinned, _ in _equivalent_entries(text)}


# -- choosing mutants ----------------------------------------------------------


#: Written by a generator: a change to one is caught by its ``--check`` alone.
GENERATED_FILES = frozenset({f"{PACKAGE}/_ahead_code.py"})


def area_files(area: str, root: Path) -> list[str]:
    """Return the files of an area, relative to ``root`` (never a generated one)."""
    if area == "reducer":
        return list(REDUCER_FILES)
    files = (p.relative_to(root).as_posix() for p in (root / PACKAGE).rglob("*.py"))
    return sorted(f for f in files if f not in GENERATED_FILES)


def select(
    items: list[Mutant],
    *,
    only: Sequence[str] | None,
    limit: int | None,
    sample: int | None,
    seed: int,
    under: Sequence[str] | None = None,
) -> list[Mutant]:
    """Apply ``--under PATH`` and ``--only FILE:LINE`` (any number of each), ``--sample N``
    (seeded, source order kept) and ``--limit N``."""
    if under:
        folders = [path.rstrip("/") for path in under]
        items = [
            m
            for m in items
            if any(m.path == folder or m.path.startswith(f"{folder}/") for folder in folders)
        ]
    if only:
        places = [place.rpartition(":")[::2] for place in only]
        items = [
            m
            for m in items
            if any(m.path.endswith(path) and str(m.line) == line for path, line in places)
        ]
    if sample is not None and sample < len(items):
        chosen = set(random.Random(seed).sample(range(len(items)), sample))
        items = [m for i, m in enumerate(items) if i in chosen]
    if limit is not None:
        items = items[:limit]
    return items


# -- running -------------------------------------------------------------------


def make_copy(source: Path, target: Path) -> Path:
    """Copy the tree at ``source`` to ``target`` without caches or git data."""
    shutil.copytree(source, target, ignore=_IGNORE, symlinks=True)
    return target


def resolve_commit(root: Path, ref: str) -> str:
    """The full id of the commit ``ref`` names now (``HEAD`` moves as commits land).

    Raises:
        SystemExit: ``ref`` names no commit.
    """
    done = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"mutate.py: --ref {ref!r} names no commit")
    return done.stdout.strip()


def export_commit(root: Path, ref: str, target: Path) -> Path:
    """Write the tree of commit ``ref`` to ``target`` (``git archive``)."""
    target.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", ref], cwd=root, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    return target


def run_command(copy: Path, command: Sequence[str], timeout: float) -> tuple[str, float]:
    """Run ``command`` in ``copy``; return (killed | survived | timeout, seconds)."""
    status, seconds, _ = run_with_output(copy, command, timeout)
    return status, seconds


def run_with_output(copy: Path, command: Sequence[str], timeout: float) -> tuple[str, float, str]:
    """Run ``command`` in ``copy``; return its status, seconds and the tail of its output."""
    shutil.rmtree(copy / ".hypothesis", ignore_errors=True)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    paths = [copy / "impl", copy / "tests", Path(__file__).resolve().parent]
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in paths)
    env.pop("STREAMSPEC_SPEC_DIR", None)
    began = time.monotonic()
    try:
        done = subprocess.run(
            list(command), cwd=copy, env=env, timeout=timeout, capture_output=True, check=False
        )
    except subprocess.TimeoutExpired:
        return TIMEOUT, time.monotonic() - began, f"timed out after {timeout:.0f} s"
    output = (done.stdout + done.stderr).decode("utf-8", "replace").splitlines()
    status = SURVIVED if done.returncode == 0 else KILLED
    return status, time.monotonic() - began, "\n".join(output[-OUTPUT_TAIL:])


def _dotted(path: str) -> str:
    """``impl/streamspec/a/_b.py`` -> ``streamspec.a._b``; an ``__init__`` -> its package."""
    return path[len("impl/") : -len(".py")].replace("/", ".").removesuffix(".__init__")


def _imported(tree: Path, path: str) -> set[str]:
    """The dotted names the module at ``path`` imports; ``from p import n`` gives ``p`` and ``p.n``.

    A string constant that is a dotted name of the package counts: the module
    imports it by name (``importlib.import_module``).
    """
    dotted = _dotted(path)
    package = dotted if path.endswith("__init__.py") else dotted.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse((tree / path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and str(node.value).startswith("streamspec."):
            found.add(str(node.value))  # imported by name: a lazy command, a generator
    return found


def related_tests(tree: Path, path: str) -> list[str]:
    """The test files under ``tree/tests`` that name the module at ``path`` (rule 6).

    A file names ``impl/streamspec/completion/_judge.py`` when its text holds
    ``streamspec.completion._judge``, or ``from streamspec.completion import _judge``;
    or when it names, the same ways, a module of the package that imports it
    directly (the top-level ``streamspec``, which every test names, excepted).
    A test reaches a private module through its package's public names, and a
    data module through the generator that reads it.
    """
    if not (path.startswith("impl/") and path.endswith(".py")):
        return []
    dotted = _dotted(path)
    modules = {dotted}
    for other in sorted((tree / PACKAGE).rglob("*.py")):
        name = other.relative_to(tree).as_posix()
        if name != path and dotted in _imported(tree, name):
            modules.add(_dotted(name))
    modules.discard(PACKAGE.rpartition("/")[2])
    names: list[str] = []
    for module in sorted(modules):
        package, _, last = module.rpartition(".")
        names += [module, f"from {package} import {last}"]
    return [
        test.relative_to(tree).as_posix()
        for test in sorted((tree / "tests").rglob("test_*.py"))
        if any(n in test.read_text(encoding="utf-8") for n in names)
    ]


def run_staged(
    copy: Path,
    command: Sequence[str],
    timeout: float,
    first: Sequence[str],
    *,
    first_only: bool = False,
) -> tuple[str, float]:
    """Run ``command`` on the ``first`` test files, then on the rest of its selection (rule 6).

    ``command`` selects the whole ``tests`` directory; both stages share ``timeout``.
    ``first_only``: stop after the first stage (rule 8); no ``first`` files is a survivor.
    """
    if first_only and not first:
        return SURVIVED, 0.0
    if not first:
        return run_command(copy, command, timeout)
    at = list(command).index("tests")
    status, spent = run_command(copy, [*command[:at], *first, *command[at + 1 :]], timeout)
    if status != SURVIVED or first_only:
        return status, spent
    rest = [*command, *(f"--ignore={path}" for path in first)]
    status, more = run_command(copy, rest, max(1.0, timeout - spent))
    return status, spent + more


def regenerate(copy: Path) -> bool:
    """Run every generator in ``copy`` twice; return False when one fails."""
    for _ in range(2):
        for module in GENERATORS:
            status, _ = run_command(copy, [sys.executable, "-m", module], 300)
            if status != SURVIVED:
                return False
    return True


Job: TypeAlias = Mutant | SpecMutant


def run_mutants(
    jobs: Sequence[Job],
    tree: Path,
    command: Sequence[str],
    *,
    workers: int = 1,
    timeout: float = 600.0,
    equivalent: dict[str, str] | None = None,
    progress: Callable[[Result, int, int], None] | None = None,
    staged: bool = False,
    first_only: bool = False,
    deadline: float | None = None,
) -> list[Result]:
    """Run each mutant of ``jobs`` against ``command`` in its own copy of ``tree``.

    ``staged``: run a code mutant's related test files first (rule 6).
    ``first_only``: run only those (rule 8).
    ``deadline``: a ``time.monotonic()`` past which no mutant is started
    (rule 7); the results are then those of the mutants started before it.
    """
    equivalent = equivalent or {}
    results: list[Result | None] = [None] * len(jobs)
    scratch = Path(tempfile.mkdtemp(prefix="streamspec-mutate-"))
    free: list[Path] = [make_copy(tree, scratch / f"w{n}") for n in range(max(1, workers))]
    lock = threading.Lock()
    counter = [0]

    def one(index: int) -> None:
        job = jobs[index]
        original = (tree / job.path).read_text(encoding="utf-8")
        if isinstance(job, SpecMutant):
            mutated, diff = job.apply(original), job.what
        else:
            mutated, diff = apply(original, job), diff_line(original, job)
        if job.id in equivalent:
            result = Result(job.id, job.path, EQUIVALENT, 0.0, diff)
        elif deadline is not None and time.monotonic() >= deadline:
            return
        else:
            with lock:
                copy = free.pop()
            try:
                (copy / job.path).write_text(mutated, encoding="utf-8")
                if isinstance(job, SpecMutant) and not regenerate(copy):
                    status, seconds = KILLED, 0.0
                else:
                    first = related_tests(copy, job.path) if staged else []
                    status, seconds = run_staged(
                        copy, command, timeout, first, first_only=first_only
                    )
            finally:
                shutil.rmtree(copy, ignore_errors=True)
                make_copy(tree, copy)
                with lock:
                    free.append(copy)
            result = Result(job.id, job.path, status, seconds, diff)
        results[index] = result
        with lock:
            counter[0] += 1
            if progress:
                progress(result, counter[0], len(jobs))

    try:
        with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
            list(pool.map(one, range(len(jobs))))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return [r for r in results if r is not None]


# -- the report ----------------------------------------------------------------


def score(results: Sequence[Result]) -> tuple[dict[str, int], float]:
    """Return the counts per status and the score over non-equivalent mutants."""
    counts = {
        s: sum(r.status == s for r in results) for s in (KILLED, SURVIVED, EQUIVALENT, TIMEOUT)
    }
    judged = counts[KILLED] + counts[TIMEOUT] + counts[SURVIVED]
    return counts, ((counts[KILLED] + counts[TIMEOUT]) / judged if judged else 1.0)


def render(results: Sequence[Result], header: dict[str, str]) -> str:
    """Return a run's Markdown section: the settings, a table per file and the survivors."""
    lines = [f"- {key}: {value}" for key, value in header.items()]
    lines += ["", "| File | Mutants | Killed | Survived | Equivalent | Timeout | Score |"]
    lines.append("|---|---:|---:|---:|---:|---:|---:|")
    paths = sorted({r.path for r in results})
    for path in [*paths, None]:
        rows = [r for r in results if path is None or r.path == path]
        counts, value = score(rows)
        name = f"`{path}`" if path else "**total**"
        lines.append(
            f"| {name} | {len(rows)} | {counts[KILLED]} | {counts[SURVIVED]} "
            f"| {counts[EQUIVALENT]} | {counts[TIMEOUT]} | {value:.1%} |"
        )
    survivors = [r for r in results if r.status == SURVIVED]
    lines += ["", f"Survivors ({len(survivors)}):", ""]
    lines += [f"- `{r.id}`: `{r.diff}`" for r in survivors] or ["- none"]
    return "\n".join(lines) + "\n"


_TITLE = "# Mutation testing\n"
_INTRO = (
    "Generated by `python tools/mutate.py ... --write docs/mutation.md`; how to run it and\n"
    "how to read it: [tools/README.md](../tools/README.md). One section per area and test\n"
    "selection, replaced by the next run of the same pair.\n"
)


def write_report(path: Path, name: str, section: str) -> None:
    """Replace (or append) the section ``name`` of the report at ``path``."""
    begin, end = f"<!-- BEGIN RUN: {name} -->", f"<!-- END RUN: {name} -->"
    block = f"{begin}\n## {name}\n\n{section}{end}\n"
    text = path.read_text(encoding="utf-8") if path.is_file() else f"{_TITLE}\n{_INTRO}\n"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end) + r"\n", re.DOTALL)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else f"{text}\n{block}"
    path.write_text(text, encoding="utf-8")


def commit_of(root: Path, ref: str | None) -> str:
    """Return the measured commit; for the working tree, marked when it has uncommitted changes."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    head = git("rev-parse", "--short=12", ref or "HEAD")
    if ref:
        return head
    dirty = git("status", "--porcelain", "--", "impl", "tests", "spec")
    changed = len(dirty.splitlines())
    return f"{head} (+ {changed} uncommitted files under impl/tests/spec)" if changed else head


# -- the command ---------------------------------------------------------------


def choose(args: argparse.Namespace) -> list[Job]:
    """Return the mutants the command line asks for, in source order."""
    if args.area == "spec":
        return list(SPEC_MUTANTS)
    with tempfile.TemporaryDirectory() as temp:
        source = export_commit(ROOT, args.ref, Path(temp) / "t") if args.ref else ROOT
        code = [m for f in area_files(args.area, source) for m in mutants_of_file(source, f)]
    return list(
        select(
            code,
            only=args.only,
            limit=args.limit,
            sample=args.sample,
            seed=args.sample_seed,
            under=args.under,
        )
    )


def _source_order(job: Job) -> tuple[str, int, int]:
    return (job.path, job.start, job.end) if isinstance(job, Mutant) else (job.path, 0, 0)


def _write(
    args: argparse.Namespace,
    argv: Sequence[str] | None,
    command: Sequence[str],
    results: Sequence[Result],
    total: int,
    baseline: float,
    began: float,
    commit: str,
) -> None:
    """Write the report section of this run (also while it runs: "k of N, running").

    ``commit`` is what was measured, taken when the tree was copied: commits made
    while the run goes on are not in it.
    """
    minutes = (time.monotonic() - began) / 60
    if len(results) == total:
        state = ""
    elif args.minutes is not None and minutes >= args.minutes:
        state = (
            f", stopped at the {args.minutes:g}-minute deadline; the mutants run in a seeded"
            " random order, so those run are a random sample"
        )
    else:
        state = ", still running"
    header = {
        "Date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "Commit": commit,
        "Command": "`python tools/mutate.py " + " ".join(argv or sys.argv[1:]) + "`",
        "Tests": "`" + " ".join(command[2:]) + "`",
        "Hypothesis profile": os.environ.get("HYPOTHESIS_PROFILE", "ci"),
        "Mutants run": (
            f"{len(results)} of {total}{state} (unmutated run {baseline:.0f} s, "
            f"{minutes:.1f} min in all, {args.jobs} jobs)"
        ),
    }
    write_report(args.write, f"{args.area} / {args.tests}", render(results, header))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--area", choices=["reducer", "package", "spec"], default="reducer")
    parser.add_argument("--tests", choices=sorted(TESTS), default="stateful")
    parser.add_argument("--seed", type=int, help="Hypothesis seed (--hypothesis-seed)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel copies (default 2)")
    parser.add_argument(
        "--timeout", type=float, help="seconds per mutant (default 3x baseline + 30)"
    )
    parser.add_argument(
        "--test-seconds",
        type=float,
        default=TEST_SECONDS,
        help=f"seconds one test may run before it fails (default {TEST_SECONDS:g}; 0: no limit)",
    )
    parser.add_argument("--limit", type=int, help="run only the first N chosen mutants")
    parser.add_argument(
        "--minutes", type=float, help="start no mutant after this many minutes (rule 7)"
    )
    parser.add_argument("--sample", type=int, help="run a seeded random sample of N mutants")
    parser.add_argument("--sample-seed", type=int, default=0, help="seed of --sample (default 0)")
    parser.add_argument(
        "--only", action="append", help="FILE:LINE: only the mutants of that line (repeatable)"
    )
    parser.add_argument(
        "--under",
        action="append",
        help="PATH: only the mutants of files at or under it, e.g. impl/streamspec/conform",
    )
    parser.add_argument(
        "--ref", help="measure this commit (git archive) instead of the working tree"
    )
    parser.add_argument("--list", action="store_true", help="print the chosen mutant ids and exit")
    parser.add_argument("--write", type=Path, help="write the score table into this Markdown file")
    parser.add_argument("--pytest-arg", action="append", default=[], help="extra pytest argument")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (0 also when mutants survive)."""
    args = _parser().parse_args(argv)
    if args.ref:
        # One commit for the whole run: the mutants and the tree they go into.
        args.ref = resolve_commit(ROOT, args.ref)

    equivalent = parse_equivalents(EQUIVALENT_FILE.read_text(encoding="utf-8"))
    jobs = choose(args)
    if args.sample is not None:
        # Run a sample in a seeded random order, so a run cut short is still a fair sample.
        random.Random(args.sample_seed + 1).shuffle(jobs)
    if args.list:
        print("\n".join(j.id for j in jobs))
        return 0

    os.environ[LIMIT_VARIABLE] = f"{args.test_seconds:g}"
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "mutation_plugin"]
    command += TESTS[args.tests]
    if args.seed is not None:
        command.append(f"--hypothesis-seed={args.seed}")
    command += args.pytest_arg
    began = time.monotonic()
    measured = commit_of(ROOT, args.ref)
    with tempfile.TemporaryDirectory(prefix="streamspec-snapshot-") as temp:
        if args.ref:
            snapshot = export_commit(ROOT, args.ref, Path(temp) / "tree")
        else:
            snapshot = make_copy(ROOT, Path(temp) / "tree")
        status, baseline, output = run_with_output(snapshot, command, 3600)
        if status != SURVIVED:
            print(f"the unmutated tree fails: {' '.join(command)}\n{output}", file=sys.stderr)
            return 2
        timeout = args.timeout or baseline * 3 + 30
        print(f"{len(jobs)} mutants; baseline {baseline:.1f}s; timeout {timeout:.0f}s", flush=True)

        done_so_far: list[Result] = []

        def report(result: Result, done: int, total: int) -> None:
            print(
                f"[{done}/{total}] {result.status:10} {result.seconds:6.1f}s {result.id}",
                flush=True,
            )
            done_so_far.append(result)
            if args.write:
                order = {job.id: n for n, job in enumerate(sorted(jobs, key=_source_order))}
                ordered = sorted(done_so_far, key=lambda r: order[r.id])
                _write(args, argv, command, ordered, len(jobs), baseline, began, measured)

        results = run_mutants(
            jobs,
            snapshot,
            command,
            workers=args.jobs,
            timeout=timeout,
            equivalent=equivalent,
            progress=report,
            staged=args.tests in ("all", "related"),
            first_only=args.tests == "related",
            deadline=None if args.minutes is None else began + args.minutes * 60,
        )
    order = {job.id: n for n, job in enumerate(sorted(jobs, key=_source_order))}
    results = sorted(results, key=lambda r: order[r.id])
    counts, value = score(results)
    print(f"score {value:.1%}: {counts}; {(time.monotonic() - began) / 60:.1f} min")
    if args.write:
        _write(args, argv, command, results, len(jobs), baseline, began, measured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
