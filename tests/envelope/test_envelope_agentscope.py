"""AgentScope JSONL ⇄ envelope: identity on 2.0.3 and 2.0.11 streams, one message from both forms."""

from __future__ import annotations

import io
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner
from streamspec import Reducer, UnknownEvent
from streamspec._resources import example_path
from streamspec.cli._convert import convert
from streamspec.envelope._convert import to_agentscope
from streamspec.envelope._envelope import decode_envelope
from streamspec.sources import read_events

FIXTURES = Path(__file__).parent / "fixtures"
STREAMS = [
    FIXTURES / "agentscope-2.0.3.jsonl",
    FIXTURES / "agentscope-2.0.11.jsonl",
    example_path("seed000.agentscope.jsonl"),
]


def _convert(data: bytes, *args: str) -> tuple[bytes, str, int]:
    result = CliRunner().invoke(convert, ["-", *args], input=data)
    return result.stdout_bytes, result.stderr, result.exit_code


def _in_2_0_11_order(line: bytes) -> bytes:
    """AgentScope 2.0.3 writes a data delta's ``data`` before ``media_type``; streamspec writes
    2.0.11's order (docs/differences-agentscope.md). Every other line is kept as it is."""
    record = orjson.loads(line)
    if record.get("type") != "DATA_BLOCK_DELTA" or "url" in record:
        return line
    keys = list(record)
    i = keys.index("data")
    assert keys[i + 1] == "media_type"
    keys[i], keys[i + 1] = keys[i + 1], keys[i]
    return orjson.dumps({key: record[key] for key in keys})


@pytest.mark.parametrize("path", STREAMS, ids=lambda p: p.name)
def test_agentscope_to_envelope_and_back_is_the_identity(path):
    """AgentScope JSONL → envelope → AgentScope JSONL gives the same bytes, line for line (a
    2.0.3 data delta in 2.0.11's key order)."""
    original = path.read_bytes()
    envelopes, err, code = _convert(original, "--from", "agentscope", "--to", "envelope")
    assert (code, err) == (0, "")
    assert all(orjson.loads(line)["version"] == 1 for line in envelopes.splitlines())
    back, err, code = _convert(envelopes, "--to", "agentscope")
    assert (code, err) == (0, "")
    expected = original.splitlines()
    if path.name == "agentscope-2.0.3.jsonl":
        expected = [_in_2_0_11_order(line) for line in expected]
        assert expected != original.splitlines()
    assert back.splitlines() == expected


def _fold(data: bytes, source: str) -> dict:
    reducer = Reducer()
    for line in read_events(io.BytesIO(data), source):
        assert line.problem is None
        reducer.apply(line.record)
    reducer.finish()
    return reducer.to_dict()


@pytest.mark.parametrize("path", STREAMS, ids=lambda p: p.name)
def test_both_forms_of_one_stream_fold_to_the_same_message(path):
    """The AgentScope form and the envelope form of a stream fold to equal messages."""
    original = path.read_bytes()
    envelopes, _, _ = _convert(original, "--to", "envelope")
    message = _fold(original, "agentscope")
    assert message["content"]
    assert _fold(envelopes, "envelope") == message
    assert _fold(envelopes, "auto") == message


def test_bundled_seed000_envelope_example_is_current():
    """examples/envelope/seed000.envelope.jsonl is seed 000's stream converted now."""
    envelopes, _, _ = _convert(
        example_path("seed000.agentscope.jsonl").read_bytes(), "--to", "envelope"
    )
    assert example_path("envelope/seed000.envelope.jsonl").read_bytes() == envelopes


def test_unknown_agentscope_types_survive_both_ways():
    """An unknown UPPER_SNAKE AgentScope type becomes its lower-cased envelope type and comes back."""
    line = b'{"id":"e9","created_at":"t","metadata":{},"type":"TOOL_PROGRESS","reply_id":"r","pct":50}\n'
    envelope, err, _ = _convert(line, "--from", "agentscope")
    assert orjson.loads(envelope) == {
        "version": 1,
        "type": "tool_progress",
        "payload": {"id": "e9", "created_at": "t", "metadata": {}, "reply_id": "r", "pct": 50},
    }
    back, err, code = _convert(envelope, "--to", "agentscope")
    assert (back, err, code) == (line, "", 0)


def test_what_agentscope_cannot_say_is_named():
    """Envelope metadata, completion events and an unknown non-snake type each give not_expressible."""
    lines = (
        b"\n".join(
            [
                b'{"version":1,"type":"text_block_start","payload":{"reply_id":"r","block_id":"b"},"metadata":{"sequence":1}}',
                b'{"version":1,"type":"model_finish","payload":{"call":"1","reason":"stop","vocabulary":"openai_chat"}}',
                b'{"version":1,"type":"future.event","payload":{"k":1}}',
            ]
        )
        + b"\n"
    )
    out, err, code = _convert(lines, "--to", "agentscope")
    assert code == 0
    assert out == b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\n'
    codes = [entry.split(": ")[:2] for entry in err.splitlines()]
    assert codes == [["1", "not_expressible"], ["2", "not_expressible"], ["3", "not_expressible"]]
    assert "model_finish" in err and "'future.event'" in err


def test_a_type_the_envelope_cannot_spell_is_named_and_the_rest_converted():
    """An AgentScope line whose type is not UPPER_SNAKE has no envelope type: its line gives a
    not_expressible warning naming why, and the lines around it are still converted."""
    lines = (
        b'{"type":"weird-type","x":1}\n{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\n'
    )
    out, err, code = _convert(lines, "--to", "envelope")
    assert code == 0
    assert out == (
        b'{"version":1,"type":"text_block_start","payload":{"reply_id":"r","block_id":"b"}}\n'
    )
    assert err.splitlines() == [
        "1: not_expressible: UnknownEvent is not in the envelope v1 catalog; it has no wire type;"
        " not written"
    ]


def test_convert_reports_an_unsupported_version_and_exits_1():
    """A version-2 line is an unsupported_version error with the seed's message; the rest is converted."""
    lines = b'{"version":2,"type":"x","payload":{}}\n{"version":1,"type":"x","payload":{}}\n'
    out, err, code = _convert(lines)
    assert code == 1
    assert err == "1: unsupported_version: unsupported event envelope version 2; expected 1\n"
    assert out == b'{"version":1,"type":"x","payload":{}}\n'


@pytest.mark.parametrize("as_event", [False, True], ids=["envelope", "unknown-event"])
def test_the_metadata_of_an_unknown_type_envelope_is_named_once(as_event):
    """An unknown-type envelope with metadata, given as an Envelope or as the UnknownEvent
    that carries it, is written without the metadata, and says so once."""
    raw = {"version": 1, "type": "future_signal", "payload": {"level": 3}, "metadata": {"k": 1}}
    record = UnknownEvent(type="future_signal", raw=raw) if as_event else decode_envelope(raw)
    assert to_agentscope(record) == (
        {"type": "FUTURE_SIGNAL", "level": 3},
        ("envelope metadata has no place in AgentScope JSON; written without it",),
    )
    bare = {key: value for key, value in raw.items() if key != "metadata"}
    record = UnknownEvent(type="future_signal", raw=bare) if as_event else decode_envelope(bare)
    assert to_agentscope(record) == ({"type": "FUTURE_SIGNAL", "level": 3}, ())


@pytest.mark.parametrize("record", [42, "text", {"type": "TEXT_BLOCK_DELTA"}], ids=type)
def test_a_record_that_is_no_event_has_no_agentscope_spelling(record: object) -> None:
    """Anything but an event, an unknown event or an envelope is written as nothing, and
    the reason names its type."""
    reason = f"{type(record).__name__} has no AgentScope spelling; not written"
    assert to_agentscope(record) == (None, (reason,))
