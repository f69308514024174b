"""Replay: a record whose (run_id, sequence) was applied is skipped; gaps and regressions warn."""

from __future__ import annotations

import io

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import Reducer
from streamspec._jsonl import Line
from streamspec._resources import example_path
from streamspec.envelope import ReplayGuard, replay_key, replay_lines
from streamspec.sources import read_events


def _codes(sequence, run="r"):
    guard = ReplayGuard()
    out = []
    for s in sequence:
        verdict = guard.admit({"run_id": run, "sequence": s})
        out.append((verdict.apply, verdict.diagnostic.code if verdict.diagnostic else None))
    return out


def test_the_first_sequence_is_the_baseline():
    """A run starting at 40 raises nothing; 41 follows it."""
    assert _codes([40, 41]) == [(True, None), (True, None)]


def test_a_replayed_record_is_skipped_with_duplicate_sequence():
    """Sequence 2 seen twice: the second is not applied and warns duplicate_sequence."""
    assert _codes([1, 2, 2, 3]) == [
        (True, None),
        (True, None),
        (False, "duplicate_sequence"),
        (True, None),
    ]


def test_gaps_and_regressions_are_applied_with_a_warning():
    """A jump from 1 to 4 warns sequence_gap with 2 missing; 2 afterwards warns sequence_regression."""
    guard = ReplayGuard()
    guard.admit({"sequence": 1})
    gap = guard.admit({"sequence": 4})
    assert gap.apply and gap.diagnostic.code == "sequence_gap"
    assert gap.diagnostic.details["missing"] == 2
    late = guard.admit({"sequence": 2})
    assert late.apply and late.diagnostic.code == "sequence_regression"
    assert guard.admit({"sequence": 5}).diagnostic is None


def test_runs_are_independent_and_records_without_sequence_pass():
    """The same sequence in two runs is no duplicate; metadata without an integer sequence is not tracked."""
    guard = ReplayGuard()
    assert guard.admit({"run_id": "a", "sequence": 1}).diagnostic is None
    assert guard.admit({"run_id": "b", "sequence": 1}).diagnostic is None
    assert replay_key({"sequence": "1"}) is None
    assert replay_key({"sequence": True}) is None
    assert replay_key(None) is None
    assert guard.admit({"sequence": 1.0}).apply


@given(st.lists(st.integers(min_value=0, max_value=30), max_size=40))
def test_each_sequence_is_applied_exactly_once(sequence):
    """Whatever the order and repetitions, every distinct sequence is applied once and only repeats are skipped."""
    lines = [
        Line(number=i, record={"metadata": {"run_id": "r", "sequence": s}})
        for i, s in enumerate(sequence)
    ]
    applied = [
        line.record["metadata"]["sequence"]
        for line in replay_lines(lines)
        if line.record is not None
    ]
    assert sorted(applied) == sorted(set(sequence))
    assert applied == list(dict.fromkeys(sequence))


def test_the_replayed_example_counts_usage_once():
    """The bundled replayed stream folds to the same message as the clean one, with three duplicate warnings."""
    lines = list(read_events(example_path("envelope/replayed.envelope.jsonl").open("rb"), "auto"))
    problems = [line.problem.code for line in lines if line.problem is not None]
    assert problems == ["duplicate_sequence"] * 3
    reducer = Reducer()
    for line in lines:
        if line.record is not None:
            reducer.apply(line.record)
    clean = Reducer()
    for line in read_events(example_path("envelope/seed000.envelope.jsonl").open("rb")):
        clean.apply(line.record)
    assert reducer.to_dict() == clean.to_dict()
    assert reducer.to_dict()["usage"] == {"input_tokens": 15, "output_tokens": 28}


def test_replay_can_be_turned_off():
    """With replay=False a duplicate record is read again."""
    data = b'{"version":1,"type":"x","payload":{},"metadata":{"sequence":1}}\n' * 2
    assert (
        sum(1 for line in read_events(io.BytesIO(data), "envelope", replay=False) if line.record)
        == 2
    )
    assert sum(1 for line in read_events(io.BytesIO(data), "envelope") if line.record) == 1


def test_a_guard_s_verdict_is_a_frozen_record_taken_by_keyword():
    """What ``admit`` returns is part of the public API, so its field order is not: it is
    built by keyword only, and it cannot be changed."""
    verdict = ReplayGuard().admit({"run_id": "r", "sequence": 1})
    cls = type(verdict)
    assert cls(apply=True) == verdict
    with pytest.raises(TypeError):
        cls(True)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        verdict.apply = False  # type: ignore[misc]
    assert verdict.apply is True
