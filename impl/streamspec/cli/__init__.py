"""The command line: ``streamspec`` and its subcommands, one module per command.

Each command reads with :mod:`streamspec.sources`, runs a part (the reply
reducer, completion, envelope, pairing, conform) and writes through
:mod:`._console`, which turns every error into one line and an exit status.
"""

from streamspec.cli._main import main

__all__ = ["main"]
