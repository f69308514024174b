"""Fold benchmark: streamspec's reducer against a hand-written floor and AgentScope 2.0.11.

Rules this benchmark implements:

1. Workloads are built deterministically as AgentScope's own JSON, one object
   per event (see ``workloads.py``): ``text``, ``base64``, ``blob``,
   ``mixed``, ``tools``, ``blocks`` and ``interleaved``.
2. In memory: streamspec folds its events with ``Reducer.apply`` and dumps
   once with ``to_dict()``; AgentScope folds its pydantic events with
   ``Msg.append_event`` and dumps once with ``model_dump()``. The events are
   built a chunk at a time, as a stream delivers them (at most
   :data:`CHUNK_BYTES` of JSON, what ``streamspec reduce`` reads at once),
   and only the folding of each chunk is timed: a whole workload's events
   built at once would make the fold of 100 k events pay for reading an
   input that no longer fits the caches (``touch.py``), which no streaming
   caller holds.
   The ratio compares fold+dump with fold+dump; ``apply ev/s`` is events
   over the ``Reducer.apply`` loops alone. Times are this process's CPU time
   (``time.process_time``), so other work on a shared machine weighs less.
   What exists before a run is frozen out of the cyclic collector for it
   (both sides), so no run pays for walking the workload's records.
3. End to end: each workload is written as JSONL and folded by child
   processes: ``streamspec reduce FILE``; the floor, ``floor.py FILE``
   (``orjson.loads`` per line, plain dicts and list appends, no checks); on
   the series it folds, the checked floor, ``checked.py FILE`` (the floor
   plus the checks the spec asks of every fold, written out by hand); and
   an AgentScope script that parses every line with
   ``TypeAdapter(AgentEvent).validate_json`` and folds it with
   ``Msg.append_event``. ``streamspec judge FILE`` runs on the cells the judge
   targets read. A run's time is the child's CPU time (user+sys, from
   ``RUSAGE_CHILDREN``), so other work on a shared machine weighs less; wall
   times go to ``--json``. Each command's start-up, its best time on an empty
   file, is subtracted: in a full run it is re-measured beside every cell's
   runs, with ``--quick`` it is measured once at the start.
4. Every cell is the best of ``--repeat`` runs (default 5; the floor, which
   is cheap, and the start-up of ``streamspec reduce`` at least
   :data:`MIN_RUNS`); a cell stops repeating once its runs took ``--budget``
   seconds. AgentScope does not fold a series past its ``agentscope_up_to``
   size.
5. ``--quick`` keeps the run short (see :class:`Plan`): only each series'
   largest quick size runs end to end, and AgentScope folds only each
   series' smallest quick size and the cells its targets read.
6. Growth: in every series, streamspec's t(next)/t(prev) must stay within
   1.2 times the size ratio, in memory and end to end (``cells.py``). A
   step that fails is timed again before it is judged
   (:func:`confirm_growth`): its two sizes alternately, ``--repeat`` rounds,
   each cell keeping the best of all its runs. Noise that hit one cell of a
   step passes on the second look; growth that is really faster than linear
   fails both.
7. Cross-check: AgentScope must fold every workload to streamspec's message
   once its dump is normalised (see :func:`normalise`), and ``streamspec
   reduce`` and both floors must print what the in-memory fold gives.
8. Targets (``targets.py``) are judged from this one run; with ``--quick``
   each is judged on its series' largest quick size. ``--plot FILE`` draws
   the end-to-end times against events (``plot.py``).

AgentScope is optional: without it the AgentScope columns read ``n/a``.
Usage: ``python benchmarks/fold.py [--quick] [--series NAME] [--json FILE] [--plot FILE]``.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import gc
import importlib
import importlib.metadata
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import checked
import plot
import report
import targets
from cells import Best, Cell, Net, Timing, growth_steps
from runner import best_runs, byte_compile, commands, run_command, time_net
from streamspec import Reducer
from streamspec._codec import decode_event
from workloads import REPLY_ID, SERIES, STAMP, Records, Series, size_label

#: The fewest runs of the floors, and of each start-up that is shown or judged.
MIN_RUNS = 3
#: The hand-written folds, which print the message as ``streamspec reduce`` does.
FLOORS = ("floor", "checked")

# ---------------------------------------------------------------- the two folds


#: How much JSON the events built at once for an in-memory fold are written in (rule 2):
#: the block ``streamspec reduce`` reads at once.
CHUNK_BYTES = 1 << 16


def chunks(records: Sequence[dict[str, Any]]) -> list[Sequence[dict[str, Any]]]:
    """``records`` cut in runs whose JSON lines take at most :data:`CHUNK_BYTES` (a record
    longer than that alone)."""
    pieces: list[Sequence[dict[str, Any]]] = []
    start, size = 0, 0
    for at, record in enumerate(records):
        line = len(json.dumps(record, separators=(",", ":"))) + 1
        if at > start and size + line > CHUNK_BYTES:
            pieces.append(records[start:at])
            start, size = at, 0
        size += line
    if start < len(records):
        pieces.append(records[start:])
    return pieces


def fold_streamspec(events: Sequence[Any], reducer: Reducer | None = None) -> Reducer:
    """Fold streamspec events into ``reducer`` (a fresh one when ``None``)."""
    reducer = Reducer() if reducer is None else reducer
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


def agentscope_builder() -> Callable[[dict[str, Any]], Any]:
    """AgentScope's validator of an event's JSON object, as its service uses it."""
    agent_event = importlib.import_module("agentscope.event").AgentEvent
    validate: Callable[[dict[str, Any]], Any] = (
        importlib.import_module("pydantic").TypeAdapter(agent_event).validate_python
    )
    return validate


def agentscope_events(records: Sequence[dict[str, Any]]) -> list[Any]:
    """Build AgentScope's pydantic events from their JSON, as its service does."""
    validate = agentscope_builder()
    return [validate(record) for record in records]


def agentscope_message(created_at: str = STAMP) -> Any:
    """The empty ``Msg`` AgentScope folds a reply into."""
    return importlib.import_module("agentscope.message").Msg(
        name="assistant", role="assistant", content=[], id=REPLY_ID, created_at=created_at
    )


def fold_agentscope(events: Sequence[Any], msg: Any = None) -> Any:
    """Fold AgentScope events into ``msg`` (a fresh one when ``None``)."""
    msg = agentscope_message() if msg is None else msg
    append = msg.append_event
    for event in events:
        append(event)
    return msg


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


# --------------------------------------------------------------- in memory


def best_of(run: Callable[[], tuple[float, float]], repeat: int, budget: float) -> Timing:
    """Run up to ``repeat`` times (at least once, until ``budget`` seconds passed).

    What exists before a run (the workload's records) is frozen out of the
    collector: a collection during the run walks only what the run made (the
    events of its chunks, the fold's state), as in a process that reads its
    events as they come.
    """
    best: tuple[float, float] | None = None
    spent, runs = 0.0, 0
    while runs < repeat and (runs == 0 or spent < budget):
        gc.collect()
        gc.freeze()
        fold, dump = run()
        spent += fold + dump
        runs += 1
        if best is None or fold + dump < sum(best):
            best = (fold, dump)
    assert best is not None
    return Timing(best[0], best[1], runs)


def fold_in_chunks(
    pieces: Sequence[Sequence[dict[str, Any]]],
    build: Callable[[dict[str, Any]], Any],
    fold: Callable[[list[Any]], Any],
) -> float:
    """Build each piece's events with ``build``, then ``fold`` them; the CPU seconds of the
    folds alone (rule 2)."""
    folding = 0.0
    for piece in pieces:
        events = [build(record) for record in piece]
        start = time.process_time()
        fold(events)
        folding += time.process_time() - start
    return folding


def time_streamspec(
    records: Sequence[dict[str, Any]], repeat: int, budget: float
) -> tuple[Timing, Reducer]:
    """Time the fold of ``records``' events, built a chunk at a time (rule 2), and the dump."""
    pieces = chunks(records)
    last: list[Reducer] = []

    def run() -> tuple[float, float]:
        reducer = Reducer()
        folding = fold_in_chunks(pieces, decode_event, lambda e: fold_streamspec(e, reducer))
        folded = time.process_time()
        reducer.to_dict()
        last[:] = [reducer]
        return folding, time.process_time() - folded

    timing = best_of(run, repeat, budget)
    return timing, last[0]


def time_agentscope(
    records: Sequence[dict[str, Any]], repeat: int, budget: float
) -> tuple[Timing, Any]:
    """Time the fold of ``records``' AgentScope events, built a chunk at a time, and the dump."""
    validate, pieces = agentscope_builder(), chunks(records)
    last: list[Any] = []

    def run() -> tuple[float, float]:
        msg = agentscope_message()
        folding = fold_in_chunks(pieces, validate, lambda e: fold_agentscope(e, msg))
        folded = time.process_time()
        dump = msg.model_dump()
        last[:] = [dump]
        return folding, time.process_time() - folded

    timing = best_of(run, repeat, budget)
    return timing, last[0]


# ---------------------------------------------------------------- end to end


def write_jsonl(path: Path, records: Sequence[dict[str, Any]]) -> None:
    """Write records as compact JSON lines."""
    with path.open("w", encoding="utf-8") as stream:
        for record in records:
            stream.write(json.dumps(record, separators=(",", ":")))
            stream.write("\n")


Key = tuple[str, int]


@dataclass
class Plan:
    """Which cell (series, size) runs which side.

    A full run folds every cell with AgentScope up to its series'
    ``agentscope_up_to`` and runs every cell end to end. ``--quick`` keeps
    the run short: AgentScope folds each series' smallest quick size and the
    cells an AgentScope target reads, and only each series' largest quick size
    runs end to end. The judge runs on the cells its targets read.
    """

    agentscope: set[Key]
    end_to_end: set[Key]
    agentscope_end_to_end: set[Key]
    judged: set[Key]


def plan_cells(names: Sequence[str], options: argparse.Namespace) -> Plan:
    """Choose what each cell of the series ``names`` runs."""
    every = {(n, size) for n in names for size in sizes(SERIES[n], options.quick)}
    reads = targets.cells_read(options.quick)
    read_by = {m: {(s, n) for s, n, measure in reads if measure == m} & every for m in MEASURED}
    if options.quick:
        agentscope = {(n, SERIES[n].quick[0]) for n in names} | read_by["ratio"]
        agentscope |= read_by["e2e_ratio"]
        end_to_end = {(n, SERIES[n].quick[-1]) for n in names}
    else:
        agentscope, end_to_end = set(every), set(every)
    agentscope = {(n, size) for n, size in agentscope if _agentscope_folds(n, size)}
    if not options.agentscope:
        agentscope = set()
    if not options.e2e:
        end_to_end = set()
    agentscope_end_to_end = agentscope & end_to_end
    if options.quick:
        agentscope_end_to_end &= read_by["e2e_ratio"]
    return Plan(agentscope, end_to_end, agentscope_end_to_end, read_by["judge_us"] & end_to_end)


#: The measures whose cells :func:`plan_cells` looks up.
MEASURED = ("ratio", "e2e_ratio", "judge_us")


def _agentscope_folds(name: str, size: int) -> bool:
    up_to = SERIES[name].agentscope_up_to
    return up_to is None or size <= up_to


@dataclass
class EndToEnd:
    """Each end-to-end side's command and start-up, and where the files go.

    ``interleave`` re-measures each side's start-up beside every cell's runs
    (a full run); otherwise the start-up measured here is subtracted.
    """

    directory: Path
    empty: Path
    commands: dict[str, list[str]]
    startup: dict[str, Best]
    interleave: bool


def start_end_to_end(directory: Path, plan: Plan, options: argparse.Namespace) -> EndToEnd:
    """Byte-compile streamspec, then time every side the plan runs on an empty file.

    ``streamspec reduce`` and the floor get at least :data:`MIN_RUNS` runs
    (the start-up is a target); the others get ``--repeat``.
    """
    if not byte_compile("streamspec"):
        raise RuntimeError("streamspec's modules did not all byte-compile")
    sides = commands(bool(plan.agentscope_end_to_end))
    if not plan.judged:
        sides.pop("judge")
    if not any(name in checked.SERIES for name, _ in plan.end_to_end):
        sides.pop("checked")
    empty = directory / "empty.jsonl"
    empty.write_bytes(b"")
    startup = {}
    for side, argv in sides.items():
        cheap = side == "streamspec" or side in FLOORS
        runs = max(MIN_RUNS, options.repeat) if cheap else options.repeat
        startup[side] = best_runs([*argv, str(empty)], runs)
    return EndToEnd(directory, empty, sides, startup, interleave=not options.quick)


def measure_end_to_end(
    cell: Cell,
    records: Records,
    sides: Sequence[str],
    e2e: EndToEnd,
    options: argparse.Namespace,
    ss_dump: dict[str, Any],
) -> None:
    """Run every side on the workload written as JSONL; check what each one printed.

    The floors are cheap, so each gets at least :data:`MIN_RUNS` runs.
    """
    path = e2e.directory / f"{cell.series}-{cell.size}.jsonl"
    write_jsonl(path, records)
    for side in sides:
        startup = None if e2e.interleave else e2e.startup[side]
        cheap = side in FLOORS and not options.quick
        repeat = max(MIN_RUNS, options.repeat) if cheap else options.repeat
        cell.e2e[side], stdout = time_net(
            e2e.commands[side], path, e2e.empty, startup, repeat, options.budget
        )
        if side == "streamspec" or side in FLOORS:
            cell.e2e_same[side] = json.loads(stdout) == ss_dump
        elif side == "agentscope":
            cell.e2e_same[side] = same_message(json.loads(stdout), ss_dump)
    path.unlink()


# ----------------------------------------------------------------------- cells


def measure_cell(
    series: Series, size: int, options: argparse.Namespace, plan: Plan, e2e: EndToEnd | None
) -> Cell:
    """Build one workload and measure every column the plan gives it."""
    key = (series.name, size)
    records: Records = series.build(size)
    ss_timing, reducer = time_streamspec(records, options.repeat, options.budget)
    ss_dump = reducer.to_dict()
    cell = Cell(
        series=series.name,
        size=size,
        label=size_label(series, size),
        events=len(records),
        ss=ss_timing,
        ss_blocks=len(ss_dump["content"]),
        ss_diagnostics=[d.code for d in reducer.diagnostics],
    )
    if key in plan.agentscope:
        cell.as_, as_dump = time_agentscope(records, options.repeat, options.budget)
        cell.same = same_message(as_dump, ss_dump)
    if e2e is not None and key in plan.end_to_end:
        sides = ["streamspec", "floor"]
        sides += ["checked"] if series.name in checked.SERIES else []
        sides += ["agentscope"] if key in plan.agentscope_end_to_end else []
        sides += ["judge"] if key in plan.judged else []
        measure_end_to_end(cell, records, sides, e2e, options, ss_dump)
    return cell


def plot_panels(cells: dict[str, list[Cell]]) -> list[plot.Panel]:
    """One plot panel per series: each side's net end-to-end time against events."""
    panels = []
    for name, cs in cells.items():
        points = {
            side: [(c.events, c.e2e[side].cpu) for c in cs if side in c.e2e] for side in plot.SIDES
        }
        panels.append(plot.Panel(name, name, points))
    return panels


# ---------------------------------------------------------------------- growth


def confirm_growth(
    series: Series, cells: Sequence[Cell], options: argparse.Namespace, e2e: EndToEnd | None
) -> list[str]:
    """Time every failed growth step of a series again, its two sizes alternately.

    Each cell keeps the better of its first timing and the new one: a best of
    more runs, taken at the same time as its neighbour's. A cell made faster
    that way can make the step after it fail: that step is timed again too,
    each step at most once. Returns a line per step timed again, its growth
    before and after.
    """
    by_label = {cell.label: cell for cell in cells}
    notes = []
    for mode in ("in memory", "end to end"):
        timed: set[str] = set()
        while True:
            failed = [
                s for s in growth_steps(cells, mode) if s.verdict == "FAIL" and s.step not in timed
            ]
            if not failed:
                break
            step = failed[0]
            timed.add(step.step)
            pair = [by_label[label] for label in step.step.split(" → ")]
            if mode == "in memory":
                _retime_in_memory(series, pair, options)
            elif e2e is not None:
                _retime_end_to_end(series, pair, options, e2e)
            after = next(g for g in growth_steps(cells, mode) if g.step == step.step)
            judged = (
                after.verdict
                if after.growth is None
                else f"{after.growth:.2f} ≤ {after.limit:.1f} {after.verdict}"
            )
            notes.append(
                f"{series.name} {mode} {step.step}: {step.growth:.2f} timed again, {judged}"
            )
    return notes


def _retime_in_memory(series: Series, pair: Sequence[Cell], options: argparse.Namespace) -> None:
    built = [series.build(cell.size) for cell in pair]
    for _ in range(options.repeat):
        for cell, records in zip(pair, built, strict=True):
            timing = time_streamspec(records, 1, options.budget)[0]
            runs = cell.ss.runs + 1
            best = timing if timing.total < cell.ss.total else cell.ss
            cell.ss = Timing(best.fold, best.dump, runs)


def _retime_end_to_end(
    series: Series, pair: Sequence[Cell], options: argparse.Namespace, e2e: EndToEnd
) -> None:
    """Alternate runs of both cells, each beside a run on the empty file; each cell then
    keeps the better of its first net time and the new one (best run minus best start-up)."""
    argv = e2e.commands["streamspec"]
    paths, best = [], []
    for cell in pair:
        path = e2e.directory / f"{cell.series}-{cell.size}-again.jsonl"
        write_jsonl(path, series.build(cell.size))
        paths.append(path)
        best.append([float("inf")] * 4)  # run CPU, run wall, start-up CPU, start-up wall
    for _ in range(options.repeat):
        for path, mins in zip(paths, best, strict=True):
            gc.collect()
            blank = run_command([*argv, str(e2e.empty)])
            done = run_command([*argv, str(path)])
            mins[:] = map(min, mins, (done.cpu, done.wall, blank.cpu, blank.wall))
    for cell, path, (cpu, wall, empty_cpu, empty_wall) in zip(pair, paths, best, strict=True):
        path.unlink()
        old = cell.e2e["streamspec"]
        new = Net(cpu - empty_cpu, wall - empty_wall, options.repeat)
        kept = new if new.cpu < old.cpu else old
        cell.e2e["streamspec"] = Net(kept.cpu, kept.wall, old.runs + options.repeat)


# ----------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument(
        "--series",
        action="append",
        choices=sorted(SERIES),
        help="run only this series (repeatable)",
    )
    parser.add_argument("--json", type=Path, help="also write every number to this file")
    parser.add_argument("--plot", type=Path, help="also draw the end-to-end growth plot (SVG)")
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


def sizes(series: Series, quick: bool) -> tuple[int, ...]:
    """The sizes a run measures of ``series``."""
    return series.quick if quick else series.sizes


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; print the tables, the start-up, the judge and the targets."""
    options = parse_args(argv)
    as_version = agentscope_version() if options.use_agentscope else None
    options.agentscope = as_version is not None
    names = options.series or list(SERIES)
    ss_version = importlib.metadata.version("streamspec")
    print(
        f"fold benchmark: streamspec {ss_version} vs AgentScope {as_version or 'n/a'}; "
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
        f"best of {options.repeat} (budget {options.budget:g} s per cell)"
        f"{'; quick sizes, each target read at its largest' if options.quick else ''}",
        flush=True,
    )
    # What exists before the first cell is never garbage the cells made: frozen, the
    # collection before each timed run walks only the cell's own objects.
    gc.collect()
    gc.freeze()
    try:
        return run_plan(names, options, ss_version, as_version)
    finally:
        gc.unfreeze()


def run_plan(
    names: Sequence[str], options: argparse.Namespace, ss_version: str, as_version: str | None
) -> int:
    """Measure every cell of the plan, print its tables and the targets; the exit status."""
    cells: dict[str, list[Cell]] = {}
    plan = plan_cells(names, options)
    e2e: EndToEnd | None = None
    with tempfile.TemporaryDirectory(prefix="streamspec-fold-") as tmp:
        if plan.end_to_end:
            e2e = start_end_to_end(Path(tmp), plan, options)
            print("\n" + report.render_startup(e2e.startup), flush=True)
        for name in names:
            series = SERIES[name]
            cells[name] = [
                measure_cell(series, size, options, plan, e2e)
                for size in sizes(series, options.quick)
            ]
            again = confirm_growth(series, cells[name], options, e2e)
            print("\n" + report.render_series(series, cells[name], e2e is not None), flush=True)
            if again:
                print("growth steps timed again:\n" + "\n".join(f"  {n}" for n in again))
    if plan.judged:
        print("\n" + report.render_judge(cells))
    startup = None if e2e is None else e2e.startup
    verdicts = targets.judge(cells, startup, options.quick)
    print("\n" + targets.render(verdicts))
    if options.plot is not None:
        caption = (
            f"end-to-end CPU time net of start-up, best of {options.repeat}: "
            f"streamspec {ss_version}, AgentScope {as_version or 'n/a'}, "
            f"Python {platform.python_version()}"
        )
        options.plot.write_text(plot.render_svg(plot_panels(cells), caption), encoding="utf-8")
    if options.json is not None:
        document = {
            "streamspec": ss_version,
            "agentscope": as_version,
            "python": platform.python_version(),
            "quick": options.quick,
            "repeat": options.repeat,
            "budget": options.budget,
            "startup": None
            if startup is None
            else {side: dataclasses.asdict(best) for side, best in startup.items()},
            "series": {name: [report.to_json(c) for c in cs] for name, cs in cells.items()},
            "targets": verdicts,
        }
        options.json.write_text(
            json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
