"""Comparing a program's output with a vector's expectations.

Rules (``spec/README.md`` §7 and each kind's runner section in
``spec/vectors/<kind>/README.md``):

1. JSON equality: the same JSON type (``true`` is not a number), numbers
   equal as numbers (``1`` equals ``1.0``), object key order ignored, arrays
   in order.
2. :func:`first_difference` walks in a fixed order: arrays by index (a length
   difference is reported at the first index one side lacks), objects by
   sorted key. Paths are JSONPath-like, ``$.output.message.content[0].text``.
3. :func:`compare` applies the per-kind rules and reports the first
   difference of each compared part, in output-key order:

   - reduce: ``message`` (and ``after_each`` when expected) under the
     ``message`` check; ``diagnostics`` element by element on the nine
     fields, ``details.paths`` of ``unreadable_line`` as a set, plus
     ``raised`` on the same fields, under ``diagnostics``; ``states`` under
     ``states``. Checks not in ``checks`` are not compared.
   - judge: ``verdicts`` whole; ``problems`` on ``line`` and ``code``
     (``[]`` when the case has none); for seed 002 cases every
     ``seed_expected`` key but ``notes`` against the single verdict.
   - envelope: every key of ``expected``; a problem is compared on ``code``,
     ``details`` and ``normative_message``, never on a free-text ``message``.
   - pairing: only the keys ``expected`` holds (``unrepaired`` of a repair
     always, ``[]`` when absent on either side); violations on ``index``,
     ``rule`` and the ``upstream_error`` the expected entry names; actions on
     the keys each expected entry names; ``summary`` derived from the
     output's ``messages`` by the pairing README's summary rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from streamspec._errors import UsageError
from streamspec._json_kind import json_kind

__all__ = [
    "ALL_CHECKS",
    "DIAGNOSTIC_FIELDS",
    "KINDS",
    "MISSING",
    "Comparison",
    "Difference",
    "compare",
    "first_difference",
    "summarize_history",
]

#: The vector kinds, in the order a run takes them.
KINDS: Final = ("reduce", "judge", "envelope", "pairing")

#: The reduce checks a program may support.
ALL_CHECKS: Final = ("message", "diagnostics", "states")

#: The diagnostic fields a runner compares (``message`` and ``allowed`` never).
DIAGNOSTIC_FIELDS: Final = (
    "code",
    "severity",
    "index",
    "item",
    "machine",
    "state",
    "event",
    "key",
    "details",
)


class _Missing:
    """The value of a key or index one side does not have."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "<absent>"

    def __bool__(self) -> bool:
        return False


#: Stands for an absent value in a :class:`Difference`.
MISSING: Final = _Missing()


@attrs.frozen
class Difference:
    """Where two JSON values first differ.

    Attributes:
        path: JSONPath-like location, ``$.output.message.content[0].text``.
        expected: the expected value there, :data:`MISSING` when absent.
        actual: the actual value there, :data:`MISSING` when absent.
    """

    path: str
    expected: Any
    actual: Any


@attrs.frozen
class Comparison:
    """The outcome of comparing one output with one case.

    Attributes:
        passed: true when no compared part differs.
        differences: the first difference of each part that differs, in order.
        compared: what was compared (the reduce checks, else the output keys).
    """

    passed: bool
    differences: tuple[Difference, ...]
    compared: tuple[str, ...]


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _key_path(path: str, key: str) -> str:
    if _NAME.match(key):
        return f"{path}.{key}"
    escaped = key.replace("\\", "\\\\").replace('"', '\\"')
    return f'{path}["{escaped}"]'


def first_difference(expected: Any, actual: Any, path: str = "$") -> Difference | None:
    """Return the first place where two JSON values differ, or None when equal.

    Equality follows ``spec/README.md`` §7; the walk order is deterministic
    (arrays by index, objects by sorted key).
    """
    kind = json_kind(expected)
    if kind != json_kind(actual):
        return Difference(path, expected, actual)
    if kind == "object":
        for key in sorted(set(expected) | set(actual)):
            here = _key_path(path, key)
            if key not in expected or key not in actual:
                return Difference(here, expected.get(key, MISSING), actual.get(key, MISSING))
            found = first_difference(expected[key], actual[key], here)
            if found is not None:
                return found
        return None
    if kind == "array":
        for index in range(max(len(expected), len(actual))):
            here = f"{path}[{index}]"
            if index >= len(expected) or index >= len(actual):
                return Difference(
                    here,
                    expected[index] if index < len(expected) else MISSING,
                    actual[index] if index < len(actual) else MISSING,
                )
            found = first_difference(expected[index], actual[index], here)
            if found is not None:
                return found
        return None
    if expected != actual:
        return Difference(path, expected, actual)
    return None


def _projected(value: Any, keys: Sequence[str]) -> Any:
    """Keep only ``keys`` of an object (a non-object is returned as it is)."""
    if not isinstance(value, Mapping):
        return value
    return {key: value[key] for key in keys if key in value}


def _elementwise(
    expected: Sequence[Any],
    actual: Any,
    path: str,
    keys_of: Callable[[Any], Sequence[str]],
) -> Difference | None:
    """Compare two arrays element by element, each on the keys ``keys_of(expected item)``."""
    if not isinstance(actual, list | tuple):
        return Difference(path, expected, actual)
    for index in range(max(len(expected), len(actual))):
        here = f"{path}[{index}]"
        if index >= len(expected) or index >= len(actual):
            return Difference(
                here,
                expected[index] if index < len(expected) else MISSING,
                actual[index] if index < len(actual) else MISSING,
            )
        want = expected[index]
        keys = keys_of(want)
        found = first_difference(_projected(want, keys), _projected(actual[index], keys), here)
        if found is not None:
            return found
    return None


# --- reduce -------------------------------------------------------------------


def _diagnostic_difference(expected: Any, actual: Any, path: str) -> Difference | None:
    if not isinstance(expected, Mapping) or not isinstance(actual, Mapping):
        return first_difference(expected, actual, path)
    want = _projected(expected, DIAGNOSTIC_FIELDS)
    got = _projected(actual, DIAGNOSTIC_FIELDS)
    if expected.get("code") == "unreadable_line":
        want, got = _paths_as_set(want), _paths_as_set(got)
    return first_difference(want, got, path)


def _paths_as_set(diagnostic: dict[str, Any]) -> dict[str, Any]:
    """Sort ``details.paths`` (duplicates dropped) so that it compares as a set."""
    details = diagnostic.get("details")
    if not isinstance(details, Mapping):
        return diagnostic
    paths = details.get("paths")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        return diagnostic
    return {**diagnostic, "details": {**details, "paths": sorted(set(paths))}}


def _diagnostics_difference(expected: Sequence[Any], actual: Any, path: str) -> Difference | None:
    if not isinstance(actual, list | tuple):
        return Difference(path, expected, actual)
    for index in range(max(len(expected), len(actual))):
        here = f"{path}[{index}]"
        if index >= len(expected) or index >= len(actual):
            return Difference(
                here,
                expected[index] if index < len(expected) else MISSING,
                actual[index] if index < len(actual) else MISSING,
            )
        found = _diagnostic_difference(expected[index], actual[index], here)
        if found is not None:
            return found
    return None


def _reduce(
    case: Mapping[str, Any], output: Mapping[str, Any], checks: Collection[str]
) -> Iterator[tuple[str, Difference | None]]:
    expected = case["expected"]
    if "message" in checks:
        yield (
            "message",
            first_difference(
                expected["message"], output.get("message", MISSING), "$.output.message"
            ),
        )
        if "after_each" in expected:
            yield (
                "after_each",
                first_difference(
                    expected["after_each"], output.get("after_each", MISSING), "$.output.after_each"
                ),
            )
    if "diagnostics" in checks:
        yield (
            "diagnostics",
            _diagnostics_difference(
                expected["diagnostics"], output.get("diagnostics", MISSING), "$.output.diagnostics"
            ),
        )
        want = expected.get("raised", MISSING)
        got = output.get("raised", MISSING)
        if want is MISSING or got is MISSING:
            found = None if want is got else Difference("$.output.raised", want, got)
        else:
            found = _diagnostic_difference(want, got, "$.output.raised")
        yield "raised", found
    if "states" in checks:
        yield (
            "states",
            first_difference(expected["states"], output.get("states", MISSING), "$.output.states"),
        )


# --- judge --------------------------------------------------------------------


def _judge(
    case: Mapping[str, Any], output: Mapping[str, Any]
) -> Iterator[tuple[str, Difference | None]]:
    verdicts = output.get("verdicts", MISSING)
    yield "verdicts", first_difference(case["expected"], verdicts, "$.output.verdicts")
    yield (
        "problems",
        _elementwise(
            case.get("problems", []),
            output.get("problems", MISSING),
            "$.output.problems",
            lambda _: ("line", "code"),
        ),
    )
    seed = case.get("seed_expected")
    if isinstance(seed, Mapping):
        wanted = {key: value for key, value in seed.items() if key != "notes"}
        first = verdicts[0] if isinstance(verdicts, list | tuple) and verdicts else MISSING
        found = first_difference(wanted, _projected(first, tuple(wanted)), "$.output.verdicts[0]")
        yield "seed_expected", found


# --- envelope -----------------------------------------------------------------

_PROBLEM_KEYS: Final = ("code", "details", "normative_message")


#: Where problems sit in an envelope expectation: the key and the key inside each entry.
_PROBLEM_PLACES: Final = {"lines": "problem", "outputs": "problems"}


def _problems_only(value: Any) -> Any:
    """Keep the compared keys of a problem (or of each problem of a list)."""
    if isinstance(value, Mapping):
        return _projected(value, _PROBLEM_KEYS)
    if isinstance(value, list | tuple):
        return [_problems_only(item) for item in value]
    return value


def _without_free_text(key: str, value: Any) -> Any:
    """Drop the free-text ``message`` of every problem of an envelope output key."""
    inner = _PROBLEM_PLACES.get(key)
    if inner is None or not isinstance(value, list | tuple):
        return value
    return [
        {**entry, inner: _problems_only(entry[inner])}
        if isinstance(entry, Mapping) and inner in entry
        else entry
        for entry in value
    ]


def _envelope(
    case: Mapping[str, Any], output: Mapping[str, Any]
) -> Iterator[tuple[str, Difference | None]]:
    for key, want in case["expected"].items():
        got = output.get(key, MISSING)
        yield (
            key,
            first_difference(
                _without_free_text(key, want), _without_free_text(key, got), f"$.output.{key}"
            ),
        )


# --- pairing ------------------------------------------------------------------


def summarize_history(history: Any) -> list[str]:
    """One summary string per item of a history (the pairing README's summary rule)."""
    if not isinstance(history, list | tuple):
        return []
    return [_summary(item) for item in history]


def _summary(item: Any) -> str:
    if not isinstance(item, Mapping):
        return "<non-object>"
    role = item.get("role")
    role = role if isinstance(role, str) else ""
    if role == "tool":
        call_id = item.get("tool_call_id")
        return f"tool({call_id if isinstance(call_id, str) else ''})"
    calls = item.get("tool_calls")
    ids: list[str] = []
    if isinstance(calls, list | tuple):
        for entry in calls:
            if isinstance(entry, Mapping):
                entry_id = entry.get("id")
                ids.append(entry_id if isinstance(entry_id, str) else "")
    return f"{role}({','.join(ids)})" if ids else f"{role}(-)"


def _violation_keys(entry: Any) -> Sequence[str]:
    if isinstance(entry, Mapping) and "upstream_error" in entry:
        return ("index", "rule", "upstream_error")
    return ("index", "rule")


def _entry_keys(entry: Any) -> Sequence[str]:
    return tuple(entry) if isinstance(entry, Mapping) else ()


def _pairing(
    case: Mapping[str, Any], output: Mapping[str, Any]
) -> Iterator[tuple[str, Difference | None]]:
    expected = case["expected"]
    keys = list(expected)
    if case.get("operation") == "repair" and "unrepaired" not in keys:
        keys.append("unrepaired")
    for key in keys:
        path = f"$.output.{key}"
        if key in {"violations", "unrepaired"}:
            want = expected.get(key, [])
            got = output.get(key, [] if key == "unrepaired" else MISSING)
            yield key, _elementwise(want, got, path, _violation_keys)
        elif key == "actions":
            yield key, _elementwise(expected[key], output.get(key, MISSING), path, _entry_keys)
        elif key == "summary":
            messages = output.get("messages", MISSING)
            if not isinstance(messages, list | tuple):
                yield key, Difference("$.output.messages", MISSING, messages)
            else:
                yield key, first_difference(expected[key], summarize_history(messages), path)
        else:
            yield key, first_difference(expected[key], output.get(key, MISSING), path)


def compare(
    kind: str, case: Mapping[str, Any], output: Mapping[str, Any], checks: Collection[str]
) -> Comparison:
    """Compare a program's ``output`` for ``case`` (the full vector case) by ``kind``'s rules.

    ``checks`` limits a reduce comparison to the checks the program supports;
    the other kinds are always compared whole.
    """
    if kind == "reduce":
        parts = list(_reduce(case, output, checks))
        compared = tuple(check for check in ALL_CHECKS if check in checks)
    elif kind == "judge":
        parts = list(_judge(case, output))
        compared = tuple(dict.fromkeys(name for name, _ in parts))
    elif kind == "envelope":
        parts = list(_envelope(case, output))
        compared = tuple(name for name, _ in parts)
    elif kind == "pairing":
        parts = list(_pairing(case, output))
        compared = tuple(name for name, _ in parts)
    else:
        raise UsageError(f"unknown vector kind {kind!r}; expected one of {', '.join(KINDS)}")
    differences = tuple(found for _, found in parts if found is not None)
    return Comparison(passed=not differences, differences=differences, compared=compared)
