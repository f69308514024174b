"""click's command and group, run under the console's rules (:mod:`._console`)."""

from __future__ import annotations

from typing import Any, NoReturn

import click

from streamspec.cli._console import guarded

__all__ = ["GuardedCommand", "GuardedGroup"]


class GuardedGroup(click.Group):
    """A click group whose ``main`` follows the console's rules."""

    def main(self, *args: Any, **kwargs: Any) -> NoReturn:
        """Run the command line under :func:`~._console.guarded`."""
        guarded(lambda: super(GuardedGroup, self).main(*args, **kwargs))


class GuardedCommand(click.Command):
    """A click command whose ``main`` follows the console's rules (run on its own)."""

    def main(self, *args: Any, **kwargs: Any) -> NoReturn:
        """Run the command under :func:`~._console.guarded`."""
        guarded(lambda: super(GuardedCommand, self).main(*args, **kwargs))
