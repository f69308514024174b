"""The one registry of sources, and the layering it allows: only a source module knows its wire."""

from __future__ import annotations

import ast
import importlib
import io
from pathlib import Path

import pytest
from streamspec import Severity
from streamspec.sources import (
    ENTRIES,
    PROVIDER_SOURCES,
    SOURCES,
    CompletionOnlyError,
    Source,
    detect_source,
    read_events,
    read_reply_events,
)
from streamspec.sources._read import EVIDENCE_SOURCES, source_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "impl" / "streamspec"
EXAMPLES = ROOT / "examples"

#: One recorded example per source, read with its own name.
EXAMPLE_OF = {
    "envelope": "envelope/seed000.envelope.jsonl",
    "agentscope": "agentscope/judge-2.0.11.jsonl",
    "muse": "muse/seed002.muse.jsonl",
    "a3s": "a3s/session.a3s.jsonl",
    "openai_chat": "openai_chat/complete-text.sse",
    "openai_responses": "openai_responses/parallel_tool_calls.completed.jsonl",
    "anthropic": "anthropic/complete-text.sse",
    "agui": "agui/complete-text.sse",
    "vercel_ui": "vercel_ui/text.completed.sse",
}


def test_every_named_source_has_exactly_one_entry() -> None:
    """``--from`` offers auto and the entries, in the enum's order; no entry is left out or doubled."""
    names = [entry.name for entry in ENTRIES]
    assert sorted(names) == sorted(s.value for s in Source if s is not Source.AUTO)
    assert len(set(names)) == len(names)
    assert tuple(s.value for s in Source) == SOURCES
    assert SOURCES[0] == "auto"
    assert [e for e in ENTRIES if e.provider] == list(PROVIDER_SOURCES)


def test_each_entry_names_a_module_that_reads_it() -> None:
    """A provider's module has ``import_lines``; every other source's has ``read_source``."""
    for entry in ENTRIES:
        module = importlib.import_module(entry.module)
        assert callable(getattr(module, "import_lines" if entry.provider else "read_source")), entry


def test_the_flags_are_those_the_readers_need() -> None:
    """muse alone carries no replies; a3s and the providers state evidence as completion events."""
    assert {e.name for e in ENTRIES if not e.replies} == {"muse"}
    assert {"a3s", *(p.name for p in PROVIDER_SOURCES)} == EVIDENCE_SOURCES
    assert next(e for e in ENTRIES if e.name == "a3s").detects is None


def test_each_source_s_title_and_finish_vocabulary() -> None:
    """How reports name each source, and the vocabulary its finish words are looked up in."""
    assert {e.name: (e.title, e.vocabulary) for e in ENTRIES} == {
        "envelope": ("streamspec envelope v1", None),
        "muse": ("muse", "muse"),
        "openai_chat": ("OpenAI Chat Completions", "openai_chat"),
        "openai_responses": ("OpenAI Responses", "openai_responses"),
        "anthropic": ("Anthropic Messages", "anthropic"),
        "agui": ("AG-UI", "ag_ui"),
        "vercel_ui": ("Vercel AI UI message stream", "vercel_ai"),
        "a3s": ("a3s-code v1", "a3s"),
        "agentscope": ("AgentScope", "agentscope"),
    }


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ({"version": 1, "type": "reply_start"}, "envelope"),
        ({"version": 99}, "envelope"),
        ({"type": "assistant/chunk", "data": {}}, "muse"),
        ({"object": "chat.completion.chunk", "choices": []}, "openai_chat"),
        ({"type": "response.created", "sequence_number": 0}, "openai_responses"),
        ({"type": "message_start", "message": {}}, "anthropic"),
        ({"type": "RUN_STARTED", "threadId": "t", "runId": "r"}, "agui"),
        ({"type": "text-delta", "id": "t", "delta": "x"}, "vercel_ui"),
        ({"type": "REPLY_START", "reply_id": "r"}, "agentscope"),
        ({"type": "TOOL_CALL_START", "tool_call_id": "c"}, "agentscope"),
        ({"anything": 1}, "agentscope"),
        (None, "agentscope"),
        ([1, 2], "agentscope"),
    ],
)
def test_auto_tries_the_entries_in_order(record: object, expected: str) -> None:
    """Envelope, muse, each provider, then AgentScope for anything else; a3s never."""
    assert detect_source(record).value == expected


@pytest.mark.parametrize("name", sorted(EXAMPLE_OF))
def test_each_source_reads_its_example_cleanly_and_says_what_it_read(name: str) -> None:
    """Read with its own name and with auto (a3s excepted), no line is an error and the lines
    say the source they were read as."""
    data = (EXAMPLES / EXAMPLE_OF[name]).read_bytes().splitlines(keepends=True)
    lines = read_events(iter(data), name)
    read = list(lines)
    assert source_of(lines, "?") == name
    problems = [line.problem for line in read if line.problem is not None]
    assert read and all(p.severity is not Severity.ERROR for p in problems), problems[:3]
    if name != "a3s":
        auto = read_events(iter(data), "auto")
        assert [line.record for line in auto] == [line.record for line in read]
        assert source_of(auto, "?") == name


def test_a_source_without_replies_is_refused_by_reply_readers() -> None:
    """read_reply_events refuses muse whether named or detected."""
    data = (EXAMPLES / EXAMPLE_OF["muse"]).read_bytes().splitlines(keepends=True)
    for source, detected in (("muse", False), ("auto", True)):
        with pytest.raises(CompletionOnlyError) as raised:
            read_reply_events(iter(data), source)
        assert (raised.value.source, raised.value.detected) == ("muse", detected)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def _modules(part: str, *, leaving_out: tuple[str, ...] = ()) -> list[Path]:
    return [p for p in sorted((PACKAGE / part).glob("*.py")) if p.stem not in leaving_out]


def _reaching(paths: list[Path], parts: tuple[str, ...]) -> dict[str, list[str]]:
    bad = {
        path.relative_to(PACKAGE).as_posix(): sorted(
            m for m in _imports(path) if m.startswith(tuple(f"streamspec.{p}" for p in parts))
        )
        for path in paths
    }
    return {path: found for path, found in bad.items() if found}


def test_the_reducer_and_the_judge_know_no_source() -> None:
    """reply/ and the judge's modules import no source reader, envelope or command."""
    judge = _modules("completion", leaving_out=("_vectors", "_docs"))
    assert _reaching(_modules("reply"), ("sources", "envelope", "cli")) == {}
    assert _reaching(judge, ("sources", "envelope", "cli")) == {}


def test_only_the_command_line_imports_the_command_line() -> None:
    """No part imports streamspec.cli: commands sit on top of the parts."""
    outside = [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if "cli" not in p.relative_to(PACKAGE).parts and p.name != "__main__.py"
    ]
    assert _reaching(outside, ("cli",)) == {}


def test_read_input_takes_the_same_defaults_as_read_events() -> None:
    """``read_input(stream)`` alone reads as ``read_events(stream)``: auto, replay on."""
    from streamspec.sources import read_events, read_input

    data = (EXAMPLES / "seed000.agentscope.jsonl").read_bytes()
    got = [(line.number, line.record) for line in read_input(io.BytesIO(data))]
    assert got == [(line.number, line.record) for line in read_events(io.BytesIO(data))]
    assert len(got) == data.count(b"\n")
