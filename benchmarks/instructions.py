"""Instructions, not seconds: ``streamspec reduce`` of two commits compared under callgrind.

    python benchmarks/instructions.py --base HEAD~3
    python benchmarks/instructions.py --base v0.1.0 --series text --series tools --size 5000

Rules:

1. Each commit's ``impl/`` and ``spec/`` are taken with ``git archive`` (the
   working tree when ``--new`` is not given), and the modules byte-compiled,
   as an installed wheel's are.
2. ``streamspec reduce FILE`` of each tree runs once under ``valgrind
   --tool=callgrind`` on each workload (``workloads.py``, written as JSONL)
   and on an empty file; a workload's count is its run's instructions less
   the empty file's, so start-up is counted once, on its own line.
3. With ``PYTHONHASHSEED=0`` the count of a program on the same input
   barely moves between runs, unlike CPU time on a shared machine: a change
   of a few per cent is visible in one run. It is a count of instructions, not a time:
   cache misses and the GC's pauses weigh the same as any instruction.
"""

from __future__ import annotations

import argparse
import compileall
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))

from workloads import SERIES

ROOT = Path(__file__).resolve().parent.parent
#: Runs the program of the tree on ``PYTHONPATH`` on the file named last, as
#: ``python -m streamspec reduce FILE`` does.
REDUCE = (
    "import runpy, sys; sys.argv = ['streamspec', 'reduce', sys.argv[1]]\n"
    "runpy.run_module('streamspec', run_name='__main__', alter_sys=True)"
)
DEFAULT_SERIES = ("text", "base64", "tools", "blocks", "interleaved")


class RefError(Exception):
    """A commit that ``git archive`` cannot take (no such ref, or no repository)."""


def tree_of(ref: str | None, into: Path) -> Path:
    """The ``impl/`` folder of ``ref`` (the working tree's when ``None``), byte-compiled; its
    ``spec/`` beside it, where a source tree reads its tables."""
    if ref is None:
        impl = ROOT / "impl"
    else:
        into.mkdir(parents=True)
        taken = subprocess.run(
            ["git", "archive", ref, "impl", "spec", "pyproject.toml"],
            cwd=ROOT,
            capture_output=True,
            check=False,
        )
        if taken.returncode != 0:
            said = taken.stderr.decode(errors="replace").strip().splitlines()
            raise RefError(f"cannot take {ref!r} with git archive: {said[0] if said else 'failed'}")
        archive = taken.stdout
        subprocess.run(["tar", "-x"], cwd=into, input=archive, check=True)
        impl = into / "impl"
    compileall.compile_dir(impl, quiet=1)
    return impl


def instructions(impl: Path, path: Path) -> int:
    """The instructions ``streamspec reduce path`` of the tree ``impl`` executes."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            REDUCE,
            str(path),
        ],
        env={
            "PYTHONPATH": str(impl),
            "PATH": "/usr/bin:/bin",
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONHASHSEED": "0",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"reduce of {path.name} under callgrind failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def table(rows: Sequence[tuple[str, int, int]]) -> str:
    """The printed comparison: one row per workload, the counts in millions and new ÷ base."""
    width = max((len(name) for name, _, _ in rows), default=0)
    lines = [f"{'workload':<{width}} {'base':>12} {'new':>12} {'new / base':>10}"]
    for name, base, new in rows:
        ratio = f"{new / base:.3f}" if base > 0 else "n/a"
        lines.append(f"{name:<{width}} {base / 1e6:>10.1f} M {new / 1e6:>10.1f} M {ratio:>10}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Count, compare and print; 2 when valgrind is missing or a commit cannot be taken."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--new", help="the commit to measure (default: the working tree)")
    parser.add_argument("--series", action="append", choices=sorted(SERIES), help="repeatable")
    parser.add_argument("--size", type=int, default=20_000, help="events per workload (about)")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at once")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind (callgrind) on PATH", file=sys.stderr)
        return 2
    names = args.series or list(DEFAULT_SERIES)
    with tempfile.TemporaryDirectory(prefix="streamspec-instructions-") as temp:
        folder = Path(temp)
        try:
            trees = {
                "base": tree_of(args.base, folder / "base"),
                "new": tree_of(args.new, folder / "new"),
            }
        except RefError as error:
            print(f"instructions.py: {error}", file=sys.stderr)
            return 2
        files = {"start-up (empty file)": folder / "empty.jsonl"}
        files["start-up (empty file)"].write_bytes(b"")
        for name in names:
            records = SERIES[name].build(args.size)[: args.size]
            files[f"{name} ({len(records):,} lines)"] = path = folder / f"{name}.jsonl"
            path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
        jobs = [(side, label) for label in files for side in trees]
        with ThreadPoolExecutor(args.jobs) as pool:
            found = pool.map(lambda job: instructions(trees[job[0]], files[job[1]]), jobs)
            counts = dict(zip(jobs, found, strict=True))
    empty = "start-up (empty file)"
    rows = [(empty, counts[("base", empty)], counts[("new", empty)])]
    for label in list(files)[1:]:
        base = counts[("base", label)] - counts[("base", empty)]
        new = counts[("new", label)] - counts[("new", empty)]
        rows.append((label, base, new))
    print(f"streamspec reduce, instructions: base {args.base}, new {args.new or 'working tree'}")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
