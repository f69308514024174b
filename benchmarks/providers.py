"""Provider importers: each source at 10 k and 100 k deltas, beside its SDK's own accumulator.

Rules this benchmark implements:

1. Workloads are built deterministically in each source's own wire JSON, one
   record per line (JSON lines; SSE framing costs the same for every reader):
   a text answer of N one-word deltas for every source, and for Anthropic and
   OpenAI Chat also a tool call whose input streams in N deltas.
2. streamspec: ``read_events(lines, source)`` (the importer) with every reply
   event folded by a :class:`~streamspec.Reducer` and every completion event
   judged by a :class:`~streamspec.completion.Judge`: the work ``reduce`` and
   ``judge`` do together, without process start-up.
3. The SDK: the same lines parsed into the SDK's own pydantic event type
   (``model_validate_json``) and accumulated by its accumulator:
   ``ChatCompletionStreamState.handle_chunk`` (openai), ``ResponseStreamState
   .handle_event`` (openai), ``accumulate_event`` (anthropic). AG-UI's Python
   package has no accumulator and the Vercel AI SDK is TypeScript: their SDK
   column reads ``n/a``. The SDK runs at the small size and three times it
   (its growth: t(3x) / t(x) / 3); at the large size only when that growth
   predicts at most ``--sdk-budget`` seconds (else the cell reads
   ``> budget``).
4. The floor: ``orjson.loads`` per line and a list append, no checks.
5. Times are this process's CPU time (``time.process_time``), best of
   ``--repeat`` runs (the SDK: one run), after one warm-up run on 10 deltas
   (imports, pydantic's validators). ``growth`` is t(large) / t(small)
   divided by the size ratio: 1.0 is linear. ``SDK ÷ streamspec`` compares
   the two at the small size.

Usage: ``python benchmarks/providers.py [--repeat N] [--sdk-budget SECONDS] [--quick]
[--sizes SMALL LARGE]``.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import orjson
from streamspec import CompletionEvent, Reducer
from streamspec.completion import Judge
from streamspec.sources import read_events
from streamspec.sources._read import judge_line

Workload = Callable[[int], list[bytes]]


def _dump(records: Iterator[Any]) -> list[bytes]:
    return [b"[DONE]\n" if r == "[DONE]" else orjson.dumps(r) + b"\n" for r in records]


# --------------------------------------------------------------------- workloads


def _input_delta(i: int, n: int) -> str:
    """The i-th of n tool-input deltas: together ``{"a": [1, 1, ..., 1]}``, valid JSON."""
    if i == 0:
        return '{"a": [1'
    return "]}" if i == n - 1 else ", 1"


def _openai_chat(n: int, tool: bool) -> Iterator[Any]:
    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": "chatcmpl-bench",
            "object": "chat.completion.chunk",
            "created": 0,
            "model": "gpt-bench",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    yield chunk({"role": "assistant", "content": ""})
    if tool:
        call = {"index": 0, "id": "call_1", "type": "function"}
        yield chunk({"tool_calls": [{**call, "function": {"name": "f", "arguments": ""}}]})
        for i in range(n):
            arguments = _input_delta(i, n)
            yield chunk({"tool_calls": [{"index": 0, "function": {"arguments": arguments}}]})
    else:
        for _ in range(n):
            yield chunk({"content": "word "})
    yield chunk({}, "tool_calls" if tool else "stop")
    yield {
        "id": "chatcmpl-bench",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "gpt-bench",
        "choices": [],
        "usage": {"prompt_tokens": 5, "completion_tokens": n, "total_tokens": n + 5},
    }
    yield "[DONE]"


def _openai_responses(n: int) -> Iterator[Any]:
    response = {
        "id": "resp_bench",
        "object": "response",
        "created_at": 0,
        "model": "gpt-bench",
        "output": [],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "status": "in_progress",
    }
    seq = iter(range(10**9))
    yield {"type": "response.created", "sequence_number": next(seq), "response": response}
    item = {"id": "msg_1", "type": "message", "role": "assistant", "status": "in_progress"}
    yield {
        "type": "response.output_item.added",
        "sequence_number": next(seq),
        "output_index": 0,
        "item": {**item, "content": []},
    }
    part = {"type": "output_text", "text": "", "annotations": []}
    yield {
        "type": "response.content_part.added",
        "sequence_number": next(seq),
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "part": part,
    }
    for _ in range(n):
        yield {
            "type": "response.output_text.delta",
            "sequence_number": next(seq),
            "item_id": "msg_1",
            "output_index": 0,
            "content_index": 0,
            "delta": "word ",
            "logprobs": [],
        }
    text = "word " * n
    done_part = {**part, "text": text}
    yield {
        "type": "response.output_text.done",
        "sequence_number": next(seq),
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "text": text,
        "logprobs": [],
    }
    yield {
        "type": "response.content_part.done",
        "sequence_number": next(seq),
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "part": done_part,
    }
    done_item = {**item, "status": "completed", "content": [done_part]}
    yield {
        "type": "response.output_item.done",
        "sequence_number": next(seq),
        "output_index": 0,
        "item": done_item,
    }
    usage = {
        "input_tokens": 5,
        "output_tokens": n,
        "total_tokens": n + 5,
        "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
        "output_tokens_details": {"reasoning_tokens": 0},
    }
    yield {
        "type": "response.completed",
        "sequence_number": next(seq),
        "response": {**response, "status": "completed", "output": [done_item], "usage": usage},
    }


def _anthropic(n: int, tool: bool) -> Iterator[Any]:
    message = {
        "id": "msg_bench",
        "type": "message",
        "role": "assistant",
        "model": "claude-bench",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 5, "output_tokens": 1},
    }
    yield {"type": "message_start", "message": message}
    if tool:
        block = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}
        yield {"type": "content_block_start", "index": 0, "content_block": block}
        for i in range(n):
            partial = _input_delta(i, n)
            yield {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "input_json_delta", "partial_json": partial},
            }
    else:
        block = {"type": "text", "text": ""}
        yield {"type": "content_block_start", "index": 0, "content_block": block}
        for _ in range(n):
            yield {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "text_delta", "text": "word "},
            }
    yield {"type": "content_block_stop", "index": 0}
    yield {
        "type": "message_delta",
        "delta": {"stop_reason": "tool_use" if tool else "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": n},
    }
    yield {"type": "message_stop"}


def _agui(n: int) -> Iterator[Any]:
    yield {"type": "RUN_STARTED", "threadId": "t1", "runId": "run_bench"}
    yield {"type": "TEXT_MESSAGE_START", "messageId": "m1", "role": "assistant"}
    for _ in range(n):
        yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": "word "}
    yield {"type": "TEXT_MESSAGE_END", "messageId": "m1"}
    yield {"type": "RUN_FINISHED", "threadId": "t1", "runId": "run_bench"}


def _vercel_ui(n: int) -> Iterator[Any]:
    yield {"type": "start", "messageId": "msg_bench"}
    yield {"type": "start-step"}
    yield {"type": "text-start", "id": "t1"}
    for _ in range(n):
        yield {"type": "text-delta", "id": "t1", "delta": "word "}
    yield {"type": "text-end", "id": "t1"}
    yield {"type": "finish-step"}
    yield {"type": "finish", "finishReason": "stop"}
    yield "[DONE]"


# --------------------------------------------------------------------- SDK accumulators


def _sdk_openai_chat(lines: list[bytes]) -> None:
    from openai.lib.streaming.chat import ChatCompletionStreamState  # noqa: PLC0415
    from openai.types.chat import ChatCompletionChunk  # noqa: PLC0415

    state: Any = ChatCompletionStreamState()
    for line in lines:
        if line.startswith(b"[DONE]"):
            break
        state.handle_chunk(ChatCompletionChunk.model_validate_json(line))
    state.current_completion_snapshot  # noqa: B018


def _sdk_openai_responses(lines: list[bytes]) -> None:
    from openai import omit  # noqa: PLC0415
    from openai.lib.streaming.responses._responses import ResponseStreamState  # noqa: PLC0415
    from openai.types.responses import ResponseStreamEvent  # noqa: PLC0415
    from pydantic import TypeAdapter  # noqa: PLC0415

    adapter: Any = TypeAdapter(ResponseStreamEvent)
    state: Any = ResponseStreamState(input_tools=omit, text_format=omit)
    for line in lines:
        state.handle_event(adapter.validate_json(line))


def _sdk_anthropic(lines: list[bytes]) -> None:
    from anthropic.lib.streaming._messages import accumulate_event  # noqa: PLC0415
    from anthropic.types import RawMessageStreamEvent  # noqa: PLC0415
    from pydantic import TypeAdapter  # noqa: PLC0415

    adapter: Any = TypeAdapter(RawMessageStreamEvent)
    snapshot: Any = None
    buffers: dict[int, bytes] = {}
    for line in lines:
        event = adapter.validate_json(line)
        snapshot = accumulate_event(event=event, current_snapshot=snapshot, json_bufs=buffers)


# --------------------------------------------------------------------- readers


def _streamspec(source: str) -> Callable[[list[bytes]], None]:
    def run(lines: list[bytes]) -> None:
        reducer, judge = Reducer(), Judge()
        for line in read_events(iter(lines), source):
            event = line.event
            if event is None:
                continue
            if not isinstance(event, CompletionEvent):
                reducer.apply(event)
            evidence = judge_line(line, source)
            if evidence is not None and evidence.event is not None:
                judge.apply(evidence.event)
        reducer.finish()
        reducer.to_dict()
        judge.verdicts()

    return run


def _floor(lines: list[bytes]) -> None:
    kept = []
    for line in lines:
        if not line.startswith(b"[DONE]"):
            kept.append(orjson.loads(line))


#: ``(row, source, workload, SDK accumulator or None)``.
ROWS: list[tuple[str, str, Workload, Callable[[list[bytes]], None] | None]] = [
    (
        "openai_chat text",
        "openai_chat",
        lambda n: _dump(_openai_chat(n, False)),
        _sdk_openai_chat,
    ),
    (
        "openai_chat tool input",
        "openai_chat",
        lambda n: _dump(_openai_chat(n, True)),
        _sdk_openai_chat,
    ),
    (
        "openai_responses text",
        "openai_responses",
        lambda n: _dump(_openai_responses(n)),
        _sdk_openai_responses,
    ),
    ("anthropic text", "anthropic", lambda n: _dump(_anthropic(n, False)), _sdk_anthropic),
    ("anthropic tool input", "anthropic", lambda n: _dump(_anthropic(n, True)), _sdk_anthropic),
    ("agui text", "agui", lambda n: _dump(_agui(n)), None),
    ("vercel_ui text", "vercel_ui", lambda n: _dump(_vercel_ui(n)), None),
]


def _best(run: Callable[[list[bytes]], None], lines: list[bytes], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        began = time.process_time()
        run(lines)
        best = min(best, time.process_time() - began)
    return best


def _size(count: int) -> str:
    return f"{count // 1000} k" if count % 1000 == 0 else str(count)


def _cell(seconds: float | None) -> str:
    return "> budget" if seconds is None else f"{seconds * 1000:,.0f} ms"


def main(argv: list[str] | None = None) -> int:
    """Run every row; print one Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sdk-budget", type=float, default=20.0)
    parser.add_argument("--quick", action="store_true", help="1 k and 10 k deltas, one run each")
    parser.add_argument(
        "--sizes", type=int, nargs=2, metavar=("SMALL", "LARGE"), help="the two delta counts"
    )
    args = parser.parse_args(argv)
    small, large = (1_000, 10_000) if args.quick else (10_000, 100_000)
    if args.sizes:
        small, large = args.sizes
    repeat = 1 if args.quick else args.repeat
    middle = 3 * small
    print(
        f"| workload | streamspec {_size(small)} | streamspec {_size(large)} | growth "
        f"| floor {_size(large)} | x floor | SDK {_size(small)} | SDK {_size(middle)} "
        f"| SDK growth | SDK {_size(large)} | SDK ÷ streamspec at {_size(small)} |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    # Frozen, what exists before the first row is not walked by each run's collection.
    gc.collect()
    gc.freeze()
    try:
        _rows(small, large, repeat, args.sdk_budget)
    finally:
        gc.unfreeze()
    return 0


def _rows(small: int, large: int, repeat: int, sdk_budget: float) -> None:
    middle = 3 * small
    for name, source, workload, sdk in ROWS:
        lines_small, lines_large = workload(small), workload(large)
        for warm_up in (_streamspec(source), sdk):
            if warm_up is not None:
                warm_up(workload(10))
        ours_small = _best(_streamspec(source), lines_small, repeat)
        ours_large = _best(_streamspec(source), lines_large, repeat)
        floor = _best(_floor, lines_large, repeat)
        growth = ours_large / ours_small / (large / small)
        cells = ["n/a"] * 5
        if sdk is not None:
            sdk_small = _best(sdk, lines_small, 1)
            sdk_middle = _best(sdk, workload(middle), 1)
            sdk_growth = sdk_middle / sdk_small / 3
            predicted = sdk_middle * (large / middle) * max(sdk_growth, 1.0) ** 2
            sdk_large = _best(sdk, lines_large, 1) if predicted <= sdk_budget else None
            cells = [
                _cell(sdk_small),
                _cell(sdk_middle),
                f"{sdk_growth:.2f}",
                _cell(sdk_large),
                f"{sdk_small / ours_small:.1f}",
            ]
        print(
            f"| {name} | {_cell(ours_small)} | {_cell(ours_large)} | {growth:.2f} "
            f"| {_cell(floor)} | {ours_large / floor:.1f} | {' | '.join(cells)} |",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
