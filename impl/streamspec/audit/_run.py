"""An audit from start to end: :func:`run_audit`.

Rules:

1. The files a state marks finished are not read again; their summaries
   count as they were recorded.
2. Each file's findings are written (and flushed) before the file is marked
   finished, so a kill loses at most the files in flight, which the resumed
   run reads again; the findings file is first cut back to where the last
   finished file's findings end.
3. The summary is the merge of every file's, so it does not depend on the
   engine, the number of workers or where a run was stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO

from streamspec.audit._engines import Engine, Job
from streamspec.audit._file import FileAudit
from streamspec.audit._state import AuditState
from streamspec.audit._summary import Summary

__all__ = ["run_audit"]


def run_audit(
    files: Sequence[str],
    *,
    job: Job,
    engine: Engine,
    state: AuditState | None = None,
    findings: IO[bytes] | None = None,
    progress: Callable[[FileAudit], None] | None = None,
) -> Summary:
    """Audit ``files`` on ``engine`` and return the corpus's summary (rules 1 to 3).

    ``findings``, when given, receives every finding as a JSON line, in file
    order; ``progress`` is called once per file read.
    """
    done = state.done if state is not None else {}
    summary = Summary.of(done[path] for path in files if path in done)
    todo = [path for path in files if path not in done]
    if findings is not None:
        findings.seek(state.findings_end if state is not None else 0)
        findings.truncate()
    for audit in engine.run(todo, job):
        end = 0
        if findings is not None:
            findings.write(audit.findings)
            findings.flush()
            end = findings.tell()
        if state is not None:
            state.record(audit.path, audit.summary, end)
        summary = summary.merge(audit.summary)
        if progress is not None:
            progress(audit)
    return summary
