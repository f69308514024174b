"""The floor: the least a fold of AgentScope 2.0.11 events costs in Python.

``python benchmarks/floor.py FILE`` reads FILE as JSONL, parses each line
with ``orjson.loads`` and folds the events into the shape of AgentScope's
``Msg.model_dump()`` that ``streamspec reduce`` prints, with plain dicts and
list appends; a block's pieces are joined when the block ends. It checks
nothing and trusts the stream to be one legal reply, so its time is the cost
of parsing and folding alone: the floor the fold benchmark divides
streamspec's end-to-end time by. For a legal reply of the events below it
prints what ``streamspec reduce FILE`` prints.

Events it folds: reply start and end, model call start and end, text,
thinking and data blocks (base64 chunks), tool calls, tool results with text
deltas, confirmation requests and their results. ``CUSTOM`` is skipped; any
other type stops it with ``KeyError``.
"""

from __future__ import annotations

import sys
from binascii import a2b_base64, b2a_base64
from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any

import orjson

Event = dict[str, Any]


class Fold:
    """The message being folded, and the pieces of every block still open."""

    __slots__ = ("calls", "data", "inputs", "message", "outputs", "text", "thinking")

    def __init__(self) -> None:
        self.message: dict[str, Any] = {
            "name": "assistant",
            "role": "assistant",
            "id": None,
            "metadata": {},
            "created_at": None,
            "finished_at": None,
            "content": [],
            "usage": None,
        }
        self.text: dict[str, tuple[dict[str, Any], list[str]]] = {}
        self.thinking: dict[str, tuple[dict[str, Any], list[str]]] = {}
        self.data: dict[str, tuple[dict[str, Any], list[str]]] = {}
        self.inputs: dict[str, tuple[dict[str, Any], list[str]]] = {}
        self.outputs: dict[str, tuple[dict[str, Any], list[str]]] = {}
        self.calls: dict[str, dict[str, Any]] = {}

    def settle(self) -> dict[str, Any]:
        """Join the pieces of every block left open, and return the message."""
        for block, parts in self.text.values():
            block["text"] = "".join(parts)
        for block, parts in self.thinking.values():
            block["thinking"] = "".join(parts)
        for block, parts in self.data.values():
            block["source"]["data"] = joined_base64(parts)
        for block, parts in self.inputs.values():
            block["input"] = "".join(parts)
        for block, parts in self.outputs.values():
            block["output"] = result_output(block["id"], parts)
        return self.message


def joined_base64(chunks: list[str]) -> str:
    """The base64 of the chunks' bytes: their concatenation unless a chunk inside is padded."""
    joined = "".join(chunks)
    if "=" not in joined[:-2]:
        return joined
    raw = b"".join(map(a2b_base64, chunks))
    return b2a_base64(raw, newline=False).decode("ascii")


def result_output(call_id: str, parts: list[str]) -> list[dict[str, Any]]:
    """A result's output: its text deltas as one text sub-block, or nothing."""
    if not parts:
        return []
    return [{"type": "text", "id": f"{call_id}#text-0", "text": "".join(parts)}]


def reply_started(fold: Fold, event: Event) -> None:
    fold.message["name"] = event["name"]
    if "role" in event:
        fold.message["role"] = event["role"]


def reply_ended(fold: Fold, event: Event) -> None:
    message = fold.message
    message["finished_at"] = event.get("created_at")
    for key in ("finished_reason", "error"):
        if key in event:
            message[key] = event[key]


def model_call_started(fold: Fold, event: Event) -> None:
    return


def model_call_ended(fold: Fold, event: Event) -> None:
    usage = fold.message["usage"]
    if usage is None:
        usage = fold.message["usage"] = {"input_tokens": 0, "output_tokens": 0}
    usage["input_tokens"] += event["input_tokens"]
    usage["output_tokens"] += event["output_tokens"]
    for key in ("cache_input_tokens", "cache_creation_input_tokens"):
        if key in event or key in usage:
            usage[key] = usage.get(key, 0) + event.get(key, 0)


def text_started(fold: Fold, event: Event) -> None:
    block = {"type": "text", "id": event["block_id"], "text": ""}
    fold.message["content"].append(block)
    fold.text[event["block_id"]] = (block, [])


def text_ended(fold: Fold, event: Event) -> None:
    block, parts = fold.text.pop(event["block_id"])
    text = event.get("text")
    block["text"] = "".join(parts) if text is None else text


def thinking_started(fold: Fold, event: Event) -> None:
    block = {"type": "thinking", "id": event["block_id"], "thinking": ""}
    fold.message["content"].append(block)
    fold.thinking[event["block_id"]] = (block, [])


def thinking_ended(fold: Fold, event: Event) -> None:
    block, parts = fold.thinking.pop(event["block_id"])
    block["thinking"] = "".join(parts)


def data_started(fold: Fold, event: Event) -> None:
    source = {"type": "base64", "data": "", "media_type": event["media_type"]}
    block = {"type": "data", "id": event["block_id"], "source": source, "name": event.get("name")}
    fold.message["content"].append(block)
    fold.data[event["block_id"]] = (block, [])


def data_ended(fold: Fold, event: Event) -> None:
    block, chunks = fold.data.pop(event["block_id"])
    block["source"]["data"] = joined_base64(chunks)


def call_started(fold: Fold, event: Event) -> None:
    call_id = event["tool_call_id"]
    block = {
        "type": "tool_call",
        "id": call_id,
        "name": event["tool_call_name"],
        "input": "",
        "state": "pending",
        "suggested_rules": [],
    }
    fold.message["content"].append(block)
    fold.inputs[call_id] = (block, [])
    fold.calls[call_id] = block


def call_ended(fold: Fold, event: Event) -> None:
    block, parts = fold.inputs.pop(event["tool_call_id"])
    block["input"] = "".join(parts)


def confirmation_requested(fold: Fold, event: Event) -> None:
    for item in event["tool_calls"]:
        call = fold.calls.get(item["id"])
        if call is not None:
            call["state"] = "asking"
            call["suggested_rules"] = item.get("suggested_rules", [])


def confirmation_answered(fold: Fold, event: Event) -> None:
    for answer in event["confirm_results"]:
        call = fold.calls.get(answer["tool_call"]["id"])
        if call is not None and call["state"] == "asking":
            call["state"] = "allowed" if answer["confirmed"] else "finished"


def result_started(fold: Fold, event: Event) -> None:
    call_id = event["tool_call_id"]
    block = {
        "type": "tool_result",
        "id": call_id,
        "name": event["tool_call_name"],
        "output": [],
        "state": "running",
        "metadata": {},
    }
    fold.message["content"].append(block)
    fold.outputs[call_id] = (block, [])


def result_ended(fold: Fold, event: Event) -> None:
    call_id = event["tool_call_id"]
    block, parts = fold.outputs.pop(call_id)
    block["output"] = result_output(call_id, parts)
    block["state"] = event["state"]
    block["metadata"] = event.get("metadata", {})
    call = fold.calls.get(call_id)
    if call is not None:
        call["state"] = "finished"


def skipped(fold: Fold, event: Event) -> None:
    return


#: Every event but the five deltas, which the loop in :func:`fold_lines` folds inline.
HANDLERS: dict[str, Callable[[Fold, Event], None]] = {
    "REPLY_START": reply_started,
    "REPLY_END": reply_ended,
    "MODEL_CALL_START": model_call_started,
    "MODEL_CALL_END": model_call_ended,
    "TEXT_BLOCK_START": text_started,
    "TEXT_BLOCK_END": text_ended,
    "THINKING_BLOCK_START": thinking_started,
    "THINKING_BLOCK_END": thinking_ended,
    "DATA_BLOCK_START": data_started,
    "DATA_BLOCK_END": data_ended,
    "TOOL_CALL_START": call_started,
    "TOOL_CALL_END": call_ended,
    "REQUIRE_USER_CONFIRM": confirmation_requested,
    "USER_CONFIRM_RESULT": confirmation_answered,
    "TOOL_RESULT_START": result_started,
    "TOOL_RESULT_END": result_ended,
    "CUSTOM": skipped,
}


def fold_lines(lines: Iterable[bytes]) -> dict[str, Any]:
    """Fold JSON lines into the message; the first event names its id and ``created_at``."""
    fold = Fold()
    events = map(orjson.loads, lines)
    first = next(events, None)
    if first is None:
        return fold.message
    fold.message["id"] = first.get("reply_id")
    fold.message["created_at"] = first.get("created_at")
    text, thinking, data = fold.text, fold.thinking, fold.data
    inputs, outputs, handlers = fold.inputs, fold.outputs, HANDLERS
    for event in chain((first,), events):
        kind = event["type"]
        if kind == "TEXT_BLOCK_DELTA":
            text[event["block_id"]][1].append(event["delta"])
        elif kind == "DATA_BLOCK_DELTA":
            data[event["block_id"]][1].append(event["data"])
        elif kind == "TOOL_CALL_DELTA":
            inputs[event["tool_call_id"]][1].append(event["delta"])
        elif kind == "THINKING_BLOCK_DELTA":
            thinking[event["block_id"]][1].append(event["delta"])
        elif kind == "TOOL_RESULT_TEXT_DELTA":
            outputs[event["tool_call_id"]][1].append(event["delta"])
        else:
            handlers[kind](fold, event)
    return fold.settle()


def main(argv: list[str]) -> int:
    """Fold the file named by ``argv[0]`` and print the message as one JSON line; exit 2
    without one file to read."""
    if len(argv) != 1:
        sys.stderr.write("usage: python floor.py FILE\n")
        return 2
    try:
        with open(argv[0], "rb") as stream:
            message = fold_lines(stream)
    except OSError as error:
        sys.stderr.write(f"{argv[0]}: {error.strerror or error}\n")
        return 2
    sys.stdout.buffer.write(orjson.dumps(message) + b"\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
