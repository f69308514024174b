"""AgentScope's own event schema, recorded from its pydantic models, as a validator and a generator.

``tests/fixtures/agentscope/events-<version>.schema.json`` holds
``TypeAdapter(agentscope.event.AgentEvent).json_schema()`` of that release.

- :func:`agentscope_problems` checks one wire object against it: the event's
  own definition is picked by its ``type``, then validated as JSON Schema
  2020-12, plus the one rule the schema cannot say (data and tool-result data
  deltas carry exactly one of ``data`` and ``url``).
- :func:`wire_objects` draws objects the schema accepts, read from the
  schema alone (never from streamspec's classes), so tests can compare the
  two; :func:`mutated` breaks one place of such an object and says where.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import jsonschema
from hypothesis import strategies as st

FIXTURES = Path(__file__).parent / "fixtures" / "agentscope"
VERSIONS = ("2.0.11", "2.0.3")
_EXACTLY_ONE_SOURCE = ("DATA_BLOCK_DELTA", "TOOL_RESULT_DATA_DELTA")


@functools.cache
def recorded(version: str = "2.0.11") -> dict[str, Any]:
    """Return the recorded schema document of one AgentScope release."""
    return json.loads((FIXTURES / f"events-{version}.schema.json").read_text())


def _defs(version: str) -> dict[str, Any]:
    return recorded(version)["schema"]["$defs"]


@functools.cache
def definitions(version: str = "2.0.11") -> dict[str, dict[str, Any]]:
    """Return ``{wire type: the event's schema definition}``."""
    schema = recorded(version)["schema"]
    found = {}
    for ref in schema["anyOf"]:
        definition = schema["$defs"][ref["$ref"].rsplit("/", 1)[1]]
        found[definition["properties"]["type"]["const"]] = definition
    return found


@functools.cache
def _validators(version: str) -> dict[str, jsonschema.Draft202012Validator]:
    defs = _defs(version)
    return {
        wire_type: jsonschema.Draft202012Validator({"$defs": defs, **definition})
        for wire_type, definition in definitions(version).items()
    }


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


# ----------------------------------------------------------------- generation

#: URLs pydantic's ``AnyUrl`` accepts as they are.
URLS = ("https://example.com/a.png", "https://cdn.example.org/x?y=1", "file:///tmp/x")
_LEAVES = st.none() | st.booleans() | st.integers(-9, 9) | st.text(max_size=4)
_FREE = st.dictionaries(st.text(max_size=4), _LEAVES, max_size=2)


def _resolve(schema: dict[str, Any], version: str) -> dict[str, Any]:
    while "$ref" in schema:
        schema = _defs(version)[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def values(schema: dict[str, Any], version: str = "2.0.11") -> st.SearchStrategy[Any]:
    """Draw JSON values ``schema`` accepts (its ``$ref``\\ s read in ``version``'s definitions)."""
    schema = _resolve(schema, version)
    if "anyOf" in schema:
        return st.one_of(*(values(alt, version) for alt in schema["anyOf"]))
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if kind == "string":
        return st.sampled_from(URLS) if schema.get("format") == "uri" else st.text(max_size=6)
    if kind == "integer":
        return st.integers(0, 2**40)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        return st.lists(values(schema["items"], version), max_size=3)
    if kind == "object" and "properties" in schema:
        required = set(schema.get("required", ()))
        props = schema["properties"]
        return st.fixed_dictionaries(
            {k: values(v, version) for k, v in props.items() if k in required},
            optional={k: values(v, version) for k, v in props.items() if k not in required},
        )
    if kind == "object":
        return _FREE
    raise AssertionError(f"no generator for {schema}")


@st.composite
def wire_objects(
    draw: st.DrawFn, version: str = "2.0.11", types: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """Draw one event object that AgentScope ``version`` accepts, ``type`` always given."""
    wire_type = draw(st.sampled_from(sorted(types or definitions(version))))
    definition = definitions(version)[wire_type]
    obj: dict[str, Any] = {"type": wire_type, **draw(values(definition, version))}
    obj["type"] = wire_type
    sources = [k for k in ("data", "url") if k in definition["properties"]]
    if wire_type in _EXACTLY_ONE_SOURCE:
        given = draw(st.sampled_from(sources))
        if not isinstance(obj.get(given), str):
            obj[given] = draw(st.sampled_from(URLS) if given == "url" else st.text(max_size=6))
        for other in sources:
            if other != given:
                absent = draw(st.booleans()) or "null" not in _types(
                    definition["properties"][other], version
                )
                if absent:
                    obj.pop(other, None)
                else:
                    obj[other] = None
    return obj


# ------------------------------------------------------------------ mutation

JsonPath = tuple[str | int, ...]


def render(path: JsonPath) -> str:
    """Render a path as streamspec does: ``$.tool_calls[0].name``."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _types(schema: dict[str, Any], version: str) -> frozenset[str]:
    """The JSON types a value of ``schema`` may have."""
    schema = _resolve(schema, version)
    if "anyOf" in schema:
        return frozenset().union(*(_types(alt, version) for alt in schema["anyOf"]))
    if "type" in schema:
        return frozenset({schema["type"]})
    return frozenset({"string"})  # a bare enum of strings


class Site(NamedTuple):
    """One place in an object: its path, its schema, the chosen object branch, the value."""

    path: JsonPath
    schema: dict[str, Any]
    branch: dict[str, Any]
    value: Any
    #: The path of the nearest union member that names no ``type`` (problems inside it
    #: may be reported against another member), or None.
    ambiguous: JsonPath | None


def _accepts(schema: dict[str, Any], value: Any, version: str) -> bool:
    return jsonschema.Draft202012Validator({"$defs": _defs(version), **schema}).is_valid(value)


def sites(
    value: Any,
    schema: dict[str, Any],
    version: str = "2.0.11",
    path: JsonPath = (),
    ambiguous: JsonPath | None = None,
) -> Iterator[Site]:
    """Yield every place of a valid ``value`` with the schema that governs it."""
    schema = _resolve(schema, version)
    branch = schema
    if "anyOf" in schema:
        fitting = [_resolve(a, version) for a in schema["anyOf"] if _accepts(a, value, version)]
        branch = fitting[0]
        objects = [a for a in schema["anyOf"] if _types(a, version) == {"object"}]
        if len(objects) > 1 and isinstance(value, dict) and "type" not in value:
            ambiguous = path
        if "anyOf" in branch or "$ref" in branch:
            yield from sites(value, branch, version, path, ambiguous)
            return
    yield Site(path, schema, branch, value, ambiguous)
    if isinstance(value, dict) and "properties" in branch:
        for key, item in value.items():
            if key in branch["properties"] and not (path == () and key == "type"):
                yield from sites(item, branch["properties"][key], version, (*path, key), ambiguous)
    elif isinstance(value, list) and "items" in branch:
        for index, item in enumerate(value):
            yield from sites(item, branch["items"], version, (*path, index), ambiguous)


#: One value of each JSON type, for wrong-type mutations (no integral float: see
#: docs/differences-agentscope.md).
WRONG = {
    "string": "zz",
    "integer": 7,
    "number": 3.5,
    "boolean": True,
    "object": {"k": 1},
    "array": [1],
}
#: pydantic's lax mode turns these into the wanted type, so they are left out
#: when comparing with pydantic: ``{wanted type: JSON types that coerce}``.
LAX = {"integer": {"boolean"}, "boolean": {"integer", "number"}}
EXTRA_KEY = "x_extra"


class Mutation(NamedTuple):
    """A broken object and where it was broken."""

    obj: dict[str, Any]
    kind: str
    path: JsonPath
    #: The union member inside which the break is (None when unambiguous).
    ambiguous: JsonPath | None

    def describe(self) -> str:
        return f"{self.kind} at {render(self.path)}"


def _set(obj: Any, path: JsonPath, value: Any) -> None:
    for step in path[:-1]:
        obj = obj[step]
    obj[path[-1]] = value


def _candidates(obj: dict[str, Any], version: str, lax: bool) -> list[tuple[str, Site, Any]]:
    found: list[tuple[str, Site, Any]] = []
    for site in sites(obj, definitions(version)[obj["type"]], version):
        accepted = _types(site.schema, version)
        branch = site.branch
        if site.path:
            coercing = set().union(*(LAX.get(t, set()) for t in accepted)) if lax else set()
            for name, wrong in WRONG.items():
                if name not in accepted and name not in coercing:
                    found.append(("wrong_type", site, wrong))
            if "null" not in accepted:
                found.append(("null", site, None))
            if "enum" in branch or "const" in branch:
                found.append(("bad_enum", site, "zz_not_a_member"))
            if branch.get("minLength"):
                found.append(("empty", site, ""))
        if isinstance(site.value, dict) and "properties" in branch:
            for key in branch.get("required", ()):
                found.append(("drop", site, key))
            if EXTRA_KEY not in site.value:
                found.append(("extra", site, EXTRA_KEY))
    return found


@st.composite
def mutated(
    draw: st.DrawFn,
    obj: dict[str, Any],
    version: str = "2.0.11",
    lax: bool = False,
    deep: bool = False,
) -> Mutation:
    """Break one place of a valid ``obj``: drop a required key, a wrong JSON type, null where
    null is not allowed, a value outside an enum, an empty URL, or add an unknown key (which
    AgentScope accepts). With ``lax``, leave out values pydantic's lax mode would coerce; with
    ``deep``, break a nested object whenever the object has one."""
    candidates = _candidates(obj, version, lax)
    nested = [
        c for c in candidates if len(c[1].path) > 1 or (c[0] in ("drop", "extra") and c[1].path)
    ]
    if nested and (deep or draw(st.booleans())):
        candidates = nested
    kind = draw(st.sampled_from(sorted({c[0] for c in candidates})))
    options = [c for c in candidates if c[0] == kind]
    _, site, arg = draw(st.sampled_from(options))
    broken = copy.deepcopy(obj)
    if kind in ("drop", "extra"):
        target = broken
        for step in site.path:
            target = target[step]
        if kind == "drop":
            del target[arg]
        else:
            target[arg] = {"any": ["json"]}
        path = (*site.path, arg)
    else:
        _set(broken, site.path, arg)
        path = site.path
    ambiguous = site.ambiguous
    if ambiguous is not None and kind in ("wrong_type", "null") and path == ambiguous:
        ambiguous = None
    return Mutation(broken, kind, path, ambiguous)
