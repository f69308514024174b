"""``--from agui``: AG-UI 1.0 event streams, rule by rule (module rules 1-16).

Every expectation here is written by hand; the table in ``spec/sources/agui.json``
is only checked against the importer's handlers and the schema.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from source_streams import kinds, problems, run_cli
from streamspec import CompletionEvent, Reducer, UnknownEvent
from streamspec._events import EVENT_CLASSES, Event
from streamspec._jsonl import Line
from streamspec._resources import example_path, spec_dir
from streamspec.completion import judge
from streamspec.sources import _agui, read_events, reply_lines
from streamspec.sources._read import Source, detect_source

THREAD = "thread-1"
RUN = "run-1"
NULL_SUFFIX = "The field is optional — omit it entirely."

# ------------------------------------------------------------------ building streams


def ev(type_: str, **fields: Any) -> dict[str, Any]:
    """An AG-UI event as it is sent (camelCase fields)."""
    return {"type": type_, **fields}


def started(run_id: str = RUN, thread_id: str = THREAD) -> dict[str, Any]:
    return ev("RUN_STARTED", threadId=thread_id, runId=run_id)


def finished(run_id: str = RUN, **fields: Any) -> dict[str, Any]:
    return ev("RUN_FINISHED", threadId=THREAD, runId=run_id, **fields)


def text(message_id: str, *deltas: str) -> list[dict[str, Any]]:
    return [
        ev("TEXT_MESSAGE_START", messageId=message_id, role="assistant"),
        *[ev("TEXT_MESSAGE_CONTENT", messageId=message_id, delta=d) for d in deltas],
        ev("TEXT_MESSAGE_END", messageId=message_id),
    ]


def sse(records: Iterable[Any]) -> list[bytes]:
    """SSE lines: a ``data:`` line and a blank line per record."""
    out: list[bytes] = []
    for record in records:
        out += [b"data: " + orjson.dumps(record) + b"\n", b"\n"]
    return out


def jsonl(records: Iterable[Any]) -> list[bytes]:
    return [orjson.dumps(r) + b"\n" for r in records]


def read(records: Iterable[Any], source: str = "agui") -> list[Line]:
    return list(read_events(iter(jsonl(records)), source))


def fold(lines: list[Line], reply_id: str = RUN) -> Reducer:
    reducer = Reducer(reply_id=reply_id)
    for line in reply_lines(lines):
        event = line.event
        if isinstance(event, Event) and getattr(event, "reply_id", None) == reply_id:
            reducer.apply(event)
    reducer.finish()
    return reducer


def message(lines: list[Line], reply_id: str = RUN) -> dict[str, Any]:
    result: dict[str, Any] = fold(lines, reply_id).to_dict()
    return result


def verdicts(lines: Iterable[Line]) -> dict[str, dict[str, Any]]:
    evidence = [
        ln.record for ln in lines if isinstance(ln.record, CompletionEvent) and ln.problem is None
    ]
    return {v.key: v.to_dict() for v in judge(evidence)}


def usage(**counts: int | None) -> dict[str, Any]:
    """The verdict's usage object: every field, null where not given."""
    fields = (
        "input_tokens",
        "output_tokens",
        "cache_input_tokens",
        "cache_creation_input_tokens",
        "cost_usd",
    )
    return {name: counts.get(name) for name in fields}


TOOL_STREAM = [
    started(),
    ev("STEP_STARTED", stepName="agent"),
    ev("REASONING_START", messageId="think"),
    ev("REASONING_MESSAGE_START", messageId="think", role="reasoning"),
    ev("REASONING_MESSAGE_CONTENT", messageId="think", delta="Two cities."),
    ev("REASONING_MESSAGE_END", messageId="think"),
    ev("REASONING_END", messageId="think"),
    *text("msg-1", "Checking", " both."),
    ev("TOOL_CALL_START", toolCallId="call-a", toolCallName="get_weather", parentMessageId="msg-1"),
    ev("TOOL_CALL_START", toolCallId="call-b", toolCallName="get_time", parentMessageId="msg-1"),
    ev("TOOL_CALL_ARGS", toolCallId="call-b", delta='{"tz": '),
    ev("TOOL_CALL_ARGS", toolCallId="call-a", delta='{"city": "Oslo"}'),
    ev("TOOL_CALL_ARGS", toolCallId="call-b", delta='"UTC"}'),
    ev("TOOL_CALL_END", toolCallId="call-b"),
    ev("TOOL_CALL_END", toolCallId="call-a"),
    ev("TOOL_CALL_RESULT", messageId="res-a", toolCallId="call-a", content="4°C"),
    ev(
        "TOOL_CALL_RESULT",
        messageId="res-b",
        toolCallId="call-b",
        content=[{"type": "text", "text": "12:00"}],
    ),
    ev("STEP_FINISHED", stepName="agent"),
    finished(
        usage=[
            {
                "provider": "openai",
                "model": "a",
                "inputTokens": 10,
                "outputTokens": 5,
                "cachedInputTokens": 2,
            },
            {
                "provider": "anthropic",
                "model": "b",
                "inputTokens": 3,
                "outputTokens": 4,
                "cachedInputTokens": 1,
            },
        ]
    ),
]

# ------------------------------------------------------------------ a whole stream


def test_a_complete_stream_gives_the_message_and_a_completed_verdict() -> None:
    """Rules 5-7, 9, 10, 13, 15: reasoning, text, parallel tool calls, results, usage summed."""
    lines = read(TOOL_STREAM)
    assert problems(lines) == []
    reducer = fold(lines)
    assert reducer.diagnostics == ()
    assert reducer.to_dict() == {
        "name": "assistant",
        "role": "assistant",
        "id": RUN,
        "metadata": {},
        "created_at": None,
        "finished_at": None,
        "content": [
            {"type": "thinking", "id": "think", "thinking": "Two cities."},
            {"type": "text", "id": "msg-1", "text": "Checking both."},
            {"type": "tool_call", "id": "call-a", "name": "get_weather", "input": '{"city": "Oslo"}',
             "state": "finished", "suggested_rules": []},
            {"type": "tool_call", "id": "call-b", "name": "get_time", "input": '{"tz": "UTC"}',
             "state": "finished", "suggested_rules": []},
            {"type": "tool_result", "id": "call-a", "name": "get_weather",
             "output": [{"type": "text", "id": "call-a#text-0", "text": "4°C"}], "state": "success", "metadata": {}},
            {"type": "tool_result", "id": "call-b", "name": "get_time",
             "output": [{"type": "text", "id": "call-b#text-0", "text": "12:00"}], "state": "success", "metadata": {}},
        ],
        "usage": {"input_tokens": 13, "output_tokens": 9, "cache_input_tokens": 3},
    }  # fmt: skip
    assert verdicts(lines) == {
        RUN: {
            "key": RUN,
            "terminal_state": "completed",
            "finish_reason": "success",
            "usage_state": "known",
            "usage": usage(input_tokens=13, output_tokens=9, cache_input_tokens=3),
            "final_text": "Checking both.",
            "error_code": None,
            "error_message": None,
        }
    }


def test_the_events_of_a_text_run_in_order() -> None:
    """Rules 5, 6, 13: REPLY_START, its empty chunk, the block with a chunk per delta, finish, receipt, REPLY_END."""
    lines = read([started(), *text("m", "Hel", "lo"), finished()])
    assert [(ln.number, k) for ln, k in zip(lines, kinds(lines), strict=True)] == [
        (1, "REPLY_START"),
        (1, "model_chunk"),
        (2, "TEXT_BLOCK_START"),
        (3, "TEXT_BLOCK_DELTA"),
        (3, "model_chunk"),
        (4, "TEXT_BLOCK_DELTA"),
        (4, "model_chunk"),
        (5, "TEXT_BLOCK_END"),
        (6, "model_finish"),
        (6, "model_receipt"),
        (6, "REPLY_END"),
    ]
    start = lines[0].record
    assert (start.reply_id, start.session_id, start.name, start.role) == (
        RUN,
        THREAD,
        "assistant",
        "assistant",
    )
    opening = lines[1].record
    assert (opening.call, opening.channel, opening.text) == (RUN, "text", "")
    finish, receipt = lines[8].record, lines[9].record
    assert (finish.call, finish.reason, finish.vocabulary) == (RUN, "success", "ag_ui")
    assert (receipt.call, receipt.text) == (RUN, ("Hello",))


def test_sse_and_json_lines_read_alike() -> None:
    """Rule 1: the same records as SSE (with event: and id: lines) or JSON lines give the same events."""
    framed: list[bytes] = []
    for number, record in enumerate(TOOL_STREAM):
        framed += [
            f"event: {record['type']}\n".encode(),
            f"id: {number}\n".encode(),
            *sse([record]),
        ]
    by_sse = list(read_events(iter(framed), "agui"))
    by_jsonl = read(TOOL_STREAM)
    assert [ln.record for ln in by_sse] == [ln.record for ln in by_jsonl]
    assert problems(by_sse) == []


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (started(), Source.AGUI),
        (ev("RUN_ERROR", message="x"), Source.AGUI),
        (ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"), Source.AGUI),
        (ev("CUSTOM", name="n", value=1, threadId="t"), Source.AGUI),
        (ev("CUSTOM", name="n", value={}), Source.AGENTSCOPE),
        (
            ev("TOOL_CALL_START", reply_id="r", tool_call_id="c", tool_call_name="f"),
            Source.AGENTSCOPE,
        ),
    ],
)
def test_auto_detection(record: dict[str, Any], expected: Source) -> None:
    """``auto`` takes AG-UI's own types, and the shared ones only with an AG-UI id."""
    assert detect_source(record) is expected


def test_auto_reads_agui_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "run.sse"
    path.write_bytes(b"".join(sse(TOOL_STREAM)))
    code, out, _ = run_cli("judge", "--from", "auto", str(path))
    assert code == 0
    assert [(v["key"], v["terminal_state"]) for v in json.loads(out)] == [(RUN, "completed")]


def test_reduce_judge_and_check_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(b"".join(jsonl(TOOL_STREAM)))
    code, out, err = run_cli("reduce", "--from", "agui", str(path))
    assert (code, err) == (0, "")
    reduced = json.loads(out)
    assert [b["type"] for b in reduced["content"]] == [
        "thinking", "text", "tool_call", "tool_call", "tool_result", "tool_result",
    ]  # fmt: skip
    code, out, _ = run_cli("judge", "--from", "agui", str(path))
    assert code == 0 and json.loads(out)[0]["usage"]["input_tokens"] == 13
    code, out, _ = run_cli("check", "--from", "agui", "--format", "json", str(path))
    assert code == 0
    assert json.loads(out)["summary"]["errors"] == 0


# ------------------------------------------------------------------ runs (rules 4, 5, 13, 14)


def test_several_runs_give_several_replies() -> None:
    """Rule 5: a RUN_STARTED after a terminal opens a new reply; a repeated runId becomes <runId>#2."""
    records = [
        started("a"), *text("m", "one"), finished("a"),
        started("b"), *text("m", "two"), ev("RUN_ERROR", message="boom", code="E1"),
        started("a"), *text("m", "three"), finished("a"),
    ]  # fmt: skip
    lines = read(records)
    assert problems(lines) == []
    assert [ln.record.reply_id for ln in lines if kinds([ln]) == ["REPLY_START"]] == [
        "a",
        "b",
        "a#2",
    ]
    found = verdicts(lines)
    assert {k: (v["terminal_state"], v["final_text"]) for k, v in found.items()} == {
        "a": ("completed", "one"),
        "b": ("failed", "two"),
        "a#2": ("completed", "three"),
    }
    assert [b["text"] for b in message(lines, "b")["content"]] == ["two"]


def test_a_bare_run_error_is_a_run_of_its_own() -> None:
    """Rule 5: RUN_ERROR before any run: reply agui-run-1 in session agui-thread, failed."""
    lines = read([ev("RUN_ERROR", message="no credentials", code="auth")])
    assert kinds(lines) == ["REPLY_START", "model_chunk", "model_error", "REPLY_END"]
    assert (lines[0].record.reply_id, lines[0].record.session_id) == ("agui-run-1", "agui-thread")
    verdict = verdicts(lines)["agui-run-1"]
    assert (verdict["terminal_state"], verdict["error_code"], verdict["error_message"]) == (
        "failed",
        "auth",
        "no credentials",
    )
    assert verdict["final_text"] == ""


def test_run_error_mid_message_closes_what_is_open_and_fails() -> None:
    """Rule 14: usage to MODEL_CALL_END, model_error, block ended, REPLY_END; no receipt."""
    records = [
        started(),
        ev("TEXT_MESSAGE_START", messageId="m"),
        ev("TEXT_MESSAGE_CONTENT", messageId="m", delta="par"),
        ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"),
        ev("RUN_ERROR", message="overloaded", usage=[{"inputTokens": 7, "outputTokens": 2}]),
    ]
    lines = read(records)
    assert [k for ln, k in zip(lines, kinds(lines), strict=True) if ln.number == 5] == [
        "MODEL_CALL_END", "model_error", "TEXT_BLOCK_END", "TOOL_CALL_END", "REPLY_END",
    ]  # fmt: skip
    reducer = fold(lines)
    assert [d.code for d in reducer.diagnostics] == ["open_at_end"]
    assert reducer.to_dict()["usage"] == {"input_tokens": 7, "output_tokens": 2}
    verdict = verdicts(lines)[RUN]
    assert (verdict["terminal_state"], verdict["usage_state"], verdict["final_text"]) == (
        "failed",
        "unknown",
        "par",
    )


def test_a_late_run_error_fails_the_finished_run() -> None:
    """Rule 14: RUN_ERROR after RUN_FINISHED is accepted and gives only model_error."""
    lines = read([started(), *text("m", "done"), finished(), ev("RUN_ERROR", message="late")])
    assert problems(lines) == []
    assert [k for ln, k in zip(lines, kinds(lines), strict=True) if ln.number == 6] == [
        "model_error"
    ]
    assert verdicts(lines)[RUN]["terminal_state"] == "failed"
    assert fold(lines).diagnostics == ()


@pytest.mark.parametrize(
    ("outcome", "terminal", "reason"),
    [
        (None, "completed", "success"),
        ({"type": "success", "pendingToolCallIds": ["c"]}, "completed", "success"),
        ({"type": "cancelled"}, "truncated", "cancelled"),
        (
            {"type": "interrupt", "interrupts": [{"id": "i", "reason": "input_required"}]},
            "truncated",
            "interrupt",
        ),
    ],
)
def test_outcomes(outcome: dict[str, Any] | None, terminal: str, reason: str) -> None:
    """Rule 13: the outcome's type is the finish word (absent: success) of the ag_ui vocabulary."""
    fields = {} if outcome is None else {"outcome": outcome}
    verdict = verdicts(read([started(), *text("m", "x"), finished(**fields)]))[RUN]
    assert (verdict["terminal_state"], verdict["finish_reason"]) == (terminal, reason)


def test_an_interrupt_asks_about_the_calls_waiting_for_a_result() -> None:
    """Rule 13: interrupts naming an ended call without result give one REQUIRE_USER_CONFIRM."""
    interrupts = [
        {"id": "i1", "reason": "tool_approval", "toolCallId": "rm"},
        {"id": "i2", "reason": "tool_approval", "toolCallId": "ls"},
        {"id": "i3", "reason": "tool_approval", "toolCallId": "nowhere"},
        {"id": "i4", "reason": "input_required"},
        {"id": "i5", "reason": "again", "toolCallId": "rm"},
    ]
    records = [
        started(),
        ev("TOOL_CALL_START", toolCallId="rm", toolCallName="delete"),
        ev("TOOL_CALL_ARGS", toolCallId="rm", delta="{}"),
        ev("TOOL_CALL_END", toolCallId="rm"),
        ev("TOOL_CALL_START", toolCallId="ls", toolCallName="list"),
        ev("TOOL_CALL_END", toolCallId="ls"),
        ev("TOOL_CALL_RESULT", messageId="r", toolCallId="ls", content="a b"),
        finished(outcome={"type": "interrupt", "interrupts": interrupts}),
    ]
    lines = read(records)
    assert problems(lines) == []
    on_finish = [ln for ln in lines if ln.number == 8]
    assert kinds(on_finish) == [
        "REQUIRE_USER_CONFIRM",
        "model_finish",
        "model_receipt",
        "REPLY_END",
    ]
    ask = on_finish[0].record
    assert ask.tool_calls == ({"type": "tool_call", "id": "rm", "name": "delete", "input": ""},)
    assert ask.metadata == {"interrupts": [interrupts[0]]}
    content = message(lines)["content"]
    assert [(b["id"], b["state"]) for b in content if b["type"] == "tool_call"] == [
        ("rm", "asking"),
        ("ls", "finished"),
    ]


# ------------------------------------------------------------------ blocks, chunks, ids (rules 6-9)


def test_a_message_opened_again_gets_a_new_block_id() -> None:
    """Rule 6: m, then m#2; a reasoning message sharing a text id gets the next free id."""
    records = [
        started(),
        *text("m", "a"),
        *text("m", "b"),
        ev("REASONING_MESSAGE_START", messageId="m"),
        ev("REASONING_MESSAGE_CONTENT", messageId="m", delta="t"),
        ev("REASONING_MESSAGE_END", messageId="m"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert [(b["type"], b["id"]) for b in message(lines)["content"]] == [
        ("text", "m"),
        ("text", "m#2"),
        ("thinking", "m#3"),
    ]
    assert verdicts(lines)[RUN]["final_text"] == "ab"


def test_a_new_block_id_skips_an_id_a_message_already_has() -> None:
    """Rule 6: a message named ``m#2`` takes that id first, so ``m`` opened again gets ``m#3``."""
    records = [started(), *text("m#2", "a"), *text("m", "b"), *text("m", "c"), finished()]
    lines = read(records)
    assert problems(lines) == []
    assert [b["id"] for b in message(lines)["content"]] == ["m#2", "m", "m#3"]


def test_a_suspended_subagent_with_string_interrupt_ids_is_no_violation() -> None:
    """A subagent's suspended outcome whose ``interruptIds`` are strings is read with no problem."""
    records = [
        started(),
        ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
        ev(
            "SUBAGENT_FINISHED",
            subagentRunId="s",
            outcome={"type": "suspended", "interruptIds": ["i"]},
        ),
        finished(),
    ]
    assert problems(read(records)) == []


def test_text_chunks_expand_and_continue() -> None:
    """Rule 8: the first chunk opens, id-less and same-id chunks continue, a new id switches."""
    records = [
        started(),
        ev("TEXT_MESSAGE_CHUNK", messageId="m1", delta="a"),
        ev("TEXT_MESSAGE_CHUNK", delta="b"),
        ev("TEXT_MESSAGE_CHUNK", messageId="m1"),
        ev("RAW", event={"x": 1}),
        ev("TEXT_MESSAGE_CHUNK", messageId="m1", delta="c"),
        ev("TEXT_MESSAGE_CHUNK", messageId="m2", delta="d"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    by_line = [(ln.number, k) for ln, k in zip(lines, kinds(lines), strict=True)]
    assert by_line[1:] == [
        (1, "model_chunk"),
        (2, "TEXT_BLOCK_START"), (2, "TEXT_BLOCK_DELTA"), (2, "model_chunk"),
        (3, "TEXT_BLOCK_DELTA"), (3, "model_chunk"),
        (6, "TEXT_BLOCK_DELTA"), (6, "model_chunk"),
        (7, "TEXT_BLOCK_END"), (7, "TEXT_BLOCK_START"), (7, "TEXT_BLOCK_DELTA"), (7, "model_chunk"),
        (8, "TEXT_BLOCK_END"), (8, "model_finish"), (8, "model_receipt"), (8, "REPLY_END"),
    ]  # fmt: skip
    assert [(b["id"], b["text"]) for b in message(lines)["content"]] == [("m1", "abc"), ("m2", "d")]


def test_a_closing_record_ends_the_pending_chunk_message() -> None:
    """Rule 8: STATE_DELTA ends the chunk's message, so the same id comes back as m1#2."""
    records = [
        started(),
        ev("TEXT_MESSAGE_CHUNK", messageId="m1", delta="a"),
        ev("STATE_DELTA", delta=[]),
        ev("TEXT_MESSAGE_CHUNK", messageId="m1", delta="b"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert [(ln.number, k) for ln, k in zip(lines, kinds(lines), strict=True) if ln.number in (3, 4)] == [
        (3, "TEXT_BLOCK_END"), (4, "TEXT_BLOCK_START"), (4, "TEXT_BLOCK_DELTA"), (4, "model_chunk"),
    ]  # fmt: skip
    assert [(b["id"], b["text"]) for b in message(lines)["content"]] == [("m1", "a"), ("m1#2", "b")]


def test_tool_and_reasoning_chunks() -> None:
    """Rule 8: a tool chunk opens a call, the next kind ends it; reasoning chunks make a thinking block."""
    records = [
        started(),
        ev("REASONING_MESSAGE_CHUNK", messageId="r", delta="hm"),
        ev("REASONING_MESSAGE_CHUNK", messageId="", delta="m"),
        ev("TOOL_CALL_CHUNK", toolCallId="c", toolCallName="f", parentMessageId="p", delta='{"a"'),
        ev("TOOL_CALL_CHUNK", delta=":1}"),
        ev("TEXT_MESSAGE_CHUNK", messageId="t", delta="ok"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert [(ln.number, k) for ln, k in zip(lines, kinds(lines), strict=True) if ln.number in (4, 6)] == [
        (4, "THINKING_BLOCK_END"), (4, "TOOL_CALL_START"), (4, "TOOL_CALL_DELTA"), (4, "model_chunk"),
        (6, "TOOL_CALL_END"), (6, "TEXT_BLOCK_START"), (6, "TEXT_BLOCK_DELTA"), (6, "model_chunk"),
    ]  # fmt: skip
    assert [(b["type"], b["id"]) for b in message(lines)["content"]] == [
        ("thinking", "r"), ("tool_call", "c"), ("text", "t"),
    ]  # fmt: skip
    assert message(lines)["content"][0]["thinking"] == "hmm"
    assert message(lines)["content"][1]["input"] == '{"a":1}'


def test_passing_records_do_not_end_a_pending_chunk() -> None:
    """Rule 8: RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE and SUBAGENT_* pass a pending call by."""
    records = [
        started(),
        ev("TOOL_CALL_CHUNK", toolCallId="c", toolCallName="f", delta="{"),
        ev("RAW", event=None),
        ev("ACTIVITY_SNAPSHOT", messageId="a", activityType="plan", content={}),
        ev("ACTIVITY_DELTA", messageId="a", activityType="plan", patch=[]),
        ev("REASONING_ENCRYPTED_VALUE", subtype="tool-call", entityId="c", encryptedValue="xx"),
        ev("SUBAGENT_STARTED", subagentRunId="s", name="helper"),
        ev("SUBAGENT_FINISHED", subagentRunId="s", outcome={"type": "success"}),
        ev("TOOL_CALL_CHUNK", delta="}"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert [ln.number for ln in lines] == [1, 1, 2, 2, 2, 9, 9, 10, 10, 10, 10]
    assert message(lines)["content"][0]["input"] == "{}"


def test_a_tool_call_started_again_is_left_to_the_reducer() -> None:
    """Rule 7: an id reused after its end starts again; the reducer rejects the second input."""
    records = [
        started(),
        ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"),
        ev("TOOL_CALL_END", toolCallId="c"),
        ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"),
        ev("TOOL_CALL_END", toolCallId="c"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert kinds(lines).count("TOOL_CALL_START") == 2
    assert fold(lines).diagnostics != ()


def test_tool_result_content_parts() -> None:
    """Rule 10: text parts, base64 and URL media parts; a URL without type and a file are not carried."""
    content = [
        {"type": "text", "text": "a"},
        {"type": "image", "source": {"type": "data", "value": "aGVsbG8=", "mimeType": "image/png"}},
        {
            "type": "audio",
            "source": {"type": "url", "value": "https://x/a.mp3", "mimeType": "audio/mpeg"},
        },
        {"type": "video", "source": {"type": "url", "value": "https://x/v.mp4"}},
        {
            "type": "document",
            "source": {"type": "file", "value": "file-1", "mimeType": "application/pdf"},
        },
        {"type": "text", "text": ""},
        {"type": "text", "text": "b"},
    ]
    records = [
        started(),
        ev("TOOL_CALL_START", toolCallId="c", toolCallName="fetch"),
        ev("TOOL_CALL_END", toolCallId="c"),
        ev("TOOL_CALL_RESULT", messageId="res", toolCallId="c", content=content, role="tool"),
        finished(),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert kinds(ln for ln in lines if ln.number == 4) == [
        "TOOL_RESULT_START", "TOOL_RESULT_TEXT_DELTA", "TOOL_RESULT_DATA_DELTA",
        "TOOL_RESULT_DATA_DELTA", "TOOL_RESULT_TEXT_DELTA", "TOOL_RESULT_END",
    ]  # fmt: skip
    [result] = [b for b in message(lines)["content"] if b["type"] == "tool_result"]
    assert result["output"] == [
        {"type": "text", "id": "c#text-0", "text": "a"},
        {"type": "data", "id": "res.1", "source": {"type": "base64", "data": "aGVsbG8=", "media_type": "image/png"},
         "name": None},
        {"type": "data", "id": "res.2", "source": {"type": "url", "url": "https://x/a.mp3", "media_type": "audio/mpeg"},
         "name": None},
        {"type": "text", "id": "c#text-1", "text": "b"},
    ]  # fmt: skip
    assert (result["name"], result["state"]) == ("fetch", "success")


def test_a_result_for_a_call_this_run_did_not_start_is_the_reducers_to_report() -> None:
    """Rule 10: AG-UI accepts it; the result has no name and the reducer rejects it."""
    lines = read(
        [started(), ev("TOOL_CALL_RESULT", messageId="r", toolCallId="x", content="?"), finished()]
    )
    assert problems(lines) == []
    start = next(ln.record for ln in lines if kinds([ln]) == ["TOOL_RESULT_START"])
    assert (start.tool_call_id, start.tool_call_name) == ("x", "")
    assert {d.code for d in fold(lines).diagnostics} == {"unknown_tool_call", "unknown_tool_result"}


@pytest.mark.parametrize(
    "record",
    [
        ev("STATE_SNAPSHOT", snapshot=None),
        ev("STATE_DELTA", delta=[{"op": "add", "path": "/a", "value": 1}]),
        ev("MESSAGES_SNAPSHOT", messages=[{"id": "u", "role": "user", "content": "hi"}]),
        ev("CUSTOM", name="progress", value=None),
        ev("RAW", event={"a": 1}, source="openai"),
        ev("REASONING_ENCRYPTED_VALUE", subtype="message", entityId="m", encryptedValue="x"),
        ev("STEP_STARTED", stepName="s"),
        ev("REASONING_START", messageId="r"),
        ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
    ],
)
def test_information_gives_no_event(record: dict[str, Any]) -> None:
    """Rules 9, 11, 12: checked and kept only in the input."""
    lines = read([started(), record])
    assert [ln.number for ln in lines] == [1, 1]


# ------------------------------------------------------------------ the end of input (rule 16)


def test_a_cut_run_has_no_completion_basis_and_reduce_warns() -> None:
    lines = read(
        [
            started(),
            ev("TEXT_MESSAGE_START", messageId="m"),
            ev("TEXT_MESSAGE_CONTENT", messageId="m", delta="half"),
        ]
    )
    verdict = verdicts(lines)[RUN]
    assert (verdict["terminal_state"], verdict["finish_reason"], verdict["final_text"]) == (
        "no_completion_basis",
        None,
        "half",
    )
    reducer = fold(lines)
    assert [d.code for d in reducer.diagnostics] == ["missing_reply_end", "open_at_end"]
    assert reducer.to_dict()["content"] == [{"type": "text", "id": "m", "text": "half"}]


def test_a_run_cut_right_after_its_start_has_one_verdict(tmp_path: Path) -> None:
    """Rules 5, 16: only RUN_STARTED: the reply's empty opening chunk gives its call a verdict."""
    lines = read([started()])
    assert problems(lines) == []
    assert [(ln.number, k) for ln, k in zip(lines, kinds(lines), strict=True)] == [
        (1, "REPLY_START"),
        (1, "model_chunk"),
    ]
    expected = {
        "key": RUN,
        "terminal_state": "no_completion_basis",
        "finish_reason": None,
        "usage_state": "unknown",
        "usage": None,
        "final_text": "",
        "error_code": None,
        "error_message": None,
    }
    assert verdicts(lines) == {RUN: expected}
    path = tmp_path / "started.sse"
    path.write_bytes(b"".join(sse([started()])))
    code, out, _ = run_cli("judge", "--from", "agui", str(path))
    assert code == 0
    assert json.loads(out) == [expected]


def test_a_cut_run_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "cut.sse"
    path.write_bytes(b"".join(sse([started(), *text("m", "all of it")])))
    code, out, _ = run_cli("judge", "--from", "agui", str(path))
    assert code == 0 and [v["terminal_state"] for v in json.loads(out)] == ["no_completion_basis"]
    code, out, err = run_cli("reduce", "--from", "agui", str(path))
    assert code == 0 and "missing_reply_end" in err


def _prefix_has(records: list[dict[str, Any]], type_: str) -> bool:
    return any(r["type"] == type_ for r in records)


@given(st.integers(0, len(TOOL_STREAM)), st.booleans())
def test_any_prefix_reads_without_traceback_and_is_completed_only_with_its_finish(
    cut: int, framed: bool
) -> None:
    """A stream cut anywhere: never an exception; completed only once RUN_FINISHED arrived."""
    prefix = TOOL_STREAM[:cut]
    raw = sse(prefix) if framed else jsonl(prefix)
    lines = list(read_events(iter(raw), "agui"))
    assert problems(lines) == []
    found = verdicts(lines)
    states = {v["terminal_state"] for v in found.values()}
    if _prefix_has(prefix, "RUN_FINISHED"):
        assert states == {"completed"}
    else:
        assert "completed" not in states
    fold(lines)


PREFIX_STREAM = [
    started(),
    ev("TEXT_MESSAGE_CHUNK", messageId="m", delta="a"),
    ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"),
    ev("TOOL_CALL_ARGS", toolCallId="c", delta="{}"),
    ev("TOOL_CALL_END", toolCallId="c"),
    finished(
        outcome={"type": "interrupt", "interrupts": [{"id": "i", "reason": "r", "toolCallId": "c"}]}
    ),
    started("run-2"),
    ev("RUN_ERROR", message="x"),
]


@given(st.integers(0, len(PREFIX_STREAM)))
def test_every_prefix_of_two_runs(cut: int) -> None:
    """A run is judged from its start; its terminal record decides, never earlier."""
    prefix = PREFIX_STREAM[:cut]
    found = {k: v["terminal_state"] for k, v in verdicts(read(prefix)).items()}
    expected = {}
    if cut >= 1:
        expected[RUN] = "no_completion_basis" if cut < 6 else "truncated"
    if cut >= 7:
        expected["run-2"] = "no_completion_basis" if cut < 8 else "failed"
    assert found == expected


# ------------------------------------------------------------------ violations (rules 2-4, 6-13)

OPEN_MESSAGE = [started(), ev("TEXT_MESSAGE_START", messageId="m")]

VIOLATIONS: list[tuple[str, list[dict[str, Any]], str]] = [
    ("first event", [ev("TEXT_MESSAGE_START", messageId="m")], "First event must be 'RUN_STARTED'"),
    ("first chunk", [ev("TEXT_MESSAGE_CHUNK", messageId="m", delta="x")], "First event must be 'RUN_STARTED'"),
    ("run still active", [started(), started("b")],
     "Cannot send 'RUN_STARTED' while a run is still active. The previous run must be finished with "
     "'RUN_FINISHED' before starting a new run."),
    ("after finished", [started(), finished(), ev("STEP_STARTED", stepName="s")],
     "Cannot send event type 'STEP_STARTED': The run has already finished with 'RUN_FINISHED'. "
     "Start a new run with 'RUN_STARTED'."),
    ("chunk after finished", [started(), finished(), ev("TOOL_CALL_CHUNK", toolCallId="c", toolCallName="f")],
     "Cannot send event type 'TOOL_CALL_START': The run has already finished with 'RUN_FINISHED'. "
     "Start a new run with 'RUN_STARTED'."),
    ("finished twice", [started(), finished(), finished()],
     "Cannot send event type 'RUN_FINISHED': The run has already finished with 'RUN_FINISHED'. "
     "Start a new run with 'RUN_STARTED'."),
    ("after error", [started(), ev("RUN_ERROR", message="x"), ev("RUN_ERROR", message="y")],
     "Cannot send event type 'RUN_ERROR': The run has already errored with 'RUN_ERROR'. "
     "No further events can be sent."),
    ("text start twice", [*OPEN_MESSAGE, ev("TEXT_MESSAGE_START", messageId="m")],
     "Cannot send 'TEXT_MESSAGE_START' event: A text message with ID 'm' is already in progress. "
     "Complete it with 'TEXT_MESSAGE_END' first."),
    ("chunk opens an open id", [*OPEN_MESSAGE, ev("TEXT_MESSAGE_CHUNK", messageId="m", delta="x")],
     "Cannot send 'TEXT_MESSAGE_START' event: A text message with ID 'm' is already in progress. "
     "Complete it with 'TEXT_MESSAGE_END' first."),
    ("content never started", [started(), ev("TEXT_MESSAGE_CONTENT", messageId="m", delta="x")],
     "Cannot send 'TEXT_MESSAGE_CONTENT' event: No active text message found with ID 'm'. "
     "Start a text message with 'TEXT_MESSAGE_START' first."),
    ("end never started", [started(), ev("TEXT_MESSAGE_END", messageId="m")],
     "Cannot send 'TEXT_MESSAGE_END' event: No active text message found with ID 'm'. "
     "A 'TEXT_MESSAGE_START' event must be sent first."),
    ("tool start twice", [started(), ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"),
                          ev("TOOL_CALL_START", toolCallId="c", toolCallName="f")],
     "Cannot send 'TOOL_CALL_START' event: A tool call with ID 'c' is already in progress. "
     "Complete it with 'TOOL_CALL_END' first."),
    ("args never started", [started(), ev("TOOL_CALL_ARGS", toolCallId="c", delta="{}")],
     "Cannot send 'TOOL_CALL_ARGS' event: No active tool call found with ID 'c'. "
     "Start a tool call with 'TOOL_CALL_START' first."),
    ("tool end never started", [started(), ev("TOOL_CALL_END", toolCallId="c")],
     "Cannot send 'TOOL_CALL_END' event: No active tool call found with ID 'c'. "
     "A 'TOOL_CALL_START' event must be sent first."),
    ("span twice", [started(), ev("REASONING_START", messageId="r"), ev("REASONING_START", messageId="r")],
     "Cannot send 'REASONING_START' event: A reasoning span with ID 'r' is already in progress. "
     "Complete it with 'REASONING_END' first."),
    ("span end never started", [started(), ev("REASONING_END", messageId="r")],
     "Cannot send 'REASONING_END' event: No active reasoning span found with ID 'r'. "
     "A 'REASONING_START' event must be sent first."),
    ("reasoning twice", [started(), ev("REASONING_MESSAGE_START", messageId="r"),
                         ev("REASONING_MESSAGE_START", messageId="r")],
     "Cannot send 'REASONING_MESSAGE_START' event: A reasoning message with ID 'r' is already in "
     "progress. Complete it with 'REASONING_MESSAGE_END' first."),
    ("reasoning content never started", [started(), ev("REASONING_MESSAGE_CONTENT", messageId="r", delta="x")],
     "Cannot send 'REASONING_MESSAGE_CONTENT' event: No active reasoning message found with ID 'r'. "
     "Start a reasoning message with 'REASONING_MESSAGE_START' first."),
    ("reasoning end never started", [started(), ev("REASONING_MESSAGE_END", messageId="r")],
     "Cannot send 'REASONING_MESSAGE_END' event: No active reasoning message found with ID 'r'. "
     "Start a reasoning message with 'REASONING_MESSAGE_START' first."),
    ("text chunk without id", [started(), ev("TEXT_MESSAGE_CHUNK", delta="x")],
     "First TEXT_MESSAGE_CHUNK must have a messageId"),
    ("tool chunk without id", [started(), ev("TOOL_CALL_CHUNK", toolCallName="f")],
     "First TOOL_CALL_CHUNK must have a toolCallId"),
    ("tool chunk without name", [started(), ev("TOOL_CALL_CHUNK", toolCallId="c")],
     "First TOOL_CALL_CHUNK must have a toolCallName"),
    ("reasoning chunk without id", [started(), ev("REASONING_MESSAGE_CHUNK", delta="x")],
     "First REASONING_MESSAGE_CHUNK must have a messageId"),
    ("step twice", [started(), ev("STEP_STARTED", stepName="s"), ev("STEP_STARTED", stepName="s")],
     "Step \"s\" is already active for 'STEP_STARTED'"),
    ("subagent step twice", [started(), ev("STEP_STARTED", stepName="s", subagentRunId="a"),
                             ev("STEP_STARTED", stepName="s", subagentRunId="a")],
     "Step \"s\" is already active for 'STEP_STARTED' in subagent 'a'"),
    ("step of another owner", [started(), ev("STEP_STARTED", stepName="s"),
                               ev("STEP_FINISHED", stepName="s", subagentRunId="a")],
     "Cannot send 'STEP_FINISHED' for step \"s\" attributed to subagent 'a': that step is open under "
     "the parent agent. A step must be finished by whoever started it."),
    ("step never started", [started(), ev("STEP_FINISHED", stepName="s")],
     "Cannot send 'STEP_FINISHED' for step \"s\" that was not started"),
    ("finish with steps", [started(), ev("STEP_STARTED", stepName="s"),
                           ev("STEP_STARTED", stepName="t", subagentRunId="a"), finished()],
     "Cannot send 'RUN_FINISHED' while steps are still active: s, t (subagent 'a')"),
    ("finish with text", [*OPEN_MESSAGE, ev("TEXT_MESSAGE_START", messageId="n"), finished()],
     "Cannot send 'RUN_FINISHED' while text messages are still active: m, n"),
    ("finish with reasoning", [started(), ev("REASONING_MESSAGE_START", messageId="r"), finished()],
     "Cannot send 'RUN_FINISHED' while reasoning messages are still active: r"),
    ("finish with span", [started(), ev("REASONING_START", messageId="r"), finished()],
     "Cannot send 'RUN_FINISHED' while reasoning spans are still active: r"),
    ("finish with tool call", [started(), ev("TOOL_CALL_START", toolCallId="c", toolCallName="f"), finished()],
     "Cannot send 'RUN_FINISHED' while tool calls are still active: c"),
    ("finish with subagent", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"), finished()],
     "Cannot send 'RUN_FINISHED' while subagents are still active: s"),
    ("subagent twice", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                        ev("SUBAGENT_STARTED", subagentRunId="s", name="n")],
     "Cannot send 'SUBAGENT_STARTED': subagent 's' is already active. Finish it with 'SUBAGENT_FINISHED' first."),
    ("subagent reused", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                         ev("SUBAGENT_ERROR", subagentRunId="s", message="x"),
                         ev("SUBAGENT_STARTED", subagentRunId="s", name="n")],
     "Cannot send 'SUBAGENT_STARTED': subagent 's' has already finished in this run. "
     "Subagent IDs are per-invocation and cannot be reused."),
    ("subagent parent unknown", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n",
                                               parentSubagentRunId="p")],
     "Cannot send 'SUBAGENT_STARTED': parentSubagentRunId 'p' has not been started in this run."),
    ("subagent outcome", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                          ev("SUBAGENT_FINISHED", subagentRunId="s", outcome={"type": "done"})],
     "Cannot send 'SUBAGENT_FINISHED' with outcome type 'done'. "
     'The outcome is either { type: "success" } or { type: "suspended" }.'),
    ("subagent interrupt ids", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                                ev("SUBAGENT_FINISHED", subagentRunId="s",
                                   outcome={"type": "suspended", "interruptIds": [1]})],
     "Cannot send 'SUBAGENT_FINISHED' with a non-string entry in 'outcome.interruptIds'. "
     "Interrupt ids are strings."),
    (
        "subagent interrupt ids not a list",
        [
            started(),
            ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
            ev("SUBAGENT_FINISHED", subagentRunId="s", outcome={"type": "suspended", "interruptIds": "i"}),
        ],
        "SUBAGENT_FINISHED.outcome.suspended.interruptIds: Input should be a valid list",
    ),
    ("subagent not active", [started(), ev("SUBAGENT_ERROR", subagentRunId="s", message="x")],
     "Cannot send 'SUBAGENT_ERROR': no active subagent found with ID 's'. "
     "A 'SUBAGENT_STARTED' event must be sent first."),
    ("null attribution", [started(), ev("TEXT_MESSAGE_START", messageId="m", subagentRunId=None)],
     f"Cannot send 'TEXT_MESSAGE_START' with 'subagentRunId: null'. {NULL_SUFFIX}"),
    ("null lifecycle optional", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n", description=None)],
     f"Cannot send 'SUBAGENT_STARTED' with 'description: null'. {NULL_SUFFIX}"),
    ("null interrupt attribution", [started(), finished(outcome={"type": "interrupt", "interrupts": [
        {"id": "i", "reason": "r", "subagentRunId": None}]})],
     f"Cannot send 'RUN_FINISHED' with an interrupt (id 'i') carrying 'subagentRunId: null'. {NULL_SUFFIX}"),
    ("missing field", [started(), ev("TEXT_MESSAGE_CONTENT", messageId="m")],
     "TEXT_MESSAGE_CONTENT.delta: Field required"),
    ("wrong type", [started(), ev("TOOL_CALL_ARGS", toolCallId="c", delta=5)],
     "TOOL_CALL_ARGS.delta: Input should be a valid string"),
    ("null required", [started() | {"runId": None}],
     "RUN_STARTED.runId: Input should be a valid string"),
    ("role outside its set", [started(), ev("TEXT_MESSAGE_START", messageId="m", role="tool")],
     "TEXT_MESSAGE_START.role: Input should be 'developer', 'system', 'assistant' or 'user'"),
    ("reasoning role null", [started(), ev("REASONING_MESSAGE_START", messageId="r", role=None)],
     "REASONING_MESSAGE_START.role: Input should be 'reasoning'"),
    ("timestamp fraction", [started(), ev("STEP_STARTED", stepName="s", timestamp=1.5)],
     "STEP_STARTED.timestamp: Input should be a valid integer, got a number with a fractional part"),
    ("timestamp too big", [started(), ev("STEP_STARTED", stepName="s", timestamp=2**53)],
     "STEP_STARTED.timestamp: Input should be less than or equal to 9007199254740991"),
    ("metadata a list", [started(), ev("CUSTOM", name="n", value=1, metadata=[])],
     "CUSTOM.metadata: Input should be a valid dictionary"),
    ("unknown outcome", [started(), finished(outcome={"type": "paused"})],
     "RUN_FINISHED.outcome: Input tag 'paused' found using 'type' does not match any of the "
     "expected tags: 'success', 'interrupt', 'cancelled'"),
    ("outcome without type", [started(), finished(outcome={})],
     "RUN_FINISHED.outcome: Unable to extract tag using discriminator 'type'"),
    ("no interrupts", [started(), finished(outcome={"type": "interrupt", "interrupts": []})],
     "RUN_FINISHED.outcome.interrupt.interrupts: List should have at least 1 item after validation, not 0"),
    ("interrupt without reason", [started(), finished(outcome={"type": "interrupt", "interrupts": [{"id": "i"}]})],
     "RUN_FINISHED.outcome.interrupt.interrupts.0.reason: Field required"),
    ("negative count", [started(), finished(usage=[{"inputTokens": -1}])],
     "RUN_FINISHED.usage.0.inputTokens: Input should be greater than or equal to 0"),
    ("count a string", [started(), finished(usage=[{"outputTokens": "3"}])],
     "RUN_FINISHED.usage.0.outputTokens: Input should be a valid integer"),
    ("usage entry not an object", [started(), finished(usage=[3])],
     "RUN_FINISHED.usage.0: Input should be a valid dictionary"),
    ("content a number", [started(), ev("TOOL_CALL_RESULT", messageId="r", toolCallId="c", content=3)],
     "TOOL_CALL_RESULT.content: Input should be a valid string or a list of content parts"),
    ("data source without type", [started(), ev("TOOL_CALL_RESULT", messageId="r", toolCallId="c", content=[
        {"type": "image", "source": {"type": "data", "value": "eA=="}}])],
     "TOOL_CALL_RESULT.content.0.image.source.data.mimeType: Field required"),
    ("encrypted subtype", [started(), ev("REASONING_ENCRYPTED_VALUE", subtype="x", entityId="e", encryptedValue="v")],
     "REASONING_ENCRYPTED_VALUE.subtype: Input should be 'tool-call' or 'message'"),
    ("activity replace", [started(), ev("ACTIVITY_SNAPSHOT", messageId="a", activityType="t", content={}, replace="yes")],
     "ACTIVITY_SNAPSHOT.replace: Input should be a valid boolean"),
    ("state snapshot without snapshot", [started(), ev("STATE_SNAPSHOT")],
     "STATE_SNAPSHOT.snapshot: Field required"),
    ("state delta not a list", [started(), ev("STATE_DELTA", delta={"op": "add"})],
     "STATE_DELTA.delta: Input should be a valid list"),
    ("timestamp too small", [started(), ev("STEP_STARTED", stepName="s", timestamp=-(2**53))],
     "STEP_STARTED.timestamp: Input should be greater than or equal to -9007199254740991"),
    ("pending ids not a list", [started(), finished(outcome={"type": "success", "pendingToolCallIds": "x"})],
     "RUN_FINISHED.outcome.success.pendingToolCallIds: Input should be a valid list"),
    ("pending id not a string", [started(), finished(outcome={"type": "success", "pendingToolCallIds": ["a", 1]})],
     "RUN_FINISHED.outcome.success.pendingToolCallIds.1: Input should be a valid string"),
    ("interrupts not a list", [started(), finished(outcome={"type": "interrupt", "interrupts": "x"})],
     "RUN_FINISHED.outcome.interrupt.interrupts: Input should be a valid list"),
    ("usage not a list", [started(), finished(usage={"inputTokens": 1})],
     "RUN_FINISHED.usage: Input should be a valid list"),
    ("content part not an object", [started(), ev("TOOL_CALL_RESULT", messageId="r", toolCallId="c", content=[3])],
     "TOOL_CALL_RESULT.content.0: Input should be a valid dictionary"),
    ("subagent interrupt ids null", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                                     ev("SUBAGENT_FINISHED", subagentRunId="s",
                                        outcome={"type": "suspended", "interruptIds": None})],
     f"Cannot send 'SUBAGENT_FINISHED' with 'outcome.interruptIds: null'. {NULL_SUFFIX}"),
    ("subagent outcome without type", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                                       ev("SUBAGENT_FINISHED", subagentRunId="s", outcome={"interruptIds": []})],
     "Cannot send 'SUBAGENT_FINISHED' with outcome type 'undefined'. "
     'The outcome is either { type: "success" } or { type: "suspended" }.'),
    ("subagent outcome type true", [started(), ev("SUBAGENT_STARTED", subagentRunId="s", name="n"),
                                    ev("SUBAGENT_FINISHED", subagentRunId="s", outcome={"type": True})],
     "Cannot send 'SUBAGENT_FINISHED' with outcome type 'true'. "
     'The outcome is either { type: "success" } or { type: "suspended" }.'),
]  # fmt: skip


@pytest.mark.parametrize(
    ("records", "expected"), [(r, m) for _, r, m in VIOLATIONS], ids=[n for n, _, _ in VIOLATIONS]
)
def test_each_violation_is_kept_whole_with_the_sources_words(
    records: list[dict[str, Any]], expected: str
) -> None:
    """Rules 2-4, 6-13: the last record is a source_violation, kept whole, changing nothing."""
    lines = read(records)
    last = len(records)
    assert problems(lines) == [(last, "source_violation", expected)]
    [kept] = [ln for ln in lines if ln.number == last and ln.problem is not None]
    assert isinstance(kept.record, UnknownEvent) and kept.record.raw["payload"] == records[-1]
    assert kept.problem.severity.value == "error"
    assert kept.problem.details == {"line": last, "source": "agui", "type": records[-1].get("type")}
    assert [ln for ln in lines if ln.number == last and ln.problem is None] == []


def test_a_violation_changes_nothing() -> None:
    """After a refused RUN_FINISHED the run is still open and finishes properly later."""
    records = [*OPEN_MESSAGE, finished(), ev("TEXT_MESSAGE_END", messageId="m"), finished()]
    lines = read(records)
    assert [p[0] for p in problems(lines)] == [3]
    assert verdicts(lines)[RUN]["terminal_state"] == "completed"


def test_a_refused_record_still_ends_the_pending_chunk() -> None:
    """Rule 8: the pending chunk ends before the record is found out of order."""
    records = [
        started(),
        ev("TEXT_MESSAGE_CHUNK", messageId="m", delta="a"),
        ev("STEP_FINISHED", stepName="s"),
    ]
    lines = read(records)
    assert [
        (ln.number, k) for ln, k in zip(lines, kinds(lines), strict=True) if ln.number == 3
    ] == [
        (3, "TEXT_BLOCK_END"),
        (3, "unknown"),
    ]


def test_null_optional_fields_read_as_absent() -> None:
    """Rule 2: a null optional field is as if it were not there."""
    records = [
        started() | {"protocolVersion": None, "input": None},
        ev(
            "TEXT_MESSAGE_START", messageId="m", role=None, name=None, timestamp=None, metadata=None
        ),
        ev("TEXT_MESSAGE_END", messageId="m", subagentRunId="s"),
        ev("TEXT_MESSAGE_CHUNK", messageId="k", role=None, delta=None),
        ev("TEXT_MESSAGE_CHUNK", messageId=None, delta="x"),
        finished(outcome=None, usage=None, result=None),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert verdicts(lines)[RUN]["terminal_state"] == "completed"


def test_integral_floats_are_integers() -> None:
    """Rule 2: 5.0 is 5, in a timestamp and in a token count."""
    records = [
        started() | {"timestamp": 1.7e12},
        finished(usage=[{"inputTokens": 5.0, "outputTokens": 2}]),
    ]
    lines = read(records)
    assert problems(lines) == []
    assert verdicts(lines)[RUN]["usage"] == usage(input_tokens=5, output_tokens=2)


# ------------------------------------------------------------------ usage (rule 15)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([{"inputTokens": 4, "outputTokens": 2, "cacheWriteInputTokens": 1}],
         usage(input_tokens=4, output_tokens=2, cache_creation_input_tokens=1)),
        ([{"inputTokens": 4, "outputTokens": 2}, {"inputTokens": 1}], usage(input_tokens=5)),
        ([{"inputTokens": 4, "outputTokens": None}, {"outputTokens": 3, "cachedInputTokens": 0}], None),
        ([{"totalTokens": 9, "reasoningTokens": 2}], None),
        ([{"provider": "openai"}], None),
        ([], None),
        (None, None),
    ],
)  # fmt: skip
def test_usage_is_summed_where_every_entry_reports(
    entries: Any, expected: dict[str, Any] | None
) -> None:
    """A count is known only when every entry gives it; nothing known is no usage at all."""
    fields = {} if entries is None else {"usage": entries}
    verdict = verdicts(read([started(), finished(**fields)]))[RUN]
    if expected is None:
        assert (verdict["usage_state"], verdict["usage"]) == ("unknown", None)
    else:
        assert (verdict["usage_state"], verdict["usage"]) == ("known", expected)


def test_model_call_end_needs_both_counts() -> None:
    lines = read([started(), finished(usage=[{"inputTokens": 4}])])
    assert "MODEL_CALL_END" not in kinds(lines)
    lines = read([started(), finished(usage=[{"inputTokens": 4, "outputTokens": 1}])])
    assert "MODEL_CALL_END" in kinds(lines)


# ------------------------------------------------------------------ unknown types (rule 1)


@pytest.mark.parametrize(
    "raw",
    [b'{"type": "THINKING_START"}\n', b'{"type": "text-delta", "delta": "x"}\n', b'{"no": "type"}\n',
     b'{"type": 5}\n', b"data: [DONE]\n"],
)  # fmt: skip
def test_unknown_types_are_kept_with_a_warning_and_change_nothing(raw: bytes) -> None:
    head = jsonl([started(), ev("TEXT_MESSAGE_CHUNK", messageId="m", delta="a")])
    tail = jsonl([ev("TEXT_MESSAGE_CHUNK", delta="b"), finished()])
    lines = list(read_events(iter([*head, raw, *tail]), "agui"))
    [(number, code, _)] = problems(lines)
    assert (number, code) == (3, "unknown_record")
    assert [ln for ln in lines if ln.number == 3 and ln.problem is None] == []
    assert verdicts(lines)[RUN]["final_text"] == "ab"


def test_an_unreadable_line_is_reported_and_the_rest_reads() -> None:
    raw = [*jsonl([started()]), b"{oops\n", *jsonl([finished()])]
    lines = list(read_events(iter(raw), "agui"))
    assert [(n, c) for n, c, _ in problems(lines)] == [(2, "unreadable_line")]
    assert verdicts(lines)[RUN]["terminal_state"] == "completed"


# ------------------------------------------------------------------ any record, any field


TYPES = sorted(_agui.FIELDS)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)  # fmt: skip
FIELD_NAMES = st.sampled_from(
    ["messageId", "delta", "toolCallId", "toolCallName", "runId", "threadId", "outcome", "usage", "content",
     "stepName", "subagentRunId", "role", "timestamp", "message", "code", "interrupts", "name", "value",
     "parentSubagentRunId", "subtype", "type", "source"]
)  # fmt: skip
RECORDS = st.builds(
    lambda type_, fields: {"type": type_, **fields},
    st.sampled_from(TYPES),
    st.dictionaries(FIELD_NAMES, JSON, max_size=4),
)


@given(st.lists(RECORDS, max_size=10))
def test_any_records_never_raise_and_every_line_is_accounted_for(
    records: list[dict[str, Any]],
) -> None:
    """Wrong field types, nulls, missing fields: events or a diagnostic, never a traceback."""
    records = [started(), *records]
    lines = read(records)
    assert [ln.number for ln in lines] == sorted(ln.number for ln in lines)
    assert {ln.number for ln in lines} <= set(range(1, len(records) + 1))
    for number, record in enumerate(records, 1):
        type_ = record["type"]
        codes = [code for n, code, _ in problems(lines) if n == number]
        if not isinstance(type_, str) or type_ not in _agui.FIELDS:
            assert codes == ["unknown_record"]
        elif _agui.shape_problem(type_, record) is not None:
            assert codes == ["source_violation"]
    fold(lines)
    verdicts(lines)


@given(st.integers(0, len(TOOL_STREAM) - 1), st.sampled_from(["messageId", "toolCallId", "delta", "content",
                                                              "usage", "outcome", "runId", "threadId"]),
       JSON)  # fmt: skip
def test_a_mutated_record_of_a_real_stream(index: int, name: str, value: Any) -> None:
    """One field of one record of a complete stream changed: the line is answered, nothing raises."""
    records = [dict(r) for r in TOOL_STREAM]
    records[index][name] = value
    lines = read(records)
    assert any(ln.number == index + 1 for ln in lines) or records[index]["type"] in {
        "STEP_STARTED", "STEP_FINISHED", "REASONING_START", "REASONING_END"
    }  # fmt: skip
    fold(lines)
    verdicts(lines)


def test_linear_in_the_number_of_deltas() -> None:
    """Each delta costs its own work: 20 000 deltas read in one pass."""
    records = [started(), ev("TEXT_MESSAGE_START", messageId="m")]
    records += [ev("TEXT_MESSAGE_CONTENT", messageId="m", delta="x")] * 20000
    records += [ev("TEXT_MESSAGE_END", messageId="m"), finished()]
    lines = read(records)
    assert verdicts(lines)[RUN]["final_text"] == "x" * 20000


# ------------------------------------------------------------------ the table and the examples


def _table() -> dict[str, Any]:
    table: dict[str, Any] = json.loads((spec_dir() / "sources" / "agui.json").read_text())
    return table


def test_table_lists_exactly_the_handlers_and_is_valid() -> None:
    table = _table()
    schema = json.loads((spec_dir() / "schema" / "source.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(table)
    assert [t["type"] for t in table["types"]] == list(_agui.IMPORTER().handlers())
    assert table["source"] == _agui.IMPORTER.SOURCE == "agui"
    assert table["title"] == _agui.IMPORTER.TITLE
    assert table["vocabulary"] == "ag_ui"


def test_the_handlers_are_agui_1_0_and_the_sdks_types() -> None:
    from ag_ui.core import EventType

    assert set(_agui.IMPORTER().handlers()) == {e.value for e in EventType} == set(_agui.FIELDS)


def test_table_names_only_real_events() -> None:
    names = {cls.TYPE for cls in EVENT_CLASSES} | {
        "model_chunk",
        "model_finish",
        "model_receipt",
        "model_error",
    }
    for entry in _table()["types"]:
        assert set(entry["events"]) <= names, entry["type"]
        for target in entry.get("fields", {}).values():
            assert target.split(".")[0] in names, target


def _pattern(template: str) -> re.Pattern[str]:
    """A template's placeholders (``{messageId}``) match any text."""
    parts = re.split(r"\{[^{}]*\}", template)
    return re.compile(".*".join(re.escape(part) for part in parts), re.DOTALL)


@pytest.mark.parametrize(
    "expected", [m for _, _, m in VIOLATIONS], ids=[n for n, _, _ in VIOLATIONS]
)
def test_table_has_a_template_for_every_violation_message(expected: str) -> None:
    """Each message the tests expect is one of the table's templates."""
    templates = [v["message"] for v in _table()["violations"]]
    assert any(_pattern(template).fullmatch(expected) for template in templates), expected


EXAMPLES = sorted(p.name for p in example_path("agui").iterdir() if p.suffix in {".sse", ".jsonl"})
PROMISES = {
    "complete": "completed",
    "cut": "no_completion_basis",
    "truncated": "truncated",
    "error": "failed",
}


def test_there_are_three_to_five_examples() -> None:
    assert 3 <= len(EXAMPLES) <= 5


@pytest.mark.parametrize("name", EXAMPLES)
def test_examples_read_clean_and_judge_as_named(name: str) -> None:
    """Each example reads with no error except where its name says cut or error; judge keeps the name's promise."""
    path = example_path(f"agui/{name}")
    lines = list(read_events(iter(path.read_bytes().splitlines(keepends=True)), "agui"))
    if "cut" not in name and "error" not in name:
        assert [
            ln for ln in lines if ln.problem is not None and ln.problem.severity.value == "error"
        ] == []
    code, out, _ = run_cli("judge", "--from", "auto", str(path))
    assert code == 0
    expected = PROMISES[name.split("-", 1)[0]]
    assert [v["terminal_state"] for v in json.loads(out)] == [expected]
