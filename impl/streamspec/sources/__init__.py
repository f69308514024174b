"""Provider streams in: OpenAI Chat and Responses, Anthropic Messages, AG-UI, Vercel AI UI.

Each source's importer turns its wire records (SSE ``data:`` lines or JSON
lines) into streamspec reply events and completion events; its mapping is a
table in ``spec/sources/<name>.json``, rendered in ``docs/sources.md``.
"""

from __future__ import annotations

from streamspec.sources._registry import (
    PROVIDER_SOURCES,
    ProviderSource,
    detect_provider,
    import_provider,
    provider,
)
from streamspec.sources._sse import DONE, provider_lines

__all__ = [
    "DONE",
    "PROVIDER_SOURCES",
    "ProviderSource",
    "detect_provider",
    "import_provider",
    "provider",
    "provider_lines",
]
