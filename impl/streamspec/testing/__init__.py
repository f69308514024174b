"""Hypothesis strategies and the stateful test, for streamspec and other implementations.

``streamspec.testing`` needs Hypothesis (the ``test`` extra); the core package
never imports it. Another Python implementation that offers ``apply(event)``,
``to_dict()`` and ``states()`` runs the same stateful test the reference
reducer runs::

    from streamspec.testing import machine_for

    TestMyReducer = machine_for(lambda strict: MyReducer(strict=strict)).TestCase
"""

from streamspec.testing._oracle_model import Expected, OracleModel, Verdict, valid_base64
from streamspec.testing._stateful import (
    Factory,
    Implementation,
    ReplyStateMachine,
    machine_for,
    run_against,
)
from streamspec.testing._strategies import (
    BLOCK_IDS,
    OTHER_REPLY_ID,
    REPLY_ID,
    RESULT_BLOCK_IDS,
    RESULT_STATES,
    TEMPLATES,
    TOOL_CALL_IDS,
    any_events,
    base64_chunks,
    batch_items,
    entity_of,
    events_of_kind,
    filled,
    guided,
    invalid_base64_chunks,
    legal_streams,
    rechunked,
    text_deltas,
    unknown_events,
    urls,
    with_wrong_reply_id,
)

__all__ = [
    "BLOCK_IDS",
    "OTHER_REPLY_ID",
    "REPLY_ID",
    "RESULT_BLOCK_IDS",
    "RESULT_STATES",
    "TEMPLATES",
    "TOOL_CALL_IDS",
    "Expected",
    "Factory",
    "Implementation",
    "OracleModel",
    "ReplyStateMachine",
    "Verdict",
    "any_events",
    "base64_chunks",
    "batch_items",
    "entity_of",
    "events_of_kind",
    "filled",
    "guided",
    "invalid_base64_chunks",
    "legal_streams",
    "machine_for",
    "rechunked",
    "run_against",
    "text_deltas",
    "unknown_events",
    "urls",
    "valid_base64",
    "with_wrong_reply_id",
]
