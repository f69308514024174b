"""The reference implementation's ``output`` for a vector case.

Each kind is answered by the very functions that write (or replay) that
kind's vectors, so the reference passes every shipped vector by
construction:

- ``reduce``: :func:`streamspec.reply._reduce_vectors.expected_of`;
- ``judge``: :func:`streamspec.completion._vectors.run_case`;
- ``envelope``: ``read_result``, ``convert_result`` and ``projection_result``
  of :mod:`streamspec.envelope._vectors`;
- ``pairing``: :mod:`streamspec.pairing` (``check_history``, ``repair`` and
  the seed's three steps), as ``tests/pairing/test_pairing_vectors.py`` runs
  them.

Output keys per kind are those of ``spec/protocol/README.md``. A reduce
output holds only the parts of the ``checks`` asked for: ``message`` (with
``after_each``), ``diagnostics`` (with ``raised``) and ``states``. Each kind's
modules are imported by :func:`preload` (or on first use), so a program that
answers one kind never loads the others, and its first case costs no more
than its last.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

from streamspec._errors import UsageError
from streamspec.conform._protocol import CHECKS, KINDS

__all__ = ["ALL_CHECKS", "ALL_KINDS", "SEED_STEPS", "preload", "reference_output"]

#: Every check a reduce output can be compared on.
ALL_CHECKS: Final = CHECKS
#: Every kind of vector.
ALL_KINDS: Final = KINDS
#: The pairing operations that are seed 003's steps: output ``messages`` and ``changed``.
SEED_STEPS: Final = (
    "merge_adjacent_tool_calls",
    "repack_tool_result_blocks",
    "cleanup_orphan_tool_calls",
)
#: Which reduce output keys each check brings.
_CHECK_KEYS: Final = {
    "message": ("message", "after_each"),
    "diagnostics": ("diagnostics", "raised"),
    "states": ("states",),
}


#: The module each kind's answers come from.
_KIND_MODULES: Final = {
    "reduce": "streamspec.reply._reduce_vectors",
    "judge": "streamspec.completion._vectors",
    "envelope": "streamspec.envelope._vectors",
    "pairing": "streamspec.pairing",
}


def preload(kinds: Collection[str]) -> None:
    """Import the modules that answer ``kinds`` now, before the first case's clock starts."""
    for kind in kinds:
        importlib.import_module(_KIND_MODULES[kind])


def _reduce(case: Mapping[str, Any], after_each: bool, checks: Collection[str]) -> dict[str, Any]:
    from streamspec.reply._reduce_vectors import expected_of  # noqa: PLC0415

    full = expected_of(list(case["events"]), dict(case.get("options", {})), each=after_each)
    keys = {key for check in checks for key in _CHECK_KEYS[check]}
    return {key: value for key, value in full.items() if key in keys}


def _judge(case: Mapping[str, Any]) -> dict[str, Any]:
    from streamspec.completion._vectors import run_case  # noqa: PLC0415

    return run_case(case)


def _envelope(case: Mapping[str, Any]) -> dict[str, Any]:
    from streamspec.envelope import _vectors  # noqa: PLC0415

    kind = case.get("kind")
    if kind == "read":
        return _vectors.read_result(case["source"], case["input"])
    if kind == "convert":
        return _vectors.convert_result(case["source"], case["target"], case["input"])
    if kind == "projection":
        return _vectors.projection_result(dict(case["envelope"]))
    raise UsageError(f"unknown envelope vector kind {kind!r}; expected read, convert or projection")


def _violations(violations: Collection[Any]) -> list[dict[str, Any]]:
    """Violations as the protocol sends them: ``{index, rule, upstream_error}``."""
    return [
        {"index": v.index, "rule": v.rule.value, "upstream_error": v.message} for v in violations
    ]


def _pairing(case: Mapping[str, Any]) -> dict[str, Any]:
    from streamspec import pairing  # noqa: PLC0415

    operation = case.get("operation")
    history = list(case["input"])
    if operation == "check":
        return {"violations": _violations(pairing.check_history(history, case["dialect"]))}
    if operation == "repair":
        options = case.get("options", {})
        messages, report = pairing.repair(
            history,
            case["dialect"],
            orphans=options.get("orphans", "drop"),
            fixes=options.get("fixes", ()),
        )
        return {
            "messages": messages,
            "changed": report.changed,
            "unrepaired": _violations(report.unrepaired),
            "actions": [action.to_dict() for action in report.actions],
        }
    if operation in SEED_STEPS:
        step: Callable[[list[Any]], tuple[list[Any], bool]] = getattr(pairing, operation)
        messages, changed = step(history)
        return {"messages": messages, "changed": changed}
    raise UsageError(
        f"unknown pairing operation {operation!r}; expected check, repair or one of "
        f"{list(SEED_STEPS)}"
    )


def reference_output(
    kind: str,
    case: Mapping[str, Any],
    *,
    after_each: bool = False,
    checks: Collection[str] = ALL_CHECKS,
) -> dict[str, Any]:
    """Return the reference implementation's protocol ``output`` for one case.

    Args:
        kind: ``reduce``, ``judge``, ``envelope`` or ``pairing``.
        case: the vector case; expectation keys, if present, are ignored.
        after_each: reduce only: also give the message after every event.
        checks: reduce only: which parts to give (``message``, ``diagnostics``,
            ``states``).

    Raises:
        UsageError: an unknown kind, check, envelope kind or pairing operation.
        KeyError: the case lacks an input key its kind needs.
    """
    unknown = sorted(set(checks) - set(ALL_CHECKS))
    if unknown:
        raise UsageError(f"unknown checks {unknown}; expected a subset of {list(ALL_CHECKS)}")
    if kind == "reduce":
        return _reduce(case, after_each, checks)
    if kind == "judge":
        return _judge(case)
    if kind == "envelope":
        return _envelope(case)
    if kind == "pairing":
        return _pairing(case)
    raise UsageError(f"unknown kind {kind!r}; expected one of {list(ALL_KINDS)}")
