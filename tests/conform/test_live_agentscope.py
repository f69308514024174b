"""conform and fuzz run live against real AgentScope, and agree with the recorded matrix."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from streamspec.conform import _divergences
from streamspec.conform._reference import reference_output
from streamspec.conform._vectors import load_cases, request_case

pytest.importorskip("agentscope")

_ADAPTER = f"{shlex.quote(sys.executable)} -m streamspec.adapters.agentscope"
_ROOT = Path(__file__).resolve().parents[2]
_SUMMARY = re.compile(
    r"^(\d+) examples, (\d+) agreed, (\d+) diverged in (\d+) classes, (\d+) skipped$"
)


def _live(column: str, command: list[str]) -> None:
    cases = list(load_cases())
    recorded = _divergences.read_record()
    assert recorded["vectors"] == _divergences._digest(cases), "the record is stale: --refresh it"
    implementation, outcomes = _divergences._run_program(command, cases)
    assert implementation["version"] == recorded["implementations"][column]["version"]
    assert outcomes == recorded["outcomes"][column]


def test_conform_against_agentscope_2011_gives_the_recorded_outcomes() -> None:
    """Every vector through real AgentScope 2.0.11 now passes, differs or errs exactly as recorded."""
    _live("agentscope-2.0.11", [sys.executable, "-m", "streamspec.adapters.agentscope"])


def test_conform_against_agentscope_203_gives_the_recorded_outcomes() -> None:
    """Every vector through real AgentScope 2.0.3 passes, differs or errs exactly as recorded."""
    python = os.environ.get("STREAMSPEC_AGENTSCOPE_203_PYTHON")
    if not python:
        pytest.skip("STREAMSPEC_AGENTSCOPE_203_PYTHON is unset (.ci/run sets it)")
    script = _ROOT / "impl" / "streamspec" / "adapters" / "agentscope.py"
    _live("agentscope-2.0.3", [python, str(script)])


def test_a_short_fuzz_against_agentscope_writes_reproducible_vectors(tmp_path: Path) -> None:
    """A short legal-only fuzz of AgentScope 2.0.11 ends with its summary; each vector it writes
    is a valid reduce vector whose expectations the reference reproduces."""
    run = subprocess.run(
        [
            *(sys.executable, "-m", "streamspec", "fuzz", "--program", _ADAPTER),
            *("--legal-only", "--max-examples", "60", "--shrink-budget", "40"),
            *("--out", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    last = run.stdout.strip().splitlines()[-1]
    found = _SUMMARY.match(last)
    assert found, last
    examples, agreed, diverged, classes, skipped = map(int, found.groups())
    assert examples == agreed + diverged + skipped == 60
    assert (run.returncode == 1) == (diverged > 0)
    schema = json.loads((_ROOT / "spec" / "schema" / "reduce_vector.schema.json").read_text())
    written = sorted(tmp_path.rglob("*.json"))
    assert len(written) == classes
    for path in written:
        vector = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.validate(vector, schema)
        output = reference_output("reduce", request_case(vector))
        assert output == {k: v for k, v in vector["expected"].items() if k in output}, path
