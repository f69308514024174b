"""Every AgentScope event in every conformance vector is valid AgentScope 2.0.11 wire JSON, unless tagged.

An *AgentScope event* is any JSON object in a vector whose ``type`` is one of
AgentScope 2.0.11's event types, found anywhere: in arrays of events, in
input lines held as strings (parsed when they hold a JSON object), and in
envelope form (``{"version": 1, "type": "text_block_delta", "payload": …}``
carries the event ``{"type": "TEXT_BLOCK_DELTA", …payload}``). A vector or
case whose ``tags`` hold ``"invalid-field"`` is exempt, with everything in
it; such a tag must be earned: the vector holds at least one invalid event.

A vector or case that reads a provider source (``source`` or ``from``
``openai_chat``, ``agui`` …) holds that provider's wire records, not
AgentScope's (an AG-UI ``TOOL_CALL_START`` is AG-UI JSON): its ``input`` is
left to the provider's own tests, and so is the payload of a record it kept
(an envelope typed ``<source>/<wire type>``). What it expects is still checked.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from agentscope_schema import agentscope_problems, event_types
from streamspec._resources import spec_dir
from streamspec.sources import PROVIDER_SOURCES

ROOT = spec_dir() / "vectors"
FILES = sorted(p for p in ROOT.rglob("*") if p.suffix in (".json", ".jsonl"))
TYPES = event_types("2.0.11")
INVALID_FIELD = "invalid-field"
PROVIDERS = {source.name for source in PROVIDER_SOURCES}


class Found(NamedTuple):
    """One AgentScope event found in a vector."""

    path: str
    event: dict[str, Any]
    exempt: bool


def _kept_provider_record(value: dict[str, Any]) -> bool:
    type_ = value.get("type")
    return (
        value.get("version") == 1 and isinstance(type_, str) and type_.split("/", 1)[0] in PROVIDERS
    )


def _envelope_event(value: dict[str, Any]) -> dict[str, Any] | None:
    type_, payload = value.get("type"), value.get("payload")
    if (
        value.get("version") == 1
        and isinstance(type_, str)
        and type_ == type_.lower()
        and type_.upper() in TYPES
        and isinstance(payload, dict)
    ):
        return {"type": type_.upper(), **payload}
    return None


def events_in(value: Any, path: str = "$", exempt: bool = False) -> Iterator[Found]:
    """Yield every AgentScope event inside ``value``, with its path and whether it is exempt."""
    if isinstance(value, dict):
        if _kept_provider_record(value):
            return
        tags = value.get("tags")
        exempt = exempt or (isinstance(tags, list) and INVALID_FIELD in tags)
        if {str(value.get("source")), str(value.get("from"))} & PROVIDERS:
            value = {key: item for key, item in value.items() if key != "input"}
        if value.get("type") in TYPES:
            yield Found(path, value, exempt)
        wrapped = _envelope_event(value)
        if wrapped is not None:
            yield Found(f"{path}(envelope)", wrapped, exempt)
        for key, item in value.items():
            yield from events_in(item, f"{path}.{key}", exempt)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from events_in(item, f"{path}[{index}]", exempt)
    elif isinstance(value, str) and value.lstrip().startswith("{"):
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError:
            return
        yield from events_in(parsed, f"{path}(line)", exempt)


def vectors_in(path: Path) -> list[tuple[str, Any]]:
    """Return ``(where, vector)`` for a file: the whole JSON file, or each line of a JSONL file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return [("", json.loads(text))]
    return [
        (f"line {number}: ", json.loads(line))
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]


def _problems(path: Path) -> list[str]:
    out = []
    for where, vector in vectors_in(path):
        for found in events_in(vector):
            if not found.exempt:
                out += [f"{where}{found.path}: {p}" for p in agentscope_problems(found.event)]
    return out


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_agentscope_event_is_valid(path: Path) -> None:
    """Each AgentScope event of the file that is not tagged invalid-field passes AgentScope 2.0.11's schema."""
    assert _problems(path) == []


def _tagged(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        tags = value.get("tags")
        if isinstance(tags, list) and INVALID_FIELD in tags:
            yield value
            return
        for item in value.values():
            yield from _tagged(item)
    elif isinstance(value, list):
        for item in value:
            yield from _tagged(item)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_invalid_field_tags_are_earned(path: Path) -> None:
    """A vector or case tagged invalid-field holds at least one AgentScope event AgentScope would reject."""
    for _, vector in vectors_in(path):
        for tagged in _tagged(vector):
            found = list(events_in(tagged))
            assert any(agentscope_problems(f.event) for f in found), tagged.get("description")


def test_the_finder_sees_nested_line_and_envelope_events() -> None:
    """events_in finds an invalid event in an array, inside an input line string and in envelope form."""
    vector = {
        "events": [{"type": "TEXT_BLOCK_DELTA", "reply_id": "r", "block_id": "b", "delta": 5}],
        "input": ['{"type":"MODEL_CALL_END","reply_id":"r","finished_reason":null}', "not json"],
        "expected": {
            "envelope": {"version": 1, "type": "text_block_start", "payload": {"reply_id": "r"}}
        },
    }
    found = list(events_in(vector))
    assert [f.path for f in found] == [
        "$.events[0]",
        "$.input[0](line)",
        "$.expected.envelope(envelope)",
    ]
    assert all(agentscope_problems(f.event) for f in found)
    assert not any(f.exempt for f in found)


def test_a_tag_exempts_its_vector_or_case_only() -> None:
    """A case tagged invalid-field exempts its own events and no other case's."""
    bad = {"type": "TEXT_BLOCK_DELTA", "reply_id": "r", "block_id": "b", "delta": 5}
    document = {"cases": [{"tags": [INVALID_FIELD], "input": [bad]}, {"input": [dict(bad)]}]}
    found = list(events_in(document))
    assert [(f.path, f.exempt) for f in found] == [
        ("$.cases[0].input[0]", True),
        ("$.cases[1].input[0]", False),
    ]
