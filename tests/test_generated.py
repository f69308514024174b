"""``run_generator``: the command every generated-file module runs (vectors, schemas, exports).

It writes the files that differ from what the generator renders, or with
``--check`` writes nothing and names each stale one; anything else on the
command line is a usage error raised before the generator renders.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamspec._generated import run_generator


def _tree(tmp_path: Path) -> dict[Path, str]:
    """Three files: one current, one different on disk, one missing (in a missing folder)."""
    (tmp_path / "current.json").write_text("same\n", encoding="utf-8")
    (tmp_path / "changed.json").write_text("old\n", encoding="utf-8")
    return {
        tmp_path / "current.json": "same\n",
        tmp_path / "changed.json": "new\n",
        tmp_path / "deep" / "missing.json": "made\n",
    }


def test_check_names_each_stale_file_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _tree(tmp_path)
    assert run_generator(lambda: files, ["--check"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"stale: {tmp_path / 'changed.json'}",
        f"stale: {tmp_path / 'deep' / 'missing.json'}",
    ]
    assert (tmp_path / "changed.json").read_text(encoding="utf-8") == "old\n"
    assert not (tmp_path / "deep").exists()


def test_writing_names_and_writes_only_the_stale_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _tree(tmp_path)
    current = tmp_path / "current.json"
    before = current.stat().st_mtime_ns
    assert run_generator(lambda: files, []) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"wrote {tmp_path / 'changed.json'}",
        f"wrote {tmp_path / 'deep' / 'missing.json'}",
    ]
    assert {path: path.read_text(encoding="utf-8") for path in files} == files
    assert current.stat().st_mtime_ns == before
    assert run_generator(lambda: files, ["--check"]) == 0
    assert capsys.readouterr().err == ""


def test_an_unknown_argument_is_a_usage_error_before_rendering(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rendered: list[bool] = []

    def render() -> dict[Path, str]:
        rendered.append(True)
        return {}

    with pytest.raises(SystemExit) as stopped:
        run_generator(render, ["--write-all"])
    assert stopped.value.code == 2
    assert "unrecognized arguments: --write-all" in capsys.readouterr().err
    assert rendered == []


def test_help_says_what_the_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        run_generator(dict, ["--help"])
    assert stopped.value.code == 0
    paragraphs = [" ".join(p.split()) for p in capsys.readouterr().out.split("\n\n")]
    assert paragraphs[1] == "Write the files this generator makes, or check that they are current."
    assert "--check write nothing; exit 1 naming each stale file" in paragraphs[2]
