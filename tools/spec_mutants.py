"""Spec mutants: wrong edits of ``spec/*.json`` data, regenerated everywhere before the suite runs.

Each mutant names the file, the place and what it changes; ``apply`` returns
the mutated JSON text (``json.dumps(indent=2)``, the files' own format). After
writing it, the runner runs every generator (``GENERATORS``) in the copy, so
the staleness checks pass and only a semantic test can catch the edit.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["GENERATORS", "SPEC_MUTANTS", "SpecMutant"]

#: Generator modules, in the order they are run (twice) after a spec edit.
GENERATORS = (
    "streamspec.envelope._catalog",
    "streamspec.envelope._schemas",
    "streamspec.reply._message_schema",
    "streamspec.reply._reduce_vectors",
    "streamspec.reply._reduce_corpus",
    "streamspec.envelope._vectors",
    "streamspec._coverage",
    "streamspec._docs",
    "streamspec.completion._docs",
    "streamspec.envelope._docs",
    "streamspec.pairing._docs",
)


@dataclass(frozen=True)
class SpecMutant:
    """One wrong edit of one spec file."""

    id: str
    path: str
    what: str
    edit: Callable[[Any], None]

    def apply(self, text: str) -> str:
        """Return the file's text with the edit made."""
        data = json.loads(text)
        self.edit(data)
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _machine(data: Any, name: str) -> Any:
    return next(m for m in data["machines"] if m["machine"] == name)


def _row(data: Any, machine: str, source: str, event: str, index: int = 0) -> Any:
    rows = [
        r for r in _machine(data, machine)["rows"] if r["source"] == source and r["event"] == event
    ]
    return rows[index]


def _drop_row(data: Any, machine: str, source: str, event: str) -> None:
    rows = _machine(data, machine)["rows"]
    rows.remove(_row(data, machine, source, event))


def _violation(data: Any, code: str) -> Any:
    return next(v for v in data["violations"] if v["code"] == code)


def _reason(data: Any, vocabulary: str, reason: str) -> Any:
    voc = next(v for v in data["vocabularies"] if v["vocabulary"] == vocabulary)
    return next(r for r in voc["reasons"] if r["reason"] == reason)


def _set(target: Callable[[Any], Any], key: str, value: Any) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        target(data)[key] = value

    return edit


def _call(function: Callable[..., None], *args: Any) -> Callable[[Any], None]:
    return lambda data: function(data, *args)


_B = "spec/machines/block.json"
_T = "spec/machines/tool.json"
_R = "spec/machines/reply.json"
_V = "spec/violations.json"
_F = "spec/finish_reasons.json"

SPEC_MUTANTS: tuple[SpecMutant, ...] = (
    SpecMutant(
        f"{_B}:block/open/end:target",
        _B,
        "block open --end--> open instead of closed",
        _set(lambda d: _row(d, "block", "open", "end"), "target", "open"),
    ),
    SpecMutant(
        f"{_T}:tool_call/streaming/tool_call_end:target",
        _T,
        "tool call streaming --end--> asking instead of ready",
        _set(lambda d: _row(d, "tool_call", "streaming", "tool_call_end"), "target", "asking"),
    ),
    SpecMutant(
        f"{_T}:tool_call/asking/user_confirm_result#2:target",
        _T,
        "a denied confirmation leads to allowed",
        _set(
            lambda d: _row(d, "tool_call", "asking", "user_confirm_result", 1), "target", "allowed"
        ),
    ),
    SpecMutant(
        f"{_T}:tool_result/running/tool_result_data_delta:drop",
        _T,
        "the tool result's data delta row dropped",
        _call(_drop_row, "tool_result", "running", "tool_result_data_delta"),
    ),
    SpecMutant(
        f"{_R}:reply/open/reply_end:drop",
        _R,
        "the reply's open --reply_end--> ended row dropped",
        _call(_drop_row, "reply", "open", "reply_end"),
    ),
    SpecMutant(
        f"{_V}:unknown_block:when",
        _V,
        "unknown_block matches only a delta, not an end",
        _set(lambda d: _violation(d, "unknown_block")["when"][0], "events", ["delta"]),
    ),
    SpecMutant(
        f"{_V}:confirm_not_asked:when",
        _V,
        "confirm_not_asked drops the ready state",
        lambda d: _violation(d, "confirm_not_asked")["when"][0]["states"].remove("ready"),
    ),
    SpecMutant(
        f"{_V}:missing_reply_end:severity",
        _V,
        "missing_reply_end becomes an error",
        _set(lambda d: _violation(d, "missing_reply_end"), "severity", "error"),
    ),
    SpecMutant(
        f"{_F}:openai_chat/length:class",
        _F,
        "OpenAI length read as a natural finish",
        _set(lambda d: _reason(d, "openai_chat", "length"), "class", "natural"),
    ),
    SpecMutant(
        f"{_F}:gemini/SAFETY:class",
        _F,
        "Gemini SAFETY read as a natural finish",
        _set(lambda d: _reason(d, "gemini", "SAFETY"), "class", "natural"),
    ),
    SpecMutant(
        f"{_F}:anthropic/end_turn:class",
        _F,
        "Anthropic end_turn read as unknown",
        _set(lambda d: _reason(d, "anthropic", "end_turn"), "class", "unknown"),
    ),
    SpecMutant(
        f"{_F}:openai_responses/failed:class",
        _F,
        "OpenAI Responses failed read as cut",
        _set(lambda d: _reason(d, "openai_responses", "failed"), "class", "cut"),
    ),
)
