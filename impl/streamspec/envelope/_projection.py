"""The SDK projection of an envelope: a3s's ``AgentEventProjectionV1`` as data.

Rules:

1. The canonical fields (``version``, ``event_type``, ``payload``,
   ``metadata``) are copied losslessly; ``payload_json`` and
   ``metadata_json`` are their compact JSON text with sorted keys.
2. The convenience fields (``text``, ``tool_id``, ``tool_name`` …) are a
   function of ``(type, payload)`` alone, read from the row of
   ``spec/projection.json`` for the type with the extractor the row names. A
   value of the wrong JSON type gives ``None``, never an error.
3. ``data_json`` is the payload's JSON text when the row says the convenience
   fields do not carry the whole payload, and always for a type with no row:
   an unknown future type keeps its payload (the reason the seed exists).
4. No type is special-cased in code; the rows are the seed's match arms,
   verbatim for the a3s types, plus rows for streamspec's own types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs
import orjson

from streamspec import _json_exact
from streamspec._errors import SpecError
from streamspec._events import ABSENT, _json_name
from streamspec._resources import load_spec_json
from streamspec.envelope._catalog import ENVELOPE_VERSION
from streamspec.envelope._envelope import Envelope

__all__ = ["PROJECTION_FIELDS", "Projection", "ProjectionRow", "load_projection", "project"]

#: The convenience fields, in the seed's order.
PROJECTION_FIELDS: Final = (
    "text",
    "tool_name",
    "tool_id",
    "tool_output",
    "exit_code",
    "turn",
    "prompt",
    "error",
    "total_tokens",
    "verification_summary_json",
    "verification_summary_text",
    "error_kind_json",
)

_I32: Final = (-(2**31), 2**31 - 1)


@attrs.frozen(kw_only=True)
class Projection:
    """An envelope as SDKs show it; every convenience field is ``None`` when not derived."""

    version: int
    event_type: str
    payload: Any
    metadata: Any
    payload_json: str
    metadata_json: str | None
    data_json: str | None
    text: str | None = None
    tool_name: str | None = None
    tool_id: str | None = None
    tool_output: str | None = None
    exit_code: int | None = None
    turn: int | None = None
    prompt: str | None = None
    error: str | None = None
    total_tokens: int | None = None
    verification_summary_json: str | None = None
    verification_summary_text: str | None = None
    error_kind_json: str | None = None


def _json(value: Any) -> str:
    return _json_exact.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


_MISSING: Final = object()


def _at(payload: Any, path: Sequence[str]) -> Any:
    node = payload
    for step in path:
        if not isinstance(node, dict) or step not in node:
            return _MISSING
        node = node[step]
    return node


def _string(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _usize(value: Any) -> int | None:
    return value if _json_name(value) == "integer" and value >= 0 else None


def _i32(value: Any) -> int | None:
    return value if _json_name(value) == "integer" and _I32[0] <= value <= _I32[1] else None


def _whole_json(value: Any) -> str | None:
    return None if value is _MISSING else _json(value)


def _json_non_null(value: Any) -> str | None:
    return None if value is _MISSING or value is None else _json(value)


def _summary_text(value: Any) -> str | None:
    if not isinstance(value, dict):
        return None
    parts = (f"{k}: {v if isinstance(v, str) else _json(v)}" for k, v in sorted(value.items()))
    return "; ".join(parts)


def _success_exit_code(value: Any) -> int | None:
    return (0 if value else 1) if isinstance(value, bool) else None


_ONE_PATH: Final[Mapping[str, Callable[[Any], Any]]] = {
    "string": _string,
    "usize": _usize,
    "i32": _i32,
    "json": _whole_json,
    "json_non_null": _json_non_null,
    "summary_text": _summary_text,
    "success_exit_code": _success_exit_code,
}


def _join(values: list[Any], separator: str) -> str | None:
    return separator.join(values) if all(isinstance(v, str) for v in values) else None


def _sum(values: list[Any], _separator: str) -> int | None:
    return sum(values) if all(_json_name(v) == "integer" for v in values) else None


_MANY_PATHS: Final[Mapping[str, Callable[[list[Any], str], Any]]] = {"join": _join, "sum": _sum}


@attrs.frozen(kw_only=True)
class ProjectionRow:
    """One row of ``spec/projection.json``: how one type fills the convenience fields."""

    type: str
    source: str
    data_json: bool
    fields: Mapping[str, Mapping[str, Any]]

    def derive(self, payload: Any) -> dict[str, Any]:
        """Return ``{field: value}`` for this row's fields (``None`` where absent)."""
        out: dict[str, Any] = {}
        for name, rule in self.fields.items():
            extract = rule["extract"]
            if extract in _ONE_PATH:
                out[name] = _ONE_PATH[extract](_at(payload, rule["path"]))
            else:
                values = [_at(payload, path) for path in rule["paths"]]
                out[name] = _MANY_PATHS[extract](values, rule.get("separator", ""))
        return out


def _row_problems(index: int, row: Any) -> list[str]:
    where = f"$.rows[{index}]"
    if not isinstance(row, dict):
        return [f"expected object @ {where}"]
    found = [
        f"required field missing @ {where}.{k}"
        for k in ("type", "data_json", "fields")
        if k not in row
    ]
    for name, rule in (row.get("fields") or {}).items():
        here = f"{where}.fields.{name}"
        if name not in PROJECTION_FIELDS:
            found.append(f"unknown projection field @ {here}")
        extract = rule.get("extract") if isinstance(rule, dict) else None
        if extract not in _ONE_PATH and extract not in _MANY_PATHS:
            found.append(f"unknown extractor {extract!r} @ {here}.extract")
        elif extract in _ONE_PATH and not isinstance(rule.get("path"), list):
            found.append(f"expected array @ {here}.path")
        elif extract in _MANY_PATHS and not isinstance(rule.get("paths"), list):
            found.append(f"expected array @ {here}.paths")
    return found


def load_projection(document: Any) -> Mapping[str, ProjectionRow]:
    """Parse a projection document into ``{type: row}``.

    Raises:
        SpecError: every problem, each with its JSON path; a type with two
            rows is one.
    """
    problems: list[str] = []
    rows: dict[str, ProjectionRow] = {}
    for index, row in enumerate(document.get("rows", []) if isinstance(document, dict) else []):
        found = _row_problems(index, row)
        if not found and row["type"] in rows:
            found.append(f"second row for type {row['type']!r} @ $.rows[{index}].type")
        problems.extend(found)
        if not found:
            rows[row["type"]] = ProjectionRow(
                type=row["type"],
                source=row.get("source", ""),
                data_json=bool(row["data_json"]),
                fields=row["fields"],
            )
    if problems:
        raise SpecError("spec/projection.json", problems)
    return rows


#: ``type -> row`` from ``spec/projection.json``.
ROWS: Final = load_projection(load_spec_json("projection.json"))


def project(envelope: Envelope) -> Projection:
    """Project one envelope (the seed's ``From<EventEnvelopeV1>``)."""
    payload_json = _json(envelope.payload)
    metadata = None if envelope.metadata is ABSENT else envelope.metadata
    row = ROWS.get(envelope.type)
    derived = row.derive(envelope.payload) if row is not None else {}
    keep_data = row is None or row.data_json
    return Projection(
        version=ENVELOPE_VERSION,
        event_type=envelope.type,
        payload=envelope.payload,
        metadata=metadata,
        payload_json=payload_json,
        metadata_json=_json(metadata) if metadata is not None else None,
        data_json=payload_json if keep_data else None,
        **derived,
    )
