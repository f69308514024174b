"""Writing generated files: one helper shared by every generator of the project.

Rules:

1. A generated file is rendered in memory first; ``write`` replaces it only
   when the text differs, so an unchanged file keeps its timestamp.
2. ``check`` mode writes nothing and reports every stale or missing file, so
   a test (and CI) fails when a generator's source changed but its output
   was not regenerated.
3. JSON output is ``json.dumps(indent=2)`` with a trailing newline; key order is
   the order the generator builds (stable, never dependent on a clock).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["dump_json", "run_generator", "stale_files"]


def dump_json(value: Any) -> str:
    """Return the canonical text of a generated JSON file."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def stale_files(files: Mapping[Path, str]) -> list[Path]:
    """Return the files whose text on disk differs from ``files`` (missing ones included)."""
    stale = []
    for path, text in files.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
    return stale


def _write(files: Mapping[Path, str]) -> list[Path]:
    written = []
    for path in stale_files(files):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[path], encoding="utf-8")
        written.append(path)
    return written


def run_generator(
    render: Callable[[], Mapping[Path, str]], argv: Sequence[str] | None = None
) -> int:
    """Write (or with ``--check`` verify) the files ``render`` returns; return the exit code.

    Exit 0 when every file is current (or was written), 1 when ``--check``
    finds a stale one; each stale path is printed to stderr. An argument
    other than ``--check`` is a usage error (exit 2, before anything is
    written).
    """
    parser = argparse.ArgumentParser(
        description="Write the files this generator makes, or check that they are current."
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 naming each stale file"
    )
    args = parser.parse_args(argv)
    files = render()
    if args.check:
        stale = stale_files(files)
        for path in stale:
            print(f"stale: {path}", file=sys.stderr)
        return 1 if stale else 0
    for path in _write(files):
        print(f"wrote {path}", file=sys.stderr)
    return 0
