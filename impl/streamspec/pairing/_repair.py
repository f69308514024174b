"""``repair``: the seed's pipeline, made position-aware and lossless.

Rules, in pipeline order (the history is first checked; a history with no
violation that ``repair`` may fix comes back unchanged):

1. *merge* — the seed's merge, unchanged (split parallel calls, trailing text).
2. *own* — each result with a non-empty id belongs to the nearest call message
   before it that declares its id, taking that call's first open slot for the
   id; a second answer for a filled slot is a duplicate and is dropped. A
   result with no declaring call before it is *early*: it fills an open slot
   of the nearest call after it that declares its id (once late results have
   been placed), else it is dropped. A result no call declares is an orphan.
3. *fate* — an unanswered slot is dropped (``orphans="drop"``, both sides, as
   the seed does) or answered by a marked placeholder
   (``orphans="placeholder"``). Under the ``invalid_arguments`` fix a call
   whose arguments are not a JSON object is dropped with its results.
4. *dedupe* — when the dialect forbids duplicate ids, the n-th surviving call
   with an id (n ≥ 2) is renamed ``<id>_d<n>`` together with the results that
   answer it.
5. *rebuild* — each call message is followed by its results (input order),
   then its placeholders (declaration order); every other message keeps its
   relative order, so messages that sat between a call and its results end up
   after the run. A call message left without calls and without content is
   removed. Empty ids are not tool traffic and are never paired or dropped.
6. *bridge* (opt-in) — a marked filler turn is inserted where a role-order
   rule of the dialect fails.

Every step is an :class:`Action` in the report, with the input position it
touched and the value it removed. What is still wrong afterwards is listed as
``unrepaired``.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from streamspec._errors import UsageError
from streamspec._json_kind import json_kind
from streamspec.pairing._check import arguments_valid, check_history
from streamspec.pairing._dialects import (
    Dialect,
    Fix,
    Orphans,
    Rule,
    RuleFamily,
    get_dialect,
    rule_families,
)
from streamspec.pairing._messages import (
    call_entries,
    empty_content,
    entry_id,
    is_call_message,
    is_result,
    result_id,
    role_of,
)
from streamspec.pairing._report import Action, ActionKind, RepairReport
from streamspec.pairing._seed import absorb, merge_form, merge_reasoning_content

__all__ = ["BRIDGE_MARK", "PLACEHOLDER_MARK", "repair"]

PLACEHOLDER_MARK = "[streamspec:placeholder]"
BRIDGE_MARK = "[streamspec:bridge]"

_Slot = tuple[int, int]


@attrs.define
class _Item:
    """A message on its way through the pipeline, with where it came from."""

    origin: int | None
    value: Any
    entry_origins: list[int] = attrs.field(factory=list)
    made: int | None = None


@attrs.define
class _Plan:
    """The ownership and fate decided for one history."""

    owner: dict[int, _Slot] = attrs.field(factory=dict)
    early: set[int] = attrs.field(factory=set)
    drop_items: dict[int, str] = attrs.field(factory=dict)
    drop_slots: dict[_Slot, str] = attrs.field(factory=dict)
    placeholder_slots: set[_Slot] = attrs.field(factory=set)
    renames: dict[_Slot, str] = attrs.field(factory=dict)


def _coerce_options(
    orphans: str | Orphans, fixes: Iterable[str | Fix]
) -> tuple[Orphans, frozenset[Fix]]:
    try:
        policy = Orphans(orphans)
    except ValueError:
        allowed = ", ".join(o.value for o in Orphans)
        raise UsageError(f"unknown orphans policy {orphans!r}; use one of {allowed}") from None
    chosen = set()
    for fix in fixes:
        try:
            chosen.add(Fix(fix))
        except ValueError:
            allowed = ", ".join(f.value for f in Fix)
            raise UsageError(f"unknown fix {fix!r}; use any of {allowed}") from None
    return policy, frozenset(chosen)


def _repairable(dialect: Dialect, fixes: frozenset[Fix]) -> frozenset[Rule]:
    infos = rule_families()
    return frozenset(
        rule
        for rule in dialect.rules
        if infos[rule].family is RuleFamily.PAIRING or infos[rule].fix in fixes
    )


def _merge(messages: Sequence[Any], actions: list[Action]) -> list[_Item]:
    """Merge split call messages into the one before them.

    The first merge into an item copies it (:func:`absorb`); later split
    calls extend that copy's ``tool_calls`` in place, so a run of ``n`` split
    calls costs ``O(n)``, not ``O(n^2)``.
    """
    items: list[_Item] = []
    owned: set[int] = set()
    for index, message in enumerate(messages):
        entries = [index] * len(call_entries(message))
        if items and (form := merge_form(items[-1].value, message)) is not None:
            previous = items[-1]
            actions.append(
                Action(
                    kind=ActionKind.MERGE,
                    reason=form,
                    index=index,
                    into=previous.origin,
                    value=message,
                )
            )
            if form == "split_calls" and id(previous) in owned:
                previous.value["tool_calls"].extend(message["tool_calls"])
                merge_reasoning_content(previous.value, message)
            else:
                previous.value = absorb(previous.value, message, form)
                if form == "split_calls":
                    owned.add(id(previous))
            previous.entry_origins.extend(entries)
            continue
        items.append(_Item(origin=index, value=message, entry_origins=entries))
    return items


class _Slots:
    """The unfilled slots of each call message, by id, in position order."""

    def __init__(self, items: list[_Item]) -> None:
        self._items = items
        self._open: dict[int, dict[str, list[int]]] = {}

    def take(self, call: int, ident: str) -> _Slot | None:
        """Fill and return the first open slot of ``call`` whose id is ``ident``."""
        by_id = self._open.get(call)
        if by_id is None:
            by_id = self._open[call] = {}
            for position, entry in enumerate(call_entries(self._items[call].value)):
                by_id.setdefault(entry_id(entry), []).append(position)
            for found in by_id.values():
                found.reverse()
        positions = by_id.get(ident)
        return (call, positions.pop()) if positions else None


def _own(items: list[_Item]) -> _Plan:
    plan = _Plan()
    slots = _Slots(items)
    nearest: dict[str, int] = {}
    calls_of: dict[str, list[int]] = {}
    early: list[int] = []
    for at, item in enumerate(items):
        for entry in call_entries(item.value):
            ident = entry_id(entry)
            if ident:
                nearest[ident] = at
                positions = calls_of.setdefault(ident, [])
                if not positions or positions[-1] != at:
                    positions.append(at)
        ident = result_id(item.value)
        if not ident:
            continue
        if ident not in nearest:
            early.append(at)
            continue
        slot = slots.take(nearest[ident], ident)
        if slot is None:
            plan.drop_items[at] = "duplicate_result"
        else:
            plan.owner[at] = slot
    for at in early:
        ident = result_id(items[at].value)
        later = calls_of.get(ident, [])
        first = bisect.bisect_right(later, at)
        if first == len(later):
            plan.drop_items[at] = "orphan_result"
            continue
        slot = slots.take(later[first], ident)
        if slot is None:
            plan.drop_items[at] = "early_duplicate"
        else:
            plan.owner[at] = slot
            plan.early.add(at)
    return plan


def _decide(items: list[_Item], plan: _Plan, policy: Orphans, drop_invalid: bool) -> None:
    answered = set(plan.owner.values())
    for at, item in enumerate(items):
        if not is_call_message(item.value):
            if drop_invalid:
                for position, entry in enumerate(call_entries(item.value)):
                    if not arguments_valid(entry):
                        plan.drop_slots[(at, position)] = "invalid_arguments"
            continue
        for position, entry in enumerate(call_entries(item.value)):
            slot = (at, position)
            if drop_invalid and not arguments_valid(entry):
                plan.drop_slots[slot] = "invalid_arguments"
            elif not entry_id(entry) or slot in answered:
                continue
            elif policy is Orphans.DROP:
                plan.drop_slots[slot] = "orphan_call"
            else:
                plan.placeholder_slots.add(slot)
    for result, slot in list(plan.owner.items()):
        if plan.drop_slots.get(slot) == "invalid_arguments":
            del plan.owner[result]
            plan.drop_items[result] = "invalid_arguments"


def _dedupe(items: list[_Item], plan: _Plan) -> None:
    taken = {entry_id(e) for item in items for e in call_entries(item.value)}
    taken |= {result_id(item.value) for item in items}
    counts: dict[str, int] = {}
    for at, item in enumerate(items):
        for position, entry in enumerate(call_entries(item.value)):
            ident = entry_id(entry)
            if not ident or (at, position) in plan.drop_slots:
                continue
            counts[ident] = counts.get(ident, 0) + 1
            if counts[ident] < 2:
                continue
            alias = f"{ident}_d{counts[ident]}"
            extra = 2
            while alias in taken:
                alias = f"{ident}_d{counts[ident]}_{extra}"
                extra += 1
            taken.add(alias)
            plan.renames[(at, position)] = alias


def _placeholder(entry: Any, ident: str) -> dict[str, Any]:
    function = entry.get("function") if isinstance(entry, dict) else None
    name = function.get("name") if isinstance(function, dict) else None
    label = name if isinstance(name, str) and name else "unknown tool"
    text = (
        f"{PLACEHOLDER_MARK} No result was recorded for tool call {ident} ({label}); "
        "it was interrupted or its result was lost."
    )
    return {"role": "tool", "tool_call_id": ident, "content": text}


def _rebuild_call(
    at: int, item: _Item, plan: _Plan, actions: list[Action]
) -> tuple[_Item | None, list[tuple[_Slot, str]]]:
    """Trim and rename one call message; return it (or None) and its open slots."""
    kept: list[Any] = []
    kept_origins: list[int] = []
    open_slots: list[tuple[_Slot, str]] = []
    for position, entry in enumerate(call_entries(item.value)):
        slot = (at, position)
        origin = item.entry_origins[position]
        ident = entry_id(entry)
        if slot in plan.drop_slots:
            actions.append(
                Action(
                    kind=ActionKind.DROP_CALL,
                    reason=plan.drop_slots[slot],
                    index=origin,
                    id=ident,
                    value=entry,
                )
            )
            continue
        final: Any = entry
        if slot in plan.renames:
            final = {**entry, "id": plan.renames[slot]}
            actions.append(
                Action(
                    kind=ActionKind.RENAME,
                    reason="duplicate_id",
                    index=origin,
                    id=ident,
                    new_id=plan.renames[slot],
                )
            )
        if slot in plan.placeholder_slots:
            open_slots.append((slot, entry_id(final)))
        kept.append(final)
        kept_origins.append(origin)
    if len(kept) == len(call_entries(item.value)) and not any(
        (at, p) in plan.renames for p in range(len(kept))
    ):
        return item, open_slots
    message = dict(item.value)
    if kept:
        message["tool_calls"] = kept
        return _Item(origin=item.origin, value=message, entry_origins=kept_origins), open_slots
    del message["tool_calls"]
    if empty_content(message.get("content")):
        actions.append(
            Action(kind=ActionKind.DROP_MESSAGE, reason="emptied", index=item.origin, value=message)
        )
        return None, open_slots
    return _Item(origin=item.origin, value=message), open_slots


def _rebuild(items: list[_Item], plan: _Plan, actions: list[Action]) -> list[_Item]:
    runs: dict[int, list[int]] = {}
    for result, (call, _) in sorted(plan.owner.items()):
        runs.setdefault(call, []).append(result)
    out: list[_Item] = []
    #: The first position after the current call that interrupts it. A
    #: position skipped for one call is skipped for every later call too (it
    #: is dropped, or answers a call at or before it), so the scan only moves
    #: forward: linear over the whole history.
    scan = 0
    for at, item in enumerate(items):
        if at in plan.owner:
            continue
        if at in plan.drop_items:
            actions.append(
                Action(
                    kind=ActionKind.DROP_MESSAGE,
                    reason=plan.drop_items[at],
                    index=item.origin,
                    id=result_id(item.value) or None,
                    value=item.value,
                )
            )
            continue
        if not call_entries(item.value):
            out.append(item)
            continue
        rebuilt, open_slots = _rebuild_call(at, item, plan, actions)
        if rebuilt is not None:
            out.append(rebuilt)
        results = runs.get(at, [])
        if results:
            scan = max(scan, at + 1)
            while scan < len(items) and not _interrupts(scan, at, plan):
                scan += 1
        for result in results:
            moved = result in plan.early or scan < result
            out.append(_result_item(at, result, items, plan, actions, moved=moved))
        for slot, ident in open_slots:
            entry = call_entries(item.value)[slot[1]]
            actions.append(
                Action(
                    kind=ActionKind.PLACEHOLDER, reason="orphan_call", into=item.origin, id=ident
                )
            )
            out.append(_Item(origin=None, value=_placeholder(entry, ident), made=len(actions) - 1))
    return out


def _interrupts(at: int, call: int, plan: _Plan) -> bool:
    """Whether the item at ``at`` stands between ``call`` and its results once rebuilt."""
    return at not in plan.drop_items and (at not in plan.owner or plan.owner[at][0] > call)


def _result_item(
    call: int, result: int, items: list[_Item], plan: _Plan, actions: list[Action], *, moved: bool
) -> _Item:
    item = items[result]
    slot = plan.owner[result]
    if moved:
        actions.append(
            Action(
                kind=ActionKind.MOVE,
                reason="early_result" if result in plan.early else "result_to_call",
                index=item.origin,
                into=items[call].origin,
                id=result_id(item.value),
            )
        )
    if slot in plan.renames:
        actions.append(
            Action(
                kind=ActionKind.RENAME,
                reason="duplicate_id",
                index=item.origin,
                id=result_id(item.value),
                new_id=plan.renames[slot],
            )
        )
        return _Item(origin=item.origin, value={**item.value, "tool_call_id": plan.renames[slot]})
    return item


def _bridge(out: list[_Item], dialect: Dialect, actions: list[Action]) -> list[_Item]:
    bridged: list[_Item] = []
    for item in out:
        needed = _filler(bridged, item, dialect)
        if needed is not None:
            filler, reason = needed
            actions.append(Action(kind=ActionKind.BRIDGE, reason=reason))
            bridged.append(_Item(origin=None, value=filler, made=len(actions) - 1))
        bridged.append(item)
    return bridged


def _filler(
    bridged: list[_Item], item: _Item, dialect: Dialect
) -> tuple[dict[str, Any], str] | None:
    """The message to put before ``item``, and the rule that asks for it, if one does."""
    role = role_of(item.value)
    if (
        Rule.ROLE_AFTER_TOOL in dialect.rules
        and bridged
        and is_result(bridged[-1].value)
        and role not in (None, "tool", "assistant")
    ):
        filler = {"role": "assistant", "content": f"{BRIDGE_MARK} Tool results received."}
        return filler, Rule.ROLE_AFTER_TOOL.value
    if (
        Rule.CALL_TURN_PREDECESSOR in dialect.rules
        and is_call_message(item.value)
        and not _after_user_or_tool(bridged)
    ):
        return {
            "role": "user",
            "content": f"{BRIDGE_MARK} Continue.",
        }, Rule.CALL_TURN_PREDECESSOR.value
    return None


def _after_user_or_tool(before: list[_Item]) -> bool:
    for item in reversed(before):
        role = role_of(item.value)
        if role not in ("system", "developer"):
            return role in ("user", "tool")
    return False


def _positions(out: list[_Item], actions: list[Action]) -> tuple[Action, ...]:
    where: dict[int | None, int] = {
        item.origin: n for n, item in enumerate(out) if item.origin is not None
    }
    made = {item.made: n for n, item in enumerate(out) if item.made is not None}
    located = []
    for number, action in enumerate(actions):
        if number in made:
            position: int | None = made[number]
        elif action.kind is ActionKind.MERGE:
            position = where.get(action.into)
        elif action.kind is ActionKind.DROP_MESSAGE:
            position = None
        else:
            position = where.get(action.index)
        located.append(attrs.evolve(action, output_index=position))
    return tuple(located)


def repair(
    messages: Sequence[Any],
    dialect: str | Dialect,
    orphans: str | Orphans = Orphans.DROP,
    fixes: Iterable[str | Fix] = frozenset(),
) -> tuple[list[Any], RepairReport]:
    """Repair a chat history so ``dialect``'s upstream accepts its tool pairing.

    Args:
        messages: an OpenAI-style chat history (non-objects pass through).
        dialect: a dialect token (``openai``, ``deepseek-strict``, ``kimi``,
            ``mistral``, ``gemini``, ``anthropic``) or a :class:`Dialect`.
        orphans: ``"drop"`` trims unanswered calls; ``"placeholder"`` answers
            each with a marked placeholder result.
        fixes: opt-in repairs beyond pairing: ``"bridge"`` (role order) and
            ``"invalid_arguments"`` (drop calls whose arguments are not JSON).

    Returns:
        ``(messages, report)``: a new list (the input is never mutated) and a
        :class:`RepairReport` of every action and of what is still wrong.

    Raises:
        UsageError: for an unknown dialect, orphan policy or fix, when
            ``messages`` is not a list, or when it nests more than 128 deep
            (as :func:`check_history`).
    """
    if not isinstance(messages, list | tuple):
        raise UsageError(f"messages must be an array, not {json_kind(messages)}")
    chosen = get_dialect(dialect)
    policy, enabled = _coerce_options(orphans, fixes)
    fix_names = tuple(sorted(f.value for f in enabled))
    before = check_history(messages, chosen)
    repairable = _repairable(chosen, enabled)
    if not any(v.rule in repairable for v in before):
        return list(messages), RepairReport(
            dialect=chosen.token,
            orphans=policy.value,
            fixes=fix_names,
            actions=(),
            origins=tuple(range(len(messages))),
            unrepaired=tuple(before),
        )
    actions: list[Action] = []
    items = _merge(messages, actions)
    plan = _own(items)
    _decide(items, plan, policy, Rule.INVALID_ARGUMENTS in repairable)
    if Rule.DUPLICATE_ID in chosen.rules:
        _dedupe(items, plan)
    out = _rebuild(items, plan, actions)
    if Fix.BRIDGE in enabled:
        out = _bridge(out, chosen, actions)
    result = [item.value for item in out]
    return result, RepairReport(
        dialect=chosen.token,
        orphans=policy.value,
        fixes=fix_names,
        actions=_positions(out, actions),
        origins=tuple(item.origin for item in out),
        unrepaired=tuple(check_history(result, chosen)),
    )
