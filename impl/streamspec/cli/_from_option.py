"""The ``--from`` option every command that reads a stream shares."""

from __future__ import annotations

import click

from streamspec.sources._read import SOURCES

__all__ = ["from_option"]

#: The ``--from`` option every reading command shares.
from_option = click.option(
    "--from",
    "source",
    type=click.Choice(SOURCES),
    default="auto",
    show_default=True,
    help="Input format; a3s is never auto-detected.",
)
