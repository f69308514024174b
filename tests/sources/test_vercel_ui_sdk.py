"""Differential tests: the Vercel AI SDK's own reading of a UI message stream against streamspec's.

The AI SDK is TypeScript, so it cannot run here. :class:`SdkFold` is a small,
independent fold written from the SDK's documented rules
(``processUIMessageStream`` in ``ai`` 7.x, as summarised in the ecosystem
notes §2.3, plus ``handleUIMessageStreamFinish`` for ``abort`` and the SSE
parser, which ignores ``[DONE]``): parts by id, tool part states
input-streaming → input-available → approval-requested → approval-responded →
output-available / output-error / output-denied, message metadata merged with
``mergeObjects``, and every ``UIMessageStreamError`` handed to ``onError`` (the
``readUIMessageStream`` default) while the stream goes on.

Hypothesis builds streams the way the SDK's ``toUIMessageStream`` writes them
(text, reasoning, parallel tool calls with interleaved deltas, approvals,
outputs, usage in message metadata, errors, abort, every finish reason, a cut
at any point) with at most one protocol anomaly, then compares final text,
reasoning, tool calls (id, name, arguments), tool results, finish reason,
usage and whether the message counts as complete. Every mismatch must be
explained by exactly one entry of :data:`KNOWN_DIFFERENCES`, and each entry
has a minimal hand-written stream below.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from streamspec import Reducer
from streamspec._events import UnknownEvent
from streamspec._resources import spec_dir
from streamspec.completion import Judge
from streamspec.sources import read_events, reply_lines
from streamspec.sources._read import judge_lines

SOURCE = "vercel_ui"
DONE = "[DONE]"

#: ``difference id -> SDK behaviour vs streamspec``, each shown by a test of its own below.
KNOWN_DIFFERENCES: dict[str, str] = {
    "cut_stream_accepted": (
        "The SDK hands over a stream that ends with no finish (parts still streaming) as a normal "
        "message; streamspec leaves the reply open and judges no_completion_basis."
    ),
    "partial_input_repaired": (
        "For a tool call whose input is still streaming the SDK shows parsePartialJson's repair of "
        "the text; streamspec keeps the text exactly as it arrived."
    ),
    "finish_word_not_judged": (
        "The SDK ends normally whatever finishReason says (length, content-filter, error, other, "
        "none); streamspec judges the word: truncated, failed or no_completion_basis."
    ),
    "abort_word": (
        "On abort the SDK sets isAborted and no finishReason; streamspec gives the cut finish word "
        "'abort'."
    ),
    "usage_needs_finish": (
        "The SDK's message metadata shows usage sent before a finish that never came (cut, abort); "
        "streamspec reports usage only with the receipt at finish, so it stays unknown."
    ),
    "events_after_end": (
        "The SDK folds chunks after finish or abort (more text, metadata, a second finish, an "
        "abort); streamspec refuses them as source violations."
    ),
    "chunks_after_done": (
        "The SDK's SSE parser skips [DONE] and reads on; streamspec ends the stream at [DONE] and "
        "refuses what follows."
    ),
    "duplicate_part_start": (
        "A second text-start / reasoning-start for an open id opens a second part in the SDK; "
        "streamspec reports it and keeps appending to the open block, so interleaved text joins "
        "in another order."
    ),
    "violation_not_in_verdict": (
        "The SDK reports a UIMessageStreamError (a delta for a missing part, an unknown call) to "
        "onError, failing the request; streamspec reports a source_violation and judges the call "
        "from its evidence, which may be complete."
    ),
    "part_removed_by_reset_step": (
        "reset-step removes the step's parts from the SDK's message; streamspec cannot take events "
        "back and keeps them (closing what was open)."
    ),
    "tool_input_restarted": (
        "A second tool-input-start restarts the call in the SDK (input text emptied, state back to "
        "input-streaming, any output dropped); streamspec refuses it and keeps the call as it was, "
        "appending later deltas to the first input."
    ),
    "input_available_differs": (
        "When tool-input-available.input disagrees with the streamed deltas the SDK takes input; "
        "streamspec keeps the deltas."
    ),
    "preliminary_output_pending": (
        "A preliminary tool output is the SDK part's output (state output-available); streamspec "
        "starts the result and waits for the final output, so a stream ending there has no result "
        "text."
    ),
}

NATURAL = frozenset({"stop", "tool-calls"})


# ---------------------------------------------------------------- the SDK's fold


class UIMessageStreamError(Exception):
    """What processUIMessageStream throws; readUIMessageStream hands it to onError."""


@dataclass(frozen=True)
class Partial:
    """A streaming tool input the SDK shows repaired by parsePartialJson (not modelled here)."""

    text: str


def _parse_partial(text: str) -> Any:
    """parsePartialJson: the value of complete JSON, undefined for '', else a repair."""
    if text == "":
        return None
    try:
        return json.loads(text)
    except ValueError:
        return Partial(text)


def _merge_objects(base: Any, overrides: Any) -> Any:
    """The SDK's mergeObjects for object metadata: deep for objects, replacing otherwise."""
    if not isinstance(base, dict) or not isinstance(overrides, dict):
        return overrides
    result = dict(base)
    for key, value in overrides.items():
        earlier = base.get(key)
        result[key] = (
            _merge_objects(earlier, value)
            if isinstance(value, dict) and isinstance(earlier, dict)
            else value
        )
    return result


@dataclass
class SdkFold:
    """processUIMessageStream's state for one assistant message (ecosystem notes §2.3)."""

    message_id: str = ""
    metadata: Any = None
    parts: list[dict[str, Any]] = field(default_factory=list)
    active_text: dict[str, dict[str, Any]] = field(default_factory=dict)
    active_reasoning: dict[str, dict[str, Any]] = field(default_factory=dict)
    partial_calls: dict[str, dict[str, Any]] = field(default_factory=dict)
    finish_reason: str | None = None
    aborted: bool = False
    #: Everything handed to onError: error chunks' errorText and UIMessageStreamErrors.
    errors: list[str] = field(default_factory=list)
    stream_errors: list[str] = field(default_factory=list)

    def read(self, chunks: list[Any]) -> SdkFold:
        for chunk in chunks:
            if chunk == DONE:
                continue
            try:
                self.apply(chunk)
            except UIMessageStreamError as error:
                self.errors.append(str(error))
                self.stream_errors.append(str(error))
        return self

    # -- helpers

    def _step_parts(self) -> list[dict[str, Any]]:
        start = len(self.parts) - 1
        while start >= 0 and self.parts[start]["type"] != "step-start":
            start -= 1
        return self.parts[start + 1 :]

    def _tool_part(self, call_id: str) -> dict[str, Any] | None:
        for part in self._step_parts():
            if part["type"].startswith("tool-") and part["toolCallId"] == call_id:
                return part
        return None

    def _invocation(self, call_id: str) -> dict[str, Any]:
        part = self._tool_part(call_id)
        if part is None:
            for candidate in reversed(self.parts):
                if candidate["type"].startswith("tool-") and candidate["toolCallId"] == call_id:
                    part = candidate
                    break
        if part is None:
            raise UIMessageStreamError(f'No tool invocation found for tool call ID "{call_id}".')
        return part

    def _update_tool(
        self,
        call_id: str,
        name: str,
        state: str,
        existing: dict[str, Any] | None = None,
        **values: Any,
    ) -> None:
        part = existing if existing is not None else self._tool_part(call_id)
        if part is None:
            part = {"type": f"tool-{name}", "toolCallId": call_id}
            self.parts.append(part)
        part["state"] = state
        for key in ("input", "output", "errorText", "rawInput", "preliminary"):
            part[key] = values.get(key)

    def _merge_metadata(self, metadata: Any) -> None:
        if metadata is not None:
            self.metadata = (
                metadata if self.metadata is None else _merge_objects(self.metadata, metadata)
            )

    def _missing(self, chunk: dict[str, Any], kind: str) -> UIMessageStreamError:
        type_ = chunk["type"]
        return UIMessageStreamError(
            f'Received {type_} for missing {kind} part with ID "{chunk["id"]}". '
            f'Ensure a "{kind}-start" chunk is sent before any "{type_}" chunks.'
        )

    # -- chunks

    def apply(self, chunk: dict[str, Any]) -> None:
        type_ = chunk["type"]
        if type_ in ("text-start", "reasoning-start"):
            kind = type_.split("-")[0]
            part = {"type": kind, "text": "", "state": "streaming"}
            (self.active_text if kind == "text" else self.active_reasoning)[chunk["id"]] = part
            self.parts.append(part)
        elif type_ in ("text-delta", "reasoning-delta", "text-end", "reasoning-end"):
            kind = type_.split("-")[0]
            active = self.active_text if kind == "text" else self.active_reasoning
            part = active.get(chunk["id"])
            if part is None:
                raise self._missing(chunk, kind)
            if type_.endswith("delta"):
                part["text"] += chunk["delta"]
            else:
                part["state"] = "done"
                del active[chunk["id"]]
        elif type_ == "tool-input-start":
            self.partial_calls[chunk["toolCallId"]] = {"text": "", "toolName": chunk["toolName"]}
            self._update_tool(chunk["toolCallId"], chunk["toolName"], "input-streaming")
        elif type_ == "tool-input-delta":
            partial = self.partial_calls.get(chunk["toolCallId"])
            if partial is None:
                raise UIMessageStreamError(
                    f'Received tool-input-delta for missing tool call with ID "{chunk["toolCallId"]}". '
                    'Ensure a "tool-input-start" chunk is sent before any "tool-input-delta" chunks.'
                )
            partial["text"] += chunk["inputTextDelta"]
            self._update_tool(
                chunk["toolCallId"],
                partial["toolName"],
                "input-streaming",
                input=_parse_partial(partial["text"]),
            )
        elif type_ == "tool-input-available":
            self._update_tool(
                chunk["toolCallId"], chunk["toolName"], "input-available", input=chunk.get("input")
            )
        elif type_ == "tool-input-error":
            self._update_tool(
                chunk["toolCallId"],
                chunk["toolName"],
                "output-error",
                rawInput=chunk.get("input"),
                errorText=chunk["errorText"],
            )
        elif type_ == "tool-approval-request":
            part = self._invocation(chunk["toolCallId"])
            part["state"] = "approval-requested"
            part["approval"] = {"id": chunk["approvalId"]}
        elif type_ == "tool-approval-response":
            found = [
                p for p in self.parts if p.get("approval", {}).get("id") == chunk["approvalId"]
            ]
            if not found:
                raise UIMessageStreamError(
                    f'No tool invocation found for approval ID "{chunk["approvalId"]}".'
                )
            found[0]["state"] = "approval-responded"
            found[0]["approval"] = {"id": chunk["approvalId"], "approved": chunk["approved"]}
        elif type_ == "tool-output-denied":
            self._invocation(chunk["toolCallId"])["state"] = "output-denied"
        elif type_ == "tool-output-available":
            part = self._invocation(chunk["toolCallId"])
            self._update_tool(
                chunk["toolCallId"],
                "",
                "output-available",
                part,
                input=part.get("input"),
                output=chunk.get("output"),
                preliminary=chunk.get("preliminary"),
            )
        elif type_ == "tool-output-error":
            part = self._invocation(chunk["toolCallId"])
            self._update_tool(
                chunk["toolCallId"],
                "",
                "output-error",
                part,
                input=part.get("input"),
                rawInput=part.get("rawInput"),
                errorText=chunk["errorText"],
            )
        elif type_ == "start-step":
            self.parts.append({"type": "step-start"})
        elif type_ == "finish-step":
            self.active_text, self.active_reasoning = {}, {}
        elif type_ == "reset-step":
            removed = len(self._step_parts())
            self.active_text, self.active_reasoning, self.partial_calls = {}, {}, {}
            if removed:
                del self.parts[-removed:]
        elif type_ == "start":
            if chunk.get("messageId") is not None:
                self.message_id = chunk["messageId"]
            self._merge_metadata(chunk.get("messageMetadata"))
        elif type_ == "finish":
            if chunk.get("finishReason") is not None:
                self.finish_reason = chunk["finishReason"]
            self._merge_metadata(chunk.get("messageMetadata"))
        elif type_ == "message-metadata":
            self._merge_metadata(chunk.get("messageMetadata"))
        elif type_ == "error":
            self.errors.append(chunk["errorText"])
        elif type_ == "abort":
            self.aborted = True
        elif type_.startswith("data-") and not chunk.get("transient"):
            self.parts.append(chunk)

    # -- the answer

    @property
    def accepted(self) -> bool:
        """The message is handed over as a normal end: not aborted, nothing sent to onError."""
        return not self.aborted and not self.errors

    def tool_parts(self) -> dict[str, dict[str, Any]]:
        return {p["toolCallId"]: p for p in self.parts if p["type"].startswith("tool-")}


# ---------------------------------------------------------------- the two answers


def _output_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return "" if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


#: ``usage field path -> verdict usage field`` for vercel_ai (spec/machines/completion.json).
USAGE_NAMES: dict[str, str] = json.loads((spec_dir() / "machines" / "completion.json").read_text())[
    "usage"
]["sources"]["vercel_ai"]


def _dotted(value: Any, path: str) -> Any:
    for key in path.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _usage_counts(usage: Any) -> dict[str, int] | None:
    """An app's reading of message metadata usage, by the vercel_ai names of completion.json."""
    if not isinstance(usage, dict):
        return None
    counts = {}
    for path, target in USAGE_NAMES.items():
        count = _dotted(usage, path)
        if type(count) is int and count >= 0:
            counts[target] = count
    return counts if {"input_tokens", "output_tokens"} & set(counts) else None


@dataclass
class Answer:
    text: str
    reasoning: str
    tools: dict[str, tuple[str, Any]]
    results: dict[str, tuple[str, str]]
    finish_reason: str | None
    usage: dict[str, int] | None
    complete: bool


def sdk_answer(fold: SdkFold) -> Answer:
    tools: dict[str, tuple[str, Any]] = {}
    results: dict[str, tuple[str, str]] = {}
    for call_id, part in fold.tool_parts().items():
        value = part["input"] if part.get("input") is not None else part.get("rawInput")
        tools[call_id] = (part["type"][len("tool-") :], value)
        if part["state"] == "output-available":
            results[call_id] = ("success", _output_text(part.get("output")))
        elif part["state"] == "output-error":
            results[call_id] = ("error", part.get("errorText") or "")
        elif part["state"] == "output-denied":
            results[call_id] = ("denied", "")
    usage = fold.metadata.get("usage") if isinstance(fold.metadata, dict) else None
    return Answer(
        text="".join(p["text"] for p in fold.parts if p["type"] == "text"),
        reasoning="".join(p["text"] for p in fold.parts if p["type"] == "reasoning"),
        tools=tools,
        results=results,
        finish_reason=fold.finish_reason,
        usage=_usage_counts(usage),
        complete=fold.accepted,
    )


def wire(chunks: list[Any]) -> list[bytes]:
    lines: list[bytes] = []
    for chunk in chunks:
        payload = (
            DONE if chunk == DONE else json.dumps(chunk, separators=(",", ":"), ensure_ascii=False)
        )
        lines += [b"data: " + payload.encode() + b"\n", b"\n"]
    return lines


def _parsed_input(text: str) -> Any:
    if text == "":
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def streamspec_answer(chunks: list[Any]) -> Answer:
    lines = wire(chunks)
    reducer = Reducer()
    for line in reply_lines(read_events(iter(lines), SOURCE)):
        if line.event is not None:
            reducer.apply(line.event)
    message = reducer.to_dict()
    judge = Judge()
    for line in judge_lines(read_events(iter(lines), SOURCE), SOURCE):
        if line.event is not None and not isinstance(line.event, UnknownEvent):
            judge.apply(line.event)
    verdicts = [v.to_dict() for v in judge.verdicts()]
    verdict = verdicts[0] if verdicts else None
    blocks = message["content"]
    usage = None
    if verdict is not None and verdict["usage"] is not None:
        usage = {k: v for k, v in verdict["usage"].items() if v is not None}
    return Answer(
        text="".join(b["text"] for b in blocks if b["type"] == "text"),
        reasoning="".join(b["thinking"] for b in blocks if b["type"] == "thinking"),
        tools={
            b["id"]: (b["name"], _parsed_input(b["input"]))
            for b in blocks
            if b["type"] == "tool_call"
        },
        results={
            b["id"]: (b["state"], "".join(o.get("text", "") for o in b["output"]))
            for b in blocks
            if b["type"] == "tool_result" and b["state"] != "running"
        },
        finish_reason=None if verdict is None else verdict["finish_reason"],
        usage=usage,
        complete=verdict is not None and verdict["terminal_state"] == "completed",
    )


def mismatches(sdk: Answer, ours: Answer) -> list[tuple[str, str | None]]:
    """``(aspect, item)`` for each thing the two answers disagree on."""
    found: list[tuple[str, str | None]] = []
    for aspect in ("text", "reasoning", "finish_reason", "usage", "complete"):
        if getattr(sdk, aspect) != getattr(ours, aspect):
            found.append((aspect, None))
    for aspect in ("tools", "results"):
        theirs, mine = getattr(sdk, aspect), getattr(ours, aspect)
        for call_id in sorted(set(theirs) | set(mine)):
            if theirs.get(call_id) != mine.get(call_id):
                found.append((aspect, call_id))
    return found


# ---------------------------------------------------------------- explaining a mismatch


def _same_input(streamed: str | None, value: Any) -> bool:
    """Whether streamed input text says what a chunk's ``input`` says (no text: nothing to compare)."""
    if streamed is None:
        return True
    parsed = _parse_partial(streamed)
    return parsed == value or (isinstance(parsed, Partial) and parsed.text == value)


def value_of(answer: Answer, aspect: str, item: str | None) -> Any:
    """One aspect of an answer; for tools and results, one call's entry."""
    found = getattr(answer, aspect)
    return found.get(item) if item is not None else found


@dataclass
class Facts:
    """What a stream holds, read from its chunks alone, and what the SDK makes of parts of it.

    The *live* chunks are those before the first ``[DONE]`` and up to the first
    finish or abort: everything streamspec may fold. The SDK is also asked about
    the live chunks alone and about them without any ``reset-step``, so that a
    mismatch is put down to the chunks that cause it.
    """

    chunks: list[Any]
    ours: Answer
    late: str | None = None
    ended: str | None = None
    reason: str | None = None
    duplicate_starts: set[str] = field(default_factory=set)
    restarted: set[str] = field(default_factory=set)
    differing_inputs: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.sdk = SdkFold().read(self.chunks)
        live = self.chunks
        done_at = next((i for i, c in enumerate(live) if c == DONE), len(live))
        end_at = next(
            (i for i, c in enumerate(live[:done_at]) if c["type"] in ("finish", "abort")), None
        )
        if end_at is not None:
            self.ended = live[end_at]["type"]
            self.reason = live[end_at].get("finishReason")
            if end_at < len(live) - 1 and live[end_at + 1 :] != [DONE]:
                self.late = "after_end"
            live = live[: end_at + 1]
        elif done_at < len(live) - 1:
            self.late = "after_done"
            live = live[:done_at]
        self.live_sdk = SdkFold().read(live)
        without_reset = [c for c in live if c == DONE or c["type"] != "reset-step"]
        self.plain_sdk = SdkFold().read(without_reset)
        self.answers = (sdk_answer(self.sdk), sdk_answer(self.live_sdk), sdk_answer(self.plain_sdk))
        self.ours_plain = (
            self.ours if len(without_reset) == len(live) else streamspec_answer(without_reset)
        )
        self._scan([c for c in live if c != DONE])

    def _scan(self, live: list[dict[str, Any]]) -> None:
        open_parts: set[tuple[str, str]] = set()
        started: set[str] = set()
        deltas: dict[str, str] = {}
        for chunk in live:
            type_ = chunk["type"]
            if type_ in ("text-start", "reasoning-start"):
                key = (type_.split("-")[0], chunk["id"])
                if key in open_parts:
                    self.duplicate_starts.add(key[0])
                open_parts.add(key)
            elif type_ in ("text-end", "reasoning-end"):
                open_parts.discard((type_.split("-")[0], chunk["id"]))
            elif type_ in ("finish-step", "reset-step"):
                open_parts.clear()
            elif type_ == "tool-input-start":
                if chunk["toolCallId"] in started:
                    self.restarted.add(chunk["toolCallId"])
                started.add(chunk["toolCallId"])
            elif type_ == "tool-input-delta":
                call_id = chunk["toolCallId"]
                deltas[call_id] = deltas.get(call_id, "") + chunk["inputTextDelta"]
            elif type_ in ("tool-input-available", "tool-input-error") and not _same_input(
                deltas.get(chunk["toolCallId"]), chunk.get("input")
            ):
                self.differing_inputs.add(chunk["toolCallId"])

    def changed_by_late_chunks(self, aspect: str, item: str | None) -> bool:
        full, live, _ = self.answers
        return value_of(full, aspect, item) != value_of(live, aspect, item)

    def changed_by_reset_step(self, aspect: str, item: str | None) -> bool:
        """Either answer is different on the live chunks without their reset-steps."""
        _, live, plain = self.answers
        return value_of(live, aspect, item) != value_of(plain, aspect, item) or value_of(
            self.ours, aspect, item
        ) != value_of(self.ours_plain, aspect, item)

    def live_cause(self, aspect: str, item: str | None) -> bool:
        """The mismatch is there without late chunks and without reset-step."""
        return not self.changed_by_late_chunks(aspect, item) and not self.changed_by_reset_step(
            aspect, item
        )

    def tool_part(self, item: str | None) -> dict[str, Any]:
        return self.live_sdk.tool_parts().get(item or "", {})


Explanation = Callable[[Facts, str, str | None], bool]

EXPLANATIONS: dict[str, Explanation] = {
    "chunks_after_done": lambda f, aspect, item: (
        f.late == "after_done" and f.changed_by_late_chunks(aspect, item)
    ),
    "events_after_end": lambda f, aspect, item: (
        f.late == "after_end" and f.changed_by_late_chunks(aspect, item)
    ),
    "part_removed_by_reset_step": lambda f, aspect, item: (
        not f.changed_by_late_chunks(aspect, item) and f.changed_by_reset_step(aspect, item)
    ),
    "cut_stream_accepted": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect == "complete"
        and f.ended is None
        and f.live_sdk.accepted
        and not f.ours.complete
    ),
    "finish_word_not_judged": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect == "complete"
        and f.ended == "finish"
        and f.reason not in NATURAL
        and f.live_sdk.accepted
    ),
    "violation_not_in_verdict": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect == "complete"
        and bool(f.live_sdk.stream_errors)
        and f.ours.complete
    ),
    "abort_word": lambda f, aspect, item: (
        f.live_cause(aspect, item) and aspect == "finish_reason" and f.ended == "abort"
    ),
    "usage_needs_finish": lambda f, aspect, item: (
        f.live_cause(aspect, item) and aspect == "usage" and f.ended != "finish"
    ),
    "duplicate_part_start": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect in ("text", "reasoning")
        and aspect in f.duplicate_starts
    ),
    "partial_input_repaired": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect == "tools"
        and item not in f.restarted
        and f.tool_part(item).get("state") == "input-streaming"
    ),
    "tool_input_restarted": lambda f, aspect, item: (
        f.live_cause(aspect, item) and aspect in ("tools", "results") and item in f.restarted
    ),
    "input_available_differs": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect == "tools"
        and item in f.differing_inputs
        and item not in f.restarted
        and f.tool_part(item).get("state") != "input-streaming"
    ),
    "preliminary_output_pending": lambda f, aspect, item: (
        f.live_cause(aspect, item)
        and aspect == "results"
        and item not in f.restarted
        and f.tool_part(item).get("preliminary") is True
    ),
}


def explain(chunks: list[Any]) -> list[tuple[str, str | None, str]]:
    """Each mismatch with the one known difference that explains it (asserted unique)."""
    ours = streamspec_answer(chunks)
    facts = Facts(chunks, ours)
    theirs = facts.answers[0]
    explained = []
    for aspect, item in mismatches(theirs, ours):
        ids = [name for name, holds in EXPLANATIONS.items() if holds(facts, aspect, item)]
        assert len(ids) == 1, (
            aspect,
            item,
            ids,
            value_of(theirs, aspect, item),
            value_of(ours, aspect, item),
            chunks,
        )
        explained.append((aspect, item, ids[0]))
    return explained


def test_every_explanation_is_a_known_difference() -> None:
    """Each known difference has one explanation, and each has a hand-written test below."""
    assert set(EXPLANATIONS) == set(KNOWN_DIFFERENCES)
    assert all(f"test_{name}" in globals() for name in KNOWN_DIFFERENCES)


# ---------------------------------------------------------------- streams as the SDK writes them

FINISH_REASONS = [
    "stop",
    "tool-calls",
    "length",
    "content-filter",
    "error",
    "other",
    "interrupted",
    None,
]
CALL_INPUTS = [{"city": "Paris"}, {"q": "café", "n": 3}, {}, {"ids": [1, 2], "deep": {"x": None}}]


@st.composite
def usage_values(draw: st.DrawFn) -> dict[str, Any]:
    usage: dict[str, Any] = {}
    for key in draw(
        st.sets(st.sampled_from(["inputTokens", "outputTokens", "cachedInputTokens"]), min_size=1)
    ):
        usage[key] = draw(st.integers(0, 500))
    if draw(st.booleans()):
        usage["inputTokenDetails"] = {"cacheReadTokens": draw(st.integers(0, 9))}
    return usage


def _metadata(draw: st.DrawFn) -> dict[str, Any]:
    return {"messageMetadata": {"usage": draw(usage_values())}} if draw(st.booleans()) else {}


@st.composite
def text_part(draw: st.DrawFn, kind: str, part_id: str) -> list[dict[str, Any]]:
    deltas = draw(st.lists(st.text("abc é.", min_size=1, max_size=3), max_size=3))
    return [
        {"type": f"{kind}-start", "id": part_id},
        *({"type": f"{kind}-delta", "id": part_id, "delta": d} for d in deltas),
        {"type": f"{kind}-end", "id": part_id},
    ]


@st.composite
def tool_call(draw: st.DrawFn, call_id: str) -> list[dict[str, Any]]:
    name = draw(st.sampled_from(["getWeather", "search"]))
    value: Any = draw(st.sampled_from(CALL_INPUTS))
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    failed = draw(st.integers(0, 5)) == 0
    if failed and draw(st.booleans()):
        text = value = text[:-1]
    chunks: list[dict[str, Any]] = []
    if draw(st.booleans()):
        cuts = sorted(draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=3)))
        pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        chunks.append({"type": "tool-input-start", "toolCallId": call_id, "toolName": name})
        chunks += [
            {"type": "tool-input-delta", "toolCallId": call_id, "inputTextDelta": p}
            for p in pieces
            if p
        ]
    if failed:
        chunks.append(
            {
                "type": "tool-input-error",
                "toolCallId": call_id,
                "toolName": name,
                "input": value,
                "errorText": "Invalid input",
            }
        )
        return chunks
    chunks.append(
        {"type": "tool-input-available", "toolCallId": call_id, "toolName": name, "input": value}
    )
    denied = False
    if draw(st.integers(0, 3)) == 0:
        approval = f"ap-{call_id}"
        chunks.append(
            {"type": "tool-approval-request", "approvalId": approval, "toolCallId": call_id}
        )
        if draw(st.booleans()):
            approved = draw(st.booleans())
            denied = not approved
            chunks.append(
                {"type": "tool-approval-response", "approvalId": approval, "approved": approved}
            )
    outcome = draw(st.sampled_from(["none", "output", "output", "error", "preliminary"]))
    if denied:
        chunks.append({"type": "tool-output-denied", "toolCallId": call_id})
    elif outcome in ("output", "preliminary"):
        if outcome == "preliminary":
            chunks.append(
                {
                    "type": "tool-output-available",
                    "toolCallId": call_id,
                    "output": {"progress": 0.5},
                    "preliminary": True,
                }
            )
        output = draw(st.sampled_from(["sunny", {"celsius": 18}, None, [1, "two"]]))
        if outcome == "output" or draw(st.booleans()):
            chunks.append(
                {"type": "tool-output-available", "toolCallId": call_id, "output": output}
            )
    elif outcome == "error":
        chunks.append(
            {"type": "tool-output-error", "toolCallId": call_id, "errorText": "Tool failed"}
        )
    return chunks


def _interleave(draw: st.DrawFn, queues: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    queues = [list(q) for q in queues if q]
    out: list[dict[str, Any]] = []
    while queues:
        index = draw(st.integers(0, len(queues) - 1))
        out.append(queues[index].pop(0))
        if not queues[index]:
            del queues[index]
    return out


ANOMALIES = [
    None,
    None,
    None,
    "duplicate_start",
    "missing_part",
    "after_end",
    "after_done",
    "reset_step",
    "tool_restart",
    "input_differs",
]


def _insert(draw: st.DrawFn, chunks: list[Any], new: list[Any], low: int = 1) -> list[Any]:
    at = draw(st.integers(min(low, len(chunks)), len(chunks)))
    return [*chunks[:at], *new, *chunks[at:]]


def _anomaly(draw: st.DrawFn, body: list[dict[str, Any]], kind: str | None) -> list[dict[str, Any]]:
    if kind == "duplicate_start":
        starts = [i for i, c in enumerate(body) if c["type"] in ("text-start", "reasoning-start")]
        if starts:
            at = draw(st.sampled_from(starts))
            return [*body[: at + 1], *body[at + 1 :][:1], dict(body[at]), *body[at + 2 :]]
    if kind == "missing_part":
        return _insert(draw, body, [{"type": "text-delta", "id": "ghost", "delta": "boo"}])
    if kind == "reset_step":
        return _insert(draw, body, [{"type": "reset-step"}, {"type": "start-step"}])
    if kind == "tool_restart":
        starts = [i for i, c in enumerate(body) if c["type"] == "tool-input-start"]
        if starts:
            at = draw(st.sampled_from(starts))
            return _insert(draw, body, [dict(body[at])], low=at + 1)
    if kind == "input_differs":
        ready = [i for i, c in enumerate(body) if c["type"] == "tool-input-available"]
        if ready:
            at = draw(st.sampled_from(ready))
            return [*body[:at], {**body[at], "input": {"changed": True}}, *body[at + 1 :]]
    return body


@st.composite
def streams(draw: st.DrawFn) -> list[Any]:
    """A UI message stream as toUIMessageStream writes it, perhaps cut, with at most one anomaly."""
    start: dict[str, Any] = {"type": "start", "messageId": "msg-1", **_metadata(draw)}
    queues = [draw(text_part("reasoning", f"r{i}")) for i in range(draw(st.integers(0, 1)))]
    queues += [draw(text_part("text", f"t{i}")) for i in range(draw(st.integers(0, 2)))]
    queues += [draw(tool_call(f"call-{i}")) for i in range(draw(st.integers(0, 3)))]
    body = [start, {"type": "start-step"}, *_interleave(draw, queues)]
    for _ in range(draw(st.integers(0, 2))):
        body = _insert(
            draw,
            body,
            [{"type": "message-metadata", "messageMetadata": {"usage": draw(usage_values())}}],
        )
    if draw(st.integers(0, 5)) == 0:
        body = _insert(draw, body, [{"type": "error", "errorText": "Rate limited"}])
    body.append({"type": "finish-step"})
    ending = draw(st.sampled_from(["finish", "finish", "finish", "abort", "none"]))
    if ending == "finish":
        reason = draw(st.sampled_from(FINISH_REASONS))
        body.append(
            {"type": "finish", **({"finishReason": reason} if reason else {}), **_metadata(draw)}
        )
    elif ending == "abort":
        body.append({"type": "abort", "reason": "user"})
    kind = draw(st.sampled_from(ANOMALIES))
    body = _anomaly(draw, body, kind)
    if kind == "after_end" and ending != "none":
        late = [
            *draw(text_part("text", "late")),
            {"type": "message-metadata", "messageMetadata": {"usage": draw(usage_values())}},
        ]
        late.append(
            draw(
                st.sampled_from(
                    [
                        {"type": "finish", "finishReason": "length"},
                        {"type": "abort"},
                        {"type": "finish-step"},
                    ]
                )
            )
        )
        body += late
    chunks: list[Any] = body[: draw(st.integers(0, len(body)))] if draw(st.booleans()) else body
    if kind == "after_done":
        chunks = _insert(draw, chunks, [DONE], low=0)
    elif draw(st.booleans()):
        chunks = [*chunks, DONE]
    return chunks


@given(streams())
def test_sdk_and_streamspec_agree_except_for_known_differences(chunks: list[Any]) -> None:
    """Text, reasoning, tool calls and results, finish reason, usage and completeness agree, or one known difference explains it."""
    explain(chunks)


@given(streams())
def test_plain_complete_streams_agree_entirely(chunks: list[Any]) -> None:
    """One natural finish, nothing after it, no anomaly, no preliminary output: every aspect agrees."""
    facts = Facts(chunks, streamspec_answer(chunks))
    clean = (
        facts.late is None
        and facts.ended == "finish"
        and facts.reason in NATURAL
        and not any(c != DONE and c["type"] == "reset-step" for c in chunks)
        and not facts.duplicate_starts
        and not facts.restarted
        and not facts.differing_inputs
        and not facts.sdk.errors
        and not any(p.get("preliminary") for p in facts.sdk.tool_parts().values())
    )
    if clean:
        assert mismatches(facts.answers[0], facts.ours) == []


# ---------------------------------------------------------------- each difference, by hand

START = {"type": "start", "messageId": "msg-1"}
USAGE = {"inputTokens": 10, "outputTokens": 4}


def _text(part_id: str, *deltas: str) -> list[dict[str, Any]]:
    return [
        {"type": "text-start", "id": part_id},
        *({"type": "text-delta", "id": part_id, "delta": d} for d in deltas),
        {"type": "text-end", "id": part_id},
    ]


def _explained(chunks: list[Any]) -> dict[tuple[str, str | None], str]:
    return {(aspect, item): name for aspect, item, name in explain(chunks)}


def _both(chunks: list[Any]) -> tuple[SdkFold, Answer, Answer]:
    fold = SdkFold().read(chunks)
    return fold, sdk_answer(fold), streamspec_answer(chunks)


def test_cut_stream_accepted() -> None:
    """Cut mid-text: the SDK's message is usable as it is; streamspec has no completion basis."""
    chunks = [
        START,
        {"type": "text-start", "id": "t"},
        {"type": "text-delta", "id": "t", "delta": "Hel"},
    ]
    fold, sdk, ours = _both(chunks)
    assert (fold.accepted, sdk.text, fold.parts[0]["state"]) == (True, "Hel", "streaming")
    assert (ours.complete, ours.text) == (False, "Hel")
    assert _explained(chunks) == {("complete", None): "cut_stream_accepted"}


def test_partial_input_repaired() -> None:
    """Cut inside a tool input: the SDK shows a repaired object, streamspec the raw text."""
    chunks = [
        START,
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"city":"Par'},
    ]
    _, sdk, ours = _both(chunks)
    assert sdk.tools == {"c": ("f", Partial('{"city":"Par'))}
    assert ours.tools == {"c": ("f", '{"city":"Par')}
    assert _explained(chunks) == {
        ("tools", "c"): "partial_input_repaired",
        ("complete", None): "cut_stream_accepted",
    }


def test_finish_word_not_judged() -> None:
    """finish with length: the SDK ends normally with finishReason length; streamspec says truncated."""
    chunks = [START, *_text("t", "Once upon"), {"type": "finish", "finishReason": "length"}, DONE]
    fold, sdk, ours = _both(chunks)
    assert (fold.accepted, sdk.finish_reason) == (True, "length")
    assert (ours.complete, ours.finish_reason) == (False, "length")
    assert _explained(chunks) == {("complete", None): "finish_word_not_judged"}


def test_abort_word() -> None:
    """abort: the SDK sets isAborted with no finishReason; streamspec's finish word is 'abort'."""
    chunks = [START, *_text("t", "half"), {"type": "abort", "reason": "user"}, DONE]
    fold, sdk, ours = _both(chunks)
    assert (fold.aborted, sdk.finish_reason) == (True, None)
    assert (ours.finish_reason, ours.complete) == ("abort", False)
    assert _explained(chunks) == {("finish_reason", None): "abort_word"}


def test_usage_needs_finish() -> None:
    """Usage in message-metadata, then the stream is cut: the SDK shows it, streamspec does not."""
    chunks = [
        START,
        {"type": "message-metadata", "messageMetadata": {"usage": USAGE}},
        *_text("t", "x"),
    ]
    _, sdk, ours = _both(chunks)
    assert sdk.usage == {"input_tokens": 10, "output_tokens": 4}
    assert ours.usage is None
    assert _explained(chunks) == {
        ("usage", None): "usage_needs_finish",
        ("complete", None): "cut_stream_accepted",
    }


def test_events_after_end() -> None:
    """Text and a second finish after finish: the SDK folds them; streamspec refuses them."""
    chunks = [
        START,
        *_text("t", "done"),
        {"type": "finish", "finishReason": "stop"},
        *_text("u", " more"),
        {"type": "finish", "finishReason": "length"},
    ]
    _, sdk, ours = _both(chunks)
    assert (sdk.text, sdk.finish_reason) == ("done more", "length")
    assert (ours.text, ours.finish_reason, ours.complete) == ("done", "stop", True)
    assert _explained(chunks) == {
        ("text", None): "events_after_end",
        ("finish_reason", None): "events_after_end",
    }


def test_chunks_after_done() -> None:
    """[DONE] then a finish: the SDK's parser reads on; streamspec ended at [DONE]."""
    chunks = [START, *_text("t", "x"), DONE, {"type": "finish", "finishReason": "stop"}]
    fold, sdk, ours = _both(chunks)
    assert (fold.accepted, sdk.finish_reason) == (True, "stop")
    assert (ours.complete, ours.finish_reason) == (False, None)
    assert _explained(chunks) == {
        ("finish_reason", None): "chunks_after_done",
        ("complete", None): "cut_stream_accepted",
    }


def test_duplicate_part_start() -> None:
    """A second text-start for open 't' while 'u' streams: the SDK's parts join as 'a' 'b' 'c'."""
    chunks = [
        START,
        {"type": "text-start", "id": "t"},
        {"type": "text-delta", "id": "t", "delta": "a"},
        {"type": "text-start", "id": "u"},
        {"type": "text-delta", "id": "u", "delta": "b"},
        {"type": "text-start", "id": "t"},
        {"type": "text-delta", "id": "t", "delta": "c"},
        {"type": "finish", "finishReason": "stop"},
    ]
    _, sdk, ours = _both(chunks)
    assert (sdk.text, ours.text) == ("abc", "acb")
    assert _explained(chunks) == {("text", None): "duplicate_part_start"}


def test_violation_not_in_verdict() -> None:
    """A delta for a missing part: the SDK's onError gets the error; streamspec still judges completed."""
    chunks = [
        START,
        {"type": "text-delta", "id": "ghost", "delta": "x"},
        *_text("t", "ok"),
        {"type": "finish", "finishReason": "stop"},
    ]
    fold, sdk, ours = _both(chunks)
    assert fold.stream_errors == [
        'Received text-delta for missing text part with ID "ghost". Ensure a "text-start" chunk is sent before any "text-delta" chunks.'
    ]
    assert (sdk.complete, ours.complete, sdk.text, ours.text) == (False, True, "ok", "ok")
    assert _explained(chunks) == {("complete", None): "violation_not_in_verdict"}


def test_part_removed_by_reset_step() -> None:
    """reset-step: the SDK drops the step's text; streamspec keeps it."""
    chunks = [
        START,
        {"type": "start-step"},
        *_text("t", "draft"),
        {"type": "reset-step"},
        {"type": "start-step"},
        *_text("u", "final"),
        {"type": "finish", "finishReason": "stop"},
    ]
    _, sdk, ours = _both(chunks)
    assert (sdk.text, ours.text) == ("final", "draftfinal")
    assert _explained(chunks) == {("text", None): "part_removed_by_reset_step"}


def test_tool_input_restarted() -> None:
    """A second tool-input-start: the SDK restarts the input text; streamspec keeps all deltas."""
    chunks = [
        START,
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"a":'},
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": "{}"},
        {"type": "finish", "finishReason": "tool-calls"},
    ]
    _, sdk, ours = _both(chunks)
    assert (sdk.tools, ours.tools) == ({"c": ("f", {})}, {"c": ("f", '{"a":{}')})
    assert _explained(chunks) == {("tools", "c"): "tool_input_restarted"}


def test_input_available_differs() -> None:
    """Deltas say one thing, tool-input-available another: the SDK takes input, streamspec the deltas."""
    chunks = [
        START,
        {"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"a":1}'},
        {"type": "tool-input-available", "toolCallId": "c", "toolName": "f", "input": {"a": 2}},
        {"type": "finish", "finishReason": "tool-calls"},
    ]
    _, sdk, ours = _both(chunks)
    assert (sdk.tools, ours.tools) == ({"c": ("f", {"a": 2})}, {"c": ("f", {"a": 1})})
    assert _explained(chunks) == {("tools", "c"): "input_available_differs"}


def test_preliminary_output_pending() -> None:
    """Only a preliminary output before finish: the SDK shows it; streamspec's result is still running."""
    chunks = [
        START,
        {"type": "tool-input-available", "toolCallId": "c", "toolName": "f", "input": {}},
        {"type": "tool-output-available", "toolCallId": "c", "output": "1/3", "preliminary": True},
        {"type": "finish", "finishReason": "tool-calls"},
    ]
    _, sdk, ours = _both(chunks)
    assert (sdk.results, ours.results) == ({"c": ("success", "1/3")}, {})
    assert _explained(chunks) == {("results", "c"): "preliminary_output_pending"}


def test_a_complete_stream_agrees_entirely() -> None:
    """Text, reasoning, parallel calls, an approval, outputs and usage: no difference at all."""
    chunks = [
        {**START, "messageMetadata": {"usage": {"inputTokens": 1}}},
        {"type": "start-step"},
        {"type": "reasoning-start", "id": "r"},
        {"type": "reasoning-delta", "id": "r", "delta": "think"},
        {"type": "reasoning-end", "id": "r"},
        {"type": "tool-input-start", "toolCallId": "a", "toolName": "f"},
        {"type": "tool-input-start", "toolCallId": "b", "toolName": "g"},
        {"type": "tool-input-delta", "toolCallId": "b", "inputTextDelta": '{"y":2}'},
        {"type": "tool-input-delta", "toolCallId": "a", "inputTextDelta": '{"x":1}'},
        {"type": "tool-input-available", "toolCallId": "b", "toolName": "g", "input": {"y": 2}},
        {"type": "tool-input-available", "toolCallId": "a", "toolName": "f", "input": {"x": 1}},
        {"type": "tool-approval-request", "approvalId": "p", "toolCallId": "a"},
        {"type": "tool-approval-response", "approvalId": "p", "approved": False},
        {"type": "tool-output-denied", "toolCallId": "a"},
        {"type": "tool-output-available", "toolCallId": "b", "output": {"ok": True}},
        *_text("t", "Done", "."),
        {"type": "finish-step"},
        {
            "type": "finish",
            "finishReason": "stop",
            "messageMetadata": {"usage": {"outputTokens": 5}},
        },
        DONE,
    ]
    _, sdk, ours = _both(chunks)
    assert sdk == ours
    assert ours.results == {"a": ("denied", ""), "b": ("success", '{"ok":true}')}
    assert ours.usage == {"input_tokens": 1, "output_tokens": 5}
