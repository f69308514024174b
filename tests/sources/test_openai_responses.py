"""The OpenAI Responses importer, rule by rule, on hand-written streams (rules of
``streamspec.sources._openai_responses``; the table is ``spec/sources/openai_responses.json``)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from source_streams import problems
from streamspec import Reducer
from streamspec._events import UnknownEvent
from streamspec._jsonl import Line
from streamspec._resources import spec_dir
from streamspec.cli._main import main
from streamspec.completion import Judge
from streamspec.sources import read_events, reply_lines
from streamspec.sources._openai_responses import IMPORTER, INFORMATION_TYPES
from streamspec.sources._read import judge_lines

SOURCE = "openai_responses"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "openai_responses"

# ---------------------------------------------------------------- hand-written wire


def response(status: str = "in_progress", rid: str = "resp_1", **more: Any) -> dict[str, Any]:
    return {"id": rid, "object": "response", "status": status, "output": [], **more}


USAGE = {
    "input_tokens": 10,
    "input_tokens_details": {"cached_tokens": 2, "cache_write_tokens": 0},
    "output_tokens": 5,
    "output_tokens_details": {"reasoning_tokens": 0},
    "total_tokens": 15,
}


class Wire:
    """Records numbered from 0 as they are added."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def add(self, type_: str, **fields: Any) -> Wire:
        self.records.append({"type": type_, "sequence_number": len(self.records), **fields})
        return self

    def created(self, rid: str = "resp_1") -> Wire:
        return self.add("response.created", response=response(rid=rid))

    def message(self, index: int, *deltas: str, item_id: str = "msg_1") -> Wire:
        at = {"output_index": index, "item_id": item_id, "content_index": 0}
        item = {"type": "message", "id": item_id, "role": "assistant", "content": []}
        self.add(
            "response.output_item.added", output_index=index, item={**item, "status": "in_progress"}
        )
        self.add(
            "response.content_part.added",
            **at,
            part={"type": "output_text", "text": "", "annotations": []},
        )
        for delta in deltas:
            self.add("response.output_text.delta", **at, delta=delta, logprobs=[])
        text = "".join(deltas)
        self.add("response.output_text.done", **at, text=text, logprobs=[])
        part = {"type": "output_text", "text": text, "annotations": []}
        self.add("response.content_part.done", **at, part=part)
        return self.add(
            "response.output_item.done",
            output_index=index,
            item={**item, "status": "completed", "content": [part]},
        )

    def completed(self, usage: Any = USAGE, rid: str = "resp_1") -> Wire:
        return self.add("response.completed", response=response("completed", rid=rid, usage=usage))


def call_item(
    call_id: str, name: str, arguments: str = "", item_id: str = "fc_1"
) -> dict[str, Any]:
    return {
        "type": "function_call",
        "id": item_id,
        "call_id": call_id,
        "name": name,
        "arguments": arguments,
    }


def text_stream() -> list[dict[str, Any]]:
    return Wire().created().message(0, "Hello", " world").completed().records


def tool_stream() -> list[dict[str, Any]]:
    """Two parallel calls: added in index order, their arguments interleaved, done in reverse."""
    wire = Wire().created()
    wire.add(
        "response.output_item.added",
        output_index=0,
        item=call_item("call_a", "get_weather", item_id="fc_a"),
    )
    wire.add(
        "response.output_item.added",
        output_index=1,
        item=call_item("call_b", "get_time", item_id="fc_b"),
    )
    wire.add(
        "response.function_call_arguments.delta", output_index=1, item_id="fc_b", delta='{"tz":'
    )
    wire.add(
        "response.function_call_arguments.delta", output_index=0, item_id="fc_a", delta='{"city":'
    )
    wire.add(
        "response.function_call_arguments.delta", output_index=0, item_id="fc_a", delta='"Paris"}'
    )
    wire.add(
        "response.function_call_arguments.delta", output_index=1, item_id="fc_b", delta='"UTC"}'
    )
    wire.add(
        "response.function_call_arguments.done",
        output_index=1,
        item_id="fc_b",
        arguments='{"tz":"UTC"}',
    )
    wire.add(
        "response.output_item.done",
        output_index=1,
        item=call_item("call_b", "get_time", '{"tz":"UTC"}', "fc_b"),
    )
    wire.add(
        "response.function_call_arguments.done",
        output_index=0,
        item_id="fc_a",
        arguments='{"city":"Paris"}',
    )
    wire.add(
        "response.output_item.done",
        output_index=0,
        item=call_item("call_a", "get_weather", '{"city":"Paris"}', "fc_a"),
    )
    return wire.completed().records


def reasoning_stream() -> list[dict[str, Any]]:
    wire = Wire().created()
    at = {"output_index": 0, "item_id": "rs_1"}
    wire.add(
        "response.output_item.added",
        output_index=0,
        item={"type": "reasoning", "id": "rs_1", "summary": []},
    )
    wire.add(
        "response.reasoning_summary_part.added",
        **at,
        summary_index=0,
        part={"type": "summary_text", "text": ""},
    )
    wire.add("response.reasoning_summary_text.delta", **at, summary_index=0, delta="Think")
    wire.add("response.reasoning_summary_text.delta", **at, summary_index=0, delta="ing.")
    wire.add("response.reasoning_summary_text.done", **at, summary_index=0, text="Thinking.")
    wire.add(
        "response.reasoning_summary_part.done",
        **at,
        summary_index=0,
        part={"type": "summary_text", "text": "Thinking."},
    )
    wire.add(
        "response.content_part.added",
        **at,
        content_index=0,
        part={"type": "reasoning_text", "text": ""},
    )
    wire.add("response.reasoning_text.delta", **at, content_index=0, delta="Step 1")
    wire.add("response.reasoning_text.done", **at, content_index=0, text="Step 1")
    wire.add(
        "response.content_part.done",
        **at,
        content_index=0,
        part={"type": "reasoning_text", "text": "Step 1"},
    )
    wire.add(
        "response.output_item.done",
        output_index=0,
        item={"type": "reasoning", "id": "rs_1", "summary": []},
    )
    return wire.message(1, "Done.").completed().records


def rich_stream() -> list[dict[str, Any]]:
    """Reasoning, a message and a function call, each closed, then completed."""
    wire = Wire().created()
    wire.add("response.in_progress", response=response())
    records = reasoning_stream()[1:-1]
    for record in records:
        wire.add(
            record["type"],
            **{k: v for k, v in record.items() if k not in {"type", "sequence_number"}},
        )
    wire.add("response.output_item.added", output_index=2, item=call_item("call_a", "lookup"))
    wire.add("response.function_call_arguments.delta", output_index=2, item_id="fc_1", delta="{}")
    wire.add(
        "response.function_call_arguments.done", output_index=2, item_id="fc_1", arguments="{}"
    )
    wire.add("response.output_item.done", output_index=2, item=call_item("call_a", "lookup", "{}"))
    return wire.completed().records


# ---------------------------------------------------------------- reading


def jsonl(records: list[dict[str, Any]]) -> list[bytes]:
    return [orjson.dumps(record) + b"\n" for record in records]


def sse(records: list[dict[str, Any]]) -> list[bytes]:
    out: list[bytes] = []
    for record in records:
        out += [
            f"event: {record.get('type')}\n".encode(),
            b"data: " + orjson.dumps(record) + b"\n",
            b"\n",
        ]
    return out


def read(records: list[dict[str, Any]]) -> list[Line]:
    return list(read_events(iter(jsonl(records)), SOURCE))


def name_of(record: Any) -> str:
    return getattr(record, "TYPE", "") or getattr(record, "KIND", "") or type(record).__name__


def events_by_line(lines: list[Line]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for line in lines:
        if line.problem is None:
            out.setdefault(line.number, []).append(name_of(line.record))
    return out


def reduced(lines: list[Line]) -> tuple[dict[str, Any], list[str]]:
    reducer = Reducer()
    found: list[str] = []
    for line in reply_lines(lines):
        if line.event is not None:
            found += [d.code for d in reducer.apply(line.event)]
    found += [d.code for d in reducer.finish()]
    return reducer.to_dict(), found


def verdicts(lines: list[Line]) -> list[dict[str, Any]]:
    judge = Judge()
    for line in judge_lines(lines, SOURCE):
        if line.event is not None:
            judge.apply(line.event)
    return [verdict.to_dict() for verdict in judge.verdicts()]


def only_verdict(lines: list[Line]) -> dict[str, Any]:
    (verdict,) = verdicts(lines)
    return verdict


def cli(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------- a complete stream


def test_complete_text_stream_gives_each_record_its_events() -> None:
    """Rules 3, 5, 7-10: the reply opens at response.created, the block at its part, the terminal event closes all."""
    lines = read(text_stream())
    assert problems(lines) == []
    assert events_by_line(lines) == {
        1: ["REPLY_START", "model_chunk"],
        3: ["TEXT_BLOCK_START"],
        4: ["TEXT_BLOCK_DELTA", "model_chunk"],
        5: ["TEXT_BLOCK_DELTA", "model_chunk"],
        7: ["TEXT_BLOCK_END"],
        9: ["model_finish", "MODEL_CALL_END", "model_receipt", "REPLY_END"],
    }
    start = lines[0].record
    assert (start.reply_id, start.session_id, start.role) == ("resp_1", "resp_1", "assistant")
    assert (lines[1].record.call, lines[1].record.channel, lines[1].record.text) == (
        "resp_1",
        "text",
        "",
    )
    assert lines[2].record.block_id == "resp_1.output.0.content.0"


def test_complete_text_stream_reduces_and_judges_completed_with_usage() -> None:
    """The message has the text and the usage; the verdict is completed with known usage."""
    lines = read(text_stream())
    message, found = reduced(lines)
    assert found == []
    assert message["id"] == "resp_1"
    assert message["content"] == [
        {"type": "text", "id": "resp_1.output.0.content.0", "text": "Hello world"}
    ]
    assert message["usage"] == {"input_tokens": 10, "output_tokens": 5, "cache_input_tokens": 2}
    assert only_verdict(lines) == {
        "key": "resp_1",
        "terminal_state": "completed",
        "finish_reason": "completed",
        "usage_state": "known",
        "usage": {
            "input_tokens": 10,
            "output_tokens": 5,
            "cache_input_tokens": 2,
            "cache_creation_input_tokens": None,
            "cost_usd": None,
        },
        "final_text": "Hello world",
        "error_code": None,
        "error_message": None,
    }


def test_parallel_tool_calls_reduce_to_calls_with_id_name_and_input() -> None:
    """Rules 5, 6, 8, 9: each function_call item is a call keyed by call_id; interleaved arguments go to their own call."""
    lines = read(tool_stream())
    assert problems(lines) == []
    assert events_by_line(lines)[2] == ["TOOL_CALL_START"]
    assert events_by_line(lines)[8] == ["TOOL_CALL_END"]
    assert 9 not in events_by_line(lines)
    message, found = reduced(lines)
    assert found == ["open_at_end", "open_at_end"]  # both calls wait for their results
    assert [(c["type"], c["id"], c["name"], c["input"]) for c in message["content"]] == [
        ("tool_call", "call_a", "get_weather", '{"city":"Paris"}'),
        ("tool_call", "call_b", "get_time", '{"tz":"UTC"}'),
    ]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["final_text"]) == ("completed", "")


def test_function_call_without_deltas_takes_its_arguments_from_done() -> None:
    """Rule 9: arguments done with no delta before is the one delta; rule 6: the item's arguments when nothing else came."""
    wire = Wire().created()
    wire.add("response.output_item.added", output_index=0, item=call_item("c1", "f"))
    wire.add(
        "response.function_call_arguments.done", output_index=0, item_id="fc_1", arguments='{"a":1}'
    )
    wire.add("response.output_item.done", output_index=0, item=call_item("c1", "f", '{"a":1}'))
    wire.add(
        "response.output_item.added", output_index=1, item=call_item("c2", "g", item_id="fc_2")
    )
    wire.add(
        "response.output_item.done", output_index=1, item=call_item("c2", "g", '{"b":2}', "fc_2")
    )
    lines = read(wire.completed().records)
    assert problems(lines) == []
    assert events_by_line(lines)[3] == ["TOOL_CALL_DELTA", "model_chunk", "TOOL_CALL_END"]
    assert events_by_line(lines)[6] == ["TOOL_CALL_DELTA", "model_chunk", "TOOL_CALL_END"]
    message, _ = reduced(lines)
    assert [(c["id"], c["input"]) for c in message["content"]] == [
        ("c1", '{"a":1}'),
        ("c2", '{"b":2}'),
    ]


def test_arguments_an_added_item_carries_are_its_first_input() -> None:
    """Rule 5: an added function_call with arguments already streams them."""
    wire = Wire().created()
    wire.add("response.output_item.added", output_index=0, item=call_item("c1", "f", '{"a":'))
    wire.add("response.function_call_arguments.delta", output_index=0, item_id="fc_1", delta="1}")
    wire.add(
        "response.function_call_arguments.done", output_index=0, item_id="fc_1", arguments='{"a":1}'
    )
    lines = read(wire.records)
    assert problems(lines) == []
    assert events_by_line(lines)[2] == ["TOOL_CALL_START", "TOOL_CALL_DELTA", "model_chunk"]
    message, _ = reduced(lines)
    assert message["content"][0]["input"] == '{"a":1}'


def test_reasoning_summary_and_text_are_thinking_blocks() -> None:
    """Rule 7: summary parts and reasoning_text parts of a reasoning item are thinking blocks with ids from their indexes."""
    lines = read(reasoning_stream())
    assert problems(lines) == []
    message, found = reduced(lines)
    assert found == []
    assert message["content"] == [
        {"type": "thinking", "id": "resp_1.output.0.summary.0", "thinking": "Thinking."},
        {"type": "thinking", "id": "resp_1.output.0.content.0", "thinking": "Step 1"},
        {"type": "text", "id": "resp_1.output.1.content.0", "text": "Done."},
    ]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["final_text"]) == ("completed", "Done.")


def test_refusal_is_text_of_its_message() -> None:
    """Rule 7: a refusal part is a text block; refusal deltas are its text."""
    wire = Wire().created()
    at = {"output_index": 0, "item_id": "msg_1", "content_index": 0}
    wire.add(
        "response.output_item.added",
        output_index=0,
        item={
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "content": [],
            "status": "in_progress",
        },
    )
    wire.add("response.content_part.added", **at, part={"type": "refusal", "refusal": ""})
    wire.add("response.refusal.delta", **at, delta="I can't")
    wire.add("response.refusal.delta", **at, delta=" help.")
    wire.add("response.refusal.done", **at, refusal="I can't help.")
    wire.add(
        "response.content_part.done", **at, part={"type": "refusal", "refusal": "I can't help."}
    )
    lines = read(wire.completed().records)
    assert problems(lines) == []
    message, _ = reduced(lines)
    assert message["content"] == [
        {"type": "text", "id": "resp_1.output.0.content.0", "text": "I can't help."}
    ]
    assert only_verdict(lines)["final_text"] == "I can't help."


def test_text_a_part_carries_when_added_is_its_first_delta() -> None:
    """Rule 7: a part added with text starts with it; its full text must still match."""
    wire = Wire().created()
    at = {"output_index": 0, "item_id": "msg_1", "content_index": 0}
    wire.add(
        "response.output_item.added",
        output_index=0,
        item={"type": "message", "id": "msg_1", "role": "assistant", "content": []},
    )
    wire.add(
        "response.content_part.added",
        **at,
        part={"type": "output_text", "text": "Hi", "annotations": []},
    )
    wire.add("response.output_text.delta", **at, delta="!")
    wire.add("response.output_text.done", **at, text="Hi!")
    lines = read(wire.records)
    assert problems(lines) == []
    assert events_by_line(lines)[3] == ["TEXT_BLOCK_START", "TEXT_BLOCK_DELTA", "model_chunk"]


@pytest.mark.parametrize(
    ("added", "family", "index_field", "text_event"),
    [
        ("response.content_part.added", "content", "content_index", "response.reasoning_text"),
        (
            "response.reasoning_summary_part.added",
            "summary",
            "summary_index",
            "response.reasoning_summary_text",
        ),
    ],
    ids=["reasoning_text", "summary_text"],
)
def test_reasoning_a_part_carries_when_added_is_its_first_delta(
    added: str, family: str, index_field: str, text_event: str
) -> None:
    """Rule 7: a reasoning part added with text starts its thinking block with that text."""
    wire = Wire().created()
    at = {"output_index": 0, "item_id": "rs_1", index_field: 0}
    wire.add(
        "response.output_item.added",
        output_index=0,
        item={"type": "reasoning", "id": "rs_1", "summary": []},
    )
    part_type = "reasoning_text" if family == "content" else "summary_text"
    wire.add(added, **at, part={"type": part_type, "text": "Step"})
    wire.add(f"{text_event}.delta", **at, delta=" 1")
    wire.add(f"{text_event}.done", **at, text="Step 1")
    lines = read(wire.records)
    assert problems(lines) == []
    message, _ = reduced(lines)
    assert message["content"] == [
        {"type": "thinking", "id": f"resp_1.output.0.{family}.0", "thinking": "Step 1"}
    ]


def test_full_text_without_deltas_is_the_one_delta() -> None:
    """Rule 9: output_text.done with no delta before gives the text."""
    wire = Wire().created()
    at = {"output_index": 0, "item_id": "msg_1", "content_index": 0}
    wire.add(
        "response.output_item.added",
        output_index=0,
        item={"type": "message", "id": "msg_1", "role": "assistant", "content": []},
    )
    wire.add(
        "response.content_part.added",
        **at,
        part={"type": "output_text", "text": "", "annotations": []},
    )
    wire.add("response.output_text.done", **at, text="All at once")
    lines = read(wire.completed().records)
    assert events_by_line(lines)[4] == ["TEXT_BLOCK_DELTA", "model_chunk"]
    assert only_verdict(lines)["final_text"] == "All at once"


def test_conversation_id_is_the_session() -> None:
    """Rule 3: the session id is response.conversation.id when it is a string."""
    wire = Wire().add("response.created", response=response(conversation={"id": "conv_9"}))
    line, chunk = read(wire.records)
    assert (line.record.session_id, line.record.reply_id) == ("conv_9", "resp_1")
    assert (name_of(chunk.record), chunk.record.call, chunk.record.text) == (
        "model_chunk",
        "resp_1",
        "",
    )


def test_lifecycle_events_give_nothing() -> None:
    """Rule 4: queued, in_progress and a repeated created give nothing, even with usage on them."""
    wire = Wire().created()
    wire.add("response.queued", response=response("queued"))
    wire.add("response.in_progress", response=response(usage=USAGE))
    wire.add("response.created", response=response())
    lines = read(wire.records)
    assert [(line.number, name_of(line.record)) for line in lines] == [
        (1, "REPLY_START"),
        (1, "model_chunk"),
    ]


# ---------------------------------------------------------------- terminal states


@pytest.mark.parametrize(
    ("details", "word"),
    [
        ({"reason": "max_output_tokens"}, "incomplete/max_output_tokens"),
        ({"reason": "content_filter"}, "incomplete/content_filter"),
        (None, "incomplete"),
        ({"reason": None}, "incomplete"),
    ],
)
def test_incomplete_is_truncated_with_its_reason(details: Any, word: str) -> None:
    """Rule 10: response.incomplete gives the finish incomplete/<reason> (or incomplete), a receipt and the reply end."""
    records = Wire().created().message(0, "Partial").records[:-3]
    records.append(
        {
            "type": "response.incomplete",
            "sequence_number": 99,
            "response": response("incomplete", incomplete_details=details, usage=USAGE),
        }
    )
    lines = read(records)
    assert events_by_line(lines)[len(records)] == [
        "TEXT_BLOCK_END",
        "model_finish",
        "MODEL_CALL_END",
        "model_receipt",
        "REPLY_END",
    ]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["finish_reason"], verdict["usage_state"]) == (
        "truncated",
        word,
        "known",
    )
    assert verdict["final_text"] == "Partial"
    _, found = reduced(lines)
    assert found == []


def test_failed_gives_the_error_and_the_failed_finish() -> None:
    """Rule 10: response.failed gives model_error from response.error, the finish failed, a receipt with no usage."""
    error = {"code": "server_error", "message": "The server had an error"}
    records = (
        Wire()
        .created()
        .add("response.failed", response=response("failed", error=error, usage=None))
        .records
    )
    lines = read(records)
    assert events_by_line(lines)[2] == ["model_error", "model_finish", "model_receipt", "REPLY_END"]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["finish_reason"]) == ("failed", "failed")
    assert (verdict["error_code"], verdict["error_message"]) == (
        "server_error",
        "The server had an error",
    )
    assert (verdict["usage_state"], verdict["usage"]) == ("unknown", None)


def test_completed_without_usage_is_completed_with_unknown_usage() -> None:
    """Rule 10: usage null is not reported: no MODEL_CALL_END, usage unknown."""
    lines = read(Wire().created().message(0, "x").completed(usage=None).records)
    assert events_by_line(lines)[8] == ["model_finish", "model_receipt", "REPLY_END"]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["usage_state"]) == ("completed", "unknown")


def test_partial_usage_is_known_with_the_missing_counts_null() -> None:
    """Rule 10: usage with only some counts is reported as it is; no MODEL_CALL_END without both counts."""
    lines = read(
        Wire().created().completed(usage={"output_tokens": 7, "input_tokens": "many"}).records
    )
    assert events_by_line(lines)[2] == ["model_finish", "model_receipt", "REPLY_END"]
    verdict = only_verdict(lines)
    assert verdict["usage_state"] == "known"
    assert verdict["usage"]["output_tokens"] == 7
    assert verdict["usage"]["input_tokens"] is None


def test_the_status_word_is_the_finish_and_the_type_speaks_when_status_is_missing() -> None:
    """Rule 10: the finish word is response.status; with no status string, the event type's status."""
    for status, word in (("cancelled", "cancelled"), (None, "completed"), (7, "completed")):
        records = (
            Wire()
            .created()
            .add("response.completed", response=response(status, usage=USAGE))
            .records
        )
        assert only_verdict(read(records))["finish_reason"] == word


def test_error_event_mid_stream_then_cut_is_failed() -> None:
    """Rule 11: error gives model_error and ends nothing; the cut stream is still failed."""
    records = Wire().created().message(0, "Hi").records[:-3]
    records.append(
        {
            "type": "error",
            "sequence_number": 50,
            "code": "server_error",
            "message": "boom",
            "param": None,
        }
    )
    lines = read(records)
    assert events_by_line(lines)[len(records)] == ["model_error"]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["error_code"], verdict["error_message"]) == (
        "failed",
        "server_error",
        "boom",
    )
    assert verdict["final_text"] == "Hi"
    _, found = reduced(lines)
    assert "missing_reply_end" in found


def test_error_before_created_is_the_error_of_call_response() -> None:
    """Rule 11: before response.created no id is known: the error's call key is ``response``."""
    lines = read(
        [{"type": "error", "sequence_number": 0, "code": None, "message": 5, "param": None}]
    )
    assert problems(lines) == []
    assert only_verdict(lines) | {"usage": None} == {
        "key": "response",
        "terminal_state": "failed",
        "finish_reason": None,
        "usage_state": "unknown",
        "usage": None,
        "final_text": None,
        "error_code": None,
        "error_message": None,
    }


# ---------------------------------------------------------------- cut off


def test_end_of_input_closes_nothing() -> None:
    """Rule 14: a stream cut before its terminal event leaves reply and block open and has no finish."""
    lines = read(text_stream()[:5])
    message, found = reduced(lines)
    assert message["content"][0]["text"] == "Hello world"
    assert sorted(found) == ["missing_reply_end", "open_at_end"]
    verdict = only_verdict(lines)
    assert (verdict["terminal_state"], verdict["finish_reason"], verdict["final_text"]) == (
        "no_completion_basis",
        None,
        "Hello world",
    )


def test_a_stream_cut_right_after_response_created_has_one_verdict() -> None:
    """Writer rule 1: response.created alone gives the call's empty opening chunk, so judge has one verdict."""
    records = text_stream()[:1]
    assert [record["type"] for record in records] == ["response.created"]
    lines = read(records)
    assert problems(lines) == []
    assert events_by_line(lines) == {1: ["REPLY_START", "model_chunk"]}
    expected = {
        "key": "resp_1",
        "terminal_state": "no_completion_basis",
        "finish_reason": None,
        "usage_state": "unknown",
        "usage": None,
        "final_text": "",
        "error_code": None,
        "error_message": None,
    }
    assert only_verdict(lines) == expected
    for stdin in (b"".join(jsonl(records)), b"".join(sse(records))):
        code, out, err = cli("judge", "--from", SOURCE, "-", stdin=stdin)
        assert (code, err) == (0, "")
        assert json.loads(out) == [expected]


FULL_SSE = b"".join(sse(rich_stream()))
COMPLETED_END = FULL_SSE.rindex(b"}") + 1


@given(st.integers(0, len(FULL_SSE)))
def test_any_byte_prefix_reads_and_is_completed_only_with_its_terminal_record(cut: int) -> None:
    """Rule 14: any prefix of a stream reads without a traceback; completed only when response.completed is whole in it."""
    prefix = FULL_SSE[:cut]
    lines = list(read_events(iter(prefix.splitlines(keepends=True)), SOURCE))
    assert all(line.problem is None or line.problem.code == "unreadable_line" for line in lines)
    reduced(lines)
    found = verdicts(lines)
    completed = [v for v in found if v["terminal_state"] == "completed"]
    assert bool(completed) == (cut >= COMPLETED_END)
    assert all(v["terminal_state"] == "no_completion_basis" for v in found if v not in completed)


def test_every_record_prefix_is_no_completion_basis_until_the_terminal_record() -> None:
    """Rule 14, record by record: no verdict before the reply starts (its empty opening chunk), then no basis until the last record."""
    records = rich_stream()
    for cut in range(len(records)):
        found = verdicts(read(records[:cut]))
        assert [v["terminal_state"] for v in found] == (["no_completion_basis"] if cut >= 1 else [])
        _, reducer_found = reduced(read(records[:cut]))
        if cut:
            assert "missing_reply_end" in reducer_found


# ---------------------------------------------------------------- violations


def violation_of(records: list[dict[str, Any]]) -> tuple[int, str]:
    """The one source_violation of a stream: its line and message."""
    lines = read(records)
    found = [(n, message) for n, code, message in problems(lines) if code == "source_violation"]
    assert len(found) == 1, found
    number = found[0][0]
    (kept,) = [line for line in lines if line.number == number]
    assert isinstance(kept.record, UnknownEvent)
    type_ = records[number - 1].get("type")
    assert kept.record.raw == {
        "version": 1,
        "type": f"{SOURCE}/{type_}",
        "payload": records[number - 1],
    }
    assert kept.event is None
    assert kept.problem is not None and kept.problem.severity.value == "error"
    assert kept.problem.details == {
        "line": number,
        "source": SOURCE,
        "type": records[number - 1].get("type"),
    }
    return found[0]


def test_a_record_before_created_is_the_sdks_violation() -> None:
    """Rule 3, in the SDK's words."""
    records = text_stream()[1:]
    lines = read(records)
    assert problems(lines)[0] == (
        1,
        "source_violation",
        "Expected to have received `response.created` before `response.output_item.added`",
    )
    assert all(code == "source_violation" for _, code, _ in problems(lines))
    assert verdicts(lines) == []


def test_a_replayed_event_is_never_applied_twice() -> None:
    """Rule 2: a record whose sequence_number is not after the last one is kept whole, unapplied."""
    records = text_stream()
    records.insert(4, dict(records[3]))
    assert violation_of(records) == (5, "sequence_number 3 is not after 3")
    message, _ = reduced(read(records))
    assert message["content"][0]["text"] == "Hello world"


def test_a_record_with_an_earlier_sequence_number_is_a_violation() -> None:
    """Rule 2: sequence numbers must grow."""
    records = text_stream()[:5]
    records[4]["sequence_number"] = 1
    assert violation_of(records) == (5, "sequence_number 1 is not after 3")
    assert only_verdict(read(records))["final_text"] == "Hello"


def test_records_without_sequence_numbers_are_not_ordered() -> None:
    """Rule 2: older streams without sequence_number read as they come."""
    records = [
        {k: v for k, v in record.items() if k != "sequence_number"} for record in text_stream()
    ]
    lines = read(records)
    assert problems(lines) == []
    assert only_verdict(lines)["terminal_state"] == "completed"


def test_a_record_after_the_terminal_event_is_a_violation() -> None:
    """Rule 10: nothing follows the terminal event; a second one changes nothing."""
    records = text_stream()
    records.append(
        {
            "type": "response.completed",
            "sequence_number": 20,
            "response": response("completed", usage={"input_tokens": 1, "output_tokens": 1}),
        }
    )
    assert violation_of(records) == (
        10,
        "`response.completed` after the terminal `response.completed`",
    )
    assert only_verdict(read(records))["usage"]["input_tokens"] == 10


def test_an_error_after_the_terminal_event_is_a_violation() -> None:
    """Rule 10 holds for error too."""
    records = [
        *text_stream(),
        {"type": "error", "sequence_number": 20, "code": "x", "message": "late"},
    ]
    assert violation_of(records) == (10, "`error` after the terminal `response.completed`")
    assert only_verdict(read(records))["terminal_state"] == "completed"


def test_another_response_id_is_the_sdks_violation() -> None:
    """Rule 4, in the SDK's words."""
    records = text_stream()
    records[-1]["response"]["id"] = "resp_other"
    assert violation_of(records) == (9, "Lifecycle response identity changed.")
    assert only_verdict(read(records))["terminal_state"] == "no_completion_basis"


def test_a_delta_before_its_item_is_the_sdks_violation() -> None:
    """Rule 8, in the SDK's words."""
    records = (
        Wire()
        .created()
        .add("response.output_text.delta", output_index=3, content_index=0, item_id="m", delta="x")
        .records
    )
    assert violation_of(records) == (
        2,
        "Received a content event for output index 3 before receiving its output item",
    )


def test_a_delta_after_its_item_is_done_is_a_violation() -> None:
    """Rule 8: the item must not be done."""
    records = text_stream()[:-1]
    records.append(
        {
            "type": "response.output_text.delta",
            "sequence_number": 8,
            "output_index": 0,
            "content_index": 0,
            "item_id": "msg_1",
            "delta": "late",
        }
    )
    assert violation_of(records) == (
        9,
        "Received a content event for output index 0 after its output item was done",
    )


def test_a_delta_before_its_part_is_a_violation() -> None:
    """Rule 8: the part must have been added."""
    records = text_stream()
    del records[2]
    assert violation_of(records[:3]) == (
        3,
        "Received a content event for content index 0 of output index 0 before receiving its content part",
    )


def test_a_delta_after_its_part_is_done_is_a_violation() -> None:
    """Rule 8: the part must not be done."""
    records = text_stream()[:7]
    records.append(
        {
            "type": "response.output_text.delta",
            "sequence_number": 7,
            "output_index": 0,
            "content_index": 0,
            "item_id": "msg_1",
            "delta": "late",
        }
    )
    assert violation_of(records) == (
        8,
        "Received a content event for content index 0 of output index 0 after its content part was done",
    )


def test_a_summary_delta_before_its_part_is_a_violation() -> None:
    """Rule 8 for summary parts."""
    records = reasoning_stream()
    del records[2]
    assert violation_of(records[:3]) == (
        3,
        "Received a content event for summary index 0 of output index 0 before receiving its summary part",
    )


def test_a_duplicate_output_index_is_the_sdks_violation() -> None:
    """Rule 5, in the SDK's words."""
    records = text_stream()[:-1]
    records.append(
        {
            "type": "response.output_item.added",
            "sequence_number": 8,
            "output_index": 0,
            "item": call_item("c", "f"),
        }
    )
    assert violation_of(records) == (9, "Duplicate response output index 0.")


def test_a_reused_call_id_is_the_sdks_violation() -> None:
    """Rule 5: two items with one call id conflict, in the SDK's words."""
    wire = Wire().created()
    wire.add("response.output_item.added", output_index=0, item=call_item("c1", "f"))
    wire.add(
        "response.output_item.added", output_index=1, item=call_item("c1", "g", item_id="fc_2")
    )
    assert violation_of(wire.records) == (3, "Response snapshot has conflicting output identities.")


def test_a_duplicate_content_index_is_a_violation() -> None:
    """Rule 7: a part is added once."""
    records = text_stream()[:3]
    records.append(dict(records[2], sequence_number=3))
    assert violation_of(records) == (4, "Duplicate content index 0 for output index 0.")


def test_a_changed_item_identity_is_the_sdks_violation() -> None:
    """Rule 6, in the SDK's words: the done item's id differs from the added one's."""
    records = text_stream()
    records[7]["item"]["id"] = "msg_other"
    assert violation_of(records) == (8, "Completed output item identity changed.")


@pytest.mark.parametrize(
    ("added", "done"),
    [
        (call_item("c1", "f"), call_item("c2", "f")),
        (call_item("c1", "f"), {**call_item("c1", "f"), "type": "custom_tool_call"}),
        ({k: v for k, v in call_item("c1", "f").items() if k != "id"}, call_item("c2", "f")),
        (call_item("c1", "f"), call_item("c1", "f", item_id="fc_2")),
    ],
    ids=["call id", "type", "call id of a call added without id", "id"],
)
def test_a_done_call_with_another_type_call_id_or_id_is_the_sdks_violation(
    added: dict[str, Any], done: dict[str, Any]
) -> None:
    """Rule 6: type, call id and id must stay; only a missing id may be filled in."""
    wire = Wire().created()
    wire.add("response.output_item.added", output_index=0, item=added)
    wire.add("response.output_item.done", output_index=0, item=done)
    assert violation_of(wire.records) == (3, "Completed output item identity changed.")


def test_a_function_call_gaining_an_id_keeps_its_identity() -> None:
    """Rule 6: a function call added without an id may be done with one (the SDK's compatibility)."""
    wire = Wire().created()
    item = call_item("c1", "f")
    del item["id"]
    wire.add("response.output_item.added", output_index=0, item=item)
    wire.add("response.output_item.done", output_index=0, item=call_item("c1", "f", "{}"))
    assert problems(read(wire.records)) == []


def test_a_text_delta_for_a_function_call_is_a_violation() -> None:
    """Rule 7: a known part in another kind of item; rule 8: arguments for a message."""
    wire = Wire().created()
    wire.add("response.output_item.added", output_index=0, item=call_item("c1", "f"))
    wire.add(
        "response.content_part.added",
        output_index=0,
        content_index=0,
        item_id="fc_1",
        part={"type": "output_text", "text": ""},
    )
    assert violation_of(wire.records) == (
        3,
        "Received a `output_text` part for output index 0, a `function_call` item",
    )
    records = text_stream()[:4]
    records.append(
        {
            "type": "response.function_call_arguments.delta",
            "sequence_number": 4,
            "output_index": 0,
            "item_id": "msg_1",
            "delta": "{",
        }
    )
    assert violation_of(records) == (
        5,
        "Received `response.function_call_arguments.delta` for output index 0, a `message` item",
    )


def test_a_delta_of_another_part_type_is_a_violation() -> None:
    """Rule 8: the part must be of the delta's type."""
    records = text_stream()[:4]
    records.append(
        {
            "type": "response.refusal.delta",
            "sequence_number": 4,
            "output_index": 0,
            "content_index": 0,
            "item_id": "msg_1",
            "delta": "no",
        }
    )
    assert violation_of(records) == (
        5,
        "Received `response.refusal.delta` for a `output_text` part, not a `refusal` part",
    )


def test_a_full_text_that_is_not_the_deltas_is_a_violation() -> None:
    """Rule 9: the done text must be the deltas joined; the deltas stand."""
    records = text_stream()
    records[5]["text"] = "Hello there"
    assert violation_of(records) == (
        6,
        "`response.output_text.done`: `text` is not the deltas joined",
    )
    assert only_verdict(read(records))["final_text"] == "Hello world"


def test_arguments_after_their_done_are_a_violation() -> None:
    """Rule 9: arguments done ends the input."""
    wire = Wire().created()
    wire.add("response.output_item.added", output_index=0, item=call_item("c1", "f"))
    wire.add(
        "response.function_call_arguments.done", output_index=0, item_id="fc_1", arguments="{}"
    )
    wire.add("response.function_call_arguments.delta", output_index=0, item_id="fc_1", delta="x")
    assert violation_of(wire.records) == (
        4,
        "Received a content event for output index 0 after its arguments were done",
    )


def test_an_item_done_twice_or_never_added_is_a_violation() -> None:
    """Rule 6: only an added item is done, once."""
    records = text_stream()[:-1]
    records.append(dict(records[-1], sequence_number=8))
    assert violation_of(records) == (
        9,
        "Received an output item done event for output index 0 after its output item was done",
    )
    wire = (
        Wire().created().add("response.output_item.done", output_index=4, item=call_item("c", "f"))
    )
    assert violation_of(wire.records) == (
        2,
        "Received an output item done event for output index 4 before receiving its output item",
    )


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {
                "type": "response.output_text.delta",
                "output_index": 0,
                "content_index": 0,
                "delta": None,
            },
            "`response.output_text.delta`: `delta` is null, not a string",
        ),
        (
            {
                "type": "response.output_text.delta",
                "output_index": -1,
                "content_index": 0,
                "delta": "x",
            },
            "`response.output_text.delta`: `output_index` is a number, not an integer from 0",
        ),
        (
            {
                "type": "response.output_text.delta",
                "output_index": True,
                "content_index": 0,
                "delta": "x",
            },
            "`response.output_text.delta`: `output_index` is a boolean, not an integer from 0",
        ),
        (
            {"type": "response.output_text.delta", "output_index": 0, "delta": "x"},
            "`response.output_text.delta`: `content_index` is missing, not an integer from 0",
        ),
        (
            {"type": "response.output_item.added", "output_index": 1, "item": "x"},
            "`response.output_item.added`: `item` is a string, not an object",
        ),
        (
            {
                "type": "response.output_item.added",
                "output_index": 1,
                "item": {"type": "function_call", "call_id": 1, "name": "f"},
            },
            "`response.output_item.added`: `item.call_id` is a number, not a string",
        ),
        (
            {
                "type": "response.content_part.added",
                "output_index": 0,
                "content_index": 1,
                "part": {"text": ""},
            },
            "`response.content_part.added`: `part.type` is missing, not a string",
        ),
        (
            {"type": "response.in_progress", "response": []},
            "`response.in_progress`: `response` is an array, not an object",
        ),
        (
            {"type": "response.completed", "response": {"id": None}},
            "`response.completed`: `response.id` is null, not a string",
        ),
        (
            {"type": "response.web_search_call.searching", "sequence_number": "9"},
            "`response.web_search_call.searching`: `sequence_number` is a string, not an integer from 0",
        ),
    ],
)
def test_a_field_a_rule_needs_of_another_type_is_a_violation(
    record: dict[str, Any], message: str
) -> None:
    """Rule 13: the message names the field, what it is and what it should be; nothing is applied."""
    records = text_stream()[:4]
    assert violation_of([*records, record]) == (5, message)


# ---------------------------------------------------------------- unknown and information


def test_unknown_types_are_kept_with_a_warning() -> None:
    """Rule 1: a type outside the union, a record with no type and [DONE] are unknown records."""
    lines = list(
        read_events(
            iter(
                [
                    *jsonl(text_stream()[:1]),
                    b'{"type":"response.future.thing","x":1}\n',
                    b'{"no":"type"}\n',
                    b"data: [DONE]\n",
                ]
            ),
            SOURCE,
        )
    )
    assert problems(lines) == [
        (
            2,
            "unknown_record",
            "OpenAI Responses record of unknown type 'response.future.thing'; kept, no effect",
        ),
        (3, "unknown_record", "OpenAI Responses record of unknown no type; kept, no effect"),
        (4, "unknown_record", "OpenAI Responses record of unknown type '[DONE]'; kept, no effect"),
    ]
    assert lines[2].record.raw == {
        "version": 1,
        "type": "openai_responses/response.future.thing",
        "payload": {"type": "response.future.thing", "x": 1},
    }
    assert lines[3].record.raw == {
        "version": 1,
        "type": "openai_responses",
        "payload": {"no": "type"},
    }


def test_information_types_give_nothing_but_are_still_ordered() -> None:
    """Rule 12: every other type of the union gives nothing; rules 2, 3 and 10 still hold for it."""
    records = text_stream()[:8]
    for number, type_ in enumerate(INFORMATION_TYPES, start=8):
        records.append(
            {"type": type_, "sequence_number": number, "output_index": 5, "item_id": "ws_1"}
        )
    assert read(records)[len(read(records[:8])) :] == []
    assert len(INFORMATION_TYPES) == 36
    assert violation_of([{"type": "response.audio.delta", "sequence_number": 0, "delta": ""}]) == (
        1,
        "Expected to have received `response.created` before `response.audio.delta`",
    )


def test_other_item_types_and_part_types_are_information() -> None:
    """Rules 5 and 7: a web search item gives nothing and its done needs no blocks; an unknown part type opens no block."""
    wire = Wire().created()
    wire.add(
        "response.output_item.added",
        output_index=0,
        item={"type": "web_search_call", "id": "ws_1", "status": "in_progress"},
    )
    wire.add("response.web_search_call.searching", output_index=0, item_id="ws_1")
    wire.add(
        "response.output_item.done",
        output_index=0,
        item={"type": "web_search_call", "id": "ws_1", "status": "completed"},
    )
    wire.add(
        "response.output_item.added",
        output_index=1,
        item={"type": "message", "id": "m", "content": []},
    )
    wire.add(
        "response.content_part.added",
        output_index=1,
        content_index=0,
        item_id="m",
        part={"type": "output_audio"},
    )
    wire.add(
        "response.content_part.done",
        output_index=1,
        content_index=0,
        item_id="m",
        part={"type": "output_audio"},
    )
    wire.add("response.output_item.added", output_index=2)
    lines = read(wire.records)
    assert problems(lines) == []
    assert events_by_line(lines) == {1: ["REPLY_START", "model_chunk"]}


# ---------------------------------------------------------------- bad field types, fuzzed

#: (type, field path) -> whether a wrong JSON type there makes the record a violation (rule 13), by hand.
NEEDED = {
    "response.created": {"response", "response.id"},
    "response.in_progress": {"response", "response.id"},
    "response.completed": {"response", "response.id"},
    "response.output_item.added": {
        "output_index",
        "item",
        "item.type",
        "item.call_id",
        "item.name",
    },
    "response.output_item.done": {"output_index", "item", "item.type", "item.id", "item.call_id"},
    "response.content_part.added": {"output_index", "content_index", "part", "part.type"},
    "response.content_part.done": {"output_index", "content_index"},
    "response.output_text.delta": {"output_index", "content_index", "delta"},
    "response.output_text.done": {"output_index", "content_index", "text"},
    "response.reasoning_summary_part.added": {"output_index", "summary_index", "part", "part.type"},
    "response.reasoning_summary_part.done": {"output_index", "summary_index"},
    "response.reasoning_summary_text.delta": {"output_index", "summary_index", "delta"},
    "response.reasoning_summary_text.done": {"output_index", "summary_index", "text"},
    "response.reasoning_text.delta": {"output_index", "content_index", "delta"},
    "response.reasoning_text.done": {"output_index", "content_index", "text"},
    "response.function_call_arguments.delta": {"output_index", "delta"},
    "response.function_call_arguments.done": {"output_index", "arguments"},
}
RICH = rich_stream()
JSON_VALUES = [None, True, 3, "s", [], {"k": 1}]


def paths_of(record: dict[str, Any]) -> list[str]:
    out = [key for key in record if key != "type"]
    for key in ("response", "item", "part"):
        if isinstance(record.get(key), dict):
            out += [f"{key}.{sub}" for sub in record[key]]
    return out


def kind_of(value: Any) -> str:
    return {
        bool: "boolean",
        int: "number",
        float: "number",
        str: "string",
        list: "array",
        dict: "object",
    }.get(type(value), "null")


@st.composite
def mutations(draw: st.DrawFn) -> tuple[int, str, bool, Any]:
    position = draw(st.integers(0, len(RICH) - 1))
    path = draw(st.sampled_from(paths_of(RICH[position])))
    head, _, tail = path.partition(".")
    original = RICH[position][head][tail] if tail else RICH[position][head]
    delete = draw(st.booleans())
    value = draw(st.sampled_from([v for v in JSON_VALUES if kind_of(v) != kind_of(original)]))
    return position, path, delete, value


@given(mutations())
def test_a_mutated_field_gives_a_violation_exactly_where_a_rule_needs_it(
    mutation: tuple[int, str, bool, Any],
) -> None:
    """Rule 13: one field deleted or given another JSON type: no exception; a violation on its line iff a rule needs it."""
    position, path, delete, value = mutation
    records = copy.deepcopy(RICH)
    record = records[position]
    head, _, tail = path.partition(".")
    container = record[head] if tail else record
    if delete:
        del container[tail or head]
    else:
        container[tail or head] = value
    lines = read(records)
    numbers = [line.number for line in lines]
    assert numbers == sorted(numbers) and set(numbers) <= set(range(1, len(records) + 1))
    flagged = {n for n, code, _ in problems(lines) if code == "source_violation"}
    type_ = record["type"]
    needed = path in NEEDED.get(type_, set()) or (path == "sequence_number" and not delete)
    if type_ == "response.output_item.added" and path == "item" and (delete or value is None):
        needed = False
    assert (position + 1 in flagged) == needed
    for line in lines:
        if isinstance(line.record, UnknownEvent):
            assert line.record.raw["payload"] == records[line.number - 1]
    reduced(lines)
    verdicts(lines)


@given(
    st.lists(
        st.sampled_from(
            JSON_VALUES
            + [{"type": t} for t in ("error", "response.completed", "response.output_item.added")]
        ),
        max_size=6,
    ),
    st.sampled_from([*sorted(NEEDED), "error"]),
)
def test_any_values_in_any_fields_never_raise(values: list[Any], type_: str) -> None:
    """Rule 13: whatever the fields hold, reading, reducing and judging end without an exception."""
    keys = [
        "response",
        "item",
        "part",
        "output_index",
        "content_index",
        "summary_index",
        "delta",
        "text",
        "arguments",
        "code",
        "message",
        "sequence_number",
    ]
    record: dict[str, Any] = {"type": type_}
    for key, value in zip(keys, values, strict=False):
        record[key] = value
    lines = read(
        [
            *text_stream()[:4],
            record,
            {"type": type_, "response": {"id": "resp_1", "usage": values, "error": values}},
        ]
    )
    reduced(lines)
    verdicts(lines)


# ---------------------------------------------------------------- forms and the command line


def test_sse_and_json_lines_read_alike() -> None:
    """SSE event:/data: lines and JSON lines give the same records, at their own line numbers."""
    records = rich_stream()
    from_sse = list(read_events(iter(sse(records)), SOURCE))
    from_jsonl = read(records)
    assert [line.record for line in from_sse] == [line.record for line in from_jsonl]
    assert {line.number for line in from_sse} == {
        3 * n - 1 for n in {line.number for line in from_jsonl}
    }


def test_auto_detects_the_source_from_a_response_type(tmp_path: Path) -> None:
    """``--from auto`` reads a stream whose first record has a ``response.`` type as openai_responses."""
    path = tmp_path / "stream.sse"
    path.write_bytes(b"".join(sse(text_stream())))
    for source in ("auto", SOURCE):
        code, out, err = cli("judge", "--from", source, str(path))
        assert (code, err) == (0, "")
        (verdict,) = json.loads(out)
        assert (verdict["key"], verdict["terminal_state"], verdict["usage_state"]) == (
            "resp_1",
            "completed",
            "known",
        )
    code, out, err = cli("reduce", "--from", "auto", str(path))
    assert (code, err) == (0, "")
    assert json.loads(out)["content"][0]["text"] == "Hello world"


def test_the_commands_report_violations_and_cut_streams() -> None:
    """reduce, judge and check report a violation and a cut stream on stderr / in the report."""
    records = text_stream()[:5]
    records.insert(3, dict(records[3]))
    stdin = b"".join(jsonl(records))
    code, out, err = cli("judge", "--from", SOURCE, "-", stdin=stdin)
    assert code == 0
    assert "5: source_violation: sequence_number 3 is not after 3" in err
    assert json.loads(out)[0]["terminal_state"] == "no_completion_basis"
    code, out, err = cli("reduce", "--from", SOURCE, "-", stdin=stdin)
    assert "missing_reply_end" in err and "source_violation" in err
    assert json.loads(out)["content"][0]["text"] == "Hello world"
    code, out, _ = cli("check", "--from", SOURCE, "-", stdin=stdin)
    assert code == 1
    assert "5: source_violation: sequence_number 3 is not after 3" in out
    assert "1 errors, 2 warnings" in out


# ---------------------------------------------------------------- the table


def table() -> dict[str, Any]:
    return json.loads(
        (spec_dir() / "sources" / "openai_responses.json").read_text(encoding="utf-8")
    )


def test_the_table_lists_exactly_the_handlers_and_validates() -> None:
    """spec/sources/openai_responses.json: one entry per handler key, valid against source.schema.json."""
    document = table()
    schema = json.loads((spec_dir() / "schema" / "source.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(document, schema)
    listed = [entry["type"] for entry in document["types"]]
    assert len(listed) == len(set(listed)) == 59
    assert set(listed) == set(IMPORTER().handlers())
    assert (document["source"], document["vocabulary"]) == (SOURCE, "openai_responses")
    silent = {entry["type"] for entry in document["types"] if entry["events"] == []}
    assert set(INFORMATION_TYPES) <= silent
    assert silent - set(INFORMATION_TYPES) == {"response.queued", "response.in_progress"}


def test_the_table_names_every_violation_message() -> None:
    """Every violation message the tests above expect has its template in the table."""
    templates = " ".join(v["message"] for v in table()["violations"])
    for words in (
        "Expected to have received `response.created` before",
        "Lifecycle response identity changed.",
        "Duplicate response output index",
        "Completed output item identity changed.",
        "Response snapshot has conflicting output identities.",
        "is not after",
        "after the terminal",
        "before receiving its output item",
        "after its output item was done",
        "is not the deltas joined",
        "is {found}, not {expected}",
    ):
        assert words in templates, words


# ---------------------------------------------------------------- examples


def example_files() -> list[Path]:
    return sorted(p for p in EXAMPLES.iterdir() if p.suffix in {".sse", ".jsonl"})


def test_there_are_three_to_five_examples() -> None:
    assert 3 <= len(example_files()) <= 5


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_each_example_reads_cleanly_and_judges_as_its_name_says(path: Path) -> None:
    """examples/openai_responses/<what>.<verdict>.<sse|jsonl>: no error unless the name says cut or error; the verdict is the name's."""
    with path.open("rb") as stream:
        lines = list(read_events(stream, SOURCE))
    errors = [
        line.problem
        for line in lines
        if line.problem is not None and line.problem.severity.value == "error"
    ]
    if "cut" not in path.name and "error" not in path.name:
        assert errors == []
    promised = path.name.split(".")[-2]
    assert only_verdict(lines)["terminal_state"] == promised
    code, out, _ = cli("judge", "--from", "auto", str(path))
    assert code == 0
    assert json.loads(out)[0]["terminal_state"] == promised
