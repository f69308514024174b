"""Memory follows the open state, not the line count: check, judge, reduce and format detection."""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner
from streamspec import Reducer
from streamspec.check._run import run_check
from streamspec.cli._judge import judge as judge_command
from streamspec.sources import read_events
from streamspec.sources._read import PEEK_LINES

SMALL, LARGE = 10_000, 100_000


def _reply(deltas: int) -> Iterator[bytes]:
    """One legal reply: one model call streaming ``deltas`` one-character deltas."""
    yield b'{"type":"REPLY_START","reply_id":"r","session_id":"s","name":"a","role":"assistant"}'
    yield b'{"type":"MODEL_CALL_START","reply_id":"r","model_name":"m"}'
    yield b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}'
    for n in range(deltas):
        yield orjson.dumps(
            {
                "type": "TEXT_BLOCK_DELTA",
                "reply_id": "r",
                "block_id": "b",
                "delta": chr(97 + n % 26),
            }
        )
    yield b'{"type":"TEXT_BLOCK_END","reply_id":"r","block_id":"b"}'
    yield b'{"type":"MODEL_CALL_END","reply_id":"r","input_tokens":1,"output_tokens":2,"finished_reason":"completed"}'
    yield b'{"type":"REPLY_END","reply_id":"r","session_id":"s"}'


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    folder = tmp_path_factory.mktemp("streams")
    paths = {}
    for size in (SMALL, LARGE):
        paths[size] = folder / f"reply-{size}.jsonl"
        paths[size].write_bytes(b"\n".join(_reply(size)) + b"\n")
    return paths


def _peak(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _reduce(path: Path) -> None:
    reducer = Reducer()
    with path.open("rb") as stream:
        for line in read_events(stream):
            if line.event is not None:
                reducer.apply(line.event)
    reducer.finish()
    assert len(reducer.to_dict()["content"][0]["text"]) >= SMALL


def _check(path: Path) -> None:
    out = io.BytesIO()
    with path.open("rb") as stream:
        code = run_check(
            stream,
            source="auto",
            output_format="json",
            fail_on="error",
            emit=lambda finding: None,
            out=out,
            text_out=io.StringIO(),
        )
    assert code == 0 and out.getvalue().endswith(b"}\n")


def _judge(path: Path) -> None:
    result = CliRunner().invoke(judge_command, [str(path)])
    assert result.exit_code == 0
    assert orjson.loads(result.stdout)[0]["terminal_state"] == "completed"


@pytest.mark.parametrize("command", [_reduce, _check, _judge], ids=["reduce", "check", "judge"])
def test_peak_memory_does_not_follow_the_line_count(
    command: Callable[[Path], None], inputs: dict[int, Path]
) -> None:
    """Ten times the lines of one-character deltas costs well under ten times the peak memory.

    The text itself grows by 90 kB and is copied a few times when the result
    is written; a string kept per delta would add about 5 MB.
    """
    small = _peak(lambda: command(inputs[SMALL]))
    large = _peak(lambda: command(inputs[LARGE]))
    assert large < 2 * small + 2_500_000, (small, large)


def test_format_detection_holds_a_bounded_prefix() -> None:
    """Garbage lines ahead of the events cost bounded memory; each is still reported."""

    def run(garbage: int) -> int:
        def lines() -> Iterator[bytes]:
            for _ in range(garbage):
                yield b"x" * 200 + b"\n"
            yield b'{"type":"REPLY_END","reply_id":"r","session_id":"s"}\n'

        unreadable = sum(1 for line in read_events(lines()) if line.problem is not None)
        assert unreadable == garbage
        return unreadable

    small = _peak(lambda: run(2 * PEEK_LINES))
    large = _peak(lambda: run(20 * PEEK_LINES))
    assert large < 2 * small + 1_000_000, (small, large)
