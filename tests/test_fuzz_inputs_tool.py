"""The fuzz harness in tools/: its mutator, its seeds, its invariant check, its recorder and its runner."""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from streamspec import Reducer, UsageError

TOOLS = Path(__file__).resolve().parent.parent / "tools"
ROOT = TOOLS.parent


def _tool(name: str) -> ModuleType:
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    return importlib.import_module(name)


mutations = _tool("fuzz_mutations")
entry_points = _tool("fuzz_entry_points")
fuzz_inputs = _tool("fuzz_inputs")


class _Script:
    """A chooser that answers from a fixed list, then always the low end."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = list(answers)

    def integer(self, low: int, high: int) -> int:
        value = self.answers.pop(0) if self.answers else low
        return max(low, min(high, value))


def _entry(run: Any, kind: str = "lines") -> Any:
    return entry_points.EntryPoint(name="fake", kind=kind, run=run, summary="a test entry point")


# ------------------------------------------------------------------- mutator


def test_mutations_repeat_for_a_seed() -> None:
    """The same chooser seed gives the same mutants, and another seed other mutants."""
    pool = entry_points.seeds("lines")[:20]
    strings = mutations.vocabulary(pool)

    def run(seed: int) -> list[bytes]:
        choose = mutations.RandomChooser(seed)
        return [mutations.mutate(pool[n % 20], choose, pool, strings) for n in range(200)]

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_mutants_are_capped_and_differ_from_their_seed() -> None:
    """Mutants never pass MAX_INPUT bytes, and most differ from the seed they came from."""
    pool = entry_points.seeds("history")
    strings = mutations.vocabulary(pool)
    choose = mutations.RandomChooser(1)
    changed = 0
    for n in range(500):
        seed = pool[n % len(pool)]
        mutant = mutations.mutate(seed, choose, pool, strings)
        assert len(mutant) <= mutations.MAX_INPUT
        changed += mutant != seed
    assert changed > 400


@pytest.mark.parametrize("operator", range(len(mutations.OPERATORS)))
def test_every_operator_changes_a_json_line(operator: int) -> None:
    """Each operator, chosen first with every later choice at its low end, changes a JSON line."""
    first = b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r1","block_id":"b","delta":"hi","n":3}'
    data = first + b"\n" + b'{"type":"REPLY_END","reply_id":"r1"}'
    # one mutation, this operator, then the first line and small choices
    mutant = mutations.mutate(data, _Script([1, operator, 0, 1, 1, 1]), [b"{}", first], ["x"])
    assert mutant != data, mutations.OPERATORS[operator]


def test_structure_operators_write_what_they_claim() -> None:
    """Deep nesting reaches 100+ levels, a duplicate key repeats a key, a bad string holds invalid UTF-8."""
    line = b'{"a":"x","b":1}'
    index = {name: n for n, name in enumerate(mutations.OPERATORS)}
    deep = mutations.mutate(line, _Script([1, index["deep"], 1, 0]), [line], ["a"])
    assert deep.count(b"[") >= 100 or deep.count(b'{"a":') >= 100
    twice = mutations.mutate(line, _Script([1, index["duplicate_key"], 1]), [line], ["a"])
    assert twice.count(b'"a"') + twice.count(b'"b"') == 3
    bad = mutations.mutate(line, _Script([1, index["bad_string"], 0, 2]), [line], ["a"])
    with pytest.raises(UnicodeDecodeError):
        bad.decode("utf-8")


def test_vocabulary_holds_event_types_and_keys() -> None:
    """The vocabulary of the line seeds holds event types and field names, each at most 40 characters."""
    words = mutations.vocabulary(entry_points.seeds("lines"))
    assert {"TEXT_BLOCK_DELTA", "reply_id", "tool_call_id"} <= set(words)
    assert all(len(word) <= 40 for word in words)


# --------------------------------------------------------------------- seeds


def test_seeds_cover_every_example_file() -> None:
    """Every JSON-lines example is a line seed and every pairing example a history seed."""
    lines = set(entry_points.seeds("lines"))
    for path in (ROOT / "examples").rglob("*.jsonl"):
        assert path.read_bytes()[: mutations.MAX_INPUT] in lines, path
    histories = set(entry_points.seeds("history"))
    for path in (ROOT / "examples" / "pairing").glob("*.json"):
        assert path.read_bytes() in histories, path


def test_seeds_come_from_every_vector_kind() -> None:
    """Line seeds hold reduce, judge (muse and canonical) and envelope vector inputs; every kind is non-empty."""
    lines = entry_points.seeds("lines")
    assert any(b'"assistant/chunk"' in s for s in lines)  # a muse judge case
    assert any(b'"type":"model_finish"' in s for s in lines)  # a canonical case, as envelopes
    assert any(b'"unsupported' in s or b'"version":2' in s for s in lines)  # envelope vectors
    for kind in ("lines", "envelope", "history", "state"):
        assert len(entry_points.seeds(kind)) > 10, kind


def test_state_seeds_are_exported_states_that_resume() -> None:
    """Every state seed is an exported reducer state that Reducer.from_state resumes to the same export."""
    for seed in entry_points.seeds("state")[:300]:
        state = json.loads(seed)
        assert Reducer.from_state(state).export_state() == state


# ----------------------------------------------------------------- invariant


def test_run_one_lets_the_projects_errors_pass() -> None:
    """An entry point that raises a StreamspecError subclass has not failed."""

    def raises(data: bytes) -> None:
        raise UsageError("bad input")

    assert entry_points.run_one(_entry(raises), b"x") is None


def test_run_one_reports_any_other_exception_with_its_input() -> None:
    """Any other exception is a failure carrying the input (cut to MAX_INPUT), the error and the traceback."""

    def raises(data: bytes) -> None:
        {}[data[:1]]

    failure = entry_points.run_one(_entry(raises), b"k" * (mutations.MAX_INPUT + 10))
    assert failure is not None
    assert failure.entry == "fake"
    assert failure.data == b"k" * mutations.MAX_INPUT
    assert failure.error == "KeyError: b'k'"
    assert failure.signature.startswith("KeyError@test_fuzz_inputs_tool.py:")
    assert "Traceback" in failure.traceback


def test_signature_names_the_innermost_package_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure is signed by the innermost frame inside the package, not by a callback it called."""
    monkeypatch.setattr(entry_points, "_PACKAGE_DIR", str(TOOLS))

    class Broken:
        def integer(self, low: int, high: int) -> int:
            raise ValueError("no choice")

    with pytest.raises(ValueError) as caught:
        mutations._pick(Broken(), [1, 2])
    signature = entry_points.signature_of(caught.value)
    kind, _, where = signature.partition("@")
    assert kind == "ValueError"
    assert where.startswith("fuzz_mutations.py:") and where.endswith(":_pick")


def test_signature_falls_back_to_the_innermost_frame() -> None:
    """A failure with no frame inside streamspec is signed by its innermost frame."""
    with pytest.raises(ZeroDivisionError) as caught:
        _ = 1 // 0
    assert entry_points.signature_of(caught.value).startswith(
        "ZeroDivisionError@test_fuzz_inputs_tool.py:"
    )


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("sys.exit(3)", "Misbehaviour:exit 3"),
        (
            "click.echo('Traceback (most recent call last):', err=True)",
            "Misbehaviour:traceback printed",
        ),
    ],
)
def test_a_command_with_a_bad_exit_or_a_traceback_misbehaves(
    monkeypatch: pytest.MonkeyPatch, body: str, expected: str
) -> None:
    """A command that exits other than 0, 1, 2, or prints a traceback, fails with Misbehaviour."""
    import click

    @click.command()
    def bad() -> None:
        exec(body, {"sys": sys, "click": click})

    monkeypatch.setattr(entry_points, "cli_main", bad)
    failure = entry_points.run_one(_entry(entry_points._command()), b"")
    assert failure is not None
    assert failure.signature == expected


def test_a_command_exiting_2_on_bad_input_has_not_failed() -> None:
    """A command that exits 2 with a one-line message has done its job."""
    assert entry_points.run_one(entry_points.ENTRY_POINTS["cli-reduce"], b"not json\n") is None
    assert entry_points.run_one(_entry(entry_points._command("--no-such-option")), b"") is None


def test_reproducer_reruns_the_failure() -> None:
    """The reproducer snippet names the entry point and the exact bytes."""
    failure = entry_points.Failure(
        entry="reduce", signature="S", error="E", traceback="", data=b'{"a":\xff}'
    )
    text = entry_points.reproducer(failure)
    assert "ENTRY_POINTS['reduce'].run(b'{\"a\":\\xff}')" in text


def test_unwritable_results_fail_only_when_the_input_was_writable() -> None:
    """A parsed-input entry point is excused an unwritable result only when its own input was unwritable."""
    deep: Any = []
    for _ in range(300):
        deep = [deep]
    with pytest.raises(entry_points.Unwritable, match="result"):
        entry_points._write("result", deep, {"a": 1}, parsed=True)
    entry_points._write("result", deep, deep, parsed=True)
    with pytest.raises(entry_points.Unwritable):
        entry_points._write("result", deep)


# --------------------------------------------------------------- the runner


def test_recorder_keeps_each_signature_once_on_disk(tmp_path: Path) -> None:
    """Two failures with one signature are written once: the input bytes and a text with the reproducer."""
    recorder = fuzz_inputs.Recorder(tmp_path)
    first = entry_points.Failure(entry="reduce", signature="S", error="E", traceback="T", data=b"1")
    again = entry_points.Failure(entry="reduce", signature="S", error="E", traceback="T", data=b"2")
    assert recorder.record(first) is True
    assert recorder.record(again) is False
    inputs = list(tmp_path.glob("reduce-*.input"))
    assert [p.read_bytes() for p in inputs] == [b"1"]
    text = inputs[0].with_suffix(".txt").read_text(encoding="utf-8")
    assert "signature:   S" in text
    assert "ENTRY_POINTS['reduce'].run(b'1')" in text


def test_recorder_logs_each_new_signature_at_once(tmp_path: Path) -> None:
    """With a log, each new signature is appended as one line the moment it is found."""
    log = tmp_path / "run.failures"
    recorder = fuzz_inputs.Recorder(None, log)
    for signature in (
        "Unwritable:convert_lines() output",
        "KeyError@a.py:1:f",
        "KeyError@a.py:1:f",
    ):
        recorder.record(
            entry_points.Failure(entry="e", signature=signature, error="", traceback="", data=b"")
        )
    assert log.read_text(encoding="utf-8").splitlines() == [
        "Unwritable:convert_lines() output",
        "KeyError@a.py:1:f",
    ]
    assert fuzz_inputs._failure_log(tmp_path / "run.json") == [
        "Unwritable:convert_lines() output",
        "KeyError@a.py:1:f",
    ]


def test_builtin_engine_finds_a_planted_failure(tmp_path: Path) -> None:
    """The builtin engine runs exactly its budget, and finds an entry point that fails on invalid UTF-8."""

    def fails_on_invalid_utf8(data: bytes) -> None:
        data.decode("utf-8")

    stats = fuzz_inputs.fuzz_builtin(
        _entry(fails_on_invalid_utf8), runs=3000, seconds=None, seed=1, crashes=tmp_path
    )
    assert stats.inputs == 3000
    assert stats.failures == [
        "UnicodeDecodeError@test_fuzz_inputs_tool.py:" + _line_of("data.decode")
    ]
    assert len(list(tmp_path.glob("fake-*.input"))) == 1


def _line_of(text: str) -> str:
    source = Path(__file__).read_text(encoding="utf-8").splitlines()
    number = next(n for n, line in enumerate(source, start=1) if line.strip() == text + '("utf-8")')
    return f"{number}:fails_on_invalid_utf8"


def test_guard_reports_memory_growth_on_one_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """An input during which the peak RSS grows past the bound is a MemoryBound failure with that input."""
    readings = iter([100.0, 100.0, 100.0, 500.0])
    monkeypatch.setattr(fuzz_inputs, "peak_rss_mb", lambda: next(readings))
    recorder = fuzz_inputs.Recorder(None)
    guard = fuzz_inputs.Guard(_entry(lambda data: None), recorder, 256, 2048)
    guard(b"small")
    assert recorder.seen == {}
    guard(b"big")
    failure = recorder.seen["MemoryBound:growth"]
    assert failure.data == b"big"
    assert "grew 400 MB" in failure.error


def test_table_and_exit_code_follow_the_failures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The runner splits the budget evenly, prints one row per entry point and a total, and exits 1 on a failure."""
    seen: list[tuple[str, int]] = []

    def fake_child(args: Any, name: str, index: int) -> Any:
        seen.append((name, args.runs // len(args.entry)))
        failures = ["KeyError@x.py:1:f"] if name == "reduce" else []
        return fuzz_inputs.Stats(
            entry=name, engine="builtin", inputs=50, seconds=0.5, failures=failures
        )

    monkeypatch.setattr(fuzz_inputs, "_run_child", fake_child)
    argv = ["--entry", "reduce", "--entry", "judge", "--runs", "100", "--crashes", str(tmp_path)]
    assert fuzz_inputs.main([*argv, "--engine", "builtin"]) == 1
    out = capsys.readouterr().out
    assert sorted(seen) == [("judge", 50), ("reduce", 50)]
    assert "reduce                       50       0.5      100        1" in out
    assert "total                       100" in out
    assert "reduce: KeyError@x.py:1:f" in out


def test_one_command_runs_entry_points_in_children(tmp_path: Path) -> None:
    """python tools/fuzz_inputs.py runs each entry point in a child and prints the final table."""
    budget = ["--engine", "builtin", "--runs", "400", "--seed", "5", "--jobs", "2"]
    chosen = ["--entry", "read-auto", "--entry", "envelope-decode", "--crashes", str(tmp_path)]
    done = subprocess.run(
        [sys.executable, str(TOOLS / "fuzz_inputs.py"), *budget, *chosen],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    assert rows["read-auto"][1] == "200"
    assert rows["envelope-decode"][1] == "200"
    assert rows["total"][1] == "400"


@pytest.mark.skipif(importlib.util.find_spec("atheris") is None, reason="atheris is not installed")
def test_atheris_engine_runs_its_budget(tmp_path: Path) -> None:
    """With atheris, an entry point runs under libFuzzer for at least the inputs asked (the corpus load counts too)."""
    budget = ["--engine", "atheris", "--runs", "300", "--seed", "5"]
    chosen = ["--entry", "envelope-decode", "--crashes", str(tmp_path)]
    done = subprocess.run(
        [sys.executable, str(TOOLS / "fuzz_inputs.py"), *budget, *chosen],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    assert int(rows["envelope-decode"][1]) >= 300


def test_the_guide_names_every_entry_point() -> None:
    """tools/FUZZING.md lists every entry point by name."""
    guide = (TOOLS / "FUZZING.md").read_text(encoding="utf-8")
    missing = [name for name in entry_points.ENTRY_POINTS if f"`{name}`" not in guide]
    assert not missing
