"""A deliberately simple fold of AgentScope JSON events driven by spec/ alone.

Legality comes from the JSON tables (``spec/routing.json``,
``spec/machines/*.json``): a missing row rejects. Every change to the message
comes from ``spec/actions.json``, read by one generic interpreter of its value,
condition and operation vocabulary; there is no code per action here. The
message is a plain dict in its dump shape; hidden fields sit in a side table
keyed by the entity's ``id()``.
"""

from __future__ import annotations

import base64
import copy
import json
import re
from pathlib import Path
from typing import Any

SPEC = Path(__file__).resolve().parent.parent / "spec"


def _load(relative: str) -> Any:
    return json.loads((SPEC / relative).read_text(encoding="utf-8"))


ACTIONS: dict[str, Any] = _load("actions.json")
ROUTES: dict[str, list[dict[str, Any]]] = _load("routing.json")["routes"]
MACHINES: dict[str, dict[str, Any]] = {
    machine["machine"]: machine
    for path in sorted((SPEC / "machines").glob("*.json"))
    for machine in _load(f"machines/{path.name}")["machines"]
    if any(machine["machine"] == r["machine"] for rs in ROUTES.values() for r in rs)
}

ABSENT = object()
SKIP = object()


class Rejected(Exception):
    """The event (or batch item) is rejected: by a table, a check, or its reply id."""

    def __init__(self, code: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.details = details or {}


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``true`` is not ``1``."""
    return type(a) is type(b) and a == b


class ActionsModel:
    """Folds wire JSON events as ``spec/`` says; ``apply`` returns what it rejected."""

    def __init__(self, actions: dict[str, Any] | None = None, **options: Any) -> None:
        self.spec = actions if actions is not None else ACTIONS
        self.base64 = re.compile(self.spec["base64_pattern"])
        self.message: dict[str, Any] = {}
        for field, spec in self.spec["message"]["initial"].items():
            value = options.get(spec["option"]) if "option" in spec else spec["const"]
            self.message[field] = copy.deepcopy(value)
        self.hidden: dict[int, dict[str, Any]] = {}
        self.states: dict[str, dict[str, str]] = {name: {} for name in MACHINES}
        self.index = 0

    # ------------------------------------------------------------- judging

    def skip_unreadable(self) -> None:
        """An object that is not a valid event takes an index and changes nothing."""
        self.index += 1

    def apply(self, event: dict[str, Any]) -> list[tuple[str, int | None, dict[str, Any]]]:
        """Apply one event; return ``(code, item, details)`` per rejection (code ``rejected``
        for a table's rejection, ``unknown`` for an unknown type)."""
        index, self.index = self.index, self.index + 1
        kind = str(event.get("type", "")).lower()
        if kind not in ROUTES or event["type"] != kind.upper():
            return [("unknown", None, {})]
        env = {"event": event, "message": self.message}
        for stamp in self.spec["message"]["stamps"]:
            if not stamp["first_event_only"] or index == 0:
                self._set(self.message, stamp["field"], stamp["value"], env, stamp["unless_set"])
        given = event.get("reply_id", ABSENT)
        if given is not ABSENT and given != self.message["id"]:
            return [("rejected", None, {})]
        whole = [r for r in ROUTES[kind] if "items" not in r]
        try:
            judged = [self._judge(route, kind, event, None) for route in whole]
        except Rejected as rejection:
            return [(rejection.code, None, rejection.details)]
        self._act(judged)
        batch = [r for r in ROUTES[kind] if "items" in r]
        return self._apply_batch(kind, event, batch) if batch else []

    def _apply_batch(
        self, kind: str, event: dict[str, Any], routes: list[dict[str, Any]]
    ) -> list[tuple[str, int | None, dict[str, Any]]]:
        rejected: list[tuple[str, int | None, dict[str, Any]]] = []
        accepted = []
        seen: set[str] = set()
        for number, item in enumerate(event[routes[0]["items"]]):
            try:
                if _key(routes[0], item) in seen:
                    raise Rejected("rejected")
                seen.add(_key(routes[0], item))
                accepted.append([self._judge(route, kind, event, item) for route in routes])
            except Rejected as rejection:
                rejected.append((rejection.code, number, rejection.details))
        for judged in accepted:
            self._act(judged)
        return rejected

    def _judge(
        self, route: dict[str, Any], kind: str, event: dict[str, Any], item: Any
    ) -> tuple[Any, ...]:
        machine = MACHINES[route["machine"]]
        payload = item if item is not None else event
        key = _key(route, payload) if "key" in route else ""
        instance = f"{route['scope']}:{key}" if "scope" in route else key
        state = self.states[machine["machine"]].get(instance, machine["initial"])
        rows = [
            row
            for row in machine["rows"]
            if row["source"] == state
            and row["event"] == route["event"]
            and (
                row["guard"] is None
                or _same(payload.get(row["guard"]["field"], ABSENT), row["guard"]["equals"])
            )
        ]
        if not rows:
            raise Rejected("rejected")
        row = rows[0]
        case, env = None, {"event": event, "item": item, "message": self.message}
        if row["action"] is not None:
            case, env = self._case(self.spec["actions"][row["action"]], kind, env)
            for check in case.get("checks", ()):
                if all(self._holds(c, env) for c in check["if"]):
                    details = {k: self._value(v, env) for k, v in check["details"].items()}
                    raise Rejected(check["code"], details)
        return (machine, key, instance, row, case, env)

    def _case(
        self, action: dict[str, Any], kind: str, env: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The first case for ``kind`` whose conditions hold, with its target and bindings."""
        for case in action["cases"]:
            if kind not in case["events"]:
                continue
            here = dict(env)
            if "target" in case:
                here["target"] = self._find(case["target"], here)
            if all(self._holds(c, here) for c in case.get("when", ())):
                return case, here
        raise AssertionError(f"no case of {action} for {kind}")

    def _act(self, judged: list[tuple[Any, ...]]) -> None:
        for machine, key, instance, row, case, env in judged:
            if case is not None:
                for effect in case["effects"]:
                    self._effect(effect, env)
            self.states[machine["machine"]][instance] = row["target"]
            for rule in self.spec["wire_state"]:
                if rule["machine"] != machine["machine"]:
                    continue
                wire = next(s["wire"] for s in machine["states"] if s["name"] == row["target"])
                if wire is not None:
                    entity = self._find({**rule["entity"], "id": "instance"}, {"instance": key})
                    entity[rule["field"]] = wire

    # --------------------------------------------------------- vocabulary

    def _resolve(self, ref: str, env: dict[str, Any]) -> Any:
        root, *steps = ref.split(".")
        node = env.get(root, ABSENT)
        for step in steps:
            hidden = self.hidden.get(id(node), {}) if isinstance(node, dict) else {}
            if step in hidden:
                node = hidden[step]
            elif isinstance(node, dict) and step in node:
                node = node[step]
            else:
                return ABSENT
        return node

    def _find(self, spec: Any, env: dict[str, Any]) -> dict[str, Any]:
        if spec == "message":
            return self.message
        wanted = env["instance"] if spec["id"] == "instance" else self._resolve(spec["id"], env)
        entries = self._resolve(spec["in"], {**env, "message": self.message})
        matches = [e for e in entries if e.get("type") == spec["type"] and e.get("id") == wanted]
        assert matches, f"the tables let an event address a missing entity: {spec}"
        found: dict[str, Any] = matches[0]
        return found

    def _value(self, expr: dict[str, Any], env: dict[str, Any]) -> Any:
        if "const" in expr:
            return copy.deepcopy(expr["const"])
        if "object" in expr:
            built = {k: self._value(v, env) for k, v in expr["object"].items()}
            assert SKIP not in built.values()
            return built
        if "numbered" in expr:
            target = env["target"]
            n = sum(1 for e in target["output"] if e.get("type") == expr["numbered"])
            return f"{target['id']}#{expr['numbered']}-{n}"
        value = self._resolve(expr["read"], env)
        for when, test in (("absent", value is ABSENT), ("null", value is None)):
            if test and when in expr:
                return SKIP if expr[when] == "skip" else self._value(expr[when], env)
        assert value is not ABSENT, f"a required field is absent: {expr['read']}"
        if expr.get("empty") == "skip" and value == "":
            return SKIP
        return copy.deepcopy(value)

    def _holds(self, condition: dict[str, Any], env: dict[str, Any]) -> bool:
        ((name, arg),) = condition.items()
        if name in ("given", "not_given"):
            value = self._resolve(arg, env)
            return (value is not ABSENT and value is not None) == (name == "given")
        if name in ("equals", "not_equals"):
            value = self._resolve(arg[0], env)
            return value is not ABSENT and _same(value, arg[1]) == (name == "equals")
        if name == "invalid_base64":
            return self.base64.fullmatch(self._resolve(arg, env)) is None
        entries = self._resolve(arg["in"], env)
        if name == "last":
            hit = entries[-1:] if entries and entries[-1].get("type") == arg["type"] else []
        else:
            wanted = self._resolve(arg["id"], env)
            hit = [e for e in entries if e.get("type") == arg["type"] and e.get("id") == wanted]
            hit = hit if wanted is not ABSENT else []
        if hit:
            env["found"] = hit[0]
        return bool(hit)

    def _effect(self, effect: dict[str, Any], env: dict[str, Any]) -> None:
        op = effect["op"]
        if op == "append":
            entity = {k: self._value(v, env) for k, v in effect["entity"].items()}
            assert SKIP not in entity.values()
            self._resolve(effect["to"], env).append(entity)
            self.hidden[id(entity)] = copy.deepcopy(effect.get("hidden", {}))
            return
        holder = env[effect.get("at", "target")]
        if op == "set":
            self._set(
                holder, effect["field"], effect["value"], env, effect.get("unless_set", False)
            )
        elif op == "concat":
            value = self._value(effect["value"], env)
            parent, last = _parent(holder, effect["field"])
            if value is not SKIP:
                parent[last] += value
        elif op == "append_base64":
            value = self._value(effect["value"], env)
            assert value is not SKIP
            parent, last = _parent(holder, effect["field"])
            joined = base64.b64decode(parent[last]) + base64.b64decode(value)
            parent[last] = base64.b64encode(joined).decode("ascii")
            self.hidden[id(holder)]["chunks"] += 1
        elif op == "add_counts":
            parent, last = _parent(holder, effect["field"])
            if parent[last] is None:
                parent[last] = dict.fromkeys(effect["counts"], 0)
            counts = parent[last]
            for name, expr in effect["counts"].items():
                counts[name] += self._value(expr, env)
            for name, expr in effect["once_reported"].items():
                value = self._value(expr, env)
                if value is not SKIP or name in counts:
                    counts[name] = counts.get(name, 0) + (0 if value is SKIP else value)
        else:
            raise AssertionError(f"unknown operation {op!r}")

    def _set(
        self, holder: dict[str, Any], field: str, expr: Any, env: dict[str, Any], unless: bool
    ) -> None:
        parent, last = _parent(holder, field)
        if unless and parent.get(last) is not None:
            return
        value = self._value(expr, env)
        if value is not SKIP:
            parent[last] = value

    # ---------------------------------------------------------------- dump

    def to_dict(self) -> dict[str, Any]:
        """The message as its dump: keys in order, defaults for null fields."""
        dump = self.spec["message"]["dump"]
        message = copy.deepcopy(self.message)
        for field, default in dump["defaults"].items():
            if message[field] is None:
                message[field] = default
        return {k: message[k] for k in dump["order"] if k in message}

    def labelled_states(self) -> dict[str, dict[str, str]]:
        """Every instance's state, labelled as ``Reducer.states()`` labels them."""
        reply = self.states["reply"].get("", MACHINES["reply"]["initial"])
        return {
            "reply": {"": reply},
            **{m: dict(s) for m, s in self.states.items() if m != "reply"},
        }


def _key(route: dict[str, Any], payload: dict[str, Any]) -> str:
    node: Any = payload
    for step in route["key"].split("."):
        node = node[step]
    return str(node)


def _parent(holder: dict[str, Any], path: str) -> tuple[dict[str, Any], str]:
    *steps, last = path.split(".")
    for step in steps:
        holder = holder[step]
    return holder, last
