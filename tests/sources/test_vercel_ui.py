"""The Vercel AI UI message stream importer: every rule of ``streamspec.sources._vercel_ui``.

Expectations are written by hand from the rules, never read from
``spec/sources/vercel_ui.json``; the table is only checked to list the
handlers and to validate against its schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from source_streams import run_cli
from streamspec import Reducer
from streamspec._diagnostics import Diagnostic, Severity
from streamspec._events import Event, UnknownEvent
from streamspec._jsonl import Line
from streamspec.completion import Judge
from streamspec.sources import read_events, reply_lines
from streamspec.sources._read import judge_lines, source_of
from streamspec.sources._vercel_ui import IMPORTER

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "spec" / "sources" / "vercel_ui.json"
SCHEMA = ROOT / "spec" / "schema" / "source.schema.json"
EXAMPLES = ROOT / "examples" / "vercel_ui"
SOURCE = "vercel_ui"
DEFAULT_ID = "vercel-ui-message"
USAGE = {"inputTokens": 12, "outputTokens": 7}


# ---------------------------------------------------------------- helpers


def sse(*chunks: Any, done: bool = True) -> list[bytes]:
    """The chunks as the SDK's JsonToSseTransformStream writes them."""
    lines: list[bytes] = []
    for chunk in chunks:
        lines += [b"data: " + json.dumps(chunk, separators=(",", ":")).encode() + b"\n", b"\n"]
    if done:
        lines += [b"data: [DONE]\n", b"\n"]
    return lines


def jsonl(*chunks: Any) -> list[bytes]:
    """The chunks as JSON lines."""
    return [json.dumps(chunk).encode() + b"\n" for chunk in chunks]


def read(lines: Sequence[bytes], source: str = SOURCE) -> list[Line]:
    return list(read_events(iter(lines), source))


def kind(record: Any) -> str:
    """An event's AgentScope type or completion kind; ``unknown`` for a kept record."""
    if isinstance(record, UnknownEvent):
        return "unknown"
    return record.TYPE if isinstance(record, Event) else record.KIND


def kinds(lines: Sequence[bytes]) -> list[str]:
    return [kind(line.record) for line in read(lines) if line.record is not None]


def events(lines: Sequence[bytes], name: str) -> list[Any]:
    return [
        line.record for line in read(lines) if line.record is not None and kind(line.record) == name
    ]


def problems(lines: Sequence[bytes]) -> list[tuple[int, str, str]]:
    return [
        (line.number, line.problem.code, line.problem.message)
        for line in read(lines)
        if line.problem
    ]


def violations(lines: Sequence[bytes]) -> list[str]:
    return [message for _, code, message in problems(lines) if code == "source_violation"]


def reduce(lines: Sequence[bytes]) -> tuple[dict[str, Any], list[Diagnostic]]:
    reducer = Reducer()
    found: list[Diagnostic] = []
    for line in reply_lines(read_events(iter(lines), SOURCE)):
        if line.problem is not None:
            found.append(line.problem)
        if line.event is not None:
            found.extend(reducer.apply(line.event))
    found.extend(reducer.finish())
    return reducer.to_dict(), found


def judge(lines: Sequence[bytes]) -> list[dict[str, Any]]:
    judge_ = Judge()
    for line in judge_lines(read_events(iter(lines), SOURCE), SOURCE):
        if line.event is not None and not isinstance(line.event, UnknownEvent):
            judge_.apply(line.event)
    return [verdict.to_dict() for verdict in judge_.verdicts()]


def verdict(lines: Sequence[bytes]) -> dict[str, Any]:
    (only,) = judge(lines)
    return only


def codes(found: Iterable[Diagnostic]) -> list[str]:
    return [diagnostic.code for diagnostic in found]


def text(id_: str, *deltas: str) -> list[dict[str, Any]]:
    return [
        {"type": "text-start", "id": id_},
        *({"type": "text-delta", "id": id_, "delta": d} for d in deltas),
        {"type": "text-end", "id": id_},
    ]


def tool(call_id: str, name: str, *deltas: str, input_: Any = None) -> list[dict[str, Any]]:
    return [
        {"type": "tool-input-start", "toolCallId": call_id, "toolName": name},
        *({"type": "tool-input-delta", "toolCallId": call_id, "inputTextDelta": d} for d in deltas),
        {"type": "tool-input-available", "toolCallId": call_id, "toolName": name, "input": input_},
    ]


def finish(reason: str | None = "stop", usage: Any = USAGE) -> dict[str, Any]:
    chunk: dict[str, Any] = {"type": "finish"}
    if reason is not None:
        chunk["finishReason"] = reason
    if usage is not None:
        chunk["messageMetadata"] = {"usage": usage}
    return chunk


START = {"type": "start", "messageId": "m1"}

COMPLETE = [
    START,
    {"type": "start-step"},
    {"type": "reasoning-start", "id": "r"},
    {"type": "reasoning-delta", "id": "r", "delta": "Look both up."},
    {"type": "reasoning-end", "id": "r"},
    *text("t", "Checking", " now."),
    {"type": "tool-input-start", "toolCallId": "c1", "toolName": "weather"},
    {"type": "tool-input-start", "toolCallId": "c2", "toolName": "time"},
    {"type": "tool-input-delta", "toolCallId": "c2", "inputTextDelta": '{"tz":'},
    {"type": "tool-input-delta", "toolCallId": "c1", "inputTextDelta": '{"city":"Paris"}'},
    {"type": "tool-input-delta", "toolCallId": "c2", "inputTextDelta": '"UTC"}'},
    {
        "type": "tool-input-available",
        "toolCallId": "c2",
        "toolName": "time",
        "input": {"tz": "UTC"},
    },
    {"type": "tool-input-available", "toolCallId": "c1", "toolName": "weather", "input": {}},
    {"type": "tool-output-available", "toolCallId": "c1", "output": {"celsius": 18}},
    {"type": "tool-output-available", "toolCallId": "c2", "output": "12:00"},
    {"type": "finish-step"},
    {"type": "start-step"},
    *text("t", "It is 18 °C."),
    {"type": "finish-step"},
    finish("stop", {"inputTokens": 40, "outputTokens": 9, "cachedInputTokens": 8}),
]


def content(message: dict[str, Any], type_: str) -> list[dict[str, Any]]:
    return [block for block in message["content"] if block["type"] == type_]


# ---------------------------------------------------------------- a complete stream


def test_complete_stream_reduces_to_the_message() -> None:
    """Reasoning, text (an id reused in the next step), parallel calls and their results fold into one message."""
    message, found = reduce(sse(*COMPLETE))
    assert found == []
    assert message["id"] == "m1"
    assert content(message, "thinking") == [
        {"type": "thinking", "id": "r", "thinking": "Look both up."}
    ]
    assert [(b["id"], b["text"]) for b in content(message, "text")] == [
        ("t", "Checking now."),
        ("t~2", "It is 18 °C."),
    ]
    calls = [(b["id"], b["name"], b["input"], b["state"]) for b in content(message, "tool_call")]
    assert calls == [
        ("c1", "weather", '{"city":"Paris"}', "finished"),
        ("c2", "time", '{"tz":"UTC"}', "finished"),
    ]
    results = [
        (r["id"], r["name"], r["state"], r["output"][0]["text"])
        for r in content(message, "tool_result")
    ]
    assert results == [
        ("c1", "weather", "success", '{"celsius":18}'),
        ("c2", "time", "success", "12:00"),
    ]
    assert message["usage"] == {"input_tokens": 40, "output_tokens": 9, "cache_input_tokens": 8}


def test_complete_stream_is_judged_completed_with_known_usage() -> None:
    """finish stop with usage in messageMetadata: completed, usage known, final text every text block."""
    assert verdict(sse(*COMPLETE)) == {
        "key": "m1",
        "terminal_state": "completed",
        "finish_reason": "stop",
        "usage_state": "known",
        "usage": {
            "input_tokens": 40,
            "output_tokens": 9,
            "cache_input_tokens": 8,
            "cache_creation_input_tokens": None,
            "cost_usd": None,
        },
        "final_text": "Checking now.It is 18 °C.",
        "error_code": None,
        "error_message": None,
    }


def test_complete_stream_event_order() -> None:
    """The events, in order: one reply, blocks, calls, results, then the evidence and the end."""
    assert kinds(sse(*COMPLETE)) == [
        "REPLY_START",
        "model_chunk",
        "THINKING_BLOCK_START",
        "THINKING_BLOCK_DELTA",
        "model_chunk",
        "THINKING_BLOCK_END",
        "TEXT_BLOCK_START",
        "TEXT_BLOCK_DELTA",
        "model_chunk",
        "TEXT_BLOCK_DELTA",
        "model_chunk",
        "TEXT_BLOCK_END",
        "TOOL_CALL_START",
        "TOOL_CALL_START",
        "TOOL_CALL_DELTA",
        "model_chunk",
        "TOOL_CALL_DELTA",
        "model_chunk",
        "TOOL_CALL_DELTA",
        "model_chunk",
        "TOOL_CALL_END",
        "TOOL_CALL_END",
        "TOOL_RESULT_START",
        "TOOL_RESULT_TEXT_DELTA",
        "TOOL_RESULT_END",
        "TOOL_RESULT_START",
        "TOOL_RESULT_TEXT_DELTA",
        "TOOL_RESULT_END",
        "TEXT_BLOCK_START",
        "TEXT_BLOCK_DELTA",
        "model_chunk",
        "TEXT_BLOCK_END",
        "model_finish",
        "MODEL_CALL_END",
        "model_receipt",
        "REPLY_END",
    ]


@pytest.mark.parametrize("source", [SOURCE, "auto"])
def test_cli_reduce_judge_check(tmp_path: Path, source: str) -> None:
    """The three commands read the stream by name and by auto detection."""
    path = tmp_path / "stream.sse"
    path.write_bytes(b"".join(sse(*COMPLETE)))
    code, out, err = run_cli("reduce", "--from", source, str(path))
    assert (code, err) == (0, "")
    message = json.loads(out)
    assert [b["text"] for b in content(message, "text")] == ["Checking now.", "It is 18 °C."]
    assert [(b["id"], b["name"], b["input"]) for b in content(message, "tool_call")] == [
        ("c1", "weather", '{"city":"Paris"}'),
        ("c2", "time", '{"tz":"UTC"}'),
    ]
    code, out, err = run_cli("judge", "--from", source, str(path))
    assert (code, err) == (0, "")
    (found,) = json.loads(out)
    assert (found["key"], found["terminal_state"], found["usage_state"]) == (
        "m1",
        "completed",
        "known",
    )
    code, out, _ = run_cli("check", "--from", source, str(path))
    assert code == 0
    assert "0 errors" in out


def test_sse_and_json_lines_read_alike() -> None:
    """The same chunks as SSE (with event:/id: fields and comments) or JSON lines give the same events."""
    framed = [b": keep-alive\n", b"event: message\n", b"id: 1\n", *sse(*COMPLETE)]
    from_sse = [line.record for line in read(framed) if line.record is not None]
    from_jsonl = [line.record for line in read(jsonl(*COMPLETE)) if line.record is not None]
    assert from_sse == from_jsonl
    assert verdict(jsonl(*COMPLETE))["terminal_state"] == "completed"


# ---------------------------------------------------------------- rule 1: the reply


def test_reply_id_is_the_start_message_id() -> None:
    """start.messageId is the reply id and the call key; session and name are fixed."""
    (start,) = events(sse(START, finish()), "REPLY_START")
    assert (start.reply_id, start.session_id, start.name, start.role) == (
        "m1",
        "vercel-ui-session",
        "assistant",
        "assistant",
    )
    assert {
        line.record.call for line in read(sse(START, finish())) if hasattr(line.record, "call")
    } == {"m1"}


def test_reply_without_start_has_the_default_id() -> None:
    """With no start chunk, the first chunk that gives an event starts reply 'vercel-ui-message'."""
    lines = sse(*text("t", "hi"), finish())
    assert kinds(lines)[:3] == ["REPLY_START", "model_chunk", "TEXT_BLOCK_START"]
    assert verdict(lines)["key"] == DEFAULT_ID
    (start,) = events(sse({"type": "start"}, finish()), "REPLY_START")
    assert start.reply_id == DEFAULT_ID


def test_information_before_start_does_not_start_the_reply() -> None:
    """A data part written before the merged stream's start gives nothing; the start names the reply."""
    lines = sse({"type": "data-status", "data": {"step": 1}}, START, finish())
    assert kinds(lines)[0] == "REPLY_START"
    assert events(lines, "REPLY_START")[0].reply_id == "m1"


def test_a_second_start() -> None:
    """A start with no id or the same id gives nothing (its usage counts); another id is a violation."""
    lines = sse(
        START, {"type": "start", "messageMetadata": {"usage": USAGE}}, START, finish(usage=None)
    )
    assert kinds(lines).count("REPLY_START") == 1
    assert problems(lines) == []
    assert verdict(lines)["usage"]["input_tokens"] == 12
    assert violations(sse(START, {"type": "start", "messageId": "m2"}, finish())) == [
        'Received start for message ID "m2" after message "m1" started; '
        "the SDK renames the message silently."
    ]
    assert violations(sse(*text("t", "a"), START)) == [
        'Received start for message ID "m1" after message "vercel-ui-message" started; '
        "the SDK renames the message silently."
    ]


# ---------------------------------------------------------------- rule 2: blocks


def test_block_ids_are_unique_within_the_reply() -> None:
    """A reused id gets ~2, ~3; text and reasoning share the ids; a literal '~2' id is skipped over."""
    lines = sse(
        START,
        *text("0", "a"),
        {"type": "reasoning-start", "id": "0"},
        {"type": "reasoning-end", "id": "0"},
        *text("0~3", "b"),
        *text("0", "c"),
        finish(),
    )
    starts = [
        (kind(e), e.block_id)
        for e in (line.record for line in read(lines))
        if kind(e).endswith("BLOCK_START")
    ]
    assert starts == [
        ("TEXT_BLOCK_START", "0"),
        ("THINKING_BLOCK_START", "0~2"),
        ("TEXT_BLOCK_START", "0~3"),
        ("TEXT_BLOCK_START", "0~4"),
    ]
    message, found = reduce(lines)
    assert found == []
    assert [b["text"] for b in content(message, "text")] == ["a", "b", "c"]


def test_finish_step_closes_open_parts() -> None:
    """finish-step ends open text and reasoning parts in start order; a later delta is a violation."""
    lines = sse(
        START,
        {"type": "text-start", "id": "t"},
        {"type": "reasoning-start", "id": "r"},
        {"type": "finish-step"},
        {"type": "text-delta", "id": "t", "delta": "late"},
    )
    assert kinds(lines)[-3:] == ["TEXT_BLOCK_END", "THINKING_BLOCK_END", "unknown"]
    assert violations(lines) == [
        'Received text-delta for missing text part with ID "t". '
        'Ensure a "text-start" chunk is sent before any "text-delta" chunks.'
    ]


def test_deltas_give_chunks_on_their_channels() -> None:
    """Text, reasoning and tool input deltas each give a model_chunk on their channel.

    The reply's start gives the call's empty opening text chunk first."""
    lines = sse(
        START,
        {"type": "reasoning-start", "id": "r"},
        {"type": "reasoning-delta", "id": "r", "delta": "hm"},
        *text("t", "yes"),
        *tool("c", "f", "{}"),
    )
    assert [(c.channel, c.text) for c in events(lines, "model_chunk")] == [
        ("text", ""),
        ("thinking", "hm"),
        ("text", "yes"),
        ("tool_input", "{}"),
    ]


# ---------------------------------------------------------------- rule 3: tool input


def test_input_available_without_deltas_is_compact_json() -> None:
    """With no delta, tool-input-available's input is the whole input, compact, non-ASCII kept."""
    lines = sse(
        START,
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {
            "type": "tool-input-available",
            "toolCallId": "c",
            "toolName": "f",
            "input": {"q": "Zürich", "n": [1, 2]},
        },
        finish(),
    )
    (delta,) = events(lines, "TOOL_CALL_DELTA")
    assert delta.delta == '{"q":"Zürich","n":[1,2]}'


def test_input_available_starts_an_unstarted_call() -> None:
    """A call first named by tool-input-available starts there with its toolName; no input gives ''.

    Calls left waiting for their results (client-side tools) are open at the end.
    """
    lines = sse(
        START,
        {"type": "tool-input-available", "toolCallId": "c", "toolName": "lookup", "input": None},
        {"type": "tool-input-available", "toolCallId": "d", "toolName": "noinput"},
        finish("tool-calls"),
    )
    message, found = reduce(lines)
    assert codes(found) == ["open_at_end", "open_at_end"]
    assert [(b["id"], b["name"], b["input"]) for b in content(message, "tool_call")] == [
        ("c", "lookup", "null"),
        ("d", "noinput", ""),
    ]


def test_streamed_deltas_win_over_input() -> None:
    """When deltas were streamed, they are the input; tool-input-available.input is not used."""
    lines = sse(START, *tool("c", "f", '{"a": 1}', input_={"a": 2}), finish())
    message, _ = reduce(lines)
    assert content(message, "tool_call")[0]["input"] == '{"a": 1}'


# ---------------------------------------------------------------- rule 4: approvals


def test_approval_request_and_denial() -> None:
    """Request → REQUIRE_USER_CONFIRM; response → USER_CONFIRM_RESULT; denied output → result denied."""
    lines = sse(
        START,
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "rm"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"path":"/"}'},
        {"type": "tool-approval-request", "approvalId": "a1", "toolCallId": "c"},
        {"type": "tool-approval-response", "approvalId": "a1", "approved": False, "reason": "no"},
        {"type": "tool-output-denied", "toolCallId": "c"},
        finish("tool-calls"),
    )
    (ask,) = events(lines, "REQUIRE_USER_CONFIRM")
    assert ask.tool_calls == (
        {
            "type": "tool_call",
            "id": "c",
            "name": "rm",
            "input": "",
            "state": "pending",
            "suggested_rules": [],
        },
    )
    assert ask.metadata == {"approval_id": "a1"}
    (answer,) = events(lines, "USER_CONFIRM_RESULT")
    assert answer.confirm_results[0]["confirmed"] is False
    assert answer.confirm_results[0]["tool_call"]["id"] == "c"
    assert answer.metadata == {"approval_id": "a1", "reason": "no"}
    (end,) = events(lines, "TOOL_RESULT_END")
    assert end.state == "denied"
    assert kinds(lines).index("TOOL_CALL_END") < kinds(lines).index("REQUIRE_USER_CONFIRM")
    message, found = reduce(lines)
    assert found == []
    assert content(message, "tool_call")[0]["state"] == "finished"
    assert content(message, "tool_result")[0]["state"] == "denied"


def test_approved_call_runs() -> None:
    """An approved call's output is its result; the answer has no reason when none was sent."""
    lines = sse(
        START,
        *tool("c", "f", input_={"x": 1}),
        {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"},
        {"type": "tool-approval-response", "approvalId": "a", "approved": True},
        {"type": "tool-output-available", "toolCallId": "c", "output": 3},
        finish(),
    )
    (answer,) = events(lines, "USER_CONFIRM_RESULT")
    assert (answer.confirm_results[0]["confirmed"], answer.metadata) == (True, {"approval_id": "a"})
    message, found = reduce(lines)
    assert found == []
    assert content(message, "tool_result")[0]["output"][0]["text"] == "3"


# ---------------------------------------------------------------- rule 5: tool output


@pytest.mark.parametrize(
    ("output", "texts"),
    [
        ("plain words", ["plain words"]),
        (None, []),
        ({"a": [1, "é"]}, ['{"a":[1,"é"]}']),
        ("", []),
        (False, ["false"]),
    ],
)
def test_output_text(output: Any, texts: list[str]) -> None:
    """A string output is the text; null or empty gives none; anything else is compact JSON."""
    lines = sse(
        START,
        *tool("c", "f", input_={}),
        {"type": "tool-output-available", "toolCallId": "c", "output": output},
    )
    assert [d.delta for d in events(lines, "TOOL_RESULT_TEXT_DELTA")] == texts
    assert [e.state for e in events(lines, "TOOL_RESULT_END")] == ["success"]


def test_preliminary_outputs_give_only_the_last() -> None:
    """Preliminary outputs start the result once; only the final output is its text."""
    lines = sse(
        START,
        *tool("c", "f", input_={}),
        {"type": "tool-output-available", "toolCallId": "c", "output": "1/3", "preliminary": True},
        {"type": "tool-output-available", "toolCallId": "c", "output": "2/3", "preliminary": True},
        {
            "type": "tool-output-available",
            "toolCallId": "c",
            "output": "done",
            "preliminary": False,
        },
        finish(),
    )
    assert kinds(lines).count("TOOL_RESULT_START") == 1
    assert [d.delta for d in events(lines, "TOOL_RESULT_TEXT_DELTA")] == ["done"]
    message, found = reduce(lines)
    assert found == []
    assert content(message, "tool_result")[0]["output"][0]["text"] == "done"


def test_preliminary_output_left_running_is_open_at_end() -> None:
    """A result with only preliminary outputs stays running after finish, and its call unfinished."""
    lines = sse(
        START,
        *tool("c", "f", input_={}),
        {"type": "tool-output-available", "toolCallId": "c", "output": 1, "preliminary": True},
        finish(),
    )
    _, found = reduce(lines)
    assert sorted(d.message for d in found) == [
        "tool_call 'c' is still ready at the end of input",
        "tool_result 'c' is still running at the end of input",
    ]


def test_output_error_and_input_error() -> None:
    """tool-output-error and tool-input-error give an error result with errorText."""
    lines = sse(
        START,
        *tool("c", "f", input_={}),
        {"type": "tool-output-error", "toolCallId": "c", "errorText": "timeout"},
        {
            "type": "tool-input-error",
            "toolCallId": "d",
            "toolName": "g",
            "input": "{bad",
            "errorText": "bad JSON",
        },
        finish(),
    )
    message, found = reduce(lines)
    assert found == []
    assert [(b["id"], b["name"], b["input"]) for b in content(message, "tool_call")] == [
        ("c", "f", "{}"),
        ("d", "g", '"{bad"'),
    ]
    assert [
        (r["id"], r["state"], r["output"][0]["text"]) for r in content(message, "tool_result")
    ] == [
        ("c", "error", "timeout"),
        ("d", "error", "bad JSON"),
    ]


def test_output_ends_a_streaming_input() -> None:
    """An output for a call whose input still streams ends the input first."""
    lines = sse(
        START,
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "{"},
        {"type": "tool-output-available", "toolCallId": "c", "output": "x"},
    )
    assert kinds(lines)[-4:] == [
        "TOOL_CALL_END",
        "TOOL_RESULT_START",
        "TOOL_RESULT_TEXT_DELTA",
        "TOOL_RESULT_END",
    ]


# ---------------------------------------------------------------- rule 6: finish, abort, error


@pytest.mark.parametrize(
    ("reason", "state"),
    [
        ("stop", "completed"),
        ("tool-calls", "completed"),
        ("length", "truncated"),
        ("content-filter", "truncated"),
        ("error", "failed"),
        ("other", "no_completion_basis"),
        ("interrupted", "no_completion_basis"),
        ("surprise", "no_completion_basis"),
        (None, "no_completion_basis"),
    ],
)
def test_finish_reason(reason: str | None, state: str) -> None:
    """finishReason is given as it is and read with the vercel_ai vocabulary; absent is no word."""
    found = verdict(sse(START, *text("t", "x"), finish(reason)))
    assert (found["terminal_state"], found["finish_reason"]) == (state, reason)
    (signal,) = events(sse(START, finish(reason)), "model_finish")
    assert (signal.reason, signal.vocabulary) == (reason, "vercel_ai")


def test_finish_closes_what_is_open_and_ends_the_reply() -> None:
    """finish closes open parts and tool inputs, gives the receipt, then REPLY_END."""
    lines = sse(
        START,
        {"type": "text-start", "id": "t"},
        {"type": "text-delta", "id": "t", "delta": "partial"},
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        finish(),
    )
    assert kinds(lines)[-6:] == [
        "model_finish",
        "MODEL_CALL_END",
        "model_receipt",
        "TEXT_BLOCK_END",
        "TOOL_CALL_END",
        "REPLY_END",
    ]
    (receipt,) = events(lines, "model_receipt")
    assert receipt.text == ("partial",)
    _, found = reduce(lines)
    assert [d.message for d in found] == ["tool_call 'c' is still ready at the end of input"]


def test_abort_is_a_cut_finish_without_receipt() -> None:
    """abort gives finish 'abort' and REPLY_END, no receipt: truncated, usage unknown."""
    lines = sse(START, *text("t", "half"), {"type": "abort", "reason": "user"})
    assert kinds(lines)[-2:] == ["model_finish", "REPLY_END"]
    assert "model_receipt" not in kinds(lines)
    found = verdict(lines)
    assert (found["terminal_state"], found["finish_reason"], found["usage_state"]) == (
        "truncated",
        "abort",
        "unknown",
    )
    assert found["final_text"] == "half"
    _, diagnostics = reduce(lines)
    assert diagnostics == []


def test_error_fails_the_call_and_the_stream_goes_on() -> None:
    """error gives model_error(None, errorText); later chunks still fold; the verdict is failed."""
    lines = sse(
        START, {"type": "error", "errorText": "rate limited"}, *text("t", "after"), finish("stop")
    )
    (error,) = events(lines, "model_error")
    assert (error.call, error.code, error.message) == ("m1", None, "rate limited")
    found = verdict(lines)
    assert (found["terminal_state"], found["error_message"], found["final_text"]) == (
        "failed",
        "rate limited",
        "after",
    )


def test_error_before_anything_starts_the_reply() -> None:
    """An error as the first chunk starts the default reply; cut there, the verdict is failed."""
    lines = sse({"type": "error", "errorText": "boom"}, done=False)
    assert kinds(lines) == ["REPLY_START", "model_chunk", "model_error"]
    assert verdict(lines)["terminal_state"] == "failed"


# ---------------------------------------------------------------- rule 8: usage


@pytest.mark.parametrize(
    ("chunks", "usage"),
    [
        ([finish(usage=None)], None),
        ([finish(usage={"totalTokens": 5})], None),
        ([finish(usage={"inputTokens": -1, "outputTokens": 1.5})], None),
        ([finish(usage={"inputTokens": 3})], {"input_tokens": 3}),
        (
            [{"type": "message-metadata", "messageMetadata": {"usage": USAGE}}, finish(usage=None)],
            {"input_tokens": 12, "output_tokens": 7},
        ),
        (
            [
                {
                    "type": "message-metadata",
                    "messageMetadata": {"usage": {"inputTokens": 1, "outputTokens": 2}},
                },
                finish(usage={"outputTokens": 9}),
            ],
            {"input_tokens": 1, "output_tokens": 9},
        ),
        (
            [
                {"type": "message-metadata", "messageMetadata": {"usage": USAGE}},
                finish(usage=None) | {"messageMetadata": {"usage": None}},
            ],
            None,
        ),
        (
            [
                {"type": "message-metadata", "messageMetadata": {"usage": USAGE}},
                {"type": "message-metadata", "messageMetadata": "text"},
                finish(usage=None),
            ],
            {"input_tokens": 12, "output_tokens": 7},
        ),
        (
            [
                {"type": "message-metadata", "messageMetadata": {"usage": USAGE}},
                {"type": "message-metadata", "messageMetadata": {"usage": [1]}},
                finish(usage=None),
            ],
            None,
        ),
    ],
    ids=[
        "none",
        "no-counts",
        "bad-counts",
        "partial",
        "from-metadata-chunk",
        "merged",
        "null-replaces",
        "non-object-keeps",
        "array-replaces",
    ],
)
def test_usage_from_message_metadata(
    chunks: list[dict[str, Any]], usage: dict[str, int] | None
) -> None:
    """Usage is messageMetadata.usage, merged as the SDK merges metadata; reported only with a count."""
    found = verdict(sse(START, *chunks))
    if usage is None:
        assert (found["usage_state"], found["usage"]) == ("unknown", None)
    else:
        assert found["usage_state"] == "known"
        assert {k: v for k, v in found["usage"].items() if v is not None} == usage


def test_model_call_end_needs_both_counts() -> None:
    """MODEL_CALL_END comes with the receipt only when both token counts are known."""
    assert "MODEL_CALL_END" in kinds(sse(START, finish(usage=USAGE)))
    assert "MODEL_CALL_END" not in kinds(sse(START, finish(usage={"inputTokens": 3})))


# ---------------------------------------------------------------- rule 10: the end


def test_done_after_finish_ends_the_stream() -> None:
    """[DONE] after finish gives nothing; a chunk after it or a second [DONE] is a violation."""
    assert problems(sse(START, finish())) == []
    lines = [*sse(START, finish()), b'data: {"type":"text-start","id":"t"}\n', b"data: [DONE]\n"]
    assert violations(lines) == [
        "Received text-start after [DONE]; the stream had ended.",
        "Received [DONE] after [DONE]; the stream had ended.",
    ]
    assert verdict(lines)["terminal_state"] == "completed"


def test_done_before_finish_is_a_cut_stream() -> None:
    """[DONE] with no finish gives nothing: the reply stays open, the judge has no basis."""
    lines = sse(START, *text("t", "so far"))
    assert problems(lines) == []
    assert "REPLY_END" not in kinds(lines)
    _, found = reduce(lines)
    assert codes(found) == ["missing_reply_end"]
    found_verdict = verdict(lines)
    assert (found_verdict["terminal_state"], found_verdict["final_text"]) == (
        "no_completion_basis",
        "so far",
    )


def test_cut_stream_leaves_everything_open() -> None:
    """Cut mid-stream: open block, open tool input, running result, waiting approval all reported."""
    lines = sse(
        START,
        {"type": "text-start", "id": "t"},
        *tool("c", "f", input_={}),
        {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"},
        *tool("d", "g", input_={}),
        {"type": "tool-output-available", "toolCallId": "d", "output": 1, "preliminary": True},
        {"type": "tool-input-start", "toolCallId": "e", "toolName": "h"},
        done=False,
    )
    _, found = reduce(lines)
    assert sorted(d.message for d in found) == [
        "block 'text:t' is still open at the end of input",
        "reply is still started at the end of input",
        "tool_call 'c' is still asking at the end of input",
        "tool_call 'd' is still ready at the end of input",
        "tool_call 'e' is still streaming at the end of input",
        "tool_result 'd' is still running at the end of input",
    ]
    assert verdict(lines)["terminal_state"] == "no_completion_basis"


def test_cut_before_the_reply_gives_nothing() -> None:
    """Only information chunks: no events, no verdict."""
    assert kinds(sse({"type": "start-step"}, {"type": "data-x", "data": 1}, done=False)) == []


@pytest.mark.parametrize("chunks", [[START], [{"type": "text-start", "id": "t"}]])
def test_cut_right_after_the_reply_starts(tmp_path: Path, chunks: list[dict[str, Any]]) -> None:
    """Cut right after the reply starts: the empty opening chunk gives a verdict with no basis, text ''."""
    lines = sse(*chunks, done=False)
    key = events(lines, "REPLY_START")[0].reply_id
    given = [(line.number, kind(line.record)) for line in read(lines) if line.record is not None]
    assert given[:2] == [(1, "REPLY_START"), (1, "model_chunk")]
    (opening,) = events(lines, "model_chunk")
    assert (opening.call, opening.channel, opening.text) == (key, "text", "")
    expected = {
        "key": key,
        "terminal_state": "no_completion_basis",
        "finish_reason": None,
        "usage_state": "unknown",
        "usage": None,
        "final_text": "",
        "error_code": None,
        "error_message": None,
    }
    assert judge(lines) == [expected]
    path = tmp_path / "stream.sse"
    path.write_bytes(b"".join(lines))
    code, out, err = run_cli("judge", "--from", SOURCE, str(path))
    assert (code, err) == (0, "")
    assert json.loads(out) == [expected]


# ---------------------------------------------------------------- rule 9: violations


VIOLATIONS = [
    (
        [START, {"type": "text-delta", "id": "t", "delta": "x"}],
        'Received text-delta for missing text part with ID "t". Ensure a "text-start" chunk is sent before any "text-delta" chunks.',
    ),
    (
        [START, {"type": "text-end", "id": "t"}],
        'Received text-end for missing text part with ID "t". Ensure a "text-start" chunk is sent before any "text-end" chunks.',
    ),
    (
        [START, {"type": "reasoning-delta", "id": "r", "delta": "x"}],
        'Received reasoning-delta for missing reasoning part with ID "r". Ensure a "reasoning-start" chunk is sent before any "reasoning-delta" chunks.',
    ),
    (
        [
            START,
            {"type": "reasoning-start", "id": "r"},
            {"type": "reasoning-end", "id": "r"},
            {"type": "reasoning-end", "id": "r"},
        ],
        'Received reasoning-end for missing reasoning part with ID "r". Ensure a "reasoning-start" chunk is sent before any "reasoning-end" chunks.',
    ),
    (
        [START, {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "{"}],
        'Received tool-input-delta for missing tool call with ID "c". Ensure a "tool-input-start" chunk is sent before any "tool-input-delta" chunks.',
    ),
    (
        [START, {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"}],
        'No tool invocation found for tool call ID "c".',
    ),
    (
        [START, {"type": "tool-output-available", "toolCallId": "c", "output": 1}],
        'No tool invocation found for tool call ID "c".',
    ),
    (
        [START, {"type": "tool-output-error", "toolCallId": "c", "errorText": "e"}],
        'No tool invocation found for tool call ID "c".',
    ),
    (
        [START, {"type": "tool-output-denied", "toolCallId": "c"}],
        'No tool invocation found for tool call ID "c".',
    ),
    (
        [START, {"type": "tool-approval-response", "approvalId": "a", "approved": True}],
        'No tool invocation found for approval ID "a".',
    ),
    (
        [START, {"type": "text-start", "id": "t"}, {"type": "text-start", "id": "t"}],
        'Received text-start for text part with ID "t", which is already streaming; the SDK starts a second part silently.',
    ),
    (
        [START, {"type": "reasoning-start", "id": "r"}, {"type": "reasoning-start", "id": "r"}],
        'Received reasoning-start for reasoning part with ID "r", which is already streaming; the SDK starts a second part silently.',
    ),
    (
        [
            START,
            {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
            {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        ],
        'Received tool-input-start for tool call ID "c" in state input-streaming; the SDK restarts its input silently.',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "x"},
        ],
        'Received tool-input-delta for tool call ID "c" in state input-available; the SDK reopens its input silently.',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            {"type": "tool-input-available", "toolCallId": "c", "toolName": "f", "input": {}},
        ],
        'Received tool-input-available for tool call ID "c" in state input-available; the SDK replaces its input silently.',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"},
            {"type": "tool-approval-request", "approvalId": "b", "toolCallId": "c"},
        ],
        'Received tool-approval-request for tool call ID "c" in state approval-requested; the SDK asks again silently.',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            *tool("d", "f", input_={}),
            {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"},
            {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "d"},
        ],
        'Received tool-approval-request with approval ID "a", already used for tool call ID "c".',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"},
            {"type": "tool-approval-response", "approvalId": "a", "approved": True},
            {"type": "tool-approval-response", "approvalId": "a", "approved": False},
        ],
        'Received tool-approval-response for approval ID "a" of tool call ID "c" in state approval-responded; the SDK answers again silently.',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            {"type": "tool-output-available", "toolCallId": "c", "output": 1},
            {"type": "tool-output-error", "toolCallId": "c", "errorText": "e"},
        ],
        'Received tool-output-error for tool call ID "c" in state output-available; the SDK replaces its output silently.',
    ),
    (
        [
            START,
            *tool("c", "f", input_={}),
            {"type": "tool-output-denied", "toolCallId": "c"},
            {"type": "tool-input-error", "toolCallId": "c", "toolName": "f", "errorText": "e"},
        ],
        'Received tool-input-error for tool call ID "c" in state output-denied; the SDK replaces its output silently.',
    ),
    (
        [START, finish(), {"type": "text-start", "id": "t"}],
        "Received text-start after the finish chunk; the message had ended.",
    ),
    (
        [START, finish(), {"type": "data-x", "data": 1}],
        "Received data-x after the finish chunk; the message had ended.",
    ),
    (
        [START, {"type": "abort"}, finish()],
        "Received finish after the abort chunk; the message had ended.",
    ),
    (
        [START, {"type": "abort"}, {"type": "error", "errorText": "e"}],
        "Received error after the abort chunk; the message had ended.",
    ),
]


@pytest.mark.parametrize(("chunks", "message"), VIOLATIONS)
def test_violation(chunks: list[dict[str, Any]], message: str) -> None:
    """Each break of the protocol is one source_violation error on its line, kept whole, never
    folded: the line gives nothing else."""
    lines = sse(*chunks, done=False)
    read_lines = read(lines)
    found = [line for line in read_lines if line.problem is not None]
    assert [line.problem.message for line in found] == [message]
    (line,) = found
    assert line.problem.code == "source_violation"
    assert line.problem.severity is Severity.ERROR
    assert line.problem.details["source"] == SOURCE
    assert line.number == 2 * len(chunks) - 1
    assert isinstance(line.record, UnknownEvent)
    assert line.record.raw == {
        "version": 1,
        "type": f"vercel_ui/{chunks[-1]['type']}",
        "payload": chunks[-1],
    }
    assert line.event is None
    assert [other for other in read_lines if other.number == line.number] == [line]


def test_a_violation_is_not_folded() -> None:
    """The reducer sees nothing of a violating chunk: the text stays what was valid."""
    message, _ = reduce(
        sse(START, *text("t", "ok"), {"type": "text-delta", "id": "t", "delta": "late"}, finish())
    )
    assert [b["text"] for b in content(message, "text")] == ["ok"]


# ---------------------------------------------------------------- unknown types and bad fields


@pytest.mark.parametrize(
    ("record", "shown"),
    [
        ({"type": "text-deltas", "id": "t"}, "type 'text-deltas'"),
        ({"id": "t"}, "no type"),
        ({"type": 3}, "no type"),
    ],
)
def test_unknown_types(record: dict[str, Any], shown: str) -> None:
    """A type the protocol does not define is kept whole with an unknown_record warning."""
    assert problems(sse(START, record, done=False)) == [
        (
            3,
            "unknown_record",
            f"Vercel AI UI message stream record of unknown {shown}; kept, no effect",
        )
    ]


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {"type": "text-start"},
            'Invalid text-start chunk: "id" must be a string (found nothing).',
        ),
        (
            {"type": "text-delta", "id": "t", "delta": None},
            'Invalid text-delta chunk: "delta" must be a string (found null).',
        ),
        (
            {"type": "reasoning-delta", "id": 1, "delta": "x"},
            'Invalid reasoning-delta chunk: "id" must be a string (found number).',
        ),
        (
            {"type": "tool-input-start", "toolCallId": "c"},
            'Invalid tool-input-start chunk: "toolName" must be a string (found nothing).',
        ),
        (
            {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": {}},
            'Invalid tool-input-delta chunk: "inputTextDelta" must be a string (found object).',
        ),
        (
            {"type": "tool-approval-response", "approvalId": "a", "approved": "yes"},
            'Invalid tool-approval-response chunk: "approved" must be a boolean (found string).',
        ),
        (
            {"type": "tool-approval-response", "approvalId": "a", "approved": True, "reason": 1},
            'Invalid tool-approval-response chunk: "reason" must be a string (found number).',
        ),
        (
            {"type": "tool-output-available", "toolCallId": "c", "preliminary": 1},
            'Invalid tool-output-available chunk: "preliminary" must be a boolean (found number).',
        ),
        (
            {"type": "error", "errorText": ["x"]},
            'Invalid error chunk: "errorText" must be a string (found array).',
        ),
        (
            {"type": "error"},
            'Invalid error chunk: "errorText" must be a string (found nothing).',
        ),
        (
            {"type": "tool-output-error", "toolCallId": "c"},
            'Invalid tool-output-error chunk: "errorText" must be a string (found nothing).',
        ),
        (
            {"type": "tool-input-error", "toolCallId": "c", "toolName": "f"},
            'Invalid tool-input-error chunk: "errorText" must be a string (found nothing).',
        ),
        (
            {"type": "finish", "finishReason": None},
            'Invalid finish chunk: "finishReason" must be a string (found null).',
        ),
        (
            {"type": "start", "messageId": 7},
            'Invalid start chunk: "messageId" must be a string (found number).',
        ),
    ],
)
def test_bad_field_types(record: dict[str, Any], message: str) -> None:
    """A field a rule reads, missing or of the wrong JSON type, makes the chunk a violation."""
    assert violations(sse(START, record, done=False)) == [message]


def test_information_fields_are_not_checked() -> None:
    """Information chunks give nothing whatever their fields."""
    lines = sse(
        START,
        {"type": "source-url"},
        {"type": "source-document", "sourceId": 1},
        {"type": "file", "url": None},
        {"type": "reasoning-file"},
        {"type": "custom", "kind": []},
        {"type": "data-weather", "id": 5, "data": None, "transient": "x"},
        {"type": "message-metadata", "messageMetadata": 3},
        {"type": "start-step", "extra": True},
        {"type": "steering-message", "text": "go on"},
        done=False,
    )
    assert problems(lines) == []
    assert kinds(lines) == ["REPLY_START", "model_chunk"]


def test_reset_step_closes_and_reports() -> None:
    """reset-step closes open parts and inputs, keeps what was given, and says so (opaque_event)."""
    lines = sse(
        START,
        {"type": "text-start", "id": "t"},
        {"type": "text-delta", "id": "t", "delta": "draft"},
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {"type": "reset-step"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "x"},
        done=False,
    )
    assert kinds(lines)[-4:] == ["TEXT_BLOCK_END", "TOOL_CALL_END", "unknown", "unknown"]
    assert [code for _, code, _ in problems(lines)] == ["opaque_event", "source_violation"]


# ---------------------------------------------------------------- Hypothesis: prefixes and mutations

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)
#: The wire types whose chunk may give no line at all: information (data-* too), a finish-step
#: with nothing open, a start after the reply started, a second preliminary output.
SILENT = {
    "start",
    "start-step",
    "finish-step",
    "source-url",
    "source-document",
    "file",
    "reasoning-file",
    "custom",
    "message-metadata",
    "steering-message",
    "tool-output-available",
}


@given(st.integers(0, len(COMPLETE)), st.booleans())
def test_any_prefix_reads_without_traceback_and_is_never_completed(cut: int, as_sse: bool) -> None:
    """Cut anywhere before finish: never completed, never a traceback; with the finish: completed."""
    chunks = COMPLETE[:cut]
    lines = sse(*chunks, done=False) if as_sse else jsonl(*chunks)
    verdicts = judge(lines)
    if cut == len(COMPLETE):
        assert [v["terminal_state"] for v in verdicts] == ["completed"]
    else:
        assert all(v["terminal_state"] == "no_completion_basis" for v in verdicts)
        assert all(v["usage_state"] == "unknown" for v in verdicts)
    _, found = reduce(lines)
    assert all(d.severity is not Severity.ERROR for d in found)


def _mutated(draw: st.DrawFn) -> list[dict[str, Any]]:
    chunks = [dict(chunk) for chunk in COMPLETE]
    for _ in range(draw(st.integers(1, 4))):
        chunk = chunks[draw(st.integers(0, len(chunks) - 1))]
        keys = sorted(chunk)
        action = draw(st.sampled_from(["set", "drop", "add"])) if keys else "add"
        if action == "drop":
            chunk.pop(draw(st.sampled_from(keys)), None)
        else:
            key = draw(st.sampled_from(keys)) if action == "set" else draw(st.text(max_size=6))
            chunk[key] = draw(JSON_VALUES)
    return chunks


@given(st.data())
def test_mutated_records_never_raise_and_every_line_is_accounted_for(data: st.DataObject) -> None:
    """Wrong types, missing fields, nulls: events or a diagnostic on every line, never an exception."""
    chunks = _mutated(data.draw)
    lines = jsonl(*chunks)
    read_lines = read(lines)
    by_line: dict[int, list[Line]] = {}
    for line in read_lines:
        by_line.setdefault(line.number, []).append(line)
    for number, chunk in enumerate(chunks, 1):
        type_ = chunk.get("type")
        if number not in by_line:
            silent = isinstance(type_, str) and (type_ in SILENT or type_.startswith("data-"))
            assert silent, (number, chunk)
    for line in read_lines:
        assert line.record is not None or line.problem is not None
    judge(lines)
    reduce(lines)


@given(
    st.lists(
        st.sampled_from(
            COMPLETE + VIOLATIONS[0][0] + [{"type": "abort"}, {"type": "error", "errorText": "e"}]
        ),
        max_size=25,
    )
)
def test_shuffled_chunks_never_raise(chunks: list[dict[str, Any]]) -> None:
    """Any order of valid chunks reads; the reducer never sees an event the importer should have refused."""
    lines = sse(*chunks)
    _, found = reduce(lines)
    folded_errors = [
        d for d in found if d.severity is Severity.ERROR and d.code != "source_violation"
    ]
    assert folded_errors == []
    judge(lines)


# ---------------------------------------------------------------- auto detection


@pytest.mark.parametrize(
    "first",
    [
        START,
        {"type": "text-delta", "id": "t", "delta": "x"},
        {"type": "data-weather", "data": {}},
        {"type": "error", "errorText": "boom"},
        {"type": "finish"},
    ],
)
def test_auto_detects_the_stream(first: dict[str, Any]) -> None:
    """--from auto reads a stream whose first record is a UI message chunk as vercel_ui."""
    lines = read_events(iter(sse(first, START, finish())), "auto")
    list(lines)
    assert source_of(lines, "auto") == SOURCE


def test_auto_judges_like_the_named_source() -> None:
    """auto gives the same lines as --from vercel_ui."""
    assert read(sse(*COMPLETE), "auto") == read(sse(*COMPLETE))


# ---------------------------------------------------------------- the table


def test_table_lists_exactly_the_handlers_and_validates() -> None:
    """spec/sources/vercel_ui.json has one entry per handler key and validates against its schema."""
    table = json.loads(TABLE.read_text())
    jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text())).validate(table)
    listed = [entry["type"] for entry in table["types"]]
    assert len(listed) == len(set(listed))
    handlers = IMPORTER().handlers()
    assert set(listed) == set(handlers)
    assert len(handlers) == len(listed)
    assert handlers["data-weather"] == handlers["data-<name>"]
    assert table["source"] == SOURCE
    assert table["vocabulary"] == "vercel_ai"


def test_information_types_give_no_events_in_the_table() -> None:
    """The types the rules call information are listed with no events."""
    table = {entry["type"]: entry for entry in json.loads(TABLE.read_text())["types"]}
    information = [
        "start-step",
        "source-url",
        "source-document",
        "file",
        "reasoning-file",
        "custom",
        "data-<name>",
        "message-metadata",
        "steering-message",
    ]
    assert all(table[name]["events"] == [] for name in information)


# ---------------------------------------------------------------- the examples

EXAMPLE_FILES = sorted(p for p in EXAMPLES.iterdir() if p.suffix in {".sse", ".jsonl"})


def test_there_are_three_to_five_examples() -> None:
    """examples/vercel_ui holds three to five recorded streams."""
    assert 3 <= len(EXAMPLE_FILES) <= 5


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_example(path: Path) -> None:
    """Each example reads cleanly (unless cut or error) and gets the verdict its name promises."""
    lines = path.read_bytes().splitlines(keepends=True)
    promised = path.name.split(".")[-2]
    _, found = reduce(lines)
    line_problems = [line.problem for line in read(lines) if line.problem is not None]
    if "cut" not in path.name and "error" not in path.name:
        assert [d for d in [*found, *line_problems] if d.severity is Severity.ERROR] == []
        assert found == []
    assert verdict(lines)["terminal_state"] == promised
    code, out, _ = run_cli("judge", "--from", "auto", str(path))
    assert code == 0
    assert [v["terminal_state"] for v in json.loads(out)] == [promised]
