"""``--from anthropic``: Anthropic Messages streaming events, rule by rule (module rules 1-12).

Every expectation here is written by hand; the table in
``spec/sources/anthropic.json`` is only checked against the importer's
handlers, the schema, and the events and messages the importer gives.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from source_streams import problems, run_cli
from streamspec import CompletionEvent, Reducer, UnknownEvent
from streamspec._jsonl import Line
from streamspec._resources import example_path, spec_dir
from streamspec.completion import Judge
from streamspec.sources import _anthropic, read_events, reply_lines
from streamspec.sources._read import Source, detect_source, judge_lines

MSG = "msg_01"
ORDER = 'Unexpected event order, got {} before "message_start"'

# ------------------------------------------------------------------ building streams


def start(message_id: Any = MSG, usage: Any = None, **message: Any) -> dict[str, Any]:
    """A message_start as the API sends it."""
    body = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 25, "output_tokens": 1} if usage is None else usage,
        **message,
    }
    return {"type": "message_start", "message": body}


def block(index: Any, content: Any) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": content}


def text_block(index: int, text: str = "") -> dict[str, Any]:
    return block(index, {"type": "text", "text": text})


def thinking_block(index: int, thinking: str = "") -> dict[str, Any]:
    return block(index, {"type": "thinking", "thinking": thinking, "signature": ""})


def tool_block(index: int, call_id: str, name: str, input_: Any = None) -> dict[str, Any]:
    return block(index, {"type": "tool_use", "id": call_id, "name": name, "input": input_ or {}})


def delta(index: Any, body: Any) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": body}


def text(index: int, piece: str) -> dict[str, Any]:
    return delta(index, {"type": "text_delta", "text": piece})


def thinking(index: int, piece: str) -> dict[str, Any]:
    return delta(index, {"type": "thinking_delta", "thinking": piece})


def signature(index: int) -> dict[str, Any]:
    return delta(index, {"type": "signature_delta", "signature": "EqQBCgIYAhIM"})


def citation(index: int) -> dict[str, Any]:
    return delta(
        index,
        {
            "type": "citations_delta",
            "citation": {"type": "char_location", "cited_text": "Paris", "document_index": 0},
        },
    )


def json_delta(index: int, piece: str) -> dict[str, Any]:
    return delta(index, {"type": "input_json_delta", "partial_json": piece})


def stop_block(index: Any) -> dict[str, Any]:
    return {"type": "content_block_stop", "index": index}


def finish(reason: Any = "end_turn", usage: Any = None, **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "type": "message_delta",
        "delta": {"stop_reason": reason, "stop_sequence": None},
        **fields,
    }
    if usage is not False:
        record["usage"] = {"output_tokens": 12} if usage is None else usage
    return record


STOP = {"type": "message_stop"}
PING = {"type": "ping"}


def error(type_: Any = "overloaded_error", message: Any = "Overloaded") -> dict[str, Any]:
    return {"type": "error", "error": {"type": type_, "message": message}}


def sse(records: Iterable[dict[str, Any]]) -> list[bytes]:
    """SSE lines: ``event:``, ``data:`` and a blank line per record."""
    out: list[bytes] = []
    for record in records:
        out += [
            f"event: {record.get('type')}\n".encode(),
            b"data: " + json.dumps(record).encode() + b"\n",
            b"\n",
        ]
    return out


def jsonl(records: Iterable[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(record).encode() + b"\n" for record in records]


def read(records: Iterable[dict[str, Any]], source: str = "anthropic") -> list[Line]:
    return list(read_events(iter(jsonl(records)), source))


def kind(line: Line) -> str:
    """What a line gives: its event's type or completion kind, else its problem's code."""
    record = line.record
    if isinstance(record, UnknownEvent) or record is None:
        return line.problem.code if line.problem is not None else "unknown"
    if isinstance(record, CompletionEvent):
        return record.KIND
    return str(record.TYPE)  # type: ignore[attr-defined]


def kinds(lines: Iterable[Line]) -> list[tuple[int, str]]:
    return [(line.number, kind(line)) for line in lines]


def fold(lines: Iterable[Line]) -> Reducer:
    reducer = Reducer()
    for line in reply_lines(lines):
        if line.record is not None and line.problem is None:
            reducer.apply(line.record)
    reducer.finish()
    return reducer


def verdicts(lines: Iterable[Line]) -> dict[str, dict[str, Any]]:
    judge = Judge()
    for line in judge_lines(lines, "anthropic"):
        if line.record is not None and line.problem is None:
            judge.apply(line.record)
    return {v.key: v.to_dict() for v in judge.verdicts()}


def envelope(record: dict[str, Any]) -> dict[str, Any]:
    """How a kept record is held: whole, in an envelope naming the source and its type."""
    return {"version": 1, "type": f"anthropic/{record['type']}", "payload": record}


def on_line(lines: Iterable[Line], number: int) -> list[Line]:
    return [line for line in lines if line.number == number]


USAGE_12 = {
    "input_tokens": 25,
    "output_tokens": 12,
    "cache_input_tokens": None,
    "cache_creation_input_tokens": None,
    "cost_usd": None,
}

#: A whole stream: a text block and a tool call, with a ping among them.
WHOLE = [
    start(),
    text_block(0),
    PING,
    text(0, "Hello"),
    text(0, " world"),
    stop_block(0),
    tool_block(1, "toolu_1", "get_weather"),
    json_delta(1, '{"city": '),
    json_delta(1, '"Paris"}'),
    stop_block(1),
    finish("tool_use"),
    STOP,
]

# ------------------------------------------------------------------ a whole stream


def test_a_whole_stream_gives_the_reply_and_its_evidence() -> None:
    """Rules 3-8: every record's events, on its own line, in order."""
    lines = read(WHOLE)
    assert problems(lines) == []
    assert kinds(lines) == [
        (1, "REPLY_START"), (1, "model_chunk"),
        (2, "TEXT_BLOCK_START"),
        (4, "TEXT_BLOCK_DELTA"), (4, "model_chunk"),
        (5, "TEXT_BLOCK_DELTA"), (5, "model_chunk"),
        (6, "TEXT_BLOCK_END"),
        (7, "TOOL_CALL_START"),
        (8, "TOOL_CALL_DELTA"), (8, "model_chunk"),
        (9, "TOOL_CALL_DELTA"), (9, "model_chunk"),
        (10, "TOOL_CALL_END"),
        (11, "model_finish"),
        (12, "MODEL_CALL_END"), (12, "model_receipt"), (12, "REPLY_END"),
    ]  # fmt: skip
    first = lines[0].record
    assert (first.reply_id, first.session_id, first.name, first.role) == (
        MSG,
        MSG,
        "assistant",
        "assistant",
    )
    assert on_line(lines, 2)[0].record.block_id == f"{MSG}.0"
    chunks = [line.record for line in lines if kind(line) == "model_chunk"]
    assert [(c.call, c.channel, c.text) for c in chunks] == [
        (MSG, "text", ""),
        (MSG, "text", "Hello"),
        (MSG, "text", " world"),
        (MSG, "tool_input", '{"city": '),
        (MSG, "tool_input", '"Paris"}'),
    ]
    finish_event = on_line(lines, 11)[0].record
    assert (finish_event.call, finish_event.reason, finish_event.vocabulary) == (
        MSG,
        "tool_use",
        "anthropic",
    )
    receipt = on_line(lines, 12)[1].record
    assert (receipt.text, receipt.usage) == (
        ("Hello world",),
        {"input_tokens": 25, "output_tokens": 12},
    )
    call_end = on_line(lines, 12)[0].record
    assert (call_end.input_tokens, call_end.output_tokens) == (25, 12)


def test_a_whole_stream_reduces_to_its_message_and_is_completed() -> None:
    lines = read(WHOLE)
    message = fold(lines).to_dict()
    assert message["id"] == MSG
    assert message["content"] == [
        {"type": "text", "id": f"{MSG}.0", "text": "Hello world"},
        {
            "type": "tool_call",
            "id": "toolu_1",
            "name": "get_weather",
            "input": '{"city": "Paris"}',
            "state": "pending",
            "suggested_rules": [],
        },
    ]
    assert message["usage"] == {"input_tokens": 25, "output_tokens": 12}
    assert verdicts(lines) == {
        MSG: {
            "key": MSG,
            "terminal_state": "completed",
            "finish_reason": "tool_use",
            "usage_state": "known",
            "usage": USAGE_12,
            "final_text": "Hello world",
            "error_code": None,
            "error_message": None,
        }
    }


@pytest.mark.parametrize("form", ["sse", "jsonl"])
@pytest.mark.parametrize("source", ["anthropic", "auto"])
def test_the_commands_read_both_forms(tmp_path: Path, form: str, source: str) -> None:
    """SSE and JSON lines, named or detected: reduce, judge and check agree."""
    path = tmp_path / f"whole.{form}"
    path.write_bytes(b"".join(sse(WHOLE) if form == "sse" else jsonl(WHOLE)))
    code, out, _ = run_cli("reduce", "--from", source, str(path))
    assert code == 0
    message = json.loads(out)
    assert [c["type"] for c in message["content"]] == ["text", "tool_call"]
    assert message["content"][0]["text"] == "Hello world"
    call = message["content"][1]
    assert (call["id"], call["name"], json.loads(call["input"])) == (
        "toolu_1",
        "get_weather",
        {"city": "Paris"},
    )
    code, out, _ = run_cli("judge", "--from", source, str(path))
    assert code == 0
    [verdict] = json.loads(out)
    assert (verdict["key"], verdict["terminal_state"], verdict["usage_state"]) == (
        MSG,
        "completed",
        "known",
    )
    assert verdict["usage"] == USAGE_12
    code, out, _ = run_cli("check", "--from", source, str(path))
    assert code == 0
    assert "0 errors" in out


def test_sse_and_json_lines_give_the_same_events() -> None:
    by_sse = list(read_events(iter(sse(WHOLE)), "anthropic"))
    by_jsonl = read(WHOLE)
    assert [line.record for line in by_sse] == [line.record for line in by_jsonl]
    assert {line.number for line in by_sse} <= set(range(2, 3 * len(WHOLE) + 1, 3))


@pytest.mark.parametrize(
    "record",
    [start(), text_block(0), text(0, "x"), stop_block(0), finish(), STOP, PING, error()],
)
def test_auto_takes_each_messages_type_for_anthropic(record: dict[str, Any]) -> None:
    assert detect_source(record) is Source.ANTHROPIC


def test_auto_reads_an_sse_file_that_opens_with_an_event_line() -> None:
    lines = list(read_events(iter(sse(WHOLE)), "auto"))
    assert kinds(lines) == [(3 * n - 1, k) for n, k in kinds(read(WHOLE))]


# ------------------------------------------------------------------ rule 1: records


def test_an_unknown_type_is_kept_whole_with_a_warning() -> None:
    record = {"type": "message_paused", "why": "?"}
    lines = read([start(), record, STOP])
    [kept] = on_line(lines, 2)
    assert isinstance(kept.record, UnknownEvent) and kept.record.raw == envelope(record)
    assert kept.problem is not None and kept.problem.code == "unknown_record"
    assert kept.problem.severity.value == "warning"
    assert kept.problem.details == {"line": 2, "source": "anthropic", "type": "message_paused"}
    assert kinds(on_line(lines, 3))[-1] == (3, "REPLY_END")


def test_done_and_a_record_without_type_are_unknown() -> None:
    lines = list(
        read_events(iter([*jsonl([start()]), b"data: [DONE]\n", b'{"x": 1}\n']), "anthropic")
    )
    assert [(n, c) for n, c, _ in problems(lines)] == [(2, "unknown_record"), (3, "unknown_record")]
    assert "no type" in problems(lines)[1][2]
    [done] = [line for line in lines if line.number == 2]
    assert done.problem is not None
    assert done.problem.message == (
        "Anthropic Messages record of unknown type '[DONE]'; kept, no effect"
    )
    assert done.problem.details == {"line": 2, "source": "anthropic", "type": "[DONE]"}
    assert isinstance(done.record, UnknownEvent)
    assert done.record.raw == envelope({"type": "[DONE]"})


# ------------------------------------------------------------------ rule 2: shapes

BAD_FIELDS = [
    ({"type": "message_start"}, "message_start: message is missing, expected an object"),
    (start(message_id=7), "message_start: message.id is 7, expected a non-empty string"),
    (start(message_id=""), "message_start: message.id is string, expected a non-empty string"),
    (start(usage=[1]), "message_start: message.usage is array, expected an object or null"),
    (
        start(usage={"input_tokens": "25"}),
        "message_start: message.usage.input_tokens is string, "
        "expected a token count (a non-negative integer)",
    ),
    (
        start(usage={"input_tokens": -1}),
        "message_start: message.usage.input_tokens is -1, "
        "expected a token count (a non-negative integer)",
    ),
    (
        start(usage={"output_tokens": 1.0}),
        "message_start: message.usage.output_tokens is number, "
        "expected a token count (a non-negative integer)",
    ),
    (
        start(usage={"cache_read_input_tokens": True}),
        "message_start: message.usage.cache_read_input_tokens is boolean, "
        "expected a token count (a non-negative integer)",
    ),
    (block("0", {"type": "text"}), "content_block_start: index is string, expected a non-negative integer"),
    (block(-1, {"type": "text"}), "content_block_start: index is -1, expected a non-negative integer"),
    (block(True, {"type": "text"}), "content_block_start: index is boolean, expected a non-negative integer"),
    (block(0, None), "content_block_start: content_block is null, expected an object"),
    (block(0, {"text": ""}), "content_block_start: content_block.type is missing, expected a string"),
    (block(0, {"type": "text", "text": 5}), "content_block_start: content_block.text is 5, expected a string or null"),
    (
        block(0, {"type": "thinking", "thinking": []}),
        "content_block_start: content_block.thinking is array, expected a string or null",
    ),
    (
        block(0, {"type": "tool_use", "name": "f", "input": {}}),
        "content_block_start: content_block.id is missing, expected a non-empty string",
    ),
    (
        block(0, {"type": "tool_use", "id": "t", "name": None, "input": {}}),
        "content_block_start: content_block.name is null, expected a string",
    ),
    (
        block(0, {"type": "tool_use", "id": "t", "name": "f", "input": "{}"}),
        "content_block_start: content_block.input is string, expected an object or null",
    ),
    (stop_block(None), "content_block_stop: index is null, expected a non-negative integer"),
    (finish(usage={"output_tokens": "12"}), "message_delta: usage.output_tokens is string, expected a token count (a non-negative integer)"),
    (finish(usage=5), "message_delta: usage is 5, expected an object or null"),
    ({"type": "message_delta", "usage": {"output_tokens": 1}}, "message_delta: delta is missing, expected an object"),
    (finish(reason=1), "message_delta: delta.stop_reason is 1, expected a string or null"),
    ({"type": "error", "error": "Overloaded"}, "error: error is string, expected an object"),
    (error(type_=529), "error: error.type is 529, expected a string or null"),
    (error(message={"text": "x"}), "error: error.message is object, expected a string or null"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "message"), BAD_FIELDS)
def test_a_field_of_the_wrong_type_is_a_violation(record: dict[str, Any], message: str) -> None:
    """Rule 2: the record is kept whole, named field and type, never folded."""
    records = [record] if record["type"] == "message_start" else [start(), record]
    lines = read(records)
    last = len(records)
    assert problems(on_line(lines, last)) == [(last, "source_violation", message)]
    [kept] = on_line(lines, last)
    assert isinstance(kept.record, UnknownEvent) and kept.record.raw == envelope(record)
    assert kept.problem is not None and kept.problem.severity.value == "error"
    assert kept.problem.details == {"line": last, "source": "anthropic", "type": record["type"]}


DELTA_FIELDS = [
    (text_block(0), {"type": "text_delta", "text": None}, "delta.text is null, expected a string"),
    (thinking_block(0), {"type": "thinking_delta"}, "delta.thinking is missing, expected a string"),
    (thinking_block(0), {"type": "signature_delta", "signature": 1}, "delta.signature is 1, expected a string"),
    (text_block(0), {"type": "citations_delta", "citation": "p. 3"}, "delta.citation is string, expected an object"),
    (tool_block(0, "t", "f"), {"type": "input_json_delta", "partial_json": {}}, "delta.partial_json is object, expected a string"),
    (text_block(0), {"text": "x"}, "delta.type is missing, expected a string"),
    (text_block(0), "x", "delta is string, expected an object"),
]  # fmt: skip


@pytest.mark.parametrize(("opening", "body", "message"), DELTA_FIELDS)
def test_a_delta_field_of_the_wrong_type_is_a_violation(
    opening: dict[str, Any], body: Any, message: str
) -> None:
    lines = read([start(), opening, delta(0, body)])
    assert problems(lines) == [(3, "source_violation", f"content_block_delta: {message}")]
    assert on_line(lines, 3)[0].record.raw == envelope(delta(0, body))


def test_fields_no_rule_reads_are_not_looked_at() -> None:
    records = [
        start(model=5, role=None, content=[{"type": "text", "text": "not streamed"}]),
        block(0, {"type": "text", "text": "", "citations": 3}),
        stop_block(0),
        finish(stop_sequence=7),
        STOP,
    ]
    records[3]["delta"]["stop_details"] = "x"
    lines = read(records)
    assert problems(lines) == []
    assert verdicts(lines)[MSG]["terminal_state"] == "completed"
    assert verdicts(lines)[MSG]["final_text"] == ""


# ------------------------------------------------------------------ rules 3-4: message, blocks


def test_a_first_text_or_thinking_in_the_block_start_is_a_first_delta() -> None:
    lines = read([start(), text_block(0, "Hi "), thinking_block(1, "Hmm"), text(0, "there")])
    assert kinds(lines)[1:] == [
        (1, "model_chunk"),
        (2, "TEXT_BLOCK_START"), (2, "TEXT_BLOCK_DELTA"), (2, "model_chunk"),
        (3, "THINKING_BLOCK_START"), (3, "THINKING_BLOCK_DELTA"), (3, "model_chunk"),
        (4, "TEXT_BLOCK_DELTA"), (4, "model_chunk"),
    ]  # fmt: skip
    assert [c["type"] for c in fold(lines).to_dict()["content"]] == ["text", "thinking"]
    assert fold(lines).to_dict()["content"][0]["text"] == "Hi there"


def test_thinking_is_a_thinking_block_and_its_signature_is_information() -> None:
    lines = read(
        [start(), thinking_block(0), thinking(0, "Let me"), signature(0), stop_block(0), STOP]
    )
    assert problems(lines) == []
    assert kinds(lines)[1:6] == [
        (1, "model_chunk"),
        (2, "THINKING_BLOCK_START"),
        (3, "THINKING_BLOCK_DELTA"),
        (3, "model_chunk"),
        (5, "THINKING_BLOCK_END"),
    ]
    assert on_line(lines, 3)[1].record.channel == "thinking"
    assert fold(lines).to_dict()["content"] == [
        {"type": "thinking", "id": f"{MSG}.0", "thinking": "Let me"}
    ]


def test_blocks_keep_their_index_whatever_the_order() -> None:
    """Rule 4: indexes may arrive in any order; deltas go to the block of their index."""
    lines = read([
        start(), tool_block(2, "toolu_b", "b"), text_block(0), tool_block(1, "toolu_a", "a"),
        json_delta(1, '{"for": "a"}'), text(0, "hi"), json_delta(2, '{"for": "b"}'),
        stop_block(1), stop_block(0), stop_block(2), finish("tool_use"), STOP,
    ])  # fmt: skip
    assert problems(lines) == []
    content = fold(lines).to_dict()["content"]
    assert [(c["type"], c["id"], c.get("input")) for c in content] == [
        ("tool_call", "toolu_b", '{"for": "b"}'),
        ("text", f"{MSG}.0", None),
        ("tool_call", "toolu_a", '{"for": "a"}'),
    ]
    assert verdicts(lines)[MSG]["terminal_state"] == "completed"


@pytest.mark.parametrize(
    "content",
    [
        {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix"},
        {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
        {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
        {"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_1", "content": {}},
        {"type": "code_execution_tool_result", "tool_use_id": "srvtoolu_1", "content": {}},
        {"type": "bash_code_execution_tool_result", "tool_use_id": "srvtoolu_1", "content": {}},
        {"type": "text_editor_code_execution_tool_result", "tool_use_id": "s", "content": {}},
        {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_1", "content": {}},
        {"type": "container_upload", "file_id": "file_1"},
    ],
)
def test_server_tool_and_redacted_blocks_are_information(content: dict[str, Any]) -> None:
    records = [start(), block(0, content), stop_block(0), finish(), STOP]
    lines = read(records)
    assert problems(lines) == []
    assert on_line(lines, 2) == [] and on_line(lines, 3) == []
    assert fold(lines).to_dict()["content"] == []
    assert verdicts(lines)[MSG]["terminal_state"] == "completed"


def test_a_server_tool_s_input_is_information() -> None:
    server = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    lines = read([start(), block(0, server), json_delta(0, '{"query": "x"}'), stop_block(0)])
    assert problems(lines) == [] and kinds(lines) == [(1, "REPLY_START"), (1, "model_chunk")]


def test_a_block_of_unknown_type_is_kept_with_a_warning_and_its_deltas_give_nothing() -> None:
    content = {"type": "mcp_tool_use", "id": "mcptoolu_1", "name": "x", "input": {}}
    lines = read(
        [start(), block(0, content), json_delta(0, "{}"), text(0, "?"), stop_block(0), STOP]
    )
    assert problems(lines) == [
        (
            2,
            "unknown_record",
            "Anthropic Messages content block of unknown type 'mcp_tool_use' at index 0; "
            "kept, its deltas and stop give nothing",
        )
    ]
    assert on_line(lines, 2)[0].record.raw == envelope(block(0, content))
    assert [n for n, _ in kinds(lines)] == [1, 1, 2, 6, 6, 6]


# ------------------------------------------------------------------ rules 5-6: deltas and stops


def test_tool_input_is_passed_as_sent_even_when_not_yet_json() -> None:
    lines = read(
        [start(), tool_block(0, "t", "f"), json_delta(0, '{"a": tr'), json_delta(0, "ue}")]
    )
    assert problems(lines) == []
    assert [line.record.delta for line in lines if kind(line) == "TOOL_CALL_DELTA"] == [
        '{"a": tr',
        "ue}",
    ]


def test_citations_are_information() -> None:
    lines = read([start(), text_block(0), text(0, "Paris"), citation(0), stop_block(0)])
    assert problems(lines) == [] and on_line(lines, 4) == []


def test_a_delta_of_unknown_type_is_kept_with_a_warning() -> None:
    record = delta(0, {"type": "audio_delta", "audio": "AAA"})
    lines = read([start(), text_block(0), record])
    assert problems(lines) == [
        (
            3,
            "unknown_record",
            "Anthropic Messages delta of unknown type 'audio_delta'; kept, no effect",
        )
    ]
    assert on_line(lines, 3)[0].record.raw == envelope(record)


@pytest.mark.parametrize(
    ("deltas", "expected"),
    [
        ([], ['{"city":"Paris","days":[1,2]}']),
        ([""], ["", '{"city":"Paris","days":[1,2]}']),
        (['{"city": "Oslo"}'], ['{"city": "Oslo"}']),
    ],
)
def test_a_tool_start_s_input_counts_when_no_delta_carried_text(
    deltas: list[str], expected: list[str]
) -> None:
    """Rule 6: compact JSON of the start's input, at the block's stop, before TOOL_CALL_END."""
    input_ = {"city": "Paris", "days": [1, 2]}
    records = [start(), tool_block(0, "t", "f", input_), *[json_delta(0, d) for d in deltas]]
    lines = read([*records, stop_block(0)])
    assert [line.record.delta for line in lines if kind(line) == "TOOL_CALL_DELTA"] == expected
    assert kinds(lines)[-1] == (len(records) + 1, "TOOL_CALL_END")


def test_a_start_input_any_json_can_hold_is_written_back() -> None:
    """Whatever number a record holds (here wider than 64 bits), no exception."""
    records = [start(), tool_block(0, "t", "f", {"n": 2**70, "s": "é"}), stop_block(0)]
    lines = list(_anthropic.import_lines(Line(n, r) for n, r in enumerate(records, 1)))
    [written] = [line.record.delta for line in lines if kind(line) == "TOOL_CALL_DELTA"]
    assert json.loads(written) == {"n": 2**70, "s": "é"}


def test_an_empty_start_input_and_no_delta_give_an_empty_input() -> None:
    lines = read([start(), tool_block(0, "t", "f"), stop_block(0), finish("tool_use"), STOP])
    assert [k for _, k in kinds(lines) if k.startswith("TOOL")] == [
        "TOOL_CALL_START",
        "TOOL_CALL_END",
    ]
    assert fold(lines).to_dict()["content"][0]["input"] == ""


# ------------------------------------------------------------------ rule 7: finish and usage


def test_a_null_stop_reason_gives_no_finish() -> None:
    lines = read([start(), finish(None), STOP])
    assert "model_finish" not in [k for _, k in kinds(lines)]
    assert verdicts(lines)[MSG]["terminal_state"] == "no_completion_basis"


@pytest.mark.parametrize(
    ("reason", "state"),
    [
        ("end_turn", "completed"),
        ("stop_sequence", "completed"),
        ("tool_use", "completed"),
        ("max_tokens", "truncated"),
        ("model_context_window_exceeded", "truncated"),
        ("pause_turn", "truncated"),
        ("refusal", "truncated"),
        ("something_new", "no_completion_basis"),
    ],
)
def test_the_stop_reason_is_the_finish_word(reason: str, state: str) -> None:
    lines = read([start(), text_block(0), text(0, "x"), stop_block(0), finish(reason), STOP])
    verdict = verdicts(lines)[MSG]
    assert (verdict["finish_reason"], verdict["terminal_state"]) == (reason, state)


def test_usage_is_updated_field_by_field() -> None:
    """Rule 7: cumulative counts overwrite; null and absent counts keep the earlier value."""
    records = [
        start(usage={"input_tokens": 10, "output_tokens": 1, "cache_read_input_tokens": 4}),
        finish(None, {"output_tokens": 5, "input_tokens": None}),
        finish(
            "end_turn", {"output_tokens": 9, "input_tokens": 11, "cache_creation_input_tokens": 2}
        ),
        STOP,
    ]
    lines = read(records)
    assert verdicts(lines)[MSG]["usage"] == {
        "input_tokens": 11,
        "output_tokens": 9,
        "cache_input_tokens": 4,
        "cache_creation_input_tokens": 2,
        "cost_usd": None,
    }
    [call_end] = [line.record for line in lines if kind(line) == "MODEL_CALL_END"]
    assert (call_end.input_tokens, call_end.output_tokens, call_end.cache_input_tokens) == (
        11,
        9,
        4,
    )


def test_a_later_finish_keeps_the_graver_word() -> None:
    lines = read([start(), finish("max_tokens"), finish("end_turn"), STOP])
    assert [line.record.reason for line in lines if kind(line) == "model_finish"] == [
        "max_tokens",
        "end_turn",
    ]
    assert verdicts(lines)[MSG]["terminal_state"] == "truncated"


# ------------------------------------------------------------------ rule 8: message stop


def test_message_stop_ends_what_is_open_in_start_order() -> None:
    records = [
        start(), thinking_block(0), tool_block(1, "t", "f", {"q": 1}), text_block(2), text(2, "a"),
    ]  # fmt: skip
    lines = read([*records, STOP])
    assert problems(lines) == []
    assert [(line.number, kind(line)) for line in on_line(lines, 6)] == [
        (6, "THINKING_BLOCK_END"),
        (6, "TOOL_CALL_DELTA"),
        (6, "model_chunk"),
        (6, "TOOL_CALL_END"),
        (6, "TEXT_BLOCK_END"),
        (6, "MODEL_CALL_END"),
        (6, "model_receipt"),
        (6, "REPLY_END"),
    ]
    assert [(d.code, d.key) for d in fold(lines).diagnostics] == [("open_at_end", "t")]


def test_no_usage_reported_is_no_usage() -> None:
    lines = read([start(usage={}), finish("end_turn", False), STOP])
    assert "MODEL_CALL_END" not in [k for _, k in kinds(lines)]
    verdict = verdicts(lines)[MSG]
    assert (verdict["terminal_state"], verdict["usage_state"], verdict["usage"]) == (
        "completed",
        "unknown",
        None,
    )


def test_partial_usage_is_known_without_model_call_end() -> None:
    lines = read(
        [start(usage={"input_tokens": None}), finish("end_turn", {"output_tokens": 3}), STOP]
    )
    assert "MODEL_CALL_END" not in [k for _, k in kinds(lines)]
    verdict = verdicts(lines)[MSG]
    assert verdict["usage_state"] == "known"
    assert verdict["usage"]["output_tokens"] == 3 and verdict["usage"]["input_tokens"] is None


# ------------------------------------------------------------------ rules 9-10: errors, ping


def test_an_error_fails_the_call_and_leaves_the_reply_open() -> None:
    lines = read([start(), text_block(0), text(0, "Let me"), error()])
    assert kinds(on_line(lines, 4)) == [(4, "model_error")]
    assert (on_line(lines, 4)[0].record.code, on_line(lines, 4)[0].record.message) == (
        "overloaded_error",
        "Overloaded",
    )
    verdict = verdicts(lines)[MSG]
    assert (verdict["terminal_state"], verdict["error_code"], verdict["final_text"]) == (
        "failed",
        "overloaded_error",
        "Let me",
    )
    assert "missing_reply_end" in {d.code for d in fold(lines).diagnostics}


def test_an_error_before_message_start_belongs_to_the_call_anthropic() -> None:
    lines = read([error("api_error", None)])
    assert kinds(lines) == [(1, "model_error")]
    verdict = verdicts(lines)["anthropic"]
    assert (verdict["terminal_state"], verdict["error_code"], verdict["error_message"]) == (
        "failed",
        "api_error",
        None,
    )


def test_ping_gives_nothing_anywhere() -> None:
    lines = read([PING, start(), PING, STOP, PING])
    assert problems(lines) == []
    assert [n for n, _ in kinds(lines)] == [2, 2, 4, 4, 4]


# ------------------------------------------------------------------ rule 11: violations

VIOLATIONS = [
    ([text_block(0)], ORDER.format("content_block_start")),
    ([text(0, "x")], ORDER.format("content_block_delta")),
    ([stop_block(0)], ORDER.format("content_block_stop")),
    ([finish()], ORDER.format("message_delta")),
    ([STOP], ORDER.format("message_stop")),
    ([start(), start("msg_02")], 'Unexpected event order, got a second "message_start"'),
    ([start(), STOP, start("msg_02")], 'Unexpected event order, got message_start after "message_stop"'),
    ([start(), STOP, text_block(0)], 'Unexpected event order, got content_block_start after "message_stop"'),
    ([start(), STOP, finish()], 'Unexpected event order, got message_delta after "message_stop"'),
    ([start(), STOP, STOP], 'Unexpected event order, got message_stop after "message_stop"'),
    ([start(), STOP, error()], 'Unexpected event order, got error after "message_stop"'),
    ([start(), text_block(0), text_block(0)], "content_block_start for index 0, which was already started"),
    (
        [start(), text_block(0), stop_block(0), thinking_block(0)],
        "content_block_start for index 0, which was already started",
    ),
    (
        [start(), tool_block(0, "t", "f"), tool_block(1, "t", "g")],
        "content_block_start: tool_use id 't' was used by an earlier block",
    ),
    (
        [start(), text(3, "x")],
        "content_block_delta for index 3, which no content_block_start opened "
        "(the SDK raises IndexError: list index out of range)",
    ),
    (
        [start(), stop_block(0)],
        "content_block_stop for index 0, which no content_block_start opened "
        "(the SDK raises IndexError: list index out of range)",
    ),
    ([start(), text_block(0), stop_block(0), text(0, "late")], "content_block_delta for index 0, whose block has stopped"),
    ([start(), text_block(0), stop_block(0), stop_block(0)], "content_block_stop for index 0, whose block has stopped"),
    (
        [start(), tool_block(0, "t", "f"), text(0, "x")],
        "content_block_delta: text_delta does not fit the tool_use block at index 0 "
        "(the SDK drops it silently)",
    ),
    (
        [start(), text_block(0), json_delta(0, "{}")],
        "content_block_delta: input_json_delta does not fit the text block at index 0 "
        "(the SDK drops it silently)",
    ),
    (
        [start(), text_block(0), signature(0)],
        "content_block_delta: signature_delta does not fit the text block at index 0 "
        "(the SDK drops it silently)",
    ),
    (
        [start(), thinking_block(0), citation(0)],
        "content_block_delta: citations_delta does not fit the thinking block at index 0 "
        "(the SDK drops it silently)",
    ),
    (
        [start(), block(0, {"type": "redacted_thinking", "data": "x"}), thinking(0, "x")],
        "content_block_delta: thinking_delta does not fit the redacted_thinking block at index 0 "
        "(the SDK drops it silently)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("records", "message"), VIOLATIONS)
def test_each_violation_is_kept_whole_and_never_folded(
    records: list[dict[str, Any]], message: str
) -> None:
    lines = read(records)
    last = len(records)
    assert problems(lines) == [(last, "source_violation", message)]
    [kept] = on_line(lines, last)
    assert isinstance(kept.record, UnknownEvent) and kept.record.raw == envelope(records[-1])
    assert kept.problem is not None and kept.problem.severity.value == "error"
    assert kept.problem.details == {
        "line": last,
        "source": "anthropic",
        "type": records[-1]["type"],
    }


def test_a_violation_changes_nothing_after_it() -> None:
    """The late delta is not folded; the rest of the stream reads as if it were absent."""
    records = [start(), text_block(0), text(0, "Hi"), stop_block(0), text(0, "!"), finish(), STOP]
    lines = read(records)
    assert fold(lines).to_dict()["content"][0]["text"] == "Hi"
    assert verdicts(lines)[MSG]["terminal_state"] == "completed"
    assert verdicts(lines)[MSG]["final_text"] == "Hi"


def test_the_commands_report_a_violation_and_still_judge(tmp_path: Path) -> None:
    path = tmp_path / "late.jsonl"
    path.write_bytes(b"".join(jsonl([*WHOLE, text(0, "late")])))
    code, out, err = run_cli("judge", "--from", "anthropic", str(path))
    assert code == 0
    assert json.loads(out)[0]["terminal_state"] == "completed"
    assert "13: source_violation: " in err and 'after "message_stop"' in err


# ------------------------------------------------------------------ rule 12: end of input


def test_a_stream_cut_after_a_natural_finish_has_no_completion_basis(tmp_path: Path) -> None:
    path = tmp_path / "cut.sse"
    path.write_bytes(b"".join(sse(WHOLE[:-1])))
    code, out, _ = run_cli("judge", "--from", "anthropic", str(path))
    [verdict] = json.loads(out)
    assert (code, verdict["terminal_state"], verdict["finish_reason"], verdict["usage_state"]) == (
        0,
        "no_completion_basis",
        "tool_use",
        "unknown",
    )
    code, _, err = run_cli("reduce", "--from", "anthropic", str(path))
    assert code == 0 and "missing_reply_end" in err


@pytest.mark.parametrize("form", ["sse", "jsonl"])
def test_a_stream_cut_right_after_message_start_still_has_a_verdict(
    tmp_path: Path, form: str
) -> None:
    """The reply's start gives the call's empty text chunk: one verdict, no basis, text ''."""
    records = [start()]
    lines = read(records)
    assert kinds(lines) == [(1, "REPLY_START"), (1, "model_chunk")]
    chunk = lines[1].record
    assert (chunk.call, chunk.channel, chunk.text) == (MSG, "text", "")
    path = tmp_path / f"cut-at-start.{form}"
    path.write_bytes(b"".join(sse(records) if form == "sse" else jsonl(records)))
    code, out, _ = run_cli("judge", "--from", "anthropic", str(path))
    assert code == 0
    assert json.loads(out) == [
        {
            "key": MSG,
            "terminal_state": "no_completion_basis",
            "finish_reason": None,
            "usage_state": "unknown",
            "usage": None,
            "final_text": "",
            "error_code": None,
            "error_message": None,
        }
    ]


def test_a_stream_cut_after_a_cut_finish_is_truncated() -> None:
    lines = read([start(), text_block(0), text(0, "Once"), finish("max_tokens")])
    verdict = verdicts(lines)[MSG]
    assert (verdict["terminal_state"], verdict["usage_state"]) == ("truncated", "unknown")


def test_a_stream_cut_mid_block_keeps_its_output_open() -> None:
    lines = read([start(), text_block(0), text(0, "Once")])
    reducer = fold(lines)
    assert reducer.to_dict()["content"][0]["text"] == "Once"
    assert {d.code for d in reducer.diagnostics} == {"missing_reply_end", "open_at_end"}
    assert verdicts(lines)[MSG]["terminal_state"] == "no_completion_basis"


# ------------------------------------------------------------------ properties

REASONS = ["end_turn", "stop_sequence", "tool_use", "max_tokens", "pause_turn", "refusal", None]
PIECES = st.lists(st.text(max_size=5), max_size=3)


@st.composite
def streams(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A protocol-valid stream: blocks one after another, pings, deltas, maybe an error."""
    records = [start(usage=draw(st.sampled_from([None, {}, {"input_tokens": 3}])))]
    for index in range(draw(st.integers(0, 3))):
        kind_ = draw(st.sampled_from(["text", "thinking", "tool"]))
        if kind_ == "text":
            records += [text_block(index), *[text(index, p) for p in draw(PIECES)]]
        elif kind_ == "thinking":
            records += [thinking_block(index), *[thinking(index, p) for p in draw(PIECES)]]
            records.append(signature(index))
        else:
            records.append(
                tool_block(index, f"toolu_{index}", "f", draw(st.sampled_from([None, {"a": 1}])))
            )
            records += [json_delta(index, p) for p in draw(PIECES)]
        records.append(stop_block(index))
    for _ in range(draw(st.integers(0, 2))):
        records.append(finish(draw(st.sampled_from(REASONS))))
    records.append(STOP)
    for _ in range(draw(st.integers(0, 2))):
        records.insert(draw(st.integers(0, len(records))), PING)
    if draw(st.integers(0, 4)) == 0:
        records.insert(draw(st.integers(0, len(records) - 1)), error())
    return records


@given(streams(), st.data())
def test_any_prefix_reads_and_is_completed_only_with_finish_and_receipt(
    records: list[dict[str, Any]], data: st.DataObject
) -> None:
    prefix = records[: data.draw(st.integers(0, len(records)))]
    stopped = any(r["type"] == "message_stop" for r in prefix)
    natural = [
        r
        for r in prefix
        if r["type"] == "message_delta"
        and r["delta"]["stop_reason"] in {"end_turn", "stop_sequence", "tool_use"}
    ]
    for form in (jsonl, sse):
        lines = list(read_events(iter(form(prefix)), "anthropic"))
        assert [
            p
            for p in problems(lines)
            if p[2] != 'Unexpected event order, got error after "message_stop"'
        ] == []
        for verdict in verdicts(lines).values():
            if verdict["terminal_state"] == "completed":
                assert stopped and natural
            if verdict["usage_state"] == "known":
                assert stopped
        open_reply = "missing_reply_end" in {d.code for d in fold(lines).diagnostics}
        assert open_reply == (not stopped)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            found += _paths(item, (*path, position))
    return found


#: Any JSON value; a fresh copy each draw, so no two places share (or contain) one object.
JUNK = st.sampled_from([None, True, False, 0, -1, 2.5, "", "x", [], {}, [1], {"type": "text"}]).map(
    copy.deepcopy
)
ALWAYS_SAY_SOMETHING = {"message_start", "message_stop", "error"}


@given(streams(), st.data())
def test_mutated_records_never_raise_and_every_line_is_accounted_for(
    records: list[dict[str, Any]], data: st.DataObject
) -> None:
    """Any JSON in any field: events or a diagnostic, never an exception."""
    records = copy.deepcopy(records)
    for _ in range(data.draw(st.integers(1, 3))):
        number = data.draw(st.integers(0, len(records) - 1))
        path = data.draw(st.sampled_from(_paths(records[number])))
        action = data.draw(st.sampled_from(["replace", "delete"]))
        if not path:
            records[number] = data.draw(st.just({}) | st.fixed_dictionaries({"type": JUNK}))
            continue
        parent = records[number]
        for key in path[:-1]:
            parent = parent[key]
        if action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JUNK)
    lines = read(records)
    numbers = [line.number for line in lines]
    assert numbers == sorted(numbers) and set(numbers) <= set(range(1, len(records) + 1))
    handled = set(_anthropic.IMPORTER().handlers())
    for number, record in enumerate(records, 1):
        type_ = record.get("type")
        if not isinstance(type_, str) or type_ in ALWAYS_SAY_SOMETHING or type_ not in handled:
            assert on_line(lines, number), record
    fold(lines)
    verdicts(lines)


# ------------------------------------------------------------------ the table

TABLE = json.loads((spec_dir() / "sources" / "anthropic.json").read_text())


def test_the_table_is_valid_and_lists_exactly_the_handlers() -> None:
    schema = json.loads((spec_dir() / "schema" / "source.schema.json").read_text())
    jsonschema.validate(TABLE, schema)
    listed = [entry["type"] for entry in TABLE["types"]]
    assert len(listed) == len(set(listed))
    assert set(listed) == set(_anthropic.IMPORTER().handlers())
    assert TABLE["source"] == _anthropic.IMPORTER.SOURCE == "anthropic"
    assert TABLE["title"] == _anthropic.IMPORTER.TITLE


def _events_by_type(records: list[dict[str, Any]]) -> list[tuple[str, str]]:
    lines = read(records)
    return [
        (records[line.number - 1]["type"], kind(line)) for line in lines if line.problem is None
    ]


@given(streams())
def test_the_table_names_every_event_a_type_gives(records: list[dict[str, Any]]) -> None:
    events = {entry["type"]: set(entry["events"]) for entry in TABLE["types"]}
    for type_, given_kind in _events_by_type(records):
        assert given_kind in events[type_], (type_, given_kind)


def _template(message: str) -> re.Pattern[str]:
    parts = re.split(r"\{[a-z_]+\}", message)
    return re.compile(".+".join(re.escape(part) for part in parts) + "$")


@pytest.mark.parametrize(
    "message",
    [
        *[m for _, m in VIOLATIONS],
        *[m for _, m in BAD_FIELDS],
        *[f"content_block_delta: {m}" for _, _, m in DELTA_FIELDS],
    ],
)
def test_the_table_has_a_template_for_every_violation(message: str) -> None:
    templates = [_template(v["message"]) for v in TABLE["violations"]]
    assert any(t.match(message) for t in templates), message


# ------------------------------------------------------------------ examples

EXAMPLES = sorted(example_path("anthropic").iterdir())
PROMISES = {"cut": "no_completion_basis", "truncated": "truncated", "error": "failed"}


def test_there_are_three_to_five_examples() -> None:
    assert 3 <= len(EXAMPLES) <= 5
    assert all(p.suffix in {".sse", ".jsonl"} for p in EXAMPLES)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_each_example_reads_cleanly_and_gets_the_verdict_its_name_promises(path: Path) -> None:
    lines = list(read_events(iter(path.read_bytes().splitlines(keepends=True)), "anthropic"))
    if "cut" not in path.name and "error" not in path.name:
        assert [p for p in problems(lines) if p[1] == "source_violation"] == []
        assert all(line.problem is None or line.problem.severity.value != "error" for line in lines)
        assert all(d.severity.value != "error" for d in fold(lines).diagnostics)
    code, out, _ = run_cli("judge", "--from", "auto", str(path))
    assert code == 0
    expected = next((v for k, v in PROMISES.items() if k in path.name), "completed")
    assert [v["terminal_state"] for v in json.loads(out)] == [expected]
