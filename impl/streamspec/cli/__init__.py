"""The command line: ``streamspec`` and its subcommands, one module per command.

Each command reads with :mod:`streamspec.sources`, runs a part (the reply
reducer, completion, envelope, pairing, conform) and writes through
:mod:`._console`, which turns every error into one line and an exit status.
The program itself is :func:`._entry.run`; :data:`main`, the click group, is
imported when it is first read, so the plain ``reduce`` never imports click.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec.cli._main import main
else:
    from streamspec._lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(__name__, {"streamspec.cli._main": ("main",)})

__all__ = ["main"]
