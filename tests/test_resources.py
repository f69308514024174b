"""Spec files and examples come from the source tree in a checkout, else from the package."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from streamspec import _resources

ROOT = Path(__file__).resolve().parents[1]


def test_the_source_tree_is_read_only_in_a_checkout_that_has_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout is a folder with ``pyproject.toml``; its ``spec/`` is read when it exists, and
    the packaged copy otherwise, and outside a checkout."""
    monkeypatch.setattr(_resources, "_REPO", str(tmp_path))
    packaged = str(Path(_resources._PACKAGE) / "_spec")
    (tmp_path / "spec").mkdir()
    assert _resources._locate("_spec", "spec") == packaged
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    assert _resources._locate("_spec", "spec") == str(tmp_path / "spec")
    (tmp_path / "spec").rmdir()
    assert _resources._locate("_spec", "spec") == packaged


def test_the_spec_folder_can_be_named_by_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``STREAMSPEC_SPEC_DIR`` wins over both places; empty, it is unset."""
    monkeypatch.setenv("STREAMSPEC_SPEC_DIR", str(tmp_path))
    assert _resources.spec_dir() == tmp_path
    monkeypatch.setenv("STREAMSPEC_SPEC_DIR", "")
    assert _resources.spec_dir() == Path(_resources._locate("_spec", "spec")) != tmp_path


def test_the_tables_are_read_from_the_spec_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load_spec_json`` reads below the folder ``spec_dir`` names, and keeps what it read."""
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "t.json").write_bytes(b'{"a": [1]}')
    monkeypatch.setenv("STREAMSPEC_SPEC_DIR", str(tmp_path))
    _resources.load_spec_json.cache_clear()
    try:
        assert _resources.load_spec_json("tables/t.json") == {"a": [1]}
        (tmp_path / "tables" / "t.json").write_bytes(b"{}")
        assert _resources.load_spec_json("tables/t.json") == {"a": [1]}
    finally:
        _resources.load_spec_json.cache_clear()


def test_an_example_is_a_path_in_the_examples_folder() -> None:
    """``example_path`` names a file of the bundled examples, as a Path."""
    path = _resources.example_path("seed000.agentscope.jsonl")
    assert isinstance(path, Path) and path.is_file()
    assert path.parent.name in ("examples", "_examples")


def test_an_installed_copy_reads_the_folders_its_wheel_puts_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Outside a checkout the spec and the examples are read from the folders
    pyproject.toml's wheel build puts into the package."""
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"][
        "build"
    ]["targets"]["wheel"]["force-include"]
    package = Path(_resources._PACKAGE)
    monkeypatch.setattr(_resources, "_REPO", str(tmp_path))
    monkeypatch.delenv("STREAMSPEC_SPEC_DIR", raising=False)
    assert _resources.spec_dir() == package.parent / wheel["spec"]
    assert _resources.example_path("a.jsonl") == package.parent / wheel["examples"] / "a.jsonl"
