"""The ``streamspec`` command line.

Contract shared by every command: stdout carries only the result;
diagnostics go to stderr, one per line, ``LINE: CODE: message``. Exit codes:
0 ran (a lenient ``reduce`` with violations included, unreadable lines
included: they are reported and skipped, as ``check`` reports them), 1 errors
found (``check``, ``reduce --strict``), 2 a usage error, an input that cannot
be opened or read, an output that cannot be written, or completion-only input
given to ``reduce``. A bad line is an ``unreadable_line`` error; the rest is
still read. A broken pipe is quiet (exit 1); see :mod:`streamspec.cli._console`.

Each command lives in its own module, imported only when that command runs
(:data:`COMMANDS`); ``streamspec --help`` lists them from the registry's
short help, without importing any.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from gettext import gettext
from typing import Any, Final, NamedTuple

import click

from streamspec.cli._console import settle_collector
from streamspec.cli._guarded import GuardedGroup

__all__ = ["COMMANDS", "LazyCommand", "LazyGroup", "main"]


class LazyCommand(NamedTuple):
    """Where a command lives, and what ``--help`` lists it with.

    ``summary`` is the first paragraph of the command's help (its docstring);
    ``--help`` shortens it to the terminal's width as click does.
    """

    module: str
    attribute: str
    summary: str


#: ``command name -> where it lives``, in the order ``--help`` lists them (by name).
COMMANDS: Final[Mapping[str, LazyCommand]] = {
    "adapter": LazyCommand(
        "streamspec.cli._adapter",
        "adapter",
        "Serve the reference implementation over adapter protocol v1 on stdin/stdout.",
    ),
    "audit": LazyCommand(
        "streamspec.cli._audit",
        "audit",
        "Check and judge every trace file under the given paths (JSONL, gzip, SSE) at once.",
    ),
    "check": LazyCommand(
        "streamspec.cli._check",
        "check",
        "Check a recorded stream (FILE, or '-' for stdin) and report every finding.",
    ),
    "conform": LazyCommand(
        "streamspec.cli._conform",
        "conform",
        "Run the conformance vectors against an implementation's adapter program.",
    ),
    "convert": LazyCommand(
        "streamspec.cli._convert",
        "convert",
        "Convert a stream (FILE, or '-' for stdin) to envelopes or AgentScope JSONL.",
    ),
    "fuzz": LazyCommand(
        "streamspec.cli._fuzz",
        "fuzz_command",
        "Fuzz an implementation: generated reply streams, its answers against the reference.",
    ),
    "judge": LazyCommand(
        "streamspec.cli._judge",
        "judge",
        "Judge every model call of FILE ('-' for stdin): did it really finish?",
    ),
    "pairing": LazyCommand(
        "streamspec.cli._pairing",
        "pairing",
        "Check and repair tool-call pairing in chat histories.",
    ),
    "reduce": LazyCommand(
        "streamspec.cli._reduce",
        "reduce",
        "Fold a reply stream (FILE, or stdin) into the final message.",
    ),
}


class LazyGroup(GuardedGroup):
    """A command group whose commands are imported when they are first looked up.

    Args:
        lazy: ``name -> where the command lives``.
    """

    def __init__(self, *args: Any, lazy: Mapping[str, LazyCommand], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command name, sorted."""
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named ``cmd_name``, its module imported now if it was not yet."""
        entry = self.lazy.get(cmd_name)
        if entry is not None and cmd_name not in self.commands:
            command = getattr(importlib.import_module(entry.module), entry.attribute)
            if not isinstance(command, click.Command):
                raise TypeError(f"{entry.module}.{entry.attribute} is not a click command")
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands with their short help, importing none that is not loaded yet.

        The layout is click's own (:meth:`click.Group.format_commands`): a
        command not loaded yet is listed from its registry summary, shortened
        to the width as click shortens a help text.
        """
        listed: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            entry = self.lazy.get(name)
            if name in self.commands or entry is None:
                command = super().get_command(ctx, name)
            else:
                command = click.Command(name, help=entry.summary)
            if command is not None and not command.hidden:
                listed.append((name, command))
        if not listed:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in listed)
        with formatter.section(gettext("Commands")):
            formatter.write_dl(
                [(name, command.get_short_help_str(limit)) for name, command in listed]
            )


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="streamspec")
def main() -> None:
    """Reference semantics for LLM agent event streams."""
    settle_collector()
