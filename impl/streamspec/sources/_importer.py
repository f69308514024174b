"""The frame every provider importer shares: wire lines in, streamspec lines out.

Rules (each importer's own rules and its table in ``spec/sources/`` say what
its records mean):

1. Lines keep their input numbers. A problem line of the reader (not JSON,
   too deep, a duplicate key) passes unchanged; a blank or framing line gives
   nothing.
2. A record is dispatched on its wire type to the importer's handler; the
   events a handler makes carry the record's line number.
3. A wire type the importer does not know is kept whole as an
   :class:`~streamspec.UnknownEvent` on a line that carries an
   ``unknown_record`` warning naming the source; it changes nothing. A kept
   record is held as the envelope ``{"version": 1, "type":
   "<source>/<wire type>", "payload": record}`` (``"<source>"`` alone when the
   record has no wire type), so conversion writes it whole.
4. A record that breaks the source's own protocol (a delta for a block never
   started, an event after the terminal one) is kept whole the same way, on a
   line that carries a ``source_violation`` error whose message is in the
   source's words (``details.source``, ``details.type``); it is never folded.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar

from streamspec._diagnostics import CODE_INFO, Code, Diagnostic
from streamspec._events import UnknownEvent
from streamspec._jsonl import Line
from streamspec.sources._sse import DONE

__all__ = ["Importer"]


class Importer(abc.ABC):
    """Base of the provider importers (module rules 1-4).

    Subclasses set :attr:`SOURCE` and :attr:`TITLE`, map wire types to
    handlers in :meth:`handlers`, and may override :meth:`wire_type`,
    :meth:`on_done` and :meth:`on_close`.
    """

    #: The ``--from`` name of the source.
    SOURCE: ClassVar[str] = ""
    #: How messages name the source (``OpenAI Chat Completions``).
    TITLE: ClassVar[str] = ""

    def __init__(self) -> None:
        self.number = 0
        self._out: list[Line] = []
        self._handlers = self.handlers()

    @abc.abstractmethod
    def handlers(self) -> Mapping[str, Callable[[dict[str, Any]], None]]:
        """``wire type -> handler`` (every type the source's table lists)."""

    def wire_type(self, record: dict[str, Any]) -> str | None:
        """The wire type a record is dispatched on (its ``type``, by default)."""
        type_ = record.get("type")
        return type_ if isinstance(type_, str) else None

    def on_done(self) -> None:
        """Handle a ``[DONE]`` line (by default: it is not part of the source)."""
        self.unknown({"type": "[DONE]"}, "[DONE]")

    def on_close(self) -> None:  # noqa: B027 (a hook: most sources need no end)
        """Handle the end of input (by default nothing: what is open stays open)."""

    # ------------------------------------------------------------ output

    def emit(self, record: Any) -> None:
        """Give ``record`` on the current line."""
        self._out.append(Line(self.number, record))

    def unknown(
        self, record: Mapping[str, Any], type_: str | None, message: str | None = None
    ) -> None:
        """Keep ``record`` whole with an ``unknown_record`` warning (rule 3).

        ``message`` says what is unknown when it is not the wire type itself
        (a block type inside a known record, say).
        """
        shown = "no type" if type_ is None else f"type {type_!r}"
        self._keep(
            record,
            type_,
            Code.UNKNOWN_RECORD,
            message or f"{self.TITLE} record of unknown {shown}; kept, no effect",
        )

    def violation(self, record: Mapping[str, Any], message: str) -> None:
        """Keep ``record`` whole with a ``source_violation`` error (rule 4)."""
        self._keep(record, self.wire_type(dict(record)), Code.SOURCE_VIOLATION, message)

    def _keep(self, record: Mapping[str, Any], type_: str | None, code: Code, message: str) -> None:
        problem = Diagnostic(
            code=code.value,
            severity=CODE_INFO[code.value].severity,
            message=message,
            details={"line": self.number, "source": self.SOURCE, "type": type_},
        )
        kept = {
            "version": 1,
            "type": self.SOURCE if type_ is None else f"{self.SOURCE}/{type_}",
            "payload": dict(record),
        }
        self._out.append(Line(self.number, UnknownEvent(type=type_, raw=kept), problem))

    # ------------------------------------------------------------ input

    def feed(self, line: Line) -> list[Line]:
        """Read one provider line; return the lines it gives."""
        self.number = line.number
        record = line.record
        if record is None:
            if line.problem is not None:
                self._out.append(line)
        elif record is DONE:
            self.on_done()
        else:
            type_ = self.wire_type(record)
            handler = self._handlers.get(type_) if type_ is not None else None
            if handler is None:
                self.unknown(record, type_)
            else:
                handler(record)
        out, self._out = self._out, []
        return out

    def close(self) -> list[Line]:
        """End the input; return the lines that gives."""
        self.on_close()
        out, self._out = self._out, []
        return out

    def run(self, lines: Iterable[Line]) -> Iterator[Line]:
        """Read every provider line, then the end of input."""
        for line in lines:
            yield from self.feed(line)
        yield from self.close()
