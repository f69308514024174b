"""The generated reduce corpus: streams walked from the machine tables.

``python -m streamspec.reply._reduce_corpus [--check]`` writes JSON Lines files under
``spec/vectors/reduce/must/``, one vector a line with the fields of a ``.json``
reduce vector (``description``, ``options``, ``events``, ``expected``) plus a
``name`` unique across the corpus:

- ``generated-cells.jsonl``: one stream per cell one reply, one block or one
  tool call can reach. A breadth-first walk over the accepted events (the
  tables decide) reaches each configuration by a shortest prefix; every
  candidate event is tried from it, and a stream is kept when the routes it
  judges, their outcomes and codes, form a signature not seen before.
- ``generated-legal.jsonl``: legal interleavings of several blocks, tool
  calls (confirmed, denied, handed out for external execution, streamed
  results with text and data chunks) and model calls; with or without
  REPLY_START and REPLY_END (a parked reply).
- ``generated-mixed.jsonl``: the same walks with a quarter of the events
  illegal, each time the candidate whose code is least used in the file so
  far; some streams go on after REPLY_END.
- ``generated-illegal.jsonl``: mostly illegal streams.

Rules:

1. A candidate event is judged by :class:`~streamspec.reply._reduce_corpus_model.Model`
   from the tables. ``expected`` comes from the reference reducer
   (:func:`~streamspec.reply._reduce_vectors.expected_of`); generation stops with a
   :class:`~streamspec.SpecError` when the reducer rejects other events or
   items than the tables predict, with other codes, or ends in other states.
2. Deterministic: each stream draws from ``random.Random(seed * 100_003 +
   index)`` with a constant seed per file; no set is iterated.
3. Every event is AgentScope 2.0.11 wire JSON, except the unknown-type ones.
   Optional keys (``id``, ``metadata``, ``created_at``) appear rarely.
4. One stream in ten also pins the message after every event (``after_each``).
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from streamspec._errors import SpecError
from streamspec._generated import run_generator
from streamspec._resources import spec_dir
from streamspec.reply._reduce_corpus_model import Model
from streamspec.reply._reduce_corpus_walks import R, cells, draw_walk
from streamspec.reply._reduce_vectors import expected_of

__all__ = ["FILES", "build_corpus", "checked_vector", "main", "read_vectors"]

FILES: Final[Mapping[str, tuple[int, int]]] = {
    "generated-cells.jsonl": (0, 0),
    "generated-legal.jsonl": (1, 340),
    "generated-mixed.jsonl": (2, 340),
    "generated-illegal.jsonl": (3, 200),
}


def _describe(family: str, events: Sequence[Mapping[str, Any]], codes: list[str]) -> str:
    types = Counter(str(e.get("type")) for e in events)
    parts = [
        f"{types[t]} {label}"
        for t, label in (
            ("TEXT_BLOCK_START", "text"),
            ("THINKING_BLOCK_START", "thinking"),
            ("DATA_BLOCK_START", "data"),
            ("HINT_BLOCK", "hint"),
            ("TOOL_CALL_START", "tool call"),
            ("USER_CONFIRM_RESULT", "confirmation"),
            ("EXTERNAL_EXECUTION_RESULT", "external result"),
            ("TOOL_RESULT_START", "streamed result"),
            ("MODEL_CALL_END", "model call end"),
        )
        if types[t]
    ]
    ending = "REPLY_END present" if types["REPLY_END"] else "no REPLY_END (parked)"
    rejected = Counter(codes)
    found = ", ".join(f"{c} x{n}" for c, n in sorted(rejected.items())) or "none"
    article = "An" if family[0] in "aeiou" else "A"
    return (
        f"{article} {family} stream of {len(events)} events "
        f"({', '.join(parts) or 'reply events only'}); {ending}; rejected: {found}."
    )


def checked_vector(
    name: str,
    description: str,
    options: dict[str, Any],
    events: list[dict[str, Any]],
    predicted: list[tuple[int | None, int | None, str]],
    model: Model,
    each: bool,
) -> dict[str, Any]:
    """Return a vector with the reference reducer's ``expected``, checked against the tables.

    ``predicted`` holds ``(index, item, code)`` of every rejection the tables
    foresee; ``model`` is the table model after the last event (its open
    instances give the end-of-input codes).

    Raises:
        SpecError: the reducer's diagnostics or final states differ from the tables'.
    """
    expected = expected_of(events, options, each)
    predicted = predicted + [(None, None, code) for _, code in model.at_end()]
    got = [(d["index"], d["item"], d["code"]) for d in expected["diagnostics"]]
    problems = []
    if got != predicted:
        problems.append(f"the reducer reported {got}, the tables predict {predicted} @ {name}")
    if expected["states"] != model.snapshot():
        problems.append(
            f"the reducer ended in {expected['states']}, the tables in {model.snapshot()} @ {name}"
        )
    if problems:
        raise SpecError("the reducer and the tables disagree", problems)
    return {
        "name": name,
        "description": description,
        "options": options,
        "events": events,
        "expected": expected,
    }


def _cell_vectors() -> list[dict[str, Any]]:
    vectors = []
    for number, (cell, text) in enumerate(cells()):
        events = copy.deepcopy(cell)
        model = Model(R)
        predicted: list[tuple[int | None, int | None, str]] = []
        for index, event in enumerate(events):
            outcome = model.judge(event)
            predicted.extend((index, item, code) for item, code in outcome.rejections)
            model.commit(outcome)
        name = f"cell-{number:03d}"
        options = {"reply_id": R}
        vectors.append(
            checked_vector(name, text, options, events, predicted, model, number % 10 == 0)
        )
    return vectors


def _walk_vectors(file: str, family: str) -> list[dict[str, Any]]:
    seed, count = FILES[file]
    usage: Counter[str] = Counter()
    vectors = []
    for index in range(count):
        each = index % 10 == 0
        walk = draw_walk(family, random.Random(seed * 100_003 + index), usage, short=each)
        codes = [code for _, _, code in walk.predicted]
        vectors.append(
            checked_vector(
                f"{family}-{index:03d}",
                _describe(family, walk.events, codes),
                walk.options,
                walk.events,
                walk.predicted,
                walk.model,
                each=each,
            )
        )
    return vectors


def build_corpus() -> dict[str, list[dict[str, Any]]]:
    """Return every generated vector, by file name."""
    builders: dict[str, Callable[[], list[dict[str, Any]]]] = {
        "generated-cells.jsonl": _cell_vectors,
        "generated-legal.jsonl": lambda: _walk_vectors("generated-legal.jsonl", "legal"),
        "generated-mixed.jsonl": lambda: _walk_vectors("generated-mixed.jsonl", "mixed"),
        "generated-illegal.jsonl": lambda: _walk_vectors("generated-illegal.jsonl", "illegal"),
    }
    return {name: build() for name, build in builders.items()}


def _line(vector: Mapping[str, Any]) -> str:
    return json.dumps(vector, ensure_ascii=False, separators=(",", ":")) + "\n"


def read_vectors(path: Path) -> list[dict[str, Any]]:
    """Read a reduce vector file: a ``.json`` vector (its ``$schema`` dropped) or JSON Lines."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    vector = json.loads(text)
    vector.pop("$schema", None)
    return [vector]


def _files() -> dict[Path, str]:
    folder = spec_dir() / "vectors" / "reduce" / "must"
    corpus = build_corpus()
    return {folder / name: "".join(map(_line, vectors)) for name, vectors in corpus.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """Write the corpus, or with ``--check`` name the stale files and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
