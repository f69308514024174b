"""``streamspec pairing``: check and repair chat histories."""

from __future__ import annotations

import click

__all__ = ["pairing"]


@click.group()
def pairing() -> None:
    """Check and repair tool-call pairing in chat histories."""
