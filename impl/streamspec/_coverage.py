"""Coverage of the tables by the shipped conformance vectors.

``python -m streamspec._coverage [--check]`` writes ``spec/vectors/coverage.json``:
which rows of ``spec/machines/*.json`` fired, which rejections happened,
which actions ran and which codes of ``spec/violations.json`` appear, over
every vector of every kind and level.

Rules:

1. A row is a (machine, source, event, guard) cell. Reply machine rows (reply,
   block, tool_call, tool_result) are measured by replaying every reduce vector
   (``.json`` files and ``.jsonl`` lines) through a reducer that judges every
   event in full and records each row it applies; completion machine rows by
   replaying every judge case through a judge that records each evidence row
   and each verdict row the joint rules take.
2. A rejection cell is a (machine, state, event) the table refuses: a pair
   with no row, or a guarded pair when no guard holds. It is covered when a
   replayed reduce vector reports a diagnostic for it with the code
   ``spec/violations.json`` gives it. Some cells cannot be reached (another
   machine of the same event refuses first); they stay listed as missing.
3. Codes come from each kind's own expectations: reduce diagnostics (replayed),
   judge ``problems``, envelope ``problem`` and ``problems`` of read and convert
   vectors. Pairing vectors name pairing rules (``spec/pairing_dialects.json``),
   counted on their own.
4. An action is covered when a covered row names it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import orjson

from streamspec._codec import decode_event
from streamspec._diagnostics import Diagnostic
from streamspec._errors import DecodeError, ProtocolError
from streamspec._events import Event, UnknownEvent
from streamspec._generated import dump_json, run_generator
from streamspec._jsonl import read_records
from streamspec._machines import COMPILED, MACHINES, Route, rejection_code
from streamspec._resources import load_spec_json, spec_dir
from streamspec._tables import MachineSpec, Row
from streamspec.completion._canonical import decode_canonical
from streamspec.completion._finish_reasons import finish_class
from streamspec.completion._judge import Judge
from streamspec.completion._reply_evidence import CallOpened
from streamspec.completion._table import VERDICT_MACHINE, CompletionTable, completion_table
from streamspec.reply._reduce_corpus import read_vectors
from streamspec.reply._reducer import Reducer
from streamspec.sources._muse import read_muse

__all__ = [
    "KINDS",
    "LEVELS",
    "Coverage",
    "all_machines",
    "main",
    "measure",
    "measure_judge",
    "measure_reduce",
    "report",
    "row_label",
]

#: The vector kinds, one folder each under ``spec/vectors``.
KINDS: Final = ("reduce", "judge", "envelope", "pairing")
#: The conformance levels, one folder each inside a kind.
LEVELS: Final = ("must", "should", "may")


@attrs.define
class Coverage:
    """What a set of vectors exercised.

    Attributes:
        rows: ``(machine, row) -> times applied``.
        rejections: ``(machine, state, event) -> times rejected with its table code``.
        codes: ``kind -> codes its vectors expect``.
        pairing_rules: the pairing rules pairing vectors name.
        vectors: ``kind -> level -> number of vectors (or cases)``.
    """

    rows: Counter[tuple[str, Row]] = attrs.Factory(Counter)
    rejections: Counter[tuple[str, str, str]] = attrs.Factory(Counter)
    codes: dict[str, set[str]] = attrs.Factory(dict)
    pairing_rules: set[str] = attrs.Factory(set)
    vectors: dict[str, Counter[str]] = attrs.Factory(dict)

    def add_codes(self, kind: str, codes: Iterable[str]) -> None:
        """Record the codes one kind's vectors expect."""
        self.codes.setdefault(kind, set()).update(codes)

    def count(self, kind: str, level: str, n: int = 1) -> None:
        """Count ``n`` vectors of one kind and level."""
        self.vectors.setdefault(kind, Counter())[level] += n


def all_machines() -> dict[str, MachineSpec]:
    """Every machine of ``spec/machines``: the reply machines, then the completion machines."""
    return {**MACHINES, **completion_table().machines}


def row_label(row: Row) -> str:
    """A row as text: ``source --event [guard]--> target``."""
    guard = f" [{row.guard.text()}]" if row.guard is not None else ""
    return f"{row.source} --{row.event}{guard}--> {row.target}"


# ------------------------------------------------------------------ reduce


class _RecordingReducer(Reducer):
    """A reducer that judges every event in full and counts each row it applies."""

    def __init__(self, rows: Counter[tuple[str, Row]], **options: Any) -> None:
        super().__init__(**options)
        self._fast = {}
        self._fired = rows

    def _act(
        self, judged: list[tuple[Route, str | None, Row]], event: Event, item: dict[str, Any] | None
    ) -> None:
        for route, _, row in judged:
            self._fired[(route.machine, row)] += 1
        super()._act(judged, event, item)


def _rejection_cells(machine: str) -> dict[tuple[str, str], bool]:
    """``(state, event) -> guarded`` of every cell the machine can refuse."""
    compiled = COMPILED[machine]
    cells = {}
    for state in compiled.spec.states:
        for event in compiled.spec.events:
            if (state.name, event) in compiled.guarded:
                cells[(state.name, event)] = True
            elif (state.name, event) not in compiled.plain:
                cells[(state.name, event)] = False
    return cells


def _fold(reducer: Reducer, events: Iterable[Mapping[str, Any]]) -> list[Diagnostic]:
    """Run the reduce runner's steps; return every diagnostic, a strict mode's raised one last."""
    try:
        for obj in events:
            try:
                event = decode_event(dict(obj))
            except DecodeError as error:
                paths = dict.fromkeys(p.rsplit(" @ ", 1)[-1] for p in error.problems)
                reducer.reject_unreadable(paths, str(error))
            else:
                reducer.apply(event)
    except ProtocolError as error:
        return [*reducer.diagnostics, error.diagnostic]
    reducer.finish()
    return list(reducer.diagnostics)


def measure_reduce(vectors: Iterable[Mapping[str, Any]], into: Coverage | None = None) -> Coverage:
    """Replay reduce vectors and record the rows, rejections and codes they exercise.

    Each vector runs as the reduce runner runs it: an object that does not
    decode is ``unreadable_line`` at its index, and in strict mode the fold
    stops at the error it raises (which counts).
    """
    coverage = into if into is not None else Coverage()
    for vector in vectors:
        reducer = _RecordingReducer(coverage.rows, **vector["options"])
        diagnostics = _fold(reducer, vector["events"])
        coverage.add_codes("reduce", (d.code for d in diagnostics))
        for diagnostic in diagnostics:
            machine, state, event = diagnostic.machine, diagnostic.state, diagnostic.event
            if machine is None or state is None or event is None or machine not in COMPILED:
                continue
            if (state, event) in _rejection_cells(machine) and diagnostic.code == rejection_code(
                machine, state, event
            ):
                coverage.rejections[(machine, state, event)] += 1
    return coverage


# ------------------------------------------------------------------- judge


class _RecordingJudge(Judge):
    """A judge that counts each evidence row and each verdict row it takes."""

    def __init__(self, table: CompletionTable, rows: Counter[tuple[str, Row]]) -> None:
        super().__init__(table)
        self._rules_table = table
        self._fired = rows

    def _evidence(self, event: Any) -> None:
        if isinstance(event, CallOpened):
            super()._evidence(event)
            return
        before = self.states().get(event.call) or self._rules_table.initial_states()
        super()._evidence(event)
        table = self._rules_table
        route = table.routes[event.KIND]
        payload = {}
        if event.KIND == "model_finish":
            payload["class"] = finish_class(event.vocabulary, event.reason).value
        row = table.compiled[route.machine].lookup(before[route.machine], route.event, payload)
        assert row is not None  # the judge itself raised otherwise
        self._fired[(route.machine, row)] += 1
        states = {**before, route.machine: row.target}
        verdict = table.compiled[VERDICT_MACHINE]
        while True:
            rule = next((r for r in table.rules if r.holds(states)), None)
            taken = (
                None if rule is None else verdict.plain.get((states[VERDICT_MACHINE], rule.event))
            )
            if taken is None:
                break
            self._fired[(VERDICT_MACHINE, taken)] += 1
            states[VERDICT_MACHINE] = taken.target
        if states != self.states()[event.call]:
            raise AssertionError(
                f"verdict replay diverged: {states} != {self.states()[event.call]}"
            )


def _judge_records(case: Mapping[str, Any]) -> Iterator[Any]:
    records = case["input"]
    if case["from"] == "canonical":
        yield from (decode_canonical(r) for r in records)
        return
    raw = [orjson.dumps(r) + b"\n" for r in records]
    lines = read_muse(raw) if case["from"] == "muse" else read_records(raw, decode_event)
    for line in lines:
        if line.record is not None and not isinstance(line.record, UnknownEvent):
            yield line.record


def measure_judge(cases: Iterable[Mapping[str, Any]], into: Coverage | None = None) -> Coverage:
    """Replay judge cases and record the completion rows they take and the codes they expect."""
    coverage = into if into is not None else Coverage()
    table = completion_table()
    for case in cases:
        judge = _RecordingJudge(table, coverage.rows)
        for record in _judge_records(case):
            judge.apply(record)
        coverage.add_codes("judge", (p["code"] for p in case.get("problems", ())))
    return coverage


# ----------------------------------------------------------------- reading


def _files(root: Path, kind: str, level: str, suffixes: Sequence[str]) -> list[Path]:
    folder = root / kind / level
    return sorted(p for p in folder.glob("*") if p.suffix in suffixes and p.is_file())


def _envelope_codes(vector: Mapping[str, Any]) -> Iterator[str]:
    expected = vector.get("expected", {})
    for line in expected.get("lines", ()):
        if line.get("problem"):
            yield line["problem"]["code"]
    for output in expected.get("outputs", ()):
        yield from (p["code"] for p in output.get("problems", ()))


def _pairing_rules(case: Mapping[str, Any]) -> Iterator[str]:
    expected = case.get("expected", {})
    for key in ("violations", "unrepaired"):
        yield from (v["rule"] for v in expected.get(key, ()))


def measure(root: Path | None = None) -> Coverage:
    """Measure every vector of every kind and level under ``root`` (``spec/vectors``)."""
    root = root if root is not None else spec_dir() / "vectors"
    coverage = Coverage()
    for level in LEVELS:
        vectors = [
            v for p in _files(root, "reduce", level, (".json", ".jsonl")) for v in read_vectors(p)
        ]
        measure_reduce(vectors, coverage)
        coverage.count("reduce", level, len(vectors))
        cases = [c for p in _files(root, "judge", level, (".json",)) for c in _cases(p)]
        measure_judge(cases, coverage)
        coverage.count("judge", level, len(cases))
        envelopes = [
            json.loads(p.read_text("utf-8")) for p in _files(root, "envelope", level, (".json",))
        ]
        for vector in envelopes:
            coverage.add_codes("envelope", _envelope_codes(vector))
        coverage.count("envelope", level, len(envelopes))
        pairs = [c for p in _files(root, "pairing", level, (".json",)) for c in _cases(p)]
        for case in pairs:
            coverage.pairing_rules.update(_pairing_rules(case))
        coverage.count("pairing", level, len(pairs))
    return coverage


def _cases(path: Path) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))["cases"]
    return cases


# ----------------------------------------------------------------- report


def _share(covered: Iterable[str], total: Sequence[str]) -> dict[str, Any]:
    seen = set(covered)
    return {
        "covered": sum(1 for t in total if t in seen),
        "total": len(total),
        "missing": [t for t in total if t not in seen],
    }


def _machine_report(name: str, spec: MachineSpec, coverage: Coverage) -> dict[str, Any]:
    hits = {row_label(row): coverage.rows[(name, row)] for row in spec.rows}
    entry: dict[str, Any] = {
        "rows": _share((label for label, n in hits.items() if n), list(hits)),
        "hits": hits,
    }
    if name in COMPILED:
        cells = _rejection_cells(name)
        labels = {
            cell: f"{cell[0]} --{cell[1]}" + (" [no guard holds]" if guarded else "")
            for cell, guarded in cells.items()
        }
        covered = [labels[(s, e)] for (m, s, e) in coverage.rejections if m == name]
        entry["rejections"] = _share(covered, list(labels.values()))
    return entry


def report(coverage: Coverage) -> dict[str, Any]:
    """Return the coverage figures as the JSON of ``spec/vectors/coverage.json``."""
    machines = all_machines()
    per_machine = {name: _machine_report(name, spec, coverage) for name, spec in machines.items()}
    all_rows = [f"{name}: {label}" for name, m in per_machine.items() for label in m["hits"]]
    fired = [
        f"{name}: {label}" for name, m in per_machine.items() for label, n in m["hits"].items() if n
    ]
    actions = sorted({row.action for spec in machines.values() for row in spec.rows if row.action})
    ran = {row.action for (_, row), n in coverage.rows.items() if n and row.action}
    codes = [v["code"] for v in load_spec_json("violations.json")["violations"]]
    seen = set().union(*coverage.codes.values()) if coverage.codes else set()
    rules = list(load_spec_json("pairing_dialects.json")["rules"])
    return {
        "description": (
            "How much of the tables the shipped vectors exercise: rows fired (reduce vectors "
            "replayed for the reply machines, judge cases for the completion machines), "
            "rejection cells reached (a cell no valid stream reaches stays missing: another "
            "machine of the same event refuses first), actions run, codes expected per vector "
            "kind. Generated "
            "by python -m streamspec._coverage; --check fails when it is stale."
        ),
        "vectors": {
            kind: {lv: coverage.vectors.get(kind, Counter())[lv] for lv in LEVELS} for kind in KINDS
        },
        "rows": _share(fired, all_rows),
        "actions": _share(ran, actions),
        "codes": {
            **_share(seen, codes),
            "by_kind": {
                kind: sorted(coverage.codes.get(kind, ())) for kind in KINDS if kind != "pairing"
            },
        },
        "pairing_rules": _share(coverage.pairing_rules, rules),
        "machines": per_machine,
    }


_KIND_PAGES: Final = {
    "reduce": "the reply reducer: messages, diagnostics and states",
    "judge": "the completion judgement: a verdict per model call",
    "envelope": "the wire envelope: reading, replay, conversion, projection",
    "pairing": "outbound tool pairing: checks and repairs per upstream dialect",
}


def summary(figures: Mapping[str, Any]) -> str:
    """Return ``spec/vectors/README.md``: the kinds, their levels and the coverage figures."""
    lines = [
        "# Conformance vectors",
        "",
        "Generated by `python -m streamspec._coverage` from the vectors themselves; "
        "`--check` fails when it is stale. The rules are in [`../README.md`](../README.md); "
        "each kind's README is its runner algorithm. Levels: `must/` every conforming "
        "implementation passes, `should/` is recommended behaviour (skipping it needs a "
        "stated reason), `may/` covers optional features.",
        "",
        "| kind | what it pins | must | should | may |",
        "|---|---|---|---|---|",
    ]
    for kind, text in _KIND_PAGES.items():
        counts = figures["vectors"][kind]
        lines.append(
            f"| [{kind}]({kind}/README.md) | {text} | {counts['must']} | "
            f"{counts['should']} | {counts['may']} |"
        )
    rows, actions, codes = figures["rows"], figures["actions"], figures["codes"]
    rejections = [m["rejections"] for m in figures["machines"].values() if "rejections" in m]
    lines += [
        "",
        "## Coverage",
        "",
        f"- Transition rows fired: **{rows['covered']} of {rows['total']}** "
        "(every machine of `../machines/`).",
        f"- Illegal (state, input) cells reached: **{sum(r['covered'] for r in rejections)} of "
        f"{sum(r['total'] for r in rejections)}** (a cell stays unreached when another "
        "machine of the same event always refuses first).",
        f"- Actions run: **{actions['covered']} of {actions['total']}**.",
        f"- Diagnostic codes expected: **{codes['covered']} of {codes['total']}**.",
        f"- Pairing rules checked: **{figures['pairing_rules']['covered']} of "
        f"{figures['pairing_rules']['total']}**.",
        "",
        "The full figures, with every row's hit count and whatever is missing, are in "
        "[`coverage.json`](coverage.json).",
        "",
    ]
    missing = [*rows["missing"], *actions["missing"], *codes["missing"]]
    if missing:
        lines += ["Not yet exercised:", "", *(f"- `{m}`" for m in missing), ""]
    return "\n".join(lines)


def _render() -> dict[Path, str]:
    figures = report(measure())
    folder = spec_dir() / "vectors"
    return {folder / "coverage.json": dump_json(figures), folder / "README.md": summary(figures)}


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``spec/vectors/coverage.json``, or with ``--check`` report it stale and return 1."""
    return run_generator(_render, argv)


if __name__ == "__main__":
    sys.exit(main())
