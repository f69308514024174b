"""Reading OpenAI-style chat messages: what counts as a call, a result, content.

Every other pairing module asks these questions through this one, so the
shape rules live in one place:

- A *message* is a JSON object (``dict``); anything else in ``messages`` is a
  non-object and passes through untouched.
- A *call message* is an ``assistant`` whose ``tool_calls`` is a non-empty
  list. Its *ids* are the non-empty string ``id`` values of its object entries.
- A *result* is a ``tool`` message; its id is its ``tool_call_id`` when that is
  a string (an empty id is not tool traffic: the seed pins that it passes
  through, since it cannot be paired by id).
- Content is *empty* when it is missing, ``null``, ``""`` or ``[]`` (the seed's
  ``emptyContent``); a non-empty array counts as content.

No dialect knowledge lives here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "call_entries",
    "call_ids",
    "empty_content",
    "entry_id",
    "is_call_message",
    "is_result",
    "result_id",
    "role_of",
    "summarize",
]


def role_of(message: Any) -> str | None:
    """Return the message's ``role`` when it is an object with a string role."""
    if isinstance(message, dict):
        role = message.get("role")
        if isinstance(role, str):
            return role
    return None


def empty_content(value: Any) -> bool:
    """Tell whether a ``content`` value is empty: missing, null, ``""`` or ``[]``."""
    if value is None:
        return True
    if isinstance(value, str | list):
        return len(value) == 0
    return False


def call_entries(message: Any) -> list[Any]:
    """Return the ``tool_calls`` list of an assistant message, or ``[]``."""
    if role_of(message) != "assistant":
        return []
    calls = message.get("tool_calls")
    return calls if isinstance(calls, list) else []


def entry_id(entry: Any) -> str:
    """Return a tool-call entry's id, or ``""`` when it has no string id."""
    if isinstance(entry, dict):
        ident = entry.get("id")
        if isinstance(ident, str):
            return ident
    return ""


def call_ids(message: Any) -> list[str]:
    """Return the non-empty call ids of a message, in declaration order."""
    return [ident for ident in (entry_id(e) for e in call_entries(message)) if ident]


def is_call_message(message: Any) -> bool:
    """Tell whether a message is tool traffic on the call side (one non-empty id)."""
    return bool(call_ids(message))


def is_result(message: Any) -> bool:
    """Tell whether a message is a ``tool`` message (whatever its id)."""
    return role_of(message) == "tool"


def result_id(message: Any) -> str:
    """Return a ``tool`` message's ``tool_call_id``, or ``""``."""
    if is_result(message):
        ident = message.get("tool_call_id")
        if isinstance(ident, str):
            return ident
    return ""


def summarize(messages: Sequence[Any]) -> list[str]:
    """Compress a history into the seed's notation, one string per message.

    An assistant with tool calls reads ``assistant(id1,id2)``, a tool result
    ``tool(id)``, a non-object ``<non-object>``, anything else ``role(-)``
    (the Go test's ``summarize``).

    Args:
        messages: the chat history.

    Returns:
        One summary string per message.
    """
    out: list[str] = []
    for message in messages:
        if not isinstance(message, dict):
            out.append("<non-object>")
            continue
        role = message.get("role")
        role = role if isinstance(role, str) else ""
        if role == "tool":
            ident = message.get("tool_call_id")
            out.append(f"tool({ident if isinstance(ident, str) else ''})")
            continue
        calls = message.get("tool_calls")
        ids = [entry_id(e) for e in calls if isinstance(e, dict)] if isinstance(calls, list) else []
        out.append(f"{role}({','.join(ids)})" if ids else f"{role}(-)")
    return out
