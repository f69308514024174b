"""The seed's three outbound pairing steps, exactly as seed 003 pins them.

Rules (from the seed's Go tests and the gateway they pin):

- ``merge_adjacent_tool_calls``: one left-to-right pass. *Form 1*: an
  assistant with non-empty ``tool_calls`` and empty content is absorbed into
  the previous output message when that is an assistant with non-empty
  ``tool_calls`` (calls appended in declaration order; only the absorbed
  message's content is judged). *Form 2*: an assistant with no ``tool_calls``
  key and a non-empty *string* content is folded into the previous assistant
  with non-empty ``tool_calls`` and empty content. Both carry
  ``reasoning_content`` over (``prev + "\\n" + cur``). Non-objects pass
  through; a non-object, like anything else between two messages, blocks their merge.
- ``repack_tool_result_blocks``: for each call message, collect the results
  whose ids it declares; non-tool messages seen *after* the first result are
  moved after the block. A non-tool message before the first result, a tool
  message with a foreign id, a non-object or the next call message ends the
  scan.
- ``cleanup_orphan_tool_calls``: set-based and position-blind. Calls and
  results are kept only when their id is on both sides; a batch is trimmed
  symmetrically, an emptied ``tool_calls`` key is deleted, an orphan result is
  removed. A history whose only ids are empty is not tool traffic.

Each returns ``(messages, changed)``; when nothing changed the input list
itself comes back. Inputs are never mutated: a changed message is a copy.
The position-aware, lossless pipeline is :func:`streamspec.pairing.repair`.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

import orjson

from streamspec import _json_exact
from streamspec.pairing._messages import call_entries, empty_content, entry_id, role_of

__all__ = [
    "absorb",
    "cleanup_orphan_tool_calls",
    "merge_adjacent_tool_calls",
    "merge_form",
    "merge_reasoning_content",
    "prepare_body",
    "repack_tool_result_blocks",
]

_Body = TypeVar("_Body", bytes, str)


def merge_reasoning_content(into: dict[str, Any], source: Any) -> None:
    """Carry ``source``'s ``reasoning_content`` into ``into`` (newline-joined)."""
    text = source.get("reasoning_content") if isinstance(source, dict) else None
    if not isinstance(text, str) or not text:
        return
    before = into.get("reasoning_content")
    if isinstance(before, str) and before:
        into["reasoning_content"] = before + "\n" + text
    else:
        into["reasoning_content"] = text


def merge_form(previous: Any, message: Any) -> str | None:
    """Tell how the seed's merge would absorb ``message`` into ``previous``.

    Returns:
        ``"split_calls"`` (form 1: back-to-back calls), ``"trailing_text"``
        (form 2: text folded into a text-less call message) or ``None``.
    """
    if role_of(message) != "assistant" or role_of(previous) != "assistant":
        return None
    if not call_entries(previous):
        return None
    calls = message.get("tool_calls")
    if isinstance(calls, list) and calls and empty_content(message.get("content")):
        return "split_calls"
    content = message.get("content")
    if (
        "tool_calls" not in message
        and isinstance(content, str)
        and content
        and empty_content(previous.get("content"))
    ):
        return "trailing_text"
    return None


def absorb(previous: dict[str, Any], message: dict[str, Any], form: str) -> dict[str, Any]:
    """Return a copy of ``previous`` with ``message`` merged in by ``form``."""
    merged = dict(previous)
    if form == "split_calls":
        merged["tool_calls"] = [*previous["tool_calls"], *message["tool_calls"]]
    else:
        merged["content"] = message["content"]
    merge_reasoning_content(merged, message)
    return merged


def merge_adjacent_tool_calls(messages: list[Any]) -> tuple[list[Any], bool]:
    """Merge back-to-back assistant tool-call messages into one (the seed's merge).

    Args:
        messages: an OpenAI-style chat history.

    Returns:
        ``(messages, changed)``; the input list itself when nothing changed.
    """
    if len(messages) < 2:
        return messages, False
    out: list[Any] = []
    changed = False
    for message in messages:
        form = merge_form(out[-1], message) if out else None
        if form is not None:
            out[-1] = absorb(out[-1], message, form)
            changed = True
            continue
        out.append(message)
    return (out, True) if changed else (messages, False)


def repack_tool_result_blocks(messages: list[Any]) -> tuple[list[Any], bool]:
    """Move messages wedged inside a result block to after it (the seed's repack).

    Args:
        messages: an OpenAI-style chat history.

    Returns:
        ``(messages, changed)``; the input list itself when nothing changed.
    """
    if len(messages) < 3:
        return messages, False
    out: list[Any] = []
    changed = False
    i = 0
    while i < len(messages):
        head = messages[i]
        calls = call_entries(head)
        out.append(head)
        i += 1
        if not calls:
            continue
        want = {ident for ident in (entry_id(c) for c in calls) if ident}
        results: list[Any] = []
        between: list[Any] = []
        while i < len(messages):
            message = messages[i]
            if not isinstance(message, dict):
                break
            role = role_of(message)
            if role == "tool":
                ident = message.get("tool_call_id")
                if not isinstance(ident, str) or ident not in want:
                    break
                results.append(message)
                changed = changed or bool(between)
                i += 1
                continue
            if not results:
                break
            if role == "assistant" and call_entries(message):
                break
            between.append(message)
            i += 1
        out.extend(results)
        out.extend(between)
    return (out, True) if changed else (messages, False)


def cleanup_orphan_tool_calls(messages: list[Any]) -> tuple[list[Any], bool]:
    """Drop calls and results whose id is missing on the other side (the seed's cleanup).

    Args:
        messages: an OpenAI-style chat history.

    Returns:
        ``(messages, changed)``; the input list itself when nothing changed.
    """
    call_ids: set[str] = set()
    result_ids: set[str] = set()
    for message in messages:
        role = role_of(message)
        if role == "tool":
            ident = message.get("tool_call_id")
            if isinstance(ident, str) and ident:
                result_ids.add(ident)
        elif role == "assistant":
            for entry in call_entries(message):
                if entry_id(entry):
                    call_ids.add(entry_id(entry))
    if not call_ids and not result_ids:
        return messages, False
    keep = call_ids & result_ids
    changed = False
    out: list[Any] = []
    for message in messages:
        role = role_of(message)
        if role == "tool":
            ident = message.get("tool_call_id")
            if not isinstance(ident, str) or ident not in keep:
                changed = True
                continue
        elif role == "assistant" and call_entries(message):
            calls = message["tool_calls"]
            kept = [c for c in calls if isinstance(c, dict) and entry_id(c) in keep]
            if len(kept) != len(calls):
                changed = True
                trimmed = dict(message)
                if kept:
                    trimmed["tool_calls"] = kept
                else:
                    del trimmed["tool_calls"]
                out.append(trimmed)
                continue
        out.append(message)
    return (out, True) if changed else (messages, False)


@overload
def prepare_body(body: bytes) -> bytes: ...
@overload
def prepare_body(body: str) -> str: ...
def prepare_body(body: _Body) -> _Body:
    """Run merge → repack → cleanup over a request body's ``messages``.

    Args:
        body: a JSON request body (bytes or text).

    Returns:
        The body with its messages normalized, re-serialized in the input's
        type; the body itself when it is not JSON, has no ``messages`` array,
        or nothing changed.
    """
    try:
        document = _json_exact.loads(body)
    except orjson.JSONDecodeError:
        return body
    if not isinstance(document, dict) or not isinstance(document.get("messages"), list):
        return body
    messages = document["messages"]
    messages, merged = merge_adjacent_tool_calls(messages)
    messages, repacked = repack_tool_result_blocks(messages)
    messages, cleaned = cleanup_orphan_tool_calls(messages)
    if not (merged or repacked or cleaned):
        return body
    document["messages"] = messages
    encoded = _json_exact.dumps(document)
    return encoded if isinstance(body, bytes) else encoded.decode()
