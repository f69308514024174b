"""docs/differences-providers.md names every difference the differential tests allow."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from streamspec.sources import PROVIDER_SOURCES, SourceEntry

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "differences-providers.md").read_text(encoding="utf-8")


def _known_differences(source: SourceEntry) -> dict[str, str]:
    path = ROOT / "tests" / "sources" / f"test_{source.name}_sdk.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if isinstance(target, ast.Name) and target.id == "KNOWN_DIFFERENCES":
            value = ast.literal_eval(node.value)  # type: ignore[attr-defined]
            assert isinstance(value, dict)
            return value
    raise AssertionError(f"{path.name} defines no KNOWN_DIFFERENCES")


@pytest.mark.parametrize("source", PROVIDER_SOURCES, ids=lambda s: s.name)
def test_every_allowed_difference_is_a_row_of_the_doc(source: SourceEntry) -> None:
    """Each id of the SDK test's KNOWN_DIFFERENCES is a row of the doc, under the SDK's file."""
    known = _known_differences(source)
    assert known
    section = DOC.split(f"tests/sources/test_{source.name}_sdk.py", 1)[1].split("\n## ", 1)[0]
    for difference in known:
        assert f"| `{difference}` |" in section, difference
