"""Where the bundled data lives: the spec tables and the examples.

An installed wheel carries ``spec/`` as ``streamspec/_spec`` and ``examples/``
as ``streamspec/_examples``. A source checkout (or an editable install, whose
copies go stale) reads the folders at the repository root. The environment
variable ``STREAMSPEC_SPEC_DIR`` overrides the spec folder.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any

import orjson

__all__ = ["example_path", "load_spec_json", "spec_dir"]

_PACKAGE = Path(__file__).resolve().parent
_REPO = _PACKAGE.parent.parent


def _locate(packaged: str, in_repo: str) -> Path:
    source_tree = _REPO / in_repo
    if (_REPO / "pyproject.toml").is_file() and source_tree.is_dir():
        return source_tree
    return _PACKAGE / packaged


def spec_dir() -> Path:
    """Return the folder that holds the normative spec files."""
    override = os.environ.get("STREAMSPEC_SPEC_DIR")
    if override:
        return Path(override)
    return _locate("_spec", "spec")


def example_path(name: str) -> Path:
    """Return the path of a bundled example file."""
    return _locate("_examples", "examples") / name


@cache
def load_spec_json(relative: str) -> Any:
    """Read and cache one JSON file below the spec folder."""
    return orjson.loads((spec_dir() / relative).read_bytes())
