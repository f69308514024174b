"""Conformance vectors for the reply reducer, generated from curated streams.

Each vector under ``spec/vectors/reduce/<level>/`` holds AgentScope JSON
events, the reducer options, and what a conforming implementation must
produce: the final ``Msg.model_dump()``, every diagnostic (code, severity,
index, item, machine, state, event, key, details) including the end-of-input
ones, every instance's final machine state, in strict mode the diagnostic
raised, and on some the dump after every event (``spec/vectors/reduce/README.md``).
``python -m streamspec.reply._reduce_vectors [--check]`` writes them (``--check``:
exit 1 naming each stale file).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from streamspec import _json_exact
from streamspec._codec import decode_event
from streamspec._diagnostics import Diagnostic
from streamspec._errors import DecodeError, ProtocolError
from streamspec._generated import dump_json, run_generator
from streamspec._resources import example_path, spec_dir
from streamspec.reply._reduce_cases import CASES
from streamspec.reply._reducer import Reducer

__all__ = ["CASES", "build_vector", "compared", "expected_of", "main"]


def expected_of(
    events: Sequence[dict[str, Any]], options: dict[str, Any], each: bool
) -> dict[str, Any]:
    """Return what the reference reducer makes of ``events``: a vector's ``expected``.

    An object that is not a valid event is counted as ``unreadable_line``. In
    strict mode the fold stops at the first error, which becomes ``raised``, and
    the end of input is never marked.
    """
    reducer = Reducer(**options)
    dumps = []
    raised: Diagnostic | None = None
    for obj in events:
        try:
            try:
                event = decode_event(dict(obj))
            except DecodeError as error:
                reducer.reject_unreadable(error.paths, str(error))
            else:
                reducer.apply(event)
        except ProtocolError as error:
            raised = error.diagnostic
            break
        dumps.append(reducer.to_dict())
    if raised is None:
        reducer.finish()
    expected: dict[str, Any] = {
        "message": reducer.to_dict(),
        "diagnostics": [compared(d) for d in reducer.diagnostics],
        "states": reducer.states(),
    }
    if raised is not None:
        expected["raised"] = compared(raised)
    if each:
        expected["after_each"] = dumps
    return expected


def compared(diagnostic: Diagnostic) -> dict[str, Any]:
    """Return the fields of a diagnostic that a runner compares (no message, no allowed)."""
    return {k: v for k, v in diagnostic.to_dict().items() if k not in ("message", "allowed")}


def _seed000() -> dict[str, Any]:
    lines = example_path("seed000.agentscope.jsonl").read_bytes().splitlines()
    events = [_json_exact.loads(line) for line in lines]
    options = {
        "reply_id": "reply_001",
        "name": "TestAgent",
        "role": "assistant",
        "created_at": "2026-01-01T11:59:00",
    }
    return {
        "description": "Seed 000's stream: the message after every event, exactly.",
        "options": options,
        "events": events,
        "expected": expected_of(events, options, each=True),
    }


def build_vector(name: str) -> dict[str, Any]:
    """Return the vector called ``name`` (``seed000`` or a key of :data:`CASES`)."""
    if name == "seed000":
        return _seed000()
    case = CASES[name]
    vector: dict[str, Any] = {"description": case.description}
    if case.tags:
        vector["tags"] = list(case.tags)
    vector["options"] = case.options
    vector["events"] = case.events
    vector["expected"] = expected_of(case.events, case.options, each=case.each)
    return vector


def _files() -> dict[Path, str]:
    folder = spec_dir() / "vectors" / "reduce"
    files = {}
    schema = "../../../schema/reduce_vector.schema.json"
    levels = {"seed000": "must"} | {name: case.level for name, case in CASES.items()}
    for name, level in levels.items():
        vector = {"$schema": schema, **build_vector(name)}
        files[folder / level / f"{name}.json"] = dump_json(vector)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Write the vectors, or with ``--check`` name the stale ones and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
