"""The stateful machine's opt-outs: checks, legal-only runs and wire JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, settings
from streamspec import Reducer, decode_event
from streamspec._errors import DecodeError, ProtocolError, UsageError
from streamspec.testing import ALL_CHECKS, SWARM_RULES, machine_for, run_against
from streamspec.testing._stateful import _BAD_PATHS

_FEW = settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow], deadline=None)


class _MessageOnly:
    """A wire-fed reducer that offers only its message: no diagnostics, no state names."""

    def __init__(self, strict: bool, *, drop_text: bool = False) -> None:
        self.reducer = Reducer()
        self.drop_text = drop_text
        self.applied = 0

    def apply(self, wire: Mapping[str, Any]) -> list[Any]:
        assert isinstance(wire, dict) and isinstance(wire.get("type"), str)
        self.applied += 1
        if self.drop_text and wire["type"] == "TEXT_BLOCK_DELTA":
            return []
        self.reducer.apply(decode_event(wire))
        return []

    def to_dict(self) -> dict[str, Any]:
        return self.reducer.to_dict()

    def states(self) -> Mapping[str, Mapping[str, str]]:
        return {}


def test_unknown_checks_are_refused_by_name() -> None:
    """machine_for names a check it does not know and lists the ones it does."""
    with pytest.raises(ValueError, match=r"\['codes'\].*\['diagnostics', 'message', 'states'\]"):
        machine_for(lambda strict: Reducer(strict=strict), checks={"codes"})


def test_message_is_always_compared() -> None:
    """Leaving every check out still compares the message."""
    machine = machine_for(lambda strict: Reducer(strict=strict), checks=())
    assert machine.checks == frozenset({"message"})
    assert machine_for(lambda strict: Reducer(strict=strict)).checks == ALL_CHECKS


def test_legal_only_turns_the_illegal_rules_off() -> None:
    """A legal-only machine never enables a rule that only sends rejected events."""
    machine = machine_for(lambda strict: Reducer(strict=strict), legal_only=True, unreadable=True)()
    assert machine.enabled == frozenset(SWARM_RULES) - {
        "random",
        "rejected",
        "wrong_reply_id",
        "unknown",
        "unreadable",
        "bulk",
        "resume",
    }


def test_a_message_only_wire_implementation_passes_legal_runs() -> None:
    """An implementation with neither diagnostics nor states passes on what it has."""
    built: list[_MessageOnly] = []

    def factory(strict: bool) -> _MessageOnly:
        built.append(_MessageOnly(strict))
        return built[-1]

    run_against(
        factory, checks={"message"}, legal_only=True, wire=True, finishes=False, settings_=_FEW
    )
    assert sum(impl.applied for impl in built) > 0


def test_a_message_bug_is_still_caught_with_the_checks_off() -> None:
    """Dropping text deltas fails the message comparison even when nothing else is compared."""
    with pytest.raises(AssertionError, match="message"):
        run_against(
            lambda strict: _MessageOnly(strict, drop_text=True),
            checks={"message"},
            legal_only=True,
            wire=True,
            finishes=False,
            settings_=settings(_FEW, max_examples=200, phases=[Phase.generate]),
        )


class _LosesLongRuns(Reducer):
    """A reducer whose ``apply_all`` drops every event past the 4,096th of a call."""

    def apply_all(self, events: Any) -> Reducer:
        if isinstance(events, list):
            events = events[:4096]
        return super().apply_all(events)


class _AcceptsEmptyMappings(Reducer):
    """A reducer whose ``apply_all`` takes an empty mapping as no events."""

    def apply_all(self, events: Any) -> Reducer:
        return self if events == {} else super().apply_all(events)


class _Unnamed(Reducer):
    """A reducer whose diagnostics' messages never name what they are about."""

    def apply(self, event: Any) -> tuple[Any, ...]:
        found = super().apply(event)
        for diagnostic in found:
            object.__setattr__(diagnostic, "message", "something went wrong")
        return found


class _UnnamedWhenRaising(Reducer):
    """A reducer whose strict-mode errors carry a diagnostic that names nothing."""

    def apply(self, event: Any) -> tuple[Any, ...]:
        try:
            return super().apply(event)
        except ProtocolError as error:
            unnamed = attrs.evolve(error.diagnostic, message="something went wrong")
            raise ProtocolError(unnamed) from None


class _UnnamedOneByOne(_Unnamed):
    """:class:`_Unnamed` for events applied one by one only: a bulk run names its keys."""

    def apply_all(self, events: Any) -> Reducer:
        for event in events:
            Reducer.apply(self, event)
        return self


class _MisnumberedAnswers(Reducer):
    """A reducer whose answers to ``apply`` number each diagnostic one past its event; what it
    keeps, raises in strict mode and warns at the end of input is right."""

    def apply(self, event: Any) -> tuple[Any, ...]:
        found = super().apply(event)
        return tuple(attrs.evolve(d, index=(d.index or 0) + 1) for d in found)


_BULK = {"bulk": True, "usage_error": UsageError, "swarm": False}


@pytest.mark.parametrize(
    ("reducer", "switches", "failure"),
    [
        (_LosesLongRuns, _BULK, "message|bulk run"),
        (_AcceptsEmptyMappings, _BULK, r"apply_all\(\{\}\) did not raise"),
        (_Unnamed, {"names_keys": True, "swarm": False}, "does not name"),
        (_UnnamedOneByOne, {"names_keys": True, "swarm": False}, "does not name"),
        (
            _UnnamedWhenRaising,
            {"names_keys": True, "strict": True, "swarm": False},
            "does not name",
        ),
        (_MisnumberedAnswers, {"swarm": False}, r"event #\d+: diagnostics .* differ"),
    ],
)
def test_the_bulk_and_naming_switches_catch_their_bug(
    reducer: type[Reducer], switches: dict[str, Any], failure: str
) -> None:
    """Each of these switches makes the machine fail an implementation with its bug."""
    with pytest.raises(AssertionError, match=failure):
        run_against(
            lambda strict: reducer(strict=strict),
            settings_=settings(_FEW, max_examples=60, phases=[Phase.generate]),
            **switches,
        )


def test_the_reference_passes_with_the_bulk_and_naming_switches() -> None:
    """The same switches pass the reference reducer."""
    run_against(
        lambda strict: Reducer(strict=strict),
        settings_=_FEW,
        bulk=True,
        usage_error=UsageError,
        names_keys=True,
    )


#: A wire object for each bad-field path, with the field broken as a producer might break it.
_BROKEN_AT: Mapping[str, Any] = {
    "$": ["not", "an", "object"],
    "$.type": {"type": 5, "reply_id": "r1"},
    "$.reply_id": {"type": "TEXT_BLOCK_DELTA", "reply_id": 1, "block_id": "b", "delta": "x"},
    "$.delta": {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b", "delta": 2},
    "$.tool_calls[0].id": {
        "type": "REQUIRE_USER_CONFIRM",
        "reply_id": "r1",
        "tool_calls": [{"type": "tool_call", "name": "f", "input": "{}"}],
    },
}


def test_object_mode_reports_only_paths_the_decoder_reports() -> None:
    """In object mode the stateful test hands ``reject_unreadable`` the paths of bad fields; each
    is a path ``decode_event`` gives for some broken wire object, so a runner sees real paths."""
    assert set(_BAD_PATHS) == set(_BROKEN_AT)
    for path, broken in _BROKEN_AT.items():
        with pytest.raises(DecodeError) as raised:
            decode_event(broken)
        assert raised.value.paths == (path,)


class _NoUnreadable(Reducer):
    """A reducer with no way to count unreadable input."""

    @property
    def reject_unreadable(self) -> Any:
        raise AttributeError("reject_unreadable")


def test_without_unreadable_the_machine_never_asks_for_reject_unreadable() -> None:
    """An implementation that cannot count unreadable input passes with ``unreadable`` off,
    the refusals after ``finish()`` checked included."""
    run_against(
        lambda strict, **options: _NoUnreadable(strict=strict, **options),
        after_finish=UsageError,
        settings_=_FEW,
    )


def test_a_subclass_that_only_makes_its_implementation_runs() -> None:
    """docs/testing.md: a subclass of ``ReplyStateMachine`` may override
    ``make_implementation()`` alone. Finishing is on; resuming, the caller options, bulk
    runs and key naming stay off until the subclass turns them on, so a run never asks for
    what it did not offer."""
    from hypothesis.stateful import run_state_machine_as_test
    from streamspec.testing import ReplyStateMachine

    made: list[Reducer] = []

    class OnlyMakes(ReplyStateMachine):
        def make_implementation(self, **options: str) -> Any:
            made.append(Reducer(strict=self.strict))
            return made[-1]

    switches = (OnlyMakes.finishes, OnlyMakes.resumes, OnlyMakes.options, OnlyMakes.bulk)
    assert switches == (True, False, False, False)
    assert (OnlyMakes.strict, OnlyMakes.names_keys, OnlyMakes.wire) == (False, False, False)
    run_state_machine_as_test(OnlyMakes, settings=_FEW)
    assert made


class _RefusesIllegal(Reducer):
    """A reducer that cannot take an event the spec rejects: it fails the run on one."""

    def apply_all(self, events: Any) -> Any:
        events = list(events)
        for event in events:
            # A copy judges each event first, so a rejected one is seen before it is kept.
            probe = Reducer.from_state(self.export_state())
            errors = [d for d in probe.apply(event) if d.severity.value == "error"]
            assert not errors, f"sent {event!r}"
            super().apply(event)
        return self


def test_a_legal_only_bulk_run_leaves_out_what_the_spec_rejects() -> None:
    """With ``legal_only`` the bulk rule sends only the events the oracle accepts (a pad-bit
    sweep's stray chunks are left out), and without it those reach the implementation."""
    run_against(
        lambda strict: _RefusesIllegal(strict=strict),
        settings_=settings(_FEW, max_examples=40, phases=[Phase.generate]),
        legal_only=True,
        bulk=True,
        swarm=False,
    )
    with pytest.raises(AssertionError, match=r"sent \w+Event"):
        run_against(
            lambda strict: _RefusesIllegal(strict=strict),
            settings_=settings(_FEW, max_examples=200, phases=[Phase.generate]),
            bulk=True,
            swarm=False,
        )
