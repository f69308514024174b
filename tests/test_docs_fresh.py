"""The generated parts of docs/ match spec/, and the generator that checks it works."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from streamspec import _docs
from streamspec._machines import COMPILED, MACHINES, rejection_code
from streamspec._resources import load_spec_json, spec_dir

ROOT = _docs.DEFAULT_ROOT


@pytest.fixture
def spec_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A writable copy of spec/ that the loader reads instead of the real one."""
    copy = tmp_path / "spec"
    shutil.copytree(spec_dir(), copy)
    monkeypatch.setenv("STREAMSPEC_SPEC_DIR", str(copy))
    load_spec_json.cache_clear()
    yield copy
    monkeypatch.undo()
    load_spec_json.cache_clear()


@pytest.fixture
def docs_copy(tmp_path: Path) -> Path:
    """A root holding a copy of docs/ that the generator may write to."""
    root = tmp_path / "root"
    shutil.copytree(ROOT / "docs", root / "docs")
    return root


def test_docs_are_fresh(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m streamspec._docs --check` finds every generated section up to date."""
    code = _docs.main(["--check"])
    assert code == 0, capsys.readouterr().err


def test_changed_row_makes_check_fail(
    spec_copy: Path, docs_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Changing one row's target in a table makes --check exit 1, name the file, write nothing."""
    path = spec_copy / "machines" / "block.json"
    document = orjson.loads(path.read_bytes())
    row = document["machines"][0]["rows"][0]
    assert (row["source"], row["event"], row["target"]) == ("absent", "start", "open")
    row["ref"] = "a changed reference"
    path.write_bytes(orjson.dumps(document))
    before = (docs_copy / "docs" / "machines.md").read_bytes()

    code = _docs.main(["--check", "--root", str(docs_copy)])

    err = capsys.readouterr().err
    assert code == 1
    assert "stale: docs/machines.md (machine:block)" in err
    assert "violations.md" not in err
    assert (docs_copy / "docs" / "machines.md").read_bytes() == before


def test_changed_violation_makes_check_fail(
    spec_copy: Path, docs_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Changing a code's meaning makes --check name violations.md as stale."""
    path = spec_copy / "violations.json"
    document = orjson.loads(path.read_bytes())
    document["violations"][0]["meaning"] = "Something else."
    path.write_bytes(orjson.dumps(document))

    assert _docs.main(["--check", "--root", str(docs_copy)]) == 1
    assert "stale: docs/violations.md (violations)" in capsys.readouterr().err


def test_changed_action_makes_check_fail(
    spec_copy: Path, docs_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Changing an action's effect in actions.json makes --check name the actions section stale."""
    path = spec_copy / "actions.json"
    document = orjson.loads(path.read_bytes())
    effect = document["actions"]["block_ended"]["cases"][0]["effects"][0]
    assert effect["op"] == "set"
    effect["op"] = "concat"
    path.write_bytes(orjson.dumps(document))
    before = (docs_copy / "docs" / "machines.md").read_bytes()

    assert _docs.main(["--check", "--root", str(docs_copy)]) == 1

    assert "stale: docs/machines.md (actions)" in capsys.readouterr().err
    assert (docs_copy / "docs" / "machines.md").read_bytes() == before
    assert _docs.main(["--root", str(docs_copy)]) == 0
    text = (docs_copy / "docs" / "machines.md").read_text(encoding="utf-8")
    assert "`target.text += event.text (absent: skip; null: skip)`" in text


def test_generator_is_deterministic_and_keeps_prose(docs_copy: Path) -> None:
    """Two runs give identical bytes, and text outside the markers is unchanged."""
    page = docs_copy / "docs" / "machines.md"
    page.write_text(
        page.read_text(encoding="utf-8").replace(
            "<!-- END GENERATED: machine:block -->",
            "stale line\n<!-- END GENERATED: machine:block -->",
        ),
        encoding="utf-8",
    )
    prose = "Hand-written prose that must survive.\n"
    page.write_text(prose + page.read_text(encoding="utf-8"), encoding="utf-8")

    assert _docs.main(["--root", str(docs_copy)]) == 0
    first = {p.name: p.read_bytes() for p in (docs_copy / "docs").glob("*.md")}
    assert _docs.main(["--root", str(docs_copy)]) == 0
    second = {p.name: p.read_bytes() for p in (docs_copy / "docs").glob("*.md")}

    assert first == second
    assert first["machines.md"].startswith(prose.encode())
    assert b"stale line" not in first["machines.md"]
    assert first == {p.name: p.read_bytes() for p in (ROOT / "docs").glob("*.md")} | {
        "machines.md": prose.encode() + (ROOT / "docs" / "machines.md").read_bytes()
    }


def test_missing_section_is_appended_to_its_home(
    spec_copy: Path, docs_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new machine file makes --check fail, and a write appends its section to machines.md."""
    source = orjson.loads((spec_copy / "machines" / "block.json").read_bytes())
    source["machines"][0]["machine"] = "widget"
    (spec_copy / "machines" / "widget.json").write_bytes(orjson.dumps(source))

    assert _docs.main(["--check", "--root", str(docs_copy)]) == 1
    assert "stale: docs/machines.md (machine:widget)" in capsys.readouterr().err
    assert _docs.main(["--root", str(docs_copy)]) == 0
    text = (docs_copy / "docs" / "machines.md").read_text(encoding="utf-8")
    assert text.endswith("<!-- END GENERATED: machine:widget -->\n")
    assert "## The `widget` machine" in text
    assert _docs.main(["--check", "--root", str(docs_copy)]) == 0


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("<!-- BEGIN GENERATED: routing -->\n", "has no END"),
        ("<!-- END GENERATED: routing -->\n", "without its BEGIN"),
        ("<!-- BEGIN GENERATED: nosuch -->\n<!-- END GENERATED: nosuch -->\n", "unknown"),
        (
            "<!-- BEGIN GENERATED: routing -->\n<!-- BEGIN GENERATED: violations -->\n",
            "inside",
        ),
    ],
)
def test_malformed_markers_stop_the_run(
    docs_copy: Path, capsys: pytest.CaptureFixture[str], text: str, problem: str
) -> None:
    """A malformed or unknown marker exits 2, names the file, and writes nothing."""
    page = docs_copy / "docs" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + text, encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (docs_copy / "docs").glob("*.md")}

    assert _docs.main(["--root", str(docs_copy)]) == 2

    err = capsys.readouterr().err
    assert "docs/index.md" in err and problem in err
    assert {p.name: p.read_bytes() for p in (docs_copy / "docs").glob("*.md")} == before


def test_pair_tables_show_the_reducers_codes() -> None:
    """Every illegal (state, input) cell of the pair tables names the code the reducer reports."""
    text = (ROOT / "docs" / "machines.md").read_text(encoding="utf-8")
    checked = 0
    for name, spec in MACHINES.items():
        compiled = COMPILED[name]
        section = text.split(f"<!-- BEGIN GENERATED: machine:{name} -->")[1].split("<!-- END")[0]
        for state in spec.states:
            for event in spec.events:
                if (state.name, event) in compiled.plain or compiled.guarded.get(
                    (state.name, event)
                ):
                    continue
                assert f"`{rejection_code(name, state.name, event)}`" in section
                checked += 1
    assert checked > 50


def test_register_rejects_a_duplicate_name() -> None:
    """Registering a second section under an existing name raises ValueError."""
    with pytest.raises(ValueError, match="routing"):
        _docs.register("routing", lambda: "", home="docs/machines.md", title="again")
    assert _docs.SECTIONS["routing"].render is _docs.render_routing


def test_a_root_without_docs_gets_every_page_with_its_sections_titled(tmp_path: Path) -> None:
    """Generating into an empty root writes each home page, its sections under their titles."""
    assert _docs.main(["--root", str(tmp_path)]) == 0
    violations = (tmp_path / "docs" / "violations.md").read_text(encoding="utf-8")
    assert violations.startswith(
        "# Every code\n\n## Every code\n\n<!-- BEGIN GENERATED: violations -->\n"
    )
    machines = (tmp_path / "docs" / "machines.md").read_text(encoding="utf-8")
    headings = [line for line in machines.splitlines() if line.startswith("## ")]
    assert "## Routing" in headings
    assert "## The `block` machine" in headings and "## The `tool_call` machine" in headings
    assert _docs.main(["--check", "--root", str(tmp_path)]) == 0


@pytest.mark.parametrize(
    ("value", "cell"),
    [("a|b", "a\\|b"), ("two\nlines", "two lines"), (None, "—"), (True, "yes"), (False, "no")],
)
def test_a_table_cell_is_one_line_with_its_pipes_escaped(value: object, cell: str) -> None:
    """A generated table's cell never breaks its row: pipes escaped, newlines made spaces."""
    assert _docs._cell(value) == cell


def test_the_generated_files_are_written_with_every_missing_folder(tmp_path: Path) -> None:
    """Into a root that has no docs yet, not even its folders, every generated file is
    written, folders made, and a check then finds nothing stale."""
    root = tmp_path / "new" / "repository"
    assert _docs.main(["--root", str(root)]) == 0
    assert (root / "docs" / "machines.md").is_file()
    assert _docs.main(["--check", "--root", str(root)]) == 0


def test_a_section_written_into_its_home_cannot_be_in_another_file_too(
    docs_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A section missing from its home file is written there; the same section's markers in a
    later file are then a second copy, refused with both files named."""
    home = docs_copy / "docs" / "machines.md"
    text = home.read_text(encoding="utf-8")
    begin = text.index("<!-- BEGIN GENERATED: machine:block -->")
    end = text.index("<!-- END GENERATED: machine:block -->\n") + len(
        "<!-- END GENERATED: machine:block -->\n"
    )
    home.write_text(text[:begin] + text[end:], encoding="utf-8")
    other = docs_copy / "docs" / "violations.md"
    other.write_text(other.read_text(encoding="utf-8") + "\n" + text[begin:end], encoding="utf-8")

    assert _docs.main(["--check", "--root", str(docs_copy)]) == 2
    assert capsys.readouterr().err == (
        "error: docs/violations.md: section 'machine:block' is also in docs/machines.md\n"
    )
