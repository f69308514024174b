"""spec/schema/message.schema.json: fresh, and true of every message the reducer dumps."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from streamspec import Reducer
from streamspec._events import AgentEvent
from streamspec._resources import spec_dir
from streamspec.reply._message_schema import main, message_schema
from streamspec.testing import any_events, legal_streams, unknown_events, with_wrong_reply_id

SCHEMA_PATH = spec_dir() / "schema" / "message.schema.json"
VECTORS = spec_dir() / "vectors" / "reduce"


def _validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


VALIDATOR = _validator()


def _errors(message: Any) -> list[str]:
    return sorted(f"{e.json_path}: {e.message}" for e in VALIDATOR.iter_errors(message))


def test_schema_is_fresh() -> None:
    """`python -m streamspec.reply._message_schema --check` finds the file up to date."""
    assert main(["--check"]) == 0


def test_schema_is_2020_12_with_a_def_per_block_kind() -> None:
    """The file is a 2020-12 schema with one `$defs` entry per content block kind."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema == message_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    kinds = {"text", "thinking", "data", "hint", "tool_call", "tool_result"}
    assert kinds <= set(schema["$defs"])
    for kind in kinds:
        assert schema["$defs"][kind]["properties"]["type"] == {"const": kind}
    external = schema["$defs"]["tool_result_external"]["properties"]["type"]
    assert external == {"const": "tool_result"}


# ------------------------------------------------------------ reducer dumps


def _vector_messages() -> Iterator[tuple[str, Any]]:
    """Every expected message of every reduce vector, `.json` and `.jsonl` alike."""
    for path in sorted(VECTORS.rglob("*.json")):
        yield from _messages_of(path.relative_to(VECTORS), json.loads(path.read_text("utf-8")))
    for path in sorted(VECTORS.rglob("*.jsonl")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if line.strip():
                where = f"{path.relative_to(VECTORS)}:{number}"
                yield from _messages_of(where, json.loads(line))


def _messages_of(where: Path | str, vector: Any) -> Iterator[tuple[str, Any]]:
    expected = vector["expected"]
    yield (f"{where} message", expected["message"])
    for index, message in enumerate(expected.get("after_each", ())):
        yield (f"{where} after_each[{index}]", message)


VECTOR_MESSAGES = list(_vector_messages())


def test_vectors_hold_messages() -> None:
    """The reduce vectors hold expected messages to check (seed 000 alone pins 39 dumps)."""
    assert len(VECTOR_MESSAGES) > 40


@pytest.mark.parametrize(("where", "message"), VECTOR_MESSAGES, ids=[w for w, _ in VECTOR_MESSAGES])
def test_every_vector_message_validates(where: str, message: Any) -> None:
    """Each expected message (final and after each event) of each reduce vector validates."""
    assert _errors(message) == [], where


_INTRUDERS = st.one_of(any_events(), unknown_events(), any_events().map(with_wrong_reply_id))


@st.composite
def _streams(draw: st.DrawFn) -> list[AgentEvent]:
    """A legal stream with illegal, foreign and unknown events put in anywhere, or random events."""
    if draw(st.booleans()):
        return draw(st.lists(_INTRUDERS, max_size=30))
    events: list[AgentEvent] = list(draw(legal_streams()))
    for _ in range(draw(st.integers(0, 6))):
        events.insert(draw(st.integers(0, len(events))), draw(_INTRUDERS))
    return events


@given(events=_streams(), adopt=st.booleans())
def test_every_dump_over_generated_streams_validates(events: list[AgentEvent], adopt: bool) -> None:
    """After every event of a generated stream, legal or not, the reducer's dump validates."""
    reducer = Reducer() if adopt else Reducer(reply_id="r1", name="a", role="user")
    assert _errors(reducer.to_dict()) == []
    for index, event in enumerate(events):
        reducer.apply(event)
        assert _errors(reducer.to_dict()) == [], f"after event {index}: {event!r}"


# ---------------------------------------------------------- invalid messages


def _valid() -> dict[str, Any]:
    """The final message of seed 000: every block kind but hint, a URL and an external result."""
    path = VECTORS / "must" / "seed000.json"
    message: dict[str, Any] = json.loads(path.read_text("utf-8"))["expected"]["message"]
    message["content"].append({"type": "hint", "id": "h", "hint": "look", "source": None})
    return message


def _block(message: dict[str, Any], kind: str) -> dict[str, Any]:
    block: dict[str, Any] = next(b for b in message["content"] if b["type"] == kind)
    return block


BREAKAGES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "unknown block kind": (
        lambda m: m["content"].append({"type": "image", "id": "x"}),
        "$.content[11]",
    ),
    "extra key on a text block": (
        lambda m: _block(m, "text").update(created_at="2026-01-01T00:00:00"),
        "$.content[0]",
    ),
    "tool call in a result state": (
        lambda m: _block(m, "tool_call").update(state="running"),
        "$.content[3]",
    ),
    "tool result in a call state": (
        lambda m: _block(m, "tool_result").update(state="pending"),
        "$.content[4]",
    ),
    "usage without output tokens": (lambda m: m["usage"].pop("output_tokens"), "$.usage"),
    "usage with a foreign count": (lambda m: m["usage"].update(reasoning_tokens=1), "$.usage"),
    "data block bytes not base64": (
        lambda m: _block(m, "data")["source"].update(data="x"),
        "$.content[2]",
    ),
    "missing content": (lambda m: m.pop("content"), "$"),
    "a field AgentScope 2.0.11 adds": (lambda m: m.update(structured_output=None), "$"),
    "role outside Msg's roles": (lambda m: m.update(role="tool"), "$.role"),
    "tool result output an object": (
        lambda m: _block(m, "tool_result").update(output={"text": "x"}),
        "$.content[4]",
    ),
    "result sub-block text not a string": (
        lambda m: _block(m, "tool_result")["output"][0].update(text=3),
        "$.content[4]",
    ),
    "extra key on a tool result": (
        lambda m: _block(m, "tool_result").update(created_at="2026-01-01T00:00:00"),
        "$.content[4]",
    ),
}


def test_unbroken_message_validates() -> None:
    """The message the breakages start from is itself valid, so each rejection is the breakage's."""
    assert _errors(_valid()) == []


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_broken_message_is_rejected(name: str) -> None:
    """A message broken in one place is rejected, and the error points at that place."""
    message = copy.deepcopy(_valid())
    breakage, path = BREAKAGES[name]
    breakage(message)
    errors = _errors(message)
    assert errors, name
    assert any(e.startswith((f"{path}:", f"{path}.")) for e in errors), errors
