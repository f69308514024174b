"""Every provider source has a mapping table that matches its importer."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from streamspec._completion_events import COMPLETION_EVENT_CLASSES
from streamspec._events import EVENT_CLASSES
from streamspec.completion._finish_reasons import vocabularies
from streamspec.sources import PROVIDER_SOURCES, SourceEntry
from streamspec.sources._importer import Importer

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "spec/schema/source.schema.json").read_text(encoding="utf-8"))
#: The names a table's ``events`` may use: wire types and completion kinds.
CANONICAL = {cls.TYPE for cls in EVENT_CLASSES} | {cls.KIND for cls in COMPLETION_EVENT_CLASSES}


def _table(source: SourceEntry) -> dict[str, Any]:
    path = ROOT / "spec" / "sources" / f"{source.name}.json"
    table: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return table


@pytest.mark.parametrize("source", PROVIDER_SOURCES, ids=lambda s: s.name)
def test_the_table_is_valid_and_names_its_source(source: SourceEntry) -> None:
    """The table validates against the schema and names the registry's source and vocabulary."""
    table = _table(source)
    jsonschema.validate(table, SCHEMA)
    assert table["source"] == source.name
    assert table["vocabulary"] == source.vocabulary
    assert source.vocabulary in vocabularies()


@pytest.mark.parametrize("source", PROVIDER_SOURCES, ids=lambda s: s.name)
def test_the_table_lists_exactly_the_types_the_importer_reads(source: SourceEntry) -> None:
    """One table row per handler, no two rows for one type, every event name canonical."""
    module = importlib.import_module(source.module)
    importer = module.IMPORTER()
    assert isinstance(importer, Importer)
    assert source.name == importer.SOURCE
    rows = [entry["type"] for entry in _table(source)["types"]]
    assert len(rows) == len(set(rows))
    assert set(rows) == set(importer.handlers())
    for entry in _table(source)["types"]:
        assert set(entry["events"]) <= CANONICAL, entry["type"]
    assert callable(module.import_lines)
