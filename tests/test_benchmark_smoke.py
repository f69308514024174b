"""Smoke test of ``benchmarks/fold.py``: it runs, prints every series, and folds correctly.

This is a correctness cross-check, never a timing assertion: the workloads the
benchmark times must fold to the messages they describe, ``streamspec reduce``
must print what the in-memory fold gives, and, when AgentScope is importable,
AgentScope must fold every workload to the same message once its dump is
normalised.
"""

from __future__ import annotations

import base64
import contextlib
import importlib.util
import io
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

FOLD_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "fold.py"


def _load_fold() -> ModuleType:
    name = "streamspec_benchmark_fold"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, FOLD_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


fold = _load_fold()


def _has_agentscope() -> bool:
    return fold.agentscope_version() is not None


def _quick_workloads() -> list[tuple[str, int]]:
    return [(name, size) for name, series in fold.SERIES.items() for size in series.quick]


def _streamspec_dump(records: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    reducer = fold.fold_streamspec([fold.decode_event(r) for r in records])
    reducer.finish()
    return reducer.to_dict(), [d.code for d in reducer.diagnostics]


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, Any], int]:
    out = tmp_path_factory.mktemp("fold") / "quick.json"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = fold.main(["--quick", "--repeat", "1", "--budget", "0", "--json", str(out)])
    return printed.getvalue(), json.loads(out.read_text(encoding="utf-8")), status


def test_quick_run_prints_every_series(quick_run: tuple[str, dict[str, Any], int]) -> None:
    """A quick run exits 0 and prints both tables of every series and the target summary."""
    printed, _, status = quick_run
    assert status == 0
    for name in fold.SERIES:
        assert f"== {name}: " in printed
    assert printed.count("\nin memory\n") == len(fold.SERIES)
    assert printed.count("end to end (start-up subtracted)") == len(fold.SERIES)
    assert "== targets ==" in printed
    for target in fold.TARGETS:
        assert target.name in printed


def test_quick_run_json_has_every_cell(quick_run: tuple[str, dict[str, Any], int]) -> None:
    """The JSON holds every quick size of every series, each folded cleanly and by the CLI alike."""
    _, document, _ = quick_run
    assert document["quick"] is True
    assert set(document["series"]) == set(fold.SERIES)
    for name, cells in document["series"].items():
        assert [c["size"] for c in cells] == list(fold.SERIES[name].quick)
        for cell in cells:
            assert cell["ss_diagnostics"] == []
            assert cell["streamspec"]["total"] > 0
            assert cell["e2e_ss_same"] is True


def test_quick_run_agentscope_columns(quick_run: tuple[str, dict[str, Any], int]) -> None:
    """AgentScope's columns are filled and agree when it is importable, and read n/a otherwise."""
    printed, document, _ = quick_run
    cells = [c for cs in document["series"].values() for c in cs]
    if not _has_agentscope():
        assert document["agentscope"] is None
        assert all(c["agentscope"] is None and c["same"] is None for c in cells)
        assert "vs AgentScope n/a" in printed
        return
    assert all(c["same"] is True for c in cells)
    assert all(c["e2e_as_same"] is True for c in cells)


def test_workloads_are_deterministic() -> None:
    """Building a workload twice gives the same records."""
    for name, size in _quick_workloads():
        build = fold.SERIES[name].build
        assert build(size) == build(size)


@pytest.mark.parametrize("n", [1, 7, 100])
def test_text_workload_folds_to_its_deltas(n: int) -> None:
    """The text series folds to one closed text block holding every delta, with no diagnostic."""
    dump, codes = _streamspec_dump(fold.text_workload(n))
    assert codes == []
    assert dump["content"] == [{"type": "text", "id": "text-0", "text": "tok " * n}]
    assert dump["finished_reason"] == "completed"


@pytest.mark.parametrize("n", [1, 2, 300])
def test_base64_workload_folds_to_its_bytes(n: int) -> None:
    """The base64 series folds to one data block encoding the concatenated 3-byte chunks."""
    dump, codes = _streamspec_dump(fold.base64_workload(n))
    expected = b"".join(base64.b64decode(fold.three_byte_chunk(i)) for i in range(n))
    assert codes == []
    (block,) = dump["content"]
    assert base64.b64decode(block["source"]["data"], validate=True) == expected
    assert len(expected) == 3 * n


def test_blob_workload_folds_to_its_bytes() -> None:
    """The blob series folds to one data block holding every 4 KiB chunk, padding and all."""
    size = 16 * fold.KIB
    dump, codes = _streamspec_dump(fold.blob_workload(size))
    expected = b"".join(fold.blob_chunk(k) for k in range(size // (4 * fold.KIB)))
    assert codes == []
    (block,) = dump["content"]
    assert block["source"]["media_type"] == "audio/wav"
    assert base64.b64decode(block["source"]["data"]) == expected
    assert len(expected) == size


@pytest.mark.parametrize("repeat", [1, 3])
def test_mixed_workload_grows_one_reply(repeat: int) -> None:
    """The mixed series is one legal reply whose blocks, calls and results grow with R."""
    dump, codes = _streamspec_dump(fold.mixed_workload(repeat))
    assert codes == []
    content = dump["content"]
    assert len(content) == 12 * repeat
    calls = [b for b in content if b["type"] == "tool_call"]
    results = [b for b in content if b["type"] == "tool_result"]
    assert len({c["id"] for c in calls}) == 5 * repeat
    assert all(c["state"] == "finished" for c in calls)
    assert all(json.loads(c["input"]) == {"arg": 1234567891011121314151617180} for c in calls)
    assert [r["state"] for r in results[:5]] == ["success", "denied", *["success"] * 3]
    assert results[0]["output"] == [
        {"type": "text", "id": "call-0-0#text-0", "text": "".join(f"line {i}\n" for i in range(10))}
    ]
    assert dump["usage"] == {"input_tokens": 100 * repeat, "output_tokens": 50 * repeat}


def _as_agentscope_would(dump: dict[str, Any]) -> dict[str, Any]:
    """Dress a streamspec dump in the keys and random ids AgentScope 2.0.11 adds."""
    out: dict[str, Any] = json.loads(json.dumps(dump))
    out.update(structured_output=None, error=None)
    out["usage"].update(cache_input_tokens=0, cache_creation_input_tokens=0)
    for block in out["content"]:
        block.update(created_at="2030-01-01T00:00:00", finished_at=None)
        for sub in block.get("output", []) if block["type"] == "tool_result" else []:
            sub.update(created_at="x", finished_at=None)
            if sub["type"] == "text":
                sub["id"] = "5f0c0ffee0ddba11"
    return out


def test_normalise_hides_only_2011_extras() -> None:
    """Normalising drops 2.0.11-only keys and random sub-block ids, but not a real difference."""
    dump, _ = _streamspec_dump(fold.mixed_workload(1))
    dressed = _as_agentscope_would(dump)
    assert fold.same_message(dressed, dump)
    dressed["content"][3]["state"] = "asking"
    assert not fold.same_message(dressed, dump)
    dressed = _as_agentscope_would(dump)
    dressed["content"][-1]["output"][0]["text"] += "!"
    assert not fold.same_message(dressed, dump)
    dressed = _as_agentscope_would(dump)
    dressed["finished_reason"] = "interrupted"
    assert not fold.same_message(dressed, dump)


@pytest.mark.parametrize(("name", "size"), _quick_workloads())
def test_agentscope_folds_the_same_message(name: str, size: int) -> None:
    """AgentScope's ``Msg.append_event`` folds every quick workload to streamspec's message."""
    if not _has_agentscope():
        pytest.skip("agentscope is not importable")
    records = fold.SERIES[name].build(size)
    ours, _ = _streamspec_dump(records)
    theirs = fold.fold_agentscope(fold.agentscope_events(records)).model_dump()
    assert fold.same_message(theirs, ours)
    assert theirs["content"] and len(theirs["content"]) == len(ours["content"])
