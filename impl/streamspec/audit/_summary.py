"""What an audit counts, as one value that merges.

Rules:

1. A :class:`Summary` is made per file (:func:`~streamspec.audit.audit_file`)
   and summaries merge with :meth:`Summary.merge`. The merge is associative
   and commutative with :data:`EMPTY` as its identity, so any split of a
   corpus, in any order and on any number of workers, gives the same summary.
2. Counts add. The worst files are the :data:`WORST_FILES` files with the
   most errors, then the most warnings, then by path; the failed files are
   the :data:`FAILED_FILES` first by path, and ``failed`` counts them all.
   Both lists are cut after sorting, so the cut is part of the merge.
3. A group is ``(key, value)``: ``source`` and every ``--group-by`` path,
   with the value as JSON text (``null`` when a file has none).
4. :meth:`Summary.to_dict` is JSON with sorted keys and :meth:`Summary.from_dict`
   reads it back whole, so a summary crosses processes, machines and the
   resume state as plain data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

__all__ = ["EMPTY", "FAILED_FILES", "WORST_FILES", "Counts", "Summary", "length_bucket"]

#: How many worst files a summary keeps.
WORST_FILES: Final = 20
#: How many failed files a summary names (all are counted).
FAILED_FILES: Final = 50

_COUNTS: Final = ("files", "events", "replies", "model_calls", "errors", "warnings")


def _add(left: Mapping[str, int], right: Mapping[str, int]) -> dict[str, int]:
    merged = dict(left)
    for key, value in right.items():
        merged[key] = merged.get(key, 0) + value
    return dict(sorted(merged.items()))


@attrs.frozen(kw_only=True)
class Counts:
    """The counts one group (or the whole corpus) has."""

    files: int = 0
    events: int = 0
    replies: int = 0
    model_calls: int = 0
    errors: int = 0
    warnings: int = 0

    def merge(self, other: Counts) -> Counts:
        """Both counts added."""
        return Counts(**{name: getattr(self, name) + getattr(other, name) for name in _COUNTS})

    def to_dict(self) -> dict[str, int]:
        """The counts as JSON."""
        return {name: getattr(self, name) for name in _COUNTS}


def length_bucket(events: int) -> str:
    """The stream-length bucket of a reply of ``events`` events: the power of two at or above it."""
    bucket = 1
    while bucket < events:
        bucket *= 2
    return str(bucket)


@attrs.frozen(kw_only=True)
class Summary:
    """Everything an audit counts over a set of files.

    Attributes:
        totals: the corpus's counts (``files`` counts the files read).
        lines: input lines read.
        failed: files that could not be read at all.
        failed_files: the first of them by path, with the reason.
        findings: ``code -> count``; ``severities``: ``severity -> count``.
        terminal_states, usage_states, finish_reasons: the model-call
            verdicts, each counted by that field.
        lengths: ``bucket -> replies``, the events of a reply rounded up to a
            power of two (:func:`length_bucket`).
        days: ``YYYY-MM-DD -> terminal state -> verdicts``, for files whose
            records carry a time (the first one found is the file's day).
        groups: ``key -> value -> counts``.
        worst: ``(errors, warnings, path)`` of the worst files.
    """

    totals: Counts = Counts()
    lines: int = 0
    failed: int = 0
    failed_files: tuple[tuple[str, str], ...] = ()
    findings: Mapping[str, int] = attrs.field(factory=dict)
    severities: Mapping[str, int] = attrs.field(factory=dict)
    terminal_states: Mapping[str, int] = attrs.field(factory=dict)
    usage_states: Mapping[str, int] = attrs.field(factory=dict)
    finish_reasons: Mapping[str, int] = attrs.field(factory=dict)
    lengths: Mapping[str, int] = attrs.field(factory=dict)
    days: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict)
    groups: Mapping[str, Mapping[str, Counts]] = attrs.field(factory=dict)
    worst: tuple[tuple[int, int, str], ...] = ()

    def merge(self, other: Summary) -> Summary:
        """This summary and ``other`` as one (rule 1)."""
        days = {
            day: _add(self.days.get(day, {}), other.days.get(day, {}))
            for day in sorted({*self.days, *other.days})
        }
        groups: dict[str, dict[str, Counts]] = {}
        for key in sorted({*self.groups, *other.groups}):
            mine, theirs = self.groups.get(key, {}), other.groups.get(key, {})
            groups[key] = {
                value: mine.get(value, Counts()).merge(theirs.get(value, Counts()))
                for value in sorted({*mine, *theirs})
            }
        worst = sorted({*self.worst, *other.worst}, key=lambda w: (-w[0], -w[1], w[2]))
        return Summary(
            totals=self.totals.merge(other.totals),
            lines=self.lines + other.lines,
            failed=self.failed + other.failed,
            failed_files=tuple(sorted({*self.failed_files, *other.failed_files}))[:FAILED_FILES],
            findings=_add(self.findings, other.findings),
            severities=_add(self.severities, other.severities),
            terminal_states=_add(self.terminal_states, other.terminal_states),
            usage_states=_add(self.usage_states, other.usage_states),
            finish_reasons=_add(self.finish_reasons, other.finish_reasons),
            lengths=_add(self.lengths, other.lengths),
            days=days,
            groups=groups,
            worst=tuple(worst[:WORST_FILES]),
        )

    @classmethod
    def of(cls, summaries: Iterable[Summary]) -> Summary:
        """All ``summaries`` merged (:data:`EMPTY` for none)."""
        merged = EMPTY
        for summary in summaries:
            merged = merged.merge(summary)
        return merged

    def headline(self) -> list[tuple[str, int]]:
        """The corpus's counts as ``(name, value)``, in the order reports show them."""
        totals = self.totals
        return [
            ("files", totals.files),
            ("failed files", self.failed),
            ("lines", self.lines),
            ("events", totals.events),
            ("replies", totals.replies),
            ("model calls", totals.model_calls),
            ("errors", totals.errors),
            ("warnings", totals.warnings),
        ]

    def ordered_groups(self) -> list[tuple[str, Mapping[str, Counts]]]:
        """The groups to show: ``source`` first, then the ``--group-by`` keys by name."""
        return sorted(self.groups.items(), key=lambda item: (item[0] != "source", item[0]))

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON (rule 4)."""
        return {
            "totals": self.totals.to_dict(),
            "lines": self.lines,
            "failed": self.failed,
            "failed_files": [{"path": p, "reason": r} for p, r in self.failed_files],
            "findings": dict(self.findings),
            "severities": dict(self.severities),
            "terminal_states": dict(self.terminal_states),
            "usage_states": dict(self.usage_states),
            "finish_reasons": dict(self.finish_reasons),
            "lengths": dict(self.lengths),
            "days": {day: dict(states) for day, states in self.days.items()},
            "groups": {
                key: {value: counts.to_dict() for value, counts in values.items()}
                for key, values in self.groups.items()
            },
            "worst": [{"path": p, "errors": e, "warnings": w} for e, w, p in self.worst],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Summary:
        """The summary :meth:`to_dict` wrote.

        Raises:
            KeyError, TypeError, ValueError: ``data`` is not such a summary.
        """
        return cls(
            totals=Counts(**data["totals"]),
            lines=int(data["lines"]),
            failed=int(data["failed"]),
            failed_files=tuple((f["path"], f["reason"]) for f in data["failed_files"]),
            findings=dict(data["findings"]),
            severities=dict(data["severities"]),
            terminal_states=dict(data["terminal_states"]),
            usage_states=dict(data["usage_states"]),
            finish_reasons=dict(data["finish_reasons"]),
            lengths=dict(data["lengths"]),
            days={day: dict(states) for day, states in data["days"].items()},
            groups={
                key: {value: Counts(**counts) for value, counts in values.items()}
                for key, values in data["groups"].items()
            },
            worst=tuple((w["errors"], w["warnings"], w["path"]) for w in data["worst"]),
        )


#: The summary of no file: the merge's identity.
EMPTY: Final = Summary()
