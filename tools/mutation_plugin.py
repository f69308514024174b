"""A pytest plugin for mutant runs: the loaded Hypothesis profile without shrinking or database,
and a time limit on each test.

Loaded with ``-p mutation_plugin`` after the suite's conftest has loaded its
profile (``ci`` unless ``HYPOTHESIS_PROFILE`` says otherwise). A failure is
found in the same generate phase as under that profile; only the time spent
shrinking it, which tells a mutant run nothing, is saved.

With :data:`LIMIT_VARIABLE` set to a number of seconds, a test still running
after that long fails (:class:`TooSlow`): a mutant that makes a loop run
forever dies in that time instead of at the whole run's timeout.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Generator
from types import FrameType

import pytest
from hypothesis import Phase, settings

#: The environment variable that limits each test's seconds (unset or 0: no limit).
LIMIT_VARIABLE = "STREAMSPEC_MUTANT_TEST_SECONDS"


class TooSlow(BaseException):
    """A test ran past its limit; a ``BaseException``, so no ``except Exception`` hides it."""


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Derive the ``mutation`` profile from the loaded one and load it."""
    base = settings.default
    if base is None:
        return
    phases = tuple(phase for phase in base.phases if phase is not Phase.shrink)
    settings.register_profile("mutation", settings(base, phases=phases, database=None))
    settings.load_profile("mutation")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Run one test under the limit of :data:`LIMIT_VARIABLE`, if any."""
    seconds = float(os.environ.get(LIMIT_VARIABLE) or 0)
    if seconds <= 0:
        return (yield)

    def stop(_signal: int, _frame: FrameType | None) -> None:
        raise TooSlow(f"{item.nodeid} ran past its limit of {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
