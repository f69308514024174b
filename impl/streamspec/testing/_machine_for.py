"""Build a stateful test for any implementation: :func:`machine_for` and :func:`run_against`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hypothesis import settings
from hypothesis.stateful import run_state_machine_as_test

from streamspec._errors import ProtocolError
from streamspec.testing._stateful import (
    ALL_CHECKS,
    Factory,
    Implementation,
    ReplyStateMachine,
    Resume,
)

__all__ = ["machine_for", "run_against"]


def machine_for(
    factory: Factory,
    *,
    strict: bool = False,
    error_type: type[BaseException] = ProtocolError,
    finishes: bool = True,
    options: bool = False,
    resume: Resume | None = None,
    swarm: bool = True,
    checks: Iterable[str] = ALL_CHECKS,
    legal_only: bool = False,
    wire: bool = False,
    unreadable: bool = False,
    after_finish: type[BaseException] | None = None,
    bulk: bool = False,
    usage_error: type[BaseException] | None = None,
    names_keys: bool = False,
) -> type[ReplyStateMachine]:
    """Return a :class:`ReplyStateMachine` subclass that tests ``factory``'s implementations.

    Args:
        factory: builds a fresh implementation; it receives ``strict`` (and,
            with ``options``, the keywords ``name``, ``role``, ``created_at``
            drawn for the run).
        strict: whether the implementation raises on the first error.
        error_type: the exception a strict implementation raises (with ``code``).
        finishes: the implementation has ``finish()``; ``False`` turns the
            end-of-input rule off.
        options: ``factory`` accepts the caller options.
        resume: rebuilds an implementation from its ``export_state()``
            output; ``None`` turns the export-and-resume rules off.
        swarm: each run enables a random subset of the optional rules.
        checks: what to compare, a subset of :data:`ALL_CHECKS` (``message``
            is always compared).
        legal_only: send only events the spec accepts whole.
        wire: hand events to ``apply`` as wire JSON objects.
        unreadable: the implementation reports unreadable input (see
            :class:`ReplyStateMachine`).
        after_finish: the exception ``apply`` raises after ``finish()``.
        bulk: the implementation has ``apply_all(events)`` and ``diagnostics``
            (every diagnostic so far); runs of thousands of events go in one call.
        usage_error: the exception ``apply_all`` raises for a mapping, a string
            or bytes (with ``bulk``).
        names_keys: a diagnostic's ``message`` quotes its key (or a block
            key's id).

    Example:
        >>> from streamspec import Reducer
        >>> TestReducer = machine_for(lambda strict: Reducer(strict=strict)).TestCase
    """

    class _Machine(ReplyStateMachine):
        def make_implementation(self, **caller: str) -> Implementation:
            return factory(strict, **caller)

        def resume_implementation(self, state: Mapping[str, Any]) -> Implementation:
            assert resume is not None
            return resume(state)

    _Machine.strict = strict
    _Machine.error_type = error_type
    _Machine.finishes = finishes
    _Machine.options = options
    _Machine.resumes = resume is not None
    _Machine.swarm = swarm
    unknown = set(checks) - ALL_CHECKS
    if unknown:
        raise ValueError(f"unknown checks {sorted(unknown)}; choose from {sorted(ALL_CHECKS)}")
    _Machine.checks = frozenset(checks) | {"message"}
    _Machine.legal_only = legal_only
    _Machine.wire = wire
    _Machine.unreadable = unreadable
    _Machine.after_finish = after_finish
    _Machine.bulk = bulk
    _Machine.usage_error = usage_error
    _Machine.names_keys = names_keys
    _Machine.__name__ = _Machine.__qualname__ = "StrictReplyMachine" if strict else "ReplyMachine"
    return _Machine


def run_against(
    factory: Factory,
    *,
    strict: bool = False,
    error_type: type[BaseException] = ProtocolError,
    settings_: settings | None = None,
    **switches: Any,
) -> None:
    """Run the stateful test against ``factory``'s implementations now (raises on a failure).

    ``switches`` are the other keywords of :func:`machine_for`.
    """
    run: Callable[..., None] = run_state_machine_as_test
    machine = machine_for(factory, strict=strict, error_type=error_type, **switches)
    run(machine, settings=settings_)
