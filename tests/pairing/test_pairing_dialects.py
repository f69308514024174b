"""The dialect data loads, is validated with paths, and the generated doc table is fresh."""

from __future__ import annotations

import copy

import pytest
from streamspec import SpecError, UsageError, _docs
from streamspec._resources import load_spec_json
from streamspec.pairing import Rule, dialect_tokens, get_dialect
from streamspec.pairing._dialects import DIALECTS_FILE, load_dialects
from streamspec.pairing._docs import SECTIONS, render_table


def test_the_six_issue_dialects_are_bundled():
    """The bundled data defines exactly the six tokens the issue names."""
    assert set(dialect_tokens()) == {
        "openai",
        "deepseek-strict",
        "kimi",
        "mistral",
        "gemini",
        "anthropic",
    }


def test_deepseek_strict_is_openai_plus_split_and_duplicate_rules():
    """deepseek-strict checks openai's rules plus split calls and duplicate ids."""
    openai = get_dialect("openai").rules
    strict = get_dialect("deepseek-strict").rules
    assert strict - openai == {Rule.SPLIT_CALLS, Rule.DUPLICATE_ID}
    assert openai <= strict


def test_unknown_dialect_is_a_usage_error_naming_the_known_ones():
    """An unknown token raises UsageError whose message names it and the known tokens."""
    with pytest.raises(UsageError) as info:
        get_dialect("claude")
    assert "'claude'" in str(info.value)
    assert "openai" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_dialect_object_is_returned_as_is():
    """Passing a Dialect instead of a token returns the same object."""
    dialect = get_dialect("gemini")
    assert get_dialect(dialect) is dialect


def test_a_broken_dialect_file_reports_every_problem_with_its_path():
    """Several defects are reported at once, each with its JSON path, and nothing half-loads."""
    document = copy.deepcopy(load_spec_json(DIALECTS_FILE))
    document["dialects"]["openai"]["adjacency"] = "sometimes"
    document["dialects"]["kimi"]["errors"]["missing_result"] = "bad {placeholder}"
    del document["dialects"]["mistral"]["errors"]["role_after_tool"]
    document["dialects"]["gemini"]["errors"]["split_calls"] = "not checked here"
    with pytest.raises(SpecError) as info:
        load_dialects(document)
    problems = info.value.problems
    assert (
        "'sometimes' is not one of results_follow_call, next_message_only"
        " @ $.dialects.openai.adjacency" in problems
    )
    assert "unknown placeholder {placeholder} @ $.dialects.kimi.errors.missing_result" in problems
    assert "no error text for checked rule role_after_tool @ $.dialects.mistral.errors" in problems
    assert (
        "error text for a rule the dialect does not check @ $.dialects.gemini.errors.split_calls"
        in problems
    )
    assert len(problems) == 4
    assert get_dialect("openai").adjacency.value == "results_follow_call"


def test_a_missing_rule_description_is_reported():
    """Leaving a rule out of $.rules is a spec error at that path."""
    document = copy.deepcopy(load_spec_json(DIALECTS_FILE))
    del document["rules"]["empty_id"]
    with pytest.raises(SpecError) as info:
        load_dialects(document)
    assert info.value.problems == ("rule empty_id is not described @ $.rules",)


def test_every_dialect_renders_each_of_its_rules():
    """Each dialect has an error text for every rule it checks and for no other."""
    for token in dialect_tokens():
        dialect = get_dialect(token)
        assert set(dialect.errors) == set(dialect.rules)
        for rule in dialect.rules:
            assert dialect.message(
                rule, index=3, ids="a, b", id="a", role="user", prev_role="tool", turn=1, block=0
            )


def test_the_doc_table_is_fresh():
    """The dialect table is a registered generated section and docs/pairing.md is fresh."""
    sections = _docs.all_sections()
    assert sections["pairing-dialects"].home == "docs/pairing.md"
    assert SECTIONS["pairing-dialects"] is render_table
    assert _docs.main(["--check"]) == 0


def test_the_table_lists_every_dialect():
    """The rendered table names every dialect token."""
    table = render_table()
    for token in ("openai", "deepseek-strict", "kimi", "mistral", "gemini", "anthropic"):
        assert token in table


def _broken(change):
    document = copy.deepcopy(load_spec_json(DIALECTS_FILE))
    change(document)
    return document


#: One break of the bundled dialects and the one problem the loader must name, written out.
_ONE_PROBLEM = [
    (lambda d: d.update(version=2), "version must be 1 @ $.version"),
    (lambda d: d.update(rules=[]), "must be an object @ $.rules"),
    (lambda d: d.update(dialects={}), "must be a non-empty object @ $.dialects"),
    (
        lambda d: d["rules"]["empty_id"].update(summary=None),
        "must be a string @ $.rules.empty_id.summary",
    ),
    (lambda d: d["dialects"].update(kimi=[]), "must be an object @ $.dialects.kimi"),
    (
        lambda d: d["dialects"]["kimi"].update(title=1),
        "must be a string @ $.dialects.kimi.title",
    ),
    (
        lambda d: d["dialects"]["kimi"].update(sources="x"),
        "must be a list of strings @ $.dialects.kimi.sources",
    ),
    (
        lambda d: d["dialects"]["kimi"].update(errors=[]),
        "must be an object @ $.dialects.kimi.errors",
    ),
    (
        lambda d: d["dialects"]["kimi"]["errors"].update(missing_result=3),
        "error text must be a string @ $.dialects.kimi.errors.missing_result",
    ),
    (
        lambda d: d["dialects"]["kimi"]["errors"].update(missing_result="no {call_id"),
        "bad template (expected '}' before end of string) @ $.dialects.kimi.errors.missing_result",
    ),
    (
        lambda d: d["dialects"]["kimi"].update(split_calls_allowed="yes"),
        "must be true or false @ $.dialects.kimi.split_calls_allowed",
    ),
]


@pytest.mark.parametrize(("change", "problem"), _ONE_PROBLEM)
def test_each_broken_dialect_field_gets_its_own_words(change, problem):
    """Each check of the dialect loader names its problem in its own words, at its path, alone."""
    with pytest.raises(SpecError) as info:
        load_dialects(_broken(change))
    assert info.value.problems == (problem,)


def test_a_rule_that_is_not_an_object_is_not_described_either():
    """A rule's body that is not an object is named, and the rule counts as not described."""
    with pytest.raises(SpecError) as info:
        load_dialects(_broken(lambda d: d["rules"].update(empty_id=1)))
    assert info.value.problems == (
        "must be an object @ $.rules.empty_id",
        "rule empty_id is not described @ $.rules",
    )


def test_a_dialects_document_that_is_not_an_object():
    """Anything but an object is one problem at the root."""
    with pytest.raises(SpecError) as info:
        load_dialects([])
    assert info.value.problems == ("must be an object @ $",)
