"""Machine-readable records of a conformance run: a JSONL report and JUnit XML.

JSONL (``--report``): one object a case, written and flushed as the run goes,
with the keys ``kind``, ``level``, ``file``, ``name``, ``outcome``,
``compared`` (a list) and ``seconds``, plus, when they apply,
``difference`` (``{"path", "expected", "actual"}``, a side absent when that
value is absent), ``reason`` (skipped, xfail, xpass) and ``message``
(errored, and an xfail that errored).

JUnit XML (``--junit``): a ``testsuites`` root with one ``testsuite`` per
kind and level (``name`` ``reduce/must``) and one ``testcase`` per case
(``classname`` the file path with ``/`` as ``.`` and no suffix, ``name`` the
case name). A failed case carries ``failure``, an xpass ``failure`` too, an
errored case ``error``, a skipped case and an xfail ``skipped``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any, Final
from xml.etree import ElementTree

import orjson

from streamspec import _json_exact
from streamspec.conform._compare import MISSING, Difference
from streamspec.conform._conform import CaseOutcome
from streamspec.conform._vectors import KINDS, LEVELS

__all__ = ["JsonlReport", "difference_dict", "render_value", "write_junit"]

#: How many characters of a JSON value a human-readable line shows.
VALUE_CHARS: Final = 200


def render_value(value: Any, limit: int = VALUE_CHARS) -> str:
    """A JSON value as compact text, cut to ``limit`` characters (``<absent>`` for none)."""
    if value is MISSING:
        return "<absent>"
    text = _json_exact.dumps(value, option=orjson.OPT_SORT_KEYS).decode()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def difference_dict(difference: Difference) -> dict[str, Any]:
    """A difference as JSON: ``path``, and ``expected`` / ``actual`` when present."""
    out: dict[str, Any] = {"path": difference.path}
    if difference.expected is not MISSING:
        out["expected"] = difference.expected
    if difference.actual is not MISSING:
        out["actual"] = difference.actual
    return out


def outcome_dict(outcome: CaseOutcome) -> dict[str, Any]:
    """One report line's object."""
    vector = outcome.vector
    out: dict[str, Any] = {
        "kind": vector.kind,
        "level": vector.level,
        "file": vector.file,
        "name": vector.name,
        "outcome": outcome.outcome,
        "compared": list(outcome.compared),
    }
    if outcome.difference is not None:
        out["difference"] = difference_dict(outcome.difference)
    if outcome.reason is not None:
        out["reason"] = outcome.reason
    if outcome.message is not None:
        out["message"] = outcome.message
    out["seconds"] = round(outcome.seconds, 6)
    return out


class JsonlReport:
    """Writes one JSON line per outcome to a binary stream, flushing each."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream

    def __call__(self, outcome: CaseOutcome) -> None:
        self.stream.write(_json_exact.dumps(outcome_dict(outcome)) + b"\n")
        self.stream.flush()


#: Characters XML 1.0 does not allow (most controls, surrogates, U+FFFE, U+FFFF).
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold replaced by U+FFFD."""
    return _NOT_XML.sub("\ufffd", text)


def _failure_text(outcome: CaseOutcome) -> tuple[str, str]:
    """The ``message`` attribute and the text of a failure element."""
    if outcome.outcome == "xpass":
        text = f"listed as an expected failure ({outcome.reason}) but passed"
        return text, text
    difference = outcome.difference
    if difference is None:
        return "failed", "failed"
    text = (
        f"at {difference.path}\nexpected: {render_value(difference.expected, 10_000)}\n"
        f"actual:   {render_value(difference.actual, 10_000)}"
    )
    return f"differs at {difference.path}", text


def _testcase(suite: ElementTree.Element, outcome: CaseOutcome) -> None:
    vector = outcome.vector
    classname = vector.file.rsplit(".", 1)[0].replace("/", ".")
    case = ElementTree.SubElement(
        suite,
        "testcase",
        classname=_xml(classname),
        name=_xml(vector.name),
        file=vector.file,
        time=f"{outcome.seconds:.6f}",
    )
    if outcome.outcome in {"failed", "xpass"}:
        message, text = _failure_text(outcome)
        failure = ElementTree.SubElement(
            case, "failure", message=_xml(message), type=outcome.outcome
        )
        failure.text = _xml(text)
    elif outcome.outcome == "errored":
        message = outcome.message or "errored"
        element = ElementTree.SubElement(case, "error", message=_xml(message), type="errored")
        tail = f"\n{outcome.stderr_tail}" if outcome.stderr_tail else ""
        element.text = _xml(message + tail)
    elif outcome.outcome == "skipped":
        ElementTree.SubElement(case, "skipped", message=_xml(outcome.reason or "skipped"))
    elif outcome.outcome == "xfail":
        reason = f"expected failure: {outcome.reason}"
        ElementTree.SubElement(case, "skipped", message=_xml(reason))


def junit_tree(outcomes: Iterable[CaseOutcome]) -> ElementTree.ElementTree[ElementTree.Element]:
    """Build the JUnit document of a run."""
    groups: dict[tuple[str, str], list[CaseOutcome]] = {}
    for outcome in outcomes:
        groups.setdefault((outcome.vector.kind, outcome.vector.level), []).append(outcome)
    root = ElementTree.Element("testsuites", name="streamspec conform")
    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    seconds = 0.0
    for kind in KINDS:
        for level in LEVELS:
            members = groups.get((kind, level))
            if not members:
                continue
            counts = {
                "tests": len(members),
                "failures": sum(o.outcome in {"failed", "xpass"} for o in members),
                "errors": sum(o.outcome == "errored" for o in members),
                "skipped": sum(o.outcome in {"skipped", "xfail"} for o in members),
            }
            took = sum(o.seconds for o in members)
            attrib = {"name": f"{kind}/{level}", "time": f"{took:.6f}"}
            attrib |= {key: str(value) for key, value in counts.items()}
            suite = ElementTree.SubElement(root, "testsuite", attrib)
            for outcome in members:
                _testcase(suite, outcome)
            for key, value in counts.items():
                totals[key] += value
            seconds += took
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("time", f"{seconds:.6f}")
    return ElementTree.ElementTree(root)


def write_junit(path: Path, outcomes: Iterable[CaseOutcome]) -> None:
    """Write the JUnit XML of a run to ``path`` (UTF-8, with an XML declaration)."""
    tree = junit_tree(outcomes)
    ElementTree.indent(tree)
    tree.write(path, encoding="utf-8", xml_declaration=True)
