"""spec/README.md §1: an object is a valid event iff its payload schema accepts it.

The expectation comes from AgentScope's own schema, recorded from its pydantic
models (tests/fixtures/agentscope), not from the shipped payload schemas.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema
from agentscope_schema import agentscope_problems, mutated, wire_objects
from hypothesis import given, settings
from hypothesis import strategies as st
from streamspec._resources import spec_dir


@cache
def _payload_validator(wire_type: str) -> jsonschema.Draft202012Validator:
    path = spec_dir() / "schema" / "payloads" / f"{wire_type.lower()}.schema.json"
    return jsonschema.Draft202012Validator(json.loads(path.read_text()))


def _shipped_rejects(obj: dict[str, Any]) -> bool:
    payload = {k: v for k, v in obj.items() if k != "type"}
    return any(True for _ in _payload_validator(obj["type"]).iter_errors(payload))


@settings(max_examples=300)
@given(data=st.data())
def test_shipped_payload_schemas_judge_like_agentscope(data: st.DataObject) -> None:
    """A valid object, or one broken in one place, is rejected by its shipped payload schema
    exactly when AgentScope 2.0.11's recorded schema rejects it (data/url rule included)."""
    obj = data.draw(wire_objects(), label="valid")
    assert not _shipped_rejects(obj)
    broken = data.draw(mutated(obj, deep=data.draw(st.booleans())), label="mutation").obj
    problems = agentscope_problems(broken)
    assert _shipped_rejects(broken) == bool(problems), problems


def test_data_and_url_are_exclusive_in_the_shipped_schemas() -> None:
    """A data delta with both data and url, or with neither, breaks its payload schema."""
    base = {"type": "DATA_BLOCK_DELTA", "reply_id": "r", "block_id": "d", "media_type": "m"}
    assert not _shipped_rejects({**base, "data": "YQ=="})
    assert not _shipped_rejects({**base, "url": "https://example.com", "data": None})
    assert _shipped_rejects({**base, "data": "YQ==", "url": "https://example.com"})
    assert _shipped_rejects(base)
    assert _shipped_rejects({**base, "data": None, "url": None})
