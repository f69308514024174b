"""Where the files of an audit are read: in this process, a local process pool, or Dask.

Rules:

1. An engine takes the corpus's files and yields one
   :class:`~streamspec.audit.FileAudit` per file, **in the files' order**,
   whatever order the workers finish in; so the findings an audit writes
   come in one order on any engine.
2. A file is the unit of work. At most :data:`WINDOW_PER_WORKER` files per
   worker are in flight, so memory follows the workers, not the corpus.
3. ``local`` with one job reads in this process; with more, a process pool
   of that many workers, started from a clean server process (never forked
   from a process with threads) and leaving Ctrl-C to the parent. ``dask``
   sends the same function to the workers of an existing cluster
   (``distributed.Client(address)``); its modules are imported only then
   (``pip install "streamspec[dask]"``).
"""

from __future__ import annotations

import collections
import functools
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final, Protocol

import attrs

from streamspec._errors import UsageError
from streamspec.audit._file import FileAudit, audit_file

__all__ = ["WINDOW_PER_WORKER", "DaskEngine", "Engine", "LocalEngine", "default_jobs"]

#: Files in flight per worker.
WINDOW_PER_WORKER: Final = 4


@attrs.frozen(kw_only=True)
class Job:
    """How every file is read: its source and the group-by paths."""

    source: str = "auto"
    group_by: tuple[str, ...] = ()

    def task(self) -> Callable[[str], FileAudit]:
        """The function a worker runs on one path."""
        return functools.partial(audit_file, source=self.source, group_by=self.group_by)


class Engine(Protocol):
    """Reads files and yields their audits in the files' order (rule 1)."""

    workers: int

    def run(self, files: Sequence[str], job: Job) -> Iterator[FileAudit]:  # pragma: no cover
        """Audit ``files``."""
        ...


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _in_order(
    futures: Iterator[Any], window: int, result: Callable[[Any], FileAudit]
) -> Iterator[FileAudit]:
    pending: collections.deque[Any] = collections.deque()
    for future in futures:
        pending.append(future)
        if len(pending) >= window:
            yield result(pending.popleft())
    while pending:
        yield result(pending.popleft())


@attrs.define
class LocalEngine:
    """This process (one job) or a pool of ``workers`` processes."""

    workers: int = 1

    def run(self, files: Sequence[str], job: Job) -> Iterator[FileAudit]:
        """Audit ``files`` here, or on the pool (rules 1 and 2)."""
        task = job.task()
        if self.workers <= 1:
            yield from map(task, files)
            return
        with ProcessPoolExecutor(
            max_workers=self.workers, mp_context=_context(), initializer=_ignore_interrupts
        ) as pool:
            submitted = (pool.submit(task, path) for path in files)
            window = WINDOW_PER_WORKER * self.workers
            result: Callable[[Future[FileAudit]], FileAudit] = Future.result
            yield from _in_order(submitted, window, result)


@attrs.define
class DaskEngine:
    """The workers of a running Dask cluster (rule 3); ``connect_timeout`` in seconds."""

    address: str
    connect_timeout: float = 10.0
    workers: int = attrs.field(init=False, default=0)
    _client: Any = attrs.field(init=False, default=None)

    def run(self, files: Sequence[str], job: Job) -> Iterator[FileAudit]:
        """Audit ``files`` on the cluster, one task per file (rules 1 and 2)."""
        client = self._connect()
        try:
            self.workers = max(1, len(client.scheduler_info().get("workers", {})))
            task = job.task()
            submitted = (client.submit(task, path, pure=False) for path in files)
            yield from _in_order(submitted, WINDOW_PER_WORKER * self.workers, _dask_result)
        finally:
            client.close()

    def _connect(self) -> Any:
        try:
            from distributed import Client  # noqa: PLC0415 - an optional extra
        except ImportError:
            raise UsageError(
                'the dask engine needs distributed: pip install "streamspec[dask]"',
                path="engine",
            ) from None
        try:
            return Client(self.address, timeout=self.connect_timeout)  # type: ignore[no-untyped-call]
        except OSError as error:
            raise UsageError(
                f"cannot reach the Dask scheduler at {self.address}: {error}", path="scheduler"
            ) from None


def _context() -> multiprocessing.context.BaseContext:
    """Workers started from a clean server process (``forkserver``), never forked from a
    process whose threads (a progress bar's) might hold a lock; ``spawn`` where there is none."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool (no worker traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dask_result(future: Any) -> FileAudit:
    audit: FileAudit = future.result()
    future.release()
    return audit
