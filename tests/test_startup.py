"""Start-up: each command imports only what it uses, and every command and public name still works."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import orjson
import pytest
import streamspec
from click.testing import CliRunner
from streamspec import completion, envelope, pairing
from streamspec.cli._main import COMMANDS, main

#: Runs the command line as ``python -m streamspec ARGS`` does, then lists the loaded modules.
PROBE = """
import runpy, sys
sys.argv = ["streamspec", *sys.argv[1:]]
try:
    runpy.run_module("streamspec", run_name="__main__", alter_sys=True)
except SystemExit as done:
    code = done.code
sys.stdout.flush()
sys.stderr.write("\\0" + repr(code) + "\\0" + "\\n".join(sorted(sys.modules)))
"""

#: What ``reduce`` on an AgentScope file has no use for.
NOT_FOR_REDUCE = [
    "click",
    "streamspec.cli._main",
    "streamspec.cli._reduce",
    "rich",
    "hypothesis",
    "cattrs",
    "streamspec.pairing",
    "streamspec.completion",
    "streamspec.sources._a3s",
    "streamspec.conform",
    "streamspec.testing",
    "streamspec.check._run",
    "streamspec.check._render",
    "streamspec._completion_events",
    "streamspec.envelope._envelope",
    "streamspec.envelope._catalog",
    "streamspec.reply._state_check",
]
SEED_000 = Path(__file__).resolve().parents[1] / "examples" / "seed000.agentscope.jsonl"

#: The message ``reduce`` prints for an input with no event.
EMPTY_MESSAGE = {
    "name": "assistant",
    "role": "assistant",
    "id": None,
    "metadata": {},
    "created_at": None,
    "finished_at": None,
    "content": [],
    "usage": None,
}

PUBLIC_PACKAGES = [streamspec, completion, envelope, pairing]


class Probe:
    """What one probed command line printed, exited with and imported."""

    def __init__(self, *args: str, prelude: str = "") -> None:
        result = subprocess.run(
            [sys.executable, "-c", prelude + PROBE, *args],
            capture_output=True,
            timeout=120,
            check=False,
        )
        stderr, code, listing = result.stderr.split(b"\0")
        self.stdout = result.stdout
        self.stderr = stderr.decode()
        self.code: Any = ast.literal_eval(code.decode())
        self.modules = set(listing.decode().splitlines())

    def loaded(self, name: str) -> bool:
        """Whether ``name`` or any module inside it was imported."""
        return any(m == name or m.startswith(f"{name}.") for m in self.modules)


@pytest.fixture(scope="module")
def empty_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("startup") / "empty.jsonl"
    path.write_bytes(b"")
    return path


@pytest.fixture(scope="module")
def reduce_probe(empty_file: Path) -> Probe:
    return Probe("reduce", str(empty_file))


def test_reduce_of_an_empty_file_still_prints_the_empty_message(reduce_probe: Probe) -> None:
    """The probed ``reduce`` of an empty file prints the empty message and warns the reply is open."""
    assert reduce_probe.code == 0
    assert orjson.loads(reduce_probe.stdout) == EMPTY_MESSAGE
    assert reduce_probe.stderr == "0: missing_reply_end: reply is still open at the end of input\n"


@pytest.mark.parametrize("module", NOT_FOR_REDUCE)
def test_reduce_does_not_import(reduce_probe: Probe, module: str) -> None:
    """``streamspec reduce`` of an AgentScope file does not import what only other commands use."""
    assert reduce_probe.loaded("streamspec.reply._reducer")
    assert not reduce_probe.loaded(module)


#: Takes the module of functions compiled ahead as current, whether its byte code was written.
AHEAD_CURRENT = "import streamspec._ahead as a\na.byte_code_current = lambda source: True\n"


@pytest.mark.parametrize(("path", "reads"), [(None, False), (SEED_000, True)])
def test_the_functions_compiled_ahead_are_read_only_once_one_is_made(
    empty_file: Path, path: Path | None, reads: bool
) -> None:
    """An empty file makes no function, so their module is not read; seed 000's does."""
    probe = Probe("reduce", str(path or empty_file), prelude=AHEAD_CURRENT)
    assert probe.code == 0
    assert probe.loaded("streamspec._ahead")
    assert probe.loaded("streamspec._ahead_code") is reads


@pytest.fixture(scope="module")
def seed_probe() -> Probe:
    return Probe("reduce", str(SEED_000))


def test_reduce_of_seed_000_folds_it(seed_probe: Probe) -> None:
    """The probed ``reduce`` of seed 000 folds the whole reply without a word."""
    assert seed_probe.code == 0
    assert seed_probe.stderr == ""
    assert orjson.loads(seed_probe.stdout)["finished_at"] is not None


@pytest.mark.parametrize("module", NOT_FOR_REDUCE)
def test_reduce_of_events_does_not_import(seed_probe: Probe, module: str) -> None:
    """Folding real events loads nothing more of that list than an empty file does."""
    assert seed_probe.loaded("streamspec.reply._reducer")
    assert not seed_probe.loaded(module)


def test_python_dash_m_reduce_runs(empty_file: Path) -> None:
    """``python -m streamspec reduce EMPTY`` prints the empty message and exits 0."""
    result = subprocess.run(
        [sys.executable, "-m", "streamspec", "reduce", str(empty_file)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0
    assert orjson.loads(result.stdout) == EMPTY_MESSAGE


def test_help_imports_no_command() -> None:
    """``streamspec --help`` lists every command without importing any command's module."""
    probe = Probe("--help")
    assert probe.code == 0
    listed = probe.stdout.decode()
    for name in COMMANDS:
        assert f"\n  {name} " in listed
    for entry in COMMANDS.values():
        assert entry.module not in probe.modules


def test_help_lists_every_command_with_its_summary() -> None:
    """``--help`` lists each command once, in name order, with its summary shortened as click does."""
    result = CliRunner().invoke(main, ["--help"], terminal_width=200)
    assert result.exit_code == 0
    rows = result.output.split("Commands:\n", 1)[1].splitlines()
    assert [row.split()[0] for row in rows] == sorted(COMMANDS)
    for row in rows:
        name, summary = row.strip().split(maxsplit=1)
        assert summary == COMMANDS[name].summary


def test_help_shortens_each_summary_as_click_lists_loaded_commands() -> None:
    """At any width, the lazy listing is the one click's own group writes for the same
    commands, loaded."""
    loaded = {
        name: getattr(importlib.import_module(entry.module), entry.attribute)
        for name, entry in COMMANDS.items()
    }
    plain = click.Group("main", commands=loaded)
    lazy = main.__class__("main", lazy=COMMANDS)
    shortened = 0
    for width in range(40, 121):
        listings = []
        for group in (plain, lazy):
            formatter = click.HelpFormatter(width=width)
            group.format_commands(click.Context(group), formatter)
            listings.append(formatter.getvalue())
        assert listings[1] == listings[0], width
        shortened += "..." in listings[0]
    assert shortened > 40


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_registry_summary_is_the_commands_own(name: str) -> None:
    """Each registry summary is the command's short help or the first paragraph of its help."""
    entry = COMMANDS[name]
    command = getattr(importlib.import_module(entry.module), entry.attribute)
    assert isinstance(command, click.Command)
    assert command.name == name
    own = command.short_help or inspect.cleandoc(command.help or "").split("\n\n")[0]
    assert entry.summary == " ".join(own.split())


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_help_exits_0(name: str) -> None:
    """``streamspec NAME --help`` exits 0 and shows that command's usage."""
    result = CliRunner().invoke(main, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Usage: main {name} ")


def test_an_unknown_command_is_a_usage_error() -> None:
    """A name outside the registry is click's usage error, exit 2."""
    result = CliRunner().invoke(main, ["nosuch"])
    assert result.exit_code == 2
    assert "No such command 'nosuch'" in result.output


def test_import_streamspec_loads_no_part() -> None:
    """``import streamspec`` loads the package and its lazy loader, nothing else of it."""
    code = "import sys, streamspec; print(sorted(m for m in sys.modules if 'streamspec' in m))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "['streamspec', 'streamspec._lazy']"


def _typed_imports(package: Any) -> dict[str, str]:
    """``name -> module`` of the imports a package makes for type checkers."""
    tree = ast.parse(Path(package.__file__).read_text("utf-8"))
    return {
        alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("streamspec")
        for alias in node.names
    }


@pytest.mark.parametrize("package", PUBLIC_PACKAGES, ids=lambda p: p.__name__)
def test_every_public_name_is_the_object_type_checkers_see(package: Any) -> None:
    """Each name of ``__all__`` resolves to the object of the module its typed import names."""
    typed = _typed_imports(package)
    assert set(typed) - {"lazy_exports"} == set(package.__all__)
    for name in package.__all__:
        assert getattr(package, name) is getattr(importlib.import_module(typed[name]), name)
    assert set(package.__all__) <= set(dir(package))


@pytest.mark.parametrize("package", PUBLIC_PACKAGES, ids=lambda p: p.__name__)
def test_an_unexported_name_is_an_attribute_error(package: Any) -> None:
    """A name a package does not export raises AttributeError naming it."""
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = package.no_such_name


def test_from_import_of_a_subpackage_still_works() -> None:
    """``from streamspec import conform`` imports the subpackage (it is no exported name)."""
    from streamspec import conform

    assert conform.__name__ == "streamspec.conform"


def test_lazy_exports_refuses_names_that_are_no_tuple_or_exported_twice() -> None:
    """A module's names must be a tuple (a bare string would export its letters), and no name
    may have two homes; both are refused before the package is touched."""
    from streamspec._lazy import lazy_exports

    with pytest.raises(TypeError, match=r"^the names m exports must be a tuple, not 'A'$"):
        lazy_exports("streamspec", {"m": "A"})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match=r"^streamspec\.A is exported by m and n$"):
        lazy_exports("streamspec", {"m": ("A",), "n": ("B", "A")})
