"""Where the bundled data lives: the spec tables and the examples.

An installed wheel carries ``spec/`` as ``streamspec/_spec`` and ``examples/``
as ``streamspec/_examples``. A source checkout (or an editable install, whose
copies go stale) reads the folders at the repository root. The environment
variable ``STREAMSPEC_SPEC_DIR`` overrides the spec folder.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["example_path", "load_spec_json", "spec_dir"]

# os.path, not pathlib, on the way to the tables: every command reads them at
# start-up, and pathlib (with urllib.parse) is imported only by a caller that
# asks for a Path.
_PACKAGE = os.path.dirname(os.path.realpath(__file__))
_REPO = os.path.dirname(os.path.dirname(_PACKAGE))


def _locate(packaged: str, in_repo: str) -> str:
    source_tree = os.path.join(_REPO, in_repo)
    if os.path.isfile(os.path.join(_REPO, "pyproject.toml")) and os.path.isdir(source_tree):
        return source_tree
    return os.path.join(_PACKAGE, packaged)


def _spec_folder() -> str:
    override = os.environ.get("STREAMSPEC_SPEC_DIR")
    return override if override else _locate("_spec", "spec")


def spec_dir() -> Path:
    """Return the folder that holds the normative spec files."""
    from pathlib import Path  # noqa: PLC0415 - kept off start-up

    return Path(_spec_folder())


def example_path(name: str) -> Path:
    """Return the path of a bundled example file."""
    from pathlib import Path  # noqa: PLC0415 - kept off start-up

    return Path(_locate("_examples", "examples"), name)


@cache
def load_spec_json(relative: str) -> Any:
    """Read and cache one JSON file below the spec folder."""
    with open(os.path.join(_spec_folder(), relative), "rb") as file:
        return orjson.loads(file.read())
