"""The stateful test: an implementation and the oracle fed the same events.

Rules (checked after every step):

1. Each entity's state equals its python-statemachine oracle's
   (``states()``), and the message equals the content model's
   (``to_dict()``): text is the concatenation of its deltas, data the
   encoding of the concatenated bytes.
2. Lenient: ``apply`` returns exactly the diagnostics the oracle predicts
   (code, batch item, event index); a rejected event changes neither
   ``to_dict()`` nor ``states()``, and neither does a rejected batch item for
   the entity it names.
3. Strict: an event with an error raises with the code the oracle predicts
   and changes nothing.

Rules that choose the next event: an unguided random event; a guided event
the spec allows now; a guided event it rejects now; a batch mixing live and
pool ids; an event for another reply; an unknown type. Any implementation
exposing ``apply(event)``, ``to_dict()`` and ``states()`` can run it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Protocol, cast

import attrs
from hypothesis import note, settings, target
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from streamspec._errors import ProtocolError
from streamspec._events import AgentEvent, Event
from streamspec._machines import MACHINES, ReplyState
from streamspec.testing._oracle_model import OracleModel, Verdict
from streamspec.testing._strategies import (
    TEMPLATES,
    TOOL_CALL_IDS,
    any_events,
    batch_items,
    entity_of,
    events_of_kind,
    filled,
    guided,
    unknown_events,
    with_wrong_reply_id,
)

__all__ = ["Factory", "Implementation", "ReplyStateMachine", "machine_for", "run_against"]

_CALL_INITIAL = MACHINES["tool_call"].initial
_BATCH_KINDS = (
    "require_user_confirm",
    "user_confirm_result",
    "require_external_execution",
    "external_execution_result",
)


class Implementation(Protocol):
    """What a reducer under test must offer.

    ``apply`` returns the event's diagnostics, each with ``code``, ``index``
    and ``item`` attributes; in strict mode it raises an exception with a
    ``code`` attribute for the first error.
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


#: Builds a fresh implementation; the argument says whether it is strict.
Factory = Callable[[bool], Implementation]


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


class ReplyStateMachine(RuleBasedStateMachine):
    """Drive an implementation and the oracle with the same events.

    Subclass and override :meth:`make_implementation`, or use
    :func:`machine_for`. Set ``strict = True`` for a strict implementation,
    and ``error_type`` to the exception it raises.
    """

    strict: ClassVar[bool] = False
    error_type: ClassVar[type[BaseException]] = ProtocolError

    def __init__(self) -> None:
        super().__init__()
        self.impl = self.make_implementation()
        self.model = OracleModel()
        self._split: tuple[int, list[Event], list[Event]] | None = None

    def make_implementation(self) -> Implementation:
        """Return a fresh implementation under test."""
        raise NotImplementedError("override make_implementation() or use machine_for()")

    # ------------------------------------------------------------ stepping

    def _candidates(self) -> tuple[list[Event], list[Event]]:
        if self._split is None or self._split[0] != self.model.version:
            allowed: list[Event] = []
            rejected: list[Event] = []
            for template in TEMPLATES:
                legal = self.model.judge(template).legal and template.KIND != "reply_end"
                (allowed if legal else rejected).append(template)
            self._split = (self.model.version, allowed, rejected)
        return self._split[1], self._split[2]

    def step(self, event: AgentEvent, how: str) -> None:
        """Apply ``event`` to both sides and check what the oracle predicts."""
        index = self.model.index
        adopting = self.model.reply_id is None
        verdict = self.model.judge(event)
        note(f"#{index} {how}: {event!r} -> {[(d.code, d.item) for d in verdict.diagnostics]}")
        before = self.impl.to_dict()
        before_states = _states(self.impl.states())
        if self.strict and verdict.error_code is not None:
            self._expect_raise(event, verdict.error_code)
        else:
            self._expect_diagnostics(event, verdict, index)
        self.model.commit(event, verdict, strict=self.strict)
        after = self.impl.to_dict()
        after_states = _states(self.impl.states())
        if not verdict.applies or (self.strict and verdict.error_code is not None):
            # The first event names the reply and its creation time even when rejected.
            if adopting:
                before["id"] = after["id"]
            if index == 0:
                before["created_at"] = after["created_at"]
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

    def _expect_raise(self, event: AgentEvent, code: str) -> None:
        try:
            self.impl.apply(event)
        except self.error_type as error:
            got = getattr(error, "code", None)
            assert got == code, f"strict mode raised {got!r}, the oracle expects {code!r}"
        else:
            raise AssertionError(f"strict mode accepted an event the oracle rejects with {code!r}")

    def _expect_diagnostics(self, event: AgentEvent, verdict: Verdict, index: int) -> None:
        found = list(self.impl.apply(event))
        got = [(d.code, d.item) for d in found]
        expected = [(d.code, d.item) for d in verdict.diagnostics]
        assert got == expected, f"diagnostics {got} differ from the oracle's {expected}"
        assert all(d.index == index for d in found), (
            f"diagnostics carry the wrong index, not {index}"
        )

    # --------------------------------------------------------------- rules

    @rule(event=any_events())
    def random_event(self, event: Event) -> None:
        """Any event from the pools, legal or not."""
        self.step(event, "random")

    @precondition(lambda self: self.model.state_of("reply", None, None) != ReplyState.ENDED.value)
    @rule(data=st.data())
    def allowed_events(self, data: st.DataObject) -> None:
        """A run of events the spec allows now for one entity (the reply, a block, a tool call)."""
        entity = data.draw(st.sampled_from(sorted({entity_of(t) for t in self._candidates()[0]})))
        for _ in range(data.draw(st.integers(1, 16), label="run")):
            allowed = [t for t in self._candidates()[0] if entity_of(t) == entity]
            if not allowed:
                return
            template = data.draw(guided(allowed, entity), label="allowed")
            self.step(data.draw(filled(template), label="event"), "allowed")

    @precondition(lambda self: self.model.index >= 20)
    @rule(event=events_of_kind("reply_end"))
    def end_reply(self, event: Event) -> None:
        """The reply ends (late, so that most steps happen before it)."""
        self.step(event, "end")

    @rule(data=st.data())
    def rejected_event(self, data: st.DataObject) -> None:
        """An event of a (kind, id) the spec rejects now."""
        template = data.draw(st.sampled_from(self._candidates()[1]), label="rejected")
        self.step(data.draw(filled(template), label="event"), "rejected")

    @rule(data=st.data())
    def mixed_batch(self, data: st.DataObject) -> None:
        """A batch whose items name live tool calls and pool ids, repeats included."""
        kind = data.draw(st.sampled_from(_BATCH_KINDS), label="kind")
        live = [
            k for k in TOOL_CALL_IDS if self.model.state_of("tool_call", None, k) != _CALL_INITIAL
        ]
        ids = st.sampled_from(live * 2 + list(TOOL_CALL_IDS)) if live else None
        items = data.draw(batch_items(kind, ids), label="items")
        event = data.draw(events_of_kind(kind), label="event")
        field = {
            "user_confirm_result": "confirm_results",
            "external_execution_result": "execution_results",
        }
        self.step(_with_items(event, field.get(kind, "tool_calls"), items), "batch")

    @precondition(lambda self: self.model.reply_id is not None)
    @rule(event=any_events())
    def wrong_reply_id(self, event: Event) -> None:
        """An event for another reply."""
        self.step(with_wrong_reply_id(event), "wrong reply id")

    @rule(event=unknown_events())
    def unknown_type(self, event: AgentEvent) -> None:
        """An event whose type is outside the catalog."""
        self.step(event, "unknown type")

    def teardown(self) -> None:
        """Steer generation towards runs that take many distinct transitions."""
        target(float(len(self.model.transitions)), label="distinct transitions")

    # ----------------------------------------------------------- invariants

    @invariant()
    def states_match_oracle(self) -> None:
        """Every entity's state equals its oracle machine's."""
        got = _states(self.impl.states())
        expected = self.model.states()
        assert got == expected, f"states {got} differ from the oracle's {expected}"

    @invariant()
    def content_matches_model(self) -> None:
        """Each block's text is its deltas joined, its data the encoding of its bytes."""
        got = self.impl.to_dict()["content"]
        expected = self.model.content()
        for position, (mine, theirs) in enumerate(zip(got, expected, strict=False)):
            assert mine == theirs, f"content[{position}] is {mine!r}, the model says {theirs!r}"
        assert len(got) == len(expected), (
            f"{len(got)} content entries, the model has {len(expected)}"
        )

    @invariant()
    def message_matches_model(self) -> None:
        """The whole message equals the model's (usage, finish, reply fields)."""
        got = self.impl.to_dict()
        expected = self.model.to_dict()
        assert got == expected, f"message {got!r} differs from the model's {expected!r}"


def _with_items(event: Event, field: str, items: tuple[Any, ...]) -> Event:
    evolved: Event = attrs.evolve(cast(Any, event), **{field: copy.deepcopy(items)})
    return evolved


def machine_for(
    factory: Factory, *, strict: bool = False, error_type: type[BaseException] = ProtocolError
) -> type[ReplyStateMachine]:
    """Return a :class:`ReplyStateMachine` subclass that tests ``factory``'s implementations.

    Args:
        factory: builds a fresh implementation; it receives ``strict``.
        strict: whether the implementation raises on the first error.
        error_type: the exception a strict implementation raises (with ``code``).

    Example:
        >>> from streamspec import Reducer
        >>> TestReducer = machine_for(lambda strict: Reducer(strict=strict)).TestCase
    """

    class _Machine(ReplyStateMachine):
        def make_implementation(self) -> Implementation:
            return factory(strict)

    _Machine.strict = strict
    _Machine.error_type = error_type
    _Machine.__name__ = _Machine.__qualname__ = "StrictReplyMachine" if strict else "ReplyMachine"
    return _Machine


def run_against(
    factory: Factory,
    *,
    strict: bool = False,
    error_type: type[BaseException] = ProtocolError,
    settings_: settings | None = None,
) -> None:
    """Run the stateful test against ``factory``'s implementations now (raises on a failure)."""
    run: Callable[..., None] = run_state_machine_as_test
    run(machine_for(factory, strict=strict, error_type=error_type), settings=settings_)
