"""The value strategies of ``streamspec.testing`` draw what their docstrings promise.

Another implementation's tests use these strategies; what each can draw is
part of its contract. Each test checks every draw against the documented set
(written out here) and finds each documented value at least once.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

import pytest
from hypothesis import HealthCheck, find, given, settings
from streamspec import ABSENT, Reducer, decode_event, encode_event
from streamspec._events import TextBlockDeltaEvent, TextBlockEndEvent, TextBlockStartEvent
from streamspec.testing import (
    OTHER_REPLY_ID,
    REPLY_ID,
    RESULT_BLOCK_IDS,
    TEMPLATES,
    TOOL_CALL_IDS,
    base64_chunks,
    batch_items,
    events_of_kind,
    filled,
    invalid_base64_chunks,
    legal_streams,
    media_types,
    result_data_deltas,
    text_deltas,
    unknown_events,
    urls,
    with_wrong_reply_id,
)
from streamspec.testing._strategies import (
    INVALID_CHUNKS,
    _kinds_to_draw,
    permission_rules,
    rechunked,
    with_changes,
)

_FIND = settings(max_examples=2000, suppress_health_check=list(HealthCheck), database=None)

_URLS = {"https://example.com/a.png", "https://example.com/b%20c.wav", "file:///tmp/x"}
_MEDIA_TYPES = {"image/png", "audio/wav", ""}
_RULE_VALUES = {
    "tool_name": {"f", "Bash"},
    "rule_content": {None, "npm install", "src/**"},
    "behavior": {"allow", "deny", "ask", "passthrough"},
    "source": {"userSettings", "session"},
}


def _canonical(chunk: str) -> bool:
    try:
        raw = base64.b64decode(chunk, validate=True)
    except (binascii.Error, ValueError):
        return False
    return base64.b64encode(raw).decode("ascii") == chunk


@given(urls())
def test_urls_are_the_three_documented_ones(url: str) -> None:
    """A data delta's URL is one of three, a percent-escape and a file URL among them."""
    assert url in _URLS


@pytest.mark.parametrize("url", sorted(_URLS))
def test_each_url_is_drawn(url: str) -> None:
    assert find(urls(), lambda u: u == url, settings=_FIND) == url


@given(media_types())
def test_media_types_are_png_wav_or_empty(media_type: str) -> None:
    assert media_type in _MEDIA_TYPES


@pytest.mark.parametrize("media_type", sorted(_MEDIA_TYPES))
def test_each_media_type_is_drawn(media_type: str) -> None:
    assert find(media_types(), lambda m: m == media_type, settings=_FIND) == media_type


@given(base64_chunks())
def test_base64_chunks_are_canonical_encodings_of_at_most_six_bytes(chunk: str) -> None:
    assert _canonical(chunk) and len(base64.b64decode(chunk)) <= 6


def test_the_empty_chunk_and_a_padded_one_are_drawn() -> None:
    assert find(base64_chunks(), lambda c: c == "", settings=_FIND) == ""
    assert find(base64_chunks(), lambda c: c.endswith("=="), settings=_FIND).endswith("==")


@given(invalid_base64_chunks())
def test_invalid_chunks_are_never_canonical_base64(chunk: str) -> None:
    assert not _canonical(chunk), chunk


def test_the_listed_invalid_chunks_are_drawn_and_none_is_canonical() -> None:
    """Every listed bad chunk is a kind of wrong the docs name; each is drawn. Among them
    are padding alone (``====``) and padding past a whole group (``YWJj====``, ``YWJj=``,
    ``AAAA==``), which ``binascii.a2b_base64`` accepts even in strict mode."""
    assert not [chunk for chunk in INVALID_CHUNKS if _canonical(chunk)]
    lenient = [
        c for c in ("YWJj====", "YWJj=", "AAAA==") if binascii.a2b_base64(c, strict_mode=True)
    ]
    assert lenient == ["YWJj====", "YWJj=", "AAAA=="]
    for chunk in ("iVBOR==", "YR==", "-_-_", "é", "====", *lenient):
        assert find(invalid_base64_chunks(), lambda c, w=chunk: c == w, settings=_FIND) == chunk


@pytest.mark.parametrize("padding", ["=", "=="])
def test_padded_chunks_with_stray_bits_outside_the_list_are_drawn(padding: str) -> None:
    """Besides the listed ones and those of the small alphabet, padded groups of any
    characters whose bits past the last byte are set are drawn: they decode leniently, yet
    are not the canonical encoding of what they decode to."""

    def stray(chunk: str) -> bool:
        if chunk in INVALID_CHUNKS or set(chunk) <= set("AB=_-x"):
            return False
        if not chunk.endswith(padding) or chunk.endswith("=" + padding):
            return False
        try:
            raw = base64.b64decode(chunk, validate=True)
        except binascii.Error:
            return False
        return base64.b64encode(raw).decode() != chunk

    assert stray(find(invalid_base64_chunks(), stray, settings=_FIND))


@given(text_deltas())
def test_text_deltas_are_short_and_from_their_alphabet(delta: str) -> None:
    """At most four characters of ``ab {}"é😀`` and newline."""
    assert len(delta) <= 4 and set(delta) <= set('ab {}"é😀\n')


@pytest.mark.parametrize("wanted", ["", "é", "😀", "\n", '"'])
def test_text_deltas_reach_the_empty_the_non_ascii_and_the_quote(wanted: str) -> None:
    found = find(text_deltas(), lambda d: wanted in d if wanted else d == "", settings=_FIND)
    assert wanted in found


@given(permission_rules())
def test_permission_rules_have_the_four_fields_and_their_values(rule: dict[str, Any]) -> None:
    assert {field: rule[field] for field in _RULE_VALUES} == rule
    for field, values in _RULE_VALUES.items():
        assert rule[field] in values, (field, rule[field])


@pytest.mark.parametrize(
    ("field", "value"),
    sorted(((f, v) for f, vs in _RULE_VALUES.items() for v in vs), key=repr),
)
def test_each_permission_rule_value_is_drawn(field: str, value: Any) -> None:
    found = find(permission_rules(), lambda rule: rule[field] == value, settings=_FIND)
    assert found[field] == value


def test_the_wrong_reply_id_is_the_other_one() -> None:
    """with_wrong_reply_id moves an event of REPLY_ID to OTHER_REPLY_ID and changes nothing else."""
    event = decode_event({"type": "TEXT_BLOCK_START", "reply_id": REPLY_ID, "block_id": "b0"})
    moved = with_wrong_reply_id(event)
    assert OTHER_REPLY_ID != REPLY_ID
    assert moved == with_changes(event, reply_id=OTHER_REPLY_ID)
    assert encode_event(moved) == {**encode_event(event), "reply_id": OTHER_REPLY_ID}


@given(batch_items("require_user_confirm"))
def test_batch_items_are_zero_to_three(items: tuple[Any, ...]) -> None:
    """A batch holds zero to three items, each a call block of a pool id."""
    assert len(items) <= 3
    assert all(item["id"] in TOOL_CALL_IDS for item in items)


def test_the_empty_and_the_full_batch_are_drawn() -> None:
    assert find(batch_items("require_user_confirm"), lambda b: len(b) == 0, settings=_FIND) == ()
    assert len(find(batch_items("user_confirm_result"), lambda b: len(b) == 3, settings=_FIND)) == 3


@given(unknown_events())
def test_unknown_events_have_types_outside_the_catalog(event: Any) -> None:
    """An unknown event's type is one of four outside the catalog: a near miss in case, a
    versioned name, a keep-alive word and the empty string; it is kept whole."""
    assert event.type in {"TEXT_DELTA_V2", "ping", "text_block_delta", ""}
    assert event.raw["type"] == event.type


@pytest.mark.parametrize("type_", ["TEXT_DELTA_V2", "ping", "text_block_delta", ""])
def test_each_unknown_type_is_drawn(type_: str) -> None:
    assert find(unknown_events(), lambda e: e.type == type_, settings=_FIND).type == type_


@settings(max_examples=60, suppress_health_check=list(HealthCheck), deadline=None)
@given(legal_streams(max_events=12))
def test_a_legal_stream_folds_without_a_diagnostic(events: list[Any]) -> None:
    """Every event of a legal stream, its closing REPLY_END included, is accepted as it is."""
    reducer = Reducer()
    assert [d.code for event in events for d in reducer.apply(event)] == []


def test_a_legal_stream_may_end_with_its_reply_end() -> None:
    """Some legal streams are closed: their last event is a REPLY_END the tables accept."""
    closed = find(
        legal_streams(max_events=3),
        lambda events: bool(events) and events[-1].KIND == "reply_end",
        settings=_FIND,
    )
    reducer = Reducer()
    assert [d.code for event in closed for d in reducer.apply(event)] == []


def test_a_legal_stream_grows_past_its_first_event() -> None:
    """A legal stream grows one allowed event at a time up to the size it drew, so some hold
    several events of several kinds before any closing REPLY_END."""
    kinds: list[set[str]] = []

    @settings(max_examples=25, suppress_health_check=list(HealthCheck), database=None)
    @given(legal_streams(max_events=4))
    def draw(events: list[Any]) -> None:
        kinds.append({e.KIND for e in events if e.KIND != "reply_end"})

    draw()
    assert max(map(len, kinds)) >= 2


def test_a_filled_text_block_end_sometimes_repeats_the_text_and_sometimes_not() -> None:
    """TEXT_BLOCK_END may carry the block's text: filled templates draw it absent and given."""
    (end,) = [t for t in TEMPLATES if t.KIND == "text_block_end"][:1]
    assert find(filled(end), lambda e: e.text is ABSENT, settings=_FIND).text is ABSENT
    assert isinstance(
        find(filled(end), lambda e: isinstance(e.text, str), settings=_FIND).text, str
    )


def test_result_chunks_often_leave_the_media_type_empty_after_the_first() -> None:
    """A chunk merged into a sub-block with an empty media type keeps the sub-block's
    (spec/README.md §6): runs reach it with every later chunk's media type empty."""
    run = find(
        result_data_deltas(TOOL_CALL_IDS[0]),
        lambda chunks: len(chunks) >= 3 and all(c.media_type == "" for c in chunks[1:]),
        settings=_FIND,
    )
    assert run[1:] and all(c.media_type == "" for c in run[1:])


@given(result_data_deltas(TOOL_CALL_IDS[0]))
def test_result_chunks_use_only_the_media_types_of_the_pool(chunks: list[Any]) -> None:
    assert {c.media_type for c in chunks} <= _MEDIA_TYPES


@pytest.mark.parametrize("block_id", [ABSENT, *RESULT_BLOCK_IDS])
def test_a_drawn_result_data_chunk_names_each_block_id_or_none(block_id: Any) -> None:
    """A random TOOL_RESULT_DATA_DELTA takes each id of RESULT_BLOCK_IDS, or none (so the reducer
    generates one), for a tool call of TOOL_CALL_IDS."""
    found = find(
        events_of_kind("tool_result_data_delta"), lambda e: e.block_id == block_id, settings=_FIND
    )
    assert found.block_id == block_id and found.tool_call_id in TOOL_CALL_IDS


def test_a_guided_draw_that_skips_deltas_offers_every_other_kind() -> None:
    """Skipping deltas leaves the kinds that move an entity on, sorted; with nothing but
    deltas there is nothing to skip to, so every kind stays."""
    start = TextBlockStartEvent(reply_id="r1", block_id="b0")
    delta = TextBlockDeltaEvent(reply_id="r1", block_id="b0", delta="x")
    end = TextBlockEndEvent(reply_id="r1", block_id="b0")
    assert _kinds_to_draw([start, delta, end], skip_deltas=True) == [
        "text_block_end",
        "text_block_start",
    ]
    assert _kinds_to_draw([start, delta, end], skip_deltas=False) == [
        "text_block_delta",
        "text_block_end",
        "text_block_start",
    ]
    assert _kinds_to_draw([delta], skip_deltas=True) == ["text_block_delta"]


def test_rechunking_splits_a_run_of_text_deltas_and_keeps_its_text() -> None:
    """rechunked splits a block's text at drawn points: some draw gives more deltas, and the
    deltas always join to the same text between the same start and end."""
    start = TextBlockStartEvent(reply_id=REPLY_ID, block_id="b")
    deltas = [TextBlockDeltaEvent(reply_id=REPLY_ID, block_id="b", delta=d) for d in ("hel", "lo")]
    end = TextBlockEndEvent(reply_id=REPLY_ID, block_id="b")
    stream = [start, *deltas, end]
    split = find(rechunked(stream), lambda events: len(events) > len(stream), settings=_FIND)
    assert split[0] == start and split[-1] == end
    assert all(isinstance(event, TextBlockDeltaEvent) for event in split[1:-1])
    assert "".join(event.delta for event in split[1:-1]) == "hello"


def test_a_template_names_the_entity_its_first_batch_item_or_key_names() -> None:
    """``entity_of``: a block or call key names itself; a batch names its first item's call
    (``tool_calls`` and ``execution_results`` by ``id``, ``confirm_results`` by
    ``tool_call.id``); anything else is the reply."""
    from streamspec import decode_event
    from streamspec.testing._strategies import entity_of

    call = {"type": "tool_call", "id": "t0", "name": "f", "input": "{}"}
    result = {"type": "tool_result", "id": "t1", "name": "f", "output": [], "state": "success"}
    confirmed = {"confirmed": True, "tool_call": {**call, "id": "t2"}}
    cases = [
        ({"type": "REQUIRE_USER_CONFIRM", "tool_calls": [call]}, ("tool_call_id", "t0")),
        ({"type": "REQUIRE_EXTERNAL_EXECUTION", "tool_calls": [call]}, ("tool_call_id", "t0")),
        (
            {"type": "EXTERNAL_EXECUTION_RESULT", "execution_results": [result]},
            ("tool_call_id", "t1"),
        ),
        ({"type": "USER_CONFIRM_RESULT", "confirm_results": [confirmed]}, ("tool_call_id", "t2")),
        ({"type": "TOOL_CALL_END", "tool_call_id": "t3"}, ("tool_call_id", "t3")),
        ({"type": "TEXT_BLOCK_START", "block_id": "b0"}, ("block_id", "b0")),
        ({"type": "REPLY_END", "session_id": "s"}, ("reply", "")),
    ]
    for obj, entity in cases:
        assert entity_of(decode_event({**obj, "reply_id": "r"})) == entity, obj["type"]
