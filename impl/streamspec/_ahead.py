"""The functions streamspec generates, compiled ahead: a command unmarshals what it would compile.

Rules:

1. Every generated function is compiled by
   :func:`~streamspec._fast_decode.compile_source`, which asks :func:`code_of`
   first. :mod:`streamspec._ahead_code`, written by ``python -m
   streamspec._ahead``, defines every function the shipped tables make the
   decoder, the reducer and the judge generate, each followed by its source;
   Python keeps its byte code in ``__pycache__`` as for any module.
2. A source is found only by its exact text, and its code is then what
   compiling that text gives (the same byte code, names and line numbers,
   with the file name ``compile_source`` gives). A source the module lacks
   (a table changed and the module was not written again, a caller's own
   fold) is compiled as before: the module saves time and changes nothing.
3. The module is read on the first lookup of a process, never at import, and
   only when its byte code is current: compiling the whole module from
   source would cost more than the few functions a command needs.

``python -m streamspec._ahead`` writes the module; ``--check`` fails when it
is stale (the test suite runs it).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import CodeType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "MODULE",
    "byte_code_current",
    "code_of",
    "every_source",
    "main",
    "recording",
    "render",
]

#: The generated module, beside this one (a path as ``os.path`` writes it: no pathlib at
#: start-up).
MODULE: Final = os.path.join(os.path.dirname(__file__), "_ahead_code.py")
_MODULE_NAME: Final = "streamspec._ahead_code"

#: ``source -> code``, once read (rule 3).
_codes: Mapping[str, CodeType] | None = None
#: Every source asked for while :func:`recording` runs, in the order first asked.
_recorded: dict[str, None] | None = None


def code_of(source: str, name: str) -> CodeType | None:
    """The code of the function ``name`` that ``source`` defines, if compiled ahead (rule 2)."""
    global _codes  # noqa: PLW0603 (read once per process, rule 3)
    if _recorded is not None:
        _recorded[source] = None
        return None
    if _codes is None:
        _codes = _read()
    code = _codes.get(source)
    if code is None or code.co_name != name:
        return None
    return code.replace(co_filename=f"<streamspec {name}>", co_firstlineno=1)


def _read() -> Mapping[str, CodeType]:
    """``source -> code`` from the module, or nothing when its byte code is not current or
    cannot be read (a damaged file costs the time it would save, never a command)."""
    if not byte_code_current(MODULE):
        return {}
    try:
        codes: Mapping[str, CodeType] = importlib.import_module(_MODULE_NAME).CODE
    except Exception:  # whatever reading it raised, compiling still works
        return {}
    return codes


def byte_code_current(source: str | os.PathLike[str]) -> bool:
    """Whether ``source``'s byte code is in ``__pycache__`` and was compiled from it as it is.

    A byte code file checked by hash is taken as current: the import system
    checks it by its own rules.
    """
    try:
        stat = os.stat(source)
        with open(importlib.util.cache_from_source(os.fspath(source)), "rb") as file:
            header = file.read(16)
    except OSError:
        return False
    if len(header) < 16 or header[:4] != importlib.util.MAGIC_NUMBER:
        return False
    if int.from_bytes(header[4:8], "little"):
        return True
    mtime = int.from_bytes(header[8:12], "little")
    size = int.from_bytes(header[12:16], "little")
    return (mtime, size) == (int(stat.st_mtime) & 0xFFFFFFFF, stat.st_size & 0xFFFFFFFF)


@contextmanager
def recording() -> Iterator[list[str]]:
    """Within it, every source :func:`code_of` is asked for is compiled, and listed once."""
    global _recorded  # noqa: PLW0603 (the generator's switch)
    seen: list[str] = []
    _recorded = {}
    try:
        yield seen
    finally:
        seen.extend(_recorded)
        _recorded = None


def every_source() -> list[str]:
    """Every source the shipped tables make the decoder, the reducer and the judge generate,
    in a fixed order: the builders, the reducer's fast paths, the judge's folds."""
    from streamspec._deferred import made  # noqa: PLC0415 (only the generator needs these)
    from streamspec._events import EVENT_CLASSES  # noqa: PLC0415
    from streamspec._fast_decode import compile_builder  # noqa: PLC0415
    from streamspec.completion._judge import _object_folds  # noqa: PLC0415
    from streamspec.reply._fast_fold import fast_paths  # noqa: PLC0415
    from streamspec.reply._reducer import _PLAN_OF_KIND  # noqa: PLC0415

    # The package's copy of this module, which compile_source asks (under ``-m`` this
    # module runs as ``__main__``, another copy).
    ahead = importlib.import_module("streamspec._ahead")
    sources: list[str]
    with ahead.recording() as sources:
        for cls in EVENT_CLASSES:
            compile_builder(cls)
        for table in fast_paths(_PLAN_OF_KIND):
            for fold in table.values():
                made(fold)
        _object_folds.__wrapped__()  # not the cached tables: every fold compiled again
    return sources


_HEAD: Final = '''"""Written by ``python -m streamspec._ahead``: do not edit.

Every function streamspec generates from the tables it ships, each followed by
its source; ``CODE`` maps the source to the function's code (:mod:`streamspec._ahead`).
"""
# ruff: noqa
# mypy: ignore-errors

# As in the module that compiles them (streamspec._fast_decode), so the code flags agree.
from __future__ import annotations

CODE = {}
'''


def render() -> dict[Path, str]:
    """The text of :data:`MODULE`."""
    from pathlib import Path  # noqa: PLC0415 (the generator's, not a command's)

    parts = [_HEAD]
    for source in every_source():
        name = source[len("def ") : source.index("(")]
        parts.append(f"\n\n{source}\n\nCODE[{source!r}] = {name}.__code__\n")
    return {Path(MODULE): "".join(parts)}


def main(argv: list[str] | None = None) -> int:
    """``python -m streamspec._ahead [--check]``: write the module, or check it is current."""
    from streamspec._generated import run_generator  # noqa: PLC0415

    return run_generator(render, argv)


if __name__ == "__main__":
    sys.exit(main())
