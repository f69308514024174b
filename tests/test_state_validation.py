"""Reducer.from_state checks the whole state first, and fails only with StateError, naming the path."""

from __future__ import annotations

import contextlib
import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from streamspec import (
    DecodeError,
    ProtocolError,
    Reducer,
    StreamspecError,
    UsageError,
    decode_event,
)
from streamspec._errors import StateError
from streamspec._machines import COMPILED
from streamspec.reply._state_check import MAX_DEPTH
from streamspec.testing import any_events, legal_streams

State = dict[str, Any]

_WIRE = [
    {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "bot"},
    {"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "b1"},
    {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b1", "delta": "hi"},
    {"type": "THINKING_BLOCK_START", "reply_id": "r1", "block_id": "t1"},
    {"type": "THINKING_BLOCK_DELTA", "reply_id": "r1", "block_id": "t1", "delta": "hm"},
    {"type": "DATA_BLOCK_START", "reply_id": "r1", "block_id": "d1", "media_type": "image/png"},
    {
        "type": "DATA_BLOCK_DELTA",
        "reply_id": "r1",
        "block_id": "d1",
        "media_type": "image/png",
        "data": "aGk=",
    },
    {"type": "HINT_BLOCK", "reply_id": "r1", "block_id": "h1", "hint": "look"},
    {"type": "TOOL_CALL_START", "reply_id": "r1", "tool_call_id": "c1", "tool_call_name": "f"},
    {"type": "TOOL_CALL_DELTA", "reply_id": "r1", "tool_call_id": "c1", "delta": "{}"},
    {"type": "TOOL_CALL_END", "reply_id": "r1", "tool_call_id": "c1"},
    {"type": "TOOL_RESULT_START", "reply_id": "r1", "tool_call_id": "c1", "tool_call_name": "f"},
    {"type": "TOOL_RESULT_TEXT_DELTA", "reply_id": "r1", "tool_call_id": "c1", "delta": "ok"},
    {
        "type": "TOOL_RESULT_DATA_DELTA",
        "reply_id": "r1",
        "tool_call_id": "c1",
        "media_type": "image/png",
        "data": "aGk=",
    },
    {"type": "TOOL_RESULT_END", "reply_id": "r1", "tool_call_id": "c1", "state": "success"},
    {"type": "TOOL_CALL_START", "reply_id": "r1", "tool_call_id": "c2", "tool_call_name": "g"},
    {"type": "TOOL_CALL_END", "reply_id": "r1", "tool_call_id": "c2"},
    {
        "type": "REQUIRE_EXTERNAL_EXECUTION",
        "reply_id": "r1",
        "tool_calls": [{"type": "tool_call", "id": "c2", "name": "g", "input": "{}"}],
    },
    {
        "type": "EXTERNAL_EXECUTION_RESULT",
        "reply_id": "r1",
        "execution_results": [
            {"type": "tool_result", "id": "c2", "name": "g", "output": "done", "state": "success"}
        ],
    },
    {"type": "MODEL_CALL_END", "reply_id": "r1", "input_tokens": 3, "output_tokens": 4},
]


def _valid() -> State:
    """A state holding every kind of entity, as JSON gives it back."""
    reducer = Reducer()
    for obj in _WIRE:
        assert reducer.apply(decode_event(copy.deepcopy(obj))) == ()
    state: State = orjson.loads(orjson.dumps(reducer.export_state()))
    return state


def test_the_fixture_state_holds_every_entity_kind_and_resumes():
    """The valid fixture has all seven entity kinds and from_state gives it back unchanged."""
    state = _valid()
    kinds = {entity["entity"] for entity in state["message"]["content"]}
    assert kinds == {
        "text",
        "thinking",
        "data",
        "hint",
        "tool_call",
        "tool_result",
        "external_result",
    }
    assert Reducer.from_state(state).export_state() == state


def _content(kind: str) -> Callable[[State], dict[str, Any]]:
    def find(state: State) -> dict[str, Any]:
        return next(e for e in state["message"]["content"] if e["entity"] == kind)

    return find


def _index(state: State, kind: str) -> int:
    return next(i for i, e in enumerate(state["message"]["content"]) if e["entity"] == kind)


def _set(getter: Callable[[State], Any], key: str, value: Any) -> Callable[[State], Any]:
    def change(state: State) -> Any:
        getter(state)[key] = value
        return state

    return change


def _drop(getter: Callable[[State], Any], key: str) -> Callable[[State], Any]:
    def change(state: State) -> Any:
        del getter(state)[key]
        return state

    return change


def _top(state: State) -> State:
    return state


def _reply(state: State) -> Any:
    return state["message"]["reply"]


def _deep(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _duplicate_text(state: State) -> State:
    content = state["message"]["content"]
    content.append(copy.deepcopy(content[_index(state, "text")]))
    return state


def _c(kind: str, field: str) -> str:
    """The path of a field of the fixture's entity of ``kind``."""
    return f"$.message.content[{_index(_valid(), kind)}].{field}"


#: ``(id, break, path, words in the problem)``: one broken place each.
BROKEN: list[tuple[str, Callable[[State], Any], str, str]] = [
    ("null", lambda s: None, "$", "expected object, got null"),
    ("array", lambda s: [s], "$", "expected object, got array"),
    ("no-format", _drop(_top, "format"), "$.format", "required field missing"),
    ("other-format", _set(_top, "format", "x"), "$.format", "expected 'streamspec.reducer"),
    ("no-version", _drop(_top, "version"), "$.version", "required field missing"),
    ("version-true", _set(_top, "version", True), "$.version", "got boolean"),
    ("version-float", _set(_top, "version", 1.0), "$.version", "got number"),
    ("version-string", _set(_top, "version", "1"), "$.version", "got string"),
    ("version-2", _set(_top, "version", 2), "$.version", "unsupported reducer state version 2"),
    ("no-index", _drop(_top, "next_index"), "$.next_index", "required field missing"),
    ("negative-index", _set(_top, "next_index", -1), "$.next_index", "non-negative"),
    ("string-index", _set(_top, "next_index", "3"), "$.next_index", "got string"),
    ("strict-string", _set(_top, "strict", "yes"), "$.strict", "expected boolean"),
    ("bogus-reply-state", _set(_top, "reply_state", "bogus"), "$.reply_state", "'bogus'"),
    ("given-int", _set(_top, "created_at_given", 1), "$.created_at_given", "got integer"),
    ("unknown-key", _set(_top, "extra", 1), "$", "unknown field 'extra'"),
    ("no-message", _drop(_top, "message"), "$.message", "required field missing"),
    ("reply-array", _set(lambda s: s["message"], "reply", []), "$.message.reply", "got array"),
    ("reply-id-int", _set(_reply, "id", 5), "$.message.reply.id", "got integer"),
    ("bad-role", _set(_reply, "role", "robot"), "$.message.reply.role", "expected one of"),
    (
        "negative-usage",
        _set(lambda s: s["message"]["reply"]["usage"], "input_tokens", -3),
        "$.message.reply.usage.input_tokens",
        "non-negative",
    ),
    ("content-object", _set(lambda s: s["message"], "content", {}), "$.message.content", "array"),
    ("bad-entity", _set(_content("text"), "entity", "widget"), _c("text", "entity"), "widget"),
    ("entity-int", _set(_content("text"), "entity", 3), _c("text", "entity"), "got integer"),
    (
        "no-entity",
        _drop(_content("text"), "entity"),
        _c("text", "entity"),
        "required field missing",
    ),
    (
        "entity-array",
        lambda s: s["message"]["content"].append([]) or s,
        f"$.message.content[{len(_valid()['message']['content'])}]",
        "expected object, got array",
    ),
    ("bogus-state", _set(_content("text"), "state", "bogus"), _c("text", "state"), "'bogus'"),
    ("initial-state", _set(_content("tool_call"), "state", "absent"), _c("tool_call", "state"), ""),
    ("text-int", _set(_content("text"), "text", 5), _c("text", "text"), "got integer"),
    (
        "no-text",
        _drop(_content("thinking"), "text"),
        _c("thinking", "text"),
        "required field missing",
    ),
    ("bad-base64", _set(_content("data"), "data", "!!"), _c("data", "data"), "base64"),
    ("base64-int", _set(_content("data"), "data", 3), _c("data", "data"), "string, got integer"),
    ("bad-wire", _set(_content("tool_call"), "wire", "flying"), _c("tool_call", "wire"), "one of"),
    (
        "rules-object",
        _set(_content("tool_call"), "suggested_rules", {}),
        _c("tool_call", "suggested_rules"),
        "got object",
    ),
    (
        "bad-output",
        lambda s: _content("tool_result")(s)["output"][0].update(type="image") or s,
        _c("tool_result", "output[0].type"),
        "",
    ),
    ("texts-bool", _set(_content("tool_result"), "texts", True), _c("tool_result", "texts"), ""),
    (
        "external-block",
        _drop(lambda s: _content("external_result")(s)["block"], "id"),
        _c("external_result", "block.id"),
        "required",
    ),
    *(
        (
            f"external-block-{field}",
            _drop(lambda s: _content("external_result")(s)["block"], field),
            _c("external_result", f"block.{field}"),
            "required",
        )
        for field in ("name", "output")
    ),
    ("hint-int", _set(_content("hint"), "hint", 3), _c("hint", "hint"), "got integer"),
    (
        "duplicate-id",
        _duplicate_text,
        f"$.message.content[{len(_valid()['message']['content'])}].id",
        "duplicate text id 'b1'",
    ),
    (
        "result-id-twice",
        lambda s: _content("external_result")(s)["block"].update(id="c1") or s,
        _c("external_result", "block.id"),
        "duplicate external_result id 'c1'",
    ),
    (
        "too-deep",
        _set(_content("tool_result"), "metadata", {"a": _deep(MAX_DEPTH)}),
        _c("tool_result", "metadata.a") + "[0][0][0]",
        f"nested deeper than {MAX_DEPTH} levels",
    ),
    (
        "not-json",
        _set(_content("tool_result"), "metadata", {"a": {1, 2}}),
        _c("tool_result", "metadata.a"),
        "expected a JSON value, got set",
    ),
    (
        "int-key",
        _set(_content("tool_result"), "metadata", {1: "x"}),
        _c("tool_result", "metadata"),
        "object key 1 is not a string",
    ),
]


@pytest.mark.parametrize(
    ("break_", "path", "words"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_a_broken_state_raises_state_error_naming_its_path(
    break_: Callable[[State], Any], path: str, words: str
) -> None:
    """One broken place gives a StateError whose paths start with it and whose problem says why; the input is unchanged."""
    state = break_(_valid())
    before = copy.deepcopy(state)
    with pytest.raises(StateError) as caught:
        Reducer.from_state(state)
    error = caught.value
    assert isinstance(error, UsageError)
    assert error.paths[0].startswith(path), error.problems
    assert error.path == error.paths[0]
    assert words in error.problems[0], error.problems
    if words == "required field missing":
        assert error.problems[0] == f"required field missing @ {path}"
    assert state == before


@pytest.mark.parametrize("depth", range(MAX_DEPTH - 8, MAX_DEPTH + 2))
def test_a_state_is_accepted_exactly_when_orjson_can_write_it_back(depth: int) -> None:
    """Rule 1: the depth limit is the one the state's JSON writer has, so a state nested any
    deeper is refused and one nested less is accepted, and an accepted state can be stored."""
    state = _valid()
    _content("tool_result")(state)["metadata"] = {"a": _deep(depth)}
    try:
        orjson.dumps(state)
    except orjson.JSONEncodeError:
        writable = False
    else:
        writable = True
    try:
        Reducer.from_state(state)
    except StateError as error:
        accepted = False
        (problem,) = error.problems
        where = re.escape(_c("tool_result", "metadata.a"))
        assert re.fullmatch(rf"nested deeper than {MAX_DEPTH} levels @ {where}(\[0\])+", problem)
    else:
        accepted = True
    assert accepted == writable


def test_every_problem_is_reported_at_once():
    """Three broken fields give three problems with their three paths, in document order."""
    state = _valid()
    state["next_index"] = -2
    state["message"]["reply"]["name"] = 7
    _content("text")(state)["state"] = "gone"
    with pytest.raises(StateError) as caught:
        Reducer.from_state(state)
    assert caught.value.paths == (
        "$.next_index",
        "$.message.reply.name",
        f"$.message.content[{_index(state, 'text')}].state",
    )


def test_a_wrong_version_stops_the_check_before_the_other_fields():
    """With version 2 only the version is reported: another version may have other fields."""
    with pytest.raises(StateError) as caught:
        Reducer.from_state({"format": "streamspec.reducer-state", "version": 2, "x": 1})
    assert caught.value.paths == ("$.version",)
    assert str(caught.value) == (
        "not a valid reducer state: unsupported reducer state version 2; expected 1 @ $.version"
    )


@pytest.mark.parametrize("tag", ["streamspec.reducer-state-2", 1, None])
def test_a_wrong_format_stops_the_check_before_the_other_fields(tag: Any) -> None:
    """Another format tag is the only problem reported, even with other fields broken too."""
    state = _valid()
    state["format"] = tag
    state["next_index"] = -2
    state["extra"] = 1
    with pytest.raises(StateError) as caught:
        Reducer.from_state(state)
    assert caught.value.paths == ("$.format",)
    assert caught.value.problems[0].startswith("expected 'streamspec.reducer-state', got ")


def test_a_bogus_state_name_fails_in_from_state_not_in_apply():
    """A reply_state outside the machine used to fail later in apply() as KeyError; now from_state refuses it."""
    state = _valid()
    state["reply_state"] = "ended_twice"
    with pytest.raises(StateError) as caught:
        Reducer.from_state(state)
    assert caught.value.paths == ("$.reply_state",)
    assert "open" in caught.value.problems[0] and "ended" in caught.value.problems[0]


def test_a_huge_bogus_value_is_quoted_cut_in_the_problem():
    """A 1 MB state name is quoted cut to 80 characters in the problem; the path is whole."""
    state = _valid()
    state["reply_state"] = "s" * 1_000_000
    with pytest.raises(StateError) as caught:
        Reducer.from_state(state)
    assert len(str(caught.value)) < 400
    assert "(1000000 characters)" in caught.value.problems[0]


def test_every_reduce_vector_state_is_accepted_and_round_trips():
    """After every event of every reduce vector, the exported state passes the check and resumes equal."""
    checked = 0
    for path in sorted((Path(__file__).parents[1] / "spec/vectors/reduce").glob("*/*.json")):
        vector = json.loads(path.read_text(encoding="utf-8"))
        reducer = Reducer()
        for obj in vector.get("events") or []:
            try:
                reducer.apply(decode_event(obj))
            except DecodeError:
                reducer.reject_unreadable([], "unreadable")
            state = json.loads(json.dumps(reducer.export_state()))
            assert Reducer.from_state(state).export_state() == state, path
            checked += 1
    assert checked > 200


# ---------------------------------------------------------------- property

_STATE_NAMES = sorted({s.name for m in COMPILED.values() for s in m.spec.states})
_GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=4),
    st.sampled_from([*_STATE_NAMES, "text", "data", "tool_result", "success", "aGk=", "!"]),
    st.lists(st.integers(0, 2), max_size=2),
    st.dictionaries(st.sampled_from(["id", "type", "x"]), st.text(max_size=2), max_size=2),
)


#: The keys the reducer dispatches on or indexes by; half the breaks land on one of them.
_FOCUS = frozenset(
    {"state", "reply_state", "entity", "wire", "outcome", "data", "version", "id", "type", "usage"}
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_places(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_places(item, (*path, index)))
    return found


@st.composite
def broken_states(draw: st.DrawFn) -> State:
    """A valid exported state (from a legal stream) with one place broken: replaced, dropped,
    added to or duplicated."""
    reducer = Reducer()
    for event in draw(legal_streams(max_events=12)):
        reducer.apply(event)
    state: State = orjson.loads(orjson.dumps(reducer.export_state()))
    places = _places(state)[1:]
    focus = [p for p in places if p[-1] in _FOCUS]
    place = draw(st.sampled_from(focus if focus and draw(st.booleans()) else places))
    parent: Any = state
    for step in place[:-1]:
        parent = parent[step]
    last = place[-1]
    how = draw(st.sampled_from(["replace", "drop", "add", "duplicate"]))
    note(f"{how} at {place}")
    if how == "replace" or (how == "drop" and isinstance(parent, list)):
        parent[last] = draw(_GARBAGE)
    elif how == "drop":
        del parent[last]
    elif how == "add" and isinstance(parent[last], dict):
        parent[last][draw(st.sampled_from(["x", "id", "entity"]))] = draw(_GARBAGE)
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    else:
        parent[last] = draw(_GARBAGE)
    return state


_TOUCH: dict[str, list[dict[str, Any]]] = {
    "text": [{"type": "TEXT_BLOCK_DELTA", "delta": "x"}, {"type": "TEXT_BLOCK_END"}],
    "thinking": [{"type": "THINKING_BLOCK_DELTA", "delta": "x"}, {"type": "THINKING_BLOCK_END"}],
    "data": [
        {"type": "DATA_BLOCK_DELTA", "media_type": "a/b", "data": "aGk="},
        {"type": "DATA_BLOCK_DELTA", "media_type": "a/b", "url": "u"},
        {"type": "DATA_BLOCK_END"},
    ],
    "hint": [{"type": "HINT_BLOCK", "hint": "again"}],
    "tool_call": [
        {"type": "TOOL_CALL_DELTA", "delta": "x"},
        {"type": "TOOL_CALL_END"},
        {"type": "TOOL_RESULT_START", "tool_call_name": "f"},
    ],
    "tool_result": [
        {"type": "TOOL_RESULT_TEXT_DELTA", "delta": "x"},
        {"type": "TOOL_RESULT_DATA_DELTA", "media_type": "a/b", "data": "aGk=", "block_id": "s"},
        {"type": "TOOL_RESULT_END", "state": "success"},
    ],
}


def _touching(state: State) -> list[Any]:
    """Events that drive every entity of ``state`` (a delta, an end, a result), then REPLY_END."""
    reply = state["message"]["reply"]["id"]
    reply = reply if isinstance(reply, str) else "r"
    events = []
    for entity in state["message"]["content"]:
        kind = entity["entity"]
        key = "block_id" if kind in ("text", "thinking", "data", "hint") else "tool_call_id"
        for template in _TOUCH.get(kind, []):
            events.append(decode_event({**template, "reply_id": reply, key: entity["id"]}))
    events.append(decode_event({"type": "REPLY_END", "session_id": "s", "reply_id": reply}))
    return events


@given(state=broken_states(), more=st.lists(any_events(), max_size=6))
def test_from_state_accepts_a_valid_state_or_raises_state_error(state: State, more: list[Any]):
    """A state broken in one place is refused with StateError, or accepted as a reducer that
    exports it back unchanged and keeps folding with nothing but streamspec's own errors."""
    before = copy.deepcopy(state)
    try:
        reducer = Reducer.from_state(state)
    except StateError as error:
        assert error.paths and all(p.startswith("$") for p in error.paths)
        assert state == before
        return
    assert reducer.export_state() == before
    reducer.to_dict()
    reducer.states()
    for event in [*more, *_touching(before)]:
        with contextlib.suppress(ProtocolError):
            reducer.apply(event)
    reducer.finish()
    json.dumps(reducer.to_dict())


def test_from_state_never_raises_anything_but_streamspec_errors_on_non_objects():
    """Values that are no state at all (a string, bytes, a number, a list of pairs) give StateError."""
    for value in ("state", b"{}", 3, [("format", "x")], object()):
        with pytest.raises(StreamspecError) as caught:
            Reducer.from_state(value)  # type: ignore[arg-type]
        assert isinstance(caught.value, StateError)
        assert caught.value.paths == ("$",)


@pytest.mark.parametrize("reason", [None, "completed"])
def test_a_reply_s_finished_reason_may_be_null_or_a_reason(reason: str | None) -> None:
    """An exported reply's optional ``finished_reason`` resumes as null or as one of its words."""
    reducer = Reducer()
    reducer.apply(
        decode_event({"type": "REPLY_START", "session_id": "s", "reply_id": "r", "name": "a"})
    )
    state = reducer.export_state()
    state["message"]["reply"]["finished_reason"] = reason
    resumed = Reducer.from_state(state)
    assert resumed.to_dict().get("finished_reason") == reason
