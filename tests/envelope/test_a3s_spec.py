"""spec/a3s.md states the a3s import for every a3s type, in agreement with the importer's mapping."""

from __future__ import annotations

import re

from streamspec._resources import spec_dir
from streamspec.sources import A3S_MAPPING, A3S_TYPES

TEXT = (spec_dir() / "a3s.md").read_text(encoding="utf-8")


def _table_rows() -> list[list[str]]:
    section = TEXT.split("## The table", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    cells = [re.sub(r"\([^)]*\)", "", row.split(" | ", 1)[0]) for row in rows]
    return [re.findall(r"`([a-z_.]+)`", cell) for cell in cells]


def test_every_a3s_type_has_exactly_one_row() -> None:
    """Each of a3s's 52 types is named once in the first column of the table, and nothing else is."""
    named = [name for row in _table_rows() for name in row]
    assert sorted(named) == sorted(A3S_TYPES)
    assert len(A3S_TYPES) == 52


def test_mapped_types_have_their_own_rows_and_the_rest_are_opaque() -> None:
    """A type the importer maps has a row of its own; every other a3s type shares the opaque row."""
    rows = _table_rows()
    own = {row[0] for row in rows if len(row) == 1}
    shared = [row for row in rows if len(row) > 1]
    assert own == set(A3S_MAPPING)
    assert len(shared) == 1
    assert set(shared[0]) == set(A3S_TYPES) - set(A3S_MAPPING)
    opaque_row = next(line for line in TEXT.splitlines() if f"`{shared[0][0]}`" in line)
    assert "`opaque_event`" in opaque_row


def test_every_code_the_importer_reports_is_listed() -> None:
    """The diagnostics table of spec/a3s.md names every code the a3s vectors expect."""
    section = TEXT.split("## Diagnostics", 1)[1]
    for code in ("opaque_event", "uncorrelated_external_task", "unknown_record", "usage_mismatch"):
        assert f"`{code}`" in section
