"""streamspec's ``openai_chat`` importer against openai-python's own accumulator.

The same wire bytes go to the SDK (its ``Stream`` over SSE, each chunk into
``ChatCompletionStreamState``, then ``get_final_completion()``) and to
streamspec (``read_events`` + ``Reducer`` for the message, ``judge`` for the
verdict). Streams are made of the SDK's own pydantic types, serialized as the
SDK serializes them. The answers are compared facet by facet: content,
refusal, reasoning, tool calls (id, name, arguments), finish reason, usage and
status (the SDK returned, raised ``APIError`` or crashed; streamspec's
terminal state). Each facet that differs must be explained by exactly one of
:data:`KNOWN_DIFFERENCES`, chosen by what the stream holds
(:func:`classify`); each difference has its own minimal stream below.

Normalizations: a missing string (``None``) and ``""`` are the same text;
usage is compared in the verdict's fields (prompt_tokens -> input_tokens,
completion_tokens -> output_tokens, cached_tokens -> cache_input_tokens).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import attrs
import httpx2
import pytest
from hypothesis import given
from hypothesis import strategies as st
from openai import APIError, OpenAI, Stream
from openai._exceptions import ContentFilterFinishReasonError, LengthFinishReasonError
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.types import CompletionUsage, ErrorObject
from openai.types.chat import ChatCompletionChunk
from streamspec import CompletionEvent, Reducer
from streamspec._events import Event
from streamspec._resources import example_path
from streamspec.completion import judge
from streamspec.sources import read_events, reply_lines

#: difference id -> what the SDK does, and what streamspec answers instead.
KNOWN_DIFFERENCES: Final = {
    "sdk_index_by_position": "SDK files tool calls by list position, not by index: a first delta whose index is not the next free one (first call index 1, a gap, descending order) raises a bare IndexError, or makes a phantom call when another fragment of that index follows in the same chunk; streamspec reads calls by index in any order.",
    "sdk_no_chunk_assertion": "SDK's current_completion_snapshot raises a bare AssertionError when no chunk arrived (empty or [DONE]-only stream); streamspec judges no call.",
    "sdk_accepts_output_after_finish": "SDK folds text, tool calls and a later finish_reason that come after a choice finished (the later word replaces the first); streamspec rejects the chunk as a violation and keeps the first finish.",
    "sdk_accepts_call_without_identity": "SDK builds a tool call with id or name None when its first delta lacks them; streamspec rejects the delta as a violation.",
    "sdk_concatenates_repeated_identity": "SDK concatenates a tool call's id and name when a later delta repeats them (call_0call_0); streamspec keeps the call's id and name.",
    "sdk_usage_overwritten": "SDK overwrites the snapshot's usage with every later chunk's, so a chunk after the usage chunk resets it to None; streamspec keeps the last non-null usage.",
    "sdk_no_finish_accepted": "SDK's get_final_completion returns a completion with finish_reason None and no error for a stream that never finished; streamspec has no finish: no_completion_basis (no call at all when nothing was streamed).",
    "sdk_raises_on_cut_finish": "SDK's get_final_completion raises LengthFinishReasonError / ContentFilterFinishReasonError for length / content_filter; streamspec answers truncated and keeps the partial output.",
    "sdk_merges_completions": "SDK accumulates chunks of different ids into one completion; streamspec makes each id its own reply and call.",
}

ID = "chatcmpl-diff"
DONE = "[DONE]"
NAMES = ("get_weather", "search", "f")
TEXT = st.text(alphabet='ab é😀{}"\\\n', max_size=5)
FACETS = ("content", "refusal", "reasoning", "tool_calls", "finish", "usage", "status")

# An SDK client that never sends a request: it only decodes the streams given to it.
_CLIENT = OpenAI(api_key="test-key", base_url="http://localhost.invalid/v1")
_REQUEST = httpx2.Request("POST", "http://localhost.invalid/v1/chat/completions")


# ------------------------------------------------------------------ wire records


def chunk_json(
    *choices: dict[str, Any],
    usage: dict[str, Any] | None = None,
    id_: str = ID,
    with_usage: bool = False,
) -> bytes:
    """A chunk made and serialized by the SDK's own ``ChatCompletionChunk``."""
    fields: dict[str, Any] = {
        "id": id_,
        "object": "chat.completion.chunk",
        "created": 1700000000,
        "model": "gpt-4o-mini-2024-07-18",
        "system_fingerprint": "fp_test",
        "choices": list(choices),
    }
    if with_usage or usage is not None:
        fields["usage"] = (
            None if usage is None else CompletionUsage.model_validate(usage).model_dump()
        )
    return ChatCompletionChunk.model_validate(fields).model_dump_json(exclude_unset=True).encode()


def choice(finish: str | None = None, index: int = 0, **delta: Any) -> dict[str, Any]:
    return {"index": index, "delta": delta, "logprobs": None, "finish_reason": finish}


def error_json(
    message: str = "The server had an error while processing your request.",
    type_: str = "server_error",
    code: str | None = None,
) -> bytes:
    error = ErrorObject(message=message, type=type_, param=None, code=code)
    return b'{"error":' + error.model_dump_json(exclude_unset=True).encode() + b"}"


def _payload(record: bytes | str) -> bytes:
    return record.encode() if isinstance(record, str) else record


def sse(records: Iterable[bytes | str]) -> bytes:
    return b"".join(b"data: " + _payload(r) + b"\n\n" for r in records)


# ------------------------------------------------------------------ the two readers


@attrs.frozen
class Answer:
    """One reader's answer, facet by facet."""

    content: str
    refusal: str
    reasoning: str
    tool_calls: tuple[tuple[str | None, str | None, str], ...]
    finish: str | None
    usage: tuple[int | None, int | None, int | None] | None
    status: tuple[str, ...]


def sdk_answer(wire: bytes) -> Answer:
    """What openai-python makes of ``wire``: its Stream, its accumulator, its final completion."""
    response = httpx2.Response(200, content=wire, request=_REQUEST)
    stream: Stream[ChatCompletionChunk] = Stream(
        cast_to=ChatCompletionChunk, response=response, client=_CLIENT
    )
    state: ChatCompletionStreamState[Any] = ChatCompletionStreamState()
    status: tuple[str, ...] = ("returned",)
    snapshot: Any = None
    try:
        for chunk in stream:
            state.handle_chunk(chunk)
    except APIError as error:
        code = error.code if isinstance(error.code, str) else error.type
        status = ("failed", str(code) if code is not None else "", error.message)
    except IndexError:
        status = ("IndexError",)
    try:
        snapshot = state.get_final_completion()
    except AssertionError:
        status = status if status[0] != "returned" else ("AssertionError",)
    except (LengthFinishReasonError, ContentFilterFinishReasonError) as error:
        snapshot = error.completion
        status = status if status[0] != "returned" else (type(error).__name__,)
    except IndexError:
        snapshot = state.current_completion_snapshot
    if snapshot is None or not snapshot.choices:
        usage = _sdk_usage(snapshot.usage) if snapshot is not None else None
        return Answer("", "", "", (), None, usage, status)
    first = snapshot.choices[0]
    message = first.message
    extra = message.model_extra or {}
    return Answer(
        content=message.content or "",
        refusal=message.refusal or "",
        reasoning=extra.get("reasoning_content") or "",
        tool_calls=tuple(
            (call.id, call.function.name, call.function.arguments or "")
            for call in message.tool_calls or ()
        ),
        finish=first.finish_reason,
        usage=_sdk_usage(snapshot.usage),
        status=status,
    )


def _sdk_usage(usage: Any) -> tuple[int | None, int | None, int | None] | None:
    if usage is None:
        return None
    details = usage.prompt_tokens_details
    return (
        usage.prompt_tokens,
        usage.completion_tokens,
        None if details is None else details.cached_tokens,
    )


def streamspec_answer(wire: bytes, reply_id: str = ID) -> Answer:
    """What streamspec makes of ``wire``: the reduced message and the verdict of its call."""
    lines = list(read_events(iter(wire.splitlines(keepends=True)), "openai_chat"))
    reducer = Reducer(reply_id=reply_id)
    for line in reply_lines(lines):
        if isinstance(line.event, Event) and getattr(line.event, "reply_id", None) == reply_id:
            reducer.apply(line.event)
    blocks = reducer.to_dict()["content"]
    texts = {b["id"]: b.get("text", b.get("thinking", "")) for b in blocks}
    found = {
        v.key: v.to_dict()
        for v in judge([line.record for line in lines if isinstance(line.record, CompletionEvent)])
    }
    verdict = found.get(reply_id) or found.get("(no completion)")
    if verdict is None:
        status: tuple[str, ...] = ("no call",)
    elif verdict["terminal_state"] == "failed":
        status = ("failed", verdict["error_code"] or "", verdict["error_message"])
    else:
        status = (verdict["terminal_state"],)
    usage = None if verdict is None else verdict["usage"]
    return Answer(
        content=texts.get(f"{reply_id}.content", ""),
        refusal=texts.get(f"{reply_id}.refusal", ""),
        reasoning=texts.get(f"{reply_id}.reasoning", ""),
        tool_calls=tuple(
            (b["id"], b["name"], b["input"]) for b in blocks if b["type"] == "tool_call"
        ),
        finish=None if verdict is None else verdict["finish_reason"],
        usage=None
        if usage is None
        else (usage["input_tokens"], usage["output_tokens"], usage["cache_input_tokens"]),
        status=status,
    )


def agrees(facet: str, sdk: Answer, ours: Answer) -> bool:
    """Whether the two answers agree on ``facet`` (status: returned <-> completed)."""
    if facet != "status":
        return bool(getattr(sdk, facet) == getattr(ours, facet))
    if sdk.status == ("returned",):
        return ours.status == ("completed",)
    return sdk.status == ours.status


# ------------------------------------------------------------------ what a stream holds


@attrs.define
class Features:
    """What the part of a stream the SDK reads holds that the known differences turn on."""

    index_out_of_order: bool = False
    output_after_finish: bool = False
    call_without_identity: bool = False
    repeated_identity: bool = False
    usage_overwritten: bool = False
    several_ids: bool = False


def features(records: list[Any]) -> Features:
    """Walk ``records`` (dicts, error records and ``[DONE]``) as far as the SDK reads them."""
    found = Features()
    started: list[int] = []
    finished = False
    usage_seen = False
    ids: set[str] = set()
    for record in records:
        if record == DONE:
            break
        if "error" in record:
            break
        ids.add(record["id"])
        if usage_seen and record.get("usage") is None:
            found.usage_overwritten = True
        usage_seen = usage_seen or record.get("usage") is not None
        for entry in record["choices"]:
            delta = entry["delta"]
            if finished and (
                delta.get("content") or delta.get("tool_calls") or entry["finish_reason"]
            ):
                found.output_after_finish = True
            for call in delta.get("tool_calls") or ():
                function = call.get("function") or {}
                if call["index"] not in started:
                    found.index_out_of_order |= call["index"] != len(started)
                    started.append(call["index"])
                    found.call_without_identity |= not call.get("id") or not function.get("name")
                else:
                    found.repeated_identity |= bool(call.get("id") or function.get("name"))
            finished = finished or bool(entry["finish_reason"])
    found.several_ids = len(ids) > 1
    return found


#: difference id -> (the facets it explains, when it applies), in precedence order.
_APPLIES: Final[dict[str, tuple[frozenset[str], Callable[[Features, Answer, Answer], bool]]]] = {
    "sdk_index_by_position": (frozenset(FACETS), lambda f, sdk, ours: f.index_out_of_order),
    "sdk_merges_completions": (frozenset(FACETS), lambda f, sdk, ours: f.several_ids),
    "sdk_no_chunk_assertion": (
        frozenset({"status"}),
        lambda f, sdk, ours: sdk.status == ("AssertionError",) and ours.status == ("no call",),
    ),
    "sdk_accepts_output_after_finish": (
        frozenset(FACETS) - {"usage"},
        lambda f, sdk, ours: f.output_after_finish,
    ),
    "sdk_accepts_call_without_identity": (
        frozenset({"tool_calls"}),
        lambda f, sdk, ours: f.call_without_identity,
    ),
    "sdk_concatenates_repeated_identity": (
        frozenset({"tool_calls"}),
        lambda f, sdk, ours: f.repeated_identity,
    ),
    "sdk_usage_overwritten": (
        frozenset({"usage"}),
        lambda f, sdk, ours: f.usage_overwritten and sdk.usage is None,
    ),
    "sdk_no_finish_accepted": (
        frozenset({"status"}),
        lambda f, sdk, ours: (
            sdk.status == ("returned",)
            and sdk.finish is None
            and ours.status in {("no_completion_basis",), ("no call",)}
        ),
    ),
    "sdk_raises_on_cut_finish": (
        frozenset({"status"}),
        lambda f, sdk, ours: (
            sdk.status[0] in {"LengthFinishReasonError", "ContentFilterFinishReasonError"}
            and ours.status == ("truncated",)
        ),
    ),
}


def classify(facet: str, found: Features, sdk: Answer, ours: Answer) -> str | None:
    """The one known difference that explains a mismatch on ``facet``, or ``None``."""
    for name, (facets, applies) in _APPLIES.items():
        if facet in facets and applies(found, sdk, ours):
            return name
    return None


def differences(records: list[Any]) -> dict[str, str]:
    """``facet -> known difference`` for each facet the two readers disagree on.

    Raises AssertionError naming the facet and both answers when a mismatch
    is not a known difference.
    """
    wire = sse(_encoded(records))
    sdk, ours = sdk_answer(wire), streamspec_answer(wire)
    found = features(records)
    explained: dict[str, str] = {}
    for facet in FACETS:
        if agrees(facet, sdk, ours):
            continue
        name = classify(facet, found, sdk, ours)
        assert name is not None, (
            facet,
            getattr(sdk, facet),
            getattr(ours, facet),
            sdk,
            ours,
            found,
        )
        explained[facet] = name
    return explained


def _encoded(records: list[Any]) -> list[bytes | str]:
    out: list[bytes | str] = []
    for record in records:
        if record == DONE:
            out.append(DONE)
        elif "error" in record:
            out.append(error_json(**record["error"]))
        else:
            out.append(
                chunk_json(
                    *record["choices"],
                    usage=record.get("usage"),
                    id_=record["id"],
                    with_usage="usage" in record,
                )
            )
    return out


# ------------------------------------------------------------------ generated streams


def _chunk(*choices: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"id": ID, "choices": list(choices), **fields}


@st.composite
def tool_delta(draw: st.DrawFn, started: set[int]) -> dict[str, Any]:
    index = draw(st.integers(0, 2))
    arguments = draw(TEXT)
    if index in started:
        call: dict[str, Any] = {"index": index, "function": {"arguments": arguments}}
        if draw(st.integers(0, 9)) == 0:
            call["id"] = f"call_{index}"
            call["function"]["name"] = NAMES[index]
        return call
    started.add(index)
    call = {"index": index, "type": "function", "function": {"arguments": arguments}}
    flaw = draw(st.integers(0, 19))
    if flaw != 0:
        call["id"] = f"call_{index}"
    if flaw != 1:
        call["function"]["name"] = NAMES[index]
    return call


@st.composite
def usages(draw: st.DrawFn) -> dict[str, Any]:
    usage: dict[str, Any] = {
        "prompt_tokens": draw(st.integers(0, 500)),
        "completion_tokens": draw(st.integers(0, 500)),
    }
    usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
    if draw(st.booleans()):
        usage["prompt_tokens_details"] = {"cached_tokens": draw(st.integers(0, 50))}
    return usage


@st.composite
def streams(draw: st.DrawFn) -> list[Any]:
    """A stream as the API sends it, then perhaps broken: an error, a late chunk, a cut."""
    records: list[Any] = [
        _chunk(choice(role="assistant", content=draw(st.sampled_from(["", None]))))
    ]
    started: set[int] = set()
    for _ in range(draw(st.integers(0, 7))):
        kind = draw(
            st.sampled_from(
                ["content", "content", "reasoning", "refusal", "tool", "tool", "tools", "empty"]
            )
        )
        if kind == "content":
            records.append(_chunk(choice(content=draw(TEXT))))
        elif kind == "reasoning":
            records.append(_chunk(choice(reasoning_content=draw(TEXT))))
        elif kind == "refusal":
            records.append(_chunk(choice(refusal=draw(TEXT))))
        elif kind == "tool":
            records.append(_chunk(choice(tool_calls=[draw(tool_delta(started))])))
        elif kind == "tools":
            records.append(
                _chunk(choice(tool_calls=[draw(tool_delta(started)), draw(tool_delta(started))]))
            )
        else:
            records.append(_chunk(choice()))
    finish = draw(st.sampled_from([None, "stop", "stop", "tool_calls", "length", "content_filter"]))
    if finish is not None:
        extra = {"content": draw(TEXT)} if draw(st.booleans()) else {}
        records.append(_chunk(choice(finish, **extra)))
    if draw(st.integers(0, 5)) == 0:
        records.append(
            _chunk(
                choice(draw(st.sampled_from([None, "stop", "length"])), content=draw(TEXT) or "x")
            )
        )
    for _ in range(draw(st.sampled_from([0, 1, 1, 2]))):
        records.append(_chunk(usage=draw(usages())))
    if draw(st.integers(0, 3)) == 0:
        records.append(_chunk(usage=None))
    if draw(st.integers(0, 4)) == 0:
        records.insert(
            draw(st.integers(0, len(records))),
            {
                "error": {
                    "message": draw(st.sampled_from(["overloaded", ""])),
                    "type_": "server_error",
                    "code": None,
                }
            },
        )
    if draw(st.booleans()):
        records.append(DONE)
        if draw(st.integers(0, 5)) == 0:
            records.append(_chunk(choice(content="late")))
    return records[: draw(st.integers(0, len(records)))] if draw(st.booleans()) else records


@given(records=streams())
def test_streamspec_agrees_with_the_sdk_but_for_known_differences(records: list[Any]) -> None:
    """Every facet agrees, or differs in exactly one known way."""
    for name in differences(records).values():
        assert name in KNOWN_DIFFERENCES


def test_every_known_difference_has_a_rule() -> None:
    assert set(_APPLIES) == set(KNOWN_DIFFERENCES)


# ------------------------------------------------------------------ one stream per difference


def test_a_plain_stream_agrees_on_every_facet() -> None:
    records = [
        _chunk(choice(role="assistant", content="")),
        _chunk(choice(content="Hi", reasoning_content="hm")),
        _chunk(
            choice(
                tool_calls=[
                    {
                        "index": 0,
                        "id": "call_0",
                        "type": "function",
                        "function": {"name": "f", "arguments": "{}"},
                    }
                ]
            )
        ),
        _chunk(choice("tool_calls")),
        _chunk(usage={"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}),
        DONE,
    ]
    assert differences(records) == {}
    ours = streamspec_answer(sse(_encoded(records)))
    assert ours == Answer(
        "Hi", "", "hm", (("call_0", "f", "{}"),), "tool_calls", (3, 4, None), ("completed",)
    )


def test_error_mid_stream_agrees() -> None:
    """The SDK raises APIError with the error's message; streamspec: failed, same code and message."""
    records = [
        _chunk(choice(content="Hi")),
        {"error": {"message": "overloaded", "type_": "server_error", "code": None}},
        DONE,
    ]
    assert differences(records) == {}
    assert streamspec_answer(sse(_encoded(records))).status == (
        "failed",
        "server_error",
        "overloaded",
    )


def test_sdk_index_by_position() -> None:
    """The first call has index 1: the SDK crashes; streamspec has the call."""
    records = [
        _chunk(
            choice(
                tool_calls=[
                    {
                        "index": 1,
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "f", "arguments": "{}"},
                    }
                ]
            )
        ),
        _chunk(choice("tool_calls")),
        DONE,
    ]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).status == ("IndexError",)
    assert streamspec_answer(wire).tool_calls == (("call_1", "f", "{}"),)
    assert streamspec_answer(wire).status == ("completed",)
    assert set(differences(records).values()) == {"sdk_index_by_position"}


def test_sdk_index_by_position_phantom_call() -> None:
    """Index 1 first, a second fragment of it in the same chunk: the SDK makes two calls."""
    start = {
        "index": 1,
        "id": "call_1",
        "type": "function",
        "function": {"name": "f", "arguments": "{"},
    }
    more = {"index": 1, "function": {"arguments": "}"}}
    records = [_chunk(choice(tool_calls=[start, more])), _chunk(choice("tool_calls")), DONE]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).tool_calls == (("call_1", "f", "{"), (None, None, "}"))
    assert streamspec_answer(wire).tool_calls == (("call_1", "f", "{}"),)
    assert differences(records) == {"tool_calls": "sdk_index_by_position"}


def test_sdk_no_chunk_assertion() -> None:
    """Only [DONE]: the SDK's snapshot asserts; streamspec judges nothing."""
    wire = sse([DONE])
    with pytest.raises(AssertionError):
        ChatCompletionStreamState().get_final_completion()
    assert sdk_answer(wire).status == ("AssertionError",)
    assert streamspec_answer(wire).status == ("no call",)
    assert differences([DONE]) == {"status": "sdk_no_chunk_assertion"}


def test_sdk_accepts_output_after_finish() -> None:
    """Text and a second finish after stop: the SDK takes both; streamspec keeps the first."""
    records = [
        _chunk(choice("stop", content="Done.")),
        _chunk(choice("length", content=" More")),
        DONE,
    ]
    wire = sse(_encoded(records))
    sdk, ours = sdk_answer(wire), streamspec_answer(wire)
    assert (sdk.content, sdk.finish) == ("Done. More", "length")
    assert (ours.content, ours.finish, ours.status) == ("Done.", "stop", ("completed",))
    assert set(differences(records).values()) == {"sdk_accepts_output_after_finish"}


def test_sdk_accepts_call_without_identity() -> None:
    """A first tool delta without an id: the SDK keeps a call with id None; streamspec rejects it."""
    records = [
        _chunk(
            choice(
                tool_calls=[
                    {"index": 0, "type": "function", "function": {"name": "f", "arguments": "{}"}}
                ]
            )
        ),
        _chunk(choice("tool_calls")),
        DONE,
    ]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).tool_calls == ((None, "f", "{}"),)
    assert streamspec_answer(wire).tool_calls == ()
    assert differences(records) == {"tool_calls": "sdk_accepts_call_without_identity"}


def test_sdk_concatenates_repeated_identity() -> None:
    """A later delta repeating id and name: the SDK doubles them; streamspec keeps the call."""
    first = {
        "index": 0,
        "id": "call_0",
        "type": "function",
        "function": {"name": "f", "arguments": "{"},
    }
    again = {"index": 0, "id": "call_0", "function": {"name": "f", "arguments": "}"}}
    records = [
        _chunk(choice(tool_calls=[first])),
        _chunk(choice(tool_calls=[again])),
        _chunk(choice("tool_calls")),
        DONE,
    ]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).tool_calls == (("call_0call_0", "ff", "{}"),)
    assert streamspec_answer(wire).tool_calls == (("call_0", "f", "{}"),)
    assert differences(records) == {"tool_calls": "sdk_concatenates_repeated_identity"}


def test_sdk_usage_overwritten() -> None:
    """A chunk after the usage chunk: the SDK's usage is None; streamspec keeps it."""
    usage = {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7}
    records = [_chunk(choice("stop", content="ok")), _chunk(usage=usage), _chunk(usage=None), DONE]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).usage is None
    assert streamspec_answer(wire).usage == (5, 2, None)
    assert differences(records) == {"usage": "sdk_usage_overwritten"}


def test_sdk_no_finish_accepted() -> None:
    """Cut before any finish: the SDK returns a completion; streamspec has no basis."""
    records = [_chunk(choice(role="assistant", content="Half an ans"))]
    wire = sse(_encoded(records))
    sdk = sdk_answer(wire)
    assert (sdk.status, sdk.finish, sdk.content) == (("returned",), None, "Half an ans")
    assert streamspec_answer(wire).status == ("no_completion_basis",)
    assert differences(records) == {"status": "sdk_no_finish_accepted"}


@pytest.mark.parametrize(
    ("word", "raised"),
    [("length", "LengthFinishReasonError"), ("content_filter", "ContentFilterFinishReasonError")],
)
def test_sdk_raises_on_cut_finish(word: str, raised: str) -> None:
    """A cut finish: get_final_completion raises; streamspec: truncated, the text kept."""
    records = [_chunk(choice(content="Once upon a")), _chunk(choice(word)), DONE]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).status == (raised,)
    ours = streamspec_answer(wire)
    assert (ours.status, ours.content, ours.finish) == (("truncated",), "Once upon a", word)
    assert differences(records) == {"status": "sdk_raises_on_cut_finish"}


def test_sdk_merges_completions() -> None:
    """Two ids: the SDK makes one message of both; streamspec two replies (the first here)."""
    records = [
        _chunk(choice("stop", content="one")),
        {"id": "chatcmpl-other", "choices": [choice("stop", content="two")]},
        DONE,
    ]
    wire = sse(_encoded(records))
    assert sdk_answer(wire).content == "onetwo"
    assert streamspec_answer(wire).content == "one"
    assert set(differences(records).values()) == {"sdk_merges_completions"}


# ------------------------------------------------------------------ the examples


def example_id(name: str) -> str:
    """The completion id of an example: ``chatcmpl-`` and its file name's stem."""
    return "chatcmpl-" + name.rsplit(".", 1)[0]


def build_examples() -> dict[str, bytes]:
    """The recorded examples, made with the SDK's own types (fixed ids and times)."""
    text_id, tools_id, cut_id, length_id, error_id = (
        example_id("complete-text.sse"),
        example_id("complete-parallel-tools.sse"),
        example_id("cut-off.sse"),
        example_id("truncated-length.jsonl"),
        example_id("error-midstream.sse"),
    )
    usage = {
        "prompt_tokens": 24,
        "completion_tokens": 9,
        "total_tokens": 33,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
    }
    text = [
        chunk_json(
            choice(role="assistant", content="", refusal=None), id_=text_id, with_usage=True
        ),
        *(
            chunk_json(choice(content=piece), id_=text_id, with_usage=True)
            for piece in ("The capital", " of France", " is Paris.")
        ),
        chunk_json(choice("stop"), id_=text_id, with_usage=True),
        chunk_json(usage=usage, id_=text_id),
        DONE,
    ]
    weather = {
        "index": 0,
        "id": "call_weather_oslo",
        "type": "function",
        "function": {"name": "get_weather", "arguments": ""},
    }
    clock = {
        "index": 1,
        "id": "call_time_oslo",
        "type": "function",
        "function": {"name": "get_time", "arguments": ""},
    }
    tools = [
        chunk_json(choice(role="assistant", content=None, tool_calls=[weather]), id_=tools_id),
        *(
            chunk_json(
                choice(tool_calls=[{"index": 0, "function": {"arguments": piece}}]), id_=tools_id
            )
            for piece in ('{"city', '": "Oslo"}')
        ),
        chunk_json(choice(tool_calls=[clock]), id_=tools_id),
        *(
            chunk_json(
                choice(tool_calls=[{"index": 1, "function": {"arguments": piece}}]), id_=tools_id
            )
            for piece in ('{"timezone":', ' "Europe/Oslo"}')
        ),
        chunk_json(choice("tool_calls"), id_=tools_id),
        chunk_json(usage=dict(usage, completion_tokens=31, total_tokens=55), id_=tools_id),
        DONE,
    ]
    cut = [
        chunk_json(choice(role="assistant", content=""), id_=cut_id),
        *(
            chunk_json(choice(content=piece), id_=cut_id)
            for piece in ("Step 1: preheat", " the oven to", " 180")
        ),
    ]
    length = [
        chunk_json(choice(role="assistant", content=""), id_=length_id),
        *(
            chunk_json(choice(content=piece), id_=length_id)
            for piece in ("Once upon a time", ", in a land")
        ),
        chunk_json(choice("length"), id_=length_id),
        chunk_json(usage=dict(usage, completion_tokens=8, total_tokens=32), id_=length_id),
    ]
    error = [
        chunk_json(choice(role="assistant", content=""), id_=error_id),
        chunk_json(choice(content="Let me"), id_=error_id),
        error_json(),
    ]
    return {
        "complete-text.sse": sse(text),
        "complete-parallel-tools.sse": sse(tools),
        "cut-off.sse": sse(cut),
        "truncated-length.jsonl": b"".join(_payload(record) + b"\n" for record in length),
        "error-midstream.sse": sse(error),
    }


@pytest.mark.parametrize("name", sorted(build_examples()))
def test_examples_are_the_sdk_built_streams(name: str) -> None:
    """examples/openai_chat/ holds exactly what :func:`build_examples` makes."""
    assert example_path(f"openai_chat/{name}").read_bytes() == build_examples()[name]


def test_examples_agree_with_the_sdk_but_for_known_differences() -> None:
    """The SDK reads each example (a JSON-lines one as SSE) as streamspec does, but for known differences."""
    expected = {
        "complete-text.sse": {},
        "complete-parallel-tools.sse": {},
        "cut-off.sse": {"status": "sdk_no_finish_accepted"},
        "truncated-length.jsonl": {"status": "sdk_raises_on_cut_finish"},
        "error-midstream.sse": {},
    }
    for name, wire in build_examples().items():
        reply_id = example_id(name)
        as_sse = wire if name.endswith(".sse") else sse(wire.splitlines())
        sdk, ours = sdk_answer(as_sse), streamspec_answer(wire, reply_id)
        found = {
            facet: classify(facet, Features(), sdk, ours)
            for facet in FACETS
            if not agrees(facet, sdk, ours)
        }
        assert found == expected[name], (name, sdk, ours)
