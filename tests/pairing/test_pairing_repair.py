"""``repair`` and ``check_history``: options, report shape, behaviours the vectors leave out."""

from __future__ import annotations

import copy

import orjson
import pytest
from streamspec import UsageError
from streamspec.pairing import (
    PLACEHOLDER_MARK,
    ActionKind,
    Rule,
    check_history,
    prepare_body,
    repair,
    summarize,
)


def A(*ids, content=None):
    return {
        "role": "assistant",
        "content": content,
        "tool_calls": [{"id": i, "function": {"name": "f", "arguments": "{}"}} for i in ids],
    }


def T(i):
    return {"role": "tool", "tool_call_id": i, "content": "r"}


def U(text="q"):
    return {"role": "user", "content": text}


def test_unknown_orphans_policy_is_a_usage_error_and_changes_nothing():
    """An unknown orphans policy raises UsageError naming it; the input is untouched."""
    history = [A("a"), U()]
    before = copy.deepcopy(history)
    with pytest.raises(UsageError, match="'keep'"):
        repair(history, "openai", orphans="keep")
    assert history == before


def test_unknown_fix_is_a_usage_error():
    """An unknown fix raises UsageError naming it and the allowed fixes."""
    with pytest.raises(UsageError) as info:
        repair([U()], "openai", fixes=["reorder"])
    assert "'reorder'" in str(info.value)
    assert "bridge" in str(info.value)


def test_messages_must_be_a_list():
    """A dict in place of the messages list raises UsageError naming it in JSON's words."""
    with pytest.raises(UsageError, match="must be an array, not object"):
        repair({"messages": []}, "openai")


def test_report_is_json_serialisable_and_carries_what_was_removed():
    """to_dict() round-trips through JSON and a dropped call travels in its action."""
    history = [U(), A("a", "b"), T("a")]
    out, report = repair(history, "openai")
    data = orjson.loads(orjson.dumps(report.to_dict()))
    assert data["changed"] is True
    assert data["origins"] == [0, 1, 2]
    (drop,) = data["actions"]
    assert drop["action"] == "drop_call"
    assert drop["value"] == history[1]["tool_calls"][1]
    assert drop["output_index"] == 1
    assert summarize(out) == ["user(-)", "assistant(a)", "tool(a)"]


def test_placeholder_is_marked_and_named_after_the_tool():
    """A placeholder result starts with the marker and names the call and tool."""
    out, report = repair([U(), A("a")], "openai", orphans="placeholder")
    assert out[2]["content"].startswith(PLACEHOLDER_MARK)
    assert "a (f)" in out[2]["content"]
    assert report.origins == (0, 1, None)
    assert report.actions[0].kind is ActionKind.PLACEHOLDER


def test_unrepairable_only_history_is_returned_unchanged_with_the_rest_reported():
    """A history whose only fault is a missing reasoning_content comes back equal and reported."""
    history = [U(), A("a"), T("a")]
    out, report = repair(history, "kimi")
    assert out == history
    assert out is not history
    assert not report.changed
    assert [v.rule for v in report.unrepaired] == [Rule.REASONING_PASSBACK]


def test_check_joins_all_missing_ids_of_one_message():
    """Two unanswered ids of one call message make one violation listing both."""
    (violation,) = check_history([A("a", "b"), U()], "openai")
    assert violation.index == 0
    assert violation.message.endswith("did not have response messages: a, b")


def test_non_objects_are_neither_violations_nor_dropped():
    """Non-object elements pass check and survive repair."""
    history = ["x", 3, None, U(), A("a"), T("a")]
    assert check_history(history, "openai") == []
    out, report = repair([*history, T("zz")], "openai")
    assert out[:3] == ["x", 3, None]
    assert report.actions[0].reason == "orphan_result"


def test_prepare_body_returns_a_non_json_body_unchanged():
    """A body that is not JSON, or has no messages array, comes back as the same object."""
    for body in (b"not json", '{"model": 1}', b"[1, 2]"):
        assert prepare_body(body) is body


def test_prepare_body_keeps_text_as_text():
    """A str body that changes comes back as str with the repaired messages."""
    body = orjson.dumps({"messages": [A("a"), A("b"), T("a"), T("b")], "stream": False}).decode()
    out = prepare_body(body)
    assert isinstance(out, str)
    document = orjson.loads(out)
    assert summarize(document["messages"]) == ["assistant(a,b)", "tool(a)", "tool(b)"]
    assert document["stream"] is False


def test_a_stray_result_names_the_role_before_it_and_none_at_the_start():
    """Mistral's stray_result text names the role of the message before, 'none' for the first."""
    (at_start,) = check_history([T("a")], "mistral")
    assert at_start.rule is Rule.STRAY_RESULT and at_start.index == 0
    assert at_start.message == "Unexpected role 'tool' after role 'none'"
    (after_user,) = check_history([U(), T("a")], "mistral")
    assert after_user.index == 1
    assert after_user.message == "Unexpected role 'tool' after role 'user'"


@pytest.mark.parametrize("dialect", ["anthropic", "deepseek-strict"])
def test_results_of_an_id_declared_twice_in_one_call_take_its_occurrences_in_order(
    dialect: str,
) -> None:
    """Own: each result takes the first unanswered occurrence of its id, so the first result
    answers the first entry and keeps the id, and the second answers the renamed second."""
    history = [U(), A("c", "c"), {**T("c"), "content": "one"}, {**T("c"), "content": "two"}]
    out, report = repair(history, dialect)
    assert [entry["id"] for entry in out[1]["tool_calls"]] == ["c", "c_d2"]
    assert [(m["tool_call_id"], m["content"]) for m in out[2:]] == [("c", "one"), ("c_d2", "two")]
    assert [(a.kind, a.index, a.id, a.new_id) for a in report.actions] == [
        (ActionKind.RENAME, 1, "c", "c_d2"),
        (ActionKind.RENAME, 3, "c", "c_d2"),
    ]
