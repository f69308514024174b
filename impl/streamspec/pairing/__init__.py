"""Outbound tool pairing: shape chat histories so upstreams accept them.

Seed 003's three steps (:func:`merge_adjacent_tool_calls`,
:func:`repack_tool_result_blocks`, :func:`cleanup_orphan_tool_calls`,
:func:`prepare_body`) keep the seed's semantics exactly. :func:`repair` is the
position-aware, lossless pipeline; :func:`check_history` lists what a given
upstream (a :class:`Dialect`) would reject, with the upstream's own error text.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from streamspec.pairing._check import check_history
    from streamspec.pairing._dialects import (
        Dialect,
        Fix,
        Orphans,
        Rule,
        RuleFamily,
        dialect_tokens,
        get_dialect,
    )
    from streamspec.pairing._messages import summarize
    from streamspec.pairing._repair import BRIDGE_MARK, PLACEHOLDER_MARK, repair
    from streamspec.pairing._report import Action, ActionKind, PairingViolation, RepairReport
    from streamspec.pairing._seed import (
        cleanup_orphan_tool_calls,
        merge_adjacent_tool_calls,
        prepare_body,
        repack_tool_result_blocks,
    )
else:
    from streamspec._lazy import lazy_exports

    __getattr__, __dir__ = lazy_exports(
        __name__,
        {
            "streamspec.pairing._check": ("check_history",),
            "streamspec.pairing._dialects": (
                "Dialect",
                "Fix",
                "Orphans",
                "Rule",
                "RuleFamily",
                "dialect_tokens",
                "get_dialect",
            ),
            "streamspec.pairing._messages": ("summarize",),
            "streamspec.pairing._repair": ("BRIDGE_MARK", "PLACEHOLDER_MARK", "repair"),
            "streamspec.pairing._report": (
                "Action",
                "ActionKind",
                "PairingViolation",
                "RepairReport",
            ),
            "streamspec.pairing._seed": (
                "cleanup_orphan_tool_calls",
                "merge_adjacent_tool_calls",
                "prepare_body",
                "repack_tool_result_blocks",
            ),
        },
    )

__all__ = [
    "BRIDGE_MARK",
    "PLACEHOLDER_MARK",
    "Action",
    "ActionKind",
    "Dialect",
    "Fix",
    "Orphans",
    "PairingViolation",
    "RepairReport",
    "Rule",
    "RuleFamily",
    "check_history",
    "cleanup_orphan_tool_calls",
    "dialect_tokens",
    "get_dialect",
    "merge_adjacent_tool_calls",
    "prepare_body",
    "repack_tool_result_blocks",
    "repair",
    "summarize",
]
