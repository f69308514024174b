"""``streamspec audit`` on a generated corpus: events/s per worker, scaling, and the I/O floor.

    python benchmarks/audit.py                 # a 1 GB corpus (about 10 minutes on 2 cores)
    python benchmarks/audit.py --size-mb 50    # a quick run

The corpus is written once under ``--dir`` (default: a temporary directory,
removed at the end) from deterministic workloads in several sources:
AgentScope text, tool calls, base64 data and multi-tool turns, OpenAI Chat
and Anthropic streams with tool calls. The script prints:

- the I/O floor: ``cat`` of every file to ``/dev/null`` (wall time);
- the single-file baseline: ``streamspec check --format json`` on one file of
  each kind, ten times as long as the corpus's, CPU time net of the command's
  start-up, as events/s;
- ``audit`` on 1 and 2 local workers and on a Dask ``LocalCluster`` of 1 and
  2 worker processes: wall time, events/s, events/s per worker, the ratio of
  the baseline to the per-worker rate (the target is ≤ 1.5) and the scaling
  from 1 to 2 workers (linear is 2.0).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))

from providers import _anthropic, _dump, _openai_chat
from streamspec.audit import (
    DaskEngine,
    Job,
    LocalEngine,
    audit_file,
    corpus_files,
    run_audit,
)
from workloads import base64_workload, mixed_workload, text_workload, tools_workload

MB = 1 << 20


def _jsonl(records: list[dict[str, object]]) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in records)


#: ``name -> make(scale) -> (file suffix, the file's bytes)``: one reply (or one
#: provider response) each, ``scale`` times the corpus file's length.
KINDS: dict[str, Callable[[int], tuple[str, bytes]]] = {
    "agentscope-text": lambda k: (".jsonl", _jsonl(text_workload(3000 * k))),
    "agentscope-tools": lambda k: (".jsonl", _jsonl(tools_workload(200 * k))),
    "agentscope-base64": lambda k: (".jsonl", _jsonl(base64_workload(3000 * k))),
    "agentscope-mixed": lambda k: (".jsonl", _jsonl(mixed_workload(8 * k))),
    "openai-chat": lambda k: (".jsonl", b"".join(_dump(_openai_chat(3000 * k, True)))),
    "anthropic": lambda k: (".jsonl", b"".join(_dump(_anthropic(3000 * k, True)))),
}

#: How much longer the baseline's files are than the corpus's: long enough that
#: the work, not the noise in the command's start-up, is what is measured.
BASELINE_SCALE = 10


def write_corpus(root: Path, size: int) -> list[Path]:
    """Files of every kind in turn until ``size`` bytes are written."""
    kinds = [(name, *make(1)) for name, make in KINDS.items()]
    written, made = 0, []
    while written < size:
        name, suffix, data = kinds[len(made) % len(kinds)]
        directory = root / f"d{len(made) % 16:02d}"
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{len(made):06d}-{name}{suffix}"
        path.write_bytes(data)
        made.append(path)
        written += len(data)
    return made


def _child_cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def baseline(root: Path) -> tuple[float, int]:
    """``check --format json`` over one long file of each kind: net CPU seconds and events."""
    command = [sys.executable, "-m", "streamspec", "check", "--format", "json"]
    empty = root / "empty.jsonl"
    empty.write_bytes(b"")
    startup = min(_child_cpu([*command, str(empty)]) for _ in range(3))
    seconds, events = 0.0, 0
    for name, make in KINDS.items():
        suffix, data = make(BASELINE_SCALE)
        path = root / f"one-{name}{suffix}"
        path.write_bytes(data)
        seconds += min(_child_cpu([*command, str(path)]) for _ in range(2)) - startup
        events += audit_file(str(path)).summary.totals.events
    return seconds, events


def _timed(run: Callable[[], int]) -> tuple[float, int]:
    started = time.perf_counter()
    events = run()
    return time.perf_counter() - started, events


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size-mb", type=int, default=1024, help="corpus size (default 1024)")
    parser.add_argument("--dir", help="write the corpus here and keep it")
    parser.add_argument("--no-dask", action="store_true", help="skip the LocalCluster rows")
    args = parser.parse_args(argv)
    root = Path(args.dir or tempfile.mkdtemp(prefix="streamspec-audit-"))
    try:
        made = write_corpus(root / "corpus", args.size_mb * MB)
        total = sum(p.stat().st_size for p in made)
        files = corpus_files([str(root / "corpus")])
        print(f"corpus: {len(files):,} files, {total / MB:,.0f} MB, {len(KINDS)} kinds; "
              f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")  # fmt: skip
        cat = _timed(lambda: _cat(files))[0]
        print(f"I/O floor, cat > /dev/null: {cat:.2f} s ({total / MB / cat:,.0f} MB/s)")
        seconds, events = baseline(root)
        if seconds <= 0:
            raise SystemExit(f"the baseline's net CPU time is {seconds:.3f} s: noise swamped it")
        per_second = events / seconds
        print(f"baseline, check --format json on one file of each kind: {per_second:,.0f} events/s")
        print()
        print(f"{'engine':<22}{'workers':>8}{'wall s':>9}{'events/s':>12}"
              f"{'per worker':>12}{'÷ baseline':>12}{'x cat':>8}")  # fmt: skip
        rows: dict[tuple[str, int], float] = {}
        engines: list[tuple[str, int]] = [("local", 1), ("local", 2)]
        if not args.no_dask:
            engines += [("dask LocalCluster", 1), ("dask LocalCluster", 2)]
        for name, workers in engines:
            wall, counted = _timed(lambda n=name, w=workers: _audit(files, n, w))  # type: ignore[misc]
            rate = counted / wall
            rows[(name, workers)] = wall
            print(f"{name:<22}{workers:>8}{wall:>9.2f}{rate:>12,.0f}{rate / workers:>12,.0f}"
                  f"{per_second / (rate / workers):>12.2f}{wall / cat:>8.1f}")  # fmt: skip
        print()
        for name in dict.fromkeys(n for n, _ in engines):
            if (name, 1) in rows and (name, 2) in rows:
                print(f"scaling {name}, 1 → 2 workers: {rows[(name, 1)] / rows[(name, 2)]:.2f}x")
    finally:
        if not args.dir:
            shutil.rmtree(root, ignore_errors=True)
    return 0


def _cat(files: list[str]) -> int:
    with open(os.devnull, "wb") as sink:
        subprocess.run(["cat", *files], stdout=sink, check=True)
    return 0


def _audit(files: list[str], engine: str, workers: int) -> int:
    job = Job()
    if engine == "local":
        summary = run_audit(files, job=job, engine=LocalEngine(workers))
        return summary.totals.events
    from distributed import LocalCluster  # noqa: PLC0415 - optional

    with LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        summary = run_audit(files, job=job, engine=DaskEngine(cluster.scheduler_address))
    return summary.totals.events


if __name__ == "__main__":
    sys.exit(main())
