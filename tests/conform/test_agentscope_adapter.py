"""The AgentScope adapter speaks adapter protocol v1 over real AgentScope 2.0.11 and 2.0.3.

2.0.11 is the test environment's own AgentScope. The 2.0.3 tests run the
adapter as a script with the interpreter named by
``STREAMSPEC_AGENTSCOPE_203_PYTHON`` (``.ci/run`` builds one) and skip without it.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from streamspec.conform._compare import compare
from streamspec.conform._vectors import load_cases, request_case

ADAPTER = importlib.util.find_spec("streamspec.adapters.agentscope")
assert ADAPTER is not None and ADAPTER.origin is not None
PYTHON_203 = os.environ.get("STREAMSPEC_AGENTSCOPE_203_PYTHON") or None  # empty: unset
COMMANDS = {
    "2.0.11": [sys.executable, "-m", "streamspec.adapters.agentscope"],
    "2.0.3": [PYTHON_203 or "", ADAPTER.origin],
}
VERSIONS = [
    "2.0.11",
    pytest.param(
        "2.0.3",
        marks=pytest.mark.skipif(
            PYTHON_203 is None,
            reason="STREAMSPEC_AGENTSCOPE_203_PYTHON is unset (.ci/run sets it)",
        ),
    ),
]
START = {
    "type": "start",
    "protocol": 1,
    "kinds": ["reduce", "judge"],
    "checks": ["message", "states"],
}


class Adapter:
    """The adapter as a subprocess: one request line in, one answer line out."""

    def __init__(self, version: str) -> None:
        self.proc = subprocess.Popen(
            COMMANDS[version],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            encoding="utf-8",
        )

    def ask(self, request: Mapping[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, "the adapter closed its stdout"
        answer: dict[str, Any] = json.loads(line)
        return answer

    def stop(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.write('{"type": "stop"}\n')
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


@pytest.fixture(params=VERSIONS)
def adapter(request: pytest.FixtureRequest) -> Iterator[tuple[str, Adapter]]:
    program = Adapter(request.param)
    yield request.param, program
    if program.proc.poll() is None:
        program.proc.kill()
        program.proc.wait()


def _reduce(
    adapter: Adapter, case: Mapping[str, Any], *, after_each: bool = False
) -> dict[str, Any]:
    return adapter.ask(
        {"type": "run", "seq": 7, "kind": "reduce", "case": case, "after_each": after_each}
    )


def _seed000() -> Any:
    (seed,) = load_cases(kinds=["reduce"], substring="seed000")
    return seed


def test_handshake_names_agentscope_and_its_version(adapter: tuple[str, Adapter]) -> None:
    """The handshake names AgentScope and its installed version, and offers reduce with the message check only."""
    version, program = adapter
    ready = program.ask(START)
    assert ready == {
        "type": "ready",
        "protocol": 1,
        "implementation": {"name": "agentscope", "version": version, "language": "python"},
        "kinds": ["reduce"],
        "checks": ["message"],
    }
    assert program.stop() == 0


def test_seed000_against_real_agentscope(adapter: tuple[str, Adapter]) -> None:
    """Seed 000's events through real AgentScope give the seed's dump after every event (documented shape normalisations only)."""
    _, program = adapter
    seed = _seed000()
    program.ask(START)
    answer = _reduce(program, request_case(seed.case), after_each=True)
    assert answer["type"] == "result" and answer["seq"] == 7
    assert len(answer["output"]["after_each"]) == len(seed.case["events"]) == 39
    comparison = compare("reduce", seed.case, answer["output"], ["message"])
    assert comparison.passed, comparison.differences
    assert comparison.compared == ("message",)


def test_strict_case_is_skipped(adapter: tuple[str, Adapter]) -> None:
    """A strict case is skipped with the reason that AgentScope has no strict mode, and the adapter keeps serving."""
    _, program = adapter
    program.ask(START)
    case = {"options": {"reply_id": "r1", "strict": True}, "events": []}
    assert _reduce(program, case) == {
        "type": "skipped",
        "seq": 7,
        "reason": "AgentScope has no strict mode",
    }
    assert _reduce(program, {"options": {"reply_id": "r1"}, "events": []})["type"] == "result"


CUSTOM_CASE = {
    "options": {"reply_id": "r1"},
    "events": [
        {"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "b"},
        {"type": "CUSTOM", "name": "state_updated", "value": {}},
    ],
}


@pytest.mark.skipif(
    PYTHON_203 is None, reason="STREAMSPEC_AGENTSCOPE_203_PYTHON is unset (.ci/run sets it)"
)
def test_custom_event_errors_under_203_without_crashing() -> None:
    """Under 2.0.3 a CUSTOM event is errored with AgentScope's AttributeError, and the adapter answers the next case."""
    program = Adapter("2.0.3")
    program.ask(START)
    assert _reduce(program, CUSTOM_CASE) == {
        "type": "errored",
        "seq": 7,
        "message": "AttributeError: 'CustomEvent' object has no attribute 'reply_id'",
    }
    assert _reduce(program, {"options": {"reply_id": "r1"}, "events": []})["type"] == "result"
    assert program.stop() == 0


def test_custom_event_is_a_no_op_under_2011() -> None:
    """Under 2.0.11 a CUSTOM event leaves the message as it was."""
    program = Adapter("2.0.11")
    program.ask(START)
    answer = _reduce(program, CUSTOM_CASE)
    assert answer["type"] == "result"
    assert answer["output"]["message"]["content"] == [{"type": "text", "id": "b", "text": ""}]
    program.stop()


def test_wrong_protocol_is_errored_and_the_adapter_exits() -> None:
    """A start with another protocol version is answered errored and the adapter exits with a failure status."""
    program = Adapter("2.0.11")
    answer = program.ask({"type": "start", "protocol": 2, "kinds": ["reduce"], "checks": []})
    assert answer["type"] == "errored" and "protocol 2" in answer["message"]
    assert program.proc.wait(timeout=30) == 1


def test_other_kinds_are_skipped() -> None:
    """A kind AgentScope has no operation for is skipped with the kind named, echoing seq."""
    program = Adapter("2.0.11")
    program.ask(START)
    answer = program.ask(
        {"type": "run", "seq": 3, "kind": "judge", "case": {}, "after_each": False}
    )
    assert answer == {"type": "skipped", "seq": 3, "reason": "AgentScope has no judge operation"}
    program.stop()


def test_normalised_ids_and_times() -> None:
    """Generated tool-result sub-block ids are renamed, clock times are null, and hint items keep AgentScope's generated id."""
    from streamspec.adapters.agentscope import run_case

    events = [
        {"type": "TOOL_CALL_START", "reply_id": "r1", "tool_call_id": "c", "tool_call_name": "f"},
        {"type": "TOOL_CALL_END", "reply_id": "r1", "tool_call_id": "c"},
        {"type": "TOOL_RESULT_START", "reply_id": "r1", "tool_call_id": "c", "tool_call_name": "f"},
        {"type": "TOOL_RESULT_TEXT_DELTA", "reply_id": "r1", "tool_call_id": "c", "delta": "ok"},
        {
            "type": "TOOL_RESULT_DATA_DELTA",
            "reply_id": "r1",
            "tool_call_id": "c",
            "media_type": "image/png",
            "data": "YQ==",
        },
        {
            "type": "HINT_BLOCK",
            "reply_id": "r1",
            "block_id": "h",
            "hint": [{"type": "text", "text": "x"}],
        },
        {"type": "REPLY_END", "reply_id": "r1", "session_id": "s"},
    ]
    answer = run_case({"options": {"reply_id": "r1"}, "events": events})
    assert answer["type"] == "result"
    message = answer["output"]["message"]
    assert [sub["id"] for sub in message["content"][1]["output"]] == ["c#text-0", "c#data-0"]
    assert message["created_at"] is None and message["finished_at"] is None
    assert message["content"][2]["hint"][0]["id"].startswith("agentscope-id-")
    assert "created_at" not in message["content"][0] and "structured_output" not in message
    assert "finished_reason" not in message and "error" not in message


def test_the_adapter_runs_as_a_script_though_its_file_is_named_agentscope() -> None:
    """Run by its path (as the 2.0.3 interpreter runs it), its own folder does not shadow the
    agentscope package: the handshake names the installed AgentScope."""
    assert ADAPTER is not None and ADAPTER.origin is not None
    done = subprocess.run(
        [sys.executable, ADAPTER.origin],
        input=json.dumps(START) + '\n{"type": "stop"}\n',
        capture_output=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    ready = json.loads(done.stdout.splitlines()[0])
    assert ready["implementation"] == {
        "name": "agentscope",
        "version": importlib.metadata.version("agentscope"),
        "language": "python",
    }


def test_reset_factories_makes_ids_count_from_0_and_the_clock_fixed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After reset_factories AgentScope 2.0.11's messages get ids agentscope-id-0, -1, ...
    and the fixed clock; the process's own factories are restored afterwards."""
    common = pytest.importorskip("agentscope._utils._common")
    monkeypatch.setattr(common, "_id_factory", common._id_factory)
    monkeypatch.setattr(common, "_timestamp_factory", common._timestamp_factory)
    from agentscope.message import Msg
    from streamspec.adapters.agentscope import CLOCK, ID_PREFIX, reset_factories

    reset_factories()
    made = [Msg(name="a", role="assistant", content=[]) for _ in range(2)]
    assert [(m.id, m.created_at) for m in made] == [
        (f"{ID_PREFIX}0", CLOCK),
        (f"{ID_PREFIX}1", CLOCK),
    ]
