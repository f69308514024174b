"""What every command shares at its edges: opening input, writing output, failing in one line.

Rules (every command, ``streamspec`` and each ``python -m`` entry point):

1. An input that cannot be opened or read (a missing file, a directory, a
   closed stdin, a read error) is one line on stderr,
   ``Error: cannot open NAME: REASON`` (``cannot read`` once reading began),
   and exit 2. ``NAME`` is the path as given, or ``stdin``.
2. A write to stdout that fails (a full disk, a closed stdout) is one line,
   ``Error: cannot write stdout: REASON``, and exit 2.
3. A broken pipe (the reader went away, ``| head -1``) is quiet: nothing on
   stderr, exit 1, as Python's own documentation does it (SIGPIPE is not
   re-raised, so the shell does not see 141).
4. A result that cannot be written as JSON (a value nested deeper than the
   encoder allows) is one line, ``Error: cannot write the result as JSON:
   REASON``, and exit 2; the readers keep such values out
   (:data:`~streamspec._jsonl.MAX_DEPTH`), so this is a last guard.
5. Whatever is buffered for stdout is flushed before the process exits, so
   rule 2 and 3 also hold for the last bytes.
6. Once its modules are imported, a command keeps the cyclic collector off
   the hot path of a long stream (:func:`settle_collector`).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, Any, BinaryIO, Final, NoReturn

import orjson

from streamspec import _json_exact
from streamspec._diagnostics import Diagnostic
from streamspec._errors import StreamspecError
from streamspec._json_stream import LazyArray, LazyObject, write

__all__ = [
    "COLLECT_EVERY",
    "EXIT_IO",
    "ReadError",
    "cannot_open",
    "echo_out",
    "emit",
    "fail",
    "guarded",
    "open_input",
    "open_output",
    "readable",
    "say",
    "settle_collector",
    "stdin",
    "stdout",
    "write_json",
]

#: Exit status of an input that cannot be opened or read, or an output that cannot be written.
EXIT_IO = 2
#: How many allocations a command lets pass between collections of the youngest
#: generation (Python's default is 700).
COLLECT_EVERY: Final = 10_000


def settle_collector() -> None:
    """Keep the cyclic collector off the hot path of a long stream (rule 6).

    Everything imported so far lives as long as the process, so it is frozen
    out of every collection. The youngest generation is collected every
    :data:`COLLECT_EVERY` allocations instead of 700: a fold makes few
    reference cycles, and collecting that often cost a tenth to a fifth of
    folding tool calls or text; garbage in cycles is still collected.
    """
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(COLLECT_EVERY, middle, oldest)


class ReadError(StreamspecError):
    """An input could not be read once it was open.

    Attributes:
        name: the path as given, or ``stdin``.
        reason: the system's words for what went wrong.
    """

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"cannot read {name}: {reason}")
        self.name = name
        self.reason = reason


def say(text: str) -> None:
    """One line on stderr, flushed; a stderr that is closed or cannot be written is left alone."""
    stream = sys.stderr
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.write(f"{text}\n")
        stream.flush()


def fail(message: str, status: int = EXIT_IO) -> NoReturn:
    """Print ``Error: message`` on stderr and exit with ``status``."""
    say(f"Error: {message}")
    sys.exit(status)


def cannot_open(name: str, reason: str) -> NoReturn:
    """Rule 1: ``Error: cannot open NAME: REASON``, exit 2."""
    fail(f"cannot open {name}: {reason}")


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


class _Readable:
    """A binary input whose read errors become :class:`ReadError` (rule 1)."""

    def __init__(self, stream: BinaryIO, name: str) -> None:
        self._stream = stream
        self.name = name

    def __iter__(self) -> Iterator[bytes]:
        # Not ``yield from``: closing this iterator must not close the stream.
        try:
            for line in self._stream:  # noqa: UP028
                yield line
        except OSError as error:
            raise ReadError(self.name, _reason(error)) from None

    def read(self, size: int = -1) -> bytes:
        """Read up to ``size`` bytes (all of them by default)."""
        try:
            return self._stream.read(size)
        except OSError as error:
            raise ReadError(self.name, _reason(error)) from None

    def read1(self, size: int = -1) -> bytes:
        """Read what one call of the underlying stream gives."""
        try:
            return self._stream.read1(size)  # type: ignore[attr-defined, no-any-return]
        except OSError as error:
            raise ReadError(self.name, _reason(error)) from None

    def close(self) -> None:
        """Close the underlying stream."""
        self._stream.close()


def readable(stream: BinaryIO, name: str) -> BinaryIO:
    """``stream`` with read errors reported as rule 1 says."""
    return _Readable(stream, name)  # type: ignore[return-value]


def open_input(path: str) -> BinaryIO:
    """The file at ``path`` to read in binary (``-`` is stdin), or rule 1's line."""
    if path == "-":
        return stdin()
    try:
        stream = open(path, "rb")  # noqa: SIM115 - the command owns it until exit
    except OSError as error:
        cannot_open(path, _reason(error))
    return readable(stream, path)


def open_output(path: str) -> BinaryIO:
    """The file at ``path`` to write in binary (``-`` is stdout), or rule 1's line."""
    if path == "-":
        return stdout()
    try:
        return open(path, "wb")
    except OSError as error:
        cannot_open(path, _reason(error))


def stdin() -> BinaryIO:
    """The binary stdin, or rule 1's line when it is closed."""
    stream = sys.stdin
    buffer = getattr(stream, "buffer", None) if stream is not None else None
    if buffer is None:
        cannot_open("stdin", "it is closed")
    return readable(buffer, "stdin")


def stdout() -> BinaryIO:
    """The binary stdout; a closed one is rule 2's line."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None) if stream is not None else None
    if buffer is None:
        fail("cannot write stdout: it is closed")
    return buffer  # type: ignore[no-any-return]


def echo_out(text: str) -> None:
    """Print one line on stdout (rule 2 when it fails)."""
    stdout().write(text.encode("utf-8") + b"\n")


def write_json(value: Any, out: IO[bytes] | None = None, *, indent: bool = False) -> None:
    """Write ``value`` as one JSON line to ``out`` (stdout by default); rule 4 if it cannot be.

    A lazy value (:mod:`~streamspec._json_stream`) is written piece by piece,
    compact; ``indent`` applies to plain values.
    """
    target = out if out is not None else stdout()
    try:
        if isinstance(value, LazyArray | LazyObject):
            write(value, target)
            target.write(b"\n")
        else:
            data = _json_exact.dumps(value, option=orjson.OPT_INDENT_2 if indent else None)
            target.write(data + b"\n")
    except orjson.JSONEncodeError as error:
        fail(f"cannot write the result as JSON: {error}")
    target.flush()


def emit(line: int, diagnostic: Diagnostic) -> None:
    """Print a diagnostic on stderr as ``LINE: CODE: message``."""
    say(f"{line}: {diagnostic.code}: {diagnostic.message}")


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that no later flush complains (rule 3)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test runner)
        pass


def _flush() -> None:
    stream = sys.stdout
    if stream is not None:
        stream.flush()


def guarded(run: Callable[[], Any]) -> NoReturn:
    """Run a command's ``main`` under rules 1-5 and exit with its status."""
    try:
        try:
            run()
            status: Any = 0
        except SystemExit as done:
            status = done.code
        _flush()
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(1)
    except ReadError as error:
        fail(str(error))
    except OSError as error:  # an EPIPE is always a BrokenPipeError, caught above
        if error.filename is not None:
            fail(f"cannot open {error.filename}: {_reason(error)}")
        _quiet_stdout()
        fail(f"cannot write stdout: {_reason(error)}")
    sys.exit(status)
