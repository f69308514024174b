"""The JSON Schema (2020-12) of the dumped message, ``spec/schema/message.schema.json``.

Rules:

1. The schema describes :meth:`Reducer.to_dict` (AgentScope's ``Msg.model_dump()``
   in the 2.0.3 shape): one ``$defs`` entry per content block kind, each
   beside the ``dump()`` method in :mod:`streamspec.reply._content` it describes.
   What a dump builds itself is closed (``additionalProperties: false``);
   what it copies from an event as given (a hint list, an external result's
   output, ``suggested_rules``, ``error``) has the shape the codec accepted
   (:mod:`streamspec._shapes`, AgentScope 2.0.11's own models, unknown keys
   allowed).
2. The enums come from the tables: a tool call's ``state`` is one of the
   ``wire`` values of ``spec/machines/tool.json``'s ``tool_call`` states; a
   tool result's ``state`` is its ``running`` wire value or a value a
   ``tool_result_end`` row's guard accepts.
3. ``python -m streamspec.reply._message_schema [--check]`` writes (or checks) the file.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from streamspec._generated import dump_json, run_generator
from streamspec._machines import MACHINES
from streamspec._resources import spec_dir
from streamspec._shapes import (
    BLOCKS_OR_TEXT,
    ERROR_INFO,
    PERMISSION_RULE,
    REPLY_FINISHED_REASONS,
    ROLES,
    TOOL_RESULT_BLOCK,
)

__all__ = ["message_schema", "result_states", "tool_call_states"]

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
#: Canonical padded base64 (RFC 4648 section 4, zero pad bits; spec/README.md section 6):
#: what a data block's bytes encode to, and what a valid chunk is.
BASE64_PATTERN: Final = (
    r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$"
)


def _unique(values: Sequence[Any]) -> list[Any]:
    return list(dict.fromkeys(values))


def tool_call_states() -> list[str]:
    """Every ``state`` a dumped tool call can hold: the ``tool_call`` machine's wire values."""
    return _unique([s.wire for s in MACHINES["tool_call"].states if s.wire is not None])


def result_states() -> list[str]:
    """Every ``state`` a dumped tool result can hold.

    A streamed result is ``running`` (its state's wire value) until its end
    event's ``state``, which a ``tool_result_end`` row's guard accepted.
    """
    spec = MACHINES["tool_result"]
    wires = [s.wire for s in spec.states if s.wire is not None]
    ends = [
        row.guard.equals
        for row in spec.rows
        if row.event == "tool_result_end" and row.guard is not None
    ]
    return _unique([*wires, *ends])


def _closed(description: str, properties: dict[str, Any], *optional: str) -> dict[str, Any]:
    """An object with exactly ``properties``, all required but ``optional``."""
    return {
        "description": description,
        "type": "object",
        "required": [name for name in properties if name not in optional],
        "properties": properties,
        "additionalProperties": False,
    }


def _kind(name: str) -> dict[str, Any]:
    return {"const": name}


_STRING: Final = {"type": "string"}
_NULLABLE_STRING: Final = {"type": ["string", "null"]}


# ----------------------------------------------------------- the content blocks


def text_block() -> dict[str, Any]:
    """``TextBlock.dump`` of a text block."""
    return _closed(
        "A text block: its deltas joined, or the end event's `text` that replaced them.",
        {"type": _kind("text"), "id": _STRING, "text": _STRING},
    )


def thinking_block() -> dict[str, Any]:
    """``TextBlock.dump`` of a thinking block."""
    return _closed(
        "A thinking block: its deltas joined.",
        {"type": _kind("thinking"), "id": _STRING, "thinking": _STRING},
    )


def base64_source() -> dict[str, Any]:
    """``DataBlock.dump``'s base64 source: the block's bytes, encoded canonically."""
    return _closed(
        "The bytes of every base64 chunk, decoded, joined and encoded again (padded).",
        {
            "type": _kind("base64"),
            "data": {"type": "string", "pattern": BASE64_PATTERN},
            "media_type": _STRING,
        },
    )


def url_source() -> dict[str, Any]:
    """``DataBlock.dump``'s URL source, which replaced the base64 one."""
    return _closed(
        "A URL that replaced the source; `media_type` is the URL delta's.",
        {"type": _kind("url"), "url": _STRING, "media_type": _STRING},
    )


def data_block() -> dict[str, Any]:
    """``DataBlock.dump``."""
    return _closed(
        "A data block: base64 bytes, or a URL.",
        {
            "type": _kind("data"),
            "id": _STRING,
            "source": {
                "oneOf": [{"$ref": "#/$defs/base64_source"}, {"$ref": "#/$defs/url_source"}]
            },
            "name": _NULLABLE_STRING,
        },
    )


def hint_block() -> dict[str, Any]:
    """``HintBlock.dump``: the hint as the event gave it."""
    return _closed(
        "A hint block, complete on arrival; `hint` is copied from the event.",
        {
            "type": _kind("hint"),
            "id": _STRING,
            "hint": {"$ref": "#/$defs/given_blocks"},
            "source": _NULLABLE_STRING,
        },
    )


def tool_call_block() -> dict[str, Any]:
    """``ToolCall.dump``; ``state`` is the wire value of the call's machine state."""
    return _closed(
        "A tool call: its raw JSON input as streamed, its wire state, the suggested rules "
        "a confirmation request carried.",
        {
            "type": _kind("tool_call"),
            "id": _STRING,
            "name": _STRING,
            "input": _STRING,
            "state": {"enum": tool_call_states()},
            "suggested_rules": {"type": "array", "items": PERMISSION_RULE.schema()},
        },
    )


def result_text() -> dict[str, Any]:
    """``ResultText.dump``: a text sub-block of a tool result's output."""
    return _closed(
        "A text sub-block of a streamed result: `<tool call id>#text-<n>`.",
        {"type": _kind("text"), "id": _STRING, "text": _STRING},
    )


def result_base64_source() -> dict[str, Any]:
    """``ResultData.dump``'s base64 source: a lone first chunk is kept verbatim."""
    return _closed(
        "One chunk verbatim (not necessarily valid base64), or same-id chunks merged and "
        "encoded again.",
        {"type": _kind("base64"), "data": _STRING, "media_type": _STRING},
    )


def result_data() -> dict[str, Any]:
    """``ResultData.dump``: a data sub-block of a tool result's output."""
    return _closed(
        "A data sub-block; without a `block_id` its id is `<tool call id>#data-<n>`.",
        {
            "type": _kind("data"),
            "id": _STRING,
            "source": {
                "oneOf": [
                    {"$ref": "#/$defs/result_base64_source"},
                    {"$ref": "#/$defs/url_source"},
                ]
            },
            "name": {"type": "null"},
        },
    )


def tool_result_block() -> dict[str, Any]:
    """``ToolResult.dump``: a streamed result."""
    sub_blocks = {"oneOf": [{"$ref": "#/$defs/result_text"}, {"$ref": "#/$defs/result_data"}]}
    return _closed(
        "A streamed tool result: `running` with its sub-blocks so far, then its end's state.",
        {
            "type": _kind("tool_result"),
            "id": _STRING,
            "name": _STRING,
            "output": {"type": "array", "items": sub_blocks},
            "state": {"enum": result_states()},
            "metadata": {"type": "object"},
        },
    )


def external_result_block() -> dict[str, Any]:
    """``ExternalResult.dump``: an external executor's result, its fields as given."""
    given = TOOL_RESULT_BLOCK.fields
    return _closed(
        "A tool result an external executor gave whole: `output` as given (a string, or "
        "text and data blocks as AgentScope's models accept them); `state` defaults to "
        "`running`, `metadata` to {}.",
        {
            "type": _kind("tool_result"),
            "id": _STRING,
            "name": given["name"].schema(),
            "output": {"$ref": "#/$defs/given_blocks"},
            "state": given["state"].schema(),
            "metadata": given["metadata"].schema(),
        },
    )


def given_blocks() -> dict[str, Any]:
    """A hint's or an external result's content, as the codec accepted it."""
    return {
        "description": "A string, or text and data blocks as AgentScope 2.0.11's models accept "
        "them (`type` and `id` may be missing, unknown keys are kept), copied as given.",
        **BLOCKS_OR_TEXT.schema(),
    }


# ------------------------------------------------------------------ the message


def usage() -> dict[str, Any]:
    """``Message.to_dict``'s ``usage``: summed token counts, cache counts once reported."""
    count = {"type": "integer"}
    return _closed(
        "Token counts summed over every MODEL_CALL_END; a cache count appears once a "
        "report carried it.",
        {
            "input_tokens": count,
            "output_tokens": count,
            "cache_input_tokens": count,
            "cache_creation_input_tokens": count,
        },
        "cache_input_tokens",
        "cache_creation_input_tokens",
    )


#: ``$defs`` name -> its definition, content blocks first.
BLOCKS: Final = {
    "text": text_block,
    "thinking": thinking_block,
    "data": data_block,
    "hint": hint_block,
    "tool_call": tool_call_block,
    "tool_result": tool_result_block,
    "tool_result_external": external_result_block,
}
_PARTS: Final = {
    "base64_source": base64_source,
    "url_source": url_source,
    "result_text": result_text,
    "result_data": result_data,
    "result_base64_source": result_base64_source,
    "given_blocks": given_blocks,
    "usage": usage,
}


def message_schema() -> dict[str, Any]:
    """Return the JSON Schema of one dumped message."""
    content = {"anyOf": [{"$ref": f"#/$defs/{name}"} for name in BLOCKS]}
    message = _closed(
        "Reducer.to_dict(): AgentScope's Msg.model_dump() in the 2.0.3 shape. `name` and "
        "`role` are `assistant` unless the caller or REPLY_START gave them; `id` is null "
        "until a reply id is known; `finished_reason` and `error` appear once REPLY_END "
        "carried them.",
        {
            "name": _STRING,
            "role": ROLES.schema(),
            "id": _NULLABLE_STRING,
            "metadata": {"type": "object"},
            "created_at": _NULLABLE_STRING,
            "finished_at": _NULLABLE_STRING,
            "content": {"type": "array", "items": content},
            "usage": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/usage"}]},
            "finished_reason": REPLY_FINISHED_REASONS.schema(),
            "error": {"anyOf": [{"type": "null"}, ERROR_INFO.schema()]},
        },
        "finished_reason",
        "error",
    )
    return {
        "$schema": _DRAFT,
        "$id": "message.schema.json",
        "$comment": "Generated by `python -m streamspec.reply._message_schema`; do not edit.",
        "title": "streamspec dumped message",
        **message,
        "$defs": {name: build() for name, build in {**BLOCKS, **_PARTS}.items()},
    }


def _files() -> dict[Path, str]:
    return {spec_dir() / "schema" / "message.schema.json": dump_json(message_schema())}


def main(argv: Sequence[str] | None = None) -> int:
    """Write the schema, or with ``--check`` name it when stale and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
