"""The divergence matrix: every vector against the reference and real AgentScope.

Two steps, so that the suite's ``--check`` stays fast and needs no AgentScope
2.0.3:

1. ``python -m streamspec.conform._divergences --refresh --agentscope-203 PY``
   runs every vector through the reference (in process) and through
   ``streamspec.adapters.agentscope`` under this interpreter (AgentScope
   2.0.11) and under ``PY`` (AgentScope 2.0.3, the adapter run as a script),
   with :class:`~streamspec.conform._program.Program` and
   :func:`~streamspec.conform._compare.compare`, and records every outcome
   other than a pass in ``docs/divergences.json`` with a digest of the vector
   set (about 10 s).
2. ``python -m streamspec.conform._divergences [--check]`` renders
   ``docs/divergences.md`` from that record and the current vectors. When the
   vectors changed since the record, the page says so, so ``--check`` fails
   until the record is refreshed.

A divergence **class** is the first differing path with array indexes as
``[*]`` (or, for ``errored``, the message with numbers as ``N``). Its example
is its smallest vector: fewest events, then shortest JSON, then id; the page
shows the error codes the reference reports on it (what streamspec rejected
and the other implementation may have applied). ``DOCUMENTED`` (by path or
message) and then ``CODE_ROWS`` (by the example's one error code) map a class
to the row of ``docs/differences-agentscope.md`` that explains it; rendering
fails when a named row is not in that page.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from streamspec._errors import UsageError
from streamspec._generated import run_generator
from streamspec.conform._compare import MISSING, compare
from streamspec.conform._program import Program, Result, Skipped
from streamspec.conform._reference import ALL_CHECKS, ALL_KINDS, reference_output
from streamspec.conform._vectors import VectorCase, load_cases, request_case

__all__ = ["CODE_ROWS", "DOCUMENTED", "main", "read_record", "record", "render", "write_record"]

ROOT: Final = Path(__file__).resolve().parents[3]
RECORD: Final = ROOT / "docs" / "divergences.jsonl"
PAGE: Final = ROOT / "docs" / "divergences.md"
DIFFERENCES: Final = ROOT / "docs" / "differences-agentscope.md"
REFERENCE: Final = "reference"
COLUMNS: Final = (REFERENCE, "agentscope-2.0.11", "agentscope-2.0.3")
OUTCOMES: Final = ("pass", "differs", "errored", "skipped")

_POST_203: Final = "`REPLY_END.finished_reason` and `error`, usage cache counts"
#: (column prefix, class key pattern, section of differences-agentscope.md, the row's first cell).
DOCUMENTED: Final[tuple[tuple[str, str, str, str], ...]] = (
    (
        "agentscope",
        r"errored AttributeError: 'CustomEvent'",
        "agentscope-203",
        "Any `CUSTOM` event",
    ),
    (
        "agentscope",
        r"errored .*(padding|base64)",
        "content",
        'Data-block base64 chunk that does not decode (`"x"`, unpadded `"YQ"`, `"iVBOR=="`)',
    ),
    (
        "agentscope",
        r"errored AttributeError: 'URLSource'",
        "content",
        "Data-block base64 after a URL",
    ),
    ("agentscope", r"\.hint\[\*\]\.id$", "content", "Ids of hint items"),
    ("agentscope", r"skipped AgentScope has no strict mode", "ordering", "Strict mode"),
    ("agentscope", r"\.url$", "content", "A valid URL"),
    (
        "agentscope-2.0.3",
        r"\.finished_reason$",
        "agentscope-203",
        _POST_203,
    ),
    (
        "agentscope-2.0.3",
        r"\.usage\.cache_",
        "agentscope-203",
        _POST_203,
    ),
    ("agentscope-2.0.3", r"content\[\*\]\.name$", "agentscope-203", "`DATA_BLOCK_START.name`"),
    ("agentscope-2.0.3", r"\.error$", "agentscope-203", _POST_203),
)
_ORDERING: Final = "ordering"
#: (column prefix, reference error code) -> (section, the row's first cell).
CODE_ROWS: Final[Mapping[tuple[str, str], tuple[str, str]]] = {
    ("agentscope", "duplicate_start"): (
        _ORDERING,
        "A second start with the same id (text, thinking or data block, tool call, tool result)",
    ),
    ("agentscope", "delta_after_end"): (
        _ORDERING,
        "A delta after the block, tool-call input or tool result ended",
    ),
    ("agentscope", "duplicate_end"): (_ORDERING, "A second end"),
    ("agentscope", "after_reply_end"): (_ORDERING, "Any event after `REPLY_END`"),
    ("agentscope", "unknown_block"): (_ORDERING, "A delta or end for a block that never started"),
    ("agentscope", "unknown_tool_call"): (
        _ORDERING,
        "A tool result (start or end) for an unknown call",
    ),
    ("agentscope", "input_still_streaming"): (
        _ORDERING,
        "A tool result for a call whose input is still streaming",
    ),
    ("agentscope", "duplicate_result"): (_ORDERING, "A second result for one call"),
    ("agentscope", "not_submitted"): (
        _ORDERING,
        "`EXTERNAL_EXECUTION_RESULT` for an unknown call, or one that was not submitted",
    ),
    ("agentscope", "invalid_result_state"): (
        _ORDERING,
        "`TOOL_RESULT_END` with `state=running` (or any non-final outcome)",
    ),
    ("agentscope", "duplicate_batch_item"): (_ORDERING, "A batch event naming one call twice"),
    ("agentscope", "mixed_data_source"): ("content", "Data-block URL after base64 data"),
    ("agentscope", "invalid_base64"): (
        "content",
        'Data-block base64 chunk that does not decode (`"x"`, unpadded `"YQ"`, `"iVBOR=="`)',
    ),
    ("agentscope-2.0.11", "confirm_not_asked"): (
        _ORDERING,
        "`USER_CONFIRM_RESULT` for a call that is not `asking`",
    ),
    ("agentscope-2.0.3", "confirm_not_asked"): (
        "agentscope-203",
        "`USER_CONFIRM_RESULT` for a call that is not `asking`",
    ),
}


def _digest(cases: Sequence[VectorCase]) -> str:
    text = json.dumps([[c.id, c.case] for c in cases], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _outcome(
    vector: VectorCase, output: Mapping[str, Any], checks: Sequence[str]
) -> dict[str, Any]:
    comparison = compare(vector.kind, vector.case, output, checks)
    if comparison.passed:
        return {"outcome": "pass"}
    first = comparison.differences[0]
    return {
        "outcome": "differs",
        "path": first.path,
        "expected": _short(first.expected),
        "actual": _short(first.actual),
    }


def _run_program(
    command: Sequence[str], cases: Sequence[VectorCase]
) -> tuple[dict[str, Any], dict[str, Any]]:
    outcomes: dict[str, Any] = {}
    with Program(command) as program:
        ready = program.start(ALL_KINDS, ALL_CHECKS)
        for vector in cases:
            if vector.kind not in ready.kinds:
                continue
            answer = program.run(
                vector.kind, request_case(vector.case), after_each=vector.after_each
            )
            if isinstance(answer, Result):
                found = _outcome(vector, answer.output, ready.checks)
            elif isinstance(answer, Skipped):
                found = {"outcome": "skipped", "reason": answer.reason}
            else:
                found = {"outcome": "errored", "message": answer.message}
            if found["outcome"] != "pass":
                outcomes[vector.id] = found
    return {**ready.implementation, "kinds": list(ready.kinds)}, outcomes


def record(python_203: str) -> dict[str, Any]:
    """Run every shipped vector through the three implementations; return the record."""
    cases = list(load_cases())
    reference: dict[str, Any] = {}
    for vector in cases:
        output = reference_output(
            vector.kind, request_case(vector.case), after_each=vector.after_each
        )
        found = _outcome(vector, output, ALL_CHECKS)
        if found["outcome"] != "pass":
            reference[vector.id] = found
    spec = importlib.util.find_spec("streamspec.adapters.agentscope")
    assert spec is not None and spec.origin is not None
    commands = {
        "agentscope-2.0.11": [sys.executable, "-m", "streamspec.adapters.agentscope"],
        "agentscope-2.0.3": [python_203, spec.origin],
    }
    implementations: dict[str, Any] = {
        REFERENCE: {"name": "streamspec", "language": "python", "kinds": list(ALL_KINDS)}
    }
    outcomes = {REFERENCE: reference}
    for column, command in commands.items():
        implementations[column], outcomes[column] = _run_program(command, cases)
    return {"vectors": _digest(cases), "implementations": implementations, "outcomes": outcomes}


def _codes(vector: VectorCase) -> tuple[str, ...]:
    expected = vector.case.get("expected")
    diagnostics = expected.get("diagnostics", []) if isinstance(expected, Mapping) else []
    return tuple(sorted({d["code"] for d in diagnostics if d.get("severity") == "error"}))


def write_record(recorded: Mapping[str, Any]) -> None:
    """Write the record as JSON lines: the header, then one line per outcome other than a pass."""
    header = {k: recorded[k] for k in ("vectors", "implementations")}
    lines = [json.dumps(header, ensure_ascii=False, sort_keys=True)]
    for column in COLUMNS:
        for case_id, found in recorded["outcomes"][column].items():
            entry = {"column": column, "id": case_id, **found}
            lines.append(json.dumps(entry, ensure_ascii=False, sort_keys=True))
    RECORD.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_record() -> dict[str, Any]:
    """Read the record that :func:`write_record` wrote."""
    header, *entries = (json.loads(line) for line in RECORD.read_text("utf-8").splitlines())
    outcomes: dict[str, dict[str, Any]] = {column: {} for column in COLUMNS}
    for entry in entries:
        column, case_id = entry.pop("column"), entry.pop("id")
        outcomes[column][case_id] = entry
    return {**header, "outcomes": outcomes}


def _class_of(found: Mapping[str, Any]) -> str:
    if found["outcome"] == "differs":
        return "differs " + re.sub(r"\[\d+\]", "[*]", found["path"])
    if found["outcome"] == "errored":
        return "errored " + re.sub(r"\d+", "N", found["message"])
    return f"skipped {found['reason']}"


def _anchor_rows() -> dict[str, set[str]]:
    """The first cell of each table row of the differences page, by its section's anchor."""
    rows: dict[str, set[str]] = {}
    for part in DIFFERENCES.read_text(encoding="utf-8").split("\n## ")[1:]:
        heading, _, body = part.partition("\n")
        anchor = re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")
        rows[anchor] = {
            line[2:].split(" | ")[0] for line in body.splitlines() if line.startswith("| ")
        }
    return rows


def _link(rows: Mapping[str, set[str]], section: str, situation: str) -> str:
    if situation not in rows.get(section, set()):
        raise UsageError(f"differences-agentscope.md has no row {situation!r} in #{section}")
    return f"[{situation}](differences-agentscope.md#{section})"


def _documented(column: str, key: str, codes: tuple[str, ...]) -> str:
    rows = _anchor_rows()
    for prefix, pattern, section, situation in DOCUMENTED:
        if column.startswith(prefix) and re.search(pattern, key):
            return _link(rows, section, situation)
    if len(codes) == 1:
        for (prefix, code), (section, situation) in CODE_ROWS.items():
            if column.startswith(prefix) and code == codes[0]:
                return _link(rows, section, situation)
    return "not documented"


def _types(vector: VectorCase) -> set[str]:
    events = vector.case.get("events", [])
    return {str(e.get("type")) for e in events if isinstance(e, dict)}


def _size(vector: VectorCase) -> tuple[int, int, str]:
    events = vector.case.get("events", vector.case.get("input", []))
    length = len(events) if isinstance(events, list) else 1
    return (length, len(json.dumps(vector.case, ensure_ascii=False)), vector.id)


def _short(value: Any, limit: int = 60) -> str:
    """The value as short Markdown code: compact JSON, cut at ``limit`` characters."""
    text = "(absent)" if value is MISSING else json.dumps(value, ensure_ascii=False)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`"


def _matrix(
    cases: Sequence[VectorCase],
    implementations: Mapping[str, Mapping[str, Any]],
    outcomes: Mapping[str, Mapping[str, Any]],
) -> list[str]:
    groups: dict[str, list[VectorCase]] = defaultdict(list)
    for vector in cases:
        groups[f"{vector.kind} / {vector.level}"].append(vector)
        for tag in vector.tags:
            groups[f"tag `{tag}`"].append(vector)
        groups["all"].append(vector)
    lines = [
        "| vectors | cases | " + " | ".join(COLUMNS) + " |",
        "|---|---|" + "---|" * len(COLUMNS),
    ]
    for name, members in sorted(groups.items(), key=lambda kv: (kv[0] == "all", kv[0])):
        cells = []
        for column in COLUMNS:
            kinds = implementations[column]["kinds"]
            counts = Counter(
                outcomes[column].get(v.id, {"outcome": "pass"})["outcome"]
                if v.kind in kinds
                else "skipped"
                for v in members
            )
            cells.append(" / ".join(str(counts[o]) for o in OUTCOMES))
        lines.append(f"| {name} | {len(members)} | " + " | ".join(cells) + " |")
    return lines


def _classes(
    column: str, cases: Mapping[str, VectorCase], outcomes: Mapping[str, Any]
) -> list[str]:
    members: dict[str, list[str]] = defaultdict(list)
    for case_id, found in outcomes.items():
        offered = found["outcome"] != "skipped" or not found["reason"].startswith(
            "the implementation did not"
        )
        if offered:
            members[_class_of(found)].append(case_id)
    lines = [f"### {column}", ""]
    if not members:
        return [*lines, "No divergence.", ""]
    lines += [
        "| class | cases | event types in every case | smallest case"
        " | its reference errors | expected → actual | documented |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, ids in sorted(members.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        vectors = [cases[i] for i in ids]
        smallest = min(vectors, key=_size)
        codes = _codes(smallest)
        common = set.intersection(*(_types(v) for v in vectors))
        found = outcomes[smallest.id]
        shown = f"{found['expected']} → {found['actual']}" if found["outcome"] == "differs" else ""
        kind, _, rest = key.partition(" ")
        lines.append(
            f"| {kind} `{rest}` | {len(ids)} | {', '.join(sorted(common)) or '—'} "
            f"| `{smallest.id}` | {', '.join(codes) or '—'} | {shown} "
            f"| {_documented(column, key, codes)} |"
        )
    return [*lines, ""]


def render() -> str:
    """Return ``docs/divergences.md`` from the record and the current vectors."""
    recorded = read_record()
    cases = list(load_cases())
    by_id = {c.id: c for c in cases}
    outcomes = recorded["outcomes"]
    versions = ", ".join(
        f"{column}: {info['name']} {info.get('version', '')}".rstrip()
        for column, info in recorded["implementations"].items()
    )
    lines = [
        "# Divergences",
        "",
        "Generated by `python -m streamspec.conform._divergences` from the record",
        "`divergences.jsonl`, which `--refresh --agentscope-203 PYTHON` rewrites by running",
        "every vector through the reference and, through `streamspec.adapters.agentscope`,",
        "real AgentScope 2.0.11 and 2.0.3 (reduce only, the message check only; the",
        "adapter's normalisations are listed in its module docstring).",
        "",
        f"Implementations: {versions}.",
        "",
    ]
    if recorded["vectors"] != _digest(cases):
        lines += ["**Stale: the vectors changed since the record; refresh it.**", ""]
    lines += [
        "## Matrix",
        "",
        "Each cell: pass / differs / errored / skipped.",
        "",
        *_matrix(cases, recorded["implementations"], outcomes),
        "",
        "## Divergence classes",
        "",
        "A class is the first differing path (array indexes as `[*]`), or the error",
        "message. Kinds an implementation does not offer are left out.",
        "",
    ]
    for column in COLUMNS:
        present = {k: v for k, v in outcomes[column].items() if k in by_id}
        lines += _classes(column, by_id, present)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Refresh the record (``--refresh --agentscope-203 PY``), then write or check the page."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--refresh", action="store_true")
    parser.add_argument("--agentscope-203", metavar="PYTHON")
    known, rest = parser.parse_known_args(argv)
    if known.refresh:
        if known.agentscope_203 is None:
            parser.error("--refresh needs --agentscope-203 PYTHON (an interpreter with 2.0.3)")
        write_record(record(known.agentscope_203))
    return run_generator(lambda: {PAGE: render()}, rest)


if __name__ == "__main__":
    sys.exit(main())
