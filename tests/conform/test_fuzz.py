"""Tests of ``streamspec fuzz``: generated cases, classes, shrinking, vectors, the command."""

from __future__ import annotations

import itertools
import json
import random
import re
import shlex
import sys
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from agentscope_schema import agentscope_problems, definitions
from click.testing import CliRunner
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from streamspec import (
    DataBlockDeltaEvent,
    ExternalExecutionResultEvent,
    ModelCallEndEvent,
    RequireUserConfirmEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    UserConfirmResultEvent,
    UserInterruptEvent,
    encode_event,
)
from streamspec._errors import UsageError
from streamspec.cli._fuzz import fuzz_command
from streamspec.conform import _fuzz as fuzz_module
from streamspec.conform import _fuzz_cases as fuzz_cases_module
from streamspec.conform._compare import MISSING, Difference, compare
from streamspec.conform._fuzz import (
    TRIM_PASSES,
    ClassKey,
    Divergence,
    FuzzReport,
    _Runner,
    _trim,
    classify,
    fuzz,
    render_report,
    vector_name,
)
from streamspec.conform._fuzz_cases import (
    TARGETS,
    FuzzCase,
    fuzz_cases,
    legal_events,
    wire_event,
)
from streamspec.conform._program import Answer, Errored, Ready, Result, Skipped
from streamspec.conform._reference import ALL_CHECKS, reference_output
from streamspec.conform._vectors import load_cases, request_case

ROOT = Path(__file__).resolve().parents[2]
ADAPTER = [sys.executable, "-m", "streamspec.cli._adapter"]
REDUCE_SCHEMA = json.loads((ROOT / "spec/schema/reduce_vector.schema.json").read_text())
ENVELOPE_SCHEMA = json.loads((ROOT / "spec/schema/envelope_vector.schema.json").read_text())
VERSION = {"agentscope-2.0.11": "2.0.11", "agentscope-2.0.3": "2.0.3", "envelope": "2.0.11"}


def _adapter(mode: str | None = None) -> str:
    return shlex.join([*ADAPTER, *(["--break", mode] if mode else [])])


def _wire_objects(case: FuzzCase) -> list[dict[str, Any]]:
    """The AgentScope objects a case sends, envelopes unwrapped."""
    if case.kind == "reduce":
        return list(case.case["events"])
    found = []
    for line in case.case["input"]:
        envelope = json.loads(line)
        assert envelope["version"] == 1
        assert "type" not in envelope["payload"]
        found.append({"type": envelope["type"].upper(), **envelope["payload"]})
    return found


@attrs.define
class FakeProgram:
    """An in-process implementation: the reference, made wrong by ``change`` when given."""

    change: Any = None
    kinds: tuple[str, ...] = ("reduce", "envelope")
    checks: tuple[str, ...] = ALL_CHECKS
    runs: int = 0

    def start(self, kinds: Collection[str], checks: Collection[str]) -> Ready:
        return Ready(
            {"name": "fake", "version": "0", "language": "python"},
            tuple(k for k in kinds if k in self.kinds),
            tuple(c for c in checks if c in self.checks),
        )

    def run(self, kind: str, case: Mapping[str, Any], *, after_each: bool = False) -> Answer:
        self.runs += 1
        if case.get("options", {}).get("strict"):
            return Skipped("no strict mode")
        out = reference_output(kind, case, after_each=after_each, checks=self.checks)
        if self.change is not None:
            return self.change(case, out)
        return Result(out)


def _drop_thinking(case: Mapping[str, Any], out: dict[str, Any]) -> Answer:
    """A planted bug: thinking blocks are left out of the message."""
    message = out["message"]
    message["content"] = [b for b in message["content"] if b.get("type") != "thinking"]
    return Result(out)


def _rename_every_message(case: Mapping[str, Any], out: dict[str, Any]) -> Answer:
    """A planted bug every case shows: the message's name is wrong."""
    out["message"]["name"] += "?"
    return Result(out)


RENAMED = ClassKey("$.output.message.name", "value")


# ------------------------------------------------------------------ generation


@pytest.mark.parametrize("target", TARGETS)
@given(data=st.data())
def test_generated_events_are_valid_wire_json_for_the_target(target: str, data: Any) -> None:
    """Every generated event is accepted by the target's recorded schema and uses only its keys;
    a case's events are what it sends (an envelope case's: one per input line, replays too)."""
    case = data.draw(fuzz_cases(target, legal_only=data.draw(st.booleans())))
    version = VERSION[target]
    for obj in _wire_objects(case):
        assert agentscope_problems(obj, version) == [], obj
        assert set(obj) <= set(definitions(version)[obj["type"]]["properties"]), obj
    assert [dict(e) for e in case.events] == _wire_objects(case)
    sent = case.case["input"] if target == "envelope" else case.case["events"]
    assert case.parts() == len(sent)


@given(fuzz_cases(legal_only=True))
def test_legal_only_cases_draw_no_error_diagnostic(case: FuzzCase) -> None:
    """A legal-only case folds with no error diagnostic (only end-of-input warnings)."""
    out = reference_output(case.kind, {**case.case, "options": {"reply_id": "r1"}})
    errors = [d for d in out["diagnostics"] if d["severity"] == "error"]
    assert errors == []


@given(fuzz_cases("agentscope-2.0.3"))
def test_cases_for_2_0_3_use_no_key_2_0_3_lacks(case: FuzzCase) -> None:
    """Events for 2.0.3 carry no USER_INTERRUPT, URL data delta, or timestamp inside a batch."""
    for obj in case.case["events"]:
        assert obj["type"] != "USER_INTERRUPT"
        assert not (obj["type"] == "DATA_BLOCK_DELTA" and "url" in obj)
        assert "finished_reason" not in obj
        assert "created_at" not in json.dumps(obj.get("tool_calls", []))


def test_wire_json_for_2_0_3_drops_only_what_2_0_3_lacks() -> None:
    """For 2.0.3 an event keeps every key 2.0.3 has: a text end loses its ``text``, a data
    delta's URL becomes a base64 chunk, a batch's blocks lose their stamps, and a user
    interrupt, which 2.0.3 lacks, has no form at all."""
    r = {"reply_id": "r"}
    delta = TextBlockDeltaEvent(block_id="b", delta="hi", **r)
    assert wire_event(delta, "agentscope-2.0.3") == {
        "type": "TEXT_BLOCK_DELTA",
        "reply_id": "r",
        "block_id": "b",
        "delta": "hi",
    }
    end = TextBlockEndEvent(block_id="b", text="cut", **r)
    assert wire_event(end, "agentscope-2.0.3") == {
        "type": "TEXT_BLOCK_END",
        "reply_id": "r",
        "block_id": "b",
    }
    url = DataBlockDeltaEvent(block_id="d", media_type="image/png", url="https://x/a.png", **r)
    assert wire_event(url, "agentscope-2.0.3") == {
        "type": "DATA_BLOCK_DELTA",
        "reply_id": "r",
        "block_id": "d",
        "media_type": "image/png",
        "data": "AAEC",
    }
    bare_call = {"type": "tool_call", "id": "c", "name": "f", "input": "{}"}
    stamps = {"created_at": "t", "finished_at": "u"}
    call = {**bare_call, **stamps}
    asked = RequireUserConfirmEvent(tool_calls=(call,), **r)
    written = wire_event(asked, "agentscope-2.0.3")
    assert written is not None
    assert written["tool_calls"] == [{"type": "tool_call", "id": "c", "name": "f", "input": "{}"}]
    answered = UserConfirmResultEvent(
        confirm_results=({"confirmed": True, "tool_call": call},), **r
    )
    written = wire_event(answered, "agentscope-2.0.3")
    assert written is not None
    assert written["confirm_results"] == [{"confirmed": True, "tool_call": bare_call}]
    result = {"type": "tool_result", "id": "c", "name": "f", "output": "ok", **stamps}
    executed = ExternalExecutionResultEvent(execution_results=(result,), **r)
    written = wire_event(executed, "agentscope-2.0.3")
    assert written is not None
    assert written["execution_results"] == [
        {"type": "tool_result", "id": "c", "name": "f", "output": "ok"}
    ]
    assert wire_event(UserInterruptEvent(**r), "agentscope-2.0.3") is None
    assert wire_event(end, "agentscope-2.0.11") == encode_event(end)


def test_a_2_0_3_model_call_end_has_only_2_0_3_s_fields() -> None:
    """AgentScope 2.0.3's ModelCallEndEvent has ``reply_id``, ``input_tokens`` and
    ``output_tokens`` (besides ``id``, ``created_at``, ``metadata`` and ``type``): the two cache
    counts and the finish reason of 2.0.11 are left out of its wire form."""
    end = ModelCallEndEvent(
        reply_id="r",
        input_tokens=3,
        output_tokens=4,
        cache_input_tokens=1,
        cache_creation_input_tokens=2,
        finished_reason="completed",
    )
    assert wire_event(end, "agentscope-2.0.3") == {
        "type": "MODEL_CALL_END",
        "reply_id": "r",
        "input_tokens": 3,
        "output_tokens": 4,
    }


def test_an_event_is_adapted_to_2_0_3_as_2_0_3_reads_it_back() -> None:
    """A delta 2.0.3 has stays itself; a text end loses its text; an interrupt has no 2.0.3
    form, so it is no template of that target, and every template of it has a form."""
    r = {"reply_id": "r"}
    delta = TextBlockDeltaEvent(block_id="b", delta="hi", **r)
    assert fuzz_cases_module._adapted(delta, "agentscope-2.0.3") == delta
    end = TextBlockEndEvent(block_id="b", text="cut", **r)
    assert fuzz_cases_module._adapted(end, "agentscope-2.0.3") == TextBlockEndEvent(
        block_id="b", **r
    )
    with pytest.raises(AssertionError, match=r"agentscope-2\.0\.3 has no USER_INTERRUPT"):
        fuzz_cases_module._adapted(UserInterruptEvent(**r), "agentscope-2.0.3")
    templates = fuzz_cases_module._target_templates("agentscope-2.0.3")
    assert not any(isinstance(t, UserInterruptEvent) for t in templates)
    assert all(fuzz_cases_module._adapted(t, "agentscope-2.0.3").KIND == t.KIND for t in templates)
    assert fuzz_cases_module._adapted(end, "agentscope-2.0.11") is end


def test_legal_streams_for_2_0_3_hold_what_2_0_3_has() -> None:
    """A 2.0.3 stream keeps every event 2.0.3 can carry, as 2.0.3 carries it: long streams are
    drawn, with no user interrupt and no data URL in them."""
    stream = find(
        legal_events("agentscope-2.0.3"),
        lambda events: len(events) >= 8,
        settings=settings(database=None, max_examples=200, phases=[Phase.generate]),
    )
    assert len(stream) >= 8
    assert not any(isinstance(e, UserInterruptEvent) for e in stream)
    assert all(
        wire_event(e, "agentscope-2.0.3") == encode_event(e)
        for e in stream
        if e.KIND != "text_block_end"
    )


@given(fuzz_cases())
def test_request_cases_carry_no_expectation(case: FuzzCase) -> None:
    """A generated case is a request case: the runner's stripping leaves it unchanged. Each is
    named ``fuzz`` and described as generated (docs/fuzzing.md)."""
    assert request_case(case.case) == dict(case.case)
    assert {"name", "description", "options", "events"} <= set(case.case)
    assert case.case["name"] == "fuzz"
    assert case.case["description"] == "A reply stream generated by streamspec fuzz."


@given(fuzz_cases("envelope"))
def test_envelope_request_cases_are_named_and_described_as_generated(case: FuzzCase) -> None:
    """An envelope case is a read case of the envelope source, named and described alike."""
    assert request_case(case.case) == dict(case.case)
    assert case.case["name"] == "fuzz"
    assert case.case["description"] == "A reply stream generated by streamspec fuzz."
    assert (case.case["kind"], case.case["source"]) == ("read", "envelope")


# ------------------------------------------------------------------- classes


def test_class_writes_indexes_and_state_ids_as_stars() -> None:
    """Array indexes become [*] and a state instance keeps only its kind prefix."""
    key = classify(Difference('$.output.states.block["text:b0"]', "open", "closed"))
    assert key == ClassKey('$.output.states.block["text:*"]', "value")
    key = classify(Difference("$.output.message.content[3].text", "a", MISSING))
    assert key == ClassKey("$.output.message.content[*].text", "missing")


def test_class_of_a_diagnostic_names_its_code() -> None:
    """A missing diagnostic's class names the expected code; an extra one the actual code."""
    expected = {"diagnostics": [{"code": "delta_after_end"}]}
    actual: dict[str, Any] = {"diagnostics": []}
    missing = classify(
        Difference("$.output.diagnostics[0]", expected["diagnostics"][0], MISSING),
        expected,
        actual,
    )
    assert missing == ClassKey("$.output.diagnostics[*]", "missing delta_after_end")
    extra = classify(
        Difference("$.output.diagnostics[0]", MISSING, {"code": "x"}),
        {"diagnostics": []},
        {"diagnostics": [{"code": "x"}]},
    )
    assert extra == ClassKey("$.output.diagnostics[*]", "extra x")


def test_class_of_a_value_of_another_json_type_is_type() -> None:
    """A value whose type differs (not just its value) is a ``type`` class."""
    key = classify(Difference('$.output.states.reply[""]', "open", 3))
    assert key == ClassKey('$.output.states.reply["*"]', "type")


def test_class_of_an_after_each_content_difference_names_blocks_across_steps() -> None:
    """In ``after_each``, the step index is a star too; extra blocks are named by the first of
    their types in sorted order, a differing field by its block's type."""
    text = {"type": "text"}
    expected = {"after_each": [{"content": [text]}, {"content": [text]}]}
    more = [{"type": "thinking"}, {"type": "data"}]
    actual = {"after_each": [{"content": [text]}, {"content": [text, *more]}]}
    extra = classify(
        Difference("$.output.after_each[1].content[1]", MISSING, more[0]), expected, actual
    )
    assert extra == ClassKey("$.output.after_each[*].content[*]", "an extra data block")
    field = classify(
        Difference("$.output.after_each[1].content[0].text", "a", "b"), expected, expected
    )
    assert field == ClassKey("$.output.after_each[*].content[*].text", "value in a text block")


def test_vector_names_are_deterministic_per_class() -> None:
    """The same class always gets the same file name, and two classes get two names."""
    one = ClassKey("$.output.message.name", "value")
    assert vector_name(one) == vector_name(ClassKey("$.output.message.name", "value"))
    assert vector_name(one) != vector_name(ClassKey("$.output.message.name", "missing"))
    assert re.fullmatch(r"fuzz-message-name-value-[0-9a-f]{8}", vector_name(one))
    odd = ClassKey("$.output.!weird", "value!")
    assert re.fullmatch(r"fuzz-weird-value-[0-9a-f]{8}", vector_name(odd))


# -------------------------------------------------------------- in process


def test_reference_against_itself_agrees_on_every_case() -> None:
    """The reference in process agrees with itself: no class; strict cases are only skipped."""
    report = fuzz(FakeProgram(), max_examples=100)
    assert report.divergences == {}
    assert report.examples == 100
    assert report.agreed + report.skipped == 100


def test_a_planted_bug_is_found_shrunk_and_repeatable(tmp_path: Path) -> None:
    """Dropping thinking blocks is one class whose shrunk case is a thinking block start with at
    most two other events, the same on a second run with the seed."""
    seed = random.randrange(2**32)
    report = fuzz(FakeProgram(_drop_thinking), max_examples=250, seed_=seed, shrink_budget=100)
    [divergence] = report.classes()
    assert divergence.key == ClassKey("$.output.message.content[*]", "a thinking block missing")
    assert divergence.shrunk
    types = [e["type"] for e in divergence.example.events]
    # Shrinking ends at a local minimum: usually the start alone, at most two events beside it.
    assert "THINKING_BLOCK_START" in types and len(types) <= 3, types
    assert divergence.message == "" and "errored:" not in render_report(report)
    lines = render_report(report).splitlines()
    assert lines[0] == "divergences (1 class, most frequent first):"
    assert (
        lines[1] == f"{divergence.count:>7}  $.output.message.content[*] (a thinking block missing)"
    )
    plural = "event" if len(types) == 1 else "events"
    assert lines[2] == f"         minimal example: {len(types)} {plural}: not written (no --out)"
    assert lines[3] == f"         event types: {', '.join(types)}"
    assert lines[4].startswith("         first difference at $.output.message.content[")
    assert ": expected {" in lines[4] and lines[4].endswith(", actual <absent>")
    assert re.fullmatch(
        r"\d+ examples, \d+ agreed, \d+ diverged in 1 classes, \d+ skipped", lines[5]
    )
    again = fuzz(FakeProgram(_drop_thinking), max_examples=250, seed_=seed, shrink_budget=100)
    assert render_report(again) == render_report(report)


def _case(events: list[dict[str, Any]]) -> FuzzCase:
    request = {"name": "fuzz", "description": "d", "options": {}, "events": events}
    return FuzzCase("reduce", request, False, tuple(events))


def test_trimming_leaves_only_events_the_class_needs() -> None:
    """A long example of a class is trimmed to a 1-minimal one: leaving out any one of its
    events moves the case out of the class; the text and tool events it did not need are gone."""
    r = {"reply_id": "r1"}
    events = [
        {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
        {"type": "TEXT_BLOCK_START", **r, "block_id": "t1"},
        {"type": "TEXT_BLOCK_DELTA", **r, "block_id": "t1", "delta": "hi"},
        {"type": "THINKING_BLOCK_START", **r, "block_id": "k1"},
        {"type": "THINKING_BLOCK_DELTA", **r, "block_id": "k1", "delta": "hmm"},
        {"type": "TOOL_CALL_START", **r, "tool_call_id": "c1", "tool_call_name": "f"},
        {"type": "TOOL_CALL_DELTA", **r, "tool_call_id": "c1", "delta": "{}"},
        {"type": "TOOL_CALL_END", **r, "tool_call_id": "c1"},
        {"type": "THINKING_BLOCK_END", **r, "block_id": "k1"},
        {"type": "TEXT_BLOCK_END", **r, "block_id": "t1"},
        {"type": "REPLY_END", "session_id": "s", "reply_id": "r1"},
    ]
    runner = _Runner(FakeProgram(_drop_thinking), ALL_CHECKS)
    long_case = _case(events)
    outcome = runner.outcome(long_case)
    assert outcome.key is not None
    divergence = Divergence(outcome.key, 1, 0, long_case, outcome.difference)
    _trim(runner, divergence)
    example = divergence.example
    assert "THINKING_BLOCK_START" in example.event_types
    assert not {"TEXT_BLOCK_DELTA", "TOOL_CALL_DELTA"} & set(example.event_types)
    assert example.parts() == len(example.events) <= 3, example.events
    for index in range(example.parts()):
        smaller = example.without(index)
        assert len(smaller.events) == len(example.events) - 1
        assert runner.outcome(smaller).key != divergence.key, smaller.events


def test_shrinking_asks_the_program_at_most_its_budget() -> None:
    """Past the shrink budget a class's shrinking stops at once; trimming then asks at most
    TRIM_PASSES times per event of the example it started from."""
    program = FakeProgram(_rename_every_message)
    report = fuzz(program, max_examples=80, shrink_budget=3)
    [divergence] = report.classes()
    assert divergence.key == RENAMED and divergence.count == report.examples - report.skipped
    assert divergence.shrunk
    explored = report.examples
    assert program.runs <= explored + 3 + TRIM_PASSES * 40, program.runs


def test_shrinking_ends_after_its_tries_whatever_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no tries allowed, shrinking asks the program nothing, however large its budget."""
    program = FakeProgram(_rename_every_message)
    explored: list[int] = []
    explore = fuzz_module._explore

    def explore_then_count(*args: Any) -> None:
        explore(*args)
        explored.append(program.runs)

    monkeypatch.setattr(fuzz_module, "SHRINK_TRIES_PER_ASK", 0)
    monkeypatch.setattr(fuzz_module, "_explore", explore_then_count)
    monkeypatch.setattr(fuzz_module, "_trim", lambda *args, **kwargs: None)
    report = fuzz(program, max_examples=60, shrink_budget=1000)
    [divergence] = report.classes()
    assert program.runs == explored[0]
    assert divergence.key == RENAMED and divergence.count == report.examples - report.skipped


def test_shrinking_draws_no_case_past_its_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Shrinking stops at the first draw past ``budget x SHRINK_TRIES_PER_ASK``, whether or
    not that draw would have asked the program."""
    tried: list[int] = []
    shrink = fuzz_module._shrink

    def shrink_then_count(runner: Any, divergence: Any, cases: Any, *rest: Any) -> None:
        shrink(runner, divergence, cases, *rest)
        tried.append(cases.tried)

    monkeypatch.setattr(fuzz_module, "SHRINK_TRIES_PER_ASK", 0)
    monkeypatch.setattr(fuzz_module, "_shrink", shrink_then_count)
    fuzz(FakeProgram(_rename_every_message), max_examples=60, shrink_budget=1000)
    assert tried == [1]


class _BrokenWhenStrict(FakeProgram):
    """A planted bug of strict mode only: the message's name is wrong."""

    def run(self, kind: str, case: Mapping[str, Any], *, after_each: bool = False) -> Answer:
        self.runs += 1
        out = reference_output(kind, case, after_each=after_each, checks=self.checks)
        if case.get("options", {}).get("strict"):
            return _rename_every_message(case, out)
        return Result(out)


def test_a_strict_divergence_is_written_as_a_should_vector(tmp_path: Path) -> None:
    """docs/fuzzing.md: a strict case's vector goes under ``reduce/should/``, and keeps its
    strict option."""
    report = fuzz(_BrokenWhenStrict(), max_examples=400, shrink_budget=10)
    written = fuzz_module.write_vectors(report, tmp_path)
    assert written
    # Writing again into the folder it filled (a second run with the same --out) overwrites.
    assert fuzz_module.write_vectors(report, tmp_path) == written
    for path in written:
        assert path.parent == tmp_path / "reduce" / "should", path
        vector = json.loads(path.read_text())
        assert vector["options"]["strict"] is True
        assert "name" not in vector, "the file's name names the vector"


def test_an_errored_answer_is_a_class_of_its_own() -> None:
    """Errored answers form one class keyed by the message's first line, run numbers hidden."""

    def errored(case: Mapping[str, Any], out: dict[str, Any]) -> Answer:
        return Errored(f"exited before answering run {random.randrange(9)}\nmore")

    report = fuzz(FakeProgram(errored), max_examples=40)
    [divergence] = report.classes()
    assert divergence.key == ClassKey("errored", "exited before answering run #")
    assert divergence.difference is None
    assert divergence.message.startswith("exited before answering run ")
    assert "         errored: exited before answering run " in render_report(report)
    assert report.diverged + report.skipped == 40


def test_a_program_without_the_kind_is_a_usage_error() -> None:
    """Fuzzing envelopes with a program that accepts only reduce raises UsageError."""
    with pytest.raises(UsageError, match="does not accept envelope"):
        fuzz(FakeProgram(kinds=("reduce",)), target="envelope", max_examples=5)


def test_only_supported_checks_are_compared() -> None:
    """A program with only the message check is not faulted for wrong diagnostics."""

    def no_diagnostics(case: Mapping[str, Any], out: dict[str, Any]) -> Answer:
        return Result({**out, "diagnostics": [], "states": {}})

    report = fuzz(FakeProgram(no_diagnostics, checks=("message",)), max_examples=60)
    assert report.checks == ("message",)
    assert report.divergences == {}


# ----------------------------------------------------------- the command


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(fuzz_command, list(args), catch_exceptions=False)


def test_command_against_the_reference_adapter_agrees() -> None:
    """Fuzzing the reference adapter finds nothing: exit 0 and the closing counts."""
    result = _invoke("--program", _adapter(), "--max-examples", "300")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("seed ")
    assert lines[-1] == "300 examples, 300 agreed, 0 diverged in 0 classes, 0 skipped"


@pytest.mark.parametrize(
    ("mode", "path", "most"),
    [
        ("message", "$.output.message.", 3),
        ("diagnostics", "$.output.diagnostics[*]", 10),
        ("states", "$.output.states.", 3),
    ],
)
def test_command_shrinks_each_break_to_a_small_valid_vector(
    tmp_path: Path, mode: str, path: str, most: int
) -> None:
    """A broken adapter diverges (exit 1); each class's vector is small, valid and reproducible."""
    result = _invoke(
        "--program", _adapter(mode), "--max-examples", "80", "--shrink-budget", "60",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "diverged in" in result.output.splitlines()[-1]
    cases = list(load_cases(tmp_path))
    assert cases
    assert len(cases) == result.output.count(str(tmp_path))
    for vector in cases:
        options = vector.case.get("options", {})
        assert vector.level == ("should" if options.get("strict") is True else "must")
        assert path in vector.case["description"]
        jsonschema.validate(vector.case, REDUCE_SCHEMA)
        assert len(vector.case["events"]) <= most
        after_each = "after_each" in vector.case["expected"]
        again = reference_output("reduce", vector.case, after_each=after_each)
        assert again == vector.case["expected"]
        assert compare("reduce", vector.case, again, ALL_CHECKS).passed


def test_command_goes_on_after_a_crash() -> None:
    """A crashing adapter is restarted; its crashes are one errored class and the rest agree."""
    result = _invoke("--program", _adapter("crash"), "--max-examples", "20")
    assert result.exit_code == 1, result.output
    assert "errored (exited with status 3 before answering run #)" in result.output
    last = result.output.splitlines()[-1]
    assert last.startswith("20 examples, ")
    assert "diverged in 1 classes" in last
    assert ", 0 agreed," not in last


def test_command_writes_envelope_read_vectors(tmp_path: Path) -> None:
    """With the envelope target a broken envelope reader gives valid envelope read vectors."""
    result = _invoke(
        "--program", _adapter("envelope"), "--target", "envelope", "--max-examples", "40",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    cases = list(load_cases(tmp_path))
    assert cases
    assert {c.kind for c in cases} == {"envelope"}
    for vector in cases:
        jsonschema.validate(vector.case, ENVELOPE_SCHEMA)
        assert reference_output("envelope", vector.case) == vector.case["expected"]


def test_command_stops_when_the_time_is_up() -> None:
    """--time ends exploring early: far fewer cases than --max-examples, and exit 0."""
    result = _invoke("--program", _adapter(), "--max-examples", "100000", "--time", "1")
    assert result.exit_code == 0, result.output
    examples = int(result.output.splitlines()[-1].split()[0])
    assert 0 < examples < 100000


def test_command_usage_errors_exit_2() -> None:
    """An unknown target and a program that cannot start both exit 2."""
    assert _invoke("--program", _adapter(), "--target", "nope").exit_code == 2
    result = CliRunner().invoke(fuzz_command, ["--program", "/nonexistent/program"])
    assert result.exit_code == 2
    assert "could not be started" in result.output


def test_report_counts_add_up() -> None:
    """The closing line's numbers add up to the examples explored."""
    report = FuzzReport(1, TARGETS[0], examples=5, agreed=3, skipped=2)
    assert render_report(report) == "5 examples, 3 agreed, 0 diverged in 0 classes, 2 skipped\n"


@given(data=st.data(), sizes=st.tuples(st.integers(0, 6), st.integers(0, 6)))
def test_interleaving_keeps_every_event_of_both_streams_in_its_order(
    data: st.DataObject, sizes: tuple[int, int]
) -> None:
    """A merge of two streams holds each stream whole, each in its own order."""
    first = [("first", i) for i in range(sizes[0])]
    second = [("second", j) for j in range(sizes[1])]
    merged = fuzz_cases_module._interleave(data.draw, first, second)
    assert [e for e in merged if e[0] == "first"] == first
    assert [e for e in merged if e[0] == "second"] == second
    assert len(merged) == len(first) + len(second)


def test_shrink_tries_count_from_the_class_met_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draws before the class is met again cost no try: with half a try allowed, shrinking
    still meets its class, then stops at the first draw after that."""
    counted: list[int] = []
    shrink = fuzz_module._shrink

    def shrink_and_count(runner: Any, divergence: Any, cases: Any, *rest: Any) -> None:
        seen: list[bool] = []
        strategy = cases.strategy
        # Note each draw begun, as the cases count their tries, and whether the class was met.
        cases.strategy = st.just(None).flatmap(lambda _: seen.append(divergence.shrunk) or strategy)
        try:
            shrink(runner, divergence, cases, *rest)
        finally:
            cases.strategy = strategy
        counted.append(sum(seen))

    monkeypatch.setattr(fuzz_module, "SHRINK_TRIES_PER_ASK", 0.5 / 1000)
    monkeypatch.setattr(fuzz_module, "_shrink", shrink_and_count)
    monkeypatch.setattr(fuzz_module, "_trim", lambda *args, **kwargs: None)
    report = fuzz(FakeProgram(_rename_every_message), max_examples=60, shrink_budget=1000)
    [divergence] = report.classes()
    assert divergence.shrunk
    assert counted == [1]


def test_a_mixed_stream_can_hold_every_segment_it_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """Up to three segments are drawn and each can end up in the stream: some stream holds
    events of three segments, each segment's in its own order."""
    numbers = itertools.count()

    def segment(size: int) -> list[tuple[int, int]]:
        number = next(numbers)
        return [(number, i) for i in range(size)]

    def marked(target: str) -> st.SearchStrategy[list[tuple[int, int]]]:
        return st.integers(1, 3).map(segment)

    monkeypatch.setattr(fuzz_cases_module, "_segments", marked)

    def segments_of(events: list[Any]) -> dict[int, list[int]]:
        held: dict[int, list[int]] = {}
        for event in events:
            if isinstance(event, tuple):
                held.setdefault(event[0], []).append(event[1])
        return held

    found = find(
        fuzz_cases_module.mixed_events(),
        lambda events: len(segments_of(events)) == 3,
        settings=settings(max_examples=2000, database=None, phases=[Phase.generate]),
    )
    assert all(steps == sorted(steps) for steps in segments_of(found).values())


def _rename_or_recast(case: Mapping[str, Any], out: dict[str, Any]) -> Answer:
    """A planted bug of two classes: a message of an even number of events is renamed, one
    of an odd number given another role."""
    field = "name" if len(case.get("events", ())) % 2 == 0 else "role"
    out["message"][field] = f"{out['message'][field]}?"
    return Result(out)


def test_each_class_s_shrink_counts_its_tries_from_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tries counted while shrinking one class are not charged to the next: with half a try
    allowed, each of two classes still meets itself again."""
    monkeypatch.setattr(fuzz_module, "SHRINK_TRIES_PER_ASK", 0.5 / 1000)
    monkeypatch.setattr(fuzz_module, "_trim", lambda *args, **kwargs: None)
    report = fuzz(FakeProgram(_rename_or_recast), max_examples=60, shrink_budget=1000)
    classes = report.classes()
    assert {d.key.path for d in classes} == {"$.output.message.name", "$.output.message.role"}
    assert all(d.shrunk for d in classes)


def test_a_reduce_case_is_illegal_when_the_reference_finds_an_error_in_it() -> None:
    """Legal-only trimming keeps out what :func:`_illegal` names: a reduce case the reference
    folds with an error diagnostic; a warning alone is no error, and an envelope case is
    never a fold's."""
    start = {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"}
    ghost = {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "t9", "delta": "x"}
    assert fuzz_module._illegal(_case([start, ghost]))
    assert not fuzz_module._illegal(_case([start]))  # missing_reply_end: a warning
    envelope = FuzzCase("envelope", {"name": "e", "input": ["not json"]}, False, ())
    assert not fuzz_module._illegal(envelope)


@pytest.mark.parametrize(
    ("error", "spent"),
    [
        (fuzz_module._BudgetSpent(), True),
        (BaseExceptionGroup("two", [fuzz_module._BudgetSpent(), fuzz_module._BudgetSpent()]), True),
        (
            BaseExceptionGroup(
                "outer", [BaseExceptionGroup("inner", [fuzz_module._BudgetSpent()])]
            ),
            True,
        ),
        (BaseExceptionGroup("mixed", [fuzz_module._BudgetSpent(), ValueError("x")]), False),
        (ValueError("x"), False),
    ],
    ids=["alone", "group", "nested", "mixed", "other"],
)
def test_a_spent_budget_is_told_apart_alone_or_in_any_group(
    error: BaseException, spent: bool
) -> None:
    """The end of a class's budget stops its search whether Hypothesis raises it alone or
    grouped with others; any other error in the group is a real failure."""
    assert fuzz_module._raised(error, fuzz_module._BudgetSpent) is spent


def test_command_with_a_program_without_the_target_s_kind_exits_2(tmp_path: Path) -> None:
    """A program whose ready accepts only reduce, fuzzed for envelopes: one error line naming
    what it accepts, exit 2, and no report."""
    program = tmp_path / "reduce_only.py"
    program.write_text(
        "import json, sys\n"
        "start = json.loads(sys.stdin.readline())\n"
        "ready = {'type': 'ready', 'protocol': start['protocol'],\n"
        "         'implementation': {'name': 'reduce-only', 'version': '0', 'language': 'py'},\n"
        "         'kinds': ['reduce'], 'checks': start['checks']}\n"
        "print(json.dumps(ready), flush=True)\n"
        "sys.stdin.read()\n"
    )
    command = shlex.join([sys.executable, str(program)])
    result = CliRunner().invoke(fuzz_command, ["--program", command, "--target", "envelope"])
    assert result.exit_code == 2
    assert result.stderr == (
        "streamspec fuzz: error: the program does not accept envelope cases (ready kinds: ())\n"
    )
    assert "examples" not in result.stdout
