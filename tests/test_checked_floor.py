"""``benchmarks/checked.py``, the checked floor: it folds like streamspec, and each check it
claims to make stops it on the line that breaks it.

The bound the fold benchmark prints (AgentScope's time over the checked
floor's) means something only if the checked floor makes every check the spec
asks of a fold of its events: each is broken here, one line at a time, and
must stop it there.
"""

from __future__ import annotations

import copy
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import checked  # noqa: E402
import floor  # noqa: E402
import workloads  # noqa: E402
from streamspec import Reducer  # noqa: E402
from streamspec._codec import decode_event  # noqa: E402


def _jsonl(records: list[dict[str, Any]], *, separators: tuple[str, str] = (",", ":")) -> bytes:
    return b"".join(json.dumps(r, separators=separators).encode() + b"\n" for r in records)


def _streamspec(records: list[dict[str, Any]]) -> dict[str, Any]:
    reducer = Reducer()
    for record in records:
        assert reducer.apply(decode_event(record)) == ()
    reducer.finish()
    return reducer.to_dict()


def _stop(data: bytes) -> tuple[int, str]:
    with pytest.raises(checked.Stopped) as stopped:
        checked.fold_stream(io.BytesIO(data))
    line, reason = stopped.value.args
    return line, reason


@pytest.mark.parametrize(
    ("name", "size"),
    [(name, size) for name in checked.SERIES for size in (1, 3, *workloads.SERIES[name].quick)],
)
def test_it_folds_its_series_as_streamspec_does(name: str, size: int) -> None:
    """Every workload of its series folds to streamspec's message, key order and all."""
    records = workloads.SERIES[name].build(size)
    folded = checked.fold_stream(io.BytesIO(_jsonl(records)))
    assert json.dumps(folded) == json.dumps(_streamspec(records))


def test_an_empty_file_and_a_byte_order_mark() -> None:
    """No input gives the empty message; a byte order mark at the start is dropped."""
    assert checked.fold_stream(io.BytesIO(b"")) == Reducer().to_dict()
    records = workloads.text_workload(3)
    data = _jsonl(records)
    assert checked.fold_stream(io.BytesIO(b"\xef\xbb\xbf" + data)) == _streamspec(records)


def test_padded_chunks_fold_by_their_bytes() -> None:
    """A padded chunk inside the stream is checked alone and its block re-encoded from bytes."""
    records = workloads.base64_workload(2)
    records[2]["data"], records[3]["data"] = "YQ==", "YmM="
    folded = checked.fold_stream(io.BytesIO(_jsonl(records)))
    assert folded["content"][0]["source"]["data"] == "YWJj"
    assert folded == _streamspec(records)


def _text(n: int = 5) -> list[dict[str, Any]]:
    return workloads.text_workload(n)


def _data(n: int = 5) -> list[dict[str, Any]]:
    return workloads.base64_workload(n)


def _set(records: list[dict[str, Any]], at: int, **fields: Any) -> list[dict[str, Any]]:
    out = copy.deepcopy(records)
    out[at].update(fields)
    return out


#: ``(what, records, line it stops at (1-based), words of its reason)``: one broken check each.
BROKEN = [
    ("delta not a string", _set(_text(), 3, delta=5), 4, "delta: not a JSON string"),
    ("id not a string", _set(_text(), 3, id=7), 4, "$.id: not a JSON string"),
    ("metadata not an object", _set(_data(), 4, metadata=[]), 5, "$.metadata: not a JSON object"),
    ("media_type not a string", _set(_data(), 2, media_type=1), 3, "$.media_type: not a JSON"),
    ("data not a string", _set(_data(), 2, data=12), 3, "$.data: matches none"),
    (
        "no reply_id",
        [
            r if i != 2 else {k: v for k, v in r.items() if k != "reply_id"}
            for i, r in enumerate(_text())
        ],
        3,
        "$.reply_id: missing",
    ),
    ("another reply", _set(_text(), 2, reply_id="other"), 3, "another reply"),
    ("a block never opened", _set(_text(), 4, block_id="text-9"), 5, "no such open block"),
    (
        "a text delta into a data block",
        _set(_data(), 3, type="TEXT_BLOCK_DELTA", delta="x"),
        4,
        "no such open block",
    ),
    ("a role outside its enum", _set(_text(), 0, role="robot"), 1, "'robot' is not one of"),
    ("a type it does not fold", _set(_text(), 2, type="HINT_BLOCK"), 3, "is not folded here"),
    ("a chunk not whole quads", _set(_data(), 3, data="AAE"), 4, "not whole base64 quads"),
    ("a padded chunk not canonical", _set(_data(), 3, data="YR=="), 4, "not canonical base64"),
    ("a chunk outside the alphabet", _set(_data(), 3, data="!-_!"), 8, "not base64"),
    ("a URL in place of base64", _set(_data(), 3, data=None, url="https://x"), 4, "carry base64"),
]


@pytest.mark.parametrize(("what", "records", "line", "reason"), BROKEN, ids=[b[0] for b in BROKEN])
def test_each_check_stops_it_on_the_line_that_breaks_it(
    what: str, records: list[dict[str, Any]], line: int, reason: str
) -> None:
    """Each check of rules 3-5 stops the fold at the line (or the block end) that breaks it."""
    found, why = _stop(_jsonl(records))
    assert (found, reason in why) == (line, True), why


def test_a_key_named_twice_stops_it_on_its_line() -> None:
    """A line naming a key twice is not its object's dump: rule 2 stops the fold there."""
    lines = _jsonl(_text()).splitlines(keepends=True)
    lines[3] = lines[3].replace(b'"delta":', b'"delta":"x","delta":')
    line, reason = _stop(b"".join(lines))
    assert (line, "a key named twice" in reason) == (4, True)


def test_a_block_written_otherwise_stops_it() -> None:
    """Lines that are not their objects' compact dumps stop it: the key count would be
    needed, which the checked floor does not make."""
    line, reason = _stop(_jsonl(_text(), separators=(", ", ": ")))
    assert line == 1
    assert "not the dump of its object" in reason


def _nested(depth: int) -> Any:
    value: Any = {}
    for _ in range(depth - 1):
        value = {"k": value}
    return value


def test_a_line_past_the_depth_limit_stops_it() -> None:
    """A line holding more brackets than the depth limit allows stops it (rule 1); one at
    the limit (the line's own object counts 1) is folded."""
    records = _text()
    records[2]["metadata"] = _nested(checked.MAX_DEPTH)
    assert _stop(_jsonl(records)) == (3, f"more than {checked.MAX_DEPTH} brackets")
    records[2]["metadata"] = _nested(checked.MAX_DEPTH - 1)
    assert checked.fold_stream(io.BytesIO(_jsonl(records)))["content"][0]["text"] == "tok " * 5


def test_lines_are_numbered_across_blocks() -> None:
    """A broken line past the first block read is named by its number in the file."""
    records = _text(3000)
    assert len(_jsonl(records)) > 2 * checked.BLOCK
    broken = _set(records, 2500, delta=None)
    assert _stop(_jsonl(broken)) == (2501, "delta: not a JSON string")
    lines = _jsonl(records).splitlines(keepends=True)
    lines[2700] = b"\n"
    assert _stop(b"".join(lines))[0] == 2701


def test_the_inline_checks_read_what_the_spec_names() -> None:
    """The shipped schemas name exactly the fields the delta checks read; a field more is
    drift, and the fold refuses to run."""
    found = checked.schemas()
    assert checked.inline_drift(found) == []
    grown = copy.deepcopy(found)
    grown["TEXT_BLOCK_DELTA"]["properties"]["index"] = {"type": "integer"}
    drift = checked.inline_drift(grown)
    assert len(drift) == 1
    assert drift[0].startswith("TEXT_BLOCK_DELTA: the schema names")


def test_main_names_the_file_and_line_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command prints the message and exits 0, or names where it stopped and exits 1."""
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_bytes(_jsonl(_text(2)))
    bad.write_bytes(_jsonl(_set(_text(2), 2, delta=3)))
    assert checked.main([str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["content"][0]["text"] == "tok tok "
    assert checked.main([str(bad)]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"{bad}:3: delta: not a JSON string\n")


@pytest.mark.parametrize("script", ["checked", "floor"])
def test_both_floors_name_a_missing_file_or_argument_and_exit_2(
    script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No argument, two, or a file that cannot be read: a one-line message and exit 2,
    nothing on stdout."""
    main = checked.main if script == "checked" else floor.main
    missing = tmp_path / "missing.jsonl"
    for argv, said in (
        ([], f"usage: python {script}.py FILE\n"),
        ([str(missing), str(missing)], f"usage: python {script}.py FILE\n"),
        ([str(missing)], f"{missing}: No such file or directory\n"),
        ([str(tmp_path)], f"{tmp_path}: Is a directory\n"),
    ):
        assert main(argv) == 2
        assert capsys.readouterr() == ("", said)
