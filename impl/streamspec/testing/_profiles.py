"""The Hypothesis profiles streamspec's own suite runs under, for any suite to load.

``ci`` (the default) keeps a stateful run of a reducer within half a minute;
``fuzz`` is the long campaign. Choose with ``HYPOTHESIS_PROFILE``::

    from streamspec.testing import load_profile

    load_profile()  # in conftest.py: "ci", or $HYPOTHESIS_PROFILE

``ci`` keeps no example database: a clean clone has none to replay, and with
one Hypothesis keeps a Pareto front of every targeted run, which costs the
stateful machines (they call ``target``) more than their own steps. A failure
prints its ``@reproduce_failure`` blob instead. ``fuzz`` keeps the database,
so a long campaign's finds are replayed first next time.

Both start from Hypothesis's ``default`` profile, not from whatever profile is
loaded at import: where ``$CI`` is set Hypothesis loads its own ``ci`` profile
first, which derandomizes every test and drops the database. Both profiles
draw fresh examples on every run; neither pins a seed.
"""

from __future__ import annotations

import os
from typing import Final

from hypothesis import HealthCheck, settings

__all__ = ["PROFILES", "load_profile", "register_profiles"]

_BASE: Final = settings.get_profile("default")

#: ``name -> settings`` of each profile.
PROFILES: Final = {
    "ci": settings(
        _BASE,
        max_examples=100,
        stateful_step_count=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
        print_blob=True,
        derandomize=False,
    ),
    "fuzz": settings(
        _BASE,
        max_examples=5000,
        stateful_step_count=120,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=False,
    ),
}


def register_profiles() -> None:
    """Register every profile of :data:`PROFILES` with Hypothesis."""
    for name, profile in PROFILES.items():
        settings.register_profile(name, profile)


def load_profile(name: str | None = None) -> str:
    """Register the profiles and load ``name`` (default ``$HYPOTHESIS_PROFILE``, else ``ci``).

    Returns:
        the name of the profile loaded.

    Raises:
        ValueError: ``name`` is not a profile of :data:`PROFILES`.
    """
    chosen = name or os.environ.get("HYPOTHESIS_PROFILE") or "ci"
    if chosen not in PROFILES:
        raise ValueError(f"unknown Hypothesis profile {chosen!r}; choose from {sorted(PROFILES)}")
    register_profiles()
    settings.load_profile(chosen)
    return chosen
