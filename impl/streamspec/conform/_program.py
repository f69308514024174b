"""The client side of adapter protocol v1: run an implementation as a child process.

Theory of operation: :class:`Program` starts the command with pipes, does
the ``start`` handshake and then sends one ``run`` at a time, waiting up to
``timeout`` seconds for its one answer line. Two daemon threads per child
read its stdout into a queue and drain its stderr into a ring of its last
lines, so a chatty child never blocks and a read can time out.

Rules:

1. A failed ``start`` handshake raises :class:`ProtocolError` naming what was
   wrong: the command cannot be started, it exited, timed out, answered
   ``errored``, or gave a line that is not a valid ``ready`` for protocol 1.
2. :meth:`Program.run` never raises for a misbehaving child. An answer that
   is not JSON, not a valid ``result`` / ``skipped`` / ``errored``, or echoes
   another ``seq``; an exit (noticed within :data:`EXIT_GRACE` of it, even when
   a process it left behind holds its stdout open); a timeout: each is an
   :class:`Errored` naming it, and the child is killed. The next ``run``
   starts a new child with the same handshake (a handshake that fails then is
   that run's :class:`Errored`).
3. An ``errored`` answer with the right ``seq`` is the child's own verdict on
   the case: it keeps running.
4. A kind the child did not accept in ``ready`` is :class:`Skipped` without
   being sent.
5. :meth:`Program.close` sends ``stop``, waits briefly, kills what is left and
   reaps it; it is idempotent.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from types import TracebackType
from typing import IO, Any, Final

import attrs

from streamspec._errors import StreamspecError, UsageError
from streamspec.conform import _protocol as msg

__all__ = [
    "START_TIMEOUT",
    "Answer",
    "Errored",
    "Program",
    "ProtocolError",
    "Ready",
    "Result",
    "Skipped",
]

#: Seconds a program may take to start and answer ``start``, whatever the case timeout.
START_TIMEOUT: Final = 30.0

#: How many lines of the child's stderr are kept for error reports.
STDERR_LINES: Final = 20
#: How long ``close`` waits for the child to exit after ``stop``.
CLOSE_GRACE: Final = 2.0
#: How long an answer is still waited for once the child exited (a process it left
#: behind may hold its stdout open, so the pipe's end never comes).
EXIT_GRACE: Final = 1.0
#: How often a wait for an answer looks whether the child exited.
_POLL: Final = 0.05
_EOF: Final = b""
_POSIX: Final = sys.platform != "win32"


@attrs.frozen
class Ready:
    """The child's ``ready`` answer: who it is and what it supports (of what was offered)."""

    implementation: Mapping[str, str]
    kinds: tuple[str, ...]
    checks: tuple[str, ...]


@attrs.frozen
class Result:
    """The child's ``output`` for a case."""

    output: Mapping[str, Any]


@attrs.frozen
class Skipped:
    """The child (or the runner, for a kind it did not accept) skipped the case."""

    reason: str


@attrs.frozen
class Errored:
    """The case failed: the child said so, or misbehaved (the message says which)."""

    message: str
    stderr_tail: str = ""


Answer = Result | Skipped | Errored


class ProtocolError(StreamspecError):
    """The ``start`` handshake failed.

    Attributes:
        reason: what was wrong.
        command: the command line, as a list of arguments.
        stderr_tail: the child's last stderr lines, if any.
    """

    def __init__(self, reason: str, *, command: Sequence[str], stderr_tail: str = "") -> None:
        self.reason = reason
        self.command = tuple(command)
        self.stderr_tail = stderr_tail
        text = f"{shlex.join(self.command)}: {reason}"
        if stderr_tail:
            text += f"\nlast stderr lines:\n{stderr_tail}"
        super().__init__(text)


class _Failure(Exception):
    """Internal: the child misbehaved; ``str`` is what happened."""


class _Child:
    """One running child process, its reader threads and what they collected."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str] | None) -> None:
        self.process = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=None if env is None else {**os.environ, **env},
            start_new_session=_POSIX,
        )
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self.lines: queue.Queue[bytes] = queue.Queue()
        #: A request could not be written: the child had stopped reading.
        self.unread = False
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self.threads = (
            threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True),
            threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True),
        )
        for thread in self.threads:
            thread.start()

    def _read(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                self.lines.put(line)
        self.lines.put(_EOF)

    def _drain(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                self.stderr.append(line.decode("utf-8", "replace").rstrip("\r\n"))

    def send(self, message: Mapping[str, Any]) -> None:
        """Write ``message``; a child that stopped reading fails here, unless it closed its
        stdout too, when what it wrote first is still read (a refusal it printed, then left)."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(msg.encode(message))
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self.threads[0].join(timeout=1.0)
            if self.threads[0].is_alive():
                raise _Failure(self._gone("before reading its request", "stdin")) from None
            self.unread = True

    def receive(self, timeout: float, waiting_for: str) -> dict[str, Any]:
        """Return the next answer line as a JSON object, or raise :class:`_Failure`.

        A child that exited is waited for only :data:`EXIT_GRACE` seconds more
        (what it wrote before it exited is still read), even when a process it
        left behind holds its stdout open.
        """
        line = self._next_line(timeout)
        if line is None:
            status = self.process.poll()
            if status is not None:
                raise _Failure(f"exited with status {status} before answering {waiting_for}")
            raise _Failure(f"timeout after {timeout:g} s")
        if line == _EOF:
            when = (
                "before reading its request" if self.unread else f"before answering {waiting_for}"
            )
            raise _Failure(self._gone(when))
        try:
            return msg.decode(line)
        except msg.MessageError as error:
            shown = line.decode("utf-8", "replace").rstrip("\r\n")
            if len(shown) > 200:
                shown = shown[:200] + "..."
            raise _Failure(
                f"unreadable answer line {shown!r}: {'; '.join(error.problems)}"
            ) from None

    def _next_line(self, timeout: float) -> bytes | None:
        """The next stdout line within ``timeout`` seconds, ``None`` when none came: either
        time ran out, or the child exited and nothing came within :data:`EXIT_GRACE`."""
        deadline = time.monotonic() + timeout
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            if exited_at is None and self.process.poll() is not None:
                exited_at = now
            end = deadline if exited_at is None else min(deadline, exited_at + EXIT_GRACE)
            if now >= end:
                return None
            with contextlib.suppress(queue.Empty):
                return self.lines.get(timeout=min(end - now, _POLL))

    def _gone(self, when: str, closed: str = "stdout") -> str:
        try:
            status = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return f"closed its {closed} {when}"
        return f"exited with status {status} {when}"

    def stderr_tail(self) -> str:
        if self.process.poll() is not None:
            self.threads[1].join(timeout=1.0)
        return "\n".join(self.stderr)

    def kill(self) -> None:
        """Kill the child (its whole process group on POSIX), reap it, close its pipes."""
        if self.process.poll() is None:
            if _POSIX:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(self.process.pid, signal.SIGKILL)
            self.process.kill()
        self.process.wait()
        for thread in self.threads:
            thread.join(timeout=1.0)
        streams = (self.process.stdin, self.process.stdout, self.process.stderr)
        # A reader blocked on a pipe holds its lock: close only what is no longer read.
        busy = (False, self.threads[0].is_alive(), self.threads[1].is_alive())
        for stream, reading in zip(streams, busy, strict=True):
            if stream is not None and not reading:
                with contextlib.suppress(OSError, ValueError):
                    stream.close()

    def stop(self, grace: float) -> None:
        """Send ``stop``, close stdin, wait up to ``grace`` seconds, then kill."""
        with contextlib.suppress(_Failure):
            self.send(msg.stop())
        if self.process.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                self.process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=grace)
        self.kill()


class Program:
    """An implementation under test, run as a child process speaking protocol v1.

    Use as a context manager, or call :meth:`close`::

        with Program("node adapter.js", timeout=10) as program:
            ready = program.start(["reduce"], ["message"])
            answer = program.run("reduce", case)
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        timeout: float = 30.0,
        start_timeout: float | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Prepare to run ``command`` (a shell-style line split with ``shlex``, or argv).

        Args:
            command: the implementation's command.
            timeout: seconds to wait for each answer.
            start_timeout: seconds to wait for ``ready``; by default the
                longer of ``timeout`` and :data:`START_TIMEOUT` (start-up is
                not an answer to a case).
            env: variables added to this process's environment for the child.
        """
        self.argv: tuple[str, ...] = tuple(
            shlex.split(command) if isinstance(command, str) else command
        )
        if not self.argv:
            raise UsageError("the implementation's command is empty")
        self.timeout = timeout
        self.start_timeout = max(timeout, START_TIMEOUT) if start_timeout is None else start_timeout
        self.env = env
        self.restarts = 0
        self._child: _Child | None = None
        self._offer: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        self._ready: Ready | None = None
        self._seq = 0

    def __enter__(self) -> Program:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def ready(self) -> Ready | None:
        """The last ``ready`` answer, or ``None`` before :meth:`start`."""
        return self._ready

    @property
    def pid(self) -> int | None:
        """The running child's process id, or ``None`` when none runs."""
        return None if self._child is None else self._child.process.pid

    def start(self, kinds: Collection[str], checks: Collection[str]) -> Ready:
        """Start the child and do the handshake, offering ``kinds`` and ``checks``.

        Raises:
            ProtocolError: the handshake failed (the message names what was wrong).
        """
        self._offer = (tuple(kinds), tuple(checks))
        self._ready = self._handshake()
        return self._ready

    def _handshake(self) -> Ready:
        assert self._offer is not None
        kinds, checks = self._offer
        self._discard()
        try:
            child = _Child(self.argv, self.env)
        except OSError as error:
            raise ProtocolError(
                f"cannot start {self.argv[0]!r}: {error.strerror or error}", command=self.argv
            ) from None
        self._child = child
        try:
            child.send(msg.start(kinds, checks))
            answer = child.receive(self.start_timeout, "start")
        except _Failure as failure:
            tail = child.stderr_tail()
            self._discard()
            raise ProtocolError(str(failure), command=self.argv, stderr_tail=tail) from None
        problems = msg.message_problems(answer, types=("ready", "errored"))
        reason = None
        if problems:
            reason = "invalid answer to start: " + "; ".join(problems)
        elif answer["type"] == "errored":
            reason = f"refused start: {answer['message']}"
        if reason is not None:
            tail = child.stderr_tail()
            self._discard()
            raise ProtocolError(reason, command=self.argv, stderr_tail=tail)
        return Ready(
            implementation=dict(answer["implementation"]),
            kinds=tuple(k for k in kinds if k in answer["kinds"]),
            checks=tuple(c for c in checks if c in answer["checks"]),
        )

    def run(self, kind: str, case: Mapping[str, Any], *, after_each: bool = False) -> Answer:
        """Send one case and return the child's answer (never raises for a misbehaving child).

        Raises:
            UsageError: :meth:`start` was never called, or the program is closed.
        """
        if self._ready is None:  # set only by a handshake, which needs the offer
            raise UsageError("Program.run called before a successful start")
        if kind not in self._ready.kinds:
            return Skipped(f"the implementation did not accept kind {kind!r}")
        if self._child is None:
            self.restarts += 1
            try:
                self._ready = self._handshake()
            except ProtocolError as error:
                return Errored(f"restart failed: {error.reason}", error.stderr_tail)
        child = self._child
        assert child is not None
        self._seq += 1
        seq = self._seq
        try:
            child.send(msg.run(seq, kind, case, after_each=after_each))
            answer = child.receive(self.timeout, f"run {seq}")
            return self._answer(answer, seq)
        except _Failure as failure:
            tail = child.stderr_tail()
            self._discard()
            return Errored(str(failure), tail)

    def _answer(self, answer: dict[str, Any], seq: int) -> Answer:
        problems = msg.message_problems(answer, types=("result", "skipped", "errored"))
        if problems:
            raise _Failure("invalid answer: " + "; ".join(problems))
        if answer.get("seq") != seq:
            raise _Failure(f"answer seq {answer.get('seq')!r}, expected {seq}")
        if answer["type"] == "result":
            return Result(answer["output"])
        if answer["type"] == "skipped":
            return Skipped(answer["reason"])
        assert self._child is not None
        return Errored(answer["message"], self._child.stderr_tail())

    def stderr_tail(self) -> str:
        """The running child's last stderr lines (``""`` when none runs)."""
        return "" if self._child is None else self._child.stderr_tail()

    def _discard(self) -> None:
        if self._child is not None:
            child, self._child = self._child, None
            child.kill()

    def close(self) -> None:
        """Send ``stop``, wait briefly, kill what is left; safe to call twice."""
        if self._child is not None:
            child, self._child = self._child, None
            child.stop(CLOSE_GRACE)
        self._ready = None
