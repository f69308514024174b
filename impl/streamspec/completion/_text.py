"""Text built from streamed chunks, with memory that follows the text.

A model call can stream a million one-character chunks; keeping each as its
own string costs about 50 bytes a character. :class:`TextParts` joins its
pending chunks every :data:`JOIN_EVERY` appends, so it holds the text plus at
most that many small strings, and the joined result is the same.
"""

from __future__ import annotations

from typing import Final

__all__ = ["JOIN_EVERY", "TextParts"]

#: Pending chunks are joined into one string once there are this many.
JOIN_EVERY: Final = 64


class TextParts:
    """Chunks of text, in order; ``bool()`` tells whether any chunk was added."""

    __slots__ = ("_joined", "_pending", "_seen")

    def __init__(self, chunks: tuple[str, ...] = ()) -> None:
        self._joined = "".join(chunks)
        self._pending: list[str] = []
        self._seen = bool(chunks)

    def __bool__(self) -> bool:
        return self._seen

    def append(self, chunk: str) -> None:
        """Add one chunk at the end."""
        self._seen = True
        pending = self._pending
        pending.append(chunk)
        if len(pending) >= JOIN_EVERY:
            self._joined += "".join(pending)
            pending.clear()

    def text(self) -> str:
        """Return every chunk, joined."""
        if self._pending:
            self._joined += "".join(self._pending)
            self._pending.clear()
        return self._joined
