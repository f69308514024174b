"""Envelope v1: streamspec's canonical wire form, its catalog, replay, projection and conversion.

The public names live here; the modules behind them are private, one job each.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec.envelope._catalog import CATALOG, CLASS_BY_TYPE, ENVELOPE_VERSION, TYPE_BY_CLASS
    from streamspec.envelope._convert import Converted, convert_lines, to_agentscope, to_envelope
    from streamspec.envelope._envelope import (
        AnyEvent,
        Envelope,
        TypeMismatchError,
        UnsupportedVersionError,
        decode_envelope,
        encode_envelope,
        from_event,
        to_event,
    )
    from streamspec.envelope._projection import Projection, project
    from streamspec.envelope._replay import ReplayGuard, replay_key, replay_lines
else:
    from streamspec._lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "streamspec.envelope._catalog": (
                "CATALOG",
                "CLASS_BY_TYPE",
                "ENVELOPE_VERSION",
                "TYPE_BY_CLASS",
            ),
            "streamspec.envelope._convert": (
                "Converted",
                "convert_lines",
                "to_agentscope",
                "to_envelope",
            ),
            "streamspec.envelope._envelope": (
                "AnyEvent",
                "Envelope",
                "TypeMismatchError",
                "UnsupportedVersionError",
                "decode_envelope",
                "encode_envelope",
                "from_event",
                "to_event",
            ),
            "streamspec.envelope._projection": ("Projection", "project"),
            "streamspec.envelope._replay": ("ReplayGuard", "replay_key", "replay_lines"),
        },
    )

__all__ = [
    "CATALOG",
    "CLASS_BY_TYPE",
    "ENVELOPE_VERSION",
    "TYPE_BY_CLASS",
    "AnyEvent",
    "Converted",
    "Envelope",
    "Projection",
    "ReplayGuard",
    "TypeMismatchError",
    "UnsupportedVersionError",
    "convert_lines",
    "decode_envelope",
    "encode_envelope",
    "from_event",
    "project",
    "replay_key",
    "replay_lines",
    "to_agentscope",
    "to_envelope",
    "to_event",
]
