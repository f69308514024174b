"""``--from openai_chat``: OpenAI Chat Completions chunks, rule by rule (module rules 1-13).

Every expectation here is written by hand; the table in
``spec/sources/openai_chat.json`` is only checked against the importer's
handlers and the schema.
"""

from __future__ import annotations

import json
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
from streamspec._completion_events import ModelChunkEvent
from streamspec._events import EVENT_CLASSES, Event
from streamspec._jsonl import Line
from streamspec._resources import example_path, spec_dir
from streamspec.completion import judge, verdicts_for_stream
from streamspec.sources import _openai_chat, read_events, reply_lines
from streamspec.sources._read import judge_lines

ID = "chatcmpl-1"
DONE = "[DONE]"
USAGE = {
    "prompt_tokens": 11,
    "completion_tokens": 7,
    "total_tokens": 18,
    "prompt_tokens_details": {"cached_tokens": 3, "audio_tokens": 0},
}
KNOWN_USAGE = {
    "input_tokens": 11,
    "output_tokens": 7,
    "cache_input_tokens": 3,
    "cache_creation_input_tokens": None,
    "cost_usd": None,
}


# ------------------------------------------------------------------ building streams


def chunk(*choices: dict[str, Any], id_: str = ID, **fields: Any) -> dict[str, Any]:
    """A chunk as the API sends it."""
    return {
        "id": id_,
        "object": "chat.completion.chunk",
        "created": 1700000000,
        "model": "gpt-test",
        "system_fingerprint": None,
        "choices": list(choices),
        **fields,
    }


def choice(index: int = 0, finish: str | None = None, **delta: Any) -> dict[str, Any]:
    return {"index": index, "delta": delta, "logprobs": None, "finish_reason": finish}


def tool(
    index: int, id_: str | None = None, name: str | None = None, args: str | None = None
) -> dict[str, Any]:
    entry: dict[str, Any] = {"index": index}
    if id_ is not None:
        entry["id"] = id_
        entry["type"] = "function"
    function: dict[str, Any] = {}
    if name is not None:
        function["name"] = name
    if args is not None:
        function["arguments"] = args
    entry["function"] = function
    return entry


def usage_chunk(usage: dict[str, Any] | None = None, id_: str = ID) -> dict[str, Any]:
    return chunk(id_=id_, usage=USAGE if usage is None else usage)


def error_record(
    message: Any = "The server had an error", type_: Any = "server_error", code: Any = None
) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def sse(records: Iterable[Any]) -> list[bytes]:
    """SSE lines: a ``data:`` line and a blank line per record."""
    out: list[bytes] = []
    for record in records:
        payload = DONE.encode() if record == DONE else orjson.dumps(record)
        out += [b"data: " + payload + b"\n", b"\n"]
    return out


def jsonl(records: Iterable[Any]) -> list[bytes]:
    return [(DONE.encode() if r == DONE else orjson.dumps(r)) + b"\n" for r in records]


def read(lines: Iterable[bytes], source: str = "openai_chat") -> list[Line]:
    return list(read_events(iter(list(lines)), source))


def message(lines: list[Line], reply_id: str = ID) -> dict[str, Any]:
    """The message ``reduce`` folds for ``reply_id``."""
    reducer = Reducer(reply_id=reply_id)
    for line in reply_lines(lines):
        event = line.event
        if isinstance(event, Event) and getattr(event, "reply_id", None) == reply_id:
            reducer.apply(event)
    result: dict[str, Any] = reducer.to_dict()
    return result


def verdicts(lines: Iterable[Line]) -> dict[str, dict[str, Any]]:
    evidence = [
        line.record
        for line in lines
        if isinstance(line.record, CompletionEvent) and line.problem is None
    ]
    return {v.key: v.to_dict() for v in judge(evidence)}


def content(lines: list[Line], reply_id: str = ID) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = message(lines, reply_id)["content"]
    return found


def kept(line: Line) -> tuple[str, Any]:
    """The envelope type and the record a kept line holds (the record whole)."""
    assert isinstance(line.record, UnknownEvent)
    raw = line.record.raw
    assert raw["version"] == 1
    return raw["type"], raw["payload"]


TEXT_STREAM = [
    chunk(choice(role="assistant", content="", refusal=None)),
    chunk(choice(content="Hello")),
    chunk(choice(content=", world")),
    chunk(choice(finish="stop")),
    usage_chunk(),
    DONE,
]

TOOL_STREAM = [
    chunk(choice(role="assistant", content=None)),
    chunk(choice(content="Checking both.")),
    chunk(choice(tool_calls=[tool(1, "call_b", "get_time", "")])),
    chunk(choice(tool_calls=[tool(0, "call_a", "get_weather", '{"city"')])),
    chunk(choice(tool_calls=[tool(1, args='{"tz": "UTC"}')])),
    chunk(choice(tool_calls=[tool(0, args=': "Oslo"}')])),
    chunk(choice(finish="tool_calls")),
    usage_chunk(),
    DONE,
]


# ------------------------------------------------------------------ a whole stream


def test_complete_text_stream_gives_the_message_and_a_completed_verdict() -> None:
    """Rules 2, 5, 8-10: text, finish, usage, [DONE]."""
    lines = read(sse(TEXT_STREAM))
    assert problems(lines) == []
    assert message(lines) == {
        "name": "assistant",
        "role": "assistant",
        "id": ID,
        "metadata": {},
        "created_at": None,
        "finished_at": None,
        "content": [{"type": "text", "id": f"{ID}.content", "text": "Hello, world"}],
        "usage": {"input_tokens": 11, "output_tokens": 7, "cache_input_tokens": 3},
    }
    assert verdicts(lines) == {
        ID: {
            "key": ID,
            "terminal_state": "completed",
            "finish_reason": "stop",
            "usage_state": "known",
            "usage": KNOWN_USAGE,
            "final_text": "Hello, world",
            "error_code": None,
            "error_message": None,
        }
    }


def test_events_come_in_the_documented_order() -> None:
    """Rules 2, 5, 8, 10: the first chunk begins the reply, the finish closes, [DONE] receipts."""
    lines = read(sse(TEXT_STREAM))
    assert [(line.number, k) for line, k in zip(lines, kinds(lines), strict=True)] == [
        (1, "REPLY_START"),
        (1, "model_chunk"),
        (3, "TEXT_BLOCK_START"),
        (3, "TEXT_BLOCK_DELTA"),
        (3, "model_chunk"),
        (5, "TEXT_BLOCK_DELTA"),
        (5, "model_chunk"),
        (7, "TEXT_BLOCK_END"),
        (7, "model_finish"),
        (11, "MODEL_CALL_END"),
        (11, "model_receipt"),
        (11, "REPLY_END"),
    ]


def test_parallel_tool_calls_in_any_index_order() -> None:
    """Rule 6: index 1 first, then 0, interleaved; ids and names from the first deltas."""
    lines = read(sse(TOOL_STREAM))
    assert problems(lines) == []
    assert content(lines) == [
        {"type": "text", "id": f"{ID}.content", "text": "Checking both."},
        {
            "type": "tool_call",
            "id": "call_b",
            "name": "get_time",
            "input": '{"tz": "UTC"}',
            "state": "pending",
            "suggested_rules": [],
        },
        {
            "type": "tool_call",
            "id": "call_a",
            "name": "get_weather",
            "input": '{"city": "Oslo"}',
            "state": "pending",
            "suggested_rules": [],
        },
    ]
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["finish_reason"]) == ("completed", "tool_calls")


def test_several_fragments_of_one_call_in_one_chunk() -> None:
    """Rule 6: a chunk may carry the start and more arguments of the same index."""
    lines = read(
        jsonl(
            [
                chunk(choice(tool_calls=[tool(0, "c0", "f", "{"), tool(0, args="}")])),
                chunk(choice(finish="tool_calls")),
            ]
        )
    )
    assert problems(lines) == []
    assert [(b["id"], b["name"], b["input"]) for b in content(lines)] == [("c0", "f", "{}")]


def test_later_deltas_may_repeat_id_and_name() -> None:
    """Rule 6: some servers repeat the id and name on every delta; they are the same call."""
    lines = read(
        jsonl(
            [
                chunk(choice(tool_calls=[tool(0, "c0", "f", '{"a"')])),
                chunk(choice(tool_calls=[tool(0, "c0", "f", ": 1}")])),
                chunk(choice(finish="tool_calls")),
            ]
        )
    )
    assert problems(lines) == []
    assert [(b["id"], b["name"], b["input"]) for b in content(lines)] == [("c0", "f", '{"a": 1}')]


def test_refusal_and_reasoning_have_blocks_of_their_own() -> None:
    """Rule 5: reasoning_content is thinking, refusal a text block beside the content."""
    lines = read(
        jsonl(
            [
                chunk(choice(role="assistant", reasoning_content="Let me think")),
                chunk(choice(reasoning_content=" hard.", content="I can't")),
                chunk(choice(refusal="I refuse.")),
                chunk(choice(content=" help.", finish="stop")),
            ]
        )
    )
    assert problems(lines) == []
    assert content(lines) == [
        {"type": "thinking", "id": f"{ID}.reasoning", "thinking": "Let me think hard."},
        {"type": "text", "id": f"{ID}.content", "text": "I can't help."},
        {"type": "text", "id": f"{ID}.refusal", "text": "I refuse."},
    ]
    assert verdicts(lines)[ID]["final_text"] == "I can't help.I refuse."


def test_deprecated_function_call_is_a_tool_call() -> None:
    """Rule 7: function_call becomes the call <reply>.function_call."""
    lines = read(
        jsonl(
            [
                chunk(choice(role="assistant", function_call={"name": "lookup", "arguments": ""})),
                chunk(choice(function_call={"arguments": '{"q": 1}'})),
                chunk(choice(finish="function_call")),
            ]
        )
    )
    assert problems(lines) == []
    assert [(b["type"], b["id"], b["name"], b["input"]) for b in content(lines)] == [
        ("tool_call", f"{ID}.function_call", "lookup", '{"q": 1}')
    ]
    assert verdicts(lines)[ID]["terminal_state"] == "completed"


def test_empty_strings_give_nothing() -> None:
    """Rule 5: the usual first chunk (content "") opens no block."""
    lines = read(
        jsonl([chunk(choice(role="assistant", content="", refusal="", reasoning_content=""))])
    )
    assert kinds(lines) == ["REPLY_START", "model_chunk"]


def test_information_fields_give_nothing() -> None:
    """Rule 13: role, logprobs, audio, model, service tier ... are not read."""
    record = chunk(
        {"index": 0, "delta": {"role": "tool", "audio": {"id": "a"}}, "logprobs": {"content": 3}},
        service_tier="default",
        obfuscation="xyz",
        moderation={"anything": True},
        model=5,
        created="yesterday",
    )
    lines = read(jsonl([record]))
    assert kinds(lines) == ["REPLY_START", "model_chunk"]
    assert problems(lines) == []


# ------------------------------------------------------------------ finish, usage, receipt


@pytest.mark.parametrize("finish", [None, ""])
def test_null_and_empty_finish_reason_are_no_finish(finish: str | None) -> None:
    """Rule 8: finish_reason null or "" gives no model_finish; [DONE] still gives the receipt."""
    lines = read(sse([chunk(choice(content="hi", finish=finish)), DONE]))
    assert "model_finish" not in kinds(lines)
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["finish_reason"]) == ("no_completion_basis", None)
    assert kinds(lines)[-2:] == ["model_receipt", "REPLY_END"]


@pytest.mark.parametrize(
    ("word", "state"),
    [
        ("stop", "completed"),
        ("tool_calls", "completed"),
        ("function_call", "completed"),
        ("length", "truncated"),
        ("content_filter", "truncated"),
        ("surprise", "no_completion_basis"),
    ],
)
def test_finish_words_are_read_with_the_openai_chat_vocabulary(word: str, state: str) -> None:
    """Rule 8: the word is the provider's own; the judge reads it."""
    lines = read(sse([chunk(choice(content="x", finish=word)), DONE]))
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["finish_reason"]) == (state, word)


def test_finish_closes_blocks_and_tool_inputs() -> None:
    """Rule 8: the finish chunk ends the open block and tool calls, in start order."""
    lines = read(
        jsonl(
            [
                chunk(
                    choice(
                        content="a", tool_calls=[tool(0, "c0", "f", "{}"), tool(1, "c1", "g", "{}")]
                    )
                ),
                chunk(choice(finish="tool_calls")),
                DONE,
            ]
        )
    )
    second = [k for line, k in zip(lines, kinds(lines), strict=True) if line.number == 2]
    assert second == ["TEXT_BLOCK_END", "TOOL_CALL_END", "TOOL_CALL_END", "model_finish"]


def test_usage_is_the_last_non_null_usage() -> None:
    """Rule 9: a later null usage never erases the reported one; a later object replaces it."""
    first = dict(USAGE, prompt_tokens=1)
    lines = read(
        sse(
            [
                chunk(choice(content="a"), usage=None),
                chunk(choice(finish="stop"), usage=first),
                usage_chunk(),
                chunk(usage=None),
                DONE,
            ]
        )
    )
    verdict = verdicts(lines)[ID]
    assert verdict["usage"] == KNOWN_USAGE


def test_no_usage_is_unknown_never_zero() -> None:
    """Rule 9: without include_usage the receipt carries no usage."""
    lines = read(sse([chunk(choice(content="a", finish="stop")), DONE]))
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["usage_state"], verdict["usage"]) == (
        "completed",
        "unknown",
        None,
    )
    assert "MODEL_CALL_END" not in kinds(lines)


def test_partial_usage_is_known_and_gives_no_model_call_end() -> None:
    """Rule 9: only token counts are carried; MODEL_CALL_END needs both counts."""
    lines = read(
        sse(
            [
                chunk(choice(content="a", finish="stop")),
                usage_chunk({"prompt_tokens": 4, "completion_tokens": "7"}),
                DONE,
            ]
        )
    )
    verdict = verdicts(lines)[ID]
    assert verdict["usage_state"] == "known"
    assert verdict["usage"]["input_tokens"] == 4 and verdict["usage"]["output_tokens"] is None
    assert "MODEL_CALL_END" not in kinds(lines)


def test_done_gives_the_receipt_of_an_unfinished_choice() -> None:
    """Rule 10: [DONE] without a finish: receipt and REPLY_END, no finish, no basis."""
    lines = read(sse([chunk(choice(content="partial")), DONE]))
    assert kinds(lines)[-3:] == ["TEXT_BLOCK_END", "model_receipt", "REPLY_END"]
    assert verdicts(lines)[ID]["terminal_state"] == "no_completion_basis"


# ------------------------------------------------------------------ end of input


def test_json_lines_without_done_end_at_the_end_of_input_after_the_finish() -> None:
    """Rule 11: an SDK dump has no [DONE]; the finish seen, the end of input is the receipt."""
    records = [r for r in TEXT_STREAM if r != DONE]
    lines = read(jsonl(records))
    assert problems(lines) == []
    assert kinds(lines)[-3:] == ["MODEL_CALL_END", "model_receipt", "REPLY_END"]
    assert verdicts(lines)[ID]["terminal_state"] == "completed"
    assert message(lines) == message(read(sse(TEXT_STREAM)))


def test_cut_off_before_the_finish_stays_open() -> None:
    """Rule 11: no finish, no [DONE]: the reply stays open, no receipt, no basis."""
    lines = read(sse(TEXT_STREAM[:3]))
    assert kinds(lines)[-1] == "model_chunk"
    assert "model_receipt" not in kinds(lines) and "REPLY_END" not in kinds(lines)
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["final_text"]) == (
        "no_completion_basis",
        "Hello, world",
    )


def test_cut_after_a_cut_finish_is_truncated() -> None:
    """Rules 8, 11: length folded, then the input ends: truncated, receipt given."""
    lines = read(jsonl([chunk(choice(content="Once upon")), chunk(choice(finish="length"))]))
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["finish_reason"]) == ("truncated", "length")


def test_usage_chunk_without_finish_or_done_gives_the_receipt() -> None:
    """Rule 11: the usage chunk is the request's last chunk: receipt and REPLY_END, still no basis."""
    lines = read(jsonl([chunk(choice(content="a")), usage_chunk()]))
    assert kinds(lines)[-4:] == ["TEXT_BLOCK_END", "MODEL_CALL_END", "model_receipt", "REPLY_END"]
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["usage"]) == ("no_completion_basis", KNOWN_USAGE)


def test_usage_on_a_content_chunk_does_not_end_the_reply() -> None:
    """Rule 11: only a usage chunk with no choices ends it (continuous usage does not)."""
    lines = read(jsonl([chunk(choice(content="a"), usage=USAGE)]))
    assert "REPLY_END" not in kinds(lines)


def test_reduce_and_judge_report_a_cut_stream(tmp_path: Path) -> None:
    """Rule 11 through the CLI: reduce warns, judge finds no basis."""
    path = tmp_path / "cut.sse"
    path.write_bytes(b"".join(sse(TEXT_STREAM[:3])))
    code, out, err = run_cli("reduce", "--from", "openai_chat", str(path))
    assert code == 0
    assert json.loads(out)["content"][0]["text"] == "Hello, world"
    assert "missing_reply_end" in err and "open_at_end" in err
    code, out, err = run_cli("judge", "--from", "openai_chat", str(path))
    assert code == 0 and err == ""
    assert [v["terminal_state"] for v in json.loads(out)] == ["no_completion_basis"]


@pytest.mark.parametrize("form", ["sse", "jsonl"])
def test_cut_right_after_the_first_chunk_is_judged(tmp_path: Path, form: str) -> None:
    """Rules 2, 11: the reply's start gives the call's empty text chunk, so a stream cut
    right after the role chunk still has its verdict: no basis, empty text, usage unknown."""
    records = TEXT_STREAM[:1]
    lines = read(sse(records) if form == "sse" else jsonl(records))
    assert problems(lines) == []
    assert [(line.number, k) for line, k in zip(lines, kinds(lines), strict=True)] == [
        (1, "REPLY_START"),
        (1, "model_chunk"),
    ]
    opening = lines[1].record
    assert isinstance(opening, ModelChunkEvent)
    assert (opening.call, opening.channel, opening.text) == (ID, "text", "")
    path = tmp_path / f"cut.{form}"
    path.write_bytes(_stream_bytes(records, form))
    code, out, err = run_cli("judge", "--from", "openai_chat", str(path))
    assert code == 0 and err == ""
    expected = {
        "key": ID,
        "terminal_state": "no_completion_basis",
        "finish_reason": None,
        "usage_state": "unknown",
        "usage": None,
        "final_text": "",
        "error_code": None,
        "error_message": None,
    }
    assert json.loads(out) == [expected]
    assert verdicts(lines) == {ID: expected}


# ------------------------------------------------------------------ prefixes


def _stream_bytes(records: list[Any], form: str) -> bytes:
    return b"".join(sse(records) if form == "sse" else jsonl(records))


@given(
    records=st.sampled_from([TEXT_STREAM, TOOL_STREAM]),
    form=st.sampled_from(["sse", "jsonl"]),
    data=st.data(),
)
def test_any_prefix_reads_and_is_never_completed_without_its_finish(
    records: list[Any], form: str, data: st.DataObject
) -> None:
    """Rules 8-11: a stream cut at any byte never raises; completed only once the finish is in."""
    whole = _stream_bytes(records, form)
    cut = data.draw(st.integers(0, len(whole)), label="cut")
    prefix = whole[:cut]
    lines = read(prefix.splitlines(keepends=True))
    found = verdicts(lines)
    finish_line = orjson.dumps(
        next(r for r in records if r != DONE and r["choices"] and r["choices"][0]["finish_reason"])
    )
    finish_in = finish_line in prefix
    assert (found.get(ID, {}).get("terminal_state") == "completed") == finish_in
    if finish_in:
        assert "model_receipt" in kinds(lines) and "model_finish" in kinds(lines)
    for line in lines:
        if line.problem is not None:
            assert line.problem.code == "unreadable_line"
    message(lines)


# ------------------------------------------------------------------ errors


def test_error_mid_stream_fails_the_call_and_ends_the_stream() -> None:
    """Rule 12: model_error for the reply, which stays open; [DONE] after it gives nothing."""
    lines = read(sse([chunk(choice(content="Hel")), error_record(), DONE]))
    assert problems(lines) == []
    assert kinds(lines)[-1] == "model_error"
    assert "REPLY_END" not in kinds(lines)
    verdict = verdicts(lines)[ID]
    assert verdict["terminal_state"] == "failed"
    assert (verdict["error_code"], verdict["error_message"]) == (
        "server_error",
        "The server had an error",
    )


def test_error_after_the_finish_gives_the_receipt_first() -> None:
    """Rule 12: a reply that has ended gets its receipt, then the error; usage stays known."""
    lines = read(sse([chunk(choice(content="ok", finish="stop")), usage_chunk(), error_record()]))
    assert kinds(lines)[-4:] == ["MODEL_CALL_END", "model_receipt", "REPLY_END", "model_error"]
    verdict = verdicts(lines)[ID]
    assert (verdict["terminal_state"], verdict["usage_state"]) == ("failed", "known")


def test_error_code_wins_over_type_and_a_missing_message_is_the_sdks() -> None:
    """Rule 12: code, else type; message, else the SDK's text."""
    lines = read(
        jsonl(
            [
                chunk(choice(content="a")),
                {"error": {"code": "rate_limit", "type": "x", "message": ""}},
            ]
        )
    )
    verdict = verdicts(lines)[ID]
    assert (verdict["error_code"], verdict["error_message"]) == (
        "rate_limit",
        "An error occurred during streaming",
    )
    lines = read(jsonl([chunk(choice(content="a")), {"error": "boom"}]))
    verdict = verdicts(lines)[ID]
    assert (verdict["error_code"], verdict["error_message"]) == (
        None,
        "An error occurred during streaming",
    )


def test_error_before_any_chunk_is_the_error_of_no_completion() -> None:
    """Rule 12: no chunk began a completion: the call '(no completion)' failed."""
    lines = read(sse([error_record("quota", "insufficient_quota")]))
    assert kinds(lines) == ["model_error"]
    assert verdicts(lines)["(no completion)"]["terminal_state"] == "failed"


def test_error_reaches_every_choice() -> None:
    """Rule 12: the error is the request's."""
    lines = read(jsonl([chunk(choice(0, content="a"), choice(1, content="b")), error_record()]))
    assert {k: v["terminal_state"] for k, v in verdicts(lines).items()} == {
        ID: "failed",
        f"{ID}/1": "failed",
    }


def test_falsy_error_is_no_error_record() -> None:
    """Rule 1: the SDK tests error for truth; a null or empty error is a chunk's field."""
    lines = read(jsonl([chunk(choice(content="a", finish="stop"), error=None), chunk(error={})]))
    assert problems(lines) == []
    assert "model_error" not in kinds(lines)


# ------------------------------------------------------------------ choices and completions


def test_each_choice_is_its_own_reply_and_usage_goes_to_choice_0() -> None:
    """Rules 2, 9: choice 1 is reply <id>/1; its receipt carries no usage."""
    lines = read(
        sse(
            [
                chunk(
                    choice(0, role="assistant", content="A"),
                    choice(1, role="assistant", content="B"),
                ),
                chunk(choice(1, finish="stop"), choice(0, finish="length")),
                usage_chunk(),
                DONE,
            ]
        )
    )
    assert problems(lines) == []
    assert content(lines) == [{"type": "text", "id": f"{ID}.content", "text": "A"}]
    assert content(lines, f"{ID}/1") == [{"type": "text", "id": f"{ID}/1.content", "text": "B"}]
    found = verdicts(lines)
    assert (found[ID]["terminal_state"], found[ID]["usage_state"]) == ("truncated", "known")
    assert (found[f"{ID}/1"]["terminal_state"], found[f"{ID}/1"]["usage_state"]) == (
        "completed",
        "unknown",
    )


def test_each_reply_is_contiguous_so_check_judges_each_choice() -> None:
    """Rule 2: choice 1's lines are held and given after choice 0's, so every
    completion event follows its own reply's start; per-reply verdicts are right."""
    records = [
        chunk(choice(0, content="A"), choice(1, content="B")),
        chunk(choice(1, content="b", finish="stop"), choice(0, content="a")),
        chunk(choice(0, finish="length")),
        DONE,
    ]
    lines = read(sse(records))
    order = [
        getattr(line.record, "reply_id", None) for line in lines if isinstance(line.record, Event)
    ]
    runs = [r for i, r in enumerate(order) if i == 0 or order[i - 1] != r]
    assert runs == [ID, f"{ID}/1"]
    starts = [
        (line.number, line.record.reply_id) for line in lines if kinds([line]) == ["REPLY_START"]
    ]
    assert starts == [(1, ID), (1, f"{ID}/1")]
    replies = {
        r.reply_id: {v.key: v.terminal_state.value for v in r.verdicts}
        for r in verdicts_for_stream(judge_lines(lines, "openai_chat"))
    }
    assert replies == {ID: {ID: "truncated"}, f"{ID}/1": {f"{ID}/1": "completed"}}


def test_a_new_id_ends_the_completion_before_it() -> None:
    """Rule 3: the finished first completion gets its receipt when the second begins."""
    lines = read(
        jsonl(
            [
                chunk(choice(content="one", finish="stop")),
                chunk(choice(content="two"), id_="chatcmpl-2"),
                chunk(choice(finish="stop"), id_="chatcmpl-2"),
            ]
        )
    )
    assert problems(lines) == []
    assert [k for line, k in zip(lines, kinds(lines), strict=True) if line.number == 2] == [
        "model_receipt",
        "REPLY_END",
        "REPLY_START",
        "model_chunk",
        "TEXT_BLOCK_START",
        "TEXT_BLOCK_DELTA",
        "model_chunk",
    ]
    assert {k: v["terminal_state"] for k, v in verdicts(lines).items()} == {
        ID: "completed",
        "chatcmpl-2": "completed",
    }


def test_a_new_id_leaves_an_unfinished_completion_open() -> None:
    """Rule 3: as the end of input would, an unfinished completion is cut off."""
    lines = read(
        jsonl(
            [
                chunk(choice(content="one")),
                chunk(choice(content="two", finish="stop"), id_="chatcmpl-2"),
            ]
        )
    )
    assert verdicts(lines)[ID]["terminal_state"] == "no_completion_basis"
    assert [line.record.reply_id for line in lines if kinds([line]) == ["REPLY_END"]] == [
        "chatcmpl-2"
    ]


# ------------------------------------------------------------------ violations


def _only_violation(lines: list[Line], number: int) -> str:
    """The violation message on line ``number``, which must give nothing else."""
    here = [line for line in lines if line.number == number]
    assert len(here) == 1, here
    (line,) = here
    assert isinstance(line.record, UnknownEvent)
    assert line.problem is not None and line.problem.code == "source_violation"
    assert line.problem.severity.value == "error"
    assert line.problem.details["source"] == "openai_chat"
    return line.problem.message


def test_chunk_after_done_is_a_violation() -> None:
    """Rule 10: the SDK stops reading at [DONE]."""
    lines = read(jsonl([*TEXT_STREAM, chunk(choice(content="more"))]))
    assert _only_violation(lines, 7) == "chat.completion.chunk after [DONE]: the stream had ended"
    assert kept(lines[-1]) == ("openai_chat/chat.completion.chunk", chunk(choice(content="more")))


def test_second_done_and_error_after_done_are_violations() -> None:
    """Rule 10."""
    lines = read(jsonl([*TEXT_STREAM, DONE, error_record()]))
    assert _only_violation(lines, 7) == "[DONE] after [DONE]: the stream had ended"
    assert _only_violation(lines, 8) == "error record after [DONE]: the stream had ended"


def test_chunk_after_an_error_is_a_violation() -> None:
    """Rule 12."""
    lines = read(jsonl([chunk(choice(content="a")), error_record(), chunk(choice(content="b"))]))
    assert (
        _only_violation(lines, 3)
        == "chat.completion.chunk after the error record: the stream had ended"
    )


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (
            {"object": "chat.completion.chunk", "choices": []},
            "chunk field id must be a string, got null",
        ),
        (chunk(id_=5), "chunk field id must be a string, got integer"),
        ({**chunk(), "choices": None}, "chunk field choices must be an array, got null"),
        (chunk("x"), "chunk field choices[0] must be an object, got string"),
        (chunk({"delta": {}}), "chunk field choices[0].index is missing"),
        (
            chunk({"index": -1, "delta": {}}),
            "chunk field choices[0].index must be a non-negative integer, got -1",
        ),
        (
            chunk({"index": True, "delta": {}}),
            "chunk field choices[0].index must be a non-negative integer, got true",
        ),
        (chunk({"index": 0}), "chunk field choices[0].delta must be an object, got null"),
        (
            chunk(choice(content=1)),
            "chunk field choices[0].delta.content must be a string or null, got integer",
        ),
        (
            chunk(choice(refusal=[])),
            "chunk field choices[0].delta.refusal must be a string or null, got array",
        ),
        (
            chunk(choice(reasoning_content={})),
            "chunk field choices[0].delta.reasoning_content must be a string or null, got object",
        ),
        (
            chunk(choice(finish=0)),
            "chunk field choices[0].finish_reason must be a string or null, got integer",
        ),
        (
            chunk(choice(tool_calls={})),
            "chunk field choices[0].delta.tool_calls must be an array or null, got object",
        ),
        (chunk(choice(tool_calls=["x"])), 'Unexpected list delta entry is not a dictionary: "x"'),
        (
            chunk(choice(tool_calls=["x" * 118])),
            'Unexpected list delta entry is not a dictionary: "' + "x" * 118 + '"',
        ),
        (
            chunk(choice(tool_calls=["x" * 119])),
            'Unexpected list delta entry is not a dictionary: "' + "x" * 118 + "…",
        ),
        (
            chunk(choice(tool_calls=[{"id": "c"}])),
            'Expected list delta entry to have an `index` key; {"id":"c"}',
        ),
        (
            chunk(choice(tool_calls=[{"index": 0.5}])),
            "Unexpected, list delta entry `index` value is not an integer; 0.5",
        ),
        (
            chunk(choice(tool_calls=[{"index": -2}])),
            "chunk field choices[0].delta.tool_calls[0].index must be a non-negative integer, got -2",
        ),
        (
            chunk(choice(tool_calls=[{"index": 0, "id": 7}])),
            "chunk field choices[0].delta.tool_calls[0].id must be a string or null, got integer",
        ),
        (
            chunk(choice(tool_calls=[{"index": 0, "id": "c", "type": 1}])),
            "chunk field choices[0].delta.tool_calls[0].type must be a string or null, got integer",
        ),
        (
            chunk(choice(tool_calls=[{"index": 0, "function": "f"}])),
            "chunk field choices[0].delta.tool_calls[0].function must be an object or null, got string",
        ),
        (
            chunk(
                choice(
                    tool_calls=[{"index": 0, "id": "c", "function": {"name": "f", "arguments": {}}}]
                )
            ),
            "chunk field choices[0].delta.tool_calls[0].function.arguments must be a string or null, got object",
        ),
        (
            chunk(choice(function_call={"name": 1})),
            "chunk field choices[0].delta.function_call.name must be a string or null, got integer",
        ),
        (chunk(usage=[1]), "chunk field usage must be an object or null, got array"),
    ],
)
def test_bad_field_types_are_violations(record: dict[str, Any], expected: str) -> None:
    """Rule 4: the whole chunk is kept, nothing of it folded."""
    lines = read(jsonl([chunk(choice(content="a")), record]))
    assert _only_violation(lines, 2) == expected
    assert kept(lines[-1]) == ("openai_chat/chat.completion.chunk", record)


def test_a_bad_chunk_first_begins_nothing() -> None:
    """Rule 4: a violation folds nothing, not even the reply start."""
    lines = read(jsonl([chunk(choice(content=5)), chunk(choice(content="ok"))]))
    assert kinds(lines) == [
        "unknown",
        "REPLY_START",
        "model_chunk",
        "TEXT_BLOCK_START",
        "TEXT_BLOCK_DELTA",
        "model_chunk",
    ]


@pytest.mark.parametrize(
    ("late", "what"),
    [
        (choice(content="more"), "text"),
        (choice(reasoning_content="hmm"), "text"),
        (choice(refusal="no"), "text"),
        (choice(tool_calls=[tool(0, "c", "f")]), "a tool call"),
        (choice(function_call={"arguments": "{}"}), "a tool call"),
        (choice(finish="length"), "another finish_reason 'length'"),
    ],
)
def test_output_after_the_finish_is_a_violation(late: dict[str, Any], what: str) -> None:
    """Rule 8: after its finish a choice may only appear empty."""
    lines = read(
        jsonl(
            [
                chunk(choice(content="a", finish="stop")),
                chunk(choice(role="assistant", content="")),
                chunk(late),
                DONE,
            ]
        )
    )
    assert problems(lines)[:-1] == []
    assert (
        _only_violation(lines, 3)
        == f"choice 0 of completion '{ID}' has {what} after its finish_reason 'stop'"
    )
    assert verdicts(lines)[ID]["terminal_state"] == "completed"


def test_the_finish_rule_reads_within_one_chunk() -> None:
    """Rule 8: two entries of one choice in a chunk, the first finishing, the second with text."""
    lines = read(jsonl([chunk(choice(finish="stop"), choice(content="x"))]))
    assert (
        _only_violation(lines, 1)
        == f"choice 0 of completion '{ID}' has text after its finish_reason 'stop'"
    )


def test_a_reused_completion_id_is_a_violation() -> None:
    """Rule 3: a completion's chunks are contiguous."""
    lines = read(
        jsonl(
            [
                chunk(choice(content="a")),
                chunk(choice(content="b"), id_="c2"),
                chunk(choice(content="c")),
            ]
        )
    )
    assert _only_violation(lines, 3) == (
        f"chunk of completion '{ID}' after completion 'c2' began: a completion's chunks are contiguous"
    )


@pytest.mark.parametrize(
    ("deltas", "expected"),
    [
        ([[tool(0, args="{}")]], "tool call index 0 of choice 0 starts without an id"),
        ([[tool(0, "", "f")]], "tool call index 0 of choice 0 starts without an id"),
        (
            [[tool(0, "c0", args="{}")]],
            "tool call index 0 of choice 0 starts without function.name",
        ),
        (
            [[tool(0, "c0", "f")], [tool(1, "c0", "g")]],
            "tool call id 'c0' of choice 0 is index 0; tool call index 1 of choice 0 uses it too",
        ),
        (
            [[tool(0, "c0", "f")], [tool(0, "c9", args="x")]],
            "tool call index 0 of choice 0 is 'c0'; a later delta names it 'c9'",
        ),
        (
            [[tool(0, "c0", "f")], [tool(0, name="g")]],
            "tool call index 0 of choice 0 is named 'f'; a later delta names it 'g'",
        ),
    ],
)
def test_tool_call_identity_violations(deltas: list[list[dict[str, Any]]], expected: str) -> None:
    """Rule 6: a call starts with id and name and keeps them; an id names one index."""
    records = [chunk(choice(tool_calls=d)) for d in deltas]
    lines = read(jsonl(records))
    assert _only_violation(lines, len(records)) == expected


def test_a_call_started_in_the_same_chunk_is_known() -> None:
    """Rule 6: the identity checks see the earlier entries of the same chunk."""
    lines = read(jsonl([chunk(choice(tool_calls=[tool(0, "c0", "f"), tool(1, "c0", "g")]))]))
    assert (
        _only_violation(lines, 1)
        == "tool call id 'c0' of choice 0 is index 0; tool call index 1 of choice 0 uses it too"
    )


@pytest.mark.parametrize(
    ("deltas", "expected"),
    [
        ([{"arguments": "{}"}], "function_call of choice 0 starts without a name"),
        (
            [{"name": "f"}, {"name": "g"}],
            "function_call of choice 0 is named 'f'; a later delta names it 'g'",
        ),
    ],
)
def test_function_call_violations(deltas: list[dict[str, Any]], expected: str) -> None:
    """Rule 7."""
    records = [chunk(choice(function_call=d)) for d in deltas]
    assert _only_violation(read(jsonl(records)), len(records)) == expected


# ------------------------------------------------------------------ unknown records and framing


@pytest.mark.parametrize(
    ("record", "shown", "envelope"),
    [
        (
            {**chunk(), "object": "chat.completion"},
            "type 'chat.completion'",
            "openai_chat/chat.completion",
        ),
        ({"id": ID, "choices": []}, "no type", "openai_chat"),
        ({"object": 7}, "no type", "openai_chat"),
        ({"object": ""}, "type ''", "openai_chat/"),
    ],
)
def test_other_objects_are_unknown(record: dict[str, Any], shown: str, envelope: str) -> None:
    """Rule 1: kept whole with an unknown_record warning, no effect."""
    lines = read(jsonl([chunk(choice(content="a")), record]))
    here = [line for line in lines if line.number == 2]
    assert len(here) == 1
    assert here[0].problem is not None
    assert (here[0].problem.code, here[0].problem.severity.value) == ("unknown_record", "warning")
    assert (
        here[0].problem.message
        == f"OpenAI Chat Completions record of unknown {shown}; kept, no effect"
    )
    assert kept(here[0]) == (envelope, record)


def test_sse_fields_and_comments_are_blank() -> None:
    """Wire: event:, id:, retry: and comments give nothing; the records read as without them."""
    framed = [b": keep-alive\n", b"event: message\n", b"id: 1\n", b"retry: 100\n"]
    lines = read(framed + sse(TEXT_STREAM))
    assert problems(lines) == []
    assert message(lines) == message(read(sse(TEXT_STREAM)))


def test_bad_lines_are_problem_lines() -> None:
    """Wire: a line that is not JSON is an unreadable_line error and the stream goes on."""
    lines = read([b"data: {not json\n", *sse(TEXT_STREAM)])
    assert [(n, c) for n, c, _ in problems(lines)] == [(1, "unreadable_line")]
    assert verdicts(lines)[ID]["terminal_state"] == "completed"


@pytest.mark.parametrize("form", ["sse", "jsonl"])
def test_auto_detects_openai_chat(tmp_path: Path, form: str) -> None:
    """``--from auto`` takes a first chat.completion.chunk for openai_chat."""
    records = TEXT_STREAM if form == "sse" else [r for r in TEXT_STREAM if r != DONE]
    path = tmp_path / f"stream.{form}"
    path.write_bytes(_stream_bytes(records, form))
    assert read(path.read_bytes().splitlines(keepends=True), "auto") == read(
        path.read_bytes().splitlines(keepends=True)
    )
    for command in ("judge", "reduce"):
        named = run_cli(command, "--from", "openai_chat", str(path))
        assert run_cli(command, str(path)) == named
        assert named[0] == 0
    _, out, err = run_cli("judge", str(path))
    assert json.loads(out)[0]["terminal_state"] == "completed" and err == ""


def test_check_reads_a_complete_stream(tmp_path: Path) -> None:
    """``streamspec check`` folds the reply with no error."""
    path = tmp_path / "tools.sse"
    path.write_bytes(_stream_bytes(TOOL_STREAM, "sse"))
    code, out, err = run_cli("check", "--from", "openai_chat", str(path))
    assert code == 0, (out, err)
    assert "0 errors" in out + err


# ------------------------------------------------------------------ mutated records

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.text(st.characters(exclude_categories=["Cs"]), max_size=4), inner, max_size=3
        )
    ),
    max_leaves=6,
)
FIELD_PATHS = [
    ("id",),
    ("object",),
    ("choices",),
    ("usage",),
    ("error",),
    ("choices", 0),
    ("choices", 0, "index"),
    ("choices", 0, "delta"),
    ("choices", 0, "finish_reason"),
    ("choices", 0, "delta", "content"),
    ("choices", 0, "delta", "refusal"),
    ("choices", 0, "delta", "reasoning_content"),
    ("choices", 0, "delta", "tool_calls"),
    ("choices", 0, "delta", "function_call"),
    ("choices", 0, "delta", "tool_calls", 0),
    ("choices", 0, "delta", "tool_calls", 0, "index"),
    ("choices", 0, "delta", "tool_calls", 0, "id"),
    ("choices", 0, "delta", "tool_calls", 0, "function"),
    ("choices", 0, "delta", "tool_calls", 0, "function", "name"),
    ("choices", 0, "delta", "tool_calls", 0, "function", "arguments"),
    ("usage", "prompt_tokens"),
    ("usage", "prompt_tokens_details"),
]


def _mutate(record: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    """``record`` with the field at ``path`` replaced (or deleted), when the path exists."""
    record = json.loads(json.dumps(record))
    parent = record
    for step in path[:-1]:
        try:
            parent = parent[step]
        except (KeyError, IndexError, TypeError):
            return record
    last = path[-1]
    if isinstance(parent, dict) and isinstance(last, str):
        if delete:
            parent.pop(last, None)
        else:
            parent[last] = value
    elif isinstance(parent, list) and isinstance(last, int) and last < len(parent):
        parent[last] = value
    return record


@st.composite
def mutated_streams(draw: st.DrawFn) -> list[Any]:
    records = list(draw(st.sampled_from([TEXT_STREAM, TOOL_STREAM])))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(records) - 1))
        if records[at] == DONE:
            continue
        records[at] = _mutate(
            records[at],
            draw(st.sampled_from(FIELD_PATHS)),
            draw(JSON_VALUES),
            draw(st.booleans()),
        )
    return records


@given(records=mutated_streams(), form=st.sampled_from(["sse", "jsonl"]))
def test_mutated_records_never_raise_and_every_line_is_accounted_for(
    records: list[Any], form: str
) -> None:
    """Rule 4: any JSON object gives events or a diagnostic, never an exception.

    A line that gives a diagnostic gives nothing else, and keeps its record
    whole; the reducer and the judge take whatever the importer gave.
    """
    lines = read(sse(records) if form == "sse" else jsonl(records))
    numbers = [line.number for line in lines]
    payload_lines = (
        dict(enumerate(records, start=1))
        if form == "jsonl"
        else {2 * n - 1: r for n, r in enumerate(records, start=1)}
    )
    assert set(numbers) <= set(payload_lines)
    for number in set(numbers):
        here = [line for line in lines if line.number == number]
        with_problem = [line for line in here if line.problem is not None]
        if with_problem:
            assert len(here) == 1
            (line,) = here
            assert line.problem is not None
            assert line.problem.code in {"source_violation", "unknown_record", "duplicate_key"}
            assert isinstance(line.record, UnknownEvent)
            record = payload_lines[number]
            assert kept(line)[1] == (record if record != DONE else {"type": "[DONE]"})
    for reply_id in {getattr(line.record, "reply_id", None) for line in lines} - {None}:
        message(lines, reply_id)
    verdicts(lines)


# ------------------------------------------------------------------ the table and the examples


def _table() -> dict[str, Any]:
    table: dict[str, Any] = json.loads((spec_dir() / "sources" / "openai_chat.json").read_text())
    return table


def test_table_lists_exactly_the_handlers_and_is_valid() -> None:
    table = _table()
    schema = json.loads((spec_dir() / "schema" / "source.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(table)
    assert [t["type"] for t in table["types"]] == list(_openai_chat.IMPORTER().handlers())
    assert table["source"] == _openai_chat.IMPORTER.SOURCE == "openai_chat"
    assert table["title"] == _openai_chat.IMPORTER.TITLE
    assert table["vocabulary"] == "openai_chat"


def test_table_names_only_real_events() -> None:
    names = {cls.TYPE for cls in EVENT_CLASSES} | {
        "model_chunk",
        "model_finish",
        "model_receipt",
        "model_error",
    }
    for entry in _table()["types"]:
        assert set(entry["events"]) <= names, entry["type"]
        for field in entry.get("fields", {}).values():
            assert field.split(".")[0] in names, field


EXAMPLES = sorted(
    p.name for p in example_path("openai_chat").iterdir() if p.suffix in {".sse", ".jsonl"}
)
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
    path = example_path(f"openai_chat/{name}")
    lines = read(path.read_bytes().splitlines(keepends=True))
    if "cut" not in name and "error" not in name:
        assert [
            p for p in lines if p.problem is not None and p.problem.severity.value == "error"
        ] == []
    code, out, _ = run_cli("judge", str(path))
    assert code == 0
    expected = PROMISES[name.split("-", maxsplit=1)[0]]
    assert [v["terminal_state"] for v in json.loads(out)] == [expected]
