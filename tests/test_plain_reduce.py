"""The plain ``streamspec reduce FILE`` runs without click and prints what the click command prints."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from streamspec.cli._entry import _plain_reduce_file

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(path for path in (ROOT / "examples").rglob("*") if path.is_file())

#: ``name -> the script``: the program (rules 1 and 2 of ``streamspec.cli._entry``), and
#: the click command line alone. Each is run as a file named ``streamspec``, so that
#: both name the program alike in a usage message.
SCRIPTS = {
    "program": "from streamspec.cli._entry import run\nrun()\n",
    "click": "from streamspec.cli._main import main\nmain()\n",
}

#: Inputs beyond the examples: what each one is.
MADE = {
    "empty.jsonl": b"",
    "garbage.jsonl": b"not json\n\xff\xfe\n[1, 2]\n",
    "two-replies.jsonl": (
        b'{"type":"REPLY_START","reply_id":"a","session_id":"s","name":"x"}\n'
        b'{"type":"TEXT_BLOCK_START","reply_id":"b","block_id":"t"}\n'
        b'{"type":"TEXT_BLOCK_DELTA","reply_id":"a","block_id":"t","delta":"late"}\n'
        b'{"type":"REPLY_END","reply_id":"a","session_id":"s"}\n'
    ),
    "muse-only.jsonl": (ROOT / "examples" / "muse" / "seed002.muse.jsonl").read_bytes(),
}


def _run(command: list[str], *args: str) -> tuple[int, bytes, bytes]:
    done = subprocess.run(
        [*command, *args], capture_output=True, timeout=120, check=False, cwd=ROOT
    )
    return done.returncode, done.stdout, done.stderr


def _script(tmp_path_factory: pytest.TempPathFactory, name: str) -> list[str]:
    path = tmp_path_factory.mktemp(name) / "streamspec"
    path.write_text(SCRIPTS[name])
    return [sys.executable, str(path)]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return _script(tmp_path_factory, "program")


@pytest.fixture(scope="module")
def click_line(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return _script(tmp_path_factory, "click")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("plain")
    for name, data in MADE.items():
        (directory / name).write_bytes(data)
    return directory


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: str(path.relative_to(ROOT)))
def test_an_example_reduces_as_the_click_command_reduces_it(
    program: list[str], click_line: list[str], path: Path
) -> None:
    """Every bundled example, whatever its format: the same output, diagnostics and status."""
    assert _plain_reduce_file(["reduce", str(path)]) == str(path)
    assert _run(program, "reduce", str(path)) == _run(click_line, "reduce", str(path))


@pytest.mark.parametrize("name", sorted(MADE))
def test_a_made_input_reduces_as_the_click_command_reduces_it(
    program: list[str], click_line: list[str], made: Path, name: str
) -> None:
    """An empty file, unreadable lines, two replies and a usage error (no reply at all)."""
    path = str(made / name)
    plain = _run(program, "reduce", path)
    assert plain == _run(click_line, "reduce", path)
    if name == "muse-only.jsonl":
        assert plain[0] == 2
        assert plain[2].startswith(b"Usage: streamspec reduce [OPTIONS] [FILE]\n")
        assert plain[2].endswith(b"judge them with 'streamspec judge'\n")
    else:
        assert plain[0] == 0


def test_what_is_not_a_regular_file_goes_to_click_and_fails_as_it_does(
    program: list[str], click_line: list[str], made: Path
) -> None:
    """A missing file and a directory: the same one line and exit 2 either way."""
    for path in (str(made / "missing.jsonl"), str(made)):
        assert _plain_reduce_file(["reduce", path]) is None
        status, out, err = _run(program, "reduce", path)
        assert (status, out) == (2, b"")
        assert err.startswith(f"Error: cannot open {path}: ".encode())
        assert (status, out, err) == _run(click_line, "reduce", path)


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["reduce"],
        ["reduce", "-"],
        ["reduce", "--strict", "FILE"],
        ["reduce", "FILE", "--each"],
        ["reduce", "-h"],
        ["check", "FILE"],
        ["judge", "FILE"],
        ["reduce", "FILE", "FILE"],
        ["Reduce", "FILE"],
        ["reduce", "/dev/null"],
        ["reduce", "nul\0byte"],
    ],
)
def test_any_other_command_line_goes_to_click(made: Path, args: list[str]) -> None:
    """Options, stdin, other commands, two files, a device, a path no system can open."""
    given = [str(made / "empty.jsonl") if arg == "FILE" else arg for arg in args]
    assert _plain_reduce_file(given) is None


def test_the_plain_path_takes_a_relative_path_as_given(program: list[str], made: Path) -> None:
    """The path is opened as given, relative to the working directory."""
    relative = str((made / "empty.jsonl").relative_to(made.parent))
    done = subprocess.run(
        [*program, "reduce", relative],
        capture_output=True,
        timeout=120,
        check=False,
        cwd=made.parent,
    )
    assert _plain_reduce_file(["reduce", str(made / "empty.jsonl")]) is not None
    assert done.returncode == 0
    assert done.stderr == b"0: missing_reply_end: reply is still open at the end of input\n"


def test_an_interrupt_aborts_as_click_does(
    program: list[str], click_line: list[str], tmp_path: Path
) -> None:
    """Ctrl-C while a long file is folded: ``Aborted!`` after an empty line, exit 1, no
    traceback, on either path."""
    path = tmp_path / "long.jsonl"
    late = b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\n'
    path.write_bytes(
        b'{"type":"REPLY_START","reply_id":"r","session_id":"s","name":"x"}\n'
        b'{"type":"REPLY_END","reply_id":"r","session_id":"s"}\n' + late * 300_000
    )
    # A run that ignores Ctrl-C (a background job) would pass that on to the child.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        _interrupt(program, click_line, path)
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupt(program: list[str], click_line: list[str], path: Path) -> None:
    for command in (program, click_line):
        child = subprocess.Popen(
            [*command, "reduce", str(path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        assert child.stderr is not None
        first = child.stderr.readline()
        assert first.startswith(b"3: after_reply_end: ")
        child.send_signal(signal.SIGINT)
        said = first + child.stderr.read()
        assert child.wait(timeout=60) == 1
        assert said.endswith(b"\n\nAborted!\n")
        assert b"Traceback" not in said
