"""How much of an in-memory fold's growth is its input's: reading every prebuilt event.

A fold of events all built beforehand reads payloads of 100 k events (their
deltas, each a string of its own) that no longer fit the caches that 10 k
did: each one it reads then costs a miss, whatever the fold does with it.
This script times the least a fold can do, reading every event's reply id
and payload, and ``Reducer.apply`` over the same events, at each size, in
this process (CPU time, best of ``--repeat``, the events frozen out of the
cyclic collector); then ``Reducer.apply`` as ``fold.py`` times it, over
events built a chunk at a time as a stream delivers them (``fold.chunks``).
The step lines give each column's growth, and what ``apply`` spends beyond
the reading.

    python benchmarks/touch.py                        # interleaved and tools, default sizes
    python benchmarks/touch.py --series text --size 10000 --size 100000
"""

from __future__ import annotations

import argparse
import gc
import itertools
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fold import time_streamspec
from streamspec import Reducer, decode_event
from workloads import SERIES

DEFAULT_SIZES = {"interleaved": (10_000, 100_000), "tools": (1_000, 10_000)}


def best_ns(run: Callable[[], None], events: int, repeat: int) -> float:
    """The best CPU time of ``run`` over ``repeat`` runs, in ns per event."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.freeze()
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    gc.unfreeze()
    return best / events * 1e9


def read_payloads(events: Sequence[Any]) -> None:
    for event in events:
        payload = getattr(event, "delta", None) or getattr(event, "data", None) or ""
        _ = event.reply_id, len(payload)


def apply_all(events: Sequence[Any]) -> None:
    apply = Reducer().apply
    for event in events:
        apply(event)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--series", action="append", choices=sorted(SERIES))
    parser.add_argument("--size", action="append", type=int, help="repeatable")
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args(argv)
    print(
        f"{'series':<12} {'size':>8} {'read ns/event':>14} {'apply ns/event':>15}"
        f" {'in chunks ns/event':>19}"
    )
    for name in options.series or sorted(DEFAULT_SIZES):
        rows = []
        for size in options.size or DEFAULT_SIZES.get(name, (10_000, 100_000)):
            records = SERIES[name].build(size)
            events = [decode_event(record) for record in records]
            read = best_ns(lambda e=events: read_payloads(e), len(events), options.repeat)
            folded = best_ns(lambda e=events: apply_all(e), len(events), options.repeat)
            del events
            chunked = time_streamspec(records, options.repeat, float("inf"))[0].fold
            chunked = chunked / len(records) * 1e9
            rows.append((read, folded, chunked))
            print(f"{name:<12} {size:>8,} {read:>14.1f} {folded:>15.1f} {chunked:>19.1f}")
        for (read0, fold0, chunk0), (read1, fold1, chunk1) in itertools.pairwise(rows):
            print(
                f"{'':<12} {'step':>8} {read1 / read0:>13.2f}x {fold1 / fold0:>14.2f}x"
                f" {chunk1 / chunk0:>18.2f}x"
                f"   (apply less reading: {(fold1 - read1) / (fold0 - read0):.2f}x)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
