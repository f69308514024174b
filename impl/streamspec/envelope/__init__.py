"""Envelope v1: streamspec's canonical wire form, its catalog, replay, projection and importers.

The public names live here; the modules behind them are private, one job each.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec.envelope._a3s import A3S_MAPPING, A3S_TYPES, A3sImporter, import_a3s
    from streamspec.envelope._catalog import CATALOG, CLASS_BY_TYPE, ENVELOPE_VERSION, TYPE_BY_CLASS
    from streamspec.envelope._cli import convert
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
    from streamspec.envelope._formats import (
        SOURCES,
        Source,
        detect_source,
        is_reply_record,
        read_events,
        read_input,
        reply_lines,
    )
    from streamspec.envelope._from_option import from_option
    from streamspec.envelope._projection import Projection, project
    from streamspec.envelope._replay import ReplayGuard, replay_key, replay_lines
else:
    from streamspec._lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "streamspec.envelope._a3s": ("A3S_MAPPING", "A3S_TYPES", "A3sImporter", "import_a3s"),
            "streamspec.envelope._catalog": (
                "CATALOG",
                "CLASS_BY_TYPE",
                "ENVELOPE_VERSION",
                "TYPE_BY_CLASS",
            ),
            "streamspec.envelope._cli": ("convert",),
            "streamspec.envelope._from_option": ("from_option",),
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
            "streamspec.envelope._formats": (
                "SOURCES",
                "Source",
                "detect_source",
                "is_reply_record",
                "read_events",
                "read_input",
                "reply_lines",
            ),
            "streamspec.envelope._projection": ("Projection", "project"),
            "streamspec.envelope._replay": ("ReplayGuard", "replay_key", "replay_lines"),
        },
    )

__all__ = [
    "A3S_MAPPING",
    "A3S_TYPES",
    "CATALOG",
    "CLASS_BY_TYPE",
    "ENVELOPE_VERSION",
    "SOURCES",
    "TYPE_BY_CLASS",
    "A3sImporter",
    "AnyEvent",
    "Converted",
    "Envelope",
    "Projection",
    "ReplayGuard",
    "Source",
    "TypeMismatchError",
    "UnsupportedVersionError",
    "convert",
    "convert_lines",
    "decode_envelope",
    "detect_source",
    "encode_envelope",
    "from_event",
    "from_option",
    "import_a3s",
    "is_reply_record",
    "project",
    "read_events",
    "read_input",
    "replay_key",
    "replay_lines",
    "reply_lines",
    "to_agentscope",
    "to_envelope",
    "to_event",
]
