"""Seed 001 (a3s-code ``event_protocol.rs``): every Rust test, ported 1:1 on a3s-typed envelopes."""

from __future__ import annotations

import pytest
from streamspec import DecodeError, TextBlockDeltaEvent
from streamspec.envelope import (
    CATALOG,
    Envelope,
    UnsupportedVersionError,
    decode_envelope,
    encode_envelope,
    from_event,
    project,
)


def _project(type_: str, payload: object, metadata: object = None):
    envelope = Envelope(type=type_, payload=payload)
    if metadata is not None:
        envelope = envelope.with_metadata(metadata)
    return project(decode_envelope(encode_envelope(envelope)))


def test_envelope_rejects_unsupported_version_and_projects_confirmation_arms():
    """Version 99 is rejected with the seed's words, and the confirmation arms project their tool ids."""
    with pytest.raises(UnsupportedVersionError) as caught:
        decode_envelope({"version": 99, "type": "text_delta", "payload": {"text": "x"}})
    assert isinstance(caught.value, DecodeError)
    assert "unsupported event envelope version" in str(caught.value)
    assert str(caught.value) == "unsupported event envelope version 99; expected 1"
    assert caught.value.version == 99

    required = _project(
        "confirmation_required",
        {"tool_id": "t1", "tool_name": "bash", "args": {}, "timeout_ms": 30000},
    )
    assert required.tool_id == "t1"
    assert required.tool_name == "bash"
    assert required.data_json is not None

    received = _project(
        "confirmation_received", {"tool_id": "t1", "approved": True, "reason": "ok"}
    )
    assert received.tool_id == "t1"

    timeout = _project("confirmation_timeout", {"tool_id": "t1", "action_taken": "rejected"})
    assert timeout.tool_id == "t1"


def test_projection_covers_subagent_and_agent_end_verification_summary():
    """Subagent start/progress/end and agent_end project the seed's fields."""
    start = _project(
        "subagent_start",
        {
            "task_id": "task-1",
            "agent": "worker",
            "session_id": "child-sess",
            "parent_session_id": "parent",
            "description": "fix it",
            "started_ms": 1,
        },
    )
    assert (start.tool_id, start.tool_name, start.text, start.prompt) == (
        "task-1",
        "worker",
        "child-sess",
        "fix it",
    )
    progress = _project(
        "subagent_progress",
        {
            "task_id": "task-1",
            "session_id": "child-sess",
            "status": "running",
            "metadata": {"percent": 10},
        },
    )
    assert progress.text == "child-sess: running"
    end = _project(
        "subagent_end",
        {
            "task_id": "task-1",
            "agent": "worker",
            "session_id": "child-sess",
            "success": False,
            "output": "failed",
            "finished_ms": 2,
        },
    )
    assert end.exit_code == 1
    assert end.tool_output == "failed"
    agent_end = _project(
        "agent_end",
        {
            "text": "done",
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            "verification_summary": {"reports": [], "passed": True},
        },
    )
    assert agent_end.text == "done"
    assert agent_end.total_tokens == 2
    assert agent_end.verification_summary_json is not None
    assert agent_end.verification_summary_text is not None


def test_run_event_envelope_attaches_replay_metadata():
    """An event wrapped with replay metadata keeps run_id, session_id, sequence and timestamp_ms."""
    event = TextBlockDeltaEvent(reply_id="r", block_id="b", delta="hello")
    metadata = {"run_id": "run-1", "session_id": "session-1", "sequence": 3, "timestamp_ms": 42}
    envelope = from_event(event, metadata)
    assert envelope.type == "text_block_delta"
    wire = encode_envelope(envelope)
    assert wire["metadata"] == metadata
    assert decode_envelope(wire).metadata["sequence"] == 3


def test_event_type_catalog_is_non_empty_and_stable():
    """The catalog is non-empty, has no duplicate, and names TEXT_BLOCK_DELTA's class as text_block_delta."""
    assert CATALOG
    assert len(set(CATALOG)) == len(CATALOG)
    assert "text_block_delta" in CATALOG
    assert (
        from_event(TextBlockDeltaEvent(reply_id="r", block_id="b", delta="x")).type
        == "text_block_delta"
    )


def test_envelope_round_trips_and_projects_streaming_tool_and_turn_events():
    """A future type round-trips with its metadata; the streaming, tool and turn arms project as the seed says."""
    envelope = Envelope(type="future.event", payload={"k": 1}).with_metadata({"run_id": "r1"})
    assert decode_envelope(encode_envelope(envelope)) == envelope
    assert _project("future.custom", {"keep": True}).data_json is not None

    start = _project("agent_start", {"prompt": "build"})
    assert start.prompt == "build"
    assert start.data_json is None
    assert _project("turn_start", {"turn": 4}).turn == 4
    assert _project("text_delta", {"text": "hi"}).text == "hi"
    assert _project("reasoning_delta", {"text": "think"}).text == "think"
    tool_start = _project("tool_start", {"id": "c1", "name": "bash"})
    assert (tool_start.tool_id, tool_start.tool_name) == ("c1", "bash")
    assert _project("tool_input_delta", {"id": "c1", "delta": '{"a":1}'}).text == '{"a":1}'
    exec_start = _project(
        "tool_execution_start", {"id": "c1", "name": "bash", "args": {"command": "true"}}
    )
    assert exec_start.data_json is not None
    tool_end = _project(
        "tool_end",
        {
            "id": "c1",
            "name": "bash",
            "args": None,
            "output": "ok",
            "exit_code": 0,
            "metadata": None,
            "error_kind": {"Timeout": {"op": "bash", "duration_ms": 10}},
        },
    )
    assert tool_end.tool_output == "ok"
    assert tool_end.error_kind_json is not None
    assert (
        _project("tool_output_delta", {"id": "c1", "name": "bash", "delta": "line"}).text == "line"
    )
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 9}
    assert _project("turn_end", {"turn": 2, "usage": usage}).total_tokens == 9
    assert _project("error", {"message": "boom"}).error == "boom"
    denied = _project(
        "permission_denied", {"tool_id": "t2", "tool_name": "write", "args": {}, "reason": "policy"}
    )
    assert denied.tool_name == "write"
    planning = _project("planning_start", {"prompt": "plan"})
    assert planning.prompt == "plan"
    assert planning.data_json is None
    alert = {"level": "warn", "alert_type": "depth", "message": "deep"}
    owned = Envelope(type="queue_alert", payload=dict(alert))
    borrowed = Envelope(type="queue_alert", payload=alert)
    assert owned == borrowed
    assert project(owned).data_json is not None


def test_tool_request_bound_projection_keeps_ids():
    """tool_request_bound projects tool_id and tool_name and keeps data_json."""
    projection = _project("tool_request_bound", {"tool_id": "c9", "tool_name": "bash"})
    assert projection.tool_id == "c9"
    assert projection.tool_name == "bash"
    assert projection.data_json is not None


@pytest.mark.parametrize(
    "name",
    [
        "envelope_rejects_unsupported_version_and_projects_confirmation_arms",
        "projection_covers_subagent_and_agent_end_verification_summary",
        "run_event_envelope_attaches_replay_metadata",
        "event_type_catalog_is_non_empty_and_stable",
        "envelope_round_trips_and_projects_streaming_tool_and_turn_events",
        "tool_request_bound_projection_keeps_ids",
    ],
)
def test_every_seed_test_has_a_twin(name):
    """Each of the seed's six Rust tests has a Python twin of the same name here."""
    assert callable(globals()[f"test_{name}"])
