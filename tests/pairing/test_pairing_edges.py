"""Pairing at its edges: system-like roles, results that answer no call of theirs.

The expectations are spec/vectors/pairing/README.md's words: a call message's
nearest earlier message "that is not `system` / `developer`" must be `user`
or `tool`; the repack moves only the results of the batch it follows; a result
that no tool_use turn right before it can answer is `stray_result`.
"""

from __future__ import annotations

from typing import Any

import pytest
from streamspec.pairing import (
    BRIDGE_MARK,
    ActionKind,
    check_history,
    repack_tool_result_blocks,
    repair,
)

CALL = {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}]}


def _rules(messages: list[dict[str, Any]]) -> list[str]:
    return [v.rule.value for v in check_history(messages, "gemini")]


@pytest.mark.parametrize("role", ["system", "developer"])
def test_a_system_like_message_between_the_user_and_the_call_is_looked_past(role: str) -> None:
    """user, then ``role``, then a call: the call follows the user turn."""
    messages = [
        {"role": "user", "content": "hi"},
        {"role": role, "content": "be brief"},
        CALL,
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    ]
    assert "call_turn_predecessor" not in _rules(messages)


@pytest.mark.parametrize("role", ["system", "developer"])
def test_a_call_after_only_system_like_messages_has_no_user_turn(role: str) -> None:
    """``role``, then a call: no user or tool message comes before it."""
    messages = [{"role": role, "content": "be brief"}, CALL]
    assert "call_turn_predecessor" in _rules(messages)


def test_an_assistant_in_between_is_not_looked_past() -> None:
    """user, assistant text, then a call: the nearest earlier message is the assistant."""
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "x"}, CALL]
    assert "call_turn_predecessor" in _rules(messages)


def test_a_result_for_another_call_is_not_pulled_into_the_batch() -> None:
    """A result whose id the batch did not ask for ends the batch; nothing moves."""
    messages = [
        CALL,
        {"role": "tool", "tool_call_id": "c1", "content": "r1"},
        {"role": "user", "content": "more"},
        {"role": "tool", "tool_call_id": "c9", "content": "stray"},
    ]
    out, changed = repack_tool_result_blocks(messages)
    assert changed is False
    assert out is messages


def test_a_result_after_an_assistant_turn_without_calls_is_stray() -> None:
    """Anthropic: results right after an assistant turn that used no tool answer nothing there:
    they are ``stray_result``, not ``unmatched_result`` (which needs a tool_use turn before)."""
    messages = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "no tools today"},
        {"role": "tool", "tool_call_id": "x", "content": "r"},
    ]
    found = check_history(messages, "anthropic")
    assert [(v.rule.value, v.index) for v in found if "result" in v.rule.value] == [
        ("stray_result", 2)
    ]


def test_anthropic_texts_count_a_call_block_after_the_text_and_the_calls_before_it() -> None:
    """Anthropic: an assistant message's text is block 0 of its turn and its calls follow in
    order, so the second and third calls are blocks 2 and 3 in the upstream's texts."""
    call = {"type": "function", "function": {"name": "f", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": "looking",
            "tool_calls": [{**call, "id": "a"}, {**call, "id": ""}, {**call, "id": "a"}],
        },
    ]
    found = check_history(messages, "anthropic")
    assert [v.message for v in found if v.rule.value in {"empty_id", "duplicate_id"}] == [
        "messages.1.content.3: `tool_use` ids must be unique",
        "messages.1.content.2.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
    ]


@pytest.mark.parametrize("role", ["system", "developer"])
def test_repair_bridges_no_call_that_follows_the_user_past_a_system_like_message(
    role: str,
) -> None:
    """user, then ``role``, then a call, its result and a stray result: the repair drops the stray
    one and, the call being in order, the bridge fix adds nothing."""
    messages = [
        {"role": "user", "content": "hi"},
        {"role": role, "content": "be brief"},
        CALL,
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        {"role": "tool", "tool_call_id": "zz", "content": "late"},
    ]
    repaired, report = repair(messages, "gemini", fixes=["bridge"])
    assert repaired == messages[:4]
    assert [a.kind for a in report.actions] == [ActionKind.DROP_MESSAGE]


@pytest.mark.parametrize("role", ["system", "developer"])
def test_repair_bridges_a_call_after_only_system_like_messages_with_a_user_turn(role: str) -> None:
    """``role``, then a call: the bridge fix puts a user filler right before the call."""
    messages = [
        {"role": role, "content": "be brief"},
        CALL,
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    ]
    repaired, report = repair(messages, "gemini", fixes=["bridge"])
    assert repaired == [
        messages[0],
        {"role": "user", "content": f"{BRIDGE_MARK} Continue."},
        *messages[1:],
    ]
    assert [(a.kind, a.reason) for a in report.actions] == [
        (ActionKind.BRIDGE, "call_turn_predecessor")
    ]


@pytest.mark.parametrize(
    ("function", "flagged"),
    [
        ({"name": "f"}, False),
        ({"name": "f", "arguments": "{}"}, False),
        ({"name": "f", "arguments": '{"q": 1}'}, False),
        ({"name": "f", "arguments": "[]"}, True),
        ({"name": "f", "arguments": "not json"}, True),
        ({"name": "f", "arguments": {"q": 1}}, True),
        ({"name": "f", "arguments": None}, True),
    ],
    ids=["none-given", "empty-object", "object", "array", "not-json", "not-a-string", "null"],
)
def test_arguments_are_judged_only_when_given(function: dict[str, Any], flagged: bool) -> None:
    """A dialect that needs a JSON object (gemini) flags a call whose ``function.arguments``
    is given and is not a string holding one; a call that gives none is left alone."""
    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c1", "function": function}],
    }
    messages = [
        {"role": "user", "content": "hi"},
        call,
        {"role": "tool", "tool_call_id": "c1", "content": "ok"},
    ]
    assert ("invalid_arguments" in _rules(messages)) is flagged


def test_an_assistant_turn_without_calls_between_results_is_moved_after_them() -> None:
    """Only an assistant turn with calls heads a batch of its own; one without calls wedged
    between a batch's results is moved after them, as a system message would be."""
    two_calls = {"role": "assistant", "content": None, "tool_calls": [{"id": "c1"}, {"id": "c2"}]}
    first = {"role": "tool", "tool_call_id": "c1", "content": "r1"}
    aside = {"role": "assistant", "content": "still working"}
    second = {"role": "tool", "tool_call_id": "c2", "content": "r2"}
    out, changed = repack_tool_result_blocks([two_calls, first, aside, second])
    assert changed is True
    assert out == [two_calls, first, second, aside]


def test_an_early_result_of_a_later_call_between_a_call_and_its_result_moves_that_result() -> None:
    """spec/vectors/pairing/README.md, rebuild: a result is moved (``result_to_call``) when an
    item between its call and it took an entry of a later call; that early result is moved
    to its own call (``early_result``)."""
    call_a = {"role": "assistant", "content": None, "tool_calls": [{"id": "a"}]}
    call_b = {"role": "assistant", "content": None, "tool_calls": [{"id": "b"}]}
    result_a = {"role": "tool", "tool_call_id": "a", "content": "ra"}
    result_b = {"role": "tool", "tool_call_id": "b", "content": "rb"}
    repaired, report = repair([call_a, result_b, result_a, call_b], "openai")
    assert repaired == [call_a, result_a, call_b, result_b]
    moves = [(a.reason, a.index, a.into, a.id) for a in report.actions if a.kind is ActionKind.MOVE]
    assert moves == [("result_to_call", 2, 0, "a"), ("early_result", 1, 3, "b")]
