"""One-call entry points over the reducer."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from streamspec._diagnostics import Diagnostic
from streamspec._events import AgentEvent
from streamspec.reply._reducer import Reducer

__all__ = ["Reduction", "reduce"]


@attrs.frozen(kw_only=True)
class Reduction:
    """The result of :func:`reduce`: the message and every diagnostic."""

    message: dict[str, Any]
    diagnostics: tuple[Diagnostic, ...]


def reduce(
    events: Iterable[AgentEvent],
    *,
    reply_id: str | None = None,
    name: str | None = None,
    role: str | None = None,
    created_at: str | None = None,
    strict: bool = False,
) -> Reduction:
    """Fold a whole stream and report what it found, end-of-input warnings included.

    Raises:
        ProtocolError: in strict mode, for the first error.
        UsageError: an option has the wrong type (``path`` names it), ``events``
            is not an iterable, or one of its items is not an event (``path``:
            ``events[3]``; decode JSON objects first with
            :func:`~streamspec.decode_event`).
    """
    reducer = Reducer(reply_id=reply_id, name=name, role=role, created_at=created_at, strict=strict)
    reducer.apply_all(events)
    reducer.finish()
    return Reduction(message=reducer.to_dict(), diagnostics=reducer.diagnostics)
