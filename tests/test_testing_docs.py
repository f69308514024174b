"""The AgentScope adapter shown in docs/testing.md is complete, short and works."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from streamspec import Reducer, decode_event
from streamspec.testing import run_against

pytest.importorskip("agentscope")

_DOC = Path(__file__).resolve().parents[1] / "docs" / "testing.md"
_STREAM: list[dict[str, Any]] = [
    {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "agent", "role": "user"},
    {"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "b0"},
    {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b0", "delta": "Hel"},
    {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b0", "delta": "lo"},
    {"type": "TEXT_BLOCK_END", "reply_id": "r1", "block_id": "b0"},
    {"type": "TOOL_CALL_START", "reply_id": "r1", "tool_call_id": "t0", "tool_call_name": "f"},
    {"type": "TOOL_CALL_DELTA", "reply_id": "r1", "tool_call_id": "t0", "delta": "{}"},
    {"type": "TOOL_CALL_END", "reply_id": "r1", "tool_call_id": "t0"},
]


def _adapter_source() -> str:
    text = _DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- adapter: agentscope -->\n```python\n(.*?)```", text, re.DOTALL)
    assert found, "docs/testing.md lost its AgentScope adapter block"
    return found.group(1)


def _adapter() -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "docs_adapter"}
    exec(compile(_adapter_source(), str(_DOC), "exec"), namespace)
    return namespace


def test_the_adapter_is_at_most_40_lines() -> None:
    """The documented adapter, blank lines and comments included, fits in 40 lines."""
    assert len(_adapter_source().splitlines()) <= 40


def test_the_adapter_folds_a_legal_stream_as_the_reducer_does() -> None:
    """Fed the same wire JSON, AgentScope through the adapter gives the reducer's message."""
    adapter = _adapter()["AgentScopeReply"](False)
    reducer = Reducer()
    for wire in _STREAM:
        assert adapter.apply(wire) == ()
        reducer.apply(decode_event(wire))
        assert adapter.to_dict() == reducer.to_dict()
    assert adapter.to_dict()["content"][0]["text"] == "Hello"
    assert adapter.to_dict()["role"] == "user"
    assert adapter.states() == {}


# AgentScope warns when it validates the deprecated EXCEED_MAX_ITERS event the machine may send.
@pytest.mark.filterwarnings("ignore:ExceedMaxItersEvent is deprecated:DeprecationWarning")
def test_the_machine_runs_the_adapter_and_only_compares() -> None:
    """The documented machine either passes or stops at a message difference, never a crash."""
    namespace = _adapter()
    assert namespace["TestAgentScope"].__qualname__ == "ReplyMachine.TestCase"
    few = settings(
        max_examples=10,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    try:
        run_against(
            namespace["AgentScopeReply"],
            options=True,
            finishes=False,
            checks={"message"},
            legal_only=True,
            wire=True,
            settings_=few,
        )
    except AssertionError as found:
        assert "message" in str(found)
