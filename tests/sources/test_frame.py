"""The frame every provider importer shares: the SSE reader, the reply writer, detection."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import (
    ModelCallEndEvent,
    ModelChunkEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
    ReplyEndEvent,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    UnknownEvent,
)
from streamspec._events import ABSENT
from streamspec._jsonl import Line
from streamspec.sources import (
    DONE,
    PROVIDER_SOURCES,
    detect_provider,
    is_reply_record,
    provider,
    provider_lines,
)
from streamspec.sources._read import (
    EVIDENCE_SOURCES,
    Source,
    detect_source,
    judge_line,
    read_events,
    source_of,
)
from streamspec.sources._writer import ReplyWriter, canonical_usage, token_count

# ------------------------------------------------------------------ the SSE reader


def _lines(*raw: bytes) -> list[Line]:
    return list(provider_lines(iter(raw)))


def test_data_lines_hold_records_and_framing_lines_are_blank() -> None:
    """``data:`` lines give their record; event, id, retry and comment lines give nothing."""
    lines = _lines(
        b"event: message_start\n",
        b'data: {"type": "a"}\n',
        b"id: 7\n",
        b"retry: 100\n",
        b": keep-alive\n",
        b'data:{"type": "b"}\r\n',
        b"\n",
    )
    assert [(line.number, line.record) for line in lines if line.record is not None] == [
        (2, {"type": "a"}),
        (6, {"type": "b"}),
    ]
    assert all(line.problem is None for line in lines)


def test_json_lines_read_as_they_are() -> None:
    """A line without ``data:`` is a JSON line, numbered as the input is."""
    lines = _lines(b'{"type": "a"}\n', b"\n", b'{"type": "b"}\n')
    assert [(line.number, line.record) for line in lines if line.record is not None] == [
        (1, {"type": "a"}),
        (3, {"type": "b"}),
    ]


@pytest.mark.parametrize("raw", [b"data: [DONE]\n", b"[DONE]\n", b"data:[DONE]", b"  [DONE]  \n"])
def test_done_is_its_own_record(raw: bytes) -> None:
    """``[DONE]``, framed or not, is the DONE record on its line."""
    [line] = [line for line in _lines(b'{"a": 1}\n', raw) if line.number == 2]
    assert line.record is DONE and line.problem is None


def test_bad_data_is_an_unreadable_line_with_its_number() -> None:
    """What a ``data:`` line holds that is no JSON object is an error on that line."""
    lines = _lines(b"event: x\n", b"data: [1, 2]\n", b"data: {oops\n")
    problems = [(line.number, line.problem.code) for line in lines if line.problem is not None]
    assert problems == [(2, "unreadable_line"), (3, "unreadable_line")]


@given(st.lists(st.binary(max_size=40), max_size=12))
def test_any_bytes_give_one_line_per_input_line_and_no_exception(raw: list[bytes]) -> None:
    """Every input line is accounted for, in order, whatever it holds."""
    lines = [b.replace(b"\n", b" ") + b"\n" for b in raw]
    numbers = [line.number for line in provider_lines(iter(lines))]
    assert sorted(set(numbers)) == list(range(1, len(lines) + 1))


# ------------------------------------------------------------------ the reply writer


def _writer(events: list[Any]) -> ReplyWriter:
    return ReplyWriter(
        events.append,
        reply_id="r",
        session_id="s",
        call="c",
        vocabulary="openai_chat",
        usage_source="openai_chat",
    )


def test_a_whole_reply_in_order() -> None:
    """Blocks open at their first delta, chunks follow deltas, end closes all in start order."""
    events: list[Any] = []
    writer = _writer(events)
    writer.text("r.0", "Hel")
    writer.thinking("r.t", "hmm")
    writer.text("r.0", "lo")
    writer.tool_start("call_1", "search")
    writer.tool_input("call_1", '{"q":')
    writer.finish("stop")
    writer.receipt({"prompt_tokens": 3, "completion_tokens": 2})
    writer.end()
    assert events == [
        ReplyStartEvent(session_id="s", reply_id="r", name="assistant", role="assistant"),
        ModelChunkEvent(call="c", channel="text", text=""),
        TextBlockStartEvent(reply_id="r", block_id="r.0"),
        TextBlockDeltaEvent(reply_id="r", block_id="r.0", delta="Hel"),
        ModelChunkEvent(call="c", channel="text", text="Hel"),
        ThinkingBlockStartEvent(reply_id="r", block_id="r.t"),
        ThinkingBlockDeltaEvent(reply_id="r", block_id="r.t", delta="hmm"),
        ModelChunkEvent(call="c", channel="thinking", text="hmm"),
        TextBlockDeltaEvent(reply_id="r", block_id="r.0", delta="lo"),
        ModelChunkEvent(call="c", channel="text", text="lo"),
        ToolCallStartEvent(reply_id="r", tool_call_id="call_1", tool_call_name="search"),
        ToolCallDeltaEvent(reply_id="r", tool_call_id="call_1", delta='{"q":'),
        ModelChunkEvent(call="c", channel="tool_input", text='{"q":'),
        ModelFinishEvent(call="c", reason="stop", vocabulary="openai_chat"),
        ModelCallEndEvent(reply_id="r", input_tokens=3, output_tokens=2),
        ModelReceiptEvent(call="c", text=("Hello",), usage={"input_tokens": 3, "output_tokens": 2}),
        TextBlockEndEvent(reply_id="r", block_id="r.0"),
        ThinkingBlockEndEvent(reply_id="r", block_id="r.t"),
        ToolCallEndEvent(reply_id="r", tool_call_id="call_1"),
        ReplyEndEvent(session_id="s", reply_id="r"),
    ]


def test_a_receipt_without_usage_reports_none_and_no_model_call_end() -> None:
    """No usage reported: the receipt's usage is ABSENT and MODEL_CALL_END is not given."""
    events: list[Any] = []
    writer = _writer(events)
    writer.receipt(None)
    assert events == [ModelReceiptEvent(call="c", text=(), usage=ABSENT)]
    events.clear()
    writer.receipt({"prompt_tokens": 3})
    assert events == [ModelReceiptEvent(call="c", text=(), usage={"input_tokens": 3})]


def test_ends_and_starts_are_given_once() -> None:
    """A second start, end, tool start or end of something not open gives nothing."""
    events: list[Any] = []
    writer = _writer(events)
    writer.start()
    writer.start()
    writer.tool_start("x", "f")
    writer.tool_start("x", "f")
    writer.tool_end("x")
    writer.tool_end("x")
    writer.end_block("nothing")
    writer.error("overloaded", "busy")
    writer.end()
    writer.end()
    assert [type(e).__name__ for e in events] == [
        "ReplyStartEvent",
        "ModelChunkEvent",
        "ToolCallStartEvent",
        "ToolCallEndEvent",
        "ModelErrorEvent",
        "ReplyEndEvent",
    ]
    assert events[1] == ModelChunkEvent(call="c", channel="text", text="")
    assert events[4] == ModelErrorEvent(call="c", code="overloaded", message="busy")


def test_usage_maps_nested_keys_and_only_counts() -> None:
    """Dotted keys read nested fields; null, negative, boolean and float counts are left out."""
    usage = {
        "prompt_tokens": 10,
        "completion_tokens": None,
        "prompt_tokens_details": {"cached_tokens": 4},
    }
    assert canonical_usage("openai_chat", usage) == {"input_tokens": 10, "cache_input_tokens": 4}
    bad = {"input_tokens": -1, "output_tokens": True, "cache_read_input_tokens": 1.0}
    assert canonical_usage("anthropic", bad) == {}
    assert canonical_usage("anthropic", {"input_tokens": 0}) == {"input_tokens": 0}
    assert [token_count(v) for v in (0, 7, -1, True, 2.0, "3", None)] == [0, 7] + [None] * 5


# ------------------------------------------------------------------ detection


@pytest.mark.parametrize(
    ("record", "source"),
    [
        ({"object": "chat.completion.chunk", "id": "x", "choices": []}, "openai_chat"),
        ({"error": {"message": "overloaded", "type": "server_error"}}, "openai_chat"),
        ({"type": "response.created", "sequence_number": 0}, "openai_responses"),
        ({"type": "error", "code": "x", "message": "m", "sequence_number": 0}, "openai_responses"),
        ({"type": "message_start", "message": {}}, "anthropic"),
        ({"type": "ping"}, "anthropic"),
        ({"type": "error", "error": {"type": "overloaded_error"}}, "anthropic"),
        ({"type": "RUN_STARTED", "threadId": "t", "runId": "r"}, "agui"),
        ({"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": "f"}, "agui"),
        ({"type": "start", "messageId": "m"}, "vercel_ui"),
        ({"type": "data-weather", "data": {}}, "vercel_ui"),
        ({"type": "error", "errorText": "boom"}, "vercel_ui"),
    ],
)
def test_auto_detects_each_provider(record: dict[str, Any], source: str) -> None:
    """Each provider's own first records are detected as it."""
    found = detect_provider(record)
    assert found is not None and found.name == source
    assert detect_source(record) is Source(source)


@pytest.mark.parametrize(
    ("record", "source"),
    [
        ({"type": "TOOL_CALL_START", "reply_id": "r", "tool_call_id": "c"}, Source.AGENTSCOPE),
        ({"type": "REPLY_START", "reply_id": "r"}, Source.AGENTSCOPE),
        ({"type": "CUSTOM", "name": "n", "value": 1}, Source.AGENTSCOPE),
        ({"type": "assistant/chunk"}, Source.MUSE),
        ({"version": 1, "type": "text_block_delta", "payload": {}}, Source.ENVELOPE),
        ({"type": "error", "message": "x"}, Source.AGENTSCOPE),
        ({"object": "chat.completion"}, Source.AGENTSCOPE),
    ],
)
def test_records_of_other_formats_are_not_taken_for_a_provider(
    record: dict[str, Any], source: Source
) -> None:
    """AgentScope, muse and envelope records keep their format; an ambiguous one is AgentScope."""
    assert detect_source(record) is source


def test_auto_looks_through_sse_framing() -> None:
    """With ``auto``, the first ``data:`` record decides, after any framing lines."""
    raw = [b"event: ping\n", b'data: {"type": "ping"}\n', b"\n"]
    lines = read_events(iter(raw))
    assert source_of(lines, "auto") == "anthropic"


def test_provider_sources_are_judged_from_their_evidence() -> None:
    """Reply events of a provider source are not judge evidence; start and end are kept."""
    assert {"a3s", "openai_chat", "anthropic", "agui", "vercel_ui"} <= EVIDENCE_SOURCES
    delta = Line(3, TextBlockDeltaEvent(reply_id="r", block_id="b", delta="x"))
    start = Line(1, ReplyStartEvent(session_id="s", reply_id="r", name="assistant"))
    finish = Line(4, ModelFinishEvent(call="c", reason="stop", vocabulary="openai_chat"))
    assert judge_line(delta, "openai_chat") is None
    assert judge_line(start, "openai_chat") is start
    assert judge_line(finish, "openai_chat") is finish
    assert judge_line(delta, "agentscope") is delta


def test_provider_names_only_the_provider_sources() -> None:
    """``provider(name)`` is the entry of a provider source; AgentScope, a3s, envelopes and
    unknown names are none."""
    for source in PROVIDER_SOURCES:
        assert provider(source.name) is source
    for name in ("agentscope", "a3s", "envelope", "muse", "auto", "nope"):
        assert provider(name) is None, name


@pytest.mark.parametrize(
    "record",
    [[], "x", None, {"type": "REPLY_START", "reply_id": "r"}, {"version": 1, "type": "x"}],
)
def test_detect_provider_takes_no_record_that_is_no_provider_s(record: Any) -> None:
    """A first record that is no object, or is an object of no provider, is no provider's."""
    assert detect_provider(record) is None


def test_a_reply_record_is_an_agentscope_event_or_an_unknown_one() -> None:
    """``is_reply_record`` holds for what the reducer folds, and for nothing else."""
    assert is_reply_record(TextBlockDeltaEvent(reply_id="r", block_id="b", delta="x"))
    assert is_reply_record(UnknownEvent(type="X", raw={"type": "X"}))
    assert not is_reply_record(ModelChunkEvent(call="c", channel="text", text="x"))
    assert not is_reply_record({"type": "TEXT_BLOCK_DELTA"})
    assert not is_reply_record(DONE)
    assert repr(DONE) == "DONE"
