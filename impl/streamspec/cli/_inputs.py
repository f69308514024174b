"""Opening the files a command names: one line on failure, exit 2 (:mod:`._console`)."""

from __future__ import annotations

import os
from typing import Any

import click

from streamspec.cli._console import open_input, open_output

__all__ = ["InputFile", "OutputFile"]


class InputFile(click.ParamType[Any]):
    """A file to read in binary (``-`` is stdin); one that cannot be opened is
    ``Error: cannot open NAME: REASON``, exit 2. Read errors later are the same line
    with ``cannot read``.
    """

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Open the file, or print the one line and exit 2."""
        if not isinstance(value, str | os.PathLike):
            return value
        path = os.fspath(value)
        stream = open_input(path)
        if ctx is not None and path != "-":
            ctx.call_on_close(stream.close)
        return stream


class OutputFile(click.ParamType[Any]):
    """A file to write in binary (``-`` is stdout), opened at once; failure is
    ``Error: cannot open NAME: REASON``, exit 2.
    """

    name = "file"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Open the file for writing, or print the one line and exit 2."""
        if not isinstance(value, str | os.PathLike):
            return value
        path = os.fspath(value)
        stream = open_output(path)
        if ctx is not None and path != "-":
            ctx.call_on_close(stream.close)
        return stream
