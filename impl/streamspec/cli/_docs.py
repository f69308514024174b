"""Generated section of docs/cli.md: every command, its help and its options.

The section ``cli-commands`` is rendered from the click commands themselves
(their help text and parameters), not from click's own help formatter, so the
page does not change with click's layout. ``python -m streamspec._docs
[--check]`` writes and checks it.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator, Mapping
from typing import Final

import click

from streamspec.cli._main import COMMANDS, main

__all__ = ["DOC_FILES", "SECTIONS", "render_commands"]

#: The files whose generated sections this module owns, relative to the repository.
DOC_FILES: Final = ("docs/cli.md",)


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def _commands() -> Iterator[tuple[str, click.Command]]:
    """Every command a user can run, ``(words after streamspec, command)``, in ``--help`` order."""
    for name, lazy in COMMANDS.items():
        command: click.Command = getattr(importlib.import_module(lazy.module), lazy.attribute)
        if isinstance(command, click.Group):
            for sub in sorted(command.commands):
                yield f"{name} {sub}", command.commands[sub]
        else:
            yield name, command


def _help(command: click.Command) -> str:
    """The command's help as Markdown paragraphs (click's ``\\b`` markers dropped)."""
    text = inspect.cleandoc(command.help or "")
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    out: list[str] = []
    for paragraph in paragraphs:
        lines = [line for line in paragraph.splitlines() if line.strip() != "\b"]
        if any(line.startswith((" ", "-")) for line in lines):
            out.append("\n".join(lines))
        else:
            out.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(out)


def _argument(param: click.Argument) -> str:
    name = param.metavar or (param.name or "").upper()
    if param.nargs == -1 and not name.endswith("..."):
        name += "..."
    return name if param.required or name.startswith("[") else f"[{name}]"


def _value(param: click.Option) -> str:
    """What an option takes: its choices, its metavar, or the name of its type."""
    if param.is_flag:
        return "—"
    if isinstance(param.type, click.Choice):
        return " \\| ".join(f"`{choice}`" for choice in param.type.choices)
    if param.metavar:
        return f"`{_cell(param.metavar)}`"
    kind = param.type.name.upper()
    if isinstance(param.type, click.IntRange | click.FloatRange):
        kind = param.type.name.removesuffix(" range").upper()
        bounds = [
            f"{'>' if param.type.min_open else '≥'} {param.type.min}"
            if param.type.min is not None
            else "",
            f"{'<' if param.type.max_open else '≤'} {param.type.max}"
            if param.type.max is not None
            else "",
        ]
        kind += "".join(f" {bound}" for bound in bounds if bound)
    return f"`{kind}`"


def _option_row(param: click.Option) -> str:
    names = ", ".join(f"`{name}`" for name in (*param.opts, *param.secondary_opts))
    default = f"`{param.default}`" if param.show_default and param.default is not None else ""
    meaning = _cell(param.help or "")
    flags = (("required", param.required), ("repeatable", param.multiple))
    notes = [word for word, on in flags if on and word not in meaning]
    if notes:
        meaning = f"{meaning} ({', '.join(notes)})" if meaning else f"({', '.join(notes)})"
    return f"| {names} | {_value(param)} | {default} | {meaning} |"


def _render_command(words: str, command: click.Command) -> list[str]:
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    options = [p for p in command.params if isinstance(p, click.Option) and not p.hidden]
    usage = " ".join(["streamspec", words, "[OPTIONS]", *(_argument(a) for a in arguments)])
    out = [f"### `streamspec {words}`", "", f"`{usage}`", "", _help(command), ""]
    out += ["| option | value | default | meaning |", "|---|---|---|---|"]
    out += [_option_row(option) for option in options]
    out.append("| `-h`, `--help` | — | | Show this message and exit. |")
    if command.epilog:
        lines = [line for line in command.epilog.splitlines() if line.strip() != "\b"]
        out += ["", "```text", *lines, "```"]
    return [*out, ""]


def render_commands() -> str:
    """The Markdown of every command: usage, help and a table of its options."""
    out = [
        "`streamspec [--version] [-h] COMMAND ...`: " + _cell(main.help or ""),
        "",
        "| command | what it does |",
        "|---|---|",
    ]
    commands = list(_commands())
    for words, command in commands:
        anchor = "streamspec-" + words.replace(" ", "-")
        summary = _cell(_help(command).split("\n\n")[0])
        out.append(f"| [`{words}`](#{anchor}) | {summary} |")
    out.append("")
    for words, command in commands:
        out += _render_command(words, command)
    return "\n".join(out).rstrip("\n") + "\n"


#: Marker name -> renderer, read by :mod:`streamspec._docs`.
SECTIONS: Final[Mapping[str, Callable[[], str]]] = {"cli-commands": render_commands}
