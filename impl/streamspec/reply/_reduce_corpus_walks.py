"""Drawing reduce streams: content pools, walks over the tables, and the cells.

Rules:

1. A walk keeps a :class:`~streamspec.reply._reduce_corpus_model.Model` and, at
   each step, draws a kind (weighted by a per-walk profile: tool-heavy, even
   or block-heavy), builds the candidates of that kind (live ids, a fresh id,
   the ghost id ``ghost``; valid and invalid content) and judges them with
   the model. A legal step takes an accepted candidate; an illegal step tries
   every kind and takes a rejected candidate whose code is least used so far.
2. A walk may start with REPLY_START, may settle what is open (ends,
   confirmations, results) and may end with REPLY_END; some mixed and illegal
   walks go on after it.
3. The cells are found breadth first: from each configuration one reply, one
   block or one tool call reaches by accepted events, every candidate of its
   domain is tried; a (prefix, event) is kept when the routes it judges, with
   their states, guards and outcomes, form a signature not seen before.
4. Ids: blocks ``b1``, ``b2`` ... shared by the text, thinking and data
   scopes (so a text and a thinking block may share an id), hints ``h1`` ...,
   calls ``c1`` ..., result sub-blocks ``s1`` .... Every event is AgentScope
   2.0.11 wire JSON except the unknown types of :data:`UNKNOWN_TYPES`.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterator, Mapping
from typing import Any, Final

from streamspec._machines import COMPILED, ROUTES
from streamspec.reply._reduce_corpus_model import Model, Outcome

__all__ = ["R", "Walk", "cells", "draw_walk"]

R: Final = "r1"
TEXTS: Final = ("Hi", "", "héllo ", "日本語", "🙂", "a\nb", '"q"', "\\", "ok.", "Ünï ✓", " ")
INPUTS: Final = ('{"q": ', '"wéather"', ', "n": 2', "}", "", "[1, ", "{}")
B64_OK: Final = ("", "YWJj", "YQ==", "YWI=", "AAAA", "/+8=", "SGVsbG8=", "8J+Zgg==", "+/+/")
B64_BAD: Final = ("x", "YQ=", "YW J", "YWJj\n", "iVBOR==", "YQ==YQ==", "YR==", "YWJ=", "YWJj====")
URLS: Final = (
    "https://example.com/a.png",
    "https://example.com/s?id=1&t=%20",
    "https://例え.jp/画.png",
)
MEDIA: Final = ("image/png", "audio/wav", "image/jpeg", "application/pdf")
TOOLS: Final = ("search", "read_file", "天気", "run")
FINAL_STATES: Final = ("success", "error", "interrupted", "denied")
UNKNOWN_TYPES: Final = ("TOOL_PROGRESS", "AUDIO_BLOCK_DELTA", "text_block_delta", "")

#: ``wire type -> (scope, part)`` of the block events.
_BLOCKS: Final = {
    f"{scope.upper()}_BLOCK_{part.upper()}": (scope, part)
    for scope in ("text", "thinking", "data")
    for part in ("start", "delta", "end")
}
#: Batch event -> its item list.
_BATCHES: Final = {
    "REQUIRE_USER_CONFIRM": "tool_calls",
    "REQUIRE_EXTERNAL_EXECUTION": "tool_calls",
    "USER_CONFIRM_RESULT": "confirm_results",
    "EXTERNAL_EXECUTION_RESULT": "execution_results",
}
#: How often a legal walk tries each kind of event.
WEIGHTS: Final[Mapping[str, float]] = {
    "REPLY_START": 0.3,
    "TEXT_BLOCK_START": 2,
    "TEXT_BLOCK_DELTA": 5,
    "TEXT_BLOCK_END": 2,
    "THINKING_BLOCK_START": 1.5,
    "THINKING_BLOCK_DELTA": 3,
    "THINKING_BLOCK_END": 1.5,
    "DATA_BLOCK_START": 1,
    "DATA_BLOCK_DELTA": 3,
    "DATA_BLOCK_END": 1,
    "HINT_BLOCK": 0.7,
    "TOOL_CALL_START": 2,
    "TOOL_CALL_DELTA": 3,
    "TOOL_CALL_END": 2,
    "REQUIRE_USER_CONFIRM": 1.5,
    "USER_CONFIRM_RESULT": 1.5,
    "REQUIRE_EXTERNAL_EXECUTION": 1,
    "EXTERNAL_EXECUTION_RESULT": 1,
    "TOOL_RESULT_START": 2,
    "TOOL_RESULT_TEXT_DELTA": 3,
    "TOOL_RESULT_DATA_DELTA": 2,
    "TOOL_RESULT_END": 2,
    "MODEL_CALL_START": 1,
    "MODEL_CALL_END": 1,
    "USER_INTERRUPT": 0.3,
    "EXCEED_MAX_ITERS": 0.3,
    "CUSTOM": 0.5,
}
#: The kinds that settle what is open, for the closing phase of a walk.
CLOSING: Final[Mapping[str, float]] = dict.fromkeys(
    (
        "TEXT_BLOCK_END",
        "THINKING_BLOCK_END",
        "DATA_BLOCK_END",
        "TOOL_CALL_END",
        "USER_CONFIRM_RESULT",
        "EXTERNAL_EXECUTION_RESULT",
        "TOOL_RESULT_START",
        "TOOL_RESULT_END",
    ),
    1,
)
#: Every kind an illegal step may try: the catalog, an unknown type, a foreign reply id.
ANY: Final[Mapping[str, float]] = {
    **dict.fromkeys(WEIGHTS, 1),
    "REPLY_END": 1,
    "UNKNOWN": 1,
    "MISMATCH": 1,
}


def _ev(type_: str, /, **fields: Any) -> dict[str, Any]:
    """An event of reply ``r1`` (CUSTOM carries no reply id)."""
    return {"type": type_, **({"reply_id": R} if type_ != "CUSTOM" else {}), **fields}


class Walk:
    """One stream being drawn: the model, the events so far and what they predict."""

    def __init__(self, rng: random.Random, options: dict[str, Any], usage: Counter[str]) -> None:
        self.rng = rng
        self.options = options
        self.model = Model(options.get("reply_id"))
        self.events: list[dict[str, Any]] = []
        self.predicted: list[tuple[int | None, int | None, str]] = []
        self.usage = usage
        self._fresh: Counter[str] = Counter()

    # ------------------------------------------------------------- content

    def fresh(self, prefix: str) -> str:
        """A new id: ``b1``, ``b2`` ... per prefix (text and thinking share ``b``)."""
        self._fresh[prefix] += 1
        return f"{prefix}{self._fresh[prefix]}"

    def _call_block(self, call_id: str) -> dict[str, Any]:
        name = self.model.names.get(call_id, "f")
        block: dict[str, Any] = {"type": "tool_call", "id": call_id, "name": name, "input": "{}"}
        if self.rng.random() < 0.3:
            behavior = self.rng.choice(("allow", "deny", "ask", "passthrough"))
            content = self.rng.choice((None, "src/**", "npm install"))
            rule = {"tool_name": name, "rule_content": content, "behavior": behavior}
            block["suggested_rules"] = [{**rule, "source": "user"}]
        return block

    def _item(self, type_: str, call_id: str) -> dict[str, Any]:
        """One batch item naming ``call_id``: a call block, a confirmation or a result block."""
        rng = self.rng
        if type_ == "USER_CONFIRM_RESULT":
            return {"confirmed": rng.random() < 0.6, "tool_call": self._call_block(call_id)}
        if type_ == "EXTERNAL_EXECUTION_RESULT":
            output: Any = rng.choice(TEXTS)
            if rng.random() < 0.3:
                source = {"type": "base64", "data": "YWJj", "media_type": "image/png"}
                output = [
                    {"type": "text", "id": f"{call_id}-t", "text": output},
                    {"type": "data", "id": f"{call_id}-d", "source": source, "name": None},
                ]
            name = self.model.names.get(call_id, "f")
            state = rng.choice(FINAL_STATES)
            return {
                "type": "tool_result",
                "id": call_id,
                "name": name,
                "output": output,
                "state": state,
            }
        return self._call_block(call_id)

    def _data(self, call_id: str | None, block_id: str | None, how: str) -> dict[str, Any]:
        rng = self.rng
        media = rng.choice(MEDIA)
        fields: dict[str, Any] = {"media_type": media}
        if how == "url":
            fields["url"] = rng.choice(URLS)
        else:
            fields["data"] = rng.choice(B64_OK if how == "ok" else B64_BAD)
        if call_id is None:
            return _ev("DATA_BLOCK_DELTA", block_id=block_id, **fields)
        ids = {} if block_id is None else {"block_id": block_id}
        return _ev("TOOL_RESULT_DATA_DELTA", tool_call_id=call_id, **ids, **fields)

    # ---------------------------------------------------------- candidates

    def candidates(self, type_: str) -> list[dict[str, Any]]:
        """Events of one kind worth trying now: live ids, a fresh one, a ghost."""
        rng, model = self.rng, self.model
        if type_ in _BLOCKS:
            return self._block_candidates(type_)
        calls = list(model.states["tool_call"])
        if type_ == "HINT_BLOCK":
            hint: Any = rng.choice(TEXTS)
            if rng.random() < 0.3:
                hint = [{"type": "text", "text": hint}]
            return [
                _ev("HINT_BLOCK", block_id=block, hint=hint)
                for block in (self.fresh("h"), *model.ids("hint"))
            ]
        if type_ == "TOOL_CALL_START":
            name = rng.choice(TOOLS)
            ids = (self.fresh("c"), *calls)
            return [_ev(type_, tool_call_id=c, tool_call_name=name) for c in ids]
        if type_ in _BATCHES:
            return self._batch_candidates(type_, calls)
        if type_.startswith(("TOOL_CALL_", "TOOL_RESULT_")):
            return [e for c in (*calls, "ghost") for e in self._call_events(type_, c)]
        return [self._reply_event(type_)]

    def _block_candidates(self, type_: str) -> list[dict[str, Any]]:
        scope, part = _BLOCKS[type_]
        ids = self.model.ids(scope)
        if part == "start":
            extra = {"media_type": self.rng.choice(MEDIA)} if scope == "data" else {}
            if scope == "data" and self.rng.random() < 0.3:
                extra["name"] = "pic.png"
            return [_ev(type_, block_id=b, **extra) for b in (self.fresh("b"), *ids)]
        found = []
        for block in (*ids, "ghost"):
            if part == "end":
                extra = {"text": self.rng.choice(TEXTS)} if self.rng.random() < 0.15 else {}
                found.append(_ev(type_, block_id=block, **(extra if scope == "text" else {})))
            elif scope == "data":
                found.extend(self._data(None, block, how) for how in ("ok", "ok", "bad", "url"))
            else:
                found.append(_ev(type_, block_id=block, delta=self.rng.choice(TEXTS)))
        return found

    def _batch_candidates(self, type_: str, calls: list[str]) -> list[dict[str, Any]]:
        rng = self.rng
        routes = [r for r in ROUTES[type_.lower()] if r.items is not None]
        ready = [
            c
            for c in calls
            if all(
                COMPILED[r.machine].has_pair(self.model.state_of(r.machine, c), r.event)
                for r in routes
            )
        ]
        batches: list[list[str]] = []
        if ready:
            size = rng.randint(1, min(3, len(ready)))
            batches.append(sorted(rng.sample(ready, size), key=ready.index))
        others = [*calls, "ghost"]
        batches.append([rng.choice(others) for _ in range(rng.randint(1, 3))])
        if calls:
            twice = rng.choice(calls)
            batches.append([twice, *rng.sample(others, 1), twice])
        return [
            _ev(type_, **{_BATCHES[type_]: [self._item(type_, c) for c in batch]})
            for batch in batches
        ]

    def _call_events(self, type_: str, call: str) -> list[dict[str, Any]]:
        rng = self.rng
        if type_ == "TOOL_CALL_DELTA":
            return [_ev(type_, tool_call_id=call, delta=rng.choice(INPUTS))]
        if type_ == "TOOL_CALL_END":
            return [_ev(type_, tool_call_id=call)]
        if type_ == "TOOL_RESULT_START":
            name = self.model.names.get(call, "f")
            return [_ev(type_, tool_call_id=call, tool_call_name=name)]
        if type_ == "TOOL_RESULT_TEXT_DELTA":
            return [_ev(type_, tool_call_id=call, delta=rng.choice(TEXTS))]
        if type_ == "TOOL_RESULT_END":
            meta = {"metadata": {"elapsed_ms": 12}} if rng.random() < 0.1 else {}
            states = (rng.choice(FINAL_STATES), "running")
            return [_ev(type_, tool_call_id=call, state=s, **meta) for s in states]
        subs = [s.split("/", 1)[1] for s in self.model.subs if s.startswith(f"{call}/")]
        block = rng.choice([*subs, f"s{len(subs) + 1}", None])
        return [self._data(call, block, how) for how in ("ok", "bad", "url")]

    def _reply_event(self, type_: str) -> dict[str, Any]:
        rng = self.rng
        if type_ == "UNKNOWN":
            return {"type": rng.choice(UNKNOWN_TYPES), "reply_id": R, "pct": 50}
        if type_ == "MISMATCH":
            kind = rng.choice([k for k in WEIGHTS if k != "CUSTOM"])
            return {**rng.choice(self.candidates(kind)), "reply_id": "r2"}
        if type_ == "REPLY_START":
            role = {"role": "assistant"} if rng.random() < 0.3 else {}
            return _ev(type_, session_id="s1", name="Friday", **role)
        if type_ == "REPLY_END":
            return self._reply_end()
        if type_ == "MODEL_CALL_START":
            return _ev(type_, model_name=rng.choice(("qwen-max", "gpt-4o", "claude")))
        if type_ == "MODEL_CALL_END":
            usage: dict[str, Any] = {
                "input_tokens": rng.randint(0, 900),
                "output_tokens": rng.randint(0, 400),
            }
            for name, chance in (("cache_input_tokens", 0.3), ("cache_creation_input_tokens", 0.2)):
                if rng.random() < chance:
                    usage[name] = rng.randint(0, 64)
            if rng.random() < 0.4:
                usage["finished_reason"] = rng.choice(("completed", "interrupted"))
            return _ev(type_, **usage)
        if type_ == "EXCEED_MAX_ITERS":
            return _ev(type_, name="Friday")
        if type_ == "CUSTOM":
            return _ev(type_, name="progress", value={"pct": rng.randint(0, 100)})
        return _ev(type_)

    def _reply_end(self) -> dict[str, Any]:
        rng = self.rng
        fields: dict[str, Any] = {"session_id": "s1"}
        if rng.random() < 0.7:
            fields["created_at"] = f"2026-01-01T12:{rng.randint(0, 59):02d}:00"
        if rng.random() < 0.5:
            fields["finished_reason"] = rng.choice(
                ("completed", "interrupted", "exceed_max_iters", "error")
            )
            if fields["finished_reason"] == "error":
                fields["error"] = {"message": "upstream 503", "type": "upstream"}
        return _ev("REPLY_END", **fields)

    # --------------------------------------------------------------- steps

    def emit(self, event: dict[str, Any], outcome: Outcome) -> None:
        """Append an event with its judged outcome, and apply it to the model.

        The first event may carry ``created_at``; a few carry ``id`` or
        ``metadata`` (keys no row reads, so the outcome stands).
        """
        index = len(self.events)
        rng = self.rng
        if index == 0 and "created_at" not in event and rng.random() < 0.3:
            event = {**event, "created_at": "2026-01-01T11:59:00"}
        if rng.random() < 0.03:
            event = {"id": f"e{index}", **event}
        # Only a TOOL_RESULT_END carries metadata, and its metadata is folded: it keeps its own.
        if event["type"] != "TOOL_RESULT_END" and rng.random() < 0.02:
            event = {**event, "metadata": {"trace": index}}
        self.events.append(event)
        self.predicted.extend((index, item, code) for item, code in outcome.rejections)
        self.usage.update(code for _, code in outcome.rejections)
        self.model.commit(outcome)

    def _pick(self, weights: Mapping[str, float]) -> str:
        kinds = list(weights)
        return self.rng.choices(kinds, weights=[weights[k] for k in kinds])[0]

    def legal(self, weights: Mapping[str, float] = WEIGHTS) -> bool:
        """Emit one event the tables accept whole; False when no kind has one."""
        pool = dict(weights)
        while pool:
            type_ = self._pick(pool)
            judged = [(e, self.model.judge(e)) for e in self.candidates(type_)]
            accepted = [(e, o) for e, o in judged if not o.rejections]
            if accepted:
                self.emit(*self.rng.choice(accepted))
                return True
            del pool[type_]
        return False

    def illegal(self) -> bool:
        """Emit one event the tables reject (wholly or an item), its code the least used.

        Every kind is tried; among the rejected candidates, those whose first
        code is the least used in the file so far are drawn from.
        """
        judged = [(e, self.model.judge(e)) for kind in ANY for e in self.candidates(kind)]
        rejected = [(e, o) for e, o in judged if o.rejections]
        if not rejected:
            return False
        least = min(self.usage[o.rejections[0][1]] for _, o in rejected)
        rarest = [(e, o) for e, o in rejected if self.usage[o.rejections[0][1]] == least]
        self.emit(*self.rng.choice(rarest))
        return True

    def close(self) -> None:
        """Settle what is open (blocks, inputs, confirmations, results), as far as legal."""
        for _ in range(80):
            if not self.model.unsettled() or not self.legal(CLOSING):
                return

    def end(self) -> None:
        """Emit REPLY_END (legal unless the reply already ended)."""
        event = self._reply_end()
        self.emit(event, self.model.judge(event))


def _options(rng: random.Random) -> dict[str, Any]:
    """Must-level options: the reply id is always given (adopting one is a may feature)."""
    if rng.random() < 0.1:
        return {"reply_id": R, "name": "Jarvis", "role": "assistant", "created_at": "2026-01-01"}
    return {"reply_id": R}


def _profile(rng: random.Random) -> tuple[str, dict[str, float]]:
    """The kind weights of one walk: tool-heavy (half the walks), even, or block-heavy.

    A tool-heavy walk favours the events that move a call on (ends, requests,
    confirmations, results) over deltas, so that calls get to their results.
    """
    profile = rng.choice(("tools", "tools", "even", "blocks"))
    weights = {}
    for kind, weight in WEIGHTS.items():
        tool = kind.startswith(("TOOL_", "REQUIRE_", "USER_C", "EXTERNAL"))
        if profile == "tools":
            factor = {"TOOL_CALL_START": 2.0}.get(kind, 1.0 if kind.endswith("DELTA") else 5.0)
            factor = factor if tool else 0.25
        else:
            factor = (1.5 if profile == "even" else 0.7) if tool else 1.0
        weights[kind] = weight * factor
    return profile, weights


def draw_walk(family: str, rng: random.Random, usage: Counter[str], short: bool) -> Walk:
    """Draw one stream of a family; ``short`` keeps it within a few events (for ``after_each``)."""
    walk = Walk(rng, _options(rng), usage)
    if rng.random() < 0.7:
        walk.emit(start := walk.candidates("REPLY_START")[0], walk.model.judge(start))
    share = {"legal": 0.0, "mixed": 0.25, "illegal": 0.7}[family]
    profile, weights = _profile(rng)
    steps = rng.randint(6, 18) if profile == "tools" else rng.randint(3, 9)
    steps = steps if family != "illegal" else steps // 2 + 1
    for _ in range(min(steps, 6) if short else steps):
        if rng.random() < share and walk.illegal():
            continue
        walk.legal(weights)
    if rng.random() < 0.65:
        walk.close()
    if rng.random() < (0.85 if family == "legal" else 0.7):
        walk.end()
        if family != "legal" and rng.random() < 0.35:
            for _ in range(rng.randint(1, 3)):
                walk.illegal()
    return walk


# ------------------------------------------------------------------- cells


def _cell_variants(domain: str) -> list[tuple[str, dict[str, Any]]]:
    """The fixed candidate events of one domain (one reply, one block, one call)."""
    if domain == "reply":
        kinds = ["REPLY_START", "REPLY_END", "MODEL_CALL_START", "MODEL_CALL_END"]
        kinds += ["USER_INTERRUPT", "EXCEED_MAX_ITERS", "CUSTOM"]
        walk = Walk(random.Random(0), {"reply_id": R}, Counter())
        found = [(kind, walk.candidates(kind)[0]) for kind in kinds]
        start = _ev("TEXT_BLOCK_START", block_id="b")
        return [
            *found,
            ("TEXT_BLOCK_START", start),
            ("TEXT_BLOCK_START of reply r2", {**start, "reply_id": "r2"}),
            ("an unknown type", {"type": "TOOL_PROGRESS", "reply_id": R, "pct": 50}),
        ]
    if domain in ("text", "thinking"):
        prefix = domain.upper()
        found = [
            (f"{prefix}_BLOCK_START", _ev(f"{prefix}_BLOCK_START", block_id="b")),
            (f"{prefix}_BLOCK_DELTA", _ev(f"{prefix}_BLOCK_DELTA", block_id="b", delta="héllo")),
            (f"{prefix}_BLOCK_END", _ev(f"{prefix}_BLOCK_END", block_id="b")),
        ]
        if domain == "text":
            found.append(
                ("TEXT_BLOCK_END with text", _ev("TEXT_BLOCK_END", block_id="b", text="x"))
            )
        return found
    if domain == "hint":
        return [("HINT_BLOCK", _ev("HINT_BLOCK", block_id="b", hint="use the tool"))]
    if domain == "data":
        delta = _ev("DATA_BLOCK_DELTA", block_id="b", media_type="image/png")
        return [
            ("DATA_BLOCK_START", _ev("DATA_BLOCK_START", block_id="b", media_type="image/png")),
            ("DATA_BLOCK_DELTA with base64", {**delta, "data": "YWJj"}),
            ("DATA_BLOCK_DELTA with an empty chunk", {**delta, "data": ""}),
            ("DATA_BLOCK_DELTA with bad base64", {**delta, "data": "YQ="}),
            ("DATA_BLOCK_DELTA with a URL", {**delta, "url": URLS[0]}),
            ("DATA_BLOCK_END", _ev("DATA_BLOCK_END", block_id="b")),
        ]
    return _tool_variants()


def _tool_variants() -> list[tuple[str, dict[str, Any]]]:
    call = {"type": "tool_call", "id": "c", "name": "f", "input": "{}"}
    ghost = {**call, "id": "ghost"}
    result = {"type": "tool_result", "id": "c", "name": "f", "output": "ok", "state": "success"}
    data = _ev("TOOL_RESULT_DATA_DELTA", tool_call_id="c", media_type="image/png")
    found = [
        ("TOOL_CALL_START", _ev("TOOL_CALL_START", tool_call_id="c", tool_call_name="f")),
        ("TOOL_CALL_DELTA", _ev("TOOL_CALL_DELTA", tool_call_id="c", delta='{"q": 1}')),
        ("TOOL_CALL_END", _ev("TOOL_CALL_END", tool_call_id="c")),
        ("REQUIRE_USER_CONFIRM", _ev("REQUIRE_USER_CONFIRM", tool_calls=[call])),
        ("REQUIRE_USER_CONFIRM naming c twice", _ev("REQUIRE_USER_CONFIRM", tool_calls=[call] * 2)),
        ("REQUIRE_USER_CONFIRM for a ghost", _ev("REQUIRE_USER_CONFIRM", tool_calls=[ghost])),
        ("REQUIRE_EXTERNAL_EXECUTION", _ev("REQUIRE_EXTERNAL_EXECUTION", tool_calls=[call])),
        ("EXTERNAL_EXECUTION_RESULT", _ev("EXTERNAL_EXECUTION_RESULT", execution_results=[result])),
        ("TOOL_RESULT_START", _ev("TOOL_RESULT_START", tool_call_id="c", tool_call_name="f")),
        ("TOOL_RESULT_TEXT_DELTA", _ev("TOOL_RESULT_TEXT_DELTA", tool_call_id="c", delta="ok")),
        ("TOOL_RESULT_DATA_DELTA without block_id", {**data, "data": "YQ="}),
        ("TOOL_RESULT_DATA_DELTA s1 with base64", {**data, "block_id": "s1", "data": "YWJj"}),
        ("TOOL_RESULT_DATA_DELTA s1 with bad base64", {**data, "block_id": "s1", "data": "x"}),
        ("TOOL_RESULT_DATA_DELTA s1 with a URL", {**data, "block_id": "s1", "url": URLS[0]}),
    ]
    for confirmed in (True, False):
        item = {"confirmed": confirmed, "tool_call": call}
        event = _ev("USER_CONFIRM_RESULT", confirm_results=[item])
        found.append((f"USER_CONFIRM_RESULT confirmed={confirmed}", event))
    for state in (*FINAL_STATES, "running"):
        event = _ev("TOOL_RESULT_END", tool_call_id="c", state=state)
        found.append((f"TOOL_RESULT_END state={state}", event))
    return found


def cells() -> Iterator[tuple[list[dict[str, Any]], str]]:
    """Yield ``(events, description)`` per cell: a shortest accepted prefix and one event."""
    seen: set[tuple[Any, ...]] = set()
    for domain in ("reply", "text", "thinking", "data", "hint", "tool"):
        variants = _cell_variants(domain)
        start = Model(R)
        visited = {start.key()}
        queue: deque[tuple[Model, list[dict[str, Any]]]] = deque([(start, [])])
        while queue:
            model, prefix = queue.popleft()
            for label, event in variants:
                outcome = model.judge(event)
                signature = (tuple(outcome.cells), tuple(outcome.rejections))
                if signature not in seen:
                    seen.add(signature)
                    yield [*prefix, event], _cell_text(label, prefix, outcome)
                if outcome.rejections:
                    continue
                after = model.copy()
                after.commit(outcome)
                if after.key() not in visited:
                    visited.add(after.key())
                    queue.append((after, [*prefix, event]))


def _cell_text(label: str, prefix: list[dict[str, Any]], outcome: Outcome) -> str:
    judged = "; ".join(f"{m} {s} --{e}--> {result}" for m, s, e, result in outcome.cells)
    verdict = (
        "rejected: " + ", ".join(code for _, code in outcome.rejections)
        if outcome.rejections
        else "accepted"
    )
    after = f"{len(prefix)} accepted event{'' if len(prefix) == 1 else 's'}"
    return f"{label} after {after}; {judged or 'no machine'}; {verdict}."
