"""The JUnit report: the element each outcome gets, and any text a program writes (what XML
1.0 cannot hold becomes U+FFFD)."""

from __future__ import annotations

from xml.etree import ElementTree

from streamspec.conform._conform import CaseOutcome
from streamspec.conform._report import junit_tree
from streamspec.conform._vectors import load_cases


def test_characters_xml_cannot_hold_become_the_replacement_character() -> None:
    """A NUL, an escape and a bell in an error message and its stderr tail are each written
    as U+FFFD, tabs and newlines stay, and the document parses back."""
    vector = next(iter(load_cases()))
    outcome = CaseOutcome(
        vector, "errored", message="bad\x00byte\x1b[0m", stderr_tail="ding\x07\tend"
    )
    text = ElementTree.tostring(junit_tree([outcome]).getroot(), encoding="unicode")
    error = ElementTree.fromstring(text).find("testsuite/testcase/error")
    assert error is not None
    assert error.get("message") == "bad\ufffdbyte\ufffd[0m"
    assert error.text == "bad\ufffdbyte\ufffd[0m\nding\ufffd\tend"


def _children(outcome: CaseOutcome) -> list[tuple[str, dict[str, str], str | None]]:
    text = ElementTree.tostring(junit_tree([outcome]).getroot(), encoding="unicode")
    case = ElementTree.fromstring(text).find("testsuite/testcase")
    assert case is not None
    return [(child.tag, dict(child.attrib), child.text) for child in case]


def test_each_outcome_gets_the_junit_element_junit_gives_it() -> None:
    """passed: no child; skipped and xfail: <skipped>, an xfail's message saying it was
    expected to fail; xpass: a <failure> naming the listed reason; errored: an <error> with the
    program's message (``errored`` when it gave none) and its stderr tail."""
    vector = next(iter(load_cases()))
    assert _children(CaseOutcome(vector, "passed")) == []
    assert _children(CaseOutcome(vector, "skipped", reason="kind not supported")) == [
        ("skipped", {"message": "kind not supported"}, None)
    ]
    assert _children(CaseOutcome(vector, "skipped")) == [("skipped", {"message": "skipped"}, None)]
    assert _children(CaseOutcome(vector, "xfail", reason="states differ")) == [
        ("skipped", {"message": "expected failure: states differ"}, None)
    ]
    said = "listed as an expected failure (states differ) but passed"
    assert _children(CaseOutcome(vector, "xpass", reason="states differ")) == [
        ("failure", {"message": said, "type": "xpass"}, said)
    ]
    assert _children(CaseOutcome(vector, "errored", message="boom", stderr_tail="tail")) == [
        ("error", {"message": "boom", "type": "errored"}, "boom\ntail")
    ]
    assert _children(CaseOutcome(vector, "errored")) == [
        ("error", {"message": "errored", "type": "errored"}, "errored")
    ]
