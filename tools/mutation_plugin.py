"""A pytest plugin for mutant runs: the loaded Hypothesis profile without shrinking or database.

Loaded with ``-p mutation_plugin`` after the suite's conftest has loaded its
profile (``ci`` unless ``HYPOTHESIS_PROFILE`` says otherwise). A failure is
found in the same generate phase as under that profile; only the time spent
shrinking it, which tells a mutant run nothing, is saved.
"""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Derive the ``mutation`` profile from the loaded one and load it."""
    base = settings.default
    if base is None:
        return
    phases = tuple(phase for phase in base.phases if phase is not Phase.shrink)
    settings.register_profile("mutation", settings(base, phases=phases, database=None))
    settings.load_profile("mutation")
