"""The long fuzz mode: every entry point that reads untrusted input, one command.

    python tools/fuzz_inputs.py --runs 10000000            # every entry point, budget split evenly
    python tools/fuzz_inputs.py --entry reduce --time 600  # one entry point for ten minutes
    python tools/fuzz_inputs.py --engine builtin --runs 20000 --seed 7

Rules:

1. The invariant is :mod:`fuzz_entry_points`' one: no exception but the
   project's own, a command exits 0, 1 or 2 without a traceback, and memory
   stays bounded: the peak RSS must not grow by more than ``--input-rss-mb``
   during one input, nor pass ``--rss-limit-mb``.
2. ``--runs N`` and ``--time S`` are totals, split evenly between the chosen
   entry points; each entry point runs in its own child process (atheris
   takes over the process it runs in, and each peak RSS is then its own).
3. ``--engine atheris`` (coverage-guided, libFuzzer) when atheris imports,
   else ``builtin``: the seeds as they are, then seeds mutated by
   :mod:`fuzz_mutations` (one to four operators each, a quarter of them
   stacked on an earlier mutant). The seed of entry point ``i`` is
   ``--seed + i``; the builtin engine is then deterministic.
4. A failure is kept once per signature (exception type and innermost
   streamspec frame): ``DIR/ENTRY-HASH.input`` holds the bytes, ``.txt`` the
   signature, a reproducer and the traceback. Exit 1 when anything failed.
5. The final table: entry point, inputs, seconds, exec/s, unique failures,
   peak RSS (MB) and the slowest input (ms, builtin engine only).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_entry_points import (
    ENTRY_POINTS,
    EntryPoint,
    Failure,
    peak_rss_mb,
    reproducer,
    run_one,
    seeds,
)
from fuzz_mutations import RandomChooser, mutate, vocabulary

__all__ = ["Guard", "Recorder", "Stats", "fuzz_builtin", "main"]

TOOL = Path(__file__).resolve()
ATHERIS_CHILD = TOOL.with_name("fuzz_atheris.py")
#: Inputs between two full garbage collections.
COLLECT_EVERY = 100
#: Inputs per entry point when neither ``--runs`` nor ``--time`` is given.
DEFAULT_RUNS_PER_ENTRY = 1_000


@dataclass
class Stats:
    """What one entry point's run did."""

    entry: str
    engine: str
    inputs: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)
    peak_rss_mb: float = 0.0
    slowest_ms: float = 0.0
    note: str = ""

    @property
    def rate(self) -> float:
        """Inputs per second."""
        return self.inputs / self.seconds if self.seconds else 0.0


# ------------------------------------------------------------------ failures


class Recorder:
    """Keeps each failure signature once, on disk under ``crashes``.

    With ``log``, each new signature is also appended to that file at once
    (a libFuzzer child is ended by libFuzzer, with no chance to report).
    """

    def __init__(self, crashes: Path | None, log: Path | None = None) -> None:
        self.crashes = crashes
        self.log = log
        self.seen: dict[str, Failure] = {}

    def record(self, failure: Failure) -> bool:
        """Keep ``failure`` if its signature is new; whether it was."""
        if failure.signature in self.seen:
            return False
        self.seen[failure.signature] = failure
        if self.crashes is not None:
            _write_failure(self.crashes, failure)
        if self.log is not None:
            with self.log.open("a", encoding="utf-8") as log:
                log.write(failure.signature + "\n")
        return True


def _write_failure(crashes: Path, failure: Failure) -> None:
    digest = hashlib.sha1(failure.signature.encode()).hexdigest()[:10]
    stem = crashes / f"{failure.entry}-{digest}"
    if stem.with_suffix(".input").exists():
        return
    crashes.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".input").write_bytes(failure.data)
    stem.with_suffix(".txt").write_text(
        f"entry point: {failure.entry}\n"
        f"signature:   {failure.signature}\n"
        f"error:       {failure.error}\n"
        f"input:       {len(failure.data)} bytes\n\n"
        f"reproduce (from the repository root):\n{reproducer(failure)}\n"
        f"{failure.traceback}",
        encoding="utf-8",
    )


def _memory_failure(entry: str, data: bytes, what: str) -> Failure:
    kind = what.split(":", maxsplit=1)[0]
    return Failure(
        entry=entry, signature=f"MemoryBound:{kind}", error=what, traceback="", data=data
    )


class Guard:
    """Runs one input and checks the invariant, memory included."""

    def __init__(
        self, entry: EntryPoint, recorder: Recorder, input_rss_mb: float, rss_limit_mb: float
    ) -> None:
        self.entry, self.recorder = entry, recorder
        self.input_rss_mb, self.rss_limit_mb = input_rss_mb, rss_limit_mb
        self.slowest = 0.0
        self.count = 0

    def __call__(self, data: bytes) -> None:
        self.count += 1
        if self.count % COLLECT_EVERY == 0:
            gc.collect()  # as the end of a command's process would: cycles do not pile up
        before = peak_rss_mb()
        started = time.perf_counter()
        failure = run_one(self.entry, data)
        self.slowest = max(self.slowest, time.perf_counter() - started)
        if failure is not None:
            self.recorder.record(failure)
        after = peak_rss_mb()
        if after - before > self.input_rss_mb:
            what = f"peak RSS grew {after - before:.0f} MB on one {len(data)}-byte input"
            self.recorder.record(_memory_failure(self.entry.name, data, f"growth: {what}"))
        if after > self.rss_limit_mb:
            what = f"peak RSS {after:.0f} MB over the {self.rss_limit_mb:.0f} MB limit"
            self.recorder.record(_memory_failure(self.entry.name, data, f"limit: {what}"))


# ------------------------------------------------------------------- engines


def fuzz_builtin(
    entry: EntryPoint,
    *,
    runs: int | None,
    seconds: float | None,
    seed: int,
    crashes: Path | None,
    input_rss_mb: float = 256,
    rss_limit_mb: float = 2048,
) -> Stats:
    """Run the seeds, then mutants, until ``runs`` inputs or ``seconds`` have passed."""
    pool = seeds(entry.kind)
    strings = vocabulary(pool)
    choose = RandomChooser(seed)
    recorder = Recorder(crashes)
    guard = Guard(entry, recorder, input_rss_mb, rss_limit_mb)
    budget = runs if runs is not None else sys.maxsize
    deadline = time.monotonic() + seconds if seconds is not None else float("inf")
    recent: list[bytes] = []
    started = time.perf_counter()
    done = 0
    while done < budget and time.monotonic() < deadline:
        if done < len(pool):
            data = pool[done]
        else:
            stack = recent and choose.integer(0, 3) == 0
            base = (
                recent[choose.integer(0, len(recent) - 1)]
                if stack
                else pool[choose.integer(0, len(pool) - 1)]
            )
            data = mutate(base, choose, pool, strings)
            recent = [*recent[-63:], data]
        guard(data)
        done += 1
    return Stats(
        entry=entry.name,
        engine="builtin",
        inputs=done,
        seconds=time.perf_counter() - started,
        failures=list(recorder.seen),
        peak_rss_mb=peak_rss_mb(),
        slowest_ms=guard.slowest * 1000,
    )


def _builtin_child(args: argparse.Namespace) -> None:
    stats = fuzz_builtin(
        ENTRY_POINTS[args.child],
        runs=args.runs,
        seconds=args.time,
        seed=args.seed,
        crashes=args.crashes,
        input_rss_mb=args.input_rss_mb,
        rss_limit_mb=args.rss_limit_mb,
    )
    args.stats.write_text(json.dumps(asdict(stats)), encoding="utf-8")


# ----------------------------------------------------------------- the parent

_DONE = re.compile(rb"Done (\d+) runs in (\d+) second")
_UNITS = re.compile(rb"stat::number_of_executed_units:\s*(\d+)")
_PEAK = re.compile(rb"stat::peak_rss_mb:\s*(\d+)")


def _child_command(args: argparse.Namespace, name: str, index: int, stats: Path) -> list[str]:
    program = TOOL if args.engine == "builtin" else ATHERIS_CHILD
    command = [sys.executable, str(program), "--child", name, "--engine", args.engine]
    command += ["--seed", str(args.seed + index), "--crashes", str(args.crashes)]
    command += ["--stats", str(stats), "--rss-limit-mb", str(args.rss_limit_mb)]
    command += ["--input-rss-mb", str(args.input_rss_mb)]
    if args.runs is not None:
        command += ["--runs", str(max(1, args.runs // len(args.entry)))]
    if args.time is not None:
        command += ["--time", str(args.time / len(args.entry))]
    return command


def _libfuzzer_findings(crashes: Path, name: str) -> set[str]:
    """libFuzzer's own artefacts for ``name`` (``ENTRY-libfuzzer-oom-<sha>``...)."""
    return {p.name for p in crashes.glob(f"{name}-libfuzzer-*")} if crashes.is_dir() else set()


def _failure_log(stats: Path) -> list[str]:
    log = stats.with_suffix(".failures")
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def _run_child(args: argparse.Namespace, name: str, index: int) -> Stats:
    with tempfile.TemporaryDirectory() as scratch:
        stats_file = Path(scratch) / "stats.json"
        before = _libfuzzer_findings(args.crashes, name)
        started = time.perf_counter()
        done = subprocess.run(
            _child_command(args, name, index, stats_file),
            capture_output=True,
            check=False,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        seconds = time.perf_counter() - started
        if stats_file.exists():
            stats = Stats(**json.loads(stats_file.read_text(encoding="utf-8")))
        else:
            stats = _atheris_stats(name, done.stderr, seconds)
        found = set(stats.failures) | set(_failure_log(stats_file))
    found |= {
        f"libFuzzer:{artefact}" for artefact in _libfuzzer_findings(args.crashes, name) - before
    }
    stats.failures = sorted(found)
    if done.returncode != 0 and not stats.failures:
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-3:]
        stats.note = f"child exited {done.returncode}: {' | '.join(tail)}"
    return stats


def _atheris_stats(name: str, output: bytes, seconds: float) -> Stats:
    units = _UNITS.findall(output) or [m[0] for m in _DONE.findall(output)]
    peak = _PEAK.findall(output)
    return Stats(
        entry=name,
        engine="atheris",
        inputs=int(units[-1]) if units else 0,
        seconds=seconds,
        peak_rss_mb=float(peak[-1]) if peak else 0.0,
    )


def _table(rows: Sequence[Stats]) -> str:
    head = f"{'entry point':20} {'inputs':>10} {'seconds':>9} {'exec/s':>8} {'failures':>8}"
    head += f" {'peak MB':>8} {'slowest ms':>10}"
    lines = [head, "-" * len(head)]
    for row in rows:
        lines.append(
            f"{row.entry:20} {row.inputs:>10} {row.seconds:>9.1f} {row.rate:>8.0f} "
            f"{len(row.failures):>8} {row.peak_rss_mb:>8.0f} {row.slowest_ms:>10.0f}"
        )
    total = sum(r.inputs for r in rows)
    seconds = sum(r.seconds for r in rows)
    failed = sum(len(r.failures) for r in rows)
    lines.append("-" * len(head))
    lines.append(f"{'total':20} {total:>10} {seconds:>9.1f} {'':>8} {failed:>8}")
    return "\n".join(lines)


def _default_engine() -> str:
    return "atheris" if importlib.util.find_spec("atheris") is not None else "builtin"


def _parser(names: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--entry", action="append", choices=names, help="An entry point (repeat; default all)."
    )
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--runs", type=int, help="Total inputs, split evenly.")
    budget.add_argument("--time", type=float, help="Total seconds, split evenly.")
    parser.add_argument("--seed", type=int, default=None, help="Seed (default: from the clock).")
    parser.add_argument("--engine", choices=("atheris", "builtin"), default=_default_engine())
    parser.add_argument("--crashes", type=Path, default=Path("fuzz-crashes"))
    parser.add_argument("--jobs", type=int, default=1, help="Entry points run at once.")
    parser.add_argument("--rss-limit-mb", type=float, default=2048)
    parser.add_argument("--input-rss-mb", type=float, default=256)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--stats", type=Path, help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the campaign; 0 when nothing failed, 1 otherwise."""
    args = _parser(list(ENTRY_POINTS)).parse_args(argv)
    args.crashes = args.crashes.resolve()
    if args.seed is None:
        args.seed = int(time.time()) % 100_000
    if args.child is not None:
        _builtin_child(args)
        return 0
    args.entry = args.entry or list(ENTRY_POINTS)
    if args.runs is None and args.time is None:
        args.runs = DEFAULT_RUNS_PER_ENTRY * len(args.entry)
    budget = f"{args.runs} inputs" if args.runs is not None else f"{args.time:g} s"
    print(
        f"fuzzing {len(args.entry)} entry point(s), {budget} in total, engine {args.engine}, "
        f"seed {args.seed}, failures to {args.crashes}",
        flush=True,
    )
    rows: list[Stats] = []

    def one(item: tuple[int, str]) -> Stats:
        stats = _run_child(args, item[1], item[0])
        print(
            f"  {stats.entry}: {stats.inputs} inputs, {stats.rate:.0f}/s, "
            f"{len(stats.failures)} failure(s) {stats.note}",
            flush=True,
        )
        return stats

    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        rows = list(pool.map(one, enumerate(args.entry)))
    print(_table(rows))
    for row in rows:
        for signature in row.failures:
            print(f"{row.entry}: {signature}")
    failed = any(row.failures for row in rows)
    return 1 if failed or any(row.note for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
