"""The files a command names are opened when its arguments are read and closed with it."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
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
