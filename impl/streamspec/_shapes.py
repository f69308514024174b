"""JSON shapes: exactly what AgentScope 2.0.11's models accept, as data.

A shape checks one JSON value and appends every problem it finds, each with
the path of the value at fault; it also renders itself as JSON Schema, so
tests compare it with the schema AgentScope's pydantic models give.

Rules:

1. JSON types are exact: a string is a ``str``, an integer an ``int`` that
   is not a ``bool``, an object a ``dict``, an array a ``list`` (or the
   ``tuple`` a batch is stored as). Nothing is coerced: ``"1"`` and ``1.0``
   are not integers, ``1`` and ``"true"`` are not booleans.
2. A model (an object with known fields) requires its required keys, checks
   each key it knows and ignores the others, as pydantic does. A missing key
   is reported at the key's own path (``... @ $.tool_calls[0].name``).
3. An enum accepts its values only, a constant its one value; null is a
   value only where the shape says so. A count (:data:`TOKEN_COUNT`) is a
   non-negative integer: AgentScope's ``int`` takes ``-5`` as a token count,
   streamspec does not (docs/differences-agentscope.md).
4. A union is valid when one alternative accepts the value. Otherwise it
   reports the problems of one alternative: the only one whose JSON type
   fits; among objects, the one whose ``type`` constant the value names; else
   the one with the fewest problems (ties: the one that knows more of the
   value's own keys, then the first).
5. :func:`problem_text` renders a problem as ``message @ $.path``, the form
   every streamspec error uses. A value a message quotes is cut to a bounded
   length (:func:`~streamspec._quote.quoted`); the path is never cut.

The nested objects of AgentScope's events (``ToolCallBlock``,
``PermissionRule``, ``ConfirmResult``, ``ToolResultBlock``, ``TextBlock``,
``DataBlock`` and its two sources, ``ErrorInfo``) and the enums of its event
fields are defined at the end of this module.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Mapping
from typing import Any, Final, TypeAlias

from streamspec._quote import quoted

__all__ = [
    "BLOCKS_OR_TEXT",
    "CONFIRM_RESULT",
    "ERROR_INFO",
    "ERROR_TYPES",
    "MODEL_FINISHED_REASONS",
    "PERMISSION_RULE",
    "REPLY_FINISHED_REASONS",
    "RESULT_STATES",
    "ROLES",
    "TOKEN_COUNT",
    "TOOL_CALL_BLOCK",
    "TOOL_CALL_STATES",
    "TOOL_RESULT_BLOCK",
    "AnyOf",
    "ArrayOf",
    "Const",
    "Count",
    "Enum",
    "Model",
    "NonEmptyString",
    "Problems",
    "Shape",
    "Types",
    "json_name",
    "problem_text",
]

#: ``(path, message)`` pairs; a path has no ``$.`` (``tool_calls[0].name``).
Problems: TypeAlias = list[tuple[str, str]]

_JSON_NAMES: Final[Mapping[type, str]] = {
    str: "string",
    int: "integer",
    bool: "boolean",
    dict: "object",
    list: "array",
}


def json_name(value: object) -> str:
    """Return the JSON type name of a Python value (``number`` for a float)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, float):
        return "number"
    name = _JSON_NAMES.get(type(value))
    if name is None:
        name = next(
            (n for t, n in _JSON_NAMES.items() if isinstance(value, t)), type(value).__name__
        )
    return name


def problem_text(path: str, message: str) -> str:
    """Render one problem as ``message @ $.path`` (``@ $`` for the root)."""
    return f"{message} @ $.{path}" if path else f"{message} @ $"


def _key(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class Shape(abc.ABC):
    """The shape of one JSON value; subclasses define :meth:`check`, and :meth:`schema` when
    they are written into a schema."""

    #: The JSON types a value of this shape may have.
    json_types: frozenset[str] = frozenset()

    @abc.abstractmethod
    def check(self, value: Any, path: str, out: Problems) -> None:
        """Append every problem of ``value`` (found at ``path``) to ``out``."""

    def schema(self) -> dict[str, Any]:
        """Return the JSON Schema (2020-12) of the shape (a shape that only checks has none)."""
        raise NotImplementedError

    def problems(self, value: Any, path: str = "") -> Problems:
        """Return every problem of ``value``."""
        out: Problems = []
        self.check(value, path, out)
        return out


class Types(Shape):
    """Any value of the given JSON types (``Types("string", "null")``)."""

    def __init__(self, *names: str) -> None:
        self.names = names
        self.json_types = frozenset(names)
        self._wanted = " or ".join(sorted(names))

    def check(self, value: Any, path: str, out: Problems) -> None:
        got = json_name(value)
        if got not in self.json_types:
            out.append((path, f"expected {self._wanted}, got {got}"))

    def schema(self) -> dict[str, Any]:
        if len(self.names) == 1:
            return {"type": self.names[0]}
        return {"anyOf": [{"type": name} for name in self.names]}


class NonEmptyString(Shape):
    """A string of at least one character (a URL source's ``url``)."""

    json_types = frozenset({"string"})

    def check(self, value: Any, path: str, out: Problems) -> None:
        got = json_name(value)
        if got != "string":
            out.append((path, f"expected string, got {got}"))
        elif not value:
            out.append((path, "expected a non-empty string"))

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "format": "uri"}


class Enum(Shape):
    """One of a fixed set of strings."""

    json_types = frozenset({"string"})

    def __init__(self, *values: str) -> None:
        self.values = values
        self._set = frozenset(values)
        self._wanted = ", ".join(sorted(values))

    def check(self, value: Any, path: str, out: Problems) -> None:
        if isinstance(value, str):
            if value not in self._set:
                out.append((path, f"expected one of {self._wanted}"))
        else:
            out.append((path, f"expected one of {self._wanted}, got {json_name(value)}"))

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.values), "type": "string"}


class Const(Enum):
    """Exactly one string (a nested object's ``type``)."""

    def __init__(self, value: str) -> None:
        super().__init__(value)
        self.value = value

    def check(self, value: Any, path: str, out: Problems) -> None:
        if value != self.value or not isinstance(value, str):
            out.append((path, f"expected '{self.value}', got {_shown(value)}"))

    def schema(self) -> dict[str, Any]:
        return {"const": self.value, "type": "string"}


def _shown(value: Any) -> str:
    return quoted(value) if isinstance(value, str) else json_name(value)


class Count(Shape):
    """A non-negative integer (a token count, a number of chunks)."""

    json_types = frozenset({"integer"})

    def check(self, value: Any, path: str, out: Problems) -> None:
        got = json_name(value)
        if got != "integer":
            out.append((path, f"expected integer, got {got}"))
        elif value < 0:
            out.append((path, f"expected a non-negative integer, got {quoted(value)}"))

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": 0}


class ArrayOf(Shape):
    """An array whose every item has one shape."""

    json_types = frozenset({"array"})

    def __init__(self, item: Shape) -> None:
        self.item = item

    def check(self, value: Any, path: str, out: Problems) -> None:
        if not isinstance(value, list | tuple):
            out.append((path, f"expected array, got {json_name(value)}"))
            return
        item = self.item
        for index, element in enumerate(value):
            item.check(element, f"{path}[{index}]", out)

    def schema(self) -> dict[str, Any]:
        return {"items": self.item.schema(), "type": "array"}


class Model(Shape):
    """An object with known fields; unknown keys are ignored."""

    json_types = frozenset({"object"})

    def __init__(
        self, name: str, fields: Mapping[str, Shape], required: Iterable[str] = ()
    ) -> None:
        self.name = name
        self.fields = dict(fields)
        self.required = tuple(required)
        unknown = set(self.required) - set(self.fields)
        if unknown:
            raise ValueError(f"{name}: required fields without a shape: {sorted(unknown)}")
        type_shape = self.fields.get("type")
        #: The value of the ``type`` constant, when the model has one.
        self.tag = type_shape.value if isinstance(type_shape, Const) else None

    def check(self, value: Any, path: str, out: Problems) -> None:
        if not isinstance(value, dict):
            out.append((path, f"expected object, got {json_name(value)}"))
            return
        for name in self.required:
            if name not in value:
                out.append((_key(path, name), "required field missing"))
        for name, shape in self.fields.items():
            if name in value:
                shape.check(value[name], _key(path, name), out)

    def schema(self) -> dict[str, Any]:
        return {
            "properties": {name: shape.schema() for name, shape in self.fields.items()},
            "required": list(self.required),
            "type": "object",
        }


def _known_keys(shape: Shape, value: Any) -> int:
    if isinstance(shape, Model) and isinstance(value, dict):
        return len(shape.fields.keys() & value.keys())
    return 0


class AnyOf(Shape):
    """A value any one of the alternatives accepts (see rule 4 for what is reported)."""

    def __init__(self, *alternatives: Shape) -> None:
        self.alternatives = alternatives
        self.json_types = frozenset().union(*(a.json_types for a in alternatives))
        self._wanted = " or ".join(sorted(self.json_types))

    def check(self, value: Any, path: str, out: Problems) -> None:
        got = json_name(value)
        fitting = [a for a in self.alternatives if got in a.json_types]
        if not fitting:
            out.append((path, f"expected {self._wanted}, got {got}"))
            return
        if len(fitting) > 1 and isinstance(value, dict) and "type" in value:
            tags = {a.tag: a for a in fitting if isinstance(a, Model) and a.tag is not None}
            if len(tags) == len(fitting):
                tag = value["type"]
                named = tags.get(tag) if isinstance(tag, str) else None
                if named is None:
                    wanted = ", ".join(sorted(t for t in tags if t is not None))
                    shown = "" if isinstance(tag, str) else f", got {json_name(tag)}"
                    out.append((_key(path, "type"), f"expected one of {wanted}{shown}"))
                    return
                fitting = [named]
        ranked: list[tuple[tuple[int, int], Problems]] = []
        for alternative in fitting:
            found = alternative.problems(value, path)
            if not found:
                return
            ranked.append(((len(found), -_known_keys(alternative, value)), found))
        out.extend(min(ranked, key=lambda item: item[0])[1])

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [a.schema() for a in self.alternatives]}


# ------------------------------------------------------------ AgentScope 2.0.11

_STRING: Final = Types("string")
_OPTIONAL_STRING: Final = Types("string", "null")
_OBJECT: Final = Types("object")

#: A token count (``ModelCallEndEvent.input_tokens`` and the others): never negative.
TOKEN_COUNT: Final = Count()

#: ``ReplyStartEvent.role``.
ROLES: Final = Enum("user", "assistant", "system")
#: ``ReplyEndEvent.finished_reason`` (``ReplyFinishedReason``).
REPLY_FINISHED_REASONS: Final = Enum("completed", "interrupted", "exceed_max_iters", "error")
#: ``ModelCallEndEvent.finished_reason`` (``FinishedReason``).
MODEL_FINISHED_REASONS: Final = Enum("interrupted", "completed")
#: ``ToolResultState``: a tool result's state.
RESULT_STATES: Final = Enum("success", "error", "interrupted", "denied", "running")
#: ``ToolCallState``: a tool call's state.
TOOL_CALL_STATES: Final = Enum("pending", "asking", "allowed", "submitted", "finished")
#: ``ErrorType``: an error's classification.
ERROR_TYPES: Final = Enum(
    "authentication",
    "permission",
    "rate_limit",
    "invalid_request",
    "upstream",
    "connection",
    "internal",
    "setup",
    "unknown",
)

#: ``ErrorInfo``: why a reply ended in error.
ERROR_INFO: Final = Model(
    "ErrorInfo", {"type": ERROR_TYPES, "message": _STRING}, required=("message",)
)

#: ``PermissionRule``: every field is required; ``rule_content`` may be null.
PERMISSION_RULE: Final = Model(
    "PermissionRule",
    {
        "tool_name": _STRING,
        "rule_content": _OPTIONAL_STRING,
        "behavior": Enum("allow", "deny", "ask", "passthrough"),
        "source": _STRING,
    },
    required=("tool_name", "rule_content", "behavior", "source"),
)

#: ``ToolCallBlock``: a tool call as the batch events carry it.
TOOL_CALL_BLOCK: Final = Model(
    "ToolCallBlock",
    {
        "type": Const("tool_call"),
        "id": _STRING,
        "name": _STRING,
        "input": _STRING,
        "state": TOOL_CALL_STATES,
        "suggested_rules": ArrayOf(PERMISSION_RULE),
        "created_at": _STRING,
        "finished_at": _OPTIONAL_STRING,
    },
    required=("id", "name", "input"),
)

#: ``ConfirmResult``: the user's answer for one call.
CONFIRM_RESULT: Final = Model(
    "ConfirmResult",
    {
        "confirmed": Types("boolean"),
        "tool_call": TOOL_CALL_BLOCK,
        "rules": AnyOf(ArrayOf(PERMISSION_RULE), Types("null")),
    },
    required=("confirmed", "tool_call"),
)

_TEXT_BLOCK: Final = Model(
    "TextBlock",
    {
        "type": Const("text"),
        "text": _STRING,
        "id": _STRING,
        "created_at": _STRING,
        "finished_at": _OPTIONAL_STRING,
    },
    required=("text",),
)

_SOURCE: Final = AnyOf(
    Model(
        "Base64Source",
        {"type": Const("base64"), "data": _STRING, "media_type": _STRING},
        required=("data", "media_type"),
    ),
    Model(
        "URLSource",
        {"type": Const("url"), "url": NonEmptyString(), "media_type": _STRING},
        required=("url", "media_type"),
    ),
)

_DATA_BLOCK: Final = Model(
    "DataBlock",
    {
        "type": Const("data"),
        "id": _STRING,
        "source": _SOURCE,
        "name": _OPTIONAL_STRING,
        "created_at": _STRING,
        "finished_at": _OPTIONAL_STRING,
    },
    required=("source",),
)

#: A hint's or a tool result's content: a string or a list of text and data blocks.
BLOCKS_OR_TEXT: Final = AnyOf(_STRING, ArrayOf(AnyOf(_TEXT_BLOCK, _DATA_BLOCK)))

#: ``ToolResultBlock``: a complete tool result from an external executor.
TOOL_RESULT_BLOCK: Final = Model(
    "ToolResultBlock",
    {
        "type": Const("tool_result"),
        "id": _STRING,
        "name": _STRING,
        "output": BLOCKS_OR_TEXT,
        "state": RESULT_STATES,
        "metadata": _OBJECT,
        "created_at": _STRING,
        "finished_at": _OPTIONAL_STRING,
    },
    required=("id", "name", "output"),
)
