"""``streamspec adapter``: the reference implementation as an adapter protocol v1 program.

Contract: stdin carries requests and stdout answers, one JSON object a line
(``spec/protocol/README.md``); nothing else is ever written to stdout. Exit 0
after ``stop`` or the end of stdin; 2 when ``start`` asks for another
protocol version, or stdin or stdout is closed or fails; 3 when ``--break
crash`` crashes (see :mod:`streamspec.cli._console`).
"""

from __future__ import annotations

import sys

import click

from streamspec.cli._console import stdin, stdout
from streamspec.cli._guarded import GuardedCommand
from streamspec.conform._adapter import BREAK_MODES, serve

__all__ = ["adapter"]


@click.command(
    cls=GuardedCommand,
    epilog="\b\nBreak modes:\n" + "\n".join(f"  {n:<12} {w}" for n, w in BREAK_MODES.items()),
)
@click.option(
    "--break",
    "break_mode",
    type=click.Choice(list(BREAK_MODES)),
    default=None,
    help="Make exactly one thing wrong (modes listed below), to test a runner.",
)
def adapter(break_mode: str | None) -> None:
    """Serve the reference implementation over adapter protocol v1 on stdin/stdout.

    A conformance runner starts this command, sends `start`, one `run` per
    vector case and `stop`, and compares each answer with the vector.
    """
    sys.exit(serve(stdin(), stdout(), break_mode=break_mode))


if __name__ == "__main__":
    adapter()
