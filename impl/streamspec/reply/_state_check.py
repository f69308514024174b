"""The shape of a reducer state, checked whole before anything is built from it.

:meth:`~streamspec.Reducer.from_state` takes a state that may have been
stored, edited or forged; it builds nothing until this module has found no
problem. Rules:

1. The state is a JSON value: objects with string keys, arrays, strings,
   numbers, booleans and null, nested at most :data:`MAX_DEPTH` levels (the
   depth every JSON writer streamspec uses can write back).
2. ``format`` is ``"streamspec.reducer-state"`` and ``version`` the integer 1
   (not ``true``, not ``1.0``). When either is wrong nothing else is judged:
   another format or version may have other fields.
3. Every object has exactly the keys :meth:`~streamspec.Reducer.export_state`
   writes (``finished_reason`` and ``error`` of the reply only when the stream
   had them); each key has its JSON type; counts (``next_index``, token
   counts, ``chunks``, ``texts``) are non-negative integers; enums take their
   values only; base64 buffers are canonical base64.
4. ``reply_state`` is a state of the reply machine; each entity's ``state`` is
   a state of its machine that an instance reaches once started (not the
   machine's initial state), so a bogus name fails here, not in a later
   ``apply``.
5. Ids are unique where the reducer indexes them: a block per kind and id, a
   tool call per id, a tool result (streamed or external) per id.

Every problem is reported at once as ``message @ $.path``
(:class:`~streamspec.StateError`); values are quoted in messages cut to a
bounded length (:func:`~streamspec._quote.quoted`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from streamspec._errors import StateError
from streamspec._machines import COMPILED
from streamspec._quote import quoted
from streamspec._shapes import (
    BLOCKS_OR_TEXT,
    ERROR_INFO,
    PERMISSION_RULE,
    REPLY_FINISHED_REASONS,
    RESULT_STATES,
    ROLES,
    TOKEN_COUNT,
    TOOL_CALL_STATES,
    TOOL_RESULT_BLOCK,
    AnyOf,
    ArrayOf,
    Const,
    Model,
    Problems,
    Shape,
    Types,
    json_name,
    problem_text,
)
from streamspec.reply._content import decode_base64
from streamspec.reply._reducer import STATE_FORMAT

__all__ = ["MAX_DEPTH", "STATE_FORMAT", "check_state"]

#: How many arrays and objects a state may nest (orjson writes at most 254).
MAX_DEPTH: Final = 254

_JSON_SCALARS: Final = (str, int, float, bool, type(None))


def _key(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class _Exact(Model):
    """An object with exactly these keys: the required ones, plus any of ``optional``."""

    def __init__(
        self, name: str, fields: Mapping[str, Shape], optional: tuple[str, ...] = ()
    ) -> None:
        super().__init__(name, fields, [n for n in fields if n not in optional])

    def check(self, value: Any, path: str, out: Problems) -> None:
        super().check(value, path, out)
        if isinstance(value, dict):
            out.extend(
                (path, f"unknown field {quoted(name)}") for name in value if name not in self.fields
            )


class _StateName(Shape):
    """The name of a state of one machine; ``started`` leaves out its initial state."""

    json_types = frozenset({"string"})

    def __init__(self, machine: str, *, started: bool) -> None:
        spec = COMPILED[machine].spec
        self.machine = machine
        self.names = frozenset(
            s.name for s in spec.states if not (started and s.name == spec.initial)
        )
        self._wanted = ", ".join(sorted(self.names))

    def check(self, value: Any, path: str, out: Problems) -> None:
        if not isinstance(value, str):
            out.append((path, f"expected a {self.machine} state, got {json_name(value)}"))
        elif value not in self.names:
            out.append(
                (
                    path,
                    f"{quoted(value)} is not a state of the {self.machine} machine "
                    f"here; expected one of {self._wanted}",
                )
            )


class _Base64(Shape):
    """A string of canonical base64 (a data buffer as exported)."""

    json_types = frozenset({"string"})

    def check(self, value: Any, path: str, out: Problems) -> None:
        if not isinstance(value, str):
            out.append((path, f"expected string, got {json_name(value)}"))
        elif decode_base64(value) is None:
            out.append((path, "expected canonical base64"))


_STRING: Final = Types("string")
_OPTIONAL_STRING: Final = Types("string", "null")
_BOOLEAN: Final = Types("boolean")
_BASE64: Final = _Base64()
_BLOCK: Final = _StateName("block", started=True)

_USAGE: Final = _Exact(
    "usage",
    {
        "input_tokens": TOKEN_COUNT,
        "output_tokens": TOKEN_COUNT,
        "cache_input_tokens": TOKEN_COUNT,
        "cache_creation_input_tokens": TOKEN_COUNT,
    },
    optional=("cache_input_tokens", "cache_creation_input_tokens"),
)

_REPLY: Final = _Exact(
    "reply",
    {
        "id": _OPTIONAL_STRING,
        "name": _OPTIONAL_STRING,
        "role": AnyOf(ROLES, Types("null")),
        "created_at": _OPTIONAL_STRING,
        "finished_at": _OPTIONAL_STRING,
        "usage": AnyOf(_USAGE, Types("null")),
        "finished_reason": AnyOf(REPLY_FINISHED_REASONS, Types("null")),
        "error": AnyOf(ERROR_INFO, Types("null")),
    },
    optional=("finished_reason", "error"),
)

_TEXT: Final = {"id": _STRING, "state": _BLOCK, "text": _STRING}

#: ``entity -> its exported object``, one per kind of content the reducer keeps.
_ENTITIES: Final[Mapping[str, _Exact]] = {
    "text": _Exact("text", {"entity": Const("text"), **_TEXT}),
    "thinking": _Exact("thinking", {"entity": Const("thinking"), **_TEXT}),
    "data": _Exact(
        "data",
        {
            "entity": Const("data"),
            "id": _STRING,
            "state": _BLOCK,
            "media_type": _STRING,
            "name": _OPTIONAL_STRING,
            "data": _BASE64,
            "chunks": TOKEN_COUNT,
            "url": _OPTIONAL_STRING,
            "url_media_type": _STRING,
        },
    ),
    "hint": _Exact(
        "hint",
        {
            "entity": Const("hint"),
            "id": _STRING,
            "state": _BLOCK,
            "hint": BLOCKS_OR_TEXT,
            "source": _OPTIONAL_STRING,
        },
    ),
    "tool_call": _Exact(
        "tool_call",
        {
            "entity": Const("tool_call"),
            "id": _STRING,
            "name": _STRING,
            "state": _StateName("tool_call", started=True),
            "wire": TOOL_CALL_STATES,
            "input": _STRING,
            "suggested_rules": ArrayOf(PERMISSION_RULE),
        },
    ),
    "tool_result": _Exact(
        "tool_result",
        {
            "entity": Const("tool_result"),
            "id": _STRING,
            "name": _STRING,
            "state": _StateName("tool_result", started=True),
            "outcome": RESULT_STATES,
            "metadata": Types("object"),
            "texts": TOKEN_COUNT,
            "output": ArrayOf(
                AnyOf(
                    _Exact("result text", {"type": Const("text"), "id": _STRING, "text": _STRING}),
                    _Exact(
                        "result data",
                        {
                            "type": Const("data"),
                            "id": _STRING,
                            "media_type": _STRING,
                            "first": _OPTIONAL_STRING,
                            "data": AnyOf(_BASE64, Types("null")),
                            "chunks": TOKEN_COUNT,
                            "url": _OPTIONAL_STRING,
                        },
                    ),
                )
            ),
        },
    ),
    "external_result": _Exact(
        "external_result",
        {
            "entity": Const("external_result"),
            "state": _StateName("tool_result", started=True),
            "block": TOOL_RESULT_BLOCK,
        },
    ),
}
_KINDS: Final = ", ".join(sorted(_ENTITIES))


class _Entity(Shape):
    """One exported content entity, judged by the shape its ``entity`` names."""

    json_types = frozenset({"object"})

    def check(self, value: Any, path: str, out: Problems) -> None:
        if not isinstance(value, dict):
            out.append((path, f"expected object, got {json_name(value)}"))
            return
        kind = value.get("entity")
        shape = _ENTITIES.get(kind) if isinstance(kind, str) else None
        if shape is None:
            where = _key(path, "entity")
            if "entity" not in value:
                out.append((where, "required field missing"))
            else:
                out.append((where, f"expected one of {_KINDS}, got {_shown(kind)}"))
            return
        shape.check(value, path, out)


def _shown(value: Any) -> str:
    return quoted(value) if isinstance(value, str) else json_name(value)


_MESSAGE: Final = _Exact("message", {"reply": _REPLY, "content": ArrayOf(_Entity())})

_STATE: Final = _Exact(
    "reducer state",
    {
        "format": Const(STATE_FORMAT[0]),
        "version": Types("integer"),
        "next_index": TOKEN_COUNT,
        "strict": _BOOLEAN,
        "reply_state": _StateName("reply", started=False),
        "created_at_given": _BOOLEAN,
        "message": _MESSAGE,
    },
)


def _json_problems(state: Any, out: Problems) -> None:
    """Rule 1, without recursion: every value is JSON, and no deeper than :data:`MAX_DEPTH`."""
    stack: list[tuple[Any, str, int]] = [(state, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, _JSON_SCALARS):
            continue
        if not isinstance(value, dict | list | tuple):
            out.append((path, f"expected a JSON value, got {type(value).__name__}"))
            continue
        if depth >= MAX_DEPTH:
            out.append((path, f"nested deeper than {MAX_DEPTH} levels"))
            continue
        if isinstance(value, dict):
            for name, item in value.items():
                if not isinstance(name, str):
                    out.append((path, f"object key {quoted(name)} is not a string"))
                    continue
                stack.append((item, _key(path, name), depth + 1))
        else:
            stack.extend((item, _key(path, i), depth + 1) for i, item in enumerate(value))


def _version_problems(state: dict[str, Any], out: Problems) -> None:
    """Rule 2: the format tag and the version, judged first."""
    if "format" not in state:
        out.append(("format", "required field missing"))
    elif state["format"] != STATE_FORMAT[0] or not isinstance(state["format"], str):
        out.append(("format", f"expected {STATE_FORMAT[0]!r}, got {_shown(state['format'])}"))
    version = state.get("version")
    if "version" not in state:
        out.append(("version", "required field missing"))
    elif json_name(version) != "integer":
        out.append(("version", f"expected integer, got {json_name(version)}"))
    elif version != STATE_FORMAT[1]:
        out.append(("version", f"unsupported reducer state version {quoted(version)}; expected 1"))


def _duplicate_problems(content: list[Any], out: Problems) -> None:
    """Rule 5: one block per kind and id, one call per id, one result per id."""
    seen: set[tuple[str, str]] = set()
    for index, entity in enumerate(content):
        kind = entity["entity"]
        if kind == "external_result":
            where, key = f"message.content[{index}].block.id", ("result", entity["block"]["id"])
        else:
            group = "result" if kind == "tool_result" else kind
            where, key = f"message.content[{index}].id", (group, entity["id"])
        if key in seen:
            out.append((where, f"duplicate {kind} id {quoted(key[1])}"))
        seen.add(key)


def check_state(state: Any) -> None:
    """Raise :class:`~streamspec.StateError` unless ``state`` is a whole, valid reducer state."""
    out: Problems = []
    if not isinstance(state, dict):
        out.append(("", f"expected object, got {json_name(state)}"))
    else:
        _version_problems(state, out)
        if not out:
            _json_problems(state, out)
            _STATE.check(state, "", out)
            if not out:
                _duplicate_problems(state["message"]["content"], out)
    if out:
        raise StateError([problem_text(path, message) for path, message in out])
