"""Diagnostics: what a fold found wrong, with a stable code and fields.

Every code lives in ``spec/violations.json`` with its machine, meaning and
severity; :class:`Code` names them for hand-written code, and a test keeps the
two the same set.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from streamspec._resources import load_spec_json

__all__ = ["CODE_INFO", "Code", "Diagnostic", "Severity"]


class Severity(enum.Enum):
    """How bad a diagnostic is."""

    #: The event broke a rule; lenient folding skipped it, strict raised.
    ERROR = "error"
    #: Something is suspicious or incomplete, but every event was applied.
    WARNING = "warning"
    #: Worth knowing; nothing is wrong.
    INFO = "info"


class Code(enum.StrEnum):
    """Every diagnostic code (the values are the spec vocabulary)."""

    AFTER_REPLY_END = "after_reply_end"
    DUPLICATE_START = "duplicate_start"
    UNKNOWN_BLOCK = "unknown_block"
    DELTA_AFTER_END = "delta_after_end"
    DUPLICATE_END = "duplicate_end"
    UNKNOWN_TOOL_CALL = "unknown_tool_call"
    UNKNOWN_TOOL_RESULT = "unknown_tool_result"
    INPUT_STILL_STREAMING = "input_still_streaming"
    CONFIRM_NOT_ASKED = "confirm_not_asked"
    NOT_SUBMITTED = "not_submitted"
    DUPLICATE_RESULT = "duplicate_result"
    INVALID_RESULT_STATE = "invalid_result_state"
    ILLEGAL_TRANSITION = "illegal_transition"
    REPLY_ID_MISMATCH = "reply_id_mismatch"
    INVALID_BASE64 = "invalid_base64"
    MIXED_DATA_SOURCE = "mixed_data_source"
    DUPLICATE_BATCH_ITEM = "duplicate_batch_item"
    UNREADABLE_LINE = "unreadable_line"
    DUPLICATE_KEY = "duplicate_key"
    BYTE_ORDER_MARK = "byte_order_mark"
    OPEN_AT_END = "open_at_end"
    MISSING_REPLY_END = "missing_reply_end"
    UNKNOWN_EVENT_TYPE = "unknown_event_type"
    UNKNOWN_RECORD = "unknown_record"
    UNSUPPORTED_VERSION = "unsupported_version"
    DUPLICATE_SEQUENCE = "duplicate_sequence"
    SEQUENCE_GAP = "sequence_gap"
    SEQUENCE_REGRESSION = "sequence_regression"
    OPAQUE_EVENT = "opaque_event"
    UNCORRELATED_EXTERNAL_TASK = "uncorrelated_external_task"
    NO_KNOWN_TYPES = "no_known_types"
    NOT_EXPRESSIBLE = "not_expressible"
    USAGE_MISMATCH = "usage_mismatch"
    SOURCE_VIOLATION = "source_violation"


@attrs.frozen(kw_only=True)
class CodeInfo:
    """What ``spec/violations.json`` says of one code."""

    code: str
    severity: Severity
    meaning: str


def _load_code_info() -> Mapping[str, CodeInfo]:
    entries = load_spec_json("violations.json")["violations"]
    return {
        e["code"]: CodeInfo(code=e["code"], severity=Severity(e["severity"]), meaning=e["meaning"])
        for e in entries
    }


#: ``code -> CodeInfo`` for every code in ``spec/violations.json``.
CODE_INFO: Final = _load_code_info()


@attrs.frozen(kw_only=True)
class Diagnostic:
    """One finding, with everything needed to locate and explain it.

    Attributes:
        code: the stable code (see ``spec/violations.json``).
        severity: error, warning or info.
        message: one line that says all the fields.
        index: the 0-based index of the event in the input (``None`` at end of input).
        item: the index of the item inside a batch event, if any.
        machine: the machine that rejected the event, if any.
        state: that machine's state when it did.
        event: the machine input (or event kind) that was rejected.
        allowed: the inputs the machine accepts in that state.
        key: the id of the entity (block id, tool call id), if any.
        details: further facts, e.g. ``{"chunk_index": 0}``.
    """

    code: str
    severity: Severity
    message: str
    index: int | None = None
    item: int | None = None
    machine: str | None = None
    state: str | None = None
    event: str | None = None
    allowed: tuple[str, ...] = ()
    key: str | None = None
    details: Mapping[str, Any] = attrs.field(factory=dict)

    def describe(self) -> str:
        """Return ``CODE: message`` as the CLI prints it."""
        return f"{self.code}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """Return the diagnostic as a JSON-ready dict."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "index": self.index,
            "item": self.item,
            "machine": self.machine,
            "state": self.state,
            "event": self.event,
            "allowed": list(self.allowed),
            "key": self.key,
            "details": dict(self.details),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Diagnostic:
        """Rebuild a diagnostic from :meth:`to_dict` output."""
        return cls(
            code=data["code"],
            severity=Severity(data["severity"]),
            message=data["message"],
            index=data.get("index"),
            item=data.get("item"),
            machine=data.get("machine"),
            state=data.get("state"),
            event=data.get("event"),
            allowed=tuple(data.get("allowed", ())),
            key=data.get("key"),
            details=dict(data.get("details", {})),
        )
