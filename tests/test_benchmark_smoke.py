"""Smoke test of ``benchmarks/fold.py``: it runs, prints every table and target, and folds correctly.

This is a correctness and structure check, never a timing assertion: the
workloads the benchmark times must fold to the messages they describe,
``streamspec reduce`` and the hand-written floor must print what the
in-memory fold gives, AgentScope (when importable) must fold every workload to
the same message once its dump is normalised, every target must be listed
with its verdict, and the growth plot must be well-formed SVG.
"""

from __future__ import annotations

import base64
import contextlib
import gc
import io
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import checked  # noqa: E402
import floor  # noqa: E402
import fold  # noqa: E402
import plot  # noqa: E402
import targets  # noqa: E402
import touch  # noqa: E402
import workloads  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def _has_agentscope() -> bool:
    return fold.agentscope_version() is not None


def _quick_workloads() -> list[tuple[str, int]]:
    return [(name, size) for name, series in workloads.SERIES.items() for size in series.quick]


def _streamspec_dump(records: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    reducer = fold.fold_streamspec([fold.decode_event(r) for r in records])
    reducer.finish()
    return reducer.to_dict(), [d.code for d in reducer.diagnostics]


def _jsonl(records: list[dict[str, Any]]) -> list[bytes]:
    return [json.dumps(r, separators=(",", ":")).encode() + b"\n" for r in records]


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    directory = tmp_path_factory.mktemp("fold")
    out, svg = directory / "quick.json", directory / "quick.svg"
    printed = io.StringIO()
    argv = ["--quick", "--repeat", "1", "--budget", "0", "--json", str(out), "--plot", str(svg)]
    with contextlib.redirect_stdout(printed):
        status = fold.main(argv)
    return {
        "printed": printed.getvalue(),
        "document": json.loads(out.read_text(encoding="utf-8")),
        "status": status,
        "svg": svg.read_bytes(),
    }


def test_quick_run_prints_every_table(quick_run: dict[str, Any]) -> None:
    """A quick run exits 0 and prints both tables of every series, the start-up, the judge and the targets."""
    printed = quick_run["printed"]
    assert quick_run["status"] == 0
    for name in workloads.SERIES:
        assert f"== {name}: " in printed
    assert printed.count("\nin memory\n") == len(workloads.SERIES)
    assert printed.count("end to end (child CPU, start-up subtracted)") == len(workloads.SERIES)
    for section in ("== start-up ==", "== judge ==", "== targets =="):
        assert section in printed
    for command in (
        "streamspec reduce",
        "floor (python floor.py)",
        "checked floor (python checked.py)",
        "streamspec judge",
    ):
        assert command in printed.split("== start-up ==")[1].split("\n\n")[0]


def test_quick_run_json_has_every_cell(quick_run: dict[str, Any]) -> None:
    """The JSON holds every quick size of every series, each folded cleanly; the largest ran end to end."""
    document = quick_run["document"]
    assert document["quick"] is True
    assert set(document["series"]) == set(workloads.SERIES)
    for name, cells in document["series"].items():
        assert [c["size"] for c in cells] == list(workloads.SERIES[name].quick)
        for cell in cells:
            assert cell["ss_diagnostics"] == []
            assert cell["streamspec"]["total"] > 0
            assert cell["streamspec"]["apply_events_per_s"] > 0
        assert set(cells[-1]["e2e"]) >= {"streamspec", "floor"}
        assert all(c["e2e"] == {} for c in cells[:-1])


def test_quick_run_floor_and_cli_print_the_fold(quick_run: dict[str, Any]) -> None:
    """End to end, ``streamspec reduce`` and the floor both printed the in-memory fold's
    message, and so did the checked floor on the series it folds (and it ran on no other)."""
    for name, cells in quick_run["document"]["series"].items():
        assert cells[-1]["e2e_same"]["streamspec"] is True
        assert cells[-1]["e2e_same"]["floor"] is True
        if name in checked.SERIES:
            assert cells[-1]["e2e_same"]["checked"] is True
            assert cells[-1]["x_checked"] == (
                cells[-1]["e2e"]["streamspec"]["cpu"] / cells[-1]["e2e"]["checked"]["cpu"]
            )
        else:
            assert "checked" not in cells[-1]["e2e"]
            assert cells[-1]["x_checked"] is None


def test_quick_run_shows_the_checked_floor_only_where_it_ran(quick_run: dict[str, Any]) -> None:
    """The checked floor's columns are in the end-to-end tables of its series alone."""
    printed = quick_run["printed"]
    for name in workloads.SERIES:
        section = printed.split(f"== {name}: ")[1].split("\n== ")[0]
        table = section.split("end to end (child CPU, start-up subtracted)\n")[1]
        header = table.splitlines()[0]
        assert ("x checked" in header) is (name in checked.SERIES), name
        assert ("AS / checked" in header) is (name in checked.SERIES), name


def test_quick_run_start_up_and_judge(quick_run: dict[str, Any]) -> None:
    """The start-up of every side and the judge's cells are in the JSON, as the targets need them."""
    document = quick_run["document"]
    startup = document["startup"]
    assert {"streamspec", "floor", "judge"} <= set(startup)
    assert startup["streamspec"]["runs"] >= fold.MIN_RUNS
    assert all(best["cpu"] > 0 for best in startup.values())
    judged = {
        (name, c["size"])
        for name, cs in document["series"].items()
        for c in cs
        if "judge" in c["e2e"]
    }
    assert judged == {
        (t.series, t.size_read(quick=True)) for t in targets.TARGETS if t.measure == "judge_us"
    }


def test_quick_run_agentscope_columns(quick_run: dict[str, Any]) -> None:
    """AgentScope's columns are filled and agree when it is importable, and read n/a otherwise."""
    printed, document = quick_run["printed"], quick_run["document"]
    cells = [c for cs in document["series"].values() for c in cs]
    if not _has_agentscope():
        assert document["agentscope"] is None
        assert all(c["agentscope"] is None and c["same"] is None for c in cells)
        assert "vs AgentScope n/a" in printed
        return
    folded = [c for c in cells if c["agentscope"] is not None]
    assert {c["series"] for c in folded} == set(workloads.SERIES)
    assert all(c["same"] is True for c in folded)
    end_to_end = [c for c in cells if "agentscope" in c["e2e"]]
    assert {c["series"] for c in end_to_end} == {"text", "base64"}
    assert all(c["e2e_same"]["agentscope"] is True for c in end_to_end)


def test_targets_block_lists_every_target(quick_run: dict[str, Any]) -> None:
    """Every target is listed with what it requires, what was measured and a verdict that agrees."""
    printed, verdicts = quick_run["printed"], quick_run["document"]["targets"]
    block = printed.split("== targets ==\n")[1]
    assert len(verdicts) == len(targets.TARGETS) + 1
    for target, result in zip(targets.TARGETS, verdicts, strict=False):
        assert result["target"] == target.title(quick=True)
        assert result["required"] == target.required()
        value = result["value"]
        if value is None:
            assert target.mode in ("end to end", "judge"), target
            assert result["verdict"] == "n/a"
        else:
            met = value <= target.threshold if target.at_most else value >= target.threshold
            assert result["verdict"] == ("PASS" if met else "FAIL")
        rows = [line for line in block.splitlines() if line.startswith(result["target"] + " ")]
        assert any(line.split()[-1] == result["verdict"] for line in rows)
    growth = verdicts[-1]
    assert growth["target"] == targets.GROWTH_TARGET
    assert growth["verdict"] in ("PASS", "FAIL")


def test_targets_cover_the_required_cells() -> None:
    """The targets read floor, AgentScope, in-memory, start-up and judge measures on the named cells."""
    by_measure: dict[str, set[tuple[str | None, int, float]]] = {}
    for t in targets.TARGETS:
        by_measure.setdefault(t.measure, set()).add((t.series, t.size, t.threshold))
    assert by_measure["x_floor"] == {
        (s, n, 2.0)
        for s, n in [
            ("text", 100_000),
            ("base64", 30_000),
            ("base64", 100_000),
            ("tools", 10_000),
            ("blocks", 10_000),
            ("interleaved", 100_000),
        ]
    }
    assert {("text", 100_000, 25), ("base64", 30_000, 150)} <= by_measure["e2e_ratio"]
    assert by_measure["apply_rate"] == {
        ("text", 100_000, 3e6),
        ("base64", 100_000, 3e6),
        ("blocks", 10_000, 1e6),
        ("tools", 10_000, 1e6),
    }
    assert by_measure["startup"] == {(None, 0, 0.080)}
    assert by_measure["judge_us"] == {("text", 100_000, 3.0), ("mixed", 100, 3.0)}
    for t in targets.TARGETS:
        if t.series is not None:
            assert t.size in workloads.SERIES[t.series].sizes


def _series_groups(panel: ET.Element) -> list[ET.Element]:
    return [g for g in panel.iter(f"{SVG}g") if g.get("class") == "series"]


def test_plot_is_svg_with_one_series_per_side(quick_run: dict[str, Any]) -> None:
    """The plot parses as SVG: one panel per series, each with exactly one series per side."""
    root = ET.fromstring(quick_run["svg"])
    assert root.tag == f"{SVG}svg"
    panels = [g for g in root.iter(f"{SVG}g") if g.get("class") == "panel"]
    assert [p.get("data-series") for p in panels] == list(workloads.SERIES)
    document = quick_run["document"]
    for panel in panels:
        groups = _series_groups(panel)
        assert [g.get("data-side") for g in groups] == list(plot.SIDES)
        cells = document["series"][panel.get("data-series")]
        for group in groups:
            side = group.get("data-side")
            positive = [c for c in cells if side in c["e2e"] and c["e2e"][side]["cpu"] > 0]
            assert int(group.get("data-points", "-1")) == len(positive)
            assert len(group.findall(f"{SVG}circle")) == len(positive)


def test_plot_bytes_follow_the_numbers() -> None:
    """The same numbers draw the same bytes, a larger time sits higher, and other numbers differ."""
    points = {"streamspec": [(1_000, 0.01), (100_000, 1.0)], "floor": [(1_000, 0.002)]}
    panels = [plot.Panel("text", "text", points), plot.Panel("blob", "blob", {})]
    first = plot.render_svg(panels, "caption")
    assert first == plot.render_svg(panels, "caption")
    root = ET.fromstring(first)
    text, blob = (g for g in root.iter(f"{SVG}g") if g.get("class") == "panel")
    ss, fl, checked_floor, as_ = _series_groups(text)
    (low, high) = [(float(c.get("cx", 0)), float(c.get("cy", 0))) for c in ss.iter(f"{SVG}circle")]
    assert high[0] > low[0] and high[1] < low[1]
    assert ss.find(f"{SVG}polyline") is not None
    assert fl.get("data-points") == "1" and as_.get("data-points") == "0"
    assert checked_floor.get("data-points") == "0"
    assert [g.get("data-points") for g in _series_groups(blob)] == ["0"] * len(plot.SIDES)
    moved = {**points, "floor": [(1_000, 0.003)]}
    assert plot.render_svg([plot.Panel("text", "text", moved)], "caption") != first


def test_workloads_are_deterministic() -> None:
    """Building a workload twice gives the same records."""
    for name, size in _quick_workloads():
        build = workloads.SERIES[name].build
        assert build(size) == build(size)


@pytest.mark.parametrize(("name", "size"), [*_quick_workloads(), ("interleaved", 12)])
def test_floor_folds_like_streamspec(name: str, size: int) -> None:
    """The floor folds every legal workload to streamspec's message, key order and all."""
    records = workloads.SERIES[name].build(size)
    ours, codes = _streamspec_dump(records)
    assert codes == []
    theirs = floor.fold_lines(_jsonl(records))
    assert theirs == ours
    assert json.dumps(theirs) == json.dumps(ours)


def test_floor_folds_an_empty_file_like_streamspec() -> None:
    """On no input the floor gives the empty message ``streamspec reduce`` prints."""
    assert floor.fold_lines([]) == fold.Reducer().to_dict()


def test_floor_stops_on_an_event_it_does_not_know() -> None:
    """An event type outside the floor's list stops it instead of being folded wrongly."""
    records = workloads.text_workload(1)
    records.insert(1, {**records[1], "type": "HINT_BLOCK"})
    with pytest.raises(KeyError, match="HINT_BLOCK"):
        floor.fold_lines(_jsonl(records))


def test_floor_joins_padded_chunks_by_their_bytes() -> None:
    """Base64 chunks padded inside the stream are re-encoded from their bytes, not concatenated."""
    chunks = [base64.b64encode(b"ab").decode(), base64.b64encode(b"cde").decode()]
    assert floor.joined_base64(chunks) == base64.b64encode(b"abcde").decode()
    assert floor.joined_base64(["YWJj", "ZA=="]) == "YWJjZA=="


@pytest.mark.parametrize("n", [1, 7, 100])
def test_text_workload_folds_to_its_deltas(n: int) -> None:
    """The text series folds to one closed text block holding every delta, with no diagnostic."""
    dump, codes = _streamspec_dump(workloads.text_workload(n))
    assert codes == []
    assert dump["content"] == [{"type": "text", "id": "text-0", "text": "tok " * n}]
    assert dump["finished_reason"] == "completed"


@pytest.mark.parametrize("n", [1, 2, 300])
def test_base64_workload_folds_to_its_bytes(n: int) -> None:
    """The base64 series folds to one data block encoding the concatenated 3-byte chunks."""
    dump, codes = _streamspec_dump(workloads.base64_workload(n))
    expected = b"".join(base64.b64decode(workloads.three_byte_chunk(i)) for i in range(n))
    assert codes == []
    (block,) = dump["content"]
    assert base64.b64decode(block["source"]["data"], validate=True) == expected
    assert len(expected) == 3 * n


def test_blob_workload_folds_to_its_bytes() -> None:
    """The blob series folds to one data block holding every 4 KiB chunk, padding and all."""
    size = 16 * workloads.KIB
    dump, codes = _streamspec_dump(workloads.blob_workload(size))
    expected = b"".join(workloads.blob_chunk(k) for k in range(size // (4 * workloads.KIB)))
    assert codes == []
    (block,) = dump["content"]
    assert block["source"]["media_type"] == "audio/wav"
    assert base64.b64decode(block["source"]["data"]) == expected
    assert len(expected) == size


@pytest.mark.parametrize("repeat", [1, 3])
def test_mixed_workload_grows_one_reply(repeat: int) -> None:
    """The mixed series is one legal reply whose blocks, calls and results grow with R."""
    dump, codes = _streamspec_dump(workloads.mixed_workload(repeat))
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


@pytest.mark.parametrize("n", [1, 2, 25])
def test_tools_workload_pairs_each_call_with_its_result(n: int) -> None:
    """The tools series folds to N finished calls of 10 input deltas, each followed by its result."""
    records = workloads.tools_workload(n)
    dump, codes = _streamspec_dump(records)
    assert codes == []
    assert len(records) == 2 + n * 15 + (n // 2)
    content = dump["content"]
    assert [b["type"] for b in content] == ["tool_call", "tool_result"] * n
    for c, (call, result) in enumerate(zip(content[::2], content[1::2], strict=True)):
        assert call["id"] == result["id"] == f"call-{c}"
        assert call["state"] == "finished"
        assert json.loads(call["input"]) == {"arg": 123456780}
        assert result["state"] == "success"
        (text,) = result["output"]
        assert text["text"] == "".join(f"out {c}.{i}\n" for i in range(1 + c % 2))


@pytest.mark.parametrize("n", [1, 40])
def test_blocks_workload_folds_to_n_short_blocks(n: int) -> None:
    """The blocks series folds to N text blocks of one delta each."""
    records = workloads.blocks_workload(n)
    dump, codes = _streamspec_dump(records)
    assert codes == []
    assert len(records) == 2 + 3 * n
    assert dump["content"] == [
        {"type": "text", "id": f"text-{b}", "text": f"block {b}. "} for b in range(n)
    ]


@pytest.mark.parametrize("n", [12, 13, 600])
def test_interleaved_workload_deals_deltas_round_robin(n: int) -> None:
    """The interleaved series keeps 4 texts and 2 calls open and deals N deltas between them in turn."""
    records = workloads.interleaved_workload(n)
    dump, codes = _streamspec_dump(records)
    assert codes == []
    deltas = [r for r in records if r["type"] in ("TEXT_BLOCK_DELTA", "TOOL_CALL_DELTA")]
    assert len(deltas) == n
    lanes = [r.get("block_id") or r["tool_call_id"] for r in deltas[:6]]
    assert lanes == ["text-0", "text-1", "text-2", "text-3", "call-0", "call-1"]
    assert [r.get("block_id") or r["tool_call_id"] for r in deltas[6:12]] == lanes
    kinds = [r["type"] for r in records]
    last_start = max(i for i, k in enumerate(kinds) if k.endswith("_START") and "RESULT" not in k)
    first_end = min(i for i, k in enumerate(kinds) if k.endswith("_END"))
    assert last_start < kinds.index("TEXT_BLOCK_DELTA")
    assert first_end > max(
        i for i, k in enumerate(kinds) if k in ("TEXT_BLOCK_DELTA", "TOOL_CALL_DELTA")
    )
    texts = [b for b in dump["content"] if b["type"] == "text"]
    assert [t["text"] for t in texts] == [
        f"t{lane} " * len(range(lane, n, 6)) for lane in range(workloads.INTERLEAVED_TEXTS)
    ]
    calls = [b for b in dump["content"] if b["type"] == "tool_call"]
    assert [json.loads(c["input"]) for c in calls] == [{"arg": calls_arg(n, c)} for c in range(2)]
    assert [b["state"] for b in dump["content"] if b["type"] == "tool_result"] == ["success"] * 2


def calls_arg(n: int, call: int) -> int:
    """The number the interleaved workload's call ``call`` spells out in its input."""
    share = len(range(workloads.INTERLEAVED_TEXTS + call, n, 6))
    return int("".join(str(i) for i in range(1, share - 1)) + "0")


def test_interleaved_workload_needs_two_deltas_per_lane() -> None:
    """Fewer deltas than two per open block cannot spell each call's JSON input."""
    with pytest.raises(ValueError, match="at least 12"):
        workloads.interleaved_workload(11)


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
    dump, _ = _streamspec_dump(workloads.mixed_workload(1))
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


_AGENTSCOPE_WORKLOADS = [
    *((name, series.quick[0]) for name, series in workloads.SERIES.items()),
    ("tools", 3),
    ("interleaved", 60),
]


@pytest.mark.parametrize(("name", "size"), _AGENTSCOPE_WORKLOADS)
def test_agentscope_folds_the_same_message(name: str, size: int) -> None:
    """AgentScope's models accept every event and ``Msg.append_event`` folds streamspec's message."""
    if not _has_agentscope():
        pytest.skip("agentscope is not importable")
    records = workloads.SERIES[name].build(size)
    ours, _ = _streamspec_dump(records)
    events = fold.agentscope_events(records)
    assert [e.type for e in events] == [r["type"] for r in records]
    theirs = fold.fold_agentscope(events).model_dump()
    assert fold.same_message(theirs, ours)
    assert theirs["content"] and len(theirs["content"]) == len(ours["content"])


def test_byte_compile_writes_byte_code_for_every_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every module of the package gets its ``.pyc``, so a child start reads byte code."""
    import importlib.util

    import runner

    package = tmp_path / "bench_pkg"
    (package / "sub").mkdir(parents=True)
    for module in ("__init__.py", "one.py", "sub/__init__.py", "sub/two.py"):
        (package / module).write_text("VALUE = 1\n", "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert runner.byte_compile("bench_pkg") is True
    for module in ("__init__.py", "one.py", "sub/__init__.py", "sub/two.py"):
        assert Path(importlib.util.cache_from_source(str(package / module))).is_file()
    (package / "bad.py").write_text("def (:\n", "utf-8")
    assert runner.byte_compile("bench_pkg") is False


def _cells(name: str, totals: list[float], sizes: tuple[int, ...] | None = None) -> list[Any]:
    """Cells of ``sizes`` (the series' quick sizes first) with made-up in-memory totals."""
    series = workloads.SERIES[name]
    return [
        fold.Cell(
            series=name,
            size=size,
            label=workloads.size_label(series, size),
            events=size,
            ss=fold.Timing(total, 0.0, 1),
            ss_blocks=0,
            ss_diagnostics=[],
        )
        for size, total in zip(sizes or series.quick, totals, strict=False)
    ]


def test_a_failed_growth_step_is_timed_again_and_each_cell_keeps_its_best() -> None:
    """A step whose larger cell was slowed by noise passes once both are timed again; a
    step whose smaller cell is faster than any real run still fails (the best is kept)."""
    options = fold.parse_args(["--repeat", "2", "--budget", "0", "--no-e2e", "--no-agentscope"])
    series = workloads.SERIES["text"]
    slowed = _cells("text", [1e-9, 1e-9])
    slowed[0].ss = fold.Timing(10.0, 0.0, 1)
    slowed[1].ss = fold.Timing(1e6, 0.0, 1)  # far slower than growth allows
    notes = fold.confirm_growth(series, slowed, options, None)
    step = f"{slowed[0].label} → {slowed[1].label}"
    assert [n.split(":")[0] for n in notes] == [f"text in memory {step}"]
    assert notes[0].endswith("PASS"), notes
    assert slowed[1].ss.total < 1.0 and slowed[1].ss.runs == 3
    assert slowed[0].ss.total < 10.0 and slowed[0].ss.runs == 3

    faked = _cells("text", [1e-9, 1.0])
    notes = fold.confirm_growth(series, faked, options, None)
    assert notes[0].endswith("FAIL"), notes
    assert faked[0].ss.total == 1e-9, "a cell keeps its best timing"
    assert [c.ss.runs for c in faked] == [3, 3]


def test_a_step_that_fails_once_its_neighbour_is_timed_again_is_timed_again_too() -> None:
    """Timing ``100 → 1k`` again makes the 1k cell faster, which makes ``1k → 10k`` fail
    where it passed: that step is timed again as well, and then passes."""
    options = fold.parse_args(["--repeat", "2", "--budget", "0", "--no-e2e", "--no-agentscope"])
    series = workloads.SERIES["text"]
    cells = _cells("text", [1e-9, 1.0, 10.0], (100, 1_000, 10_000))
    notes = fold.confirm_growth(series, cells, options, None)
    assert [n.split(":")[0] for n in notes] == [
        "text in memory 100 → 1k",
        "text in memory 1k → 10k",
    ]
    assert notes[0].endswith("FAIL") and notes[1].endswith("PASS"), notes
    assert [c.ss.runs for c in cells] == [3, 5, 3]


def test_steps_that_pass_are_not_timed_again() -> None:
    options = fold.parse_args(["--repeat", "2", "--budget", "0", "--no-e2e", "--no-agentscope"])
    cells = _cells("text", [1.0, 1.0])
    assert fold.confirm_growth(workloads.SERIES["text"], cells, options, None) == []
    assert [c.ss for c in cells] == [fold.Timing(1.0, 0.0, 1)] * 2


def test_a_failed_end_to_end_step_is_run_again_beside_the_start_up(tmp_path: Path) -> None:
    """Both files are run again, each run beside one on the empty file; the slowed cell
    gets a real net time, the runs are counted, and the files are removed."""
    options = fold.parse_args(["--repeat", "2", "--budget", "0", "--no-agentscope"])
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    e2e = fold.EndToEnd(tmp_path, empty, fold.commands(False), {}, interleave=True)
    cells = _cells("text", [1.0, 1.0])
    cells[0].e2e["streamspec"] = fold.Net(0.05, 0.05, 1)
    cells[1].e2e["streamspec"] = fold.Net(1e6, 1e6, 1)
    notes = fold.confirm_growth(workloads.SERIES["text"], cells, options, e2e)
    assert [n.split(":")[0] for n in notes] == [
        f"text end to end {cells[0].label} → {cells[1].label}"
    ]
    assert [c.e2e["streamspec"].runs for c in cells] == [3, 3]
    assert 0 < cells[1].e2e["streamspec"].cpu < 10
    assert cells[0].e2e["streamspec"].cpu <= 0.05
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.jsonl"]


def test_a_timed_run_has_what_existed_before_it_frozen_out_of_the_collector() -> None:
    """The input of an in-memory run, built beforehand, is never walked by a collection
    during the run: every object alive before it is frozen."""
    built = [[index] for index in range(1000)]
    walked: list[bool] = []

    def run() -> tuple[float, float]:
        collectable = {id(item) for item in gc.get_objects()}
        walked.append(any(id(item) in collectable for item in built))
        return 0.001, 0.0

    try:
        timing = fold.best_of(run, repeat=2, budget=10.0)
    finally:
        gc.unfreeze()
    assert walked == [False, False]
    assert timing.runs == 2


def test_the_touch_script_prints_reading_and_apply_at_each_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """benchmarks/touch.py prints one row per size, its three times, and the step between them."""
    assert touch.main(["--series", "text", "--size", "60", "--size", "120", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "series", "size", "read", "ns/event", "apply", "ns/event", "in", "chunks", "ns/event",
    ]  # fmt: skip
    rows = [line.split() for line in lines[1:3]]
    assert [row[:2] for row in rows] == [["text", "60"], ["text", "120"]]
    assert all(len(row) == 5 and all(float(v) > 0 for v in row[2:]) for row in rows)
    step = lines[3].split()
    assert step[0] == "step" and len([v for v in step if v.endswith("x")]) == 3
    assert "apply less reading" in lines[3]


def test_the_in_memory_fold_builds_its_events_a_chunk_at_a_time() -> None:
    """Each chunk's events are built outside the clock and folded into one reducer: the
    message is the one all events folded at once give."""
    records = workloads.SERIES["text"].build(2000)
    pieces = fold.chunks(records)
    assert [record for piece in pieces for record in piece] == records
    sizes = [sum(len(json.dumps(r, separators=(",", ":"))) + 1 for r in p) for p in pieces]
    assert len(pieces) > 2 and all(size <= fold.CHUNK_BYTES for size in sizes)
    assert all(size + 200 > fold.CHUNK_BYTES for size in sizes[:-1])  # each as full as it can be
    blob = workloads.SERIES["blob"].build(fold.CHUNK_BYTES * 3)
    assert max(len(p) for p in fold.chunks(blob)) < 20  # 4 KiB chunks: a dozen at a time
    timing, reducer = fold.time_streamspec(records, 1, 10.0)
    whole = fold.fold_streamspec([fold.decode_event(r) for r in records])
    assert reducer.to_dict() == whole.to_dict() and reducer.next_index == len(records)
    assert timing.runs == 1 and timing.fold > 0


def _e2e_cell(name: str, size: int, **nets: float) -> Any:
    cell = _cells(name, [1.0], (size,))[0]
    cell.e2e = {side: fold.Net(cpu, cpu, 1) for side, cpu in nets.items()}
    return cell


def test_an_agentscope_target_shows_the_checked_floor_it_is_bounded_by() -> None:
    """Each end-to-end AgentScope target shows AgentScope's time over the checked floor's;
    one asking more than that is listed after the count, one asking less is not."""
    cells = {
        "base64": [_e2e_cell("base64", 30_000, streamspec=0.030, checked=0.027, agentscope=3.6)],
        "text": [_e2e_cell("text", 100_000, streamspec=0.070, checked=0.075, agentscope=2.5)],
    }
    results = targets.judge(cells, None, quick=False)
    titled = [(r["target"], r) for r in results]
    hard = [r for t, r in titled if t == "end to end: base64 30k, x AgentScope"][-1]
    assert hard["value"] == pytest.approx(120.0)
    assert hard["bound"] == pytest.approx(3.6 / 0.027)
    assert hard["verdict"] == "FAIL"
    assert [r["beyond_bound"] for t, r in titled if t.startswith("end to end") and "x A" in t] == [
        False,
        False,
        False,
        True,
    ]
    assert all("bound" not in r for t, r in titled if "x floor" in t)
    block = targets.render(results)
    beyond = [line for line in block.splitlines() if line.startswith("beyond the checked floor")]
    assert beyond == [
        "beyond the checked floor: end to end: base64 30k, x AgentScope requires ≥ 150x, "
        "the checked floor reached 133x"
    ]
    rows = [line for line in block.splitlines() if line.startswith("end to end: text 100k, x fl")]
    assert rows[0].split()[-2:] == ["-", "n/a"]


def test_a_bound_says_which_side_of_the_threshold_it_is() -> None:
    """``beyond``: an at-least target past a bound below it, an at-most one past a bound
    above it; an unmeasured bound is never passed."""
    at_least = targets.Target("end to end", "x", "text", 1, "e2e_ratio", 150)
    at_most = targets.Target("end to end", "x", "text", 1, "x_floor", 2.0, at_most=True)
    assert (at_least.beyond(149.9), at_least.beyond(150.0), at_least.beyond(None)) == (
        True,
        False,
        False,
    )
    assert (at_most.beyond(2.1), at_most.beyond(2.0), at_most.beyond(None)) == (True, False, False)
