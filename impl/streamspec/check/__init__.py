"""``check``'s per-reply fold and its report: every reply folded, every model call judged.

:class:`Checker` takes decoded lines one at a time; :func:`check_lines` runs it
over an input; :func:`run_check` is the command's whole job.
"""

from streamspec.check._run import (
    Checker,
    CheckReport,
    Finding,
    ReplyCheck,
    check_lines,
    run_check,
    write_json_report,
)

__all__ = [
    "CheckReport",
    "Checker",
    "Finding",
    "ReplyCheck",
    "check_lines",
    "run_check",
    "write_json_report",
]
