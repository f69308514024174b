"""JSON written in pieces is the same bytes as the value dumped whole."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import orjson
from hypothesis import given
from hypothesis import strategies as st
from streamspec._json_stream import BATCH, LazyArray, LazyObject, chunks, plain
from streamspec.check._run import check_lines, write_json_report
from streamspec.sources import read_events

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def _lazy(value: Any, draw_lazy: list[bool]) -> Any:
    """Turn containers of ``value`` lazy where ``draw_lazy`` says so (cycled).

    A lazy container may hold plain and lazy values; a plain one holds plain
    values only, as the writers build them.
    """
    lazy = draw_lazy.pop(0)
    draw_lazy.append(lazy)
    if not lazy or not isinstance(value, list | dict):
        return value
    if isinstance(value, list):
        return LazyArray(iter([_lazy(item, draw_lazy) for item in value]))
    return LazyObject(iter([(key, _lazy(member, draw_lazy)) for key, member in value.items()]))


@given(json_values, st.lists(st.booleans(), min_size=1, max_size=8))
def test_chunks_are_the_bytes_of_the_whole_value(value: Any, pattern: list[bool]) -> None:
    lazy = _lazy(value, list(pattern))
    assert b"".join(chunks(lazy)) == orjson.dumps(value)
    assert plain(_lazy(value, list(pattern))) == value


@given(st.lists(st.tuples(st.booleans(), json_values), max_size=3 * BATCH))
def test_a_long_lazy_array_is_written_in_batches_with_the_same_bytes(
    items: list[tuple[bool, Any]],
) -> None:
    """Plain items go out in batches of at most BATCH, lazy ones on their own, and the bytes
    are those of the whole array."""
    values = [value for _, value in items]
    lazy_items = [LazyArray(iter([value])) if lazy else value for lazy, value in items]
    pieces = list(chunks(LazyArray(iter(lazy_items))))
    wanted = [[value] if lazy else value for lazy, value in items]
    assert b"".join(pieces) == orjson.dumps(wanted)
    if not any(lazy for lazy, _ in items):
        assert len(pieces) == 2 + -(-len(values) // BATCH)


def test_check_report_written_in_pieces_is_the_report_dumped_whole() -> None:
    for path in sorted(EXAMPLES.rglob("*.jsonl")):
        with path.open("rb") as stream:
            report = check_lines(read_events(stream))
        out = io.BytesIO()
        write_json_report(report, out)
        assert out.getvalue() == orjson.dumps(report.to_dict()) + b"\n", path
