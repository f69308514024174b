"""Canonical completion events: the evidence a model call leaves.

Every importer (muse records, AgentScope ``MODEL_CALL_END``, a3s turns,
provider streams) maps onto these three facts about one model call, named by
``call``:

- :class:`ModelFinishEvent`: the provider said why it stopped (``reason`` is
  the provider's own word; ``vocabulary`` names the table it is read with).
- :class:`ModelReceiptEvent`: the final message arrived: its text parts and,
  when the provider reported it, its usage.
- :class:`ModelErrorEvent`: the call failed (``code`` and ``message``).

Text the call streamed before its receipt is carried by the reply events
(text, thinking and tool-call input deltas) or, for sources without a reply,
by :class:`ModelChunkEvent`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from streamspec._events import ABSENT, Opt, _check, _shaped_validator
from streamspec._shapes import ArrayOf, Types

__all__ = [
    "COMPLETION_EVENT_CLASSES",
    "CompletionEvent",
    "ModelChunkEvent",
    "ModelErrorEvent",
    "ModelFinishEvent",
    "ModelReceiptEvent",
]


def _req(*json_types: str) -> Any:
    return attrs.field(validator=_check(*json_types), metadata={"json": json_types})


def _opt(*json_types: str) -> Any:
    return attrs.field(
        default=ABSENT,
        validator=_check(*json_types, optional=True),
        metadata={"json": json_types, "optional": True},
    )


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen(kw_only=True)
class CompletionEvent:
    """Fields every completion event has; don't instantiate this directly."""

    KIND: ClassVar[str] = ""

    call: str = _req("string")


@attrs.frozen(kw_only=True)
class ModelChunkEvent(CompletionEvent):
    """A piece of streamed model output (``channel``: text, thinking or tool_input)."""

    KIND: ClassVar[str] = "model_chunk"

    channel: str = _req("string")
    text: str = _req("string")


@attrs.frozen(kw_only=True)
class ModelFinishEvent(CompletionEvent):
    """The provider's finish signal for a call.

    Attributes:
        reason: the provider's own word (``stop``, ``length``, ``end_turn`` ...);
            ``None`` when the signal carried none.
        vocabulary: the ``spec/finish_reasons.json`` vocabulary that reads it
            (``openai_chat``, ``anthropic``, ``muse`` ...).
    """

    KIND: ClassVar[str] = "model_finish"

    reason: str | None = _req("string", "null")
    vocabulary: str = _req("string")


@attrs.frozen(kw_only=True)
class ModelReceiptEvent(CompletionEvent):
    """The call's final message: its text parts and, when reported, its usage.

    ``usage`` is :data:`~streamspec.ABSENT` when the source reported none;
    a reported object may lack fields (partial usage).
    """

    KIND: ClassVar[str] = "model_receipt"

    text: tuple[str, ...] = attrs.field(
        converter=_tuple,
        validator=_shaped_validator(ArrayOf(Types("string")), optional=False),
        metadata={"json": ("array",)},
    )
    usage: Opt[dict[str, Any] | None] = _opt("object", "null")


@attrs.frozen(kw_only=True)
class ModelErrorEvent(CompletionEvent):
    """The call failed."""

    KIND: ClassVar[str] = "model_error"

    code: str | None = _req("string", "null")
    message: str | None = _req("string", "null")


#: The completion events, in catalog order.
COMPLETION_EVENT_CLASSES: tuple[type[CompletionEvent], ...] = (
    ModelChunkEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
    ModelErrorEvent,
)
