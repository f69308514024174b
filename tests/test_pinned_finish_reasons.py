"""Every finish word of spec/finish_reasons.json, pinned from outside the file.

The expected class of each word is written here by hand from the provider's
own documentation of the word (cited per vocabulary), never read from
``spec/finish_reasons.json``. Where the provider's SDK is installed (OpenAI,
Anthropic, AgentScope), its literal types name the vocabulary, so a word the
provider added and the table lacks fails too. The classes (docs/completion.md):

- natural: the model stopped on its own; with the receipt the call is completed;
- cut: something stopped the output before the model finished; truncated;
- failed: the finish itself reports a failure;
- unknown: the word says nothing about whether the output is whole.

A mapping that is regenerated but wrong (OpenAI ``length`` or Gemini ``SAFETY``
read as natural) fails here: in the class lookup and in the judge's verdict.
"""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import pytest
from streamspec import (
    FinishClass,
    ModelFinishEvent,
    ModelReceiptEvent,
    TerminalState,
    judge,
)
from streamspec.completion import finish_class

ROOT = Path(__file__).resolve().parent.parent

N, C, F, U = FinishClass.NATURAL, FinishClass.CUT, FinishClass.FAILED, FinishClass.UNKNOWN

# --------------------------------------------------------------- hand-written tables
# Each table: word -> class, from the provider's own meaning of the word.

#: OpenAI Chat Completions, ``choices[].finish_reason``. Source: the ``openai``
#: SDK's docstring of ``ChatCompletionChunk.Choice.finish_reason`` (= the API
#: reference, chat object): "`stop` if the model hit a natural stop point or a
#: provided stop sequence, `length` if the maximum number of tokens specified in
#: the request was reached, `content_filter` if content was omitted due to a flag
#: from our content filters, `tool_calls` if the model called a tool, or
#: `function_call` (deprecated) if the model called a function".
OPENAI_CHAT: dict[str, FinishClass] = {
    "stop": N,
    "tool_calls": N,
    "function_call": N,
    "length": C,
    "content_filter": C,
}

#: OpenAI Responses ``response.status``. Source: the ``openai`` SDK's
#: ``Response.status`` (= API reference, response object): one of `completed`,
#: `failed`, `in_progress`, `cancelled`, `queued`, `incomplete`. `in_progress`
#: and `queued` are not terminal: they say nothing about how the response ended.
OPENAI_RESPONSES_STATUS: dict[str, FinishClass] = {
    "completed": N,
    "failed": F,
    "cancelled": C,
    "incomplete": C,
    "in_progress": U,
    "queued": U,
}

#: OpenAI Responses ``incomplete_details.reason``, read as ``incomplete/<reason>``.
#: Source: the ``openai`` SDK's ``IncompleteDetails.reason`` (= API reference):
#: `max_output_tokens` (the output limit cut it), `content_filter` (a filter
#: stopped it), `max_messages` (a message limit stopped it), `steered` ("the
#: response stopped at a safe output boundary after a WebSocket `response.steer`
#: event"; a successor response carries on). Every one leaves the response
#: incomplete: cut.
OPENAI_RESPONSES_INCOMPLETE: dict[str, FinishClass] = {
    "max_output_tokens": C,
    "content_filter": C,
    "max_messages": C,
    "steered": C,
}

#: Anthropic Messages ``stop_reason``. Source: the ``anthropic`` SDK's docstring
#: of ``Message.stop_reason`` (= docs.anthropic.com, handling stop reasons):
#: `end_turn` natural stopping point; `stop_sequence` a custom stop sequence;
#: `tool_use` the model invoked tools; `max_tokens` the requested or model
#: maximum was exceeded; `model_context_window_exceeded` the context window
#: filled; `pause_turn` a long-running turn was paused, to be continued by
#: sending it back; `refusal` streaming classifiers intervened.
ANTHROPIC: dict[str, FinishClass] = {
    "end_turn": N,
    "stop_sequence": N,
    "tool_use": N,
    "max_tokens": C,
    "model_context_window_exceeded": C,
    "pause_turn": C,
    "refusal": C,
}

#: AgentScope 2.0.11 ``FinishedReason`` (agentscope/model/_model_response.py):
#: `completed` "the model response is completed", `interrupted` "the model
#: response is interrupted by the asyncio.CancelledError".
AGENTSCOPE: dict[str, FinishClass] = {"completed": N, "interrupted": C}

#: Google Gemini ``candidates[].finishReason``. Source: ai.google.dev API
#: reference, ``FinishReason``: STOP natural stop point or stop sequence;
#: MAX_TOKENS token limit reached; SAFETY / RECITATION / BLOCKLIST /
#: PROHIBITED_CONTENT / SPII / IMAGE_SAFETY generation stopped for safety,
#: recitation, a forbidden term, prohibited content, sensitive personal data,
#: image safety; LANGUAGE unsupported language; MALFORMED_FUNCTION_CALL the model
#: produced an invalid function call; UNEXPECTED_TOOL_CALL a tool call while
#: tools were not enabled; TOO_MANY_TOOL_CALLS too many tool calls in a row;
#: OTHER unknown reason; FINISH_REASON_UNSPECIFIED default, not specified.
GEMINI: dict[str, FinishClass] = {
    "STOP": N,
    "MAX_TOKENS": C,
    "SAFETY": C,
    "RECITATION": C,
    "BLOCKLIST": C,
    "PROHIBITED_CONTENT": C,
    "SPII": C,
    "IMAGE_SAFETY": C,
    "LANGUAGE": F,
    "MALFORMED_FUNCTION_CALL": F,
    "UNEXPECTED_TOOL_CALL": F,
    "TOO_MANY_TOOL_CALLS": F,
    "OTHER": U,
    "FINISH_REASON_UNSPECIFIED": U,
}

#: Gemini words the same reference lists that the table does not (yet) have:
#: IMAGE_PROHIBITED_CONTENT / IMAGE_RECITATION / IMAGE_OTHER image generation
#: stopped (prohibited content, recitation, other); NO_IMAGE an image was
#: expected and none was generated; MISSING_THOUGHT_SIGNATURE the request lacked
#: a thought signature.
GEMINI_UNLISTED: dict[str, FinishClass] = {
    "IMAGE_PROHIBITED_CONTENT": C,
    "IMAGE_RECITATION": C,
    "IMAGE_OTHER": C,
    "NO_IMAGE": F,
    "MISSING_THOUGHT_SIGNATURE": F,
}

#: Vercel AI SDK unified ``finishReason``. Source: ai-sdk.dev reference,
#: ``LanguageModelV3FinishReason``: `stop` stop sequence or natural end;
#: `tool-calls` the model triggered tool calls; `length` maximum tokens;
#: `content-filter` a content filter stopped the model; `error` stopped because
#: of an error; `other` stopped for other reasons; `interrupted` the provider
#: stream ended without a completion signal.
VERCEL_AI: dict[str, FinishClass] = {
    "stop": N,
    "tool-calls": N,
    "length": C,
    "content-filter": C,
    "error": F,
    "interrupted": U,
    "other": U,
    # The UI stream's abort chunk (ai 7.x): cancelled before it finished.
    "abort": C,
}

#: AG-UI run outcomes. Source: docs.ag-ui.com, events RUN_FINISHED (``outcome``
#: success, or interrupt: the run waits for human input and continues in a
#: later run) and RUN_ERROR; a cancelled run stopped before it finished.
AG_UI: dict[str, FinishClass] = {"success": N, "interrupt": C, "cancelled": C, "error": F}

#: muse finish chunk ``reason.kind``. Source: seed 002 (muse fixture model
#: events v1): model-normal-completion (`stop`), model-truncated-by-length
#: (`length`, truncated, not success); `aborted` and `error` as their names say.
MUSE: dict[str, FinishClass] = {"stop": N, "length": C, "aborted": C, "error": F}

#: a3s-code turns. Source: seed 001: a3s writes ``turn_end`` only when its
#: provider stream ended normally.
A3S: dict[str, FinishClass] = {"turn_end": N}


def _responses() -> dict[str, FinishClass]:
    table = dict(OPENAI_RESPONSES_STATUS)
    table.update({f"incomplete/{r}": c for r, c in OPENAI_RESPONSES_INCOMPLETE.items()})
    return table


#: vocabulary key -> the hand-written table for it.
EXPECTED: dict[str, dict[str, FinishClass]] = {
    "openai_chat": OPENAI_CHAT,
    "openai_responses": _responses(),
    "anthropic": ANTHROPIC,
    "gemini": GEMINI,
    "vercel_ai": VERCEL_AI,
    "ag_ui": AG_UI,
    "agentscope": AGENTSCOPE,
    "muse": MUSE,
    "a3s": A3S,
}

#: The verdict a natural / cut / failed / unknown finish gives with a receipt.
VERDICT = {
    N: TerminalState.COMPLETED,
    C: TerminalState.TRUNCATED,
    F: TerminalState.FAILED,
    U: TerminalState.NO_COMPLETION_BASIS,
}

#: Provider words the table is known to lack: reported, not asserted, until listed.
KNOWN_GAPS: dict[tuple[str, str], str] = {
    **{("gemini", w): "Gemini FinishReason" for w in GEMINI_UNLISTED},
}


def _listed() -> dict[str, set[str]]:
    """The words spec/finish_reasons.json lists, per vocabulary (which words, never classes)."""
    document = json.loads((ROOT / "spec" / "finish_reasons.json").read_text(encoding="utf-8"))
    return {v["vocabulary"]: {r["reason"] for r in v["reasons"]} for v in document["vocabularies"]}


def _literals(annotation: Any) -> list[str]:
    """Every string of the ``Literal`` types inside an annotation (through Optional/Union)."""
    if typing.get_origin(annotation) is typing.Literal:
        return [str(a) for a in typing.get_args(annotation)]
    found: list[str] = []
    for arg in typing.get_args(annotation):
        found.extend(_literals(arg))
    return found


def _assert_class(vocabulary: str, word: str, expected: FinishClass) -> None:
    """The word is listed, its class is ``expected``, and the judge's verdict follows it."""
    if (vocabulary, word) in KNOWN_GAPS and word not in _listed().get(vocabulary, set()):
        pytest.xfail(f"{vocabulary} does not list the provider word {word!r} yet")
    assert word in _listed()[vocabulary], f"{vocabulary}: provider word {word!r} is not listed"
    got = finish_class(vocabulary, word)
    assert got == expected, f"{vocabulary} {word!r}: table says {got}, provider meaning {expected}"
    events = [
        ModelFinishEvent(call="0", reason=word, vocabulary=vocabulary),
        ModelReceiptEvent(call="0", text=("answer",)),
    ]
    (verdict,) = judge(events)
    assert verdict.terminal_state == VERDICT[expected], (vocabulary, word, verdict)
    assert verdict.finish_reason == word


# ------------------------------------------------------------------- the table itself


def test_every_vocabulary_is_pinned() -> None:
    """The vocabularies of finish_reasons.json are exactly the ones pinned here."""
    assert set(_listed()) == set(EXPECTED)


@pytest.mark.parametrize("vocabulary", sorted(EXPECTED))
def test_every_listed_word_is_pinned(vocabulary: str) -> None:
    """Each vocabulary lists exactly the hand-pinned words (the known gaps aside)."""
    pinned = set(EXPECTED[vocabulary])
    gaps = {w for v, w in KNOWN_GAPS if v == vocabulary}
    listed = _listed()[vocabulary]
    assert listed - pinned == set(), f"{vocabulary}: listed but not pinned"
    assert pinned - gaps - listed == set(), f"{vocabulary}: pinned but not listed"


_CASES = [
    pytest.param(v, w, c, id=f"{v}-{w}")
    for v, table in EXPECTED.items()
    for w, c in table.items()
    if (v, w) not in KNOWN_GAPS
]


@pytest.mark.parametrize(("vocabulary", "word", "expected"), _CASES)
def test_word_class(vocabulary: str, word: str, expected: FinishClass) -> None:
    """A listed word has the class its provider's meaning gives, and the judge's verdict follows."""
    _assert_class(vocabulary, word, expected)


@pytest.mark.parametrize(
    ("word", "expected"), sorted(GEMINI_UNLISTED.items()), ids=sorted(GEMINI_UNLISTED)
)
def test_gemini_words_the_table_lacks(word: str, expected: FinishClass) -> None:
    """A Gemini word the table lacks reads as unknown now; once listed it has its meaning's class."""
    if word not in _listed()["gemini"]:
        assert finish_class("gemini", word) == U
    _assert_class("gemini", word, expected)


def test_unlisted_word_and_vocabulary_are_unknown() -> None:
    """A word or a vocabulary the table does not list, and a missing word, read as unknown."""
    assert finish_class("openai_chat", "STOP") == U
    assert finish_class("openai_chat", "end_turn") == U
    assert finish_class("no_such_provider", "stop") == U
    assert finish_class("openai_chat", None) == U


# ---------------------------------------------------------------- the SDKs' own words


def test_openai_chat_words_are_the_sdk_literals() -> None:
    """Every OpenAI chat finish_reason literal (streamed and whole) is pinned, and no other."""
    pytest.importorskip("openai")
    from openai.types.chat.chat_completion import Choice as WholeChoice
    from openai.types.chat.chat_completion_chunk import Choice as ChunkChoice

    for model in (ChunkChoice, WholeChoice):
        words = _literals(model.model_fields["finish_reason"].annotation)
        assert words, model
        assert set(words) == set(OPENAI_CHAT), model


@pytest.mark.parametrize("word", sorted(OPENAI_CHAT))
def test_openai_chat_sdk_word(word: str) -> None:
    """Each OpenAI chat finish_reason of the SDK is in the table with its meaning's class."""
    pytest.importorskip("openai")
    from openai.types.chat.chat_completion_chunk import Choice

    assert word in _literals(Choice.model_fields["finish_reason"].annotation)
    _assert_class("openai_chat", word, OPENAI_CHAT[word])


def _responses_sdk_words() -> list[str]:
    from openai.types.responses import Response
    from openai.types.responses.response import IncompleteDetails

    statuses = _literals(Response.model_fields["status"].annotation)
    reasons = _literals(IncompleteDetails.model_fields["reason"].annotation)
    return statuses + [f"incomplete/{r}" for r in reasons]


def test_openai_responses_words_are_the_sdk_literals() -> None:
    """Every OpenAI Responses status and incomplete reason of the SDK is pinned here, and no other."""
    pytest.importorskip("openai")
    assert set(_responses_sdk_words()) == set(EXPECTED["openai_responses"])


@pytest.mark.parametrize("word", sorted(EXPECTED["openai_responses"]))
def test_openai_responses_sdk_word(word: str) -> None:
    """Each OpenAI Responses status (and incomplete/<reason>) of the SDK is in the table with its
    meaning's class."""
    pytest.importorskip("openai")
    assert word in _responses_sdk_words()
    _assert_class("openai_responses", word, EXPECTED["openai_responses"][word])


def _anthropic_sdk_words() -> dict[str, list[str]]:
    import anthropic.types as types

    return {
        "Message.stop_reason": _literals(types.Message.model_fields["stop_reason"].annotation),
        "RawMessageDeltaEvent.delta.stop_reason": _literals(
            types.RawMessageDeltaEvent.model_fields["delta"]
            .annotation.model_fields["stop_reason"]
            .annotation
        ),
    }


def test_anthropic_words_are_the_sdk_literals() -> None:
    """Every Anthropic stop_reason literal (message and streamed delta) is pinned, and no other."""
    pytest.importorskip("anthropic")
    for where, words in _anthropic_sdk_words().items():
        assert words, where
        assert set(words) == set(ANTHROPIC), where


@pytest.mark.parametrize("word", sorted(ANTHROPIC))
def test_anthropic_sdk_word(word: str) -> None:
    """Each Anthropic stop_reason of the SDK is in the table with its meaning's class."""
    pytest.importorskip("anthropic")
    assert word in _anthropic_sdk_words()["Message.stop_reason"]
    _assert_class("anthropic", word, ANTHROPIC[word])


def test_agentscope_words_are_the_model_enum() -> None:
    """AgentScope's FinishedReason (the type of MODEL_CALL_END.finished_reason) is pinned exactly."""
    pytest.importorskip("agentscope")
    from agentscope.event import ModelCallEndEvent
    from agentscope.model import FinishedReason

    assert ModelCallEndEvent.model_fields["finished_reason"].annotation is FinishedReason
    assert {r.value for r in FinishedReason} == set(AGENTSCOPE)
    for reason in FinishedReason:
        _assert_class("agentscope", reason.value, AGENTSCOPE[reason.value])


# ------------------------------------------------------------- the two named mistakes


def test_openai_length_is_not_natural() -> None:
    """OpenAI ``length`` (the token limit cut the output) is cut, so the call is truncated."""
    _assert_class("openai_chat", "length", C)
    assert finish_class("openai_chat", "length") != N


def test_gemini_safety_is_not_natural() -> None:
    """Gemini ``SAFETY`` (stopped for safety reasons) is cut, so the call is truncated."""
    _assert_class("gemini", "SAFETY", C)
    assert finish_class("gemini", "SAFETY") != N
