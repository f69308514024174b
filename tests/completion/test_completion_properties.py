"""Hypothesis properties of the judgement (issue 3 §5) and the stateful oracle check."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import find, given, note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from streamspec._completion_events import (
    CompletionEvent,
    ModelChunkEvent,
    ModelErrorEvent,
    ModelFinishEvent,
    ModelReceiptEvent,
)
from streamspec._oracle import build_machine_class, oracle_payload
from streamspec.completion import Judge, judge
from streamspec.completion._finish_reasons import FinishClass, finish_class
from streamspec.completion._table import EVIDENCE_MACHINES, VERDICT_MACHINE, completion_table

CALL = "1.1"
WORDS = [("muse", w) for w in ("stop", "length", "aborted", "error", "odd")] + [
    ("anthropic", "end_turn"),
    ("openai_chat", "content_filter"),
    ("vercel_ai", "interrupted"),
]
texts = st.text(alphabet="ab。 ", max_size=6)
finishes = st.sampled_from(WORDS).map(
    lambda w: ModelFinishEvent(call=CALL, reason=w[1], vocabulary=w[0])
)
usages = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from(["input_tokens", "output_tokens", "cost_usd"]), st.integers(0, 9)
    ),
)
receipts = st.builds(
    lambda parts, usage: ModelReceiptEvent(call=CALL, text=parts, usage=usage),
    st.lists(texts, max_size=3),
    usages,
)
errors = st.builds(
    lambda c: ModelErrorEvent(call=CALL, code=c, message="m"), st.sampled_from(["a", "b"])
)
chunks = st.builds(
    lambda ch, t: ModelChunkEvent(call=CALL, channel=ch, text=t),
    st.sampled_from(["text", "thinking", "tool_input"]),
    texts,
)
evidence = st.lists(st.one_of(chunks, finishes, receipts, errors), max_size=8)


def _one(events: list[CompletionEvent]) -> dict[str, Any]:
    (verdict,) = judge(events) or [None]
    assert verdict is not None
    return verdict.to_dict()


@given(st.lists(chunks, max_size=4), finishes, receipts)
def test_order_of_finish_and_receipt_never_matters(
    prefix: list[ModelChunkEvent], finish: ModelFinishEvent, receipt: ModelReceiptEvent
) -> None:
    """Finish then receipt and receipt then finish give the same verdict."""
    assert _one([*prefix, finish, receipt]) == _one([*prefix, receipt, finish])


@given(evidence)
def test_completed_needs_a_natural_finish_and_a_receipt(events: list[CompletionEvent]) -> None:
    """Nothing without both a natural finish and a receipt is completed."""
    if not events:
        return
    natural = any(
        isinstance(e, ModelFinishEvent)
        and finish_class(e.vocabulary, e.reason) is FinishClass.NATURAL
        for e in events
    )
    received = any(isinstance(e, ModelReceiptEvent) for e in events)
    if not (natural and received):
        assert _one(events)["terminal_state"] != "completed"


@given(evidence, errors, st.data())
def test_an_error_anywhere_never_completes(
    events: list[CompletionEvent], error: ModelErrorEvent, data: st.DataObject
) -> None:
    """Adding an error at any position makes the call failed, never completed."""
    at = data.draw(st.integers(0, len(events)))
    verdict = _one([*events[:at], error, *events[at:]])
    assert verdict["terminal_state"] == "failed"


@given(evidence)
def test_usage_known_iff_reported(events: list[CompletionEvent]) -> None:
    """usage_state is known iff the first receipt reported a usage object."""
    if not events:
        return
    first = next((e for e in events if isinstance(e, ModelReceiptEvent)), None)
    reported = first is not None and isinstance(first.usage, dict)
    verdict = _one(events)
    assert (verdict["usage_state"] == "known") is reported
    assert (verdict["usage"] is None) is not reported


@given(evidence, st.data())
def test_chunking_never_changes_the_verdict(
    events: list[CompletionEvent], data: st.DataObject
) -> None:
    """Splitting text chunks into smaller chunks gives the same verdict."""
    rechunked: list[CompletionEvent] = []
    for event in events:
        if isinstance(event, ModelChunkEvent) and len(event.text) > 1:
            cut = data.draw(st.integers(1, len(event.text) - 1))
            rechunked += [
                ModelChunkEvent(call=CALL, channel=event.channel, text=event.text[:cut]),
                ModelChunkEvent(call=CALL, channel=event.channel, text=event.text[cut:]),
            ]
        else:
            rechunked.append(event)
    assert judge(events) == judge(rechunked)


def test_error_property_catches_a_reordered_precedence() -> None:
    """With completion ranked above error in the joint rules, the error property finds a failure."""
    table = completion_table()
    broken = attrs.evolve(table, rules=(table.rules[-1], *table.rules[:-1]))

    def run(events: list[CompletionEvent]) -> str:
        j = Judge(table=broken)
        j.apply_all(events)
        return j.verdicts()[0].terminal_state.value

    counterexample = find(
        st.tuples(evidence, errors),
        lambda pair: run([*pair[0], pair[1]]) != "failed",
    )
    assert run([*counterexample[0], counterexample[1]]) == "completed"


# ----------------------------------------------------------- oracle check


class CompletionOracle(RuleBasedStateMachine):
    """The runtime judge and the python-statemachine classes of the table agree after each step."""

    @initialize()
    def setup(self) -> None:
        self.table = completion_table()
        self.classes = {
            n: build_machine_class(self.table.machines[n])
            for n in (*EVIDENCE_MACHINES, VERDICT_MACHINE)
        }
        self.judge = Judge()
        self.oracles: dict[str, dict[str, Any]] = {}

    def _oracle(self, call: str) -> dict[str, Any]:
        if call not in self.oracles:
            self.oracles[call] = {name: cls() for name, cls in self.classes.items()}
        return self.oracles[call]

    def _settle(self, machines: dict[str, Any]) -> None:
        for _ in range(8):
            states = {n: next(iter(m.configuration)).id for n, m in machines.items()}
            rule_ = next((r for r in self.table.rules if r.holds(states)), None)
            if rule_ is None or rule_.event not in [
                e.id for e in machines[VERDICT_MACHINE].allowed_events
            ]:
                return
            machines[VERDICT_MACHINE].send(rule_.event)

    @rule(
        call=st.sampled_from(["1.1", "1.2"]),
        kind=st.sampled_from(["chunk", "finish", "receipt", "error"]),
        word=st.sampled_from(WORDS),
    )
    def evidence(self, call: str, kind: str, word: tuple[str, str]) -> None:
        event: CompletionEvent
        payload: dict[str, Any] = {}
        if kind == "chunk":
            event, machine, name = (
                ModelChunkEvent(call=call, channel="text", text="x"),
                "output",
                "chunk",
            )
        elif kind == "finish":
            event = ModelFinishEvent(call=call, reason=word[1], vocabulary=word[0])
            machine, name = "finish_signal", "finish"
            payload = {"class": finish_class(word[0], word[1]).value}
        elif kind == "receipt":
            event, machine, name = ModelReceiptEvent(call=call, text=("x",)), "receipt", "receipt"
        else:
            event, machine, name = (
                ModelErrorEvent(call=call, code="c", message="m"),
                "error",
                "error",
            )
        note(f"{call}: {event}")
        self.judge.apply(event)
        machines = self._oracle(call)
        machines[machine].send(name, **oracle_payload(payload))
        self._settle(machines)

    @invariant()
    def agree(self) -> None:
        runtime = self.judge.states() if hasattr(self, "judge") else {}
        for call, machines in getattr(self, "oracles", {}).items():
            assert runtime[call] == {n: next(iter(m.configuration)).id for n, m in machines.items()}


TestCompletionOracle = CompletionOracle.TestCase
