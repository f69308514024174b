"""The fold benchmark's workloads: deterministic AgentScope 2.0.11 replies.

Every workload is one legal reply, ``REPLY_START … REPLY_END``, written as
AgentScope's own JSON (one object per event, with ``id``, ``created_at`` and
``metadata``) that AgentScope's pydantic models accept. No randomness and no
clock: building a workload twice gives the same records.

- ``text``: N text deltas into one text block;
- ``base64``: N data deltas of 3 bytes each into one data block;
- ``blob``: a binary payload in 4 KiB chunks into one data block;
- ``mixed``: R repetitions of a multi-tool turn in one reply;
- ``tools``: N tool calls of 10 input deltas, each followed by its result;
- ``blocks``: N short text blocks of one delta each;
- ``interleaved``: 4 text blocks and 2 tool calls open at once, N deltas
  dealt round-robin between them.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

STAMP = "2026-01-01T12:00:00.000000"
REPLY_ID = "reply-bench"
SESSION_ID = "session-bench"
KIB = 1024
MIB = 1024 * KIB

Records = list[dict[str, Any]]


class _Stream:
    """Builds one reply's events as AgentScope JSON objects with sequential ids."""

    def __init__(self) -> None:
        self.records: Records = []

    def add(self, type_: str, **fields: Any) -> None:
        record = {"id": f"ev-{len(self.records)}", "created_at": STAMP, "metadata": {}}
        record["type"] = type_
        record["reply_id"] = REPLY_ID
        record.update(fields)
        self.records.append(record)

    def start(self) -> None:
        self.add("REPLY_START", session_id=SESSION_ID, name="assistant", role="assistant")

    def end(self) -> Records:
        self.add("REPLY_END", session_id=SESSION_ID, finished_reason="completed")
        return self.records

    def block(self, kind: str, block_id: str, deltas: Iterable[str], **start: Any) -> None:
        self.block_start(kind, block_id, **start)
        for delta in deltas:
            self.block_delta(kind, block_id, delta, start.get("media_type"))
        self.add(f"{kind.upper()}_BLOCK_END", block_id=block_id)

    def block_start(self, kind: str, block_id: str, **start: Any) -> None:
        self.add(f"{kind.upper()}_BLOCK_START", block_id=block_id, **start)

    def block_delta(self, kind: str, block_id: str, delta: str, media_type: str | None) -> None:
        if kind == "data":
            self.add("DATA_BLOCK_DELTA", block_id=block_id, media_type=media_type, data=delta)
        else:
            self.add(f"{kind.upper()}_BLOCK_DELTA", block_id=block_id, delta=delta)

    def tool_call(self, call_id: str, name: str, fragments: Iterable[str]) -> None:
        self.add("TOOL_CALL_START", tool_call_id=call_id, tool_call_name=name)
        for fragment in fragments:
            self.add("TOOL_CALL_DELTA", tool_call_id=call_id, delta=fragment)
        self.add("TOOL_CALL_END", tool_call_id=call_id)

    def tool_result(self, call_id: str, name: str, lines: Iterable[str], state: str) -> None:
        self.add("TOOL_RESULT_START", tool_call_id=call_id, tool_call_name=name)
        for line in lines:
            self.add("TOOL_RESULT_TEXT_DELTA", tool_call_id=call_id, delta=line)
        self.add("TOOL_RESULT_END", tool_call_id=call_id, state=state)


def text_workload(n: int) -> Records:
    """N text deltas (``"tok "``) into one text block."""
    stream = _Stream()
    stream.start()
    stream.block("text", "text-0", ("tok " for _ in range(n)))
    return stream.end()


def three_byte_chunk(i: int) -> str:
    """The base64 of the i-th 3-byte delta of the ``base64`` series."""
    return base64.b64encode(bytes(((3 * i) % 256, (3 * i + 1) % 256, (3 * i + 2) % 256))).decode()


def base64_workload(n: int) -> Records:
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


def blob_workload(size: int) -> Records:
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


def _arg_fragments(count: int) -> Iterator[str]:
    """``count`` fragments of the JSON input ``{"arg": 1234…}``."""
    for i in range(count):
        yield '{"arg": ' if i == 0 else ("0}" if i == count - 1 else f"{i}")


def mixed_workload(repeat: int) -> Records:
    """One reply holding ``repeat`` multi-tool turns with distinct ids."""
    stream = _Stream()
    stream.start()
    for r in range(repeat):
        stream.add("MODEL_CALL_START", model_name="bench-model")
        stream.block("thinking", f"think-{r}", (f"step {i} " for i in range(50)))
        stream.block("text", f"text-{r}", (f"word{i} " for i in range(100)))
        calls = [f"call-{r}-{c}" for c in range(5)]
        for c, call in enumerate(calls):
            stream.tool_call(call, f"tool_{c}", _arg_fragments(20))
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
            lines = (f"line {i}\n" for i in range(10))
            stream.tool_result(call, f"tool_{c}", lines, "denied" if c == 1 else "success")
        stream.add("MODEL_CALL_END", input_tokens=100, output_tokens=50)
    return stream.end()


def tools_workload(n: int) -> Records:
    """N tool calls of 10 input deltas, each followed by a result of one or two text deltas."""
    stream = _Stream()
    stream.start()
    for c in range(n):
        call, name = f"call-{c}", f"tool_{c % 7}"
        stream.tool_call(call, name, _arg_fragments(10))
        stream.tool_result(call, name, (f"out {c}.{i}\n" for i in range(1 + c % 2)), "success")
    return stream.end()


def blocks_workload(n: int) -> Records:
    """N short text blocks: start, one delta, end."""
    stream = _Stream()
    stream.start()
    for b in range(n):
        stream.block("text", f"text-{b}", (f"block {b}. ",))
    return stream.end()


#: The blocks the ``interleaved`` series keeps open at once: 4 texts, then 2 tool calls.
INTERLEAVED_TEXTS = 4
INTERLEAVED_CALLS = 2


def interleaved_workload(n: int) -> Records:
    """N deltas dealt round-robin between 4 text blocks and 2 tool calls, all open at once.

    The two calls' results follow once every block has ended.
    """
    lanes = INTERLEAVED_TEXTS + INTERLEAVED_CALLS
    if n < 2 * lanes:
        raise ValueError(f"interleaved needs at least {2 * lanes} deltas, got {n}")
    stream = _Stream()
    stream.start()
    texts = [f"text-{t}" for t in range(INTERLEAVED_TEXTS)]
    calls = [f"call-{c}" for c in range(INTERLEAVED_CALLS)]
    for block_id in texts:
        stream.block_start("text", block_id)
    for c, call in enumerate(calls):
        stream.add("TOOL_CALL_START", tool_call_id=call, tool_call_name=f"tool_{c}")
    share = [len(range(lane, n, lanes)) for lane in range(lanes)]
    fragments = [_arg_fragments(share[INTERLEAVED_TEXTS + c]) for c in range(INTERLEAVED_CALLS)]
    for i in range(n):
        lane = i % lanes
        if lane < INTERLEAVED_TEXTS:
            stream.block_delta("text", texts[lane], f"t{lane} ", None)
        else:
            delta = next(fragments[lane - INTERLEAVED_TEXTS])
            stream.add("TOOL_CALL_DELTA", tool_call_id=calls[lane - INTERLEAVED_TEXTS], delta=delta)
    for block_id in texts:
        stream.add("TEXT_BLOCK_END", block_id=block_id)
    for call in calls:
        stream.add("TOOL_CALL_END", tool_call_id=call)
    for c, call in enumerate(calls):
        stream.tool_result(call, f"tool_{c}", (f"done {c}\n",), "success")
    return stream.end()


@dataclass(frozen=True)
class Series:
    """One benchmark series: how to build a workload of each size.

    ``agentscope_up_to`` is the largest size AgentScope folds (``None``: all);
    past it AgentScope's quadratic block lookup would run for minutes. The
    largest ``quick`` size is the one ``--quick`` runs end to end and judges
    the targets on, so it is big enough for its net time to clear the
    start-up noise.
    """

    name: str
    what: str
    unit: str
    sizes: tuple[int, ...]
    quick: tuple[int, ...]
    build: Callable[[int], Records]
    agentscope_up_to: int | None = None


SERIES: dict[str, Series] = {
    s.name: s
    for s in (
        Series(
            "text",
            "text deltas into one block",
            "deltas",
            (1_000, 10_000, 100_000),
            (1_000, 20_000),
            text_workload,
        ),
        Series(
            "base64",
            "3-byte base64 deltas into one data block",
            "deltas",
            (1_000, 10_000, 30_000, 100_000),
            (1_000, 10_000),
            base64_workload,
        ),
        Series(
            "blob",
            "binary payload in 4 KiB base64 chunks",
            "bytes",
            (256 * KIB, MIB, 4 * MIB),
            (16 * KIB, 256 * KIB),
            blob_workload,
        ),
        Series(
            "mixed",
            "multi-tool turns repeated R times in one reply",
            "turns",
            (1, 10, 100),
            (1, 30),
            mixed_workload,
        ),
        Series(
            "tools",
            "tool calls of 10 input deltas, each with its result",
            "calls",
            (100, 1_000, 10_000),
            (10, 2_000),
            tools_workload,
            agentscope_up_to=1_000,
        ),
        Series(
            "blocks",
            "short text blocks of one delta each",
            "blocks",
            (100, 1_000, 10_000),
            (100, 10_000),
            blocks_workload,
        ),
        Series(
            "interleaved",
            "deltas round-robin over 4 text blocks and 2 tool calls open at once",
            "deltas",
            (1_000, 10_000, 100_000),
            (1_200, 30_000),
            interleaved_workload,
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
