"""Python twins of seed 003's Go subtests (``tool_pairing_test.go``), same inputs and assertions."""

from __future__ import annotations

import copy
from typing import Any

import orjson
import pytest
from streamspec.pairing import (
    cleanup_orphan_tool_calls,
    merge_adjacent_tool_calls,
    prepare_body,
    repack_tool_result_blocks,
    summarize,
)


def msgs(text: str) -> list[Any]:
    value = orjson.loads(text)
    assert isinstance(value, list)
    return value


A_NIL = (
    '{"role":"assistant","content":null,"tool_calls":[{"id":"c00",'
    '"type":"function","function":{"name":"f","arguments":"{}"}}]}'
)
A_C01 = (
    '{"role":"assistant","content":null,"tool_calls":[{"id":"c01",'
    '"type":"function","function":{"name":"f","arguments":"{}"}}]}'
)
A_C02 = (
    '{"role":"assistant","content":null,"tool_calls":[{"id":"c02",'
    '"type":"function","function":{"name":"f","arguments":"{}"}}]}'
)
T_C00 = '{"role":"tool","tool_call_id":"c00","content":"r0"}'
T_C01 = '{"role":"tool","tool_call_id":"c01","content":"r1"}'


# TestMergeAdjacentToolCalls


def test_merge_two_split_parallel_calls_become_one():
    """Two back-to-back assistant tool-call messages merge into one, in declaration order."""
    out, changed = merge_adjacent_tool_calls(msgs(f"[{A_NIL},{A_C01},{T_C00},{T_C01}]"))
    assert changed
    assert summarize(out) == ["assistant(c00,c01)", "tool(c00)", "tool(c01)"]
    assert out[0]["tool_calls"][0]["id"] == "c00"


def test_merge_three_in_a_row_all_merge():
    """Three consecutive tool-call messages all merge into one."""
    out, changed = merge_adjacent_tool_calls(msgs(f"[{A_NIL},{A_C01},{A_C02}]"))
    assert changed
    assert summarize(out) == ["assistant(c00,c01,c02)"]


def test_merge_canonical_form_is_returned_unchanged():
    """A history already in canonical form comes back unchanged with changed=false."""
    merged = '{"role":"assistant","content":null,"tool_calls":[{"id":"c00"},{"id":"c01"}]}'
    source = msgs(f"[{merged},{T_C00},{T_C01}]")
    out, changed = merge_adjacent_tool_calls(source)
    assert not changed
    assert out is source
    assert summarize(out) == ["assistant(c00,c01)", "tool(c00)", "tool(c01)"]


def test_merge_does_not_cross_an_intervening_message():
    """Tool-call messages separated by another message are not merged."""
    out, changed = merge_adjacent_tool_calls(
        msgs(f'[{A_NIL},{{"role":"user","content":"x"}},{A_C01},{T_C00},{T_C01}]')
    )
    assert not changed
    assert summarize(out) == [
        "assistant(c00)",
        "user(-)",
        "assistant(c01)",
        "tool(c00)",
        "tool(c01)",
    ]


def test_merge_skips_a_later_message_with_content():
    """A later tool-call message with non-empty content is not merged."""
    out, changed = merge_adjacent_tool_calls(
        msgs(f'[{A_NIL},{{"role":"assistant","content":"text","tool_calls":[{{"id":"c01"}}]}}]')
    )
    assert not changed
    assert summarize(out) == ["assistant(c00)", "assistant(c01)"]


def test_merge_needs_tool_calls_on_the_earlier_message():
    """An earlier assistant without tool_calls does not absorb a tool-call message."""
    out, changed = merge_adjacent_tool_calls(
        msgs(f'[{{"role":"assistant","content":"hi"}},{A_NIL}]')
    )
    assert not changed
    assert summarize(out) == ["assistant(-)", "assistant(c00)"]


def test_merge_keeps_reasoning_content_joined_by_newline():
    """Merging joins both messages' reasoning_content with a newline."""
    out, changed = merge_adjacent_tool_calls(
        msgs(
            '[{"role":"assistant","content":null,"reasoning_content":"r1","tool_calls":[{"id":"c00"}]},'
            '{"role":"assistant","content":null,"reasoning_content":"r2","tool_calls":[{"id":"c01"}]}]'
        )
    )
    assert changed
    assert out[0]["reasoning_content"] == "r1\nr2"


@pytest.mark.parametrize(
    ("first", "second", "kept"),
    [
        (None, "r2", "r2"),
        ("", "r2", "r2"),
        (7, "r2", "r2"),
        (["r1"], "r2", "r2"),
        ("r1", None, "r1"),
        ("r1", "", "r1"),
        ("r1", 7, "r1"),
    ],
)
def test_merge_joins_only_non_empty_reasoning_strings(first: Any, second: Any, kept: str) -> None:
    """A reasoning_content that is not a non-empty string is not joined: the merged message
    keeps the other one's alone."""
    out, changed = merge_adjacent_tool_calls(
        [
            {
                "role": "assistant",
                "content": None,
                "reasoning_content": first,
                "tool_calls": [{"id": "c00"}],
            },
            {
                "role": "assistant",
                "content": None,
                "reasoning_content": second,
                "tool_calls": [{"id": "c01"}],
            },
        ]
    )
    assert changed
    assert summarize(out) == ["assistant(c00,c01)"]
    assert out[0]["reasoning_content"] == kept


def test_merge_single_message_is_not_out_of_bounds():
    """A single tool-call message is left alone."""
    out, changed = merge_adjacent_tool_calls(msgs(f"[{A_NIL}]"))
    assert not changed
    assert summarize(out) == ["assistant(c00)"]


def test_merge_passes_non_objects_and_still_merges_after_them():
    """A non-object element passes through and does not block a later merge."""
    out, changed = merge_adjacent_tool_calls(msgs(f'["str",{A_NIL},{A_C01}]'))
    assert changed
    assert summarize(out) == ["<non-object>", "assistant(c00,c01)"]


# TestPrepareBodyMergesSplitParallelToolCalls


def test_prepare_body_merges_split_parallel_tool_calls():
    """The outbound pipeline turns split parallel calls into one call message."""
    body = """{"model":"deepseek-v4.1-flash","messages":[
        {"role":"user","content":"跑两个命令"},
        {"role":"assistant","content":null,"tool_calls":[{"id":"call_00_a","type":"function","function":{"name":"exec_command","arguments":"{\\"cmd\\":\\"pwd\\"}"}}]},
        {"role":"assistant","content":null,"tool_calls":[{"id":"call_01_b","type":"function","function":{"name":"exec_command","arguments":"{\\"cmd\\":\\"ls\\"}"}}]},
        {"role":"tool","tool_call_id":"call_00_a","content":"/opt"},
        {"role":"tool","tool_call_id":"call_01_b","content":"a b c"}
    ]}"""
    out = prepare_body(body.encode())
    messages = orjson.loads(out)["messages"]
    assert summarize(messages) == [
        "user(-)",
        "assistant(call_00_a,call_01_b)",
        "tool(call_00_a)",
        "tool(call_01_b)",
    ]
    previous_had_calls = False
    for message in messages:
        has_calls = bool(message.get("tool_calls"))
        assert not (previous_had_calls and has_calls), summarize(messages)
        previous_had_calls = has_calls


# TestRepackToolResultBlocks


def test_repack_moves_a_message_wedged_between_results():
    """A message between two results of one batch moves after the batch."""
    out, changed = repack_tool_result_blocks(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":"c00"},{"id":"c01"}]},
            {"role":"tool","tool_call_id":"c00","content":"r0"},
            {"role":"system","content":"<image_resize_notice>"},
            {"role":"tool","tool_call_id":"c01","content":"r1"}
        ]"""
        )
    )
    assert changed
    assert summarize(out) == ["assistant(c00,c01)", "tool(c00)", "tool(c01)", "system(-)"]


def test_repack_hands_the_next_call_message_back_to_the_outer_loop():
    """The next call message is not swallowed as an interloper; its own batch is repacked too."""
    out, changed = repack_tool_result_blocks(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":"c00"}]},
            {"role":"tool","tool_call_id":"c00","content":"r0"},
            {"role":"system","content":"notice1"},
            {"role":"assistant","content":null,"tool_calls":[{"id":"c10"},{"id":"c11"}]},
            {"role":"tool","tool_call_id":"c10","content":"r10"},
            {"role":"system","content":"notice2"},
            {"role":"tool","tool_call_id":"c11","content":"r11"}
        ]"""
        )
    )
    assert changed
    assert summarize(out) == [
        "assistant(c00)",
        "tool(c00)",
        "system(-)",
        "assistant(c10,c11)",
        "tool(c10)",
        "tool(c11)",
        "system(-)",
    ]


def test_repack_without_anything_to_move_is_unchanged():
    """A canonical batch is not repacked."""
    _, changed = repack_tool_result_blocks(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":"c00"}]},
            {"role":"tool","tool_call_id":"c00","content":"r0"}
        ]"""
        )
    )
    assert not changed


# TestCleanupOrphanToolCalls


def test_cleanup_trims_a_partly_answered_batch_symmetrically():
    """A batch with one answered call keeps that call and its result only."""
    out, changed = cleanup_orphan_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":"c1"},{"id":"c2"}]},
            {"role":"tool","tool_call_id":"c1","content":"r1"}
        ]"""
        )
    )
    assert changed
    assert summarize(out) == ["assistant(c1)", "tool(c1)"]


def test_cleanup_deletes_the_tool_calls_key_of_an_unanswered_call():
    """A call with no result loses its whole tool_calls key; its content is untouched."""
    source = msgs('[{"role":"assistant","content":"hi","tool_calls":[{"id":"c1"}]}]')
    before = copy.deepcopy(source)
    out, changed = cleanup_orphan_tool_calls(source)
    assert changed
    assert "tool_calls" not in out[0]
    assert out[0]["content"] == "hi"
    assert source == before


def test_cleanup_removes_an_orphan_result():
    """A result whose call is nowhere is removed whole."""
    out, changed = cleanup_orphan_tool_calls(
        msgs('[{"role":"user","content":"x"},{"role":"tool","tool_call_id":"c9","content":"r"}]')
    )
    assert changed
    assert summarize(out) == ["user(-)"]


def test_cleanup_leaves_complete_pairs_alone():
    """A fully answered batch is unchanged."""
    out, changed = cleanup_orphan_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":"c1"},{"id":"c2"}]},
            {"role":"tool","tool_call_id":"c1","content":"r1"},
            {"role":"tool","tool_call_id":"c2","content":"r2"}
        ]"""
        )
    )
    assert not changed
    assert summarize(out) == ["assistant(c1,c2)", "tool(c1)", "tool(c2)"]


def test_cleanup_without_tool_traffic_is_unchanged():
    """A history with no tool traffic is unchanged."""
    _, changed = cleanup_orphan_tool_calls(msgs('[{"role":"user","content":"x"}]'))
    assert not changed


def test_cleanup_treats_empty_ids_on_both_sides_as_no_traffic():
    """A call and a result whose ids are empty are not tool traffic and pass through."""
    _, changed = cleanup_orphan_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":""}]},
            {"role":"tool","tool_call_id":"","content":"r"}
        ]"""
        )
    )
    assert not changed


# TestMergeAdjacentToolCallsEmptyArrayContent


def test_merge_treats_empty_array_content_as_empty():
    """content: [] counts as empty, so the split calls merge; a non-empty earlier array is kept."""
    out, changed = merge_adjacent_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":[],"tool_calls":[{"id":"c1","type":"function","function":{"name":"A","arguments":"{}"}}]},
            {"role":"assistant","content":[],"tool_calls":[{"id":"c2","type":"function","function":{"name":"B","arguments":"{}"}}]},
            {"role":"tool","tool_call_id":"c1","content":"r1"},
            {"role":"tool","tool_call_id":"c2","content":"r2"}
        ]"""
        )
    )
    assert changed
    assert len(out) == 3
    assert len(out[0]["tool_calls"]) == 2

    out2, changed2 = merge_adjacent_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":[{"type":"text","text":"hi"}],"tool_calls":[{"id":"c1","type":"function","function":{"name":"A","arguments":"{}"}}]},
            {"role":"assistant","content":[],"tool_calls":[{"id":"c2","type":"function","function":{"name":"B","arguments":"{}"}}]}
        ]"""
        )
    )
    assert changed2
    first = out2[0]
    assert isinstance(first["content"], list)
    assert len(first["content"]) == 1
    assert len(first["tool_calls"]) == 2


# TestFoldTextIntoPrevToolCall


def test_merge_folds_trailing_text_into_the_previous_call_message():
    """Text after a text-less call message folds into it; arrays and call-less pairs do not."""
    out, changed = merge_adjacent_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"A","arguments":"{}"}}]},
            {"role":"assistant","content":"我来解释一下"},
            {"role":"tool","tool_call_id":"c1","content":"r1"}
        ]"""
        )
    )
    assert changed
    assert len(out) == 2
    assert out[0]["content"] == "我来解释一下"
    assert len(out[0]["tool_calls"]) == 1
    assert out[1]["role"] == "tool"

    _, changed2 = merge_adjacent_tool_calls(
        msgs('[{"role":"assistant","content":"第一轮"},{"role":"assistant","content":"第二轮"}]')
    )
    assert not changed2

    _, changed3 = merge_adjacent_tool_calls(
        msgs(
            """[
            {"role":"assistant","content":[],"tool_calls":[{"id":"c1","type":"function","function":{"name":"A","arguments":"{}"}}]},
            {"role":"assistant","content":[{"type":"text","text":"hi"}]}
        ]"""
        )
    )
    assert not changed3


def test_merge_keeps_a_later_message_whose_content_is_an_object_or_a_number():
    """Only a missing, null, empty-string or empty-array content is empty: a later tool-call
    message with any other content (an object, a number, even 0 or false) is not merged."""
    for content in ("{}", "0", "false"):
        later = f'{{"role":"assistant","content":{content},"tool_calls":[{{"id":"c01"}}]}}'
        out, changed = merge_adjacent_tool_calls(msgs(f"[{A_NIL},{later}]"))
        assert not changed, content
        assert summarize(out) == ["assistant(c00)", "assistant(c01)"]


def test_prepare_body_returns_a_body_that_needs_nothing_as_it_came() -> None:
    """A body whose messages need no change comes back byte for byte, spacing and all, in the
    type it came in; one that changes is written anew."""
    body = '{"messages": [ {"role": "user", "content": "hi"} ],  "model": "m"}'
    assert prepare_body(body) is body
    assert prepare_body(body.encode()) == body.encode()
    split = f'{{"messages": [{A_NIL}, {A_C01}, {T_C00}, {T_C01}]}}'
    assert summarize(orjson.loads(prepare_body(split))["messages"]) == [
        "assistant(c00,c01)",
        "tool(c00)",
        "tool(c01)",
    ]
