"""The oracle model's message agrees with the reducer's on an externally executed call."""

from __future__ import annotations

from streamspec import Reducer, decode_event
from streamspec.testing import OracleModel

R = {"reply_id": "r1"}
CALL = {"type": "tool_call", "id": "t0", "name": "f", "input": "{}"}
STREAM = [
    {"type": "REPLY_START", "session_id": "s", "reply_id": "r1", "name": "a"},
    {"type": "TOOL_CALL_START", **R, "tool_call_id": "t0", "tool_call_name": "f"},
    {"type": "TOOL_CALL_END", **R, "tool_call_id": "t0"},
    {"type": "REQUIRE_EXTERNAL_EXECUTION", **R, "tool_calls": [CALL]},
    {
        "type": "EXTERNAL_EXECUTION_RESULT",
        **R,
        "execution_results": [
            {"type": "tool_result", "id": "t0", "name": "f", "output": "done", "state": "success"}
        ],
    },
]


def test_an_external_result_is_in_the_oracle_s_message_as_in_the_reducer_s() -> None:
    """The result an EXTERNAL_EXECUTION_RESULT carries is a tool_result block on both sides."""
    model, reducer = OracleModel(), Reducer()
    for obj in STREAM:
        event = decode_event(obj)
        model.commit(event, model.judge(event))
        reducer.apply(event)
    content = model.to_dict()["content"]
    assert content == reducer.to_dict()["content"]
    assert [(b["type"], b["id"]) for b in content] == [("tool_call", "t0"), ("tool_result", "t0")]
    assert (content[1]["state"], content[1]["output"]) == ("success", "done")


def test_a_bad_data_chunk_is_indexed_by_the_chunks_its_block_accepted_before_it() -> None:
    """spec/actions.json: ``chunk_index`` counts the chunks the block accepted before it, so a
    bad first chunk is 0 and a bad chunk after one good one is 1, for the oracle and the reducer."""
    chunk = {"type": "DATA_BLOCK_DELTA", **R, "block_id": "b", "media_type": "image/png"}
    stream = [
        STREAM[0],
        {"type": "DATA_BLOCK_START", **R, "block_id": "b", "media_type": "image/png"},
        {**chunk, "data": "a==="},
        {**chunk, "data": "aGk="},
        {**chunk, "data": "a==="},
    ]
    model, reducer = OracleModel(), Reducer()
    predicted, found = [], []
    for obj in stream:
        event = decode_event(obj)
        verdict = model.judge(event)
        model.commit(event, verdict)
        predicted += [d.fields(0)["details"] for d in verdict.diagnostics]
        found += [d.details for d in reducer.apply(event)]
    assert predicted == found == [{"chunk_index": 0}, {"chunk_index": 1}]


def test_a_chunk_naming_a_repeated_id_merges_into_the_first_sub_block_with_it() -> None:
    """spec/README.md: a sub-block without ``block_id`` is ``<call>#data-<n>``; when that repeats a
    given id, a later chunk naming it merges into the first sub-block with the id (as AgentScope
    merges into the first same-id sub-block it finds), for the oracle and the reducer."""
    chunk = {"type": "TOOL_RESULT_DATA_DELTA", **R, "tool_call_id": "t0", "media_type": "x/y"}
    stream = [
        STREAM[0],
        STREAM[1],
        STREAM[2],
        {"type": "TOOL_RESULT_START", **R, "tool_call_id": "t0", "tool_call_name": "f"},
        {**chunk, "block_id": "t0#data-1", "data": "YQ=="},
        {**chunk, "data": "Yg=="},
        {**chunk, "block_id": "t0#data-1", "data": "Yw=="},
    ]
    model, reducer = OracleModel(), Reducer()
    for obj in stream:
        event = decode_event(obj)
        model.commit(event, model.judge(event))
        reducer.apply(event)
    expected = [("t0#data-1", "YWM="), ("t0#data-1", "Yg==")]
    for content in (model.to_dict()["content"], reducer.to_dict()["content"]):
        output = content[1]["output"]
        assert [(sub["id"], sub["source"]["data"]) for sub in output] == expected
