"""The resume state of an audit: which files are finished, and what they gave.

Rules:

1. ``DIR/audit.json`` names the audit (format, version, source, group-by
   paths, whether findings are written). An audit resumed with other
   settings is a :class:`~streamspec.UsageError`: its counts would not add up.
2. ``DIR/done.jsonl`` has one line per finished file, appended once the
   file's findings are written and flushed: its path, its summary, and the
   size of the findings file just after them (``findings_end``).
3. On resume, the finished files are skipped and their summaries merged; a
   last line cut short by a kill is dropped (that file is read again), and
   the findings file is cut back to the last ``findings_end``, so nothing is
   counted or written twice.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Final

import orjson

from streamspec import _json_exact
from streamspec._errors import UsageError
from streamspec.audit._summary import Summary

__all__ = ["STATE_FORMAT", "AuditState"]

STATE_FORMAT: Final = "streamspec.audit-state"
_VERSION: Final = 1


class AuditState:
    """The state directory of one audit (rules 1 to 3)."""

    def __init__(self, directory: str, settings: dict[str, Any]) -> None:
        self.directory = Path(directory)
        self.settings = {"format": STATE_FORMAT, "version": _VERSION, **settings}
        self.done: dict[str, Summary] = {}
        self.findings_end = 0
        self._log: IO[bytes] | None = None

    def open(self) -> None:
        """Create the directory, or read what an earlier run finished (rules 1 and 3).

        Raises:
            UsageError: the directory holds another audit's state, or cannot be used.
        """
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            header = self.directory / "audit.json"
            if header.exists():
                self._check_settings(header)
                self._read_done()
            else:
                header.write_bytes(_json_exact.dumps(self.settings, option=orjson.OPT_SORT_KEYS))
            self._log = (self.directory / "done.jsonl").open("ab")
        except OSError as error:
            raise UsageError(
                f"cannot use the state directory {str(self.directory)!r}: "
                f"{error.strerror or error}",
                path="state",
            ) from None

    def _check_settings(self, header: Path) -> None:
        try:
            found = orjson.loads(header.read_bytes())
        except orjson.JSONDecodeError:
            found = None
        if found != self.settings:
            raise UsageError(
                f"{str(self.directory)!r} holds the state of another audit "
                f"({_describe(found)}); this one is {_describe(self.settings)}: "
                "use another --state directory or remove it",
                path="state",
            )

    def _read_done(self) -> None:
        path = self.directory / "done.jsonl"
        if not path.exists():
            return
        good = 0
        with path.open("rb") as log:
            for raw in _lines(log):
                try:
                    record = _json_exact.loads(raw)
                    summary = Summary.from_dict(record["summary"])
                    end = int(record["findings_end"])
                    file = str(record["path"])
                except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
                    break
                self.done[file] = summary
                self.findings_end = end
                good += len(raw)
        os.truncate(path, good)

    def record(self, path: str, summary: Summary, findings_end: int) -> None:
        """Note ``path`` as finished (rule 2)."""
        assert self._log is not None, "open() first"
        line = {"path": path, "summary": summary.to_dict(), "findings_end": findings_end}
        self._log.write(_json_exact.dumps(line) + b"\n")
        self._log.flush()
        self.done[path] = summary

    def close(self) -> None:
        """Close the log of finished files."""
        if self._log is not None:
            self._log.close()
            self._log = None


def _lines(stream: IO[bytes]) -> Iterator[bytes]:
    for raw in stream:
        if not raw.endswith(b"\n"):
            return
        yield raw


def _describe(settings: Any) -> str:
    if not isinstance(settings, dict):
        return "unreadable settings"
    return ", ".join(f"{k} {settings.get(k)!r}" for k in ("source", "group_by", "findings"))
