"""AgentScope's own JSON lines read as reply events (:func:`~streamspec.decode_event`).

A line AgentScope's models would refuse is an ``unreadable_line`` problem; an
unknown ``type`` stays whole as an :class:`~streamspec.UnknownEvent`. A fold
of ``options.folds`` takes the objects of its wire type as they are read, and
they give no line (:func:`~streamspec._jsonl.read_records`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import BinaryIO

from streamspec._codec import structure_event
from streamspec._jsonl import Line, read_records
from streamspec.sources._registry import ReadOptions

__all__ = ["AgentScopeLines", "read_source"]


class AgentScopeLines(itertools.chain[Line]):
    """Lines read as AgentScope JSON: reply or unknown events and problems, no completion event.

    :func:`~streamspec.sources.reply_lines` has nothing to drop from them and
    hands them on as they are.
    """

    source = "agentscope"


def read_source(stream: BinaryIO | Iterable[bytes], options: ReadOptions) -> AgentScopeLines:
    """Read AgentScope JSON lines."""
    return AgentScopeLines(read_records(stream, structure_event, folds=options.folds))
