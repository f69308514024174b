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

from streamspec.completion._finish_reasons import FinishClass, finish_class
from streamspec.completion._judge import Judge, judge
from streamspec.completion._muse import read_muse
from streamspec.completion._sources import ReplyVerdicts, verdicts_for_stream
from streamspec.completion._table import TerminalState, UsageState
from streamspec.completion._verdict import Verdict

__all__ = [
    "FinishClass",
    "Judge",
    "ReplyVerdicts",
    "TerminalState",
    "UsageState",
    "Verdict",
    "finish_class",
    "judge",
    "read_muse",
    "verdicts_for_stream",
]
