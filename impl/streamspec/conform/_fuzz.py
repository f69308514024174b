"""Differential fuzzing: generated cases, the reference's output against a program's answer.

Theory of operation: a run has three phases, the first two driven by
Hypothesis with one seed.

1. *Explore.* One ``@given`` run over :func:`~streamspec.conform._fuzz_cases.fuzz_cases`
   (generate phase only, ``max_examples`` cases, or until the time is up).
   Each case is answered by the reference (``reference_output``) and by the
   program; every outcome is cached by the case's canonical bytes.
2. *Shrink.* Per class, one more ``@given`` run with the same seed and
   settings that fails only on that class. Hypothesis's generation with a
   seed is deterministic, so it draws the explore phase's cases again (their
   outcomes come from the cache: the program is not asked twice) up to the
   class's first case, then shrinks it. Each shrink step the cache does not
   know asks the program, at most ``shrink_budget`` times per class; the
   next unknown step ends the class's shrinking at once. Most of a
   shrinker's tries never reach the program (a case already seen, a draw the
   generator refuses), yet each costs a generation, so shrinking also ends
   at the first case after :data:`SHRINK_TRIES_PER_ASK` times
   ``shrink_budget`` tries. Both
   bounds count, never time, so a seed repeats its run exactly. The smallest
   case seen in the class (events, then bytes) is its example.
3. *Trim.* Hypothesis shrinks the choices that drew a case, which can stop
   at a case with events the class does not need (a budget spent, a local
   minimum). Each event (envelope: input line) of the example is then left
   out in turn, last first, and the shorter case kept when the program still
   answers it in the same class; passes repeat while one removes something,
   at most :data:`TRIM_PASSES` times (these runs are not counted in the
   shrink budget: they are at most that many times the example's length).
   The errored class is not trimmed: each of its runs may cost a restart.
   In a legal-only run, a shorter case the reference folds with an error
   diagnostic is not sent: the example stays a legal stream.

Rules:

1. A case agrees when ``compare`` finds no difference on the checks the
   program supports (``ready.checks``; envelope cases compare whole).
   ``skipped`` answers are counted, never compared.
2. A disagreement's class is its first difference's path with array indexes
   written ``[*]`` and, for ``states``, instance ids written ``*`` (the kind
   prefix ``text:`` is kept), plus a detail: for a diagnostic (or
   ``raised``), ``missing``/``extra``/``differs`` and the expected code (the
   actual one for an extra entry); for message content, when the two block
   lists differ in their block types, the class is ``content[*]`` with the
   first (by name) block type missing, else extra (a block left out shifts
   every later one, which would otherwise scatter one bug over many
   paths), else the path and the block's ``type``; else ``missing``,
   ``extra``, ``type`` or ``value``. The event
   types of a case are reported with its example but are not part of the
   class: nearly every generated case has its own set of them.
3. An ``errored`` answer is a class of its own, keyed by the first line of
   its message with ``run N`` and ``seq N`` written ``run #``/``seq #``.
4. ``--out DIR`` writes each class's example as a vector, expectations from
   the reference: ``DIR/reduce/must/<name>.json`` (``should/`` for a strict
   case) or ``DIR/envelope/must/<name>.json``; the name is
   ``fuzz-<slug of the class>-<8 hex of its SHA-256>``.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, Final, Protocol

import attrs
from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis.strategies import SearchStrategy, just

from streamspec._errors import UsageError
from streamspec._generated import dump_json
from streamspec.conform._compare import MISSING, Difference, compare
from streamspec.conform._fuzz_cases import TARGETS, FuzzCase, fuzz_cases
from streamspec.conform._program import Answer, Errored, Ready, Skipped
from streamspec.conform._reference import ALL_CHECKS, reference_output
from streamspec.conform._report import render_value

__all__ = [
    "DEFAULT_SHRINK_BUDGET",
    "SHRINK_TRIES_PER_ASK",
    "TRIM_PASSES",
    "ClassKey",
    "Divergence",
    "FuzzReport",
    "Outcome",
    "Subject",
    "classify",
    "fuzz",
    "render_report",
    "vector_name",
    "write_vectors",
]

#: How many new cases a class's shrinking may send to the program.
DEFAULT_SHRINK_BUDGET: Final = 300
#: Shrink tries (every case Hypothesis draws once the class is met) per case the budget allows.
SHRINK_TRIES_PER_ASK: Final = 3
#: How many times trimming goes over a class's example (phase 3).
TRIM_PASSES: Final = 3
_INDEX: Final = re.compile(r"\[\d+\]")
_STATE_PATH: Final = re.compile(
    r"^(\$\.output\.states\.[A-Za-z_]+)(?:\.([A-Za-z0-9_]+)|\[\"(.*)\"\])"
)
_SEQ: Final = re.compile(r"\b(run|seq) \d+")


class Subject(Protocol):
    """What the fuzzer runs cases on: a :class:`~streamspec.conform._program.Program`, or a fake."""

    def start(self, kinds: Collection[str], checks: Collection[str]) -> Ready:
        """Do the handshake; return what the implementation supports."""
        ...

    def run(self, kind: str, case: Mapping[str, Any], *, after_each: bool) -> Answer:
        """Return the implementation's answer to one case (``after_each``: with a state
        after every event)."""
        ...


@attrs.frozen(order=True)
class ClassKey:
    """A divergence class: where the answers first differ, and how.

    Attributes:
        path: the first differing path, indexes and state ids as ``*``;
            ``errored`` for an errored answer.
        detail: how it differs (rule 2), or the errored message's first line.
    """

    path: str
    detail: str

    def label(self) -> str:
        """One line naming the class."""
        return f"{self.path} ({self.detail})"


@attrs.frozen
class Outcome:
    """What became of one case: ``agreed``, ``diverged`` or ``skipped``.

    A divergence has its class ``key``, and either the first ``difference`` of
    the comparison or, when the program errored, its ``message``.
    """

    status: str = attrs.field(validator=attrs.validators.in_(("agreed", "diverged", "skipped")))
    key: ClassKey | None = None
    difference: Difference | None = None
    message: str = ""


@attrs.define
class Divergence:
    """One class: how many cases fell in it, and its smallest case.

    Attributes:
        key: the class.
        count: explored cases in the class.
        first: the index (from 0) of the class's first explored case.
        example: the smallest case seen in the class.
        difference: the example's first difference (None for an errored class).
        message: the example's errored message (errored classes only).
        shrunk: true when the shrink phase found the class again.
        written: the vector file written for it, if any.
    """

    key: ClassKey
    count: int
    first: int
    example: FuzzCase
    difference: Difference | None
    message: str = ""
    shrunk: bool = False
    written: Path | None = None


@attrs.define
class FuzzReport:
    """The outcome of a fuzz run."""

    seed: int
    target: str
    examples: int = 0
    agreed: int = 0
    skipped: int = 0
    divergences: dict[ClassKey, Divergence] = attrs.field(factory=dict)
    checks: tuple[str, ...] = ()

    @property
    def diverged(self) -> int:
        """Explored cases that disagreed or errored."""
        return sum(d.count for d in self.divergences.values())

    def classes(self) -> list[Divergence]:
        """The classes, most frequent first (ties by class key)."""
        return sorted(self.divergences.values(), key=lambda d: (-d.count, d.key))


# --------------------------------------------------------------------- classes


def _state_path(path: str) -> str:
    match = _STATE_PATH.match(path)
    if match is None:
        return path
    label = match.group(2) if match.group(2) is not None else match.group(3)
    kind, colon, _ = label.partition(":")
    wild = f"{kind}:*" if colon else "*"
    return f'{match.group(1)}["{wild}"]{path[match.end() :]}'


def _shape(difference: Difference) -> str:
    if difference.expected is MISSING:
        return "extra"
    if difference.actual is MISSING:
        return "missing"
    if type(difference.expected) is not type(difference.actual):
        return "type"
    return "value"


_DIAGNOSTIC: Final = re.compile(r"^\$\.output\.(diagnostics\[(\d+)\]|raised)")
_BLOCK: Final = re.compile(r"^\$\.output\.(message|after_each\[(\d+)\])\.content\[(\d+)\]")


def _at(output: Mapping[str, Any] | None, key: str, index: str | None) -> Any:
    if not isinstance(output, Mapping):
        return None
    value = output.get(key)
    if index is None:
        return value
    if isinstance(value, list) and int(index) < len(value):
        return value[int(index)]
    return None


def _code(value: Any) -> str:
    return str(value.get("code")) if isinstance(value, Mapping) else "?"


def _types(content: Any) -> Counter[str]:
    if not isinstance(content, list):
        return Counter()
    return Counter(str(b.get("type")) if isinstance(b, Mapping) else "?" for b in content)


def _block_key(match: re.Match[str], path: str, shape: str, expected: Any, actual: Any) -> ClassKey:
    """A content difference: a block missing or extra by type when the block lists differ."""
    key, message_index, index = match.groups()
    if message_index is not None:
        key = "after_each"
    want = _at(_at(expected, key, message_index), "content", None)
    got = _at(_at(actual, key, message_index), "content", None)
    missing, extra = _types(want) - _types(got), _types(got) - _types(want)
    where = f"$.output.{key}{'[*]' if message_index else ''}.content[*]"
    if missing:
        return ClassKey(where, f"a {min(missing)} block missing")
    if extra:
        return ClassKey(where, f"an extra {min(extra)} block")
    block = _at({"content": want}, "content", index) or _at({"content": got}, "content", index)
    block_type = block.get("type") if isinstance(block, Mapping) else None
    return ClassKey(path, f"{shape} in a {block_type} block" if block_type else shape)


def classify(
    difference: Difference,
    expected: Mapping[str, Any] | None = None,
    actual: Mapping[str, Any] | None = None,
) -> ClassKey:
    """Return the class of a first difference (rule 2); the outputs give codes and block types."""
    path = _state_path(_INDEX.sub("[*]", difference.path))
    shape = _shape(difference)
    match = _DIAGNOSTIC.match(difference.path)
    if match is not None:
        key, index = ("raised", None) if match.group(2) is None else ("diagnostics", match.group(2))
        want, got = _at(expected, key, index), _at(actual, key, index)
        how = {"extra": "extra", "missing": "missing"}.get(shape, "differs")
        return ClassKey(path, f"{how} {_code(got if want is None else want)}")
    block = _BLOCK.match(difference.path)
    if block is not None:
        return _block_key(block, path, shape, expected, actual)
    return ClassKey(path, shape)


def _errored_key(message: str) -> ClassKey:
    first = message.splitlines()[0] if message else ""
    return ClassKey("errored", _SEQ.sub(lambda m: f"{m.group(1)} #", first))


# --------------------------------------------------------------------- running


@attrs.define
class _Runner:
    """Runs cases on the reference and the subject, caching each outcome."""

    subject: Subject
    checks: tuple[str, ...]
    cache: dict[bytes, Outcome] = attrs.field(factory=dict)

    def outcome(self, case: FuzzCase) -> Outcome:
        """Return the case's outcome, asking the program once."""
        key = case.key()
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._run(case)
        return found

    def _run(self, case: FuzzCase) -> Outcome:
        expected = reference_output(case.kind, case.case, after_each=case.after_each)
        answer = self.subject.run(case.kind, case.case, after_each=case.after_each)
        if isinstance(answer, Skipped):
            return Outcome("skipped")
        if isinstance(answer, Errored):
            return Outcome("diverged", _errored_key(answer.message), message=answer.message)
        full = {**case.case, "expected": expected}
        comparison = compare(case.kind, full, answer.output, self.checks)
        if comparison.passed:
            return Outcome("agreed")
        difference = comparison.differences[0]
        key = classify(difference, expected, answer.output)
        return Outcome("diverged", key, difference)


def _settings(max_examples: int, phases: tuple[Phase, ...]) -> settings:
    return settings(
        max_examples=max_examples,
        phases=phases,
        database=None,
        deadline=None,
        derandomize=False,
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        print_blob=False,
    )


class _OutOfTime(Exception):
    """The explore phase's time is up."""


class _Reproduced(Exception):
    """The shrink phase met its class: Hypothesis shrinks the case that raised this."""


class _CountedCases:
    """The fuzz cases, counting each draw begun while :attr:`counting` says so.

    Explore and shrink draw through the same strategy, so a seed gives the
    same cases in both.
    """

    def __init__(self, cases: SearchStrategy[FuzzCase]) -> None:
        self.tried = 0
        self.counting: Callable[[], bool] = lambda: False
        self.strategy = just(None).flatmap(self._begin(cases))

    def _begin(self, cases: SearchStrategy[FuzzCase]) -> Callable[[None], SearchStrategy[FuzzCase]]:
        def begin(_: None) -> SearchStrategy[FuzzCase]:
            self.tried += self.counting()
            return cases

        return begin


class _BudgetSpent(BaseException):
    """The class's shrink budget is spent: Hypothesis stops at once (a BaseException is not
    shrunk, it ends the run); the smallest case seen so far is the example."""


def _raised(error: BaseException, kind: type[BaseException]) -> bool:
    if isinstance(error, kind):
        return True
    if isinstance(error, BaseExceptionGroup):
        return all(_raised(e, kind) for e in error.exceptions)
    return False


def _explore(
    runner: _Runner,
    report: FuzzReport,
    strategy: SearchStrategy[FuzzCase],
    max_examples: int,
    deadline: float | None,
) -> None:
    def body(case: FuzzCase) -> None:
        if deadline is not None and time.monotonic() >= deadline:
            raise _OutOfTime
        index = report.examples
        report.examples += 1
        outcome = runner.outcome(case)
        if outcome.status == "agreed":
            report.agreed += 1
        elif outcome.status == "skipped":
            report.skipped += 1
        else:
            assert outcome.key is not None
            found = report.divergences.get(outcome.key)
            if found is None:
                report.divergences[outcome.key] = Divergence(
                    outcome.key, 1, index, case, outcome.difference, outcome.message
                )
            else:
                found.count += 1
                if case.size() < found.example.size():
                    found.example, found.difference = case, outcome.difference
                    found.message = outcome.message

    test: Callable[[], None] = seed(report.seed)(
        _settings(max_examples, (Phase.generate,))(given(strategy)(body))
    )
    try:
        test()
    except BaseException as error:
        if not _raised(error, _OutOfTime):
            raise


def _shrink(
    runner: _Runner,
    divergence: Divergence,
    cases: _CountedCases,
    max_examples: int,
    seed_: int,
    budget: int,
) -> None:
    asked = 0
    cases.tried = 0
    cases.counting = lambda: divergence.shrunk

    def body(case: FuzzCase) -> None:
        nonlocal asked
        if cases.tried > budget * SHRINK_TRIES_PER_ASK:
            raise _BudgetSpent
        known = runner.cache.get(case.key())
        if known is None:
            if not divergence.shrunk:
                return
            if asked >= budget:
                raise _BudgetSpent
            asked += 1
            known = runner.outcome(case)
        if known.key != divergence.key:
            return
        divergence.shrunk = True
        if case.size() < divergence.example.size():
            divergence.example, divergence.difference = case, known.difference
            divergence.message = known.message
        raise _Reproduced

    phases = (Phase.generate, Phase.shrink)
    test: Callable[[], None] = seed(seed_)(
        _settings(max_examples, phases)(given(cases.strategy)(body))
    )
    try:
        test()
    except _BudgetSpent:
        return
    except BaseException as error:
        if not _raised(error, _Reproduced):
            raise


def _illegal(case: FuzzCase) -> bool:
    """Whether the reference folds a reduce case with an error diagnostic."""
    if case.kind != "reduce":
        return False
    output = reference_output(case.kind, case.case, after_each=False)
    return any(d["severity"] == "error" for d in output["diagnostics"])


def _trim(runner: _Runner, divergence: Divergence, *, legal_only: bool = False) -> None:
    """Leave out each part of the class's example that the class does not need (phase 3)."""
    for _ in range(TRIM_PASSES):
        removed = False
        example = divergence.example
        for index in reversed(range(example.parts())):
            candidate = example.without(index)
            if legal_only and _illegal(candidate):
                continue
            outcome = runner.outcome(candidate)
            if outcome.key == divergence.key:
                example = candidate
                divergence.example, divergence.difference = candidate, outcome.difference
                divergence.message = outcome.message
                removed = True
        if not removed:
            return


def fuzz(
    subject: Subject,
    *,
    target: str = TARGETS[0],
    legal_only: bool = False,
    max_examples: int = 1000,
    seconds: float | None = None,
    seed_: int | None = None,
    shrink_budget: int = DEFAULT_SHRINK_BUDGET,
    on_start: Callable[[FuzzReport], None] | None = None,
) -> FuzzReport:
    """Run a fuzz campaign against a started ``subject``; return the report.

    Args:
        subject: the implementation, its ``start`` already done or not (it is
            started here with the kind the target needs and every check).
        target: one of :data:`~streamspec.conform._fuzz_cases.TARGETS`.
        legal_only: draw only streams the tables allow.
        max_examples: how many cases to explore.
        seconds: stop exploring after this many seconds (None: no limit).
        seed_: the Hypothesis seed (None: a random one, kept in the report).
        shrink_budget: new cases each class's shrinking may send.
        on_start: called with the (empty) report once the program is ready.

    Raises:
        ProtocolError: the program's start handshake failed.
        UsageError: the program does not accept the target's kind.
    """
    kind = "envelope" if target == "envelope" else "reduce"
    ready = subject.start([kind], ALL_CHECKS)
    if kind not in ready.kinds:
        raise UsageError(f"the program does not accept {kind} cases (ready kinds: {ready.kinds})")
    chosen = random.SystemRandom().randrange(2**32) if seed_ is None else seed_
    report = FuzzReport(chosen, target, checks=ready.checks)
    if on_start is not None:
        on_start(report)
    runner = _Runner(subject, ready.checks)
    cases = _CountedCases(fuzz_cases(target, legal_only))
    deadline = None if seconds is None else time.monotonic() + seconds
    _explore(runner, report, cases.strategy, max_examples, deadline)
    for divergence in report.classes():
        _shrink(runner, divergence, cases, max_examples, chosen, shrink_budget)
        if divergence.key.path != "errored":
            _trim(runner, divergence, legal_only=legal_only)
    return report


# ---------------------------------------------------------------------- output


def _slug(key: ClassKey) -> str:
    text = f"{key.path.removeprefix('$.output.')} {key.detail}"
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:60].rstrip("-")


def vector_name(key: ClassKey) -> str:
    """The deterministic file stem of a class's vector."""
    digest = hashlib.sha256(f"{key.path}\x00{key.detail}".encode()).hexdigest()[:8]
    return f"fuzz-{_slug(key)}-{digest}"


def _description(divergence: Divergence) -> str:
    key = divergence.key
    if key.path == "errored":
        return f"Fuzz divergence class errored ({key.detail}): the program failed on this case."
    return (
        f"Fuzz divergence class {key.label()}: the program's answer differed from the "
        "reference here; expected is the reference's output."
    )


def write_vectors(report: FuzzReport, out: Path) -> list[Path]:
    """Write each class's example as a vector file under ``out``; return the paths."""
    written = []
    for divergence in report.classes():
        example = divergence.example
        options = example.case.get("options")
        strict = isinstance(options, Mapping) and options.get("strict") is True
        level = "should" if strict else "must"
        path = out / example.kind / level / f"{vector_name(divergence.key)}.json"
        expected = reference_output(example.kind, example.case, after_each=example.after_each)
        vector = example.vector(expected, _description(divergence))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_json(vector), encoding="utf-8")
        divergence.written = path
        written.append(path)
    return written


def _lines(report: FuzzReport) -> Iterator[str]:
    classes = report.classes()
    if classes:
        plural = "class" if len(classes) == 1 else "classes"
        yield f"divergences ({len(classes)} {plural}, most frequent first):"
    for d in classes:
        events = len(d.example.events)
        where = str(d.written) if d.written is not None else "not written (no --out)"
        shrunk = "" if d.shrunk else ", not shrunk"
        yield f"{d.count:>7}  {d.key.label()}"
        plural = "event" if events == 1 else "events"
        yield f"         minimal example: {events} {plural}{shrunk}: {where}"
        yield f"         event types: {', '.join(d.example.event_types) or '(none)'}"
        if d.difference is not None:
            diff = d.difference
            yield (
                f"         first difference at {diff.path}: expected "
                f"{render_value(diff.expected)}, actual {render_value(diff.actual)}"
            )
        elif d.message:
            yield f"         errored: {d.message.splitlines()[0]}"
    yield (
        f"{report.examples} examples, {report.agreed} agreed, {report.diverged} diverged in "
        f"{len(classes)} classes, {report.skipped} skipped"
    )


def render_report(report: FuzzReport) -> str:
    """The divergence report and the summary line, as printed on stdout."""
    return "\n".join(_lines(report)) + "\n"
