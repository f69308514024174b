"""The Hypothesis profiles shipped in ``streamspec.testing``."""

from __future__ import annotations

import pytest
from hypothesis import settings
from streamspec.testing import PROFILES, load_profile


def test_ci_is_the_default_and_fuzz_is_longer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without HYPOTHESIS_PROFILE the ci profile loads; fuzz runs more and longer examples."""
    monkeypatch.delenv("HYPOTHESIS_PROFILE", raising=False)
    try:
        assert load_profile() == "ci"
        assert settings.default.max_examples == PROFILES["ci"].max_examples
        assert PROFILES["fuzz"].max_examples >= 10 * PROFILES["ci"].max_examples
        assert PROFILES["fuzz"].stateful_step_count > PROFILES["ci"].stateful_step_count
        monkeypatch.setenv("HYPOTHESIS_PROFILE", "fuzz")
        assert load_profile() == "fuzz"
        assert settings.default.max_examples == PROFILES["fuzz"].max_examples
    finally:
        monkeypatch.undo()
        load_profile()


def test_an_unknown_profile_is_refused_by_name() -> None:
    """A profile name that is not shipped raises ValueError naming it and the choices."""
    before = settings.default.max_examples
    with pytest.raises(ValueError, match=r"'long'.*\['ci', 'fuzz'\]"):
        load_profile("long")
    assert settings.default.max_examples == before
