"""Every command, on either path, keeps the cyclic collector off the hot path of a stream."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from streamspec.cli._console import COLLECT_EVERY

#: Runs the program as ``python -m streamspec`` does, then prints what the collector was left at.
_PROGRAM = """
import atexit, gc, runpy, sys
atexit.register(lambda: print(gc.get_threshold()[0], gc.get_freeze_count() > 0, file=sys.stderr))
sys.argv = ["streamspec", *sys.argv[1:]]
runpy.run_module("streamspec", run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    "args",
    [["reduce", "{file}"], ["reduce", "--strict", "{file}"], ["check", "{file}"]],
    ids=["plain reduce", "click reduce", "check"],
)
def test_a_command_collects_the_youngest_objects_less_often_and_never_its_modules(
    args: list[str], tmp_path: Path
) -> None:
    """The youngest generation waits for COLLECT_EVERY allocations, and what was imported is
    frozen out of every collection."""
    file = tmp_path / "reply.jsonl"
    file.write_bytes(b'{"type":"REPLY_START","reply_id":"r","session_id":"s","name":"a"}\n')
    line = [part.format(file=file) for part in args]
    done = subprocess.run([sys.executable, "-c", _PROGRAM, *line], capture_output=True, check=False)
    assert done.stderr.decode().splitlines()[-1] == f"{COLLECT_EVERY} True"
