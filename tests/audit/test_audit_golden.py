"""``streamspec audit``'s outputs, byte for byte, over a fixed corpus.

The other audit tests say what each number and each part of the report
means; these pin every word, number, colour and coordinate of the summary
table, the JSON summary, the findings and the HTML report at once, so any
change to them shows here. After a change that is meant, look at the new
files and take them with::

    STREAMSPEC_UPDATE_GOLDEN=1 pytest tests/audit/test_audit_golden.py
"""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson
import pytest
from audit_corpus import make_corpus
from recorded import assert_recorded
from source_streams import run_cli

GOLDEN = Path(__file__).resolve().parent / "golden"

_STAMP = "2026-01-0{day}T12:00:00.000000"


def _event(type_: str, day: int, model: str, **fields: object) -> bytes:
    metadata = {"model": model}
    record = {"type": type_, "created_at": _STAMP.format(day=day), "metadata": metadata, **fields}
    return orjson.dumps(record) + b"\n"


def _corpus(root: Path) -> None:
    """The recorded examples (some cut, some gzipped), plus files with errors on two days,
    a markup file name, and a file that cannot be read."""
    make_corpus(root / "examples", 24)
    extra = root / "extra"
    extra.mkdir()
    r = {"reply_id": "r1"}
    (extra / "errors.jsonl").write_bytes(
        _event("REPLY_START", 2, "m-<1>", session_id="s", name="a", **r)
        + _event("TEXT_BLOCK_DELTA", 2, "m-<1>", block_id="b", delta="x", **r)
        + _event("MODEL_CALL_END", 2, "m-<1>", input_tokens=1, output_tokens=2, **r)
    )
    (extra / 'late <b> & "q".jsonl').write_bytes(
        _event("REPLY_START", 3, "m2", session_id="s", name="a", **r)
        + _event("MODEL_CALL_START", 3, "m2", model_name="m2", **r)
        + _event("TOOL_CALL_DELTA", 3, "m2", tool_call_id="t", delta="{", **r)
    )
    (extra / "broken.jsonl.gz").write_bytes(gzip.compress(b"{}\n", mtime=0)[:12])


@pytest.fixture
def outputs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    _corpus(tmp_path / "corpus")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")
    common = ["audit", "corpus", "--jobs", "1", "--group-by", "metadata.model"]
    status, text, err = run_cli(*common, "--html", "report.html", "--findings", "found.jsonl")
    assert (status, err) == (1, "audit: 1 file(s) could not be read\n")
    status, summary, err = run_cli(*common, "--format", "json")
    assert status == 1
    return {
        "summary.txt": text,
        "summary.json": summary,
        "findings.jsonl": (tmp_path / "found.jsonl").read_text(encoding="utf-8"),
        "report.html": (tmp_path / "report.html").read_text(encoding="utf-8"),
    }


@pytest.mark.parametrize("name", ["summary.txt", "summary.json", "findings.jsonl", "report.html"])
def test_an_output_is_the_recorded_one(outputs: dict[str, str], name: str) -> None:
    assert_recorded(outputs[name], GOLDEN / f"audit-{name}")
