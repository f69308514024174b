"""What ``check_history`` and ``repair`` hand back: violations and a report.

A :class:`PairingViolation` names one message (by position), the rule it
breaks and the upstream's own error text. A :class:`RepairReport` lists every
action ``repair`` took, each with the input position it touched, so nothing is
lost silently: dropped and absorbed messages and dropped calls travel in the
report whole. ``origins`` maps each output message back to its input position
(``None`` for a message ``repair`` made: a placeholder or a bridge turn).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from streamspec.pairing._dialects import Rule

__all__ = ["Action", "ActionKind", "PairingViolation", "RepairReport"]


@attrs.frozen(kw_only=True)
class PairingViolation:
    """One message that an upstream would reject.

    Attributes:
        index: the message's position in the history checked.
        rule: the rule it breaks.
        message: the upstream's own error text for it.
    """

    index: int
    rule: Rule
    message: str

    def to_dict(self) -> dict[str, Any]:
        """Return ``{index, rule, message}`` as plain JSON values."""
        return {"index": self.index, "rule": self.rule.value, "message": self.message}


class ActionKind(enum.Enum):
    """What ``repair`` did to a message."""

    RENAME = "rename"
    MERGE = "merge"
    MOVE = "move"
    DROP_CALL = "drop_call"
    DROP_MESSAGE = "drop_message"
    PLACEHOLDER = "placeholder"
    BRIDGE = "bridge"


@attrs.frozen(kw_only=True)
class Action:
    """One step ``repair`` took.

    Attributes:
        kind: what was done.
        reason: why, in the rule vocabulary (``split_calls``, ``orphan_call`` ...).
        index: the input position of the message acted on (``None`` for a
            message ``repair`` made).
        output_index: where the message acted on ends up, if it survives.
        into: for a merge, the input position of the message that absorbed it;
            for a placeholder, the input position of the call it answers.
        id: the call id concerned, if any.
        new_id: for a rename, the new id.
        value: what was removed (a dropped or absorbed message, a dropped call).
    """

    kind: ActionKind
    reason: str
    index: int | None = None
    output_index: int | None = None
    into: int | None = None
    id: str | None = None
    new_id: str | None = None
    value: Any = None

    def to_dict(self) -> dict[str, Any]:
        """Return the action as plain JSON values, leaving out empty fields."""
        out: dict[str, Any] = {"action": self.kind.value, "reason": self.reason}
        for name in ("index", "output_index", "into", "id", "new_id"):
            field = getattr(self, name)
            if field is not None:
                out[name] = field
        if self.kind in (ActionKind.MERGE, ActionKind.DROP_CALL, ActionKind.DROP_MESSAGE):
            out["value"] = self.value
        return out


@attrs.frozen(kw_only=True)
class RepairReport:
    """Everything ``repair`` did, and what it left alone.

    Attributes:
        dialect: the dialect token repaired for.
        orphans: the orphan policy used (``drop`` or ``placeholder``).
        fixes: the opt-in fixes enabled.
        actions: every action, in pipeline order.
        origins: per output message, its input position (``None`` if made).
        unrepaired: the violations the output still has, positioned in the
            output (rules outside the pairing family that no enabled fix
            covers, a missing ``reasoning_content``, empty ids).
    """

    dialect: str
    orphans: str
    fixes: tuple[str, ...]
    actions: tuple[Action, ...]
    origins: tuple[int | None, ...]
    unrepaired: tuple[PairingViolation, ...]

    @property
    def changed(self) -> bool:
        """Whether ``repair`` changed anything."""
        return bool(self.actions)

    def to_dict(self) -> dict[str, Any]:
        """Return the report as plain JSON values."""
        return {
            "dialect": self.dialect,
            "orphans": self.orphans,
            "fixes": list(self.fixes),
            "changed": self.changed,
            "actions": [a.to_dict() for a in self.actions],
            "origins": list(self.origins),
            "unrepaired": [v.to_dict() for v in self.unrepaired],
        }
