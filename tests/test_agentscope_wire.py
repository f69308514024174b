"""The codec accepts exactly the wire JSON AgentScope 2.0.11's own models accept.

The comparisons are differential: objects are drawn from AgentScope's
recorded JSON Schema (never from streamspec's classes), broken in one place,
and ``decode_event`` must fail exactly when the schema (and, where lax
coercion cannot interfere, pydantic itself) rejects the object, naming the
broken place in ``DecodeError.paths``.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from agentscope_schema import (
    agentscope_problems,
    definitions,
    mutated,
    recorded,
    render,
    wire_objects,
)
from hypothesis import find, given, note, settings
from hypothesis import strategies as st
from streamspec import (
    EVENT_CLASSES,
    DataBlockDeltaEvent,
    DecodeError,
    Event,
    RequireUserConfirmEvent,
    ToolResultEndEvent,
    UnknownEvent,
    decode_event,
    encode_event,
)
from streamspec._shapes import AnyOf, ArrayOf, Model, Shape
from streamspec.testing import (
    any_events,
    events_of_kind,
    filled,
    legal_streams,
    rechunked,
    unknown_events,
    valid_base64,
    with_wrong_reply_id,
)
from streamspec.testing._strategies import KINDS, TEMPLATES

RECORD = Path(__file__).parent / "fixtures" / "agentscope" / "record.py"
_DROPPED = ("title", "description", "default", "deprecated")


def _installed_agentscope() -> str | None:
    try:
        return importlib.metadata.version("agentscope")
    except importlib.metadata.PackageNotFoundError:
        return None


def _normal(schema: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    """A schema with references inlined, annotations dropped and unordered lists sorted."""
    while "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[1]]
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _DROPPED or (key == "additionalProperties" and value is True):
            continue
        out[key] = _normal_part(key, value, defs)
    return out


def _normal_part(key: str, value: Any, defs: dict[str, Any]) -> Any:
    if key == "properties":
        return {name: _normal(s, defs) for name, s in value.items()}
    if key == "items":
        return _normal(value, defs)
    if key == "anyOf":
        parts = (_normal(a, defs) for a in value)
        return sorted(parts, key=lambda s: json.dumps(s, sort_keys=True))
    if key in ("enum", "required"):
        return sorted(value)
    return value


#: Fields streamspec holds to ``minimum: 0`` where AgentScope takes any integer.
_NON_NEGATIVE = {
    "MODEL_CALL_END": (
        "input_tokens",
        "output_tokens",
        "cache_input_tokens",
        "cache_creation_input_tokens",
    )
}


def _wire_fields(cls: type[Event]) -> list[attrs.Attribute[Any]]:
    return [f for f in attrs.fields(cls) if not f.metadata.get("internal")]


# ------------------------------------------------------------------ structure


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=lambda c: c.__name__)
def test_every_field_has_agentscope_2_0_11_shape(cls: type[Event]) -> None:
    """Each event class has AgentScope 2.0.11's fields, required set, and per-field schema."""
    defs = recorded("2.0.11")["schema"]["$defs"]
    theirs = _normal(definitions("2.0.11")[cls.TYPE], defs)
    del theirs["properties"]["type"]
    shapes: dict[str, Shape] = {f.name: f.metadata["shape"] for f in _wire_fields(cls)}
    ours = {name: _normal(shape.schema(), {}) for name, shape in shapes.items()}
    for name in _NON_NEGATIVE.get(cls.TYPE, ()):
        # A deliberate narrowing (docs/differences-agentscope.md): counts are never negative.
        assert ours[name].pop("minimum") == 0
    assert ours == theirs["properties"]
    required = sorted(f.name for f in _wire_fields(cls) if f.default is attrs.NOTHING)
    assert required == theirs.get("required", [])


def _models(shape: Shape) -> list[Model]:
    """Every object shape inside ``shape``, outermost first."""
    if isinstance(shape, Model):
        return [shape] + [m for field in shape.fields.values() for m in _models(field)]
    if isinstance(shape, ArrayOf):
        return _models(shape.item)
    if isinstance(shape, AnyOf):
        return [m for alternative in shape.alternatives for m in _models(alternative)]
    return []


def test_every_object_shape_is_named_after_the_agentscope_model_it_mirrors() -> None:
    """A nested object's shape carries the name of AgentScope 2.0.11's pydantic class, and that
    class has the same fields, the same required set and the same per-field schema."""
    defs = recorded("2.0.11")["schema"]["$defs"]
    found = {
        model.name: model
        for cls in EVENT_CLASSES
        for field in _wire_fields(cls)
        for model in _models(field.metadata["shape"])
    }
    assert set(found) == {
        "Base64Source",
        "ConfirmResult",
        "DataBlock",
        "ErrorInfo",
        "PermissionRule",
        "TextBlock",
        "ToolCallBlock",
        "ToolResultBlock",
        "URLSource",
    }
    for name, model in sorted(found.items()):
        theirs = _normal(defs[name], defs)
        assert _normal(model.schema(), {}) == {**theirs, "required": theirs.get("required", [])}, (
            name
        )


def test_the_2_0_3_schema_is_a_subset() -> None:
    """Every 2.0.3 event type exists in 2.0.11, with no field 2.0.11 lacks and no new requirement
    beyond 2.0.3's own data-delta ``data``."""
    new, old = definitions("2.0.11"), definitions("2.0.3")
    assert set(old) <= set(new) and set(new) - set(old) == {"USER_INTERRUPT"}
    for wire_type, definition in old.items():
        assert set(definition["properties"]) <= set(new[wire_type]["properties"]), wire_type
        assert set(new[wire_type].get("required", ())) <= set(definition.get("required", ()))


# ------------------------------------------------------------- differential


@settings(max_examples=300)
@given(obj=wire_objects())
def test_every_object_agentscope_accepts_decodes_and_round_trips(obj: dict[str, Any]) -> None:
    """An object drawn from AgentScope 2.0.11's schema decodes, and encodes back to itself."""
    assert agentscope_problems(obj) == []
    event = decode_event(obj)
    assert not isinstance(event, UnknownEvent)
    assert encode_event(event) == obj


@settings(max_examples=200)
@given(obj=wire_objects(version="2.0.3"))
def test_every_2_0_3_object_decodes_and_round_trips(obj: dict[str, Any]) -> None:
    """An object drawn from AgentScope 2.0.3's schema decodes, and encodes back to itself."""
    assert agentscope_problems(obj, "2.0.3") == []
    event = decode_event(obj)
    assert encode_event(event) == obj


def _assert_same_verdict(mutation: Any, rejected: bool) -> None:
    note(mutation.describe())
    note(json.dumps(mutation.obj, default=repr))
    if not rejected:
        event = decode_event(mutation.obj)
        assert encode_event(event) == mutation.obj
        return
    with pytest.raises(DecodeError) as caught:
        decode_event(mutation.obj)
    paths = caught.value.paths
    assert len(paths) == len(caught.value.problems) or len(set(paths)) == len(paths)
    if mutation.ambiguous is None:
        assert paths == (render(mutation.path),), caught.value.problems
    else:
        assert any(p.startswith(render(mutation.ambiguous)) for p in paths), paths


#: The event types with nested objects (batch items, rules, blocks, sources, error).
NESTED = (
    "REQUIRE_USER_CONFIRM",
    "REQUIRE_EXTERNAL_EXECUTION",
    "USER_CONFIRM_RESULT",
    "EXTERNAL_EXECUTION_RESULT",
    "HINT_BLOCK",
    "REPLY_END",
)


@pytest.mark.parametrize("types", [None, NESTED], ids=["any-type", "nested"])
@settings(max_examples=400)
@given(data=st.data())
def test_decode_fails_exactly_when_agentscope_schema_rejects(
    types: tuple[str, ...] | None, data: st.DataObject
) -> None:
    """After one break (dropped key, wrong type, null, bad enum, empty URL, unknown key),
    decode_event raises iff the 2.0.11 schema rejects the object, naming the broken path."""
    obj = data.draw(wire_objects(types=types), label="valid")
    mutation = data.draw(mutated(obj, deep=types is not None), label="mutation")
    problems = agentscope_problems(mutation.obj)
    assert bool(problems) == (mutation.kind != "extra"), problems
    _assert_same_verdict(mutation, bool(problems))


@cache
def _pydantic_adapter() -> Any:
    agentscope_event = pytest.importorskip("agentscope.event")
    pydantic = pytest.importorskip("pydantic")
    return pydantic.TypeAdapter(agentscope_event.AgentEvent)


def _pydantic_rejects(obj: dict[str, Any]) -> bool:
    import pydantic

    try:
        _pydantic_adapter().validate_python(obj)
    except pydantic.ValidationError:
        return True
    return False


@pytest.mark.filterwarnings("ignore:ExceedMaxItersEvent is deprecated:DeprecationWarning")
@settings(max_examples=300)
@given(data=st.data())
def test_decode_fails_exactly_when_pydantic_rejects(data: st.DataObject) -> None:
    """With values pydantic's lax mode cannot coerce, decode_event raises iff AgentScope 2.0.11's
    own TypeAdapter(AgentEvent) rejects the object, valid objects included."""
    if _installed_agentscope() != "2.0.11":
        pytest.skip("needs agentscope 2.0.11")
    obj = data.draw(wire_objects(types=data.draw(st.sampled_from([None, NESTED]))), label="valid")
    if data.draw(st.booleans(), label="break it"):
        mutation = data.draw(mutated(obj, lax=True), label="mutation")
        _assert_same_verdict(mutation, _pydantic_rejects(mutation.obj))
        assert _pydantic_rejects(mutation.obj) == (mutation.kind != "extra")
    else:
        assert not _pydantic_rejects(obj)
        decode_event(obj)


def test_recorded_schema_is_the_installed_agentscopes() -> None:
    """The recorded 2.0.11 schema equals what the installed AgentScope 2.0.11 gives now."""
    if _installed_agentscope() != "2.0.11":
        pytest.skip("needs agentscope 2.0.11")
    assert _pydantic_adapter().json_schema() == recorded("2.0.11")["schema"]


def test_fixtures_are_what_agentscope_writes() -> None:
    """record.py, run against the installed AgentScope 2.0.11, writes the 2.0.11 fixtures byte for
    byte, and every line of every fixture is valid JSON of its release."""
    if _installed_agentscope() != "2.0.11":
        pytest.skip("needs agentscope 2.0.11")
    spec = importlib.util.spec_from_file_location("record_fixtures", RECORD)
    assert spec is not None and spec.loader is not None
    record = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(record)
    for path, text in record.recorded("2.0.11").items():
        assert path.read_text(encoding="utf-8") == text, path.name
    for version, files in record.RECORDERS.items():
        for path in files:
            for line in path.read_text(encoding="utf-8").splitlines():
                assert agentscope_problems(json.loads(line), version) == [], (path.name, line)


# ------------------------------------------------------- deliberate differences


@pytest.mark.parametrize(
    ("field", "value"),
    [("input_tokens", 1.0), ("input_tokens", "1"), ("output_tokens", True)],
)
def test_integers_are_json_integers_only(field: str, value: Any) -> None:
    """A token count given as 1.0, "1" or true is refused, though pydantic's lax mode takes it."""
    obj = {"type": "MODEL_CALL_END", "reply_id": "r", "input_tokens": 1, "output_tokens": 2}
    with pytest.raises(DecodeError) as caught:
        decode_event({**obj, field: value})
    assert caught.value.paths == (f"$.{field}",)


@pytest.mark.parametrize("value", [1, 0, "true"])
def test_booleans_are_json_booleans_only(value: Any) -> None:
    """``confirmed`` given as 1, 0 or "true" is refused, though pydantic's lax mode takes it."""
    call = {"id": "c", "name": "f", "input": "{}"}
    obj = {
        "type": "USER_CONFIRM_RESULT",
        "reply_id": "r",
        "confirm_results": [{"confirmed": value, "tool_call": call}],
    }
    with pytest.raises(DecodeError) as caught:
        decode_event(obj)
    assert caught.value.paths == ("$.confirm_results[0].confirmed",)


def test_an_object_without_type_is_unknown() -> None:
    """An object with no ``type`` is kept whole as UnknownEvent; pydantic would guess a model."""
    obj = {"reply_id": "r", "block_id": "b", "delta": "x"}
    event = decode_event(obj)
    assert isinstance(event, UnknownEvent) and event.type is None and event.raw == obj


# -------------------------------------------------------- generated events


def _assert_real(events: list[Any]) -> None:
    for event in events:
        if isinstance(event, UnknownEvent):
            continue
        wire = encode_event(event)
        assert agentscope_problems(wire) == [], wire
        assert decode_event(wire) == event


@settings(max_examples=150)
@given(events=st.lists(any_events() | any_events().map(with_wrong_reply_id), max_size=20))
def test_any_events_are_agentscope_json(events: list[Event]) -> None:
    """Every event any_events() draws (foreign reply ids included) encodes to valid 2.0.11 JSON."""
    _assert_real(events)


@settings(max_examples=100)
@given(data=st.data())
def test_legal_and_rechunked_streams_are_agentscope_json(data: st.DataObject) -> None:
    """Every event of legal_streams() and of its rechunking encodes to valid 2.0.11 JSON."""
    events = data.draw(legal_streams(), label="stream")
    _assert_real(events)
    _assert_real(data.draw(rechunked(events), label="rechunked"))


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=30)
@given(data=st.data())
def test_events_of_each_kind_are_agentscope_json(kind: str, data: st.DataObject) -> None:
    """events_of_kind(kind) draws only valid 2.0.11 JSON."""
    _assert_real([data.draw(events_of_kind(kind))])


@settings(max_examples=100)
@given(data=st.data())
def test_filled_templates_are_agentscope_json(data: st.DataObject) -> None:
    """Every template, and every event filled() draws from one, is valid 2.0.11 JSON."""
    template = data.draw(st.sampled_from(TEMPLATES))
    _assert_real([template, data.draw(filled(template))])


def test_every_template_is_agentscope_json() -> None:
    """All the oracle's templates are valid 2.0.11 JSON."""
    _assert_real(list(TEMPLATES))


def test_strategies_still_draw_invalid_content() -> None:
    """any_events() still draws content the reducer rejects: undecodable base64, a running end
    state, a batch naming one call twice, and a foreign reply id."""
    bad = find(
        any_events(),
        lambda e: (
            isinstance(e, DataBlockDeltaEvent)
            and isinstance(e.data, str)
            and valid_base64(e.data) is None
        ),
    )
    assert isinstance(bad, DataBlockDeltaEvent) and isinstance(bad.data, str)
    running = find(
        any_events(), lambda e: isinstance(e, ToolResultEndEvent) and e.state == "running"
    )
    assert isinstance(running, ToolResultEndEvent)
    twice = find(
        any_events(),
        lambda e: (
            isinstance(e, RequireUserConfirmEvent)
            and len({item["id"] for item in e.tool_calls}) < len(e.tool_calls)
        ),
    )
    assert isinstance(twice, RequireUserConfirmEvent)
    foreign = find(
        any_events().map(with_wrong_reply_id), lambda e: getattr(e, "reply_id", "") == "r2"
    )
    assert agentscope_problems(encode_event(foreign)) == []


@settings(max_examples=20)
@given(event=unknown_events())
def test_unknown_events_stay_unknown(event: UnknownEvent) -> None:
    """unknown_events() gives types outside the catalog, which AgentScope rejects as unknown."""
    assert agentscope_problems(encode_event(event))[0].startswith("unknown type")
