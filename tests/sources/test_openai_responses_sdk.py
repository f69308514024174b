"""streamspec's openai_responses import against the SDK's own accumulator.

The same SSE bytes go through ``openai.Stream`` + ``ResponseStream`` (whose
``ResponseStreamState`` accumulates, and whose ``get_final_response`` raises
"Didn't receive a `response.completed` event." for every stream without one)
and through ``read_events`` + ``Reducer`` + ``Judge``. Streams are made of the
SDK's pydantic event types, serialized with ``model_dump_json()``. Wherever
the two answers differ, the difference is one of :data:`KNOWN_DIFFERENCES`,
and each has a hand-written stream of its own below.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import openai
import pytest
from hypothesis import given
from hypothesis import strategies as st
from openai import Stream
from openai._models import construct_type
from openai._types import omit
from openai.lib.streaming.responses._responses import ResponseStream
from openai.types.responses import (
    Response,
    ResponseCompletedEvent,
    ResponseContentPartAddedEvent,
    ResponseContentPartDoneEvent,
    ResponseCreatedEvent,
    ResponseError,
    ResponseErrorEvent,
    ResponseFailedEvent,
    ResponseFunctionCallArgumentsDeltaEvent,
    ResponseFunctionCallArgumentsDoneEvent,
    ResponseFunctionToolCall,
    ResponseIncompleteEvent,
    ResponseInProgressEvent,
    ResponseOutputItemAddedEvent,
    ResponseOutputItemDoneEvent,
    ResponseOutputMessage,
    ResponseOutputRefusal,
    ResponseOutputText,
    ResponseReasoningItem,
    ResponseReasoningSummaryPartAddedEvent,
    ResponseReasoningSummaryPartDoneEvent,
    ResponseReasoningSummaryTextDeltaEvent,
    ResponseReasoningSummaryTextDoneEvent,
    ResponseReasoningTextDeltaEvent,
    ResponseReasoningTextDoneEvent,
    ResponseRefusalDeltaEvent,
    ResponseRefusalDoneEvent,
    ResponseStreamEvent,
    ResponseTextDeltaEvent,
    ResponseTextDoneEvent,
    ResponseUsage,
)
from openai.types.responses.response import IncompleteDetails
from openai.types.responses.response_content_part_added_event import PartReasoningText
from openai.types.responses.response_content_part_done_event import (
    PartReasoningText as DoneReasoningText,
)
from openai.types.responses.response_reasoning_item import Content, Summary
from openai.types.responses.response_reasoning_summary_part_added_event import Part as SummaryPart
from openai.types.responses.response_reasoning_summary_part_done_event import (
    Part as SummaryDonePart,
)
from openai.types.responses.response_usage import InputTokensDetails, OutputTokensDetails
from streamspec import Reducer
from streamspec.completion import Judge
from streamspec.sources import read_events, reply_lines
from streamspec.sources._read import judge_lines

SOURCE = "openai_responses"
RID = "resp_0"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "openai_responses"

#: difference id -> what the SDK does vs what streamspec says.
KNOWN_DIFFERENCES = {
    "failed_collapsed": "a response.failed (or an error event) ends in the SDK's one \"Didn't receive a `response.completed` event.\"; streamspec says failed, with the error's code and message",
    "incomplete_collapsed": "a response.incomplete ends in the same SDK exception; streamspec says truncated, with the finish incomplete/<reason>",
    "error_event_ignored": "the SDK passes an error event through and still returns the final response of a later response.completed; streamspec says failed (any error outranks the finish)",
    "error_before_created": 'an error event before response.created makes the SDK raise "Expected to have received `response.created` before `error`"; streamspec gives the error to the call `response` (failed)',
    "event_after_terminal": "a terminal event after the terminal one replaces the SDK's final response (its usage, its status); streamspec keeps the first and reports the rest as source_violation",
    "sdk_raises_on_protocol_break": "the SDK's accumulator raises mid-stream on a protocol break (a replayed output_item.added: duplicate output index) and the whole answer is lost; streamspec keeps the record whole as a source_violation and reads on",
    "replay_applied_twice": "a replayed delta or content part (same sequence_number) is applied twice to the SDK's snapshot; streamspec reports it and applies it once",
    "start_order": "streamspec orders the message content and the receipt's text by when each block or call started; the SDK orders output by output_index",
    "refusal_in_final_text": "the SDK's output_text leaves refusal parts out; streamspec's final_text joins every text block, refusals included",
    "final_output_not_deltas": "the SDK's final answer is the terminal event's response.output; streamspec's is the streamed deltas, and a done text that disagrees with them is a source_violation",
}

# ---------------------------------------------------------------- the SDK's types


def usage_of(numbers: tuple[int, int, int] | None) -> ResponseUsage | None:
    if numbers is None:
        return None
    inputs, outputs, cached = numbers
    return ResponseUsage(
        input_tokens=inputs,
        input_tokens_details=InputTokensDetails(cached_tokens=cached, cache_write_tokens=0),
        output_tokens=outputs,
        output_tokens_details=OutputTokensDetails(reasoning_tokens=0),
        total_tokens=inputs + outputs,
    )


def response_of(
    status: str,
    output: list[Any] | None = None,
    usage: tuple[int, int, int] | None = None,
    **more: Any,
) -> Response:
    return Response(
        id=RID,
        created_at=1700000000.0,
        model="gpt-4.1",
        object="response",
        output=output or [],
        parallel_tool_calls=True,
        tool_choice="auto",
        tools=[],
        status=status,
        usage=usage_of(usage),
        **more,
    )


#: An event made once its sequence number is known.
Make = Callable[[int], Any]


@dataclass
class Message:
    """A message item: parts (``output_text`` or ``refusal``) and their deltas."""

    parts: list[tuple[str, list[str]]]
    item_id: str = "msg_0"

    def final(self) -> ResponseOutputMessage:
        return ResponseOutputMessage(
            id=self.item_id,
            type="message",
            role="assistant",
            status="completed",
            content=[self.part(kind, "".join(d)) for kind, d in self.parts],
        )

    @staticmethod
    def part(kind: str, text: str) -> Any:
        if kind == "refusal":
            return ResponseOutputRefusal(type="refusal", refusal=text)
        return ResponseOutputText(type="output_text", text=text, annotations=[])

    def events(self, o: int) -> list[Make]:
        added = ResponseOutputMessage(
            id=self.item_id, type="message", role="assistant", status="in_progress", content=[]
        )
        out: list[Make] = [
            lambda s: ResponseOutputItemAddedEvent(
                type="response.output_item.added", sequence_number=s, output_index=o, item=added
            )
        ]
        for c, (kind, deltas) in enumerate(self.parts):
            at = {"output_index": o, "content_index": c, "item_id": self.item_id}
            text = "".join(deltas)
            out.append(
                lambda s, at=at, kind=kind: ResponseContentPartAddedEvent(
                    type="response.content_part.added",
                    sequence_number=s,
                    part=self.part(kind, ""),
                    **at,
                )
            )
            for delta in deltas:
                if kind == "refusal":
                    out.append(
                        lambda s, at=at, d=delta: ResponseRefusalDeltaEvent(
                            type="response.refusal.delta", sequence_number=s, delta=d, **at
                        )
                    )
                else:
                    out.append(
                        lambda s, at=at, d=delta: ResponseTextDeltaEvent(
                            type="response.output_text.delta",
                            sequence_number=s,
                            delta=d,
                            logprobs=[],
                            **at,
                        )
                    )
            if kind == "refusal":
                out.append(
                    lambda s, at=at, t=text: ResponseRefusalDoneEvent(
                        type="response.refusal.done", sequence_number=s, refusal=t, **at
                    )
                )
            else:
                out.append(
                    lambda s, at=at, t=text: ResponseTextDoneEvent(
                        type="response.output_text.done",
                        sequence_number=s,
                        text=t,
                        logprobs=[],
                        **at,
                    )
                )
            out.append(
                lambda s, at=at, kind=kind, t=text: ResponseContentPartDoneEvent(
                    type="response.content_part.done",
                    sequence_number=s,
                    part=self.part(kind, t),
                    **at,
                )
            )
        out.append(
            lambda s: ResponseOutputItemDoneEvent(
                type="response.output_item.done",
                sequence_number=s,
                output_index=o,
                item=self.final(),
            )
        )
        return out


@dataclass
class Call:
    """A function_call item and its argument deltas."""

    call_id: str
    name: str
    deltas: list[str]
    item_id: str = "fc_0"

    def final(self) -> ResponseFunctionToolCall:
        return ResponseFunctionToolCall(
            type="function_call",
            id=self.item_id,
            call_id=self.call_id,
            name=self.name,
            arguments="".join(self.deltas),
            status="completed",
        )

    def events(self, o: int) -> list[Make]:
        added = ResponseFunctionToolCall(
            type="function_call",
            id=self.item_id,
            call_id=self.call_id,
            name=self.name,
            arguments="",
            status="in_progress",
        )
        out: list[Make] = [
            lambda s: ResponseOutputItemAddedEvent(
                type="response.output_item.added", sequence_number=s, output_index=o, item=added
            )
        ]
        for delta in self.deltas:
            out.append(
                lambda s, d=delta: ResponseFunctionCallArgumentsDeltaEvent(
                    type="response.function_call_arguments.delta",
                    sequence_number=s,
                    output_index=o,
                    item_id=self.item_id,
                    delta=d,
                )
            )
        out.append(
            lambda s: ResponseFunctionCallArgumentsDoneEvent(
                type="response.function_call_arguments.done",
                sequence_number=s,
                output_index=o,
                item_id=self.item_id,
                arguments="".join(self.deltas),
            )
        )
        out.append(
            lambda s: ResponseOutputItemDoneEvent(
                type="response.output_item.done",
                sequence_number=s,
                output_index=o,
                item=self.final(),
            )
        )
        return out


@dataclass
class Reasoning:
    """A reasoning item: summary parts and reasoning_text parts."""

    summaries: list[list[str]]
    contents: list[list[str]] = field(default_factory=list)
    item_id: str = "rs_0"

    def final(self) -> ResponseReasoningItem:
        return ResponseReasoningItem(
            id=self.item_id,
            type="reasoning",
            summary=[Summary(type="summary_text", text="".join(d)) for d in self.summaries],
            content=[Content(type="reasoning_text", text="".join(d)) for d in self.contents],
            status="completed",
        )

    def events(self, o: int) -> list[Make]:
        added = ResponseReasoningItem(id=self.item_id, type="reasoning", summary=[])
        out: list[Make] = [
            lambda s: ResponseOutputItemAddedEvent(
                type="response.output_item.added", sequence_number=s, output_index=o, item=added
            )
        ]
        for i, deltas in enumerate(self.summaries):
            at = {"output_index": o, "summary_index": i, "item_id": self.item_id}
            text = "".join(deltas)
            out.append(
                lambda s, at=at: ResponseReasoningSummaryPartAddedEvent(
                    type="response.reasoning_summary_part.added",
                    sequence_number=s,
                    part=SummaryPart(type="summary_text", text=""),
                    **at,
                )
            )
            out += [
                lambda s, at=at, d=d: ResponseReasoningSummaryTextDeltaEvent(
                    type="response.reasoning_summary_text.delta", sequence_number=s, delta=d, **at
                )
                for d in deltas
            ]
            out.append(
                lambda s, at=at, t=text: ResponseReasoningSummaryTextDoneEvent(
                    type="response.reasoning_summary_text.done", sequence_number=s, text=t, **at
                )
            )
            out.append(
                lambda s, at=at, t=text: ResponseReasoningSummaryPartDoneEvent(
                    type="response.reasoning_summary_part.done",
                    sequence_number=s,
                    part=SummaryDonePart(type="summary_text", text=t),
                    **at,
                )
            )
        for c, deltas in enumerate(self.contents):
            at = {"output_index": o, "content_index": c, "item_id": self.item_id}
            text = "".join(deltas)
            out.append(
                lambda s, at=at: ResponseContentPartAddedEvent(
                    type="response.content_part.added",
                    sequence_number=s,
                    part=PartReasoningText(type="reasoning_text", text=""),
                    **at,
                )
            )
            out += [
                lambda s, at=at, d=d: ResponseReasoningTextDeltaEvent(
                    type="response.reasoning_text.delta", sequence_number=s, delta=d, **at
                )
                for d in deltas
            ]
            out.append(
                lambda s, at=at, t=text: ResponseReasoningTextDoneEvent(
                    type="response.reasoning_text.done", sequence_number=s, text=t, **at
                )
            )
            out.append(
                lambda s, at=at, t=text: ResponseContentPartDoneEvent(
                    type="response.content_part.done",
                    sequence_number=s,
                    part=DoneReasoningText(type="reasoning_text", text=t),
                    **at,
                )
            )
        out.append(
            lambda s: ResponseOutputItemDoneEvent(
                type="response.output_item.done",
                sequence_number=s,
                output_index=o,
                item=self.final(),
            )
        )
        return out


Item = Message | Call | Reasoning


@dataclass
class Plan:
    """One response: its items, how their events interleave, how it ends, and what breaks it."""

    items: list[Item]
    #: item position per item event, in emission order (each item's events keep their order).
    order: list[int] | None = None
    terminal: str = "completed"  # completed, incomplete, failed, none
    usage: tuple[int, int, int] | None = (11, 7, 3)
    reason: str | None = "max_output_tokens"
    #: for incomplete and failed: how many item events come before the terminal event.
    stop_after: int | None = None
    in_progress_usage: tuple[int, int, int] | None = None
    error_at: int | None = None  # position in the event list where an error event goes
    replay_at: int | None = None  # position of an event sent twice (same sequence number)
    extra_terminal: str | None = None  # a terminal event after the terminal one
    cut: int | None = None  # events kept


@dataclass
class Built:
    """A plan's events and what it put where."""

    events: list[Any]
    error_index: int | None = None
    replay_index: int | None = None
    terminal_index: int | None = None


def build(plan: Plan) -> Built:
    """The plan's events, numbered, perturbed and cut, as the SDK's models."""
    queues = [item.events(o) for o, item in enumerate(plan.items)]
    order = plan.order if plan.order is not None else [i for i, q in enumerate(queues) for _ in q]
    body: list[Make] = []
    for position in order:
        body.append(queues[position].pop(0))
    if plan.stop_after is not None and plan.terminal != "completed":
        body = body[: plan.stop_after]
    makes: list[tuple[str, Make]] = [
        (
            "created",
            lambda s: ResponseCreatedEvent(
                type="response.created", sequence_number=s, response=response_of("in_progress")
            ),
        )
    ]
    makes.append(
        (
            "lifecycle",
            lambda s: ResponseInProgressEvent(
                type="response.in_progress",
                sequence_number=s,
                response=response_of("in_progress", usage=plan.in_progress_usage),
            ),
        )
    )
    makes += [("item", make) for make in body]
    finals = [item.final() for item in plan.items]
    if plan.terminal != "none":
        makes.append(("terminal", terminal_make(plan.terminal, finals, plan.usage, plan.reason)))
    if plan.extra_terminal is not None and plan.terminal != "none":
        extra_usage = None if plan.usage is None else (plan.usage[0] + 1, plan.usage[1] + 1, 0)
        makes.append(
            ("extra", terminal_make(plan.extra_terminal, finals, extra_usage, plan.reason))
        )
    if plan.error_at is not None:
        at = min(
            plan.error_at,
            len(makes) - (plan.terminal != "none") - (plan.extra_terminal is not None),
        )
        makes.insert(
            at,
            (
                "error",
                lambda s: ResponseErrorEvent(
                    type="error",
                    sequence_number=s,
                    code="server_error",
                    message="The model stopped",
                    param=None,
                ),
            ),
        )
    events = [make(number) for number, (_, make) in enumerate(makes)]
    roles = [role for role, _ in makes]
    built = Built(events)
    if plan.replay_at is not None:
        at = min(plan.replay_at, len(events) - 1)
        events.insert(at + 1, events[at].model_copy(deep=True))
        roles.insert(at + 1, "replay")
        built.replay_index = at + 1
    if plan.cut is not None:
        del events[plan.cut :]
        del roles[plan.cut :]
    built.error_index = roles.index("error") if "error" in roles else None
    built.terminal_index = roles.index("terminal") if "terminal" in roles else None
    if built.replay_index is not None and built.replay_index >= len(events):
        built.replay_index = None
    return built


def terminal_make(
    kind: str, finals: list[Any], usage: tuple[int, int, int] | None, reason: str | None
) -> Make:
    if kind == "completed":
        return lambda s: ResponseCompletedEvent(
            type="response.completed",
            sequence_number=s,
            response=response_of("completed", finals, usage),
        )
    if kind == "incomplete":
        details = IncompleteDetails(reason=reason)
        return lambda s: ResponseIncompleteEvent(
            type="response.incomplete",
            sequence_number=s,
            response=response_of("incomplete", [], usage, incomplete_details=details),
        )
    error = ResponseError(code="server_error", message="The server had an error")
    return lambda s: ResponseFailedEvent(
        type="response.failed",
        sequence_number=s,
        response=response_of("failed", [], usage, error=error),
    )


def sse_of(events: list[Any]) -> bytes:
    return b"".join(f"event: {e.type}\ndata: {e.model_dump_json()}\n\n".encode() for e in events)


def jsonl_of(events: list[Any]) -> bytes:
    return b"".join(e.model_dump_json().encode() + b"\n" for e in events)


# ---------------------------------------------------------------- running both


class _Counting:
    """The raw SDK stream, counting the events it hands on."""

    def __init__(self, stream: Stream[Any]) -> None:
        self.response = stream.response
        self._stream = stream
        self.count = 0

    def __iter__(self) -> Any:
        for event in self._stream:
            self.count += 1
            yield event


CLIENT = openai.OpenAI(api_key="test", base_url="http://127.0.0.1:9/v1")
NO_COMPLETED = "Didn't receive a `response.completed` event."


@dataclass
class SdkAnswer:
    final: Any = None
    raised: BaseException | None = None
    raised_at: int = 0  # the 1-based record the SDK raised on
    snapshot: Any = None
    output_items: dict[int, Any] = field(default_factory=dict)


def run_sdk(body: bytes) -> SdkAnswer:
    """``ResponseStream.get_final_response`` over ``body``, as the SDK reads an HTTP response."""
    request = httpx2.Request("POST", "http://127.0.0.1:9/v1/responses")
    http = httpx2.Response(
        200, content=body, request=request, headers={"content-type": "text/event-stream"}
    )
    raw = _Counting(Stream(cast_to=ResponseStreamEvent, response=http, client=CLIENT))
    stream = ResponseStream(raw_stream=raw, text_format=omit, input_tools=omit, starting_after=None)
    answer = SdkAnswer()
    try:
        answer.final = stream.get_final_response()
    except Exception as error:
        if str(error) != NO_COMPLETED:
            answer.raised, answer.raised_at = error, raw.count
    state = stream._state
    answer.snapshot = state._ResponseStreamState__current_snapshot
    answer.output_items = dict(state._output_items)
    return answer


@dataclass
class OurAnswer:
    blocks: dict[str, str]
    block_order: list[str]
    calls: list[tuple[str, str, str]]
    verdicts: dict[str, dict[str, Any]]
    violations: set[int]


def run_streamspec(body: bytes) -> OurAnswer:
    lines = list(read_events(iter(body.splitlines(keepends=True)), SOURCE))
    reducer = Reducer()
    for line in reply_lines(lines):
        if line.event is not None:
            reducer.apply(line.event)
    reducer.finish()
    content = reducer.to_dict()["content"]
    blocks = {
        c["id"]: c.get("text", c.get("thinking"))
        for c in content
        if c["type"] in {"text", "thinking"}
    }
    calls = [(c["id"], c["name"], c["input"]) for c in content if c["type"] == "tool_call"]
    judge = Judge()
    for line in judge_lines(lines, SOURCE):
        if line.event is not None:
            judge.apply(line.event)
    violations = {
        line.number
        for line in lines
        if line.problem is not None and line.problem.code == "source_violation"
    }
    return OurAnswer(
        blocks,
        [c["id"] for c in content if c["type"] in {"text", "thinking"}],
        calls,
        {v.key: v.to_dict() for v in judge.verdicts()},
        violations,
    )


def line_of(record: int) -> int:
    """The SSE line of the 1-based ``record`` (event:, data:, blank per record)."""
    return 3 * record - 1


# ---------------------------------------------------------------- comparing


def block_id(o: int, family: str, index: int) -> str:
    return f"{RID}.output.{o}.{family}.{index}"


def sdk_blocks(output: list[Any]) -> dict[str, str]:
    """Every text and thinking part of the SDK's final output, by the block id streamspec gives it."""
    out: dict[str, str] = {}
    for o, item in enumerate(output):
        if item.type == "message":
            for c, part in enumerate(item.content):
                out[block_id(o, "content", c)] = (
                    part.text if part.type == "output_text" else part.refusal
                )
        elif item.type == "reasoning":
            for i, summary in enumerate(item.summary):
                out[block_id(o, "summary", i)] = summary.text
            for c, content in enumerate(item.content or []):
                out[block_id(o, "content", c)] = content.text
    return out


def sdk_usage(usage: Any) -> dict[str, Any] | None:
    if usage is None:
        return None
    return {
        "input_tokens": usage.input_tokens,
        "output_tokens": usage.output_tokens,
        "cache_input_tokens": usage.input_tokens_details.cached_tokens,
        "cache_creation_input_tokens": None,
        "cost_usd": None,
    }


def compare(built: Built) -> dict[str, str]:
    """Run both; return each mismatch (by what differs) with the one known difference that explains it."""
    body = sse_of(built.events)
    sdk, ours = run_sdk(body), run_streamspec(body)
    if sdk.raised is not None:
        return {"answer": explain_raise(built, sdk, ours)}
    if sdk.final is None:
        return explain_no_final(built, sdk, ours)
    return explain_final(built, sdk, ours)


def explain_raise(built: Built, sdk: SdkAnswer, ours: OurAnswer) -> str:
    if built.error_index == 0 and sdk.raised_at == 1:
        assert str(sdk.raised) == "Expected to have received `response.created` before `error`"
        assert ours.verdicts["response"]["terminal_state"] == "failed"
        return "error_before_created"
    assert built.replay_index is not None and sdk.raised_at == built.replay_index + 1, sdk.raised
    assert built.events[built.replay_index].type == "response.output_item.added"
    assert str(sdk.raised).startswith("Duplicate response output index")
    assert line_of(sdk.raised_at) in ours.violations
    return "sdk_raises_on_protocol_break"


def our_verdict(ours: OurAnswer) -> dict[str, Any]:
    absent = {
        "terminal_state": "no_completion_basis",
        "finish_reason": None,
        "usage": None,
        "final_text": None,
    }
    return ours.verdicts.get(RID, absent)


def first_terminal(built: Built) -> str | None:
    return None if built.terminal_index is None else built.events[built.terminal_index].type


def explain_no_final(built: Built, sdk: SdkAnswer, ours: OurAnswer) -> dict[str, str]:
    """The SDK has no final response: streamspec must not say completed, and the partial answers agree."""
    found: dict[str, str] = {}
    verdict = our_verdict(ours)
    state = verdict["terminal_state"]
    assert state != "completed"
    if state == "failed":
        assert first_terminal(built) == "response.failed" or built.error_index is not None
        assert verdict["error_code"] == "server_error"
        found["answer"] = "failed_collapsed"
    elif state == "truncated":
        assert first_terminal(built) == "response.incomplete"
        assert verdict["finish_reason"].startswith("incomplete")
        found["answer"] = "incomplete_collapsed"
    else:
        assert first_terminal(built) is None
    if partial_mismatch(sdk, ours):
        assert built.replay_index is not None
        replayed = built.events[built.replay_index].type
        assert replayed in {
            "response.output_text.delta",
            "response.function_call_arguments.delta",
            "response.content_part.added",
        }
        assert line_of(built.replay_index + 1) in ours.violations
        found["partial"] = "replay_applied_twice"
    return found


def partial_mismatch(sdk: SdkAnswer, ours: OurAnswer) -> bool:
    """Whether the SDK's snapshot (what it accumulates: output_text parts, function arguments) differs from streamspec's."""
    calls = {call_id: arguments for call_id, _, arguments in ours.calls}
    for o, item in sdk.output_items.items():
        if item.type == "function_call" and calls.get(item.call_id) != item.arguments:
            return True
        if item.type == "message":
            for c, part in enumerate(item.content):
                if (
                    part.type == "output_text"
                    and ours.blocks.get(block_id(o, "content", c)) != part.text
                ):
                    return True
    return False


def explain_final(built: Built, sdk: SdkAnswer, ours: OurAnswer) -> dict[str, str]:
    """The SDK returned a final response: compare it with streamspec's verdict and message."""
    found: dict[str, str] = {}
    final = sdk.final
    verdict = our_verdict(ours)
    replaced = first_terminal(built) != "response.completed"
    if verdict["terminal_state"] != "completed":
        if replaced:
            assert verdict["finish_reason"] != "completed"
            found["terminal_state"] = "event_after_terminal"
        else:
            assert built.error_index is not None and built.error_index < built.terminal_index
            assert (verdict["terminal_state"], verdict["error_code"]) == ("failed", "server_error")
            found["terminal_state"] = "error_event_ignored"
    if (final.status, sdk_usage(final.usage)) != (verdict["finish_reason"], verdict["usage"]):
        assert built.terminal_index + 1 < len(built.events)
        assert built.events[-1].type == "response.completed"
        assert line_of(built.terminal_index + 2) in ours.violations
        found["finish_usage"] = "event_after_terminal"
    if replaced:
        return found
    assert sdk_blocks(final.output) == ours.blocks
    theirs = {c.call_id: (c.name, c.arguments) for c in final.output if c.type == "function_call"}
    assert theirs == {call_id: (name, arguments) for call_id, name, arguments in ours.calls}
    index_of = {c.call_id: o for o, c in enumerate(final.output) if c.type == "function_call"}
    order_differs = [c[0] for c in ours.calls] != sorted(
        index_of, key=index_of.__getitem__
    ) or ours.block_order != sorted(ours.block_order, key=block_rank)
    if final.output_text != verdict["final_text"]:
        if any(is_part(final.output, b, "refusal") for b in ours.blocks):
            kept = "".join(
                ours.blocks[b] for b in ours.block_order if is_part(final.output, b, "output_text")
            )
            assert kept == final.output_text
            found["final_text"] = "refusal_in_final_text"
        else:
            assert order_differs
            found["final_text"] = "start_order"
    if order_differs:
        found["order"] = "start_order"
    return found


def block_rank(block: str) -> tuple[int, bool, int]:
    o, family, index = block.split(".")[-3:]
    return (int(o), family == "content", int(index))


def is_part(output: list[Any], block: str, kind: str) -> bool:
    """Whether ``block`` is a message part of type ``kind`` in the SDK's final output."""
    o, family, index = block.split(".")[-3:]
    item = output[int(o)]
    return family == "content" and item.type == "message" and item.content[int(index)].type == kind


# ---------------------------------------------------------------- generated streams

texts = st.text(max_size=6)
deltas = st.lists(texts, max_size=3)


@st.composite
def items(draw: st.DrawFn) -> list[Item]:
    out: list[Item] = []
    kinds = draw(
        st.lists(st.sampled_from(["message", "call", "reasoning"]), min_size=1, max_size=4)
    )
    refusal_allowed = kinds.count("message") == 1
    for n, kind in enumerate(kinds):
        if kind == "message":
            shapes = [["output_text"], ["output_text", "output_text"]] + (
                [["refusal"]] if refusal_allowed else []
            )
            shape = draw(st.sampled_from(shapes))
            out.append(Message([(k, draw(deltas)) for k in shape], item_id=f"msg_{n}"))
        elif kind == "call":
            out.append(
                Call(
                    f"call_{n}",
                    draw(st.sampled_from(["get_weather", "lookup"])),
                    draw(deltas),
                    item_id=f"fc_{n}",
                )
            )
        else:
            out.append(
                Reasoning(
                    [draw(deltas) for _ in range(draw(st.integers(0, 2)))],
                    [draw(deltas) for _ in range(draw(st.integers(0, 1)))],
                    item_id=f"rs_{n}",
                )
            )
    return out


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    chosen = draw(items())
    sizes = [len(item.events(o)) for o, item in enumerate(chosen)]
    tokens = [i for i, size in enumerate(sizes) for _ in range(size)]
    order = draw(st.permutations(tokens)) if draw(st.booleans()) else tokens
    total = sum(sizes)
    plan = Plan(chosen, order=list(order))
    plan.terminal = draw(
        st.sampled_from(["completed", "completed", "incomplete", "failed", "none"])
    )
    plan.usage = draw(
        st.none() | st.tuples(st.integers(0, 99), st.integers(0, 99), st.integers(0, 9))
    )
    plan.reason = draw(
        st.sampled_from(["max_output_tokens", "content_filter", "max_messages", None])
    )
    plan.stop_after = draw(st.integers(0, total))
    plan.in_progress_usage = draw(st.none() | st.just((1, 1, 1)))
    perturbation = draw(st.sampled_from(["none", "none", "error", "replay", "extra"]))
    if perturbation == "error":
        plan.error_at = draw(st.integers(0, total + 2))
    elif perturbation == "replay":
        plan.replay_at = draw(st.integers(0, total + 2))
        plan.terminal = draw(st.sampled_from([plan.terminal, "none"]))
    elif perturbation == "extra":
        plan.extra_terminal = draw(st.sampled_from(["completed", "incomplete"]))
    if draw(st.booleans()):
        plan.cut = draw(st.integers(0, total + 4))
    return plan


@given(plans())
def test_streamspec_agrees_with_the_sdk_but_for_known_differences(plan: Plan) -> None:
    """Final text, tool calls, thinking, finish and usage agree with the SDK's answer, or differ in a known way."""
    found = compare(build(plan))
    assert set(found.values()) <= set(KNOWN_DIFFERENCES)


# ---------------------------------------------------------------- each difference, by hand


def hello(*, more: list[Item] | None = None) -> list[Item]:
    return [Message([("output_text", ["Hel", "lo"])]), *(more or [])]


def test_failed_collapsed() -> None:
    """SDK: the no-completed exception; streamspec: failed with the response's error."""
    built = build(Plan(hello(), terminal="failed", stop_after=3))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert (sdk.final, sdk.raised) == (None, None)
    verdict = ours.verdicts[RID]
    assert (verdict["terminal_state"], verdict["finish_reason"], verdict["error_code"]) == (
        "failed",
        "failed",
        "server_error",
    )
    assert verdict["final_text"] == "Hel"
    assert compare(built) == {"answer": "failed_collapsed"}


def test_incomplete_collapsed() -> None:
    """SDK: the same exception; streamspec: truncated, incomplete/max_output_tokens, usage known."""
    built = build(Plan(hello(), terminal="incomplete", stop_after=4))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert (sdk.final, sdk.raised) == (None, None)
    verdict = ours.verdicts[RID]
    assert (verdict["terminal_state"], verdict["finish_reason"], verdict["usage_state"]) == (
        "truncated",
        "incomplete/max_output_tokens",
        "known",
    )
    assert verdict["final_text"] == "Hello"
    assert compare(built) == {"answer": "incomplete_collapsed"}


def test_a_cut_stream_is_no_answer_on_both_sides() -> None:
    """Not a difference: the SDK has no final response, streamspec no completion basis; the partial texts agree."""
    built = build(Plan(hello(more=[Call("call_1", "f", ['{"a"', ":1}"])]), terminal="none"))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert (sdk.final, sdk.raised) == (None, None)
    assert sdk.output_items[0].content[0].text == ours.blocks[block_id(0, "content", 0)] == "Hello"
    assert ours.verdicts[RID]["terminal_state"] == "no_completion_basis"
    assert compare(built) == {}


def test_error_event_ignored() -> None:
    """SDK: the final response despite an error event; streamspec: failed."""
    built = build(Plan(hello(), error_at=4))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.final is not None and sdk.final.output_text == "Hello"
    verdict = ours.verdicts[RID]
    assert (verdict["terminal_state"], verdict["error_message"], verdict["final_text"]) == (
        "failed",
        "The model stopped",
        "Hello",
    )
    assert compare(built) == {"terminal_state": "error_event_ignored"}


def test_error_before_created() -> None:
    """SDK: raises at the first record; streamspec: the error is the call ``response``'s, the response is read as well."""
    built = build(Plan(hello(), error_at=0))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert str(sdk.raised) == "Expected to have received `response.created` before `error`"
    assert ours.verdicts["response"]["terminal_state"] == "failed"
    assert ours.verdicts[RID]["terminal_state"] == "completed"
    assert compare(built) == {"answer": "error_before_created"}


def test_event_after_terminal() -> None:
    """SDK: a second response.completed replaces the final usage; streamspec keeps the first, the second is a violation."""
    built = build(Plan(hello(), extra_terminal="completed"))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.final.usage.input_tokens == 12
    assert ours.verdicts[RID]["usage"]["input_tokens"] == 11
    assert line_of(len(built.events)) in ours.violations
    assert compare(built) == {"finish_usage": "event_after_terminal"}
    built = build(Plan(hello(), terminal="incomplete", extra_terminal="completed"))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.final.status == "completed"
    assert ours.verdicts[RID]["terminal_state"] == "truncated"
    assert compare(built) == {
        "terminal_state": "event_after_terminal",
        "finish_usage": "event_after_terminal",
    }


def test_sdk_raises_on_protocol_break() -> None:
    """SDK: a replayed output_item.added raises "Duplicate response output index 0."; streamspec flags it and reads on."""
    built = build(Plan(hello(), replay_at=2))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert str(sdk.raised) == "Duplicate response output index 0."
    assert ours.violations == {line_of(4)}
    assert ours.verdicts[RID]["terminal_state"] == "completed"
    assert compare(built) == {"answer": "sdk_raises_on_protocol_break"}


def test_replay_applied_twice() -> None:
    """SDK: a replayed delta doubles the snapshot's text; streamspec applies it once."""
    built = build(Plan(hello(), replay_at=4, terminal="none"))
    assert built.events[4].type == "response.output_text.delta"
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.output_items[0].content[0].text == "HelHello"
    assert ours.blocks[block_id(0, "content", 0)] == "Hello"
    assert compare(built) == {"partial": "replay_applied_twice"}


def test_start_order() -> None:
    """SDK: output_text in output_index order; streamspec: blocks in the order they started."""
    items_ = [
        Message([("output_text", ["first"])], "msg_0"),
        Message([("output_text", ["second"])], "msg_1"),
    ]
    size = len(items_[0].events(0))
    built = build(Plan(items_, order=[1] * size + [0] * size))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.final.output_text == "firstsecond"
    assert ours.verdicts[RID]["final_text"] == "secondfirst"
    assert compare(built) == {"final_text": "start_order", "order": "start_order"}


def test_refusal_in_final_text() -> None:
    """SDK: output_text has no refusal; streamspec: the refusal is the reply's text."""
    built = build(Plan([Message([("refusal", ["I can't", " help"])])]))
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.final.output_text == ""
    assert ours.verdicts[RID]["final_text"] == "I can't help"
    assert compare(built) == {"final_text": "refusal_in_final_text"}


def test_final_output_not_deltas() -> None:
    """SDK: the final text is response.output's; streamspec: the deltas', with the disagreeing done text a violation."""
    built = build(Plan(hello()))
    assert built.events[6].type == "response.output_text.done"
    built.events[6] = built.events[6].model_copy(update={"text": "Help"})
    built.events[-1].response.output[0].content[0].text = "Help"
    sdk, ours = run_sdk(sse_of(built.events)), run_streamspec(sse_of(built.events))
    assert sdk.final.output_text == "Help"
    assert ours.verdicts[RID]["final_text"] == "Hello"
    assert ours.violations == {line_of(7)}


def test_every_known_difference_has_its_own_test() -> None:
    for difference in KNOWN_DIFFERENCES:
        assert callable(globals().get(f"test_{difference}")), difference


# ---------------------------------------------------------------- examples


def example_plans() -> dict[str, tuple[Plan, Callable[[list[Any]], bytes]]]:
    """The recorded examples: name -> (plan, form). The name's second-last part is the verdict it must get."""
    weather = Call("call_weather", "get_weather", ['{"city":', '"Paris"}'], "fc_weather")
    time = Call("call_time", "get_time", ['{"tz":"', 'Europe/Paris"}'], "fc_time")
    think = Reasoning([["The user asks ", "for a haiku."]], item_id="rs_haiku")
    haiku = Message(
        [("output_text", ["Autumn moon", " rises,\n", "silver on ", "the quiet lake"])], "msg_haiku"
    )
    return {
        "text.completed.sse": (
            Plan(
                [Message([("output_text", ["Hello", "! How can", " I help?"])], "msg_hello")],
                usage=(12, 9, 0),
            ),
            sse_of,
        ),
        "parallel_tool_calls.completed.jsonl": (
            Plan([weather, time], order=[0, 1, 1, 0, 0, 1, 1, 0, 0, 1], usage=(40, 22, 32)),
            jsonl_of,
        ),
        "reasoning_cut_before_terminal.no_completion_basis.sse": (
            Plan([think, haiku], terminal="none", cut=14),
            sse_of,
        ),
        "max_output_tokens.truncated.sse": (
            Plan(
                [haiku],
                terminal="incomplete",
                reason="max_output_tokens",
                stop_after=4,
                usage=(15, 16, 0),
            ),
            sse_of,
        ),
        "error_mid_stream.failed.sse": (
            Plan(
                [Message([("output_text", ["Let me ", "check"])], "msg_err")],
                terminal="failed",
                stop_after=3,
                error_at=6,
                usage=None,
            ),
            sse_of,
        ),
    }


def example_bytes(name: str) -> bytes:
    plan, form = example_plans()[name]
    return form(build(plan).events)


@pytest.mark.parametrize("name", sorted(example_plans()))
def test_each_example_is_what_the_sdk_types_make(name: str) -> None:
    """examples/openai_responses/* are the SDK's models serialized, byte for byte; every record parses as the SDK's event."""
    assert (EXAMPLES / name).read_bytes() == example_bytes(name)
    for raw in (EXAMPLES / name).read_bytes().splitlines():
        if raw.startswith((b"data: ", b"{")):
            payload = raw.removeprefix(b"data: ")
            event = construct_type(type_=ResponseStreamEvent, value=json.loads(payload))
            assert event.model_dump_json().encode() == payload


def write_examples() -> None:  # pragma: no cover - run by hand to record the examples
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for name in example_plans():
        (EXAMPLES / name).write_bytes(example_bytes(name))
