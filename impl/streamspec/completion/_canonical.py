"""Canonical completion events as JSON: ``{"kind": "model_finish", "call": ..., ...}``.

The form vectors use to state evidence without a source format: ``kind`` is
the event's ``KIND``, the other keys its fields; a receipt without
``usage`` reported none (``ABSENT``), ``"usage": null`` reported null.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from streamspec._completion_events import COMPLETION_EVENT_CLASSES, CompletionEvent
from streamspec._errors import DecodeError
from streamspec._events import FieldProblem

__all__ = ["CANONICAL_BY_KIND", "decode_canonical"]

#: ``"model_finish" -> ModelFinishEvent`` ...
CANONICAL_BY_KIND: Final[Mapping[str, type[CompletionEvent]]] = {
    cls.KIND: cls for cls in COMPLETION_EVENT_CLASSES
}


def decode_canonical(obj: Mapping[str, Any]) -> CompletionEvent:
    """Build the completion event ``obj`` describes.

    Raises:
        DecodeError: for an unknown kind, an unknown key or a bad field.
    """
    kind = obj.get("kind")
    cls = CANONICAL_BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DecodeError("invalid completion event", [f"unknown kind {kind!r} @ $.kind"])
    names = {f.name for f in attrs.fields(cls)}
    fields = {k: v for k, v in obj.items() if k != "kind"}
    problems = [f"unknown field @ $.{k}" for k in sorted(set(fields) - names)]
    problems += [
        f"required field missing @ $.{f.name}"
        for f in attrs.fields(cls)
        if f.name not in fields and f.default is attrs.NOTHING
    ]
    if problems:
        raise DecodeError("invalid completion event", problems)
    try:
        return cls(**fields)
    except FieldProblem as problem:
        raise DecodeError("invalid completion event", [str(problem)]) from None
