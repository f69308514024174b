"""What marks a JSON object as an envelope, for readers that only need to tell one apart."""

from __future__ import annotations

__all__ = ["is_envelope_record"]


def is_envelope_record(obj: object) -> bool:
    """Whether a JSON object is shaped as an envelope (it has a ``version`` key)."""
    return isinstance(obj, dict) and "version" in obj
