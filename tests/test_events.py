"""The event classes: construction checks, enums and nested shapes, the data-xor-url rule, ABSENT
and null."""

from __future__ import annotations

import enum
import itertools
from typing import Any

import attrs
import pytest
import streamspec
from streamspec import (
    ABSENT,
    EVENT_CLASSES,
    CustomEvent,
    DataBlockDeltaEvent,
    Event,
    ExceedMaxItersEvent,
    HintBlockEvent,
    ModelCallEndEvent,
    ReplyEndEvent,
    ReplyStartEvent,
    RequireUserConfirmEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    UnknownEvent,
    UserConfirmResultEvent,
    UserInterruptEvent,
    decode_event,
    encode_event,
)
from streamspec._codec import EVENT_BY_KIND
from streamspec._completion_events import COMPLETION_EVENT_CLASSES
from streamspec._events import FieldProblem, is_given
from streamspec._shapes import AnyOf, ArrayOf, Count, Enum, Model, NonEmptyString, Shape, Types

_SAMPLE = {"string": "s", "integer": 1, "object": {}, "array": [], "boolean": True, "null": None}
_WRONG = {"string": 7, "integer": "7", "object": [], "array": 7, "boolean": "yes", "null": 7}


def _wire_fields(cls: type[Event]) -> list[attrs.Attribute[Any]]:
    return [f for f in attrs.fields(cls) if not f.metadata.get("internal")]


def minimal(shape: Shape) -> Any:
    """The smallest value ``shape`` accepts."""
    if isinstance(shape, Enum):
        return shape.values[0]
    if isinstance(shape, Types):
        return _SAMPLE[shape.names[0]]
    if isinstance(shape, NonEmptyString):
        return "https://example.com/a.png"
    if isinstance(shape, Count):
        return 0
    if isinstance(shape, Model):
        return {name: minimal(shape.fields[name]) for name in shape.required}
    if isinstance(shape, ArrayOf):
        return []
    assert isinstance(shape, AnyOf)
    return minimal(shape.alternatives[0])


def required_kwargs(cls: type[Event]) -> dict[str, Any]:
    """The smallest valid keyword arguments for ``cls``."""
    kwargs: dict[str, Any] = {}
    for field in _wire_fields(cls):
        if field.metadata.get("optional"):
            continue
        kwargs[field.name] = minimal(field.metadata["shape"])
    if cls in (DataBlockDeltaEvent, ToolResultDataDeltaEvent):
        kwargs["data"] = "YWJj"
    return kwargs


_REQUIRED = [
    (cls, field.name)
    for cls in EVENT_CLASSES
    for field in _wire_fields(cls)
    if not field.metadata.get("optional") and "key_path" not in field.metadata
]
_OPTIONAL = [
    (cls, field.name)
    for cls in EVENT_CLASSES
    for field in _wire_fields(cls)
    if field.metadata.get("optional") and field.name not in ("data", "url")
]


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_minimal_event_builds_with_exactly_its_keys(cls: type[Event]) -> None:
    """An event built from its required fields holds them and nothing else (optional fields ABSENT)."""
    kwargs = required_kwargs(cls)
    event = cls(**kwargs)
    encoded = encode_event(event)
    assert list(encoded) == ["type", *kwargs]
    assert encoded["type"] == cls.TYPE
    for field in _wire_fields(cls):
        if field.name not in kwargs:
            assert getattr(event, field.name) is ABSENT


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_a_field_s_json_types_are_those_its_shape_takes(cls: type[Event]) -> None:
    """A field's ``json`` types (read by the fast decoder and the envelope schemas) are the JSON
    types its ``shape`` (pinned to AgentScope's schema in test_agentscope_wire) accepts."""
    for field in _wire_fields(cls):
        shape = field.metadata["shape"]
        assert set(field.metadata["json"]) == set(shape.json_types), field.name


@pytest.mark.parametrize(("cls", "name"), _REQUIRED, ids=lambda v: getattr(v, "__name__", v))
def test_wrong_type_names_the_field(cls: type[Event], name: str) -> None:
    """A required field of the wrong JSON type raises FieldProblem naming that field."""
    field = attrs.fields_dict(cls)[name]
    bad = _WRONG[field.metadata["json"][0]]
    if _json_ok(bad, field.metadata["json"]):
        bad = 3.5
    with pytest.raises(FieldProblem) as caught:
        cls(**{**required_kwargs(cls), name: bad})
    assert caught.value.field == name
    assert str(caught.value).endswith(f"@ $.{name}")
    assert isinstance(caught.value, TypeError)


def _json_ok(value: Any, types: tuple[str, ...]) -> bool:
    return any(_SAMPLE[t].__class__ is value.__class__ for t in types if _SAMPLE[t] is not None)


@pytest.mark.parametrize(("cls", "name"), _OPTIONAL, ids=lambda v: getattr(v, "__name__", v))
def test_wrong_type_of_optional_field_names_it(cls: type[Event], name: str) -> None:
    """An optional field given a value of the wrong type raises FieldProblem naming it."""
    with pytest.raises(FieldProblem) as caught:
        cls(**{**required_kwargs(cls), name: 3.5})
    assert caught.value.field == name


def test_bool_is_not_an_integer() -> None:
    """A token count given as a boolean is refused (JSON true is not a number)."""
    with pytest.raises(FieldProblem) as caught:
        ModelCallEndEvent(reply_id="r", input_tokens=True, output_tokens=1)
    assert caught.value.field == "input_tokens"
    assert "got boolean" in caught.value.message


def test_missing_required_field_is_a_type_error() -> None:
    """Leaving out a required field raises TypeError."""
    with pytest.raises(TypeError, match="block_id"):
        TextBlockDeltaEvent(reply_id="r", delta="x")  # type: ignore[call-arg]


def test_events_are_keyword_only_frozen_and_slotted() -> None:
    """Events take keywords only, cannot be changed, and have no __dict__."""
    event = TextBlockDeltaEvent(reply_id="r", block_id="b", delta="x")
    with pytest.raises(TypeError):
        TextBlockDeltaEvent("r", "b", "x")  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        event.delta = "y"  # type: ignore[misc]
    assert not hasattr(event, "__dict__")
    assert event.delta == "x"


@pytest.mark.parametrize(
    "cls", [DataBlockDeltaEvent, ToolResultDataDeltaEvent], ids=lambda c: c.__name__
)
@pytest.mark.parametrize(
    ("data", "url", "ok"),
    [
        ("YWJj", ABSENT, True),
        (ABSENT, "https://example.com/a.png", True),
        ("YWJj", None, True),
        (None, "https://example.com/a.png", True),
        ("YWJj", "https://example.com/a.png", False),
        (ABSENT, ABSENT, False),
        (None, None, False),
        (None, ABSENT, False),
    ],
)
def test_data_xor_url(cls: type[Event], data: Any, url: Any, ok: bool) -> None:
    """Exactly one of data and url must hold a value; null counts as not given."""
    base = {k: v for k, v in required_kwargs(cls).items() if k != "data"}
    kwargs = {**base, "data": data, "url": url}
    if ok:
        event = cls(**kwargs)
        assert (event.data, event.url) == (data, url)  # type: ignore[attr-defined]
    else:
        with pytest.raises(FieldProblem) as caught:
            cls(**kwargs)
        assert caught.value.field == "data"
        assert "exactly one" in caught.value.message


def test_base64_content_is_not_judged_at_construction() -> None:
    """Construction accepts base64 that does not decode; the reducer judges content."""
    assert (
        DataBlockDeltaEvent(reply_id="r", block_id="b", media_type="image/png", data="x").data
        == "x"
    )


class _State(enum.StrEnum):
    SUCCESS = "success"


class _Reason(enum.StrEnum):
    INTERRUPTED = "interrupted"


class _Role(enum.StrEnum):
    ASSISTANT = "assistant"


def test_enum_values_become_plain_strings() -> None:
    """A str-enum member given for a state, reason or role is stored as its plain string."""
    end = ToolResultEndEvent(reply_id="r", tool_call_id="c", state=_State.SUCCESS)
    assert type(end.state) is str and end.state == "success"
    reply_end = ReplyEndEvent(session_id="s", reply_id="r", finished_reason=_Reason.INTERRUPTED)
    assert type(reply_end.finished_reason) is str
    start = ReplyStartEvent(session_id="s", reply_id="r", name="n", role=_Role.ASSISTANT)
    assert type(start.role) is str
    assert encode_event(end)["state"] == "success"
    assert ToolResultEndEvent(reply_id="r", tool_call_id="c", state="denied").state == "denied"


def test_absent_and_null_are_different() -> None:
    """ABSENT means the key is missing; None means JSON null, and both encode as such."""
    absent = TextBlockEndEvent(reply_id="r", block_id="b")
    null = TextBlockEndEvent(reply_id="r", block_id="b", text=None)
    assert absent != null
    assert absent.text is ABSENT and null.text is None
    assert "text" not in encode_event(absent)
    assert encode_event(null)["text"] is None
    assert not ABSENT and repr(ABSENT) == "ABSENT"
    assert not is_given(ABSENT) and not is_given(None) and is_given("") and is_given(0)


_CALL = {
    "type": "tool_call",
    "id": "c",
    "name": "f",
    "input": "",
    "state": "pending",
    "suggested_rules": [
        {"tool_name": "f", "rule_content": None, "behavior": "allow", "source": "session"}
    ],
}


def test_batch_lists_become_tuples_and_items_are_checked() -> None:
    """A batch is stored as a tuple of its raw items; a bad item names its path."""
    event = RequireUserConfirmEvent(reply_id="r", tool_calls=[_CALL])
    assert event.tool_calls == (_CALL,)
    with pytest.raises(FieldProblem) as caught:
        RequireUserConfirmEvent(reply_id="r", tool_calls=[_CALL, {"name": "f", "input": "{}"}])
    assert (caught.value.field, caught.value.message) == (
        "tool_calls[1].id",
        "required field missing",
    )
    with pytest.raises(FieldProblem) as caught:
        UserConfirmResultEvent(reply_id="r", confirm_results=[{"tool_call": _CALL}])
    assert caught.value.problems == (("confirm_results[0].confirmed", "required field missing"),)
    with pytest.raises(FieldProblem) as caught:
        RequireUserConfirmEvent(reply_id="r", tool_calls=["c"])
    assert caught.value.problems == (("tool_calls[0]", "expected object, got string"),)


def test_every_nested_problem_is_reported_with_its_path() -> None:
    """All problems of a batch item are reported, each at the path of the field at fault."""
    bad_rule = {"tool_name": "f", "behavior": "maybe", "source": 3}
    with pytest.raises(FieldProblem) as caught:
        UserConfirmResultEvent(
            reply_id="r",
            confirm_results=[
                {
                    "confirmed": "yes",
                    "tool_call": {"id": 3, "state": "done", "suggested_rules": [bad_rule]},
                    "rules": {},
                }
            ],
        )
    at = "confirm_results[0]"
    assert caught.value.problems == (
        (f"{at}.confirmed", "expected boolean, got string"),
        (f"{at}.tool_call.name", "required field missing"),
        (f"{at}.tool_call.input", "required field missing"),
        (f"{at}.tool_call.id", "expected string, got integer"),
        (f"{at}.tool_call.state", "expected one of allowed, asking, finished, pending, submitted"),
        (f"{at}.tool_call.suggested_rules[0].rule_content", "required field missing"),
        (
            f"{at}.tool_call.suggested_rules[0].behavior",
            "expected one of allow, ask, deny, passthrough",
        ),
        (f"{at}.tool_call.suggested_rules[0].source", "expected string, got integer"),
        (f"{at}.rules", "expected array or null, got object"),
    )
    assert caught.value.field == f"{at}.confirmed"
    assert str(caught.value).startswith(f"expected boolean, got string @ $.{at}.confirmed; ")


def test_keys_outside_a_nested_model_are_kept() -> None:
    """A batch item may carry keys AgentScope's model lacks; they are accepted and kept."""
    item = {**_CALL, "x_trace": [1], "suggested_rules": [{**_CALL["suggested_rules"][0], "k": 1}]}
    assert RequireUserConfirmEvent(reply_id="r", tool_calls=[item]).tool_calls == (item,)


@pytest.mark.parametrize(
    ("cls", "name", "good", "bad"),
    [
        (ReplyStartEvent, "role", "system", "bot"),
        (ReplyEndEvent, "finished_reason", "exceed_max_iters", "stop"),
        (ReplyEndEvent, "finished_reason", "error", None),
        (ModelCallEndEvent, "finished_reason", "interrupted", "tool_use"),
        (ModelCallEndEvent, "finished_reason", "completed", None),
        (ToolResultEndEvent, "state", "running", "done"),
    ],
)
def test_enum_fields_take_only_agentscope_values(
    cls: type[Event], name: str, good: str, bad: Any
) -> None:
    """An enum field takes AgentScope's values; another string or null names the field."""
    assert getattr(cls(**{**required_kwargs(cls), name: good}), name) == good
    with pytest.raises(FieldProblem) as caught:
        cls(**{**required_kwargs(cls), name: bad})
    assert caught.value.field == name
    assert caught.value.message.startswith("expected one of ")


def test_reply_end_error_is_null_or_error_info() -> None:
    """REPLY_END's error is null or an object with a string message and an ErrorType type."""
    ok = {"type": "rate_limit", "message": "slow down"}
    assert ReplyEndEvent(session_id="s", reply_id="r", error=ok).error == ok
    assert ReplyEndEvent(session_id="s", reply_id="r", error=None).error is None
    with pytest.raises(FieldProblem) as caught:
        ReplyEndEvent(session_id="s", reply_id="r", error={"type": "oops"})
    assert caught.value.problems == (
        ("error.message", "required field missing"),
        (
            "error.type",
            "expected one of authentication, connection, internal, invalid_request, "
            "permission, rate_limit, setup, unknown, upstream",
        ),
    )


def test_exceed_max_iters_needs_a_name_and_custom_value_is_optional() -> None:
    """EXCEED_MAX_ITERS requires name; CUSTOM's value may be left out but is never null."""
    with pytest.raises(TypeError, match="name"):
        ExceedMaxItersEvent(reply_id="r")  # type: ignore[call-arg]
    assert CustomEvent(name="n").value is ABSENT
    with pytest.raises(FieldProblem) as caught:
        CustomEvent(name="n", value=None)
    assert caught.value.field == "value"


def test_hint_accepts_text_or_a_list() -> None:
    """A hint is a string or a list of blocks, and nothing else."""
    assert HintBlockEvent(reply_id="r", block_id="h", hint="x").hint == "x"
    assert (
        HintBlockEvent(reply_id="r", block_id="h", hint=[{"type": "text", "text": "x"}]).hint[0][
            "text"
        ]
        == "x"
    )
    with pytest.raises(FieldProblem) as caught:
        HintBlockEvent(reply_id="r", block_id="h", hint={"text": "x"})
    assert caught.value.field == "hint"
    with pytest.raises(FieldProblem) as caught:
        HintBlockEvent(reply_id="r", block_id="h", hint=[{"type": "data", "source": {"url": ""}}])
    assert caught.value.problems == (
        ("hint[0].source.media_type", "required field missing"),
        ("hint[0].source.url", "expected a non-empty string"),
    )


def test_type_and_kind_of_every_class() -> None:
    """Each class has a unique UPPER_SNAKE TYPE and its lower-case KIND; an instance's type is its
    TYPE."""
    types = [cls.TYPE for cls in EVENT_CLASSES]
    assert len(set(types)) == len(types) == 28
    for cls in EVENT_CLASSES:
        assert cls.TYPE.upper() == cls.TYPE and cls.TYPE.lower() == cls.KIND
        assert cls(**required_kwargs(cls)).type == cls.TYPE
    assert UnknownEvent.KIND == "unknown"


def _event_classes() -> list[type]:
    return [*EVENT_BY_KIND.values(), *COMPLETION_EVENT_CLASSES]


@pytest.mark.parametrize("cls", _event_classes(), ids=lambda cls: cls.__name__)
def test_every_event_class_is_frozen_slotted_and_keyword_only(cls: type) -> None:
    """docs/index.md: events are frozen, slotted, keyword-only attrs classes."""
    assert attrs.has(cls) and "__slots__" in cls.__dict__
    assert all(field.kw_only for field in attrs.fields(cls)), cls
    with pytest.raises(TypeError):
        cls("positional")


@pytest.mark.parametrize("cls", list(EVENT_BY_KIND.values()), ids=lambda cls: cls.__name__)
def test_an_agentscope_event_class_shares_the_one_equality_and_repr(cls: type) -> None:
    """Equality and ``repr`` are written once on ``Event`` (what attrs would generate), not
    generated again for each class at import; events stay unhashable."""
    assert (cls.__eq__, cls.__repr__, cls.__hash__) == (Event.__eq__, Event.__repr__, None)


def _public_attrs_classes() -> list[type]:
    found = (getattr(streamspec, name) for name in streamspec.__all__)
    return [value for value in found if isinstance(value, type) and attrs.has(value)]


@pytest.mark.parametrize("cls", _public_attrs_classes(), ids=lambda cls: cls.__name__)
def test_every_public_record_class_takes_keywords_only(cls: type) -> None:
    """Field order is no part of the API: every public attrs class (events, diagnostics,
    verdicts, reports) takes its fields by keyword only."""
    assert all(field.kw_only for field in attrs.fields(cls)), cls
    with pytest.raises(TypeError):
        cls("positional")


def test_a_required_field_given_as_absent_is_missing() -> None:
    """ABSENT in a required field is the field missing, named by its path, for reply events and
    completion events alike."""
    from streamspec._completion_events import ModelChunkEvent

    with pytest.raises(FieldProblem, match=r"^required field missing @ \$\.reply_id$"):
        TextBlockDeltaEvent(reply_id=ABSENT, block_id="b", delta="x")
    with pytest.raises(FieldProblem, match=r"^required field missing @ \$\.call$"):
        ModelChunkEvent(call=ABSENT, channel="text", text="x")


def test_a_required_shaped_field_given_as_absent_is_missing() -> None:
    """A required field with a nested shape (a hint, a batch) given ABSENT is missing too."""
    with pytest.raises(FieldProblem, match=r"^required field missing @ \$\.hint$"):
        HintBlockEvent(reply_id="r", block_id="h", hint=ABSENT)


def test_a_url_source_s_url_must_be_a_string() -> None:
    """A data block's URL source names a url that is not a string by its JSON type."""
    with pytest.raises(FieldProblem) as caught:
        HintBlockEvent(
            reply_id="r",
            block_id="h",
            hint=[{"type": "data", "source": {"type": "url", "url": 7, "media_type": "a/b"}}],
        )
    assert caught.value.problems == (("hint[0].source.url", "expected string, got integer"),)


def _other_value(event: Event, name: str) -> Any:
    """A valid value of field ``name`` that differs from ``event``'s."""
    value = getattr(event, name)
    if name == "extra":
        return {"x_other": 1}
    shape = attrs.fields_dict(type(event))[name].metadata["shape"]
    shaped = [*(shape.values if isinstance(shape, Enum) else ())]
    if isinstance(shape, ArrayOf):
        shaped.append((minimal(shape.item),))
    for candidate in (*shaped, "other", 7, {"other": 1}, None, True, ABSENT):
        if candidate != value:
            try:
                attrs.evolve(event, **{name: candidate})
            except (TypeError, ValueError):
                continue
            return candidate
    raise AssertionError(f"{type(event).__name__}.{name} takes no other value tried")


_EQ_FIELDS = [
    (cls, field.name)
    for cls in EVENT_CLASSES
    for field in attrs.fields(cls)
    if field.name != "extra"
] + [(cls, "extra") for cls in EVENT_CLASSES]


@pytest.mark.parametrize(("cls", "name"), _EQ_FIELDS, ids=lambda v: getattr(v, "__name__", v))
def test_events_are_equal_exactly_when_every_field_is(cls: type[Event], name: str) -> None:
    """Two events are equal when they are of one class and every field, ``extra`` too, is equal."""
    event, same = cls(**required_kwargs(cls)), cls(**required_kwargs(cls))
    assert (event == same, event != same) == (True, False)
    changed = attrs.evolve(event, **{name: _other_value(event, name)})
    assert (event == changed, event != changed) == (False, True)


def test_events_of_two_classes_are_never_equal() -> None:
    """Events of different classes differ even when their fields agree; so do non-events."""
    start = TextBlockStartEvent(reply_id="r", block_id="b")
    end = TextBlockEndEvent(reply_id="r", block_id="b")
    assert (start == end, start != end) == (False, True)
    assert start != {"type": "TEXT_BLOCK_START", "reply_id": "r", "block_id": "b"}
    assert start.__eq__(end) is NotImplemented


def test_an_event_s_repr_names_its_class_and_every_field_but_extra() -> None:
    """The repr is attrs' usual one, in field order, ``extra`` left out."""
    event = decode_event(
        {"type": "TEXT_BLOCK_DELTA", "reply_id": "r", "block_id": "b", "delta": "x", "x_k": 1}
    )
    assert repr(event) == (
        "TextBlockDeltaEvent(id=ABSENT, created_at=ABSENT, metadata=ABSENT, "
        "reply_id='r', block_id='b', delta='x')"
    )
    assert repr(UserInterruptEvent(reply_id="r", id="e1")) == (
        "UserInterruptEvent(id='e1', created_at=ABSENT, metadata=ABSENT, reply_id='r')"
    )


def test_an_event_is_not_hashable() -> None:
    """An event holds mappings (``extra``, ``metadata``), so it has no hash."""
    with pytest.raises(TypeError, match="unhashable type: 'TextBlockStartEvent'"):
        hash(TextBlockStartEvent(reply_id="r", block_id="b"))


_RULE_VALUES = (ABSENT, None, "", "aGk=", 0, [])


@pytest.mark.parametrize(
    "cls", [cls for cls in EVENT_CLASSES if cls.RULES], ids=lambda cls: cls.__name__
)
def test_a_rule_as_an_expression_says_what_its_check_says(cls: type[Event]) -> None:
    """Generated code runs a rule's expression in place of its check: over every mix of
    absent, null, string and other values, the expression is true exactly when the check
    passes."""
    for names, check, holds in cls.RULES:
        for values in itertools.product(_RULE_VALUES, repeat=len(names)):
            placeholders = {name: f"values[{i}]" for i, name in enumerate(names)}
            expected = eval(holds.format_map(placeholders), {"ABSENT": ABSENT, "values": values})
            try:
                check(*values)
            except FieldProblem:
                passed = False
            else:
                passed = True
            assert passed is expected, (names, values)
            if names == ("data", "url"):
                assert passed is (
                    (values[0] in (ABSENT, None)) is not (values[1] in (ABSENT, None))
                )


def test_a_value_of_none_of_its_types_names_them_all_in_order() -> None:
    """A shape of several JSON types names each of them, sorted and joined by ``or``, and
    the type it got."""
    assert Types("string", "null").problems(3, "$.name") == [
        ("$.name", "expected null or string, got integer")
    ]
    assert Types("object", "array", "string").problems(True) == [
        ("", "expected array or object or string, got boolean")
    ]
    assert Types("string", "null").problems(None) == []
