"""One entry point under atheris (libFuzzer, coverage-guided): the child ``fuzz_inputs`` starts.

    python tools/fuzz_atheris.py --child reduce --runs 100000 --seed 3 --crashes DIR

streamspec is imported instrumented, the entry point's seeds are the starting
corpus (in a scratch directory), half the mutations are libFuzzer's own and
half :mod:`fuzz_mutations`' JSON-aware ones (a custom mutator seeded by
libFuzzer), and every input goes through the same guard
as the builtin engine: a failure is recorded once per signature under
``--crashes`` and the campaign goes on. libFuzzer's own findings (an input
past ``-rss_limit_mb`` or the 120 s timeout) are written there as
``ENTRY-libfuzzer-oom-...`` or ``-timeout-...`` and end the run. libFuzzer
prints the number of inputs run (``stat::number_of_executed_units``) and
exits the process itself.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))

with atheris.instrument_imports(include=["streamspec"]):
    from fuzz_entry_points import ENTRY_POINTS, seeds
    from fuzz_inputs import Guard, Recorder
    from fuzz_mutations import MAX_INPUT, RandomChooser, mutate, vocabulary


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", required=True, choices=list(ENTRY_POINTS))
    parser.add_argument("--engine", default="atheris")
    parser.add_argument("--runs", type=int)
    parser.add_argument("--time", type=float)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--crashes", type=Path, required=True)
    parser.add_argument("--stats", type=Path)
    parser.add_argument("--rss-limit-mb", type=float, default=2048)
    parser.add_argument("--input-rss-mb", type=float, default=256)
    return parser.parse_args()


def main() -> None:
    """Fuzz one entry point until libFuzzer's budget runs out (libFuzzer exits the process)."""
    args = _arguments()
    entry = ENTRY_POINTS[args.child]
    log = args.stats.with_suffix(".failures") if args.stats is not None else None
    guard = Guard(entry, Recorder(args.crashes, log), args.input_rss_mb, args.rss_limit_mb)
    corpus = Path(tempfile.mkdtemp(prefix=f"fuzz-{entry.name}-"))
    for number, seed in enumerate(seeds(entry.kind)):
        (corpus / f"seed-{number:05}").write_bytes(seed)
    args.crashes.mkdir(parents=True, exist_ok=True)
    argv = [
        sys.argv[0],
        str(corpus),
        f"-seed={args.seed}",
        f"-max_len={MAX_INPUT}",
        f"-rss_limit_mb={int(args.rss_limit_mb)}",
        "-timeout=120",
        "-print_final_stats=1",
        f"-artifact_prefix={args.crashes}/{entry.name}-libfuzzer-",
    ]
    if args.runs is not None:
        argv.append(f"-runs={args.runs}")
    if args.time is not None:
        argv.append(f"-max_total_time={max(1, int(args.time))}")
    pool = seeds(entry.kind)
    strings = vocabulary(pool)

    def mutator(data: bytes, max_size: int, seed: int) -> bytes:
        if seed & 1:
            return bytes(atheris.Mutate(data, max_size))
        return mutate(data, RandomChooser(seed), pool, strings)[:max_size]

    atheris.Setup(argv, guard, custom_mutator=mutator)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
