"""The a3s importer: every rule of its module docstring, and the bundled example's message and evidence."""

from __future__ import annotations

import io

import orjson
import pytest
from streamspec import Reducer
from streamspec._completion_events import ModelErrorEvent, ModelFinishEvent, ModelReceiptEvent
from streamspec._resources import example_path
from streamspec.envelope import from_event
from streamspec.sources import read_events


def _a3s(*records, metadata=True):
    lines = []
    for number, (type_, payload) in enumerate(records, start=1):
        obj = {"version": 1, "type": type_, "payload": payload}
        if metadata:
            obj["metadata"] = {"run_id": "run-x", "session_id": "s", "sequence": number}
        lines.append(orjson.dumps(obj))
    return list(read_events(io.BytesIO(b"\n".join(lines) + b"\n"), "a3s"))


def _kinds(lines):
    return [line.record.KIND for line in lines if line.record is not None and line.problem is None]


def _fold(lines):
    reducer = Reducer()
    for line in lines:
        if (
            line.problem is None
            and line.record is not None
            and not line.record.KIND.startswith("model_")
        ) or (line.record is not None and line.record.KIND == "model_call_end"):
            reducer.apply(line.record)
    reducer.finish()
    return reducer


def test_text_and_reasoning_become_blocks_with_synthesized_ids():
    """Deltas open blocks a3s.<turn>.<kind>.<n>; a kind change ends the open block."""
    lines = _a3s(
        ("turn_start", {"turn": 2}),
        ("reasoning_delta", {"text": "hm"}),
        ("text_delta", {"text": "a"}),
        ("text_delta", {"text": "b"}),
        (
            "turn_end",
            {"turn": 2, "usage": {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}},
        ),
    )
    content = _fold(lines).to_dict()["content"]
    assert content == [
        {"type": "thinking", "id": "a3s.2.thinking.1", "thinking": "hm"},
        {"type": "text", "id": "a3s.2.text.1", "text": "ab"},
    ]


def test_tool_lifecycle_uses_end_output_only_without_deltas():
    """tool_end's output is the result text when no output delta came; otherwise the deltas are."""
    with_deltas = _a3s(
        ("tool_start", {"id": "c", "name": "bash"}),
        ("tool_output_delta", {"id": "c", "name": "bash", "delta": "x"}),
        ("tool_end", {"id": "c", "name": "bash", "output": "IGNORED", "exit_code": 0}),
    )
    without = _a3s(
        ("tool_start", {"id": "c", "name": "bash"}),
        ("tool_execution_start", {"id": "c", "name": "bash", "args": {"a": 1}}),
        ("tool_end", {"id": "c", "name": "bash", "output": "out", "exit_code": 2}),
    )
    first = _fold(with_deltas).to_dict()["content"]
    second = _fold(without).to_dict()["content"]
    assert first[1]["output"][0]["text"] == "x" and first[1]["state"] == "success"
    assert second[0]["input"] == '{"a":1}'
    assert second[1]["output"][0]["text"] == "out" and second[1]["state"] == "error"
    assert second[1]["metadata"] == {"exit_code": 2}


@pytest.mark.parametrize(
    ("payload", "name"),
    [({"id": "c", "delta": "x"}, ""), ({"id": "c", "name": "bash", "delta": "x"}, "bash")],
)
def test_an_output_delta_of_a_call_never_started_starts_it_named_by_the_event_else_empty(
    payload, name
):
    """spec/a3s.md: such a call starts with the event's name, else ``""``, and its result opens."""
    lines = _a3s(("tool_output_delta", payload))
    starts = [line.record for line in lines if line.record.KIND == "tool_call_start"]
    assert [(start.tool_call_id, start.tool_call_name) for start in starts] == [("c", name)]
    content = _fold(lines).to_dict()["content"]
    assert [(block["type"], block["name"]) for block in content] == [
        ("tool_call", name),
        ("tool_result", name),
    ]
    assert content[1]["output"][0]["text"] == "x"


def test_an_input_delta_without_id_goes_to_the_streaming_call():
    """An old tool_input_delta with no id extends the latest call still streaming."""
    lines = _a3s(("tool_start", {"id": "c", "name": "f"}), ("tool_input_delta", {"delta": "{}"}))
    assert _fold(lines).to_dict()["content"][0]["input"] == "{}"


def test_an_input_delta_with_an_id_goes_to_that_call_though_a_later_one_streams():
    """A tool_input_delta naming its call extends that call, not the latest one streaming."""
    lines = _a3s(
        ("tool_start", {"id": "c", "name": "f"}),
        ("tool_start", {"id": "d", "name": "g"}),
        ("tool_input_delta", {"id": "c", "delta": '{"a": 1}'}),
        ("tool_input_delta", {"delta": "{}"}),
    )
    content = _fold(lines).to_dict()["content"]
    assert [(block["id"], block["input"]) for block in content] == [("c", '{"a": 1}'), ("d", "{}")]


def test_args_become_the_input_only_when_no_input_delta_was_seen():
    """Rule 3: the args of the event that completes a call are its input unless deltas gave it."""
    lines = _a3s(
        ("tool_start", {"id": "c", "name": "f"}),
        ("tool_input_delta", {"id": "c", "delta": '{"a": 1}'}),
        ("tool_execution_start", {"id": "c", "name": "f", "args": {"b": 2}}),
        ("tool_start", {"id": "d", "name": "g"}),
        ("tool_execution_start", {"id": "d", "name": "g", "args": {"b": 2}}),
    )
    content = _fold(lines).to_dict()["content"]
    calls = [(block["id"], block["input"]) for block in content if block["type"] == "tool_call"]
    assert calls == [("c", '{"a": 1}'), ("d", '{"b":2}')]


@pytest.mark.parametrize(
    "completing",
    [
        ("tool_execution_start", {"id": "c", "name": "f", "args": {"b": 2}}),
        ("tool_end", {"id": "c", "name": "f", "exit_code": 0, "args": {"b": 2}}),
        (
            "confirmation_required",
            {"tool_id": "c", "tool_name": "f", "args": {"b": 2}, "timeout_ms": 1},
        ),
        ("permission_denied", {"tool_id": "c", "tool_name": "f", "args": {"b": 2}, "reason": "no"}),
    ],
    ids=lambda completing: completing[0],
)
def test_each_event_that_completes_a_call_gives_its_args_as_the_input(completing):
    """Rule 3: execution, its end, a confirmation or a denial each complete the call with args."""
    lines = _a3s(("tool_start", {"id": "c", "name": "f"}), completing)
    (call,) = [b for b in _fold(lines).to_dict()["content"] if b["type"] == "tool_call"]
    assert call["input"] == '{"b":2}'


def test_approvals_timeouts_and_denials_follow_the_tool_machine():
    """Approved, timed-out-rejected and never-asked denials end allowed, denied and denied (synthetic, marked)."""
    lines = _a3s(
        ("tool_start", {"id": "ok", "name": "f"}),
        ("confirmation_required", {"tool_id": "ok", "tool_name": "f", "args": {}, "timeout_ms": 1}),
        ("confirmation_received", {"tool_id": "ok", "approved": True}),
        ("tool_start", {"id": "late", "name": "f"}),
        (
            "confirmation_required",
            {"tool_id": "late", "tool_name": "f", "args": {}, "timeout_ms": 1},
        ),
        ("confirmation_timeout", {"tool_id": "late", "action_taken": "rejected"}),
        (
            "permission_denied",
            {"tool_id": "no", "tool_name": "rm", "args": {"p": 1}, "reason": "policy"},
        ),
    )
    reducer = _fold(lines)
    assert [d.severity.value for d in reducer.diagnostics if d.severity.value == "error"] == []
    assert reducer.states()["tool_call"] == {"ok": "allowed", "late": "denied", "no": "denied"}
    synthetic = [
        line.record
        for line in lines
        if line.number == 7 and line.record.KIND in ("require_user_confirm", "user_confirm_result")
    ]
    assert [e.metadata["synthetic"] for e in synthetic] == [
        "permission_denied",
        "permission_denied",
    ]
    assert synthetic[1].confirm_results[0]["confirmed"] is False


def _pending(task_id):
    """An a3s external_task_pending payload for ``task_id``."""
    return {
        "task_id": task_id,
        "session_id": "s",
        "lane": "Execute",
        "command_type": "c",
        "payload": {},
        "timeout_ms": 1,
    }


def test_external_tasks_correlate_only_with_open_calls():
    """A pending task named by an open call is submitted and resolved; another stays opaque with a warning."""
    lines = _a3s(
        ("tool_start", {"id": "job", "name": "run"}),
        (
            "external_task_pending",
            _pending("job"),
        ),
        (
            "external_task_pending",
            _pending("other"),
        ),
        ("external_task_completed", {"task_id": "job", "session_id": "s", "success": False}),
    )
    assert [line.problem.code for line in lines if line.problem] == ["uncorrelated_external_task"]
    opaque = next(line for line in lines if line.problem)
    assert opaque.record.raw["payload"]["task_id"] == "other"
    message = _fold(lines).to_dict()
    assert message["content"][1]["state"] == "error"
    assert _fold(lines).states()["tool_call"] == {"job": "resolved_externally"}


def test_a_restarted_turn_discards_its_drafts_but_keeps_opaque_events():
    """A repeated turn_start drops the first attempt's text and call; an opaque event of it is kept."""
    lines = _a3s(
        ("turn_start", {"turn": 1}),
        ("text_delta", {"text": "draft"}),
        ("tool_start", {"id": "c", "name": "f"}),
        ("memory_recalled", {"memory_id": "m", "content": "x", "relevance": 0.5}),
        ("turn_start", {"turn": 1}),
        ("text_delta", {"text": "final"}),
        (
            "turn_end",
            {"turn": 1, "usage": {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}},
        ),
    )
    message = _fold(lines).to_dict()
    assert message["content"] == [{"type": "text", "id": "a3s.1.text.1", "text": "final"}]
    assert [line.problem.code for line in lines if line.problem] == ["opaque_event"]
    receipt = next(line.record for line in lines if isinstance(line.record, ModelReceiptEvent))
    assert receipt == ModelReceiptEvent(
        call="1",
        text=("final",),
        usage={"input_tokens": 3, "output_tokens": 4},
    )


def test_a_turn_is_emitted_only_at_its_end():
    """Nothing of an open turn is emitted before turn_end (the lines come out after it, numbered as read)."""
    lines = _a3s(
        ("turn_start", {"turn": 1}),
        ("text_delta", {"text": "a"}),
        ("turn_end", {"turn": 1, "usage": {}}),
    )
    assert [line.number for line in lines][:2] == [2, 2]
    assert _kinds(lines)[-2:] == ["model_finish", "model_receipt"]
    finish = next(line.record for line in lines if isinstance(line.record, ModelFinishEvent))
    assert (finish.call, finish.reason, finish.vocabulary) == ("1", "turn_end", "a3s")


def test_usage_is_the_sum_of_turn_ends_and_agent_end_is_only_checked():
    """Two turn_end usages add up in the message; a different agent_end usage warns usage_mismatch and adds nothing."""
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    lines = _a3s(
        ("agent_start", {"prompt": "p"}),
        ("turn_start", {"turn": 1}),
        ("turn_end", {"turn": 1, "usage": usage}),
        ("turn_start", {"turn": 2}),
        ("turn_end", {"turn": 2, "usage": usage}),
        (
            "agent_end",
            {
                "text": "",
                "usage": {"prompt_tokens": 99, "completion_tokens": 10, "total_tokens": 109},
            },
        ),
    )
    mismatch = [line.problem for line in lines if line.problem]
    assert [p.code for p in mismatch] == ["usage_mismatch"]
    assert "prompt_tokens 99 vs Σ turn_end 20" in mismatch[0].message
    assert _fold(lines).to_dict()["usage"] == {"input_tokens": 20, "output_tokens": 10}


def test_an_error_is_a_model_error_of_the_open_turn():
    """error inside turn 3 flushes the turn and becomes model_error for call 3."""
    lines = _a3s(
        ("turn_start", {"turn": 3}),
        ("text_delta", {"text": "par"}),
        ("error", {"message": "stream reset"}),
    )
    errors = [line.record for line in lines if isinstance(line.record, ModelErrorEvent)]
    assert errors == [ModelErrorEvent(call="3", code=None, message="stream reset")]
    assert _fold(lines).to_dict()["content"][0]["text"] == "par"


def test_unknown_types_and_broken_records_are_kept_whole():
    """A type outside the 52 and a known type missing a field are unknown events with unknown_record."""
    lines = _a3s(("future.x", {"k": 1}), ("tool_start", {"id": 5}))
    assert [line.problem.code for line in lines] == ["unknown_record", "unknown_record"]
    assert [from_event(line.record).payload for line in lines] == [{"k": 1}, {"id": 5}]


@pytest.mark.parametrize("bad", [-21, 1.5, "9", True, [], {}])
@pytest.mark.parametrize(
    "name",
    [
        "prompt_tokens",
        "completion_tokens",
        "total_tokens",
        "cache_read_tokens",
        "cache_write_tokens",
    ],
)
def test_a_turn_end_whose_usage_is_not_a_token_count_is_kept_whole(name, bad):
    """a3s counts tokens in usize (every field of its ``Usage``): any other value makes the
    turn_end unreadable, said, no effect."""
    usage = {"prompt_tokens": 3, "completion_tokens": 2, name: bad}
    lines = _a3s(
        ("agent_start", {}),
        ("turn_start", {"turn": 1}),
        ("text_delta", {"text": "a"}),
        ("turn_end", {"turn": 1, "usage": usage}),
    )
    [problem] = [line.problem for line in lines if line.problem is not None and line.number == 4]
    assert problem.code == "unknown_record"
    assert problem.message == f"a3s turn_end lacks usage.{name} of the right type; kept whole"
    assert not [
        line
        for line in lines
        if line.number == 4
        and line.record is not None
        and line.record.KIND in ("model_call_end", "model_finish", "model_receipt")
    ]


def test_a_null_optional_count_is_absent():
    """cache_read_tokens and cache_write_tokens are Option<usize>: null is no count, not a problem."""
    usage = {"prompt_tokens": 3, "completion_tokens": 2, "cache_read_tokens": None}
    lines = _a3s(
        ("agent_start", {}),
        ("turn_start", {"turn": 1}),
        ("text_delta", {"text": "a"}),
        ("turn_end", {"turn": 1, "usage": usage}),
    )
    assert [line.problem for line in lines if line.problem is not None] == []
    [end] = [
        line.record
        for line in lines
        if line.record is not None and line.record.KIND == "model_call_end"
    ]
    assert (end.input_tokens, end.output_tokens) == (3, 2)


def test_a3s_replays_are_deduplicated_before_import():
    """A replayed turn_end is skipped, so its usage counts once."""
    raw = [
        {
            "version": 1,
            "type": "turn_start",
            "payload": {"turn": 1},
            "metadata": {"run_id": "r", "sequence": 1},
        },
        {
            "version": 1,
            "type": "turn_end",
            "payload": {
                "turn": 1,
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            },
            "metadata": {"run_id": "r", "sequence": 2},
        },
    ]
    data = b"\n".join(orjson.dumps(r) for r in [*raw, raw[1]]) + b"\n"
    lines = list(read_events(io.BytesIO(data), "a3s"))
    assert [line.problem.code for line in lines if line.problem] == ["duplicate_sequence"]
    assert _fold(lines).to_dict()["usage"] == {"input_tokens": 1, "output_tokens": 1}


def test_a3s_is_never_auto_detected():
    """Read with auto, an a3s file is envelopes of unknown types plus a no_known_types warning naming --from a3s."""
    lines = list(read_events(example_path("a3s/session.a3s.jsonl").open("rb")))
    assert all(line.record.KIND == "unknown" for line in lines if line.record is not None)
    assert lines[-1].problem.code == "no_known_types"
    assert "--from a3s" in lines[-1].problem.message


def test_the_bundled_a3s_example_folds_to_the_documented_message():
    """session.a3s.jsonl folds to the message docs/envelope.md describes, with its findings and evidence."""
    lines = list(read_events(example_path("a3s/session.a3s.jsonl").open("rb"), "a3s"))
    reducer = _fold(lines)
    message = reducer.to_dict()
    assert reducer.diagnostics == ()
    field = {"text": "text", "thinking": "thinking", "tool_call": "input", "tool_result": "state"}
    summary = [(b["type"], b[field[b["type"]]]) for b in message["content"]]
    assert summary == [
        ("thinking", "List first."),
        ("text", "I'll list the files."),
        ("tool_call", '{"command":"ls"}'),
        ("tool_result", "success"),
        ("tool_call", ""),
        ("tool_call", '{"job":"cleanup"}'),
        ("tool_result", "success"),
        ("text", "Listed 2 files; the write was denied."),
    ]
    assert message["usage"] == {"input_tokens": 580, "output_tokens": 62}
    assert reducer.states()["tool_call"] == {
        "call_ls": "finished",
        "call_rm": "denied",
        "call_job": "resolved_externally",
    }
    findings = [(line.problem.code, line.record.type) for line in lines if line.problem]
    assert findings == [
        ("opaque_event", "run_capability_bound"),
        ("opaque_event", "memory_stored"),
        ("uncorrelated_external_task", "external_task_pending"),
        ("unknown_record", "future.custom"),
    ]
    receipts = [line.record for line in lines if isinstance(line.record, ModelReceiptEvent)]
    finishes = [line.record for line in lines if isinstance(line.record, ModelFinishEvent)]
    assert [r.call for r in receipts] == [f.call for f in finishes] == ["1", "2", "3"]
    assert receipts[2].text == ("Listed 2 files; the write was denied.",)
    assert all(r.usage is not None for r in receipts)


def test_the_judge_gives_one_completed_verdict_per_turn():
    """With the judge available, the example's three turns are completed with known usage."""
    from streamspec import completion

    lines = list(read_events(example_path("a3s/session.a3s.jsonl").open("rb"), "a3s"))
    events = [
        line.record
        for line in lines
        if line.problem is None
        and line.record.KIND.startswith("model_")
        and line.record.KIND != "model_call_end"
    ]
    verdicts = completion.judge(events)
    assert [(v.key, v.terminal_state, v.usage_state) for v in verdicts] == [
        ("1", "completed", "known"),
        ("2", "completed", "known"),
        ("3", "completed", "known"),
    ]


@pytest.mark.parametrize(("exit_code", "state"), [(0, "success"), (1, "error"), (127, "error")])
def test_tool_end_of_a_submitted_call_is_its_external_result(exit_code, state):
    """A call handed out as an external task is answered by its tool_end: exit code 0 is
    ``success``, anything else ``error``, and the output is the result's text."""
    lines = _a3s(
        ("tool_start", {"id": "job", "name": "run"}),
        ("external_task_pending", _pending("job")),
        ("tool_end", {"id": "job", "name": "run", "output": "done", "exit_code": exit_code}),
    )
    assert "external_execution_result" in _kinds(lines)
    reducer = _fold(lines)
    [result] = [b for b in reducer.to_dict()["content"] if b["type"] == "tool_result"]
    assert (result["id"], result["state"], result["output"]) == ("job", state, "done")
    assert reducer.states()["tool_call"] == {"job": "resolved_externally"}


def test_output_after_a_turn_end_is_evidence_of_that_turn():
    """A turn_end with no turn_start still names the call; text after it is a chunk of that
    call (evidence after its end), not of a turn 0."""
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    lines = _a3s(("turn_end", {"turn": 5, "usage": usage}), ("text_delta", {"text": "late"}))
    calls = [
        (line.record.KIND, line.record.call)
        for line in lines
        if line.record is not None
        and line.record.KIND.startswith("model_")
        and line.record.KIND != "model_call_end"
    ]
    assert calls == [("model_finish", "5"), ("model_receipt", "5"), ("model_chunk", "5")]


def test_a_tool_end_keeps_its_error_kind_and_metadata_and_a_second_one_is_kept_opaque():
    """``error_kind`` and ``metadata`` join the exit code in the result's metadata when given
    (null is not given); a second tool_end for an answered call is kept opaque, changing
    nothing."""
    end = {"id": "c", "name": "bash", "output": "o", "exit_code": 1}
    lines = _a3s(
        ("tool_start", {"id": "c", "name": "bash"}),
        ("tool_end", end | {"error_kind": "timeout", "metadata": {"ms": 5}}),
        ("tool_end", end | {"exit_code": 0, "output": "again"}),
    )
    opaque = [line for line in lines if line.problem is not None]
    assert [(line.number, line.problem.code) for line in opaque] == [(3, "opaque_event")]
    assert "whose result was already given" in opaque[0].problem.message
    [result] = [b for b in _fold(lines).to_dict()["content"] if b["type"] == "tool_result"]
    assert result["metadata"] == {"exit_code": 1, "error_kind": "timeout", "metadata": {"ms": 5}}
    assert (result["state"], result["output"][0]["text"]) == ("error", "o")
    nulls = _a3s(
        ("tool_start", {"id": "c", "name": "bash"}),
        ("tool_end", end | {"error_kind": None, "metadata": None}),
    )
    [result] = [b for b in _fold(nulls).to_dict()["content"] if b["type"] == "tool_result"]
    assert result["metadata"] == {"exit_code": 1}


@pytest.mark.parametrize(
    ("delta", "block"), [("text_delta", "text"), ("reasoning_delta", "thinking")]
)
@pytest.mark.parametrize(
    "start",
    [
        ("tool_start", {"id": "c", "name": "f"}),
        ("tool_execution_start", {"id": "c", "name": "f"}),
        ("tool_output_delta", {"id": "c", "delta": "x"}),
        ("confirmation_required", {"tool_id": "c", "tool_name": "f"}),
    ],
    ids=lambda start: start[0],
)
def test_a_call_that_starts_ends_the_open_block_first(delta, block, start):
    """spec/a3s.md: a ``tool_start``, or any event naming a call never started, ends the open
    block, so the call's start follows the block's end and a later delta of the same kind opens
    a second block."""
    lines = _a3s(("turn_start", {"turn": 1}), (delta, {"text": "a"}), start, (delta, {"text": "b"}))
    kinds = [kind for kind in _kinds(lines) if not kind.startswith("model_")]
    assert kinds[:4] == [
        f"{block}_block_start",
        f"{block}_block_delta",
        f"{block}_block_end",
        "tool_call_start",
    ]
    assert kinds[-2:] == [f"{block}_block_start", f"{block}_block_delta"]
    content = _fold(lines).to_dict()["content"]
    assert [item["type"] for item in content if item["type"] != "tool_result"] == [
        block,
        "tool_call",
        block,
    ]


@pytest.mark.parametrize("key", ["prompt_tokens", "completion_tokens", "total_tokens"])
def test_each_usage_key_of_agent_end_is_compared_and_named(key):
    """spec/a3s.md: each of the three keys agent_end gives is compared with its sum over the
    turns; the one that differs, alone, is named in the message and the details."""
    usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
    lines = _a3s(
        ("turn_start", {"turn": 1}),
        ("turn_end", {"turn": 1, "usage": usage}),
        ("agent_end", {"text": "", "usage": {**usage, key: usage[key] + 1}}),
    )
    problems = [line.problem for line in lines if line.problem]
    assert [p.code for p in problems] == ["usage_mismatch"]
    assert problems[0].details == {key: [usage[key] + 1, usage[key]]}
    assert problems[0].message == (
        f"agent_end usage disagrees: {key} {usage[key] + 1} vs Σ turn_end {usage[key]}; not added"
    )
