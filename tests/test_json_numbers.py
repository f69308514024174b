"""Numbers as spec/README.md §1 reads them: integers exact at any size, doubles finite.

The expectations come from Python's own :mod:`json`, which keeps integers
exact, never from the reader under test.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamspec import Reducer
from streamspec._codec import structure_event
from streamspec._events import EVENT_CLASSES
from streamspec._json_exact import dumps, loads, long_digits
from streamspec._jsonl import read_lines, read_records
from streamspec.pairing import prepare_body
from streamspec.reply._reducer import KEEPS_JSON

ROOT = Path(__file__).resolve().parents[1]

#: Integers on each side of the range orjson keeps, and far past it.
EDGES = [
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    -(2**63) - 1,
    10**40,
    -(10**40),
    int("7" * 400),
]

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from(EDGES)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet='0123456789az"\\ :,'),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(alphabet="abk0123456789", max_size=25), children, max_size=4)
    ),
    max_leaves=12,
)


def _same(found: Any, expected: Any) -> bool:
    """Equal as JSON text, so an integer is never equal to a double of the same value."""
    return json.dumps(found, sort_keys=True) == json.dumps(expected, sort_keys=True)


def _event(type_: str, **fields: Any) -> str:
    return json.dumps({"type": type_, **fields}, separators=(",", ":"))


def _events(*lines: str) -> bytes:
    return "".join(line + "\n" for line in lines).encode()


START = '{"type":"REPLY_START","session_id":"s","reply_id":"r","name":"assistant"}'
CALL_START = '{"type":"MODEL_CALL_START","reply_id":"r","model_name":"m"}'


@given(_JSON)
def test_any_value_reads_and_writes_back_as_pythons_json_has_it(value: Any) -> None:
    text = json.dumps(value)
    read = loads(text.encode())
    assert _same(read, value)
    assert _same(json.loads(dumps(read)), value)
    assert _same(json.loads(dumps(read, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2)), value)


@pytest.mark.parametrize("number", EDGES)
def test_an_edge_integer_keeps_its_exact_value_and_digits(number: int) -> None:
    text = b'{"n":%d}' % number
    assert loads(text) == {"n": number}
    assert type(loads(text)["n"]) is int
    assert dumps(loads(text)) == text


def test_an_integer_is_written_in_orjsons_own_layout() -> None:
    value = {"b": [10**30, 1.5, "x"], "a": -(2**64)}
    indented = dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
    small = {"b": [7, 1.5, "x"], "a": -8}
    expected = orjson.dumps(small, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
    assert indented == expected.replace(b"7", str(10**30).encode()).replace(
        b"-8", str(-(2**64)).encode()
    )


def test_what_orjson_refuses_for_another_reason_is_still_refused() -> None:
    value = {1: 10**30}
    with pytest.raises(orjson.JSONEncodeError) as refused:
        dumps(value)
    assert str(refused.value) == "Dict key must be str"
    assert value == {1: 10**30}


@pytest.mark.parametrize(
    ("text", "reason", "offset"),
    [
        (b"1e400", "a number past the largest double (1e400)", 0),
        (b"-1e400", "a number past the largest double (-1e400)", 0),
        (b'{"n":' + b"9" * 4301 + b"}", "an integer of 4301 digits (the limit is 4300)", 5),
        (b"[" + b"9" * 400 + b".5]", f"a number past the largest double ({'9' * 21}...)", 1),
        # The first number orjson cannot read is one json can; the second is past the limit.
        (b'{"a":' + b"9" * 400 + b',"b":-' + b"9" * 4301 + b"}", "an integer of 4301", 410),
        # Where a string writes the same text first, the offset is still the number's.
        (b'{"s":"1e400","n":1e400}', "a number past the largest double (1e400)", 17),
        (b"[NaN]", "unexpected character, expected a JSON value", 1),
        (b"[Infinity]", "unexpected character, expected a JSON value", 1),
        (b"[-Infinity]", "no digit after sign", 2),
    ],
)
def test_a_number_past_the_limits_is_not_json(text: bytes, reason: str, offset: int) -> None:
    """A number past a limit is named with the limit and its own offset; any other refusal
    keeps orjson's own reason and offset."""
    with pytest.raises(orjson.JSONDecodeError) as refused:
        loads(text)
    assert refused.value.msg.startswith(reason), refused.value.msg
    assert refused.value.pos == offset
    with pytest.raises(orjson.JSONDecodeError) as as_text:
        loads(text.decode())
    assert (as_text.value.msg, as_text.value.pos) == (refused.value.msg, offset)


def test_a_lone_surrogate_escape_is_still_not_json() -> None:
    with pytest.raises(orjson.JSONDecodeError) as refused:
        loads(b'["\\ud800"]')
    assert (refused.value.msg, refused.value.pos) == ("no low surrogate in string", 2)


def test_an_integer_of_4300_digits_is_read_whole() -> None:
    number = int("9" * 4300)
    assert loads(b"[" + str(number).encode() + b"]") == [number]


@pytest.mark.parametrize(
    ("text", "long"),
    [
        (b"1234567890123456789", True),
        (b"123456789012345678", False),
        (b'"id":"12345678901234567890"', True),
        (b"1234567890.123456789", False),
        (b"", False),
    ],
)
def test_a_run_of_19_digits_is_what_marks_a_text_to_read_again(text: bytes, long: bool) -> None:
    assert long_digits(text) is long


def test_the_reader_gives_a_line_its_exact_integers() -> None:
    lines = list(read_lines(iter([b'{"a":18446744073709551617,"b":0.5}\n', b"{}\n"])))
    assert _same([line.record for line in lines], [{"a": 2**64 + 1, "b": 0.5}, {}])
    assert all(line.problem is None for line in lines)


def test_the_block_reader_gives_a_line_its_exact_integers(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_bytes(b'{"a":1}\n{"a":-9223372036854775809}\n{"a":' + b"3" * 350 + b"}\n")
    with path.open("rb") as stream:
        records = [line.record for line in read_lines(stream)]
    assert _same(records, [{"a": 1}, {"a": -(2**63) - 1}, {"a": int("3" * 350)}])


def test_a_number_past_the_largest_double_makes_its_line_unreadable() -> None:
    (line,) = read_lines(iter([b'{"a":1e400}\n']))
    assert line.record is None
    assert line.problem is not None
    assert line.problem.code == "unreadable_line"
    assert line.problem.message == "not JSON: a number past the largest double (1e400) at offset 5"


def test_a_long_integer_alone_on_a_line_is_named_a_number() -> None:
    (line,) = read_lines(iter([b"1" * 400 + b"\n"]))
    assert line.problem is not None
    assert line.problem.message == "not a JSON object but a number"


def _fold(data: bytes, *, whole: bool = False) -> Reducer:
    """Fold ``data`` on the fast path, line by line or (``whole``) as one block."""
    reducer = Reducer()
    stream = io.BytesIO(data) if whole else iter(data.splitlines(keepends=True))
    for line in read_records(stream, structure_event, folds=reducer.object_folds()):
        if line.event is not None:
            reducer.apply(line.event)
    return reducer


def test_a_token_count_past_64_bits_is_a_known_usage_on_the_fast_path() -> None:
    count = 10**39 + 7
    reducer = _fold(
        _events(
            START,
            CALL_START,
            _event("MODEL_CALL_END", reply_id="r", input_tokens=count, output_tokens=2),
        )
    )
    assert reducer.diagnostics == ()
    assert reducer.message.usage is not None
    assert _same(reducer.to_dict()["usage"]["input_tokens"], count)


def test_a_kept_json_value_keeps_its_integers_on_the_fast_path() -> None:
    reducer = _fold(
        _events(
            START,
            _event(
                "HINT_BLOCK",
                reply_id="r",
                block_id="h",
                hint=[{"type": "text", "text": "x", "n": 2**70 + 1}],
            ),
        )
    )
    (block,) = reducer.to_dict()["content"]
    assert _same(block["hint"], [{"type": "text", "text": "x", "n": 2**70 + 1}])


def _tool_call(call: str) -> list[str]:
    return [
        _event("TOOL_CALL_START", reply_id="r", tool_call_id=call, tool_call_name="f"),
        _event("TOOL_CALL_END", reply_id="r", tool_call_id=call),
    ]


def _result(call: str, metadata: dict[str, Any]) -> list[str]:
    return [
        _event("TOOL_RESULT_START", reply_id="r", tool_call_id=call, tool_call_name="f"),
        _event(
            "TOOL_RESULT_END", reply_id="r", tool_call_id=call, state="success", metadata=metadata
        ),
    ]


def test_a_result_ends_metadata_keeps_its_integers_on_the_fast_path() -> None:
    reducer = _fold(
        _events(
            START,
            *_tool_call("c1"),
            *_result("c1", {"n": -(2**64) - 1}),
        )
    )
    assert reducer.diagnostics == ()
    assert _same(reducer.to_dict()["content"][-1]["metadata"], {"n": -(2**64) - 1})


@pytest.mark.parametrize("number", [-(2**64) - 1, int("8" * 350)])
def test_a_result_ends_metadata_keeps_its_integers_in_a_block_with_a_line_not_an_object(
    number: int,
) -> None:
    data = _events(
        START,
        *_tool_call("c1"),
        "[]",
        *_result("c1", {"n": number}),
    )
    reducer = _fold(data, whole=True)
    assert [d.code for d in reducer.diagnostics] == []
    assert _same(reducer.to_dict()["content"][-1]["metadata"], {"n": number})


def test_an_external_results_output_keeps_its_integers_off_the_fast_path() -> None:
    external = {"type": "tool_result", "id": "c1", "name": "f", "output": "x", "n": 2**90}
    reducer = _fold(
        _events(
            START,
            *_tool_call("c1"),
            _event(
                "REQUIRE_EXTERNAL_EXECUTION",
                reply_id="r",
                tool_calls=[{"type": "tool_call", "id": "c1", "name": "f", "input": "{}"}],
            ),
            _event(
                "EXTERNAL_EXECUTION_RESULT",
                reply_id="r",
                execution_results=[{**external, "metadata": {"n": 2**90 + 1}}],
            ),
        )
    )
    assert reducer.diagnostics == ()
    assert _same(reducer.to_dict()["content"][-1]["metadata"], {"n": 2**90 + 1})


def test_a_delta_with_a_long_integer_in_its_metadata_folds_as_any_delta() -> None:
    reducer = _fold(
        _events(
            START,
            '{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}',
            _event(
                "TEXT_BLOCK_DELTA", reply_id="r", block_id="b", delta="hi", metadata={"n": 2**80}
            ),
        )
    )
    assert reducer.diagnostics == ()
    assert reducer.to_dict()["content"][0]["text"] == "hi"


def test_a_pairing_repair_keeps_integers_it_did_not_touch() -> None:
    body = (
        b'{"seed":123456789012345678901234567890,"messages":['
        b'{"role":"assistant","tool_calls":[{"id":"c1","type":"function",'
        b'"function":{"name":"f","arguments":"{}"}}]}]}'
    )
    repaired = prepare_body(body)
    assert repaired != body
    assert _same(json.loads(repaired)["seed"], 123456789012345678901234567890)


@pytest.mark.parametrize(
    "args",
    [
        ["reduce", "-"],
        ["convert", "--to", "envelope", "-"],
        ["check", "--format", "json", "-"],
        ["judge", "-"],
    ],
)
def test_every_writing_command_writes_a_long_integer_digit_for_digit(args: list[str]) -> None:
    count = 2**100 + 1
    data = _events(
        START,
        CALL_START,
        _event(
            "MODEL_CALL_END",
            reply_id="r",
            input_tokens=count,
            output_tokens=1,
            finished_reason="completed",
            metadata={"m": -(2**70)},
        ),
        '{"type":"REPLY_END","session_id":"s","reply_id":"r"}',
    )
    done = subprocess.run(
        [sys.executable, "-m", "streamspec", *args], input=data, capture_output=True, check=False
    )
    assert done.returncode in (0, 1), done.stderr
    assert b"Traceback" not in done.stderr
    assert b"unreadable" not in done.stderr
    assert str(count).encode() in done.stdout
    assert done.stdout.count(b"e+") == 0


def test_the_types_whose_folds_get_exact_integers_are_those_whose_actions_keep_json() -> None:
    """Every event object or array an action of spec/actions.json reads reaches it exact."""
    actions = json.loads((ROOT / "spec" / "actions.json").read_text("utf-8"))["actions"]
    by_kind = {cls.TYPE.lower(): cls for cls in EVENT_CLASSES}
    keeping = set()
    for action in actions.values():
        fields = {read.split(".")[1] for read in action["reads"] if read.startswith("event.")}
        for cls in filter(None, map(by_kind.get, action["inputs"])):
            for field in attrs.fields(cls):
                if field.name in fields and {"object", "array"} & set(field.metadata["json"]):
                    keeping.add(cls.TYPE)
    assert keeping == KEEPS_JSON
    assert Reducer().object_folds().keep_json == KEEPS_JSON  # type: ignore[attr-defined]


def test_a_plain_mapping_of_folds_gets_exact_integers_for_every_type_but_the_deltas() -> None:
    seen: list[Any] = []

    def keep(value: dict[str, Any]) -> bool:
        seen.append(value)
        return True

    data = _events(
        _event("CUSTOM", reply_id="r", value={"n": 2**70 + 1}),
        _event(
            "TEXT_BLOCK_DELTA", reply_id="r", block_id="b", delta="x", metadata={"n": 2**70 + 1}
        ),
    )
    lines = list(
        read_records(
            io.BytesIO(data), structure_event, folds={"CUSTOM": keep, "TEXT_BLOCK_DELTA": keep}
        )
    )
    assert [line.number for line in lines] == [2]
    assert _same(seen[0]["value"], {"n": 2**70 + 1})
    assert type(seen[1]["metadata"]["n"]) is float
