"""Spec files and examples come from the source tree in a checkout, else from the package."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamspec import _resources


def test_the_source_tree_is_read_only_in_a_checkout_that_has_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout is a folder with ``pyproject.toml``; its ``spec/`` is read when it exists, and
    the packaged copy otherwise, and outside a checkout."""
    monkeypatch.setattr(_resources, "_REPO", tmp_path)
    packaged = _resources._PACKAGE / "_spec"
    (tmp_path / "spec").mkdir()
    assert _resources._locate("_spec", "spec") == packaged
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    assert _resources._locate("_spec", "spec") == tmp_path / "spec"
    (tmp_path / "spec").rmdir()
    assert _resources._locate("_spec", "spec") == packaged


def test_the_spec_folder_can_be_named_by_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``STREAMSPEC_SPEC_DIR`` wins over both places; empty, it is unset."""
    monkeypatch.setenv("STREAMSPEC_SPEC_DIR", str(tmp_path))
    assert _resources.spec_dir() == tmp_path
    monkeypatch.setenv("STREAMSPEC_SPEC_DIR", "")
    assert _resources.spec_dir() == _resources._locate("_spec", "spec") != tmp_path
