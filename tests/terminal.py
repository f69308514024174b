"""A text stream that says it is a terminal, for output drawn only on one."""

from __future__ import annotations

import io


class Terminal(io.StringIO):
    """A :class:`io.StringIO` whose ``isatty()`` is true."""

    def isatty(self) -> bool:
        return True
