"""The protocol's schemas, its README example and the message module agree with each other."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec._resources import spec_dir
from streamspec.conform import _protocol as msg
from streamspec.conform._reference import reference_output

PROTOCOL_DIR = spec_dir() / "protocol"
TYPES = [t.value for t in msg.MessageType]
RUNNER_SENDS = {"start", "run", "stop"}


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = orjson.loads((PROTOCOL_DIR / f"{name}.schema.json").read_bytes())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


VALIDATORS = {t: _validator(t) for t in TYPES}


def _schema_valid(message: Any) -> bool:
    if not isinstance(message, dict) or message.get("type") not in VALIDATORS:
        return False
    return VALIDATORS[message["type"]].is_valid(message)


def _example() -> list[tuple[str, dict[str, Any]]]:
    """The README's example exchange: (direction mark, message) per line."""
    text = (PROTOCOL_DIR / "README.md").read_text()
    blocks = re.findall(r"```jsonl\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) == 1
    return [(line[0], orjson.loads(line[2:])) for line in blocks[0].splitlines() if line.strip()]


def test_there_is_one_valid_schema_per_message_type_and_per_output_kind():
    """spec/protocol holds exactly a valid draft 2020-12 schema for each message type and each kind's output."""
    names = {p.name.removesuffix(".schema.json") for p in PROTOCOL_DIR.glob("*.schema.json")}
    assert names == set(TYPES) | {f"output-{k}" for k in msg.KINDS}
    for name in names:
        _validator(name)


def test_the_readme_example_validates_line_by_line():
    """Every line of the README's example is a message valid under its type's schema and the message module, sent in the right direction."""
    lines = _example()
    assert [m["type"] for _, m in lines] == [
        "start",
        "ready",
        "run",
        "result",
        "run",
        "result",
        "run",
        "skipped",
        "stop",
    ]
    for mark, message in lines:
        assert mark == (">" if message["type"] in RUNNER_SENDS else "<")
        assert list(VALIDATORS[message["type"]].iter_errors(message)) == []
        assert msg.message_problems(message) == []


def test_the_readme_example_is_a_real_exchange():
    """Each answer of the README's example echoes its run's seq, and each result is the reference output for that case under the checks of ready."""
    lines = [m for _, m in _example()]
    ready = lines[1]
    runs = [m for m in lines if m["type"] == "run"]
    answers = [m for m in lines if m["type"] in ("result", "skipped")]
    for run, answer in zip(runs, answers, strict=True):
        assert answer["seq"] == run["seq"]
        assert run["kind"] in ready["kinds"]
        if answer["type"] == "result":
            want = reference_output(
                run["kind"], run["case"], after_each=run["after_each"], checks=ready["checks"]
            )
            assert answer["output"] == orjson.loads(orjson.dumps(want))
            schema = _validator(f"output-{run['kind']}")
            assert list(schema.iter_errors(answer["output"])) == []
        else:
            assert run["case"]["options"]["strict"] is True


def test_every_builder_makes_a_message_valid_under_its_schema():
    """Each builder's message is valid under its type's schema and has no problems."""
    built = [
        msg.start(msg.KINDS, msg.CHECKS),
        msg.ready({"name": "n", "version": "1", "language": "go"}, ["reduce"], []),
        msg.run(1, "judge", {"input": []}, after_each=False),
        msg.result(2, {"verdicts": [], "problems": []}),
        msg.skipped(3, "no strict mode"),
        msg.errored("boom", 4),
        msg.errored("bad protocol"),
        msg.stop(),
    ]
    for message in built:
        assert _schema_valid(message), message
        assert msg.message_problems(message) == []
        assert msg.decode(msg.encode(message)) == message


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"", "an empty line @ $"),
        (b"{nope", "not JSON"),
        (b"[1, 2]", "not a JSON object but an array @ $"),
        (b'"start"', "not a JSON object but a string @ $"),
    ],
)
def test_decode_rejects_a_line_that_is_not_an_object(line: bytes, problem: str):
    """A blank, non-JSON or non-object line raises MessageError whose one problem says which."""
    with pytest.raises(msg.MessageError) as info:
        msg.decode(line)
    assert len(info.value.problems) == 1
    assert problem in info.value.problems[0]
    assert isinstance(info.value, ValueError)


def test_message_problems_names_every_bad_field_with_its_path():
    """A run with a bad seq, kind and case and no after_each reports each problem at its own path."""
    problems = msg.message_problems({"type": "run", "seq": True, "kind": "fold", "case": []})
    assert problems == [
        "expected an integer, got a boolean @ $.seq",
        "expected one of ['reduce', 'judge', 'envelope', 'pairing'], got 'fold' @ $.kind",
        "expected an object, got an array @ $.case",
        "required key missing @ $.after_each",
    ]


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (None, "null"),
        (True, "a boolean"),
        (3, "a number"),
        (1.5, "a number"),
        ([], "an array"),
        ({}, "an object"),
    ],
)
def test_a_wrong_type_is_named_by_its_json_type(value: Any, name: str):
    """A field of the wrong type is reported with the JSON type it holds."""
    assert msg.message_problems({"type": "errored", "message": value}) == [
        f"expected a string, got {name} @ $.message"
    ]


def test_message_problems_limits_the_types_accepted():
    """A valid message of a type not allowed in this place is one problem at $.type."""
    assert msg.message_problems(msg.stop(), types=("result", "skipped", "errored")) == [
        "expected type one of ['result', 'skipped', 'errored'], got 'stop' @ $.type"
    ]


# Values a field may hold: right and wrong types for every field of every message.
_SCALARS = [None, True, False, 0, 1, 2, -1, 1.5, "", "reduce", "fold", "message"]
_VALUES = [
    *_SCALARS,
    [],
    ["reduce", "judge"],
    ["states", 1],
    {},
    {"name": "n", "version": "1", "language": "go"},
    {"name": "n", "version": 1, "language": "go"},
    {"name": "n", "language": "go"},
]
_BASES: dict[str, dict[str, Any]] = {
    "start": msg.start(["reduce"], ["message"]),
    "ready": msg.ready({"name": "n", "version": "1", "language": "go"}, ["reduce"], []),
    "run": msg.run(1, "reduce", {}, after_each=False),
    "result": msg.result(1, {}),
    "skipped": msg.skipped(1, "r"),
    "errored": msg.errored("m", 1),
    "stop": msg.stop(),
}
_MISSING = object()


def _mutations() -> list[Any]:
    """Each message type's valid base with one field removed or set to each value of _VALUES."""
    out: list[Any] = []
    for base in _BASES.values():
        for field in [*base, "extra"]:
            for value in [_MISSING, *_VALUES]:
                if field == "type" and value is not _MISSING:
                    continue
                message = dict(base)
                if value is _MISSING:
                    message.pop(field, None)
                else:
                    message[field] = value
                out.append(message)
    return out


def test_message_problems_agrees_with_the_schemas_on_every_single_field_change():
    """For every message type, field and value (or its absence), the message module and the schema agree on validity."""
    disagreements = [m for m in _mutations() if (msg.message_problems(m) == []) != _schema_valid(m)]
    assert disagreements == []


@st.composite
def _messages(draw: st.DrawFn) -> Any:
    """A message-like value: usually a known type's valid base with up to three fields changed."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(_VALUES))
    kind = draw(st.sampled_from([*TYPES, "hello"]))
    base = dict(_BASES.get(kind, {"type": kind}))
    fields = st.sampled_from([*base, "extra"] if len(base) > 1 else list(_BASES["run"]))
    for field in draw(st.lists(fields, max_size=3, unique=True)):
        if field == "type" or draw(st.integers(0, 4)) == 0:
            base.pop(field, None)
        else:
            base[field] = draw(st.sampled_from(_VALUES))
    return base


@given(_messages())
def test_message_problems_agrees_with_the_schemas(message: Any):
    """A message has no problems exactly when it is valid under the schema of its type."""
    assert (msg.message_problems(message) == []) == _schema_valid(message)
