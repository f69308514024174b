"""The stateful test: an implementation and the oracle fed the same events.

Rules (checked after every event):

1. Lenient: ``apply`` returns exactly the diagnostics the oracle predicts,
   every field of ``spec/README.md`` §4 compared (code, severity, index,
   item, machine, state, event, key, details); strict: an event with an
   error raises with the oracle's first error (its ``diagnostic`` compared
   the same way when the exception carries one) and changes nothing.
2. ``states()`` equals the oracle machines' states and ``to_dict()`` the
   content model's message; a rejected event changes neither, and a
   rejected batch item leaves the tool call it names alone.
3. End of input (``finish()``) returns the oracle's open-state warnings, in
   order, and leaves the states as they were; the run then goes on with a
   fresh implementation (another reply, other caller options).
4. Export and resume: ``export_state()`` through a JSON round trip, rebuilt
   by :meth:`ReplyStateMachine.resume_implementation`, folds on exactly as
   the unbroken oracle does; and after every step, a copy rebuilt from the
   state exported then has the same message and states.
5. An unreadable input object (``spec/README.md`` §1) gives one
   ``unreadable_line`` error naming the bad field's path, takes an index and
   changes nothing.
6. Every event kind stepped and every reported state is a value of the
   public enums (:class:`~streamspec.EventKind` and the state enums); an
   implementation whose class has ``next_index`` tells the index its next
   event gets (every input object, unreadable ones included, takes one).
7. Bulk (``apply_all``): a run of events in one call gives the diagnostics
   and message the same events give one at a time; a mapping, a string or
   bytes instead of events is refused and changes nothing.
8. With ``names_keys``, a diagnostic's message quotes the instance it is
   about.

An implementation that lacks a check opts out of it (``checks``): without
``diagnostics`` only messages and states are compared, without ``states``
only messages and diagnostics. ``legal_only`` sends only events the spec
accepts whole; ``wire`` hands events over as wire JSON objects
(``streamspec.encode_event``) instead of streamspec event objects.

Rules that choose the next event: guided runs of events the spec allows now
(one entity at a time, tool calls weighted double); a tool call's whole life,
then late input; a block with many deltas, an end, then a late delta (and
sometimes a delta for another reply mid-stream); tool-result data chunks
aimed at one sub-block, a result opened first when none runs (mixed sources,
empty media types, bad chunks); random events; events the spec
rejects now; batches mixing live, repeated and pool ids; events for another
reply; unknown types; the reply's end; end of input; export and resume.
Each run enables a random subset of the optional rules (swarm testing; the
rules aimed at deep states are always on); the reply's end and the end of
input come after a drawn number of events, so a failure that involves them
shrinks to a short run. Each run reports every (machine, state, event,
guard) cell and code it reached with ``hypothesis.event``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, ClassVar, Final, Protocol

from hypothesis import event as report
from hypothesis import note, target
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from streamspec._codec import encode_event
from streamspec._errors import ProtocolError
from streamspec._events import (
    AgentEvent,
    Event,
    ExternalExecutionResultEvent,
    RequireExternalExecutionEvent,
    RequireUserConfirmEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    UnknownEvent,
    UserConfirmResultEvent,
)
from streamspec._machines import (
    MACHINES,
    BlockState,
    EventKind,
    ReplyState,
    ToolCallState,
    ToolResultState,
)
from streamspec._oracle import machine_class
from streamspec.testing._oracle_model import Expected, OracleModel, Verdict
from streamspec.testing._strategies import (
    REPLY_ID,
    TEMPLATES,
    TOOL_CALL_IDS,
    any_events,
    batch_item,
    entity_of,
    events_of_kind,
    filled,
    guided,
    unknown_events,
    with_wrong_reply_id,
)
from streamspec.testing._strategies_runs import (
    block_runs,
    bulk_runs,
    caller_options,
    result_data_deltas,
    tool_call_scenarios,
)

__all__ = [
    "ALL_CHECKS",
    "SWARM_RULES",
    "Factory",
    "Implementation",
    "ReplyStateMachine",
    "Resume",
    "diagnostic_fields",
]

_CALL_INITIAL = MACHINES["tool_call"].initial
_BATCHES: Final[Mapping[str, tuple[Callable[..., Event], str]]] = {
    "require_user_confirm": (RequireUserConfirmEvent, "tool_calls"),
    "user_confirm_result": (UserConfirmResultEvent, "confirm_results"),
    "require_external_execution": (RequireExternalExecutionEvent, "tool_calls"),
    "external_execution_result": (ExternalExecutionResultEvent, "execution_results"),
}
_BATCH_KINDS: Final = tuple(_BATCHES)
#: The optional rules; each run of a swarm machine enables a random subset.
SWARM_RULES: Final = (
    "random",
    "rejected",
    "batch",
    "wrong_reply_id",
    "unknown",
    "end",
    "finish",
    "resume",
    "unreadable",
    "bulk",
)
#: What a run compares; an implementation may leave ``diagnostics`` or ``states`` out.
ALL_CHECKS: Final = frozenset({"message", "diagnostics", "states"})
#: The rules that only send events the spec rejects (off in ``legal_only`` runs).
_ILLEGAL_RULES: Final = frozenset({"random", "rejected", "wrong_reply_id", "unknown", "unreadable"})
_EVENT_KINDS: Final = frozenset(kind.value for kind in EventKind)
#: ``oracle signature -> (allowed templates, rejected templates)``, shared by all runs.
_SPLITS: dict[Hashable, tuple[list[Event], list[Event]]] = {}
#: Paths an unreadable object's bad fields may have (object mode).
_BAD_PATHS: Final = ("$", "$.type", "$.reply_id", "$.delta", "$.tool_calls[0].id")
#: What ``apply_all`` must refuse: not an iterable of events.
_NOT_EVENTS: Final[tuple[object, ...]] = ({}, {"type": "TEXT_BLOCK_DELTA"}, "events", b"events")
_FIELDS: Final = ("code", "severity", "index", "item", "machine", "state", "event", "key")


#: The public state enums, whose values every reported state must be; each names exactly
#: its machine's states.
_STATE_VALUES: Final[Mapping[str, frozenset[str]]] = {
    name: frozenset(member.value for member in enum_type)
    for name, enum_type in (
        ("reply", ReplyState),
        ("block", BlockState),
        ("tool_call", ToolCallState),
        ("tool_result", ToolResultState),
    )
}


class Implementation(Protocol):
    """What a reducer under test must offer.

    ``apply`` returns the event's diagnostics, objects with the fields of
    ``spec/README.md`` §4 as attributes (``severity`` a string or an enum
    whose ``value`` is one); in strict mode it raises an exception with a
    ``code`` attribute (and a ``diagnostic`` one, if it has it) for the
    first error. ``finish()`` and ``export_state()`` are needed only by the
    rules that use them (see :class:`ReplyStateMachine`).
    """

    def apply(self, event: AgentEvent) -> Iterable[Any]:  # pragma: no cover - protocol
        """Apply one event."""
        ...

    def to_dict(self) -> dict[str, Any]:  # pragma: no cover - protocol
        """Return the message as ``Msg.model_dump()``."""
        ...

    def states(self) -> Mapping[str, Mapping[str, str]]:  # pragma: no cover - protocol
        """Return ``{machine: {label: state}}`` (blocks labelled ``type:id``)."""
        ...


#: Builds a fresh implementation: ``factory(strict)``, or with the machine's
#: ``options`` on, ``factory(strict, name=..., role=..., created_at=...)`` (only
#: the options drawn are passed).
Factory = Callable[..., Implementation]
#: Rebuilds an implementation from its ``export_state()`` output.
Resume = Callable[[Mapping[str, Any]], Implementation]


def _states(raw: Mapping[str, Mapping[str, str]]) -> dict[str, dict[str, str]]:
    return {machine: dict(entries) for machine, entries in raw.items() if entries}


def _entity(dump: Mapping[str, Any], states: Mapping[str, Mapping[str, str]], key: str) -> Any:
    tool_entries = [
        e for e in dump["content"] if e["type"] in ("tool_call", "tool_result") and e["id"] == key
    ]
    return (
        tool_entries,
        states.get("tool_call", {}).get(key),
        states.get("tool_result", {}).get(key),
    )


def diagnostic_fields(diagnostic: Any) -> dict[str, Any]:
    """Return the compared fields of an implementation's diagnostic (§4: all but message)."""
    found = {name: getattr(diagnostic, name, None) for name in _FIELDS}
    found["severity"] = getattr(found["severity"], "value", found["severity"])
    found["details"] = dict(getattr(diagnostic, "details", None) or {})
    return found


def _running(model: OracleModel) -> list[str]:
    return [k for k in TOOL_CALL_IDS if model.state_of("tool_result", None, k) == "running"]


def _result_opening(model: OracleModel, call: str) -> list[Event]:
    """The events that start ``call``'s result from where the call is (none when it cannot)."""
    opening: list[Event] = []
    state = model.state_of("tool_call", None, call)
    if state in ("resolved_externally", "finished"):
        return opening
    if state == _CALL_INITIAL:
        opening.append(ToolCallStartEvent(reply_id=REPLY_ID, tool_call_id=call, tool_call_name="f"))
    if state in (_CALL_INITIAL, "streaming"):
        opening.append(ToolCallEndEvent(reply_id=REPLY_ID, tool_call_id=call))
    if model.state_of("tool_result", None, call) == "absent":
        opening.append(
            ToolResultStartEvent(reply_id=REPLY_ID, tool_call_id=call, tool_call_name="f")
        )
    return opening


def _result_calls(model: OracleModel) -> list[str]:
    """The calls whose result runs, or else those whose result can still be opened."""
    if model.state_of("reply", None, None) == ReplyState.ENDED.value:
        return []
    return _running(model) or [k for k in TOOL_CALL_IDS if _result_opening(model, k)]


class ReplyStateMachine(RuleBasedStateMachine):
    """Drive an implementation and the oracle with the same events.

    Subclass and override :meth:`make_implementation` (and
    :meth:`resume_implementation`), or use :func:`machine_for`. Class
    switches: ``strict`` and ``error_type``; ``finishes`` (the
    implementation has ``finish()``; default on), ``options`` (it takes
    ``name``, ``role`` and ``created_at``; default off), ``resumes`` (it has
    ``export_state()`` and :meth:`resume_implementation` rebuilds it; default
    off), ``swarm`` (each run enables a random subset of
    :data:`SWARM_RULES`; default on), ``checks`` (a subset of
    :data:`ALL_CHECKS`), ``legal_only``, ``wire``, ``unreadable`` (it reports
    unreadable input: ``apply`` of a broken wire object with ``wire``, else
    ``reject_unreadable(paths, reason)``) and ``after_finish`` (the exception
    ``apply`` raises once ``finish()`` was called; a second ``finish()`` then
    reports nothing), ``bulk`` (it has ``apply_all(events)`` and a
    ``diagnostics`` sequence of every diagnostic so far), ``usage_error``
    (the exception ``apply_all`` raises when given a mapping, a string or
    bytes instead of events) and ``names_keys`` (a diagnostic's ``message``
    quotes its key, or a block key's id, as ``repr`` does).
    """

    strict: ClassVar[bool] = False
    error_type: ClassVar[type[BaseException]] = ProtocolError
    finishes: ClassVar[bool] = True
    options: ClassVar[bool] = False
    resumes: ClassVar[bool] = False
    swarm: ClassVar[bool] = True
    checks: ClassVar[frozenset[str]] = ALL_CHECKS
    legal_only: ClassVar[bool] = False
    wire: ClassVar[bool] = False
    unreadable: ClassVar[bool] = False
    after_finish: ClassVar[type[BaseException] | None] = None
    bulk: ClassVar[bool] = False
    usage_error: ClassVar[type[BaseException] | None] = None
    names_keys: ClassVar[bool] = False

    def __init__(self) -> None:
        super().__init__()
        self.enabled = self._allowed_rules(frozenset(SWARM_RULES))
        self.caller: dict[str, str] = {}
        self.impl = self.make_implementation()
        self.model = OracleModel()
        self.finish_after = 0
        self.end_after = 0
        self.cells: set[str] = set()
        self.codes: set[str] = set()
        self._split: tuple[int, list[Event], list[Event]] | None = None

    def make_implementation(self, **options: str) -> Implementation:
        """Return a fresh implementation under test, with the caller ``options`` drawn."""
        raise NotImplementedError("override make_implementation() or use machine_for()")

    def resume_implementation(self, state: Mapping[str, Any]) -> Implementation:
        """Return the implementation ``state`` (its ``export_state()``) describes."""
        raise NotImplementedError("override resume_implementation() or set resumes = False")

    @classmethod
    def _allowed_rules(cls, names: frozenset[str]) -> frozenset[str]:
        off = {"finish"} if not cls.finishes else set()
        if not cls.resumes:
            off.add("resume")
        if not cls.unreadable:
            off.add("unreadable")
        if not cls.bulk:
            off.add("bulk")
        if cls.legal_only:
            off |= _ILLEGAL_RULES
        return names - off

    def _on(self, name: str) -> bool:
        return name in self.enabled

    def _restart(self, options: Mapping[str, str]) -> None:
        self.caller = dict(options)
        self.impl = self.make_implementation(**self.caller)
        self.model = OracleModel(**self.caller)
        self._split = None

    # ------------------------------------------------------------ stepping

    def _candidates(self) -> tuple[list[Event], list[Event]]:
        if self._split is None or self._split[0] != self.model.version:
            signature = self.model.signature()
            split = _SPLITS.get(signature)
            if split is None:
                allowed: list[Event] = []
                rejected: list[Event] = []
                for template in TEMPLATES:
                    legal = self.model.judge(template).legal and template.KIND != "reply_end"
                    (allowed if legal else rejected).append(template)
                split = _SPLITS[signature] = (allowed, rejected)
            self._split = (self.model.version, *split)
        return self._split[1], self._split[2]

    def step(self, event: AgentEvent, how: str) -> None:
        """Apply ``event`` to both sides and check what the oracle predicts."""
        index = self.model.index
        verdict = self.model.judge(event)
        if self.legal_only and not verdict.legal:
            return
        if not isinstance(event, UnknownEvent):
            assert event.KIND in _EVENT_KINDS, f"{event.KIND!r} is not a value of EventKind"
        note(f"#{index} {how}: {event!r} -> {[(d.code, d.item) for d in verdict.diagnostics]}")
        for cell in self.model.cells(event):
            if cell not in self.cells:
                self.cells.add(cell)
                report(f"cell {cell}")
        for expected in verdict.diagnostics:
            if expected.code not in self.codes:
                self.codes.add(expected.code)
                report(f"code {expected.code}")
        before = self.impl.to_dict()
        before_states = self._current_states()
        if self.strict and verdict.error_code is not None:
            self._expect_raise(event, verdict, index)
        else:
            self._expect_diagnostics(event, verdict, index)
        self.model.commit(event, verdict, strict=self.strict)
        after = self.impl.to_dict()
        after_states = self._current_states()
        message = self.model.to_dict()
        assert after == message, f"after #{index} the message is {after!r}, not {message!r}"
        expected_states = self.model.states() if "states" in self.checks else {}
        assert after_states == expected_states, (
            f"after #{index} the states are {after_states}, not {expected_states}"
        )
        if not verdict.applies or (self.strict and verdict.error_code is not None):
            # The first event names the reply and its creation time even when rejected.
            for field in ("id", "created_at"):
                before[field] = after[field] if index == 0 or field == "id" else before[field]
            assert after == before, f"rejected event #{index} changed the message"
            assert after_states == before_states, f"rejected event #{index} changed the states"
            return
        rejected_keys = {d.key for d in verdict.diagnostics if d.item is not None} - {
            self._item_key(event, i) for i in verdict.accepted
        }
        for key in sorted(k for k in rejected_keys if k is not None):
            assert _entity(after, after_states, key) == _entity(before, before_states, key), (
                f"a rejected item of event #{index} changed tool call {key!r}"
            )

    @staticmethod
    def _item_key(event: AgentEvent, item: int) -> str:
        for name in ("tool_calls", "execution_results"):
            if hasattr(event, name):
                return str(getattr(event, name)[item]["id"])
        return str(event.confirm_results[item]["tool_call"]["id"])  # type: ignore[union-attr]

    def _send(self, event: AgentEvent) -> Iterable[Any]:
        return self.impl.apply(encode_event(event) if self.wire else event)  # type: ignore[arg-type]

    def _current_states(self) -> dict[str, dict[str, str]]:
        return _states(self.impl.states()) if "states" in self.checks else {}

    def _expect_raise(self, event: AgentEvent, verdict: Verdict, index: int) -> None:
        first = next(d for d in verdict.diagnostics if d.is_error)
        self._expect_raise_of(lambda: self._send(event), first, index)

    def _expect_raise_of(self, send: Callable[[], object], first: Expected, index: int) -> None:
        try:
            send()
        except self.error_type as error:
            if "diagnostics" not in self.checks:
                return
            got = getattr(error, "code", None)
            assert got == first.code, (
                f"strict mode raised {got!r}, the oracle expects {first.code!r}"
            )
            diagnostic = getattr(error, "diagnostic", None)
            if diagnostic is not None:
                fields, wanted = diagnostic_fields(diagnostic), first.fields(index)
                assert fields == wanted, f"strict mode raised {fields}, the oracle expects {wanted}"
                self._check_names((diagnostic,))
        else:
            raise AssertionError(
                f"strict mode accepted an event the oracle rejects with {first.code!r}"
            )

    def _expect_diagnostics(self, event: AgentEvent, verdict: Verdict, index: int) -> None:
        found = self._send(event)
        if "diagnostics" in self.checks:
            self._same(found, verdict.diagnostics, index, f"event #{index}")

    # --------------------------------------------------------- configuring

    @initialize(data=st.data())
    def configure(self, data: st.DataObject) -> None:
        """Draw the run's rule subset, caller options, and whether to resume before any event."""
        if self.swarm:
            # Each optional rule is on in three runs of four.
            flags = data.draw(
                st.fixed_dictionaries({name: st.integers(0, 3) for name in SWARM_RULES}),
                label="swarm",
            )
            self.enabled = self._allowed_rules(frozenset(n for n, on in flags.items() if on))
        for name in sorted(self.enabled):
            report(f"swarm {name}")
        for machine, vocabulary in _STATE_VALUES.items():
            spec = frozenset(machine_class(machine).states_map)
            assert vocabulary == spec, f"{machine} states {sorted(vocabulary)}, not {sorted(spec)}"
        self.finish_after = data.draw(st.integers(0, 16), label="finish after")
        self.end_after = data.draw(st.integers(0, 30), label="end after")
        if self.options:
            self._restart(data.draw(caller_options(), label="options"))
        if self._on("resume") and data.draw(st.integers(0, 3), label="resume first"):
            self._resume()
        if data.draw(st.booleans(), label="opens with REPLY_START"):
            self.step(data.draw(events_of_kind("reply_start"), label="event"), "opening")

    # --------------------------------------------------------------- rules

    @precondition(lambda self: self._on("random"))
    @rule(event=any_events())
    def random_event(self, event: Event) -> None:
        """Any event from the pools, legal or not."""
        self.step(event, "random")

    def _guided_run(self, data: st.DataObject, tool_calls_only: bool) -> None:
        entities = sorted({entity_of(t) for t in self._candidates()[0]})
        if tool_calls_only:
            entities = [e for e in entities if e[0] == "tool_call_id"]
        if not entities:
            return
        entity = data.draw(st.sampled_from(entities), label="entity")
        for _ in range(data.draw(st.integers(1, 16), label="run")):
            allowed = [t for t in self._candidates()[0] if entity_of(t) == entity]
            if not allowed:
                return
            template = data.draw(guided(allowed, entity), label="allowed")
            self.step(data.draw(filled(template), label="event"), "allowed")

    @precondition(lambda self: self.model.state_of("reply", None, None) != ReplyState.ENDED.value)
    @rule(data=st.data())
    def allowed_events(self, data: st.DataObject) -> None:
        """A run of events the spec allows now for one entity (the reply, a block, a tool call)."""
        self._guided_run(data, tool_calls_only=False)

    @precondition(lambda self: self.model.state_of("reply", None, None) != ReplyState.ENDED.value)
    @rule(data=st.data())
    def tool_call_lifecycle(self, data: st.DataObject) -> None:
        """A run of allowed events for one tool call: asked, allowed, submitted, answered."""
        self._guided_run(data, tool_calls_only=True)

    @precondition(lambda self: self.model.state_of("reply", None, None) != ReplyState.ENDED.value)
    @rule(data=st.data())
    def tool_call_scenario(self, data: st.DataObject) -> None:
        """A tool call's whole life (asked, answered, submitted, its result), then late input."""
        fresh = [
            k for k in TOOL_CALL_IDS if self.model.state_of("tool_call", None, k) == _CALL_INITIAL
        ]
        call = data.draw(st.sampled_from(fresh or list(TOOL_CALL_IDS)), label="call")
        for event in data.draw(tool_call_scenarios(call), label="scenario"):
            self.step(event, "scenario")

    @rule(data=st.data())
    def long_block(self, data: st.DataObject) -> None:
        """A block with many deltas, its end, then a late delta (and maybe a late end)."""
        for event in data.draw(block_runs(), label="block run"):
            self.step(event, "long block")

    @precondition(lambda self: self._on("bulk"))
    @rule(data=st.data())
    def bulk_block(self, data: st.DataObject) -> None:
        """A run of a few, about 64 or thousands of one delta, or a data block's sweep of pad
        bits, in one ``apply_all`` call; sometimes first a call with each wrong type
        (mappings, a string, bytes), refused with no change. With ``legal_only`` the events
        the oracle rejects are left out."""
        if self.usage_error is not None and data.draw(st.integers(0, 3), label="wrong") == 0:
            for value in _NOT_EVENTS:
                self._expect_usage_error(value)
        events = data.draw(bulk_runs(), label="bulk run")
        note(f"#{self.model.index} bulk: {len(events)} events, from {events[0]!r}")
        before, first_index = len(self.impl.diagnostics), self.model.index  # type: ignore[attr-defined]
        wanted: list[dict[str, Any]] = []
        sent: list[Event] = []
        again: AgentEvent | None = None
        for event in events:
            index = self.model.index
            if event is again:
                self.model.commit_again(event)
                sent.append(event)
                continue
            verdict = self.model.judge(event)
            if self.legal_only and not verdict.legal:
                again = None
                continue
            sent.append(event)
            if self.strict and verdict.error_code is not None:
                first = next(d for d in verdict.diagnostics if d.is_error)
                self.model.commit(event, verdict, strict=True)
                self._expect_raise_of(lambda: self.impl.apply_all(events), first, index)  # type: ignore[attr-defined]
                return
            states = self.model.states()
            self.model.commit(event, verdict, strict=self.strict)
            wanted.extend(expected.fields(index) for expected in verdict.diagnostics)
            quiet = verdict.applies and not verdict.diagnostics
            again = event if quiet and self.model.states() == states else None
        self.impl.apply_all(sent)  # type: ignore[attr-defined]
        if "diagnostics" in self.checks:
            found = self.impl.diagnostics[before:]  # type: ignore[attr-defined]
            _compare(found, wanted, f"the bulk run from #{first_index}")
            self._check_names(found)

    def _expect_usage_error(self, value: object) -> None:
        before, states = self.impl.to_dict(), self._current_states()
        count = len(self.impl.diagnostics)  # type: ignore[attr-defined]
        try:
            self.impl.apply_all(value)  # type: ignore[attr-defined]
        except self.usage_error:  # type: ignore[misc]
            pass
        else:
            raise AssertionError(f"apply_all({value!r}) did not raise {self.usage_error}")
        assert self.impl.to_dict() == before, f"apply_all({value!r}) changed the message"
        assert self._current_states() == states, f"apply_all({value!r}) changed the states"
        assert len(self.impl.diagnostics) == count, f"apply_all({value!r}) added diagnostics"  # type: ignore[attr-defined]

    @precondition(lambda self: bool(_result_calls(self.model)))
    @rule(data=st.data())
    def result_data(self, data: st.DataObject) -> None:
        """Data chunks for a running tool result (one is opened when none runs): any source;
        sometimes text first, and sometimes an export and resume after, so a resumed result
        must keep both."""
        call = data.draw(st.sampled_from(_result_calls(self.model)), label="call")
        for event in _result_opening(self.model, call):
            self.step(event, "result data")
        if data.draw(st.booleans(), label="text first"):
            delta = data.draw(st.text(min_size=1, max_size=8), label="text")
            text = ToolResultTextDeltaEvent(reply_id=REPLY_ID, tool_call_id=call, delta=delta)
            self.step(text, "result data")
        chunks = result_data_deltas(call, f"d-{self.model.index}")
        for event in data.draw(chunks, label="chunks"):
            self.step(event, "result data")
        if self._on("resume") and data.draw(st.integers(0, 2), label="resume after") == 0:
            self._resume()

    @precondition(lambda self: self._on("end") and self.model.index >= self.end_after)
    @rule(event=events_of_kind("reply_end"), resume=st.booleans())
    def end_reply(self, event: Event, resume: bool) -> None:
        """The reply ends, once the run's drawn number of events has gone by; sometimes it is
        exported and resumed at once, so an ended reply's fields must survive a resume."""
        self.step(event, "end")
        if resume and self._on("resume"):
            self._resume()

    @precondition(lambda self: self._on("rejected"))
    @rule(data=st.data())
    def rejected_event(self, data: st.DataObject) -> None:
        """An event of a (kind, id) the spec rejects now."""
        template = data.draw(st.sampled_from(self._candidates()[1]), label="rejected")
        self.step(data.draw(filled(template), label="event"), "rejected")

    @precondition(lambda self: self._on("batch"))
    @rule(data=st.data())
    def mixed_batch(self, data: st.DataObject) -> None:
        """A batch whose items name live tool calls and pool ids, repeats included."""
        kind = data.draw(st.sampled_from(_BATCH_KINDS), label="kind")
        live = [
            k for k in TOOL_CALL_IDS if self.model.state_of("tool_call", None, k) != _CALL_INITIAL
        ]
        pool = st.sampled_from(live * 2 + list(TOOL_CALL_IDS))
        items = tuple(
            data.draw(batch_item(kind, data.draw(pool, label="id")), label="item")
            for _ in range(data.draw(st.integers(0, 3), label="items"))
        )
        event_class, field = _BATCHES[kind]
        self.step(event_class(reply_id=REPLY_ID, **{field: items}), "batch")

    @precondition(lambda self: self._on("wrong_reply_id") and self.model.reply_id is not None)
    @rule(data=st.data())
    def wrong_reply_id(self, data: st.DataObject) -> None:
        """An event for another reply: often one this reply would accept now."""
        allowed = self._candidates()[0]
        pick_allowed: bool = data.draw(st.booleans(), label="an allowed one")
        if allowed and pick_allowed:
            event = data.draw(st.sampled_from(allowed).flatmap(filled), label="event")
        else:
            event = data.draw(any_events(), label="event")
        self.step(with_wrong_reply_id(event), "wrong reply id")

    @precondition(lambda self: self._on("unknown"))
    @rule(event=unknown_events())
    def unknown_type(self, event: AgentEvent) -> None:
        """An event whose type is outside the catalog."""
        self.step(event, "unknown type")

    @precondition(lambda self: self._on("finish") and self.model.index >= self.finish_after)
    @rule(data=st.data())
    def finish_input(self, data: st.DataObject) -> None:
        """The input ends: the open-state warnings in order; then a fresh reply begins."""
        warnings = self.model.finish()
        for warning in warnings:
            report(f"code {warning.code}")
        states = self._current_states()
        found = self.impl.finish()  # type: ignore[attr-defined]
        if "diagnostics" in self.checks:
            self._same(found, warnings, None, "the end of input")
        assert self._current_states() == states, "finish() changed the states"
        if self.after_finish is not None:
            self._check_finished(data)
        options = data.draw(caller_options(), label="options") if self.options else {}
        self._restart(options)
        if self._on("resume") and data.draw(st.integers(0, 3), label="resume first"):
            self._resume()

    def _check_finished(self, data: st.DataObject) -> None:
        assert list(self.impl.finish()) == [], "a second finish() reported something"  # type: ignore[attr-defined]
        event = data.draw(any_events(), label="after finish")
        self._expect_refusal(lambda: self._send(event), "apply()")
        if self.unreadable and not self.wire:
            refuse = self.impl.reject_unreadable  # type: ignore[attr-defined]
            self._expect_refusal(lambda: refuse(["$"], "not an event"), "reject_unreadable()")

    def _expect_refusal(self, call: Callable[[], object], what: str) -> None:
        try:
            call()
        except self.after_finish:  # type: ignore[misc]
            return
        raise AssertionError(f"{what} after finish() did not raise {self.after_finish}")

    @precondition(lambda self: self._on("unreadable"))
    @rule(data=st.data())
    def unreadable_object(self, data: st.DataObject) -> None:
        """An object that is not a valid event: one ``unreadable_line``, an index, no change."""
        index = self.model.index
        if self.wire:
            wire = encode_event(data.draw(any_events(), label="event"))
            fields = sorted(k for k, v in wire.items() if k != "type" and isinstance(v, str))
            broken = data.draw(st.sampled_from(fields), label="broken field")
            wire[broken] = 7
            paths = [f"$.{broken}"]
        else:
            paths = data.draw(
                st.lists(st.sampled_from(_BAD_PATHS), min_size=1, max_size=2, unique=True),
                label="paths",
            )

        def send() -> Iterable[Any]:
            if self.wire:
                return self.impl.apply(wire)  # type: ignore[arg-type]
            return self.impl.reject_unreadable(paths, "not an event")  # type: ignore[attr-defined, no-any-return]

        note(f"#{index} unreadable: {paths}")
        expected = Expected("unreadable_line", details={"paths": paths})
        before, states = self.impl.to_dict(), self._current_states()
        if self.strict:
            self._expect_raise_of(send, expected, index)
        else:
            found = send()
            if "diagnostics" in self.checks:
                self._same(found, (expected,), index, f"unreadable object #{index}")
        self.model.skip()
        assert self.impl.to_dict() == before, f"unreadable object #{index} changed the message"
        assert self._current_states() == states, f"unreadable object #{index} changed the states"

    @precondition(lambda self: self._on("resume"))
    @rule()
    def export_and_resume(self) -> None:
        """Export the state, rebuild the implementation from it, and go on with the rebuilt one."""
        self._resume()

    def _resume(self) -> None:
        exported = self.impl.export_state()  # type: ignore[attr-defined]
        before, states = self.impl.to_dict(), self._current_states()
        self.impl = self.resume_implementation(json.loads(json.dumps(exported)))
        note(f"resumed at #{self.model.index}")
        assert self.impl.to_dict() == before, "the resumed message differs"
        assert self._current_states() == states, "the resumed states differ"

    def _same(
        self, found: Iterable[Any], expected: Iterable[Expected], index: int | None, what: str
    ) -> None:
        found = list(found)
        _compare(found, [e.fields(index) for e in expected], what)
        self._check_names(found)

    def _check_names(self, found: Iterable[Any]) -> None:
        if self.names_keys:
            for diagnostic in found:
                assert _named(diagnostic), (
                    f"{diagnostic.code}: {diagnostic.message!r} does not name {diagnostic.key!r}"
                )

    def teardown(self) -> None:
        """Steer generation towards runs that reach many distinct cells and codes."""
        target(float(len(self.cells) + 4 * len(self.codes)), label="cells and codes reached")

    # ----------------------------------------------------------- invariants

    @invariant()
    def states_match_oracle(self) -> None:
        """Every entity's state equals its oracle machine's, and is a value of the public enum."""
        if "states" not in self.checks:
            return
        got = _states(self.impl.states())
        expected = self.model.states()
        assert got == expected, f"states {got} differ from the oracle's {expected}"
        for machine, entities in got.items():
            vocabulary = _STATE_VALUES[machine]
            unnamed = set(entities.values()) - vocabulary
            assert not unnamed, f"{machine} states {unnamed} are not in {sorted(vocabulary)}"

    @invariant()
    def export_round_trips(self) -> None:
        """With resumes on, the state exported now rebuilds the same message and states."""
        if not self._on("resume"):
            return
        exported = json.loads(json.dumps(self.impl.export_state()))  # type: ignore[attr-defined]
        rebuilt = self.resume_implementation(exported)
        assert rebuilt.to_dict() == self.impl.to_dict(), "a resumed copy's message differs"
        if "states" in self.checks:
            assert _states(rebuilt.states()) == self._current_states(), (
                "a resumed copy's states differ"
            )

    @invariant()
    def next_index_matches_oracle(self) -> None:
        """An implementation whose class has ``next_index`` tells the oracle's next index."""
        if hasattr(type(self.impl), "next_index"):
            found = self.impl.next_index  # type: ignore[attr-defined]
            assert found == self.model.index, (
                f"next_index is {found!r}, the oracle's next index is {self.model.index}"
            )

    @invariant()
    def message_matches_model(self) -> None:
        """Once input began, the whole message equals the model's (content, usage, reply fields)."""
        if self.model.index == 0:
            return
        got = self.impl.to_dict()
        expected = self.model.to_dict()
        for position, (mine, theirs) in enumerate(
            zip(got["content"], expected["content"], strict=False)
        ):
            assert mine == theirs, f"content[{position}] is {mine!r}, the model says {theirs!r}"
        assert got == expected, f"message {got!r} differs from the model's {expected!r}"


def _named(diagnostic: Any) -> bool:
    """Whether ``diagnostic``'s message quotes its key (a block key's id will do)."""
    key, message = getattr(diagnostic, "key", None), str(getattr(diagnostic, "message", ""))
    if key is None:
        return True
    ids = {key, key.split(":", 1)[1]} if getattr(diagnostic, "machine", None) == "block" else {key}
    return any(repr(name) in message for name in ids)


def _compare(found: Iterable[Any], wanted: list[dict[str, Any]], what: str) -> None:
    got = [diagnostic_fields(d) for d in found]
    assert got == wanted, f"{what}: diagnostics {got} differ from the oracle's {wanted}"
