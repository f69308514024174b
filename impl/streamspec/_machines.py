"""The reply machines at run time: compiled tables, routing and rejection codes.

Rules:

1. Each event kind drives the machines ``spec/routing.json`` lists for it. An
   event is legal iff every one of them has a row for it from its current
   state; a machine whose table never mentions the event ignores it.
2. A batch event (confirmations, external execution) is judged item by item;
   the reply machine judges the event as a whole.
3. A rejected event gets the code of the first ``spec/violations.json`` entry
   that matches (machine, state, event); anything else is
   ``illegal_transition``.

This module knows the tables and nothing about what the events carry; the
reducer supplies the payload that guards read.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from streamspec._diagnostics import Code
from streamspec._resources import load_spec_json
from streamspec._tables import CompiledMachine, MachineSpec, compile_machine, load_machines

__all__ = [
    "COMPILED",
    "MACHINES",
    "ROUTES",
    "BlockState",
    "EventKind",
    "ReplyState",
    "Route",
    "ToolCallState",
    "ToolResultState",
    "end_of_input_code",
    "match_rejection",
    "rejection_code",
]


class ReplyState(enum.Enum):
    """States of the reply machine."""

    #: The reply exists; no REPLY_START seen yet.
    OPEN = "open"
    #: REPLY_START was seen.
    STARTED = "started"
    #: REPLY_END was seen; every later event is a violation.
    ENDED = "ended"


class BlockState(enum.Enum):
    """States of the content block machine (text, thinking, data, hint)."""

    #: No block with this id was started.
    ABSENT = "absent"
    #: Started; deltas are arriving.
    OPEN = "open"
    #: Ended; no further input is legal.
    CLOSED = "closed"


class ToolCallState(enum.Enum):
    """States of the tool call machine."""

    #: No call with this id was started.
    ABSENT = "absent"
    #: Started; input deltas are arriving (wire ``pending``).
    STREAMING = "streaming"
    #: Input ended (wire ``pending``).
    READY = "ready"
    #: Waiting for the user's confirmation (wire ``asking``).
    ASKING = "asking"
    #: Confirmed (wire ``allowed``).
    ALLOWED = "allowed"
    #: Denied; settled (wire ``finished``).
    DENIED = "denied"
    #: Handed to an external executor (wire ``submitted``).
    SUBMITTED = "submitted"
    #: The external result arrived; final (wire ``submitted``).
    RESOLVED_EXTERNALLY = "resolved_externally"
    #: Its result ended; final (wire ``finished``).
    FINISHED = "finished"


class ToolResultState(enum.Enum):
    """States of the tool result machine."""

    #: No result for this call yet.
    ABSENT = "absent"
    #: The result started (wire ``running``).
    RUNNING = "running"
    #: The result ended; final.
    ENDED = "ended"


class EventKind(enum.Enum):
    """Every event kind of the reply vocabulary (AgentScope's types, lower-cased)."""

    REPLY_START = "reply_start"
    REPLY_END = "reply_end"
    MODEL_CALL_START = "model_call_start"
    MODEL_CALL_END = "model_call_end"
    TEXT_BLOCK_START = "text_block_start"
    TEXT_BLOCK_DELTA = "text_block_delta"
    TEXT_BLOCK_END = "text_block_end"
    DATA_BLOCK_START = "data_block_start"
    DATA_BLOCK_DELTA = "data_block_delta"
    DATA_BLOCK_END = "data_block_end"
    THINKING_BLOCK_START = "thinking_block_start"
    THINKING_BLOCK_DELTA = "thinking_block_delta"
    THINKING_BLOCK_END = "thinking_block_end"
    HINT_BLOCK = "hint_block"
    TOOL_CALL_START = "tool_call_start"
    TOOL_CALL_DELTA = "tool_call_delta"
    TOOL_CALL_END = "tool_call_end"
    TOOL_RESULT_START = "tool_result_start"
    TOOL_RESULT_TEXT_DELTA = "tool_result_text_delta"
    TOOL_RESULT_DATA_DELTA = "tool_result_data_delta"
    TOOL_RESULT_END = "tool_result_end"
    EXCEED_MAX_ITERS = "exceed_max_iters"
    REQUIRE_USER_CONFIRM = "require_user_confirm"
    REQUIRE_EXTERNAL_EXECUTION = "require_external_execution"
    USER_CONFIRM_RESULT = "user_confirm_result"
    USER_INTERRUPT = "user_interrupt"
    EXTERNAL_EXECUTION_RESULT = "external_execution_result"
    CUSTOM = "custom"


#: The enum that names each machine's states, for tests and tools.
STATE_ENUMS: Final[Mapping[str, type[enum.Enum]]] = {
    "reply": ReplyState,
    "block": BlockState,
    "tool_call": ToolCallState,
    "tool_result": ToolResultState,
}


@attrs.frozen(kw_only=True)
class Route:
    """One machine an event kind drives.

    Attributes:
        machine: the machine's name.
        event: the machine input the event becomes.
        key: the field (dotted inside a batch item) naming the machine instance.
        scope: separates block kinds that share one machine (text, thinking, ...).
        items: the list a batch event carries, judged item by item.
    """

    machine: str
    event: str
    key: str | None = None
    scope: str | None = None
    items: str | None = None
    #: ``key`` split at its dots, once.
    path: tuple[str, ...] = attrs.field(init=False, repr=False, eq=False)

    @path.default
    def _split_key(self) -> tuple[str, ...]:
        return tuple((self.key or "").split("."))

    def key_of(self, payload: Mapping[str, Any]) -> str:
        """Return the instance id named by ``key`` inside ``payload``."""
        node: Any = payload
        for step in self.path:
            node = node[step]
        return str(node)


def _load_routes() -> Mapping[str, tuple[Route, ...]]:
    raw = load_spec_json("routing.json")["routes"]
    return {kind: tuple(Route(**route) for route in routes) for kind, routes in raw.items()}


#: Every machine, as loaded from ``spec/machines``.
MACHINES: Final[Mapping[str, MachineSpec]] = load_machines()
#: Every machine compiled for lookups.
COMPILED: Final[Mapping[str, CompiledMachine]] = {
    name: compile_machine(spec) for name, spec in MACHINES.items()
}
#: ``event kind -> routes``.
ROUTES: Final[Mapping[str, tuple[Route, ...]]] = _load_routes()


def match_rejection(
    violations: Sequence[Mapping[str, Any]],
    machine: str,
    state: str,
    event: str,
    *,
    guard_unmatched: bool,
) -> str:
    """Return the code ``violations`` (``spec/violations.json``) gives a rejected triple.

    The first entry whose ``when`` matches (machine, state, event) wins;
    ``guard_unmatched`` entries match only pairs that have rows none of whose
    guards held. Anything else is ``illegal_transition``.
    """
    for violation in violations:
        for entry in violation.get("when", ()):
            if (
                entry.get("machine", violation["machine"]) == machine
                and bool(entry.get("guard_unmatched")) == guard_unmatched
                and ("*" in entry["states"] or state in entry["states"])
                and ("*" in entry["events"] or event in entry["events"])
            ):
                return str(violation["code"])
    return Code.ILLEGAL_TRANSITION.value


_VIOLATIONS: Final = tuple(load_spec_json("violations.json")["violations"])
_AT_END: Final[Mapping[str, str]] = {
    v["machine"]: v["code"] for v in _VIOLATIONS if v.get("at_end") and v["machine"] is not None
}


def rejection_code(machine: str, state: str, event: str) -> str:
    """Return the code of a rejected (machine, state, event)."""
    guard_unmatched = COMPILED[machine].has_pair(state, event)
    return match_rejection(_VIOLATIONS, machine, state, event, guard_unmatched=guard_unmatched)


def end_of_input_code(machine: str) -> str:
    """Return the code for an instance of ``machine`` still open at end of input."""
    return _AT_END.get(machine, Code.OPEN_AT_END.value)
