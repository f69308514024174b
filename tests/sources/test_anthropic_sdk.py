"""The Anthropic importer against the SDK's own accumulator (anthropic 2.14.0).

The same SSE bytes go to the SDK (its ``Stream`` decoder and
``MessageStream``, which folds each event with ``accumulate_event``) and to
streamspec (``read_events(..., "anthropic")``, a ``Reducer`` for the message,
a ``Judge`` for the verdict). Every stream is built from the SDK's own
pydantic types and serialized as the API sends them (``to_json``).

Two checks per generated stream:

1. streamspec against the stream's own facts (what the rules of
   ``streamspec.sources._anthropic`` say it must give), computed here by hand;
2. the SDK against streamspec: text, thinking, tool calls (id, name,
   arguments), finish reason, usage and the outcome agree, or the mismatch is
   classified into exactly one of :data:`KNOWN_DIFFERENCES`, whose premise is
   checked on the stream. Each difference has a minimal stream of its own.

Run as a script (``python tests/sources/test_anthropic_sdk.py``), it writes
``examples/anthropic/`` from :func:`example_streams`.
"""

from __future__ import annotations

import io
import itertools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anthropic
import httpx2
import pytest
from anthropic import APIStatusError
from anthropic._streaming import Stream
from anthropic._types import not_given
from anthropic.lib.streaming import MessageStream
from anthropic.types import (
    InputJSONDelta,
    Message,
    MessageDeltaUsage,
    RawContentBlockDeltaEvent,
    RawContentBlockStartEvent,
    RawContentBlockStopEvent,
    RawMessageDeltaEvent,
    RawMessageStartEvent,
    RawMessageStopEvent,
    RawMessageStreamEvent,
    SignatureDelta,
    TextBlock,
    TextDelta,
    ThinkingBlock,
    ThinkingDelta,
    ToolUseBlock,
    Usage,
)
from anthropic.types.raw_message_delta_event import Delta
from anthropic.types.shared import ErrorResponse, OverloadedErrorObject
from hypothesis import given
from hypothesis import strategies as st
from streamspec import Reducer, ReplyEndEvent
from streamspec.completion import Judge
from streamspec.sources import read_events
from streamspec.sources._read import judge_lines, reply_lines

#: Where the SDK and streamspec differ: ``id -> SDK behaviour vs streamspec``.
KNOWN_DIFFERENCES: dict[str, str] = {
    "cut_returns_message": (
        "a stream that ends before message_stop: get_final_message returns the snapshot "
        "with no error; streamspec leaves the reply open and judges no_completion_basis "
        "(truncated after a cut stop_reason)"
    ),
    "cut_usage_reported": (
        "a stream that ends (or errors) before message_stop: the SDK reports message_start's "
        "usage (output_tokens stale unless a message_delta came) as measured; streamspec has "
        "no receipt, so usage is unknown"
    ),
    "no_message": (
        "a stream with no message_start: get_final_message fails a bare assert; streamspec "
        "gives no reply and no verdict"
    ),
    "index_is_position": (
        "content_block_start indexes not in arrival order: the SDK appends blocks in arrival "
        "order and reads the index as a list position (deltas land in the wrong block, or "
        "IndexError); streamspec keys each block by its index"
    ),
    "invalid_tool_json": (
        "an input_json_delta that makes the input invalid JSON: the SDK raises ValueError "
        "mid-stream (or, for trailing text after a whole object, drops it); streamspec keeps "
        "the input text as streamed"
    ),
    "partial_tool_input": (
        "a tool input cut off mid-JSON: the SDK's partial-mode parse closes it into an object "
        "(an unfinished string or number dropped); streamspec keeps the text as streamed"
    ),
    "empty_tool_input": (
        "a tool_use with no input text and an empty start input: the SDK gives input {}; "
        "streamspec's tool call input is the empty string (nothing was streamed)"
    ),
    "null_stop_reason_erases": (
        "a later message_delta with a null stop_reason: the SDK overwrites stop_reason with "
        "None; streamspec keeps the finish already given"
    ),
    "last_stop_reason_wins": (
        "two message_deltas with different stop reasons: the SDK keeps the last; streamspec's "
        "judge keeps the first unless a later one is graver (cut over natural)"
    ),
    "error_after_stop": (
        "an error event after message_stop: the SDK raises the API error although the message "
        "was whole; streamspec keeps the record as a source_violation and the call completed"
    ),
    "late_delta_folded": (
        "a content_block_delta after its block's content_block_stop: the SDK appends it to "
        "the block; streamspec keeps it as a source_violation and folds nothing"
    ),
    "missing_usage_crashes": (
        "a message_start or message_delta without usage: the SDK raises AttributeError "
        "('NoneType' object has no attribute 'output_tokens'); streamspec reads the usage "
        "there is"
    ),
}

NATURAL = frozenset({"end_turn", "stop_sequence", "tool_use"})
CUT = frozenset({"max_tokens", "pause_turn", "refusal", "model_context_window_exceeded"})
REASONS = sorted(NATURAL | CUT)
USAGE_KEYS = {
    "input_tokens": "input_tokens",
    "output_tokens": "output_tokens",
    "cache_read_input_tokens": "cache_input_tokens",
    "cache_creation_input_tokens": "cache_creation_input_tokens",
}
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "anthropic"

# ---------------------------------------------------------------- building streams


def message_start(message_id: str, usage: Usage | None) -> RawMessageStartEvent:
    """A message_start as the API sends it (no usage: built unchecked, as a bad server would)."""
    fields: dict[str, Any] = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
    }
    if usage is None:
        return RawMessageStartEvent(type="message_start", message=Message.construct(**fields))
    return RawMessageStartEvent(type="message_start", message=Message(**fields, usage=usage))


def text_start(index: int, text: str = "") -> RawContentBlockStartEvent:
    return RawContentBlockStartEvent(
        type="content_block_start", index=index, content_block=TextBlock(type="text", text=text)
    )


def thinking_start(index: int) -> RawContentBlockStartEvent:
    return RawContentBlockStartEvent(
        type="content_block_start",
        index=index,
        content_block=ThinkingBlock(type="thinking", thinking="", signature=""),
    )


def tool_start(
    index: int, call_id: str, name: str, start_input: dict[str, Any] | None = None
) -> RawContentBlockStartEvent:
    return RawContentBlockStartEvent(
        type="content_block_start",
        index=index,
        content_block=ToolUseBlock(type="tool_use", id=call_id, name=name, input=start_input or {}),
    )


def text_delta(index: int, text: str) -> RawContentBlockDeltaEvent:
    return RawContentBlockDeltaEvent(
        type="content_block_delta", index=index, delta=TextDelta(type="text_delta", text=text)
    )


def thinking_delta(index: int, text: str) -> RawContentBlockDeltaEvent:
    return RawContentBlockDeltaEvent(
        type="content_block_delta",
        index=index,
        delta=ThinkingDelta(type="thinking_delta", thinking=text),
    )


def signature_delta(index: int, signature: str) -> RawContentBlockDeltaEvent:
    return RawContentBlockDeltaEvent(
        type="content_block_delta",
        index=index,
        delta=SignatureDelta(type="signature_delta", signature=signature),
    )


def input_delta(index: int, partial_json: str) -> RawContentBlockDeltaEvent:
    return RawContentBlockDeltaEvent(
        type="content_block_delta",
        index=index,
        delta=InputJSONDelta(type="input_json_delta", partial_json=partial_json),
    )


def citation_delta(index: int) -> RawContentBlockDeltaEvent:
    return RawContentBlockDeltaEvent.model_validate(
        {
            "type": "content_block_delta",
            "index": index,
            "delta": {
                "type": "citations_delta",
                "citation": {
                    "type": "char_location",
                    "cited_text": "Paris is the capital of France.",
                    "document_index": 0,
                    "document_title": "Atlas",
                    "start_char_index": 0,
                    "end_char_index": 31,
                },
            },
        }
    )


def block_stop(index: int) -> RawContentBlockStopEvent:
    return RawContentBlockStopEvent(type="content_block_stop", index=index)


def message_delta(reason: str | None, usage: MessageDeltaUsage | None) -> RawMessageDeltaEvent:
    """A message_delta (no usage: built unchecked, as a bad server would)."""
    delta = Delta(stop_reason=reason, stop_sequence=None)
    if usage is None:
        return RawMessageDeltaEvent.construct(type="message_delta", delta=delta)
    return RawMessageDeltaEvent(type="message_delta", delta=delta, usage=usage)


def message_stop() -> RawMessageStopEvent:
    return RawMessageStopEvent(type="message_stop")


def overloaded() -> ErrorResponse:
    return ErrorResponse(
        type="error", error=OverloadedErrorObject(type="overloaded_error", message="Overloaded")
    )


PING: dict[str, str] = {"type": "ping"}

WireEvent = Any


def type_of(event: WireEvent) -> str:
    return event["type"] if isinstance(event, dict) else str(event.type)


def wire(event: WireEvent) -> str:
    """The event's JSON as the API sends it."""
    if isinstance(event, dict):
        return json.dumps(event, separators=(",", ":"))
    return event.to_json(indent=None)


def sse(events: Sequence[WireEvent]) -> bytes:
    return "".join(f"event: {type_of(e)}\ndata: {wire(e)}\n\n" for e in events).encode()


def jsonl(events: Sequence[WireEvent]) -> bytes:
    return "".join(f"{wire(e)}\n" for e in events).encode()


# ---------------------------------------------------------------- the two answers


@dataclass
class Answer:
    """What one reader makes of a stream."""

    outcome: str
    text: str = ""
    thinking: str = ""
    tools: list[tuple[str, str, Any]] = field(default_factory=list)
    finish_reason: str | None = None
    usage: dict[str, int | None] | None = None
    error_code: str | None = None
    verdict: str | None = None


_CLIENT = anthropic.Anthropic(api_key="test-key", base_url="http://anthropic.invalid")


def sdk_answer(body: bytes) -> Answer:
    """The SDK's answer: ``returned`` with its final message, ``api_error``, or ``raised X``."""
    request = httpx2.Request("POST", "http://anthropic.invalid/v1/messages")
    response = httpx2.Response(
        200, content=body, request=request, headers={"content-type": "text/event-stream"}
    )
    raw = Stream(cast_to=RawMessageStreamEvent, response=response, client=_CLIENT)
    stream: MessageStream[Any] = MessageStream(raw, output_format=not_given)
    code = None
    try:
        stream.get_final_message()
        outcome = "returned"
    except APIStatusError as error:
        outcome, code = "api_error", error.body["error"]["type"]
    except (ValueError, IndexError, AttributeError, AssertionError, RuntimeError) as error:
        outcome = f"raised {type(error).__name__}"
    try:
        snapshot = stream.current_message_snapshot
    except AssertionError:
        return Answer(outcome, error_code=code)
    answer = Answer(outcome, error_code=code, finish_reason=snapshot.stop_reason)
    for block in snapshot.content:
        if block.type == "text":
            answer.text += block.text
        elif block.type == "thinking":
            answer.thinking += block.thinking
        elif block.type == "tool_use":
            answer.tools.append((block.id, block.name, block.input))
    usage = getattr(snapshot, "usage", None)
    if usage is not None:
        answer.usage = {ours: getattr(usage, theirs) for theirs, ours in USAGE_KEYS.items()}
    return answer


def streamspec_answer(body: bytes, *, violations: int = 0) -> Answer:
    """streamspec's answer: ``returned`` (the reply ended, not failed), ``api_error`` or ``open``.

    The stream must give ``violations`` error diagnostics (source violations), no other.
    """
    lines = list(read_events(io.BytesIO(body), "anthropic"))
    problems = [line.problem for line in lines if line.problem is not None]
    errors = [problem for problem in problems if problem.severity.value == "error"]
    assert [problem.code for problem in errors] == ["source_violation"] * violations, problems
    reducer = Reducer()
    for line in reply_lines(lines):
        if line.record is not None and line.problem is None:
            reducer.apply(line.record)
    judge = Judge()
    for line in judge_lines(lines, "anthropic"):
        if line.record is not None and line.problem is None:
            judge.apply(line.record)
    verdicts = judge.verdicts()
    assert len(verdicts) <= 1
    verdict = verdicts[0] if verdicts else None
    ended = any(isinstance(line.record, ReplyEndEvent) for line in lines)
    if verdict is not None and verdict.terminal_state.value == "failed":
        outcome = "api_error"
    elif ended:
        outcome = "returned"
    else:
        outcome = "open" if reducer.reply_id is not None else "none"
    answer = Answer(outcome)
    for block in reducer.to_dict()["content"]:
        if block["type"] == "text":
            answer.text += block["text"]
        elif block["type"] == "thinking":
            answer.thinking += block["thinking"]
        elif block["type"] == "tool_call":
            answer.tools.append((block["id"], block["name"], block["input"]))
    if verdict is not None:
        answer.finish_reason = verdict.finish_reason
        answer.usage = verdict.usage and {k: verdict.usage[k] for k in USAGE_KEYS.values()}
        answer.error_code = verdict.error_code
        answer.verdict = verdict.terminal_state.value
    return answer


# ---------------------------------------------------------------- the stream's own facts


@dataclass
class Facts:
    """What the importer's rules say a stream gives (computed by hand, rule by rule)."""

    text: str
    thinking: str
    tools: list[tuple[str, str, str]]
    finish_reason: str | None
    usage: dict[str, int | None] | None
    verdict: str | None
    outcome: str


def _rank(reason: str) -> int:
    return 1 if reason in NATURAL else 3 if reason in CUT else 2


def facts_of(events: Sequence[WireEvent]) -> Facts:
    """The rules applied to a protocol-valid stream (rules 3-9, 12)."""
    texts: dict[int, list[str]] = {}
    thinking: dict[int, list[str]] = {}
    tools: dict[int, Tool] = {}
    order: list[tuple[str, int]] = []
    started = stopped = chunks = False
    reasons: list[str] = []
    usage: dict[str, int] = {}
    error = None
    for event in events:
        kind = type_of(event)
        if kind == "message_start":
            started = chunks = True  # the reply's start gives the call's empty text chunk
            usage = _counts(getattr(event.message, "usage", None))
        elif kind == "content_block_start":
            block = event.content_block
            if block.type == "text":
                texts[event.index] = [block.text]
                chunks = chunks or bool(block.text)
                order.append(("text", event.index))
            elif block.type == "thinking":
                thinking[event.index] = [block.thinking]
                order.append(("thinking", event.index))
            else:
                tools[event.index] = Tool(block.id, block.name, block.input)
                order.append(("tool", event.index))
        elif kind == "content_block_delta":
            delta = event.delta
            chunks = chunks or delta.type in {"text_delta", "thinking_delta", "input_json_delta"}
            if delta.type == "text_delta":
                texts[event.index].append(delta.text)
            elif delta.type == "thinking_delta":
                thinking[event.index].append(delta.thinking)
            elif delta.type == "input_json_delta":
                tools[event.index].pieces.append(delta.partial_json)
        elif kind == "content_block_stop" and event.index in tools:
            chunks = tools[event.index].end() or chunks
        elif kind == "message_delta":
            usage.update(_counts(getattr(event, "usage", None)))
            if event.delta.stop_reason is not None:
                reasons.append(event.delta.stop_reason)
        elif kind == "message_stop":
            stopped = True
            for tool in tools.values():
                chunks = tool.end() or chunks
        elif kind == "error":
            error = event.error.type
    finish = None
    for reason in reasons:
        if finish is None or _rank(reason) > _rank(finish):
            finish = reason
    if error is not None:
        verdict: str | None = "failed"
    elif finish in CUT:
        verdict = "truncated"
    elif finish is not None and stopped:
        verdict = "completed"
    elif finish is not None or stopped or chunks:
        verdict = "no_completion_basis"
    else:
        verdict = None
    if error is not None:
        outcome = "api_error"
    elif stopped:
        outcome = "returned"
    else:
        outcome = "open" if started else "none"
    return Facts(
        text="".join("".join(texts[i]) for kind, i in order if kind == "text"),
        thinking="".join("".join(thinking[i]) for kind, i in order if kind == "thinking"),
        tools=[tools[i].fact() for kind, i in order if kind == "tool"],
        finish_reason=finish,
        usage=(
            {ours: usage.get(theirs) for theirs, ours in USAGE_KEYS.items()}
            if stopped and usage
            else None
        ),
        verdict=verdict,
        outcome=outcome,
    )


@dataclass
class Tool:
    """A tool_use block as the rules read it (rules 4-6)."""

    call_id: str
    name: str
    start_input: dict[str, Any]
    pieces: list[str] = field(default_factory=list)
    ended: bool = False

    def end(self) -> bool:
        """End the block; whether its start input became a chunk (rule 6)."""
        if self.ended:
            return False
        self.ended = True
        if not "".join(self.pieces) and self.start_input:
            self.pieces.append(
                json.dumps(self.start_input, separators=(",", ":"), ensure_ascii=False)
            )
            return True
        return False

    def fact(self) -> tuple[str, str, str]:
        return (self.call_id, self.name, "".join(self.pieces))


def _counts(usage: Any) -> dict[str, int]:
    if usage is None:
        return {}
    return {k: getattr(usage, k) for k in USAGE_KEYS if getattr(usage, k, None) is not None}


# ---------------------------------------------------------------- generated streams


@dataclass
class Plan:
    """A generated stream and what the test knows of it beyond its events."""

    events: list[WireEvent]
    #: Tool call id -> the whole input text it was meant to stream.
    inputs: dict[str, str] = field(default_factory=dict)
    #: Tool call ids whose streamed input is not valid JSON.
    invalid: set[str] = field(default_factory=set)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6)
RARE = st.integers(0, 7).map(lambda n: n == 7)
KINDS = st.sampled_from(["text", "text", "thinking", "tool_use", "tool_use"])
FIRST_TEXTS = st.sampled_from(["", "", "", "Hi "])
TEXT_PIECES = st.lists(texts, max_size=4)
TOOL_NAMES = st.sampled_from(["get_weather", "search"])
TOOL_ARGS = st.dictionaries(st.text(max_size=4), json_values, max_size=3)
INPUT_STYLES = st.sampled_from(["streamed", "streamed", "streamed", "start", "empty", "bad"])
BAD_ENDINGS = st.sampled_from(["x", "}}", "]"])
COUNTS = st.integers(0, 5000)
USAGES = st.builds(
    Usage,
    input_tokens=COUNTS,
    output_tokens=st.integers(0, 3),
    cache_read_input_tokens=st.none() | COUNTS,
    cache_creation_input_tokens=st.none() | COUNTS,
)
DELTA_USAGES = st.builds(
    MessageDeltaUsage,
    output_tokens=COUNTS,
    input_tokens=st.none() | COUNTS,
    cache_read_input_tokens=st.none() | COUNTS,
    cache_creation_input_tokens=st.none() | COUNTS,
)
STOP_REASONS = st.sampled_from(REASONS)
DELTA_COUNTS = st.sampled_from([1, 1, 1, 0, 2, 3])


def rarely(draw: st.DrawFn, rare: st.SearchStrategy[Any], usual: st.SearchStrategy[Any]) -> Any:
    """A draw of ``rare`` about one time in eight, else of ``usual``."""
    return draw(rare if draw(RARE) else usual)


@st.composite
def pieces_of(draw: st.DrawFn, whole: str) -> list[str]:
    """``whole`` split at drawn points (possibly into one piece, or with empty pieces)."""
    cuts = sorted(draw(st.lists(st.integers(0, len(whole)), max_size=4)))
    bounds = [0, *cuts, len(whole)]
    return [whole[a:b] for a, b in itertools.pairwise(bounds)]


def block_ops(draw: st.DrawFn, number: int, plan: Plan) -> list[Callable[[int], WireEvent]]:
    """One block's events, each a function of the block's index."""
    kind = draw(KINDS)
    ops: list[Callable[[int], WireEvent]] = []
    if kind == "text":
        first = draw(FIRST_TEXTS)
        ops.append(lambda i: text_start(i, first))
        ops += [lambda i, p=piece: text_delta(i, p) for piece in draw(TEXT_PIECES)]
        if draw(RARE):
            ops.append(citation_delta)
    elif kind == "thinking":
        ops.append(thinking_start)
        ops += [lambda i, p=piece: thinking_delta(i, p) for piece in draw(TEXT_PIECES)]
        ops.append(lambda i: signature_delta(i, "c2lnbmF0dXJl"))
    else:
        call_id, name = f"toolu_{number:02d}", draw(TOOL_NAMES)
        args = draw(TOOL_ARGS)
        whole = json.dumps(args, ensure_ascii=draw(st.booleans()))
        style = draw(INPUT_STYLES)
        start_input: dict[str, Any] | None = args if style == "start" else None
        if style == "bad":
            whole = whole[: draw(st.integers(0, len(whole)))] + draw(BAD_ENDINGS)
            plan.invalid.add(call_id)
        plan.inputs[call_id] = whole
        ops.append(lambda i: tool_start(i, call_id, name, start_input))
        chunks = [] if style == "start" else [""] if style == "empty" else draw(pieces_of(whole))
        ops += [lambda i, p=piece: input_delta(i, p) for piece in chunks]
    ops.append(block_stop)
    return ops


def interleaved(draw: st.DrawFn, blocks: list[list[Callable[[int], WireEvent]]]) -> list[WireEvent]:
    """The blocks' events, each block's in order, blocks started in turn and (maybe) interleaved."""
    count = len(blocks)
    identity = list(range(count))
    indexes = rarely(draw, st.permutations(identity), st.just(identity))
    interleave = draw(st.booleans())
    done = [0] * count
    open_blocks: list[int] = []
    next_block = 0
    body: list[WireEvent] = []
    while next_block < count or open_blocks:
        waiting = [next_block] if next_block < count else []
        if interleave:
            chosen = draw(st.sampled_from(open_blocks + waiting))
        else:
            chosen = open_blocks[0] if open_blocks else next_block
        if chosen == next_block:
            open_blocks.append(chosen)
            next_block += 1
        body.append(blocks[chosen][done[chosen]](indexes[chosen]))
        done[chosen] += 1
        if done[chosen] == len(blocks[chosen]):
            open_blocks.remove(chosen)
    return body


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    """A stream: blocks in any index order, interleaved or not, pings, deltas, an error, a cut."""
    plan = Plan(events=[])
    blocks = [block_ops(draw, number, plan) for number in range(draw(st.integers(0, 4)))]
    events = [message_start("msg_01", rarely(draw, st.none(), USAGES))]
    events += interleaved(draw, blocks)
    for _ in range(draw(DELTA_COUNTS)):
        reason = rarely(draw, st.none(), STOP_REASONS)
        events.append(message_delta(reason, rarely(draw, st.none(), DELTA_USAGES)))
    events.append(message_stop())
    for _ in range(draw(st.integers(0, 2))):
        events.insert(draw(st.integers(0, len(events))), PING)
    if draw(RARE):
        last = max(i for i, e in enumerate(events) if type_of(e) == "message_stop")
        events = [*events[: draw(st.integers(0, last))], overloaded()]
    if draw(st.booleans()):
        events = events[: draw(st.integers(0, len(events)))]
    plan.events = events
    return plan


# ---------------------------------------------------------------- classifying differences


def _permuted(events: Sequence[WireEvent]) -> bool:
    starts = [e.index for e in events if type_of(e) == "content_block_start"]
    return starts != list(range(len(starts)))


def _missing_usage(events: Sequence[WireEvent]) -> bool:
    return any(
        (type_of(e) == "message_start" and getattr(e.message, "usage", None) is None)
        or (type_of(e) == "message_delta" and getattr(e, "usage", None) is None)
        for e in events
    )


def _stopped(events: Sequence[WireEvent]) -> bool:
    return any(type_of(e) == "message_stop" for e in events)


def _reasons(events: Sequence[WireEvent]) -> list[str | None]:
    return [e.delta.stop_reason for e in events if type_of(e) == "message_delta"]


def classify_outcome(plan: Plan, sdk: Answer, ours: Answer) -> str:
    """The known difference behind an outcome mismatch (its premise checked)."""
    events = plan.events
    if sdk.outcome == "raised IndexError":
        assert _permuted(events)
        return "index_is_position"
    if sdk.outcome == "raised ValueError":
        assert plan.invalid
        return "invalid_tool_json"
    if sdk.outcome == "raised AttributeError":
        assert _missing_usage(events)
        return "missing_usage_crashes"
    if sdk.outcome == "raised AssertionError":
        assert not any(type_of(e) == "message_start" for e in events)
        return "no_message"
    if sdk.outcome == "returned" and ours.outcome == "open":
        assert not _stopped(events)
        return "cut_returns_message"
    raise AssertionError(f"unknown difference: SDK {sdk.outcome}, streamspec {ours.outcome}")


def classify_tool(plan: Plan, sdk_call: Any, our_call: Any) -> str:
    """The known difference behind one tool call's mismatch."""
    if _permuted(plan.events):
        return "index_is_position"
    call_id, _, text = our_call
    assert sdk_call[:2] == our_call[:2]
    if text == "" and sdk_call[2] == {}:
        return "empty_tool_input"
    if call_id in plan.invalid:
        return "invalid_tool_json"
    whole = plan.inputs[call_id]
    assert whole.startswith(text) and text != whole, (text, whole)
    return "partial_tool_input"


def classify_finish(plan: Plan, sdk: Answer, ours: Answer) -> str:
    reasons = _reasons(plan.events)
    given = [r for r in reasons if r is not None]
    if sdk.finish_reason is None:
        assert reasons and reasons[-1] is None and given
        return "null_stop_reason_erases"
    assert len(set(given)) > 1 and sdk.finish_reason == reasons[-1]
    return "last_stop_reason_wins"


def differences(plan: Plan, sdk: Answer, ours: Answer) -> list[str]:
    """Each mismatch between the two answers, classified into one known difference."""
    found: list[str] = []
    if sdk.outcome != ours.outcome:
        found.append(classify_outcome(plan, sdk, ours))
        if sdk.outcome.startswith("raised"):
            return found
    if sdk.error_code != ours.error_code:
        raise AssertionError(f"error codes differ: {sdk.error_code} vs {ours.error_code}")
    permuted = _permuted(plan.events)
    for fact in ("text", "thinking"):
        if getattr(sdk, fact) != getattr(ours, fact):
            assert permuted, fact
            found.append("index_is_position")
    assert len(sdk.tools) == len(ours.tools)
    for sdk_call, our_call in zip(sdk.tools, ours.tools, strict=True):
        if not _same_input(sdk_call[2], our_call[2]) or sdk_call[:2] != our_call[:2]:
            found.append(classify_tool(plan, sdk_call, our_call))
    if sdk.finish_reason != ours.finish_reason:
        found.append(classify_finish(plan, sdk, ours))
    if sdk.usage != ours.usage:
        assert not _stopped(plan.events) and ours.usage is None
        found.append("cut_usage_reported")
    return found


def _same_input(sdk_input: Any, text: str) -> bool:
    try:
        return bool(json.loads(text) == sdk_input)
    except ValueError:
        return False


# ---------------------------------------------------------------- the properties


@given(plans())
def test_streamspec_gives_the_facts_and_the_sdk_differs_only_as_known(plan: Plan) -> None:
    """streamspec gives what the rules say; every mismatch with the SDK is one known difference."""
    body = sse(plan.events)
    facts, ours = facts_of(plan.events), streamspec_answer(body)
    assert ours.outcome == facts.outcome
    assert ours.text == facts.text
    assert ours.thinking == facts.thinking
    assert ours.tools == facts.tools
    assert ours.verdict == facts.verdict
    assert ours.finish_reason == facts.finish_reason
    assert ours.usage == facts.usage
    if ours.verdict == "completed":
        assert facts.finish_reason in NATURAL and _stopped(plan.events)
    found = differences(plan, sdk_answer(body), ours)
    assert set(found) <= set(KNOWN_DIFFERENCES)


def test_a_complete_stream_agrees_exactly() -> None:
    """A plain stream: text, a tool call, thinking, usage and finish are the SDK's own."""
    events = example_streams()["parallel-tool-calls.sse"]
    sdk, ours = sdk_answer(sse(events)), streamspec_answer(sse(events))
    assert differences(Plan(events), sdk, ours) == []
    assert sdk.tools == [
        ("toolu_01", "get_weather", {"city": "Paris"}),
        ("toolu_02", "get_weather", {"city": "Tokyo", "unit": "celsius"}),
    ]
    assert ours.verdict == "completed"


# ---------------------------------------------------------------- each difference, by hand

START = message_start("msg_01", Usage(input_tokens=12, output_tokens=1))


def _both(events: list[WireEvent], *, violations: int = 0) -> tuple[Answer, Answer]:
    body = sse(events)
    return sdk_answer(body), streamspec_answer(body, violations=violations)


def test_cut_returns_message() -> None:
    sdk, ours = _both([START, text_start(0), text_delta(0, "Hel")])
    assert (sdk.outcome, sdk.finish_reason, sdk.text) == ("returned", None, "Hel")
    assert (ours.outcome, ours.verdict, ours.text) == ("open", "no_completion_basis", "Hel")


def test_cut_usage_reported() -> None:
    sdk, ours = _both([START, text_start(0), text_delta(0, "Hel")])
    assert sdk.usage == {
        "input_tokens": 12,
        "output_tokens": 1,
        "cache_input_tokens": None,
        "cache_creation_input_tokens": None,
    }
    assert ours.usage is None


def test_no_message() -> None:
    sdk, ours = _both([PING])
    assert sdk.outcome == "raised AssertionError"
    assert (ours.outcome, ours.verdict) == ("none", None)


def test_index_is_position() -> None:
    events = [START, text_start(1), text_delta(1, "late"), block_stop(1), message_stop()]
    sdk, ours = _both(events)
    assert sdk.outcome == "raised IndexError"
    assert (ours.outcome, ours.text, ours.verdict) == ("returned", "late", "no_completion_basis")
    swapped = [
        START,
        tool_start(1, "toolu_b", "b"),
        tool_start(0, "toolu_a", "a"),
        input_delta(0, '{"for": "a"}'),
        input_delta(1, '{"for": "b"}'),
        block_stop(0),
        block_stop(1),
        message_stop(),
    ]
    sdk, ours = _both(swapped)
    assert sdk.tools == [("toolu_b", "b", {"for": "a"}), ("toolu_a", "a", {"for": "b"})]
    assert ours.tools == [("toolu_b", "b", '{"for": "b"}'), ("toolu_a", "a", '{"for": "a"}')]


def test_invalid_tool_json() -> None:
    bad = [START, tool_start(0, "toolu_a", "a"), input_delta(0, '{"x": nope}'), block_stop(0)]
    sdk, ours = _both([*bad, message_stop()])
    assert sdk.outcome == "raised ValueError"
    assert ours.tools == [("toolu_a", "a", '{"x": nope}')]
    trailing = [START, tool_start(0, "toolu_a", "a"), input_delta(0, '{"x": 1}]'), block_stop(0)]
    sdk, ours = _both([*trailing, message_stop()])
    assert sdk.tools == [("toolu_a", "a", {"x": 1})]
    assert ours.tools == [("toolu_a", "a", '{"x": 1}]')]


def test_partial_tool_input() -> None:
    sdk, ours = _both([START, tool_start(0, "toolu_a", "a"), input_delta(0, '{"x": 1, "y": "ab')])
    assert sdk.tools == [("toolu_a", "a", {"x": 1})]
    assert ours.tools == [("toolu_a", "a", '{"x": 1, "y": "ab')]


def test_empty_tool_input() -> None:
    sdk, ours = _both([START, tool_start(0, "toolu_a", "a"), input_delta(0, ""), block_stop(0)])
    assert sdk.tools == [("toolu_a", "a", {})]
    assert ours.tools == [("toolu_a", "a", "")]


def test_null_stop_reason_erases() -> None:
    usage = MessageDeltaUsage(output_tokens=9)
    events = [START, message_delta("end_turn", usage), message_delta(None, usage), message_stop()]
    sdk, ours = _both(events)
    assert sdk.finish_reason is None
    assert (ours.finish_reason, ours.verdict) == ("end_turn", "completed")


def test_last_stop_reason_wins() -> None:
    usage = MessageDeltaUsage(output_tokens=9)
    events = [START, message_delta("max_tokens", usage), message_delta("end_turn", usage)]
    sdk, ours = _both([*events, message_stop()])
    assert sdk.finish_reason == "end_turn"
    assert (ours.finish_reason, ours.verdict) == ("max_tokens", "truncated")


def test_missing_usage_crashes() -> None:
    events = [START, message_delta("end_turn", None), message_stop()]
    sdk, ours = _both(events)
    assert sdk.outcome == "raised AttributeError"
    assert (ours.verdict, ours.usage) == (
        "completed",
        {
            "input_tokens": 12,
            "output_tokens": 1,
            "cache_input_tokens": None,
            "cache_creation_input_tokens": None,
        },
    )
    sdk, ours = _both(
        [message_start("msg_01", None), message_delta("end_turn", None), message_stop()]
    )
    assert sdk.outcome == "raised AttributeError"
    assert (ours.verdict, ours.usage) == ("completed", None)


def test_error_after_stop() -> None:
    usage = MessageDeltaUsage(output_tokens=3)
    events = [START, text_start(0), text_delta(0, "Hi"), block_stop(0)]
    events += [message_delta("end_turn", usage), message_stop(), overloaded()]
    sdk, ours = _both(events, violations=1)
    assert sdk.outcome == "api_error"
    assert (ours.outcome, ours.verdict, ours.error_code) == ("returned", "completed", None)


def test_late_delta_folded() -> None:
    events = [START, text_start(0), text_delta(0, "Hi"), block_stop(0), text_delta(0, " there")]
    sdk, ours = _both([*events, message_stop()], violations=1)
    assert sdk.text == "Hi there"
    assert ours.text == "Hi"


def test_an_error_mid_stream_fails_both() -> None:
    """Not a difference: the SDK raises the API error, streamspec judges the call failed."""
    sdk, ours = _both([START, text_start(0), text_delta(0, "Hi"), overloaded()])
    assert (sdk.outcome, sdk.error_code) == ("api_error", "overloaded_error")
    assert (ours.outcome, ours.error_code, ours.verdict) == (
        "api_error",
        "overloaded_error",
        "failed",
    )
    assert sdk.text == ours.text == "Hi"


def test_every_known_difference_has_its_own_test() -> None:
    tests = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert set(KNOWN_DIFFERENCES) <= tests


# ---------------------------------------------------------------- the examples


def example_streams() -> dict[str, list[WireEvent]]:
    """The recorded streams of ``examples/anthropic/``, built with the SDK's types."""
    start = message_start(
        "msg_01XFDUDYJgAACzvnptvVoYEL",
        Usage(
            input_tokens=25,
            output_tokens=1,
            cache_read_input_tokens=0,
            cache_creation_input_tokens=0,
        ),
    )
    weather = message_start(
        "msg_01T1x1fJ34qAmk2tNTrN7Up6", Usage(input_tokens=472, output_tokens=2)
    )
    text = [
        start,
        text_start(0),
        PING,
        text_delta(0, "The capital of France"),
        text_delta(0, " is Paris."),
        citation_delta(0),
        block_stop(0),
        message_delta("end_turn", MessageDeltaUsage(output_tokens=12)),
        message_stop(),
    ]
    tools = [
        weather,
        thinking_start(0),
        thinking_delta(0, "Two cities: call the tool twice."),
        signature_delta(0, "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds"),
        block_stop(0),
        text_start(1),
        text_delta(1, "I'll check both cities."),
        block_stop(1),
        tool_start(2, "toolu_01", "get_weather"),
        input_delta(2, ""),
        input_delta(2, '{"city": '),
        input_delta(2, '"Paris"}'),
        block_stop(2),
        tool_start(3, "toolu_02", "get_weather"),
        input_delta(3, '{"city": "Tokyo", '),
        input_delta(3, '"unit": "celsius"}'),
        block_stop(3),
        message_delta("tool_use", MessageDeltaUsage(output_tokens=89)),
        message_stop(),
    ]
    cut = [*text[:5]]
    truncated = [
        start,
        text_start(0),
        text_delta(0, "Once upon a time, in a kingdom by"),
        block_stop(0),
        message_delta("max_tokens", MessageDeltaUsage(output_tokens=16)),
        message_stop(),
    ]
    error = [start, text_start(0), text_delta(0, "Let me"), PING, overloaded()]
    return {
        "complete-text.sse": text,
        "parallel-tool-calls.sse": tools,
        "cut-before-message-stop.jsonl": cut,
        "max-tokens-truncated.sse": truncated,
        "overloaded-error.jsonl": error,
    }


def example_bytes(name: str, events: Sequence[WireEvent]) -> bytes:
    return sse(events) if name.endswith(".sse") else jsonl(events)


@pytest.mark.parametrize("name", sorted(example_streams()))
def test_examples_are_the_sdk_s_serializations(name: str) -> None:
    """Each example file is what the SDK's types serialize (regenerate by running this file)."""
    assert (EXAMPLES / name).read_bytes() == example_bytes(name, example_streams()[name])


def write_examples() -> None:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for name, events in example_streams().items():
        (EXAMPLES / name).write_bytes(example_bytes(name, events))


if __name__ == "__main__":
    write_examples()
    sys.exit(0)
