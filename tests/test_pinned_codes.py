"""Every diagnostic code the reducer produces, pinned by hand from the prose of the spec.

Nothing here reads ``spec/violations.json``, ``CODE_INFO``, the reducer's
matcher or its compiled tables: each expectation (code, severity, index, item,
machine, state, event, key, details) is written out from ``spec/README.md``
§3-§4 and the meanings in ``docs/violations.md``. Three tables:

- ``TRIGGERS``: one or more wire streams per code, each with the full list of
  diagnostics the fold must record, end-of-input warnings included;
- ``FAMILIES``: every illegal (machine, state, input) cell, grouped by the code
  the meaning of that code gives it; the cells are driven through the reducer
  one by one. ``spec/machines/*.json`` (the transitions, not the codes) only
  decides which cells are illegal, so a family table that misses a cell fails;
- ``SEVERITY``: every code's severity.

So a pattern changed in violations.json and regenerated everywhere still fails
here, naming the cell, the code written here and the code the reducer gave.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from streamspec import Code, DecodeError, Diagnostic, ProtocolError, Reducer, decode_event

ROOT = Path(__file__).resolve().parent.parent
R = "r1"
C = "c1"
B = "b1"

# ------------------------------------------------------------------ severities

#: Every code's severity (docs/violations.md: error = the event broke a rule and
#: was skipped; warning = incomplete or unknown, nothing skipped; info = nothing wrong).
SEVERITY: dict[str, str] = {
    "after_reply_end": "error",
    "duplicate_start": "error",
    "unknown_block": "error",
    "delta_after_end": "error",
    "duplicate_end": "error",
    "unknown_tool_call": "error",
    "unknown_tool_result": "error",
    "input_still_streaming": "error",
    "confirm_not_asked": "error",
    "not_submitted": "error",
    "duplicate_result": "error",
    "invalid_result_state": "error",
    "illegal_transition": "error",
    "reply_id_mismatch": "error",
    "invalid_base64": "error",
    "mixed_data_source": "error",
    "duplicate_batch_item": "error",
    "unreadable_line": "error",
    "open_at_end": "warning",
    "missing_reply_end": "warning",
    "unknown_event_type": "warning",
    "unknown_record": "warning",
    "unsupported_version": "error",
    "duplicate_sequence": "warning",
    "sequence_gap": "warning",
    "sequence_regression": "warning",
    "opaque_event": "info",
    "uncorrelated_external_task": "warning",
    "no_known_types": "warning",
    "not_expressible": "warning",
    "usage_mismatch": "warning",
    "duplicate_key": "warning",
    "byte_order_mark": "warning",
    "source_violation": "error",
}

#: The codes the reply reducer itself records (the rest belong to the envelope layer).
REDUCER_CODES = frozenset(list(SEVERITY)[:21])

# ------------------------------------------------------------------ wire objects


def ev(kind: str, **fields: Any) -> dict[str, Any]:
    """An AgentScope wire object of ``kind`` in reply ``r1`` (``CUSTOM`` carries no reply id)."""
    head: dict[str, Any] = {"type": kind.upper()}
    if kind != "custom":
        head["reply_id"] = R
    return {**head, **fields}


def call_item(call_id: str = C) -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": call_id,
        "name": "f",
        "input": "{}",
        "state": "pending",
        "suggested_rules": [],
    }


def result_item(call_id: str = C) -> dict[str, Any]:
    return {
        "type": "tool_result",
        "id": call_id,
        "name": "f",
        "output": "ok",
        "state": "success",
        "metadata": {},
    }


def tcs(call_id: str = C) -> dict[str, Any]:
    return ev("tool_call_start", tool_call_id=call_id, tool_call_name="f")


def tce(call_id: str = C) -> dict[str, Any]:
    return ev("tool_call_end", tool_call_id=call_id)


def ask(*ids: str) -> dict[str, Any]:
    return ev("require_user_confirm", tool_calls=[call_item(i) for i in ids or (C,)])


def confirm(confirmed: bool, call_id: str = C) -> dict[str, Any]:
    return ev(
        "user_confirm_result",
        confirm_results=[{"confirmed": confirmed, "tool_call": call_item(call_id)}],
    )


def submit(*ids: str) -> dict[str, Any]:
    return ev("require_external_execution", tool_calls=[call_item(i) for i in ids or (C,)])


def external(call_id: str = C) -> dict[str, Any]:
    return ev("external_execution_result", execution_results=[result_item(call_id)])


def trs(call_id: str = C) -> dict[str, Any]:
    return ev("tool_result_start", tool_call_id=call_id, tool_call_name="f")


def tre(state: str = "success", call_id: str = C) -> dict[str, Any]:
    return ev("tool_result_end", tool_call_id=call_id, state=state)


def diag(
    code: str,
    severity: str,
    index: int | None,
    *,
    item: int | None = None,
    machine: str | None = None,
    state: str | None = None,
    event: str | None = None,
    key: str | None = None,
    details: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A diagnostic's compared fields (spec/README.md §4: all but ``message`` and ``allowed``)."""
    return {
        "code": code,
        "severity": severity,
        "index": index,
        "item": item,
        "machine": machine,
        "state": state,
        "event": event,
        "key": key,
        "details": details or {},
    }


def compared(d: Diagnostic) -> dict[str, Any]:
    fields = {k: v for k, v in d.to_dict().items() if k not in ("message", "allowed")}
    if fields["code"] == "unreadable_line":
        fields["details"] = {"paths": sorted(fields["details"]["paths"])}
    return fields


def fold(events: Sequence[object], **options: Any) -> tuple[Reducer, list[dict[str, Any]]]:
    """Fold wire objects as spec/vectors/reduce/README.md's runner does; return every diagnostic."""
    reducer = Reducer(**options)
    for obj in events:
        try:
            event = decode_event(dict(obj) if isinstance(obj, dict) else obj)
        except DecodeError as error:
            reducer.reject_unreadable(error.paths, str(error))
        else:
            reducer.apply(event)
    reducer.finish()
    return reducer, [compared(d) for d in reducer.diagnostics]


# ---------------------------------------------------------------------- triggers


@attrs.frozen
class Trigger:
    """A stream (wire objects) and every diagnostic its lenient fold records, in order."""

    name: str
    events: tuple[object, ...]
    expected: tuple[dict[str, Any], ...]
    options: dict[str, Any] = attrs.field(factory=lambda: {"reply_id": R})


E, W = "error", "warning"
END = ev("reply_end", session_id="s1")

TRIGGERS: list[Trigger] = [
    Trigger(
        "after_reply_end",
        (ev("reply_start", session_id="s1", name="a"), END, ev("text_block_start", block_id=B)),
        (diag("after_reply_end", E, 2, machine="reply", state="ended", event="content"),),
    ),
    Trigger(
        "after_reply_end-model_call_end",
        (END, ev("model_call_end", input_tokens=1, output_tokens=1)),
        (diag("after_reply_end", E, 1, machine="reply", state="ended", event="model_call_end"),),
    ),
    Trigger(
        "duplicate_start-block",
        (
            ev("text_block_start", block_id=B),
            ev("text_block_start", block_id=B),
            ev("text_block_end", block_id=B),
            END,
        ),
        (
            diag(
                "duplicate_start", E, 1, machine="block", state="open", event="start", key="text:b1"
            ),
        ),
    ),
    Trigger(
        "duplicate_start-reply",
        (
            ev("reply_start", session_id="s1", name="a"),
            ev("reply_start", session_id="s1", name="b"),
            END,
        ),
        (diag("duplicate_start", E, 1, machine="reply", state="started", event="reply_start"),),
    ),
    Trigger(
        "duplicate_start-tool_result",
        (tcs(), tce(), trs(), trs(), tre(), END),
        (
            diag(
                "duplicate_start",
                E,
                3,
                machine="tool_result",
                state="running",
                event="tool_result_start",
                key=C,
            ),
        ),
    ),
    Trigger(
        "unknown_block",
        (ev("text_block_delta", block_id=B, delta="x"), END),
        (
            diag(
                "unknown_block", E, 0, machine="block", state="absent", event="delta", key="text:b1"
            ),
        ),
    ),
    Trigger(
        "unknown_block-end",
        (ev("data_block_end", block_id=B), END),
        (diag("unknown_block", E, 0, machine="block", state="absent", event="end", key="data:b1"),),
    ),
    Trigger(
        "delta_after_end",
        (
            ev("thinking_block_start", block_id=B),
            ev("thinking_block_end", block_id=B),
            ev("thinking_block_delta", block_id=B, delta="x"),
            END,
        ),
        (
            diag(
                "delta_after_end",
                E,
                2,
                machine="block",
                state="closed",
                event="delta",
                key="thinking:b1",
            ),
        ),
    ),
    Trigger(
        "delta_after_end-tool_result",
        (tcs(), tce(), trs(), tre(), ev("tool_result_text_delta", tool_call_id=C, delta="x"), END),
        (
            diag(
                "delta_after_end",
                E,
                4,
                machine="tool_result",
                state="ended",
                event="tool_result_text_delta",
                key=C,
            ),
        ),
    ),
    Trigger(
        "duplicate_end",
        (
            ev("data_block_start", block_id=B, media_type="image/png"),
            ev("data_block_end", block_id=B),
            ev("data_block_end", block_id=B),
            END,
        ),
        (diag("duplicate_end", E, 2, machine="block", state="closed", event="end", key="data:b1"),),
    ),
    Trigger(
        "duplicate_end-finished-call",
        (tcs(), tce(), trs(), tre(), tre(), END),
        (
            diag(
                "duplicate_end",
                E,
                4,
                machine="tool_call",
                state="finished",
                event="tool_result_end",
                key=C,
            ),
        ),
    ),
    Trigger(
        "unknown_tool_call",
        (ev("tool_call_delta", tool_call_id="ghost", delta="x"), END),
        (
            diag(
                "unknown_tool_call",
                E,
                0,
                machine="tool_call",
                state="absent",
                event="tool_call_delta",
                key="ghost",
            ),
        ),
    ),
    Trigger(
        "unknown_tool_result",
        (tcs(), tce(), ev("tool_result_text_delta", tool_call_id=C, delta="x"), END),
        (
            diag(
                "unknown_tool_result",
                E,
                2,
                machine="tool_result",
                state="absent",
                event="tool_result_text_delta",
                key=C,
            ),
            diag("open_at_end", W, None, machine="tool_call", state="ready", key=C),
        ),
    ),
    Trigger(
        "input_still_streaming",
        (tcs(), ask()),
        (
            diag(
                "input_still_streaming",
                E,
                1,
                item=0,
                machine="tool_call",
                state="streaming",
                event="require_user_confirm",
                key=C,
            ),
            diag("missing_reply_end", W, None, machine="reply", state="open"),
            diag("open_at_end", W, None, machine="tool_call", state="streaming", key=C),
        ),
    ),
    Trigger(
        "confirm_not_asked",
        (tcs(), tce(), confirm(True), trs(), tre(), END),
        (
            diag(
                "confirm_not_asked",
                E,
                2,
                item=0,
                machine="tool_call",
                state="ready",
                event="user_confirm_result",
                key=C,
            ),
        ),
    ),
    Trigger(
        "not_submitted",
        (tcs(), tce(), ask(), external(), END),
        (
            diag(
                "not_submitted",
                E,
                3,
                item=0,
                machine="tool_call",
                state="asking",
                event="external_execution_result",
                key=C,
            ),
            diag("open_at_end", W, None, machine="tool_call", state="asking", key=C),
        ),
    ),
    Trigger(
        "duplicate_result",
        (tcs(), tce(), submit(), external(), trs(), END),
        (
            diag(
                "duplicate_result",
                E,
                4,
                machine="tool_call",
                state="resolved_externally",
                event="tool_result_start",
                key=C,
            ),
        ),
    ),
    Trigger(
        "invalid_result_state",
        (tcs(), tce(), trs(), tre("running"), END),
        (
            diag(
                "invalid_result_state",
                E,
                3,
                machine="tool_call",
                state="ready",
                event="tool_result_end",
                key=C,
            ),
            diag("open_at_end", W, None, machine="tool_call", state="ready", key=C),
            diag("open_at_end", W, None, machine="tool_result", state="running", key=C),
        ),
    ),
    Trigger(
        "illegal_transition",
        (tcs(), tce(), ask(), ask(), END),
        (
            diag(
                "illegal_transition",
                E,
                3,
                item=0,
                machine="tool_call",
                state="asking",
                event="require_user_confirm",
                key=C,
            ),
            diag("open_at_end", W, None, machine="tool_call", state="asking", key=C),
        ),
    ),
    Trigger(
        "reply_id_mismatch",
        (ev("text_block_start", block_id=B) | {"reply_id": "r2"}, END),
        (diag("reply_id_mismatch", E, 0, event="text_block_start", key="r2"),),
    ),
    Trigger(
        "reply_id_mismatch-adopted",
        (ev("model_call_start", model_name="m") | {"reply_id": "first"}, END),
        (
            diag("reply_id_mismatch", E, 1, event="reply_end", key=R),
            diag("missing_reply_end", W, None, machine="reply", state="open"),
        ),
        options={},
    ),
    Trigger(
        "invalid_base64-data-block",
        (
            ev("data_block_start", block_id=B, media_type="image/png"),
            ev("data_block_delta", block_id=B, media_type="image/png", data=""),
            ev("data_block_delta", block_id=B, media_type="image/png", data="YWJj"),
            ev("data_block_delta", block_id=B, media_type="image/png", data="YR=="),
            ev("data_block_end", block_id=B),
            END,
        ),
        (
            diag(
                "invalid_base64",
                E,
                3,
                machine="block",
                state="open",
                event="delta",
                key="data:b1",
                details={"chunk_index": 2},
            ),
        ),
    ),
    Trigger(
        "invalid_base64-tool-result-first-chunk",
        (
            tcs(),
            tce(),
            trs(),
            ev(
                "tool_result_data_delta", tool_call_id=C, block_id="d", media_type="a/b", data="YQ="
            ),
            ev(
                "tool_result_data_delta",
                tool_call_id=C,
                block_id="d",
                media_type="a/b",
                data="YWJj",
            ),
            tre(),
            END,
        ),
        (
            diag(
                "invalid_base64",
                E,
                4,
                machine="tool_result",
                state="running",
                event="tool_result_data_delta",
                key=C,
                details={"chunk_index": 0},
            ),
        ),
    ),
    Trigger(
        "invalid_base64-tool-result-later-chunk",
        (
            tcs(),
            tce(),
            trs(),
            ev(
                "tool_result_data_delta",
                tool_call_id=C,
                block_id="d",
                media_type="a/b",
                data="YQ==",
            ),
            ev(
                "tool_result_data_delta",
                tool_call_id=C,
                block_id="d",
                media_type="a/b",
                data="YWJj",
            ),
            ev(
                "tool_result_data_delta",
                tool_call_id=C,
                block_id="d",
                media_type="a/b",
                data="-_-_",
            ),
            tre(),
            END,
        ),
        (
            diag(
                "invalid_base64",
                E,
                5,
                machine="tool_result",
                state="running",
                event="tool_result_data_delta",
                key=C,
                details={"chunk_index": 2},
            ),
        ),
    ),
    Trigger(
        "mixed_data_source",
        (
            ev("data_block_start", block_id=B, media_type="image/png"),
            ev("data_block_delta", block_id=B, media_type="image/png", data="YWJj"),
            ev("data_block_delta", block_id=B, media_type="image/png", url="https://x.test/a.png"),
            ev("data_block_end", block_id=B),
            END,
        ),
        (
            diag(
                "mixed_data_source",
                E,
                2,
                machine="block",
                state="open",
                event="delta",
                key="data:b1",
            ),
        ),
    ),
    Trigger(
        "mixed_data_source-tool-result",
        (
            tcs(),
            tce(),
            trs(),
            ev("tool_result_data_delta", tool_call_id=C, block_id="d", media_type="a/b", url="u:1"),
            ev(
                "tool_result_data_delta",
                tool_call_id=C,
                block_id="d",
                media_type="a/b",
                data="YQ==",
            ),
            tre(),
            END,
        ),
        (
            diag(
                "mixed_data_source",
                E,
                4,
                machine="tool_result",
                state="running",
                event="tool_result_data_delta",
                key=C,
            ),
        ),
    ),
    Trigger(
        "duplicate_batch_item",
        (tcs(), tce(), ask(C, C), confirm(False), END),
        (
            diag(
                "duplicate_batch_item",
                E,
                2,
                item=1,
                machine="tool_call",
                event="require_user_confirm",
                key=C,
            ),
        ),
    ),
    Trigger(
        "unreadable_line",
        (
            ev("text_block_delta", block_id=B),
            ["not", "an", "object"],
            ev("tool_call_delta", tool_call_id=3, delta=None),
            END,
        ),
        (
            diag("unreadable_line", E, 0, details={"paths": ["$.delta"]}),
            diag("unreadable_line", E, 1, details={"paths": ["$"]}),
            diag("unreadable_line", E, 2, details={"paths": ["$.delta", "$.tool_call_id"]}),
        ),
    ),
    Trigger(
        "unknown_event_type",
        (ev("new_thing"), {"reply_id": R}, END),
        (
            diag("unknown_event_type", W, 0, event="NEW_THING"),
            diag("unknown_event_type", W, 1),
        ),
    ),
    Trigger(
        "open_at_end-and-missing_reply_end-in-order",
        (
            ev("reply_start", session_id="s1", name="a"),
            tcs("c2"),
            ev("text_block_start", block_id="t2"),
            tcs("c1"),
            tce("c1"),
            trs("c1"),
            ev("thinking_block_start", block_id="t1"),
        ),
        (
            diag("missing_reply_end", W, None, machine="reply", state="started"),
            diag("open_at_end", W, None, machine="block", state="open", key="text:t2"),
            diag("open_at_end", W, None, machine="block", state="open", key="thinking:t1"),
            diag("open_at_end", W, None, machine="tool_call", state="streaming", key="c2"),
            diag("open_at_end", W, None, machine="tool_call", state="ready", key="c1"),
            diag("open_at_end", W, None, machine="tool_result", state="running", key="c1"),
        ),
    ),
    Trigger(
        "settled-and-final-states-do-not-warn",
        (tcs(), tce(), ask(), confirm(False), ev("hint_block", block_id="h", hint="x"), END),
        (),
    ),
]


def test_every_reducer_code_has_a_trigger() -> None:
    """Every code the reply reducer records is produced by at least one hand-written trigger."""
    produced = {d["code"] for t in TRIGGERS for d in t.expected}
    assert produced == REDUCER_CODES


def test_severity_table_names_every_code() -> None:
    """The literal severity table names exactly the codes of streamspec.Code."""
    assert set(SEVERITY) == {c.value for c in Code}
    assert set(SEVERITY.values()) <= {"error", "warning", "info"}


def test_triggers_agree_with_the_severity_table() -> None:
    """Each hand-written expected diagnostic carries the severity the literal table gives its code."""
    for trigger in TRIGGERS:
        for d in trigger.expected:
            assert d["severity"] == SEVERITY[d["code"]], (trigger.name, d)


@pytest.mark.parametrize("trigger", TRIGGERS, ids=lambda t: t.name)
def test_trigger(trigger: Trigger) -> None:
    """The lenient fold records exactly the hand-written diagnostics, every compared field."""
    _, got = fold(trigger.events, **trigger.options)
    assert got == list(trigger.expected)


@pytest.mark.parametrize(
    "trigger",
    [t for t in TRIGGERS if any(d["severity"] == "error" for d in t.expected)],
    ids=lambda t: t.name,
)
def test_trigger_strict(trigger: Trigger) -> None:
    """In strict mode the first hand-written error is raised, with the same fields."""
    first = next(d for d in trigger.expected if d["severity"] == "error")
    with pytest.raises(ProtocolError) as caught:
        fold(trigger.events, **trigger.options, strict=True)
    assert compared(caught.value.diagnostic) == first


# --------------------------------------------------- illegal cells, by family


@attrs.frozen
class Family:
    """Illegal (machine, state, input) cells that take ``code`` (``unmatched``: a guard value
    no row accepts)."""

    code: str
    machine: str
    states: tuple[str, ...]
    inputs: tuple[str, ...]
    unmatched: bool = False

    def cells(self) -> list[tuple[str, str, str, bool]]:
        return [(self.machine, s, i, self.unmatched) for s in self.states for i in self.inputs]


REPLY_INPUTS = (
    "reply_start",
    "reply_end",
    "model_call_start",
    "model_call_end",
    "user_interrupt",
    "exceed_max_iters",
    "custom",
    "content",
)
CALL_INPUTS = (
    "tool_call_delta",
    "tool_call_end",
    "require_user_confirm",
    "user_confirm_result",
    "require_external_execution",
    "external_execution_result",
    "tool_result_start",
    "tool_result_end",
)
AFTER_INPUT = (
    "ready",
    "asking",
    "allowed",
    "denied",
    "submitted",
    "resolved_externally",
    "finished",
)
RESULT_CAN_END = ("ready", "asking", "allowed", "denied", "submitted")

#: Every illegal cell's code, from the meanings in docs/violations.md.
FAMILIES: list[Family] = [
    # A second REPLY_START; anything after REPLY_END.
    Family("duplicate_start", "reply", ("started",), ("reply_start",)),
    Family("after_reply_end", "reply", ("ended",), REPLY_INPUTS),
    # A delta or end for a block never started; a second start; input after the end.
    Family("unknown_block", "block", ("absent",), ("delta", "end")),
    Family("duplicate_start", "block", ("open", "closed"), ("start", "hint_block")),
    Family("delta_after_end", "block", ("closed",), ("delta",)),
    Family("duplicate_end", "block", ("closed",), ("end",)),
    # Anything for a call never started; a second start; input after the input ended.
    Family("unknown_tool_call", "tool_call", ("absent",), CALL_INPUTS),
    Family("duplicate_start", "tool_call", ("streaming", *AFTER_INPUT), ("tool_call_start",)),
    Family("delta_after_end", "tool_call", AFTER_INPUT, ("tool_call_delta",)),
    Family("duplicate_end", "tool_call", AFTER_INPUT, ("tool_call_end",)),
    Family("duplicate_end", "tool_call", ("finished",), ("tool_result_end",)),
    # Asking, submitting or answering for a call whose input is still streaming.
    Family(
        "input_still_streaming",
        "tool_call",
        ("streaming",),
        (
            "require_user_confirm",
            "require_external_execution",
            "external_execution_result",
            "tool_result_start",
            "tool_result_end",
        ),
    ),
    # A confirmation result for a call that is not asking.
    Family(
        "confirm_not_asked",
        "tool_call",
        ("streaming", "ready", "allowed", "denied", "submitted", "resolved_externally", "finished"),
        ("user_confirm_result",),
    ),
    # An external result for a call never submitted.
    Family(
        "not_submitted",
        "tool_call",
        ("ready", "asking", "allowed", "denied"),
        ("external_execution_result",),
    ),
    # A second result for one call.
    Family(
        "duplicate_result",
        "tool_call",
        ("resolved_externally",),
        ("tool_result_start", "tool_result_end", "external_execution_result"),
    ),
    Family(
        "duplicate_result",
        "tool_call",
        ("finished",),
        ("tool_result_start", "external_execution_result"),
    ),
    # A result end whose state is not a final outcome.
    Family("invalid_result_state", "tool_call", RESULT_CAN_END, ("tool_result_end",), True),
    # Anything else: asking or submitting again once decided.
    Family(
        "illegal_transition",
        "tool_call",
        ("asking", "allowed", "denied", "submitted", "resolved_externally", "finished"),
        ("require_user_confirm",),
    ),
    Family(
        "illegal_transition",
        "tool_call",
        ("asking", "denied", "submitted", "resolved_externally", "finished"),
        ("require_external_execution",),
    ),
    # The result machine.
    Family(
        "unknown_tool_result",
        "tool_result",
        ("absent",),
        ("tool_result_text_delta", "tool_result_data_delta", "tool_result_end"),
    ),
    Family("duplicate_start", "tool_result", ("running",), ("tool_result_start",)),
    Family("duplicate_result", "tool_result", ("ended",), ("tool_result_start",)),
    Family(
        "delta_after_end",
        "tool_result",
        ("ended",),
        ("tool_result_text_delta", "tool_result_data_delta"),
    ),
    Family("duplicate_end", "tool_result", ("ended",), ("tool_result_end",)),
    Family("duplicate_result", "tool_result", ("running", "ended"), ("external_execution_result",)),
    Family("invalid_result_state", "tool_result", ("running",), ("tool_result_end",), True),
]

#: Cells whose own machine never names the rejection: an earlier route rejects first.
#: Every call state refuses a result end whose state is not an outcome, so the call
#: (in ``ready`` here) names it, with the same code.
SHADOWED: dict[tuple[str, str, str, bool], tuple[str, str]] = {
    ("tool_result", "running", "tool_result_end", True): ("tool_call", "ready"),
}


def _illegal_cells() -> set[tuple[str, str, str, bool]]:
    """Every illegal cell of spec/machines/*.json: no row, or rows none of whose guards holds."""
    cells: set[tuple[str, str, str, bool]] = set()
    for name in ("reply", "block", "tool"):
        document = json.loads(
            (ROOT / "spec" / "machines" / f"{name}.json").read_text(encoding="utf-8")
        )
        for machine in document["machines"]:
            for state in machine["states"]:
                for event in machine["events"]:
                    rows = [
                        r
                        for r in machine["rows"]
                        if r["source"] == state["name"] and r["event"] == event
                    ]
                    if not rows:
                        cells.add((machine["machine"], state["name"], event, False))
                        continue
                    guards = [r["guard"]["equals"] for r in rows if r["guard"] is not None]
                    if guards and set(guards) != {True, False}:
                        cells.add((machine["machine"], state["name"], event, True))
    return cells


def test_families_cover_every_illegal_cell_once() -> None:
    """The hand-written families name every illegal cell of the machines, each exactly once."""
    cells = [c for f in FAMILIES for c in f.cells()]
    assert len(cells) == len(set(cells)), "a cell is in two families"
    assert set(cells) == _illegal_cells()


# --------------------------------------------------- driving a cell


def _block_input(scope: str, name: str) -> dict[str, Any]:
    if name == "hint_block":
        return ev("hint_block", block_id=B, hint="h")
    if name == "start" and scope == "data":
        return ev("data_block_start", block_id=B, media_type="image/png")
    if name == "delta" and scope == "data":
        return ev("data_block_delta", block_id=B, media_type="image/png", data="YWJj")
    if name == "delta":
        return ev(f"{scope}_block_delta", block_id=B, delta="x")
    return ev(f"{scope}_block_{name}", block_id=B)


def _reply_input(name: str) -> dict[str, Any]:
    return {
        "reply_start": ev("reply_start", session_id="s1", name="a"),
        "reply_end": END,
        "model_call_start": ev("model_call_start", model_name="m"),
        "model_call_end": ev("model_call_end", input_tokens=1, output_tokens=2),
        "user_interrupt": ev("user_interrupt"),
        "exceed_max_iters": ev("exceed_max_iters", name="a"),
        "custom": ev("custom", name="progress", value={}),
        "content": ev("text_block_start", block_id="probe"),
    }[name]


def _call_input(name: str, unmatched: bool) -> tuple[dict[str, Any], int | None]:
    """The wire object for a tool-call input on ``c1``, and its batch item (0) if batched."""
    batched = {
        "require_user_confirm": ask(),
        "user_confirm_result": confirm(True),
        "require_external_execution": submit(),
        "external_execution_result": external(),
    }
    if name in batched:
        return batched[name], 0
    return {
        "tool_call_start": tcs(),
        "tool_call_delta": ev("tool_call_delta", tool_call_id=C, delta="x"),
        "tool_call_end": tce(),
        "tool_result_start": trs(),
        "tool_result_text_delta": ev("tool_result_text_delta", tool_call_id=C, delta="x"),
        "tool_result_data_delta": ev(
            "tool_result_data_delta", tool_call_id=C, block_id="d", media_type="a/b", data="YWJj"
        ),
        "tool_result_end": tre("running" if unmatched else "success"),
    }[name], None


CALL_PREFIX: dict[str, list[dict[str, Any]]] = {
    "absent": [],
    "streaming": [tcs()],
    "ready": [tcs(), tce()],
    "asking": [tcs(), tce(), ask()],
    "allowed": [tcs(), tce(), ask(), confirm(True)],
    "denied": [tcs(), tce(), ask(), confirm(False)],
    "submitted": [tcs(), tce(), submit()],
    "resolved_externally": [tcs(), tce(), submit(), external()],
    "finished": [tcs(), tce(), trs(), tre()],
}


@attrs.frozen
class Setup:
    """How to reach a cell: a legal prefix, then (for cells no stream reaches with the
    other routed machines accepting) exported states overwritten before resuming."""

    prefix: list[dict[str, Any]]
    event: dict[str, Any]
    item: int | None
    key: str | None
    forge: dict[tuple[str, str], str] = attrs.field(factory=dict)


def _setup(machine: str, state: str, name: str, unmatched: bool) -> Setup:
    if machine == "reply":
        prefix = {"open": [], "started": [_reply_input("reply_start")], "ended": [END]}[state]
        return Setup(prefix, _reply_input(name), None, None)
    if machine == "block":
        scope = "hint" if name == "hint_block" else "text"
        if scope == "hint":
            prefix = [] if state == "absent" else [_block_input("hint", "hint_block")]
            forge = {("hint", B): "open"} if state == "open" else {}
            return Setup(prefix, _block_input("hint", name), None, f"hint:{B}", forge)
        prefix = {
            "absent": [],
            "open": [_block_input(scope, "start")],
            "closed": [_block_input(scope, "start"), _block_input(scope, "end")],
        }[state]
        return Setup(prefix, _block_input(scope, name), None, f"{scope}:{B}")
    event, item = _call_input(name, unmatched)
    if machine == "tool_call":
        return Setup(CALL_PREFIX[state], event, item, C)
    # The result machine: the call sits where it accepts the input, so the result judges it.
    call = "submitted" if name == "external_execution_result" else "ready"
    prefix = list(CALL_PREFIX[call])
    forge: dict[tuple[str, str], str] = {}
    if state in ("running", "ended"):
        prefix.append(trs())
    if state == "ended":
        forge = {("tool_result", C): "ended"}
    return Setup(prefix, event, item, C, forge)


def _reducer_at(setup: Setup) -> Reducer:
    reducer = Reducer(reply_id=R)
    for obj in setup.prefix:
        assert reducer.apply(decode_event(dict(obj))) == (), obj
    if not setup.forge:
        return reducer
    exported = reducer.export_state()
    for entity in exported["message"]["content"]:
        target = setup.forge.get((entity["entity"], entity["id"]))
        if target is not None:
            entity["state"] = target
            if entity["entity"] == "tool_result":
                entity["outcome"] = "success"
    return Reducer.from_state(exported)


def _run_cell(code: str, cell: tuple[str, str, str, bool]) -> str | None:
    """Drive one cell; return a mismatch description, or None when the reducer agrees."""
    machine, state, name, unmatched = cell
    setup = _setup(machine, state, name, unmatched)
    reducer = _reducer_at(setup)
    before = reducer.states()
    if machine != "reply":
        assert before[machine].get(setup.key or "", "absent") == state, (cell, before)
    got = [compared(d) for d in reducer.apply(decode_event(dict(setup.event)))]
    names_machine, names_state = SHADOWED.get(cell, (machine, state))
    expected = diag(
        code,
        "error",
        len(setup.prefix),
        item=setup.item,
        machine=names_machine,
        state=names_state,
        event=name,
        key=setup.key,
    )
    if got != [expected]:
        return f"{cell}: expected {expected['code']}, reducer gave {got}"
    if reducer.states() != before:
        return f"{cell}: the rejected event changed the states"
    return None


@pytest.mark.parametrize(
    "family", FAMILIES, ids=lambda f: f"{f.machine}-{f.code}-{'-'.join(f.states[:2])}-{f.inputs[0]}"
)
def test_family(family: Family) -> None:
    """Every cell of the family is rejected with the family's code and its machine, state, input,
    key and item, and changes nothing."""
    problems = [p for cell in family.cells() if (p := _run_cell(family.code, cell)) is not None]
    assert not problems, "\n".join(problems)
