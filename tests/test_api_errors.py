"""The public Python API checks what it is given and fails with streamspec's own errors, naming the argument."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import (
    EVENT_CLASSES,
    DecodeError,
    Event,
    ModelChunkEvent,
    Reducer,
    StreamspecError,
    TextBlockDeltaEvent,
    TextBlockStartEvent,
    UsageError,
    decode_envelope,
    decode_event,
    encode_envelope,
    encode_event,
    read_events,
    reduce,
)
from streamspec._errors import StateError
from streamspec._quote import QUOTE_LIMIT, quoted
from streamspec.envelope import to_event

START = TextBlockStartEvent(reply_id="r1", block_id="b")
DELTA = TextBlockDeltaEvent(reply_id="r1", block_id="b", delta="hi")


# ------------------------------------------------------------- constructor

ARGUMENTS = [
    ("reply_id", 5, "reply_id must be a string or None, got integer"),
    ("name", ["bot"], "name must be a string or None, got array"),
    ("role", {"r": 1}, "role must be a string or None, got object"),
    ("created_at", 1.5, "created_at must be a string or None, got number"),
    ("role", "robot", "role must be one of user, assistant, system, not 'robot'"),
    ("strict", 1, "strict must be a boolean, got integer"),
    ("strict", None, "strict must be a boolean, got null"),
]


@pytest.mark.parametrize(("argument", "value", "message"), ARGUMENTS)
def test_a_mistyped_reducer_argument_is_a_usage_error_naming_it(argument, value, message):
    """Reducer(reply_id=5) and the like raise UsageError whose path is the argument and whose message says what it must be."""
    with pytest.raises(UsageError) as caught:
        Reducer(**{argument: value})
    assert caught.value.path == argument
    assert str(caught.value) == message


@pytest.mark.parametrize(("argument", "value", "message"), ARGUMENTS)
def test_reduce_checks_its_options_like_the_reducer(argument, value, message):
    """reduce([], reply_id=5) raises the same UsageError as the constructor, before reading any event."""
    consumed = []

    def events() -> Any:
        consumed.append(1)
        yield START

    with pytest.raises(UsageError) as caught:
        reduce(events(), **{argument: value})
    assert (caught.value.path, str(caught.value)) == (argument, message)
    assert consumed == []


def test_reject_unreadable_takes_any_iterable_of_path_strings():
    """Paths given as a dict's keys or a generator are read as a list in the diagnostic's details."""
    reducer = Reducer()
    (first,) = reducer.reject_unreadable(dict.fromkeys(["$.a", "$.b"]), "bad")
    (second,) = reducer.reject_unreadable((p for p in ["$.c"]), "bad")
    assert first.details == {"paths": ["$.a", "$.b"]}
    assert second.details == {"paths": ["$.c"]}
    assert reducer.next_index == 2


def test_a_reducer_given_a_string_reply_id_writes_it():
    """The accepted case: a string reply id is the message's id."""
    assert Reducer(reply_id="r1").to_dict()["id"] == "r1"


# ------------------------------------------------------------------- apply


def _snapshot(reducer: Reducer) -> tuple[Any, ...]:
    return (reducer.next_index, reducer.diagnostics, reducer.to_dict(), reducer.states())


NOT_EVENTS = [
    ({"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b", "delta": "x"}, "object"),
    (None, "null"),
    ("TEXT_BLOCK_DELTA", "string"),
    (ModelChunkEvent(call="1", channel="text", text="x"), "ModelChunkEvent"),
    (Event(), "Event"),
]


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize(("value", "got"), NOT_EVENTS, ids=[g for _, g in NOT_EVENTS])
def test_apply_refuses_what_is_not_an_event_and_changes_nothing(value, got, strict):
    """apply() of a dict, None, a string, a completion event or the bare base class raises UsageError
    (path "event"), naming decode_event for a dict; index, diagnostics, message and states stay."""
    reducer = Reducer(strict=strict)
    reducer.apply_all([START, DELTA])
    before = _snapshot(reducer)
    with pytest.raises(UsageError) as caught:
        reducer.apply(value)
    assert caught.value.path == "event"
    assert str(caught.value).startswith(f"event must be an AgentScope event, got {got}")
    assert ("decode_event" in str(caught.value)) is isinstance(value, dict)
    assert _snapshot(reducer) == before
    reducer.apply(DELTA)
    assert reducer.to_dict()["content"][0]["text"] == "hihi"


def test_apply_all_names_the_position_of_the_item_that_is_not_an_event():
    """apply_all([start, delta, {...}]) raises UsageError at events[2]; the two events before it are applied."""
    reducer = Reducer()
    with pytest.raises(UsageError) as caught:
        reducer.apply_all([START, DELTA, {"type": "TEXT_BLOCK_END"}])
    assert caught.value.path == "events[2]"
    assert "decode_event" in str(caught.value)
    assert reducer.next_index == 2
    assert reducer.to_dict()["content"][0]["text"] == "hi"


@pytest.mark.parametrize(("events", "got"), [(None, "null"), ("abc", "string"), ({}, "object")])
def test_events_that_are_not_an_iterable_of_events_are_refused(events, got):
    """reduce(None), reduce("abc") and Reducer.apply_all({}) raise UsageError at "events", applying nothing."""
    with pytest.raises(UsageError) as caught:
        reduce(events)
    assert (caught.value.path, str(caught.value)) == (
        "events",
        f"events must be an iterable of events, got {got}",
    )
    reducer = Reducer()
    with pytest.raises(UsageError):
        reducer.apply_all(events)
    assert reducer.next_index == 0


def test_reduce_names_the_item_that_is_not_an_event():
    """reduce over decoded events plus one raw dict names events[1]."""
    with pytest.raises(UsageError) as caught:
        reduce([START, {"type": "TEXT_BLOCK_DELTA"}])
    assert caught.value.path == "events[1]"


@pytest.mark.parametrize(
    ("paths", "reason", "where"),
    [(None, "bad", "paths"), (["$.a", 3], "bad", "paths[1]"), (["$.a"], 5, "reason")],
)
def test_reject_unreadable_checks_its_arguments_and_counts_nothing(paths, reason, where):
    """reject_unreadable with paths that are not strings, or a reason that is not one, raises UsageError; the index stays."""
    reducer = Reducer()
    with pytest.raises(UsageError) as caught:
        reducer.reject_unreadable(paths, reason)
    assert caught.value.path == where
    assert reducer.next_index == 0
    assert reducer.diagnostics == ()


# ----------------------------------------------------------- codec, envelope


@pytest.mark.parametrize(
    "value", [{}, None, "TEXT_BLOCK_START", ModelChunkEvent(call="1", channel="text", text="")]
)
def test_encode_event_refuses_what_is_not_an_event(value):
    """encode_event of a dict, None, a string or a completion event raises UsageError at "event"."""
    with pytest.raises(UsageError) as caught:
        encode_event(value)
    assert caught.value.path == "event"
    assert str(caught.value).startswith("encode_event takes an AgentScope event, got ")


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        (None, "expected an object, got null @ $"),
        ([1], "expected an object, got array @ $"),
        ({"type": 5}, "expected string, got integer @ $.type"),
    ],
)
def test_decode_event_names_json_types_in_its_problems(value, problem):
    """decode_event of null, an array or a numeric type says so in JSON's words, at the path."""
    with pytest.raises(DecodeError) as caught:
        decode_event(value)
    assert caught.value.problems == (problem,)


@pytest.mark.parametrize("function", [encode_envelope, to_event])
@pytest.mark.parametrize("value", [{"version": 1, "type": "x", "payload": {}}, None, []])
def test_envelope_functions_refuse_what_is_not_an_envelope(function, value):
    """encode_envelope and to_event of a dict, None or a list raise UsageError at "envelope", naming decode_envelope."""
    with pytest.raises(UsageError) as caught:
        function(value)
    assert caught.value.path == "envelope"
    assert "decode_envelope" in str(caught.value)


_SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.floats() | st.text(max_size=3)
_VALUES = st.recursive(
    _SCALARS | st.sampled_from([cls.TYPE for cls in EVENT_CLASSES]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.text(max_size=3) | st.sampled_from(["type", "id", "source"]), inner, max_size=3
        )
    ),
    max_leaves=10,
)


@st.composite
def event_like(draw: st.DrawFn) -> Any:
    """Anything, but mostly objects with a catalog type and that type's field names."""
    if draw(st.booleans()):
        return draw(_VALUES)
    cls = draw(st.sampled_from(EVENT_CLASSES))
    names = [a.name for a in cls.__attrs_attrs__] + ["type", "x"]
    obj = draw(st.dictionaries(st.sampled_from(names), _VALUES, max_size=8))
    obj["type"] = cls.TYPE
    return obj


@given(value=event_like())
def test_decode_event_returns_an_event_or_raises_decode_error(value):
    """decode_event of any JSON value gives an event that encodes back to it, or a DecodeError
    whose every problem carries a JSON path."""
    try:
        event = decode_event(value)
    except DecodeError as error:
        assert error.paths and all(path.startswith("$") for path in error.paths)
        return
    assert isinstance(value, dict)
    assert encode_event(event) == value


@given(
    value=_VALUES
    | st.fixed_dictionaries(
        {"version": st.integers(0, 2) | _SCALARS, "type": _SCALARS, "payload": _VALUES},
        optional={
            "metadata": _VALUES | st.dictionaries(st.sampled_from(["sequence", "run_id"]), _SCALARS)
        },
    )
)
def test_decode_envelope_returns_an_envelope_or_raises_decode_error(value):
    """decode_envelope of any JSON value gives an envelope that encodes back to it, or a DecodeError with paths."""
    try:
        envelope = decode_envelope(value)
    except DecodeError as error:
        assert error.paths and all(path.startswith("$") for path in error.paths)
        return
    assert encode_envelope(envelope) == value


# ---------------------------------------------------------- token counts

_END = {"type": "MODEL_CALL_END", "reply_id": "r1", "input_tokens": 3, "output_tokens": 4}


@pytest.mark.parametrize(
    "field", ["input_tokens", "output_tokens", "cache_input_tokens", "cache_creation_input_tokens"]
)
def test_a_negative_token_count_is_unreadable(field):
    """MODEL_CALL_END with a count of -5 is a DecodeError at that count's path, not known usage."""
    with pytest.raises(DecodeError) as caught:
        decode_event({**_END, field: -5})
    assert caught.value.paths == (f"$.{field}",)
    assert caught.value.problems == (f"expected a non-negative integer, got -5 @ $.{field}",)


def test_a_zero_token_count_is_read():
    """Zero is a count: MODEL_CALL_END with zero tokens decodes and round-trips."""
    obj = {**_END, "input_tokens": 0, "cache_input_tokens": 0}
    assert encode_event(decode_event(dict(obj))) == obj


def test_a_negative_count_beside_another_problem_reports_both():
    """A negative count and a mistyped count are both listed with their paths."""
    with pytest.raises(DecodeError) as caught:
        decode_event({**_END, "input_tokens": -1, "output_tokens": "4"})
    assert set(caught.value.paths) == {"$.input_tokens", "$.output_tokens"}


def test_a_stream_with_a_negative_count_folds_no_usage():
    """Read as a stream, the negative MODEL_CALL_END line is unreadable_line and the message has no usage."""
    data = (
        json.dumps({"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "b"}).encode()
        + b"\n"
        + json.dumps({**_END, "input_tokens": -7}).encode()
        + b"\n"
    )
    reducer = Reducer()
    problems = []
    for line in read_events(io.BytesIO(data), "agentscope"):
        if line.problem is not None:
            problems.append((line.number, line.problem.code))
        elif line.record is not None:
            reducer.apply(line.record)
    assert problems == [(2, "unreadable_line")]
    assert reducer.to_dict()["usage"] is None


# ------------------------------------------------------- bounded messages

HUGE = "x" * 1_000_000


def _short(text: str) -> bool:
    return len(text) < 4 * QUOTE_LIMIT + 200


def test_a_huge_reply_id_is_cut_in_the_message_and_whole_in_the_key():
    """reply_id_mismatch for a 1 MB reply id quotes it cut; the diagnostic's key holds all of it."""
    (diagnostic,) = Reducer(reply_id="r1").apply(TextBlockStartEvent(reply_id=HUGE, block_id="b"))
    assert diagnostic.code == "reply_id_mismatch"
    assert _short(diagnostic.message) and "(1000000 characters)" in diagnostic.message
    assert diagnostic.key == HUGE


def test_a_huge_block_id_is_cut_in_rejections_and_end_of_input_warnings():
    """A delta for an unknown 1 MB block id and a block left open with one are reported with short messages, whole keys."""
    reducer = Reducer(reply_id="r1")
    (unknown,) = reducer.apply(TextBlockDeltaEvent(reply_id="r1", block_id=HUGE, delta="x"))
    assert unknown.code == "unknown_block" and _short(unknown.message)
    assert unknown.key == f"text:{HUGE}"
    reducer.apply(TextBlockStartEvent(reply_id="r1", block_id=HUGE))
    open_at_end = [d for d in reducer.finish() if d.code == "open_at_end"]
    assert len(open_at_end) == 1 and _short(open_at_end[0].message)
    assert open_at_end[0].key == f"text:{HUGE}"


def test_a_huge_unknown_type_and_base64_block_id_are_cut():
    """unknown_event_type with a 1 MB type and invalid_base64 in a block with a 1 MB id have short messages."""
    reducer = Reducer(reply_id="r1")
    (unknown,) = reducer.apply(decode_event({"type": HUGE}))
    assert unknown.code == "unknown_event_type" and _short(unknown.message)
    reducer.apply(
        decode_event(
            {"type": "DATA_BLOCK_START", "reply_id": "r1", "block_id": HUGE, "media_type": "a/b"}
        )
    )
    (bad,) = reducer.apply(
        decode_event(
            {
                "type": "DATA_BLOCK_DELTA",
                "reply_id": "r1",
                "block_id": HUGE,
                "media_type": "a/b",
                "data": "!",
            }
        )
    )
    assert bad.code == "invalid_base64" and _short(bad.message)
    assert bad.key == f"data:{HUGE}"


def test_a_huge_constant_mismatch_is_cut_in_the_decode_problem():
    """A nested type constant given as a 1 MB string is quoted cut in the DecodeError problem."""
    with pytest.raises(DecodeError) as caught:
        decode_event(
            {
                "type": "REQUIRE_USER_CONFIRM",
                "reply_id": "r1",
                "tool_calls": [{"type": HUGE, "id": "c", "name": "f", "input": "{}"}],
            }
        )
    assert _short(str(caught.value))
    assert caught.value.paths == ("$.tool_calls[0].type",)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("abc", "'abc'"),
        ("y" * QUOTE_LIMIT, repr("y" * QUOTE_LIMIT)),
        ("y" * (QUOTE_LIMIT + 1), repr("y" * QUOTE_LIMIT) + f"… ({QUOTE_LIMIT + 1} characters)"),
        (None, "null"),
        (True, "true"),
        (False, "false"),
        ({"a": [None, 1.5]}, '{"a":[null,1.5]}'),
        ([{1: 2}], "an array"),
        (-(10**400), "a negative integer of 1329 bits"),
        (10**300, "an integer of 997 bits"),
        (["y" * 76], '["' + "y" * 76 + '"]'),
        (["y" * 316], '["' + "y" * 316 + '"]'),
        (["y" * 317], '["' + "y" * 78 + f"… ({4 * QUOTE_LIMIT + 1} characters)"),
    ],
)
def test_quoted_cuts_strings_after_the_limit_and_names_huge_integers(value, shown):
    """quoted() is repr() up to QUOTE_LIMIT characters, then the cut text and the full length; a huge int is named.

    JSON's constants, objects and arrays are quoted in JSON's words.
    """
    assert quoted(value) == shown


def test_quoted_names_a_tree_too_deep_to_write():
    """A value nested beyond what JSON writers accept is named, never repr'd into RecursionError."""
    deep: dict[str, object] = {}
    node = deep
    for _ in range(5000):
        node["a"] = node = {}
    assert quoted(deep) == "an object"


def test_every_error_raised_here_is_a_streamspec_error():
    """UsageError, DecodeError and StateError all derive from StreamspecError, so one except catches them."""
    assert issubclass(UsageError, StreamspecError)
    assert issubclass(DecodeError, StreamspecError)
    assert issubclass(StateError, UsageError)


def test_reduce_with_no_options_is_lenient_and_keeps_every_diagnostic():
    """reduce(events) alone folds leniently: an error is a diagnostic, not an exception, and the
    fold goes on (a delta after the end of its reply)."""
    r = {"reply_id": "r1"}
    events = [
        decode_event({"type": "REPLY_START", "session_id": "s", "name": "a", **r}),
        decode_event({"type": "REPLY_END", "session_id": "s", **r}),
        DELTA,
    ]
    found = reduce(events)
    assert [(d.code, d.severity.value) for d in found.diagnostics] == [("after_reply_end", "error")]
    assert found.message["content"] == []
