"""Properties of ``repair`` over generated histories (issue 5 §4).

Generated histories mix calls, results, interleaved messages, split calls,
orphans, duplicate and empty ids, invalid arguments and non-objects, drawn
from a small id alphabet so that collisions are common.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, note
from hypothesis import strategies as st
from streamspec.pairing import (
    ActionKind,
    Fix,
    RuleFamily,
    check_history,
    cleanup_orphan_tool_calls,
    dialect_tokens,
    merge_adjacent_tool_calls,
    repack_tool_result_blocks,
    repair,
    summarize,
)
from streamspec.pairing._dialects import rule_families
from streamspec.pairing._messages import call_entries, entry_id

IDS = st.sampled_from(["a", "b", "c", "a_d2", ""])
DIALECTS = st.sampled_from(dialect_tokens())
ORPHANS = st.sampled_from(["drop", "placeholder"])
FIXES = st.sets(st.sampled_from(["bridge", "invalid_arguments"]))


@st.composite
def call_entry(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 19)) == 0:
        return draw(st.sampled_from(["x", 3, None]))
    arguments = draw(st.sampled_from(['{"q": 1}', "{}", "{", "[]"]))
    return {
        "id": draw(IDS),
        "type": "function",
        "function": {"name": draw(st.sampled_from(["f", "g"])), "arguments": arguments},
    }


@st.composite
def message(draw: st.DrawFn) -> Any:
    kind = draw(
        st.sampled_from(
            ["call", "call", "call", "tool", "tool", "tool", "user", "system", "text", "junk"]
        )
    )
    if kind == "call":
        out: dict[str, Any] = {
            "role": "assistant",
            "content": draw(st.sampled_from([None, "", [], "thinking aloud"])),
            "tool_calls": draw(st.lists(call_entry(), min_size=1, max_size=3)),
        }
        if draw(st.booleans()):
            out["reasoning_content"] = draw(st.sampled_from(["r", ""]))
        return out
    if kind == "tool":
        ident = draw(st.one_of(IDS, st.just(7)))
        return {"role": "tool", "tool_call_id": ident, "content": "result"}
    if kind == "user":
        return {"role": "user", "content": draw(st.sampled_from(["hi", "bye", ""]))}
    if kind == "system":
        return {"role": "system", "content": "<notice>"}
    if kind == "text":
        return {
            "role": "assistant",
            "content": draw(st.sampled_from(["ok", [{"type": "text", "text": "x"}]])),
        }
    return draw(st.sampled_from(["str", 1, None, ["x"]]))


histories = st.lists(message(), max_size=12)


@st.composite
def valid_history(draw: st.DrawFn) -> list[Any]:
    """A history every bundled dialect accepts: user turn, calls, results, text."""
    out: list[Any] = [{"role": "system", "content": "be brief"}]
    counter = 0
    for _ in range(draw(st.integers(0, 3))):
        out.append({"role": "user", "content": "do it"})
        for _ in range(draw(st.integers(0, 2))):
            ids = [f"call_{counter + n}" for n in range(draw(st.integers(1, 3)))]
            counter += len(ids)
            out.append(
                {
                    "role": "assistant",
                    "content": None,
                    "reasoning_content": "because",
                    "tool_calls": [
                        {"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}}
                        for i in ids
                    ],
                }
            )
            for i in draw(st.permutations(ids)):
                out.append({"role": "tool", "tool_call_id": i, "content": "r"})
        out.append({"role": "assistant", "content": "done"})
    return out


def _repairable_families(fixes: set[str]) -> set[Any]:
    infos = rule_families()
    return {
        rule
        for rule, info in infos.items()
        if info.family is RuleFamily.PAIRING or (info.fix and info.fix.value in fixes)
    }


@given(histories, DIALECTS, ORPHANS, FIXES)
def test_a_second_repair_changes_nothing(history, dialect, orphans, fixes):
    """Repairing a repaired history reports no change and returns it as it is."""
    once, _ = repair(history, dialect, orphans=orphans, fixes=fixes)
    twice, report = repair(once, dialect, orphans=orphans, fixes=fixes)
    note(f"once: {summarize(once)}; second actions: {[a.to_dict() for a in report.actions]}")
    assert not report.changed
    assert twice == once


@given(histories, DIALECTS, ORPHANS, FIXES)
def test_output_has_no_repairable_violation_and_the_rest_is_reported(
    history, dialect, orphans, fixes
):
    """The output breaks no pairing or enabled-fix rule, and what remains is the unrepaired list."""
    out, report = repair(history, dialect, orphans=orphans, fixes=fixes)
    remaining = check_history(out, dialect)
    note(f"in: {summarize(history)}; out: {summarize(out)}; remaining: {remaining}")
    repairable = _repairable_families(fixes)
    assert [v for v in remaining if v.rule in repairable] == []
    assert list(report.unrepaired) == remaining


@given(histories, DIALECTS, ORPHANS, FIXES)
def test_every_input_message_is_in_the_output_or_the_report(history, dialect, orphans, fixes):
    """Each input message survives (origins), or a drop or merge action names it and carries it."""
    before = copy.deepcopy(history)
    out, report = repair(history, dialect, orphans=orphans, fixes=fixes)
    assert history == before
    assert len(out) == len(report.origins)
    kept = [o for o in report.origins if o is not None]
    assert len(kept) == len(set(kept))
    gone = {
        a.index: a.value
        for a in report.actions
        if a.kind in (ActionKind.DROP_MESSAGE, ActionKind.MERGE) and a.reason != "emptied"
    }
    emptied = {a.index for a in report.actions if a.reason == "emptied"}
    for index, value in gone.items():
        assert value == history[index]
    assert set(kept) | set(gone) | emptied == set(range(len(history)))
    assert not set(kept) & (set(gone) | emptied)
    touched = {a.index for a in report.actions} | {a.into for a in report.actions}
    for position, origin in enumerate(report.origins):
        if origin is not None and origin not in touched:
            assert out[position] == history[origin]


def _declared(messages: list[Any]) -> list[Any]:
    return [e for m in messages for e in call_entries(m)]


@given(histories, DIALECTS, ORPHANS, FIXES)
def test_every_call_is_kept_or_reported_and_declared_order_is_preserved(
    history, dialect, orphans, fixes
):
    """Output calls, renamed back, are the input calls in order minus the reported dropped ones."""
    out, report = repair(history, dialect, orphans=orphans, fixes=fixes)
    back = {a.new_id: a.id for a in report.actions if a.kind is ActionKind.RENAME}
    declared = [entry_id(e) if isinstance(e, dict) else e for e in _declared(history)]
    produced = [
        back.get(entry_id(e), entry_id(e)) if isinstance(e, dict) else e for e in _declared(out)
    ]
    dropped = [a for a in report.actions if a.kind is ActionKind.DROP_CALL]
    emptied_values = [
        a.value
        for a in report.actions
        if a.kind is ActionKind.DROP_MESSAGE and a.reason == "emptied"
    ]
    assert all("tool_calls" not in v for v in emptied_values)
    assert len(declared) == len(produced) + len(dropped)
    remaining = iter(declared)
    assert all(any(p == d for d in remaining) for p in produced), (declared, produced)


@given(valid_history(), DIALECTS, ORPHANS, FIXES)
def test_a_history_that_passes_comes_back_unchanged(history, dialect, orphans, fixes):
    """A history with no violation is returned equal, with an empty report."""
    assert check_history(history, dialect) == []
    out, report = repair(history, dialect, orphans=orphans, fixes=fixes)
    assert out == history
    assert not report.changed
    assert report.unrepaired == ()


@given(histories)
def test_seed_steps_never_mutate_their_input(history):
    """The seed's three steps leave the caller's list and messages untouched."""
    before = copy.deepcopy(history)
    for step in (merge_adjacent_tool_calls, repack_tool_result_blocks, cleanup_orphan_tool_calls):
        out, changed = step(history)
        assert history == before
        assert changed or out is history


def test_fix_names_match_the_fix_enum():
    """The generated fix names are exactly the Fix enum's values."""
    assert {f.value for f in Fix} == {"bridge", "invalid_arguments"}
