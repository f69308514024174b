"""Pairing dialects as data: the rules, and what each upstream enforces.

The vocabulary lives in ``spec/pairing_dialects.json``: ``rules`` names every
rule with its family (``pairing`` rules are always repaired; ``role_order``
and ``arguments`` rules only under an opt-in fix; ``reasoning`` and
``identity`` rules are never repaired), and ``dialects`` gives each upstream's
predicates (reference §2.2) and its own error text per rule. Which rules a
dialect checks follows from its predicates; the file must carry a template for
exactly those rules. Loading reports every problem at once, each with its JSON
path. No message-walking lives here.
"""

from __future__ import annotations

import enum
import string
from collections.abc import Mapping
from functools import cache
from typing import Any

import attrs

from streamspec._errors import SpecError, UsageError
from streamspec._resources import load_spec_json

__all__ = [
    "PLACEHOLDERS",
    "Adjacency",
    "CallTurnPredecessor",
    "Dialect",
    "Fix",
    "Orphans",
    "RoleAfterTool",
    "Rule",
    "RuleFamily",
    "dialect_tokens",
    "get_dialect",
    "load_dialects",
    "rule_families",
]

DIALECTS_FILE = "pairing_dialects.json"


class Rule(enum.Enum):
    """A pairing rule an upstream may enforce; the values are the vector vocabulary."""

    MISSING_RESULT = "missing_result"
    STRAY_RESULT = "stray_result"
    UNMATCHED_RESULT = "unmatched_result"
    SPLIT_CALLS = "split_calls"
    DUPLICATE_ID = "duplicate_id"
    ROLE_AFTER_TOOL = "role_after_tool"
    CALL_TURN_PREDECESSOR = "call_turn_predecessor"
    INVALID_ARGUMENTS = "invalid_arguments"
    REASONING_PASSBACK = "reasoning_passback"
    EMPTY_ID = "empty_id"


class RuleFamily(enum.Enum):
    """Who repairs a rule: always, under a fix, or nobody."""

    PAIRING = "pairing"
    ROLE_ORDER = "role_order"
    ARGUMENTS = "arguments"
    REASONING = "reasoning"
    IDENTITY = "identity"


class Fix(enum.Enum):
    """An opt-in repair for a rule outside the pairing family."""

    BRIDGE = "bridge"
    INVALID_ARGUMENTS = "invalid_arguments"


class Orphans(enum.Enum):
    """What ``repair`` does with a call whose result never came."""

    DROP = "drop"
    PLACEHOLDER = "placeholder"


class Adjacency(enum.Enum):
    """Where a call's results must sit."""

    RESULTS_FOLLOW_CALL = "results_follow_call"
    NEXT_MESSAGE_ONLY = "next_message_only"


class RoleAfterTool(enum.Enum):
    """Which roles may follow a tool result."""

    ANY = "any"
    ASSISTANT_OR_TOOL = "assistant_or_tool"


class CallTurnPredecessor(enum.Enum):
    """Which turn a call turn must follow."""

    ANY = "any"
    USER_OR_TOOL = "user_or_tool"


PLACEHOLDERS = frozenset({"index", "ids", "id", "role", "prev_role", "turn", "block"})


@attrs.frozen(kw_only=True)
class RuleInfo:
    """One rule's family, the fix that repairs it (if any) and a summary."""

    family: RuleFamily
    fix: Fix | None
    summary: str


@attrs.frozen(kw_only=True)
class Dialect:
    """What one upstream enforces on a history.

    Attributes:
        token: the dialect's name (``openai``, ``anthropic`` ...).
        title: a human title.
        adjacency: where results must sit.
        split_calls_allowed: whether back-to-back call messages pass.
        duplicate_ids_allowed: whether a call id may be declared twice.
        role_after_tool: which roles may follow a tool result.
        call_turn_predecessor: which turn a call turn must follow.
        reasoning_passback_required: whether call messages need
            ``reasoning_content``.
        arguments_must_be_json: whether ``function.arguments`` must hold a
            JSON object.
        errors: the upstream's error template per checked rule.
        sources: where the rules and texts were observed.
        notes: caveats.
    """

    token: str
    title: str
    adjacency: Adjacency
    split_calls_allowed: bool
    duplicate_ids_allowed: bool
    role_after_tool: RoleAfterTool
    call_turn_predecessor: CallTurnPredecessor
    reasoning_passback_required: bool
    arguments_must_be_json: bool
    errors: Mapping[Rule, str]
    sources: tuple[str, ...]
    notes: str

    @property
    def rules(self) -> frozenset[Rule]:
        """The rules this dialect checks, derived from its predicates."""
        return _rules_of(
            split_calls_allowed=self.split_calls_allowed,
            duplicate_ids_allowed=self.duplicate_ids_allowed,
            role_after_tool=self.role_after_tool,
            call_turn_predecessor=self.call_turn_predecessor,
            reasoning_passback_required=self.reasoning_passback_required,
            arguments_must_be_json=self.arguments_must_be_json,
        )

    def message(self, rule: Rule, **fields: object) -> str:
        """Render the upstream's error text for ``rule`` with ``fields``."""
        values = dict.fromkeys(PLACEHOLDERS, "")
        values.update({k: str(v) for k, v in fields.items()})
        return self.errors[rule].format_map(values)


def _rules_of(
    *,
    split_calls_allowed: bool,
    duplicate_ids_allowed: bool,
    role_after_tool: RoleAfterTool,
    call_turn_predecessor: CallTurnPredecessor,
    reasoning_passback_required: bool,
    arguments_must_be_json: bool,
) -> frozenset[Rule]:
    rules = {Rule.MISSING_RESULT, Rule.STRAY_RESULT, Rule.UNMATCHED_RESULT, Rule.EMPTY_ID}
    optional = {
        Rule.SPLIT_CALLS: not split_calls_allowed,
        Rule.DUPLICATE_ID: not duplicate_ids_allowed,
        Rule.ROLE_AFTER_TOOL: role_after_tool is not RoleAfterTool.ANY,
        Rule.CALL_TURN_PREDECESSOR: call_turn_predecessor is not CallTurnPredecessor.ANY,
        Rule.REASONING_PASSBACK: reasoning_passback_required,
        Rule.INVALID_ARGUMENTS: arguments_must_be_json,
    }
    rules.update(rule for rule, on in optional.items() if on)
    return frozenset(rules)


_BOOLEANS = (
    "split_calls_allowed",
    "duplicate_ids_allowed",
    "reasoning_passback_required",
    "arguments_must_be_json",
)
_ENUMS: dict[str, type[enum.Enum]] = {
    "adjacency": Adjacency,
    "role_after_tool": RoleAfterTool,
    "call_turn_predecessor": CallTurnPredecessor,
}


def _enum_value(kind: type[enum.Enum], raw: Any, path: str, problems: list[str]) -> Any:
    try:
        return kind(raw)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        problems.append(f"{raw!r} is not one of {allowed} @ {path}")
        return None


def _check_template(template: Any, path: str, problems: list[str]) -> None:
    if not isinstance(template, str):
        problems.append(f"error text must be a string @ {path}")
        return
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}
    except ValueError as exc:
        problems.append(f"bad template ({exc}) @ {path}")
        return
    for name in sorted(names - PLACEHOLDERS):
        problems.append(f"unknown placeholder {{{name}}} @ {path}")


def _parse_rules(raw: Any, problems: list[str]) -> dict[Rule, RuleInfo]:
    infos: dict[Rule, RuleInfo] = {}
    if not isinstance(raw, dict):
        problems.append("must be an object @ $.rules")
        return infos
    for name, body in raw.items():
        path = f"$.rules.{name}"
        rule = _enum_value(Rule, name, path, problems)
        if not isinstance(body, dict):
            problems.append(f"must be an object @ {path}")
            continue
        family = _enum_value(RuleFamily, body.get("family"), f"{path}.family", problems)
        fix = body.get("fix")
        fix_value = None if fix is None else _enum_value(Fix, fix, f"{path}.fix", problems)
        summary = body.get("summary")
        if not isinstance(summary, str):
            problems.append(f"must be a string @ {path}.summary")
        if rule is not None and family is not None:
            infos[rule] = RuleInfo(family=family, fix=fix_value, summary=str(summary))
    problems.extend(
        f"rule {rule.value} is not described @ $.rules" for rule in Rule if rule not in infos
    )
    return infos


def _parse_dialect(token: str, raw: Any, problems: list[str]) -> Dialect | None:
    path = f"$.dialects.{token}"
    if not isinstance(raw, dict):
        problems.append(f"must be an object @ {path}")
        return None
    before = len(problems)
    fields: dict[str, Any] = {}
    for name in _BOOLEANS:
        if not isinstance(raw.get(name), bool):
            problems.append(f"must be true or false @ {path}.{name}")
        fields[name] = raw.get(name)
    for name, kind in _ENUMS.items():
        fields[name] = _enum_value(kind, raw.get(name), f"{path}.{name}", problems)
    for name in ("title", "notes"):
        if not isinstance(raw.get(name), str):
            problems.append(f"must be a string @ {path}.{name}")
    sources = raw.get("sources")
    if not isinstance(sources, list) or not all(isinstance(s, str) for s in sources):
        problems.append(f"must be a list of strings @ {path}.sources")
        sources = []
    errors_raw = raw.get("errors")
    errors: dict[Rule, str] = {}
    if not isinstance(errors_raw, dict):
        problems.append(f"must be an object @ {path}.errors")
        errors_raw = {}
    for name, template in errors_raw.items():
        rule = _enum_value(Rule, name, f"{path}.errors.{name}", problems)
        _check_template(template, f"{path}.errors.{name}", problems)
        if rule is not None and isinstance(template, str):
            errors[rule] = template
    if len(problems) > before:
        return None
    wanted = _rules_of(**{k: v for k, v in fields.items() if k != "adjacency"})
    for rule in sorted(wanted - errors.keys(), key=lambda r: r.value):
        problems.append(f"no error text for checked rule {rule.value} @ {path}.errors")
    for rule in sorted(errors.keys() - wanted, key=lambda r: r.value):
        problems.append(
            f"error text for a rule the dialect does not check @ {path}.errors.{rule.value}"
        )
    if len(problems) > before:
        return None
    return Dialect(
        token=token,
        title=raw["title"],
        errors=errors,
        sources=tuple(sources),
        notes=raw["notes"],
        **fields,
    )


def load_dialects(document: Any) -> tuple[dict[Rule, RuleInfo], dict[str, Dialect]]:
    """Validate a dialects document and build its rules and dialects.

    Args:
        document: the parsed ``pairing_dialects.json``.

    Returns:
        ``(rules, dialects)`` keyed by rule and by token.

    Raises:
        SpecError: listing every problem, each with its JSON path.
    """
    problems: list[str] = []
    if not isinstance(document, dict):
        raise SpecError(DIALECTS_FILE, ["must be an object @ $"])
    if document.get("version") != 1:
        problems.append("version must be 1 @ $.version")
    rules = _parse_rules(document.get("rules"), problems)
    dialects: dict[str, Dialect] = {}
    raw_dialects = document.get("dialects")
    if not isinstance(raw_dialects, dict) or not raw_dialects:
        problems.append("must be a non-empty object @ $.dialects")
        raw_dialects = {}
    for token, raw in raw_dialects.items():
        dialect = _parse_dialect(token, raw, problems)
        if dialect is not None:
            dialects[token] = dialect
    if problems:
        raise SpecError(DIALECTS_FILE, problems)
    return rules, dialects


@cache
def _bundled() -> tuple[dict[Rule, RuleInfo], dict[str, Dialect]]:
    return load_dialects(load_spec_json(DIALECTS_FILE))


def rule_families() -> dict[Rule, RuleInfo]:
    """Return every rule's family, fix and summary from the bundled spec."""
    return dict(_bundled()[0])


def dialect_tokens() -> tuple[str, ...]:
    """Return the bundled dialect tokens, in file order."""
    return tuple(_bundled()[1])


def get_dialect(dialect: str | Dialect) -> Dialect:
    """Look a dialect up by token (a :class:`Dialect` is returned as is).

    Raises:
        UsageError: for an unknown token; the message lists the known ones.
    """
    if isinstance(dialect, Dialect):
        return dialect
    known = _bundled()[1]
    try:
        return known[dialect]
    except (KeyError, TypeError):
        raise UsageError(
            f"unknown dialect {dialect!r}; known dialects: {', '.join(known)}"
        ) from None
