"""The judge's Python API fails with the project's own error, named in JSON's words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import ModelFinishEvent, ModelReceiptEvent, UsageError
from streamspec.completion import Judge, judge
from streamspec.completion._text import JOIN_EVERY, TextParts


@pytest.mark.parametrize(
    ("value", "kind"),
    [(None, "null"), (5, "number"), (True, "boolean"), ("abc", "string"), ({"a": 1}, "object")],
)
def test_judge_of_a_non_iterable_raises_usage_error_naming_its_json_kind(
    value: Any, kind: str
) -> None:
    """judge() of a non-iterable, a string or an object raises UsageError naming its JSON kind."""
    with pytest.raises(UsageError) as caught:
        judge(value)
    assert str(caught.value) == f"judge takes an iterable of events, got {kind}"
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("item", "kind"), [(None, "null"), ({"type": "X"}, "object"), ([1], "array"), (1.5, "number")]
)
def test_apply_of_a_non_event_raises_and_changes_nothing(item: Any, kind: str) -> None:
    """Judge.apply of a non-event raises UsageError naming its JSON kind and records no call."""
    j = Judge()
    j.apply(ModelReceiptEvent(call="1", text=["hi"]))
    before = j.states()
    with pytest.raises(UsageError, match=f"^judge takes events, got {kind}$"):
        j.apply(item)
    assert j.states() == before
    assert [v.key for v in j.verdicts()] == ["1"]


def test_a_bad_item_midway_leaves_the_earlier_evidence_judged() -> None:
    """apply_all stops at the first non-event; the calls before it keep their evidence."""
    j = Judge()
    events = [
        ModelReceiptEvent(call="1", text=["hi"]),
        ModelFinishEvent(call="1", reason="stop", vocabulary="muse"),
        None,
    ]
    with pytest.raises(UsageError, match="got null"):
        j.apply_all(events)  # type: ignore[arg-type]
    assert [v.terminal_state.value for v in j.verdicts()] == ["completed"]


@given(st.integers(0, 3 * JOIN_EVERY), st.lists(st.text(max_size=3), min_size=1, max_size=8))
def test_text_parts_join_to_the_chunks_joined(count: int, pool: list[str]) -> None:
    """TextParts gives the same text as joining its chunks, and is truthy iff a chunk came."""
    chunks = [pool[n % len(pool)] for n in range(count)]
    parts = TextParts()
    for chunk in chunks:
        parts.append(chunk)
    assert parts.text() == "".join(chunks)
    assert bool(parts) is bool(chunks)
    assert parts.text() == "".join(chunks)
