"""Hostile input: every entry point that reads untrusted input does its job or raises streamspec's own error.

The short, CI mode of the fuzz harness in ``tools/`` (the long mode is
``python tools/fuzz_inputs.py``). Each input is a seed from ``examples/`` or
``spec/vectors/`` changed by one to four mutations whose every choice
Hypothesis draws, so a failure shrinks to few, early, small mutations of an
early seed. Memory is checked too: one input must not raise the peak RSS by
more than 256 MB.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _tool(name: str) -> ModuleType:
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    return importlib.import_module(name)


entry_points = _tool("fuzz_entry_points")
mutations = _tool("fuzz_mutations")

ENTRY_POINTS = entry_points.ENTRY_POINTS
#: Peak RSS growth one input may cause, in MB.
INPUT_RSS_MB = 256

#: Inputs that once broke an entry point, with what they broke.
REGRESSIONS: dict[str, tuple[bytes, str]] = {
    "pairing-check": (
        b'{"messages":{"0":1}}',
        "check_history() given an object instead of a list raised KeyError (TypeError for 1.5)",
    ),
    "cli-check": (
        b'{"type":"REPLY_END","type":"REPLY_END","reply_id":"r"}\n',
        "the duplicate_key warning was missing from spec/violations.json: the text report's lookup raised KeyError",
    ),
    "cli-check-json": (
        b'{"type":"REPLY_END","type":"REPLY_END","reply_id":"r"}\n',
        "the duplicate_key warning was missing from spec/violations.json: Finding.to_dict raised KeyError",
    ),
    "envelope-decode": (
        b'{"version":1,"type":"model_receipt","payload":{"call":"c","text":['
        + b'{"a":' * 1000
        + b"0"
        + b"}" * 1000
        + b"]}}",
        "a receipt's text item nested 1000 deep: attrs' validator message took its repr, RecursionError",
    ),
    "read-a3s": (
        b'{"version":1,"type":"turn_start","payload":{"turn":1}}\n'
        b'{"version":1,"type":"turn_end","payload":{"turn":1,'
        b'"usage":{"prompt_tokens":-21,"completion_tokens":9}}}\n',
        "a turn_end's negative prompt_tokens became MODEL_CALL_END input_tokens: FieldProblem",
    ),
    "pairing-repair": (
        b'{"model":"m","messages":[{"role":"user","content":"q"},{"role":"assistant",'
        b'"content":null,"reasoning_content":"r","tool_calls":[{"id":"a","type":"function",'
        b'"function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"a",'
        b'"content":"r"},{"role":"tool","tool_call_id":"z","content":'
        + b'{"a":' * 104
        + b'{"m":-1e-308,"a":'
        + b'{"a":' * 146
        + b"0"
        + b"}" * 252
        + b',{"role":"assistant","content":"done"}]}',
        "an orphan result nested 250 deep: the report that kept the dropped message nested "
        "past orjson's writer limit (messages are now refused past 128)",
    ),
    "cli-pairing-check": (
        b"null",
        "the pairing reader measured the nesting of a document that is not an array or object: TypeError in depth_of",
    ),
    "cli-pairing-repair": (
        b"null",
        "the pairing reader measured the nesting of a document that is not an array or object: TypeError in depth_of",
    ),
}


class _Draws:
    """A mutation chooser whose choices Hypothesis draws (so they shrink)."""

    def __init__(self, draw: Any) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return int(self.draw(st.integers(low, high)))


_VOCABULARY: dict[str, tuple[str, ...]] = {}


def _vocabulary(kind: str) -> tuple[str, ...]:
    if kind not in _VOCABULARY:
        _VOCABULARY[kind] = mutations.vocabulary(entry_points.seeds(kind))
    return _VOCABULARY[kind]


@st.composite
def hostile_inputs(draw: Any, kind: str) -> bytes:
    """A seed of ``kind``, mutated by choices drawn from Hypothesis."""
    pool = entry_points.seeds(kind)
    seed = draw(st.sampled_from(pool))
    result: bytes = mutations.mutate(seed, _Draws(draw), pool, _vocabulary(kind))
    return result


def _describe(failure: Any) -> str:
    """The signature, the error and the innermost frames (Hypothesis prints the input)."""
    frames = "\n".join(failure.traceback.splitlines()[-12:])
    return f"{failure.signature}: {failure.error}\n{frames}"


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
@given(data=st.data())
def test_entry_point_raises_only_its_own_errors(name: str, data: st.DataObject) -> None:
    """Every entry point, on mutated seeds, raises nothing but StreamspecError and keeps memory bounded."""
    entry = ENTRY_POINTS[name]
    sample = data.draw(hostile_inputs(entry.kind), label="input")
    before = entry_points.peak_rss_mb()
    failure = entry_points.run_one(entry, sample)
    assert failure is None, _describe(failure)
    assert entry_points.peak_rss_mb() - before < INPUT_RSS_MB


@pytest.mark.parametrize("name", [n for n in ENTRY_POINTS if not n.startswith("cli-")])
def test_every_seed_passes_unchanged(name: str) -> None:
    """Every seed of an API entry point, unmutated, does its job without any error escaping."""
    entry = ENTRY_POINTS[name]
    failures = [entry_points.run_one(entry, seed) for seed in entry_points.seeds(entry.kind)]
    found = [f for f in failures if f is not None]
    assert not found, _describe(found[0])


@pytest.mark.parametrize("name", list(REGRESSIONS))
def test_known_reproducer(name: str) -> None:
    """The shortest input known to have broken an entry point no longer breaks it."""
    failure = entry_points.run_one(ENTRY_POINTS[name], REGRESSIONS[name][0])
    assert failure is None, _describe(failure)
