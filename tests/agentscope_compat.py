"""AgentScope's names for the few objects seed 000 builds, mapped onto streamspec.

With these, the seed's test body runs unchanged: ``Msg`` wraps a
:class:`streamspec.Reducer`, and the block helpers return the raw JSON objects
AgentScope's ``model_dump()`` gives for them.
"""

from __future__ import annotations

import enum
from typing import Any

from streamspec import Reducer

FIXED_CREATED_AT = "2026-01-01T11:59:00"


class ToolResultState(enum.StrEnum):
    SUCCESS = "success"
    ERROR = "error"
    INTERRUPTED = "interrupted"
    DENIED = "denied"
    RUNNING = "running"


def ToolCallBlock(*, id: str, name: str, input: str = "", state: str = "pending") -> dict[str, Any]:
    return {
        "type": "tool_call",
        "id": id,
        "name": name,
        "input": input,
        "state": state,
        "suggested_rules": [],
    }


def ConfirmResult(*, confirmed: bool, tool_call: dict[str, Any]) -> dict[str, Any]:
    return {"confirmed": confirmed, "tool_call": tool_call}


def ToolResultBlock(*, id: str, name: str, output: Any, state: str = "running") -> dict[str, Any]:
    return {
        "type": "tool_result",
        "id": id,
        "name": name,
        "output": output,
        "state": str(state),
        "metadata": {},
    }


class Msg:
    """``agentscope.message.Msg`` as far as seed 000 uses it."""

    def __init__(self, *, id: str, name: str, role: str, content: list[Any]) -> None:
        assert content == []
        self.created_at = FIXED_CREATED_AT
        self.reducer = Reducer(reply_id=id, name=name, role=role, created_at=self.created_at)

    def append_event(self, event: Any) -> Msg:
        self.reducer.apply(event)
        return self

    def model_dump(self) -> dict[str, Any]:
        return self.reducer.to_dict()


class AnyString:
    """Equal to any string (the seed's ``utils.AnyString``)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str)

    def __repr__(self) -> str:
        return "AnyString()"
