"""The reference output passes every shipped vector, and the reference adapter serves it over protocol v1."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec._errors import UsageError
from streamspec._resources import spec_dir
from streamspec.conform import _protocol as msg
from streamspec.conform._adapter import BREAK_MODES, IMPLEMENTATION, serve
from streamspec.conform._reference import ALL_CHECKS, ALL_KINDS, reference_output
from streamspec.pairing import summarize

VECTORS = spec_dir() / "vectors"
PROTOCOL = spec_dir() / "protocol"
ADAPTER = [sys.executable, "-m", "streamspec.cli._adapter"]


def _file_cases(kind: str, path: Path) -> Iterator[dict[str, Any]]:
    """Every case of one vector file, whatever its layout, its integers exact (``json``)."""
    if path.suffix == ".jsonl":
        for line in path.read_bytes().splitlines():
            if line.strip():
                yield json.loads(line)
        return
    document = json.loads(path.read_bytes())
    if kind in ("judge", "pairing"):
        yield from document["cases"]
    else:
        yield document


def _files() -> list[Any]:
    return [
        pytest.param(kind, path, id=str(path.relative_to(VECTORS)))
        for kind in ALL_KINDS
        for path in sorted((VECTORS / kind).rglob("*.json*"))
    ]


def _request(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case.items() if k not in msg.EXPECTATION_KEYS}


def _violations(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each got violation on the keys its expected entry names (index and rule at least)."""
    if len(got) != len(want):
        return got
    return [{k: g.get(k) for k in ("index", "rule", *w)} for g, w in zip(got, want, strict=True)]


def _mismatches(kind: str, case: dict[str, Any], output: dict[str, Any]) -> list[str]:
    """The keys on which ``output`` differs from ``case``'s expectations, per the vector READMEs."""
    expected = json.loads(json.dumps(case["expected"]))
    output = json.loads(json.dumps(output))
    if kind == "judge":
        want = {"verdicts": expected, "problems": case.get("problems", [])}
        return [k for k in want if output.get(k) != want[k]]
    if kind in ("reduce", "envelope"):
        keys = set(expected) | ({"raised"} if kind == "reduce" else set(output))
        return sorted(k for k in keys if output.get(k) != expected.get(k))
    bad = []
    for key, want in expected.items():
        if key == "summary":
            got: Any = summarize(output["messages"])
        elif key in ("violations", "unrepaired"):
            got = _violations(output[key], want)
        elif key == "actions":
            got = [{k: a.get(k) for k in w} for a, w in zip(output[key], want, strict=False)]
            got = got if len(output[key]) == len(want) else output[key]
        else:
            got = output[key]
        if got != want:
            bad.append(key)
    if "unrepaired" not in expected and output.get("unrepaired", []) != []:
        bad.append("unrepaired")
    return bad


@pytest.mark.parametrize(("kind", "path"), _files())
def test_reference_output_meets_every_vector_of_the_file(kind: str, path: Path):
    """For every case of every shipped vector file, the reference output equals the case's expectations and fits its output schema."""
    schema = orjson.loads((PROTOCOL / f"output-{kind}.schema.json").read_bytes())
    validator = jsonschema.Draft202012Validator(schema)
    failures = []
    count = 0
    for case in _file_cases(kind, path):
        count += 1
        after_each = kind == "reduce" and "after_each" in case["expected"]
        output = reference_output(kind, _request(case), after_each=after_each)
        bad = _mismatches(kind, case, output)
        errors = [e.message for e in validator.iter_errors(output)]
        if bad or errors:
            failures.append(
                (case.get("name") or case.get("id") or case["description"], bad, errors)
            )
    assert count > 0
    assert failures == []


def test_mismatch_helper_sees_a_changed_value():
    """The local comparison used above reports a case whose output differs in one key."""
    case = orjson.loads((VECTORS / "reduce/must/unknown-block.json").read_bytes())
    output = reference_output("reduce", _request(case))
    assert _mismatches("reduce", case, output) == []
    output["states"]["reply"][""] = "open"
    assert _mismatches("reduce", case, output) == ["states"]


def _reduce_case(name: str = "must/unknown-block.json") -> dict[str, Any]:
    return _request(orjson.loads((VECTORS / "reduce" / name).read_bytes()))


@pytest.mark.parametrize(
    "checks",
    [(), ("message",), ("diagnostics",), ("states",), ("message", "states"), ALL_CHECKS],
)
def test_reduce_output_holds_exactly_the_keys_of_the_checks(checks: tuple[str, ...]):
    """A reduce output carries message, diagnostics and states only for the checks asked, and raised and after_each with their check."""
    strict = _reduce_case("should/strict-first-event.json")
    output = reference_output("reduce", strict, after_each=True, checks=checks)
    want = set()
    if "message" in checks:
        want |= {"message", "after_each"}
    if "diagnostics" in checks:
        want |= {"diagnostics", "raised"}
    if "states" in checks:
        want |= {"states"}
    assert set(output) == want


def test_reference_output_rejects_unknown_names():
    """An unknown kind, check, envelope kind or pairing operation is a UsageError naming it."""
    with pytest.raises(UsageError, match="unknown kind 'fold'"):
        reference_output("fold", {})
    with pytest.raises(UsageError, match=r"unknown checks \['speed'\]"):
        reference_output("reduce", _reduce_case(), checks=("message", "speed"))
    with pytest.raises(UsageError, match="unknown envelope vector kind 'print'"):
        reference_output("envelope", {"kind": "print"})
    with pytest.raises(UsageError, match="unknown pairing operation 'sort'"):
        reference_output("pairing", {"operation": "sort", "input": []})


def test_reference_output_leaves_the_case_untouched():
    """Computing an output never mutates the case it was given."""
    case = _reduce_case("must/seed000.json")
    before = copy.deepcopy(case)
    reference_output("reduce", case, after_each=True)
    assert case == before


# -- serve() ----------------------------------------------------------------


def _serve(*requests: Any, break_mode: str | None = None) -> tuple[int, list[dict[str, Any]]]:
    lines = [r if isinstance(r, bytes) else msg.encode(r) for r in requests]
    out = io.BytesIO()
    status = serve(io.BytesIO(b"".join(lines)), out, break_mode=break_mode)
    return status, [orjson.loads(line) for line in out.getvalue().splitlines()]


START = msg.start(ALL_KINDS, ALL_CHECKS)


def test_serve_answers_the_handshake_with_every_offered_kind_and_check():
    """The reference adapter answers start with ready naming itself and accepting every kind and check offered."""
    status, answers = _serve(START, msg.stop())
    assert status == 0
    assert answers == [msg.ready(IMPLEMENTATION, ALL_KINDS, ALL_CHECKS)]
    assert answers[0]["implementation"]["name"] == "streamspec"


def test_serve_accepts_only_what_was_offered():
    """Ready lists only the kinds and checks the start offered (unknown names dropped)."""
    _, answers = _serve(msg.start(["judge", "quantum"], ["states"]))
    assert answers[0]["kinds"] == ["judge"]
    assert answers[0]["checks"] == ["states"]


def test_serve_refuses_another_protocol_and_exits_2():
    """A start for protocol 2 is answered errored without seq, and serving ends with status 2 before later lines."""
    start = {**START, "protocol": 2}
    status, answers = _serve(start, msg.run(1, "reduce", _reduce_case(), after_each=False))
    assert status == 2
    assert answers == [msg.errored("unsupported protocol 2; this adapter speaks 1")]


def test_serve_runs_one_case_of_each_kind():
    """After start, one run of each kind is answered by a result whose output is the reference output, seq echoed."""
    cases = {
        "reduce": _reduce_case(),
        "judge": _request(
            orjson.loads((VECTORS / "judge/must/rules.json").read_bytes())["cases"][0]
        ),
        "envelope": _request(
            orjson.loads((VECTORS / "envelope/must/replay-duplicate.json").read_bytes())
        ),
        "pairing": _request(
            orjson.loads((VECTORS / "pairing/must/repair_openai.json").read_bytes())["cases"][0]
        ),
    }
    runs = [msg.run(i, k, c, after_each=False) for i, (k, c) in enumerate(cases.items(), 1)]
    status, answers = _serve(START, *runs, msg.stop())
    assert status == 0
    assert answers[1:] == [
        msg.result(i, orjson.loads(orjson.dumps(reference_output(k, c))))
        for i, (k, c) in enumerate(cases.items(), 1)
    ]


def test_serve_errors_on_a_run_before_start_and_keeps_going():
    """A run before start is answered errored with its seq, and a later start still gets ready."""
    status, answers = _serve(msg.run(7, "reduce", _reduce_case(), after_each=False), START)
    assert status == 0
    assert answers[0] == msg.errored("run before start", 7)
    assert answers[1]["type"] == "ready"


def test_serve_errors_on_a_run_of_a_kind_not_started_and_keeps_going():
    """A run of a kind the start did not take is answered errored with its seq, once; the
    next run of a started kind still gets its result."""
    start = msg.start(["judge"], ALL_CHECKS)
    status, answers = _serve(
        start, msg.run(3, "reduce", _reduce_case(), after_each=False), START, msg.stop()
    )
    assert status == 0
    assert len(answers) == 3
    assert answers[1] == msg.errored("kind 'reduce' was not started", 3)
    assert answers[2]["type"] == "ready"


def test_serve_answers_a_failing_case_errored_and_keeps_running():
    """A case the reference cannot run is errored with the error's type and text; the next case still gets a result."""
    bad = msg.run(1, "pairing", {"operation": "sort", "input": []}, after_each=False)
    good = msg.run(2, "reduce", _reduce_case(), after_each=False)
    _, answers = _serve(START, bad, good)
    assert answers[1]["type"] == "errored"
    assert answers[1]["seq"] == 1
    assert answers[1]["message"].startswith("UsageError: unknown pairing operation 'sort'")
    assert answers[2]["type"] == "result"
    assert answers[2]["seq"] == 2


def test_serve_answers_unreadable_and_invalid_lines_errored():
    """A non-JSON line is errored without seq; a run with a bad kind is errored with its seq; both name the fault."""
    bad_kind = {"type": "run", "seq": 4, "kind": "fold", "case": {}, "after_each": False}
    _, answers = _serve(START, b"{not json\n", bad_kind)
    assert "seq" not in answers[1]
    assert answers[1]["message"].startswith("invalid protocol message: not JSON (")
    assert answers[1]["message"].endswith(") @ $")
    assert answers[2] == {
        "type": "errored",
        "seq": 4,
        "message": "invalid request: expected one of ['reduce', 'judge', 'envelope', 'pairing'],"
        " got 'fold' @ $.kind",
    }


def test_every_problem_of_an_invalid_request_is_named_in_order():
    """A request with two faults is one errored answer naming both, joined by '; '."""
    bad = {"type": "run", "seq": 5, "kind": "fold", "case": {}, "after_each": "no"}
    _, answers = _serve(START, bad)
    assert answers[1] == {
        "type": "errored",
        "seq": 5,
        "message": "invalid request: expected one of ['reduce', 'judge', 'envelope', 'pairing'],"
        " got 'fold' @ $.kind; expected a boolean, got a string @ $.after_each",
    }


def test_serve_stops_at_stop_and_answers_nothing_after_it():
    """Stop ends serving with status 0 and no answer; lines after it are never read."""
    status, answers = _serve(
        START, msg.stop(), msg.run(1, "reduce", _reduce_case(), after_each=False)
    )
    assert status == 0
    assert [a["type"] for a in answers] == ["ready"]


def test_serve_rejects_an_unknown_break_mode():
    """An unknown break mode is refused before anything is read."""
    with pytest.raises(ValueError, match="unknown break mode 'melt'"):
        serve(io.BytesIO(), io.BytesIO(), break_mode="melt")


@given(
    st.lists(
        st.tuples(
            st.sampled_from(ALL_KINDS),
            st.dictionaries(
                st.sampled_from(["events", "input", "from", "kind", "operation", "options", "x"]),
                st.recursive(
                    st.none()
                    | st.booleans()
                    | st.integers(-(2**63), 2**63 - 1)
                    | st.text(max_size=5),
                    lambda inner: (
                        st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=4), inner, max_size=3)
                    ),
                    max_leaves=8,
                ),
                max_size=4,
            ),
        ),
        max_size=6,
    )
)
def test_serve_answers_every_run_once_with_its_seq_whatever_the_case(
    runs: list[tuple[str, dict[str, Any]]],
):
    """Whatever junk a case holds, each run gets exactly one valid answer echoing its seq, and serving ends with status 0."""
    requests = [msg.run(i, k, c, after_each=False) for i, (k, c) in enumerate(runs, 1)]
    status, answers = _serve(START, *requests, msg.stop())
    assert status == 0
    assert answers[0]["type"] == "ready"
    assert [a["seq"] for a in answers[1:]] == list(range(1, len(runs) + 1))
    for answer in answers[1:]:
        assert msg.message_problems(answer, types=("result", "errored")) == []


# -- break modes ---------------------------------------------------------------

_BREAK_CASES = {
    "message": ("reduce", "reduce/must/text-and-thinking.json", None, "message"),
    "diagnostics": ("reduce", "reduce/must/unknown-block.json", None, "diagnostics"),
    "states": ("reduce", "reduce/must/unknown-block.json", None, "states"),
    "verdicts": ("judge", "judge/must/rules.json", 0, "verdicts"),
    "pairing": ("pairing", "pairing/must/repair_openai.json", 0, "changed"),
    "envelope": ("envelope", "envelope/must/replay-duplicate.json", None, "lines"),
}


@pytest.mark.parametrize("mode", list(_BREAK_CASES))
def test_each_content_break_mode_spoils_exactly_its_comparison(mode: str):
    """Each content break mode makes the case fail on exactly the key it names, and nothing else."""
    kind, file, index, key = _BREAK_CASES[mode]
    document = orjson.loads((VECTORS / file).read_bytes())
    case = document["cases"][index] if index is not None else document
    after_each = "after_each" in case["expected"] if kind == "reduce" else False
    request = msg.run(1, kind, _request(case), after_each=after_each)
    _, good = _serve(START, request)
    _, broken = _serve(START, request, break_mode=mode)
    assert _mismatches(kind, case, good[1]["output"]) == []
    assert _mismatches(kind, case, broken[1]["output"]) == [key]


def test_pairing_break_mode_drops_a_check_violation():
    """On a check case the pairing break mode drops the last violation."""
    cases = orjson.loads((VECTORS / "pairing/must/check_openai.json").read_bytes())["cases"]
    case = next(c for c in cases if c["expected"]["violations"])
    _, broken = _serve(
        START, msg.run(1, "pairing", _request(case), after_each=False), break_mode="pairing"
    )
    assert _mismatches("pairing", case, broken[1]["output"]) == ["violations"]


def test_envelope_break_mode_changes_a_projection():
    """On a projection case the envelope break mode changes event_type."""
    case = orjson.loads((VECTORS / "envelope/must/projection-text-delta.json").read_bytes())
    _, broken = _serve(
        START, msg.run(1, "envelope", _request(case), after_each=False), break_mode="envelope"
    )
    assert _mismatches("envelope", case, broken[1]["output"]) == ["event_type"]


def test_skip_break_mode_skips_strict_cases_only():
    """The skip mode answers a strict reduce case skipped with a reason and still runs a lenient one."""
    strict = msg.run(1, "reduce", _reduce_case("should/strict-first-event.json"), after_each=False)
    lenient = msg.run(2, "reduce", _reduce_case(), after_each=False)
    _, answers = _serve(START, strict, lenient, break_mode="skip")
    assert answers[1] == msg.skipped(1, "no strict mode")
    assert answers[2]["type"] == "result"


@pytest.mark.parametrize(("mode", "third"), [("garbage", b"this line is not JSON"), ("seq", b"4")])
def test_misbehaving_modes_act_on_the_third_run_only(mode: str, third: bytes):
    """Garbage and seq modes answer runs 1, 2 and 4 correctly and spoil run 3 only."""
    runs = [msg.run(i, "reduce", _reduce_case(), after_each=False) for i in range(1, 5)]
    out = io.BytesIO()
    serve(io.BytesIO(b"".join(msg.encode(r) for r in [START, *runs])), out, break_mode=mode)
    lines = out.getvalue().splitlines()
    assert [orjson.loads(lines[i])["seq"] for i in (1, 2, 4)] == [1, 2, 4]
    if mode == "garbage":
        assert lines[3] == third
    else:
        assert orjson.loads(lines[3])["seq"] == 4


# -- the command ---------------------------------------------------------------


def test_adapter_command_serves_and_exits_0():
    """The adapter command answers start and a run on stdout, nothing else, and exits 0 after stop."""
    stdin = b"".join(
        msg.encode(m)
        for m in (START, msg.run(1, "reduce", _reduce_case(), after_each=False), msg.stop())
    )
    done = subprocess.run(ADAPTER, input=stdin, capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answers = [orjson.loads(line) for line in done.stdout.splitlines()]
    assert [a["type"] for a in answers] == ["ready", "result"]
    assert answers[1]["output"] == orjson.loads(
        orjson.dumps(reference_output("reduce", _reduce_case()))
    )


def test_adapter_help_documents_every_break_mode():
    """The adapter command's help names every break mode with its description."""
    done = subprocess.run(
        [*ADAPTER, "--help"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0
    for mode in BREAK_MODES:
        assert f"  {mode} " in done.stdout
    bad = subprocess.run(
        [*ADAPTER, "--break", "melt"], capture_output=True, text=True, timeout=60, check=False
    )
    assert bad.returncode == 2
    assert "melt" in bad.stderr


def test_the_reference_names_its_installed_version_or_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ready`` carries the installed distribution's version; without one, ``"unknown"``."""
    from importlib import metadata

    from streamspec.conform import _adapter

    assert IMPLEMENTATION["version"] == metadata.version("streamspec")

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert _adapter._version() == "unknown"
