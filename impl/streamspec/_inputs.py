"""Opening the input file of a command: one line on failure, exit 2."""

from __future__ import annotations

import sys
from typing import Any

import click

__all__ = ["InputFile"]


class InputFile(click.File):
    """A readable file (``-`` is stdin); one that cannot be opened is a one-line error, exit 2."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """Open the file, or print ``Error: cannot open …`` and exit 2."""
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:
            click.echo(f"Error: cannot open {error.message}", err=True)
            sys.exit(2)
