"""Generated functions compiled ahead (``streamspec._ahead``): found by their exact source only,
the same code compiling gives, and every function the shipped tables make is there."""

from __future__ import annotations

import builtins
import importlib
import os
import py_compile
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import CodeType
from typing import Any

import pytest
from streamspec import _ahead, _fast_decode
from streamspec._codec import decode_event
from streamspec._deferred import made
from streamspec._events import EVENT_CLASSES
from streamspec.completion._judge import _object_folds
from streamspec.reply._fast_fold import fast_paths
from streamspec.reply._reducer import _PLAN_OF_KIND


@pytest.fixture
def ahead(monkeypatch: pytest.MonkeyPatch) -> Mapping[str, CodeType]:
    """The module's codes, read whether or not its byte code is in ``__pycache__``."""
    codes: Mapping[str, CodeType] = importlib.import_module("streamspec._ahead_code").CODE
    monkeypatch.setattr(_ahead, "_codes", codes)
    return codes


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The name of each function ``compile_source`` compiles itself, in order."""
    names: list[str] = []

    def spy(source: str, filename: str, mode: str) -> CodeType:
        names.append(filename)
        return builtins.compile(source, filename, mode)

    monkeypatch.setattr(_fast_decode, "compile", spy, raising=False)
    yield names


def _function_code(source: str, name: str) -> CodeType:
    module = compile(source, f"<streamspec {name}>", "exec")
    (code,) = (c for c in module.co_consts if isinstance(c, CodeType))
    return code


def _name(source: str) -> str:
    return source[len("def ") : source.index("(")]


def test_every_function_the_tables_make_is_taken_ahead(
    ahead: Mapping[str, CodeType], compiled: list[str]
) -> None:
    """Builders, the reducer's fast paths and the judge's folds, all made afresh: none compiled."""
    for cls in EVENT_CLASSES:
        _fast_decode.compile_builder(cls)
    tables = fast_paths(_PLAN_OF_KIND)
    for table in tables:
        for fold in table.values():
            made(fold)
    judge_folds = _object_folds.__wrapped__()
    assert compiled == []
    assert len(ahead) == len(EVENT_CLASSES) + sum(map(len, tables)) + len(judge_folds)


def test_every_source_is_listed_even_after_the_tables_were_used(
    ahead: Mapping[str, CodeType],
) -> None:
    """The listing makes each function afresh: the process's own tables, made already, count not."""
    _object_folds()
    for cls in EVENT_CLASSES:
        _fast_decode.BUILDERS[cls.TYPE]({})
    assert _ahead.every_source() == list(ahead)


def test_the_code_taken_is_what_compiling_its_source_gives(ahead: Mapping[str, CodeType]) -> None:
    """Same byte code, constants, names and line table, first line 1, compile_source's file name."""
    assert ahead
    for source in ahead:
        name = _name(source)
        taken = _ahead.code_of(source, name)
        fresh = _function_code(source, name)
        assert taken == fresh, name
        assert (taken.co_filename, taken.co_firstlineno, taken.co_qualname) == (
            f"<streamspec {name}>",
            1,
            name,
        )


def test_a_fold_taken_ahead_folds_as_one_compiled(
    ahead: Mapping[str, CodeType], compiled: list[str]
) -> None:
    """A reducer's folds taken ahead fold a reply as before, into the same message."""
    from streamspec import Reducer

    lines = [
        {
            "type": "REPLY_START",
            "reply_id": "r",
            "session_id": "s",
            "name": "a",
            "role": "assistant",
        },
        {"type": "TEXT_BLOCK_START", "reply_id": "r", "block_id": "t"},
        {"type": "TEXT_BLOCK_DELTA", "reply_id": "r", "block_id": "t", "delta": "hi"},
        {"type": "TEXT_BLOCK_END", "reply_id": "r", "block_id": "t"},
    ]
    folded = Reducer()
    assert folded.apply(decode_event(dict(lines[0]))) == ()
    folds = folded.object_folds()
    assert all(made(folds[line["type"]])(dict(line)) for line in lines[1:])
    assert compiled == []
    plain = Reducer()
    for line in lines:
        assert plain.apply(decode_event(dict(line))) == ()
    assert folded.to_dict() == plain.to_dict()
    assert folded.message.to_dict()["content"] == [{"type": "text", "id": "t", "text": "hi"}]


def test_a_source_not_ahead_is_compiled(ahead: Mapping[str, CodeType], compiled: list[str]) -> None:
    """A source one line away from one ahead, same name, is compiled, and its code is its own."""
    source = next(iter(ahead))
    name = _name(source)
    changed = source.replace("    try:\n", "    seen = 1\n    try:\n", 1)
    assert changed != source
    assert _ahead.code_of(changed, name) is None
    namespace: dict[str, Any] = {}
    function = _fast_decode.compile_source(changed, name, namespace)
    assert compiled == [f"<streamspec {name}>"]
    assert "seen" in function.__code__.co_varnames
    assert _ahead.code_of(source, name) is not None


def test_a_source_ahead_asked_for_under_another_name_is_compiled(
    ahead: Mapping[str, CodeType],
) -> None:
    """The code found must define the function asked for."""
    source = next(iter(ahead))
    assert _ahead.code_of(source, _name(source) + "_other") is None


def test_without_current_byte_code_nothing_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's byte code not current: every source is compiled (rule 3)."""
    monkeypatch.setattr(_ahead, "_codes", None)
    monkeypatch.setattr(_ahead, "byte_code_current", lambda source: False)
    source = next(iter(importlib.import_module("streamspec._ahead_code").CODE))
    assert _ahead.code_of(source, _name(source)) is None
    assert _ahead._codes == {}


def _module(tmp_path: Path) -> Path:
    source = tmp_path / "probe.py"
    source.write_text("VALUE = 1\n", encoding="utf-8")
    return source


def test_byte_code_is_current_only_as_compiled_from_the_source(tmp_path: Path) -> None:
    """Missing, from another text, of another Python: not current; compiled from it: current."""
    source = _module(tmp_path)
    assert not _ahead.byte_code_current(source)
    cached = Path(py_compile.compile(str(source), doraise=True))
    assert _ahead.byte_code_current(source)
    source.write_text("VALUE = 22\n", encoding="utf-8")
    assert not _ahead.byte_code_current(source)
    py_compile.compile(str(source), doraise=True)
    assert _ahead.byte_code_current(source)
    data = cached.read_bytes()
    cached.write_bytes(b"\0\0\0\0" + data[4:])
    assert not _ahead.byte_code_current(source)


def test_a_cut_byte_code_header_is_not_current(tmp_path: Path) -> None:
    """Of an empty source, whose size a header cut before it would seem to give."""
    source = tmp_path / "empty.py"
    source.write_bytes(b"")
    cached = Path(py_compile.compile(str(source), doraise=True))
    assert _ahead.byte_code_current(source)
    cached.write_bytes(cached.read_bytes()[:12])
    assert not _ahead.byte_code_current(source)


def test_byte_code_checked_by_hash_is_left_to_the_import_system(tmp_path: Path) -> None:
    source = _module(tmp_path)
    py_compile.compile(
        str(source), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH
    )
    source.write_text("VALUE = 3\n", encoding="utf-8")
    assert _ahead.byte_code_current(source)


def test_recording_compiles_and_lists_each_source_once(compiled: list[str]) -> None:
    source = "def twice(x):\n    return x + x\n"
    with _ahead.recording() as seen:
        first = _fast_decode.compile_source(source, "twice", {})
        second = _fast_decode.compile_source(source, "twice", {})
        assert seen == []
    assert seen == [source]
    assert compiled == ["<streamspec twice>"] * 2
    assert (first(2), second(3)) == (4, 6)
    assert _ahead._recorded is None


@pytest.mark.parametrize("seed", ["0", "4242"])
def test_the_module_is_the_same_whatever_the_hash_seed(seed: str) -> None:
    """The generated text names no set in an order that the hash seed chooses."""
    result = subprocess.run(
        [sys.executable, "-m", "streamspec._ahead", "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONHASHSEED": seed},
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")


def test_a_damaged_module_is_not_read_and_every_source_is_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compiled: list[str]
) -> None:
    """Byte code current by its header but not loadable: nothing is taken, nothing raised."""
    module = tmp_path / "damaged_ahead.py"
    module.write_text("CODE = {}\n", encoding="utf-8")
    cached = Path(py_compile.compile(str(module), doraise=True))
    cached.write_bytes(cached.read_bytes()[:16] + b"\xff not marshal data")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(_ahead, "MODULE", str(module))
    monkeypatch.setattr(_ahead, "_MODULE_NAME", "damaged_ahead")
    monkeypatch.setattr(_ahead, "_codes", None)
    assert _ahead.byte_code_current(module)
    function = _fast_decode.compile_source("def twice(x):\n    return x + x\n", "twice", {})
    assert function(4) == 8
    assert compiled == ["<streamspec twice>"]
    assert _ahead._codes == {}
