"""The fold beyond seed 000: usage, 2.0.11 fields, data, generated ids, batches, snapshots,
production paths."""

from __future__ import annotations

from typing import Any

import pytest
from streamspec import (
    ABSENT,
    DataBlockDeltaEvent,
    DataBlockStartEvent,
    Event,
    ModelCallEndEvent,
    ModelCallStartEvent,
    ProtocolError,
    Reducer,
    ReplyEndEvent,
    ReplyStartEvent,
    RequireExternalExecutionEvent,
    RequireUserConfirmEvent,
    Severity,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UsageError,
    UserConfirmResultEvent,
    UserInterruptEvent,
    decode_event,
    encode_event,
)
from streamspec.reply._content import fresh

R = "r1"
T0 = "2026-01-01T11:59:00"


def _fold(events: list[Event], **options: Any) -> Reducer:
    reducer = Reducer(**{"reply_id": R, "created_at": T0, **options})
    for event in events:
        assert reducer.apply(event) == (), event
    return reducer


def _item(call_id: str) -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": call_id,
        "name": "f",
        "input": "",
        "state": "pending",
        "suggested_rules": [],
    }


def _call(call_id: str, name: str = "f", delta: str | None = None) -> list[Event]:
    events: list[Event] = [
        ToolCallStartEvent(reply_id=R, tool_call_id=call_id, tool_call_name=name)
    ]
    if delta is not None:
        events.append(ToolCallDeltaEvent(reply_id=R, tool_call_id=call_id, delta=delta))
    events.append(ToolCallEndEvent(reply_id=R, tool_call_id=call_id))
    return events


def _ask(*ids: str) -> Event:
    return RequireUserConfirmEvent(reply_id=R, tool_calls=[_item(i) for i in ids])


def _answer(**answers: bool) -> Event:
    return UserConfirmResultEvent(
        reply_id=R,
        confirm_results=[{"confirmed": v, "tool_call": _item(k)} for k, v in answers.items()],
    )


def _result(
    call_id: str, *deltas: str, state: str | None = "success", start: bool = True
) -> list[Event]:
    events: list[Event] = []
    if start:
        events.append(ToolResultStartEvent(reply_id=R, tool_call_id=call_id, tool_call_name="f"))
    events += [ToolResultTextDeltaEvent(reply_id=R, tool_call_id=call_id, delta=d) for d in deltas]
    if state is not None:
        events.append(ToolResultEndEvent(reply_id=R, tool_call_id=call_id, state=state))
    return events


def _data(
    call_id: str, data: str | None = None, block_id: str | None = None, url: str | None = None
) -> Event:
    fields: dict[str, Any] = {"reply_id": R, "tool_call_id": call_id, "media_type": "image/png"}
    if block_id is not None:
        fields["block_id"] = block_id
    fields.update({"data": data} if data is not None else {"url": url})
    return ToolResultDataDeltaEvent(**fields)


def _block(dump: dict[str, Any], type_: str, id_: str) -> dict[str, Any]:
    (block,) = [b for b in dump["content"] if b["type"] == type_ and b["id"] == id_]
    return block


_START = ReplyStartEvent(session_id="s1", reply_id=R, name="Friday")


def _end(**fields: Any) -> Event:
    return ReplyEndEvent(session_id="s1", reply_id=R, created_at="2026-01-01T12:00:00", **fields)


# --------------------------------------------------------------------- usage


def test_usage_sums_without_cache_keys_when_none_were_reported() -> None:
    """Usage adds up over MODEL_CALL_END events and has no cache keys when no event had them."""
    reducer = _fold(
        [
            ModelCallEndEvent(reply_id=R, input_tokens=10, output_tokens=20),
            ModelCallEndEvent(reply_id=R, input_tokens=5, output_tokens=8),
        ]
    )
    assert reducer.to_dict()["usage"] == {"input_tokens": 15, "output_tokens": 28}


def test_cache_keys_appear_once_some_event_had_them() -> None:
    """A cache key appears once an applied event carried it, counts from there, and stays."""
    reducer = _fold([ModelCallEndEvent(reply_id=R, input_tokens=1, output_tokens=1)])
    reducer.apply(
        ModelCallEndEvent(reply_id=R, input_tokens=2, output_tokens=2, cache_input_tokens=7)
    )
    assert reducer.to_dict()["usage"] == {
        "input_tokens": 3,
        "output_tokens": 3,
        "cache_input_tokens": 7,
    }
    reducer.apply(
        ModelCallEndEvent(
            reply_id=R, input_tokens=1, output_tokens=1, cache_creation_input_tokens=4
        )
    )
    assert reducer.to_dict()["usage"] == {
        "input_tokens": 4,
        "output_tokens": 4,
        "cache_input_tokens": 7,
        "cache_creation_input_tokens": 4,
    }


def test_a_rejected_model_call_end_adds_no_cache_key() -> None:
    """A MODEL_CALL_END skipped after REPLY_END neither counts nor adds its cache keys."""
    reducer = _fold([ModelCallEndEvent(reply_id=R, input_tokens=1, output_tokens=1), _end()])
    (diagnostic,) = reducer.apply(
        ModelCallEndEvent(reply_id=R, input_tokens=9, output_tokens=9, cache_input_tokens=0)
    )
    assert diagnostic.code == "after_reply_end"
    assert reducer.to_dict()["usage"] == {"input_tokens": 1, "output_tokens": 1}


# ---------------------------------------------------------- 2.0.11 reply fields


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, {}),
        ({"finished_reason": "completed"}, {"finished_reason": "completed"}),
        ({"finished_reason": "interrupted"}, {"finished_reason": "interrupted"}),
        ({"error": None}, {"error": None}),
        (
            {"finished_reason": "error", "error": {"type": "upstream", "message": "502"}},
            {"finished_reason": "error", "error": {"type": "upstream", "message": "502"}},
        ),
    ],
)
def test_reply_end_fields_appear_iff_given(
    fields: dict[str, Any], expected: dict[str, Any]
) -> None:
    """finished_reason and error are in the dump iff REPLY_END's JSON had them, null included."""
    dump = _fold([_end(**fields)]).to_dict()
    assert {k: dump[k] for k in ("finished_reason", "error") if k in dump} == expected
    assert dump["finished_at"] == "2026-01-01T12:00:00"


def test_seed_000_usage_and_end_events_gain_no_keys() -> None:
    """Seed 000's MODEL_CALL_END and REPLY_END hold exactly the keys given, and the dump stays
    2.0.3-shaped."""
    call_end = ModelCallEndEvent(reply_id=R, input_tokens=10, output_tokens=20)
    reply_end = ReplyEndEvent(
        reply_id=R, session_id="session_001", created_at="2026-01-01T12:00:00"
    )
    assert encode_event(call_end) == {
        "type": "MODEL_CALL_END",
        "reply_id": R,
        "input_tokens": 10,
        "output_tokens": 20,
    }
    assert encode_event(reply_end) == {
        "created_at": "2026-01-01T12:00:00",
        "type": "REPLY_END",
        "session_id": "session_001",
        "reply_id": R,
    }
    dump = _fold([call_end, reply_end]).to_dict()
    assert sorted(dump) == [
        "content",
        "created_at",
        "finished_at",
        "id",
        "metadata",
        "name",
        "role",
        "usage",
    ]
    assert dump["usage"] == {"input_tokens": 10, "output_tokens": 20}


# ---------------------------------------------------------------- text and data


def test_text_end_with_text_replaces_the_text() -> None:
    """A TEXT_BLOCK_END carrying ``text`` replaces what the deltas built; without it the text stays."""
    events = [
        TextBlockStartEvent(reply_id=R, block_id="a"),
        TextBlockDeltaEvent(reply_id=R, block_id="a", delta="Hello wor"),
        TextBlockEndEvent(reply_id=R, block_id="a", text="Hello"),
        TextBlockStartEvent(reply_id=R, block_id="b"),
        TextBlockDeltaEvent(reply_id=R, block_id="b", delta="kept"),
        TextBlockEndEvent(reply_id=R, block_id="b", text=None),
    ]
    dump = _fold(events).to_dict()
    assert _block(dump, "text", "a")["text"] == "Hello"
    assert _block(dump, "text", "b")["text"] == "kept"


def test_data_block_url_replaces_the_source() -> None:
    """A URL delta turns the data block's source into a URL source with the delta's media type."""
    events = [
        DataBlockStartEvent(reply_id=R, block_id="d", media_type="image/png", name="pic"),
        DataBlockDeltaEvent(
            reply_id=R, block_id="d", media_type="image/jpeg", url="https://x.test/a.jpg"
        ),
    ]
    assert _block(_fold(events).to_dict(), "data", "d") == {
        "type": "data",
        "id": "d",
        "source": {"type": "url", "url": "https://x.test/a.jpg", "media_type": "image/jpeg"},
        "name": "pic",
    }


def test_data_block_chunks_merge_as_bytes() -> None:
    """Base64 chunks of a data block are decoded, joined as bytes and re-encoded."""
    events = [
        DataBlockStartEvent(reply_id=R, block_id="d", media_type="audio/wav"),
        DataBlockDeltaEvent(reply_id=R, block_id="d", media_type="audio/wav", data="YQ=="),
        DataBlockDeltaEvent(reply_id=R, block_id="d", media_type="audio/wav", data="Yg=="),
    ]
    assert _block(_fold(events).to_dict(), "data", "d")["source"]["data"] == "YWI="


# ---------------------------------------------------------------- tool results


def _running(call_id: str = "c1") -> list[Event]:
    return [*_call(call_id), *_result(call_id, state=None)]


def _output(reducer: Reducer, call_id: str = "c1") -> list[dict[str, Any]]:
    return _block(reducer.to_dict(), "tool_result", call_id)["output"]


def test_same_id_result_chunks_merge_and_different_ids_stay_apart() -> None:
    """Tool-result base64 chunks with one block id merge (2.0.11); another id is its own sub-block."""
    reducer = _fold(
        [
            *_running(),
            _data("c1", "YWJj", "img"),
            _data("c1", "ZGVm", "img"),
            _data("c1", "Z2hp", "other"),
        ]
    )
    assert [(b["id"], b["source"]["data"]) for b in _output(reducer)] == [
        ("img", "YWJjZGVm"),
        ("other", "Z2hp"),
    ]


def test_first_result_chunk_is_verbatim() -> None:
    """A lone tool-result chunk is kept exactly as sent, even when it does not decode."""
    reducer = _fold([*_running(), _data("c1", "iVBOR==", "img")])
    assert _output(reducer)[0]["source"] == {
        "type": "base64",
        "data": "iVBOR==",
        "media_type": "image/png",
    }


def test_invalid_first_chunk_is_reported_on_the_second_same_id_chunk() -> None:
    """The second same-id chunk is skipped with invalid_base64 at chunk 0; the block keeps its
    verbatim chunk."""
    reducer = _fold([*_running(), _data("c1", "iVBOR==", "img")])
    before = reducer.to_dict()
    (diagnostic,) = reducer.apply(_data("c1", "YWJj", "img"))
    assert diagnostic.code == "invalid_base64"
    assert diagnostic.severity is Severity.ERROR
    assert diagnostic.details == {"chunk_index": 0}
    assert (diagnostic.machine, diagnostic.state, diagnostic.event, diagnostic.key) == (
        "tool_result",
        "running",
        "tool_result_data_delta",
        "c1",
    )
    assert diagnostic.index == len(_running()) + 1
    assert reducer.to_dict() == before
    assert _output(reducer)[0]["source"]["data"] == "iVBOR=="


def test_invalid_later_chunk_names_its_index() -> None:
    """An invalid third same-id chunk is reported with chunk_index 2 and skipped."""
    reducer = _fold([*_running(), _data("c1", "YWJj", "img"), _data("c1", "ZGVm", "img")])
    (diagnostic,) = reducer.apply(_data("c1", "!!", "img"))
    assert (diagnostic.code, diagnostic.details) == ("invalid_base64", {"chunk_index": 2})
    assert _output(reducer)[0]["source"]["data"] == "YWJjZGVm"


def test_generated_ids_count_sub_blocks() -> None:
    """Text sub-blocks are ``<call>#text-<n>`` and id-less data chunks ``<call>#data-<n>``, counted
    from 0."""
    events = [
        *_running(),
        ToolResultTextDeltaEvent(reply_id=R, tool_call_id="c1", delta="a"),
        ToolResultTextDeltaEvent(reply_id=R, tool_call_id="c1", delta="b"),
        _data("c1", "YWJj"),
        ToolResultTextDeltaEvent(reply_id=R, tool_call_id="c1", delta="c"),
        _data("c1", url="https://x.test/y"),
    ]
    assert [(b["id"], b.get("text")) for b in _output(_fold(events))] == [
        ("c1#text-0", "ab"),
        ("c1#data-0", None),
        ("c1#text-1", "c"),
        ("c1#data-1", None),
    ]


def test_replay_gives_the_same_dump() -> None:
    """Folding the same events twice gives byte-identical dumps (no clock, no random ids)."""
    events = [
        *_running(),
        ToolResultTextDeltaEvent(reply_id=R, tool_call_id="c1", delta="a"),
        _data("c1", "YQ=="),
    ]
    assert _fold(events).to_dict() == _fold(events).to_dict()


# -------------------------------------------------------------------- batches


def test_lenient_batch_applies_legal_items_and_skips_each_illegal_one() -> None:
    """Each illegal item gets its own diagnostic with its item index; the legal items apply."""
    reducer = _fold(
        [
            *_call("a"),
            ToolCallStartEvent(reply_id=R, tool_call_id="b", tool_call_name="f"),
            *_call("c"),
        ]
    )
    diagnostics = reducer.apply(_ask("a", "b", "ghost", "c"))
    assert [(d.code, d.item, d.key, d.index) for d in diagnostics] == [
        ("input_still_streaming", 1, "b", 5),
        ("unknown_tool_call", 2, "ghost", 5),
    ]
    assert reducer.states()["tool_call"] == {"a": "asking", "b": "streaming", "c": "asking"}


def test_strict_batch_raises_for_the_first_illegal_item_and_applies_nothing() -> None:
    """Strict mode raises for the first illegal item and no item of the batch applies."""
    reducer = _fold(
        [*_call("a"), ToolCallStartEvent(reply_id=R, tool_call_id="b", tool_call_name="f")],
        strict=True,
    )
    before, states = reducer.to_dict(), reducer.states()
    with pytest.raises(ProtocolError) as caught:
        reducer.apply(_ask("a", "b", "ghost"))
    assert (caught.value.code, caught.value.diagnostic.item, caught.value.diagnostic.key) == (
        "input_still_streaming",
        1,
        "b",
    )
    assert reducer.to_dict() == before and reducer.states() == states


def test_repeated_id_in_a_batch_is_illegal_from_its_second_occurrence() -> None:
    """The first occurrence of an id applies; each later one is a duplicate_batch_item."""
    reducer = _fold(_call("a"))
    diagnostics = reducer.apply(_ask("a", "a", "a"))
    assert [(d.code, d.item) for d in diagnostics] == [
        ("duplicate_batch_item", 1),
        ("duplicate_batch_item", 2),
    ]
    assert reducer.states()["tool_call"] == {"a": "asking"}


def test_batch_items_are_judged_against_the_state_before_the_event() -> None:
    """A confirmation batch that answers one call twice cannot reach the second answer through the
    first."""
    reducer = _fold([*_call("a"), _ask("a")])
    diagnostics = reducer.apply(
        UserConfirmResultEvent(
            reply_id=R,
            confirm_results=[
                {"confirmed": True, "tool_call": _item("a")},
                {"confirmed": False, "tool_call": _item("a")},
            ],
        )
    )
    assert [(d.code, d.item) for d in diagnostics] == [("duplicate_batch_item", 1)]
    assert reducer.states()["tool_call"] == {"a": "allowed"}


# ------------------------------------------------------------------ snapshots


def test_to_dict_returns_a_fresh_tree() -> None:
    """Mutating a dump changes neither the reducer nor the next dump."""
    reducer = _fold(
        [
            TextBlockStartEvent(reply_id=R, block_id="t"),
            TextBlockDeltaEvent(reply_id=R, block_id="t", delta="x"),
            *_call("a"),
            _ask("a"),
            *_result("a", "out", state=None),
            _data("a", "YWJj", "img"),
            ModelCallEndEvent(reply_id=R, input_tokens=1, output_tokens=1),
            _end(error={"type": "internal", "message": "m"}),
        ]
    )
    first = reducer.to_dict()
    expected = reducer.to_dict()
    first["content"][0]["text"] = "changed"
    first["content"][1]["suggested_rules"].append("rule")
    first["content"][2]["output"][0]["text"] = "changed"
    first["content"][2]["output"][1]["source"]["data"] = "changed"
    first["content"][2]["metadata"]["k"] = 1
    first["usage"]["input_tokens"] = 99
    first["error"]["message"] = "changed"
    first["content"].clear()
    assert reducer.to_dict() == expected


@pytest.mark.parametrize("value", [[], {}, [{"a": [1]}], {"k": {"n": [1, 2]}}, "s", 3, None])
def test_fresh_copies_a_json_value_deeply(value: Any) -> None:
    """``fresh`` gives an equal value that shares no container with the one given."""
    copied = fresh(value)
    assert copied == value and copied.__class__ is value.__class__
    if isinstance(value, list | dict):
        assert copied is not value
        if value:
            inner = next(iter(value.values())) if isinstance(value, dict) else value[0]
            outer = next(iter(copied.values())) if isinstance(copied, dict) else copied[0]
            assert outer == inner and outer is not inner


def test_a_result_keeps_its_own_copy_of_the_end_s_metadata() -> None:
    """Changing the metadata an end event carried, after the fold, leaves the message alone."""
    metadata: dict[str, Any] = {"trace": {"ids": [1]}}
    end = ToolResultEndEvent(reply_id=R, tool_call_id="a", state="success", metadata=metadata)
    reducer = _fold([*_call("a"), *_result("a", "out", state=None), end])
    metadata["trace"]["ids"].append(2)
    assert reducer.to_dict()["content"][1]["metadata"] == {"trace": {"ids": [1]}}


def test_created_at_and_reply_id_come_from_the_first_event() -> None:
    """With no options, the reply id and created_at are the first event's; name and role default to
    assistant."""
    reducer = Reducer()
    first = decode_event(
        {
            "created_at": "2026-03-01T08:00:00",
            "type": "TEXT_BLOCK_START",
            "reply_id": "rX",
            "block_id": "t",
        }
    )
    later = decode_event(
        {
            "created_at": "2026-03-01T09:00:00",
            "type": "TEXT_BLOCK_END",
            "reply_id": "rX",
            "block_id": "t",
        }
    )
    assert reducer.apply(first) == () and reducer.apply(later) == ()
    dump = reducer.to_dict()
    assert (dump["id"], dump["created_at"], dump["name"], dump["role"]) == (
        "rX",
        "2026-03-01T08:00:00",
        "assistant",
        "assistant",
    )
    (diagnostic,) = reducer.apply(TextBlockStartEvent(reply_id="rY", block_id="u"))
    assert (diagnostic.code, diagnostic.key) == ("reply_id_mismatch", "rY")


def test_name_and_role_come_from_reply_start_unless_given() -> None:
    """REPLY_START names the message; options given to the reducer win."""
    start = ReplyStartEvent(session_id="s", reply_id=R, name="Friday", role="user")
    assert (_fold([start]).to_dict()["name"], _fold([start]).to_dict()["role"]) == (
        "Friday",
        "user",
    )
    dump = _fold([start], name="Jarvis", role="system").to_dict()
    assert (dump["name"], dump["role"]) == ("Jarvis", "system")
    assert ReplyStartEvent(session_id="s", reply_id=R, name="n").role is ABSENT


# ---------------------------------------------------------- production paths


def _errors(reducer: Reducer) -> list[str]:
    return [d.code for d in reducer.diagnostics if d.severity is Severity.ERROR]


def _parked() -> list[Event]:
    return [
        _START,
        ModelCallStartEvent(reply_id=R, model_name="m"),
        *_call("c1", "delete", '{"path": "/tmp/x"}'),
        ModelCallEndEvent(reply_id=R, input_tokens=3, output_tokens=4),
        _ask("c1"),
    ]


def test_permission_ask_parks_the_reply_and_resumes_after_approval() -> None:
    """The reply parks at REQUIRE_USER_CONFIRM with no REPLY_END, resumes in another reducer and
    ends cleanly."""
    parked = _fold(_parked())
    assert parked.states()["tool_call"] == {"c1": "asking"}
    assert _block(parked.to_dict(), "tool_call", "c1")["state"] == "asking"
    resumed = Reducer.from_state(parked.export_state())
    for event in [_answer(c1=True), *_result("c1", "done"), _end(finished_reason="completed")]:
        assert resumed.apply(event) == ()
    assert resumed.finish() == ()
    assert resumed.states() == {
        "reply": {"": "ended"},
        "block": {},
        "tool_call": {"c1": "finished"},
        "tool_result": {"c1": "ended"},
    }
    assert _block(resumed.to_dict(), "tool_result", "c1")["state"] == "success"


def test_denied_call_gets_a_denied_result() -> None:
    """A denial then a result with state denied folds with no error; the call ends finished."""
    reducer = _fold([*_parked(), _answer(c1=False)])
    assert reducer.states()["tool_call"] == {"c1": "denied"}
    assert _block(reducer.to_dict(), "tool_call", "c1")["state"] == "finished"
    for event in [*_result("c1", "The user denied this call.", state="denied"), _end()]:
        assert reducer.apply(event) == ()
    assert reducer.finish() == ()
    dump = reducer.to_dict()
    assert _block(dump, "tool_call", "c1")["state"] == "finished"
    assert _block(dump, "tool_result", "c1")["state"] == "denied"
    assert reducer.states()["tool_call"] == {"c1": "finished"}
    assert _errors(reducer) == []


@pytest.mark.parametrize("approved", [False, True], ids=["permission-allow", "user-approved"])
def test_external_tool_production_path(approved: bool) -> None:
    """Result start, then REQUIRE_EXTERNAL_EXECUTION, park, then deltas and the end: no error, call
    finished."""
    decided = [_ask("c1"), _answer(c1=True)] if approved else []
    reducer = _fold(
        [
            _START,
            *_call("c1", "browser", "{}"),
            *decided,
            *_result("c1", state=None),
            RequireExternalExecutionEvent(reply_id=R, tool_calls=[_item("c1")]),
        ]
    )
    assert reducer.states()["tool_call"] == {"c1": "submitted"}
    assert reducer.states()["tool_result"] == {"c1": "running"}
    resumed = Reducer.from_state(reducer.export_state())
    for event in [
        ToolResultTextDeltaEvent(reply_id=R, tool_call_id="c1", delta="page title"),
        _data("c1", "YWJj", "shot"),
        ToolResultEndEvent(reply_id=R, tool_call_id="c1", state="success"),
        _end(),
    ]:
        assert resumed.apply(event) == ()
    assert resumed.finish() == ()
    dump = resumed.to_dict()
    assert _block(dump, "tool_call", "c1")["state"] == "finished"
    assert [b["id"] for b in _block(dump, "tool_result", "c1")["output"]] == ["c1#text-0", "shot"]


def test_interrupt_ends_every_unfinished_call() -> None:
    """An interrupt: results start where needed, end interrupted, and REPLY_END(interrupted) closes
    the reply."""
    reducer = _fold(
        [
            _START,
            *_call("ask"),
            *_call("ext"),
            _ask("ask"),
            *_result("ext", state=None),
            RequireExternalExecutionEvent(reply_id=R, tool_calls=[_item("ext")]),
            UserInterruptEvent(reply_id=R),
            *_result("ask", "interrupted by the user", state="interrupted"),
            *_result("ext", "interrupted by the user", state="interrupted", start=False),
            _end(finished_reason="interrupted"),
        ]
    )
    assert reducer.finish() == ()
    dump = reducer.to_dict()
    assert dump["finished_reason"] == "interrupted"
    assert [_block(dump, "tool_call", c)["state"] for c in ("ask", "ext")] == [
        "finished",
        "finished",
    ]
    assert [_block(dump, "tool_result", c)["state"] for c in ("ask", "ext")] == [
        "interrupted",
        "interrupted",
    ]
    assert _errors(reducer) == []


# --------------------------------------------------------------- end of input


def test_finish_warns_for_open_entities_and_missing_reply_end() -> None:
    """finish() warns open_at_end for each open block, call and result, and missing_reply_end for
    the reply."""
    reducer = _fold(
        [
            TextBlockStartEvent(reply_id=R, block_id="t"),
            ToolCallStartEvent(reply_id=R, tool_call_id="streaming", tool_call_name="f"),
            *_running("c1"),
        ]
    )
    found = reducer.finish()
    assert all(d.severity is Severity.WARNING and d.index is None for d in found)
    assert sorted((d.code, d.machine, d.key, d.state) for d in found) == [
        ("missing_reply_end", "reply", None, "open"),
        ("open_at_end", "block", "text:t", "open"),
        ("open_at_end", "tool_call", "c1", "ready"),
        ("open_at_end", "tool_call", "streaming", "streaming"),
        ("open_at_end", "tool_result", "c1", "running"),
    ]
    assert reducer.finish() == ()


def test_finish_is_silent_for_a_denied_call() -> None:
    """A denied call with no result is settled: finish() reports nothing for it."""
    reducer = _fold([*_parked(), _answer(c1=False), _end()])
    assert reducer.states()["tool_call"] == {"c1": "denied"}
    assert reducer.finish() == ()


def test_a_role_outside_agentscopes_roles_is_a_usage_error() -> None:
    """A caller's role must be one AgentScope's Msg accepts, or the reducer is not built."""
    with pytest.raises(UsageError) as caught:
        Reducer(reply_id="r", role="tool")
    assert "role must be one of user, assistant, system" in str(caught.value)
    assert Reducer(reply_id="r", role="system").to_dict()["role"] == "system"


def test_an_unreadable_object_takes_an_index_and_changes_nothing() -> None:
    """reject_unreadable records unreadable_line at the next index with its paths; later indexes follow."""
    reducer = Reducer(reply_id=R)
    (found,) = reducer.reject_unreadable(["$.delta"], "expected string @ $.delta")
    assert (found.code, found.index, dict(found.details)) == (
        "unreadable_line",
        0,
        {"paths": ["$.delta"]},
    )
    assert reducer.next_index == 1
    assert reducer.to_dict()["content"] == [] and reducer.states()["block"] == {}
    (late,) = reducer.apply(TextBlockDeltaEvent(reply_id=R, block_id="b", delta="x"))
    assert late.index == 1


def test_an_unreadable_object_raises_in_strict_mode_and_not_after_finish() -> None:
    """Strict mode raises unreadable_line; a finished reducer refuses with UsageError, unchanged."""
    strict = Reducer(reply_id=R, strict=True)
    with pytest.raises(ProtocolError) as caught:
        strict.reject_unreadable(["$"], "not an object")
    assert (caught.value.code, caught.value.diagnostic.index) == ("unreadable_line", 0)
    assert strict.diagnostics == ()
    done = Reducer(reply_id=R)
    done.finish()
    with pytest.raises(UsageError):
        done.reject_unreadable(["$"], "not an object")
    assert done.next_index == 0
