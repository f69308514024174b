"""``streamspec reduce``: fold one reply of a stream into its final message.

The options are parsed here; the folding is :func:`~._folding.fold_reply`'s.
"""

from __future__ import annotations

from typing import BinaryIO

import click

from streamspec._errors import UsageError
from streamspec.cli._console import stdin
from streamspec.cli._folding import fold_reply
from streamspec.cli._from_option import from_option
from streamspec.cli._inputs import InputFile

__all__ = ["reduce"]


@click.command()
@click.argument("file", type=InputFile(), required=False)
@from_option
@click.option("--strict", is_flag=True, help="Stop at the first error and exit 1.")
@click.option("--each", is_flag=True, help="Print the message after every input line.")
@click.option("--reply-id", help="The reply to fold (default: the first event's reply_id).")
@click.option("--name", help="The message name (default: REPLY_START's, else 'assistant').")
@click.option(
    "--role",
    type=click.Choice(["user", "assistant", "system"]),
    help="The message role (default: REPLY_START's, else 'assistant').",
)
@click.option("--created-at", help="The message created_at (default: the first event's).")
def reduce(
    file: BinaryIO | None,
    source: str,
    strict: bool,
    each: bool,
    reply_id: str | None,
    name: str | None,
    role: str | None,
    created_at: str | None,
) -> None:
    """Fold a reply stream (FILE, or stdin) into the final message.

    Prints AgentScope's Msg.model_dump() as one JSON object (with --each, one
    per input line). Reads AgentScope JSONL, envelopes or a3s (--from).
    """
    try:
        fold_reply(
            file if file is not None else stdin(),
            source,
            strict=strict,
            each=each,
            reply_id=reply_id,
            name=name,
            role=role,
            created_at=created_at,
        )
    except UsageError as error:
        raise click.UsageError(str(error)) from None
