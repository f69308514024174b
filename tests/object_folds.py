"""Folding AgentScope JSON lines as ``streamspec reduce`` does, with the reader's folds or not."""

from __future__ import annotations

import io
from typing import Any

import orjson
from streamspec import Reducer
from streamspec.sources._read import read_reply_events, reply_lines


def fold_records(records: list[dict[str, Any]], *, fast: bool) -> tuple[list[Any], dict[str, Any]]:
    """What reading ``records`` (one block of lines) and folding them reports, as
    ``(line or "end", code)``, and builds; ``fast`` lets the reader fold objects and the
    reducer take its fast paths, else every event is judged in full."""
    reducer = Reducer()
    if not fast:
        reducer._fast = {}
    data = b"".join(orjson.dumps(record) + b"\n" for record in records)
    folds = reducer.object_folds() if fast else None
    reported: list[Any] = []
    for line in reply_lines(read_reply_events(io.BytesIO(data), "agentscope", folds=folds)):
        if line.problem is not None:
            reported.append((line.number, line.problem.code))
        if line.event is not None:
            reported.extend((line.number, d.code) for d in reducer.apply(line.event))
    reported.extend(("end", d.code) for d in reducer.finish())
    return reported, reducer.to_dict()
