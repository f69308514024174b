"""The words a person reads when something is wrong, written out here in full.

A code names a problem for programs; these messages say it to a person. Each
is pinned exactly, so a change to one is a decision, made here as well.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner
from streamspec import Reducer, StateError, UsageError, decode_event
from streamspec.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
START = b'{"type":"REPLY_START","session_id":"s","reply_id":"r","name":"a"}\n'


def _check_json(data: bytes) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["check", "-", "--format", "json"], input=data)
    document: dict[str, Any] = orjson.loads(result.stdout)
    return document


def test_a_byte_order_mark_and_a_line_that_is_not_utf_8() -> None:
    """A BOM is ignored with a warning; bytes that are not UTF-8 name the byte and its offset."""
    unreadable = _check_json(b"\xef\xbb\xbf" + START + b"ab\xff\n")["unreadable"]
    assert [(u["line"], u["code"], u["message"]) for u in unreadable] == [
        (1, "byte_order_mark", "the input starts with a UTF-8 byte order mark; ignored"),
        (2, "unreadable_line", "invalid UTF-8: byte 0xff at offset 2"),
    ]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (
            {"type": "REPLY_START"},
            "event must be an AgentScope event, got object: "
            "decode a JSON object first with streamspec.decode_event",
        ),
        (
            5,
            "event must be an AgentScope event, got integer "
            "(an UnknownEvent for a type outside the catalog)",
        ),
    ],
)
def test_apply_of_something_that_is_not_an_event(value: object, words: str) -> None:
    """A mapping is told to go through decode_event; anything else, what it should be."""
    reducer = Reducer()
    with pytest.raises(UsageError) as caught:
        reducer.apply(value)  # type: ignore[arg-type]
    assert (str(caught.value), caught.value.path) == (words, "event")
    assert reducer.next_index == 0


def test_a_resumed_state_with_data_that_is_not_canonical_base64() -> None:
    """The exported data of a data block must be canonical base64; the path names the block."""
    reducer = Reducer()
    for line in (
        START,
        b'{"type":"DATA_BLOCK_START","reply_id":"r","block_id":"d","media_type":"image/png"}',
        b'{"type":"DATA_BLOCK_DELTA","reply_id":"r","block_id":"d","media_type":"image/png",'
        b'"data":"AAEC"}',
    ):
        reducer.apply(decode_event(json.loads(line)))
    state = copy.deepcopy(reducer.export_state())
    state["message"]["content"][0]["data"] = "AAF="
    with pytest.raises(StateError) as caught:
        Reducer.from_state(state)
    assert list(caught.value.problems) == ["expected canonical base64 @ $.message.content[0].data"]


def test_converting_an_envelope_with_metadata_to_agentscope_says_what_is_lost() -> None:
    """Each envelope line's metadata is dropped with a not_expressible warning on stderr."""
    result = CliRunner().invoke(
        main,
        ["convert", str(EXAMPLES / "envelope" / "replayed.envelope.jsonl"), "--to", "agentscope"],
    )
    assert result.stderr.splitlines()[0] == (
        "1: not_expressible: envelope metadata has no place in AgentScope JSON; written without it"
    )


def test_a_closed_stdout_is_one_line() -> None:
    """With stdout closed (>&-), reduce cannot write its result: one line, exit 2."""
    done = subprocess.run(
        [sys.executable, "-m", "streamspec", "reduce", str(EXAMPLES / "seed000.agentscope.jsonl")],
        capture_output=False,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 2
    assert done.stderr.decode().strip() == "Error: cannot write stdout: it is closed"
