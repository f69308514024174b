"""Check a history against a dialect: every violation, with position and text.

Theory of operation. The pairing rules come in two views:

- ``results_follow_call`` (OpenAI and the OpenAI-compatible dialects): a call
  message's *run* is the maximal block of ``tool`` messages right after it.
  Each declared id must be answered in the run (``missing_result``); a run
  member that answers no open id is ``unmatched_result``; a ``tool`` message
  outside every run is ``stray_result``.
- ``next_message_only`` (Anthropic): the history is first converted as
  Anthropic receives it (leading system messages become the system prompt;
  ``user``, ``tool`` and later system messages make user turns; consecutive
  turns of one role combine). A tool_use turn must be followed by a user turn
  whose *leading* blocks are tool_results answering every id.

The other rules are per message: ``split_calls``, ``duplicate_id``,
``role_after_tool``, ``call_turn_predecessor``, ``reasoning_passback``,
``invalid_arguments`` and ``empty_id``. Empty ids are never paired (the seed
pins that they are not tool traffic); they are reported as ``empty_id``.
A dialect checks only the rules its predicates name. Each (message, rule) is
reported once, ids joined, ordered by position and then by rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import orjson

from streamspec._errors import UsageError
from streamspec._json_kind import json_kind
from streamspec._jsonl import MAX_DEPTH, nested_deeper_than
from streamspec.pairing._dialects import Adjacency, Dialect, Rule, get_dialect
from streamspec.pairing._messages import (
    call_entries,
    call_ids,
    entry_id,
    is_call_message,
    is_result,
    result_id,
    role_of,
)
from streamspec.pairing._report import PairingViolation

__all__ = ["arguments_valid", "check_history", "follows_user_or_tool"]

_RULE_ORDER = {rule: n for n, rule in enumerate(Rule)}
_SYSTEM_ROLES = frozenset({"system", "developer"})


@attrs.define
class _Found:
    """Violations collected per (index, rule), ids merged."""

    dialect: Dialect
    seen: dict[tuple[int, Rule], dict[str, Any]] = attrs.field(factory=dict)

    def add(self, index: int, rule: Rule, ident: str | None = None, **fields: Any) -> None:
        if rule not in self.dialect.rules:
            return
        entry = self.seen.setdefault((index, rule), {"ids": [], "fields": fields})
        if ident is not None:
            entry["ids"].append(ident)

    def result(self) -> list[PairingViolation]:
        out = []
        for (index, rule), entry in sorted(
            self.seen.items(), key=lambda kv: (kv[0][0], _RULE_ORDER[kv[0][1]])
        ):
            ids = entry["ids"]
            fields = {"index": index, "ids": ", ".join(ids), "id": ids[0] if ids else ""}
            fields.update(entry["fields"])
            out.append(
                PairingViolation(
                    index=index, rule=rule, message=self.dialect.message(rule, **fields)
                )
            )
        return out


def arguments_valid(entry: Any) -> bool:
    """Tell whether a call entry's ``function.arguments`` (when present) holds a JSON object."""
    function = entry.get("function") if isinstance(entry, dict) else None
    if not isinstance(function, dict) or "arguments" not in function:
        return True
    arguments = function["arguments"]
    if not isinstance(arguments, str):
        return False
    try:
        return isinstance(orjson.loads(arguments), dict)
    except orjson.JSONDecodeError:
        return False


def _missing_in_order(ids: Sequence[str], open_ids: Counter[str]) -> list[str]:
    missing = []
    for ident in ids:
        if open_ids[ident] > 0:
            open_ids[ident] -= 1
            missing.append(ident)
    return missing


def _runs(messages: Sequence[Any], found: _Found) -> None:
    i = 0
    while i < len(messages):
        message = messages[i]
        if is_result(message):
            if result_id(message):
                previous = role_of(messages[i - 1]) if i else "none"
                found.add(i, Rule.STRAY_RESULT, result_id(message), prev_role=previous)
            i += 1
            continue
        ids = call_ids(message)
        i += 1
        if not ids:
            continue
        open_ids = Counter(ids)
        start = i - 1
        while i < len(messages) and is_result(messages[i]):
            answer = result_id(messages[i])
            if answer and open_ids[answer] > 0:
                open_ids[answer] -= 1
            elif answer:
                found.add(i, Rule.UNMATCHED_RESULT, answer)
            i += 1
        for ident in _missing_in_order(ids, open_ids):
            found.add(start, Rule.MISSING_RESULT, ident)


@attrs.define
class _Block:
    kind: str
    ident: str
    index: int


@attrs.define
class _Turn:
    role: str
    blocks: list[_Block] = attrs.field(factory=list)
    indices: list[int] = attrs.field(factory=list)


def anthropic_turns(messages: Sequence[Any]) -> list[_Turn]:
    """Convert a history into Anthropic turns (see the module docstring)."""
    turns: list[_Turn] = []
    leading = True
    for index, message in enumerate(messages):
        role = role_of(message)
        if leading and role in _SYSTEM_ROLES:
            continue
        leading = False
        if not isinstance(message, dict):
            turns.append(_Turn(role="other", indices=[index]))
            continue
        blocks: list[_Block] = []
        content = message.get("content")
        texts = len(content) if isinstance(content, list) else int(bool(content))
        if role == "assistant":
            turn_role = "assistant"
            blocks.extend(_Block("text", "", index) for _ in range(texts))
            blocks.extend(_Block("tool_use", entry_id(e), index) for e in call_entries(message))
        elif role == "tool":
            turn_role = "user"
            blocks.append(_Block("tool_result", result_id(message), index))
        else:
            turn_role = "user"
            blocks.extend(_Block("text", "", index) for _ in range(texts))
        if turns and turns[-1].role == turn_role:
            turns[-1].blocks.extend(blocks)
            turns[-1].indices.append(index)
        else:
            turns.append(_Turn(role=turn_role, blocks=blocks, indices=[index]))
    return turns


def _anthropic(messages: Sequence[Any], found: _Found) -> dict[int, tuple[int, int]]:
    turns = anthropic_turns(messages)
    where: dict[int, tuple[int, int]] = {}
    for number, turn in enumerate(turns):
        for position, block in enumerate(turn.blocks):
            where.setdefault(block.index, (number, position))
        for index in turn.indices:
            where.setdefault(index, (number, 0))
    answered: set[tuple[int, int]] = set()
    for number, turn in enumerate(turns):
        uses = [b for b in turn.blocks if b.kind == "tool_use" and b.ident]
        if turn.role != "assistant" or not uses:
            continue
        open_ids = Counter(b.ident for b in uses)
        following = turns[number + 1] if number + 1 < len(turns) else None
        if following is not None and following.role == "user":
            for position, block in enumerate(following.blocks):
                if block.kind != "tool_result":
                    break
                answered.add((number + 1, position))
                if not block.ident:
                    continue
                if open_ids[block.ident] > 0:
                    open_ids[block.ident] -= 1
                else:
                    found.add(
                        block.index,
                        Rule.UNMATCHED_RESULT,
                        block.ident,
                        turn=number + 1,
                        block=position,
                    )
        for use in uses:
            if open_ids[use.ident] > 0:
                open_ids[use.ident] -= 1
                found.add(use.index, Rule.MISSING_RESULT, use.ident, turn=number)
    for number, turn in enumerate(turns):
        for position, block in enumerate(turn.blocks):
            if block.kind == "tool_result" and block.ident and (number, position) not in answered:
                found.add(block.index, Rule.STRAY_RESULT, block.ident, turn=number, block=position)
    return where


def _per_message(messages: Sequence[Any], found: _Found, where: dict[int, tuple[int, int]]) -> None:
    declared: set[str] = set()
    for index, message in enumerate(messages):
        turn, first_block = where.get(index, (0, 0))
        role = role_of(message)
        entries = call_entries(message)
        text_blocks = len(entries) and _text_blocks(message)
        for position, entry in enumerate(entries):
            ident = entry_id(entry)
            block = first_block + text_blocks + position
            if not ident:
                found.add(index, Rule.EMPTY_ID, turn=turn, block=block)
            elif ident in declared:
                found.add(index, Rule.DUPLICATE_ID, ident, turn=turn, block=block)
            declared.add(ident)
            if not arguments_valid(entry):
                found.add(index, Rule.INVALID_ARGUMENTS, ident)
        if is_result(message) and not result_id(message):
            found.add(index, Rule.EMPTY_ID, turn=turn, block=first_block)
        if entries:
            reasoning = message.get("reasoning_content")
            if not (isinstance(reasoning, str) and reasoning):
                found.add(index, Rule.REASONING_PASSBACK)
        if is_call_message(message):
            if index and is_call_message(messages[index - 1]):
                found.add(index, Rule.SPLIT_CALLS)
            if not follows_user_or_tool(messages, index):
                found.add(index, Rule.CALL_TURN_PREDECESSOR)
        if index and is_result(messages[index - 1]) and role not in (None, "tool", "assistant"):
            found.add(index, Rule.ROLE_AFTER_TOOL, role=role)


def _text_blocks(message: dict[str, Any]) -> int:
    content = message.get("content")
    return len(content) if isinstance(content, list) else int(bool(content))


def follows_user_or_tool(messages: Sequence[Any], index: int) -> bool:
    before = index - 1
    while before >= 0 and role_of(messages[before]) in _SYSTEM_ROLES:
        before -= 1
    return before >= 0 and role_of(messages[before]) in ("user", "tool")


def check_history(messages: Sequence[Any], dialect: str | Dialect) -> list[PairingViolation]:
    """Return every violation of ``dialect`` in a history.

    Args:
        messages: an OpenAI-style chat history (non-objects allowed).
        dialect: a dialect token such as ``"openai"``, or a :class:`Dialect`.

    Returns:
        The violations, ordered by message position and then rule; each
        carries the upstream's own error text.

    Raises:
        UsageError: for an unknown dialect token, when ``messages`` is not
            a list, or when it nests more than ``MAX_DEPTH`` (128) arrays and
            objects deep, the limit every reader keeps.
    """
    if not isinstance(messages, list | tuple):
        raise UsageError(f"messages must be an array, not {json_kind(messages)}")
    if nested_deeper_than(messages, MAX_DEPTH):
        raise UsageError(f"messages nest more than {MAX_DEPTH} deep; the limit is {MAX_DEPTH}")
    chosen = get_dialect(dialect)
    found = _Found(chosen)
    if chosen.adjacency is Adjacency.NEXT_MESSAGE_ONLY:
        where = _anthropic(messages, found)
    else:
        _runs(messages, found)
        where = {}
    _per_message(messages, found, where)
    return found.result()
