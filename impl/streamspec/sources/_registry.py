"""Every source streamspec reads: its name, how ``auto`` knows it and which module reads it.

:data:`ENTRIES` is the one list ``--from`` offers and ``auto`` detection
reads. ``auto`` tries each entry's :attr:`SourceEntry.detects` on the first
JSON object of the input (an SSE ``data:`` line's record counts), in the
order of :data:`ENTRIES`:

- ``envelope``: a record with a ``version`` key (another version is then
  refused with the seed's message);
- ``muse``: a ``type`` containing ``/``;
- the provider sources, each by what that source, and no other format
  streamspec reads, writes on its records:

  - ``openai_chat``: ``object`` is ``"chat.completion.chunk"``, or a record
    without ``type`` holds an ``error`` object with a ``message`` (a stream
    that failed before its first chunk).
  - ``openai_responses``: ``type`` starts with ``response.``, or is ``error``
    with a ``sequence_number`` (and no ``error`` object or ``errorText``).
  - ``anthropic``: ``type`` is one of the Messages stream's own types, or
    ``error`` with an ``error`` object.
  - ``agui``: ``type`` is an AG-UI 1.0 type AgentScope does not have, or one
    both have with an AG-UI camelCase id (``messageId``, ``toolCallId``,
    ``runId``, ``threadId``).
  - ``vercel_ui``: ``type`` is a UI message stream type (``start``,
    ``text-delta``, ``data-<name>`` ...), or ``error`` with ``errorText``.

- ``agentscope``: anything else (its reader keeps unknown types whole).

a3s is never detected: its envelopes are shaped like streamspec's, and only
``--from a3s`` reads them as a3s.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, BinaryIO, Final

import attrs

from streamspec._jsonl import Line
from streamspec.envelope._shape import is_envelope_record
from streamspec.sources._sse import provider_lines

__all__ = [
    "ENTRIES",
    "PROVIDER_SOURCES",
    "SOURCES",
    "ReadOptions",
    "Source",
    "SourceEntry",
    "detect_provider",
    "detect_source",
    "entry",
    "provider",
]


class Source(enum.Enum):
    """The input formats ``--from`` accepts."""

    AUTO = "auto"
    ENVELOPE = "envelope"
    AGENTSCOPE = "agentscope"
    MUSE = "muse"
    A3S = "a3s"
    OPENAI_CHAT = "openai_chat"
    OPENAI_RESPONSES = "openai_responses"
    ANTHROPIC = "anthropic"
    AGUI = "agui"
    VERCEL_UI = "vercel_ui"


#: The ``--from`` choices, in help order.
SOURCES: Final = tuple(s.value for s in Source)

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
class ReadOptions:
    """How a source's reader reads.

    Attributes:
        replay: apply the replay filter to envelopes (envelope, a3s).
        keep_envelopes: give envelope records instead of their events (envelope).
        folds: ``wire type -> fold`` for AgentScope objects taken as read (agentscope).
    """

    replay: bool = True
    keep_envelopes: bool = False
    folds: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None


def _is_muse(record: dict[str, Any]) -> bool:
    type_ = _type(record)
    return type_ is not None and "/" in type_


@attrs.frozen
class SourceEntry:
    """One source.

    Attributes:
        name: its ``--from`` name.
        title: how reports name it.
        module: the module that reads it: ``read_source(stream, options)``,
            or for a provider ``import_lines(lines)`` over
            :func:`~streamspec.sources.provider_lines`.
        detects: whether ``auto`` takes a first record for it; ``None``:
            never detected.
        vocabulary: its finish words' vocabulary in ``spec/finish_reasons.json``.
        provider: a provider stream (SSE or JSON lines, read by an importer).
        replies: it carries replies to fold (muse carries model calls only).
        evidence: its reader states each model call's evidence as completion
            events, so its reply events are evidence for the reducer only.
    """

    name: str
    title: str
    module: str
    detects: Callable[[dict[str, Any]], bool] | None
    vocabulary: str | None = None
    provider: bool = False
    replies: bool = True
    evidence: bool = False

    def read(self, stream: BinaryIO | Iterable[bytes], options: ReadOptions) -> Iterator[Line]:
        """Read ``stream`` as this source."""
        module = importlib.import_module(self.module)
        if self.provider:
            imported: Iterator[Line] = module.import_lines(provider_lines(stream))
            return imported
        read: Iterator[Line] = module.read_source(stream, options)
        return read


def _provider(
    name: str, title: str, vocabulary: str, detects: Callable[[dict[str, Any]], bool]
) -> SourceEntry:
    module = f"streamspec.sources._{name}"
    return SourceEntry(name, title, module, detects, vocabulary, provider=True, evidence=True)


#: Every provider source, in the order ``auto`` tries them.
PROVIDER_SOURCES: Final = (
    _provider("openai_chat", "OpenAI Chat Completions", "openai_chat", _openai_chat),
    _provider("openai_responses", "OpenAI Responses", "openai_responses", _openai_responses),
    _provider("anthropic", "Anthropic Messages", "anthropic", _anthropic),
    _provider("agui", "AG-UI", "ag_ui", _agui),
    _provider("vercel_ui", "Vercel AI UI message stream", "vercel_ai", _vercel_ui),
)
#: Every source but ``auto``, in the order ``auto`` tries them.
ENTRIES: Final = (
    SourceEntry(
        "envelope", "streamspec envelope v1", "streamspec.sources._envelope", is_envelope_record
    ),
    SourceEntry("muse", "muse", "streamspec.sources._muse", _is_muse, "muse", replies=False),
    *PROVIDER_SOURCES,
    SourceEntry("a3s", "a3s-code v1", "streamspec.sources._a3s", None, "a3s", evidence=True),
    SourceEntry(
        "agentscope", "AgentScope", "streamspec.sources._agentscope", lambda _: True, "agentscope"
    ),
)
_BY_NAME: Final = {source.name: source for source in ENTRIES}


def entry(source: Source) -> SourceEntry:
    """The entry of a named source (not ``auto``)."""
    return _BY_NAME[source.value]


def detect_source(record: Any) -> Source:
    """The source ``auto`` picks for the input's first JSON object (``None``: none found)."""
    if isinstance(record, dict):
        for found in ENTRIES:
            if found.detects is not None and found.detects(record):
                return Source(found.name)
    return Source.AGENTSCOPE


def provider(name: str) -> SourceEntry | None:
    """The provider source called ``name``, or ``None``."""
    found = _BY_NAME.get(name)
    return found if found is not None and found.provider else None


def detect_provider(record: Any) -> SourceEntry | None:
    """The provider source ``auto`` takes a first record for, or ``None``."""
    if not isinstance(record, dict):
        return None
    for source in PROVIDER_SOURCES:
        if source.detects is not None and source.detects(record):
            return source
    return None
