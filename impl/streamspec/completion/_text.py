"""Text built from streamed chunks, in time and memory that follow the text.

A model call can stream a million one-character chunks; keeping each as its
own string costs about 50 bytes a character, and appending each to one
growing string copies the whole text again and again. :class:`TextParts`
joins its pending chunks into one piece every :data:`JOIN_EVERY` appends and
joins the pieces only when the text is asked for, so it holds the text plus a
string per :data:`JOIN_EVERY` chunks, each chunk is copied a bounded number
of times, and the joined result is the same.
"""

from __future__ import annotations

from typing import Final

__all__ = ["JOIN_EVERY", "TextParts"]

#: Pending chunks are joined into one piece once there are this many.
JOIN_EVERY: Final = 64


class TextParts:
    """Chunks of text, in order; ``bool()`` tells whether any chunk was added.

    A hot caller may append to :attr:`pending` itself, calling :meth:`piece`
    once it holds :data:`JOIN_EVERY` chunks, as :meth:`append` does.
    """

    __slots__ = ("_pieces", "_seen", "pending")

    def __init__(self, chunks: tuple[str, ...] = ()) -> None:
        self._pieces: list[str] = ["".join(chunks)] if chunks else []
        #: The newest chunks, not yet joined into a piece.
        self.pending: list[str] = []
        #: Whether a chunk went into a piece (a piece may be empty).
        self._seen = bool(chunks)

    def __bool__(self) -> bool:
        return self._seen or bool(self.pending)

    def append(self, chunk: str) -> None:
        """Add one chunk at the end."""
        pending = self.pending
        pending.append(chunk)
        if len(pending) >= JOIN_EVERY:
            self.piece()

    def text(self) -> str:
        """Return every chunk, joined."""
        if self.pending:
            self.piece()
        pieces = self._pieces
        if len(pieces) > 1:
            pieces[:] = ["".join(pieces)]
        return pieces[0] if pieces else ""

    def piece(self) -> None:
        """Join the pending chunks into one piece."""
        self._pieces.append("".join(self.pending))
        self.pending.clear()
        self._seen = True
