"""``check`` shows each reply's model-call verdicts, and verdicts never change its exit code."""

from __future__ import annotations

import io

import orjson
from click.testing import CliRunner
from streamspec._resources import example_path
from streamspec.check._render import render_report
from streamspec.check._run import check_lines
from streamspec.cli._main import main
from streamspec.sources import read_events

CUT_OFF = example_path("agentscope/judge-cut-off.jsonl")


def _check(*args: str) -> tuple[int, dict]:
    result = CliRunner().invoke(main, ["check", *args, "--format", "json"])
    return result.exit_code, orjson.loads(result.stdout)


def test_bundled_check_shows_two_calls_without_basis_and_exits_0() -> None:
    """Seed 000's stream has two MODEL_CALL_ENDs without finished_reason: two no-basis verdicts, exit 0."""
    code, report = _check()
    assert code == 0
    verdicts = report["replies"][0]["verdicts"]
    assert [(v["key"], v["terminal_state"], v["usage_state"]) for v in verdicts] == [
        ("1", "no_completion_basis", "known"),
        ("2", "no_completion_basis", "known"),
    ]


def test_a_cut_off_call_is_reported_but_does_not_fail_the_check() -> None:
    """A stream cut off mid-call shows its last call as no_completion_basis and still exits 0."""
    code, report = _check(str(CUT_OFF))
    assert code == 0
    assert report["summary"]["errors"] == 0
    last = report["replies"][0]["verdicts"][-1]
    assert last["terminal_state"] == "no_completion_basis"
    assert last["usage_state"] == "unknown"


def test_a3s_check_judges_each_turn_once() -> None:
    """Checked with --from a3s, the bundled a3s session has one completed verdict per turn."""
    code, report = _check(str(example_path("a3s/session.a3s.jsonl")), "--from", "a3s")
    assert code == 0
    verdicts = report["replies"][0]["verdicts"]
    assert [(v["key"], v["terminal_state"]) for v in verdicts] == [
        ("1", "completed"),
        ("2", "completed"),
        ("3", "completed"),
    ]
    assert verdicts[0]["usage"]["input_tokens"] == 120


def test_text_report_lists_the_verdicts() -> None:
    """The text report prints a model-call table with each call's terminal state."""
    result = CliRunner().invoke(main, ["check", str(CUT_OFF)])
    assert "model call" in result.stdout
    assert "no_completion_basis" in result.stdout


def test_a_report_s_findings_are_every_reply_s_and_every_unreadable_line_s_in_line_order() -> None:
    """``CheckReport.findings`` merges the unreadable lines with each reply's findings, by line;
    on one line an indexed finding comes before one at the end of input."""
    import io

    from streamspec.check import check_lines
    from streamspec.sources import read_events

    start = '{"type":"REPLY_START","reply_id":"%s","session_id":"s","name":"a","role":"assistant"}'
    delta = '{"type":"TEXT_BLOCK_DELTA","reply_id":"%s","block_id":"b","delta":"x"}'
    data = "\n".join(["not json", start % "r", delta % "r", start % "q", "[1]", delta % "q", ""])
    report = check_lines(read_events(io.BytesIO(data.encode())))
    assert [(f.line, f.diagnostic.code, f.diagnostic.index) for f in report.findings()] == [
        (1, "unreadable_line", None),
        (3, "unknown_block", 1),
        (5, "unreadable_line", None),
        (6, "unknown_block", 1),
        (6, "missing_reply_end", None),
        (6, "missing_reply_end", None),
    ]
    assert sorted(map(id, report.findings())) == sorted(
        map(id, [*report.unreadable, *(f for r in report.replies for f in r.findings)])
    )


def test_a_reply_known_by_no_id_is_headed_with_a_dash() -> None:
    """Events before any reply id (here one CUSTOM event) make a reply of their own, which the
    text report heads ``reply -``, as its machine table names it."""
    data = (
        b'{"type":"CUSTOM","id":"e","created_at":"2026-01-01T00:00:00","metadata":{},'
        b'"name":"n","value":{}}\n'
    )
    out = io.StringIO()
    render_report(check_lines(read_events(io.BytesIO(data))), out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "reply -"
    assert lines[2].split() == ["reply", "-", "open", "yes"]
