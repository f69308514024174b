"""Adapter protocol v1 over the installed AgentScope (2.0.11 or 2.0.3): ``reduce`` only.

Run as ``python -m streamspec.adapters.agentscope``, or as a plain script
(``python path/to/agentscope.py``): the module imports nothing but the
standard library and AgentScope, so it runs in an environment that has
AgentScope alone. It answers kind ``reduce`` with check ``message``: AgentScope
has no diagnostics and no state machine.

How a case is folded, the way an AgentScope consumer folds a reply:

1. Each event is the wire JSON text decoded by ``TypeAdapter(AgentEvent)``
   (``validate_json``). An object AgentScope rejects is dropped, as a consumer
   drops a line it cannot read.
2. The message is ``Msg(id, name, role, content=[], created_at)``. ``id`` is
   the case's ``reply_id``; without one, the first event that carries a
   ``reply_id`` names it (AgentScope's TUI opens a reply's message at its
   first event). ``name`` and ``role`` are the case's, else the first
   ``REPLY_START`` of the reply's (AgentScope's service builds the reply
   message from it; ``append_event`` ignores ``REPLY_START``), else
   ``"assistant"``. ``created_at`` is the case's, else the first object's when
   it decoded and carried one, else AgentScope's clock.
3. Every other decoded event goes to ``Msg.append_event``. An exception out
   of AgentScope ends the case as ``errored`` with its type and message.

Ids and times are made deterministic with AgentScope's ``set_id_factory``
(generated ids are ``agentscope-id-<n>``, counted from 0 per case) and, in
2.0.11, ``set_timestamp_factory``; an event whose JSON had no ``created_at``
is stamped with the same clock value. Normalisations of the dump, each for a
difference that ``docs/differences-agentscope.md`` documents:

- "Timestamps": a time taken from AgentScope's clock is written ``null``;
  blocks' ``created_at`` and ``finished_at`` (2.0.11) are removed, at every
  depth.
- "Post-2.0.3 keys": ``structured_output`` is removed; ``finished_reason``,
  ``error``, ``usage.cache_input_tokens`` and
  ``usage.cache_creation_input_tokens`` are removed unless an event of the
  reply (``REPLY_END`` or ``MODEL_CALL_END``) had that key in its JSON.
- "Ids of generated sub-blocks": a generated id of a tool result's text or
  data sub-block becomes ``<call id>#text-<n>`` or ``<call id>#data-<n>``.

A strict case is ``skipped``: AgentScope has no strict mode.
"""

from __future__ import annotations

import io
import itertools
import json
import logging
import sys
import warnings
from collections.abc import Iterator, Mapping
from typing import Any, TextIO

if __spec__ is None:  # run as a script: its own folder must not shadow the agentscope package
    del sys.path[0]

import agentscope
from agentscope.event import AgentEvent
from agentscope.message import Msg
from pydantic import TypeAdapter, ValidationError

__all__ = ["Fold", "answer", "reset_factories", "run_case", "serve"]

PROTOCOL = 1
CLOCK = "agentscope-clock"
ID_PREFIX = "agentscope-id-"
_BLOCK_TIMES = ("created_at", "finished_at")
_KEYED = {
    "finished_reason": ("REPLY_END", None),
    "error": ("REPLY_END", None),
    "cache_input_tokens": ("MODEL_CALL_END", "usage"),
    "cache_creation_input_tokens": ("MODEL_CALL_END", "usage"),
}

_decoder: TypeAdapter[Any] = TypeAdapter(AgentEvent)
_ids: Iterator[int] = itertools.count()


def _next_id() -> str:
    return f"{ID_PREFIX}{next(_ids)}"


def reset_factories() -> None:
    """Make AgentScope's ids (``agentscope-id-<n>``, from 0) and clock deterministic."""
    global _ids  # noqa: PLW0603 - AgentScope's factories are process-wide
    _ids = itertools.count()
    agentscope.set_id_factory(_next_id)
    if hasattr(agentscope, "set_timestamp_factory"):
        agentscope.set_timestamp_factory(lambda: CLOCK)


def _decode(obj: Any) -> Any:
    """Return AgentScope's event for one wire object, or None when it rejects it."""
    try:
        event = _decoder.validate_json(json.dumps(obj))
    except ValidationError:
        return None
    if not (isinstance(obj, dict) and "created_at" in obj):
        event.created_at = CLOCK
    return event


class Fold:
    """One reply folded into an AgentScope ``Msg`` by a consumer (rules 1-3 above).

    ``apply(index, obj)`` takes the wire object at input ``index``; ``dump()``
    returns the normalised ``Msg.model_dump()``.
    """

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.options = options
        self.msg: Any = None
        self.created_at: str = options.get("created_at") or CLOCK
        self.started = False
        self.keys_seen: set[str] = set()
        if options.get("reply_id") is not None:
            self._open(options["reply_id"])

    def _open(self, reply_id: str) -> None:
        self.msg = Msg(
            id=reply_id,
            name=self._given("name", "assistant"),
            role=self._given("role", "assistant"),
            content=[],
            created_at=self.created_at,
        )

    def _given(self, option: str, otherwise: Any) -> Any:
        value = self.options.get(option)
        return otherwise if value is None else value

    def apply(self, index: int, obj: Any) -> None:
        event = _decode(obj)
        if event is None:
            return
        if index == 0 and "created_at" not in self.options and event.created_at != CLOCK:
            self.created_at = event.created_at
            if self.msg is not None:
                self.msg.created_at = event.created_at
        reply_id = getattr(event, "reply_id", None)
        if self.msg is None:
            if reply_id is None:
                return
            self._open(reply_id)
        if reply_id == self.msg.id:
            for key, (event_type, _) in _KEYED.items():
                if obj.get("type") == event_type and key in obj:
                    self.keys_seen.add(key)
        if obj.get("type") == "REPLY_START":
            if reply_id == self.msg.id and not self.started:
                self.started = True
                self.msg.name = self._given("name", event.name)
                self.msg.role = self._given("role", event.role)
            return
        self.msg.append_event(event)

    def dump(self) -> dict[str, Any]:
        if self.msg is not None:
            return _normalise(self.msg.model_dump(mode="json"), self.keys_seen)
        # No event named a reply yet: the message a consumer would open, without an id.
        empty = Msg(
            name=self._given("name", "assistant"),
            role=self._given("role", "assistant"),
            content=[],
            created_at=self.created_at,
        )
        return {**_normalise(empty.model_dump(mode="json"), self.keys_seen), "id": None}


def _normalise(message: dict[str, Any], keys_seen: set[str]) -> dict[str, Any]:
    for key in ("created_at", "finished_at"):
        if message.get(key) == CLOCK:
            message[key] = None
    message.pop("structured_output", None)
    for key, (_, parent) in _KEYED.items():
        holder = message if parent is None else message.get(parent)
        if isinstance(holder, dict) and key not in keys_seen:
            holder.pop(key, None)
    for block in message.get("content", []):
        _strip_times(block)
        if block.get("type") == "tool_result" and isinstance(block.get("output"), list):
            _name_sub_blocks(block["id"], block["output"])
    return message


def _strip_times(value: Any) -> None:
    if isinstance(value, dict):
        if "type" in value:
            for key in _BLOCK_TIMES:
                value.pop(key, None)
        for item in value.values():
            _strip_times(item)
    elif isinstance(value, list):
        for item in value:
            _strip_times(item)


def _name_sub_blocks(call_id: str, output: list[Any]) -> None:
    counts = {"text": 0, "data": 0}
    for sub in output:
        kind = sub.get("type") if isinstance(sub, dict) else None
        if kind not in counts:
            continue
        if str(sub.get("id", "")).startswith(ID_PREFIX):
            sub["id"] = f"{call_id}#{kind}-{counts[kind]}"
        counts[kind] += 1


def run_case(case: Mapping[str, Any], *, after_each: bool = False) -> dict[str, Any]:
    """Return the answer (without ``seq``) to one ``reduce`` case."""
    options = case.get("options") or {}
    if options.get("strict"):
        return {"type": "skipped", "reason": "AgentScope has no strict mode"}
    reset_factories()
    fold = Fold(options)
    snapshots = []
    try:
        for index, obj in enumerate(case.get("events", [])):
            fold.apply(index, obj)
            if after_each:
                snapshots.append(fold.dump())
        output: dict[str, Any] = {"message": fold.dump()}
    except Exception as error:  # AgentScope's failure is the finding
        return {"type": "errored", "message": f"{type(error).__name__}: {error}"}
    if after_each:
        output["after_each"] = snapshots
    return {"type": "result", "output": output}


def answer(request: Mapping[str, Any]) -> dict[str, Any] | None:
    """Return the answer to one protocol request (None for ``stop``)."""
    kind = request.get("type")
    if kind == "start":
        if request.get("protocol") != PROTOCOL:
            return {
                "type": "errored",
                "message": f"protocol {request.get('protocol')!r} unsupported; speaks 1",
            }
        return {
            "type": "ready",
            "protocol": PROTOCOL,
            "implementation": {
                "name": "agentscope",
                "version": agentscope.__version__,
                "language": "python",
            },
            "kinds": [k for k in request.get("kinds", []) if k == "reduce"],
            "checks": [c for c in request.get("checks", []) if c == "message"],
        }
    if kind == "run":
        seq = request.get("seq")
        if request.get("kind") != "reduce":
            reply = {
                "type": "skipped",
                "reason": f"AgentScope has no {request.get('kind')} operation",
            }
        else:
            reply = run_case(request.get("case") or {}, after_each=bool(request.get("after_each")))
        return {"type": reply.pop("type"), "seq": seq, **reply}
    return None


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer requests from ``stdin`` until ``stop`` or end of input; return the exit status."""
    for line in stdin:
        request = json.loads(line)
        reply = answer(request)
        if reply is None:
            return 0
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
        if reply["type"] == "errored" and request.get("type") == "start":
            return 1
    return 0


def main() -> int:
    """Serve the protocol on stdin and stdout; AgentScope's own output goes to stderr."""
    agentscope.logger.setLevel(logging.ERROR)
    warnings.simplefilter("ignore", DeprecationWarning)
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8")
    stdout = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8")
    sys.stdout = sys.stderr
    return serve(stdin, stdout)


if __name__ == "__main__":
    sys.exit(main())
