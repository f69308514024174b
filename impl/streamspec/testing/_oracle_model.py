"""The oracle: python-statemachine machines and a deliberately simple content model.

Rules:

1. One python-statemachine instance per (machine, instance id), created the
   first time an accepted event names it; an id no event has created is in
   its machine's initial state.
2. An event drives the machines ``spec/routing.json`` lists for its kind. It
   is legal iff every one of them enables it now, guards evaluated on the
   event's (or the batch item's) fields through ``enabled_events``. Every
   participant is asked before any is sent the event.
3. A rejected (machine, state, event) gets the code of the oracle's own
   rules (:mod:`streamspec.testing._oracle_codes`, written from the prose of
   the spec); when ``spec/violations.json`` gives another code, the oracle
   raises :class:`OracleDisagreement` naming both. The first route that
   rejects names the diagnostic, with every field of ``spec/README.md`` §4.
   A batch is judged item by item against the state before the event; a
   repeated id is illegal from its second occurrence.
4. Content, modelled as plainly as possible: a text block is its list of
   deltas (a text end with ``text`` replaces the list); a data block is the
   bytes its chunks decode to, or the URL that replaced it; a tool-result
   data sub-block is its list of chunks as given (one chunk dumps verbatim,
   several dump as the encoding of their bytes).
5. A base64 chunk is valid iff it decodes and encoding its bytes gives it
   back (canonical RFC 4648, ``spec/README.md`` §6). Base64 after a URL, or a
   URL after base64 bytes, is ``mixed_data_source``. ``chunk_index`` counts
   the chunks a data block accepted before; in a tool-result sub-block it is
   0 for a bad unmerged first chunk, else the chunks the sub-block holds.
6. The caller's ``name``, ``role`` and ``created_at`` beat the events'; at
   the end of input every instance neither final nor settled gets a warning,
   the reply first, then blocks, calls and results in creation order.

This module never calls the reducer: legality comes from python-statemachine
and the routing table, content from the model below.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Hashable, Iterator, Mapping
from typing import Any, Final

import attrs
from statemachine import StateMachine

from streamspec._diagnostics import Code
from streamspec._events import ABSENT, AgentEvent, CustomEvent, Event, UnknownEvent, is_given
from streamspec._machines import MACHINES, ROUTES, Route, match_rejection
from streamspec._oracle import machine_class, oracle_payload
from streamspec._resources import load_spec_json
from streamspec.testing._oracle_codes import SEVERITIES, end_of_input_code, expected_rejection
from streamspec.testing._oracle_content import (
    _Call,
    _Data,
    _Entity,
    _External,
    _Hint,
    _Result,
    _ResultData,
    _ResultText,
    _Text,
    valid_base64,
)

__all__ = ["Expected", "OracleDisagreement", "OracleModel", "Verdict", "valid_base64"]

#: ``machine -> payload fields its guards read`` (from the tables).
_GUARD_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {
    name: tuple(sorted({row.guard.field for row in spec.rows if row.guard is not None}))
    for name, spec in MACHINES.items()
}
_WIRE: Final[Mapping[str, Mapping[str, str | None]]] = {
    name: {state.name: state.wire for state in spec.states} for name, spec in MACHINES.items()
}
#: ``(machine, state, event)`` pairs the tables have rows for.
_PAIRS: Final = frozenset(
    (name, row.source, row.event) for name, spec in MACHINES.items() for row in spec.rows
)
_OPEN: Final[Mapping[str, frozenset[str]]] = {
    name: frozenset(s.name for s in spec.states if not s.final and not s.settled)
    for name, spec in MACHINES.items()
}
_VIOLATIONS: Final = tuple(load_spec_json("violations.json")["violations"])
_ENABLED: dict[tuple[str, str, tuple[tuple[str, Any], ...]], frozenset[str]] = {}
_PROBES: dict[str, StateMachine] = {}

_InstanceKey = tuple[str, str | None, str | None]


class OracleDisagreement(AssertionError):
    """The oracle's own code rules and ``spec/violations.json`` give a rejection different codes."""


def rejection(machine: str, state: str, event: str, *, guard_unmatched: bool) -> str:
    """Return the oracle's code for a rejection, after checking the tables agree.

    Raises:
        OracleDisagreement: ``spec/violations.json`` maps the triple to another code.
    """
    own = expected_rejection(machine, state, event, guard_unmatched=guard_unmatched)
    table = match_rejection(_VIOLATIONS, machine, state, event, guard_unmatched=guard_unmatched)
    if own != table:
        raise OracleDisagreement(
            f"{machine} in {state} rejecting {event}: the oracle's rules say {own!r}, "
            f"spec/violations.json says {table!r}"
        )
    return own


@attrs.frozen
class Expected:
    """A diagnostic the oracle expects: every field of ``spec/README.md`` §4 but the index."""

    code: str
    item: int | None = None
    key: str | None = None
    machine: str | None = None
    state: str | None = None
    event: str | None = None
    details: Mapping[str, Any] = attrs.field(factory=dict, hash=False)

    @property
    def severity(self) -> str:
        """The code's severity by the oracle's own table."""
        return SEVERITIES[self.code]

    @property
    def is_error(self) -> bool:
        """Whether the code is error-severity (skipped in lenient, raised in strict)."""
        return self.severity == "error"

    def fields(self, index: int | None) -> dict[str, Any]:
        """Return the compared fields of the diagnostic, at input ``index``."""
        return {
            "code": self.code,
            "severity": self.severity,
            "index": index,
            "item": self.item,
            "machine": self.machine,
            "state": self.state,
            "event": self.event,
            "key": self.key,
            "details": dict(self.details),
        }


@attrs.frozen
class Verdict:
    """What the oracle predicts for one event.

    Attributes:
        diagnostics: the expected diagnostics, in order.
        applies: the event (its non-batch part) is accepted.
        accepted: indexes of the batch items that apply.
    """

    diagnostics: tuple[Expected, ...] = ()
    applies: bool = True
    accepted: tuple[int, ...] = ()

    @property
    def error_code(self) -> str | None:
        """The code strict mode raises, or ``None`` when nothing is an error."""
        return next((d.code for d in self.diagnostics if d.is_error), None)

    @property
    def legal(self) -> bool:
        """Whether the event is accepted whole, with no error at all."""
        return self.applies and self.error_code is None


class _Fields(Mapping[str, Any]):
    """An event's fields as a read-only mapping, read on demand."""

    __slots__ = ("_event",)

    def __init__(self, event: Event) -> None:
        self._event = event

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(self._event, name)
        except AttributeError:
            raise KeyError(name) from None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and hasattr(self._event, name)

    def __iter__(self) -> Iterator[str]:
        return (f.name for f in attrs.fields(type(self._event)))

    def __len__(self) -> int:
        return len(attrs.fields(type(self._event)))


@functools.cache
def _rejection(machine: str, state: str, event: str) -> str:
    return rejection(machine, state, event, guard_unmatched=(machine, state, event) in _PAIRS)


def _key(route: Route, payload: Mapping[str, Any]) -> str | None:
    if route.key is None:
        return None
    node: Any = payload
    for step in route.key.split("."):
        node = node[step]
    return str(node)


def _label(route: Route, key: str | None) -> str | None:
    return f"{route.scope}:{key}" if route.scope is not None and key is not None else key


def _problem(code: Code, where: tuple[str, str, str, str], chunk: int | None = None) -> Expected:
    """A content check's diagnostic: the route's machine, state, event and key."""
    machine, state, event, key = where
    details = {"chunk_index": chunk} if chunk is not None else {}
    return Expected(code.value, None, key, machine, state, event, details)


def _guard_payload(machine: str, payload: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((f, payload[f]) for f in _GUARD_FIELDS[machine] if f in payload)


class OracleModel:
    """The spec machines plus a simple model of the message a reply folds into.

    Use :meth:`judge` to predict what an event does (it changes nothing), then
    :meth:`commit` to apply that prediction; :meth:`states` and
    :meth:`to_dict` give what the implementation must show.
    """

    def __init__(
        self, *, name: str | None = None, role: str | None = None, created_at: str | None = None
    ) -> None:
        self.reply_id: str | None = None
        self.index = 0
        self.version = 0
        #: Every (machine, source, event, target) an accepted event took.
        self.transitions: set[tuple[str, str, str, str]] = set()
        self._machines: dict[_InstanceKey, StateMachine] = {
            ("reply", None, None): machine_class("reply")()
        }
        self._content: list[_Entity] = []
        #: The blocks later events name, by (family, id); a hint is complete at once.
        self._blocks: dict[tuple[str | None, str], _Text | _Data] = {}
        self._calls: dict[str, _Call] = {}
        self._results: dict[str, _Result] = {}
        self._name: str | None = name
        self._role: str | None = role
        self._created_at: Any = created_at
        self._created_at_given = created_at is not None
        self._finished_at: Any = None
        self._finished_reason: Any = ABSENT
        self._error: Any = ABSENT
        self._usage: dict[str, int] | None = None

    # ------------------------------------------------------------ machines

    def state_of(self, machine: str, scope: str | None, key: str | None) -> str:
        """Return the oracle state of one instance (initial when never created)."""
        instance = self._machines.get((machine, scope, key))
        if instance is None:
            return MACHINES[machine].initial
        return str(instance.current_state_value)

    def _enabled(
        self, machine: str, state: str, payload: tuple[tuple[str, Any], ...]
    ) -> frozenset[str]:
        cache_key = (machine, state, payload)
        found = _ENABLED.get(cache_key)
        if found is None:
            instance = self._instance_in(machine, state)
            events = instance.enabled_events(**oracle_payload(dict(payload)))
            found = _ENABLED[cache_key] = frozenset(str(e.id) for e in events)
        return found

    def _instance_in(self, machine: str, state: str) -> StateMachine:
        for (name, _, _), instance in self._machines.items():
            if name == machine and instance.current_state_value == state:
                return instance
        probe = _PROBES.get(machine)
        if probe is None:
            probe = _PROBES[machine] = machine_class(machine)()
        if probe.current_state_value != state:
            raise AssertionError(f"no {machine} instance in state {state!r} to ask")
        return probe

    def _check_route(
        self, route: Route, payload: Mapping[str, Any], item: int | None
    ) -> Expected | None:
        key = _key(route, payload)
        state = self.state_of(route.machine, route.scope, key)
        enabled = self._enabled(route.machine, state, _guard_payload(route.machine, payload))
        if route.event in enabled:
            return None
        code = _rejection(route.machine, state, route.event)
        return Expected(code, item, _label(route, key), route.machine, state, route.event)

    # ------------------------------------------------------------- judging

    def judge(self, event: AgentEvent) -> Verdict:
        """Predict the diagnostics and effects of ``event``; nothing changes."""
        if isinstance(event, UnknownEvent):
            unknown = Expected(Code.UNKNOWN_EVENT_TYPE.value, event=event.type)
            return Verdict((unknown,), applies=False)
        if not isinstance(event, CustomEvent):
            reply_id = event.reply_id  # type: ignore[attr-defined]
            if self.reply_id is not None and reply_id != self.reply_id:
                mismatch = Expected(Code.REPLY_ID_MISMATCH.value, None, reply_id, event=event.KIND)
                return Verdict((mismatch,), applies=False)
        fields = _Fields(event)
        routes = ROUTES[event.KIND]
        for route in routes:
            if route.items is None:
                rejected = self._check_route(route, fields, None)
                if rejected is not None:
                    return Verdict((rejected,), applies=False)
        problem = self._content_problem(event)
        if problem is not None:
            return Verdict((problem,), applies=False)
        per_item = [route for route in routes if route.items is not None]
        if not per_item:
            return Verdict()
        return self._judge_items(event, per_item)

    def _judge_items(self, event: Event, routes: list[Route]) -> Verdict:
        items: tuple[dict[str, Any], ...] = getattr(event, routes[0].items or "")
        found: list[Expected] = []
        accepted: list[int] = []
        seen: set[str | None] = set()
        first = routes[0]
        for index, item in enumerate(items):
            key = _key(first, item)
            rejected: Expected | None = None
            if key in seen:
                code = Code.DUPLICATE_BATCH_ITEM.value
                rejected = Expected(code, index, key, first.machine, None, first.event)
            seen.add(key)
            for route in routes:
                rejected = rejected or self._check_route(route, item, index)
            if rejected is None:
                accepted.append(index)
            else:
                found.append(rejected)
        return Verdict(tuple(found), applies=True, accepted=tuple(accepted))

    def _content_problem(self, event: Event) -> Expected | None:
        kind = event.KIND
        url = event.url if is_given(getattr(event, "url", ABSENT)) else None  # type: ignore[attr-defined]
        data = event.data if isinstance(getattr(event, "data", None), str) else ""  # type: ignore[attr-defined]
        if kind == "data_block_delta":
            block_id = event.block_id  # type: ignore[attr-defined]
            block = self._blocks[("data", block_id)]
            assert isinstance(block, _Data)
            where = ("block", self.state_of("block", "data", block_id), "delta", f"data:{block_id}")
            if url is not None:
                return _problem(Code.MIXED_DATA_SOURCE, where) if block.data else None
            if block.url is not None:
                return _problem(Code.MIXED_DATA_SOURCE, where)
            if valid_base64(data) is None:
                return _problem(Code.INVALID_BASE64, where, block.chunks)
            return None
        if kind == "tool_result_data_delta" and is_given(event.block_id):  # type: ignore[attr-defined]
            call_id = event.tool_call_id  # type: ignore[attr-defined]
            result = self._results[call_id]
            sub = result.data_block(event.block_id)  # type: ignore[attr-defined]
            if sub is None:
                return None
            state = self.state_of("tool_result", None, call_id)
            where = ("tool_result", state, "tool_result_data_delta", call_id)
            if url is not None or sub.url is not None:
                return _problem(Code.MIXED_DATA_SOURCE, where)
            if len(sub.chunks) == 1 and valid_base64(sub.chunks[0]) is None:
                return _problem(Code.INVALID_BASE64, where, 0)
            if valid_base64(data) is None:
                return _problem(Code.INVALID_BASE64, where, len(sub.chunks))
        return None

    # ------------------------------------------------------------ applying

    def skip(self) -> None:
        """Count an unreadable input object: it takes the next index and changes nothing."""
        self.index += 1
        self.version += 1

    def commit(self, event: AgentEvent, verdict: Verdict, *, strict: bool = False) -> None:
        """Apply what ``verdict`` (from :meth:`judge` on this state) says ``event`` does.

        In strict mode an event with an error applies nothing.
        """
        index = self.index
        self.index += 1
        self.version += 1
        if isinstance(event, UnknownEvent):
            return
        if index == 0 and not self._created_at_given and isinstance(event.created_at, str):
            self._created_at = event.created_at
        if not isinstance(event, CustomEvent) and self.reply_id is None:
            self.reply_id = event.reply_id  # type: ignore[attr-defined]
        if not verdict.applies or (strict and verdict.error_code is not None):
            return
        fields = _Fields(event)
        for route in ROUTES[event.KIND]:
            if route.items is None:
                self._send(route, fields)
        self._act(event)
        per_item = [route for route in ROUTES[event.KIND] if route.items is not None]
        if per_item:
            items: tuple[dict[str, Any], ...] = getattr(event, per_item[0].items or "")
            for index_ in verdict.accepted:
                for route in per_item:
                    self._send(route, items[index_])
                self._act_item(event.KIND, items[index_])

    def commit_again(self, event: AgentEvent) -> None:
        """Commit ``event`` once more, right after a commit of it that had no diagnostic
        and left every machine in its state.

        Its transitions are then self-loops, so sending it to the machines again
        would change nothing: only the index and the content move (a long run of
        one delta costs the content model's time, not the machines').
        """
        self.index += 1
        self.version += 1
        self._act(event)

    def _send(self, route: Route, payload: Mapping[str, Any]) -> None:
        key = _key(route, payload)
        instance_key = (route.machine, route.scope, key)
        instance = self._machines.get(instance_key)
        if instance is None:
            instance = self._machines[instance_key] = machine_class(route.machine)()
        guard = dict(_guard_payload(route.machine, payload))
        source = str(instance.current_state_value)
        instance.send(route.event, **oracle_payload(guard))
        self.transitions.add(
            (route.machine, source, route.event, str(instance.current_state_value))
        )
        if route.machine == "tool_call" and key is not None:
            wire = _WIRE["tool_call"][str(instance.current_state_value)]
            call = self._calls.get(key)
            if call is not None and wire is not None:
                call.wire = wire

    def _act(self, event: Any) -> None:
        kind = event.KIND
        if kind == "reply_start":
            if self._name is None:
                self._name = event.name
            if self._role is None and is_given(event.role):
                self._role = event.role
        elif kind == "reply_end":
            self._finished_at = event.created_at if is_given(event.created_at) else None
            if event.finished_reason is not ABSENT:
                self._finished_reason = event.finished_reason
            if event.error is not ABSENT:
                self._error = copy.deepcopy(event.error)
        elif kind == "model_call_end":
            self._add_usage(event)
        elif kind in ("text_block_start", "thinking_block_start"):
            self._add_block(_Text(kind.split("_")[0], event.block_id))
        elif kind == "data_block_start":
            name = None if event.name is ABSENT else event.name
            self._add_block(_Data(event.block_id, event.media_type, name))
        elif kind == "hint_block":
            source = None if event.source is ABSENT else event.source
            self._content.append(_Hint(event.block_id, copy.deepcopy(event.hint), source))
        elif kind in ("text_block_delta", "thinking_block_delta"):
            block = self._blocks[(kind.split("_")[0], event.block_id)]
            assert isinstance(block, _Text)
            block.deltas.append(event.delta)
        elif kind == "text_block_end" and is_given(event.text):
            block = self._blocks[("text", event.block_id)]
            assert isinstance(block, _Text)
            block.deltas = [event.text]
        elif kind == "data_block_delta":
            self._data_delta(event)
        else:
            self._act_tool(event)

    def _add_usage(self, event: Any) -> None:
        usage = self._usage or {"input_tokens": 0, "output_tokens": 0}
        usage["input_tokens"] += event.input_tokens
        usage["output_tokens"] += event.output_tokens
        for name in ("cache_input_tokens", "cache_creation_input_tokens"):
            value = getattr(event, name)
            if value is not ABSENT:
                usage[name] = usage.get(name, 0) + value
        self._usage = usage

    def _add_block(self, block: _Text | _Data) -> None:
        scope = block.type if isinstance(block, _Text) else "data"
        self._blocks[(scope, block.id)] = block
        self._content.append(block)

    def _data_delta(self, event: Any) -> None:
        block = self._blocks[("data", event.block_id)]
        assert isinstance(block, _Data)
        if is_given(event.url):
            block.url = event.url
            block.url_media_type = event.media_type
        else:
            block.data += valid_base64(event.data) or b""
            block.chunks += 1

    def _act_tool(self, event: Any) -> None:
        kind = event.KIND
        if kind == "tool_call_start":
            call = _Call(event.tool_call_id, event.tool_call_name, "pending")
            self._calls[call.id] = call
            self._content.append(call)
        elif kind == "tool_call_delta":
            self._calls[event.tool_call_id].input.append(event.delta)
        elif kind == "tool_result_start":
            result = _Result(event.tool_call_id, event.tool_call_name)
            self._results[result.id] = result
            self._content.append(result)
        elif kind == "tool_result_text_delta":
            streamed = self._streamed(event.tool_call_id)
            last = streamed.output[-1] if streamed.output else None
            if isinstance(last, _ResultText):
                last.deltas.append(event.delta)
            else:
                streamed.output.append(
                    _ResultText(f"{streamed.id}#text-{streamed.texts}", [event.delta])
                )
                streamed.texts += 1
        elif kind == "tool_result_data_delta":
            self._result_data(event)
        elif kind == "tool_result_end":
            streamed = self._streamed(event.tool_call_id)
            streamed.outcome = event.state
            streamed.metadata = copy.deepcopy(event.metadata) if is_given(event.metadata) else {}

    def _streamed(self, call_id: str) -> _Result:
        return self._results[call_id]

    def _result_data(self, event: Any) -> None:
        result = self._streamed(event.tool_call_id)
        url = event.url if is_given(event.url) else None
        sub = result.data_block(event.block_id) if is_given(event.block_id) else None
        if sub is None:
            count = sum(1 for b in result.output if isinstance(b, _ResultData))
            block_id = event.block_id if is_given(event.block_id) else f"{result.id}#data-{count}"
            chunks = [] if url is not None else [event.data]
            result.output.append(_ResultData(block_id, event.media_type, chunks, url))
            return
        sub.chunks.append(event.data)
        sub.media_type = event.media_type or sub.media_type

    def _act_item(self, kind: str, item: dict[str, Any]) -> None:
        if kind == "require_user_confirm":
            self._calls[item["id"]].suggested_rules = copy.deepcopy(item.get("suggested_rules", []))
        elif kind == "external_execution_result":
            self._content.append(_External(copy.deepcopy(item)))

    def signature(self) -> Hashable:
        """Everything that decides whether an event is legal now: two equal ones judge alike.

        The reply id, every instance's state, and per data block or tool-result
        data sub-block whether it holds bytes, a URL or a bad first chunk.
        """
        states = tuple((key, str(m.current_state_value)) for key, m in self._machines.items())
        blocks = tuple(
            (key, bool(b.data), b.url is not None)
            for key, b in self._blocks.items()
            if isinstance(b, _Data)
        )
        subs = tuple(
            (
                key,
                sub.id,
                sub.url is not None,
                len(sub.chunks) == 1 and valid_base64(sub.chunks[0]) is None,
            )
            for key, r in self._results.items()
            for sub in r.output
            if isinstance(sub, _ResultData)
        )
        return (self.reply_id, states, blocks, subs)

    def cells(self, event: AgentEvent) -> tuple[str, ...]:
        """Name the ``machine:state:event:guard`` cell each route of ``event`` meets now."""
        if isinstance(event, UnknownEvent):
            return ()
        found: list[str] = []
        for route in ROUTES[event.KIND]:
            payloads: tuple[Mapping[str, Any], ...] = (
                (_Fields(event),) if route.items is None else getattr(event, route.items)
            )
            for payload in payloads:
                state = self.state_of(route.machine, route.scope, _key(route, payload))
                guard = ",".join(f"{v!r}" for _, v in _guard_payload(route.machine, payload))
                found.append(f"{route.machine}:{state}:{route.event}:{guard}")
        return tuple(found)

    def finish(self) -> tuple[Expected, ...]:
        """Return the end-of-input warnings: the reply, then blocks, calls, results, each by age."""
        found: list[Expected] = []
        for machine in ("reply", "block", "tool_call", "tool_result"):
            for (name, scope, key), instance in self._machines.items():
                state = str(instance.current_state_value)
                if name == machine and state in _OPEN[machine]:
                    code = end_of_input_code(machine)
                    label = f"{scope}:{key}" if scope is not None else key
                    found.append(Expected(code, None, label, machine, state, None))
        return tuple(found)

    # --------------------------------------------------------------- views

    def states(self) -> dict[str, dict[str, str]]:
        """Return ``{machine: {label: state}}`` like ``Reducer.states()``, minus empty machines."""
        result: dict[str, dict[str, str]] = {}
        for (machine, scope, key), instance in self._machines.items():
            state = str(instance.current_state_value)
            if key is None:
                label = ""
            elif state == MACHINES[machine].initial:
                continue
            else:
                label = f"{scope}:{key}" if scope is not None else key
            result.setdefault(machine, {})[label] = state
        return result

    def content(self) -> list[dict[str, Any]]:
        """Return the expected ``content`` list of the message."""
        return [entity.dump() for entity in self._content]

    def to_dict(self) -> dict[str, Any]:
        """Return the expected ``Msg.model_dump()`` of the message."""
        message: dict[str, Any] = {
            "name": self._name if self._name is not None else "assistant",
            "role": self._role if self._role is not None else "assistant",
            "id": self.reply_id,
            "metadata": {},
            "created_at": self._created_at,
            "finished_at": self._finished_at,
            "content": self.content(),
            "usage": dict(self._usage) if self._usage is not None else None,
        }
        if self._finished_reason is not ABSENT:
            message["finished_reason"] = self._finished_reason
        if self._error is not ABSENT:
            message["error"] = copy.deepcopy(self._error)
        return message
