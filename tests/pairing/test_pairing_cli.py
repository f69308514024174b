"""``streamspec pairing check|repair``: stdout carries only the result;
exit codes follow the contract."""

from __future__ import annotations

import orjson
from click.testing import CliRunner
from streamspec._resources import example_path
from streamspec.cli._main import main
from streamspec.pairing import summarize

HISTORY = [
    {"role": "assistant", "content": None, "tool_calls": [{"id": "a"}, {"id": "b"}]},
    {"role": "user", "content": "hi"},
    {"role": "tool", "tool_call_id": "a", "content": "r"},
]


def run(args, stdin=None):
    return CliRunner().invoke(main, ["pairing", *args], input=stdin)


def repair_split_calls(report):
    """Repair the bundled split-parallel-calls body, the report written to ``report``."""
    example = str(example_path("pairing/split_parallel_calls.json"))
    return run(["repair", example, "--dialect", "deepseek-strict", "--report", str(report)])


def test_check_prints_violations_and_exits_1():
    """check prints a JSON array of {index, rule, message} and exits 1 when there are violations."""
    result = run(["check", "--dialect", "openai"], orjson.dumps(HISTORY))
    assert result.exit_code == 1
    violations = orjson.loads(result.stdout)
    assert [(v["index"], v["rule"]) for v in violations] == [
        (0, "missing_result"),
        (2, "stray_result"),
    ]
    assert all(set(v) == {"index", "rule", "message"} for v in violations)


def test_check_of_a_clean_body_prints_an_empty_array_and_exits_0():
    """A request body without violations gives [] and exit 0."""
    body = {"model": "m", "messages": [{"role": "user", "content": "x"}]}
    result = run(["check", "-", "--dialect", "anthropic"], orjson.dumps(body))
    assert result.exit_code == 0
    assert orjson.loads(result.stdout) == []


def test_repair_keeps_the_body_shape_and_writes_the_report_to_a_file(tmp_path):
    """repair of a body prints a body; --report receives the report and stdout nothing else."""
    report = tmp_path / "report.json"
    result = repair_split_calls(report)
    assert result.exit_code == 0
    document = orjson.loads(result.stdout)
    assert document["model"] == "deepseek-v4.1-flash"
    assert summarize(document["messages"]) == [
        "user(-)",
        "assistant(call_00_a,call_01_b)",
        "tool(call_00_a)",
        "tool(call_01_b)",
    ]
    assert orjson.loads(report.read_bytes())["actions"][0]["action"] == "merge"


def test_repair_reports_each_action_on_stderr_by_default():
    """Without --report each action is a LINE: CODE: message line on stderr; stdout holds the
    messages array alone."""
    result = run(
        ["repair", "--dialect", "openai", "--orphans", "placeholder"], orjson.dumps(HISTORY)
    )
    assert result.exit_code == 0
    assert summarize(orjson.loads(result.stdout)) == [
        "assistant(a,b)",
        "tool(a)",
        "tool(b)",
        "user(-)",
    ]
    assert result.stderr.splitlines() == [
        "2: move: result_to_call, call a, into message 0, now message 1 of the output",
        "0: placeholder: orphan_call, call b, now message 2 of the output",
    ]


def test_a_dropped_message_is_said_to_be_not_in_the_output():
    """A result for no call is dropped: its line names the call and says it is not in the
    output, and the placeholder-free output keeps the rest in order."""
    history = [
        {"role": "user", "content": "q"},
        {"role": "tool", "tool_call_id": "zz", "content": "r"},
        {"role": "assistant", "content": "ok"},
    ]
    result = run(["repair", "--dialect", "openai", "--orphans", "drop"], orjson.dumps(history))
    assert result.exit_code == 0
    assert summarize(orjson.loads(result.stdout)) == ["user(-)", "assistant(-)"]
    assert result.stderr.splitlines() == [
        "1: drop_message: orphan_result, call zz, not in the output"
    ]


def test_repair_exits_1_when_violations_remain():
    """A violation no enabled fix covers makes repair exit 1 and appear as unrepaired."""
    history = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "a"}]},
        {"role": "tool", "tool_call_id": "a", "content": "r"},
        {"role": "user", "content": "n"},
    ]
    result = run(["repair", "--dialect", "mistral"], orjson.dumps(history))
    assert result.exit_code == 1
    assert result.stderr.startswith("3: role_after_tool: ")
    assert result.stderr.rstrip().endswith("(left unrepaired; message 3 of the output)")
    bridged = run(["repair", "--dialect", "mistral", "--fix", "bridge"], orjson.dumps(history))
    assert bridged.exit_code == 0
    assert summarize(orjson.loads(bridged.stdout))[3] == "assistant(-)"


def test_usage_errors_exit_2_with_one_line():
    """Bad dialect, bad JSON, wrong shape, bad option or missing file: exit 2, one line."""
    cases = [
        (["check", "--dialect", "nope"], b"[]", "unknown dialect 'nope'"),
        (["check"], b"[]", "--dialect is required"),
        (["check", "--dialect", "openai"], b"{oops", "stdin is not JSON"),
        (["check", "--dialect", "openai"], b'{"model": "m"}', "neither a request body"),
        (["repair", "--dialect", "openai", "--fix", "magic"], b"[]", "unknown fix 'magic'"),
        (
            ["check", "/no/such/file.json", "--dialect", "openai"],
            None,
            "cannot open /no/such/file.json",
        ),
    ]
    for args, stdin, needle in cases:
        result = run(args, stdin)
        assert result.exit_code == 2, args
        assert result.stdout == ""
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert needle in lines[0]


def test_a_report_file_that_cannot_be_written_is_one_line_and_exit_2(tmp_path):
    """--report into a folder that does not exist names the file and why, in one line, exit 2;
    the repaired body is not printed."""
    report = tmp_path / "missing" / "report.json"
    result = repair_split_calls(report)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"Error: cannot open {report}: No such file or directory"]
    assert result.stdout == ""
    assert not report.exists()


def test_a_report_file_on_a_full_disk_names_the_report_not_stdout():
    """A write to the report that fails (``/dev/full``) names the report file, exit 2."""
    result = repair_split_calls("/dev/full")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["Error: cannot open /dev/full: No space left on device"]
    assert result.stdout == ""
