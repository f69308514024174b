"""Coverage of the tables by the shipped vectors: fresh, measured right, and complete."""

from __future__ import annotations

import json
from collections import Counter

from streamspec._coverage import (
    Coverage,
    all_machines,
    main,
    measure,
    measure_judge,
    measure_reduce,
    report,
    row_label,
    summary,
)
from streamspec._machines import MACHINES
from streamspec._resources import load_spec_json, spec_dir

REPORT = json.loads((spec_dir() / "vectors" / "coverage.json").read_text())
REDUCE_MACHINES = set(MACHINES)
#: Codes only vectors of another kind can produce, and that kind.
OTHER_KINDS = {
    "unsupported_version": "envelope",
    "duplicate_sequence": "envelope",
    "sequence_gap": "envelope",
    "sequence_regression": "envelope",
    "opaque_event": "envelope",
    "unknown_record": "envelope",
    "no_known_types": "envelope",
    "uncorrelated_external_task": "envelope",
    "not_expressible": "envelope",
    "usage_mismatch": "envelope",
    "source_violation": "envelope",
    "unreadable_line": "reader",
    "duplicate_key": "envelope",
    "byte_order_mark": "envelope",
}


def _ev(type_: str, **fields: object) -> dict[str, object]:
    return {"type": type_, "reply_id": "r1", **fields}


def _hits(coverage: Coverage) -> Counter[str]:
    return Counter({f"{m}: {row_label(row)}": n for (m, row), n in coverage.rows.items()})


def test_coverage_is_fresh() -> None:
    """Measuring the shipped vectors again gives spec/vectors/coverage.json exactly."""
    assert main(["--check"]) == 0


def test_every_row_fires_somewhere() -> None:
    """Every row of every machine table fires in some shipped vector (the message names the missing)."""
    missing = [
        f"{row} ({'reduce' if row.split(':')[0] in REDUCE_MACHINES else 'judge'} vectors)"
        for row in REPORT["rows"]["missing"]
    ]
    assert not missing, "no vector fires: " + "; ".join(missing)


def test_every_action_runs_somewhere() -> None:
    """Every action a table row names runs in some shipped vector."""
    assert REPORT["actions"]["missing"] == []
    assert REPORT["actions"]["total"] == len(
        {row.action for spec in all_machines().values() for row in spec.rows if row.action}
    )


def test_every_violation_code_appears_somewhere() -> None:
    """Every code of spec/violations.json is expected by some shipped vector of some kind."""
    missing = [f"{c} ({OTHER_KINDS.get(c, 'reduce')} vectors)" for c in REPORT["codes"]["missing"]]
    assert not missing, "no vector expects: " + "; ".join(missing)


def test_every_reducer_code_comes_from_reduce_vectors() -> None:
    """Each code that is not another kind's is produced by replaying reduce vectors."""
    codes = [v["code"] for v in load_spec_json("violations.json")["violations"]]
    mine = [c for c in codes if c not in OTHER_KINDS]
    assert [c for c in mine if c not in REPORT["codes"]["by_kind"]["reduce"]] == []


def test_report_totals_match_the_tables() -> None:
    """The report counts every row of every machine and every code of the violations table."""
    machines = all_machines()
    assert REPORT["rows"]["total"] == sum(len(spec.rows) for spec in machines.values())
    assert set(REPORT["machines"]) == set(machines)
    assert REPORT["codes"]["total"] == len(load_spec_json("violations.json")["violations"])
    assert REPORT["vectors"]["reduce"]["must"] >= 1000


def test_a_tiny_reduce_corpus_gives_exactly_its_rows() -> None:
    """Start, three deltas, end and a late delta fire exactly their rows, each delta counted."""
    vector = {
        "options": {"reply_id": "r1"},
        "events": [
            _ev("TEXT_BLOCK_START", block_id="b"),
            *[_ev("TEXT_BLOCK_DELTA", block_id="b", delta="x")] * 3,
            _ev("TEXT_BLOCK_END", block_id="b"),
            _ev("TEXT_BLOCK_DELTA", block_id="b", delta="late"),
        ],
    }
    coverage = measure_reduce([vector])
    assert _hits(coverage) == Counter(
        {
            "reply: open --content--> open": 5,
            "block: absent --start--> open": 1,
            "block: open --delta--> open": 3,
            "block: open --end--> closed": 1,
        }
    )
    assert coverage.rejections == Counter({("block", "closed", "delta"): 1})
    assert coverage.codes == {"reduce": {"delta_after_end", "missing_reply_end"}}


def test_guarded_rows_and_batch_items_count_one_by_one() -> None:
    """A confirmation batch fires one row per item, each with the guard its item meets."""
    call = {"type": "tool_call", "id": "a", "name": "f", "input": "{}"}
    other = {**call, "id": "b"}
    vector = {
        "options": {"reply_id": "r1"},
        "events": [
            _ev("TOOL_CALL_START", tool_call_id="a", tool_call_name="f"),
            _ev("TOOL_CALL_END", tool_call_id="a"),
            _ev("TOOL_CALL_START", tool_call_id="b", tool_call_name="f"),
            _ev("TOOL_CALL_END", tool_call_id="b"),
            _ev("REQUIRE_USER_CONFIRM", tool_calls=[call, other]),
            _ev(
                "USER_CONFIRM_RESULT",
                confirm_results=[
                    {"confirmed": True, "tool_call": call},
                    {"confirmed": False, "tool_call": other},
                ],
            ),
            _ev("REPLY_END", session_id="s"),
        ],
    }
    hits = _hits(measure_reduce([vector]))
    assert hits["tool_call: ready --require_user_confirm--> asking"] == 2
    assert hits["tool_call: asking --user_confirm_result [confirmed == True]--> allowed"] == 1
    assert hits["tool_call: asking --user_confirm_result [confirmed == False]--> denied"] == 1
    assert hits["reply: open --content--> open"] == 6
    assert hits["reply: open --reply_end--> ended"] == 1


def test_an_unreadable_object_and_a_strict_stop_count_their_codes() -> None:
    """An object that does not decode counts as unreadable_line; a strict fold counts what it raised."""
    bad = {"options": {"reply_id": "r1"}, "events": [_ev("TEXT_BLOCK_DELTA", block_id="b")]}
    strict = {
        "options": {"reply_id": "r1", "strict": True},
        "events": [_ev("TEXT_BLOCK_END", block_id="b"), _ev("TEXT_BLOCK_START", block_id="b")],
    }
    coverage = measure_reduce([bad, strict])
    assert coverage.codes == {"reduce": {"unreadable_line", "missing_reply_end", "unknown_block"}}
    assert coverage.rejections == Counter({("block", "absent", "end"): 1})
    assert _hits(coverage) == Counter()


def test_a_tiny_judge_corpus_gives_exactly_its_rows() -> None:
    """A natural finish then its receipt fire the finish, receipt and completed-verdict rows."""
    case = {
        "from": "canonical",
        "input": [
            {"kind": "model_finish", "call": "1", "reason": "stop", "vocabulary": "muse"},
            {"kind": "model_receipt", "call": "1", "text": ["x"]},
        ],
        "problems": [{"line": 3, "code": "unknown_record"}],
    }
    coverage = measure_judge([case])
    assert _hits(coverage) == Counter(
        {
            "finish_signal: none --finish [class == 'natural']--> natural": 1,
            "receipt: none --receipt--> received": 1,
            "verdict: undecided --basis_complete--> completed": 1,
        }
    )
    assert coverage.codes == {"judge": {"unknown_record"}}


def test_measure_reads_every_kind_and_level(tmp_path) -> None:
    """measure counts vectors per kind and level from .json and .jsonl files and reads their codes."""
    reduce_dir = tmp_path / "reduce" / "may"
    reduce_dir.mkdir(parents=True)
    line = {"name": "n", "options": {"reply_id": "r1"}, "events": [_ev("USER_INTERRUPT")]}
    (reduce_dir / "a.jsonl").write_text(json.dumps(line) + "\n" + json.dumps(line) + "\n")
    envelope_dir = tmp_path / "envelope" / "should"
    envelope_dir.mkdir(parents=True)
    problem = {"code": "sequence_gap", "details": {}}
    read = {
        "kind": "read",
        "expected": {"lines": [{"line": 1, "envelope": None, "problem": problem}]},
    }
    (envelope_dir / "b.json").write_text(json.dumps(read))
    pairing_dir = tmp_path / "pairing" / "must"
    pairing_dir.mkdir(parents=True)
    case = {"expected": {"violations": [{"index": 1, "rule": "split_calls"}]}}
    (pairing_dir / "c.json").write_text(json.dumps({"cases": [case]}))
    coverage = measure(tmp_path)
    assert coverage.vectors["reduce"] == Counter({"may": 2})
    assert coverage.vectors["envelope"] == Counter({"should": 1})
    assert coverage.vectors["pairing"] == Counter({"must": 1})
    assert coverage.codes["envelope"] == {"sequence_gap"}
    assert coverage.codes["reduce"] == {"missing_reply_end"}
    assert coverage.pairing_rules == {"split_calls"}
    figures = report(coverage)
    assert figures["rows"]["covered"] == 1
    assert "reply: open --user_interrupt--> open" not in figures["rows"]["missing"]


def test_the_summary_lists_whatever_is_not_yet_exercised() -> None:
    """A row, an action or a code no vector reaches is listed by name under its own heading;
    with nothing missing the heading is left out."""
    figures = json.loads((spec_dir() / "vectors" / "coverage.json").read_text(encoding="utf-8"))
    assert "Not yet exercised:" not in summary(figures)
    figures["rows"]["missing"] = ["block: open --delta--> open"]
    figures["codes"]["missing"] = ["after_reply_end"]
    text = summary(figures)
    assert text.endswith(
        "(coverage.json).\n\nNot yet exercised:\n\n"
        "- `block: open --delta--> open`\n- `after_reply_end`\n"
    )
