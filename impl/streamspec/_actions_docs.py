"""The generated "Actions" section of docs/machines.md, from ``spec/actions.json``.

Rules:

1. One row per action, in file order: the machine inputs and event kinds
   that fire it, what it reads, and per case the entity it addresses, the
   conditions that select the case and its effects, written in a compact
   notation (``+=`` concatenates, ``:=`` replaces, ``⊕`` appends base64 bytes).
2. A second table lists every content check: the action and event it
   belongs to, the conditions that reject, the code and its ``details``.
3. The vocabulary (values, conditions, operations) is rendered from the
   definitions in the file itself, so the page never says more than the data.

:mod:`streamspec._docs` collects :data:`SECTIONS` (it lists this module among
its part generators); the section's home is the first of :data:`DOC_FILES`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from streamspec._resources import load_spec_json

__all__ = ["DOC_FILES", "SECTIONS", "render_actions"]


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _value(expr: Mapping[str, Any]) -> str:
    """A value expression in the compact notation."""
    if "const" in expr:
        return _json(expr["const"])
    if "object" in expr:
        inner = ", ".join(f"{k}: {_value(v)}" for k, v in expr["object"].items())
        return "{" + inner + "}"
    if "numbered" in expr:
        return f'"<target.id>#{expr["numbered"]}-<n>"'
    if "option" in expr:
        return f"option {expr['option']}"
    text = expr["read"]
    fallbacks = [
        f"{when}: {'skip' if expr[when] == 'skip' else _value(expr[when])}"
        for when in ("absent", "null")
        if when in expr
    ]
    if expr.get("empty") == "skip":
        fallbacks.append("empty: skip")
    return f"{text} ({'; '.join(fallbacks)})" if fallbacks else text


def _condition(condition: Mapping[str, Any]) -> str:
    ((name, arg),) = condition.items()
    if name == "given":
        return f"{arg} given"
    if name == "not_given":
        return f"{arg} not given"
    if name in ("equals", "not_equals"):
        return f"{arg[0]} {'==' if name == 'equals' else '!='} {_json(arg[1])}"
    if name == "invalid_base64":
        return f"{arg} is not base64"
    if name == "found":
        return f"found = last {arg['type']} in {arg['in']} with id {arg['id']}"
    return f"found = last of {arg['in']}, if {arg['type']}"


def _target(target: Any) -> str:
    if target is None or target == "message":
        return "message"
    return f"the {target['type']} in {target['in']} with id {target['id']}"


def _effect(effect: Mapping[str, Any]) -> str:
    op = effect["op"]
    at = effect.get("at", "target")
    if op == "append":
        fields = ", ".join(f"{k}: {_value(v)}" for k, v in effect["entity"].items())
        hidden = effect.get("hidden")
        extra = f" (hidden {_json(hidden)})" if hidden else ""
        return f"append {{{fields}}}{extra} to {effect['to']}"
    if op == "set":
        guard = " if unset" if effect.get("unless_set") else ""
        return f"{at}.{effect['field']} := {_value(effect['value'])}{guard}"
    if op == "concat":
        return f"{at}.{effect['field']} += {_value(effect['value'])}"
    if op == "append_base64":
        return f"{at}.{effect['field']} ⊕= {_value(effect['value'])}; {at}.chunks += 1"
    counts = ", ".join(f"{k} += {_value(v)}" for k, v in effect["counts"].items())
    once = ", ".join(f"{k} += {_value(v)}" for k, v in effect["once_reported"].items())
    return f"{at}.{effect['field']}: {counts}; once reported: {once}"


def _code(text: str) -> str:
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`"


def _otherwise(action: Mapping[str, Any], case: Mapping[str, Any]) -> bool:
    """Whether an earlier case of the action serves one of this case's events."""
    earlier = action["cases"][: action["cases"].index(case)]
    return not case.get("when") and any(set(c["events"]) & set(case["events"]) for c in earlier)


def _cases(action: Mapping[str, Any]) -> str:
    lines = []
    for case in action["cases"]:
        head = ", ".join(f"`{kind}`" for kind in case["events"])
        when = case.get("when")
        if when:
            head += " when " + " and ".join(_code(_condition(c)) for c in when)
        elif _otherwise(action, case):
            head += " otherwise"
        target = _code(_target(case.get("target")))
        effects = "; ".join(_code(_effect(e)) for e in case["effects"]) or "nothing"
        checked = " (checks below)" if case.get("checks") else ""
        lines.append(f"{head}: on {target}{checked}: {effects}")
    return "<br>".join(lines)


def _vocabulary(document: Mapping[str, Any]) -> str:
    rows: list[Sequence[str]] = []
    for group in ("values", "conditions", "operations"):
        for name, text in document[group].items():
            rows.append((group.rstrip("s"), f"`{name}`", text.replace("|", "\\|")))
    return _table(("kind", "name", "definition"), rows)


def render_actions() -> str:
    """Return the Actions section: the rules, the vocabulary, every action and every check."""
    document = load_spec_json("actions.json")
    actions: Mapping[str, Any] = document["actions"]
    rows = []
    checks = []
    for name, action in actions.items():
        kinds = sorted({kind for case in action["cases"] for kind in case["events"]})
        fired = f"`{action['machine']}` on " + ", ".join(f"`{e}`" for e in action["inputs"])
        if "items" in action:
            fired += f", per item of `{action['items']}`"
        rows.append(
            (
                f"`{name}`",
                fired + "<br>" + ", ".join(f"`{k.upper()}`" for k in kinds),
                ", ".join(f"`{r}`" for r in action["reads"]),
                _cases(action),
            )
        )
        for case in action["cases"]:
            for check in case.get("checks", ()):
                details = ", ".join(f"{k}: {_value(v)}" for k, v in check["details"].items())
                checks.append(
                    (
                        f"`{name}`",
                        ", ".join(f"`{k}`" for k in case["events"]),
                        ("otherwise: " if _otherwise(action, case) else "")
                        + " and ".join(
                            _code(_condition(c)) for c in [*case.get("when", ()), *check["if"]]
                        ),
                        f"`{check['code']}`",
                        _code(details) if details else "{}",
                        check["description"],
                    )
                )
    wire = "<br>".join(rule["description"] for rule in document["wire_state"])
    return "\n".join(
        [
            "Source: `spec/actions.json` (schema `spec/schema/actions.schema.json`). "
            + document["description"]
            + "\n",
            f"**Wire state.** {wire}\n",
            "**Vocabulary.**\n",
            _vocabulary(document),
            "**Every action.** Effects per case, in order; `:=` replaces, `+=` adds or "
            "concatenates, `⊕=` appends decoded base64 bytes.\n",
            _table(("action", "fired by", "reads", "cases and effects"), rows),
            "**Content checks**, in the order they are tried; the first that holds rejects "
            "the event (or the batch item) and nothing of it applies.\n",
            _table(("action", "event", "rejects when", "code", "details", "why"), checks),
        ]
    )


#: Marker name -> renderer, collected by :mod:`streamspec._docs`.
SECTIONS: Final[Mapping[str, Callable[[], str]]] = {"actions": render_actions}
#: The doc file that holds the section.
DOC_FILES: Final = ("docs/machines.md",)
