"""The verdict on one model call, and the order verdicts are listed in.

Every field is always present and ``None`` when unknown: ``finish_reason`` is
the provider's own word, ``usage`` is an object with every usage field (a
field the source did not report is ``None``) or ``None`` when no usage was
reported, and ``final_text`` is the receipt's text, else the streamed text,
else ``None``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from streamspec.completion._table import TerminalState, UsageState

__all__ = ["VERDICT_FIELDS", "Verdict", "key_order"]

#: The verdict's fields, in the order ``to_dict`` writes them.
VERDICT_FIELDS = (
    "key",
    "terminal_state",
    "finish_reason",
    "usage_state",
    "usage",
    "final_text",
    "error_code",
    "error_message",
)

_DIGITS = re.compile(r"(\d+)")


def _frozen_usage(value: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    return None if value is None else dict(value)


@attrs.frozen(kw_only=True)
class Verdict:
    """Can the output of one model call be trusted as complete?

    Attributes:
        key: the call (muse ``"<turn>.<step>"``, AgentScope ``"<n>"``).
        terminal_state: completed, truncated, failed or no_completion_basis.
        finish_reason: the provider's word, ``None`` without a finish signal.
        usage_state: known iff the receipt reported usage.
        usage: every usage field (``None`` where not reported), or ``None``.
        final_text: the receipt's joined text, else the text chunks, else ``None``.
        error_code: the first error's code, if any.
        error_message: the first error's message, if any.
    """

    key: str
    terminal_state: TerminalState
    finish_reason: str | None
    usage_state: UsageState
    usage: Mapping[str, Any] | None = attrs.field(converter=_frozen_usage)
    final_text: str | None
    error_code: str | None
    error_message: str | None

    def to_dict(self) -> dict[str, Any]:
        """Return the verdict as JSON: every field, in :data:`VERDICT_FIELDS` order."""
        return {
            "key": self.key,
            "terminal_state": self.terminal_state.value,
            "finish_reason": self.finish_reason,
            "usage_state": self.usage_state.value,
            "usage": None if self.usage is None else dict(self.usage),
            "final_text": self.final_text,
            "error_code": self.error_code,
            "error_message": self.error_message,
        }


def key_order(key: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key for call keys: digit runs compare as numbers (``"1.10"`` after ``"1.9"``)."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in _DIGITS.split(key) if part
    )
