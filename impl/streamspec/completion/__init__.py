"""Completion judgement: did each model call really finish? (seed 002)

:func:`judge` reads evidence per model call (streamed chunks, the finish
signal, the receipt, an error) from AgentScope reply events or canonical
completion events and returns one :class:`Verdict` per call: ``completed``
only when a natural finish and the receipt are both present, ``truncated``
for a cut-like finish, ``failed`` for any error, else
``no_completion_basis``; usage is ``known`` only when it was reported. The
rules are the tables in ``spec/machines/completion.json`` and
``spec/finish_reasons.json``.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec.completion._finish_reasons import FinishClass, finish_class
    from streamspec.completion._judge import Judge, judge
    from streamspec.completion._sources import ReplyVerdicts, verdicts_for_stream
    from streamspec.completion._table import TerminalState, UsageState
    from streamspec.completion._verdict import Verdict
else:
    from streamspec._lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "streamspec.completion._finish_reasons": ("FinishClass", "finish_class"),
            "streamspec.completion._judge": ("Judge", "judge"),
            "streamspec.completion._sources": ("ReplyVerdicts", "verdicts_for_stream"),
            "streamspec.completion._table": ("TerminalState", "UsageState"),
            "streamspec.completion._verdict": ("Verdict",),
        },
    )

__all__ = [
    "FinishClass",
    "Judge",
    "ReplyVerdicts",
    "TerminalState",
    "UsageState",
    "Verdict",
    "finish_class",
    "judge",
    "verdicts_for_stream",
]
