"""Every input source, read into streamspec's canonical events with line numbers kept.

One module per source: AgentScope's own JSON (:mod:`._agentscope`), the
envelope v1 (:mod:`._envelope`), a3s (:mod:`._a3s`), muse (:mod:`._muse`),
and the provider streams OpenAI Chat and Responses, Anthropic Messages,
AG-UI and the Vercel AI UI message stream. :mod:`._registry` names them all;
``--from`` and ``auto`` detection read it, and :func:`read_events` reads any
of them. A provider's mapping is a table in ``spec/sources/<name>.json``,
rendered in ``docs/sources.md``.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec.sources._a3s import A3S_MAPPING, A3S_TYPES, A3sImporter, import_a3s
    from streamspec.sources._muse import read_muse
    from streamspec.sources._read import (
        CompletionOnlyError,
        is_reply_record,
        read_events,
        read_input,
        read_reply_events,
        reply_lines,
    )
    from streamspec.sources._registry import (
        ENTRIES,
        PROVIDER_SOURCES,
        SOURCES,
        ReadOptions,
        Source,
        SourceEntry,
        detect_provider,
        detect_source,
        provider,
    )
    from streamspec.sources._sse import DONE, provider_lines
else:
    from streamspec._lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "streamspec.sources._a3s": ("A3S_MAPPING", "A3S_TYPES", "A3sImporter", "import_a3s"),
            "streamspec.sources._muse": ("read_muse",),
            "streamspec.sources._read": (
                "CompletionOnlyError",
                "is_reply_record",
                "read_events",
                "read_input",
                "read_reply_events",
                "reply_lines",
            ),
            "streamspec.sources._registry": (
                "ENTRIES",
                "PROVIDER_SOURCES",
                "SOURCES",
                "ReadOptions",
                "Source",
                "SourceEntry",
                "detect_provider",
                "detect_source",
                "provider",
            ),
            "streamspec.sources._sse": ("DONE", "provider_lines"),
        },
    )

__all__ = [
    "A3S_MAPPING",
    "A3S_TYPES",
    "DONE",
    "ENTRIES",
    "PROVIDER_SOURCES",
    "SOURCES",
    "A3sImporter",
    "CompletionOnlyError",
    "ReadOptions",
    "Source",
    "SourceEntry",
    "detect_provider",
    "detect_source",
    "import_a3s",
    "is_reply_record",
    "provider",
    "provider_lines",
    "read_events",
    "read_input",
    "read_muse",
    "read_reply_events",
    "reply_lines",
]
