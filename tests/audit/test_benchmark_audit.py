"""Smoke test of ``benchmarks/audit.py``: it writes a corpus, times every engine, prints every row."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "audit.py"


def test_the_audit_benchmark_prints_its_table(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--size-mb", "2", "--no-dask", "--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    found = re.search(r"corpus: (\d+) files, \d+ MB, 6 kinds", out)
    assert found, out
    assert re.search(
        r"baseline, check --format json on one file of each kind: [\d,]+ events/s", out
    )
    rows = re.findall(r"^local\s+(\d)\s+([\d.]+)\s+([\d,]+)\s+([\d,]+)\s+([\d.]+)", out, re.M)
    assert [row[0] for row in rows] == ["1", "2"], out
    assert all(float(row[1]) > 0 and int(row[2].replace(",", "")) > 0 for row in rows)
    assert "scaling local, 1 → 2 workers" in out
    # The corpus kept under --dir: every kind, every file a stream the audit reads cleanly.
    files = list((tmp_path / "corpus").rglob("*.jsonl"))
    assert len(files) == int(found.group(1))
    assert len({p.name.split("-", 1)[1] for p in files}) == min(6, len(files))
