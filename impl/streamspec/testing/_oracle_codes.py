"""The oracle's own rules for diagnostic codes and severities, from the prose of the spec.

Rules (``docs/violations.md`` meanings, ``spec/README.md`` §4):

1. A rejection by the reply machine is ``after_reply_end`` once the reply
   ended, ``duplicate_start`` for a second REPLY_START, else
   ``illegal_transition``.
2. A block that was never started rejects a delta or an end with
   ``unknown_block``; a started one rejects a second start (or hint) with
   ``duplicate_start``; a closed one rejects a delta with
   ``delta_after_end`` and an end with ``duplicate_end``.
3. A tool call that was never started rejects anything with
   ``unknown_tool_call``; a started one rejects a second start with
   ``duplicate_start``. While its input streams, a confirmation request, an
   execution request, an external result or a result start or end is
   ``input_still_streaming``. After its input ended, input is
   ``delta_after_end`` and a second input end ``duplicate_end``. A
   confirmation result when it is not asking is ``confirm_not_asked``; an
   external result when it was not submitted (ready, asking, allowed,
   denied) is ``not_submitted``. A second result (a start, end or external
   result after an external result; a start or external result after its
   result ended) is ``duplicate_result``, and a result end after the call
   finished is ``duplicate_end``.
4. A tool result that never started rejects a delta or an end with
   ``unknown_tool_result``; a running one rejects a second start with
   ``duplicate_start``; an ended one rejects deltas with
   ``delta_after_end``, an end with ``duplicate_end`` and a start with
   ``duplicate_result``; an external result for a started result is
   ``duplicate_result``.
5. A result end whose ``state`` is not a final outcome, where the table has
   rows for it, is ``invalid_result_state``. Anything else:
   ``illegal_transition``.
6. Severities: every rejection, content and batch code, ``reply_id_mismatch``
   and ``unreadable_line`` are errors; ``unknown_event_type``,
   ``open_at_end`` and ``missing_reply_end`` are warnings.

This module reads neither ``spec/violations.json`` nor the reducer's matcher:
a code mapping regenerated wrongly everywhere else still disagrees with it.
"""

from __future__ import annotations

from typing import Final

__all__ = ["END_CODES", "SEVERITIES", "end_of_input_code", "expected_rejection"]

#: The severity of every code the reply fold produces.
SEVERITIES: Final = {
    **dict.fromkeys(
        (
            "after_reply_end",
            "duplicate_start",
            "unknown_block",
            "delta_after_end",
            "duplicate_end",
            "unknown_tool_call",
            "unknown_tool_result",
            "input_still_streaming",
            "confirm_not_asked",
            "not_submitted",
            "duplicate_result",
            "invalid_result_state",
            "illegal_transition",
            "reply_id_mismatch",
            "invalid_base64",
            "mixed_data_source",
            "duplicate_batch_item",
            "unreadable_line",
        ),
        "error",
    ),
    **dict.fromkeys(("unknown_event_type", "open_at_end", "missing_reply_end"), "warning"),
}

#: ``machine -> code`` of an instance left open at the end of input.
END_CODES: Final = {
    "reply": "missing_reply_end",
    "block": "open_at_end",
    "tool_call": "open_at_end",
    "tool_result": "open_at_end",
}

_RESULT_INPUTS: Final = ("tool_result_start", "tool_result_end")
_AFTER_INPUT: Final = (
    "ready",
    "asking",
    "allowed",
    "denied",
    "submitted",
    "resolved_externally",
    "finished",
)


def _reply(state: str, event: str) -> str:
    if state == "ended":
        return "after_reply_end"
    if event == "reply_start":
        return "duplicate_start"
    return "illegal_transition"


def _block(state: str, event: str) -> str:
    if state == "absent":
        return "unknown_block" if event in ("delta", "end") else "illegal_transition"
    if event in ("start", "hint_block"):
        return "duplicate_start"
    if state == "closed":
        return {"delta": "delta_after_end", "end": "duplicate_end"}.get(event, "illegal_transition")
    return "illegal_transition"


def _tool_call(state: str, event: str) -> str | None:
    if state == "absent":
        return "unknown_tool_call"
    if event == "tool_call_start":
        return "duplicate_start"
    if state == "streaming" and event in (
        "require_user_confirm",
        "require_external_execution",
        "external_execution_result",
        *_RESULT_INPUTS,
    ):
        return "input_still_streaming"
    if state in _AFTER_INPUT and event == "tool_call_delta":
        return "delta_after_end"
    if state in _AFTER_INPUT and event == "tool_call_end":
        return "duplicate_end"
    if event == "user_confirm_result" and state != "asking":
        return "confirm_not_asked"
    if event == "external_execution_result" and state in ("ready", "asking", "allowed", "denied"):
        return "not_submitted"
    if state == "resolved_externally" and event in (*_RESULT_INPUTS, "external_execution_result"):
        return "duplicate_result"
    if state == "finished" and event in ("tool_result_start", "external_execution_result"):
        return "duplicate_result"
    if state == "finished" and event == "tool_result_end":
        return "duplicate_end"
    return None


def _tool_result(state: str, event: str) -> str | None:
    deltas = ("tool_result_text_delta", "tool_result_data_delta")
    if state == "absent":
        return "unknown_tool_result" if event in (*deltas, "tool_result_end") else None
    if event == "external_execution_result":
        return "duplicate_result"
    if state == "running":
        return "duplicate_start" if event == "tool_result_start" else None
    if event in deltas:
        return "delta_after_end"
    return {"tool_result_end": "duplicate_end", "tool_result_start": "duplicate_result"}.get(event)


def expected_rejection(machine: str, state: str, event: str, *, guard_unmatched: bool) -> str:
    """Return the code the spec's prose gives a rejection by ``machine`` in ``state`` of ``event``.

    ``guard_unmatched``: the table has rows for ``(state, event)`` but none of
    their guards held.
    """
    if machine == "reply":
        return _reply(state, event)
    if machine == "block":
        return _block(state, event)
    found = _tool_call(state, event) if machine == "tool_call" else _tool_result(state, event)
    if found is not None:
        return found
    if guard_unmatched and event == "tool_result_end":
        return "invalid_result_state"
    return "illegal_transition"


def end_of_input_code(machine: str) -> str:
    """Return the warning an instance of ``machine`` left open at the end of input gets."""
    return END_CODES[machine]
