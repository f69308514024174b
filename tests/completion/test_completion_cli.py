"""``streamspec judge`` on the bundled example, AgentScope streams and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from streamspec._errors import UsageError
from streamspec._resources import example_path, spec_dir
from streamspec.cli._judge import judge
from streamspec.completion import judge as judge_events
from streamspec.completion._vectors import load_vector_file

SEED = load_vector_file(spec_dir() / "vectors" / "judge" / "must" / "seed002.json")["cases"]
AS = {
    c["id"]: c
    for c in load_vector_file(spec_dir() / "vectors" / "judge" / "must" / "agentscope.json")[
        "cases"
    ]
}


def _run(*args: str, stdin: bytes | None = None) -> tuple[int, list[dict[str, object]] | None, str]:
    result = CliRunner().invoke(judge, list(args), input=stdin)
    out = json.loads(result.stdout) if result.stdout.strip() else None
    return result.exit_code, out, result.stderr


def test_bundled_example_gives_the_six_seed_verdicts() -> None:
    """With no FILE, judge prints seed 002's six verdicts, scenario i keyed 'i.1'."""
    code, out, err = _run()
    assert code == 0 and err == ""
    expected = [dict(case["expected"][0], key=f"{i}.1") for i, case in enumerate(SEED, start=1)]
    assert out == expected


@pytest.mark.parametrize(
    ("example", "case"),
    [
        ("judge-2.0.11.jsonl", "agentscope-2.0.11"),
        ("judge-2.0.3.jsonl", "agentscope-2.0.3"),
        ("judge-cut-off.jsonl", "agentscope-cut-off"),
    ],
)
def test_agentscope_examples(example: str, case: str) -> None:
    """Each bundled AgentScope example is detected as AgentScope and judged as its vector says."""
    code, out, err = _run(str(example_path(f"agentscope/{example}")))
    assert (code, err) == (0, "")
    assert out == AS[case]["expected"]


def test_stdin_and_explicit_source() -> None:
    """'-' reads stdin; --from muse overrides detection."""
    lines = (
        b'{"type":"assistant/chunk",'
        b'"data":{"turn":2,"step":3,"chunk":{"type":"text","text":"hi"}}}\n'
    )
    code, out, _ = _run("-", "--from", "muse", stdin=lines)
    assert code == 0 and out is not None
    assert [(v["key"], v["terminal_state"], v["final_text"]) for v in out] == [
        ("2.3", "no_completion_basis", "hi")
    ]


def test_unknown_records_warn_and_do_not_crash() -> None:
    """Unknown muse records and AgentScope types are stderr warnings; exit 0, verdicts printed."""
    muse = (
        b'{"type":"turn/start","data":{"turn":1}}\n'
        b'{"type":"assistant/chunk","data":{"turn":1,"step":1,'
        b'"chunk":{"type":"finish","reason":{"kind":"stop"}}}}\n'
    )
    code, out, err = _run("-", stdin=muse)
    assert code == 0 and out is not None and out[0]["finish_reason"] == "stop"
    assert err == "1: unknown_record: unknown muse record type 'turn/start'; kept, no effect\n"
    agentscope = (
        b'{"type":"MODEL_CALL_START","reply_id":"r","model_name":"m"}\n'
        b'{"type":"BRAND_NEW","reply_id":"r"}\nnot json\n'
    )
    code, out, err = _run("-", stdin=agentscope)
    assert code == 0 and out is not None and len(out) == 1
    assert (
        err.splitlines()[0]
        == "2: unknown_event_type: unknown AgentScope event type 'BRAND_NEW'; kept, no effect"
    )
    assert err.splitlines()[1].startswith("3: unreadable_line: not JSON")


def test_empty_input_is_an_empty_array() -> None:
    """Input with no records judges nothing: [] and exit 0."""
    assert _run("-", stdin=b"\n\n")[:2] == (0, [])


def _subprocess(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    code = "from streamspec.cli._judge import judge; judge()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], input=stdin, capture_output=True, check=False
    )


def test_a_bad_first_line_is_unreadable_like_elsewhere() -> None:
    """A first record that is not JSON is an unreadable_line, as in every other command; exit 0."""
    done = _subprocess("-", stdin=b"\nnot json\n")
    assert done.returncode == 0 and done.stdout == b"[]\n"
    assert done.stderr.decode().startswith("2: unreadable_line:")
    assert "Traceback" not in done.stderr.decode()


def test_unknown_lower_case_type_is_read_as_agentscope() -> None:
    """auto reads an unknown lower-case type as an AgentScope unknown event: a warning, exit 0."""
    done = _subprocess("-", stdin=b'\n{"type":"lowercase"}\n')
    assert done.returncode == 0 and done.stdout == b"[]\n"
    assert done.stderr.decode().startswith("2: unknown_event_type:")


def test_unopenable_file_exits_2(tmp_path: Path) -> None:
    """A file that cannot be opened exits 2 with nothing on stdout."""
    done = _subprocess(str(tmp_path / "missing.jsonl"))
    assert done.returncode == 2 and done.stdout == b""


def test_judge_rejects_non_events() -> None:
    """judge() raises UsageError naming, in JSON's words, what a non-event item is."""
    with pytest.raises(UsageError, match="judge takes events, got object"):
        judge_events([{"type": "TEXT_BLOCK_DELTA"}])  # type: ignore[list-item]
