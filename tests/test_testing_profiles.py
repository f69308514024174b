"""The Hypothesis profiles shipped in ``streamspec.testing``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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


def _documented() -> dict[str, list[str]]:
    """The profile table of docs/testing.md: ``name -> cells``."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "testing.md").read_text("utf-8")
    rows = [line.strip("|").split("|") for line in text.splitlines() if line.startswith("| `")]
    return {cells[0].strip(" `"): [c.strip() for c in cells[1:]] for cells in rows}


@pytest.mark.parametrize("name", ["ci", "fuzz"])
def test_each_profile_is_what_docs_testing_says(name: str) -> None:
    """The budgets, health checks, database and deadline are those docs/testing.md lists."""
    examples, steps, off, database = _documented()[name]
    profile = PROFILES[name]
    assert profile.max_examples == int(examples)
    assert profile.stateful_step_count == int(steps)
    assert sorted(f"`{check.name}`" for check in profile.suppress_health_check) == sorted(
        off.split(", ")
    )
    assert (profile.database is None) == (database == "none")
    assert profile.deadline is None


_UNDER_CI = """
import json
from hypothesis import settings
from streamspec.testing import PROFILES, load_profile
load_profile()
print(json.dumps({
    "loaded": settings.default.derandomize,
    "ci": PROFILES["ci"].derandomize,
    "fuzz": PROFILES["fuzz"].derandomize,
    "fuzz_database": PROFILES["fuzz"].database is not None,
}))
"""


def test_no_profile_pins_a_seed_where_ci_is_set() -> None:
    """With ``$CI`` set (Hypothesis then loads its own derandomized profile) ours still draw fresh.

    A fresh interpreter, because Hypothesis reads ``$CI`` once, at import.
    """
    env = {**os.environ, "CI": "true"}
    env.pop("HYPOTHESIS_PROFILE", None)
    done = subprocess.run(
        [sys.executable, "-c", _UNDER_CI], env=env, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == {
        "loaded": False,
        "ci": False,
        "fuzz": False,
        "fuzz_database": True,
    }
