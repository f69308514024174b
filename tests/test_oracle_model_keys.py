"""The oracle model's keys: its signature (equal ones accept the same templates) and its cells.

The stateful machine and the fuzzer cache, per signature, which templates the
oracle accepts; a signature that merged two states which judge differently
would make both offer events the spec refuses, or hold back legal ones.
"""

from __future__ import annotations

from typing import Any

import pytest
from streamspec import decode_event
from streamspec.testing import TEMPLATES, OracleModel

R = {"reply_id": "r1"}
OPENING: list[dict[str, Any]] = [
    {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
    {"type": "TOOL_CALL_START", **R, "tool_call_id": "t0", "tool_call_name": "f"},
    {"type": "TOOL_CALL_END", **R, "tool_call_id": "t0"},
    {"type": "TOOL_RESULT_START", **R, "tool_call_id": "t0", "tool_call_name": "f"},
]


def _chunk(data: str) -> dict[str, Any]:
    return {
        "type": "TOOL_RESULT_DATA_DELTA",
        **R,
        "tool_call_id": "t0",
        "block_id": "d0",
        "media_type": "image/png",
        "data": data,
    }


#: Tool-result data sub-blocks the oracle must tell apart or may merge.
SUB_BLOCKS: dict[str, list[dict[str, Any]]] = {
    "none": [],
    "one good chunk": [_chunk("aGk=")],
    "one bad chunk": [_chunk("a===")],
    "two good chunks": [_chunk("aGk="), _chunk("aGk=")],
    "three good chunks": [_chunk("aGk="), _chunk("aGk="), _chunk("AAAA")],
}


def _model(name: str) -> OracleModel:
    model = OracleModel()
    for obj in OPENING + SUB_BLOCKS[name]:
        event = decode_event(obj)
        model.commit(event, model.judge(event))
    return model


def _judgements(model: OracleModel) -> list[tuple[bool, list[str]]]:
    """Per template, whether it is legal and which codes it meets (not where in a chunk list)."""
    out = []
    for template in TEMPLATES:
        verdict = model.judge(template)
        out.append((verdict.legal, [d.code for d in verdict.diagnostics]))
    return out


@pytest.mark.parametrize("first", sorted(SUB_BLOCKS))
@pytest.mark.parametrize("second", sorted(SUB_BLOCKS))
def test_equal_signatures_judge_every_template_alike(first: str, second: str) -> None:
    """States whose signatures are equal accept the same templates, with the same codes."""
    a, b = _model(first), _model(second)
    if a.signature() == b.signature():
        assert _judgements(a) == _judgements(b), (first, second)


def test_a_bad_first_chunk_is_in_the_signature() -> None:
    """One bad unmerged chunk makes every next chunk of its sub-block illegal: its own signature."""
    bad = _model("one bad chunk")
    others = [_model(name) for name in SUB_BLOCKS if name != "one bad chunk"]
    assert all(bad.signature() != other.signature() for other in others)
    good_chunk = decode_event(_chunk("aGk="))
    assert [d.code for d in bad.judge(good_chunk).diagnostics] == ["invalid_base64"]
    assert [d.code for d in _model("two good chunks").judge(good_chunk).diagnostics] == []


def test_cells_name_each_route_s_machine_state_event_and_guard() -> None:
    """The coverage cells of a call's life: one per route (a batch item each), in route order."""
    model = OracleModel()
    seen = []
    confirm = {"type": "tool_call", "name": "f", "input": "{}"}
    for obj in [
        {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
        {"type": "TOOL_CALL_START", **R, "tool_call_id": "t0", "tool_call_name": "f"},
        {
            "type": "REQUIRE_USER_CONFIRM",
            **R,
            "tool_calls": [{**confirm, "id": "t0"}, {**confirm, "id": "t1"}],
        },
        {"type": "TOOL_CALL_END", **R, "tool_call_id": "t0"},
        {"type": "TOOL_RESULT_END", **R, "tool_call_id": "t0", "state": "success"},
    ]:
        event = decode_event(obj)
        seen.append(model.cells(event))
        model.commit(event, model.judge(event))
    assert seen == [
        ("reply:open:reply_start:",),
        ("reply:started:content:", "tool_call:absent:tool_call_start:"),
        (
            "reply:started:content:",
            "tool_call:streaming:require_user_confirm:",
            "tool_call:absent:require_user_confirm:",
        ),
        ("reply:started:content:", "tool_call:streaming:tool_call_end:"),
        (
            "reply:started:content:",
            "tool_call:ready:tool_result_end:'success'",
            "tool_result:absent:tool_result_end:'success'",
        ),
    ]
