"""Growth table: time and peak RSS of each command as its input grows.

Every cell runs the command as a child process (``python -m streamspec …``,
stdout to /dev/null) and reads that child's own peak RSS from ``os.wait4``.
The inputs are written beforehand by another child, so this process stays
small (Linux counts the parent's peak into a child forked from it).
The reply workload is one legal AgentScope reply whose model calls each
stream one text block of :data:`DELTAS_PER_CALL` deltas, so every size has the
same shape; ``check``, ``judge``, ``convert`` and ``reduce`` read it at 10 k
→ 1 M events. ``pairing repair`` reads a chat history of ``n`` messages
whose tool calls are split one per message and answered after the run, at
1 k → 100 k messages.

Verdicts: peak RSS flat (at most 2x) from 100 k to 1 M events for the four
reply commands, and repair time linear (each step at most 1.5x the size
ratio).

    python benchmarks/growth.py            # full sizes (a few minutes)
    python benchmarks/growth.py --quick    # small sizes, seconds
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import orjson

#: Text deltas per model call of the reply workload.
DELTAS_PER_CALL = 50
REPLY_COMMANDS = {
    "check": ["check", "--format", "json"],
    "judge": ["judge"],
    "convert": ["convert"],
    "reduce": ["reduce"],
}
FULL_EVENTS = (10_000, 100_000, 1_000_000)
QUICK_EVENTS = (2_000, 20_000)
FULL_MESSAGES = (1_000, 10_000, 100_000)
QUICK_MESSAGES = (500, 2_000)


def reply_events(count: int) -> Iterator[bytes]:
    """Yield ``count`` events (at least one call's worth) of one legal reply, one JSON line each."""
    reply = {"reply_id": "r1"}
    session = {**reply, "session_id": "s1"}
    yield orjson.dumps({"type": "REPLY_START", **session, "name": "assistant", "role": "assistant"})
    calls = max(1, (count - 2) // (DELTAS_PER_CALL + 4))
    for call in range(calls):
        block = {**reply, "block_id": f"b{call}"}
        yield orjson.dumps({"type": "MODEL_CALL_START", **reply, "model_name": "m"})
        yield orjson.dumps({"type": "TEXT_BLOCK_START", **block})
        delta = orjson.dumps({"type": "TEXT_BLOCK_DELTA", **block, "delta": "tok "})
        for _ in range(DELTAS_PER_CALL):
            yield delta
        yield orjson.dumps({"type": "TEXT_BLOCK_END", **block})
        yield orjson.dumps(
            {
                "type": "MODEL_CALL_END",
                **reply,
                "input_tokens": 10,
                "output_tokens": DELTAS_PER_CALL,
                "finished_reason": "completed",
            }
        )
    yield orjson.dumps({"type": "REPLY_END", **session})


def split_history(messages: int) -> list[dict[str, object]]:
    """A history of about ``messages`` messages: split calls, then their results."""
    calls = max(1, (messages - 1) // 2)
    history: list[dict[str, object]] = [{"role": "user", "content": "go"}]
    for n in range(calls):
        call = {"id": f"c{n}", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        history.append({"role": "assistant", "content": None, "tool_calls": [call]})
    history.extend({"role": "tool", "tool_call_id": f"c{n}", "content": "ok"} for n in range(calls))
    return history


def measure(args: Sequence[str]) -> tuple[float, float]:
    """Run ``python -m streamspec ARGS``; return (seconds, peak RSS in MiB) of that child."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "streamspec", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0
    seconds = time.perf_counter() - start
    return seconds, usage.ru_maxrss / 1024  # ru_maxrss is KiB on Linux


def _size(n: int) -> str:
    if n >= 1_000_000:
        return f"{n // 1_000_000} M"
    return f"{n // 1_000} k" if n >= 1_000 else str(n)


def write_inputs(folder: Path, events: Sequence[int], messages: Sequence[int]) -> None:
    """Write every input file into ``folder``, one line at a time."""
    for n in events:
        with (folder / f"reply-{n}.jsonl").open("wb") as out:
            for line in reply_events(n):
                out.write(line + b"\n")
    for n in messages:
        (folder / f"history-{n}.json").write_bytes(orjson.dumps(split_history(n)))


def run(events: Sequence[int], messages: Sequence[int]) -> list[str]:
    """Measure every cell; return the table and verdict lines."""
    rows = ["| command | input | time | peak RSS |", "|---|---|---:|---:|"]
    verdicts: list[str] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        sizes = ["--events", *map(str, events), "--messages", *map(str, messages)]
        subprocess.run([sys.executable, __file__, "--write", name, *sizes], check=True)
        for command_name, command in REPLY_COMMANDS.items():
            peaks: dict[int, float] = {}
            for n in events:
                seconds, peak = measure([*command, str(folder / f"reply-{n}.jsonl")])
                peaks[n] = peak
                rows.append(
                    f"| {command_name} | {_size(n)} events | {seconds:.2f} s | {peak:.0f} MiB |"
                )
            low, high = events[-2], events[-1]
            ratio = peaks[high] / peaks[low]
            verdicts.append(
                f"{command_name}: peak RSS {_size(low)} → {_size(high)} x{ratio:.2f} "
                f"{'PASS' if ratio <= 2.0 else 'FAIL'} (≤ 2)"
            )
        times: dict[int, float] = {}
        for n in messages:
            path = folder / f"history-{n}.json"
            seconds, peak = measure(["pairing", "repair", "--dialect", "openai", str(path)])
            times[n] = seconds
            rows.append(
                f"| pairing repair | {_size(n)} messages | {seconds:.2f} s | {peak:.0f} MiB |"
            )
        for low, high in itertools.pairwise(messages):
            ratio, size = times[high] / times[low], high / low
            verdicts.append(
                f"pairing repair: time {_size(low)} → {_size(high)} x{ratio:.1f} "
                f"{'PASS' if ratio <= 1.5 * size else 'FAIL'} (≤ {1.5 * size:.0f})"
            )
    return [*rows, "", *verdicts]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the growth table; exit 1 when a verdict fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument("--write", metavar="FOLDER", help=argparse.SUPPRESS)
    parser.add_argument("--events", type=int, nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--messages", type=int, nargs="*", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.write:
        write_inputs(Path(options.write), options.events, options.messages)
        return 0
    events = QUICK_EVENTS if options.quick else FULL_EVENTS
    messages = QUICK_MESSAGES if options.quick else FULL_MESSAGES
    lines = run(events, messages)
    print("\n".join(lines))
    return 1 if any(line.endswith(")") and " FAIL " in line for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
