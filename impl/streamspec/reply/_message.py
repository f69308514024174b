"""The message a reply folds into, and the actions that change it.

Each action is named for what happened (``delta_received``,
``result_ended``) and is called by the reducer only after every machine and
content check accepted the event; actions never judge. The ``check_*``
methods are the content rules a row's action carries (base64 that decodes,
one source per data block); they judge and change nothing.

The dump is AgentScope's ``Msg.model_dump()`` in the 2.0.3 shape.
"""

from __future__ import annotations

import copy
from binascii import a2b_base64
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from streamspec._diagnostics import Code
from streamspec._events import ABSENT, Event, is_given
from streamspec._json_stream import LazyArray, LazyObject
from streamspec._machines import COMPILED, ROUTES
from streamspec._quote import quoted
from streamspec.reply._content import (
    JOIN_EVERY,
    Chunked,
    DataBlock,
    ExternalResult,
    HintBlock,
    ResultData,
    ResultText,
    TextBlock,
    ToolCall,
    ToolResult,
    decode_base64,
    fresh,
    is_canonical,
    media_type_of,
)

__all__ = [
    "ACTIONS",
    "BLOCK_SCOPES",
    "CHECKS",
    "FAMILY_CLASSES",
    "FAST_ACTIONS",
    "INLINE_ACTIONS",
    "ContentProblem",
    "FastAction",
    "InlineAction",
    "Message",
    "RunForm",
]

Entity = TextBlock | DataBlock | HintBlock | ToolCall | ToolResult | ExternalResult
Block = TextBlock | DataBlock | HintBlock
Item = dict[str, Any] | None

#: ``tool call state -> wire state`` (``None``: the wire state stays).
_CALL_WIRE: Final[Mapping[str, str | None]] = COMPILED["tool_call"].wire
#: The classes of block instances (:meth:`Message.instances` finds them in the content).
_BLOCKS: Final = frozenset({TextBlock, DataBlock, HintBlock})
#: ``event kind -> block scope`` (text, thinking, data, hint) for block events.
_SCOPE: Final[Mapping[str, str]] = {
    kind: route.scope for kind, routes in ROUTES.items() for route in routes if route.scope
}
#: Every block scope, in routing order.
BLOCK_SCOPES: Final[tuple[str, ...]] = tuple(dict.fromkeys(_SCOPE.values()))
#: ``family -> the classes of its instances``: a family's instances are made by its own
#: start actions (and restored by their kind) only, so a generated fast path leaves out
#: what no class of the family needs.
FAMILY_CLASSES: Final[Mapping[str, tuple[type, ...]]] = MappingProxyType(
    {
        "text": (TextBlock,),
        "thinking": (TextBlock,),
        "data": (DataBlock,),
        "hint": (HintBlock,),
        "tool_call": (ToolCall,),
        "tool_result": (ToolResult, ExternalResult),
    }
)


class ContentProblem:
    """A content rule an accepted transition still broke."""

    __slots__ = ("code", "details", "message")

    def __init__(self, code: Code, message: str, **details: Any) -> None:
        self.code = code
        self.message = message
        self.details = details


class Message:
    """The reply message: its fields, its content, and an index of its entities."""

    def __init__(
        self, reply_id: str | None, name: str | None, role: str | None, created_at: str | None
    ) -> None:
        self.reply_id = reply_id
        self.name = name
        self.role = role
        self.created_at = created_at
        self.finished_at: Any = None
        self.finished_reason: Any = ABSENT
        self.error: Any = ABSENT
        self.usage: dict[str, int] | None = None
        self.content: list[Entity] = []
        self.calls: dict[str, ToolCall] = {}
        self.results: dict[str, ToolResult | ExternalResult] = {}
        #: ``family -> {id: instance}``: one family per block scope, then
        #: ``tool_call`` (:attr:`calls`) and ``tool_result`` (:attr:`results`).
        self.index: dict[str, dict[str, Any]] = {scope: {} for scope in BLOCK_SCOPES}
        self.index["tool_call"] = self.calls
        self.index["tool_result"] = self.results
        # Each family also as an attribute, ``index_<family>``: a generated fast path
        # reads one attribute where ``index[family]`` is an attribute and a key.
        for family, instances in self.index.items():
            setattr(self, f"index_{family}", instances)

    # ------------------------------------------------------------- reply level

    def reply_started(self, event: Any, key: str | None, item: Item) -> None:
        """REPLY_START names the message, unless the caller did."""
        if self.name is None:
            self.name = event.name
        if self.role is None and is_given(event.role):
            self.role = event.role

    def reply_ended(self, event: Any, key: str | None, item: Item) -> None:
        """REPLY_END stamps ``finished_at`` from its own ``created_at``."""
        self.finished_at = event.created_at if is_given(event.created_at) else None
        if event.finished_reason is not ABSENT:
            self.finished_reason = event.finished_reason
        if event.error is not ABSENT:
            self.error = copy.deepcopy(event.error)

    def usage_reported(self, event: Any, key: str | None, item: Item) -> None:
        """MODEL_CALL_END adds its token counts (cache counts only once reported)."""
        usage = self.usage if self.usage is not None else {"input_tokens": 0, "output_tokens": 0}
        usage["input_tokens"] += event.input_tokens
        usage["output_tokens"] += event.output_tokens
        for name in ("cache_input_tokens", "cache_creation_input_tokens"):
            value = getattr(event, name)
            if value is not ABSENT or name in usage:
                usage[name] = usage.get(name, 0) + (value if value is not ABSENT else 0)
        self.usage = usage

    # ------------------------------------------------------------------ blocks

    def block_started(self, event: Any, key: str | None, item: Item) -> None:
        """A text, thinking or data block is appended, empty."""
        scope = _SCOPE[event.KIND]
        block: Block
        if scope == "data":
            block = DataBlock(event.block_id, event.media_type, event.name, "absent")
        else:
            block = TextBlock(scope, event.block_id, "absent")
        self._add_block(scope, block)

    def hint_received(self, event: Any, key: str | None, item: Item) -> None:
        """A hint block is appended whole."""
        self._add_block("hint", HintBlock(event.block_id, event.hint, event.source, "absent"))

    def _add_block(self, scope: str, block: Block) -> None:
        self.index[scope][block.id] = block
        self.content.append(block)

    def check_delta_received(self, event: Any, key: str | None) -> ContentProblem | None:
        """A data block holds base64 chunks that decode, or one URL, never both."""
        if event.KIND != "data_block_delta":
            return None
        block = self.index["data"][event.block_id]
        assert isinstance(block, DataBlock)
        if is_given(event.url):
            if block.bytes.buffer:
                return ContentProblem(
                    Code.MIXED_DATA_SOURCE,
                    f"data block {quoted(key)} already holds base64 data; URL rejected",
                )
            return None
        if block.url is not None:
            return ContentProblem(
                Code.MIXED_DATA_SOURCE,
                f"data block {quoted(key)} has a URL source; base64 rejected",
            )
        if decode_base64(event.data) is None:
            return ContentProblem(
                Code.INVALID_BASE64,
                f"chunk {block.bytes.chunks} of data block {quoted(key)} is not valid base64",
                chunk_index=block.bytes.chunks,
            )
        return None

    def delta_received(self, event: Any, key: str | None, item: Item) -> None:
        """Text or thinking is appended; base64 bytes are appended; a URL replaces the source."""
        block = self.index[_SCOPE[event.KIND]][event.block_id]
        if isinstance(block, TextBlock):
            block.append(event.delta)
        elif isinstance(block, DataBlock):
            if is_given(event.url):
                block.url = event.url
                block.url_media_type = event.media_type
            else:
                block.bytes.append(decode_base64(event.data) or b"")

    def block_ended(self, event: Any, key: str | None, item: Item) -> None:
        """A text end with ``text`` replaces the text (a voice reply cut short)."""
        text: Any = getattr(event, "text", ABSENT)
        if is_given(text):
            block = self.index["text"][event.block_id]
            assert isinstance(block, TextBlock)
            block.replace(text)

    # -------------------------------------------------------------- tool calls

    def call_started(self, event: Any, key: str | None, item: Item) -> None:
        """A tool call is appended with empty input."""
        call = ToolCall(event.tool_call_id, event.tool_call_name, "absent", "pending")
        self.calls[call.id] = call
        self.content.append(call)

    def input_received(self, event: Any, key: str | None, item: Item) -> None:
        """A fragment of raw JSON input is appended."""
        self.calls[event.tool_call_id].append(event.delta)

    def confirmation_requested(self, event: Any, key: str | None, item: Item) -> None:
        """The call keeps the rules the request suggests."""
        assert item is not None and key is not None
        self.calls[key].suggested_rules = copy.deepcopy(item.get("suggested_rules", []))

    # ------------------------------------------------------------ tool results

    def result_started(self, event: Any, key: str | None, item: Item) -> None:
        """A running result with empty output is appended."""
        result = ToolResult(event.tool_call_id, event.tool_call_name, "absent")
        self.results[result.id] = result
        self.content.append(result)

    def result_text_received(self, event: Any, key: str | None, item: Item) -> None:
        """Text extends the last text sub-block, or starts one."""
        self._result(event.tool_call_id).add_text(event.delta)

    def _result(self, call_id: str) -> ToolResult:
        result = self.results[call_id]
        assert isinstance(result, ToolResult)
        return result

    def check_result_data_received(self, event: Any, key: str | None) -> ContentProblem | None:
        """A sub-block id is one URL or base64 chunks that decode once merged."""
        if not is_given(event.block_id):
            return None
        sub = self._result(event.tool_call_id).data_block(event.block_id)
        if sub is None:
            return None
        where = f"data block {quoted(event.block_id)} of tool result {quoted(key)}"
        if is_given(event.url) or sub.url is not None:
            return ContentProblem(
                Code.MIXED_DATA_SOURCE, f"{where} cannot hold both a URL and other chunks"
            )
        if sub.bytes is None and decode_base64(sub.first or "") is None:
            return ContentProblem(
                Code.INVALID_BASE64, f"chunk 0 of {where} is not valid base64", chunk_index=0
            )
        if decode_base64(event.data) is None:
            return ContentProblem(
                Code.INVALID_BASE64,
                f"chunk {sub.chunks} of {where} is not valid base64",
                chunk_index=sub.chunks,
            )
        return None

    def result_data_received(self, event: Any, key: str | None, item: Item) -> None:
        """A chunk merges into its same-id base64 sub-block, or starts a sub-block."""
        result = self._result(event.tool_call_id)
        block_id = event.block_id if is_given(event.block_id) else result.next_data_id()
        sub = result.data_block(block_id) if is_given(event.block_id) else None
        if sub is None:
            url = event.url if is_given(event.url) else None
            first = None if url is not None else event.data
            result.add_data(ResultData(block_id, event.media_type, first, url))
            return
        first = decode_base64(sub.first or "") if sub.bytes is None else b""
        sub.merge(first or b"", decode_base64(event.data) or b"")
        sub.first = None
        sub.media_type = media_type_of(event.media_type, sub.media_type)

    def result_ended(self, event: Any, key: str | None, item: Item) -> None:
        """The result takes the end's ``state`` and ``metadata``."""
        result = self._result(event.tool_call_id)
        result.outcome = event.state
        result.metadata = fresh(event.metadata) if is_given(event.metadata) else {}

    def external_result_received(self, event: Any, key: str | None, item: Item) -> None:
        """An external executor's complete result block is appended as given."""
        assert item is not None
        result = ExternalResult(item, "absent")
        self.results[result.id] = result
        self.content.append(result)

    # -------------------------------------------------------------------- dump

    def to_dict(self) -> dict[str, Any]:
        """Return ``Msg.model_dump()`` as a fresh tree."""
        return self._dump_with([entity.dump() for entity in self.content])

    def to_lazy(self) -> LazyObject:
        """``to_dict()`` for :mod:`~streamspec._json_stream`: each block made as it is written."""
        blocks = (entity.dump() for entity in self.content)
        return LazyObject(self._dump_with(LazyArray(blocks)).items())

    def _dump_with(self, content: Any) -> dict[str, Any]:
        message: dict[str, Any] = {
            "name": self.name if self.name is not None else "assistant",
            "role": self.role if self.role is not None else "assistant",
            "id": self.reply_id,
            "metadata": {},
            "created_at": self.created_at,
            "finished_at": self.finished_at,
            "content": content,
            "usage": dict(self.usage) if self.usage is not None else None,
        }
        if self.finished_reason is not ABSENT:
            message["finished_reason"] = self.finished_reason
        if self.error is not ABSENT:
            message["error"] = copy.deepcopy(self.error)
        return message

    def instances(self) -> Mapping[str, list[Entity]]:
        """Every instance, grouped by machine, in creation order."""
        return {
            "block": [entity for entity in self.content if entity.__class__ in _BLOCKS],
            "tool_call": list(self.calls.values()),
            "tool_result": list(self.results.values()),
        }

    def set_state(self, machine: str, scope: str | None, key: str, target: str) -> None:
        """Move an instance to ``target``; a tool call's wire state follows the table.

        A text block or tool call that leaves its state joins its text into one
        string: an ended block keeps one string, not its last deltas.
        """
        entity = self.index[scope if machine == "block" and scope is not None else machine][key]
        moved = entity.state != target
        entity.state = target
        if isinstance(entity, ToolCall):
            entity.wire = _CALL_WIRE[target] or entity.wire
        if moved and isinstance(entity, Chunked) and (entity.parts or entity.batches is not None):
            entity.joined()

    # ---------------------------------------------------------------- export

    def export(self) -> dict[str, Any]:
        """Return the message state as JSON."""
        reply: dict[str, Any] = {
            "id": self.reply_id,
            "name": self.name,
            "role": self.role,
            "created_at": self.created_at,
            "finished_at": self.finished_at,
            "usage": self.usage,
        }
        if self.finished_reason is not ABSENT:
            reply["finished_reason"] = self.finished_reason
        if self.error is not ABSENT:
            reply["error"] = self.error
        return copy.deepcopy({"reply": reply, "content": [e.export() for e in self.content]})

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> Message:
        """Rebuild a message from :meth:`export` output."""
        reply = data["reply"]
        message = cls(reply["id"], reply["name"], reply["role"], reply["created_at"])
        message.finished_at = reply["finished_at"]
        message.finished_reason = reply.get("finished_reason", ABSENT)
        message.error = copy.deepcopy(reply.get("error", ABSENT))
        message.usage = dict(reply["usage"]) if reply["usage"] is not None else None
        for exported in data["content"]:
            kind = exported["entity"]
            entity = _RESTORE[kind](exported)
            message.content.append(entity)
            if isinstance(entity, ToolCall):
                message.calls[entity.id] = entity
            elif isinstance(entity, ToolResult | ExternalResult):
                message.results[entity.id] = entity
            else:
                message.index[kind][entity.id] = entity
        return message


_RESTORE: Final[Mapping[str, Callable[[dict[str, Any]], Entity]]] = {
    "text": TextBlock.restore,
    "thinking": TextBlock.restore,
    "data": DataBlock.restore,
    "hint": HintBlock.restore,
    "tool_call": ToolCall.restore,
    "tool_result": ToolResult.restore,
    "external_result": ExternalResult.restore,
}

Action = Callable[[Message, Event, str | None, Item], None]
Check = Callable[[Message, Event, str | None], ContentProblem | None]

#: ``action name -> Message method``, for every action the tables name.
ACTIONS: Final[Mapping[str, Action]] = {
    name: getattr(Message, name)
    for name in (
        "reply_started",
        "reply_ended",
        "usage_reported",
        "block_started",
        "hint_received",
        "delta_received",
        "block_ended",
        "call_started",
        "input_received",
        "confirmation_requested",
        "result_started",
        "result_text_received",
        "result_data_received",
        "result_ended",
        "external_result_received",
    )
}
#: ``action name -> content check`` for the actions that carry one.
CHECKS: Final[Mapping[str, Check]] = {
    "delta_received": Message.check_delta_received,
    "result_data_received": Message.check_result_data_received,
}


class RunForm(NamedTuple):
    """How a run of one delta kind folds when not as its deltas would one by one: lines
    of Python run ``once`` before the run, for ``each`` delta (over ``entity`` and
    ``value``, as :attr:`FastAction.source`), and to ``leave`` an instance (before the
    next id's, and at the run's end).

    In ``each`` and ``leave`` a line ``refuse`` ends the run before the delta at hand;
    ``leave`` may first set ``at`` back, to the first delta of the instance it did not
    take after all. Whatever the run took, it took as the deltas one by one would.
    """

    once: tuple[str, ...]
    each: tuple[str, ...]
    leave: tuple[str, ...]


class FastAction(NamedTuple):
    """The fast form of a self-loop row's action, for one event kind.

    It does what ``action`` does to the one instance the event names, given
    the value of the event's ``field``. ``source`` is the body that does it,
    lines of Python over ``entity`` (the instance) and ``value``, reading
    ``names`` besides; the reducer's generated fast paths run it inline. The
    body either changes the instance and falls through, or returns ``False``
    having changed nothing, when the event needs the full judgement (a content
    check failed or does not apply); the reducer then judges it in full and
    records why. ``run``, when given, is how a run of such deltas folds instead.
    """

    action: str
    field: str
    source: tuple[str, ...]
    names: Mapping[str, Any]
    run: RunForm | None = None


#: A delta joins the text of an instance that holds its deltas in tiers (:class:`Chunked`).
_JOIN: Final = (
    "parts = entity.parts",
    "parts.append(value)",
    "if len(parts) >= JOIN_EVERY:",
    "    entity.batch()",
)

#: Text extends a tool result's last text sub-block, or starts one.
_RESULT_TEXT: Final = (
    "output = entity.output",
    "if output and output[-1].__class__ is ResultText:",
    "    parts = output[-1].parts",
    "    parts.append(value)",
    "    if len(parts) >= JOIN_EVERY:",
    "        output[-1].batch()",
    "else:",
    "    entity.add_text(value)",
)

#: A base64 chunk joins a data block's bytes when it decodes (:func:`decode_base64`'s
#: rule: strict decoding, then canonical form, which a chunk that decodes strictly
#: has at once unless it is padded: strict decoding takes ``=`` only as padding);
#: a URL block, or anything else, is judged in full.
_BASE64: Final = (
    "if entity.url is not None or value.__class__ is not str:",
    "    return False",
    "try:",
    "    raw = a2b_base64(value, strict_mode=True)",
    "except ValueError:",
    "    return False",
    "if '=' in value and not is_canonical(value, raw):",
    "    return False",
    "data = entity.bytes",
    "data.buffer += raw",
    "data.chunks += 1",
)


#: The pending chunks decoded at once (:meth:`_Bytes.append_chunks`); from the first that
#: does not decode on, the run takes nothing.
_BASE64_SETTLE: Final = (
    "if pending:",
    "    left = len(pending) - entity.bytes.append_chunks(pending)",
    "    pending.clear()",
    "    if left:",
    "        at -= left",
    "        refuse",
)
#: In a run, an unpadded chunk of whole quads waits in ``pending``: those decode the same
#: apart or joined, so the pending ones are settled when the run leaves the block and
#: before any other chunk, which is decoded alone.
_BASE64_RUN: Final = RunForm(
    once=("pending = []",),
    each=(
        "if entity.url is not None or value.__class__ is not str:",
        "    refuse",
        "if len(value) & 3 or '=' in value:",
        *(f"    {line}" for line in (*_BASE64_SETTLE, *_BASE64[2:])),
        "else:",
        "    pending.append(value)",
    ),
    leave=_BASE64_SETTLE,
)

_JOIN_NAMES: Final = MappingProxyType({"JOIN_EVERY": JOIN_EVERY})

#: ``event kind -> fast action`` for the self-loop rows the reducer folds unjudged.
FAST_ACTIONS: Final[Mapping[str, FastAction]] = {
    "text_block_delta": FastAction("delta_received", "delta", _JOIN, _JOIN_NAMES),
    "thinking_block_delta": FastAction("delta_received", "delta", _JOIN, _JOIN_NAMES),
    "data_block_delta": FastAction(
        "delta_received",
        "data",
        _BASE64,
        {"a2b_base64": a2b_base64, "is_canonical": is_canonical},
        _BASE64_RUN,
    ),
    "tool_call_delta": FastAction("input_received", "delta", _JOIN, _JOIN_NAMES),
    "tool_result_text_delta": FastAction(
        "result_text_received",
        "delta",
        _RESULT_TEXT,
        {"ResultText": ResultText, **_JOIN_NAMES},
    ),
}


class InlineAction(NamedTuple):
    """The inline form of a row's action in a whole-event fast path, for one event kind.

    ``source`` does what the action does: lines of Python over ``message``,
    ``event`` and ``key`` (the id of the instance the event names), reading
    ``names`` besides. The reducer's generated fast paths run it in place of
    calling the action.
    """

    source: tuple[str, ...]
    names: Mapping[str, Any]


def _appended(made: str, family: str, names: Mapping[str, Any]) -> InlineAction:
    """The inline form of an action that makes an instance (``made``, an expression over
    ``event`` and ``key``), indexes it in its family and appends it to the content."""
    source = (
        f"made = {made}",
        f"message.index_{family}[key] = made",
        "message.content.append(made)",
    )
    return InlineAction(source, names)


def _block_started(kind: str) -> InlineAction:
    scope = _SCOPE[kind]
    if scope == "data":
        made = "DataBlock(key, event.media_type, event.name, 'absent')"
        return _appended(made, scope, {"DataBlock": DataBlock})
    return _appended(f"TextBlock({scope!r}, key, 'absent')", scope, {"TextBlock": TextBlock})


def _block_ended(kind: str) -> InlineAction:
    if _SCOPE[kind] != "text":
        return InlineAction((), {})
    replaced = (
        "text = event.text",
        "if text is not ABSENT and text is not None:",
        "    message.index_text[key].replace(text)",
    )
    return InlineAction(replaced, {"ABSENT": ABSENT})


def _call_started(kind: str) -> InlineAction:
    made = "ToolCall(key, event.tool_call_name, 'absent', 'pending')"
    return _appended(made, "tool_call", {"ToolCall": ToolCall})


def _result_started(kind: str) -> InlineAction:
    made = "ToolResult(key, event.tool_call_name, 'absent')"
    return _appended(made, "tool_result", {"ToolResult": ToolResult})


def _result_ended(kind: str) -> InlineAction:
    taken = (
        "result = message.results[key]",
        "result.outcome = event.state",
        "metadata = event.metadata",
        "result.metadata = fresh(metadata) if metadata is not ABSENT and metadata is not None "
        "else {}",
    )
    return InlineAction(taken, {"fresh": fresh, "ABSENT": ABSENT})


#: ``action -> its inline form for an event kind``, for the actions of the start and end
#: events a reply has most of (each does what the method of the same name does).
INLINE_ACTIONS: Final[Mapping[str, Callable[[str], InlineAction]]] = {
    "block_started": _block_started,
    "block_ended": _block_ended,
    "call_started": _call_started,
    "result_started": _result_started,
    "result_ended": _result_ended,
}
