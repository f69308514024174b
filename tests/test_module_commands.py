"""Every ``python -m streamspec.…`` command the docs name runs its main, checks its output and refuses a bad option."""

from __future__ import annotations

import subprocess
import sys

import pytest

#: Generators: ``--check`` exits 0 on the committed tree.
GENERATORS = [
    "streamspec._docs",
    "streamspec.pairing._docs",
    "streamspec.completion._docs",
    "streamspec.envelope._docs",
    "streamspec.reply._message_schema",
    "streamspec.reply._reduce_vectors",
    "streamspec._coverage",
    "streamspec.reply._reduce_corpus",
    "streamspec.envelope._catalog",
    "streamspec.envelope._vectors",
    "streamspec.sources._vectors",
    "streamspec.envelope._schemas",
    "streamspec.conform._divergences",
    "streamspec._ahead",
]
#: Commands with their own options.
COMMANDS = [
    "streamspec.cli._judge",
    "streamspec.cli._adapter",
    "streamspec.cli._fuzz",
]


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "ignore", "-m", module, *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )


@pytest.mark.parametrize("module", GENERATORS)
def test_generator_check_passes_on_the_committed_tree(module: str) -> None:
    result = _run(module, "--check")
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize("module", GENERATORS + COMMANDS)
def test_an_unknown_option_is_a_usage_error(module: str) -> None:
    result = _run(module, "--no-such-option")
    assert result.returncode == 2
    assert "--no-such-option" in result.stderr
    assert "usage" in result.stderr.lower()
    assert "Traceback" not in result.stderr


def test_divergences_refresh_needs_an_interpreter() -> None:
    result = _run("streamspec.conform._divergences", "--refresh")
    assert result.returncode == 2
    assert "--refresh needs --agentscope-203 PYTHON" in result.stderr
    assert "Traceback" not in result.stderr
