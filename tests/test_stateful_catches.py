"""Each check of the stateful machine fails an implementation with the bug it is there for.

Every reducer below is the reference with one thing wrong; the machine of
``streamspec.testing`` must fail it, and say what failed. A check that stopped
running, or that compared the wrong things, would let its bug pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from streamspec import ProtocolError, Reducer
from streamspec._errors import UsageError
from streamspec._events import ReplyStartEvent, ToolCallStartEvent
from streamspec.testing import (
    ALL_CHECKS,
    REPLY_ID,
    TOOL_CALL_IDS,
    entity_of,
    machine_for,
    run_against,
)

_SETTINGS = settings(
    max_examples=150,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
    deadline=None,
    database=None,
)


class _ClosedTooSoon(Reducer):
    """Reports an open text block as closed (its message is right)."""

    def states(self) -> dict[str, dict[str, str]]:
        found = super().states()
        found["block"] = {k: "closed" if s == "open" else s for k, s in found["block"].items()}
        return found


class _WrongCodeWhenStrict(Reducer):
    """Raises the right violation under another code in strict mode."""

    def apply(self, event: Any) -> tuple[Any, ...]:
        try:
            return super().apply(event)
        except ProtocolError as error:
            other = (
                "after_reply_end" if error.diagnostic.code != "after_reply_end" else "unknown_block"
            )
            raise ProtocolError(attrs.evolve(error.diagnostic, code=other)) from None


class _SilentWhenStrict(Reducer):
    """Swallows the violation strict mode must raise (and changes nothing)."""

    def apply(self, event: Any) -> tuple[Any, ...]:
        try:
            return super().apply(event)
        except ProtocolError:
            return ()


class _EndsTheReplyAtFinish(Reducer):
    """Moves the reply to ``ended`` when the input ends."""

    def finish(self) -> tuple[Any, ...]:
        found = super().finish()
        self._reply_state = "ended"
        return found


class _WarnsAtEveryFinish(Reducer):
    """Repeats its end-of-input warnings at every ``finish()``."""

    def finish(self) -> tuple[Any, ...]:
        found = super().finish()
        self.first_warnings: tuple[Any, ...] = getattr(self, "first_warnings", None) or found
        return self.first_warnings


class _QuietAtFinish(Reducer):
    """Reports nothing when the input ends, whatever is still open."""

    def finish(self) -> tuple[Any, ...]:
        super().finish()
        return ()


class _RenamedByUnreadable(Reducer):
    """Renames the message when it counts an unreadable object."""

    def reject_unreadable(self, paths: Any, reason: str) -> tuple[Any, ...]:
        found = super().reject_unreadable(paths, reason)
        self.message.name = "renamed"
        return found


class _MisplacesUnreadable(Reducer):
    """Names the wrong place in an unreadable object's diagnostic (and changes nothing else)."""

    def reject_unreadable(self, paths: Any, reason: str) -> tuple[Any, ...]:
        return super().reject_unreadable(["$.elsewhere"], reason)


class _ForgetsItsNameOnResume(Reducer):
    """Exports everything but the message name."""

    def export_state(self) -> dict[str, Any]:
        state = super().export_state()
        state["message"]["reply"]["name"] = None
        return state


class _CountsFromOne(Reducer):
    """Tells a next index one past the real one."""

    @property
    def next_index(self) -> int:
        return super().next_index + 1


class _AppliesAfterFinish(Reducer):
    """A reducer that ignores an event after ``finish()`` instead of refusing it."""

    def apply(self, event: Any) -> tuple[Any, ...]:
        try:
            return super().apply(event)
        except UsageError:
            return ()


class _ReadsAfterFinish(Reducer):
    """A reducer that counts an unreadable object after ``finish()`` instead of refusing it."""

    def reject_unreadable(self, paths: Any, reason: str) -> tuple[Any, ...]:
        try:
            return super().reject_unreadable(paths, reason)
        except UsageError:
            return ()


class _QuietInBulk(Reducer):
    """Folds the events given to ``apply_all`` but keeps none of their diagnostics."""

    def apply_all(self, events: Any) -> Reducer:
        before = len(self._diagnostics)
        super().apply_all(events)
        del self._diagnostics[before:]
        return self


def _resume(state: Mapping[str, Any]) -> Reducer:
    return _ForgetsItsNameOnResume.from_state(state)


@pytest.mark.parametrize(
    ("reducer", "switches", "failure"),
    [
        (_ClosedTooSoon, {"legal_only": True}, r"states"),
        (_WrongCodeWhenStrict, {"strict": True, "error_type": ProtocolError}, r"raised|code"),
        (
            _SilentWhenStrict,
            {"strict": True, "error_type": ProtocolError},
            r"strict mode accepted an event",
        ),
        (_EndsTheReplyAtFinish, {}, r"finish\(\) changed the states"),
        (_WarnsAtEveryFinish, {}, r"a second finish\(\) reported something"),
        (_QuietAtFinish, {}, r"^the end of input: diagnostics \[\] differ from the oracle's \[\{"),
        (_RenamedByUnreadable, {"unreadable": True}, r"unreadable object #\d+ changed the message"),
        (_MisplacesUnreadable, {"unreadable": True}, r"^unreadable object #\d+: diagnostics"),
        (_ForgetsItsNameOnResume, {"resume": _resume}, r"resumed"),
        (_CountsFromOne, {}, r"next_index is \d+, the oracle's next index is \d+"),
        (_QuietInBulk, {"bulk": True}, r"the bulk run from #\d+"),
        (_AppliesAfterFinish, {}, r"^apply\(\) after finish\(\) did not raise"),
        (
            _ReadsAfterFinish,
            {"unreadable": True},
            r"^reject_unreadable\(\) after finish\(\) did not raise",
        ),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else None,
)
def test_the_machine_fails_a_reducer_with_one_thing_wrong(
    reducer: type[Reducer], switches: dict[str, Any], failure: str
) -> None:
    """The machine finds the planted bug within its budget, and its failure says what broke."""
    with pytest.raises(AssertionError, match=failure):
        run_against(
            lambda strict, **options: reducer(strict=strict, **options),
            settings_=_SETTINGS,
            after_finish=UsageError,
            swarm=False,
            **switches,
        )


def test_a_check_left_out_is_not_made() -> None:
    """Without ``diagnostics`` in ``checks``, wrong end-of-input warnings pass; the rest is still checked."""
    quiet = set(ALL_CHECKS) - {"diagnostics"}
    run_against(
        lambda strict, **options: _QuietAtFinish(strict=strict, **options),
        settings_=_SETTINGS,
        swarm=False,
        checks=quiet,
    )
    with pytest.raises(AssertionError, match=r"finish\(\) changed the states"):
        run_against(
            lambda strict, **options: _EndsTheReplyAtFinish(strict=strict, **options),
            settings_=_SETTINGS,
            swarm=False,
            checks=quiet,
        )


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_tool_call_scenario_takes_a_call_that_has_not_started(data: st.DataObject) -> None:
    """The scenario rule starts a call the reply has not seen, so its run reaches the deep states."""
    machine = machine_for(lambda strict, **options: Reducer(strict=strict, **options))()
    begun, fresh = TOOL_CALL_IDS[0], TOOL_CALL_IDS[1]
    machine.step(ReplyStartEvent(session_id="s", reply_id=REPLY_ID, name="a"), "test")
    machine.step(
        ToolCallStartEvent(reply_id=REPLY_ID, tool_call_id=begun, tool_call_name="f"), "test"
    )
    taken: list[Any] = []
    step = machine.step
    machine.step = lambda event, how: (taken.append(event), step(event, how))  # type: ignore[method-assign]
    machine.tool_call_scenario(data=data)
    assert isinstance(taken[0], ToolCallStartEvent) and taken[0].tool_call_id == fresh


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_tool_call_lifecycle_run_holds_only_events_of_one_tool_call(data: st.DataObject) -> None:
    """The lifecycle rule picks one tool call and sends only events that name it."""
    machine = machine_for(lambda strict, **options: Reducer(strict=strict, **options))()
    machine.step(ReplyStartEvent(session_id="s", reply_id=REPLY_ID, name="a"), "test")
    taken: list[Any] = []
    step = machine.step
    machine.step = lambda event, how: (taken.append(event), step(event, how))  # type: ignore[method-assign]
    machine.tool_call_lifecycle(data=data)
    assert taken, "a fresh reply always allows a tool call to start"
    assert len({entity_of(event) for event in taken}) == 1
    assert entity_of(taken[0])[0] == "tool_call_id"
