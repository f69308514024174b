"""Fold benchmark: streamspec's reducer against AgentScope 2.0.11, side by side.

Rules this benchmark implements (issue 2, section 5):

1. Workloads are built deterministically (no randomness, no clock) as
   AgentScope's own JSON, one object per event:

   - ``text``: N text deltas into one text block (1k, 10k, 100k);
   - ``base64``: N data deltas of 3 bytes each into one data block
     (1k, 10k, 30k, 100k);
   - ``blob``: a binary payload in 4 KiB chunks into one data block
     (256 KiB, 1 MiB, 4 MiB);
   - ``mixed``: one reply holding R repetitions of a multi-tool turn
     (1, 10, 100): model call start, thinking 50 deltas, text 100 deltas,
     5 tool calls of 20 input deltas, a confirmation asked for two calls
     (one allowed, one denied), 5 results of 10 text deltas, model call end;
     ids are distinct per repetition, so the block count grows with R.

2. In memory: streamspec folds pre-built events with ``Reducer.apply`` and
   dumps once with ``to_dict()``; AgentScope folds pre-built pydantic events
   with ``Msg.append_event`` and dumps once with ``model_dump()``. The ratio
   compares fold+dump with fold+dump.
3. End to end: each workload is written as JSONL; ``streamspec reduce FILE``
   runs as a subprocess, and so does an AgentScope script that parses every
   line with ``TypeAdapter(AgentEvent).validate_json`` and folds it with
   ``Msg.append_event``. Each side's start-up (the best time of the same
   command on an empty file, run interleaved with the real runs) is
   subtracted.
4. Every cell is the best of ``--repeat`` runs (default 5); a cell stops
   repeating once its runs took ``--budget`` seconds (AgentScope's quadratic
   cells run once or twice). The table says how many runs each cell had.
5. Growth: in every series, t(next)/t(prev) must stay within 1.2 times the
   size ratio. End-to-end steps whose smaller time is below the start-up
   noise floor (``E2E_FLOOR``) are not judged.
6. Cross-check: both implementations must fold every workload to the same
   message once AgentScope's dump is normalised (see :func:`normalise`), and
   ``streamspec reduce`` must print what the in-memory fold gives.

AgentScope is optional: without it the AgentScope columns read ``n/a``.
Usage: ``python benchmarks/fold.py [--quick] [--series NAME] [--json FILE]``.
"""

from __future__ import annotations

import argparse
import base64
import copy
import dataclasses
import gc
import importlib
import importlib.metadata
import itertools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from streamspec import Reducer
from streamspec._codec import decode_event

STAMP = "2026-01-01T12:00:00.000000"
REPLY_ID = "reply-bench"
SESSION_ID = "session-bench"
KIB = 1024
MIB = 1024 * KIB
#: End-to-end growth steps whose smaller net time is below this are noise.
E2E_FLOOR = 0.02
GROWTH_SLACK = 1.2

# --------------------------------------------------------------------- workloads


class _Stream:
    """Builds one reply's events as AgentScope JSON objects with sequential ids."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def add(self, type_: str, **fields: Any) -> None:
        record = {"id": f"ev-{len(self.records)}", "created_at": STAMP, "metadata": {}}
        record["type"] = type_
        record["reply_id"] = REPLY_ID
        record.update(fields)
        self.records.append(record)

    def start(self) -> None:
        self.add("REPLY_START", session_id=SESSION_ID, name="assistant", role="assistant")

    def end(self) -> list[dict[str, Any]]:
        self.add("REPLY_END", session_id=SESSION_ID, finished_reason="completed")
        return self.records

    def block(self, kind: str, block_id: str, deltas: Iterator[str], **start: Any) -> None:
        upper = kind.upper()
        self.add(f"{upper}_BLOCK_START", block_id=block_id, **start)
        if kind == "data":
            for chunk in deltas:
                self.add(
                    "DATA_BLOCK_DELTA",
                    block_id=block_id,
                    media_type=start["media_type"],
                    data=chunk,
                )
        else:
            for delta in deltas:
                self.add(f"{upper}_BLOCK_DELTA", block_id=block_id, delta=delta)
        self.add(f"{upper}_BLOCK_END", block_id=block_id)


def text_workload(n: int) -> list[dict[str, Any]]:
    """N text deltas (``"tok "``) into one text block."""
    stream = _Stream()
    stream.start()
    stream.block("text", "text-0", ("tok " for _ in range(n)))
    return stream.end()


def three_byte_chunk(i: int) -> str:
    """The base64 of the i-th 3-byte delta of the ``base64`` series."""
    return base64.b64encode(bytes(((3 * i) % 256, (3 * i + 1) % 256, (3 * i + 2) % 256))).decode()


def base64_workload(n: int) -> list[dict[str, Any]]:
    """N base64 deltas of 3 bytes each into one data block."""
    stream = _Stream()
    stream.start()
    chunks = (three_byte_chunk(i) for i in range(n))
    stream.block("data", "data-0", chunks, media_type="application/octet-stream")
    return stream.end()


_PATTERN = bytes(range(256)) * 17


def blob_chunk(k: int) -> bytes:
    """The k-th 4 KiB chunk of the ``blob`` series."""
    start = k % 256
    return _PATTERN[start : start + 4 * KIB]


def blob_workload(size: int) -> list[dict[str, Any]]:
    """A ``size``-byte payload as base64 deltas of 4 KiB each into one data block."""
    stream = _Stream()
    stream.start()
    chunks = (base64.b64encode(blob_chunk(k)).decode() for k in range(size // (4 * KIB)))
    stream.block("data", "blob-0", chunks, media_type="audio/wav")
    return stream.end()


def _tool_call_item(call_id: str, name: str, arguments: str) -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": call_id,
        "name": name,
        "input": arguments,
        "state": "asking",
        "suggested_rules": [],
        "created_at": STAMP,
        "finished_at": None,
    }


def mixed_workload(repeat: int) -> list[dict[str, Any]]:
    """One reply holding ``repeat`` multi-tool turns with distinct ids."""
    stream = _Stream()
    stream.start()
    for r in range(repeat):
        stream.add("MODEL_CALL_START", model_name="bench-model")
        stream.block("thinking", f"think-{r}", (f"step {i} " for i in range(50)))
        stream.block("text", f"text-{r}", (f"word{i} " for i in range(100)))
        calls = [f"call-{r}-{c}" for c in range(5)]
        for c, call in enumerate(calls):
            stream.add("TOOL_CALL_START", tool_call_id=call, tool_call_name=f"tool_{c}")
            for i in range(20):
                fragment = '{"arg": ' if i == 0 else ("0}" if i == 19 else f"{i}")
                stream.add("TOOL_CALL_DELTA", tool_call_id=call, delta=fragment)
            stream.add("TOOL_CALL_END", tool_call_id=call)
        items = [_tool_call_item(call, f"tool_{c}", "") for c, call in enumerate(calls[:2])]
        stream.add("REQUIRE_USER_CONFIRM", tool_calls=items)
        stream.add(
            "USER_CONFIRM_RESULT",
            confirm_results=[
                {"confirmed": True, "tool_call": items[0]},
                {"confirmed": False, "tool_call": items[1]},
            ],
        )
        for c, call in enumerate(calls):
            stream.add("TOOL_RESULT_START", tool_call_id=call, tool_call_name=f"tool_{c}")
            for i in range(10):
                stream.add("TOOL_RESULT_TEXT_DELTA", tool_call_id=call, delta=f"line {i}\n")
            state = "denied" if c == 1 else "success"
            stream.add("TOOL_RESULT_END", tool_call_id=call, state=state)
        stream.add("MODEL_CALL_END", input_tokens=100, output_tokens=50)
    return stream.end()


@dataclass(frozen=True)
class Series:
    """One benchmark series: how to build a workload of each size."""

    name: str
    what: str
    unit: str
    sizes: tuple[int, ...]
    quick: tuple[int, ...]
    build: Callable[[int], list[dict[str, Any]]]


SERIES: dict[str, Series] = {
    s.name: s
    for s in (
        Series(
            "text",
            "text deltas into one block",
            "deltas",
            (1_000, 10_000, 100_000),
            (100, 1_000),
            text_workload,
        ),
        Series(
            "base64",
            "3-byte base64 deltas into one data block",
            "deltas",
            (1_000, 10_000, 30_000, 100_000),
            (100, 300, 1_000),
            base64_workload,
        ),
        Series(
            "blob",
            "binary payload in 4 KiB base64 chunks",
            "bytes",
            (256 * KIB, MIB, 4 * MIB),
            (16 * KIB, 64 * KIB),
            blob_workload,
        ),
        Series(
            "mixed",
            "multi-tool turns repeated R times in one reply",
            "turns",
            (1, 10, 100),
            (1, 3),
            mixed_workload,
        ),
    )
}


def size_label(series: Series, size: int) -> str:
    """A short human label for a workload size."""
    if series.unit == "bytes":
        return f"{size // MIB} MiB" if size % MIB == 0 else f"{size // KIB} KiB"
    if series.unit == "turns":
        return f"R={size}"
    return f"{size // 1000}k" if size % 1000 == 0 and size >= 1000 else str(size)


# ---------------------------------------------------------------- the two folds


def fold_streamspec(events: Sequence[Any]) -> Reducer:
    """Fold pre-built streamspec events into a fresh reducer."""
    reducer = Reducer()
    apply = reducer.apply
    for event in events:
        apply(event)
    return reducer


def agentscope_version() -> str | None:
    """AgentScope's version when it is importable, else ``None``."""
    try:
        agentscope = importlib.import_module("agentscope")
    except ImportError:
        return None
    return str(getattr(agentscope, "__version__", "unknown"))


def agentscope_events(records: Sequence[dict[str, Any]]) -> list[Any]:
    """Build AgentScope's pydantic events from their JSON, as its service does."""
    agent_event = importlib.import_module("agentscope.event").AgentEvent
    validate = importlib.import_module("pydantic").TypeAdapter(agent_event).validate_python
    return [validate(record) for record in records]


def fold_agentscope(events: Sequence[Any], created_at: str = STAMP) -> Any:
    """Fold pre-built AgentScope events into a fresh ``Msg``."""
    msg = importlib.import_module("agentscope.message").Msg(
        name="assistant", role="assistant", content=[], id=REPLY_ID, created_at=created_at
    )
    append = msg.append_event
    for event in events:
        append(event)
    return msg


#: The AgentScope side of the end-to-end run: parse each line, fold, print.
AGENTSCOPE_FOLD = """\
import sys
from pydantic import TypeAdapter
from agentscope.event import AgentEvent
from agentscope.message import Msg
validate = TypeAdapter(AgentEvent).validate_json
msg = None
with open(sys.argv[1], "rb") as stream:
    for line in stream:
        event = validate(line)
        if msg is None:
            msg = Msg(name="assistant", role="assistant", content=[],
                      id=event.reply_id, created_at=event.created_at)
        msg.append_event(event)
sys.stdout.write(msg.model_dump_json() if msg is not None else "null")
"""

#: Keys AgentScope 2.0.11 writes on every block that the 2.0.3 shape lacks.
_BLOCK_ONLY_2011 = ("created_at", "finished_at")
#: Message keys 2.0.11 always writes; streamspec writes them iff an event had them.
_MESSAGE_OPTIONAL = ("finished_reason", "error")
_USAGE_OPTIONAL = ("cache_input_tokens", "cache_creation_input_tokens")
GENERATED = "<generated>"


def _normalise_block(block: dict[str, Any], drop: tuple[str, ...]) -> dict[str, Any]:
    out = {k: v for k, v in block.items() if k not in drop}
    if out.get("type") == "tool_result" and isinstance(out.get("output"), list):
        out["output"] = [
            {**_normalise_block(sub, drop), **({"id": GENERATED} if sub["type"] == "text" else {})}
            for sub in out["output"]
        ]
    return out


def normalise(dump: dict[str, Any], reference: dict[str, Any] | None = None) -> dict[str, Any]:
    """Bring a dump to a shape both implementations share.

    With ``reference`` (streamspec's dump), ``dump`` is AgentScope 2.0.11's:
    its block ``created_at``/``finished_at`` and ``structured_output`` go, and
    ``finished_reason``, ``error`` and the cache counters go unless the
    reference has them. On both sides, tool-result text sub-block ids become
    a placeholder (AgentScope draws random uuids there).
    """
    out = copy.deepcopy(dump)
    drop: tuple[str, ...] = ()
    if reference is not None:
        drop = _BLOCK_ONLY_2011
        out.pop("structured_output", None)
        for key in _MESSAGE_OPTIONAL:
            if key not in reference:
                out.pop(key, None)
        usage, ours = out.get("usage"), reference.get("usage")
        if isinstance(usage, dict) and isinstance(ours, dict):
            for key in _USAGE_OPTIONAL:
                if key not in ours:
                    usage.pop(key, None)
    out["content"] = [_normalise_block(block, drop) for block in out["content"]]
    return out


def same_message(agentscope_dump: dict[str, Any], streamspec_dump: dict[str, Any]) -> bool:
    """Whether both implementations folded to the same message, after normalising."""
    return normalise(agentscope_dump, streamspec_dump) == normalise(streamspec_dump)


# --------------------------------------------------------------------- timing


@dataclass
class Timing:
    """The best of several runs: fold, dump and how many runs there were."""

    fold: float
    dump: float
    runs: int

    @property
    def total(self) -> float:
        return self.fold + self.dump


def best_of(run: Callable[[], tuple[float, float]], repeat: int, budget: float) -> Timing:
    """Run up to ``repeat`` times (at least once, until ``budget`` seconds passed)."""
    best: tuple[float, float] | None = None
    spent, runs = 0.0, 0
    while runs < repeat and (runs == 0 or spent < budget):
        gc.collect()
        fold, dump = run()
        spent += fold + dump
        runs += 1
        if best is None or fold + dump < sum(best):
            best = (fold, dump)
    assert best is not None
    return Timing(best[0], best[1], runs)


def time_streamspec(events: Sequence[Any], repeat: int, budget: float) -> tuple[Timing, Reducer]:
    """Time fold and dump of pre-built streamspec events."""
    last: list[Reducer] = []

    def run() -> tuple[float, float]:
        start = time.perf_counter()
        reducer = fold_streamspec(events)
        folded = time.perf_counter()
        reducer.to_dict()
        last[:] = [reducer]
        return folded - start, time.perf_counter() - folded

    timing = best_of(run, repeat, budget)
    return timing, last[0]


def time_agentscope(events: Sequence[Any], repeat: int, budget: float) -> tuple[Timing, Any]:
    """Time fold and dump of pre-built AgentScope events."""
    last: list[Any] = []

    def run() -> tuple[float, float]:
        start = time.perf_counter()
        msg = fold_agentscope(events)
        folded = time.perf_counter()
        dump = msg.model_dump()
        last[:] = [dump]
        return folded - start, time.perf_counter() - folded

    timing = best_of(run, repeat, budget)
    return timing, last[0]


def streamspec_command() -> list[str]:
    """The ``streamspec`` command of this interpreter's environment."""
    script = Path(sys.executable).parent / "streamspec"
    if script.exists():
        return [str(script)]
    found = shutil.which("streamspec")
    return [found] if found else [sys.executable, "-m", "streamspec"]


def run_command(argv: list[str]) -> tuple[float, bytes]:
    """Wall time and stdout of one subprocess run; a failure raises."""
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    return elapsed, done.stdout


def time_net(
    command: list[str], path: Path, empty: Path, repeat: int, budget: float
) -> tuple[float, int, bytes]:
    """Best time of ``command path`` minus best of ``command empty``, run interleaved.

    Interleaving the empty-file runs with the real ones keeps a drifting
    machine load from biasing the subtracted start-up.
    """
    best_file = best_empty = float("inf")
    spent, runs, stdout = 0.0, 0, b""
    while runs < repeat and (runs == 0 or spent < budget):
        gc.collect()
        best_empty = min(best_empty, run_command([*command, str(empty)])[0])
        elapsed, stdout = run_command([*command, str(path)])
        best_file = min(best_file, elapsed)
        spent += elapsed
        runs += 1
    return best_file - best_empty, runs, stdout


# ----------------------------------------------------------------------- cells


@dataclass
class Cell:
    """Every number for one workload size."""

    series: str
    size: int
    label: str
    events: int
    ss: Timing
    ss_blocks: int
    ss_diagnostics: list[str]
    as_: Timing | None = None
    same: bool | None = None
    e2e_ss: float | None = None
    e2e_ss_runs: int = 0
    e2e_ss_same: bool | None = None
    e2e_as: float | None = None
    e2e_as_runs: int = 0
    e2e_as_same: bool | None = None

    def ratio(self) -> float | None:
        return self.as_.total / self.ss.total if self.as_ is not None else None

    def e2e_ratio(self) -> float | None:
        if self.e2e_as is None or self.e2e_ss is None or min(self.e2e_as, self.e2e_ss) <= 0:
            return None
        return self.e2e_as / self.e2e_ss


@dataclass
class Baseline:
    """Start-up times on an empty file, subtracted from end-to-end runs."""

    directory: Path
    empty: Path
    ss: float = 0.0
    as_: float | None = None


def write_jsonl(path: Path, records: Sequence[dict[str, Any]]) -> None:
    """Write records as compact JSON lines."""
    with path.open("w", encoding="utf-8") as stream:
        for record in records:
            stream.write(json.dumps(record, separators=(",", ":")))
            stream.write("\n")


def measure_cell(
    series: Series, size: int, options: argparse.Namespace, baseline: Baseline | None
) -> Cell:
    """Build one workload and measure every column for it."""
    records = series.build(size)
    events = [decode_event(record) for record in records]
    ss_timing, reducer = time_streamspec(events, options.repeat, options.budget)
    ss_dump = reducer.to_dict()
    del events
    cell = Cell(
        series=series.name,
        size=size,
        label=size_label(series, size),
        events=len(records),
        ss=ss_timing,
        ss_blocks=len(ss_dump["content"]),
        ss_diagnostics=[d.code for d in reducer.diagnostics],
    )
    if options.agentscope:
        as_events = agentscope_events(records)
        cell.as_, as_dump = time_agentscope(as_events, options.repeat, options.budget)
        del as_events
        cell.same = same_message(as_dump, ss_dump)
    if baseline is not None:
        path = baseline.directory / f"{series.name}-{size}.jsonl"
        write_jsonl(path, records)
        del records
        reduce = [*streamspec_command(), "reduce"]
        cell.e2e_ss, cell.e2e_ss_runs, stdout = time_net(
            reduce, path, baseline.empty, options.repeat, options.budget
        )
        cell.e2e_ss_same = json.loads(stdout) == ss_dump
        if options.agentscope:
            agentscope = [sys.executable, "-c", AGENTSCOPE_FOLD]
            cell.e2e_as, cell.e2e_as_runs, stdout = time_net(
                agentscope, path, baseline.empty, options.repeat, options.budget
            )
            cell.e2e_as_same = same_message(json.loads(stdout), ss_dump)
        path.unlink()
    return cell


def measure_baseline(directory: Path, options: argparse.Namespace) -> Baseline:
    """Time both end-to-end commands on an empty file (shown; each cell re-times it)."""
    empty = directory / "empty.jsonl"
    empty.write_bytes(b"")
    baseline = Baseline(directory, empty)
    commands = [[*streamspec_command(), "reduce"]]
    if options.agentscope:
        commands.append([sys.executable, "-c", AGENTSCOPE_FOLD])
    best = [min(run_command([*c, str(empty)])[0] for _ in range(options.repeat)) for c in commands]
    baseline.ss = best[0]
    baseline.as_ = best[1] if options.agentscope else None
    return baseline


# --------------------------------------------------------------------- report


def fmt_time(seconds: float | None) -> str:
    """Seconds as a short human string."""
    if seconds is None:
        return "n/a"
    if abs(seconds) < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if abs(seconds) < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def fmt_rate(events: int, seconds: float | None) -> str:
    """Events per second as a short human string."""
    if seconds is None or seconds <= 0:
        return "n/a"
    rate = events / seconds
    return f"{rate / 1e6:.2f} M/s" if rate >= 1e6 else f"{rate / 1e3:.0f} k/s"


def fmt_ratio(ratio: float | None) -> str:
    return "n/a" if ratio is None else f"{ratio:,.0f}x" if ratio >= 100 else f"{ratio:.1f}x"


def fmt_same(same: bool | None) -> str:
    return "n/a" if same is None else "yes" if same else "NO"


@dataclass
class Growth:
    """One growth step of one series: t(next)/t(prev) against 1.2 x the size ratio."""

    mode: str
    series: str
    step: str
    growth: float | None
    limit: float
    verdict: str


def growth_steps(cells: Sequence[Cell], mode: str) -> list[Growth]:
    """Judge every consecutive pair of sizes of one series."""
    steps: list[Growth] = []
    for prev, nxt in itertools.pairwise(cells):
        limit = GROWTH_SLACK * nxt.size / prev.size
        t_prev, t_next = (
            (prev.ss.total, nxt.ss.total) if mode == "in memory" else (prev.e2e_ss, nxt.e2e_ss)
        )
        step = f"{prev.label} → {nxt.label}"
        if t_prev is None or t_next is None:
            continue
        if mode != "in memory" and t_prev < E2E_FLOOR:
            steps.append(Growth(mode, prev.series, step, None, limit, "n/a (below floor)"))
            continue
        growth = t_next / t_prev
        steps.append(
            Growth(mode, prev.series, step, growth, limit, "PASS" if growth <= limit else "FAIL")
        )
    return steps


def render_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]

    def line(cells: Sequence[str]) -> str:
        first, *rest = zip(cells, widths, strict=True)
        return "  ".join([first[0].ljust(first[1]), *(c.rjust(w) for c, w in rest)]).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])


def _growth_column(cells: Sequence[Cell], mode: str) -> list[str]:
    steps = {g.step: g for g in growth_steps(cells, mode)}
    column = ["-"]
    for prev, nxt in itertools.pairwise(cells):
        g = steps.get(f"{prev.label} → {nxt.label}")
        shown = "-" if g is None else g.verdict
        if g is not None and g.growth is not None:
            shown = f"{g.growth:.2f} ≤ {g.limit:.1f} {g.verdict}"
        column.append(shown)
    return column


_MEMORY_COLUMNS: tuple[tuple[str, Callable[[Cell], str]], ...] = (
    ("size", lambda c: c.label),
    ("events", lambda c: f"{c.events:,}"),
    ("ss fold", lambda c: fmt_time(c.ss.fold)),
    ("ss dump", lambda c: fmt_time(c.ss.dump)),
    ("ss fold+dump", lambda c: fmt_time(c.ss.total)),
    ("ss ev/s", lambda c: fmt_rate(c.events, c.ss.total)),
    ("AS fold+dump", lambda c: fmt_time(c.as_.total if c.as_ else None)),
    ("AS runs", lambda c: str(c.as_.runs) if c.as_ else "-"),
    ("ratio", lambda c: fmt_ratio(c.ratio())),
    ("same", lambda c: fmt_same(c.same)),
)
_E2E_COLUMNS: tuple[tuple[str, Callable[[Cell], str]], ...] = (
    ("size", lambda c: c.label),
    ("events", lambda c: f"{c.events:,}"),
    ("ss reduce", lambda c: fmt_time(c.e2e_ss)),
    ("ss ev/s", lambda c: fmt_rate(c.events, c.e2e_ss)),
    ("ss same", lambda c: fmt_same(c.e2e_ss_same)),
    ("AS parse+fold", lambda c: fmt_time(c.e2e_as)),
    ("AS runs", lambda c: str(c.e2e_as_runs) if c.e2e_as is not None else "-"),
    ("ratio", lambda c: fmt_ratio(c.e2e_ratio())),
    ("AS same", lambda c: fmt_same(c.e2e_as_same)),
)


def render_series(series: Series, cells: Sequence[Cell], e2e: bool) -> str:
    """Both tables of one series, with their growth checks."""
    parts = [f"== {series.name}: {series.what} =="]
    tables = [("in memory", _MEMORY_COLUMNS)]
    if e2e:
        tables.append(("end to end", _E2E_COLUMNS))
    for mode, columns in tables:
        header = [name for name, _ in columns] + ["growth ≤ limit"]
        growth = _growth_column(cells, mode)
        rows = [[show(c) for _, show in columns] + [g] for c, g in zip(cells, growth, strict=True)]
        title = mode if mode == "in memory" else "end to end (start-up subtracted)"
        parts += [title, render_table(header, rows)]
    return "\n".join(parts)


@dataclass(frozen=True)
class Target:
    """One target of issue 2, section 5."""

    name: str
    series: str
    size: int
    mode: str
    measure: str
    threshold: float


TARGETS = (
    Target("in memory: text 100k, events/s", "text", 100_000, "in memory", "rate", 1e6),
    Target("in memory: text 100k, x AgentScope", "text", 100_000, "in memory", "ratio", 10),
    Target("in memory: base64 30k, x AgentScope", "base64", 30_000, "in memory", "ratio", 100),
    Target("in memory: blob 4 MiB, x AgentScope", "blob", 4 * MIB, "in memory", "ratio", 100),
    Target("end to end: text 100k, x AgentScope", "text", 100_000, "end to end", "ratio", 10),
    Target("end to end: base64 30k, x AgentScope", "base64", 30_000, "end to end", "ratio", 50),
)


def _target_value(target: Target, cells: dict[str, list[Cell]]) -> float | None:
    cell = next((c for c in cells.get(target.series, []) if c.size == target.size), None)
    if cell is None:
        return None
    if target.measure == "rate":
        return cell.events / cell.ss.total
    return cell.ratio() if target.mode == "in memory" else cell.e2e_ratio()


def _shown(measure: str, value: float | None) -> str:
    if value is None:
        return "n/a"
    return fmt_rate(1, 1 / value) if measure == "rate" else fmt_ratio(value)


def judge_targets(cells: dict[str, list[Cell]]) -> list[dict[str, Any]]:
    """Every target with its measured value and verdict (``n/a`` when not measured)."""
    results: list[dict[str, Any]] = []
    for target in TARGETS:
        value = _target_value(target, cells)
        verdict = "n/a" if value is None else "PASS" if value >= target.threshold else "FAIL"
        results.append(
            {
                "target": target.name,
                "required": f"≥ {_shown(target.measure, target.threshold)}",
                "value": value,
                "measured": _shown(target.measure, value),
                "verdict": verdict,
            }
        )
    modes = ("in memory", "end to end")
    steps = [g for mode in modes for cs in cells.values() for g in growth_steps(cs, mode)]
    judged = [g for g in steps if g.growth is not None]
    failed = [f"{g.series} {g.mode} {g.step}" for g in judged if g.verdict == "FAIL"]
    worst = max(judged, key=lambda g: (g.growth or 0.0) / g.limit, default=None)
    results.append(
        {
            "target": "growth: every series, t(next)/t(prev) ≤ 1.2 x size ratio",
            "required": f"{len(judged) - len(failed)}/{len(judged)} steps pass",
            "value": None if worst is None else worst.growth,
            "measured": "n/a"
            if worst is None or worst.growth is None
            else f"worst: {worst.series} {worst.mode} {worst.step} "
            f"{worst.growth:.2f} vs {worst.limit:.1f}",
            "verdict": "n/a" if not judged else "FAIL" if failed else "PASS",
            "failed": failed,
        }
    )
    return results


def render_targets(results: Sequence[dict[str, Any]]) -> str:
    """The target summary table."""
    rows = [[r["target"], r["required"], r["measured"], r["verdict"]] for r in results]
    return "== targets ==\n" + render_table(["target", "required", "measured", "verdict"], rows)


def to_json(cell: Cell) -> dict[str, Any]:
    """One cell as plain JSON: every field, plus totals, rates and ratios."""
    out = dataclasses.asdict(cell)
    out["streamspec"] = {**out.pop("ss"), "total": cell.ss.total}
    out["streamspec"]["events_per_s"] = cell.events / cell.ss.total
    timing = out.pop("as_")
    out["agentscope"] = None if cell.as_ is None else {**timing, "total": cell.as_.total}
    out.update(ratio=cell.ratio(), e2e_ratio=cell.e2e_ratio())
    return out


# ----------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument(
        "--series",
        action="append",
        choices=sorted(SERIES),
        help="run only this series (repeatable)",
    )
    parser.add_argument("--json", type=Path, help="also write every number to this file")
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs")
    parser.add_argument(
        "--budget",
        type=float,
        default=20.0,
        help="stop repeating a cell once its runs took this many seconds",
    )
    parser.add_argument(
        "--no-e2e", dest="e2e", action="store_false", help="skip the end-to-end subprocess runs"
    )
    parser.add_argument(
        "--no-agentscope",
        dest="use_agentscope",
        action="store_false",
        help="streamspec only, even when agentscope is importable",
    )
    options = parser.parse_args(argv)
    if options.repeat < 1:
        parser.error("--repeat must be at least 1")
    return options


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; print the tables and the target summary."""
    options = parse_args(argv)
    as_version = agentscope_version() if options.use_agentscope else None
    options.agentscope = as_version is not None
    names = options.series or list(SERIES)
    ss_version = importlib.metadata.version("streamspec")
    print(
        f"fold benchmark: streamspec {ss_version} vs AgentScope {as_version or 'n/a'}; "
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
        f"best of {options.repeat} (budget {options.budget:g} s per cell)"
        f"{'; quick sizes' if options.quick else ''}",
        flush=True,
    )
    cells: dict[str, list[Cell]] = {}
    with tempfile.TemporaryDirectory(prefix="streamspec-fold-") as tmp:
        baseline = measure_baseline(Path(tmp), options) if options.e2e else None
        if baseline is not None:
            print(
                f"start-up on an empty file: streamspec reduce {fmt_time(baseline.ss)}, "
                f"AgentScope {fmt_time(baseline.as_)}",
                flush=True,
            )
        for name in names:
            series = SERIES[name]
            sizes = series.quick if options.quick else series.sizes
            cells[name] = [measure_cell(series, size, options, baseline) for size in sizes]
            print("\n" + render_series(series, cells[name], baseline is not None), flush=True)
    targets = judge_targets(cells)
    print("\n" + render_targets(targets))
    if options.json is not None:
        document = {
            "streamspec": ss_version,
            "agentscope": as_version,
            "python": platform.python_version(),
            "quick": options.quick,
            "repeat": options.repeat,
            "budget": options.budget,
            "startup": None
            if baseline is None
            else {"streamspec": baseline.ss, "agentscope": baseline.as_},
            "series": {name: [to_json(c) for c in cs] for name, cs in cells.items()},
            "targets": targets,
        }
        options.json.write_text(
            json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
