"""A whole corpus of recorded traces, checked and judged: ``streamspec audit``.

Every file is read on its own (:func:`audit_file`: checked as ``check``
checks it, or judged when its source has model calls only) and gives a
:class:`Summary`; summaries merge, in any grouping and order, into the
corpus's. Engines read the files in this process, on a local process pool
or on a Dask cluster (:class:`LocalEngine`, :class:`DaskEngine`);
:class:`AuditState` lets a stopped audit resume; :func:`html_report` draws the
report.
"""

from streamspec.audit._corpus import DEFAULT_PATTERNS, corpus_files
from streamspec.audit._engines import DaskEngine, Engine, Job, LocalEngine, default_jobs
from streamspec.audit._file import FileAudit, audit_file, open_corpus_file
from streamspec.audit._html import html_report
from streamspec.audit._run import run_audit
from streamspec.audit._state import AuditState
from streamspec.audit._summary import EMPTY, Counts, Summary

__all__ = [
    "DEFAULT_PATTERNS",
    "EMPTY",
    "AuditState",
    "Counts",
    "DaskEngine",
    "Engine",
    "FileAudit",
    "Job",
    "LocalEngine",
    "Summary",
    "audit_file",
    "corpus_files",
    "default_jobs",
    "html_report",
    "open_corpus_file",
    "run_audit",
]
