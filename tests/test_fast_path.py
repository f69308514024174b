"""The fast path gives exactly what the full path gives, on good lines and bad ones.

The fast path is three layers: builders that make an event from its JSON
object with checks generated from the event classes (``_fast_decode``), object
folds that fold a common delta into a reducer without making the event, and
the reducer's table-compiled fast paths for events. Each is compared with the
full path (the constructor, ``apply`` judging every event) on generated
streams: legal and illegal events, mutated objects (keys dropped or added,
values of other JSON types, keys named twice, keys written with whitespace),
and lines that are no objects at all.
"""

from __future__ import annotations

import enum
import io
import json
import tempfile
from base64 import b64encode
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from streamspec import ProtocolError, Reducer, _codec, _events, encode_event
from streamspec._codec import decode_event, structure_event
from streamspec._deferred import made as made_of
from streamspec._diagnostics import Severity
from streamspec._errors import DecodeError, SpecError
from streamspec._events import (
    ABSENT,
    EVENT_CLASSES,
    DataBlockStartEvent,
    Event,
    FieldProblem,
    ModelCallEndEvent,
    ModelCallStartEvent,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    rules_hold,
)
from streamspec._fast_decode import (
    BUILDERS,
    builder_source,
    compile_builder,
    compile_event_object_fold,
    compile_object_fold,
    exact_strings,
    fields_read,
    object_fold_source,
    view_class,
)
from streamspec._jsonl import MAX_DEPTH, Line, _keys, _nested_keys, _separators, read_records
from streamspec._machines import ROUTES
from streamspec.cli._main import main
from streamspec.completion import Judge
from streamspec.completion._text import JOIN_EVERY as TEXT_JOIN_EVERY
from streamspec.reply._content import JOIN_EVERY, TextBlock
from streamspec.reply._fast_fold import (
    DELTA_ARGUMENTS,
    WHOLE_ARGUMENTS,
    compile_delta_event_fold,
    compile_whole_fold,
    delta_fold_body,
    whole_fold_body,
    whole_fold_source,
)
from streamspec.reply._message import FAMILY_CLASSES, FAST_ACTIONS
from streamspec.reply._reducer import _FAST, _OBJECT_FOLDS, _PLAN_OF_KIND, _RUN_FOLDS
from streamspec.sources._read import read_events, read_reply_events, reply_lines
from streamspec.testing import (
    OTHER_REPLY_ID,
    any_events,
    legal_streams,
    unknown_events,
    with_wrong_reply_id,
)
from streamspec.testing._strategies import rechunked

_SLOW = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ------------------------------------------------------------ the full path


def _refuse(obj: dict[str, Any]) -> None:
    return None


@contextmanager
def _builders_off() -> Iterator[None]:
    """Every builder refuses: each object goes through the event constructor."""
    saved = dict(_codec._BUILDERS)
    _codec._BUILDERS.update(dict.fromkeys(saved, _refuse))
    try:
        yield
    finally:
        _codec._BUILDERS.update(saved)


def _full_reducer(**options: Any) -> Reducer:
    reducer = Reducer(**options)
    reducer._fast = {}
    return reducer


# ------------------------------------------------------------ strategies

_TRICKY = st.text(alphabet='ab"\\: \t{}é', max_size=6)
_JUNK_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.floats(allow_nan=False, allow_infinity=False),
    _TRICKY,
    st.lists(st.integers(0, 2), max_size=2),
    st.dictionaries(_TRICKY, st.integers(0, 2), max_size=2),
)
#: Chunks near base64: valid, non-canonical (``YR==``, ``QQ==``), misplaced padding, bad length.
#: Base64 characters, its padding, and characters strict decoding refuses anywhere.
_BASE64_LIKE = st.text(alphabet="AQRYgw+/=-é \n", max_size=9)
_JUNK_LINES = st.sampled_from(
    (
        b"",
        b"   ",
        b"[1, 2]",
        b'"text"',
        b"nul",
        b"\xff",
        b'{"type": "TEXT_BLOCK_DELTA", "reply_id":',
        b"[" * 200 + b"]" * 200,
        b'{"a": ' * 130 + b"1" + b"}" * 130,
        b'{"type": ["TEXT_BLOCK_DELTA"]}',
        b"{}",
    )
)


@st.composite
def _legal(draw: st.DrawFn) -> list[Event]:
    """A legal stream, each delta repeated up to three times (still legal, and what fast paths fold)."""
    events: list[Event] = []
    for event in draw(legal_streams(max_events=16).flatmap(rechunked)):
        copies = draw(st.integers(1, 4)) if event.KIND in FAST_ACTIONS else 1
        events.extend([event] * copies)
    return events


@st.composite
def _records(draw: st.DrawFn) -> list[dict[str, Any]]:
    """AgentScope JSON objects of a stream, legal or not, some of them mutated."""
    if draw(st.integers(0, 3)):
        events = draw(_legal())
    else:
        events = draw(st.lists(st.one_of(any_events(), unknown_events()), max_size=10))
    records = [encode_event(event) for event in events]
    if draw(st.booleans()):
        records = [_as_agentscope_writes(record, index) for index, record in enumerate(records)]
    return [
        draw(_mutated(record)) if draw(st.integers(0, 4)) == 0 else record for record in records
    ]


def _as_agentscope_writes(record: dict[str, Any], index: int) -> dict[str, Any]:
    """``record`` with every base field AgentScope's models write (``id``, ``created_at``,
    ``metadata``): the whole shape, which the checks read by subscripts."""
    return {"id": f"ev-{index}", "created_at": "2026-01-01T00:00:00", "metadata": {}, **record}


@st.composite
def _mutated(draw: st.DrawFn, record: dict[str, Any]) -> dict[str, Any]:
    how = draw(
        st.sampled_from(("keep",) * 6 + ("drop", "add", "retype", "tricky", "type", "reply"))
    )
    record = dict(record)
    keys = sorted(record)
    if how == "drop" and keys:
        del record[draw(st.sampled_from(keys))]
    elif how == "add":
        record[draw(st.sampled_from(("extra", "url", "data", "text", "id", "zz")))] = draw(
            _JUNK_VALUES
        )
    elif how == "retype" and keys:
        record[draw(st.sampled_from(keys))] = draw(_JUNK_VALUES)
    elif how == "tricky":
        for key in ("delta", "block_id", "tool_call_id"):
            if key in record and draw(st.booleans()):
                record[key] = draw(_TRICKY)
        if "data" in record:
            record["data"] = draw(_BASE64_LIKE)
    elif how == "reply" and "reply_id" in record:
        record["reply_id"] = OTHER_REPLY_ID
    elif how == "type":
        record["type"] = draw(st.one_of(_JUNK_VALUES, st.sampled_from(("PING", "custom"))))
    return record


@st.composite
def _line_of(draw: st.DrawFn, record: dict[str, Any]) -> bytes:
    """One record written as a line: compact, spaced, with a key named twice, or junk."""
    how = draw(st.sampled_from(("orjson",) * 4 + ("spaced", "twice", "junk")))
    if how == "junk":
        return draw(_JUNK_LINES)
    if how == "spaced":
        separators = draw(st.sampled_from(((", ", ": "), (",", " : "), (" ,", "\t:"))))
        return json.dumps(record, separators=separators, ensure_ascii=draw(st.booleans())).encode()
    text = orjson.dumps(record)
    if how == "twice" and record:
        key = draw(st.sampled_from(sorted(record)))
        first = orjson.dumps({key: draw(_JUNK_VALUES)})[1:-1]
        return b"{" + first + b"," + text[1:]
    return text


@st.composite
def _streams(draw: st.DrawFn) -> bytes:
    """A whole JSON-lines input: records as lines, junk among them, maybe a byte order mark."""
    lines = [draw(_line_of(record)) for record in draw(_records())]
    for _ in range(draw(st.integers(0, 2))):
        lines.insert(draw(st.integers(0, len(lines))), draw(_JUNK_LINES))
    newline = draw(st.sampled_from((b"\n", b"\r\n")))
    data = newline.join(lines) + (newline if draw(st.booleans()) else b"")
    return (b"\xef\xbb\xbf" if draw(st.integers(0, 9)) == 0 else b"") + data


class _Trickle(io.RawIOBase):
    """A pipe that hands out at most ``size`` bytes a read."""

    def __init__(self, data: bytes, size: int) -> None:
        self._data = io.BytesIO(data)
        self._size = size

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        return self._data.read(self._size)

    def readinto(self, buffer: Any) -> int:
        chunk = self._data.read(min(len(buffer), self._size))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def _source(data: bytes, how: int) -> Any:
    if how == 0:
        return io.BytesIO(data)
    if how == 1:
        return data.splitlines(keepends=True)
    return _Trickle(data, how * 7)


# ------------------------------------------------------------ the fold, as reduce runs it


@attrs.frozen
class _Run:
    """Everything one fold of an input shows: what it reported, where, and what it built."""

    reported: list[tuple[int, dict[str, Any]]]
    stopped: str | None
    last: int
    message: dict[str, Any]
    states: dict[str, dict[str, str]]
    state: dict[str, Any]


def _fold(data: bytes, how: int, *, fast: bool, strict: bool) -> _Run:
    """Fold an input as ``streamspec reduce`` does; ``fast`` lets the reader fold objects."""
    reducer = Reducer(strict=strict) if fast else _full_reducer(strict=strict)
    folds = reducer.object_folds() if fast else None
    reported: list[tuple[int, dict[str, Any]]] = []
    last, stopped = 0, None
    try:
        for line in reply_lines(read_reply_events(_source(data, how), "agentscope", folds=folds)):
            last = line.number
            if line.problem is not None:
                reported.append((line.number, line.problem.to_dict()))
                if strict and line.problem.severity is Severity.ERROR:
                    stopped = "reader"
                    break
            if line.event is not None:
                reported.extend((line.number, d.to_dict()) for d in reducer.apply(line.event))
    except ProtocolError as error:
        reported.append((last, error.diagnostic.to_dict()))
        stopped = "protocol"
    if stopped is None:
        reported.extend((last, d.to_dict()) for d in reducer.finish())
    return _Run(
        reported=reported,
        stopped=stopped,
        last=last,
        message=reducer.to_dict(),
        states=reducer.states(),
        state=reducer.export_state() if stopped is None else {},
    )


# ------------------------------------------------------------ properties


@_SLOW
@given(data=_streams(), how=st.integers(0, 3), strict=st.booleans())
def test_folding_objects_as_read_matches_the_full_path(data: bytes, how: int, strict: bool) -> None:
    """Folding objects as they are read reports, builds and stops exactly as judging each in full."""
    with _builders_off():
        full = _fold(data, how, fast=False, strict=strict)
    fast = _fold(data, how, fast=True, strict=strict)
    assert fast == full


@_SLOW
@given(data=_streams(), how=st.integers(0, 3))
def test_builders_read_the_same_lines_as_the_constructor(data: bytes, how: int) -> None:
    """Every line read with builders equals the line read through the event constructor."""
    with _builders_off():
        full = list(read_records(_source(data, how), structure_event))
    fast = list(read_records(_source(data, how), structure_event))
    assert fast == full
    assert [type(line.record) for line in fast] == [type(line.record) for line in full]


def _decoded(obj: Any) -> tuple[str, Any]:
    try:
        event = decode_event(obj)
    except DecodeError as error:
        return ("error", (str(error), error.problems))
    return (type(event).__name__, event)


@_SLOW
@given(record=_records().flatmap(lambda rs: st.sampled_from(rs) if rs else st.just({})))
def test_decode_event_matches_the_constructor(record: dict[str, Any]) -> None:
    """decode_event gives the same event, or the same error and problems, as the constructor."""
    with _builders_off():
        full = _decoded(dict(record))
    assert _decoded(dict(record)) == full
    build = BUILDERS.get(record.get("type")) if isinstance(record.get("type"), str) else None
    built = build({k: v for k, v in record.items() if k != "type"}) if build else None
    if built is not None:
        assert full == (type(built).__name__, built)


@st.composite
def _event_streams(draw: st.DrawFn) -> list[Any]:
    """Legal streams with events turned to another reply or an illegal one put in, and noise."""
    events: list[Any] = draw(_legal())
    for position in draw(st.lists(st.integers(0, max(len(events) - 1, 0)), max_size=3)):
        if position < len(events):
            events[position] = with_wrong_reply_id(events[position])
    for _ in range(draw(st.integers(0, 3))):
        noise = draw(st.one_of(any_events(), unknown_events()))
        events.insert(draw(st.integers(0, len(events))), noise)
    return events


@_SLOW
@given(events=_event_streams(), strict=st.booleans())
def test_apply_matches_the_full_judgement(events: list[Event], strict: bool) -> None:
    """Reducer.apply answers each event as judging it in full does, and ends in the same state."""
    fast, full = Reducer(strict=strict), _full_reducer(strict=strict)
    for event in events:
        answers = []
        for reducer in (fast, full):
            try:
                answers.append(reducer.apply(event))
            except ProtocolError as error:
                answers.append(error.diagnostic)
        assert type(answers[0]) is type(answers[1])
        assert answers[0] == answers[1]
    assert fast.to_dict() == full.to_dict()
    assert fast.export_state() == full.export_state()
    assert fast.finish() == full.finish()


@given(events=_event_streams())
def test_each_family_holds_only_the_classes_the_fast_paths_expect(events: list[Event]) -> None:
    """The fast paths leave out what no class of a family needs: every instance a reply
    makes or a state restores is of its family's classes."""
    reducer = Reducer()
    for event in events:
        reducer.apply(event)
    restored = Reducer.from_state(reducer.export_state())
    for folded in (reducer, restored):
        index = folded.message.index
        assert set(index) == set(FAMILY_CLASSES)
        for family, instances in index.items():
            assert {type(instance) for instance in instances.values()} <= set(
                FAMILY_CLASSES[family]
            ), family


def test_seed_000s_families_hold_the_classes_the_fast_paths_expect() -> None:
    """Seed 000 runs a tool externally: its result is an :class:`ExternalResult`."""
    path = Path(__file__).resolve().parents[1] / "examples" / "seed000.agentscope.jsonl"
    reducer = Reducer()
    for line in path.read_bytes().splitlines():
        assert reducer.apply(decode_event(orjson.loads(line))) == ()
    for folded in (reducer, Reducer.from_state(reducer.export_state())):
        found = {
            family: {type(instance).__name__ for instance in instances.values()}
            for family, instances in folded.message.index.items()
            if instances
        }
        assert "ExternalResult" in found["tool_result"]
        for family, names in found.items():
            assert names <= {cls.__name__ for cls in FAMILY_CLASSES[family]}, family


def _data_block_records(chunks: list[str]) -> list[dict[str, Any]]:
    r = {"reply_id": "r"}
    return [
        {"type": "REPLY_START", "session_id": "s", "name": "a", **r},
        {"type": "DATA_BLOCK_START", "block_id": "d", "media_type": "audio/wav", **r},
        *(
            {"type": "DATA_BLOCK_DELTA", "block_id": "d", "media_type": "audio/wav", "data": c, **r}
            for c in chunks
        ),
        {"type": "DATA_BLOCK_END", "block_id": "d", **r},
        {"type": "REPLY_END", "session_id": "s", **r},
    ]


@given(
    chunks=st.lists(
        st.one_of(
            _BASE64_LIKE,
            st.binary(max_size=7).map(lambda b: b64encode(b).decode()),
            st.sampled_from(("QUJ!", "AA-A", "A AA")),  # whole quads that do not decode
        ),
        max_size=12,
    )
)
def test_base64_chunks_fold_as_the_full_path_judges_them(chunks: list[str]) -> None:
    """A data block's chunk folds fast only when it is canonical base64: non-canonical
    padding (``YR==``), misplaced padding and bad lengths are judged in full, in memory
    and as read."""
    records = _data_block_records(chunks)
    data = b"\n".join(orjson.dumps(record) for record in records)
    with _builders_off():
        full = _fold(data, 0, fast=False, strict=False)
    assert _fold(data, 0, fast=True, strict=False) == full
    fast, slow = Reducer(), _full_reducer()
    for record in records:
        event = decode_event(record)
        assert fast.apply(event) == slow.apply(event)
    assert fast.export_state() == slow.export_state()


@st.composite
def _json_objects(draw: st.DrawFn) -> Any:
    leaves = st.one_of(st.none(), st.integers(-9, 9), _TRICKY)
    return draw(
        st.dictionaries(
            _TRICKY,
            st.recursive(
                leaves,
                lambda inner: st.one_of(
                    st.lists(inner, max_size=3), st.dictionaries(_TRICKY, inner, max_size=3)
                ),
                max_leaves=6,
            ),
            max_size=4,
        )
    )


@given(value=_json_objects(), spaced=st.sampled_from(((",", ":"), (", ", " : "), (",", "\t:"))))
def test_separator_count_never_falls_short_of_the_keys(value: Any, spaced: Any) -> None:
    """The text count of key separators is at least the number of keys an object writes."""
    for raw in (orjson.dumps(value), json.dumps(value, separators=spaced).encode()):
        assert _separators(raw) >= _keys(value)


@given(
    values=st.lists(_json_objects(), max_size=6),
    spaced=st.sampled_from(((",", ":"), (", ", " : "), (",", "\t:"))),
)
def test_a_block_key_count_is_at_most_its_keys_and_exact_when_compact(
    values: list[Any], spaced: Any
) -> None:
    """A block's key count never exceeds its objects' keys (nested included), so a block it
    clears repeats no key; written compactly, it is exact."""
    keys = sum(_keys(value) for value in values)
    spaced_raws = [json.dumps(value, separators=spaced).encode() for value in values]
    assert _nested_keys(spaced_raws, values) <= keys
    assert _nested_keys([orjson.dumps(value) for value in values], values) == keys


@given(deltas=st.lists(st.text(max_size=3), max_size=5000), cut=st.integers(0, 5000))
@example(deltas=["a"] * JOIN_EVERY, cut=-1)  # a full tier is joined at once
@example(deltas=["a"] * JOIN_EVERY**2, cut=-1)
def test_text_joins_its_deltas_in_bounded_pieces(deltas: list[str], cut: int) -> None:
    """A block's text is its deltas joined, held in at most 126 pieces plus one per 4096 deltas."""
    block = TextBlock("text", "b", "open")
    for position, delta in enumerate(deltas):
        block.append(delta)
        if position == cut:
            assert block.joined() == "".join(deltas[: position + 1])
    pieces = len(block.parts) + len(block.batches or ()) + len(block.runs or ())
    assert len(block.parts) < JOIN_EVERY
    assert pieces < 2 * JOIN_EVERY + len(deltas) // JOIN_EVERY**2 + 1
    assert block.joined() == "".join(deltas)
    assert (block.parts, block.batches, block.runs) == ([], None, None)


# ------------------------------------------------------------ examples


def test_every_event_class_has_a_builder_and_every_whole_event_an_object_fold() -> None:
    """Builders cover the catalog; the reducer folds every event but batches from its object."""
    assert set(BUILDERS) == {cls.TYPE for cls in EVENT_CLASSES}
    folds = Reducer().object_folds()
    batches = {cls.TYPE for cls in EVENT_CLASSES if any(r.items for r in ROUTES[cls.KIND])}
    assert batches == {
        "REQUIRE_USER_CONFIRM",
        "REQUIRE_EXTERNAL_EXECUTION",
        "USER_CONFIRM_RESULT",
        "EXTERNAL_EXECUTION_RESULT",
    }
    assert set(folds) == {cls.TYPE for cls in EVENT_CLASSES} - batches


def test_every_event_class_but_batches_has_an_event_fast_path() -> None:
    """Reducer.apply tries a fast path for each class the reducer folds whole; a batch has none."""
    batches = {cls for cls in EVENT_CLASSES if any(r.items for r in ROUTES[cls.KIND])}
    assert set(Reducer()._fast) == set(EVENT_CLASSES) - batches
    plan = _PLAN_OF_KIND["require_user_confirm"]
    with pytest.raises(SpecError) as info:
        compile_whole_fold(plan)
    assert info.value.problems == (
        "require_user_confirm has a batch @ $.routes.require_user_confirm",
    )


def test_a_whole_fold_reads_each_route_and_its_guards_from_the_tables() -> None:
    """tool_result_end's fold looks up three routes, the guarded two by the ``state`` field."""
    namespace: dict[str, Any] = {}
    source = whole_fold_source(_PLAN_OF_KIND["tool_result_end"], namespace)
    assert source.count("by_value.get(repr(getattr(event, field, MISSING)))") == 2
    assert "instances_1 = message.index_tool_call" in source
    assert "instances_2 = message.index_tool_result" in source
    field, by_value = namespace["guarded_2"]["running"]
    assert field == "state"
    assert sorted(by_value) == ["'denied'", "'error'", "'interrupted'", "'success'"]
    assert {target for target, _ in by_value.values()} == {"ended"}


def test_a_whole_fold_that_ends_an_instance_joins_its_text_and_sets_its_wire_state() -> None:
    """An end folded fast leaves a text block and a tool call one string each, as the
    full path does, and a call's wire state follows the table (``finished`` once answered).
    Before the end, both paths hold the deltas unjoined: a join happens on a move, not per delta."""
    r = {"reply_id": "r"}
    events = [
        ReplyStartEvent(session_id="s", name="a", **r),
        TextBlockStartEvent(block_id="b", **r),
        *(TextBlockDeltaEvent(block_id="b", delta=f"{n} ", **r) for n in range(3)),
        TextBlockEndEvent(block_id="b", **r),
        ToolCallStartEvent(tool_call_id="c", tool_call_name="f", **r),
        *(ToolCallDeltaEvent(tool_call_id="c", delta=d, **r) for d in ('{"a"', ":", "1}")),
        ToolCallEndEvent(tool_call_id="c", **r),
        ToolResultStartEvent(tool_call_id="c", tool_call_name="f", **r),
        ToolResultEndEvent(tool_call_id="c", state="success", **r),
    ]
    fast, full = Reducer(), _full_reducer()
    for position, event in enumerate(events):
        assert fast.apply(event) == full.apply(event) == ()
        if position == 4:  # the deltas are held as they came, joined only when the block ends
            for reducer in (fast, full):
                assert reducer.message.index["text"]["b"].parts == ["0 ", "1 ", "2 "]
    assert fast.next_index == len(events)
    for reducer in (fast, full):
        block = reducer.message.index["text"]["b"]
        call = reducer.message.index["tool_call"]["c"]
        assert (list(block.parts), block.batches) == ([], None)
        assert (list(call.parts), call.batches) == ([], None)
        assert block.joined() == "0 1 2 "
    assert fast.message.index["tool_call"]["c"].wire == "finished"
    assert fast.export_state() == full.export_state()


def test_a_whole_fold_refuses_what_needs_the_full_judgement() -> None:
    """The first event, another reply's event, an illegal one and any after finish() fold not."""
    start = TextBlockStartEvent(reply_id="r", block_id="b")
    fold = Reducer()._fast[TextBlockStartEvent]
    reducer = Reducer()
    assert not fold(reducer, start)
    reducer.apply(start)
    before = reducer.export_state()
    again = TextBlockStartEvent(reply_id="r", block_id="b")
    other = TextBlockStartEvent(reply_id="s", block_id="c")
    assert not fold(reducer, again) and not fold(reducer, other)
    assert reducer.export_state() == before
    assert fold(reducer, TextBlockStartEvent(reply_id="r", block_id="c"))
    assert reducer.next_index == 2
    reducer.finish()
    assert not fold(reducer, TextBlockStartEvent(reply_id="r", block_id="d"))
    assert reducer.next_index == 2


def test_a_fast_action_may_not_rebind_a_name_the_delta_body_is_given() -> None:
    """A fast action naming one of the body's own globals as something else is refused before
    the body is made, naming the kind and the name."""
    fast = FAST_ACTIONS["text_block_delta"]
    clashing = fast._replace(names={**fast.names, "ok_states": frozenset()})
    namespace: dict[str, Any] = {}
    with pytest.raises(SpecError) as info:
        delta_fold_body("text_block_delta", clashing, namespace)
    assert info.value.problems == ("text_block_delta names 'ok_states' twice @ $",)
    assert "JOIN_EVERY" not in namespace


def test_a_fast_action_whose_name_the_fold_binds_as_a_local_is_refused() -> None:
    """A fast action reading ``entity`` (or ``parts``) from its names, where the fold binds
    that name itself, would read the fold's local: compiling the fold refuses it."""
    fast = FAST_ACTIONS["text_block_delta"]
    for name in ("entity", "parts"):
        clashing = fast._replace(names={**fast.names, name: None})
        with pytest.raises(SpecError) as info:
            compile_delta_event_fold("text_block_delta", clashing)
        assert info.value.problems == (
            f"fold_text_block_delta binds {name!r}, a name it is given @ $",
        )


def test_every_generated_function_reads_its_given_names_unshadowed() -> None:
    """Every builder, event fold, object fold and run fold compiles, none binding a name its
    namespace gives it."""
    made = [
        *(made_of(stub) for stub in BUILDERS.values()),
        *(made_of(stub) for stub in _FAST.values()),
        *(made_of(stub) for stub in _OBJECT_FOLDS.values()),
        *(made_of(stub) for stub in _RUN_FOLDS.values()),
    ]
    assert len(made) > 40
    for function in made:
        code = function.func.__code__ if hasattr(function, "func") else function.__code__
        assert not set(code.co_varnames) & set(function.__globals__), code.co_name


class _Id(str):
    """A string subclass: a key the fast paths leave to the full judgement."""


def test_a_whole_fold_leaves_a_key_that_is_not_exactly_a_string_to_the_full_path() -> None:
    """A block id of a ``str`` subclass is not folded fast; the full path folds it as the
    plain string it equals, so both paths give the same message and states."""
    r = {"reply_id": "r"}
    reducer, full = Reducer(), _full_reducer()
    start = ReplyStartEvent(session_id="s", name="a", **r)
    for each in (reducer, full):
        each.apply(start)
    odd = TextBlockStartEvent(block_id=_Id("b"), **r)
    assert not reducer._fast[TextBlockStartEvent](reducer, odd)
    assert reducer.next_index == 1
    assert reducer.apply(odd) == full.apply(odd) == ()
    assert reducer.export_state() == full.export_state()
    assert reducer.states()["block"] == {"text:b": "open"}


def test_a_delta_object_fold_runs_its_fast_path_inline() -> None:
    """A delta's object fold binds the fast path's names and runs its body: no call to ``then``."""
    kind = "text_block_delta"
    namespace: dict[str, Any] = {}
    body = delta_fold_body(kind, FAST_ACTIONS[kind], namespace)
    source = object_fold_source(
        TextBlockDeltaEvent, ("reply_id", "block_id", "delta"), (DELTA_ARGUMENTS, body, namespace)
    )
    assert "then(" not in source
    assert "    reducer, reply_id, key, value = target, v3, v4, v5\n" in source
    assert source.endswith("".join(f"    {line}\n" for line in body))


def test_an_inline_body_must_name_each_value_and_not_shadow_the_checks() -> None:
    """Inline names one per field plus the target, and none of the checks' own names."""
    fields = ("reply_id", "block_id", "delta")
    with pytest.raises(TypeError, match="inline names the target and each of"):
        compile_object_fold(TextBlockDeltaEvent, fields, inline=(("r", "k"), ["return 1"], {}))
    with pytest.raises(TypeError, match=r"inline names \['ABSENT'\] are the checks' own"):
        compile_object_fold(
            TextBlockDeltaEvent,
            fields,
            inline=(("t", "r", "k", "v"), ["return 1"], {"ABSENT": None}),
        )
    fold = compile_object_fold(
        TextBlockDeltaEvent,
        fields,
        inline=(("t", "r", "k", "v"), ["return (t, r, k, v)"], {}),
    )
    obj = {"type": "TEXT_BLOCK_DELTA", "reply_id": "r1", "block_id": "b", "delta": "x"}
    assert fold("target", obj) == ("target", "r1", "b", "x")
    assert fold("target", {**obj, "delta": 1}) is False


def test_a_whole_object_fold_builds_the_event_then_runs_its_fast_path_inline() -> None:
    """An end's object fold builds the event as its builder does and folds it in one call;
    inline must name exactly the target and the event."""
    plan = _PLAN_OF_KIND["text_block_end"]
    namespace: dict[str, Any] = {}
    body = whole_fold_body(plan, namespace)
    fold = compile_event_object_fold(TextBlockEndEvent, (WHOLE_ARGUMENTS, body, namespace))
    reducer = Reducer()
    reducer.apply(TextBlockStartEvent(reply_id="r", block_id="b"))
    end = {"type": "TEXT_BLOCK_END", "reply_id": "r", "block_id": "b"}
    assert fold(reducer, {**end, "block_id": 1}) is False and reducer.next_index == 1
    assert fold(reducer, end) is True
    assert reducer.states()["block"] == {"text:b": "closed"} and reducer.next_index == 2
    assert fold(reducer, end) is False and reducer.next_index == 2
    with pytest.raises(TypeError, match="inline names the target and the event"):
        compile_event_object_fold(TextBlockEndEvent, (("reducer",), body, namespace))


def test_a_whole_fold_reads_its_object_as_the_event_would_with_defaults_for_what_it_lacks() -> None:
    """A data block start without ``name`` folds from its object to a block named ``None``,
    its kind read from the class; the event it stands for says the same."""
    reducer = Reducer()
    folds = reducer.object_folds()
    assert (
        folds["REPLY_START"](
            {"type": "REPLY_START", "reply_id": "r", "session_id": "s", "name": "a"}
        )
        is False
    )  # the first event is judged in full
    reducer.apply(ReplyStartEvent(reply_id="r", session_id="s", name="a"))
    start = {"type": "DATA_BLOCK_START", "reply_id": "r", "block_id": "d", "media_type": "x/y"}
    assert folds["DATA_BLOCK_START"](start) is True
    assert reducer.states()["block"] == {"data:d": "open"}
    (block,) = reducer.to_dict()["content"]
    assert block == {
        "type": "data",
        "id": "d",
        "source": {"type": "base64", "data": "", "media_type": "x/y"},
        "name": None,
    }
    assert view_class(DataBlockStartEvent).name is ABSENT  # type: ignore[attr-defined]


class _Word(enum.StrEnum):
    """A str enum whose member hashes as its word, as AgentScope's state enums do."""

    success = "success"


def test_a_whole_fold_leaves_a_value_its_converter_would_change_to_the_full_path() -> None:
    """A tool result end whose ``state`` is a str enum member (an object built in Python, not
    read from JSON) is refused by the fold; the event made in full holds the plain word."""
    reducer = Reducer()
    for event in (
        ReplyStartEvent(reply_id="r", session_id="s", name="a"),
        ToolCallStartEvent(reply_id="r", tool_call_id="c", tool_call_name="t"),
        ToolCallEndEvent(reply_id="r", tool_call_id="c"),
        ToolResultStartEvent(reply_id="r", tool_call_id="c", tool_call_name="t"),
    ):
        assert reducer.apply(event) == ()
    fold = reducer.object_folds()["TOOL_RESULT_END"]
    end = {"type": "TOOL_RESULT_END", "reply_id": "r", "tool_call_id": "c", "state": _Word.success}
    assert fold(end) is False and reducer.next_index == 4
    assert reducer.apply(decode_event(end)) == ()
    _, result = reducer.to_dict()["content"]
    assert result["state"] == "success" and type(result["state"]) is str
    assert fold({**end, "state": "success"}) is False  # ended already: judged in full


def test_a_view_takes_a_converted_field_only_when_its_converter_leaves_it_as_it_is() -> None:
    """The event a whole fold makes from its object reads each field from the object, so a
    value its converter would change (a str enum member) is refused, whatever the body."""
    fold = compile_event_object_fold(ToolResultEndEvent, (("t", "e"), ["return e.state"], {}))
    end = {"type": "TOOL_RESULT_END", "reply_id": "r", "tool_call_id": "c", "state": "success"}
    assert fold(None, end) == "success"
    assert fold(None, {**end, "state": _Word.success}) is False


_VALUES = {"reply_id": "v3", "block_id": "v4", "text": "v5"}


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("if event.reply_id != message.reply_id:", "if v3 != message.reply_id:"),
        ("key = event.block_id", "key = v4"),
        ("if event.text == 1 or event.text <= 2:", "if v5 == 1 or v5 <= 2:"),
        ("x = event.text.strip()", "x = v5.strip()"),
        ("f(x=event.text, y={event.block_id: 1})", "f(x=v5, y={v4: 1})"),
        ("x = TextBlock('text', key, 'absent')", "x = TextBlock('text', key, 'absent')"),
        (
            "x = self.event.text + events.text + event_x",
            "x = self.event.text + events.text + event_x",
        ),
    ],
)
def test_lines_reading_only_an_events_fields_read_the_values_instead(line: str, read: str) -> None:
    assert fields_read(["if True:", f"    {line}"], "event", _VALUES) == ["if True:", f"    {read}"]


@pytest.mark.parametrize(
    "line",
    [
        "f(event)",
        "x = event.KIND",
        "event.text = 1",
        "event.text += 'a'",
        "event.text //= 2",
        "x = event .text",
        "x = 'event.text'",
        "x = f'{event.text}'",
        'x = event.text if event.reply_id else "an event"',
    ],
)
def test_lines_using_the_event_otherwise_keep_it(line: str) -> None:
    """Passed on, another attribute, a field set, spaced, or the name inside a string."""
    assert fields_read(["key = event.block_id", line], "event", _VALUES) is None


def test_a_whole_object_fold_makes_a_view_only_for_lines_that_use_the_event_itself() -> None:
    end = {"type": "TOOL_RESULT_END", "reply_id": "r", "tool_call_id": "c", "state": "success"}
    reads = compile_event_object_fold(ToolResultEndEvent, (("t", "e"), ["return e.state"], {}))
    passes = compile_event_object_fold(ToolResultEndEvent, (("t", "e"), ["return e"], {}))
    assert "View" not in reads.__code__.co_names and "View" in passes.__code__.co_names
    assert reads(None, end) == "success"
    view = passes(None, end)
    assert (view.state, view.tool_call_id, view.KIND) == ("success", "c", "tool_result_end")
    assert reads(None, {**end, "state": 3}) is False


@_SLOW
@given(event=any_events(), junk=_JUNK_VALUES, data=st.data())
def test_a_builder_takes_a_whole_object_only_as_the_constructor_would(
    event: Event, junk: Any, data: st.DataObject
) -> None:
    """An object with every wire field (AgentScope's own shape) builds what the constructor
    builds; one more key, or any field of another type, is refused or built the same."""
    record = _as_agentscope_writes(encode_event(event), 0)
    type_ = record.pop("type")
    build = BUILDERS[type_]
    with _builders_off():
        full = _decoded({**record, "type": type_})
    assert full == (type(build(dict(record))).__name__, build(dict(record)))
    assert build({**record, data.draw(st.sampled_from(("zz", "extra"))): junk}) is None
    key = data.draw(st.sampled_from(sorted(record)))
    changed = {**record, key: junk}
    built = build(dict(changed))
    with _builders_off():
        full = _decoded({**changed, "type": type_})
    assert built is None or full == (type(built).__name__, built)


def test_a_builder_reads_every_wire_field_of_its_class() -> None:
    """The generated source names each wire field of the class, and only those."""
    for cls in EVENT_CLASSES:
        source = builder_source(cls)
        wire = [f.name for f in attrs.fields(cls) if not f.metadata.get("internal")]
        named = [name for name in wire if f"get({name!r}, ABSENT)" in source]
        assert named == wire, cls.__name__


def test_a_check_after_construction_outside_rules_is_refused() -> None:
    """A class whose __attrs_post_init__ is not its RULES cannot get a builder."""

    @attrs.frozen(kw_only=True)
    class Checked(Event):
        TYPE = "CHECKED"
        KIND = "checked"

        def __attrs_post_init__(self) -> None:
            return None

    with pytest.raises(TypeError, match="RULES"):
        compile_builder(Checked)
    assert rules_hold is not Checked.__attrs_post_init__


def test_a_json_type_with_no_one_class_is_checked_by_its_validator() -> None:
    """A field that may be a ``number`` (a float, which no one class stands for beside the
    int of ``integer``) is left to its validator: the builder takes both, and refuses what
    the validator refuses; a field of ``string`` or ``null`` is checked by class alone."""

    @attrs.frozen(kw_only=True)
    class Measured(Event):
        TYPE = "MEASURED"
        KIND = "measured"

        amount: Any = _events._req("integer", "number")
        label: Any = _events._opt("string", "null")

    build = compile_builder(Measured)
    for amount in (2, 1.5):
        assert build({"amount": amount, "label": None}) == Measured(amount=amount, label=None)
    assert build({"amount": "2"}) is None
    with pytest.raises(FieldProblem) as refused:
        Measured(amount="2")
    assert (refused.value.field, refused.value.message) == (
        "amount",
        "expected integer or number, got string",
    )
    source = builder_source(Measured)
    assert "validate3(event, field3, v3)" in source and "validate4(" not in source


def test_apply_answers_a_folded_delta_with_an_empty_tuple() -> None:
    """An event the fast path folds is answered with an empty tuple, and its text is kept."""
    reducer = Reducer()
    lines = b"\n".join(
        (
            b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}',
            b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"x"}',
        )
    )
    events = [line.record for line in read_records(io.BytesIO(lines), structure_event)]
    assert reducer.apply(events[0]) == ()
    answers = [reducer.apply(events[1]), reducer.apply(events[1])]
    assert [type(answer) for answer in answers] == [tuple, tuple]
    assert answers == [(), ()]
    assert reducer.to_dict()["content"][0]["text"] == "xx"


def test_a_folded_last_line_ends_the_stream_with_an_empty_line() -> None:
    """When the reader folds the last line, an empty line with its number ends the stream."""
    data = (
        b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\n'
        b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"x"}\n'
    )
    reducer = Reducer()
    seen = []
    for line in read_records(io.BytesIO(data), structure_event, folds=reducer.object_folds()):
        seen.append(line)
        if line.record is not None:
            assert reducer.apply(line.record) == ()
    assert seen[1:] == [Line(2)]
    assert reducer.next_index == 2
    assert reducer.to_dict()["content"][0]["text"] == "x"


@pytest.mark.parametrize("folding", [False, True], ids=["read", "folding"])
def test_a_line_with_two_bad_fields_is_one_problem_naming_both(folding: bool) -> None:
    """Every bad field of a line is named in its one ``unreadable_line`` problem, joined by
    ``; ``, whether or not the reader offers objects to a fold first."""
    data = b'{"type":"TEXT_BLOCK_DELTA","reply_id":5,"block_id":6,"delta":"x"}\n'
    folds = Reducer().object_folds() if folding else None
    (line,) = read_records(io.BytesIO(data), structure_event, folds=folds)
    assert line.record is None and line.problem is not None
    assert line.problem.code == "unreadable_line"
    assert line.problem.message == (
        "expected string, got integer @ $.reply_id; expected string, got integer @ $.block_id"
    )


def test_a_long_line_folds_unless_its_brackets_could_nest_past_the_limit() -> None:
    """A delta line longer than the shortest too-deep line still folds when it has few
    brackets; one that nests past MAX_DEPTH is not offered to the fold and is reported."""
    long_text = "y" * (2 * MAX_DEPTH + 40)
    deep = {"k": 0}
    for _ in range(MAX_DEPTH):
        deep = {"k": deep}
    lines = [
        {"type": "TEXT_BLOCK_START", "reply_id": "r", "block_id": "b"},
        {"type": "TEXT_BLOCK_DELTA", "reply_id": "r", "block_id": "b", "delta": long_text},
        {
            "type": "TEXT_BLOCK_DELTA",
            "reply_id": "r",
            "block_id": "b",
            "delta": "z",
            "metadata": deep,
        },
    ]
    data = b"".join(orjson.dumps(line) + b"\n" for line in lines)
    assert len(data.splitlines()[1]) >= 2 * (MAX_DEPTH + 1)
    reducer = Reducer()
    seen = []
    for line in read_records(io.BytesIO(data), structure_event, folds=reducer.object_folds()):
        seen.append(line)
        if line.record is not None:
            reducer.apply(line.record)
    assert [line.number for line in seen] == [1, 3]
    problem = seen[1].problem
    assert problem is not None and problem.code == "unreadable_line"
    assert problem.details["depth"] == MAX_DEPTH + 2
    assert reducer.to_dict()["content"][0]["text"] == long_text
    assert reducer.next_index == 2


# ------------------------------------------------------------ the command line


def _reduce_command(data: bytes, options: list[str], *, fast: bool) -> tuple[int, bytes, str]:
    """Run ``streamspec reduce`` in process on ``data`` from a file; ``fast`` lets it fold objects."""
    saved = Reducer.object_folds
    if not fast:
        Reducer.object_folds = lambda self: None  # type: ignore[method-assign, assignment, return-value]
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "input.jsonl"
            path.write_bytes(data)
            result = CliRunner().invoke(main, ["reduce", *options, str(path)])
    finally:
        Reducer.object_folds = saved  # type: ignore[method-assign]
    return result.exit_code, result.stdout_bytes, result.stderr


@_SLOW
@given(
    data=_streams(),
    options=st.sampled_from(([], ["--strict"], ["--from", "agentscope"], ["--reply-id", "r1"])),
)
def test_reduce_prints_the_same_whether_objects_fold_as_read(
    data: bytes, options: list[str]
) -> None:
    """``streamspec reduce`` prints, reports and exits the same with the reader's folds on or off."""
    assert _reduce_command(data, options, fast=True) == _reduce_command(data, options, fast=False)


def _judge_command(data: bytes, *, fast: bool) -> tuple[int, bytes, str]:
    """Run ``streamspec judge`` in process on ``data`` from a file; ``fast`` lets it fold objects."""
    saved = Judge.object_folds
    if not fast:
        Judge.object_folds = lambda self: None  # type: ignore[method-assign, assignment, return-value]
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "input.jsonl"
            path.write_bytes(data)
            result = CliRunner().invoke(main, ["judge", str(path)])
    finally:
        Judge.object_folds = saved  # type: ignore[method-assign]
    return result.exit_code, result.stdout_bytes, result.stderr


@st.composite
def _text_call(draw: st.DrawFn, reply_id: str) -> list[dict[str, Any]]:
    """One model call of a reply: text and thinking blocks of a few deltas each, ended or not."""
    records: list[dict[str, Any]] = []
    if draw(st.booleans()):
        records.append(
            {
                "type": "REPLY_START",
                "reply_id": reply_id,
                "session_id": "s",
                "name": "a",
                "role": "assistant",
            }
        )
    records.append(encode_event(ModelCallStartEvent(reply_id=reply_id, model_name="m")))
    blocks = st.tuples(st.sampled_from(("TEXT", "THINKING")), st.sampled_from(("b1", "b2", "b3")))
    for kind, block in draw(st.lists(blocks, min_size=1, max_size=3)):
        records.append({"type": f"{kind}_BLOCK_START", "reply_id": reply_id, "block_id": block})
        for delta in draw(st.lists(_TRICKY, max_size=5)):
            records.append(
                {
                    "type": f"{kind}_BLOCK_DELTA",
                    "reply_id": reply_id,
                    "block_id": block,
                    "delta": delta,
                }
            )
        if draw(st.booleans()):
            records.append({"type": f"{kind}_BLOCK_END", "reply_id": reply_id, "block_id": block})
    if draw(st.integers(0, 3)):
        end = ModelCallEndEvent(
            reply_id=reply_id,
            input_tokens=3,
            output_tokens=5,
            finished_reason=draw(st.sampled_from(("completed", "interrupted"))),
        )
        records.append(encode_event(end))
    return records


@st.composite
def _calls_streams(draw: st.DrawFn) -> bytes:
    """Model calls of one or two replies, their lines shuffled a little, some objects mutated."""
    records: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 3))):
        records.extend(draw(_text_call(draw(st.sampled_from(("r1", "r1", "r2"))))))
    for _ in range(draw(st.integers(0, 2))):
        if len(records) > 1:
            at = draw(st.integers(0, len(records) - 2))
            records[at], records[at + 1] = records[at + 1], records[at]
    if draw(st.integers(0, 3)) == 0:
        records = draw(st.permutations(records))
    mutated = [
        draw(_mutated(record)) if draw(st.integers(0, 7)) == 0 else record for record in records
    ]
    return b"\n".join(draw(_line_of(record)) for record in mutated) + b"\n"


@_SLOW
@given(data=st.one_of(_streams(), _calls_streams()))
def test_judge_prints_the_same_whether_objects_fold_as_read(data: bytes) -> None:
    """``streamspec judge`` prints, reports and exits the same with the reader's folds on or off."""
    assert _judge_command(data, fast=True) == _judge_command(data, fast=False)


def _judged(data: bytes, *, fast: bool) -> tuple[Any, ...]:
    """Judge ``data`` read as AgentScope JSON: the problems, every call's states, the verdicts."""
    judge = Judge()
    folds = judge.object_folds() if fast else None
    problems = []
    for line in read_events(io.BytesIO(data), "agentscope", folds=folds):
        if line.problem is not None:
            problems.append((line.number, line.problem.to_dict()))
        if line.event is not None:
            judge.apply(line.event)
    return problems, judge.states(), [verdict.to_dict() for verdict in judge.verdicts()]


@_SLOW
@given(data=st.one_of(_streams(), _calls_streams()))
def test_judge_folds_leave_every_call_in_the_states_the_full_path_gives(data: bytes) -> None:
    """With the folds on, every call's machines end where judging each event in full leaves them."""
    assert _judged(data, fast=True) == _judged(data, fast=False)


def test_the_judge_folds_take_only_deltas_of_an_open_call() -> None:
    """A delta of a reply not yet seen, of a reply with no open call, or of a block not started
    in the call is left to the full path (which opens a call for the first, folds on or off);
    a delta of the streaming call is taken."""
    r = {"reply_id": "r9"}
    records = [
        {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
        {"type": "TEXT_BLOCK_DELTA", **r, "block_id": "b", "delta": "early"},
        {"type": "TEXT_BLOCK_START", **r, "block_id": "b"},
        {"type": "TEXT_BLOCK_DELTA", **r, "block_id": "b", "delta": " then"},
    ]
    data = b"\n".join(orjson.dumps(record) for record in records) + b"\n"
    fast = _judged(data, fast=True)
    assert fast == _judged(data, fast=False)
    assert [(v["key"], v["final_text"]) for v in fast[2]] == [("r9/1", "early then")]
    judge = Judge()
    fold = judge.object_folds()["TEXT_BLOCK_DELTA"]
    assert fold(records[1]) is False
    judge.apply(decode_event(records[0]))
    seen = {**records[1], "reply_id": "r1"}
    assert fold(seen) is False, "no call is open in r1"
    judge.apply(decode_event({"type": "TEXT_BLOCK_START", "reply_id": "r1", "block_id": "a"}))
    assert fold(seen) is False, "block b was not started in r1's call"
    judge.apply(decode_event({**seen, "block_id": "a"}))
    assert fold({**seen, "block_id": "a"}) is True, "a's call streams: a chunk is a self-loop"
    thinking = judge.object_folds()["THINKING_BLOCK_DELTA"]
    assert thinking({**seen, "type": "THINKING_BLOCK_DELTA", "block_id": "k"}) is True
    assert thinking({**records[1], "type": "THINKING_BLOCK_DELTA"}) is False, "r9 is unknown"


def test_judge_folds_keep_a_call_and_a_block_in_bounded_pieces() -> None:
    """Text deltas folded by a Judge's readers leave fewer than JOIN_EVERY chunks pending, in
    the call's text and in the block's, and the text is every delta joined."""
    deltas = [f"d{n} " for n in range(5 * TEXT_JOIN_EVERY + 3)]
    r = {"reply_id": "r"}
    records = [
        {"type": "REPLY_START", "session_id": "s", "name": "a", **r},
        {"type": "MODEL_CALL_START", "model_name": "m", **r},
        {"type": "TEXT_BLOCK_START", "block_id": "b", **r},
        *({"type": "TEXT_BLOCK_DELTA", "block_id": "b", "delta": d, **r} for d in deltas),
    ]
    data = b"".join(orjson.dumps(record) + b"\n" for record in records)
    judge = Judge()
    for line in read_events(io.BytesIO(data), "agentscope", folds=judge.object_folds()):
        if line.event is not None:
            judge.apply(line.event)
    [call] = judge._calls.values()
    [reply] = judge._agentscope._replies.values()
    for parts in (call.text, reply.blocks["b"]):
        assert len(parts.pending) < TEXT_JOIN_EVERY
        assert parts.text() == "".join(deltas)


def test_a_quiet_event_of_a_new_reply_still_makes_the_reply_known() -> None:
    """A reply's first event gives it the first call keys even when it carries no evidence."""
    records = [
        {
            "type": "REPLY_START",
            "reply_id": "r2",
            "session_id": "s",
            "name": "a",
            "role": "assistant",
        },
        {"type": "MODEL_CALL_START", "reply_id": "r1", "model_name": "m"},
        {"type": "MODEL_CALL_START", "reply_id": "r2", "model_name": "m"},
    ]
    data = b"\n".join(orjson.dumps(record) for record in records) + b"\n"
    fast = _judged(data, fast=True)
    assert fast == _judged(data, fast=False)
    assert sorted(fast[1]) == ["1", "r1/1"]


# --- event classes the builder generator refuses ------------------------------


@attrs.frozen(kw_only=True, eq=False, repr=False)
class _NoneDefault(Event):
    reply_id: str = attrs.field(metadata={"json": ("string",)})
    note: str | None = attrs.field(default=None, metadata={"json": ("string", "null")})


@attrs.frozen(kw_only=True, eq=False, repr=False)
class _InternalWithoutDefault(Event):
    reply_id: str = attrs.field(metadata={"json": ("string",)})
    seen: int = attrs.field(metadata={"internal": True})


@attrs.frozen(kw_only=True, eq=False, repr=False)
class _CheckedAfterwards(Event):
    reply_id: str = attrs.field(metadata={"json": ("string",)})

    def __attrs_post_init__(self) -> None:
        """A check the generated builder would skip."""


@pytest.mark.parametrize(
    ("cls", "words"),
    [
        (_NoneDefault, "_NoneDefault.note: an optional field defaults to ABSENT"),
        (
            _InternalWithoutDefault,
            "_InternalWithoutDefault.seen: an internal field needs a default",
        ),
        (_CheckedAfterwards, "_CheckedAfterwards: checks after construction go in RULES"),
    ],
)
def test_a_class_the_builder_could_not_make_as_its_init_does_is_refused(
    cls: type[Event], words: str
) -> None:
    """The builder sets slots directly, so a class whose ``__init__`` would do more (a default
    other than ABSENT, an internal field without a default, a check after construction) is
    refused when its builder is generated, naming the class and field."""
    with pytest.raises(TypeError) as caught:
        compile_builder(cls)
    assert str(caught.value) == words


@attrs.frozen(kw_only=True, eq=False, repr=False)
class _InternalMadeAnew(Event):
    reply_id: str = attrs.field(metadata={"json": ("string",)})
    seen: list[int] = attrs.field(factory=list, metadata={"internal": True})


def test_a_class_with_a_default_made_anew_has_no_view() -> None:
    """A view reads a field the object lacks from its class, one value for every event, so
    a default made anew for each event is refused, naming the class and the field."""
    with pytest.raises(TypeError) as caught:
        view_class(_InternalMadeAnew)
    assert str(caught.value) == "_InternalMadeAnew: ['seen'] need a default, not a factory"
    assert view_class(TextBlockEndEvent).text is ABSENT  # type: ignore[attr-defined]


def test_a_fast_action_whose_rows_are_not_self_loops_of_it_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fast paths are made only for kinds whose rows are all self-loops of the fast
    action's own action; a kind mapped to another action is refused, naming it."""
    from streamspec.reply import _fast_fold

    wrong = FAST_ACTIONS["text_block_delta"]._replace(action="input_received")
    monkeypatch.setitem(_fast_fold.FAST_ACTIONS, "text_block_delta", wrong)  # type: ignore[arg-type]
    with pytest.raises(SpecError) as caught:
        _fast_fold.fast_paths(_PLAN_OF_KIND)
    assert caught.value.problems == (
        "text_block_delta is not a self-loop with action 'input_received' "
        "@ $.routes.text_block_delta",
    )


def test_a_long_text_keeps_a_run_per_4096_deltas_a_batch_per_64_and_the_rest() -> None:
    """Two full runs and five deltas: 8,197 deltas held in two runs, no batch and five parts."""
    block = TextBlock("text", "b", "open")
    deltas = [f"{n % 10}" for n in range(2 * JOIN_EVERY**2 + 5)]
    for delta in deltas:
        block.append(delta)
    assert (len(block.runs or ()), len(block.batches or ()), len(block.parts)) == (2, 0, 5)
    assert block.joined() == "".join(deltas)


def test_an_object_fold_does_not_look_again_at_a_key_it_took_as_exactly_a_string() -> None:
    """The fields an object fold takes only as exactly a ``str`` are the required string
    fields (pinned by hand); its body does not check the key's class again, while the event
    fold's does (an event's key may be a ``str`` subclass)."""
    assert exact_strings(TextBlockStartEvent) == {"reply_id", "block_id"}
    assert exact_strings(ToolResultEndEvent) == {"reply_id", "tool_call_id"}
    assert exact_strings(ReplyStartEvent) == {"reply_id", "session_id", "name"}
    plan = _PLAN_OF_KIND["text_block_start"]
    assert "if key_1.__class__ is not str:" in whole_fold_body(plan, {})
    assert "if key_1.__class__ is not str:" not in whole_fold_body(
        plan, {}, frozenset({"block_id"})
    )
    # An object whose key is a str subclass goes to the full path, which takes it as a str.
    reducer = Reducer()
    reducer.apply(ReplyStartEvent(reply_id="r", session_id="s", name="a"))
    fold = reducer.object_folds()["TEXT_BLOCK_START"]
    taken = fold({"type": "TEXT_BLOCK_START", "reply_id": "r", "block_id": _Id("b")})
    assert taken is False
    assert reducer.next_index == 1
