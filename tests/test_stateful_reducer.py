"""The reference reducer against the python-statemachine oracle, step by step.

Hypothesis drives ``streamspec.Reducer`` and the oracle of
``streamspec.testing`` with the same random orderings, legal and illegal, and
checks after every step that states, diagnostics and the message agree.
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from streamspec import ProtocolError, Reducer
from streamspec.testing import Implementation, ReplyStateMachine, machine_for


def _reducer(strict: bool) -> Implementation:
    return Reducer(strict=strict)


LenientReducerMachine = machine_for(_reducer)
StrictReducerMachine = machine_for(_reducer, strict=True, error_type=ProtocolError)

TestLenientReducer = LenientReducerMachine.TestCase
TestLenientReducer.settings = settings(max_examples=min(settings.default.max_examples, 60))
TestLenientReducer.__doc__ = "Lenient folding agrees with the oracle after every step."

TestStrictReducer = StrictReducerMachine.TestCase
TestStrictReducer.settings = settings(max_examples=min(settings.default.max_examples, 40))
TestStrictReducer.__doc__ = (
    "Strict folding raises the oracle's code for every rejected event and changes nothing."
)


def test_machine_without_implementation_refuses_to_run() -> None:
    """The base machine names the method to override when no implementation is given."""
    with pytest.raises(NotImplementedError, match="make_implementation"):
        ReplyStateMachine()


def test_strict_machine_is_strict() -> None:
    """machine_for passes strictness and the error type to the machine it builds."""
    assert StrictReducerMachine.strict is True
    assert StrictReducerMachine.error_type is ProtocolError
    assert LenientReducerMachine.strict is False
