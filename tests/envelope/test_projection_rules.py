"""The projection's extractors and its loader, held to the words of spec/projection.json.

Each extractor case below is written from the sentence spec/projection.json's
``extractors`` gives it; the loader cases name each way a row can be malformed.
"""

from __future__ import annotations

from typing import Any

import pytest
from streamspec._errors import SpecError
from streamspec.envelope._projection import Projection, ProjectionRow, load_projection

_ABSENT = object()


def _one(extract: str, value: Any) -> Any:
    """What ``extract`` gives for ``value`` at the path ``v`` (absent when ``_ABSENT``)."""
    row = ProjectionRow(
        type="x", source="", data_json=False, fields={"text": {"extract": extract, "path": ["v"]}}
    )
    return row.derive({} if value is _ABSENT else {"v": value})["text"]


@pytest.mark.parametrize(
    ("extract", "value", "expected"),
    [
        ("string", "a", "a"),
        ("string", 3, None),
        ("string", _ABSENT, None),
        # "the non-negative integer at `path`, else null"
        ("usize", 0, 0),
        ("usize", 7, 7),
        ("usize", -1, None),
        ("usize", 1.5, None),
        ("usize", True, None),
        ("usize", "3", None),
        ("usize", _ABSENT, None),
        # "the integer at `path` if it fits a signed 32-bit integer, else null"
        ("i32", 2**31 - 1, 2**31 - 1),
        ("i32", -(2**31), -(2**31)),
        ("i32", 2**31, None),
        ("i32", -(2**31) - 1, None),
        ("i32", False, None),
        ("i32", 2.0, None),
        # "the compact JSON text (sorted keys) of the value ... when the key is present
        # (null included), else null"
        ("json", {"b": 1, "a": [2, "x"]}, '{"a":[2,"x"],"b":1}'),
        ("json", None, "null"),
        ("json", _ABSENT, None),
        ("json_non_null", None, None),
        ("json_non_null", {"a": 1}, '{"a":1}'),
        # "`key: value` for each key in sorted order (values as compact JSON, strings bare),
        # joined by `; `; else null"
        ("summary_text", {"b": "two words", "a": [1, 2]}, "a: [1,2]; b: two words"),
        ("summary_text", {}, ""),
        ("summary_text", "text", None),
        # "0 when the boolean at `path` is true, 1 when false, else null"
        ("success_exit_code", True, 0),
        ("success_exit_code", False, 1),
        ("success_exit_code", 0, None),
        ("success_exit_code", _ABSENT, None),
    ],
)
def test_a_one_path_extractor_does_what_the_spec_says(
    extract: str, value: Any, expected: Any
) -> None:
    assert _one(extract, value) == expected
    assert type(_one(extract, value)) is type(expected)


def _many(rule: dict[str, Any], payload: dict[str, Any]) -> Any:
    row = ProjectionRow(type="x", source="", data_json=False, fields={"text": rule})
    return row.derive(payload)["text"]


@pytest.mark.parametrize(
    ("rule", "payload", "expected"),
    [
        # "when every path holds a string: the strings joined by `separator`, else null"
        ({"extract": "join", "paths": [["a"], ["b"]], "separator": " / "}, {"a": "x", "b": "y"}, "x / y"),
        ({"extract": "join", "paths": [["a"], ["b"]]}, {"a": "x", "b": "y"}, "xy"),
        ({"extract": "join", "paths": [["a"], ["b"]], "separator": "-"}, {"a": "x", "b": 1}, None),
        ({"extract": "join", "paths": [["a"], ["b"]], "separator": "-"}, {"a": "x"}, None),
        # "when every path holds an integer: their sum, else null"
        ({"extract": "sum", "paths": [["a"], ["c", "d"]]}, {"a": 2, "c": {"d": 3}}, 5),
        ({"extract": "sum", "paths": [["a"], ["b"]]}, {"a": 2, "b": True}, None),
        ({"extract": "sum", "paths": [["a"], ["b"]]}, {"a": 2}, None),
    ],
)  # fmt: skip
def test_a_many_path_extractor_does_what_the_spec_says(
    rule: dict[str, Any], payload: dict[str, Any], expected: Any
) -> None:
    assert _many(rule, payload) == expected


def test_a_well_formed_document_loads_one_row_per_type() -> None:
    rule = {"extract": "string", "path": ["name"]}
    rows = load_projection(
        {
            "rows": [
                {"type": "a", "source": "a3s", "data_json": True, "fields": {"text": rule}},
                {"type": "b", "data_json": False, "fields": {}},
            ]
        }
    )
    assert rows == {
        "a": ProjectionRow(type="a", source="a3s", data_json=True, fields={"text": rule}),
        "b": ProjectionRow(type="b", source="", data_json=False, fields={}),
    }


_GOOD = {"type": "a", "data_json": False, "fields": {}}


@pytest.mark.parametrize(
    ("rows", "problems"),
    [
        (["row"], ["expected object @ $.rows[0]"]),
        (
            [{"fields": {}}],
            [
                "required field missing @ $.rows[0].type",
                "required field missing @ $.rows[0].data_json",
            ],
        ),
        (
            [{**_GOOD, "fields": {"colour": {"extract": "string", "path": ["c"]}}}],
            ["unknown projection field @ $.rows[0].fields.colour"],
        ),
        (
            [{**_GOOD, "fields": {"text": {"extract": "upper", "path": ["c"]}}}],
            ["unknown extractor 'upper' @ $.rows[0].fields.text.extract"],
        ),
        (
            [{**_GOOD, "fields": {"text": "string"}}],
            ["unknown extractor None @ $.rows[0].fields.text.extract"],
        ),
        (
            [{**_GOOD, "fields": {"text": {"extract": "string", "path": "c"}}}],
            ["expected array @ $.rows[0].fields.text.path"],
        ),
        (
            [{**_GOOD, "fields": {"text": {"extract": "join", "path": ["c"]}}}],
            ["expected array @ $.rows[0].fields.text.paths"],
        ),
        ([_GOOD, _GOOD], ["second row for type 'a' @ $.rows[1].type"]),
        (["row", _GOOD, {"fields": {}, "type": "b"}], [
            "expected object @ $.rows[0]",
            "required field missing @ $.rows[2].data_json",
        ]),
    ],
    ids=[
        "not an object",
        "missing keys",
        "unknown field",
        "unknown extractor",
        "rule not an object",
        "path not an array",
        "paths not an array",
        "two rows for a type",
        "every problem at once",
    ],
)  # fmt: skip
def test_a_malformed_document_is_refused_naming_every_problem(
    rows: list[Any], problems: list[str]
) -> None:
    with pytest.raises(SpecError) as caught:
        load_projection({"rows": rows})
    assert list(caught.value.problems) == problems
    assert "spec/projection.json" in str(caught.value)


def test_a_projection_takes_keywords_only() -> None:
    """A Projection is built by naming its fields: many of them share a type."""
    with pytest.raises(TypeError):
        Projection(1, "text", {}, {}, "{}", None, None)  # type: ignore[misc]
