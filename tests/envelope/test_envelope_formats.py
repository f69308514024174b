"""--from: auto-detection, envelope lines with problems, usage errors."""

from __future__ import annotations

import io

import pytest
from streamspec import UsageError
from streamspec._completion_events import ModelChunkEvent
from streamspec._jsonl import Line
from streamspec.sources import Source, detect_source, read_events, reply_lines


@pytest.mark.parametrize(
    ("record", "source"),
    [
        ({"version": 1, "type": "text_delta", "payload": {}}, Source.ENVELOPE),
        ({"version": 7}, Source.ENVELOPE),
        ({"type": "TEXT_BLOCK_DELTA"}, Source.AGENTSCOPE),
        ({"type": "assistant/chunk"}, Source.MUSE),
        ({"type": "text_delta"}, Source.AGENTSCOPE),
        (None, Source.AGENTSCOPE),
    ],
)
def test_auto_detection_follows_the_first_object(record, source):
    """version → envelope, a slash → muse, anything else → AgentScope; a3s is never chosen."""
    assert detect_source(record) is source


def test_auto_skips_blank_and_bad_lines_before_deciding():
    """A blank line and a non-JSON line before the first envelope keep their numbers and problems."""
    data = b'\nnot json\n{"version":1,"type":"text_block_start","payload":{"reply_id":"r","block_id":"b"}}\n'
    lines = list(read_events(io.BytesIO(data)))
    assert [(line.number, line.problem.code if line.problem else None) for line in lines] == [
        (1, None),
        (2, "unreadable_line"),
        (3, None),
    ]
    assert lines[2].record.KIND == "text_block_start"


def test_an_unsupported_version_line_is_an_error_and_the_rest_is_read():
    """A version-3 envelope gives unsupported_version with the seed's message; the next line is read."""
    data = b'{"version":3,"type":"text_block_start","payload":{}}\n{"version":1,"type":"text_block_start","payload":{"reply_id":"r","block_id":"b"}}\n'
    lines = list(read_events(io.BytesIO(data)))
    assert lines[0].problem.code == "unsupported_version"
    assert lines[0].problem.severity.value == "error"
    assert lines[0].problem.message == "unsupported event envelope version 3; expected 1"
    assert lines[1].record.KIND == "text_block_start"


def test_a_bad_payload_is_an_unreadable_line():
    """A catalog type with a bad payload is unreadable_line naming every $.payload path,
    the problems joined by ``; ``."""
    data = b'{"version":1,"type":"text_block_delta","payload":{"reply_id":"r"}}\n'
    [line] = read_events(io.BytesIO(data), "envelope")
    assert line.problem.code == "unreadable_line"
    assert line.problem.message == (
        "required field missing @ $.payload.block_id; required field missing @ $.payload.delta"
    )


def test_no_known_types_only_when_none_is_known():
    """A file of unknown envelope types ends with no_known_types; one known type suppresses it."""
    unknown = b'{"version":1,"type":"text_delta","payload":{"text":"x"}}\n'
    known = b'{"version":1,"type":"text_block_start","payload":{"reply_id":"r","block_id":"b"}}\n'
    assert [line.problem.code for line in read_events(io.BytesIO(unknown)) if line.problem] == [
        "no_known_types"
    ]
    assert [line.problem for line in read_events(io.BytesIO(unknown + known)) if line.problem] == []


def test_an_unknown_source_is_a_usage_error_at_once():
    """source='yaml' raises UsageError before anything is read."""
    with pytest.raises(UsageError, match="unknown source 'yaml'"):
        read_events(io.BytesIO(b""), "yaml")


def test_reply_lines_drops_completion_events_only():
    """reply_lines removes completion-event records and keeps problem lines and reply events."""
    chunk = Line(number=1, record=ModelChunkEvent(call="1", channel="text", text="x"))
    bad = Line(number=2, problem=None)
    assert list(reply_lines([chunk, bad])) == [bad]


def test_read_reply_events_refuses_an_unknown_source_at_once_naming_the_sources():
    """The folding reader names the unknown source and every source there is."""
    from streamspec.sources import SOURCES, read_reply_events

    with pytest.raises(UsageError) as caught:
        read_reply_events(io.BytesIO(b""), "yaml")
    assert str(caught.value) == f"unknown source 'yaml'; expected one of {', '.join(SOURCES)}"


def test_judge_names_the_vocabulary_an_unknown_type_was_looked_up_in(tmp_path):
    """An unknown type is an envelope type in an envelope and an AgentScope event type
    otherwise; under --from a3s, a type a3s lacks is the importer's unknown_record alone."""
    import subprocess
    import sys

    envelope = b'{"version":1,"type":"no_such","payload":{}}\n'
    cases = [
        ("envelope", envelope, ["1: unknown_event_type: unknown envelope type 'no_such'"]),
        (
            "agentscope",
            b'{"type":"NO_SUCH"}\n',
            ["1: unknown_event_type: unknown AgentScope event type 'NO_SUCH'; kept, no effect"],
        ),
        ("a3s", envelope, ["1: unknown_record: a3s type 'no_such' is not in a3s's catalog"]),
    ]
    for source, data, starts in cases:
        path = tmp_path / f"{source}.jsonl"
        path.write_bytes(data)
        done = subprocess.run(
            [sys.executable, "-m", "streamspec", "judge", "--from", source, str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        first = done.stderr.splitlines()[: len(starts)]
        assert all(line.startswith(s) for line, s in zip(first, starts, strict=True)), first
        assert "unknown_event_type" not in done.stderr or source != "a3s", done.stderr
