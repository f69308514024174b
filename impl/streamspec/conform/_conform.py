"""The conformance run: every selected case through a program, compared, counted.

Theory of operation: :func:`run_conformance` sends each case (its
expectations removed, :func:`request_case`) to the program, compares a
``result`` with the case by :func:`streamspec.conform._compare.compare` on the
checks the program accepted, and hands each :class:`CaseOutcome` to the
listeners (the console, the JSONL report) as it happens. The program only
answers; every comparison is made here.

Outcomes:

- ``passed``, ``failed``: the comparison held, or did not;
- ``errored``: the program answered ``errored``, crashed, hung or broke the
  protocol on this case (the client restarts it for the next case);
- ``skipped``: the program skipped the case, or did not accept its kind in
  ``ready`` (reason ``kind not supported``; the case is never sent);
- ``xfail``: a failed or errored case listed in the expected-failure file;
- ``xpass``: a listed case that passed. It counts as failed: the list is
  stale.

The expected-failure file has one entry a line, ``<file>[#<name>]  <reason>``
(``file`` relative to the vectors root; without ``#name`` the entry covers
every case of the file); blank lines and lines starting with ``#`` are
ignored; the reason is required.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Final, Protocol

import attrs

from streamspec._errors import UsageError
from streamspec.conform._compare import ALL_CHECKS, Difference, compare
from streamspec.conform._program import Answer, Ready, Result, Skipped
from streamspec.conform._vectors import KINDS, LEVELS, VectorCase, request_case

__all__ = [
    "OUTCOMES",
    "CaseOutcome",
    "ExpectedFailures",
    "Summary",
    "parse_expected_failures",
    "run_conformance",
]

#: Every outcome a case can have, in the order they are reported.
OUTCOMES: Final = ("passed", "failed", "errored", "skipped", "xfail", "xpass")

#: The skip reason of a case whose kind the program did not accept.
KIND_NOT_SUPPORTED: Final = "kind not supported"


class Runs(Protocol):
    """What the run loop needs of a program (``streamspec.conform._program.Program``)."""

    def run(self, kind: str, case: Mapping[str, Any], *, after_each: bool = False) -> Answer:
        """Answer one case."""
        ...


@attrs.frozen
class CaseOutcome:
    """What happened to one case.

    Attributes:
        vector: the case.
        outcome: one of :data:`OUTCOMES`.
        compared: what was compared (empty when nothing was).
        difference: the first difference of a failed comparison.
        reason: why it was skipped, or the expected-failure reason (xfail, xpass).
        message: the error of an errored case (also kept on an xfail).
        stderr_tail: the program's last stderr lines, for an errored case.
        seconds: the time the program took to answer.
    """

    vector: VectorCase
    outcome: str
    compared: tuple[str, ...] = ()
    difference: Difference | None = None
    reason: str | None = None
    message: str | None = None
    stderr_tail: str = ""
    seconds: float = 0.0


@attrs.frozen
class ExpectedFailures:
    """The cases expected to fail: ``<file>`` or ``<file>#<name>`` mapped to the reason."""

    entries: Mapping[str, str] = attrs.field(factory=dict)

    def reason(self, vector: VectorCase) -> str | None:
        """The reason ``vector`` is expected to fail, or None when it is not listed."""
        return self.entries.get(vector.id, self.entries.get(vector.file))

    def unmatched(self, vectors: Iterable[VectorCase]) -> list[str]:
        """The entries that name none of ``vectors``, in file order."""
        seen = {key for v in vectors for key in (v.id, v.file)}
        return [entry for entry in self.entries if entry not in seen]


def parse_expected_failures(text: str, source: str = "<expected failures>") -> ExpectedFailures:
    """Read an expected-failure file (every problem reported at once).

    Raises:
        UsageError: a line has no reason, or an entry is listed twice.
    """
    entries: dict[str, str] = {}
    problems = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split(None, 1)
        if len(parts) < 2:
            problems.append(f"{source}:{number}: {parts[0]} needs a reason after it")
            continue
        entry, reason = parts[0], parts[1].strip()
        if entry in entries:
            problems.append(f"{source}:{number}: {entry} is listed twice")
            continue
        entries[entry] = reason
    if problems:
        raise UsageError("; ".join(problems))
    return ExpectedFailures(entries)


@attrs.define
class Summary:
    """The counts of a run, per kind and level, and what was compared.

    Attributes:
        ready: the program's ``ready`` answer.
        counts: per ``(kind, level)``, how many cases had each outcome.
    """

    ready: Ready
    counts: dict[tuple[str, str], Counter[str]] = attrs.field(factory=dict)

    def add(self, outcome: CaseOutcome) -> None:
        """Count one outcome."""
        group = (outcome.vector.kind, outcome.vector.level)
        self.counts.setdefault(group, Counter())[outcome.outcome] += 1

    def total(self, outcome: str) -> int:
        """How many cases had ``outcome``, over every kind and level."""
        return sum(counter[outcome] for counter in self.counts.values())

    def groups(self) -> list[tuple[str, str, Counter[str]]]:
        """The ``(kind, level, counts)`` of every group that had a case, in run order."""
        order = [(k, lv) for k in KINDS for lv in LEVELS]
        return [(k, lv, self.counts[k, lv]) for k, lv in order if (k, lv) in self.counts]

    @property
    def failed(self) -> int:
        """Failed cases, the expected failures that passed included."""
        return self.total("failed") + self.total("xpass")

    @property
    def ok(self) -> bool:
        """True when nothing failed and nothing errored."""
        return self.failed == 0 and self.total("errored") == 0

    def left_out_checks(self) -> tuple[str, ...]:
        """The reduce checks the program did not support (not compared)."""
        return tuple(check for check in ALL_CHECKS if check not in self.ready.checks)

    def closing_line(self) -> str:
        """``N passed, N failed``, then errored, skipped and xfail counts when non-zero."""
        line = f"{self.total('passed')} passed, {self.failed} failed"
        for outcome, word in (("errored", "errored"), ("skipped", "skipped"), ("xfail", "xfail")):
            if self.total(outcome):
                line += f", {self.total(outcome)} {word}"
        return line


def _judge(vector: VectorCase, answer: Answer, checks: Collection[str]) -> CaseOutcome:
    if isinstance(answer, Result):
        comparison = compare(vector.kind, vector.case, answer.output, checks)
        return CaseOutcome(
            vector,
            "passed" if comparison.passed else "failed",
            compared=comparison.compared,
            difference=comparison.differences[0] if comparison.differences else None,
        )
    if isinstance(answer, Skipped):
        return CaseOutcome(vector, "skipped", reason=answer.reason)
    return CaseOutcome(vector, "errored", message=answer.message, stderr_tail=answer.stderr_tail)


def _expect_failure(outcome: CaseOutcome, reason: str | None) -> CaseOutcome:
    if reason is None or outcome.outcome == "skipped":
        return outcome
    if outcome.outcome == "passed":
        return attrs.evolve(outcome, outcome="xpass", reason=reason)
    return attrs.evolve(outcome, outcome="xfail", reason=reason)


def run_conformance(
    program: Runs,
    ready: Ready,
    cases: Iterable[VectorCase],
    *,
    expected_failures: ExpectedFailures | None = None,
    listeners: Sequence[Callable[[CaseOutcome], None]] = (),
) -> Summary:
    """Run every case through ``program`` (already started) and count the outcomes.

    Args:
        program: the started program.
        ready: its ``ready`` answer: the kinds it accepted and the checks compared.
        cases: the cases to run, in order.
        expected_failures: cases expected to fail (xfail / xpass).
        listeners: called with each outcome as soon as it is known.
    """
    failures = expected_failures or ExpectedFailures()
    summary = Summary(ready)
    for vector in cases:
        if vector.kind not in ready.kinds:
            outcome = CaseOutcome(vector, "skipped", reason=KIND_NOT_SUPPORTED)
        else:
            started = time.perf_counter()
            answer = program.run(
                vector.kind, request_case(vector.case), after_each=vector.after_each
            )
            seconds = time.perf_counter() - started
            outcome = attrs.evolve(_judge(vector, answer, ready.checks), seconds=seconds)
            outcome = _expect_failure(outcome, failures.reason(vector))
        summary.add(outcome)
        for listener in listeners:
            listener(outcome)
    return summary
