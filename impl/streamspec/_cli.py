"""The ``streamspec`` command line.

Contract shared by every command: stdout carries only the result; diagnostics
go to stderr, one per line, ``LINE: CODE: message``. Exit codes: 0 ran, 1
errors found, 2 only for a file that cannot be opened or a usage error.
"""

from __future__ import annotations

import click

from streamspec.pairing._cli import pairing

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="streamspec")
def main() -> None:
    """Reference semantics for LLM agent event streams."""


main.add_command(pairing)
