"""The hand-written reduce streams: one per code, event type, action and rule of spec/README.md.

Each case is AgentScope 2.0.11 wire JSON (optional keys mostly left to their
defaults) unless it is tagged ``invalid-field``. :mod:`streamspec.reply._reduce_vectors`
runs them through the reference reducer and writes the vectors.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

__all__ = ["CASES", "Case"]

R: Final = "r1"
JsonObject = dict[str, Any]


@attrs.frozen(kw_only=True)
class Case:
    """One curated stream and where its vector goes."""

    name: str
    description: str
    events: list[JsonObject]
    level: str = "must"
    options: JsonObject = attrs.field(factory=lambda: {"reply_id": R})
    tags: tuple[str, ...] = ()
    each: bool = False


def ev(type_: str, **fields: Any) -> JsonObject:
    """An event of reply ``r1`` (CUSTOM has no reply id)."""
    return {"type": type_, **({"reply_id": R} if type_ != "CUSTOM" else {}), **fields}


def call_block(call_id: str, **fields: Any) -> JsonObject:
    """A ToolCallBlock as batch events carry it."""
    return {"type": "tool_call", "id": call_id, "name": "f", "input": "{}", **fields}


def rule(behavior: str = "ask") -> JsonObject:
    """A PermissionRule."""
    return {"tool_name": "f", "rule_content": None, "behavior": behavior, "source": "user"}


def call(call_id: str, *, end: bool = True, deltas: tuple[str, ...] = ()) -> list[JsonObject]:
    """A streamed tool call: start, input deltas, and (by default) its end."""
    events = [ev("TOOL_CALL_START", tool_call_id=call_id, tool_call_name="f")]
    events += [ev("TOOL_CALL_DELTA", tool_call_id=call_id, delta=d) for d in deltas]
    return events + ([ev("TOOL_CALL_END", tool_call_id=call_id)] if end else [])


def text(block_id: str, *deltas: str) -> list[JsonObject]:
    """A whole text block."""
    return [
        ev("TEXT_BLOCK_START", block_id=block_id),
        *(ev("TEXT_BLOCK_DELTA", block_id=block_id, delta=d) for d in deltas),
        ev("TEXT_BLOCK_END", block_id=block_id),
    ]


def ask(*call_ids: str) -> JsonObject:
    """REQUIRE_USER_CONFIRM for the calls."""
    return ev("REQUIRE_USER_CONFIRM", tool_calls=[call_block(c) for c in call_ids])


def answer(**confirmed: bool) -> JsonObject:
    """USER_CONFIRM_RESULT: ``call id -> confirmed``."""
    results = [{"confirmed": ok, "tool_call": call_block(c)} for c, ok in confirmed.items()]
    return ev("USER_CONFIRM_RESULT", confirm_results=results)


def submit(*call_ids: str) -> JsonObject:
    """REQUIRE_EXTERNAL_EXECUTION for the calls."""
    return ev("REQUIRE_EXTERNAL_EXECUTION", tool_calls=[call_block(c) for c in call_ids])


def external(call_id: str, output: Any = "ok", state: str = "success") -> JsonObject:
    """EXTERNAL_EXECUTION_RESULT with one complete result block."""
    result = {"type": "tool_result", "id": call_id, "name": "f", "output": output, "state": state}
    return ev("EXTERNAL_EXECUTION_RESULT", execution_results=[result])


def result(call_id: str, *deltas: str, state: str = "success") -> list[JsonObject]:
    """A streamed tool result with text deltas."""
    texts = (ev("TOOL_RESULT_TEXT_DELTA", tool_call_id=call_id, delta=d) for d in deltas)
    return result_of(call_id, *texts, state=state)


def result_of(call_id: str, *chunks: JsonObject, state: str = "success") -> list[JsonObject]:
    """A streamed tool result: its start, ``chunks`` (text or data deltas), its end."""
    return [
        ev("TOOL_RESULT_START", tool_call_id=call_id, tool_call_name="f"),
        *chunks,
        ev("TOOL_RESULT_END", tool_call_id=call_id, state=state),
    ]


def data(block_id: str, **source: str) -> JsonObject:
    """A DATA_BLOCK_DELTA with ``data=`` or ``url=``."""
    return ev("DATA_BLOCK_DELTA", block_id=block_id, media_type="image/png", **source)


def result_data(call_id: str, **fields: str) -> JsonObject:
    """A TOOL_RESULT_DATA_DELTA (``block_id``, ``data`` or ``url``)."""
    return ev(
        "TOOL_RESULT_DATA_DELTA", tool_call_id=call_id, **{"media_type": "image/png", **fields}
    )


END: Final = ev("REPLY_END", session_id="s", created_at="2026-01-01T12:00:00")
START: Final = ev("REPLY_START", session_id="s", name="Friday", created_at="2026-01-01T11:59:00")
DATA_START: Final = ev("DATA_BLOCK_START", block_id="d", media_type="image/png")


def _cases(*cases: Case) -> dict[str, Case]:
    found: dict[str, Case] = {}
    for case in cases:
        if case.name in found:
            raise ValueError(f"two reduce cases are called {case.name!r}")
        found[case.name] = case
    return found


#: Every curated case, by name.
CASES: Final = _cases(
    # ------------------------------------------------------------ one per code
    Case(
        name="duplicate-start",
        description="A second TEXT_BLOCK_START for one id is rejected; no second block.",
        events=[ev("TEXT_BLOCK_START", block_id="b"), ev("TEXT_BLOCK_START", block_id="b"), END],
    ),
    Case(
        name="delta-after-end",
        description="A delta after the block ended is rejected and the text is unchanged.",
        events=[*text("b"), ev("TEXT_BLOCK_DELTA", block_id="b", delta="late"), END],
    ),
    Case(
        name="unknown-block",
        description="A delta for a block never started is rejected.",
        events=[ev("TEXT_BLOCK_DELTA", block_id="ghost", delta="x"), END],
    ),
    Case(
        name="after-reply-end",
        description="Every event after REPLY_END is rejected, CUSTOM included.",
        events=[END, ev("TEXT_BLOCK_START", block_id="b"), ev("CUSTOM", name="n", value={})],
    ),
    Case(
        name="reply-id-mismatch",
        description="An event of another reply is rejected; its reply_id is the diagnostic's key.",
        events=[
            ev("TEXT_BLOCK_START", block_id="b"),
            {**ev("TEXT_BLOCK_END", block_id="b"), "reply_id": "r2"},
            END,
        ],
    ),
    Case(
        name="duplicate-end",
        description="A second end of a block, of a tool call's input and of a tool result is "
        "rejected; the first end's effects stay.",
        events=[
            *text("b", "hi"),
            ev("TEXT_BLOCK_END", block_id="b", text="changed"),
            *call("c"),
            ev("TOOL_CALL_END", tool_call_id="c"),
            *result("c", "done"),
            ev("TOOL_RESULT_END", tool_call_id="c", state="error"),
            END,
        ],
    ),
    Case(
        name="unknown-tool-call",
        description="Input, an end, a confirmation request and a result for a call that never "
        "started are rejected.",
        events=[
            ev("TOOL_CALL_DELTA", tool_call_id="ghost", delta="{"),
            ev("TOOL_CALL_END", tool_call_id="ghost"),
            ask("ghost"),
            ev("TOOL_RESULT_START", tool_call_id="ghost", tool_call_name="f"),
            END,
        ],
    ),
    Case(
        name="unknown-tool-result",
        description="Result deltas and an end for a call whose result never started are rejected.",
        events=[
            *call("c"),
            ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="x"),
            result_data("c", data="YWJj"),
            ev("TOOL_RESULT_END", tool_call_id="c", state="success"),
            END,
        ],
    ),
    Case(
        name="input-still-streaming",
        description="A confirmation request and a result for a call whose input has not ended "
        "are rejected; the call keeps streaming.",
        events=[
            *call("c", end=False, deltas=('{"a"',)),
            ask("c"),
            ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            ev("TOOL_CALL_DELTA", tool_call_id="c", delta=": 1}"),
            ev("TOOL_CALL_END", tool_call_id="c"),
            END,
        ],
    ),
    Case(
        name="confirm-not-asked",
        description="A confirmation result for a call that was never asked is rejected.",
        events=[*call("c"), answer(c=True), END],
    ),
    Case(
        name="not-submitted",
        description="An external result for a call that was not submitted for external "
        "execution is rejected and appends nothing.",
        events=[*call("c"), external("c"), END],
    ),
    Case(
        name="duplicate-result",
        description="A second result start for a finished call and an external result for a "
        "call whose result already started are duplicate results.",
        events=[
            *call("a"),
            *result("a", "one"),
            ev("TOOL_RESULT_START", tool_call_id="a", tool_call_name="f"),
            *call("b"),
            submit("b"),
            ev("TOOL_RESULT_START", tool_call_id="b", tool_call_name="f"),
            external("b"),
            ev("TOOL_RESULT_END", tool_call_id="b", state="success"),
            END,
        ],
    ),
    Case(
        name="result-end-running",
        description="A tool result cannot end with state running (invalid_result_state); a "
        "final state then ends it.",
        events=[
            *call("c"),
            ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            ev("TOOL_RESULT_END", tool_call_id="c", state="running"),
            ev("TOOL_RESULT_END", tool_call_id="c", state="error"),
            END,
        ],
    ),
    Case(
        name="illegal-transition",
        description="Asking again for a call already asking, or asking for one already allowed, "
        "has no more specific code: illegal_transition.",
        events=[
            *call("a"),
            ask("a"),
            ask("a"),
            *call("b"),
            ask("b"),
            answer(b=True),
            ask("b"),
            END,
        ],
    ),
    Case(
        name="batch-items",
        description="A batch applies its legal items; an unknown call and a repeated id are "
        "rejected per item, in item order.",
        events=[*call("a"), *call("b"), ask("a", "ghost", "a", "b"), END],
    ),
    Case(
        name="invalid-base64",
        description="A data-block chunk that is not canonical base64 is rejected with its chunk "
        "index (the number of chunks the block already holds).",
        events=[
            DATA_START,
            data("d", data="YWJj"),
            data("d", data="x"),
            ev("DATA_BLOCK_END", block_id="d"),
            END,
        ],
    ),
    Case(
        name="mixed-data-source",
        description="Base64 data after a URL replaced a data block's source is rejected.",
        events=[
            DATA_START,
            data("d", url="https://example.com/a.png"),
            data("d", data="YWJj"),
            ev("DATA_BLOCK_END", block_id="d"),
            END,
        ],
    ),
    Case(
        name="unknown-type",
        description="An unknown event type is a warning, named by its wire type, and changes "
        "nothing; it is judged before the reply id and the reply's end.",
        events=[ev("TOOL_PROGRESS", pct=50), END, {"type": "TOOL_PROGRESS", "reply_id": "r9"}],
    ),
    # ------------------------------------------------------------ event types
    Case(
        name="reply-events",
        description="REPLY_START names the message; MODEL_CALL_START, USER_INTERRUPT, "
        "EXCEED_MAX_ITERS and CUSTOM change nothing; REPLY_END sets finished_at, "
        "finished_reason and error.",
        events=[
            START,
            ev("MODEL_CALL_START", model_name="m"),
            ev("USER_INTERRUPT"),
            ev("EXCEED_MAX_ITERS", name="Friday"),
            ev("CUSTOM", name="state_updated", value={"n": 1}),
            ev("CUSTOM", name="no_value"),
            ev(
                "REPLY_END",
                session_id="s",
                created_at="2026-01-01T12:00:00",
                finished_reason="error",
                error={"type": "upstream", "message": "model unavailable"},
            ),
        ],
        each=True,
    ),
    Case(
        name="usage",
        description="MODEL_CALL_END adds its tokens; cache counts appear once an event reports "
        "them and then add up.",
        events=[
            ev("MODEL_CALL_END", input_tokens=3, output_tokens=4),
            ev("MODEL_CALL_END", input_tokens=1, output_tokens=1, cache_input_tokens=2),
            ev(
                "MODEL_CALL_END",
                input_tokens=1,
                output_tokens=1,
                cache_creation_input_tokens=5,
                finished_reason="interrupted",
            ),
            END,
        ],
        each=True,
    ),
    Case(
        name="exact-integers",
        description="Integers past 64 bits are exact: token counts sum without rounding, and "
        "a result's metadata is dumped digit for digit (spec/README.md §1).",
        events=[
            ev("MODEL_CALL_END", input_tokens=2**64 + 1, output_tokens=10**30 + 7),
            ev("MODEL_CALL_END", input_tokens=2**64 - 1, output_tokens=1),
            *call("c"),
            ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            ev(
                "TOOL_RESULT_END",
                tool_call_id="c",
                state="success",
                metadata={"id": 2**70 + 1, "low": -(2**63) - 1},
            ),
            END,
        ],
    ),
    Case(
        name="text-and-thinking",
        description="Text and thinking blocks with the same id are two blocks with their own "
        "states; a text end with text replaces the deltas.",
        events=[
            ev("THINKING_BLOCK_START", block_id="b"),
            ev("TEXT_BLOCK_START", block_id="b"),
            ev("THINKING_BLOCK_DELTA", block_id="b", delta="let me "),
            ev("TEXT_BLOCK_DELTA", block_id="b", delta="Hel"),
            ev("THINKING_BLOCK_DELTA", block_id="b", delta="think"),
            ev("TEXT_BLOCK_DELTA", block_id="b", delta="lo, wörld ✓"),
            ev("THINKING_BLOCK_END", block_id="b"),
            ev("TEXT_BLOCK_END", block_id="b", text="Hello"),
            ev("TEXT_BLOCK_START", block_id="c"),
            ev("TEXT_BLOCK_DELTA", block_id="c", delta=""),
            ev("TEXT_BLOCK_END", block_id="c", text=None),
            END,
        ],
        each=True,
    ),
    Case(
        name="hint-blocks",
        description="HINT_BLOCK appends a complete hint (a string or a list of text and data "
        "blocks), closed at once; a second hint with the same id is a duplicate start.",
        events=[
            ev("HINT_BLOCK", block_id="h1", hint="think again", source="team"),
            ev(
                "HINT_BLOCK",
                block_id="h2",
                hint=[
                    {"type": "text", "text": "see"},
                    {
                        "type": "data",
                        "source": {
                            "type": "url",
                            "url": "https://example.com/a.png",
                            "media_type": "image/png",
                        },
                    },
                ],
            ),
            ev("HINT_BLOCK", block_id="h1", hint="again"),
            ev("TEXT_BLOCK_DELTA", block_id="h1", delta="x"),
            END,
        ],
    ),
    Case(
        name="data-blocks",
        description="Base64 chunks join as bytes and are re-encoded; a URL replaces the source "
        "(URL after URL too); the start's name is kept.",
        events=[
            ev("DATA_BLOCK_START", block_id="d", media_type="image/png", name="plot.png"),
            data("d", data="YQ=="),
            data("d", data=""),
            data("d", data="YmM="),
            ev("DATA_BLOCK_END", block_id="d"),
            ev("DATA_BLOCK_START", block_id="u", media_type="image/png"),
            data("u", url="https://example.com/1.png"),
            ev(
                "DATA_BLOCK_DELTA",
                block_id="u",
                media_type="image/jpeg",
                url="https://example.com/2.jpg",
            ),
            ev("DATA_BLOCK_END", block_id="u"),
            END,
        ],
        each=True,
    ),
    Case(
        name="base64-edge-cases",
        description="Excess padding, padding inside a chunk, missing padding and non-zero pad "
        "bits are rejected; an empty chunk is valid and counts as a chunk.",
        events=[
            DATA_START,
            data("d", data=""),
            data("d", data="YWJj===="),
            data("d", data="YQ==="),
            data("d", data="YQ==YWJj"),
            data("d", data="YQ"),
            data("d", data="YR=="),
            data("d", data="YW Jj"),
            data("d", data="YWJj"),
            ev("DATA_BLOCK_END", block_id="d"),
            END,
        ],
    ),
    Case(
        name="url-after-empty-chunk",
        description="An empty base64 chunk adds no bytes, so a URL may still replace the source; "
        "base64 after a URL is mixed.",
        events=[
            DATA_START,
            data("d", data=""),
            data("d", url="https://example.com/a.png"),
            data("d", data=""),
            END,
        ],
    ),
    # ------------------------------------------------------------ tool calls
    Case(
        name="approved-call",
        description="A call streams its input, is asked with suggested rules, approved, and its "
        "result streams text and data sub-blocks with generated ids.",
        events=[
            START,
            *call("c", deltas=('{"city": ', '"Paris"}')),
            ev(
                "REQUIRE_USER_CONFIRM",
                tool_calls=[call_block("c", suggested_rules=[rule("allow")], state="asking")],
            ),
            answer(c=True),
            ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="sun"),
            ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="ny"),
            result_data("c", data="YWJj"),
            result_data("c", block_id="img", data="YQ=="),
            result_data("c", block_id="img", media_type="", data="YmM="),
            result_data("c", url="https://example.com/map.png"),
            ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="!"),
            ev("TOOL_RESULT_END", tool_call_id="c", state="success", metadata={"took_ms": 12}),
            END,
        ],
        each=True,
    ),
    Case(
        name="denied-call",
        description="A denied call is settled: no warning at the end; a result with state denied "
        "may follow and finishes it.",
        events=[
            *call("c"),
            ev("REQUIRE_USER_CONFIRM", tool_calls=[call_block("c", suggested_rules=[rule()])]),
            answer(c=False),
            *result("c", "denied by user", state="denied"),
            END,
        ],
    ),
    Case(
        name="external-execution",
        description="A submitted call takes one external result block as given, and the call is "
        "resolved externally; a second external result is a duplicate.",
        events=[
            *call("c"),
            submit("c"),
            external("c", output=[{"type": "text", "id": "t", "text": "42"}]),
            external("c"),
            *call("s"),
            submit("s"),
            external("s", output="plain", state="error"),
            END,
        ],
        each=True,
    ),
    Case(
        name="external-after-result-start",
        description="An external result for a call whose result already started is a duplicate "
        "result; the streamed result goes on.",
        events=[
            *call("c"),
            ask("c"),
            answer(c=True),
            ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
            submit("c"),
            external("c", output="x"),
            ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="x"),
            ev("TOOL_RESULT_END", tool_call_id="c", state="success"),
            END,
        ],
    ),
    Case(
        name="result-states",
        description="Every final result state ends a result and finishes its call, from ready, "
        "allowed and submitted alike.",
        events=[
            *call("a"),
            *result("a", state="error"),
            *call("b"),
            ask("b"),
            answer(b=True),
            *result("b", state="interrupted"),
            *call("c"),
            submit("c"),
            *result("c", state="success"),
            END,
        ],
    ),
    Case(
        name="tool-result-chunks",
        description="Same-id tool-result chunks merge; an invalid first chunk is kept verbatim "
        "and reported when a second same-id chunk arrives, with chunk index 0.",
        events=[
            *call("c"),
            *result_of(
                "c",
                result_data("c", block_id="ok", data="YWJj"),
                result_data("c", block_id="ok", data="ZGVm"),
                result_data("c", block_id="bad", data="iVBOR=="),
                result_data("c", block_id="bad", data="YWJj"),
                result_data("c", block_id="late", data="YWJj"),
                result_data("c", block_id="late", data="YWJj===="),
                result_data("c", block_id="u", url="https://example.com/a.png"),
                result_data("c", block_id="u", data="YWJj"),
                result_data("c", data="YQ=="),
                ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="done"),
            ),
            END,
        ],
    ),
    Case(
        name="tool-result-repeated-id",
        description="A chunk without block_id takes the id <call>#data-<n>; when that repeats a "
        "given id, a later chunk naming it merges into the first sub-block with that id.",
        events=[
            *call("c"),
            *result_of(
                "c",
                result_data("c", block_id="c#data-1", data="YQ=="),
                result_data("c", data="Yg=="),
                result_data("c", block_id="c#data-1", data="Yw=="),
            ),
            END,
        ],
    ),
    Case(
        name="parked-reply",
        description="A reply parked for confirmation: the asking call and the missing REPLY_END "
        "are warnings at the end of input, reply first.",
        events=[
            START,
            ev("MODEL_CALL_START", model_name="m"),
            *call("c"),
            ev("MODEL_CALL_END", input_tokens=3, output_tokens=4, cache_input_tokens=1),
            ask("c"),
        ],
    ),
    Case(
        name="end-of-input-order",
        description="End-of-input warnings come reply first, then blocks, tool calls and tool "
        "results, each in the order they were created.",
        events=[
            ev("TOOL_CALL_START", tool_call_id="z", tool_call_name="f"),
            ev("THINKING_BLOCK_START", block_id="b"),
            *call("a"),
            ev("TOOL_RESULT_START", tool_call_id="a", tool_call_name="f"),
            ev("TEXT_BLOCK_START", block_id="b"),
            DATA_START,
        ],
    ),
    # ------------------------------------------------------------ judging order
    Case(
        name="first-rejecting-route",
        description="One diagnostic per event: the first route in routing order that rejects "
        "names it (the tool call before the tool result, the reply before both).",
        events=[
            ev("TOOL_RESULT_START", tool_call_id="ghost", tool_call_name="f"),
            *call("c"),
            *result("c"),
            END,
            ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f"),
        ],
    ),
    Case(
        name="reply-id-before-machines",
        description="The reply id is judged before any machine: an event of another reply after "
        "REPLY_END is reply_id_mismatch, not after_reply_end.",
        events=[END, {**ev("TEXT_BLOCK_START", block_id="b"), "reply_id": "r2"}],
    ),
    # ------------------------------------------------------------ options
    Case(
        name="caller-options",
        description="The caller's name and role beat REPLY_START's; created_at given by the "
        "caller is kept.",
        events=[START, *text("t", "hi"), END],
        options={
            "reply_id": R,
            "name": "Caller",
            "role": "user",
            "created_at": "2025-12-31T00:00:00",
        },
    ),
    Case(
        name="caller-options-no-events",
        description="With no event the message has the caller's name and role and no id, and "
        "the reply is open at the end of input.",
        events=[],
        options={"name": "Caller", "role": "user"},
    ),
    Case(
        name="created-at-first-event",
        description="created_at is the first event's, even when that event is rejected, and "
        "never a later event's.",
        events=[
            {
                **ev("TEXT_BLOCK_DELTA", block_id="x", delta="x"),
                "created_at": "2026-01-01T10:00:00",
            },
            {**START, "created_at": "2026-01-01T11:00:00"},
            END,
        ],
    ),
    Case(
        name="created-at-not-from-unknown",
        description="An unknown first object sets no created_at though it carries one, and no "
        "later event does.",
        events=[
            {"type": "TOOL_PROGRESS", "reply_id": R, "created_at": "2026-01-01T09:00:00"},
            {**START, "created_at": "2026-01-01T11:00:00"},
            END,
        ],
    ),
    Case(
        name="created-at-not-from-unreadable",
        description="An unreadable first object sets no created_at though it carries one.",
        events=[
            {**ev("TEXT_BLOCK_DELTA", block_id="t", delta=5), "created_at": "2026-01-01T09:00:00"},
            {**START, "created_at": "2026-01-01T11:00:00"},
            END,
        ],
        tags=("invalid-field",),
    ),
    Case(
        name="created-at-absent",
        description="A first event without created_at leaves created_at null for good.",
        events=[ev("TEXT_BLOCK_START", block_id="t"), START, END],
    ),
    # ------------------------------------------------------------ invalid fields
    Case(
        name="invalid-fields",
        description="An object that breaks AgentScope's wire schema is unreadable_line: it "
        "takes its index, names every bad path, and changes nothing.",
        events=[
            ev("TEXT_BLOCK_START", block_id="t"),
            ev("TEXT_BLOCK_DELTA", block_id="t", delta=5),
            ev("TEXT_BLOCK_DELTA", block_id="t"),
            ev("REQUIRE_USER_CONFIRM", tool_calls=[{"id": "c"}]),
            ev("TOOL_RESULT_END", tool_call_id="c", state="done"),
            ev(
                "DATA_BLOCK_DELTA",
                block_id="d",
                media_type="image/png",
                data="YQ==",
                url="https://example.com/a.png",
            ),
            ev("REPLY_END", session_id="s", finished_reason=None),
            ev("TEXT_BLOCK_DELTA", block_id="t", delta="ok"),
            {"type": None, "reply_id": R},
            ev(
                "HINT_BLOCK",
                block_id="h",
                hint=[
                    {"type": "text", "text": 1},
                    {"type": "data", "source": {"type": "url", "url": "", "media_type": "m"}},
                    {"type": "image", "text": "x"},
                    {"text": "no type", "source": "s"},
                ],
            ),
            external("e", output=[{"type": "text"}, 7]),
            END,
        ],
        tags=("invalid-field",),
    ),
    # ------------------------------------------------------------ should: strict
    Case(
        name="strict-first-error",
        description="Strict mode raises at the first error with its diagnostic; that event and "
        "every later one have no effect.",
        events=[
            *text("b", "hi"),
            ev("TEXT_BLOCK_DELTA", block_id="b", delta="late"),
            ev("TEXT_BLOCK_START", block_id="c"),
            END,
        ],
        level="should",
        options={"reply_id": R, "strict": True},
    ),
    Case(
        name="strict-first-event",
        description="In strict mode the first event's created_at is still the message's when "
        "that event raises: the stamp comes before the judgement.",
        events=[
            {
                **ev("TEXT_BLOCK_DELTA", block_id="x", delta="x"),
                "created_at": "2026-01-01T10:00:00",
            },
            END,
        ],
        level="should",
        options={"reply_id": R, "strict": True},
    ),
    Case(
        name="strict-batch",
        description="Strict mode raises on the first rejected batch item; no item of that event "
        "applies.",
        events=[*call("a"), ask("a", "ghost"), END],
        level="should",
        options={"reply_id": R, "strict": True},
    ),
    Case(
        name="strict-warnings",
        description="Strict mode raises only for errors: an unknown type is recorded and the "
        "fold goes on to the end-of-input warnings.",
        events=[ev("TOOL_PROGRESS", pct=5), ev("TEXT_BLOCK_START", block_id="t")],
        level="should",
        options={"reply_id": R, "strict": True},
    ),
    # ------------------------------------------------------------ may: adoption
    Case(
        name="adopt-reply-id",
        description="With no reply_id given, the first event that carries one names the reply "
        "(CUSTOM carries none); later events of other replies are mismatches.",
        events=[
            ev("CUSTOM", name="n", value={}),
            {**ev("TEXT_BLOCK_START", block_id="t"), "reply_id": "r7"},
            ev("TEXT_BLOCK_START", block_id="u"),
            {**END, "reply_id": "r7"},
        ],
        level="may",
        options={},
    ),
    Case(
        name="adopt-from-rejected-event",
        description="The reply id is adopted from the first event that carries one, even when a "
        "machine then rejects that event.",
        events=[
            {**ev("TEXT_BLOCK_END", block_id="ghost"), "reply_id": "r7"},
            {**ev("TEXT_BLOCK_START", block_id="t"), "reply_id": "r7"},
            {**ev("TEXT_BLOCK_START", block_id="u"), "reply_id": "r8"},
        ],
        level="may",
        options={},
    ),
)
