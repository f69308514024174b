"""Hypothesis strategies for reply events, drawn from small fixed id pools.

Rules:

1. Ids come from small fixed pools (:data:`BLOCK_IDS`, :data:`TOOL_CALL_IDS`,
   :data:`RESULT_BLOCK_IDS`), so random events collide with live entities,
   name ghosts and repeat starts without any bookkeeping.
2. Every event class has a strategy (:func:`events_of_kind`); content fields
   mix valid and invalid values: base64 chunks that decode and chunks that do
   not, URLs, every tool-result state (``running`` included), batches with
   repeated ids.
3. :data:`TEMPLATES` holds one representative event per (kind, id, variant);
   a guided rule asks the oracle which of them it allows or rejects now and
   :func:`filled` draws fresh content into the chosen one.
4. :func:`legal_streams` grows whole streams the tables allow, one accepted
   event at a time; :func:`rechunked` re-splits the content of a stream
   (text, thinking, tool input and tool-result text deltas; data-block bytes)
   without changing what it means.
"""

from __future__ import annotations

import base64
import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

import attrs
from hypothesis import strategies as st

from streamspec._events import (
    ABSENT,
    EVENT_CLASSES,
    CustomEvent,
    DataBlockDeltaEvent,
    DataBlockEndEvent,
    DataBlockStartEvent,
    Event,
    ExceedMaxItersEvent,
    ExternalExecutionResultEvent,
    HintBlockEvent,
    ModelCallEndEvent,
    ModelCallStartEvent,
    ReplyEndEvent,
    ReplyStartEvent,
    RequireExternalExecutionEvent,
    RequireUserConfirmEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UnknownEvent,
    UserConfirmResultEvent,
    UserInterruptEvent,
)
from streamspec.testing._oracle_model import OracleModel, valid_base64

__all__ = [
    "BASE64_ALPHABET",
    "BLOCK_IDS",
    "OTHER_REPLY_ID",
    "REPLY_ID",
    "RESULT_BLOCK_IDS",
    "RESULT_STATES",
    "TEMPLATES",
    "TOOL_CALL_IDS",
    "any_events",
    "base64_chunks",
    "batch_item",
    "batch_items",
    "entity_of",
    "events_of_kind",
    "filled",
    "guided",
    "invalid_base64_chunks",
    "legal_streams",
    "media_types",
    "permission_rules",
    "rechunked",
    "text_deltas",
    "unknown_events",
    "urls",
    "with_changes",
    "with_wrong_reply_id",
]

#: The reply every generated event belongs to.
REPLY_ID: Final = "r1"
#: A reply id that is never the reply's.
OTHER_REPLY_ID: Final = "r2"
#: Block ids; text, thinking, data and hint blocks share the pool.
BLOCK_IDS: Final = ("b0", "b1")
#: Tool call ids.
TOOL_CALL_IDS: Final = ("t0", "t1")
#: ``block_id`` values of tool-result data chunks.
RESULT_BLOCK_IDS: Final = ("d0", "d1")
#: Tool-result end states; ``running`` is never a legal end.
RESULT_STATES: Final = ("success", "error", "interrupted", "denied", "running")
#: Chunks that are not canonical base64 (``spec/README.md`` §6): bad characters,
#: wrong or inner padding, non-zero pad bits, padding past the last group. The
#: pad bits of ``QR==`` and ``AAB=`` are in their last data character (the one
#: before it would pass); ``YWJj====``, ``YWJj=`` and ``AAAA==`` pad a whole group,
#: which ``binascii.a2b_base64`` accepts even in strict mode.
INVALID_CHUNKS: Final = (
    "x",
    "iVBOR==",
    "A",
    "AB=C",
    "====",
    "aGk=aGk=",
    "a b=",
    "é",
    "YR==",
    "QR==",
    "AAB=",
    "YQ=",
    "YQ",
    "YWJj====",
    "YWJj=",
    "AAAA==",
    "-_-_",
    "YQ==YWJj",
)
#: ``created_at`` values events may carry.
STAMPS: Final = ("2026-01-01T00:00:00", "2026-01-01T00:00:09")


def with_changes(event: Event, **changes: Any) -> Event:
    """``attrs.evolve`` for any event class (the fields differ per class)."""
    evolved: Event = attrs.evolve(cast(Any, event), **changes)
    return evolved


def text_deltas() -> st.SearchStrategy[str]:
    """Short text deltas, the empty one and non-ASCII included."""
    return st.text(alphabet=st.sampled_from('ab {}"é😀\n'), max_size=4)


def base64_chunks() -> st.SearchStrategy[str]:
    """Valid canonical base64 chunks (the encoding of 0 to 6 bytes)."""
    return st.binary(max_size=6).map(lambda b: base64.b64encode(b).decode("ascii"))


def invalid_base64_chunks() -> st.SearchStrategy[str]:
    """Chunks that are not valid base64: listed, drawn, and padded with stray bits set."""
    generated = st.text(alphabet="AB=_-x", min_size=1, max_size=6).filter(
        lambda chunk: valid_base64(chunk) is None
    )
    return st.one_of(st.sampled_from(INVALID_CHUNKS), generated, _stray_pad_bits())


def urls() -> st.SearchStrategy[str]:
    """URLs a data delta may point at (kept verbatim)."""
    return st.sampled_from(
        ("https://example.com/a.png", "https://example.com/b%20c.wav", "file:///tmp/x")
    )


def media_types() -> st.SearchStrategy[str]:
    """Media types of data events, the empty one included."""
    return st.sampled_from(("image/png", "audio/wav", ""))


def _optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.just(ABSENT), st.none(), strategy)


def _absent_or(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.just(ABSENT), strategy)


def _data_or_url(valid_only: bool) -> st.SearchStrategy[dict[str, Any]]:
    chunks = base64_chunks() if valid_only else st.one_of(base64_chunks(), invalid_base64_chunks())
    return st.one_of(
        chunks.map(lambda chunk: {"data": chunk}),
        urls().map(lambda url: {"url": url}),
    )


def permission_rules() -> st.SearchStrategy[dict[str, Any]]:
    """AgentScope ``PermissionRule`` objects (all four fields, ``rule_content`` maybe null)."""
    return st.fixed_dictionaries(
        {
            "tool_name": st.sampled_from(("f", "Bash")),
            "rule_content": st.sampled_from((None, "npm install", "src/**")),
            "behavior": st.sampled_from(("allow", "deny", "ask", "passthrough")),
            "source": st.sampled_from(("userSettings", "session")),
        }
    )


def _tool_call_item(call_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """A ``ToolCallBlock``: the minimal one, or with state, rules and timestamps."""
    minimal = {"id": call_id, "name": "f", "input": "{}"}
    full = st.fixed_dictionaries(
        {
            "type": st.just("tool_call"),
            "id": st.just(call_id),
            "name": st.just("f"),
            "input": st.sampled_from(("{}", '{"q": 1}', "")),
            "state": st.sampled_from(("pending", "asking", "allowed", "submitted", "finished")),
            "suggested_rules": st.lists(permission_rules(), max_size=2),
        },
        optional={
            "created_at": st.just("2026-01-01T00:00:00"),
            "finished_at": st.sampled_from((None, "2026-01-01T00:00:05")),
        },
    )
    return st.one_of(st.just(minimal), full)


def _confirm_item(call_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """A ``ConfirmResult`` for ``call_id``: ``rules`` absent, null or a list of rules."""
    return st.fixed_dictionaries(
        {"confirmed": st.booleans(), "tool_call": _tool_call_item(call_id)},
        optional={"rules": st.none() | st.lists(permission_rules(), max_size=1)},
    )


def _result_item(call_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """A ``ToolResultBlock`` for ``call_id``: text output, or text and data blocks."""
    minimal = {"id": call_id, "name": "f", "output": "ok"}
    full = {
        "type": "tool_result",
        "id": call_id,
        "name": "f",
        "output": [
            {"type": "text", "id": f"{call_id}-out", "text": "ok"},
            {
                "type": "data",
                "id": f"{call_id}-img",
                "source": {"type": "base64", "data": "AAEC", "media_type": "image/png"},
            },
            {"source": {"url": "https://example.com/a.png", "media_type": "image/png"}},
        ],
        "state": "success",
        "metadata": {"by": "executor"},
    }
    return st.sampled_from((minimal, full))


#: ``batch kind -> the items of its batch, for a call id``.
_ITEMS: Final[Mapping[str, Callable[[str], st.SearchStrategy[dict[str, Any]]]]] = {
    "require_user_confirm": _tool_call_item,
    "require_external_execution": _tool_call_item,
    "user_confirm_result": _confirm_item,
    "external_execution_result": _result_item,
}


@functools.cache
def batch_item(kind: str, call_id: str) -> st.SearchStrategy[dict[str, Any]]:
    """One batch item of a batch ``kind`` naming ``call_id`` (a call, a confirmation, a result)."""
    return _ITEMS[kind](call_id)


def batch_items(
    kind: str, ids: st.SearchStrategy[str] | None = None
) -> st.SearchStrategy[tuple[Any, ...]]:
    """Lists of zero to three batch items for a batch ``kind``, ids from the pool (repeats
    allowed)."""
    make = _ITEMS[kind]
    pool = ids if ids is not None else st.sampled_from(TOOL_CALL_IDS)
    return st.lists(pool.flatmap(make), max_size=3).map(tuple)


def events_of_kind(kind: str, reply_id: str = REPLY_ID) -> st.SearchStrategy[Event]:
    """Events of one kind (``text_block_delta`` ...), legal or not, ids from the pools."""
    r = reply_id
    block = st.sampled_from(BLOCK_IDS)
    call = st.sampled_from(TOOL_CALL_IDS)
    stamp = _absent_or(st.sampled_from(("2026-01-01T00:00:00", "2026-01-01T00:00:09")))
    builders: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
        "reply_start": lambda: st.builds(
            ReplyStartEvent,
            session_id=st.just("s1"),
            reply_id=st.just(r),
            name=st.sampled_from(("agent", "bot")),
            role=_absent_or(st.sampled_from(("assistant", "user"))),
            created_at=stamp,
        ),
        "reply_end": lambda: st.builds(
            ReplyEndEvent,
            session_id=st.just("s1"),
            reply_id=st.just(r),
            created_at=stamp,
            finished_reason=_absent_or(
                st.sampled_from(("completed", "interrupted", "exceed_max_iters", "error"))
            ),
            error=_optional(
                st.sampled_from(({"message": "x"}, {"type": "rate_limit", "message": "slow"}))
            ),
        ),
        "model_call_start": lambda: st.builds(
            ModelCallStartEvent, reply_id=st.just(r), model_name=st.just("m")
        ),
        "model_call_end": lambda: st.builds(
            ModelCallEndEvent,
            reply_id=st.just(r),
            input_tokens=st.integers(0, 50),
            output_tokens=st.integers(0, 50),
            cache_input_tokens=_absent_or(st.integers(0, 9)),
            cache_creation_input_tokens=_absent_or(st.integers(0, 9)),
            finished_reason=_absent_or(st.sampled_from(("completed", "interrupted"))),
        ),
        "text_block_start": lambda: st.builds(
            TextBlockStartEvent, reply_id=st.just(r), block_id=block
        ),
        "text_block_delta": lambda: st.builds(
            TextBlockDeltaEvent, reply_id=st.just(r), block_id=block, delta=text_deltas()
        ),
        "text_block_end": lambda: st.builds(
            TextBlockEndEvent, reply_id=st.just(r), block_id=block, text=_optional(text_deltas())
        ),
        "thinking_block_start": lambda: st.builds(
            ThinkingBlockStartEvent, reply_id=st.just(r), block_id=block
        ),
        "thinking_block_delta": lambda: st.builds(
            ThinkingBlockDeltaEvent, reply_id=st.just(r), block_id=block, delta=text_deltas()
        ),
        "thinking_block_end": lambda: st.builds(
            ThinkingBlockEndEvent, reply_id=st.just(r), block_id=block
        ),
        "data_block_start": lambda: st.builds(
            DataBlockStartEvent,
            reply_id=st.just(r),
            block_id=block,
            media_type=media_types(),
            name=_optional(st.just("pic")),
        ),
        "data_block_delta": lambda: st.tuples(block, media_types(), _data_or_url(False)).map(
            lambda t: DataBlockDeltaEvent(reply_id=r, block_id=t[0], media_type=t[1], **t[2])
        ),
        "data_block_end": lambda: st.builds(DataBlockEndEvent, reply_id=st.just(r), block_id=block),
        "hint_block": lambda: st.builds(
            HintBlockEvent,
            reply_id=st.just(r),
            block_id=block,
            hint=st.sampled_from(
                (
                    "think again",
                    [{"type": "text", "text": "hint"}],
                    [
                        {"text": "see"},
                        {"type": "data", "source": {"data": "AAEC", "media_type": "image/png"}},
                    ],
                )
            ),
            source=_optional(st.just("system")),
        ),
        "tool_call_start": lambda: st.builds(
            ToolCallStartEvent,
            reply_id=st.just(r),
            tool_call_id=call,
            tool_call_name=st.sampled_from(("f", "g")),
        ),
        "tool_call_delta": lambda: st.builds(
            ToolCallDeltaEvent, reply_id=st.just(r), tool_call_id=call, delta=text_deltas()
        ),
        "tool_call_end": lambda: st.builds(
            ToolCallEndEvent, reply_id=st.just(r), tool_call_id=call
        ),
        "tool_result_start": lambda: st.builds(
            ToolResultStartEvent,
            reply_id=st.just(r),
            tool_call_id=call,
            tool_call_name=st.just("f"),
        ),
        "tool_result_text_delta": lambda: st.builds(
            ToolResultTextDeltaEvent, reply_id=st.just(r), tool_call_id=call, delta=text_deltas()
        ),
        "tool_result_data_delta": lambda: st.tuples(
            call, _absent_or(st.sampled_from(RESULT_BLOCK_IDS)), media_types(), _data_or_url(False)
        ).map(
            lambda t: ToolResultDataDeltaEvent(
                reply_id=r, tool_call_id=t[0], block_id=t[1], media_type=t[2], **t[3]
            )
        ),
        "tool_result_end": lambda: st.builds(
            ToolResultEndEvent,
            reply_id=st.just(r),
            tool_call_id=call,
            state=st.sampled_from(RESULT_STATES),
            metadata=_absent_or(st.just({"took": 1})),
        ),
        "exceed_max_iters": lambda: st.builds(
            ExceedMaxItersEvent, reply_id=st.just(r), name=st.just("agent")
        ),
        "user_interrupt": lambda: st.builds(UserInterruptEvent, reply_id=st.just(r)),
        "custom": lambda: st.builds(
            CustomEvent, name=st.just("progress"), value=_absent_or(st.just({"p": 1}))
        ),
        "require_user_confirm": lambda: st.builds(
            RequireUserConfirmEvent,
            reply_id=st.just(r),
            tool_calls=batch_items("require_user_confirm"),
        ),
        "require_external_execution": lambda: st.builds(
            RequireExternalExecutionEvent,
            reply_id=st.just(r),
            tool_calls=batch_items("require_external_execution"),
        ),
        "user_confirm_result": lambda: st.builds(
            UserConfirmResultEvent,
            reply_id=st.just(r),
            confirm_results=batch_items("user_confirm_result"),
        ),
        "external_execution_result": lambda: st.builds(
            ExternalExecutionResultEvent,
            reply_id=st.just(r),
            execution_results=batch_items("external_execution_result"),
        ),
    }
    return builders[kind]()


#: Every event kind, in AgentScope's order.
KINDS: Final = tuple(cls.KIND for cls in EVENT_CLASSES)


def any_events(reply_id: str = REPLY_ID) -> st.SearchStrategy[Event]:
    """Any known event of the reply, legal or not."""
    return st.sampled_from(KINDS).flatmap(lambda kind: events_of_kind(kind, reply_id))


def unknown_events() -> st.SearchStrategy[UnknownEvent]:
    """Events whose ``type`` is outside the catalog, kept whole."""
    return st.sampled_from(("TEXT_DELTA_V2", "ping", "text_block_delta", "")).map(
        lambda t: UnknownEvent(type=t, raw={"type": t, "reply_id": REPLY_ID, "x": [1]})
    )


def with_wrong_reply_id(event: Event) -> Event:
    """Return ``event`` for another reply (custom events have no reply id and stay as they are)."""
    if isinstance(event, CustomEvent):
        return event
    return with_changes(event, reply_id=OTHER_REPLY_ID)


# ------------------------------------------------------------------ templates


def _call_block(call_id: str) -> dict[str, Any]:
    return {"type": "tool_call", "id": call_id, "name": "f", "input": "{}"}


def _templates() -> tuple[Event, ...]:
    r = REPLY_ID
    found: list[Event] = [
        ReplyStartEvent(session_id="s1", reply_id=r, name="agent"),
        ReplyEndEvent(session_id="s1", reply_id=r),
        ModelCallStartEvent(reply_id=r, model_name="m"),
        ModelCallEndEvent(reply_id=r, input_tokens=3, output_tokens=4),
        ExceedMaxItersEvent(reply_id=r, name="agent"),
        UserInterruptEvent(reply_id=r),
        CustomEvent(name="progress", value={}),
    ]
    for b in BLOCK_IDS:
        found += [
            TextBlockStartEvent(reply_id=r, block_id=b),
            TextBlockDeltaEvent(reply_id=r, block_id=b, delta="a"),
            TextBlockEndEvent(reply_id=r, block_id=b),
            ThinkingBlockStartEvent(reply_id=r, block_id=b),
            ThinkingBlockDeltaEvent(reply_id=r, block_id=b, delta="a"),
            ThinkingBlockEndEvent(reply_id=r, block_id=b),
            DataBlockStartEvent(reply_id=r, block_id=b, media_type="image/png"),
            DataBlockDeltaEvent(reply_id=r, block_id=b, media_type="image/png", data="AAEC"),
            DataBlockDeltaEvent(reply_id=r, block_id=b, media_type="image/png", data="x"),
            DataBlockDeltaEvent(
                reply_id=r, block_id=b, media_type="image/png", url="https://example.com/a.png"
            ),
            DataBlockEndEvent(reply_id=r, block_id=b),
            HintBlockEvent(reply_id=r, block_id=b, hint="think again"),
        ]
    for c in TOOL_CALL_IDS:
        found += [
            ToolCallStartEvent(reply_id=r, tool_call_id=c, tool_call_name="f"),
            ToolCallDeltaEvent(reply_id=r, tool_call_id=c, delta="{}"),
            ToolCallEndEvent(reply_id=r, tool_call_id=c),
            ToolResultStartEvent(reply_id=r, tool_call_id=c, tool_call_name="f"),
            ToolResultTextDeltaEvent(reply_id=r, tool_call_id=c, delta="ok"),
            *(ToolResultEndEvent(reply_id=r, tool_call_id=c, state=s) for s in RESULT_STATES),
            *(
                with_changes(
                    ToolResultDataDeltaEvent(
                        reply_id=r, tool_call_id=c, media_type="image/png", data="AAEC"
                    ),
                    block_id=b,
                    data=data,
                    url=url,
                )
                for b, (data, url) in itertools.product(
                    (ABSENT, *RESULT_BLOCK_IDS),
                    (("AAEC", ABSENT), ("x", ABSENT), (ABSENT, "https://example.com/a.png")),
                )
            ),
            RequireUserConfirmEvent(reply_id=r, tool_calls=(_call_block(c),)),
            RequireExternalExecutionEvent(reply_id=r, tool_calls=(_call_block(c),)),
            *(
                UserConfirmResultEvent(
                    reply_id=r, confirm_results=({"confirmed": ok, "tool_call": _call_block(c)},)
                )
                for ok in (True, False)
            ),
            ExternalExecutionResultEvent(
                reply_id=r,
                execution_results=({"type": "tool_result", "id": c, "name": "f", "output": ""},),
            ),
        ]
    return tuple(found)


#: One representative event per (kind, id, variant), for the guided rules.
TEMPLATES: Final[tuple[Event, ...]] = _templates()


#: ``id(template) -> (template, filled strategy)`` for the templates of :data:`TEMPLATES`.
_FILLED: dict[int, tuple[Event, st.SearchStrategy[Event]]] = {}


def filled(template: Event) -> st.SearchStrategy[Event]:
    """Draw fresh content into a template, keeping its kind, ids, guard fields and validity."""
    cached = _FILLED.get(id(template))
    if cached is not None and cached[0] is template:
        return cached[1]
    strategy = _filled(template)
    if any(template is t for t in TEMPLATES):
        _FILLED[id(template)] = (template, strategy)
    return strategy


def _filled(template: Event) -> st.SearchStrategy[Event]:
    fields: dict[str, st.SearchStrategy[Any]] = {}
    if hasattr(template, "delta"):
        fields["delta"] = text_deltas()
    data = getattr(template, "data", ABSENT)
    if isinstance(data, str):
        fields["data"] = (
            base64_chunks() if valid_base64(data) is not None else invalid_base64_chunks()
        )
    if isinstance(template, DataBlockStartEvent | DataBlockDeltaEvent | ToolResultDataDeltaEvent):
        fields["media_type"] = media_types()
    if isinstance(template, ModelCallEndEvent):
        fields["input_tokens"] = st.integers(0, 50)
        fields["output_tokens"] = st.integers(0, 50)
    if isinstance(template, TextBlockEndEvent):
        fields["text"] = _optional(text_deltas())
    if isinstance(template, ToolResultEndEvent):
        fields["metadata"] = _absent_or(st.just({"took": 1}))
    if isinstance(template, RequireUserConfirmEvent):
        fields["tool_calls"] = _tool_call_item(template.tool_calls[0]["id"]).map(lambda i: (i,))
    if isinstance(template, ExternalExecutionResultEvent):
        fields["execution_results"] = _result_item(template.execution_results[0]["id"]).map(
            lambda i: (i,)
        )
    if not isinstance(template, CustomEvent):
        fields["created_at"] = _absent_or(st.sampled_from(STAMPS))
    if not fields:
        return st.just(template)
    return st.fixed_dictionaries(fields).map(lambda changes: with_changes(template, **changes))


def _entity(event: Event) -> tuple[str, str]:
    for field in ("block_id", "tool_call_id"):
        if hasattr(event, field):
            return (field, str(getattr(event, field)))
    for field in ("tool_calls", "execution_results"):
        if hasattr(event, field):
            return ("tool_call_id", str(getattr(event, field)[0]["id"]))
    if hasattr(event, "confirm_results"):
        return ("tool_call_id", str(event.confirm_results[0]["tool_call"]["id"]))
    return ("reply", "")


def entity_of(event: Event) -> tuple[str, str]:
    """Return the entity a template names: ``(field, id)``, or ``("reply", "")``."""
    return _entity(event)


@st.composite
def guided(
    draw: st.DrawFn, templates: Sequence[Event], entity: tuple[str, str] | None = None
) -> Event:
    """Pick one of ``templates``: an entity (unless given), a kind, a variant.

    Drawing level by level keeps the many block and tool-result variants from
    crowding out the few events that move one tool call forward; half the
    time deltas are left out, so that lifecycles go deep.
    """
    if entity is None:
        entity = draw(st.sampled_from(sorted({_entity(t) for t in templates})))
    mine = [t for t in templates if _entity(t) == entity]
    kind = draw(st.sampled_from(_kinds_to_draw(mine, skip_deltas=draw(st.booleans()))))
    return draw(st.sampled_from([t for t in mine if kind == t.KIND]))


def _kinds_to_draw(templates: Sequence[Event], *, skip_deltas: bool) -> list[str]:
    """The sorted kinds of ``templates``; with ``skip_deltas``, those that are not deltas,
    unless every one is."""
    kinds = sorted({t.KIND for t in templates})
    onward = [kind for kind in kinds if not kind.endswith("_delta")]
    return onward if skip_deltas and onward else kinds


@st.composite
def legal_streams(draw: st.DrawFn, max_events: int = 30) -> list[Event]:
    """Whole streams the tables allow: each event is one the oracle accepts with no diagnostic.

    Each step draws a kind the oracle allows now, then an id; the stream may
    end with a REPLY_END.
    """
    model = OracleModel()
    events: list[Event] = []
    size = draw(st.integers(0, max_events))
    while len(events) < size:
        allowed = [t for t in TEMPLATES if t.KIND != "reply_end" and model.judge(t).legal]
        if not allowed:
            break
        event = draw(guided(allowed).flatmap(filled))
        verdict = model.judge(event)
        if verdict.legal:
            model.commit(event, verdict)
            events.append(event)
    if draw(st.booleans()):
        end = draw(events_of_kind("reply_end"))
        if model.judge(end).legal:
            events.append(end)
    return events


# ------------------------------------------------------------------ rechunking

_TEXT_FIELD: Final = {
    "text_block_delta": "block_id",
    "thinking_block_delta": "block_id",
    "tool_call_delta": "tool_call_id",
    "tool_result_text_delta": "tool_call_id",
}


def _target(event: Event) -> tuple[str, str] | None:
    field = _TEXT_FIELD.get(event.KIND)
    if field is not None:
        return (event.KIND, getattr(event, field))
    if isinstance(event, DataBlockDeltaEvent) and isinstance(event.data, str):
        return (event.KIND, event.block_id)
    return None


def _pieces(draw: st.DrawFn, whole: Sequence[Any], empty: Any) -> list[Any]:
    cuts = sorted(draw(st.lists(st.integers(0, len(whole)), max_size=4)))
    bounds = [0, *cuts, len(whole)]
    return [whole[a:b] for a, b in itertools.pairwise(bounds)] or [empty]


@st.composite
def rechunked(draw: st.DrawFn, events: Sequence[Event]) -> list[Event]:
    """Re-split a stream's content without changing its meaning.

    Each run of consecutive deltas to one target (a text, thinking or data
    block, a tool call's input, a tool result's text) is joined, then split
    again at drawn points; data-block bytes are re-encoded per piece. URL
    deltas, tool-result data chunks and every other event stay as they are.
    """
    result: list[Event] = []
    for _target_key, group in itertools.groupby(events, key=_target):
        run = list(group)
        if _target_key is None:
            result.extend(run)
            continue
        first = run[0]
        if isinstance(first, DataBlockDeltaEvent):
            joined = b"".join(valid_base64(getattr(e, "data", "")) or b"" for e in run)
            for piece in _pieces(draw, joined, b""):
                encoded = base64.b64encode(piece).decode("ascii")
                result.append(with_changes(first, data=encoded))
            continue
        text = "".join(getattr(e, "delta", "") for e in run)
        result.extend(with_changes(first, delta=piece) for piece in _pieces(draw, text, ""))
    return result


#: The 64 characters of standard base64, in the order of their 6-bit values.
BASE64_ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _stray_pad_bits() -> st.SearchStrategy[str]:
    """The padded encoding of 1 to 5 bytes with the character before its padding replaced
    by any other one whose bits past the last byte are not all zero."""

    def replaced(raw: bytes, value: int) -> str:
        encoded = base64.b64encode(raw).decode("ascii")
        last = len(encoded.rstrip("=")) - 1
        return encoded[:last] + BASE64_ALPHABET[value] + encoded[last + 1 :]

    lengths = st.sampled_from((1, 2, 4, 5))
    raws = lengths.flatmap(lambda n: st.binary(min_size=n, max_size=n))
    return st.builds(replaced, raws, st.integers(0, 63)).filter(
        lambda chunk: valid_base64(chunk) is None
    )
