"""``--from agui`` against ag-ui-protocol 1.0.0: its models, and the client's documented fold.

AG-UI's Python package has no accumulator and no verifier: its pydantic models
are all it has. So every stream here is built from the SDK's own event classes
and written as the SDK writes it (``EventEncoder`` for SSE,
``model_dump_json(by_alias=True)`` for JSON lines), and

(a) every record is validated with the SDK's ``Event`` union: a record the SDK
    rejects gives a streamspec diagnostic on its line, and a record streamspec
    reads with no complaint about its fields validates with the SDK;
(b) streamspec's message (``read_events`` + ``Reducer``) and verdict
    (``judge``) are compared with :func:`reference_fold`, a small fold written
    here from the TypeScript client's documented rules (``transformChunks``,
    then ``defaultApplyEvents``; the 1.0 client's end of stream), run on the
    events as the SDK parsed them.

Every disagreement is classified into exactly one of :data:`KNOWN_DIFFERENCES`;
each difference has a hand-written stream of its own at the end.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from ag_ui.core import (
    ActivitySnapshotEvent,
    CustomEvent,
    Event,
    EventType,
    Interrupt,
    MessagesSnapshotEvent,
    RawEvent,
    ReasoningEndEvent,
    ReasoningMessageChunkEvent,
    ReasoningMessageContentEvent,
    ReasoningMessageEndEvent,
    ReasoningMessageStartEvent,
    ReasoningStartEvent,
    RunErrorEvent,
    RunFinishedCancelledOutcome,
    RunFinishedEvent,
    RunFinishedInterruptOutcome,
    RunFinishedSuccessOutcome,
    RunStartedEvent,
    StateDeltaEvent,
    StateSnapshotEvent,
    StepFinishedEvent,
    StepStartedEvent,
    TextMessageChunkEvent,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
    TokenUsage,
    ToolCallArgsEvent,
    ToolCallChunkEvent,
    ToolCallEndEvent,
    ToolCallResultEvent,
    ToolCallStartEvent,
)
from ag_ui.core.events import BaseEvent
from ag_ui.core.token_usage import aggregate_token_usage
from ag_ui.core.types import TextPart
from ag_ui.encoder import EventEncoder
from hypothesis import event as note
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError
from streamspec import CompletionEvent, Reducer
from streamspec._events import Event as StreamspecEvent
from streamspec._jsonl import Line
from streamspec._resources import example_path
from streamspec.completion import judge
from streamspec.sources import read_events, reply_lines

#: Where streamspec and the SDK (or the client's fold it stands in for) answer
#: differently, and why streamspec's answer is the one it gives.
KNOWN_DIFFERENCES: dict[str, str] = {
    "truncated_run_completed": (
        "A stream that ends with its run open: both 1.0 reference clients report the run "
        "completed; streamspec gives no finish and no receipt, so no_completion_basis."
    ),
    "cancelled_read_as_success": (
        "RUN_FINISHED with outcome cancelled: the client's fold hands its subscribers outcome "
        "'success'; streamspec finishes with 'cancelled', a cut word, so truncated."
    ),
    "partial_usage_sum": (
        "A usage count some TokenUsage entries lack: aggregate_token_usage sums the entries "
        "that report it; streamspec leaves that count unknown rather than under-count it."
    ),
    "error_usage_not_in_verdict": (
        "RUN_ERROR.usage: the SDK carries it on the error event; streamspec gives it to "
        "MODEL_CALL_END (reduce shows it) but a failed call has no receipt, so the verdict's "
        "usage is unknown."
    ),
    "tool_call_reopened": (
        "A tool call started again after its end (named TOOL_CALL_CHUNKs around a record that "
        "ends the pending call): the client's fold appends the new args to the first call; "
        "streamspec starts it again and the reducer rejects the second start and its input."
    ),
    "lax_coercion": (
        "A boolean or numeric string for an integer field, or a number or word for a boolean "
        "field: pydantic's lax mode coerces and accepts it; streamspec, like the JSON schema "
        "and the TypeScript client, rejects the record (source_violation)."
    ),
    "snake_case_names": (
        "An attribute name (message_id) for a wire name (messageId): the SDK's models populate "
        "by name and accept it; streamspec reads the camelCase wire names only (field missing)."
    ),
    "unread_payloads": (
        "A malformed item inside an information event's payload (STATE_DELTA or ACTIVITY_DELTA "
        "operations, MESSAGES_SNAPSHOT messages, RUN_STARTED's input): the SDK validates it; "
        "streamspec checks only the field's JSON type and gives no diagnostic."
    ),
    "null_attribution": (
        "subagentRunId: null (or a null optional of SUBAGENT_*): the SDK accepts null for an "
        "optional field; streamspec rejects it with the TypeScript verifier's message."
    ),
    "unknown_type": (
        "A type AG-UI 1.0 does not define: the SDK rejects the record (union_tag_invalid) and "
        "the TypeScript client drops it; streamspec keeps it with an unknown_record warning."
    ),
    "unknown_outcome": (
        "An outcome type other than success, interrupt, cancelled: the SDK rejects the record "
        "and the TypeScript client strips it (success); streamspec keeps it as a violation, "
        "so the run has no finish: no_completion_basis."
    ),
    "messages_snapshot_ignored": (
        "MESSAGES_SNAPSHOT: the client's fold replaces its messages with the snapshot; "
        "streamspec keeps it as information and the reply is unchanged."
    ),
}

EVENT = TypeAdapter(Event)
THREAD = "thread-1"
RUN = "run-1"
USAGE_KEYS = {
    "inputTokens": "input_tokens",
    "outputTokens": "output_tokens",
    "cachedInputTokens": "cache_input_tokens",
    "cacheWriteInputTokens": "cache_creation_input_tokens",
}

# ------------------------------------------------------------------ writing streams as the SDK does


def sse(events: Iterable[BaseEvent]) -> list[bytes]:
    """SSE lines as ``EventEncoder`` writes them (a ``data:`` line and a blank line each)."""
    encoder = EventEncoder()
    return [line + b"\n" for e in events for line in encoder.encode(e).encode().split(b"\n")[:2]]


def jsonl(events: Iterable[BaseEvent]) -> list[bytes]:
    return [e.model_dump_json(by_alias=True).encode() + b"\n" for e in events]


def raw_lines(records: Iterable[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(r).encode() + b"\n" for r in records]


def read(lines: Sequence[bytes]) -> list[Line]:
    return list(read_events(iter(list(lines)), "agui"))


def wire_records(lines: Sequence[bytes]) -> dict[int, dict[str, Any]]:
    """``line number -> record`` of the data lines (what the SDK parses)."""
    out: dict[int, dict[str, Any]] = {}
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text.startswith(b"data:"):
            text = text[5:].strip()
        if text:
            out[number] = json.loads(text)
    return out


# ------------------------------------------------------------------ the reference fold (§1.3)

#: What ``transformChunks`` passes by without ending a pending chunk entity.
PASS_PENDING = {
    "RAW",
    "ACTIVITY_SNAPSHOT",
    "ACTIVITY_DELTA",
    "REASONING_ENCRYPTED_VALUE",
    "SUBAGENT_STARTED",
    "SUBAGENT_FINISHED",
    "SUBAGENT_ERROR",
}
CHUNKS = {
    "TEXT_MESSAGE_CHUNK": "text",
    "TOOL_CALL_CHUNK": "tool",
    "REASONING_MESSAGE_CHUNK": "reasoning",
}
KNOWN_TYPES = {e.value for e in EventType}


def transform_chunks(events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The TypeScript client's ``transformChunks``: chunks become start / content / end."""
    out: list[dict[str, Any]] = []
    pending: tuple[str, str] | None = None
    ends = {
        "text": ("TEXT_MESSAGE_END", "messageId"),
        "tool": ("TOOL_CALL_END", "toolCallId"),
        "reasoning": ("REASONING_MESSAGE_END", "messageId"),
    }

    def close() -> None:
        nonlocal pending
        if pending is not None:
            type_, key = ends[pending[0]]
            out.append({"type": type_, key: pending[1]})
            pending = None

    for event in events:
        type_ = event["type"]
        kind = CHUNKS.get(type_)
        if kind is None:
            if type_ not in PASS_PENDING:
                close()
            out.append(event)
            continue
        key = "toolCallId" if kind == "tool" else "messageId"
        named = event.get(key)
        switch = named if kind != "reasoning" else (named or None)
        if pending is None or pending[0] != kind or (switch is not None and switch != pending[1]):
            close()
        if pending is None:
            if kind == "text":
                out.append(
                    {
                        "type": "TEXT_MESSAGE_START",
                        "messageId": named,
                        "role": event.get("role") or "assistant",
                    }
                )
            elif kind == "tool":
                out.append(
                    {
                        "type": "TOOL_CALL_START",
                        "toolCallId": named,
                        "toolCallName": event["toolCallName"],
                        "parentMessageId": event.get("parentMessageId"),
                    }
                )
            else:
                out.append({"type": "REASONING_MESSAGE_START", "messageId": named})
            pending = (kind, named)
        if event.get("delta") is not None:
            content = {
                "text": "TEXT_MESSAGE_CONTENT",
                "tool": "TOOL_CALL_ARGS",
                "reasoning": "REASONING_MESSAGE_CONTENT",
            }[kind]
            out.append({"type": content, key: pending[1], "delta": event["delta"]})
    return out


@dataclass
class Reference:
    """What the client's fold holds after a run's events."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    #: Tool calls in the order they were created: ``{id, name, args}``.
    calls: list[dict[str, Any]] = field(default_factory=list)
    #: ``toolCallId -> the text of each result``.
    results: dict[str, list[str]] = field(default_factory=dict)
    #: ``(terminal, finish word)`` as the client reports the run.
    outcome: tuple[str, str | None] | None = None
    error: tuple[str | None, str] | None = None
    usage: list[dict[str, Any]] | None = None
    reopened: set[str] = field(default_factory=set)
    outcome_sent: str | None = None


def reference_fold(events: Iterable[dict[str, Any]]) -> Reference:
    """``defaultApplyEvents`` on the expanded events, plus how the 1.0 client ends a run.

    Unknown types are dropped (``enforceEvents``); a stream that ends with the
    run open completes the run's observable, which the 1.0 client reports as
    a completed run.
    """
    ref = Reference()
    by_id: dict[str, dict[str, Any]] = {}
    started = False
    for event in transform_chunks(e for e in events if e["type"] in KNOWN_TYPES):
        type_ = event["type"]
        if type_ == "RUN_STARTED":
            started = True
        elif type_ in ("TEXT_MESSAGE_START", "REASONING_MESSAGE_START"):
            if event["messageId"] not in by_id:
                role = (
                    "reasoning"
                    if type_ == "REASONING_MESSAGE_START"
                    else event.get("role") or "assistant"
                )
                message = {"id": event["messageId"], "role": role, "content": ""}
                by_id[message["id"]] = message
                ref.messages.append(message)
        elif type_ in ("TEXT_MESSAGE_CONTENT", "REASONING_MESSAGE_CONTENT"):
            if event["messageId"] in by_id:
                by_id[event["messageId"]]["content"] += event["delta"]
        elif type_ == "TOOL_CALL_START":
            existing = next((c for c in ref.calls if c["id"] == event["toolCallId"]), None)
            if existing is not None:
                existing["name"] = event["toolCallName"]
                ref.reopened.add(existing["id"])
            else:
                ref.calls.append(
                    {"id": event["toolCallId"], "name": event["toolCallName"], "args": ""}
                )
        elif type_ == "TOOL_CALL_ARGS":
            call = next((c for c in ref.calls if c["id"] == event["toolCallId"]), None)
            if call is not None:
                call["args"] += event["delta"]
        elif type_ == "TOOL_CALL_RESULT":
            content = event["content"]
            text = (
                content if isinstance(content, str) else "".join(p.get("text", "") for p in content)
            )
            ref.results.setdefault(event["toolCallId"], []).append(text)
        elif type_ == "MESSAGES_SNAPSHOT":
            ref.messages = [dict(m, content=m.get("content") or "") for m in event["messages"]]
            by_id = {m["id"]: m for m in ref.messages}
        elif type_ == "RUN_FINISHED":
            outcome = event.get("outcome") or {}
            ref.outcome_sent = outcome.get("type", "success")
            word = "interrupt" if ref.outcome_sent == "interrupt" else "success"
            ref.outcome = ("truncated" if word == "interrupt" else "completed", word)
            ref.usage = event.get("usage")
        elif type_ == "RUN_ERROR":
            ref.outcome = ("failed", None)
            ref.error = (event.get("code"), event["message"])
            ref.usage = event.get("usage")
    if started and ref.outcome is None:
        ref.outcome = ("completed", "success")
    return ref


def reference_usage(entries: list[dict[str, Any]] | None) -> dict[str, int | None]:
    """The totals a consumer of ``aggregate_token_usage`` reads: each count summed where reported."""
    totals: dict[str, int | None] = dict.fromkeys(USAGE_KEYS.values())
    groups = aggregate_token_usage([TokenUsage.model_validate(e) for e in entries or []])
    for group in groups:
        wire = group.model_dump(by_alias=True, mode="json")
        for key, name in USAGE_KEYS.items():
            if wire.get(key) is not None:
                totals[name] = (totals[name] or 0) + wire[key]
    return totals


# ------------------------------------------------------------------ streamspec's answer


@dataclass
class Answer:
    """What streamspec gives for one run."""

    texts: dict[str, str]
    thoughts: dict[str, str]
    calls: list[dict[str, Any]]
    results: dict[str, list[str]]
    verdict: dict[str, Any] | None
    read_problems: list[tuple[int, str, str]]
    fold_problems: list[str]


def _base(block_id: str, known: set[str]) -> str:
    """The message id of a block (``m#2`` is the second block of message ``m``)."""
    head, _, tail = block_id.rpartition("#")
    return head if head in known and tail.isdigit() else block_id


def streamspec_answer(lines: list[Line], run_id: str, known_ids: set[str]) -> Answer:
    reducer = Reducer(reply_id=run_id)
    fold_problems: list[str] = []
    for line in reply_lines(lines):
        event = line.event
        if isinstance(event, StreamspecEvent) and getattr(event, "reply_id", None) == run_id:
            fold_problems += [d.code for d in reducer.apply(event)]
    message = reducer.to_dict()
    texts: dict[str, str] = {}
    thoughts: dict[str, str] = {}
    calls: list[dict[str, Any]] = []
    results: dict[str, list[str]] = {}
    for block in message["content"]:
        if block["type"] == "text":
            key = _base(block["id"], known_ids)
            texts[key] = texts.get(key, "") + block["text"]
        elif block["type"] == "thinking":
            key = _base(block["id"], known_ids)
            thoughts[key] = thoughts.get(key, "") + block["thinking"]
        elif block["type"] == "tool_call":
            calls.append({"id": block["id"], "name": block["name"], "args": block["input"]})
        elif block["type"] == "tool_result":
            output = block["output"]
            text = output if isinstance(output, str) else "".join(p.get("text", "") for p in output)
            results.setdefault(block["id"], []).append(text)
    evidence = [
        ln.record for ln in lines if isinstance(ln.record, CompletionEvent) and ln.problem is None
    ]
    found = {v.key: v.to_dict() for v in judge(evidence)}
    problems = [
        (ln.number, ln.problem.code, ln.problem.message) for ln in lines if ln.problem is not None
    ]
    return Answer(texts, thoughts, calls, results, found.get(run_id), problems, fold_problems)


# ------------------------------------------------------------------ classifying disagreements


@dataclass
class Case:
    """One generated stream: its SDK events and what the generator knows of it."""

    events: list[BaseEvent]
    terminal: str  # finished, error, none
    cut: bool = False
    reopened: bool = False


def differences(case: Case, ref: Reference, answer: Answer) -> list[tuple[str, str]]:
    """Every disagreement as ``(aspect, detail)``."""
    found: list[tuple[str, str]] = []
    texts = {m["id"]: m["content"] for m in ref.messages if m["role"] != "reasoning"}
    thoughts = {m["id"]: m["content"] for m in ref.messages if m["role"] == "reasoning"}
    if answer.texts != texts:
        found.append(("text", f"{answer.texts} != {texts}"))
    if answer.thoughts != thoughts:
        found.append(("thinking", f"{answer.thoughts} != {thoughts}"))
    if answer.calls != ref.calls:
        found.append(("tool_calls", f"{answer.calls} != {ref.calls}"))
    if answer.results != ref.results:
        found.append(("tool_results", f"{answer.results} != {ref.results}"))
    verdict = answer.verdict
    if ref.outcome is not None:
        got = (verdict["terminal_state"], verdict["finish_reason"]) if verdict else None
        if got != ref.outcome:
            found.append(("outcome", f"{got} != {ref.outcome}"))
        expected_error = (None, None) if ref.error is None else ref.error
        if verdict and (verdict["error_code"], verdict["error_message"]) != expected_error:
            found.append(("error", f"{verdict['error_code']}, {verdict['error_message']}"))
        usage = (verdict or {}).get("usage") or {}
        totals = reference_usage(ref.usage)
        for name, total in totals.items():
            if usage.get(name) != total:
                found.append(("usage", name))
    return found


def _only_reopened_calls_differ(ref: Reference, answer: Answer) -> bool:
    """Each call agrees but for a reopened one, whose args streamspec has only up to the reopening."""
    if [(c["id"], c["name"]) for c in answer.calls] != [(c["id"], c["name"]) for c in ref.calls]:
        return False
    return all(
        got == want or (want["id"] in ref.reopened and want["args"].startswith(got["args"]))
        for got, want in zip(answer.calls, ref.calls, strict=True)
    )


def classify(case: Case, ref: Reference, answer: Answer, aspect: str, detail: str) -> list[str]:
    """The known differences a disagreement is an instance of (exactly one, or it is a bug)."""
    verdict = answer.verdict or {}
    got = (verdict.get("terminal_state"), verdict.get("finish_reason"))
    reported = (verdict.get("usage") or {}).get(detail)
    missing = any(
        entry.get(k) is None
        for entry in ref.usage or []
        for k in USAGE_KEYS
        if USAGE_KEYS[k] == detail
    )
    rules: dict[str, Callable[[], bool]] = {
        "truncated_run_completed": lambda: (
            aspect == "outcome" and case.terminal == "none" and got == ("no_completion_basis", None)
        ),
        "cancelled_read_as_success": lambda: (
            aspect == "outcome"
            and ref.outcome_sent == "cancelled"
            and got == ("truncated", "cancelled")
        ),
        "partial_usage_sum": lambda: (
            aspect == "usage" and case.terminal == "finished" and reported is None and missing
        ),
        "error_usage_not_in_verdict": lambda: (
            aspect == "usage" and case.terminal == "error" and verdict.get("usage") is None
        ),
        "tool_call_reopened": lambda: (
            aspect == "tool_calls" and _only_reopened_calls_differ(ref, answer)
        ),
    }
    return [name for name, applies in rules.items() if applies()]


# ------------------------------------------------------------------ generating streams with the SDK

NAMES = st.sampled_from(["search", "get_weather", "lookup"])
TEXT = st.text(alphabet='abc xyz{}":,é', max_size=6)


def _usage_entry() -> st.SearchStrategy[TokenUsage]:
    count = st.none() | st.integers(0, 500)
    return st.builds(
        TokenUsage,
        provider=st.sampled_from([None, "openai", "anthropic"]),
        model=st.sampled_from([None, "m1", "m2"]),
        input_tokens=count,
        output_tokens=count,
        total_tokens=count,
        cached_input_tokens=count,
        cache_write_input_tokens=count,
    )


USAGE = st.none() | st.just([]) | st.lists(_usage_entry(), min_size=1, max_size=3)


@st.composite
def threads(draw: st.DrawFn) -> tuple[list[list[list[BaseEvent]]], bool]:
    """Threads of items; an item is events that stay together, a thread's items stay in order."""
    out: list[list[list[BaseEvent]]] = []
    reopened = False
    for i in range(draw(st.integers(0, 2))):
        mid = f"m{i}"
        deltas = draw(st.lists(TEXT, max_size=3))
        out.append([[TextMessageStartEvent(message_id=mid)],
                    *[[TextMessageContentEvent(message_id=mid, delta=d)] for d in deltas],
                    [TextMessageEndEvent(message_id=mid)]])  # fmt: skip
    for i in range(draw(st.integers(0, 2))):
        mid, deltas = f"k{i}", draw(st.lists(TEXT, min_size=1, max_size=3))
        if draw(st.booleans()):
            out.append([[TextMessageChunkEvent(message_id=mid, delta=d)] for d in deltas])
        else:
            out.append([[TextMessageChunkEvent(message_id=mid, delta=deltas[0]),
                         *[TextMessageChunkEvent(delta=d) for d in deltas[1:]]]])  # fmt: skip
    for i in range(draw(st.integers(0, 3))):
        cid, name = f"call_{i}", draw(NAMES)
        deltas = draw(st.lists(TEXT, max_size=3))
        thread = [[ToolCallStartEvent(tool_call_id=cid, tool_call_name=name)],
                  *[[ToolCallArgsEvent(tool_call_id=cid, delta=d)] for d in deltas],
                  [ToolCallEndEvent(tool_call_id=cid)]]  # fmt: skip
        if draw(st.booleans()):
            content = draw(
                st.one_of(TEXT, st.lists(TEXT.map(lambda t: TextPart(text=t)), max_size=2))
            )
            thread.append(
                [ToolCallResultEvent(message_id=f"res_{i}", tool_call_id=cid, content=content)]
            )
        out.append(thread)
    for i in range(draw(st.integers(0, 1))):
        cid, name = f"chunk_call_{i}", draw(NAMES)
        deltas = draw(st.lists(TEXT, min_size=1, max_size=3))
        if draw(st.booleans()):
            reopened = True
            out.append(
                [
                    [ToolCallChunkEvent(tool_call_id=cid, tool_call_name=name, delta=d)]
                    for d in deltas
                ]
            )
        else:
            out.append([[ToolCallChunkEvent(tool_call_id=cid, tool_call_name=name, delta=deltas[0]),
                         *[ToolCallChunkEvent(delta=d) for d in deltas[1:]]]])  # fmt: skip
    for i in range(draw(st.integers(0, 1))):
        rid = f"r{i}"
        deltas = draw(st.lists(TEXT, max_size=2))
        span = draw(st.booleans())
        out.append([*([[ReasoningStartEvent(message_id=rid)]] if span else []),
                    [ReasoningMessageStartEvent(message_id=rid)],
                    *[[ReasoningMessageContentEvent(message_id=rid, delta=d)] for d in deltas],
                    [ReasoningMessageEndEvent(message_id=rid)],
                    *([[ReasoningEndEvent(message_id=rid)]] if span else [])])  # fmt: skip
    for i in range(draw(st.integers(0, 1))):
        rid, deltas = f"rk{i}", draw(st.lists(TEXT, min_size=1, max_size=2))
        out.append([[ReasoningMessageChunkEvent(message_id=rid, delta=d)] for d in deltas])
    for i in range(draw(st.integers(0, 1))):
        out.append(
            [[StepStartedEvent(step_name=f"step{i}")], [StepFinishedEvent(step_name=f"step{i}")]]
        )
    noise = st.sampled_from(
        [
            StateSnapshotEvent(snapshot={"n": 1}),
            StateDeltaEvent(delta=[{"op": "add", "path": "/n", "value": 2}]),
            CustomEvent(name="progress", value=0.5),
            RawEvent(event={"provider": "x"}),
            ActivitySnapshotEvent(message_id="act", activity_type="plan", content={"step": 1}),
        ]
    )
    for _ in range(draw(st.integers(0, 2))):
        out.append([[draw(noise)]])
    return out, reopened


@st.composite
def cases(draw: st.DrawFn) -> Case:
    """A run built from the SDK's classes, ended (or not) and possibly cut anywhere."""
    parts, reopened = draw(threads())
    order = draw(st.permutations([i for i, thread in enumerate(parts) for _ in thread]))
    cursor = [0] * len(parts)
    events: list[BaseEvent] = [RunStartedEvent(thread_id=THREAD, run_id=RUN)]
    for i in order:
        events.extend(parts[i][cursor[i]])
        cursor[i] += 1
    terminal = draw(st.sampled_from(["finished", "finished", "error", "none"]))
    if terminal == "finished":
        calls = [e.tool_call_id for e in events if isinstance(e, ToolCallEndEvent)]
        kind = draw(st.sampled_from(["absent", "success", "interrupt", "cancelled"]))
        outcome: Any = {
            "absent": None,
            "success": RunFinishedSuccessOutcome(),
            "cancelled": RunFinishedCancelledOutcome(),
            "interrupt": RunFinishedInterruptOutcome(
                interrupts=[
                    Interrupt(
                        id="i1",
                        reason="tool_approval",
                        tool_call_id=draw(st.sampled_from([None, *calls])),
                    )
                ]
            ),
        }[kind]
        events.append(
            RunFinishedEvent(thread_id=THREAD, run_id=RUN, outcome=outcome, usage=draw(USAGE))
        )
    elif terminal == "error":
        code = draw(st.sampled_from([None, "rate_limit"]))
        events.append(RunErrorEvent(message="provider failed", code=code, usage=draw(USAGE)))
    cut = draw(st.none() | st.integers(0, len(events)))
    if cut is not None and cut < len(events):
        events = events[:cut]
        if terminal != "none":
            terminal = "none"
        return Case(events, terminal, cut=True, reopened=reopened)
    return Case(events, terminal, reopened=reopened)


def encoded(case: Case, form: str) -> list[bytes]:
    return sse(case.events) if form == "sse" else jsonl(case.events)


# ------------------------------------------------------------------ (b) the fold and the verdict


@given(cases(), st.sampled_from(["sse", "jsonl"]))
def test_streamspec_agrees_with_the_clients_fold_but_for_known_differences(
    case: Case, form: str
) -> None:
    """Text, thinking, tool calls, results, outcome, error and usage agree, or differ as listed."""
    lines = encoded(case, form)
    records = list(wire_records(lines).values())
    parsed = [
        EVENT.validate_python(r).model_dump(by_alias=True, exclude_none=True) for r in records
    ]
    ref = reference_fold(parsed)
    known = {m["id"] for m in ref.messages}
    answer = streamspec_answer(read(lines), RUN, known)
    assert answer.read_problems == []
    if not ref.reopened:
        assert answer.fold_problems == []
    for aspect, detail in differences(case, ref, answer):
        ids = classify(case, ref, answer, aspect, detail)
        assert len(ids) == 1, (aspect, detail, ids)
        assert ids[0] in KNOWN_DIFFERENCES
        note(ids[0])


@given(cases())
def test_sse_and_json_lines_of_the_sdk_read_alike(case: Case) -> None:
    """``EventEncoder``'s SSE and ``model_dump_json`` lines give the same events."""
    by_sse = [(ln.record, ln.problem) for ln in read(sse(case.events))]
    by_jsonl = [(ln.record, ln.problem) for ln in read(jsonl(case.events))]
    assert by_sse == by_jsonl


# ------------------------------------------------------------------ (a) record by record

#: Fields the SDK validates inside and streamspec reads only as a JSON type.
PAYLOADS = {
    ("STATE_DELTA", "delta"),
    ("ACTIVITY_DELTA", "patch"),
    ("MESSAGES_SNAPSHOT", "messages"),
    ("RUN_STARTED", "input"),
}
INTEGER_FIELDS = {
    "timestamp",
    "inputTokens",
    "outputTokens",
    "totalTokens",
    "reasoningTokens",
    "cachedInputTokens",
    "cacheWriteInputTokens",
}
BOOLEAN_FIELDS = {"replace"}
EDGE_VALUES = st.sampled_from(
    [None, True, False, "5", "true", 5.0, 1.5, -1, 0, 1, 2**53, "", [], {}, [1], {"op": "x"}]
)
JSON = EDGE_VALUES | st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4)
    | st.sampled_from(["5", "true", "1", "no"]),
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=3), inner, max_size=2)
    ),
    max_leaves=4,
)


@dataclass
class Mutation:
    type: str
    field: str
    value: Any
    renamed: bool = False
    nested: bool = False


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[list[dict[str, Any]], int, Mutation]:
    """A stream's records with one field of one record changed, dropped or renamed.

    The change is any JSON value, or one aimed at a known difference: a null, a
    lax number or boolean, a snake_case name, a payload item the SDK checks.
    """
    case = draw(cases())
    records = [e.model_dump(by_alias=True, mode="json") for e in case.events] or [
        RunStartedEvent(thread_id=THREAD, run_id=RUN).model_dump(by_alias=True, mode="json")
    ]
    index = draw(st.integers(0, len(records) - 1))
    record = dict(records[index])
    type_ = record["type"]
    aim = draw(st.sampled_from(["any", "any", "null", "lax", "rename", "payload", "usage"]))
    names = [*sorted(k for k in record if k != "type"), "timestamp", "subagentRunId", "extra"]
    name = draw(st.sampled_from(names))
    value: Any = draw(JSON)
    if aim == "usage" and isinstance(record.get("usage"), list) and record["usage"]:
        key = draw(st.sampled_from(sorted(USAGE_KEYS)))
        entry = dict(record["usage"][0], **{key: draw(JSON)})
        record["usage"] = [entry, *record["usage"][1:]]
        records[index] = record
        return records, index, Mutation(type_, key, entry[key], nested=True)
    if aim == "null":
        value = None
    elif aim == "lax":
        name, value = "timestamp", draw(st.sampled_from([True, False, "5", "12", 3.0]))
    elif aim == "payload":
        name = {"RUN_STARTED": "input", "STATE_DELTA": "delta"}.get(type_, name)
        value = draw(st.sampled_from([[1], [{"op": "x"}], {"threadId": 1}, {}]))
    if aim == "rename" and name in record and _snake(name) != name:
        record[_snake(name)] = record.pop(name)
        mutation = Mutation(type_, name, record[_snake(name)], renamed=True)
    elif aim == "any" and name in record and draw(st.booleans()):
        mutation = Mutation(type_, name, record.pop(name))
    else:
        record[name] = value
        mutation = Mutation(type_, name, value)
    records[index] = record
    return records, index, mutation


def sdk_accepts(record: dict[str, Any]) -> bool:
    try:
        EVENT.validate_python(record)
    except ValidationError:
        return False
    return True


def _is_lax(mutation: Mutation) -> bool:
    value = mutation.value
    if mutation.field in INTEGER_FIELDS:
        return isinstance(value, bool | str)
    if mutation.field in BOOLEAN_FIELDS:
        return not isinstance(value, bool)
    return False


def classify_record(mutation: Mutation | None, sdk_ok: bool, complaint: str | None) -> list[str]:
    """The known differences a record-level disagreement is an instance of."""
    rules: dict[str, Callable[[], bool]] = {
        "lax_coercion": lambda: sdk_ok and mutation is not None and _is_lax(mutation),
        "snake_case_names": lambda: sdk_ok and mutation is not None and mutation.renamed,
        "null_attribution": lambda: sdk_ok and complaint is not None and ": null'" in complaint,
        "unread_payloads": lambda: (
            not sdk_ok and mutation is not None and (mutation.type, mutation.field) in PAYLOADS
        ),
    }
    return [name for name, applies in rules.items() if applies()]


def field_complaint(line_problems: list[str], type_: str) -> str | None:
    """A complaint about the record's fields (not about its place in the stream), or ``None``."""
    for message in line_problems:
        if message.startswith(f"{type_}.") or ": null'" in message or "outcome type" in message:
            return message
    return None


@given(mutated())
def test_the_sdk_and_streamspec_agree_on_each_record_but_for_known_differences(
    stream: tuple[list[dict[str, Any]], int, Mutation],
) -> None:
    """A record the SDK rejects gets a diagnostic; one streamspec finds well-formed, the SDK accepts."""
    records, index, mutation = stream
    lines = read(raw_lines(records))
    for number, record in enumerate(records, 1):
        problems = [
            ln.problem.message for ln in lines if ln.number == number and ln.problem is not None
        ]
        sdk_ok = sdk_accepts(record)
        complaint = field_complaint(problems, record.get("type", ""))
        agree = problems != [] if not sdk_ok else complaint is None
        if not agree:
            ids = classify_record(mutation if number == index + 1 else None, sdk_ok, complaint)
            assert len(ids) == 1, (record, problems, ids)
            note(ids[0])


# ------------------------------------------------------------------ the examples are the SDK's


def example_streams() -> dict[str, list[bytes]]:
    """The recorded examples, built with the SDK's own classes and encoders."""
    usage = [TokenUsage(provider="openai", model="gpt-4o", input_tokens=42, output_tokens=9,
                        total_tokens=51, cached_input_tokens=0)]  # fmt: skip
    text = [
        RunStartedEvent(thread_id="thread-ex", run_id="run-text", protocol_version="1.0"),
        StepStartedEvent(step_name="answer"),
        TextMessageStartEvent(message_id="msg-1", role="assistant"),
        TextMessageContentEvent(message_id="msg-1", delta="The capital"),
        TextMessageContentEvent(message_id="msg-1", delta=" of Norway"),
        TextMessageContentEvent(message_id="msg-1", delta=" is Oslo."),
        TextMessageEndEvent(message_id="msg-1"),
        StepFinishedEvent(step_name="answer"),
        RunFinishedEvent(thread_id="thread-ex", run_id="run-text", usage=usage),
    ]
    tools = [
        RunStartedEvent(thread_id="thread-ex", run_id="run-tools", protocol_version="1.0"),
        ReasoningStartEvent(message_id="think-1"),
        ReasoningMessageStartEvent(message_id="think-1", role="reasoning"),
        ReasoningMessageContentEvent(message_id="think-1", delta="Two cities: two calls."),
        ReasoningMessageEndEvent(message_id="think-1"),
        ReasoningEndEvent(message_id="think-1"),
        TextMessageStartEvent(message_id="msg-1", role="assistant"),
        TextMessageContentEvent(message_id="msg-1", delta="Checking both cities."),
        TextMessageEndEvent(message_id="msg-1"),
        ToolCallStartEvent(
            tool_call_id="call-oslo", tool_call_name="get_weather", parent_message_id="msg-1"
        ),
        ToolCallStartEvent(
            tool_call_id="call-lima", tool_call_name="get_weather", parent_message_id="msg-1"
        ),
        ToolCallArgsEvent(tool_call_id="call-lima", delta='{"city": '),
        ToolCallArgsEvent(tool_call_id="call-oslo", delta='{"city": "Oslo"}'),
        ToolCallArgsEvent(tool_call_id="call-lima", delta='"Lima"}'),
        ToolCallEndEvent(tool_call_id="call-oslo"),
        ToolCallEndEvent(tool_call_id="call-lima"),
        ToolCallResultEvent(message_id="tool-1", tool_call_id="call-oslo", content="4°C, snow"),
        ToolCallResultEvent(
            message_id="tool-2",
            tool_call_id="call-lima",
            content=[TextPart(text="19°C, "), TextPart(text="clear")],
        ),
        TextMessageChunkEvent(message_id="msg-2", delta="Oslo: 4°C and snow. "),
        TextMessageChunkEvent(delta="Lima: 19°C and clear."),
        RunFinishedEvent(
            thread_id="thread-ex",
            run_id="run-tools",
            usage=[
                *usage,
                TokenUsage(
                    provider="openai",
                    model="gpt-4o-mini",
                    input_tokens=12,
                    output_tokens=30,
                    cached_input_tokens=4,
                ),
            ],
        ),
    ]
    cut = [
        RunStartedEvent(thread_id="thread-ex", run_id="run-cut", protocol_version="1.0"),
        TextMessageStartEvent(message_id="msg-1", role="assistant"),
        TextMessageContentEvent(message_id="msg-1", delta="Here is the first half"),
        TextMessageContentEvent(message_id="msg-1", delta=" of an answer that"),
    ]
    interrupt = [
        RunStartedEvent(thread_id="thread-ex", run_id="run-approval", protocol_version="1.0"),
        TextMessageStartEvent(message_id="msg-1", role="assistant"),
        TextMessageContentEvent(
            message_id="msg-1", delta="I need your approval to delete the file."
        ),
        TextMessageEndEvent(message_id="msg-1"),
        ToolCallStartEvent(
            tool_call_id="call-rm", tool_call_name="delete_file", parent_message_id="msg-1"
        ),
        ToolCallArgsEvent(tool_call_id="call-rm", delta='{"path": "/tmp/report.txt"}'),
        ToolCallEndEvent(tool_call_id="call-rm"),
        RunFinishedEvent(
            thread_id="thread-ex",
            run_id="run-approval",
            outcome=RunFinishedInterruptOutcome(
                interrupts=[
                    Interrupt(
                        id="approve-rm",
                        reason="tool_approval",
                        tool_call_id="call-rm",
                        message="Delete /tmp/report.txt?",
                    )
                ]
            ),
            usage=[
                TokenUsage(provider="anthropic", model="claude", input_tokens=88, output_tokens=21)
            ],
        ),
    ]
    error = [
        RunStartedEvent(thread_id="thread-ex", run_id="run-error", protocol_version="1.0"),
        TextMessageStartEvent(message_id="msg-1", role="assistant"),
        TextMessageContentEvent(message_id="msg-1", delta="Let me look that"),
        RunErrorEvent(message="Upstream model overloaded", code="overloaded"),
    ]
    return {
        "complete-text.sse": sse(text),
        "complete-parallel-tools.jsonl": jsonl(tools),
        "cut-before-finish.sse": sse(cut),
        "truncated-interrupt.jsonl": jsonl(interrupt),
        "error-midstream.sse": sse(error),
    }


@pytest.mark.parametrize("name", sorted(example_streams()))
def test_examples_are_what_the_sdk_writes(name: str) -> None:
    """Each file of ``examples/agui`` is byte for byte the SDK's serialization of its events."""
    assert example_path(f"agui/{name}").read_bytes() == b"".join(example_streams()[name])


# ------------------------------------------------------------------ each known difference by hand


def _verdict(lines: list[Line]) -> dict[str, Any]:
    evidence = [
        ln.record for ln in lines if isinstance(ln.record, CompletionEvent) and ln.problem is None
    ]
    [verdict] = [v.to_dict() for v in judge(evidence)]
    return verdict


def _records(events: Iterable[BaseEvent]) -> list[dict[str, Any]]:
    return [e.model_dump(by_alias=True, mode="json") for e in events]


START = RunStartedEvent(thread_id=THREAD, run_id=RUN)
HELLO = [
    START,
    TextMessageStartEvent(message_id="m"),
    TextMessageContentEvent(message_id="m", delta="hello"),
    TextMessageEndEvent(message_id="m"),
]


def test_difference_truncated_run_completed() -> None:
    """The run never ends: the client's fold reports completed, streamspec no_completion_basis."""
    assert reference_fold(_records(HELLO)).outcome == ("completed", "success")
    verdict = _verdict(read(sse(HELLO)))
    assert (verdict["terminal_state"], verdict["finish_reason"]) == ("no_completion_basis", None)


def test_difference_cancelled_read_as_success() -> None:
    """A cancelled run: the client's fold says success, streamspec truncated with 'cancelled'."""
    events = [
        *HELLO,
        RunFinishedEvent(thread_id=THREAD, run_id=RUN, outcome=RunFinishedCancelledOutcome()),
    ]
    assert reference_fold(_records(events)).outcome == ("completed", "success")
    verdict = _verdict(read(jsonl(events)))
    assert (verdict["terminal_state"], verdict["finish_reason"]) == ("truncated", "cancelled")


def test_difference_partial_usage_sum() -> None:
    """inputTokens missing from one entry: the SDK's sum is 5; streamspec's input is unknown."""
    entries = [
        TokenUsage(provider="openai", model="a", input_tokens=5, output_tokens=1),
        TokenUsage(provider="anthropic", model="b", output_tokens=2),
    ]
    totals = reference_usage([e.model_dump(by_alias=True, mode="json") for e in entries])
    assert (totals["input_tokens"], totals["output_tokens"]) == (5, 3)
    verdict = _verdict(
        read(jsonl([*HELLO, RunFinishedEvent(thread_id=THREAD, run_id=RUN, usage=entries)]))
    )
    assert verdict["usage_state"] == "known"
    assert (verdict["usage"]["input_tokens"], verdict["usage"]["output_tokens"]) == (None, 3)


def test_difference_error_usage_not_in_verdict() -> None:
    """RUN_ERROR's usage: on the SDK's event and in reduce's usage, not in the failed verdict."""
    error = RunErrorEvent(message="boom", usage=[TokenUsage(input_tokens=7, output_tokens=2)])
    assert (
        EVENT.validate_python(error.model_dump(by_alias=True, mode="json")).usage[0].input_tokens
        == 7
    )
    lines = read(jsonl([*HELLO, error]))
    verdict = _verdict(lines)
    assert (verdict["terminal_state"], verdict["usage_state"], verdict["usage"]) == (
        "failed",
        "unknown",
        None,
    )
    reducer = Reducer(reply_id=RUN)
    for line in reply_lines(lines):
        if isinstance(line.event, StreamspecEvent):
            reducer.apply(line.event)
    assert reducer.to_dict()["usage"] == {"input_tokens": 7, "output_tokens": 2}


def test_difference_tool_call_reopened() -> None:
    """Named chunks of one call around a state snapshot: the fold joins the args, streamspec keeps the first."""
    events = [
        START,
        ToolCallChunkEvent(tool_call_id="c", tool_call_name="f", delta='{"a":'),
        StateSnapshotEvent(snapshot={}),
        ToolCallChunkEvent(tool_call_id="c", tool_call_name="f", delta="1}"),
        RunFinishedEvent(thread_id=THREAD, run_id=RUN),
    ]
    ref = reference_fold(_records(events))
    assert ref.calls == [{"id": "c", "name": "f", "args": '{"a":1}'}] and ref.reopened == {"c"}
    lines = read(jsonl(events))
    answer = streamspec_answer(lines, RUN, set())
    assert answer.read_problems == []
    assert answer.calls == [{"id": "c", "name": "f", "args": '{"a":'}]
    assert answer.fold_problems != []


def test_difference_lax_coercion() -> None:
    """A boolean timestamp and a numeric-string count: the SDK accepts both, streamspec neither."""
    content = {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x", "timestamp": True}
    finished = {
        "type": "RUN_FINISHED",
        "threadId": THREAD,
        "runId": RUN,
        "usage": [{"inputTokens": "7"}],
    }
    assert sdk_accepts(content) and sdk_accepts(finished)
    start = {"type": "TEXT_MESSAGE_START", "messageId": "m"}
    lines = read(
        raw_lines([START.model_dump(by_alias=True, mode="json"), start, content, finished])
    )
    assert [(ln.number, ln.problem.message) for ln in lines if ln.problem is not None] == [
        (3, "TEXT_MESSAGE_CONTENT.timestamp: Input should be a valid integer"),
        (4, "RUN_FINISHED.usage.0.inputTokens: Input should be a valid integer"),
    ]


def test_difference_snake_case_names() -> None:
    """``message_id`` populates the SDK's model; streamspec finds no messageId."""
    record = {"type": "TEXT_MESSAGE_START", "message_id": "m"}
    assert sdk_accepts(record)
    lines = read(raw_lines([START.model_dump(by_alias=True, mode="json"), record]))
    assert [ln.problem.message for ln in lines if ln.problem is not None] == [
        "TEXT_MESSAGE_START.messageId: Field required"
    ]


def test_difference_unread_payloads() -> None:
    """A STATE_DELTA whose operation is no JSON Patch: the SDK rejects it, streamspec reads on."""
    record = {"type": "STATE_DELTA", "delta": [{"op": "frobnicate"}]}
    assert not sdk_accepts(record)
    lines = read(raw_lines([START.model_dump(by_alias=True, mode="json"), record]))
    assert [ln for ln in lines if ln.problem is not None] == []


def test_difference_null_attribution() -> None:
    """``subagentRunId: null``: the SDK accepts it, streamspec gives the verifier's message."""
    record = {"type": "TEXT_MESSAGE_START", "messageId": "m", "subagentRunId": None}
    assert sdk_accepts(record)
    lines = read(raw_lines([START.model_dump(by_alias=True, mode="json"), record]))
    assert [ln.problem.message for ln in lines if ln.problem is not None] == [
        "Cannot send 'TEXT_MESSAGE_START' with 'subagentRunId: null'. "
        "The field is optional — omit it entirely."
    ]


def test_difference_unknown_type() -> None:
    """A retired THINKING_START: the SDK rejects it, the client drops it, streamspec warns."""
    record = {"type": "THINKING_START"}
    assert not sdk_accepts(record)
    records = [
        *_records(HELLO),
        record,
        RunFinishedEvent(thread_id=THREAD, run_id=RUN).model_dump(by_alias=True, mode="json"),
    ]
    assert reference_fold(records).outcome == ("completed", "success")
    lines = read(raw_lines(records))
    assert [(ln.number, ln.problem.code) for ln in lines if ln.problem is not None] == [
        (5, "unknown_record")
    ]
    assert _verdict(lines)["terminal_state"] == "completed"


def test_difference_unknown_outcome() -> None:
    """An outcome the SDK does not know: rejected there, a violation and no finish here."""
    record = {
        "type": "RUN_FINISHED",
        "threadId": THREAD,
        "runId": RUN,
        "outcome": {"type": "paused"},
    }
    assert not sdk_accepts(record)
    lines = read(raw_lines([*_records(HELLO), record]))
    assert [(ln.number, ln.problem.code) for ln in lines if ln.problem is not None] == [
        (5, "source_violation")
    ]
    assert _verdict(lines)["terminal_state"] == "no_completion_basis"


def test_difference_messages_snapshot_ignored() -> None:
    """A snapshot after the text: the client's fold holds the snapshot, streamspec the streamed text."""
    snapshot = MessagesSnapshotEvent(messages=[{"id": "u1", "role": "user", "content": "hi"}])
    events = [*HELLO, snapshot, RunFinishedEvent(thread_id=THREAD, run_id=RUN)]
    assert [m["id"] for m in reference_fold(_records(events)).messages] == ["u1"]
    answer = streamspec_answer(read(sse(events)), RUN, {"m"})
    assert answer.texts == {"m": "hello"} and answer.read_problems == []


def test_every_difference_has_a_hand_written_stream() -> None:
    names = {
        name.removeprefix("test_difference_")
        for name in globals()
        if name.startswith("test_difference_")
    }
    assert names == set(KNOWN_DIFFERENCES)
