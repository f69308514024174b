"""Deferred tables: a generated function is compiled on its first call, once, and takes its stub's place."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from streamspec._deferred import Stub, deferred, made

SEED_000 = Path(__file__).resolve().parents[1] / "examples" / "seed000.agentscope.jsonl"


def _counting_maker(calls: list[str], name: str) -> Callable[[], Callable[[int], str]]:
    def make() -> Callable[[int], str]:
        calls.append(name)
        return lambda n: f"{name}{n}"

    return make


def test_a_stub_is_made_on_its_first_call_and_replaced_in_its_table() -> None:
    """Nothing is made until a call; the first call makes one function and puts it in the table."""
    calls: list[str] = []
    table = deferred({"a": _counting_maker(calls, "a"), "b": _counting_maker(calls, "b")})
    assert calls == [] and all(isinstance(v, Stub) for v in table.values())
    stub = table["a"]
    assert stub(1) == "a1"
    assert calls == ["a"]
    assert not isinstance(table["a"], Stub) and table["a"](2) == "a2"
    assert isinstance(table["b"], Stub)


def test_a_kept_stub_never_makes_twice() -> None:
    """A stub called after its replacement calls what it made; made() returns that function."""
    calls: list[str] = []
    table = deferred({"a": _counting_maker(calls, "a")})
    stub = table["a"]
    first = made(stub)
    assert stub(3) == "a3" and made(stub) is first is table["a"]
    assert calls == ["a"]
    assert made(first) is first


def test_a_stub_whose_entry_was_replaced_leaves_the_entry_alone() -> None:
    """A table entry patched by someone else is not overwritten when the old stub is made."""
    calls: list[str] = []
    table = deferred({"a": _counting_maker(calls, "a")})
    stub = table["a"]
    table["a"] = lambda n: "patched"
    assert stub(1) == "a1"
    assert table["a"](1) == "patched"


def test_a_failing_maker_raises_each_call_and_leaves_the_stub() -> None:
    """A maker that raises makes nothing: the error reaches the caller and the stub stays."""

    def broken() -> Callable[..., object]:
        raise RuntimeError("no source")

    table = deferred({"a": broken})
    for _ in range(2):
        with pytest.raises(RuntimeError, match="no source"):
            table["a"]()
    assert isinstance(table["a"], Stub)


PROBE = """
import runpy, sys
sys.argv = ["streamspec", "reduce", sys.argv[1]]
try:
    runpy.run_module("streamspec", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
from streamspec._deferred import Stub
from streamspec._fast_decode import BUILDERS
from streamspec.reply import _reducer
tables = {"builders": BUILDERS, "paths": _reducer._FAST, "objects": _reducer._OBJECT_FOLDS}
made = {name: sum(not isinstance(v, Stub) for v in t.values()) for name, t in tables.items()}
sys.stderr.write(repr((made, {name: len(t) for name, t in tables.items()})))
"""


def test_reduce_compiles_only_the_kinds_its_input_uses(tmp_path: Path) -> None:
    """``reduce`` of an empty file compiles no fast path; of seed 000, fewer than the catalog."""
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    counts = []
    for path in (empty, SEED_000):
        result = subprocess.run(
            [sys.executable, "-c", PROBE, str(path)],
            capture_output=True,
            timeout=120,
            check=True,
        )
        counts.append(ast.literal_eval(result.stderr.decode().splitlines()[-1]))
    (empty_made, sizes), (seed_made, _) = counts
    assert empty_made == {"builders": 0, "paths": 0, "objects": 0}
    assert 0 < seed_made["objects"] < sizes["objects"]
    assert seed_made["builders"] < sizes["builders"]
