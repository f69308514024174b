"""Every diagnostic code, triggered through the public API, with its fields and the state after it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from streamspec import (
    Code,
    DataBlockDeltaEvent,
    DataBlockStartEvent,
    Diagnostic,
    Event,
    ExternalExecutionResultEvent,
    ProtocolError,
    Reducer,
    ReplyEndEvent,
    ReplyStartEvent,
    RequireUserConfirmEvent,
    Severity,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UserConfirmResultEvent,
    decode_event,
)
from streamspec._machines import COMPILED, MACHINES, end_of_input_code, rejection_code
from streamspec.cli._main import main

ROOT = Path(__file__).resolve().parent.parent
VIOLATIONS = json.loads((ROOT / "spec" / "violations.json").read_text(encoding="utf-8"))[
    "violations"
]
LISTED = {v["code"] for v in VIOLATIONS}
SEVERITY = {v["code"]: v["severity"] for v in VIOLATIONS}
#: Codes only the command line (the JSON-lines reader) produces.
CLI_ONLY = {"unreadable_line", "duplicate_key", "byte_order_mark"}
#: Codes of the other layers (wire envelopes, replay, completion judgement), tested with them.
OTHER_LAYERS = {
    "unknown_record",
    "unsupported_version",
    "duplicate_sequence",
    "sequence_gap",
    "sequence_regression",
    "opaque_event",
    "uncorrelated_external_task",
    "no_known_types",
    "not_expressible",
    "usage_mismatch",
    "source_violation",
}
#: The reply reducer's modules: none of them may raise another layer's code.
REDUCER_MODULES = (
    "reply/_reducer.py",
    "reply/_message.py",
    "reply/_content.py",
    "_machines.py",
    "_jsonl.py",
    "check/_run.py",
)

R = "r1"


def _item(call_id: str) -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": call_id,
        "name": "f",
        "input": "",
        "state": "pending",
        "suggested_rules": [],
    }


def _start(call_id: str = "c1") -> Event:
    return ToolCallStartEvent(reply_id=R, tool_call_id=call_id, tool_call_name="f")


def _end(call_id: str = "c1") -> Event:
    return ToolCallEndEvent(reply_id=R, tool_call_id=call_id)


def _ask(*ids: str) -> Event:
    return RequireUserConfirmEvent(reply_id=R, tool_calls=[_item(i) for i in ids])


def _result_start(call_id: str = "c1") -> Event:
    return ToolResultStartEvent(reply_id=R, tool_call_id=call_id, tool_call_name="f")


def _result_end(state: str, call_id: str = "c1") -> Event:
    return ToolResultEndEvent(reply_id=R, tool_call_id=call_id, state=state)


def _external(call_id: str = "c1") -> Event:
    block = {
        "type": "tool_result",
        "id": call_id,
        "name": "f",
        "output": "ok",
        "state": "success",
        "metadata": {},
    }
    return ExternalExecutionResultEvent(reply_id=R, execution_results=[block])


_TEXT_START = TextBlockStartEvent(reply_id=R, block_id="b1")
_TEXT_DELTA = TextBlockDeltaEvent(reply_id=R, block_id="b1", delta="x")
_TEXT_END = TextBlockEndEvent(reply_id=R, block_id="b1")
_REPLY_START = ReplyStartEvent(session_id="s1", reply_id=R, name="Friday")
_REPLY_END = ReplyEndEvent(session_id="s1", reply_id=R, created_at="2026-01-01T12:00:00")


@attrs.frozen
class Trigger:
    """A prefix that folds cleanly, then one event that produces ``code`` with ``fields``."""

    code: str
    prefix: tuple[Event, ...]
    event: Event
    fields: dict[str, Any]
    #: For a batch, the events whose fold equals the lenient state after (its legal items applied).
    after: tuple[Event, ...] | None = None


def _machine_fields(
    machine: str, state: str, event: str, key: str | None, item: int | None = None
) -> dict[str, Any]:
    return {
        "machine": machine,
        "state": state,
        "event": event,
        "key": key,
        "item": item,
        "allowed": COMPILED[machine].allowed[state],
    }


TRIGGERS = [
    Trigger(
        "after_reply_end",
        (_REPLY_END,),
        _TEXT_START,
        _machine_fields("reply", "ended", "content", None),
    ),
    Trigger(
        "duplicate_start",
        (_TEXT_START,),
        _TEXT_START,
        _machine_fields("block", "open", "start", "text:b1"),
    ),
    Trigger(
        "unknown_block", (), _TEXT_DELTA, _machine_fields("block", "absent", "delta", "text:b1")
    ),
    Trigger(
        "delta_after_end",
        (_TEXT_START, _TEXT_END),
        _TEXT_DELTA,
        _machine_fields("block", "closed", "delta", "text:b1"),
    ),
    Trigger(
        "duplicate_end",
        (_TEXT_START, _TEXT_END),
        _TEXT_END,
        _machine_fields("block", "closed", "end", "text:b1"),
    ),
    Trigger(
        "unknown_tool_call",
        (),
        ToolCallDeltaEvent(reply_id=R, tool_call_id="ghost", delta="x"),
        _machine_fields("tool_call", "absent", "tool_call_delta", "ghost"),
    ),
    Trigger(
        "unknown_tool_result",
        (_start(), _end()),
        ToolResultTextDeltaEvent(reply_id=R, tool_call_id="c1", delta="x"),
        _machine_fields("tool_result", "absent", "tool_result_text_delta", "c1"),
    ),
    Trigger(
        "input_still_streaming",
        (_start(),),
        _ask("c1"),
        _machine_fields("tool_call", "streaming", "require_user_confirm", "c1", item=0),
    ),
    Trigger(
        "confirm_not_asked",
        (_start(), _end()),
        UserConfirmResultEvent(
            reply_id=R, confirm_results=[{"confirmed": True, "tool_call": _item("c1")}]
        ),
        _machine_fields("tool_call", "ready", "user_confirm_result", "c1", item=0),
    ),
    Trigger(
        "not_submitted",
        (_start(), _end()),
        _external(),
        _machine_fields("tool_call", "ready", "external_execution_result", "c1", item=0),
    ),
    Trigger(
        "duplicate_result",
        (_start(), _end(), _result_start(), _result_end("success")),
        _result_start(),
        _machine_fields("tool_call", "finished", "tool_result_start", "c1"),
    ),
    Trigger(
        "invalid_result_state",
        (_start(), _end(), _result_start()),
        _result_end("running"),
        _machine_fields("tool_call", "ready", "tool_result_end", "c1"),
    ),
    Trigger(
        "illegal_transition",
        (_start(), _end(), _ask("c1")),
        _ask("c1"),
        _machine_fields("tool_call", "asking", "require_user_confirm", "c1", item=0),
    ),
    Trigger(
        "reply_id_mismatch",
        (_TEXT_START,),
        TextBlockDeltaEvent(reply_id="someone-else", block_id="b1", delta="x"),
        {
            "machine": None,
            "state": None,
            "event": "text_block_delta",
            "key": "someone-else",
            "item": None,
            "allowed": (),
        },
    ),
    Trigger(
        "invalid_base64",
        (DataBlockStartEvent(reply_id=R, block_id="d1", media_type="image/png"),),
        DataBlockDeltaEvent(reply_id=R, block_id="d1", media_type="image/png", data="iVBOR=="),
        {**_machine_fields("block", "open", "delta", "data:d1"), "details": {"chunk_index": 0}},
    ),
    Trigger(
        "mixed_data_source",
        (
            DataBlockStartEvent(reply_id=R, block_id="d1", media_type="image/png"),
            DataBlockDeltaEvent(
                reply_id=R, block_id="d1", media_type="image/png", url="https://example.com/a.png"
            ),
        ),
        DataBlockDeltaEvent(reply_id=R, block_id="d1", media_type="image/png", data="YWJj"),
        _machine_fields("block", "open", "delta", "data:d1"),
    ),
    Trigger(
        "duplicate_batch_item",
        (_start("c1"), _end("c1")),
        _ask("c1", "c1"),
        {"machine": "tool_call", "event": "require_user_confirm", "key": "c1", "item": 1},
        after=(_start("c1"), _end("c1"), _ask("c1")),
    ),
    Trigger(
        "unknown_event_type",
        (_TEXT_START,),
        decode_event({"type": "STATUS_UPDATE", "reply_id": R, "progress": 0.5}),
        {"machine": None, "event": "STATUS_UPDATE", "key": None, "item": None},
    ),
]
END_TRIGGERS = {
    "open_at_end": (
        (_REPLY_START, _TEXT_START, _REPLY_END),
        {"machine": "block", "state": "open", "key": "text:b1"},
    ),
    "missing_reply_end": ((_REPLY_START,), {"machine": "reply", "state": "started", "key": None}),
}


def _fields(diagnostic: Diagnostic, names: dict[str, Any]) -> dict[str, Any]:
    return {name: getattr(diagnostic, name) for name in names}


def _folded(prefix: tuple[Event, ...], strict: bool) -> Reducer:
    reducer = Reducer(reply_id=R, created_at="2026-01-01T11:59:00", strict=strict)
    for event in prefix:
        assert reducer.apply(event) == ()
    return reducer


@pytest.mark.parametrize("trigger", TRIGGERS, ids=lambda t: t.code)
def test_code_in_lenient_mode(trigger: Trigger) -> None:
    """The event yields exactly this code with its severity and fields, and (for an error) changes
    nothing."""
    reducer = _folded(trigger.prefix, strict=False)
    before, states = reducer.to_dict(), reducer.states()
    (diagnostic,) = reducer.apply(trigger.event)
    assert diagnostic.code == trigger.code
    assert diagnostic.severity.value == SEVERITY[trigger.code]
    assert diagnostic.index == len(trigger.prefix)
    assert _fields(diagnostic, trigger.fields) == trigger.fields
    if "details" not in trigger.fields:
        assert diagnostic.details == {}
    if trigger.after is not None:
        expected = _folded(trigger.after, strict=False)
        before, states = expected.to_dict(), expected.states()
    assert reducer.to_dict() == before
    assert reducer.states() == states
    assert reducer.diagnostics == (diagnostic,)


@pytest.mark.parametrize(
    "trigger", [t for t in TRIGGERS if SEVERITY[t.code] == "error"], ids=lambda t: t.code
)
def test_code_in_strict_mode(trigger: Trigger) -> None:
    """Strict mode raises ProtocolError carrying the same diagnostic, and nothing of the event
    applies."""
    reducer = _folded(trigger.prefix, strict=True)
    before, states = reducer.to_dict(), reducer.states()
    with pytest.raises(ProtocolError) as caught:
        reducer.apply(trigger.event)
    assert caught.value.code == trigger.code
    diagnostic = caught.value.diagnostic
    assert diagnostic.severity is Severity.ERROR
    assert diagnostic.index == len(trigger.prefix)
    assert _fields(diagnostic, trigger.fields) == trigger.fields
    assert trigger.code in str(caught.value)
    assert reducer.to_dict() == before
    assert reducer.states() == states


def test_warning_does_not_raise_in_strict_mode() -> None:
    """An unknown event type is a warning: strict mode records it and goes on."""
    reducer = _folded((_TEXT_START,), strict=True)
    before = reducer.to_dict()
    (diagnostic,) = reducer.apply(decode_event({"type": "STATUS_UPDATE", "reply_id": R}))
    assert (diagnostic.code, diagnostic.severity) == ("unknown_event_type", Severity.WARNING)
    assert reducer.to_dict() == before
    assert reducer.apply(_TEXT_DELTA) == ()


@pytest.mark.parametrize("code", sorted(END_TRIGGERS))
def test_end_of_input_code(code: str) -> None:
    """finish() warns with this code for what is still open, with no event index."""
    prefix, fields = END_TRIGGERS[code]
    reducer = _folded(prefix, strict=True)
    before = reducer.to_dict()
    (diagnostic,) = reducer.finish()
    assert diagnostic.code == code
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.index is None
    assert _fields(diagnostic, fields) == fields
    assert diagnostic.allowed == COMPILED[fields["machine"]].allowed[fields["state"]]
    assert reducer.to_dict() == before
    assert reducer.diagnostics[-1] == diagnostic


def test_unreadable_line_through_the_cli() -> None:
    """A line that is not JSON is an unreadable_line error naming the line; the rest is still read."""
    lines = b'{"type":"TEXT_BLOCK_START","reply_id":"r1","block_id":"b1"}\nnot json\n'
    result = CliRunner().invoke(main, ["check", "-", "--format", "json"], input=lines)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    (finding,) = report["unreadable"]
    assert (finding["line"], finding["code"], finding["severity"]) == (
        2,
        "unreadable_line",
        "error",
    )
    assert finding["details"] == {"line": 2}
    assert report["summary"]["events"] == 1
    assert "2: unreadable_line: not JSON" in result.stderr


def test_triggered_codes_are_exactly_the_listed_ones() -> None:
    """The codes these tests trigger plus the CLI-only ones equal violations.json and the Code enum."""
    triggered = {t.code for t in TRIGGERS} | set(END_TRIGGERS)
    assert triggered | CLI_ONLY | OTHER_LAYERS == LISTED
    assert not triggered & CLI_ONLY
    assert not (triggered | CLI_ONLY) & OTHER_LAYERS
    assert {c.value for c in Code} == LISTED
    assert len(VIOLATIONS) == len(LISTED)


def test_code_uses_in_the_package_are_listed() -> None:
    """Every ``Code.X`` the package names is a member whose value violations.json lists."""
    used = set()
    for path in (ROOT / "impl" / "streamspec").rglob("*.py"):
        used |= set(re.findall(r"\bCode\.([A-Z][A-Z0-9_]*)\b", path.read_text(encoding="utf-8")))
    assert used
    for name in used:
        assert Code[name].value in LISTED


def test_reducer_modules_raise_only_reply_codes() -> None:
    """The reply reducer's modules name no code of another layer."""
    package = ROOT / "impl" / "streamspec"
    for module in REDUCER_MODULES:
        names = set(
            re.findall(
                r"\bCode\.([A-Z][A-Z0-9_]*)\b", (package / module).read_text(encoding="utf-8")
            )
        )
        assert not {Code[n].value for n in names} & OTHER_LAYERS, module


def test_rejection_and_end_codes_are_listed() -> None:
    """rejection_code and end_of_input_code only return listed codes, for every triple and machine."""
    for machine, spec in MACHINES.items():
        assert end_of_input_code(machine) in LISTED
        for state in spec.states:
            for event in spec.events:
                assert rejection_code(machine, state.name, event) in LISTED
    assert end_of_input_code("reply") == "missing_reply_end"
    assert end_of_input_code("block") == "open_at_end"


def test_every_when_pattern_names_real_states_and_events() -> None:
    """Each pattern in violations.json names states and events its machine has."""
    for violation in VIOLATIONS:
        for pattern in violation.get("when", ()):
            machine = pattern.get("machine", violation["machine"])
            spec = MACHINES[machine]
            states = {s.name for s in spec.states}
            assert set(pattern["states"]) - {"*"} <= states, violation["code"]
            assert set(pattern["events"]) - {"*"} <= set(spec.events), violation["code"]


def test_every_machine_code_is_reachable_from_the_tables() -> None:
    """Each code with ``when`` patterns is the code of some illegal triple, so no pattern is dead."""
    produced = set()
    for machine, spec in MACHINES.items():
        compiled = COMPILED[machine]
        for state in spec.states:
            for event in spec.events:
                rows = [r for r in spec.rows if r.source == state.name and r.event == event]
                if not rows or any(r.guard is not None for r in rows):
                    produced.add(rejection_code(machine, state.name, event))
                    assert compiled.has_pair(state.name, event) == bool(rows)
    expected = {v["code"] for v in VIOLATIONS if v.get("when")} | {"illegal_transition"}
    assert produced == expected


def test_a_diagnostic_is_rebuilt_from_its_json_field_for_field() -> None:
    """``Diagnostic.from_dict`` inverts ``to_dict`` for every field of a real rejection, and
    fills what a shorter dict leaves out with the defaults."""
    from streamspec import Diagnostic, Reducer, Severity, TextBlockDeltaEvent

    reducer = Reducer()
    [rejected] = reducer.apply(TextBlockDeltaEvent(reply_id="r", block_id="b", delta="x"))
    assert rejected.allowed and rejected.machine == "block" and rejected.key == "text:b"
    rebuilt = Diagnostic.from_dict(rejected.to_dict())
    assert rebuilt == rejected
    assert rebuilt.to_dict() == rejected.to_dict()
    assert isinstance(rebuilt.allowed, tuple) and isinstance(rebuilt.severity, Severity)
    rich = Diagnostic(
        code="c", severity=Severity.WARNING, message="m", index=3, item=1, machine="block",
        state="open", event="e", allowed=("a", "b"), key="k", details={"chunk_index": 2},
    )  # fmt: skip
    assert Diagnostic.from_dict(rich.to_dict()) == rich
    short = Diagnostic.from_dict({"code": "c", "severity": "info", "message": "m"})
    assert short == Diagnostic(code="c", severity=Severity.INFO, message="m")
