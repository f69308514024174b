"""Conformance vectors for the reply reducer, generated from curated streams.

Each vector under ``spec/vectors/reduce/must/`` holds AgentScope JSON events,
the reducer options, and what a conforming implementation must produce: the
final ``Msg.model_dump()``, every diagnostic (code, severity, index, item,
machine, state, event, key, details) including the end-of-input ones, and
every instance's final machine state; seed 000's vector also pins the dump
after every event. ``python -m streamspec._reduce_vectors [--check]`` writes
them (``--check``: exit 1 naming each stale file).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import orjson

from streamspec._codec import decode_event
from streamspec._generated import dump_json, run_generator
from streamspec._reducer import Reducer
from streamspec._resources import example_path, spec_dir

__all__ = ["CASES", "build_vector", "expected_of", "main"]

R: Final = "r1"


def _ev(type_: str, **fields: Any) -> dict[str, Any]:
    return {"type": type_, **({"reply_id": R} if type_ != "CUSTOM" else {}), **fields}


def _call(call_id: str, *, end: bool = True) -> list[dict[str, Any]]:
    events = [_ev("TOOL_CALL_START", tool_call_id=call_id, tool_call_name="f")]
    return events + ([_ev("TOOL_CALL_END", tool_call_id=call_id)] if end else [])


def _block(block_id: str) -> list[dict[str, Any]]:
    return [_ev("TEXT_BLOCK_START", block_id=block_id), _ev("TEXT_BLOCK_END", block_id=block_id)]


_END: Final = _ev("REPLY_END", session_id="s", created_at="2026-01-01T12:00:00")

#: ``name -> (description, events)`` of the curated streams (options: reply_id r1).
CASES: Final[dict[str, tuple[str, list[dict[str, Any]]]]] = {
    "duplicate-start": (
        "A second TEXT_BLOCK_START for one id is rejected; the block is not duplicated.",
        [_ev("TEXT_BLOCK_START", block_id="b"), _ev("TEXT_BLOCK_START", block_id="b"), _END],
    ),
    "delta-after-end": (
        "A delta after the block ended is rejected and the text is unchanged.",
        [*_block("b"), _ev("TEXT_BLOCK_DELTA", block_id="b", delta="late"), _END],
    ),
    "unknown-block": (
        "A delta for a block never started is rejected.",
        [_ev("TEXT_BLOCK_DELTA", block_id="ghost", delta="x"), _END],
    ),
    "after-reply-end": (
        "Every event after REPLY_END is rejected, CUSTOM included.",
        [_END, _ev("TEXT_BLOCK_START", block_id="b"), _ev("CUSTOM", name="n", value={})],
    ),
    "reply-id-mismatch": (
        "An event of another reply is rejected.",
        [
            _ev("TEXT_BLOCK_START", block_id="b"),
            {**_ev("TEXT_BLOCK_END", block_id="b"), "reply_id": "r2"},
            _END,
        ],
    ),
    "confirm-not-asked": (
        "A confirmation result for a call that was never asked is rejected.",
        [
            *_call("c"),
            _ev(
                "USER_CONFIRM_RESULT",
                confirm_results=[{"confirmed": True, "tool_call": {"id": "c"}}],
            ),
            _END,
        ],
    ),
    "batch-items": (
        "A batch applies its legal items; an unknown call and a repeated id are rejected per item.",
        [
            *_call("a"),
            *_call("b"),
            _ev(
                "REQUIRE_USER_CONFIRM",
                tool_calls=[{"id": "a"}, {"id": "ghost"}, {"id": "a"}, {"id": "b"}],
            ),
            _END,
        ],
    ),
    "invalid-base64": (
        "A data-block chunk that does not decode is rejected with its chunk index.",
        [
            _ev("DATA_BLOCK_START", block_id="d", media_type="image/png"),
            _ev("DATA_BLOCK_DELTA", block_id="d", media_type="image/png", data="YWJj"),
            _ev("DATA_BLOCK_DELTA", block_id="d", media_type="image/png", data="x"),
            _ev("DATA_BLOCK_END", block_id="d"),
            _END,
        ],
    ),
    "mixed-data-source": (
        "Base64 data after a URL replaced a data block's source is rejected.",
        [
            _ev("DATA_BLOCK_START", block_id="d", media_type="image/png"),
            _ev(
                "DATA_BLOCK_DELTA",
                block_id="d",
                media_type="image/png",
                url="https://example.com/a.png",
            ),
            _ev("DATA_BLOCK_DELTA", block_id="d", media_type="image/png", data="YWJj"),
            _ev("DATA_BLOCK_END", block_id="d"),
            _END,
        ],
    ),
    "tool-result-chunks": (
        "Same-id tool-result chunks merge; an invalid first chunk is reported on the second "
        "chunk and kept verbatim.",
        [
            *_call("c"),
            _ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            _ev(
                "TOOL_RESULT_DATA_DELTA",
                tool_call_id="c",
                block_id="ok",
                media_type="image/png",
                data="YWJj",
            ),
            _ev(
                "TOOL_RESULT_DATA_DELTA",
                tool_call_id="c",
                block_id="ok",
                media_type="image/png",
                data="ZGVm",
            ),
            _ev(
                "TOOL_RESULT_DATA_DELTA",
                tool_call_id="c",
                block_id="bad",
                media_type="image/png",
                data="iVBOR==",
            ),
            _ev(
                "TOOL_RESULT_DATA_DELTA",
                tool_call_id="c",
                block_id="bad",
                media_type="image/png",
                data="YWJj",
            ),
            _ev("TOOL_RESULT_DATA_DELTA", tool_call_id="c", media_type="image/png", data="YQ=="),
            _ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="done"),
            _ev("TOOL_RESULT_END", tool_call_id="c", state="success"),
            _END,
        ],
    ),
    "result-end-running": (
        "A tool result cannot end with state running.",
        [
            *_call("c"),
            _ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            _ev("TOOL_RESULT_END", tool_call_id="c", state="running"),
            _ev("TOOL_RESULT_END", tool_call_id="c", state="error"),
            _END,
        ],
    ),
    "external-after-result-start": (
        "An external result for a call whose result already started is a duplicate result.",
        [
            *_call("c"),
            _ev("REQUIRE_USER_CONFIRM", tool_calls=[{"id": "c"}]),
            _ev(
                "USER_CONFIRM_RESULT",
                confirm_results=[{"confirmed": True, "tool_call": {"id": "c"}}],
            ),
            _ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            _ev("REQUIRE_EXTERNAL_EXECUTION", tool_calls=[{"id": "c"}]),
            _ev(
                "EXTERNAL_EXECUTION_RESULT",
                execution_results=[{"id": "c", "name": "f", "output": "x", "state": "success"}],
            ),
            _ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="x"),
            _ev("TOOL_RESULT_END", tool_call_id="c", state="success"),
            _END,
        ],
    ),
    "denied-call": (
        "A denied call is settled: no warning at the end; a result with state denied may follow.",
        [
            *_call("c"),
            _ev(
                "REQUIRE_USER_CONFIRM", tool_calls=[{"id": "c", "suggested_rules": [{"tool": "f"}]}]
            ),
            _ev(
                "USER_CONFIRM_RESULT",
                confirm_results=[{"confirmed": False, "tool_call": {"id": "c"}}],
            ),
            _ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            _ev("TOOL_RESULT_END", tool_call_id="c", state="denied"),
            _END,
        ],
    ),
    "parked-reply": (
        "A reply parked for confirmation: the asking call and the missing REPLY_END are warnings.",
        [
            _ev("REPLY_START", session_id="s", name="Friday"),
            _ev("MODEL_CALL_START", model_name="m"),
            *_call("c"),
            _ev("MODEL_CALL_END", input_tokens=3, output_tokens=4, cache_input_tokens=1),
            _ev("REQUIRE_USER_CONFIRM", tool_calls=[{"id": "c"}]),
        ],
    ),
    "unknown-type": (
        "An unknown event type is a warning and changes nothing.",
        [_ev("TOOL_PROGRESS", pct=50), _END],
    ),
}


def expected_of(
    events: Sequence[dict[str, Any]], options: dict[str, Any], each: bool
) -> dict[str, Any]:
    """Return what the reference reducer makes of ``events``: a vector's ``expected``."""
    reducer = Reducer(**options)
    dumps = []
    for obj in events:
        reducer.apply(decode_event(dict(obj)))
        dumps.append(reducer.to_dict())
    reducer.finish()
    expected: dict[str, Any] = {
        "message": reducer.to_dict(),
        "diagnostics": [
            {k: v for k, v in d.to_dict().items() if k not in ("message", "allowed")}
            for d in reducer.diagnostics
        ],
        "states": reducer.states(),
    }
    if each:
        expected["after_each"] = dumps
    return expected


def build_vector(name: str) -> dict[str, Any]:
    """Return the vector called ``name`` (``seed000`` or a key of :data:`CASES`)."""
    if name == "seed000":
        lines = example_path("seed000.agentscope.jsonl").read_bytes().splitlines()
        events = [orjson.loads(line) for line in lines]
        options = {
            "reply_id": "reply_001",
            "name": "TestAgent",
            "role": "assistant",
            "created_at": "2026-01-01T11:59:00",
        }
        description = "Seed 000's stream: the message after every event, exactly."
        return {
            "description": description,
            "options": options,
            "events": events,
            "expected": expected_of(events, options, each=True),
        }
    description, events = CASES[name]
    options = {"reply_id": R}
    return {
        "description": description,
        "options": options,
        "events": events,
        "expected": expected_of(events, options, each=False),
    }


def _files() -> dict[Path, str]:
    folder = spec_dir() / "vectors" / "reduce" / "must"
    files = {}
    for name in ("seed000", *CASES):
        vector = {"$schema": "../../../schema/reduce_vector.schema.json", **build_vector(name)}
        files[folder / f"{name}.json"] = dump_json(vector)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    """Write the vectors, or with ``--check`` name the stale ones and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
