"""Judge vectors: load a ``spec/vectors/judge`` file and run its cases.

A case states its input in one format (``muse`` records, ``agentscope``
events or ``canonical`` completion events, one JSON object per input line)
and the exact result: every verdict (all fields, key order) and every
problem a reader reports (``{line, code}``, in line order). Loading reports
every malformed case at once, each with its JSON path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

import orjson

from streamspec import _json_exact
from streamspec._codec import decode_event
from streamspec._errors import DecodeError, SpecError
from streamspec._events import UnknownEvent
from streamspec._jsonl import Line, read_records
from streamspec.completion._canonical import decode_canonical
from streamspec.completion._judge import Judge
from streamspec.sources._muse import read_muse
from streamspec.sources._read import judge_lines, read_events

__all__ = [
    "FORMATS",
    "LEVELS",
    "PROVIDER_FORMATS",
    "iter_vector_files",
    "load_vector_file",
    "run_case",
]

#: The provider formats (``spec/sources/<name>.json``); their input may hold the string ``[DONE]``.
PROVIDER_FORMATS: Final = ("openai_chat", "openai_responses", "anthropic", "agui", "vercel_ui")
#: The input formats a case may use.
FORMATS: Final = ("muse", "agentscope", "canonical", *PROVIDER_FORMATS)
_DONE: Final = "[DONE]"
#: The conformance levels, one folder each.
LEVELS: Final = ("must", "should", "may")
_CASE_KEYS: Final = {
    "id",
    "description",
    "ref",
    "from",
    "input",
    "expected",
    "problems",
    "seed_expected",
    "tags",
}


def load_vector_file(path: Path) -> dict[str, Any]:
    """Read and check one vector file.

    Raises:
        SpecError: listing every problem with its JSON path.
    """
    document = _json_exact.loads(path.read_bytes())
    problems: list[str] = []
    cases = document.get("cases") if isinstance(document, dict) else None
    if not isinstance(cases, list) or not cases:
        raise SpecError(
            f"invalid vector file {path.name}", ["expected a non-empty array 'cases' @ $.cases"]
        )
    ids: set[str] = set()
    for index, case in enumerate(cases):
        here = f"$.cases[{index}]"
        if not isinstance(case, dict):
            problems.append(f"a case is an object @ {here}")
            continue
        for key in sorted(set(case) - _CASE_KEYS):
            problems.append(f"unknown key @ {here}.{key}")
        for key in ("id", "description", "from", "input", "expected"):
            if key not in case:
                problems.append(f"required field missing @ {here}.{key}")
        if case.get("from") not in FORMATS:
            problems.append(f"from must be one of {list(FORMATS)} @ {here}.from")
        if case.get("id") in ids:
            problems.append(f"duplicate id {case.get('id')!r} @ {here}.id")
        ids.add(str(case.get("id")))
        if not isinstance(case.get("input"), list):
            problems.append(f"expected array @ {here}.input")
        if not isinstance(case.get("expected"), list):
            problems.append(f"expected array @ {here}.expected")
    if problems:
        raise SpecError(f"invalid vector file {path.name}", problems)
    return document  # type: ignore[no-any-return]


def iter_vector_files(root: Path) -> Iterator[tuple[str, Path]]:
    """Yield ``(level, path)`` for every vector file under ``root``, sorted."""
    for level in LEVELS:
        for path in sorted((root / level).glob("*.json")):
            yield level, path


def _canonical_lines(records: list[Mapping[str, Any]]) -> Iterator[Line]:
    for number, record in enumerate(records, start=1):
        try:
            yield Line(number=number, record=decode_canonical(record))
        except DecodeError as error:
            raise SpecError(
                "invalid canonical event", [f"{p} (input line {number})" for p in error.problems]
            ) from None


def run_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """Run one case; return ``{"verdicts": [...], "problems": [{line, code}]}``."""
    records = case["input"]
    raw = [b"[DONE]\n" if r == _DONE else orjson.dumps(r) + b"\n" for r in records]
    if case["from"] in PROVIDER_FORMATS:
        lines: Iterator[Line] = judge_lines(read_events(raw, case["from"]), case["from"])
    elif case["from"] == "muse":
        lines = read_muse(raw)
    elif case["from"] == "agentscope":
        lines = read_records(raw, decode_event)
    else:
        lines = _canonical_lines(records)
    j = Judge()
    problems = []
    for line in lines:
        if line.problem is not None:
            problems.append({"line": line.number, "code": line.problem.code})
        event = line.event
        if isinstance(event, UnknownEvent):
            problems.append({"line": line.number, "code": "unknown_event_type"})
        elif event is not None:
            j.apply(event)
    return {"verdicts": [v.to_dict() for v in j.verdicts()], "problems": problems}
