"""The ``streamspec`` program: the plain form of ``reduce`` runs without click.

Rules:

1. ``streamspec reduce FILE``, with no option and ``FILE`` a regular file,
   folds the file without importing click, the command registry or any other
   command; its output, diagnostics and exit status are those of the click
   command (:mod:`._reduce`), which every other command line goes to.
2. When that input turns out to be a usage error (it holds no reply), nothing
   has been printed yet, and the click command line reads the file again and
   reports it as a usage error does.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from typing import NoReturn

from streamspec._errors import UsageError
from streamspec.cli._console import guarded, open_input, say, settle_collector

__all__ = ["run"]


def run() -> NoReturn:
    """Run the command line of ``sys.argv``."""
    args = sys.argv[1:]
    path = _plain_reduce_file(args)
    if path is not None:
        guarded(lambda: _reduce_plainly(path, args))
    _click(args)


def _plain_reduce_file(args: Sequence[str]) -> str | None:
    """The file of ``reduce FILE`` (rule 1), or ``None`` for any other command line."""
    if len(args) != 2 or args[0] != "reduce" or args[1].startswith("-"):
        return None
    try:
        regular = stat.S_ISREG(os.stat(args[1]).st_mode)
    except (OSError, ValueError):
        return None
    return args[1] if regular else None


def _reduce_plainly(path: str, args: Sequence[str]) -> None:
    from streamspec.cli._folding import fold_reply  # noqa: PLC0415 - this command line only

    settle_collector()
    stream = open_input(path)
    try:
        fold_reply(stream)
    except UsageError:
        stream.close()
        _click(args)
    except KeyboardInterrupt:
        say("\nAborted!")
        sys.exit(1)


def _click(args: Sequence[str]) -> NoReturn:
    from streamspec.cli._main import main  # noqa: PLC0415 - every other command line

    main.main(args)
