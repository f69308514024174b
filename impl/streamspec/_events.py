"""The event model: one frozen class per AgentScope reply event.

Every event is a frozen, slotted, keyword-only attrs class named after the
wire's own class. ``TYPE`` is the wire discriminator (``TEXT_BLOCK_DELTA``) and
``KIND`` the lower-case name the machines and vectors use.

Fields that AgentScope defaults (``id``, ``created_at``, ``metadata``,
``role``, cache tokens, ``finished_reason``, ``error``, ``text``,
``url``/``data``, a data block's ``name``, a hint's ``source``, a custom
event's ``value``, the tool-result data ``block_id``) default to
:data:`ABSENT`; ``None`` means
JSON ``null``. An event therefore holds exactly the keys it was given, and
encoding writes exactly those keys. Keys outside the model are kept in
``extra`` and written back after the known ones.

Construction checks that every field has exactly the shape AgentScope
2.0.11's models accept (:mod:`streamspec._shapes`): JSON types, nullability,
enum values (``role``, ``finished_reason``, a tool result's ``state``) and
the nested objects (batch items, ``suggested_rules``, a hint's blocks,
``error``), plus the rules over several fields a class declares in
:attr:`Event.RULES` (data xor url). Nested objects stay raw JSON (keys
outside AgentScope's model included); content (base64, ids that exist, which
state may follow which) is the reducer's business.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Final, Literal, NamedTuple, TypeAlias, TypeVar, Union

import attrs

from streamspec._shapes import (
    BLOCKS_OR_TEXT,
    CONFIRM_RESULT,
    ERROR_INFO,
    MODEL_FINISHED_REASONS,
    REPLY_FINISHED_REASONS,
    RESULT_STATES,
    ROLES,
    TOKEN_COUNT,
    TOOL_CALL_BLOCK,
    TOOL_RESULT_BLOCK,
    AnyOf,
    ArrayOf,
    Shape,
    Types,
    json_name,
    problem_text,
)

__all__ = [
    "ABSENT",
    "EVENT_CLASSES",
    "AbsentType",
    "AgentEvent",
    "CustomEvent",
    "DataBlockDeltaEvent",
    "DataBlockEndEvent",
    "DataBlockStartEvent",
    "Event",
    "ExceedMaxItersEvent",
    "ExternalExecutionResultEvent",
    "FieldProblem",
    "HintBlockEvent",
    "ModelCallEndEvent",
    "ModelCallStartEvent",
    "ReplyEndEvent",
    "ReplyStartEvent",
    "RequireExternalExecutionEvent",
    "RequireUserConfirmEvent",
    "TextBlockDeltaEvent",
    "TextBlockEndEvent",
    "TextBlockStartEvent",
    "ThinkingBlockDeltaEvent",
    "ThinkingBlockEndEvent",
    "ThinkingBlockStartEvent",
    "ToolCallDeltaEvent",
    "ToolCallEndEvent",
    "ToolCallStartEvent",
    "ToolResultDataDeltaEvent",
    "ToolResultEndEvent",
    "ToolResultStartEvent",
    "ToolResultTextDeltaEvent",
    "UnknownEvent",
    "UserConfirmResultEvent",
    "UserInterruptEvent",
    "is_given",
]


class AbsentType(enum.Enum):
    """The type of :data:`ABSENT`."""

    ABSENT = "ABSENT"

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


#: The value of an optional field whose key the event does not have.
ABSENT: Final = AbsentType.ABSENT

T = TypeVar("T")
Opt: TypeAlias = Union[T, Literal[AbsentType.ABSENT]]  # noqa: UP007
JsonObject: TypeAlias = dict[str, Any]


#: The ``extra`` of an event whose object had no keys outside the model.
NO_EXTRA: Final[Mapping[str, Any]] = MappingProxyType({})


def is_given(value: object) -> bool:
    """Whether an optional field holds a value (neither ABSENT nor null)."""
    return value is not ABSENT and value is not None


class FieldProblem(TypeError):
    """A field of an event has the wrong shape.

    Attributes:
        field: the path of the first problem (``tool_calls[0].name``).
        message: the first problem.
        problems: every ``(path, message)`` found, the first included.
    """

    def __init__(self, field: str, message: str, more: Sequence[tuple[str, str]] = ()) -> None:
        self.field = field
        self.message = message
        self.problems: tuple[tuple[str, str], ...] = ((field, message), *more)
        super().__init__("; ".join(problem_text(path, text) for path, text in self.problems))


#: The Python class each JSON type reads as, for the exact-class fast check.
EXACT_CLASSES: Final[Mapping[str, type]] = {
    "string": str,
    "integer": int,
    "boolean": bool,
    "object": dict,
    "array": list,
    "null": type(None),
}


_json_name: Final = json_name


def _plain(value: Any) -> Any:
    """Turn a str enum member (``ToolResultState.SUCCESS``) into its plain value."""
    return str(value) if isinstance(value, str) and type(value) is not str else value


Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]
#: A rule over several fields (:func:`field_rule`): their names, a check of their values
#: that raises :class:`FieldProblem`, and the rule as the Python expression over ``{name}``
#: placeholders (``ABSENT`` in scope) that the check runs and generated code inlines.
FieldRule: TypeAlias = tuple[tuple[str, ...], Callable[..., None], str]


def _check(*json_types: str, optional: bool = False) -> Validator:
    """A validator that accepts the given JSON types (and ABSENT when optional)."""
    accepted = frozenset(json_types)
    exact = frozenset(EXACT_CLASSES[name] for name in json_types if name in EXACT_CLASSES)

    def validate(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value.__class__ in exact or (value is ABSENT and optional):
            return
        if value is ABSENT:
            raise FieldProblem(attribute.name, "required field missing")
        name = _json_name(value)
        if name not in accepted and not (name == "array" and "array" in accepted):
            wanted = " or ".join(sorted(accepted))
            raise FieldProblem(attribute.name, f"expected {wanted}, got {name}")

    return validate


def _shaped_validator(shape: Shape, optional: bool) -> Validator:
    """A validator that reports every problem ``shape`` finds, each with its path."""

    def validate(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value is ABSENT:
            if optional:
                return
            raise FieldProblem(attribute.name, "required field missing")
        found = shape.problems(value, attribute.name)
        if found:
            (field, message), *more = found
            raise FieldProblem(field, message, more)

    return validate


def _tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _req(*json_types: str) -> Any:
    """A required field of plain JSON types (checked by exact class first: the hot path)."""
    return attrs.field(
        validator=_check(*json_types),
        metadata={"json": json_types, "shape": Types(*json_types)},
    )


def _opt(*json_types: str) -> Any:
    """An optional field of plain JSON types; ABSENT when the key is missing."""
    return attrs.field(
        default=ABSENT,
        validator=_check(*json_types, optional=True),
        metadata={"json": json_types, "optional": True, "shape": Types(*json_types)},
    )


def _shaped(shape: Shape, *json_types: str, optional: bool = False, enum: bool = False) -> Any:
    """A field checked against a full shape; ``json_types`` are its top-level JSON types."""
    metadata: dict[str, Any] = {"json": json_types, "shape": shape}
    if optional:
        metadata["optional"] = True
    return attrs.field(
        default=ABSENT if optional else attrs.NOTHING,
        validator=_shaped_validator(shape, optional),
        converter=_plain if enum else None,
        metadata=metadata,
    )


def _batch(item: Shape) -> Any:
    """A batch: an array of nested objects, stored as a tuple (``spec/routing.json`` names the
    key of each item's call)."""
    return attrs.field(
        converter=_tuple,
        validator=_shaped_validator(ArrayOf(item), optional=False),
        metadata={"json": ("array",), "shape": ArrayOf(item)},
    )


@attrs.frozen(kw_only=True, eq=False, repr=False)
class Event:
    """Fields every AgentScope event has; don't instantiate this directly.

    Equality and ``repr`` are attrs' (every field compared, ``extra`` too;
    every field but ``extra`` shown), written once here for every event class
    instead of generated for each at import. Events are not hashable: their
    ``extra`` and ``metadata`` are mappings.
    """

    TYPE: ClassVar[str] = ""
    KIND: ClassVar[str] = ""
    #: Rules over several fields, checked once every field is (see :func:`rules_hold`).
    RULES: ClassVar[tuple[FieldRule, ...]] = ()

    id: Opt[str] = _opt("string")
    created_at: Opt[str] = _opt("string")
    metadata: Opt[JsonObject] = _opt("object")
    extra: Mapping[str, Any] = attrs.field(
        default=NO_EXTRA, repr=False, metadata={"internal": True}
    )

    @property
    def type(self) -> str:
        """The wire discriminator, as AgentScope's ``event.type``."""
        return self.TYPE

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        values = _views(self.__class__).compared
        return bool(values(self) == values(other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = _views(self.__class__).shown
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({fields})"


class _Views(NamedTuple):
    """What an event class compares (a getter of a tuple) and what its ``repr`` shows."""

    compared: Callable[[Any], tuple[Any, ...]]
    shown: tuple[str, ...]


_VIEWS: dict[type[Any], _Views] = {}


def _views(cls: type[Any]) -> _Views:
    """The :class:`_Views` of an event class, made on its first use."""
    views = _VIEWS.get(cls)
    if views is None:
        fields = attrs.fields(cls)
        compared = operator.attrgetter(*(field.name for field in fields if field.eq))
        shown = tuple(field.name for field in fields if field.repr)
        views = _VIEWS[cls] = _Views(compared, shown)
    return views


@attrs.frozen(kw_only=True)
class UnknownEvent:
    """An event whose ``type`` is outside the catalog, kept whole.

    Attributes:
        type: the wire ``type`` (``None`` when the object had none).
        raw: the whole object as it was read.
    """

    KIND: ClassVar[str] = "unknown"

    type: str | None
    raw: Mapping[str, Any]


def _event(type_: str) -> Callable[[type[T]], type[T]]:
    def decorate(cls: type[T]) -> type[T]:
        cls.TYPE = type_  # type: ignore[attr-defined]
        cls.KIND = type_.lower()  # type: ignore[attr-defined]
        return cls

    return decorate


# ----------------------------------------------------------------- reply level


@_event("REPLY_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ReplyStartEvent(Event):
    """A reply begins."""

    session_id: str = _req("string")
    reply_id: str = _req("string")
    name: str = _req("string")
    role: Opt[str] = _shaped(ROLES, "string", optional=True, enum=True)


@_event("REPLY_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ReplyEndEvent(Event):
    """A reply ends; ``created_at`` becomes the message's ``finished_at``."""

    session_id: str = _req("string")
    reply_id: str = _req("string")
    finished_reason: Opt[str] = _shaped(REPLY_FINISHED_REASONS, "string", optional=True, enum=True)
    error: Opt[JsonObject | None] = _shaped(
        AnyOf(ERROR_INFO, Types("null")), "object", "null", optional=True
    )


@_event("MODEL_CALL_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ModelCallStartEvent(Event):
    """A model call begins."""

    reply_id: str = _req("string")
    model_name: str = _req("string")


@_event("MODEL_CALL_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ModelCallEndEvent(Event):
    """A model call ends, reporting its token usage."""

    reply_id: str = _req("string")
    input_tokens: int = _shaped(TOKEN_COUNT, "integer")
    output_tokens: int = _shaped(TOKEN_COUNT, "integer")
    cache_input_tokens: Opt[int] = _shaped(TOKEN_COUNT, "integer", optional=True)
    cache_creation_input_tokens: Opt[int] = _shaped(TOKEN_COUNT, "integer", optional=True)
    finished_reason: Opt[str] = _shaped(MODEL_FINISHED_REASONS, "string", optional=True, enum=True)


@_event("EXCEED_MAX_ITERS")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ExceedMaxItersEvent(Event):
    """The agent hit its iteration limit (deprecated upstream; no effect)."""

    reply_id: str = _req("string")
    name: str = _req("string")


@_event("USER_INTERRUPT")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class UserInterruptEvent(Event):
    """The user interrupted the reply (no effect on the message)."""

    reply_id: str = _req("string")


@_event("CUSTOM")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class CustomEvent(Event):
    """A service-level signal; it has no reply id and no effect on the message."""

    name: str = _req("string")
    value: Opt[JsonObject] = _opt("object")


# ---------------------------------------------------------------- content blocks


@_event("TEXT_BLOCK_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class TextBlockStartEvent(Event):
    """A text block begins."""

    reply_id: str = _req("string")
    block_id: str = _req("string")


@_event("TEXT_BLOCK_DELTA")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class TextBlockDeltaEvent(Event):
    """Text is appended to a text block."""

    reply_id: str = _req("string")
    block_id: str = _req("string")
    delta: str = _req("string")


@_event("TEXT_BLOCK_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class TextBlockEndEvent(Event):
    """A text block ends; a given ``text`` replaces what the deltas built."""

    reply_id: str = _req("string")
    block_id: str = _req("string")
    text: Opt[str | None] = _opt("string", "null")


@_event("THINKING_BLOCK_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ThinkingBlockStartEvent(Event):
    """A thinking block begins."""

    reply_id: str = _req("string")
    block_id: str = _req("string")


@_event("THINKING_BLOCK_DELTA")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ThinkingBlockDeltaEvent(Event):
    """Thinking is appended to a thinking block."""

    reply_id: str = _req("string")
    block_id: str = _req("string")
    delta: str = _req("string")


@_event("THINKING_BLOCK_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ThinkingBlockEndEvent(Event):
    """A thinking block ends."""

    reply_id: str = _req("string")
    block_id: str = _req("string")


def field_rule(names: tuple[str, ...], holds: str, field: str, problem: str) -> FieldRule:
    """A rule over ``names`` that holds when the expression ``holds`` is true; its check,
    made from that same expression, raises ``FieldProblem(field, problem)`` otherwise."""
    arguments = ", ".join(names)
    test = holds.format_map({name: name for name in names})
    holding = eval(f"lambda {arguments}: {test}", {"ABSENT": ABSENT})

    def check(*values: Any) -> None:
        if not holding(*values):
            raise FieldProblem(field, problem)

    return names, check, holds


#: Data chunks name exactly one source: base64 ``data`` or a ``url``.
DATA_XOR_URL: Final[FieldRule] = field_rule(
    ("data", "url"),
    "({data} is ABSENT or {data} is None) is not ({url} is ABSENT or {url} is None)",
    "data",
    "exactly one of 'data' and 'url' must be given",
)


def rules_hold(instance: Any) -> None:
    """Check an event's :attr:`~Event.RULES` (the ``__attrs_post_init__`` of a class with any)."""
    for names, rule, _ in instance.RULES:
        rule(*[getattr(instance, name) for name in names])


@_event("DATA_BLOCK_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class DataBlockStartEvent(Event):
    """A data block (base64 or URL source) begins."""

    reply_id: str = _req("string")
    block_id: str = _req("string")
    media_type: str = _req("string")
    name: Opt[str | None] = _opt("string", "null")


@_event("DATA_BLOCK_DELTA")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class DataBlockDeltaEvent(Event):
    """A base64 chunk, or a URL that replaces the source, for a data block."""

    reply_id: str = _req("string")
    block_id: str = _req("string")
    media_type: str = _req("string")
    data: Opt[str | None] = _opt("string", "null")
    url: Opt[str | None] = _opt("string", "null")

    RULES: ClassVar[tuple[FieldRule, ...]] = (DATA_XOR_URL,)
    __attrs_post_init__ = rules_hold


@_event("DATA_BLOCK_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class DataBlockEndEvent(Event):
    """A data block ends."""

    reply_id: str = _req("string")
    block_id: str = _req("string")


@_event("HINT_BLOCK")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class HintBlockEvent(Event):
    """A complete hint block (text, or a list of text and data blocks)."""

    reply_id: str = _req("string")
    block_id: str = _req("string")
    source: Opt[str | None] = _opt("string", "null")
    hint: str | list[Any] = _shaped(BLOCKS_OR_TEXT, "string", "array")


# -------------------------------------------------------------------- tool calls


@_event("TOOL_CALL_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolCallStartEvent(Event):
    """A tool call begins."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")
    tool_call_name: str = _req("string")


@_event("TOOL_CALL_DELTA")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolCallDeltaEvent(Event):
    """A fragment of a tool call's raw JSON input."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")
    delta: str = _req("string")


@_event("TOOL_CALL_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolCallEndEvent(Event):
    """A tool call's input is complete."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")


@_event("REQUIRE_USER_CONFIRM")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class RequireUserConfirmEvent(Event):
    """The user is asked to confirm each listed call (raw ToolCallBlock objects)."""

    reply_id: str = _req("string")
    tool_calls: tuple[JsonObject, ...] = _batch(TOOL_CALL_BLOCK)


@_event("USER_CONFIRM_RESULT")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class UserConfirmResultEvent(Event):
    """The user's answers: ``{confirmed, tool_call, rules?}`` per call."""

    reply_id: str = _req("string")
    confirm_results: tuple[JsonObject, ...] = _batch(CONFIRM_RESULT)


@_event("REQUIRE_EXTERNAL_EXECUTION")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class RequireExternalExecutionEvent(Event):
    """Each listed call is handed to an external executor."""

    reply_id: str = _req("string")
    tool_calls: tuple[JsonObject, ...] = _batch(TOOL_CALL_BLOCK)


@_event("EXTERNAL_EXECUTION_RESULT")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ExternalExecutionResultEvent(Event):
    """Complete results (raw ToolResultBlock objects) from an external executor."""

    reply_id: str = _req("string")
    execution_results: tuple[JsonObject, ...] = _batch(TOOL_RESULT_BLOCK)


# ------------------------------------------------------------------ tool results


@_event("TOOL_RESULT_START")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolResultStartEvent(Event):
    """A tool result begins."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")
    tool_call_name: str = _req("string")


@_event("TOOL_RESULT_TEXT_DELTA")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolResultTextDeltaEvent(Event):
    """Text output of a tool result."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")
    delta: str = _req("string")


@_event("TOOL_RESULT_DATA_DELTA")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolResultDataDeltaEvent(Event):
    """A base64 chunk or a URL of a tool result; same-id base64 chunks merge."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")
    block_id: Opt[str] = _opt("string")
    media_type: str = _req("string")
    data: Opt[str | None] = _opt("string", "null")
    url: Opt[str | None] = _opt("string", "null")

    RULES: ClassVar[tuple[FieldRule, ...]] = (DATA_XOR_URL,)
    __attrs_post_init__ = rules_hold


@_event("TOOL_RESULT_END")
@attrs.frozen(kw_only=True, eq=False, repr=False)
class ToolResultEndEvent(Event):
    """A tool result ends with ``state``; ``metadata`` is the result's metadata."""

    reply_id: str = _req("string")
    tool_call_id: str = _req("string")
    state: str = _shaped(RESULT_STATES, "string", enum=True)


AgentEvent: TypeAlias = Event | UnknownEvent

#: Every event class, in AgentScope's ``EventType`` order.
EVENT_CLASSES: Final[tuple[type[Event], ...]] = (
    ReplyStartEvent,
    ReplyEndEvent,
    ModelCallStartEvent,
    ModelCallEndEvent,
    TextBlockStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    DataBlockStartEvent,
    DataBlockDeltaEvent,
    DataBlockEndEvent,
    ThinkingBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    HintBlockEvent,
    ToolCallStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    ExceedMaxItersEvent,
    RequireUserConfirmEvent,
    RequireExternalExecutionEvent,
    UserConfirmResultEvent,
    UserInterruptEvent,
    ExternalExecutionResultEvent,
    CustomEvent,
)
