"""AgentScope's own event schema, recorded from its pydantic models, as a validator.

``tests/fixtures/agentscope/events-<version>.schema.json`` holds
``TypeAdapter(agentscope.event.AgentEvent).json_schema()`` of that release.
:func:`agentscope_problems` checks one wire object against it: the event's
own definition is picked by its ``type``, then validated as JSON Schema
2020-12, plus the one rule the schema cannot say (data and tool-result data
deltas carry exactly one of ``data`` and ``url``).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import jsonschema

FIXTURES = Path(__file__).parent / "fixtures" / "agentscope"
VERSIONS = ("2.0.11", "2.0.3")
_EXACTLY_ONE_SOURCE = ("DATA_BLOCK_DELTA", "TOOL_RESULT_DATA_DELTA")


@functools.cache
def recorded(version: str = "2.0.11") -> dict[str, Any]:
    """Return the recorded schema document of one AgentScope release."""
    return json.loads((FIXTURES / f"events-{version}.schema.json").read_text())


@functools.cache
def _validators(version: str) -> dict[str, jsonschema.Draft202012Validator]:
    schema = recorded(version)["schema"]
    validators = {}
    for ref in schema["anyOf"]:
        name = ref["$ref"].rsplit("/", 1)[1]
        definition = schema["$defs"][name]
        wire_type = definition["properties"]["type"]["const"]
        validators[wire_type] = jsonschema.Draft202012Validator(
            {"$defs": schema["$defs"], **definition}
        )
    return validators


def event_types(version: str = "2.0.11") -> frozenset[str]:
    """Return every wire ``type`` the release knows."""
    return frozenset(_validators(version))


def agentscope_problems(obj: Any, version: str = "2.0.11") -> list[str]:
    """Return why AgentScope ``version`` would reject ``obj`` (empty when it accepts it)."""
    if not isinstance(obj, dict):
        return ["not an object"]
    validator = _validators(version).get(obj.get("type"))
    if validator is None:
        return [f"unknown type {obj.get('type')!r}"]
    problems = [
        f"{error.message} @ {error.json_path}"
        for error in sorted(validator.iter_errors(obj), key=lambda e: list(e.path))
    ]
    if obj["type"] in _EXACTLY_ONE_SOURCE and (obj.get("data") is None) == (obj.get("url") is None):
        problems.append("exactly one of data and url must be given @ $")
    return problems
