"""JSON's own words for a Python value, for messages people read."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["json_kind"]


def json_kind(value: object) -> str:
    """Name what ``value`` is in JSON's words (``null``, ``object``, ``array``…)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list | tuple):
        return "array"
    return type(value).__name__
