"""``auto`` knows each provider by the provider's own vocabulary of record types.

The expected types come from the providers' SDKs where one is a test
dependency (AG-UI's ``EventType``, Anthropic's ``RawMessageStreamEvent``), and
for the Vercel AI SDK (TypeScript) from the table below, copied from its UI
message stream protocol (``uiMessageChunkSchema``, AI SDK 5).
"""

from __future__ import annotations

import typing
from typing import Any

import pytest
from ag_ui.core import EventType
from anthropic.types import RawMessageStreamEvent
from streamspec.sources._registry import detect_source

#: The Vercel AI SDK's UI message chunk types (``data-*`` parts are matched by prefix).
VERCEL_UI_CHUNK_TYPES = (
    "start", "finish", "abort", "error", "start-step", "finish-step", "reset-step",
    "text-start", "text-delta", "text-end",
    "reasoning-start", "reasoning-delta", "reasoning-end", "reasoning-file",
    "tool-input-start", "tool-input-delta", "tool-input-available", "tool-input-error",
    "tool-approval-request", "tool-approval-response",
    "tool-output-available", "tool-output-error", "tool-output-denied",
    "source-url", "source-document", "file", "custom", "message-metadata",
    "steering-message",
)  # fmt: skip


def _literal_types(union: Any) -> list[str]:
    members = typing.get_args(typing.get_args(union)[0])
    return sorted(typing.get_args(m.model_fields["type"].annotation)[0] for m in members)


@pytest.mark.parametrize("type_", sorted(e.value for e in EventType))
def test_every_agui_event_type_is_taken_for_agui(type_: str) -> None:
    """Each of the SDK's event types, with an AG-UI id, is AG-UI (shared names included)."""
    assert detect_source({"type": type_, "messageId": "m"}).value == "agui"


@pytest.mark.parametrize("type_", ["TOOL_CALL_START", "TOOL_CALL_END", "CUSTOM"])
def test_a_type_agentscope_shares_needs_an_agui_id(type_: str) -> None:
    """Without ``messageId``/``toolCallId``/``runId``/``threadId`` a shared type is AgentScope's."""
    assert detect_source({"type": type_, "tool_call_id": "c"}).value == "agentscope"
    for key in ("messageId", "toolCallId", "runId", "threadId"):
        assert detect_source({"type": type_, key: "x"}).value == "agui"


@pytest.mark.parametrize("type_", [*_literal_types(RawMessageStreamEvent), "ping"])
def test_every_anthropic_stream_event_type_is_taken_for_anthropic(type_: str) -> None:
    """The SDK's stream event types, and the ``ping`` keep-alive, are Anthropic's."""
    assert detect_source({"type": type_}).value == "anthropic"


@pytest.mark.parametrize("type_", [t for t in VERCEL_UI_CHUNK_TYPES if t != "error"])
def test_every_vercel_ui_chunk_type_is_taken_for_vercel_ui(type_: str) -> None:
    """Each UI message chunk type is the Vercel UI stream (``error`` needs ``errorText``)."""
    assert detect_source({"type": type_, "id": "x"}).value == "vercel_ui"


def test_a_vercel_error_is_known_by_its_error_text() -> None:
    """``error`` with ``errorText`` is Vercel's; a ``data-`` part is Vercel's by its prefix."""
    assert detect_source({"type": "error", "errorText": "x"}).value == "vercel_ui"
    assert detect_source({"type": "data-weather", "data": {}}).value == "vercel_ui"
