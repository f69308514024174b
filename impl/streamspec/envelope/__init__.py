"""Envelope v1: streamspec's canonical wire form, its catalog, replay, projection and importers.

The public names live here; the modules behind them are private, one job each.
"""

from streamspec.envelope._a3s import A3S_MAPPING, A3S_TYPES, A3sImporter, import_a3s
from streamspec.envelope._catalog import CATALOG, CLASS_BY_TYPE, ENVELOPE_VERSION, TYPE_BY_CLASS
from streamspec.envelope._cli import convert, from_option
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
from streamspec.envelope._projection import Projection, project
from streamspec.envelope._replay import ReplayGuard, replay_key, replay_lines

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
