"""Strategies for the stateful rules that aim at one corner: caller options, long blocks, chunks.

Rules:

1. :func:`caller_options` draws any subset of ``name``, ``role`` and
   ``created_at`` (never ``reply_id``: the reply is adopted from its events).
2. :func:`block_runs` gives a block a start, many deltas, its end and then
   late input, so that deep block states and ``delta_after_end`` come often;
   half the time one delta also comes for another reply, mid-stream.
3. :func:`result_data_deltas` aims chunks at one running tool result: new
   and same-id sub-blocks, valid, empty and invalid chunks, URLs, empty media
   types, so that every merge rule of ``spec/README.md`` §6 is met.
4. :func:`bulk_runs` gives a text, thinking or tool-call input, or a tool
   result's text, a start, one delta repeated a few, about
   :data:`TIER` or thousands of times (past :data:`BULK_LONG` appends,
   so a text kept in tiers fills every tier) and, three times in four, an
   end (a text's end half the time with a ``text`` that replaces it); or a
   data block every padded chunk whose last character before its padding is
   any of the 64 (so every pad-bit rule of ``spec/README.md`` §6 is met), for
   one ``apply_all`` call. A run left open shows the tiers to invariants.
5. :func:`tool_call_scenarios` walks one tool call through a whole life the
   tables allow (asked, answered, submitted, answered externally, a streamed
   result) and then sends it late input.
"""

from __future__ import annotations

from typing import Any, Final

from hypothesis import strategies as st

from streamspec._events import (
    ABSENT,
    DataBlockDeltaEvent,
    DataBlockEndEvent,
    DataBlockStartEvent,
    Event,
    ExternalExecutionResultEvent,
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
    UserConfirmResultEvent,
)
from streamspec.testing._strategies import (
    BASE64_ALPHABET,
    BLOCK_IDS,
    REPLY_ID,
    RESULT_BLOCK_IDS,
    RESULT_STATES,
    STAMPS,
    TOOL_CALL_IDS,
    base64_chunks,
    batch_item,
    events_of_kind,
    invalid_base64_chunks,
    media_types,
    text_deltas,
    urls,
    with_changes,
    with_wrong_reply_id,
)

__all__ = [
    "BULK_LONG",
    "TIER",
    "block_runs",
    "bulk_runs",
    "caller_options",
    "result_data_deltas",
    "tool_call_scenarios",
]

#: The batch size of a text held in tiers (the reference reducer joins every 64 deltas).
TIER: Final = 64

#: A long bulk run repeats its delta at least this many times (a full tier of batches, and one).
BULK_LONG: Final = TIER * TIER + 1


def caller_options() -> st.SearchStrategy[dict[str, str]]:
    """Caller options: any of ``name``, ``role`` and ``created_at``, never ``reply_id``."""
    return st.fixed_dictionaries(
        {},
        optional={
            "name": st.sampled_from(("caller", "")),
            "role": st.sampled_from(("user", "assistant", "system")),
            "created_at": st.just("2025-12-31T23:59:59"),
        },
    )


_BLOCK_KINDS: Final = {
    "text": (TextBlockStartEvent, TextBlockDeltaEvent, TextBlockEndEvent),
    "thinking": (ThinkingBlockStartEvent, ThinkingBlockDeltaEvent, ThinkingBlockEndEvent),
}


def _block_delta(kind: str, block_id: str) -> st.SearchStrategy[Event]:
    if kind == "data":
        return events_of_kind("data_block_delta").map(lambda e: with_changes(e, block_id=block_id))
    cls = _BLOCK_KINDS[kind][1]
    return text_deltas().map(lambda d: cls(reply_id=REPLY_ID, block_id=block_id, delta=d))


@st.composite
def block_runs(draw: st.DrawFn) -> list[Event]:
    """A block's start, many deltas, its end (a text's half the time with the ``text`` that
    replaces it), then a late delta (and maybe a second end)."""
    kind = draw(st.sampled_from(("text", "thinking", "data")))
    block_id = draw(st.sampled_from(BLOCK_IDS))
    if kind == "data":
        start: Event = DataBlockStartEvent(
            reply_id=REPLY_ID, block_id=block_id, media_type=draw(media_types())
        )
        end: Event = DataBlockEndEvent(reply_id=REPLY_ID, block_id=block_id)
    else:
        start_cls, _, end_cls = _BLOCK_KINDS[kind]
        start = start_cls(reply_id=REPLY_ID, block_id=block_id)
        end = end_cls(reply_id=REPLY_ID, block_id=block_id)
        if kind == "text" and draw(st.booleans()):
            end = with_changes(end, text=draw(st.sampled_from(("", "cut short"))))
    deltas = draw(st.lists(_block_delta(kind, block_id), min_size=2, max_size=8))
    late = draw(st.lists(st.one_of(_block_delta(kind, block_id), st.just(end)), max_size=2))
    return [_stamped(draw, start), *_with_foreign(draw, deltas), end, *late]


@st.composite
def bulk_runs(draw: st.DrawFn) -> list[Event]:
    """A run of one delta a few, about 64 or thousands of times, or a sweep of pad bits."""
    kind = draw(st.sampled_from(_BULK_KINDS))
    if kind == "data":
        return _pad_bit_sweep(draw)
    times = draw(
        st.one_of(
            st.integers(1, 80),
            st.sampled_from(_TIER_EDGES),
            st.integers(BULK_LONG, BULK_LONG + 80),
        )
    )
    opening, delta, end = _bulk_parts(draw, kind)
    ends = draw(st.integers(0, 3)) > 0
    return [*opening, *[delta] * times, *([end] if ends else [])]


_BULK_KINDS: Final = ("text", "thinking", "tool_call", "tool_result", "data")

#: Delta counts at which a text's tiers fill: one short of, at and one past a full
#: batch, two batches, and a full tier of batches.
_TIER_EDGES: Final = (TIER - 1, TIER, TIER + 1, 2 * TIER, TIER * TIER - 1, TIER * TIER)


def _bulk_parts(draw: st.DrawFn, kind: str) -> tuple[list[Event], Event, Event]:
    """The events that open ``kind``'s text, the delta to repeat, and the end."""
    r, text = REPLY_ID, draw(st.sampled_from("ab"))
    if kind in _BLOCK_KINDS:
        start_cls, delta_cls, end_cls = _BLOCK_KINDS[kind]
        block_id = draw(st.sampled_from(BLOCK_IDS))
        replaced: Any = draw(st.sampled_from((ABSENT, "cut short")))
        end: Event = end_cls(reply_id=r, block_id=block_id)
        if kind == "text" and replaced is not ABSENT:
            end = TextBlockEndEvent(reply_id=r, block_id=block_id, text=replaced)
        start = start_cls(reply_id=r, block_id=block_id)
        return [start], delta_cls(reply_id=r, block_id=block_id, delta=text), end
    call = draw(st.sampled_from(TOOL_CALL_IDS))
    opening: list[Event] = [ToolCallStartEvent(reply_id=r, tool_call_id=call, tool_call_name="f")]
    if kind == "tool_call":
        delta: Event = ToolCallDeltaEvent(reply_id=r, tool_call_id=call, delta=text)
        return opening, delta, ToolCallEndEvent(reply_id=r, tool_call_id=call)
    opening += [
        ToolCallEndEvent(reply_id=r, tool_call_id=call),
        ToolResultStartEvent(reply_id=r, tool_call_id=call, tool_call_name="f"),
    ]
    delta = ToolResultTextDeltaEvent(reply_id=r, tool_call_id=call, delta=text)
    state = draw(st.sampled_from([s for s in RESULT_STATES if s != "running"]))
    return opening, delta, ToolResultEndEvent(reply_id=r, tool_call_id=call, state=state)


def _pad_bit_sweep(draw: st.DrawFn) -> list[Event]:
    """A data block's start, then ``A?==`` and ``AA?=`` for each of the 64 characters ``?``
    in a drawn order, and its end: the canonical ones are legal, the others not."""
    r, block_id = REPLY_ID, draw(st.sampled_from(BLOCK_IDS))
    chunks = [f"A{c}==" for c in BASE64_ALPHABET] + [f"AA{c}=" for c in BASE64_ALPHABET]
    media = draw(media_types())
    deltas: list[Event] = [
        DataBlockDeltaEvent(reply_id=r, block_id=block_id, media_type=media, data=chunk)
        for chunk in draw(st.permutations(chunks))
    ]
    start = DataBlockStartEvent(reply_id=r, block_id=block_id, media_type=media)
    return [start, *deltas, DataBlockEndEvent(reply_id=r, block_id=block_id)]


def _stamped(draw: st.DrawFn, event: Event) -> Event:
    """Half the time, ``event`` with a ``created_at`` (it names the message's if it comes first)."""
    return with_changes(event, created_at=STAMPS[0]) if draw(st.booleans()) else event


def _with_foreign(draw: st.DrawFn, deltas: list[Event]) -> list[Event]:
    """Half the time, put a copy of one delta for another reply somewhere among ``deltas``."""
    if not deltas or not draw(st.booleans()):
        return deltas
    foreign = with_wrong_reply_id(draw(st.sampled_from(deltas)))
    at = draw(st.integers(0, len(deltas)))
    return [*deltas[:at], foreign, *deltas[at:]]


@st.composite
def result_data_deltas(draw: st.DrawFn, call_id: str, fresh_id: str = "dx") -> list[Event]:
    """Tool-result data chunks for ``call_id``: fresh and same-id sub-blocks, any source.

    ``fresh_id`` names a sub-block the result does not hold yet, if the caller knows one.

    Chunks are valid, empty, invalid or URLs, media types sometimes empty, so
    merges meet every rule of ``spec/README.md`` §6.
    """
    valid = base64_chunks().map(lambda chunk: {"data": chunk})
    sources = st.one_of(
        valid,
        valid,
        valid,
        st.just({"data": ""}),
        invalid_base64_chunks().map(lambda chunk: {"data": chunk}),
        invalid_base64_chunks().map(lambda chunk: {"data": chunk}),
        urls().map(lambda url: {"url": url}),
    )
    first, second = RESULT_BLOCK_IDS
    any_id: st.SearchStrategy[Any] = st.sampled_from((ABSENT, first, first, first, second))
    # Most lists aim every chunk at one sub-block, often a fresh one (ids past the
    # pool), and open it with a valid chunk, so that merges are the rule.
    focus = draw(st.sampled_from((fresh_id, fresh_id, first, second, None)))
    block_ids = any_id if focus is None else st.just(focus)
    template = ToolResultDataDeltaEvent(
        reply_id=REPLY_ID, tool_call_id=call_id, media_type="", data=""
    )

    def chunk(
        source: st.SearchStrategy[dict[str, str]], media: st.SearchStrategy[str]
    ) -> st.SearchStrategy[Event]:
        return st.tuples(block_ids, media, source).map(
            lambda t: with_changes(
                template, block_id=t[0], media_type=t[1], **{"data": ABSENT, "url": ABSENT, **t[2]}
            )
        )

    opening = draw(chunk(st.one_of(valid, valid, sources), media_types()))
    # A merged chunk's empty media type keeps the sub-block's: make it common.
    merged = st.one_of(st.just(""), media_types())
    return [opening, *draw(st.lists(chunk(sources, merged), max_size=4))]


def _one(kind: str, call_id: str) -> st.SearchStrategy[tuple[Any, ...]]:
    return batch_item(kind, call_id).map(lambda item: (item,))


@st.composite
def tool_call_scenarios(draw: st.DrawFn, call_id: str) -> list[Event]:
    """One tool call's life: started, input streamed and ended, maybe asked and answered,
    maybe submitted and answered externally, maybe a streamed result, then late input.

    Each step is one the tables allow when the call was absent, so runs reach
    ``asking``, ``allowed``, ``denied``, ``submitted``, ``resolved_externally``
    and ``finished``; the late events probe the states after them.
    """
    r = REPLY_ID
    start = ToolCallStartEvent(reply_id=r, tool_call_id=call_id, tool_call_name="f")
    events: list[Event] = [_stamped(draw, start)]
    inputs: list[Event] = [
        ToolCallDeltaEvent(reply_id=r, tool_call_id=call_id, delta=delta)
        for delta in draw(st.lists(text_deltas(), max_size=3))
    ]
    events.extend(_with_foreign(draw, inputs))
    events.append(ToolCallEndEvent(reply_id=r, tool_call_id=call_id))
    if draw(st.booleans()):
        events.append(
            RequireUserConfirmEvent(
                reply_id=r, tool_calls=draw(_one("require_user_confirm", call_id))
            )
        )
        answer = draw(_one("user_confirm_result", call_id))
        events.append(UserConfirmResultEvent(reply_id=r, confirm_results=answer))
    if draw(st.booleans()):
        events.append(
            RequireExternalExecutionEvent(
                reply_id=r, tool_calls=draw(_one("require_external_execution", call_id))
            )
        )
        if draw(st.booleans()):
            results = draw(_one("external_execution_result", call_id))
            events.append(ExternalExecutionResultEvent(reply_id=r, execution_results=results))
    if draw(st.booleans()):
        events.append(ToolResultStartEvent(reply_id=r, tool_call_id=call_id, tool_call_name="f"))
        for _ in range(draw(st.integers(0, 2))):
            if draw(st.booleans()):
                events.extend(draw(result_data_deltas(call_id)))
            else:
                delta = draw(text_deltas())
                events.append(
                    ToolResultTextDeltaEvent(reply_id=r, tool_call_id=call_id, delta=delta)
                )
        if draw(st.booleans()):  # else the result stays running, for later chunks
            state = draw(st.sampled_from(RESULT_STATES))
            events.append(ToolResultEndEvent(reply_id=r, tool_call_id=call_id, state=state))
    late = st.sampled_from(
        ("tool_call_delta", "tool_call_end", "tool_result_text_delta", "tool_result_end")
    ).flatmap(
        lambda kind: events_of_kind(kind).map(lambda e: with_changes(e, tool_call_id=call_id))
    )
    events.extend(draw(st.lists(late, max_size=2)))
    return events
