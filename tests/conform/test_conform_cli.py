"""``streamspec conform`` end to end against the reference adapter, its break modes and fake programs."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner, Result
from streamspec.cli._conform import conform
from streamspec.conform._vectors import load_cases

ADAPTER = f"{shlex.quote(sys.executable)} -m streamspec.cli._adapter"
ALL = list(load_cases())


def _conform(*args: str) -> Result:
    return CliRunner().invoke(conform, list(args), catch_exceptions=False)


def _report(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_reference_adapter_passes_every_vector(tmp_path: Path):
    """The installed command run against the reference adapter passes all cases, exits 0 and ends with the closing line."""
    done = subprocess.run(
        [sys.executable, "-m", "streamspec", "conform", "--program", ADAPTER],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == f"{len(ALL)} passed, 0 failed"
    assert "reduce checks compared: message, diagnostics, states" in lines
    groups = Counter(f"{c.kind}/{c.level}" for c in ALL)
    for group, count in groups.items():
        assert f"{group}: {count} passed, 0 failed, 0 errored, 0 skipped" in lines
    assert not [line for line in lines if line.startswith(("FAILED", "ERRORED"))]
    assert done.stderr == ""


#: Each output-breaking mode: the kind whose cases fail and the path every difference lies under.
BREAKS = {
    "message": ("reduce", ("$.output.message", "$.output.after_each")),
    "diagnostics": ("reduce", ("$.output.diagnostics",)),
    "states": ("reduce", ("$.output.states",)),
    "verdicts": ("judge", ("$.output.verdicts",)),
    "pairing": ("pairing", ("$.output.changed", "$.output.violations")),
    "envelope": ("envelope", ("$.output.lines", "$.output.outputs", "$.output.event_type")),
}


@pytest.mark.parametrize("mode", sorted(BREAKS))
def test_each_break_mode_fails_the_right_check(mode: str, tmp_path: Path):
    """A broken adapter exits 1, and every failed case is of the broken kind and differs under the broken key."""
    kind, prefixes = BREAKS[mode]
    report = tmp_path / "report.jsonl"
    result = _conform(
        "--program", f"{ADAPTER} --break {mode}", "--level", "should", "--level", "may",
        "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 1
    rows = _report(report)
    failed = [row for row in rows if row["outcome"] == "failed"]
    assert failed
    assert {row["kind"] for row in failed} == {kind}
    assert all(row["difference"]["path"].startswith(prefixes) for row in failed), failed[:3]
    assert {row["outcome"] for row in rows} == {"passed", "failed"}
    last = result.stdout.splitlines()[-1]
    assert last == f"{len(rows) - len(failed)} passed, {len(failed)} failed"
    first = next(line for line in result.stdout.splitlines() if line.startswith("FAILED"))
    assert first.startswith(
        f"FAILED {failed[0]['file']}#{failed[0]['name']}: at {failed[0]['difference']['path']}: expected "
    )


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("crash", "exited with status 3"),
        ("garbage", "unreadable answer line"),
        ("seq", "answer seq "),
    ],
)
def test_a_misbehaving_program_errors_those_cases_and_the_run_goes_on(
    mode: str, words: str, tmp_path: Path
):
    """A crash, a garbage line or a wrong seq errors that case only; the restarted program answers the rest."""
    report = tmp_path / "report.jsonl"
    result = _conform(
        "--program", f"{ADAPTER} --break {mode}", "-k", "judge/should", "--report", str(report)
    )
    assert result.exit_code == 1
    rows = _report(report)
    errored = [row for row in rows if row["outcome"] == "errored"]
    # The adapter misbehaves on the third run of each process, then restarts.
    assert len(errored) == len(rows) // 3
    assert all(words in row["message"] for row in errored)
    assert Counter(row["outcome"] for row in rows) == {
        "passed": len(rows) - len(errored),
        "errored": len(errored),
    }
    assert (
        result.stdout.splitlines()[-1]
        == f"{len(rows) - len(errored)} passed, 0 failed, {len(errored)} errored"
    )


def test_a_hanging_program_times_out(tmp_path: Path):
    """A case the program never answers is errored 'timeout after S s' and later cases still pass."""
    report = tmp_path / "report.jsonl"
    result = _conform(
        "--program", f"{ADAPTER} --break hang", "-k", "judge/may/sources", "--timeout", "2",
        "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 1
    rows = _report(report)
    assert rows[2]["outcome"] == "errored"
    assert rows[2]["message"] == "timeout after 2 s"
    assert rows[3]["outcome"] == "passed"


def test_skipped_cases_are_counted_but_do_not_fail(tmp_path: Path):
    """An adapter without strict mode skips the strict cases with its reason and the run exits 0."""
    report = tmp_path / "report.jsonl"
    result = _conform(
        "--program", f"{ADAPTER} --break skip", "--kind", "reduce", "--report", str(report)
    )
    assert result.exit_code == 0
    skipped = [row for row in _report(report) if row["outcome"] == "skipped"]
    assert {row["reason"] for row in skipped} == {"no strict mode"}
    assert {row["level"] for row in skipped} == {"should"}
    assert result.stdout.splitlines()[-1].endswith(f" passed, 0 failed, {len(skipped)} skipped")


def test_a_skipped_case_listed_as_an_expected_failure_stays_skipped(tmp_path: Path):
    """The program's skip wins over the list: the case is skipped with the program's reason,
    never xfail, and the run exits 0."""
    report = tmp_path / "report.jsonl"
    listed = tmp_path / "xfail.txt"
    listed.write_text("reduce/should/strict-batch.json  no strict mode here\n", encoding="utf-8")
    result = _conform(
        "--program", f"{ADAPTER} --break skip", "--kind", "reduce", "--report", str(report),
        "--expected-failures", str(listed),
    )  # fmt: skip
    assert result.exit_code == 0, result.stdout
    rows = {f"{r['file']}#{r['name']}": r for r in _report(report)}
    listed_row = rows["reduce/should/strict-batch.json#strict-batch"]
    assert (listed_row["outcome"], listed_row["reason"]) == ("skipped", "no strict mode")
    assert not any(r["outcome"] == "xfail" for r in rows.values())


def test_report_lines_describe_every_case(tmp_path: Path):
    """The JSONL report has one line per case with the fixed keys, a difference for each failure."""
    report = tmp_path / "report.jsonl"
    began = time.perf_counter()
    result = _conform(
        "--program",
        f"{ADAPTER} --break states",
        "--kind",
        "reduce",
        "--level",
        "should",
        "--report",
        str(report),
    )
    took = time.perf_counter() - began
    assert result.exit_code == 1
    rows = _report(report)
    assert sum(row["seconds"] for row in rows) <= took
    cases = list(load_cases(kinds=["reduce"], levels=["should"]))
    assert [(r["file"], r["name"]) for r in rows] == [(c.file, c.name) for c in cases]
    for row in rows:
        assert {"kind", "level", "file", "name", "outcome", "compared", "seconds"} <= set(row)
        assert row["compared"] == ["message", "diagnostics", "states"]
        assert isinstance(row["seconds"], float)
        assert row["seconds"] >= 0
        if row["outcome"] == "failed":
            assert set(row["difference"]) == {"path", "expected", "actual"}
            assert row["difference"]["actual"] == "broken"
        else:
            assert "difference" not in row


def test_junit_has_a_suite_per_kind_and_level(tmp_path: Path):
    """The JUnit file parses, holds one testsuite per kind/level with counts that match its testcases."""
    junit = tmp_path / "junit.xml"
    result = _conform(
        "--program",
        f"{ADAPTER} --break pairing",
        "--kind",
        "pairing",
        "--kind",
        "judge",
        "--junit",
        str(junit),
    )
    assert result.exit_code == 1
    root = ElementTree.parse(junit).getroot()
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == [
        "judge/must", "judge/should", "judge/may", "pairing/must", "pairing/should", "pairing/may",
    ]  # fmt: skip
    total = 0
    for suite in suites:
        cases = suite.findall("testcase")
        assert int(suite.get("tests", "-1")) == len(cases)
        assert int(suite.get("failures", "-1")) == sum(c.find("failure") is not None for c in cases)
        assert suite.get("errors") == "0"
        assert suite.get("skipped") == "0"
        total += len(cases)
        if suite.get("name", "").startswith("judge"):
            assert suite.get("failures") == "0"
    failures = root.findall(".//failure")
    assert failures
    assert int(root.get("failures", "-1")) == len(failures)
    assert int(root.get("tests", "-1")) == total
    first = root.find(".//testcase[failure]")
    assert first is not None
    assert first.get("classname", "").startswith("pairing.")
    failure = first.find("failure")
    assert failure is not None
    assert failure.get("message", "").startswith("differs at $.output.")
    assert "expected:" in (failure.text or "")


@pytest.mark.parametrize(
    ("args", "keep"),
    [
        (["-k", "seed0"], lambda c: "seed0" in c.id.lower()),
        (["--kind", "envelope"], lambda c: c.kind == "envelope"),
        (["--level", "may"], lambda c: c.level == "may"),
        (["--tag", "invalid-field"], lambda c: "invalid-field" in c.tags),
        (
            ["--kind", "judge", "--level", "should", "-k", "decisions"],
            lambda c: c.kind == "judge" and c.level == "should",
        ),
    ],
)
def test_filters_select_exactly_the_named_cases(args: list[str], keep: Any, tmp_path: Path):
    """-k, --kind, --level and --tag run exactly the cases the loader selects for them."""
    report = tmp_path / "report.jsonl"
    result = _conform("--program", ADAPTER, "--report", str(report), *args)
    assert result.exit_code == 0, result.stdout
    want = [(c.file, c.name) for c in ALL if keep(c)]
    assert want
    assert [(r["file"], r["name"]) for r in _report(report)] == want
    assert result.stdout.splitlines()[-1] == f"{len(want)} passed, 0 failed"


def test_expected_failures_turn_failures_into_xfail_and_passes_into_xpass(tmp_path: Path):
    """A listed failing case is xfail (not failed); a listed passing case is xpass and fails the run; a stale entry is named."""
    listed = tmp_path / "xfail.txt"
    listed.write_text(
        "# the strict cases, as an implementation without strict mode lists them\n"
        "reduce/should/strict-batch.json  states are reported differently\n"
        "\n"
        "judge/must/rules.json#natural-finish-without-receipt  we judge this otherwise\n"
        "reduce/must/gone.json  no such file\n",
        encoding="utf-8",
    )
    report, junit = tmp_path / "report.jsonl", tmp_path / "junit.xml"
    result = _conform(
        "--program", f"{ADAPTER} --break states", "--kind", "reduce", "--kind", "judge",
        "--level", "should", "--level", "must", "-k", "r", "--report", str(report),
        "--expected-failures", str(listed), "--junit", str(junit),
    )  # fmt: skip
    rows = {f"{r['file']}#{r['name']}": r for r in _report(report)}
    xfail = rows["reduce/should/strict-batch.json#strict-batch"]
    assert xfail["outcome"] == "xfail"
    assert xfail["reason"] == "states are reported differently"
    assert "difference" in xfail
    xpass = rows["judge/must/rules.json#natural-finish-without-receipt"]
    assert xpass["outcome"] == "xpass"
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert (
        "XPASS judge/must/rules.json#natural-finish-without-receipt: listed as an expected failure (we judge this otherwise) but passed"
        in lines
    )
    assert "expected failure reduce/must/gone.json names no selected case" in lines
    counts = Counter(r["outcome"] for r in rows.values())
    assert lines[-1] == f"{counts['passed']} passed, {counts['failed'] + 1} failed, 1 xfail"
    # In JUnit an xpass is a failure and an xfail is skipped.
    suites = {s.get("name"): s for s in ElementTree.parse(junit).getroot().iter("testsuite")}
    for name, suite in suites.items():
        outcomes = Counter(r["outcome"] for key, r in rows.items() if key.startswith(f"{name}/"))
        assert suite.get("failures") == str(outcomes["failed"] + outcomes["xpass"]), name
        assert suite.get("skipped") == str(outcomes["skipped"] + outcomes["xfail"]), name
    assert suites["judge/must"].get("failures") == "1"
    assert suites["reduce/should"].get("skipped") == "1"


def test_an_expected_failure_without_a_reason_is_a_usage_error(tmp_path: Path):
    """An expected-failure line with no reason exits 2 naming the line, before any program starts."""
    listed = tmp_path / "xfail.txt"
    listed.write_text("reduce/must/seed000.json\n", encoding="utf-8")
    result = _conform("--program", "no-such-program", "--expected-failures", str(listed))
    assert result.exit_code == 2
    assert f"{listed}:1: reduce/must/seed000.json needs a reason after it" in result.stderr
    assert result.stdout == ""


def test_every_bad_expected_failure_line_is_named_at_once(tmp_path: Path):
    """A line without a reason and an entry listed twice are each named by file and line, in one
    message, before any program starts; comments and blank lines are skipped."""
    listed = tmp_path / "xfail.txt"
    listed.write_text(
        "# known\n\nreduce/must/seed000.json slow\njudge/must\nreduce/must/seed000.json again\n",
        encoding="utf-8",
    )
    result = _conform("--program", "no-such-program", "--expected-failures", str(listed))
    assert result.exit_code == 2
    assert (
        f"{listed}:4: judge/must needs a reason after it; "
        f"{listed}:5: reduce/must/seed000.json is listed twice"
    ) in result.stderr
    assert result.stdout == ""


FAKE = textwrap.dedent(
    """
    import json, sys
    from streamspec.conform._reference import reference_output

    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "start":
            answer = {"type": "ready", "protocol": 1, "kinds": ["reduce", "judge"], "checks": ["message"],
                      "implementation": {"name": "fake", "version": "0", "language": "python"}}
        elif request["type"] == "run":
            output = reference_output(request["kind"], request["case"], after_each=request["after_each"], checks=["message"])
            answer = {"type": "result", "seq": request["seq"], "output": output}
        else:
            break
        print(json.dumps(answer), flush=True)
    """
)


def test_unsupported_kinds_are_skipped_and_left_out_checks_are_named(tmp_path: Path):
    """Kinds missing from ready are skipped 'kind not supported' and reduce checks left out are named, not failed."""
    script = tmp_path / "fake.py"
    script.write_text(FAKE, encoding="utf-8")
    report = tmp_path / "report.jsonl"
    result = _conform(
        "--program", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}",
        "--level", "may", "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.stdout
    rows = _report(report)
    skipped = [r for r in rows if r["outcome"] == "skipped"]
    assert {r["kind"] for r in skipped} == {"envelope", "pairing"}
    assert {r["reason"] for r in skipped} == {"kind not supported"}
    assert {tuple(r["compared"]) for r in rows if r["kind"] == "reduce"} == {("message",)}
    lines = result.stdout.splitlines()
    assert "implementation: fake 0 (python)" in lines
    assert "envelope: not supported by the implementation; its cases were skipped" in lines
    assert "reduce checks compared: message" in lines
    assert any(line.startswith("reduce checks not compared: diagnostics, states") for line in lines)
    passed = sum(r["outcome"] == "passed" for r in rows)
    assert lines[-1] == f"{passed} passed, 0 failed, {len(skipped)} skipped"


def test_a_program_that_cannot_start_is_a_one_line_error():
    """A missing command exits 2 with one error line on stderr naming it, and no traceback."""
    result = _conform("--program", "no-such-program-xyz --flag")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        "streamspec conform: error: the program could not start: no-such-program-xyz --flag: "
    )
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_a_program_refusing_the_protocol_is_a_one_line_error(tmp_path: Path):
    """A program answering start with errored exits 2 with its reason on one stderr line."""
    script = tmp_path / "refuse.py"
    script.write_text(
        'print(\'{"type": "errored", "message": "protocol 1 unknown"}\', flush=True)\n',
        encoding="utf-8",
    )
    result = _conform(
        "--program", f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}", "--kind", "judge"
    )
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert "refused start: protocol 1 unknown" in line


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--kind", "render"], "'render' is not one of"),
        (["--checks", "message,colour"], "unknown check colour"),
        (["-k", "no-case-has-this-name"], "no vector case matches the selection"),
        (["--timeout", "0"], "--timeout"),
    ],
)
def test_usage_errors_exit_2(args: list[str], words: str):
    """A bad option or an empty selection exits 2 with a message and runs nothing."""
    result = _conform("--program", ADAPTER, *args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stdout == ""


def test_a_malformed_vectors_folder_is_an_error(tmp_path: Path):
    """A --vectors folder with a broken file exits 2 naming the file and the problem's path."""
    bad = tmp_path / "judge" / "must" / "bad.json"
    bad.parent.mkdir(parents=True)
    bad.write_text(
        '{"cases": [{"from": "canonical", "input": [], "expected": []}]}', encoding="utf-8"
    )
    result = _conform("--program", ADAPTER, "--vectors", str(tmp_path))
    assert result.exit_code == 2
    assert "judge/must/bad.json: missing key id @ $.cases[0].id" in result.stderr


def test_checks_limit_what_is_offered_and_compared(tmp_path: Path):
    """--checks message offers only the message check, so a states-breaking adapter passes and the rest is named."""
    result = _conform(
        "--program",
        f"{ADAPTER} --break states",
        "--kind",
        "reduce",
        "--level",
        "should",
        "--checks",
        "message",
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "reduce checks compared: message" in lines
    assert lines[-1] == "4 passed, 0 failed"


def test_help_names_each_file_option_s_value_file():
    """``--report``, ``--junit`` and ``--expected-failures`` take a FILE, and help says so."""
    result = _conform("--help")
    assert result.exit_code == 0
    for option in ("--report", "--junit", "--expected-failures"):
        assert f"{option} FILE" in result.output, result.output


def test_a_report_to_dash_goes_to_stdout_before_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """``--report -`` writes the report's JSON lines on stdout, one per case run, before the
    closing line; no file named ``-`` is made."""
    monkeypatch.chdir(tmp_path)
    case = ALL[0]
    result = _conform("--program", ADAPTER, "-k", f"{case.file}#{case.name}", "--report", "-")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [(row["file"], row["name"], row["outcome"]) for row in rows] == [
        (c.file, c.name, "passed")
        for c in ALL
        if f"{case.file}#{case.name}" in f"{c.file}#{c.name}"
    ]
    assert result.stdout.splitlines()[-1] == f"{len(rows)} passed, 0 failed"
    assert list(tmp_path.iterdir()) == []
