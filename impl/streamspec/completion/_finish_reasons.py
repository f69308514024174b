"""Finish reasons as data: each provider's words, read as natural / cut / failed / unknown.

Rules (``spec/finish_reasons.json``):

1. A finish signal is read with the vocabulary it names; the word's class is
   the one the vocabulary lists for it.
2. A word the vocabulary does not list, a vocabulary the file does not list,
   and a signal with no word at all read as ``unknown``: the judge never
   guesses what an unlisted word means (decided D2).

The class is the guard field of the ``finish_signal`` machine; the word
itself is what the verdict reports as ``finish_reason``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import attrs

from streamspec._errors import SpecError
from streamspec._resources import load_spec_json

__all__ = [
    "FINISH_REASONS_FILE",
    "FinishClass",
    "FinishReason",
    "Vocabulary",
    "finish_class",
    "parse_finish_reasons",
    "vocabularies",
]

#: Where the finish-reason table lives, relative to ``spec/``.
FINISH_REASONS_FILE: Final = "finish_reasons.json"


class FinishClass(enum.StrEnum):
    """What a finish reason says about the call's output."""

    #: The model stopped on its own.
    NATURAL = "natural"
    #: Something stopped the output before the model finished.
    CUT = "cut"
    #: The finish itself reports a failure.
    FAILED = "failed"
    #: The word says nothing about whether the output is whole.
    UNKNOWN = "unknown"


@attrs.frozen(kw_only=True)
class FinishReason:
    """One word of a vocabulary, its class and why."""

    reason: str
    finish_class: FinishClass
    why: str


@attrs.frozen(kw_only=True)
class Vocabulary:
    """One provider's finish-reason words."""

    vocabulary: str
    name: str
    field: str
    source: str
    reasons: tuple[FinishReason, ...]

    def lookup(self, reason: str) -> FinishClass:
        """Return the class of ``reason`` (``unknown`` when unlisted)."""
        for entry in self.reasons:
            if entry.reason == reason:
                return entry.finish_class
        return FinishClass.UNKNOWN


def _text(raw: Mapping[str, Any], key: str, path: str, problems: list[str]) -> str:
    value = raw.get(key)
    if not isinstance(value, str):
        problems.append(f"expected string {key!r} @ {path}.{key}")
        return ""
    return value


def parse_finish_reasons(document: Any) -> Mapping[str, Vocabulary]:
    """Parse and check ``finish_reasons.json``.

    Raises:
        SpecError: listing every problem with its JSON path.
    """
    problems: list[str] = []
    result: dict[str, Vocabulary] = {}
    raw_vocabularies = document.get("vocabularies") if isinstance(document, dict) else None
    if not isinstance(raw_vocabularies, list):
        raise SpecError("invalid finish reasons", ["expected an array 'vocabularies' @ $"])
    classes = {c.value for c in FinishClass}
    for v_index, raw in enumerate(raw_vocabularies):
        path = f"$.vocabularies[{v_index}]"
        if not isinstance(raw, dict):
            problems.append(f"a vocabulary is an object @ {path}")
            continue
        key = _text(raw, "vocabulary", path, problems)
        reasons: list[FinishReason] = []
        seen: set[str] = set()
        raw_reasons = raw.get("reasons")
        if not isinstance(raw_reasons, list):
            problems.append(f"expected array 'reasons' @ {path}.reasons")
            raw_reasons = []
        for r_index, entry in enumerate(raw_reasons):
            here = f"{path}.reasons[{r_index}]"
            if not isinstance(entry, dict):
                problems.append(f"a reason is an object @ {here}")
                continue
            word = _text(entry, "reason", here, problems)
            why = _text(entry, "why", here, problems)
            if entry.get("class") not in classes:
                problems.append(f"class must be one of {sorted(classes)} @ {here}.class")
                continue
            if word in seen:
                problems.append(f"reason {word!r} is listed twice @ {here}.reason")
            seen.add(word)
            reasons.append(
                FinishReason(reason=word, finish_class=FinishClass(entry["class"]), why=why)
            )
        if key in result:
            problems.append(f"vocabulary {key!r} is listed twice @ {path}.vocabulary")
        result[key] = Vocabulary(
            vocabulary=key,
            name=_text(raw, "name", path, problems),
            field=_text(raw, "field", path, problems),
            source=_text(raw, "source", path, problems),
            reasons=tuple(reasons),
        )
    if problems:
        raise SpecError("invalid finish reasons", problems)
    return result


@cache
def vocabularies() -> Mapping[str, Vocabulary]:
    """Return every vocabulary of ``spec/finish_reasons.json``, by key."""
    return parse_finish_reasons(load_spec_json(FINISH_REASONS_FILE))


def finish_class(vocabulary: str, reason: str | None) -> FinishClass:
    """Return the class of ``reason`` read with ``vocabulary``.

    An unlisted word or vocabulary, and a missing word, are ``unknown``.
    """
    table = vocabularies().get(vocabulary)
    if table is None or reason is None:
        return FinishClass.UNKNOWN
    return table.lookup(reason)
