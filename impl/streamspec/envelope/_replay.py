"""Replay metadata: a record whose ``(run_id, sequence)`` was already applied is skipped.

Rules (issue 4 §1, from a3s's persisted run events, whose envelopes carry
``{run_id, session_id, sequence, timestamp_ms}``):

1. A record takes part when its metadata is an object with an integer
   ``sequence`` (``run_id`` a string, or absent: one anonymous run). Any other
   record passes untouched. Records read from envelopes never carry a
   ``sequence`` of another type: :func:`~streamspec.decode_envelope` refuses
   metadata whose replay keys break the envelope schema, so ``"1"``, ``1.0``
   or ``true`` cannot slip a replayed record past this filter.
6. Messages quote a run id cut to a bounded length; ``key`` and ``details``
   keep it whole.
2. The first sequence seen for a run is its baseline; nothing before it is
   expected.
3. A ``(run_id, sequence)`` already applied is skipped with a
   ``duplicate_sequence`` warning: a replayed record must not count its usage
   (or its text) twice.
4. A sequence more than one above the highest applied one is applied with a
   ``sequence_gap`` warning naming how many records are missing.
5. A sequence below the highest applied one that was never seen is applied
   with a ``sequence_regression`` warning.

:func:`replay_lines` is a filter over :class:`~streamspec._jsonl.Line` objects,
so every reader (``reduce``, ``check``, ``judge``) shares it. A skipped line
becomes a line with only the problem; a warned line becomes the problem line
followed by the record line, both with the input line's number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._events import ABSENT
from streamspec._jsonl import Line
from streamspec._quote import quoted

__all__ = ["ReplayGuard", "Verdict", "replay_key", "replay_lines"]

ReplayKey = tuple[str | None, int]


def replay_key(metadata: Any) -> ReplayKey | None:
    """Return ``(run_id, sequence)`` of envelope metadata, or ``None`` when it has none."""
    if not isinstance(metadata, dict):
        return None
    sequence = metadata.get("sequence")
    if not isinstance(sequence, int) or isinstance(sequence, bool):
        return None
    run_id = metadata.get("run_id")
    return (run_id if isinstance(run_id, str) else None, sequence)


@attrs.frozen(kw_only=True)
class Verdict:
    """What the guard decided for one record.

    Attributes:
        apply: whether the record is applied.
        diagnostic: the warning it raised, if any.
    """

    apply: bool
    diagnostic: Diagnostic | None = None


def _warning(code: Code, message: str, key: ReplayKey, **details: Any) -> Diagnostic:
    run_id, sequence = key
    return Diagnostic(
        code=code.value,
        severity=CODE_INFO[code.value].severity,
        message=message,
        key=f"{run_id}#{sequence}" if run_id is not None else f"#{sequence}",
        details={"run_id": run_id, "sequence": sequence, **details},
    )


class ReplayGuard:
    """Remembers every applied ``(run_id, sequence)`` and the highest sequence per run."""

    def __init__(self) -> None:
        self._applied: set[ReplayKey] = set()
        self._highest: dict[str | None, int] = {}

    def admit(self, metadata: Any) -> Verdict:
        """Decide whether a record with this metadata is applied, and why not."""
        key = replay_key(metadata)
        if key is None:
            return Verdict(apply=True)
        run_id, sequence = key
        run = "anonymous run" if run_id is None else f"run {quoted(run_id)}"
        shown = quoted(sequence)
        if key in self._applied:
            return Verdict(
                apply=False,
                diagnostic=_warning(
                    Code.DUPLICATE_SEQUENCE,
                    f"{run} sequence {shown} was already applied; replayed record skipped",
                    key,
                ),
            )
        self._applied.add(key)
        highest = self._highest.get(run_id)
        self._highest[run_id] = sequence if highest is None else max(highest, sequence)
        if highest is None or sequence == highest + 1:
            return Verdict(apply=True)
        if sequence > highest:
            missing = sequence - highest - 1
            return Verdict(
                apply=True,
                diagnostic=_warning(
                    Code.SEQUENCE_GAP,
                    f"{run} sequence {shown} follows {quoted(highest)}; "
                    f"{quoted(missing)} record(s) missing",
                    key,
                    previous=highest,
                    missing=missing,
                ),
            )
        return Verdict(
            apply=True,
            diagnostic=_warning(
                Code.SEQUENCE_REGRESSION,
                f"{run} sequence {shown} is lower than {quoted(highest)}, applied before it",
                key,
                previous=highest,
            ),
        )


def _metadata(record: Any) -> Any:
    metadata = getattr(record, "metadata", ABSENT)
    if metadata is ABSENT and isinstance(record, dict):
        metadata = record.get("metadata")
    return metadata


def replay_lines(
    lines: Iterable[Line],
    metadata_of: Callable[[Any], Any] = _metadata,
    guard: ReplayGuard | None = None,
) -> Iterator[Line]:
    """Filter lines through a :class:`ReplayGuard` (see the module rules).

    Args:
        lines: lines whose records carry envelope metadata.
        metadata_of: reads the metadata of a record (default: its
            ``metadata`` attribute or key).
        guard: the guard to use (a fresh one by default).
    """
    guard = guard if guard is not None else ReplayGuard()
    for line in lines:
        if line.record is None:
            yield line
            continue
        verdict = guard.admit(metadata_of(line.record))
        if verdict.diagnostic is not None:
            yield Line(number=line.number, problem=verdict.diagnostic)
        if verdict.apply:
            yield line
