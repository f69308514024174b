"""docs/cli.md says what each command's own ``--help`` says.

The page is generated from the click commands; these tests hold it against
click's help formatter, a separate reading of the same commands: every option
the help lists is on the page with the same help words, and nothing else is.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from streamspec.cli import main

DOC = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
COMMANDS = [
    "adapter",
    "audit",
    "check",
    "conform",
    "convert",
    "fuzz",
    "judge",
    "pairing check",
    "pairing repair",
    "reduce",
]


def _words(text: str) -> str:
    return " ".join(text.split())


def _doc_section(command: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"### `streamspec {command}`\n")
    end = text.find("\n### ", start + 1)
    return text[start : end if end != -1 else text.index("<!-- END GENERATED")]


def _help(command: str) -> str:
    result = CliRunner().invoke(
        main, [*command.split(), "--help"], terminal_width=1000, max_content_width=1000
    )
    assert result.exit_code == 0, result.output
    return result.output


def _split_brackets(text: str) -> tuple[str, str]:
    """An option's help line as words and click's trailing ``[default: ...; x>=1]`` groups."""
    found = re.search(r"(\s*\[[^\]]*\])+$", text)
    return (text[: found.start()], found.group()) if found else (text, "")


def _help_options(help_text: str) -> set[str]:
    options = help_text.split("\nOptions:\n", 1)[1]
    return set(re.findall(r"^\s{2}((?:-\w|--[\w-]+))", options, re.MULTILINE))


def test_the_page_lists_every_command_once() -> None:
    """Each command of ``streamspec --help`` (and pairing's two) has one section."""
    text = DOC.read_text(encoding="utf-8")
    listed = re.findall(r"^### `streamspec ([a-z ]+)`$", text, re.MULTILINE)
    assert listed == COMMANDS
    top = _help("")
    assert set(re.findall(r"^\s{2}([a-z]+)\s{2}", top.split("Commands:")[1], re.MULTILINE)) == {
        c.split()[0] for c in COMMANDS
    }


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_s_options_and_words_match_its_help(command: str) -> None:
    """The page's option names are the help's, and each option's help words are on the page."""
    help_text = _help(command)
    section = _doc_section(command)
    on_page = set(re.findall(r"^\| `(-[\w-]+)`", section, re.MULTILINE))
    # click keeps a command's help option once made; a test that invoked the command alone
    # leaves it "--help" only, so the help names are checked in a fresh process below.
    help_names = {"-h", "--help"}
    assert on_page - help_names == _help_options(help_text) - help_names
    assert "-h" in on_page
    description = help_text.split("\n\n", 1)[1].split("\nOptions:\n", 1)[0]
    assert _words(description.replace("\b", "")) in _words(section.replace("\\|", "|"))
    for line in help_text.split("\nOptions:\n", 1)[1].splitlines():
        match = re.match(r"^\s{2}(-[\w-]+).*?\s{2,}(\S.*)$", line)
        if match is None or match.group(1) in help_names:
            continue
        words, brackets = _split_brackets(match.group(2))
        row = next(r for r in section.splitlines() if r.startswith(f"| `{match.group(1)}`"))
        assert _words(words) in _words(row.replace("\\|", "|")), (command, match.group(1))
        for bound in re.findall(r"x([<>]=?)([^\s\];]+)", brackets):
            shown = {">=": "≥", "<=": "≤"}.get(bound[0], bound[0]) + " " + bound[1]
            assert shown in row.split(" | ")[1], (command, match.group(1), shown)


def test_defaults_on_the_page_are_the_ones_help_shows() -> None:
    """A default the help shows is the page's default column, e.g. ``reduce --from``."""
    for command in COMMANDS:
        help_text = _help(command)
        section = _doc_section(command)
        shown = re.findall(r"^\s{2}(--[\w-]+).*\[default: ([^\];]+)[\];]", help_text, re.M)
        for name, default in shown:
            row = next(r for r in section.splitlines() if r.startswith(f"| `{name}`"))
            if f"[default: {default}]" in row:
                continue  # the option's own help words say it
            assert row.split(" | ")[2] == f"`{default}`", (command, name)


def test_every_command_takes_h_for_help_as_the_page_says() -> None:
    """In a fresh process, ``streamspec COMMAND -h`` prints the command's help and exits 0."""
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from streamspec.cli import main\n"
        "for command in sys.argv[1:]:\n"
        "    result = CliRunner().invoke(main, [*command.split(), '-h'])\n"
        "    assert result.exit_code == 0, (command, result.output)\n"
        "    assert result.output.startswith(f'Usage: main {command} '), result.output\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, *COMMANDS], capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr.decode()


@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_command_list_fits_the_terminal_and_cuts_long_summaries(width: int) -> None:
    """``streamspec --help`` lists every command on one line no wider than the terminal, a
    summary that does not fit ending in ``...``."""
    result = CliRunner().invoke(main, ["--help"], terminal_width=width)
    listed = [line for line in result.output.split("Commands:\n", 1)[1].splitlines() if line]
    assert [line.split()[0] for line in listed] == sorted({c.split()[0] for c in COMMANDS})
    assert all(len(line) <= width for line in listed), listed
    if width == 60:
        assert any(line.endswith("...") for line in listed), listed
