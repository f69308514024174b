"""The table model the reduce corpus is walked with: instances, states, verdicts.

Rules (the reducer's, restated from the tables so that a generated stream
checks the reducer rather than copying it):

1. An event of a known type names its machines through ``spec/routing.json``.
   It is legal iff each machine has a row for it from the named instance's
   state (guards read the event, or the batch item); a missing row gets the
   code :func:`~streamspec._machines.rejection_code` gives (``spec/violations.json``).
2. Before the machines, an unknown ``type`` is ``unknown_event_type`` and a
   ``reply_id`` other than the reply's is ``reply_id_mismatch``; the first
   event that carries a ``reply_id`` names the reply when the options did not.
3. The rows whose actions carry content rules judge content too: a data block
   holds canonical base64 chunks (``base64.b64decode(chunk, validate=True)``
   accepts them and ``b64encode`` gives them back) or one URL, never both
   (``bytes`` counts once a chunk added bytes); a tool-result data chunk with
   a ``block_id`` seen before merges only when neither is a URL and both
   chunks decode (a bad first chunk is reported as chunk 0 on the second); one
   without a ``block_id`` starts a sub-block and is not judged.
4. A batch is judged item by item against the state before the event; an id
   repeated inside one batch is ``duplicate_batch_item`` from its second item.
5. A rejected event or item changes nothing.

:class:`Model` answers for one candidate event without changing anything
(:meth:`Model.judge`), and applies an accepted outcome (:meth:`Model.commit`).
"""

from __future__ import annotations

import base64
import binascii
import copy
from collections.abc import Mapping
from typing import Any, Final

import attrs

from streamspec._codec import EVENT_BY_TYPE
from streamspec._machines import COMPILED, ROUTES, Route, end_of_input_code, rejection_code
from streamspec._tables import Row

__all__ = ["Change", "Model", "Outcome", "Rejection", "decodes"]

#: ``(item index or None, code)`` of one rejected event or batch item.
Rejection = tuple[int | None, str]
#: ``(machine, instance label or None for the reply, row)`` of one accepted route.
Change = tuple[str, str | None, Row]
_INITIAL: Final = {name: machine.spec.initial for name, machine in COMPILED.items()}
_INSTANCE_MACHINES: Final = ("block", "tool_call", "tool_result")


def decodes(chunk: str) -> bool:
    """Whether ``chunk`` is canonical base64: the padded RFC 4648 encoding of what it decodes to."""
    try:
        raw = base64.b64decode(chunk, validate=True)
    except (binascii.Error, ValueError):
        return False
    return base64.b64encode(raw).decode("ascii") == chunk


@attrs.define
class Outcome:
    """What one event does: its rejections, the routes it takes, the cells it judged.

    Attributes:
        rejections: every rejected event or item, in the reducer's order.
        changes: the accepted routes, applied by :meth:`Model.commit`.
        event: the event, for the content effects of its rows.
        items: ``change index -> batch item`` for changes made by an item.
        cells: ``(machine, state, event [guard], target or code)`` of every route judged.
        reply_id: the reply id the event names for the reply (``None``: none).
    """

    rejections: list[Rejection]
    changes: list[Change]
    event: Mapping[str, Any]
    items: dict[int, Mapping[str, Any]]
    cells: list[tuple[str, str, str, str]]
    reply_id: str | None


class Model:
    """The instances of one reply and their states, judged by the tables."""

    def __init__(self, reply_id: str | None) -> None:
        self.reply_id = reply_id
        self.reply: str = _INITIAL["reply"]
        #: ``machine -> {label: state}``; blocks are labelled ``kind:id``.
        self.states: dict[str, dict[str, str]] = {m: {} for m in _INSTANCE_MACHINES}
        #: data block id -> ``"bytes"`` or ``"url"``, from its first delta (none before it).
        self.sources: dict[str, str] = {}
        #: ``call/block_id`` -> ``"url"``, ``"ok"`` or ``"bad"``: its first chunk (a later
        #: chunk is taken only after a first that decodes, and decodes too).
        self.subs: dict[str, str] = {}
        #: tool call id -> its tool name.
        self.names: dict[str, str] = {}

    def copy(self) -> Model:
        """Return an independent copy."""
        return copy.deepcopy(self)

    def key(self) -> tuple[Any, ...]:
        """A hashable snapshot of everything that decides a verdict."""
        return (
            self.reply_id,
            self.reply,
            *(tuple(self.states[m].items()) for m in _INSTANCE_MACHINES),
            tuple(self.sources.items()),
            tuple(self.subs.items()),
        )

    def ids(self, scope: str) -> list[str]:
        """The ids of the blocks of one scope (text, thinking, data, hint), oldest first."""
        prefix = f"{scope}:"
        return [label[len(prefix) :] for label in self.states["block"] if label.startswith(prefix)]

    def state_of(self, machine: str, label: str | None) -> str:
        """Return the state of one instance (the reply for ``None``)."""
        if label is None:
            return self.reply
        return self.states[machine].get(label, _INITIAL[machine])

    def snapshot(self) -> dict[str, dict[str, str]]:
        """Every instance's state, shaped like :meth:`streamspec.Reducer.states`."""
        return {"reply": {"": self.reply}, **{m: dict(self.states[m]) for m in self.states}}

    def unsettled(self) -> list[str]:
        """The machine of every instance left in an open state (neither final nor settled)."""
        return [
            machine
            for machine in _INSTANCE_MACHINES
            for state in self.states[machine].values()
            if state in COMPILED[machine].open_states
        ]

    def at_end(self) -> list[Rejection]:
        """The end-of-input codes: the reply's first, then each open instance's."""
        found: list[Rejection] = []
        if self.reply in COMPILED["reply"].open_states:
            found.append((None, end_of_input_code("reply")))
        return found + [(None, end_of_input_code(machine)) for machine in self.unsettled()]

    # ---------------------------------------------------------------- judging

    def judge(self, event: Mapping[str, Any]) -> Outcome:
        """Return what ``event`` would do now; nothing changes."""
        cls = EVENT_BY_TYPE.get(event.get("type"))  # type: ignore[arg-type]
        outcome = Outcome([], [], event, {}, [], None)
        if cls is None:
            outcome.rejections.append((None, "unknown_event_type"))
            return outcome
        kind = cls.KIND
        if kind != "custom":
            reply_id = event["reply_id"]
            if self.reply_id is None:
                outcome.reply_id = reply_id
            elif reply_id != self.reply_id:
                outcome.rejections.append((None, "reply_id_mismatch"))
                return outcome
        whole = [r for r in ROUTES[kind] if r.items is None]
        for route in whole:
            code = self._route(route, event, event, outcome)
            if code is not None:
                outcome.rejections.append((None, code))
                outcome.changes.clear()
                return outcome
        per_item = [r for r in ROUTES[kind] if r.items is not None]
        if per_item:
            self._batch(per_item, event, outcome)
        return outcome

    def _batch(self, routes: list[Route], event: Mapping[str, Any], outcome: Outcome) -> None:
        seen: list[str] = []
        for index, item in enumerate(event[routes[0].items or ""]):
            key = routes[0].key_of(item)
            if key in seen:
                outcome.rejections.append((index, "duplicate_batch_item"))
                continue
            seen.append(key)
            mark = len(outcome.changes)
            for route in routes:
                code = self._route(route, item, event, outcome)
                if code is not None:
                    outcome.rejections.append((index, code))
                    del outcome.changes[mark:]
                    break
            else:
                for position in range(mark, len(outcome.changes)):
                    outcome.items[position] = item

    def _route(
        self,
        route: Route,
        payload: Mapping[str, Any],
        event: Mapping[str, Any],
        outcome: Outcome,
    ) -> str | None:
        key = route.key_of(payload) if route.key else None
        label = key if route.scope is None or key is None else f"{route.scope}:{key}"
        state = self.state_of(route.machine, label)
        row = COMPILED[route.machine].lookup(state, route.event, payload)
        if row is None:
            code = rejection_code(route.machine, state, route.event)
            outcome.cells.append((route.machine, state, route.event, code))
            return code
        problem = self._content(row, event, key)
        guarded = f"{route.event} [{row.guard.text()}]" if row.guard else route.event
        outcome.cells.append((route.machine, state, guarded, problem or row.target))
        if problem is not None:
            return problem
        outcome.changes.append((route.machine, label, row))
        return None

    def _content(self, row: Row, event: Mapping[str, Any], key: str | None) -> str | None:
        url = event.get("url")
        if row.action == "delta_received" and event["type"] == "DATA_BLOCK_DELTA":
            source = self.sources.get(str(key), "")
            if url is not None:
                return "mixed_data_source" if source == "bytes" else None
            if source == "url":
                return "mixed_data_source"
            return None if decodes(event["data"]) else "invalid_base64"
        if row.action == "result_data_received" and event.get("block_id") is not None:
            sub = self.subs.get(f"{key}/{event['block_id']}")
            if sub is None:
                return None
            if url is not None or sub == "url":
                return "mixed_data_source"
            if sub == "bad" or not decodes(event["data"]):
                return "invalid_base64"
        return None

    # --------------------------------------------------------------- applying

    def commit(self, outcome: Outcome) -> None:
        """Apply an outcome from :meth:`judge` (its rejected parts change nothing)."""
        if outcome.reply_id is not None:
            self.reply_id = outcome.reply_id
        for position, (machine, label, row) in enumerate(outcome.changes):
            item = outcome.items.get(position)
            self._effect(row, outcome.event, item)
            if label is None:
                self.reply = row.target
            else:
                self.states[machine][label] = row.target

    def _effect(self, row: Row, event: Mapping[str, Any], item: Mapping[str, Any] | None) -> None:
        action = row.action
        if action == "call_started":
            self.names[event["tool_call_id"]] = event["tool_call_name"]
        elif action == "delta_received" and event["type"] == "DATA_BLOCK_DELTA":
            block = event["block_id"]
            if event.get("url") is not None:
                self.sources[block] = "url"
            elif base64.b64decode(event["data"], validate=True):
                self.sources[block] = "bytes"
        elif action == "result_data_received" and event.get("block_id") is not None:
            name = f"{event['tool_call_id']}/{event['block_id']}"
            if event.get("url") is not None:
                self.subs[name] = "url"
            else:
                self.subs[name] = "ok" if decodes(event["data"]) else "bad"
