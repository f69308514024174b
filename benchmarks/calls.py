"""Function calls per event: the fold's cost in a unit that load on the machine cannot move.

``python benchmarks/calls.py`` folds each series (``workloads.py``) at one
size two ways and prints the calls per event the profiler counts (Python and
built-in functions alike):

- ``apply``: pre-built events through ``Reducer.apply``, as the in-memory
  cells of ``fold.py`` time them;
- ``reduce``: the workload's JSON lines read with the reducer's object folds,
  each line not folded decoded and applied, as ``streamspec reduce`` does
  (without the start-up and the final dump).

Times on a shared machine move by a factor of two between runs; these counts
do not move at all, so a change that removes calls from the hot path shows
here exactly, and a timing in ``fold.py`` then says what the calls cost.
Usage: ``python benchmarks/calls.py [--series NAME] [--size N]``.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
from collections.abc import Callable, Sequence

import orjson
from streamspec import Reducer
from streamspec._codec import decode_event
from streamspec.sources._read import read_reply_events, reply_lines
from workloads import SERIES, Records

#: The size of each series that is counted unless ``--size`` says otherwise.
SIZES = {
    "text": 10_000,
    "base64": 10_000,
    "blob": 1 << 20,
    "mixed": 100,
    "tools": 1_000,
    "blocks": 10_000,
    "interleaved": 10_000,
}


def counted(run: Callable[[], object]) -> int:
    """The function calls ``run`` makes, as ``cProfile`` counts them.

    The cyclic collector is off while it runs, after one collection: a collection
    in the middle would count the finalizers of whatever garbage the process
    held before, which are no calls of ``run``.
    """
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        profile = cProfile.Profile()
        profile.runcall(run)
    finally:
        if enabled:
            gc.enable()
    return int(pstats.Stats(profile).total_calls)  # type: ignore[attr-defined]


def apply_calls(records: Records) -> int:
    """Calls of folding pre-built events with ``Reducer.apply``."""
    events = [decode_event(record) for record in records]

    def run() -> None:
        apply = Reducer().apply
        for event in events:
            apply(event)

    run()  # compile the fast paths first: the count is of the steady state
    return counted(run)


def reduce_calls(records: Records) -> int:
    """Calls of reading the records' JSON lines with the object folds, as ``reduce`` does."""
    data = b"".join(orjson.dumps(record) + b"\n" for record in records)

    def run() -> None:
        reducer = Reducer()
        lines = read_reply_events(io.BytesIO(data), "agentscope", folds=reducer.object_folds())
        for line in reply_lines(lines):
            if line.event is not None:
                reducer.apply(line.event)

    run()  # compile the folds and builders first: the count is of the steady state
    return counted(run)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--series", action="append", choices=sorted(SERIES), help="repeatable")
    parser.add_argument("--size", type=int, help="one size for every series")
    options = parser.parse_args(argv)
    print(
        f"{'series':<12} {'size':>9} {'events':>9} {'apply calls/ev':>15} {'reduce calls/ev':>16}"
    )
    for name in options.series or SIZES:
        size = options.size or SIZES[name]
        records = SERIES[name].build(size)
        events = len(records)
        applied, reduced = apply_calls(records) / events, reduce_calls(records) / events
        print(f"{name:<12} {size:>9,} {events:>9,} {applied:>15.2f} {reduced:>16.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
