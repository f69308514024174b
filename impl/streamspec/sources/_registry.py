"""The provider sources: their names, their importers and how ``auto`` knows them.

``auto`` tries, on the first JSON object of the input (an SSE ``data:`` line's
record counts), each source's :attr:`ProviderSource.detects` in the order of
:data:`PROVIDER_SOURCES`; a record none of them claims is left to the other
formats (envelope, muse, AgentScope). Each test names only what that source,
and no other format streamspec reads, writes on its records:

- ``openai_chat``: ``object`` is ``"chat.completion.chunk"``, or a record
  without ``type`` holds an ``error`` object with a ``message`` (a stream that
  failed before its first chunk).
- ``openai_responses``: ``type`` starts with ``response.``, or is ``error``
  with a ``sequence_number`` (and no ``error`` object or ``errorText``).
- ``anthropic``: ``type`` is one of the Messages stream's own types, or
  ``error`` with an ``error`` object.
- ``agui``: ``type`` is an AG-UI 1.0 type AgentScope does not have, or one
  both have with an AG-UI camelCase id (``messageId``, ``toolCallId``,
  ``runId``, ``threadId``).
- ``vercel_ui``: ``type`` is a UI message stream type (``start``,
  ``text-delta``, ``data-<name>`` ...), or ``error`` with ``errorText``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

import attrs

from streamspec._jsonl import Line

__all__ = ["PROVIDER_SOURCES", "ProviderSource", "detect_provider", "import_provider", "provider"]

_ANTHROPIC_TYPES: Final = frozenset(
    {
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
        "ping",
    }
)
#: AG-UI 1.0 event types.
AGUI_TYPES: Final = frozenset(
    {
        "RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "STEP_STARTED", "STEP_FINISHED",
        "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TEXT_MESSAGE_CHUNK",
        "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_CHUNK",
        "TOOL_CALL_RESULT", "REASONING_START", "REASONING_END", "REASONING_MESSAGE_START",
        "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END", "REASONING_MESSAGE_CHUNK",
        "REASONING_ENCRYPTED_VALUE", "STATE_SNAPSHOT", "STATE_DELTA", "MESSAGES_SNAPSHOT",
        "ACTIVITY_SNAPSHOT", "ACTIVITY_DELTA", "RAW", "CUSTOM", "SUBAGENT_STARTED",
        "SUBAGENT_FINISHED", "SUBAGENT_ERROR",
    }
)  # fmt: skip
_AGENTSCOPE_SHARED: Final = frozenset({"TOOL_CALL_START", "TOOL_CALL_END", "CUSTOM"})
_AGUI_IDS: Final = ("messageId", "toolCallId", "runId", "threadId")
#: Vercel AI SDK UI message stream (v1) chunk types.
VERCEL_UI_TYPES: Final = frozenset(
    {
        "start", "finish", "abort", "error", "start-step", "finish-step", "reset-step",
        "text-start", "text-delta", "text-end", "reasoning-start", "reasoning-delta",
        "reasoning-end", "reasoning-file", "tool-input-start", "tool-input-delta",
        "tool-input-available", "tool-input-error", "tool-approval-request",
        "tool-approval-response", "tool-output-available", "tool-output-error",
        "tool-output-denied", "source-url", "source-document", "file", "custom",
        "message-metadata", "steering-message",
    }
)  # fmt: skip


def _type(record: dict[str, Any]) -> str | None:
    type_ = record.get("type")
    return type_ if isinstance(type_, str) else None


def _openai_chat(record: dict[str, Any]) -> bool:
    if record.get("object") == "chat.completion.chunk":
        return True
    error = record.get("error")
    return (
        "type" not in record and isinstance(error, dict) and isinstance(error.get("message"), str)
    )


def _openai_responses(record: dict[str, Any]) -> bool:
    type_ = _type(record)
    if type_ == "error":
        return "sequence_number" in record and "error" not in record and "errorText" not in record
    return type_ is not None and type_.startswith("response.")


def _anthropic(record: dict[str, Any]) -> bool:
    type_ = _type(record)
    return type_ in _ANTHROPIC_TYPES or (type_ == "error" and isinstance(record.get("error"), dict))


def _agui(record: dict[str, Any]) -> bool:
    type_ = _type(record)
    if type_ not in AGUI_TYPES:
        return False
    return type_ not in _AGENTSCOPE_SHARED or any(key in record for key in _AGUI_IDS)


def _vercel_ui(record: dict[str, Any]) -> bool:
    type_ = _type(record)
    if type_ is None:
        return False
    if type_ == "error":
        return "errorText" in record
    return type_ in VERCEL_UI_TYPES or type_.startswith("data-")


@attrs.frozen
class ProviderSource:
    """One provider source.

    Attributes:
        name: its ``--from`` name.
        title: how reports name it.
        vocabulary: its finish words' vocabulary in ``spec/finish_reasons.json``.
        detects: whether ``auto`` takes a first record for it.
    """

    name: str
    title: str
    vocabulary: str
    detects: Callable[[dict[str, Any]], bool]

    @property
    def module(self) -> str:
        """The module of its importer (``import_lines(lines) -> lines``)."""
        return f"streamspec.sources._{self.name}"


#: Every provider source, in the order ``auto`` tries them.
PROVIDER_SOURCES: Final = (
    ProviderSource("openai_chat", "OpenAI Chat Completions", "openai_chat", _openai_chat),
    ProviderSource("openai_responses", "OpenAI Responses", "openai_responses", _openai_responses),
    ProviderSource("anthropic", "Anthropic Messages", "anthropic", _anthropic),
    ProviderSource("agui", "AG-UI", "ag_ui", _agui),
    ProviderSource("vercel_ui", "Vercel AI UI message stream", "vercel_ai", _vercel_ui),
)
_BY_NAME: Final = {source.name: source for source in PROVIDER_SOURCES}


def provider(name: str) -> ProviderSource | None:
    """The provider source called ``name``, or ``None``."""
    return _BY_NAME.get(name)


def detect_provider(record: Any) -> ProviderSource | None:
    """The provider source ``auto`` takes a first record for, or ``None``."""
    if not isinstance(record, dict):
        return None
    for source in PROVIDER_SOURCES:
        if source.detects(record):
            return source
    return None


def import_provider(name: str, lines: Iterable[Line]) -> Iterator[Line]:
    """Read provider lines (:func:`~streamspec.sources.provider_lines`) with ``name``'s importer."""
    module = importlib.import_module(_BY_NAME[name].module)
    result: Iterator[Line] = module.import_lines(lines)
    return result
