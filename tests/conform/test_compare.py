"""Comparing a program's output with a vector: JSON equality and the per-kind runner rules."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from streamspec._errors import UsageError
from streamspec.conform._compare import (
    MISSING,
    Difference,
    compare,
    first_difference,
    summarize_history,
)
from streamspec.conform._vectors import VectorCase, load_cases

CASES = list(load_cases())

# --- first_difference ---------------------------------------------------------


def test_integer_and_float_of_the_same_value_are_equal():
    """1 and 1.0 are the same JSON number, at any depth."""
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1.0, {"b": 2.0}]}) is None


def test_true_is_not_the_number_one():
    """A boolean never equals a number, even where Python says True == 1."""
    assert first_difference({"n": 1}, {"n": True}) == Difference("$.n", 1, True)
    assert first_difference([0], [False]) == Difference("$[0]", 0, False)


def test_key_order_is_ignored():
    """Objects with the same keys in another order are equal."""
    assert (
        first_difference({"a": 1, "b": {"c": 2, "d": 3}}, {"b": {"d": 3, "c": 2}, "a": 1}) is None
    )


def test_the_first_difference_is_in_sorted_key_order():
    """With several differing keys, the one first in code-point order is reported."""
    found = first_difference({"b": 1, "a": {"z": 1, "y": 2}}, {"b": 2, "a": {"z": 0, "y": 3}})
    assert found == Difference("$.a.y", 2, 3)


def test_a_missing_key_is_reported_with_the_absent_side():
    """A key only one side has is a difference whose other side is MISSING."""
    assert first_difference({"a": 1}, {}) == Difference("$.a", 1, MISSING)
    assert first_difference({}, {"a": 1}) == Difference("$.a", MISSING, 1)


def test_a_shorter_array_differs_at_its_first_missing_index():
    """A length difference is reported at the first index the shorter array lacks."""
    assert first_difference([1, 2, 3], [1, 2]) == Difference("$[2]", 3, MISSING)
    assert first_difference([1], [1, [4]]) == Difference("$[1]", MISSING, [4])


def test_an_earlier_element_difference_beats_a_length_difference():
    """Arrays are walked by index, so a changed element before the end is reported first."""
    assert first_difference([1, 2, 3], [1, 5]) == Difference("$[1]", 2, 5)


def test_nested_paths_name_indexes_and_keys():
    """The path of a nested difference names every key and index on the way."""
    expected = {"message": {"content": [{"type": "text", "text": "hi"}]}}
    actual = {"message": {"content": [{"type": "text", "text": "ho"}]}}
    assert first_difference(expected, actual, "$.output") == Difference(
        "$.output.message.content[0].text", "hi", "ho"
    )


def test_keys_that_are_not_names_are_quoted():
    """A key with characters outside [A-Za-z0-9_] is written in brackets, quoted."""
    assert first_difference({"text:b": 1}, {"text:b": 2}) == Difference('$["text:b"]', 1, 2)
    assert first_difference({"": 1}, {"": 2}) == Difference('$[""]', 1, 2)


def test_a_quote_or_backslash_in_a_quoted_key_is_escaped_with_a_backslash():
    """Inside the brackets a key is a JSON string: ``"`` is written ``\\"`` and ``\\``
    is written ``\\\\``, so the path reads back to the one key."""
    key = 'say "hi" \\ now'
    found = first_difference({key: 1}, {key: 2})
    assert found is not None
    assert found == Difference('$["say \\"hi\\" \\\\ now"]', 1, 2)
    assert json.loads(found.path[2:-1]) == key


def test_type_differences_report_the_whole_values():
    """An array against an object, or null against a string, differs at that path."""
    assert first_difference({"a": []}, {"a": {}}) == Difference("$.a", [], {})
    assert first_difference([None], ["x"]) == Difference("$[0]", None, "x")


def test_strings_compare_by_code_point():
    """Strings equal only when their code points are equal."""
    assert first_difference("é", "é") is None
    assert first_difference("é", "e\u0301") == Difference("$", "é", "e\u0301")


# --- reduce -------------------------------------------------------------------

DIAG = {
    "code": "delta_after_end",
    "severity": "error",
    "index": 3,
    "item": None,
    "machine": "block",
    "state": "closed",
    "event": "delta",
    "key": "text:b",
    "details": {},
}
UNREADABLE = {
    "code": "unreadable_line",
    "severity": "error",
    "index": 0,
    "item": None,
    "machine": None,
    "state": None,
    "event": None,
    "key": None,
    "details": {"paths": ["$.delta", "$.block_id"]},
}
REDUCE_CASE = {
    "events": [],
    "expected": {
        "message": {"id": "r1", "content": [{"type": "text", "text": "hi"}]},
        "diagnostics": [DIAG, UNREADABLE],
        "states": {"reply": {"": "streaming"}, "block": {}},
    },
}


def _reduce_output() -> dict[str, Any]:
    return copy.deepcopy(REDUCE_CASE["expected"])  # type: ignore[arg-type]


def test_reduce_passes_with_free_text_and_reordered_paths():
    """A diagnostic's message and allowed are ignored and unreadable_line paths compare as a set."""
    output = _reduce_output()
    output["diagnostics"][0] = {**DIAG, "message": "anything", "allowed": ["end"]}
    output["diagnostics"][1]["details"]["paths"] = ["$.block_id", "$.delta"]
    result = compare("reduce", REDUCE_CASE, output, ("message", "diagnostics", "states"))
    assert result.passed
    assert result.differences == ()
    assert result.compared == ("message", "diagnostics", "states")


def test_reduce_paths_are_a_set_only_for_unreadable_line():
    """details.paths of another code compare as an ordered array."""
    other = {**DIAG, "details": {"paths": ["a", "b"]}}
    case = {"events": [], "expected": {**REDUCE_CASE["expected"], "diagnostics": [other]}}  # type: ignore[dict-item]
    output = _reduce_output()
    output["diagnostics"] = [{**DIAG, "details": {"paths": ["b", "a"]}}]
    result = compare("reduce", case, output, ("diagnostics",))
    assert result.differences == (Difference("$.output.diagnostics[0].details.paths[0]", "a", "b"),)


def test_reduce_reports_the_first_difference_of_each_check():
    """A wrong text, a wrong diagnostic field and a wrong state give one difference each, in check order."""
    output = _reduce_output()
    output["message"]["content"][0]["text"] = "ho"
    output["diagnostics"][0]["state"] = "open"
    output["states"]["reply"][""] = "done"
    result = compare("reduce", REDUCE_CASE, output, ("message", "diagnostics", "states"))
    assert not result.passed
    assert result.differences == (
        Difference("$.output.message.content[0].text", "hi", "ho"),
        Difference("$.output.diagnostics[0].state", "closed", "open"),
        Difference('$.output.states.reply[""]', "streaming", "done"),
    )


def test_reduce_compares_only_the_supported_checks():
    """Checks the program left out are neither compared nor listed as compared."""
    output = {"message": _reduce_output()["message"]}
    result = compare("reduce", REDUCE_CASE, output, ("message",))
    assert result.passed
    assert result.compared == ("message",)


def test_reduce_a_missing_diagnostic_is_reported_at_its_index():
    """One diagnostic too few differs at the first missing index."""
    output = _reduce_output()
    output["diagnostics"] = output["diagnostics"][:1]
    result = compare("reduce", REDUCE_CASE, output, ("diagnostics",))
    assert result.differences == (Difference("$.output.diagnostics[1]", UNREADABLE, MISSING),)


@pytest.mark.parametrize("wrong", ["broken", ["code", "state"], None, 3])
def test_reduce_a_diagnostic_that_is_not_an_object_differs_whole(wrong: Any):
    """A program's diagnostic that is not an object differs from the expected one as a whole."""
    for index, expected in enumerate([DIAG, UNREADABLE]):
        output = _reduce_output()
        output["diagnostics"][index] = wrong
        result = compare("reduce", REDUCE_CASE, output, ("diagnostics",))
        assert result.differences == (
            Difference(f"$.output.diagnostics[{index}]", expected, wrong),
        )


def test_reduce_a_claimed_check_without_its_key_fails():
    """A supported check whose output key is absent is a difference against MISSING."""
    output = _reduce_output()
    del output["states"]
    result = compare("reduce", REDUCE_CASE, output, ("states",))
    assert result.differences == (
        Difference("$.output.states", REDUCE_CASE["expected"]["states"], MISSING),  # type: ignore[index]
    )


def test_reduce_raised_is_compared_under_diagnostics():
    """A strict vector's raised diagnostic must be given, on the nine fields, and a lenient one must raise nothing."""
    strict = {"events": [], "expected": {**REDUCE_CASE["expected"], "raised": DIAG}}  # type: ignore[dict-item]
    output = _reduce_output()
    assert compare("reduce", strict, output, ("diagnostics",)).differences == (
        Difference("$.output.raised", DIAG, MISSING),
    )
    output["raised"] = {**DIAG, "message": "free text"}
    assert compare("reduce", strict, output, ("diagnostics",)).passed
    assert not compare("reduce", REDUCE_CASE, output, ("diagnostics",)).passed
    assert compare("reduce", strict, output, ("message",)).passed


def test_reduce_after_each_is_compared_with_the_message():
    """A vector with after_each compares the list of messages under the message check."""
    case = {"events": [{}], "expected": {**REDUCE_CASE["expected"], "after_each": [{"id": None}]}}  # type: ignore[dict-item]
    output = _reduce_output()
    output["after_each"] = [{"id": "r1"}]
    result = compare("reduce", case, output, ("message",))
    assert result.differences == (Difference("$.output.after_each[0].id", None, "r1"),)


# --- judge --------------------------------------------------------------------

VERDICT = {
    "key": "1.1",
    "terminal_state": "completed",
    "finish_reason": "stop",
    "usage_state": "known",
    "usage": {"input_tokens": 1, "output_tokens": 2, "cost_usd": 0.5},
    "final_text": "hi",
    "error_code": None,
    "error_message": None,
}


def test_judge_compares_problems_by_line_and_code_only():
    """A problem's message is ignored and an absent problems key means none expected."""
    case = {"id": "x", "from": "canonical", "input": [], "expected": [VERDICT]}
    output = {"verdicts": [dict(VERDICT)], "problems": []}
    assert compare("judge", case, output, ()).passed
    case["problems"] = [{"line": 2, "code": "unknown_record"}]
    output["problems"] = [{"line": 2, "code": "unknown_record", "message": "what"}]
    result = compare("judge", case, output, ())
    assert result.passed
    assert result.compared == ("verdicts", "problems")
    output["problems"] = [{"line": 3, "code": "unknown_record"}]
    assert compare("judge", case, output, ()).differences == (
        Difference("$.output.problems[0].line", 2, 3),
    )


def test_judge_verdicts_are_compared_whole():
    """Every verdict field counts, numbers as numbers."""
    case = {"id": "x", "from": "canonical", "input": [], "expected": [VERDICT]}
    output = {
        "verdicts": [{**VERDICT, "usage": {**VERDICT["usage"], "input_tokens": 1.0}}],
        "problems": [],
    }  # type: ignore[dict-item]
    assert compare("judge", case, output, ()).passed
    output["verdicts"] = [{**VERDICT, "final_text": None}]
    assert compare("judge", case, output, ()).differences == (
        Difference("$.output.verdicts[0].final_text", "hi", None),
    )


#: A judge case with a seed expectation, whose ``notes`` are never compared.
SEED_CASE: dict[str, Any] = {
    "id": "seed",
    "from": "muse",
    "input": [],
    "expected": [VERDICT],
    "seed_expected": {"terminal_state": "truncated", "notes": "ignored"},
}


def test_judge_seed_expectation_is_checked_without_notes():
    """Each seed_expected key but notes must equal the single verdict's field."""
    output = {"verdicts": [VERDICT], "problems": []}
    result = compare("judge", SEED_CASE, output, ())
    assert result.compared == ("verdicts", "problems", "seed_expected")
    assert result.differences == (
        Difference("$.output.verdicts[0].terminal_state", "truncated", "completed"),
    )


@pytest.mark.parametrize(
    ("verdicts", "actual"),
    [([], MISSING), (None, MISSING), (["completed"], "completed"), ([[]], [])],
    ids=["none", "not-an-array", "a-string", "an-array"],
)
def test_a_seed_expectation_without_a_verdict_object_differs_at_the_first_verdict(
    verdicts: Any, actual: Any
) -> None:
    """No first verdict, or one that is not an object: the whole seed expectation (notes
    left out) differs at ``$.output.verdicts[0]``."""
    result = compare("judge", SEED_CASE, {"verdicts": verdicts, "problems": []}, ("seed_expected",))
    wanted = Difference("$.output.verdicts[0]", {"terminal_state": "truncated"}, actual)
    assert result.differences[-1] == wanted


# --- envelope -----------------------------------------------------------------


def test_envelope_problems_ignore_free_text_but_not_the_normative_message():
    """A problem's message is never compared; normative_message is, exactly."""
    problem = {
        "code": "unsupported_version",
        "details": {"line": 1, "version": 2},
        "normative_message": "unsupported event envelope version 2; expected 1",
    }
    case = {
        "kind": "read",
        "source": "envelope",
        "input": ["{}"],
        "expected": {"lines": [{"line": 1, "envelope": None, "problem": problem}], "message": None},
    }
    output = copy.deepcopy(case["expected"])
    output["lines"][0]["problem"]["message"] = "free words"  # type: ignore[index]
    result = compare("envelope", case, output, ())  # type: ignore[arg-type]
    assert result.passed
    assert result.compared == ("lines", "message")
    output["lines"][0]["problem"]["normative_message"] = "version 2 unsupported"  # type: ignore[index]
    assert compare("envelope", case, output, ()).differences == (  # type: ignore[arg-type]
        Difference(
            "$.output.lines[0].problem.normative_message",
            problem["normative_message"],
            "version 2 unsupported",
        ),
    )


def test_envelope_convert_problem_lists_ignore_messages():
    """Each problem of a convert output entry is compared on code and details."""
    case = {
        "kind": "convert",
        "source": "envelope",
        "target": "agentscope",
        "input": ["x"],
        "expected": {
            "outputs": [
                {
                    "line": 1,
                    "output": None,
                    "problems": [{"code": "not_expressible", "details": {"line": 1}}],
                }
            ]
        },
    }
    output = {
        "outputs": [
            {
                "line": 1,
                "output": None,
                "problems": [{"code": "not_expressible", "details": {"line": 1}, "message": "m"}],
            }
        ]
    }
    assert compare("envelope", case, output, ()).passed
    output["outputs"][0]["problems"].append({"code": "unreadable_line", "details": {"line": 1}})  # type: ignore[attr-defined]
    assert compare("envelope", case, output, ()).differences == (
        Difference(
            "$.output.outputs[0].problems[1]",
            MISSING,
            {"code": "unreadable_line", "details": {"line": 1}},
        ),
    )


def test_envelope_projection_json_text_is_compared_as_a_string():
    """A projection's *_json field compares as exact text: the same JSON with spaces differs."""
    case = {
        "kind": "projection",
        "envelope": {},
        "expected": {"payload_json": '{"a":1}', "text": None},
    }
    output = {"payload_json": '{"a": 1}', "text": None}
    assert compare("envelope", case, output, ()).differences == (
        Difference("$.output.payload_json", '{"a":1}', '{"a": 1}'),
    )


# --- pairing ------------------------------------------------------------------


def test_summary_rule_matches_the_readme_examples():
    """The summary rule gives the README's examples, non-objects and role-less objects included."""
    history = [
        {"role": "assistant", "tool_calls": [{"id": "c00"}, {"id": "c01"}]},
        {"role": "tool", "tool_call_id": "c00"},
        {"role": "user", "content": "q"},
        {"role": "assistant", "tool_calls": [{}, {"id": 3}]},
        {"content": "x"},
        7,
        {"role": "tool"},
        {"role": "user", "tool_calls": [{"id": "u"}, "skip"]},
    ]
    assert summarize_history(history) == [
        "assistant(c00,c01)",
        "tool(c00)",
        "user(-)",
        "assistant(,)",
        "(-)",
        "<non-object>",
        "tool()",
        "user(u)",
    ]


def test_pairing_compares_only_expected_keys_and_derives_the_summary():
    """Keys the case does not expect are ignored and summary comes from the output messages."""
    case = {
        "operation": "cleanup_orphan_tool_calls",
        "input": [],
        "expected": {"summary": ["user(-)", "tool(a)"], "changed": True},
    }
    output = {
        "messages": [{"role": "user"}, {"role": "tool", "tool_call_id": "a"}],
        "changed": True,
        "x": 1,
    }
    result = compare("pairing", case, output, ())
    assert result.passed
    assert result.compared == ("summary", "changed")
    output["messages"][1]["tool_call_id"] = "b"  # type: ignore[index]
    assert compare("pairing", case, output, ()).differences == (
        Difference("$.output.summary[1]", "tool(a)", "tool(b)"),
    )


def test_pairing_violations_compare_index_rule_and_only_named_upstream_text():
    """A violation's message is ignored unless the expected entry names upstream_error."""
    case = {
        "operation": "check",
        "dialect": "openai",
        "input": [],
        "expected": {"violations": [{"index": 1, "rule": "stray_result"}]},
    }
    output = {"violations": [{"index": 1, "rule": "stray_result", "upstream_error": "zzz"}]}
    assert compare("pairing", case, output, ()).passed
    case["expected"]["violations"][0]["upstream_error"] = "aaa"  # type: ignore[index]
    assert compare("pairing", case, output, ()).differences == (
        Difference("$.output.violations[0].upstream_error", "aaa", "zzz"),
    )


def test_pairing_repair_actions_and_unrepaired():
    """Actions compare on the keys each expected entry names; unrepaired absent means none."""
    case = {
        "operation": "repair",
        "dialect": "openai",
        "input": [],
        "expected": {"changed": True, "actions": [{"kind": "drop_call", "id": "a"}]},
    }
    output = {
        "messages": [],
        "changed": True,
        "actions": [{"kind": "drop_call", "id": "a", "index": 4, "output_index": 0}],
    }
    result = compare("pairing", case, output, ())
    assert result.passed
    assert result.compared == ("changed", "actions", "unrepaired")
    output["unrepaired"] = [{"index": 0, "rule": "missing_result"}]
    assert compare("pairing", case, output, ()).differences == (
        Difference("$.output.unrepaired[0]", MISSING, {"index": 0, "rule": "missing_result"}),
    )
    output["unrepaired"] = []
    output["actions"].append({"kind": "merge"})  # type: ignore[attr-defined]
    assert compare("pairing", case, output, ()).differences == (
        Difference("$.output.actions[1]", MISSING, {"kind": "merge"}),
    )


def test_unknown_kind_is_a_usage_error():
    """Comparing a kind that does not exist raises UsageError naming it and the kinds there are."""
    with pytest.raises(UsageError) as info:
        compare("render", {"expected": {}}, {}, ())
    assert "'render'" in str(info.value)
    assert "reduce, judge, envelope, pairing" in str(info.value)


# --- every vector against its own expectations --------------------------------

_SUMMARY = re.compile(r"(?P<role>.*)\((?P<ids>.*)\)\Z", re.DOTALL)


def _history_from_summary(summary: list[str]) -> list[Any]:
    """Build a history whose summary is ``summary`` (for cases that expect no messages)."""
    history: list[Any] = []
    for line in summary:
        if line == "<non-object>":
            history.append(0)
            continue
        match = _SUMMARY.match(line)
        assert match is not None, line
        role, ids = match["role"], match["ids"]
        item: dict[str, Any] = {"role": role} if role else {}
        if role == "tool":
            item["tool_call_id"] = ids
        elif ids != "-":
            item["tool_calls"] = [{"id": part} for part in ids.split(",")]
        history.append(item)
    return history


def output_from_expected(vector: VectorCase) -> dict[str, Any]:
    """The output a perfect implementation gives: built from the case's expectations."""
    case = copy.deepcopy(dict(vector.case))
    expected = case["expected"]
    if vector.kind == "reduce":
        return expected  # type: ignore[no-any-return]
    if vector.kind == "judge":
        return {"verdicts": expected, "problems": case.get("problems", [])}
    if vector.kind == "envelope":
        return expected  # type: ignore[no-any-return]
    output = {key: value for key, value in expected.items() if key != "summary"}
    if "summary" in expected and "messages" not in expected:
        output["messages"] = _history_from_summary(expected["summary"])
    if case["operation"] == "repair":
        output.setdefault("unrepaired", [])
    return output


def test_summary_helper_round_trips():
    """The test helper builds histories whose summary is the one asked for."""
    for vector in CASES:
        summary = vector.case["expected"].get("summary") if vector.kind == "pairing" else None
        if summary is not None:
            assert summarize_history(_history_from_summary(summary)) == summary


@pytest.mark.parametrize("vector", CASES, ids=lambda v: v.id)
def test_every_vector_passes_against_its_own_expectations(vector: VectorCase):
    """An output built from a case's expectations compares as passed, with every check compared."""
    result = compare(
        vector.kind, vector.case, output_from_expected(vector), ("message", "diagnostics", "states")
    )
    assert result.differences == ()
    assert result.passed
    assert result.compared


def _locations(value: Any, path: str) -> list[tuple[str, tuple[Any, ...]]]:
    """Every (path, key chain) inside a JSON value, the value itself included."""
    out = [(path, ())]
    if isinstance(value, dict):
        for key, item in value.items():
            out += [(p, (key, *chain)) for p, chain in _locations(item, f"{path}.{key}")]
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += [(p, (index, *chain)) for p, chain in _locations(item, f"{path}[{index}]")]
    return out


def _changed(value: Any) -> Any:
    """A different JSON value: one more element, one key fewer, or another scalar."""
    if isinstance(value, list):
        return [*value, None]
    if isinstance(value, dict):
        return dict(list(value.items())[1:]) if value else {"extra": None}
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "~"
    return "was null"


@given(st.data())
def test_one_changed_field_fails_with_that_keys_path(data: st.DataObject):
    """Changing any one value of a perfect output fails the comparison at the top-level key changed."""
    vector = data.draw(st.sampled_from(CASES), label="vector")
    output = output_from_expected(vector)
    key = data.draw(st.sampled_from(sorted(output)), label="key")
    _, chain = data.draw(st.sampled_from(_locations(output[key], key)), label="location")
    if chain:
        parent = output[key]
        for step in chain[:-1]:
            parent = parent[step]
        parent[chain[-1]] = _changed(parent[chain[-1]])
    else:
        output[key] = _changed(output[key])
    expected = vector.case.get("expected", {})
    if vector.kind == "pairing" and key == "messages" and "messages" not in expected:
        # Only the summary of the messages is compared: a change it cannot see is no test.
        assume(summarize_history(output["messages"]) != expected.get("summary"))
    result = compare(vector.kind, vector.case, output, ("message", "diagnostics", "states"))
    assert not result.passed
    prefixes = [f"$.output.{key}"]
    if vector.kind == "pairing" and key == "messages":
        prefixes.append("$.output.summary")
    assert any(d.path.startswith(tuple(prefixes)) for d in result.differences), result.differences


# --- outputs of the wrong shape -----------------------------------------------


@pytest.mark.parametrize("wrong", [{"0": DIAG}, "diagnostics", None])
def test_reduce_diagnostics_that_are_no_array_differ_whole(wrong: Any):
    """A program's ``diagnostics`` that is not an array differs at the key, values whole."""
    output = _reduce_output()
    output["diagnostics"] = wrong
    result = compare("reduce", REDUCE_CASE, output, ("diagnostics",))
    assert result.differences == (
        Difference("$.output.diagnostics", REDUCE_CASE["expected"]["diagnostics"], wrong),  # type: ignore[index]
    )


@pytest.mark.parametrize(
    ("details", "at", "want", "got"),
    [
        ("paths", "details", {"paths": ["$.block_id", "$.delta"]}, "paths"),
        ({"paths": "$.delta"}, "details.paths", ["$.block_id", "$.delta"], "$.delta"),
        ({"paths": ["$.block_id", 1]}, "details.paths[1]", "$.delta", 1),
    ],
)
def test_unreadable_line_paths_that_are_no_array_of_strings_compare_as_they_are(
    details: Any, at: str, want: Any, got: Any
):
    """Only an array of strings is compared as a set (the expected paths are sorted); any other
    ``details``/``paths`` value is compared as written, so it differs."""
    output = _reduce_output()
    output["diagnostics"][1]["details"] = details
    result = compare("reduce", REDUCE_CASE, output, ("diagnostics",))
    assert result.differences == (Difference(f"$.output.diagnostics[1].{at}", want, got),)


def test_pairing_outputs_that_are_no_arrays_differ_whole():
    """Messages that are no array give no summary, and violations that are no array differ at
    their key; a history that is no array summarizes to nothing."""
    case = {"operation": "check", "dialect": "openai", "input": [], "expected": {"summary": []}}
    assert compare("pairing", case, {"messages": "m"}, ()).differences == (
        Difference("$.output.messages", MISSING, "m"),
    )
    expected = [{"index": 1, "rule": "stray_result"}]
    case = {
        "operation": "check",
        "dialect": "openai",
        "input": [],
        "expected": {"violations": expected},
    }
    assert compare("pairing", case, {"violations": {"index": 1}}, ()).differences == (
        Difference("$.output.violations", expected, {"index": 1}),
    )
    assert summarize_history({"role": "user"}) == []
    assert summarize_history("x") == []


def test_the_absent_side_is_one_falsy_value_shown_as_absent():
    """``MISSING`` is a single falsy value, shown as ``<absent>`` in a difference."""
    assert type(MISSING)() is MISSING
    assert not MISSING
    assert repr(MISSING) == "<absent>"
