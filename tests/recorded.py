"""Comparing a command's whole output with its recording, and taking a meant change.

``STREAMSPEC_UPDATE_GOLDEN=1`` writes each output over its recording before the
comparison, so a run with it set passes and leaves the new files to read in
the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Where the recordings live.
GOLDEN = Path(__file__).resolve().parent / "golden"


def assert_recorded(found: str, path: Path) -> None:
    """``found`` is the text recorded at ``path`` (written there first when updating)."""
    if os.environ.get("STREAMSPEC_UPDATE_GOLDEN") == "1":
        path.write_text(found, encoding="utf-8")
    assert found == path.read_text(encoding="utf-8"), (
        f"{path.name} differs; if the change is meant, rerun with STREAMSPEC_UPDATE_GOLDEN=1"
    )
