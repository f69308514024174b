"""The files a command names are opened when its arguments are read and closed with it."""

from __future__ import annotations

import errno
import io
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from streamspec.cli import _console
from streamspec.cli._inputs import InputFile, OutputFile


def test_an_input_file_is_readable_until_its_command_closes(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(b'{"type": "REPLY_START"}\n')
    with click.Context(click.Command("reduce")) as ctx:
        stream = InputFile().convert(str(path), None, ctx)
        assert stream.read() == b'{"type": "REPLY_START"}\n'
    with pytest.raises(ValueError, match="closed file"):
        stream.read()


def test_an_output_file_is_written_and_closed_with_its_command(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    with click.Context(click.Command("convert")) as ctx:
        stream = OutputFile().convert(str(path), None, ctx)
        stream.write(b"{}\n")
        assert not stream.closed
    assert stream.closed
    assert path.read_bytes() == b"{}\n"


def test_a_value_that_is_not_a_path_is_taken_as_it_is() -> None:
    """A stream given by a caller (click's own default, a test's buffer) is not reopened."""
    given = object()
    assert InputFile().convert(given, None, None) is given
    assert OutputFile().convert(given, None, None) is given


class _FailingStream(io.BytesIO):
    """A stream whose every read fails as a bad disk does."""

    def read(self, size: int | None = -1) -> bytes:
        raise OSError(errno.EIO, "Input/output error")

    def read1(self, size: int = -1) -> bytes:
        raise OSError(errno.EIO, "Input/output error")

    def __iter__(self) -> Iterator[bytes]:
        raise OSError(errno.EIO, "Input/output error")


@pytest.mark.parametrize("how", ["read", "read1", "iterate"])
def test_a_read_that_fails_is_a_read_error_naming_the_input_and_the_reason(how: str) -> None:
    """Every way of reading an input turns the system's error into a ReadError holding the
    input's name and the system's words."""
    readable = _console._Readable(_FailingStream(), "trace.jsonl")
    with pytest.raises(_console.ReadError) as caught:
        if how == "read":
            readable.read()
        elif how == "read1":
            readable.read1(10)
        else:
            list(readable)
    assert caught.value.name == "trace.jsonl"
    assert caught.value.reason == "Input/output error"
    assert str(caught.value) == "cannot read trace.jsonl: Input/output error"


def test_a_result_that_is_not_json_is_one_error_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Rule 4 of the console: a value the JSON writer refuses (here a set) is
    ``Error: cannot write the result as JSON: REASON``, exit 2, and nothing of it is written."""
    out = io.BytesIO()
    with pytest.raises(SystemExit) as done:
        _console.write_json({"ids": {1, 2}}, out)
    assert done.value.code == 2
    assert out.getvalue() == b""
    assert capsys.readouterr().err == (
        "Error: cannot write the result as JSON: Type is not JSON serializable: set\n"
    )
