"""The event templates the stateful test and the strategies draw from cover the catalog."""

from __future__ import annotations

from streamspec._codec import EVENT_BY_KIND
from streamspec._machines import ROUTES
from streamspec.testing import BLOCK_IDS, TEMPLATES, TOOL_CALL_IDS


def _kinds_of(machine: str) -> set[str]:
    """The kinds whose routes drive ``machine`` for a whole event."""
    return {
        kind
        for kind, routes in ROUTES.items()
        if any(r.machine == machine and r.items is None for r in routes)
    }


def test_every_kind_has_a_template() -> None:
    """Each event kind of the catalog has at least one template."""
    assert {t.KIND for t in TEMPLATES} == set(EVENT_BY_KIND)


def test_every_block_id_has_a_template_of_every_block_kind() -> None:
    """Each block id is used by every kind that drives the block machine."""
    block_kinds = _kinds_of("block")
    assert {"text_block_start", "data_block_delta", "hint_block"} <= block_kinds
    for block_id in BLOCK_IDS:
        kinds = {t.KIND for t in TEMPLATES if getattr(t, "block_id", None) == block_id}
        assert kinds == block_kinds, block_id


def test_every_call_id_has_a_template_of_every_whole_call_kind() -> None:
    """Each tool call id is used by every kind that drives the tool call machine whole."""
    call_kinds = _kinds_of("tool_call")
    assert {"tool_call_start", "tool_result_end"} <= call_kinds
    for call_id in TOOL_CALL_IDS:
        kinds = {t.KIND for t in TEMPLATES if getattr(t, "tool_call_id", None) == call_id}
        assert kinds >= call_kinds, call_id


def test_every_call_id_is_both_allowed_and_denied() -> None:
    """Each call id has a USER_CONFIRM_RESULT template that allows it and one that denies it,
    so the stateful test reaches both sides of the confirmation guard."""
    for call_id in TOOL_CALL_IDS:
        answers = {
            item["confirmed"]
            for t in TEMPLATES
            if t.KIND == "user_confirm_result"
            for item in t.confirm_results  # type: ignore[attr-defined]
            if item["tool_call"]["id"] == call_id
        }
        assert answers == {True, False}, call_id


def test_the_id_pools_are_the_ones_docs_testing_names() -> None:
    """docs/testing.md: random events come from small fixed id pools, blocks ``b0``, ``b1``
    and tool calls ``t0``, ``t1``."""
    assert (BLOCK_IDS, TOOL_CALL_IDS) == (("b0", "b1"), ("t0", "t1"))
