"""spec/actions.json: one entry per table action, consistent with the tables, and true.

The strong test folds generated streams through ``actions_model`` (a generic
interpreter of actions.json, legality from the JSON tables) and through the
reference reducer, and compares the dumps after every event; the reduce
vectors are folded through the model too.
"""

from __future__ import annotations

import base64
import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from actions_model import ACTIONS, MACHINES, ROUTES, SPEC, ActionsModel
from hypothesis import given
from hypothesis import strategies as st
from streamspec import (
    DataBlockDeltaEvent,
    DataBlockEndEvent,
    DataBlockStartEvent,
    DecodeError,
    ModelCallEndEvent,
    Reducer,
    ReplyEndEvent,
    ReplyStartEvent,
    TextBlockDeltaEvent,
    TextBlockEndEvent,
    TextBlockStartEvent,
    ThinkingBlockDeltaEvent,
    ThinkingBlockEndEvent,
    ThinkingBlockStartEvent,
    ToolCallDeltaEvent,
    ToolCallEndEvent,
    ToolCallStartEvent,
    ToolResultDataDeltaEvent,
    ToolResultEndEvent,
    ToolResultStartEvent,
    ToolResultTextDeltaEvent,
    _actions_docs,
    decode_event,
    encode_event,
)
from streamspec._codec import EVENT_BY_KIND
from streamspec._events import AgentEvent
from streamspec.reply._content import decode_base64
from streamspec.reply._message import ACTIONS as PYTHON_ACTIONS
from streamspec.reply._message import CHECKS as PYTHON_CHECKS
from streamspec.reply._message_schema import BASE64_PATTERN, message_schema
from streamspec.testing import (
    any_events,
    base64_chunks,
    invalid_base64_chunks,
    legal_streams,
    text_deltas,
    unknown_events,
    urls,
    with_wrong_reply_id,
)

#: The codes a content check may give; every other rejection is the tables' (or the reply id's).
CHECK_CODES = frozenset({"invalid_base64", "mixed_data_source"})
TABLE_FILES = ("reply.json", "block.json", "tool.json")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), f"duplicate keys: {keys}"
    return dict(pairs)


def _table_rows() -> list[tuple[str, dict[str, Any]]]:
    rows = []
    for name in TABLE_FILES:
        document = json.loads((SPEC / "machines" / name).read_text(encoding="utf-8"))
        for machine in document["machines"]:
            rows.extend((machine["machine"], row) for row in machine["rows"])
    return rows


def _walk(node: Any) -> Iterator[Any]:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _refs(action: dict[str, Any]) -> set[str]:
    """Every event or item field an action's cases mention."""
    found = set()
    for node in _walk(action["cases"]):
        if isinstance(node, str) and re.fullmatch(r"(event|item)(\.\w+)+", node):
            found.add(node)
    return found


# ------------------------------------------------------------ the file itself


def test_actions_file_has_no_duplicate_keys() -> None:
    """actions.json parses with no key given twice in any object (JSON would keep the last)."""
    json.loads((SPEC / "actions.json").read_text("utf-8"), object_pairs_hook=_no_duplicate_keys)


def test_every_table_action_has_exactly_one_entry_and_none_is_unused() -> None:
    """The actions the rows of the reply tables name are exactly the entries of actions.json."""
    named = {row["action"] for _, row in _table_rows() if row["action"] is not None}
    assert named == set(ACTIONS["actions"])
    assert set(PYTHON_ACTIONS) == named


def test_each_entry_names_the_machine_and_inputs_that_fire_it() -> None:
    """An entry's machine and inputs are exactly the (machine, input) of the rows naming it."""
    for name, action in ACTIONS["actions"].items():
        fired = {(m, row["event"]) for m, row in _table_rows() if row["action"] == name}
        assert fired == {(action["machine"], e) for e in action["inputs"]}, name


def test_cases_cover_exactly_the_event_kinds_routed_to_the_action() -> None:
    """Each event kind routed to an action's inputs has cases, ending in one that always applies."""
    for name, action in ACTIONS["actions"].items():
        routed = {
            kind
            for kind, routes in ROUTES.items()
            for route in routes
            if route["machine"] == action["machine"] and route["event"] in action["inputs"]
        }
        covered = {kind for case in action["cases"] for kind in case["events"]}
        assert covered == routed, name
        for kind in routed:
            last = [case for case in action["cases"] if kind in case["events"]][-1]
            assert "when" not in last, (name, kind)


def test_batch_actions_name_the_list_their_routes_carry() -> None:
    """`items` is the routing `items` of the action's event kinds, and only batch actions read items."""
    for name, action in ACTIONS["actions"].items():
        items = {
            route.get("items")
            for kind in {k for case in action["cases"] for k in case["events"]}
            for route in ROUTES[kind]
            if route["machine"] == action["machine"]
        }
        assert items == {action.get("items")}, name
        reads_items = any(r.startswith("item.") for r in action["reads"])
        assert reads_items == ("items" in action), name


def test_reads_list_exactly_the_fields_the_cases_use() -> None:
    """An entry's `reads` are exactly the event and item fields its cases mention."""
    for name, action in ACTIONS["actions"].items():
        assert set(action["reads"]) == _refs(action), name


def test_event_reads_are_fields_of_the_events_that_fire_them() -> None:
    """Every `event.x` an action reads is a field of each event class its cases serve."""
    for name, action in ACTIONS["actions"].items():
        for case in action["cases"]:
            for kind in case["events"]:
                fields = {f.name for f in attrs.fields(EVENT_BY_KIND[kind])}
                used = {r.split(".")[1] for r in _refs({"cases": [case]}) if r[:6] == "event."}
                assert used <= fields, (name, kind, used - fields)


def test_item_reads_are_fields_of_the_block_the_item_is() -> None:
    """Every `item.x` read is a field of the dumped block the batch item stands for."""
    defs = message_schema()["$defs"]
    kinds = {"confirmation_requested": "tool_call", "external_result_received": "tool_result"}
    for name, kind in kinds.items():
        fields = set(defs[kind]["properties"])
        reads = {r.split(".")[1] for r in ACTIONS["actions"][name]["reads"]}
        assert reads <= fields, (name, reads - fields)


def test_checks_are_the_reducers_content_checks() -> None:
    """Exactly the actions with a Python content check carry checks, with content codes only."""
    carrying = {
        name
        for name, action in ACTIONS["actions"].items()
        if any(case.get("checks") for case in action["cases"])
    }
    assert carrying == set(PYTHON_CHECKS)
    violations = json.loads((SPEC / "violations.json").read_text("utf-8"))["violations"]
    known = {v["code"] for v in violations}
    for action in ACTIONS["actions"].values():
        for case in action["cases"]:
            for check in case.get("checks", ()):
                assert check["code"] in CHECK_CODES & known
                expected = {"chunk_index"} if check["code"] == "invalid_base64" else set()
                assert set(check["details"]) == expected


def test_wire_state_rule_names_a_machine_with_wire_values() -> None:
    """The wire-state rule covers the tool_call machine, whose states carry wire values."""
    machines = {rule["machine"] for rule in ACTIONS["wire_state"]}
    assert machines == {"tool_call"}
    assert all(s["wire"] for s in MACHINES["tool_call"]["states"] if s["name"] != "absent")


@given(
    st.text(alphabet="AQRgwYWJjZ+/=- x", max_size=10)
    | st.binary(max_size=7).map(lambda raw: base64.b64encode(raw).decode("ascii"))
)
def test_base64_pattern_is_the_reducers_rule(chunk: str) -> None:
    """The pattern accepts a chunk iff the reducer decodes it, iff re-encoding gives it back."""
    matches = re.fullmatch(ACTIONS["base64_pattern"], chunk) is not None
    assert matches == (decode_base64(chunk) is not None)
    try:
        round_trip = base64.b64encode(base64.b64decode(chunk, validate=True)).decode() == chunk
    except ValueError:
        round_trip = False
    assert matches == round_trip
    assert ACTIONS["base64_pattern"] == BASE64_PATTERN


# ------------------------------------------------ the model against the reducer


def _mapped(diagnostics: Any) -> list[tuple[str, int | None, dict[str, Any]]]:
    """The reducer's diagnostics as the model reports rejections."""
    out = []
    for d in diagnostics:
        if d.code == "unknown_event_type":
            out.append(("unknown", None, {}))
        elif d.code in CHECK_CODES:
            out.append((d.code, d.item, dict(d.details)))
        else:
            out.append(("rejected", d.item, {}))
    return out


def _compare(events: list[AgentEvent], options: dict[str, Any]) -> None:
    reducer = Reducer(**options)
    model = ActionsModel(**options)
    assert model.to_dict() == reducer.to_dict()
    for index, event in enumerate(events):
        found = reducer.apply(event)
        judged = model.apply(encode_event(event))
        where = f"event {index}: {encode_event(event)}"
        assert judged == _mapped(found), where
        assert model.to_dict() == reducer.to_dict(), where
    assert model.labelled_states() == reducer.states()


_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "reply_id": st.just("r1"),
        "name": st.just("caller"),
        "role": st.sampled_from(("user", "system")),
        "created_at": st.just("2026-01-01T09:00:00"),
    },
)
_INTRUDERS = st.one_of(any_events(), unknown_events(), any_events().map(with_wrong_reply_id))


@given(events=legal_streams(), options=_OPTIONS)
def test_model_equals_reducer_on_legal_streams(
    events: list[AgentEvent], options: dict[str, Any]
) -> None:
    """On legal streams, the actions.json model's dump equals the reducer's after every event."""
    _compare(events, options)


@given(events=st.lists(_INTRUDERS, max_size=30), options=_OPTIONS)
def test_model_equals_reducer_on_any_events(
    events: list[AgentEvent], options: dict[str, Any]
) -> None:
    """On random events, both reject the same events (content checks with the same details)
    and dump the same message after every event."""
    _compare(events, options)


@st.composite
def _mixed(draw: st.DrawFn) -> list[AgentEvent]:
    events: list[AgentEvent] = list(draw(legal_streams()))
    for _ in range(draw(st.integers(0, 6))):
        events.insert(draw(st.integers(0, len(events))), draw(_INTRUDERS))
    return events


@given(events=_mixed(), options=_OPTIONS)
def test_model_equals_reducer_on_legal_streams_with_intruders(
    events: list[AgentEvent], options: dict[str, Any]
) -> None:
    """A legal stream with illegal events put in anywhere folds the same in the model and the reducer."""
    _compare(events, options)


R = "r1"
_CHUNKS = st.one_of(
    base64_chunks().map(lambda c: {"data": c}),
    invalid_base64_chunks().map(lambda c: {"data": c}),
    urls().map(lambda u: {"url": u}),
)
_MEDIA = st.sampled_from(("image/png", "audio/wav", ""))


@st.composite
def _lane(draw: st.DrawFn, kind: str, ident: str) -> list[Any]:
    """One entity's whole life: start, content, end (some content deliberately invalid)."""
    deltas = st.lists(text_deltas(), max_size=4)
    if kind == "text":
        end_text = draw(st.one_of(st.just(None), text_deltas()))
        return [
            TextBlockStartEvent(reply_id=R, block_id=ident),
            *(TextBlockDeltaEvent(reply_id=R, block_id=ident, delta=d) for d in draw(deltas)),
            TextBlockEndEvent(
                reply_id=R, block_id=ident, **({} if end_text is None else {"text": end_text})
            ),
        ]
    if kind == "thinking":
        return [
            ThinkingBlockStartEvent(reply_id=R, block_id=ident),
            *(ThinkingBlockDeltaEvent(reply_id=R, block_id=ident, delta=d) for d in draw(deltas)),
            ThinkingBlockEndEvent(reply_id=R, block_id=ident),
        ]
    if kind == "data":
        chunks = draw(st.lists(st.tuples(_MEDIA, _CHUNKS), max_size=4))
        return [
            DataBlockStartEvent(reply_id=R, block_id=ident, media_type=draw(_MEDIA)),
            *(
                DataBlockDeltaEvent(reply_id=R, block_id=ident, media_type=m, **c)
                for m, c in chunks
            ),
            DataBlockEndEvent(reply_id=R, block_id=ident),
        ]
    parts = st.one_of(
        text_deltas().map(
            lambda d: ToolResultTextDeltaEvent(reply_id=R, tool_call_id=ident, delta=d)
        ),
        st.tuples(st.sampled_from((None, "d0", "d1")), _MEDIA, _CHUNKS).map(
            lambda t: ToolResultDataDeltaEvent(
                reply_id=R,
                tool_call_id=ident,
                media_type=t[1],
                **({"block_id": t[0]} if t[0] else {}),
                **t[2],
            )
        ),
    )
    return [
        ToolCallStartEvent(reply_id=R, tool_call_id=ident, tool_call_name="f"),
        *(ToolCallDeltaEvent(reply_id=R, tool_call_id=ident, delta=d) for d in draw(deltas)),
        ToolCallEndEvent(reply_id=R, tool_call_id=ident),
        ToolResultStartEvent(reply_id=R, tool_call_id=ident, tool_call_name="f"),
        *draw(st.lists(parts, max_size=6)),
        ToolResultEndEvent(
            reply_id=R, tool_call_id=ident, state=draw(st.sampled_from(("success", "error")))
        ),
    ]


@st.composite
def _dense_streams(draw: st.DrawFn) -> list[Any]:
    """Whole lives of a few blocks, calls and results, interleaved, between a reply start and end."""
    kinds = draw(
        st.lists(st.sampled_from(("text", "thinking", "data", "result")), min_size=1, max_size=4)
    )
    lanes = [draw(_lane(kind, f"x{index}")) for index, kind in enumerate(kinds)]
    usage = st.builds(
        ModelCallEndEvent,
        reply_id=st.just(R),
        input_tokens=st.integers(0, 9),
        output_tokens=st.integers(0, 9),
        **{
            name: st.integers(0, 9)
            for name in draw(
                st.sets(st.sampled_from(("cache_input_tokens", "cache_creation_input_tokens")))
            )
        },
    )
    lanes.append(draw(st.lists(usage, max_size=2)))
    events: list[Any] = (
        [ReplyStartEvent(session_id="s", reply_id=R, name="agent")] if draw(st.booleans()) else []
    )
    while any(lanes):
        lane = draw(st.sampled_from([lane for lane in lanes if lane]))
        events.append(lane.pop(0))
    if draw(st.booleans()):
        events.append(ReplyEndEvent(session_id="s", reply_id=R, created_at="2026-01-01T12:00:00"))
    return events


@given(events=_dense_streams(), options=_OPTIONS)
def test_model_equals_reducer_on_dense_content(
    events: list[AgentEvent], options: dict[str, Any]
) -> None:
    """On interleaved whole lives of blocks and results (bad chunks and URLs included), the model
    and the reducer reject the same events and dump the same message after every event."""
    _compare(events, options)


# ------------------------------------------------ the model against the vectors


def _vectors() -> Iterator[tuple[str, dict[str, Any]]]:
    folder = SPEC / "vectors" / "reduce"
    for path in sorted(folder.rglob("*.json")):
        yield str(path.relative_to(folder)), json.loads(path.read_text("utf-8"))
    for path in sorted(folder.rglob("*.jsonl")):
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            if line.strip():
                yield f"{path.relative_to(folder)}:{number}", json.loads(line)


VECTORS = [(where, v) for where, v in _vectors() if not v["options"].get("strict")]


def _fold_vector(
    vector: dict[str, Any], actions: dict[str, Any] | None = None
) -> tuple[ActionsModel, list[Any], list[Any]]:
    """Fold a vector's events; return the model, its dump after each event, its rejections."""
    model = ActionsModel(actions, **vector["options"])
    dumps, rejections = [], []
    for index, obj in enumerate(vector["events"]):
        try:
            decode_event(copy.deepcopy(obj))
        except DecodeError:
            model.skip_unreadable()
            rejections.append((index, "unreadable", None, {}))
        else:
            for code, item, details in model.apply(copy.deepcopy(obj)):
                rejections.append((index, code, item, details))
        dumps.append(model.to_dict())
    return model, dumps, rejections


def _vector_rejections(vector: dict[str, Any]) -> list[Any]:
    out = []
    for d in vector["expected"]["diagnostics"]:
        if d["index"] is None:
            continue
        code = {"unknown_event_type": "unknown", "unreadable_line": "unreadable"}.get(d["code"])
        if code is None:
            code = d["code"] if d["code"] in CHECK_CODES else "rejected"
        details = d["details"] if d["code"] in CHECK_CODES else {}
        out.append((d["index"], code, d["item"], details))
    return out


def test_vectors_are_many() -> None:
    """The lenient reduce vectors the model replays include the generated corpus."""
    assert len(VECTORS) > 100


@pytest.mark.parametrize(("where", "vector"), VECTORS, ids=[w for w, _ in VECTORS])
def test_model_reproduces_every_lenient_reduce_vector(where: str, vector: dict[str, Any]) -> None:
    """Folding a vector's events by actions.json gives its message, dumps, rejections and states."""
    model, dumps, rejections = _fold_vector(vector)
    expected = vector["expected"]
    assert model.to_dict() == expected["message"]
    if "after_each" in expected:
        assert dumps == expected["after_each"]
    assert rejections == _vector_rejections(vector)
    assert model.labelled_states() == expected["states"]


def _mutated(change: str) -> dict[str, Any]:
    """actions.json with one planted bug."""
    spec = copy.deepcopy(ACTIONS)
    actions = spec["actions"]
    if change == "end appends":
        actions["block_ended"]["cases"][0]["effects"][0]["op"] = "concat"
    elif change == "wrong generated id":
        effect = actions["result_text_received"]["cases"][1]["effects"][0]
        effect["entity"]["id"] = {"numbered": "data"}
    elif change == "no first-chunk check":
        del actions["result_data_received"]["cases"][0]["checks"][2]
    return spec


@pytest.mark.parametrize("change", ["end appends", "wrong generated id", "no first-chunk check"])
def test_a_planted_bug_in_actions_json_is_caught_by_the_vectors(change: str) -> None:
    """With one effect or check of actions.json changed, some vector no longer replays."""
    spec = _mutated(change)
    differs = 0
    for _, vector in VECTORS:
        try:
            model, _dumps, rejections = _fold_vector(vector, spec)
        except (AssertionError, ValueError):  # the planted bug broke an effect's precondition
            differs += 1
            continue
        expected = vector["expected"]
        differs += model.to_dict() != expected["message"] or rejections != _vector_rejections(
            vector
        )
    assert differs > 0


@pytest.mark.parametrize(
    ("expr", "shown"),
    [
        ({"const": "⊕ café"}, '"⊕ café"'),
        ({"const": None}, "null"),
        ({"object": {"type": {"const": "tëxt"}, "n": {"const": 1}}}, '{type: "tëxt", n: 1}'),
        ({"read": "event.delta", "absent": {"const": "ø"}}, 'event.delta (absent: "ø")'),
    ],
)
def test_the_actions_page_writes_a_constant_as_json_with_its_characters_as_they_are(
    expr: dict[str, Any], shown: str
) -> None:
    """A constant of the compact notation is its JSON text, non-ASCII characters unescaped."""
    assert _actions_docs._value(expr) == shown


def test_a_check_row_names_every_event_of_its_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks table lists a case's events as `a`, `b`: a case that several events share
    shows all of them on each of its checks' rows."""
    document = copy.deepcopy(_actions_docs.load_spec_json("actions.json"))
    name, case = next(
        (n, c) for n, a in document["actions"].items() for c in a["cases"] if c.get("checks")
    )
    case["events"] = [*case["events"], "shared_event"]
    monkeypatch.setattr(_actions_docs, "load_spec_json", lambda _name: document)
    page = _actions_docs.render_actions()
    shown = ", ".join(f"`{k}`" for k in case["events"])
    rows = [line for line in page.splitlines() if line.startswith(f"| `{name}` | {shown} |")]
    assert len(rows) == len(case["checks"]), page
