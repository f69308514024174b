"""The envelope conformance vectors' inputs: one entry per vector, with its level.

Levels (``spec/vectors/envelope/README.md``): ``must`` is envelope v1 itself
(versions, unknown types, replay skipping, AgentScope JSON, conversion, the
projection of streamspec's types); ``should`` is the advice an implementation
gives about a stream without changing what it reads (replay gap and
regression warnings, the ``no_known_types`` hint); ``may`` is the optional a3s
source (``spec/a3s.md``), the projection rows of a3s types and the recorded
provider streams of ``examples/`` (one read vector each).

The expected results are not written here: :mod:`streamspec.envelope._vectors`
computes them with the reference implementation.
"""

from __future__ import annotations

from typing import Any, Final

import attrs
import orjson

from streamspec._resources import example_path
from streamspec.sources._registry import PROVIDER_SOURCES

__all__ = ["CASES", "Convert", "Projection", "Read", "provider_examples"]


@attrs.frozen(kw_only=True)
class Read:
    """A ``read`` vector: input lines read with a ``--from`` source."""

    level: str
    description: str
    source: str
    lines: tuple[str, ...]
    tags: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Convert:
    """A ``convert`` vector: input lines rewritten as ``target``."""

    level: str
    description: str
    source: str
    target: str
    lines: tuple[str, ...]
    tags: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class Projection:
    """A ``projection`` vector: one envelope and its projection."""

    level: str
    description: str
    envelope: dict[str, Any]
    tags: tuple[str, ...] = ()


def _env(type_: str, payload: Any, **metadata: Any) -> str:
    envelope: dict[str, Any] = {"version": 1, "type": type_, "payload": payload}
    if metadata:
        envelope["metadata"] = metadata
    return orjson.dumps(envelope).decode()


def _json(value: Any) -> str:
    return orjson.dumps(value).decode()


def _text(seq: int, delta: str, run_id: str = "run") -> str:
    payload = {"reply_id": "r1", "block_id": "b", "delta": delta}
    return _env("text_block_delta", payload, run_id=run_id, sequence=seq)


def _a3s(*records: tuple[str, Any], run_id: str = "run") -> tuple[str, ...]:
    """a3s envelopes with replay metadata, sequence numbers from 1."""
    return tuple(
        _env(type_, payload, run_id=run_id, session_id="sess", sequence=number)
        for number, (type_, payload) in enumerate(records, start=1)
    )


def _usage(prompt: int, completion: int) -> dict[str, int]:
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


_START: Final = _env("text_block_start", {"reply_id": "r1", "block_id": "b"})

_MUST: Final[dict[str, Read | Convert | Projection]] = {
    "unknown-type-round-trip": Read(
        level="must",
        description="An unknown type keeps its payload and metadata and is written back unchanged.",
        source="envelope",
        lines=(
            _env("future.event", {"k": [1, {"x": None}]}, run_id="r", sequence=1, extra=True),
            _START,
        ),
    ),
    "unsupported-version": Read(
        level="must",
        description=(
            "Any version but 1 is rejected with the seed's words, before the rest is judged; "
            "the next line is still read."
        ),
        source="auto",
        lines=(
            _json({"version": 2, "type": "text_block_start", "payload": {"future": True}}),
            _START,
        ),
    ),
    "envelope-unreadable": Read(
        level="must",
        description=(
            "Lines that are not envelopes, and catalog envelopes whose payload is not their "
            "event (a delta that is not a string: an invalid field on purpose), are "
            "unreadable_line errors; a blank line gives nothing; reading goes on."
        ),
        source="envelope",
        tags=("invalid-field",),
        lines=(
            "[1, 2]",
            "not json",
            _json({"version": 1, "type": "text_block_start"}),
            _json({"version": "1", "type": "text_block_start", "payload": {}}),
            "",
            _env("text_block_delta", {"reply_id": "r1", "block_id": "b", "delta": 5}),
            _env(
                "text_block_start",
                {"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "b"},
            ),
            _env("model_finish", {"call": "1", "reason": "stop"}),
            _START,
        ),
    ),
    "agentscope-lines": Read(
        level="must",
        description=(
            "AgentScope JSON lines are read as events and written as envelopes, id and metadata "
            "kept; an unknown UPPER_SNAKE type is kept whole; a line that is not JSON is "
            "unreadable."
        ),
        source="auto",
        lines=(
            '{"id":"e1","created_at":"t1","metadata":{},"type":"TEXT_BLOCK_START",'
            '"reply_id":"r1","block_id":"b"}',
            '{"id":"e2","created_at":"t2","metadata":{"k":1},"type":"TEXT_BLOCK_DELTA",'
            '"reply_id":"r1","block_id":"b","delta":"hi"}',
            '{"type":"FUTURE_SIGNAL","reply_id":"r1","level":3}',
            "not json",
        ),
    ),
    "replay-duplicate": Read(
        level="must",
        description=(
            "A (run_id, sequence) already applied is skipped with duplicate_sequence, so its "
            "text is folded once; another run, and a record without run_id, are counted apart."
        ),
        source="envelope",
        lines=(
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=1),
            _text(2, "a"),
            _text(2, "a"),
            _text(2, "b", run_id="other"),
            _env("text_block_delta", {"reply_id": "r1", "block_id": "b", "delta": "c"}, sequence=2),
            _env("text_block_delta", {"reply_id": "r1", "block_id": "b", "delta": "c"}, sequence=2),
            _env("text_block_end", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=3),
        ),
    ),
    "convert-to-agentscope": Convert(
        level="must",
        description=(
            "Envelopes become AgentScope JSON; what AgentScope JSON cannot say (metadata, "
            "completion events, unknown types without an AgentScope spelling) is a "
            "not_expressible warning, never dropped silently; problem lines pass through."
        ),
        source="envelope",
        target="agentscope",
        lines=(
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=1),
            _env(
                "text_block_delta", {"id": "e2", "reply_id": "r1", "block_id": "b", "delta": "hi"}
            ),
            _env("model_finish", {"call": "1", "reason": "stop", "vocabulary": "muse"}),
            _env("future_event", {"id": "e9", "created_at": "t9", "k": 1}),
            _env("future_event", {"k": 2}, run_id="run", sequence=9),
            _env("future.event", {"k": 3}),
            _env("future_event", {"type": "X", "k": 4}),
            _env("future_event", [1, 2]),
            _json({"version": 3, "type": "text_block_end", "payload": {}}),
        ),
    ),
    "convert-to-envelope": Convert(
        level="must",
        description=(
            "AgentScope JSON becomes envelopes (the lower-cased type, the object minus type), "
            "an unknown UPPER_SNAKE type included; an unreadable line passes through."
        ),
        source="agentscope",
        target="envelope",
        lines=(
            '{"id":"e1","created_at":"t1","metadata":{"k":1},"type":"TEXT_BLOCK_START",'
            '"reply_id":"r1","block_id":"b"}',
            '{"type":"FUTURE_SIGNAL","reply_id":"r1","level":3}',
            "not json",
        ),
    ),
    "convert-envelope-to-envelope": Convert(
        level="must",
        description=(
            "An envelope is written back as read, metadata and extra keys kept; conversion "
            "applies no replay filter, so a repeated sequence is written twice."
        ),
        source="envelope",
        target="envelope",
        lines=(
            _json(
                {
                    "version": 1,
                    "type": "text_block_start",
                    "payload": {"reply_id": "r1", "block_id": "b"},
                    "metadata": {"run_id": "run", "sequence": 1},
                    "extra": [1],
                }
            ),
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=1),
            _env("model_receipt", {"call": "1", "text": ["hi"]}),
        ),
    ),
    "projection-text-delta": Projection(
        level="must",
        description="A streamspec text delta projects its text and keeps data_json.",
        envelope={
            "version": 1,
            "type": "text_block_delta",
            "payload": {"reply_id": "r1", "block_id": "b", "delta": "hi"},
            "metadata": {"run_id": "run", "sequence": 7},
        },
    ),
    "projection-model-call-end": Projection(
        level="must",
        description="A model call end projects total_tokens as input plus output tokens.",
        envelope={
            "version": 1,
            "type": "model_call_end",
            "payload": {"reply_id": "r1", "input_tokens": 3, "output_tokens": 4},
        },
    ),
    "projection-unknown-type": Projection(
        level="must",
        description=(
            "A type with no projection row fills no convenience field and keeps its payload "
            "as data_json; metadata_json has sorted keys."
        ),
        envelope={
            "version": 1,
            "type": "future.custom",
            "payload": {"z": "é", "a": [1, None]},
            "metadata": {"sequence": 2, "run_id": "run"},
        },
    ),
}

_SHOULD: Final[dict[str, Read | Convert | Projection]] = {
    "replay-gap-regression": Read(
        level="should",
        description=(
            "A sequence that skips numbers is applied with sequence_gap; a lower one never "
            "seen is applied with sequence_regression."
        ),
        source="envelope",
        lines=(
            _env("text_block_start", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=1),
            _text(2, "a"),
            _text(5, "b"),
            _text(4, "c"),
            _env("text_block_end", {"reply_id": "r1", "block_id": "b"}, run_id="run", sequence=6),
        ),
    ),
    "reader-warnings": Read(
        level="should",
        description=(
            "A byte order mark before the first line is ignored with byte_order_mark; an object "
            "that names a key twice keeps the last value, with duplicate_key."
        ),
        source="agentscope",
        lines=(
            "\ufeff" + _json({"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "b"}),
            '{"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b", '
            '"delta": "x", "delta": "y"}',
            _json({"type": "TEXT_BLOCK_END", "reply_id": "r1", "block_id": "b"}),
        ),
    ),
    "no-known-types": Read(
        level="should",
        description=(
            "Envelopes none of which has a catalog type are kept whole, and a last "
            "no_known_types warning suggests reading them as a3s."
        ),
        source="envelope",
        lines=(
            _env("turn_start", {"turn": 1}, run_id="run", sequence=1),
            _env("text_delta", {"text": "hi"}, run_id="run", sequence=2),
            _env("text_delta", {"text": "hi"}, run_id="run", sequence=2),
            "",
        ),
    ),
}

_ANTHROPIC_START: Final = {
    "type": "message_start",
    "message": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-x",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 3, "output_tokens": 1},
    },
}


def _chat_chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "gpt-x",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }


_MAY: Final[dict[str, Read | Convert | Projection]] = {
    "anthropic-delta-before-its-block": Read(
        level="may",
        description=(
            "An Anthropic delta for a block index never started is a source_violation error: "
            "kept as a source-typed envelope, never folded; the message still ends."
        ),
        source="anthropic",
        lines=(
            "event: message_start",
            _json(_ANTHROPIC_START),
            "",
            "event: content_block_delta",
            _json(
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": "lost"},
                }
            ),
            "",
            _json(
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": {"output_tokens": 2},
                }
            ),
            _json({"type": "message_stop"}),
        ),
    ),
    "anthropic-cut-after-message-start": Read(
        level="may",
        description=(
            "An Anthropic stream cut right after message_start: the reply starts and its call "
            "opens with an empty text chunk, so the call is judged (no completion basis)."
        ),
        source="anthropic",
        lines=("event: message_start", "data: " + _json(_ANTHROPIC_START), ""),
    ),
    "openai-chat-unknown-record": Read(
        level="may",
        description=(
            "A record an OpenAI Chat stream does not define is an unknown_record warning, kept "
            "whole as a source-typed envelope; [DONE] then ends the reply."
        ),
        source="openai_chat",
        lines=(
            "data: " + _json(_chat_chunk({"role": "assistant", "content": "Hi"})),
            "data: " + _json({"object": "chat.completion", "id": "x"}),
            "data: " + _json(_chat_chunk({}, "stop")),
            "data: [DONE]",
        ),
    ),
    "a3s-turn": Read(
        level="may",
        description=(
            "An a3s turn with text and a tool call becomes reply events and the turn's "
            "evidence (spec/a3s.md)."
        ),
        source="a3s",
        lines=_a3s(
            ("turn_start", {"turn": 1}),
            ("text_delta", {"text": "Listing."}),
            ("tool_start", {"id": "c", "name": "bash"}),
            ("tool_input_delta", {"id": "c", "delta": '{"cmd":"ls"}'}),
            ("tool_end", {"id": "c", "name": "bash", "output": "a.txt", "exit_code": 0}),
            ("turn_end", {"turn": 1, "usage": _usage(3, 4)}),
        ),
    ),
    "a3s-turn-restart": Read(
        level="may",
        description=(
            "A repeated turn_start discards the turn's drafts but keeps its opaque events; "
            "a block outside any turn takes the last turn's number."
        ),
        source="a3s",
        lines=_a3s(
            ("agent_start", {"prompt": "go"}),
            ("turn_start", {"turn": 1}),
            ("reasoning_delta", {"text": "draft"}),
            ("tool_start", {"id": "c", "name": "bash"}),
            ("memory_recalled", {"memory_id": "m1"}),
            ("turn_start", {"turn": 1}),
            ("reasoning_delta", {"text": "plan"}),
            ("text_delta", {"text": "Done."}),
            ("turn_end", {"turn": 1, "usage": _usage(5, 2)}),
            ("text_delta", {"text": "after"}),
            ("agent_end", {"text": "Done.", "usage": _usage(5, 2)}),
        ),
    ),
    "a3s-approvals": Read(
        level="may",
        description=(
            "Confirmations map onto REQUIRE_USER_CONFIRM and USER_CONFIRM_RESULT; a denial "
            "never asked is a synthetic pair; a timeout confirms only when auto-approved."
        ),
        source="a3s",
        lines=_a3s(
            ("agent_start", {}),
            ("turn_start", {"turn": 1}),
            ("tool_start", {"id": "c1", "name": "bash"}),
            ("tool_start", {"id": "c2", "name": "write"}),
            ("tool_start", {"id": "c3", "name": "read"}),
            ("turn_end", {"turn": 1, "usage": _usage(9, 3)}),
            (
                "confirmation_required",
                {"tool_id": "c1", "tool_name": "bash", "args": {"cmd": "ls"}, "timeout_ms": 500},
            ),
            ("confirmation_received", {"tool_id": "c1", "approved": True, "reason": "ok"}),
            ("tool_execution_start", {"id": "c1", "name": "bash", "args": {"cmd": "ls"}}),
            ("tool_output_delta", {"id": "c1", "name": "bash", "delta": "a\n"}),
            ("tool_end", {"id": "c1", "name": "bash", "output": "ignored", "exit_code": 0}),
            (
                "permission_denied",
                {"tool_id": "c2", "tool_name": "write", "args": {"p": "/"}, "reason": "policy"},
            ),
            ("tool_end", {"id": "c2", "name": "write", "output": "denied", "exit_code": 1}),
            ("confirmation_required", {"tool_id": "c3", "tool_name": "read"}),
            ("confirmation_timeout", {"tool_id": "c3", "action_taken": "auto_approved"}),
            ("agent_end", {"usage": _usage(9, 3)}),
        ),
    ),
    "a3s-external-tasks": Read(
        level="may",
        description=(
            "An external task whose task_id is an open call is submitted and its completion "
            "is the result; any other is kept opaque with uncorrelated_external_task."
        ),
        source="a3s",
        lines=_a3s(
            ("agent_start", {}),
            ("turn_start", {"turn": 1}),
            ("tool_start", {"id": "job", "name": "run_job"}),
            ("tool_input_delta", {"id": "job", "delta": '{"n":1}'}),
            ("turn_end", {"turn": 1, "usage": _usage(4, 1)}),
            (
                "external_task_pending",
                {"task_id": "job", "lane": "Execute", "command_type": "run", "timeout_ms": 60},
            ),
            ("external_task_pending", {"task_id": "orphan", "lane": "Execute"}),
            ("external_task_completed", {"task_id": "job", "success": True}),
            ("external_task_completed", {"task_id": "job", "success": True}),
            ("agent_end", {}),
        ),
    ),
    "a3s-opaque-and-unknown": Read(
        level="may",
        description=(
            "An a3s type with no reply meaning is kept whole with opaque_event; a type outside "
            "a3s's catalog, or an a3s event lacking a field a rule needs, with unknown_record."
        ),
        source="a3s",
        lines=_a3s(
            ("agent_start", {}),
            ("memory_stored", {"memory_id": "m1", "importance": 0.5}),
            ("future.custom", {"keep": True}),
            ("text_block_delta", {"reply_id": "r1", "block_id": "b", "delta": "x"}),
            ("tool_start", {"id": "c"}),
            ("turn_start", {"turn": "one"}),
            ("tool_input_delta", {"delta": "{}"}),
            ("text_delta", [1]),
            ("agent_end", {}),
        ),
    ),
    "a3s-usage-mismatch": Read(
        level="may",
        description=(
            "The message usage is the sum of turn_end usage; an agent_end total that "
            "disagrees is a usage_mismatch warning and is not added."
        ),
        source="a3s",
        lines=_a3s(
            ("agent_start", {}),
            ("turn_start", {"turn": 1}),
            ("text_delta", {"text": "a"}),
            ("turn_end", {"turn": 1, "usage": _usage(10, 2)}),
            ("turn_start", {"turn": 2}),
            ("text_delta", {"text": "b"}),
            (
                "turn_end",
                {
                    "turn": 2,
                    "usage": {**_usage(20, 3), "cache_read_tokens": 7, "cache_write_tokens": 1},
                },
            ),
            ("agent_end", {"usage": {"prompt_tokens": 30, "completion_tokens": 9}}),
        ),
    ),
    "a3s-error": Read(
        level="may",
        description=(
            "An error becomes a model_error for the open turn, which is emitted as it is; "
            "a turn left open at the end of input has no receipt."
        ),
        source="a3s",
        lines=_a3s(
            ("agent_start", {}),
            ("turn_start", {"turn": 1}),
            ("text_delta", {"text": "par"}),
            ("error", {"message": "provider unavailable"}),
            ("turn_start", {"turn": 2}),
            ("text_delta", {"text": "cut"}),
        ),
    ),
    "projection-a3s-tool-end": Projection(
        level="may",
        description="An a3s tool_end projects its id, name, output and exit code.",
        envelope={
            "version": 1,
            "type": "tool_end",
            "payload": {"id": "c", "name": "bash", "output": "ok", "exit_code": 0},
        },
    ),
    "projection-a3s-agent-end": Projection(
        level="may",
        description=(
            "An a3s agent_end projects text, total_tokens and the verification summary as "
            "JSON and as key: value text."
        ),
        envelope={
            "version": 1,
            "type": "agent_end",
            "payload": {
                "text": "done",
                "usage": _usage(1, 1),
                "verification_summary": {"passed": True, "reports": []},
            },
        },
    ),
}


def provider_examples() -> dict[str, Read]:
    """A ``may`` read vector per recorded provider stream (``examples/<source>/*.sse|jsonl``)."""
    cases: dict[str, Read] = {}
    for source in PROVIDER_SOURCES:
        folder = example_path(source.name)
        paths = sorted(folder.iterdir()) if folder.is_dir() else []
        for path in paths:
            if path.suffix not in (".sse", ".jsonl"):
                continue
            cases[f"{source.name}-{path.stem}"] = Read(
                level="may",
                description=(
                    f"The recorded {source.title} stream examples/{source.name}/{path.name}, "
                    f"read with --from {source.name}."
                ),
                source=source.name,
                lines=tuple(path.read_text(encoding="utf-8").splitlines()),
            )
    return cases


#: ``name -> vector input``, every level.
CASES: Final[dict[str, Read | Convert | Projection]] = {
    **_MUST,
    **_SHOULD,
    **_MAY,
    **provider_examples(),
}
