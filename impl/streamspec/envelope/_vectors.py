"""Conformance vectors for reading the envelope and its sources, and for the projection.

Two kinds of vector live under ``spec/vectors/envelope/must/``:

- ``read``: raw input lines and a ``--from`` source; expected, per output
  line, its number, the record written back as an envelope (``null`` when the
  line has none) and its problem (code and exact message, or ``null``); and,
  for reply streams, the message the records fold to.
- ``projection``: one envelope and its ``AgentEventProjectionV1``.

The expected values come from the reference implementation;
``python -m streamspec.envelope._vectors [--check]`` writes (or checks) them.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import orjson

from streamspec._completion_events import CompletionEvent
from streamspec._generated import dump_json, run_generator
from streamspec._reducer import Reducer
from streamspec._resources import spec_dir
from streamspec.envelope._convert import to_envelope
from streamspec.envelope._envelope import decode_envelope
from streamspec.envelope._formats import read_events
from streamspec.envelope._projection import project

__all__ = ["PROJECTIONS", "READS", "build_vector", "main"]


def _env(type_: str, payload: dict[str, Any], **metadata: Any) -> str:
    envelope: dict[str, Any] = {"version": 1, "type": type_, "payload": payload}
    if metadata:
        envelope["metadata"] = metadata
    return orjson.dumps(envelope).decode()


def _text(seq: int, delta: str) -> str:
    payload = {"reply_id": "r1", "block_id": "b", "delta": delta}
    return _env("text_block_delta", payload, run_id="run", sequence=seq)


#: ``name -> (description, source, input lines)``.
READS: Final[dict[str, tuple[str, str, list[str]]]] = {
    "unknown-type-round-trip": (
        "An unknown type keeps its payload and metadata and is written back unchanged.",
        "envelope",
        [
            _env("future.event", {"k": [1, {"x": None}]}, run_id="r", sequence=1, extra=True),
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}),
        ],
    ),
    "unsupported-version": (
        "Any version but 1 is rejected with the seed's words; the next line is still read.",
        "auto",
        [
            '{"version":2,"type":"text_block_start","payload":{}}',
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}),
        ],
    ),
    "replay": (
        "A replayed (run_id, sequence) is skipped with a warning; a gap and a regression warn.",
        "envelope",
        [
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=1),
            _text(2, "a"),
            _text(2, "a"),
            _text(5, "b"),
            _text(4, "c"),
            _env("text_block_end", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=6),
        ],
    ),
    "agentscope-lines": (
        "AgentScope JSON lines read as events and written as envelopes, id and metadata kept.",
        "auto",
        [
            '{"id":"e1","created_at":"t1","metadata":{},"type":"TEXT_BLOCK_START",'
            '"reply_id":"r1","block_id":"b"}',
            '{"id":"e2","created_at":"t2","metadata":{"k":1},"type":"TEXT_BLOCK_DELTA",'
            '"reply_id":"r1","block_id":"b","delta":"hi","visibility":"user"}',
            "not json",
        ],
    ),
    "a3s-turn": (
        "An a3s turn with text and a tool call becomes reply events and the turn's evidence.",
        "a3s",
        [
            _env("turn_start", {"turn": 1}, run_id="run", sequence=1),
            _env("text_delta", {"text": "Listing."}, run_id="run", sequence=2),
            _env("tool_start", {"id": "c", "name": "bash"}, run_id="run", sequence=3),
            _env(
                "tool_input_delta", {"id": "c", "delta": '{"cmd":"ls"}'}, run_id="run", sequence=4
            ),
            _env(
                "tool_end",
                {"id": "c", "name": "bash", "output": "a.txt", "exit_code": 0},
                run_id="run",
                sequence=5,
            ),
            _env(
                "turn_end",
                {
                    "turn": 1,
                    "usage": {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7},
                },
                run_id="run",
                sequence=6,
            ),
        ],
    ),
}

#: ``name -> (description, envelope)``.
PROJECTIONS: Final[dict[str, tuple[str, dict[str, Any]]]] = {
    "projection-a3s-tool-end": (
        "An a3s tool_end projects its id, name, output and exit code.",
        {
            "version": 1,
            "type": "tool_end",
            "payload": {"id": "c", "name": "bash", "output": "ok", "exit_code": 0},
        },
    ),
    "projection-text-delta": (
        "A streamspec text delta projects its text and keeps data_json.",
        {
            "version": 1,
            "type": "text_block_delta",
            "payload": {"reply_id": "r1", "block_id": "b", "delta": "hi"},
            "metadata": {"run_id": "run", "sequence": 7},
        },
    ),
    "projection-model-call-end": (
        "A model call end projects total_tokens as input plus output tokens.",
        {
            "version": 1,
            "type": "model_call_end",
            "payload": {"reply_id": "r1", "input_tokens": 3, "output_tokens": 4},
        },
    ),
}


def _read_vector(description: str, source: str, lines: list[str]) -> dict[str, Any]:
    read = list(read_events([line.encode() + b"\n" for line in lines], source))
    out = []
    for line in read:
        problem = line.problem
        out.append(
            {
                "line": line.number,
                "envelope": to_envelope(line.record) if line.record is not None else None,
                "problem": None
                if problem is None
                else {"code": problem.code, "message": problem.message},
            }
        )
    reducer = Reducer()
    folded = False
    for line in read:
        event = line.event
        if event is not None and not isinstance(event, CompletionEvent):
            reducer.apply(event)
            folded = True
    return {
        "kind": "read",
        "description": description,
        "source": source,
        "input": lines,
        "expected": {"lines": out, "message": reducer.to_dict() if folded else None},
    }


def build_vector(name: str) -> dict[str, Any]:
    """Return the vector called ``name`` (a key of :data:`READS` or :data:`PROJECTIONS`)."""
    if name in READS:
        return _read_vector(*READS[name])
    description, envelope = PROJECTIONS[name]
    projection = attrs.asdict(project(decode_envelope(envelope)))
    return {
        "kind": "projection",
        "description": description,
        "envelope": envelope,
        "expected": projection,
    }


def _files() -> dict[Path, str]:
    folder = spec_dir() / "vectors" / "envelope" / "must"
    files = {}
    for name in (*READS, *PROJECTIONS):
        vector = {"$schema": "../../../schema/envelope_vector.schema.json", **build_vector(name)}
        files[folder / f"{name}.json"] = dump_json(vector)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Write the vectors, or with ``--check`` name the stale ones and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
