"""docs/completion.md is generated from the spec data and is not stale."""

from __future__ import annotations

from pathlib import Path

from streamspec import _docs
from streamspec.completion._docs import DOC_FILES, SECTIONS

ROOT = Path(__file__).resolve().parents[2]


def test_completion_sections_are_registered_and_fresh() -> None:
    """Every completion section is part of the project's generator, and no doc is stale."""
    sections = _docs.all_sections()
    assert set(SECTIONS) <= set(sections)
    assert {sections[name].home for name in SECTIONS} == set(DOC_FILES)
    assert _docs.main(["--check"]) == 0


def test_every_section_has_markers() -> None:
    """Every generated section appears exactly once between its markers."""
    text = (ROOT / "docs/completion.md").read_text(encoding="utf-8")
    for name in SECTIONS:
        assert text.count(f"<!-- BEGIN GENERATED: {name} -->") == 1
        assert text.count(f"<!-- END GENERATED: {name} -->") == 1


def test_finish_reason_section_renders_the_table() -> None:
    """The finish-reason section is rendered from spec/finish_reasons.json."""
    rendered = SECTIONS["finish-reasons"]()
    assert "| `end_turn` | natural |" in rendered
    assert "| `max_tokens` | cut |" in rendered


def test_a_table_cell_keeps_its_row_whole() -> None:
    """A pipe in a description is escaped and a line break becomes a space, so the Markdown row
    stays one row of the same columns; no description is an empty cell."""
    from streamspec.completion._docs import _cell

    assert _cell("stop | length\nthen more") == "stop \\| length then more"
    assert _cell(None) == ""
