"""Hypothesis strategies and the stateful test, for streamspec and other implementations.

``streamspec.testing`` needs Hypothesis (the ``test`` extra); the core package
never imports it. Another Python implementation that offers ``apply(event)``,
``to_dict()`` and ``states()`` runs the same stateful test the reference
reducer runs::

    from streamspec.testing import machine_for

    TestMyReducer = machine_for(lambda strict: MyReducer(strict=strict)).TestCase
"""

from streamspec.testing._machine_for import machine_for, run_against
from streamspec.testing._oracle_codes import expected_rejection
from streamspec.testing._oracle_model import (
    Expected,
    OracleDisagreement,
    OracleModel,
    Verdict,
    valid_base64,
)
from streamspec.testing._profiles import PROFILES, load_profile, register_profiles
from streamspec.testing._stateful import (
    ALL_CHECKS,
    SWARM_RULES,
    Factory,
    Implementation,
    ReplyStateMachine,
    Resume,
    diagnostic_fields,
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
    batch_item,
    batch_items,
    entity_of,
    events_of_kind,
    filled,
    guided,
    invalid_base64_chunks,
    legal_streams,
    media_types,
    rechunked,
    text_deltas,
    unknown_events,
    urls,
    with_wrong_reply_id,
)
from streamspec.testing._strategies_runs import (
    block_runs,
    caller_options,
    result_data_deltas,
    tool_call_scenarios,
)

__all__ = [
    "ALL_CHECKS",
    "BLOCK_IDS",
    "OTHER_REPLY_ID",
    "PROFILES",
    "REPLY_ID",
    "RESULT_BLOCK_IDS",
    "RESULT_STATES",
    "SWARM_RULES",
    "TEMPLATES",
    "TOOL_CALL_IDS",
    "Expected",
    "Factory",
    "Implementation",
    "OracleDisagreement",
    "OracleModel",
    "ReplyStateMachine",
    "Resume",
    "Verdict",
    "any_events",
    "base64_chunks",
    "batch_item",
    "batch_items",
    "block_runs",
    "caller_options",
    "diagnostic_fields",
    "entity_of",
    "events_of_kind",
    "expected_rejection",
    "filled",
    "guided",
    "invalid_base64_chunks",
    "legal_streams",
    "load_profile",
    "machine_for",
    "media_types",
    "rechunked",
    "register_profiles",
    "result_data_deltas",
    "run_against",
    "text_deltas",
    "tool_call_scenarios",
    "unknown_events",
    "urls",
    "valid_base64",
    "with_wrong_reply_id",
]
