"""The mutation-testing harness in tools/: its mutator, its equivalent list and its runner."""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"
ROOT = TOOLS.parent


def _tool(name: str) -> ModuleType:
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    return importlib.import_module(name)


mutants = _tool("mutants")
mutate = _tool("mutate")
spec_mutants = _tool("spec_mutants")

SAMPLE = '''"""A sample module."""

import logging

__all__ = ["add", "pick"]

log = logging.getLogger(__name__)
NAMES = {"key": "value"}


def add(a: int, b: int = 0, *, twice: bool = False) -> int:
    """Add two numbers."""
    assert a == a
    log.debug("adding %s", a)
    total = a + b
    if twice and total > 1:
        total += total
    return total


def draw(items: list[int], label: str) -> list[int]:
    return items


def pick(items: list[int], start: int) -> list[int]:
    out: list[int] = []
    for item in items[start:]:
        if item in out:
            continue
        if not item:
            break
        out.append(item)
    draw(items, label="the items")
    if len(out) >= 3:
        raise ValueError("too many")
    return out


def unused(flag: bool) -> str:
    return "yes" if flag else "no"
'''


def _ids(source: str) -> list[str]:
    return [m.id for m in mutants.mutants_of_source(source, "sample.py")]


def test_ids_are_stable_unique_and_well_formed() -> None:
    """The same source gives the same ids in the same order, each unique and file:line:col:op."""
    first, second = _ids(SAMPLE), _ids(SAMPLE)
    assert first == second
    assert len(set(first)) == len(first)
    assert all(re.fullmatch(r"sample\.py:\d+:\d+:[a-z]+\d*(#\d+)?", i) for i in first)


def test_ids_survive_an_edit_elsewhere_in_the_file() -> None:
    """Appending a function leaves the ids of the mutants above it unchanged."""
    before = _ids(SAMPLE)
    after = _ids(SAMPLE + "\n\ndef more() -> int:\n    return 1 + 1\n")
    assert after[: len(before)] == before and len(after) > len(before)


def test_every_operator_fires_and_every_mutant_is_valid_python() -> None:
    """Each operator yields a mutant on the sample, and each mutant parses and differs."""
    found = mutants.mutants_of_source(SAMPLE, "sample.py")
    operators = {m.operator for m in found}
    assert operators >= {
        "cmp",
        "bool",
        "not",
        "arith",
        "const",
        "return",
        "del",
        "negate",
        "index",
        "loopctl",
        "default",
    }
    for mutant in found:
        text = mutants.apply(SAMPLE, mutant)
        assert text != SAMPLE
        ast.parse(text)


def test_skipped_parts_are_never_mutated() -> None:
    """Docstrings, __all__, annotations, asserts, logging calls, dict keys and a ``label=``
    string get no mutant."""
    found = mutants.mutants_of_source(SAMPLE, "sample.py")
    lines = SAMPLE.splitlines()
    touched = {lines[m.line - 1].strip() for m in found}
    assert '"""A sample module."""' not in touched
    assert '"""Add two numbers."""' not in touched
    assert '__all__ = ["add", "pick"]' not in touched
    assert "assert a == a" not in touched
    assert 'log.debug("adding %s", a)' not in touched
    assert "out: list[int] = []" not in touched
    assert [m.text for m in found if "label=" in lines[m.line - 1]] == ["pass"]
    assert [m.text for m in found if lines[m.line - 1].startswith("NAMES")] == ["'XXvalue'"]


def test_diff_line_shows_the_changed_line() -> None:
    """diff_line names the old and new text of the mutated line."""
    found = mutants.mutants_of_source(SAMPLE, "sample.py")
    swap = next(m for m in found if m.operator == "cmp" and ">=" in SAMPLE.splitlines()[m.line - 1])
    assert mutants.diff_line(SAMPLE, swap) == "- if len(out) >= 3: / + if len(out) > 3:"


def test_the_equivalent_list_parses() -> None:
    """tools/equivalent-mutants.txt parses: one id and a reason a line, no id twice."""
    listed = mutate.parse_equivalents((TOOLS / "equivalent-mutants.txt").read_text("utf-8"))
    assert all(reason for reason in listed.values())
    assert all(re.fullmatch(r"\S+:\d+:\d+:[a-z]+\d*(#\d+)?", i) for i in listed)


def test_every_listed_equivalent_is_a_mutant_of_the_code() -> None:
    """An id names a line and a column: an edit above it moves the mutant, and the list must follow.

    A stale id would run its equivalent mutant as a survivor and count a mutant
    of some other line as equivalent: the line each entry pins must still be
    the line its id names.
    """
    text = (TOOLS / "equivalent-mutants.txt").read_text("utf-8")
    listed = mutate.parse_equivalents(text)
    files = sorted({ident.split(":")[0] for ident in listed})
    current = {m.id for path in files for m in mutants.mutants_of_file(ROOT, path)}
    assert sorted(set(listed) - current) == []
    moved = {
        ident: (pinned, _source_line(ident))
        for ident, pinned in mutate.pinned_lines(text).items()
        if _source_line(ident) != pinned
    }
    assert moved == {}


def _source_line(ident: str) -> str:
    path, line = ident.split(":")[:2]
    return (ROOT / path).read_text("utf-8").splitlines()[int(line) - 1].strip()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a.py:1:0:cmp `x = 1`\n", "has no reason"),
        ("a.py:1:0:cmp `x = 1` y\na.py:1:0:cmp `x = 1` z\n", "is listed twice"),
        ("a.py:1:0:cmp the reason alone\n", "has no `source line`"),
        ("a.py:1:0:cmp `x = 1 the reason\n", "has no `source line`"),
    ],
)
def test_a_bad_equivalent_list_is_refused(text: str, problem: str) -> None:
    """A line without a pinned source or a reason, or an id listed twice, raises ValueError."""
    with pytest.raises(ValueError, match=f"line [12]: a.py:1:0:cmp {problem}"):
        mutate.parse_equivalents(text)


def test_an_entry_pins_its_line_and_keeps_its_reason() -> None:
    """``ID `SOURCE` REASON``: the pinned source and the reason are read apart."""
    text = "# a comment `x`\n\na.py:3:4:del `del x[0]`  the first item is never read \n"
    assert mutate.parse_equivalents(text) == {"a.py:3:4:del": "the first item is never read"}
    assert mutate.pinned_lines(text) == {"a.py:3:4:del": "del x[0]"}


def test_runner_reports_killed_survived_and_equivalent(tmp_path: Path) -> None:
    """A mutant the fake test catches is killed, one it cannot see survives, a listed one is equivalent."""
    (tmp_path / "sample.py").write_text(SAMPLE, encoding="utf-8")
    found = mutants.mutants_of_file(tmp_path, "sample.py")
    caught = next(
        m for m in found if m.operator == "arith" and "a + b" in SAMPLE.splitlines()[m.line - 1]
    )
    unseen = next(
        m for m in found if m.operator == "negate" and "if flag" in SAMPLE.splitlines()[m.line - 1]
    )
    listed = next(m for m in found if m.id not in {caught.id, unseen.id})
    command = [sys.executable, "-c", "import sample; assert sample.add(2, 3) == 5"]
    results = mutate.run_mutants(
        [caught, unseen, listed],
        tmp_path,
        command,
        workers=2,
        timeout=60,
        equivalent={listed.id: "test"},
    )
    assert [(r.id, r.status) for r in results] == [
        (caught.id, "killed"),
        (unseen.id, "survived"),
        (listed.id, "equivalent"),
    ]
    assert (tmp_path / "sample.py").read_text(encoding="utf-8") == SAMPLE
    counts, score = mutate.score(results)
    assert counts == {"killed": 1, "survived": 1, "equivalent": 1, "timeout": 0}
    assert score == 0.5


def test_runner_reports_a_timeout(tmp_path: Path) -> None:
    """A test command that runs past the timeout is reported as a timeout."""
    (tmp_path / "sample.py").write_text(SAMPLE, encoding="utf-8")
    mutant = mutants.mutants_of_file(tmp_path, "sample.py")[0]
    command = [sys.executable, "-c", "import time; time.sleep(5)"]
    results = mutate.run_mutants([mutant], tmp_path, command, timeout=0.5)
    assert [r.status for r in results] == ["timeout"]


def test_a_test_past_its_limit_fails_and_the_others_run(tmp_path: Path) -> None:
    """With mutation_plugin and a limit, a test that loops forever fails in that time, naming
    itself and the limit; a quick test still passes, and no limit means none."""
    plugin = _tool("mutation_plugin")
    (tmp_path / "test_loop.py").write_text(
        "def test_loops():\n    while True:\n        pass\n\ndef test_quick():\n    assert True\n",
        encoding="utf-8",
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "mutation_plugin",
        "-p",
        "no:cacheprovider",
    ]
    env = {**os.environ, "PYTHONPATH": str(TOOLS), plugin.LIMIT_VARIABLE: "0.5"}
    began = time.monotonic()
    done = subprocess.run(
        [*command, "test_loop.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    out = done.stdout.decode()
    assert done.returncode == 1 and time.monotonic() - began < 60
    assert "1 failed, 1 passed" in out
    assert "TooSlow: test_loop.py::test_loops ran past its limit of 0.5 s" in out
    env[plugin.LIMIT_VARIABLE] = "0"
    done = subprocess.run(
        [*command, "test_loop.py::test_quick"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0


def test_every_mutant_run_has_the_test_limit_the_command_line_gives() -> None:
    """--test-seconds sets the limit each pytest run reads (300 s unless given)."""
    parser = mutate._parser()
    assert parser.parse_args([]).test_seconds == mutate.TEST_SECONDS == 300
    assert parser.parse_args(["--test-seconds", "20"]).test_seconds == 20
    assert mutate.LIMIT_VARIABLE == _tool("mutation_plugin").LIMIT_VARIABLE


def test_no_mutant_starts_past_the_deadline(tmp_path: Path) -> None:
    """With a deadline already past, listed mutants are still reported and no other one runs."""
    (tmp_path / "sample.py").write_text(SAMPLE, encoding="utf-8")
    first, second = mutants.mutants_of_file(tmp_path, "sample.py")[:2]
    command = [sys.executable, "-c", "raise SystemExit(1)"]
    results = mutate.run_mutants(
        [first, second],
        tmp_path,
        command,
        timeout=60,
        equivalent={second.id: "test"},
        deadline=time.monotonic() - 1,
    )
    assert [(r.id, r.status) for r in results] == [(second.id, "equivalent")]
    assert (tmp_path / "sample.py").read_text(encoding="utf-8") == SAMPLE


def test_a_failing_command_shows_the_tail_of_its_output(tmp_path: Path) -> None:
    """A failing run returns its last OUTPUT_TAIL lines, stderr after stdout, so a broken
    unmutated tree says which test failed."""
    lines = mutate.OUTPUT_TAIL + 5
    script = f"import sys\nfor n in range({lines}): print('line', n)\nsys.exit('boom')"
    status, _, output = mutate.run_with_output(tmp_path, [sys.executable, "-c", script], 60)
    assert status == "killed"
    shown = output.splitlines()
    assert len(shown) == mutate.OUTPUT_TAIL
    assert shown[-2:] == [f"line {lines - 1}", "boom"]
    status, _, output = mutate.run_with_output(tmp_path, [sys.executable, "-c", "pass"], 60)
    assert (status, output) == ("survived", "")


def test_report_section_is_replaced_not_repeated(tmp_path: Path) -> None:
    """Writing the same run twice keeps one section with the newer table."""
    page = tmp_path / "mutation.md"
    result = mutate.Result("a.py:1:0:cmp", "a.py", "survived", 1.0, "- a / + b")
    mutate.write_report(page, "reducer / stateful", mutate.render([result], {"Date": "one"}))
    mutate.write_report(page, "reducer / stateful", mutate.render([result], {"Date": "two"}))
    text = page.read_text(encoding="utf-8")
    assert text.count("## reducer / stateful") == 1
    assert "Date: two" in text and "Date: one" not in text
    assert (
        "`a.py:1:0:cmp`: `- a / + b`" in text and "| **total** | 1 | 0 | 1 | 0 | 0 | 0.0% |" in text
    )


@pytest.mark.parametrize(
    ("minutes", "done", "state"),
    [
        (None, 2, "2 of 2 (unmutated"),
        (None, 1, "1 of 2, still running ("),
        (0.0, 1, "1 of 2, stopped at the 0-minute deadline; the mutants run in a seeded random"),
    ],
)
def test_the_report_says_whether_the_run_ended_stopped_or_runs_on(
    tmp_path: Path, minutes: float | None, done: int, state: str
) -> None:
    """The Mutants run line tells a finished run, one still running and one cut at --minutes."""
    page = tmp_path / "mutation.md"
    args = argparse.Namespace(
        minutes=minutes, ref=None, jobs=1, area="package", tests="all", write=page
    )
    result = mutate.Result("a.py:1:0:cmp", "a.py", "killed", 1.0, "- a / + b")
    mutate._write(
        args,
        ["--area", "package"],
        ["python", "-m", "pytest"],
        [result] * done,
        2,
        5.0,
        time.monotonic(),
        "0123456789ab",
    )
    text = page.read_text(encoding="utf-8")
    assert f"- Mutants run: {state}" in text
    assert "- Commit: 0123456789ab\n" in text


@pytest.mark.parametrize("mutant", spec_mutants.SPEC_MUTANTS, ids=lambda m: m.id)
def test_spec_mutants_apply_to_the_current_spec(mutant: object) -> None:
    """Every spec mutant finds its place in today's spec file and changes its data."""
    text = (ROOT / mutant.path).read_text(encoding="utf-8")  # type: ignore[attr-defined]
    changed = mutant.apply(text)  # type: ignore[attr-defined]
    assert json.loads(changed) != json.loads(text)


def test_related_tests_are_those_that_name_the_module(tmp_path: Path) -> None:
    """A test file names a module by its dotted name or by importing it from its package."""
    tests = tmp_path / "tests"
    (tests / "deep").mkdir(parents=True)
    (tests / "test_dotted.py").write_text("from streamspec.completion._judge import x\n")
    (tests / "deep" / "test_from.py").write_text("from streamspec.completion import _judge\n")
    (tests / "test_other.py").write_text("from streamspec.completion import _table\n")
    (tests / "helper.py").write_text("import streamspec.completion._judge\n")
    found = mutate.related_tests(tmp_path, "impl/streamspec/completion/_judge.py")
    assert found == ["tests/deep/test_from.py", "tests/test_dotted.py"]
    assert mutate.related_tests(tmp_path, "spec/machines/reply.json") == []


def test_related_tests_also_name_a_module_that_imports_it(tmp_path: Path) -> None:
    """A test of the public package, or of a module that reads a data module, is related."""
    package = tmp_path / "impl" / "streamspec"
    (package / "sources").mkdir(parents=True)
    (package / "__init__.py").write_text("from streamspec.sources import read\n")
    (package / "sources" / "__init__.py").write_text("from ._a3s import read\n")
    (package / "sources" / "_a3s.py").write_text("from . import _cases\n")
    (package / "sources" / "_cases.py").write_text("CASES = []\n")
    (package / "sources" / "_other.py").write_text("import json\n")
    (package / "cli").mkdir()
    (package / "cli" / "_reduce.py").write_text("X = 1\n")
    (package / "cli" / "_main.py").write_text('LAZY = "streamspec.cli._reduce"\n')
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_public.py").write_text("from streamspec.sources import read\n")
    (tests / "test_top.py").write_text("import streamspec\nstreamspec.read\n")
    (tests / "test_a3s.py").write_text("from streamspec.sources import _a3s\n")
    (tests / "test_cli.py").write_text("import streamspec.cli._main\n")
    related = mutate.related_tests
    assert related(tmp_path, "impl/streamspec/sources/_a3s.py") == [
        "tests/test_a3s.py",
        "tests/test_public.py",
    ]
    assert related(tmp_path, "impl/streamspec/sources/_cases.py") == ["tests/test_a3s.py"]
    assert related(tmp_path, "impl/streamspec/sources/_other.py") == []
    assert related(tmp_path, "impl/streamspec/cli/_reduce.py") == ["tests/test_cli.py"]


def _staged_tree(tmp_path: Path) -> Path:
    """A tree whose ``tests`` holds a fast related file and a slow unrelated one."""
    (tmp_path / "sample.py").write_text(SAMPLE, encoding="utf-8")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_related.py").write_text(
        "import sample\n\ndef test_add():\n    assert sample.add(2, 3) == 5\n"
    )
    (tests / "test_rest.py").write_text(
        "import sample\n\ndef test_flag():\n    assert sample.pick([1, 2], 0) == [1, 2]\n"
    )
    return tmp_path


def test_staged_run_stops_at_the_related_files_and_gives_the_suites_verdict(
    tmp_path: Path,
) -> None:
    """A mutant the related file kills never runs the rest; one it misses still meets the rest."""
    tree = _staged_tree(tmp_path)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", "tests"]
    first = ["tests/test_related.py"]
    assert mutate.run_staged(tree, command, 120, first)[0] == "survived"
    (tree / "tests" / "test_rest.py").write_text("def test_fails():\n    assert False\n")
    assert mutate.run_staged(tree, command, 120, first)[0] == "killed"
    (tree / "tests" / "test_related.py").write_text("def test_fails():\n    assert False\n")
    (tree / "tests" / "test_rest.py").write_text("import time\ntime.sleep(60)\n")
    status, seconds = mutate.run_staged(tree, command, 30, first)
    assert (status, seconds < 30) == ("killed", True)


def test_a_related_screen_stops_after_the_related_files(tmp_path: Path) -> None:
    """The screen gives the related files' verdict, and a survivor when no file names the module."""
    tree = _staged_tree(tmp_path)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", "tests"]
    first = ["tests/test_related.py"]
    (tree / "tests" / "test_rest.py").write_text("def test_fails():\n    assert False\n")
    assert mutate.run_staged(tree, command, 120, first, first_only=True)[0] == "survived"
    assert mutate.run_staged(tree, command, 120, first)[0] == "killed"
    assert mutate.run_staged(tree, command, 120, [], first_only=True) == ("survived", 0.0)
    (tree / "tests" / "test_related.py").write_text("def test_fails():\n    assert False\n")
    assert mutate.run_staged(tree, command, 120, first, first_only=True)[0] == "killed"


def test_under_keeps_the_mutants_of_files_at_or_below_a_path() -> None:
    """``--under`` keeps a folder's files (and a file named whole), not a name that only starts alike."""
    found = [
        *mutants.mutants_of_source(SAMPLE, "pkg/conform/a.py"),
        *mutants.mutants_of_source(SAMPLE, "pkg/conformance.py"),
        *mutants.mutants_of_source(SAMPLE, "pkg/other.py"),
    ]

    def paths(under: list[str]) -> set[str]:
        kept = mutate.select(found, only=None, limit=None, sample=None, seed=0, under=under)
        return {m.path for m in kept}

    assert paths(["pkg/conform"]) == paths(["pkg/conform/"]) == {"pkg/conform/a.py"}
    assert paths(["pkg/other.py"]) == {"pkg/other.py"}
    assert paths(["pkg/conform", "pkg/other.py"]) == {"pkg/conform/a.py", "pkg/other.py"}
    assert len(mutate.select(found, only=None, limit=None, sample=None, seed=0)) == len(found)


def test_a_ref_is_resolved_once_to_the_commit_it_names(tmp_path: Path) -> None:
    """``--ref HEAD`` is fixed to a commit id at the start, so commits made while a run goes on
    change neither its mutants nor the tree they go into; a name of no commit stops the run.

    The repository is a fresh one: the suite also runs in exported trees that have none.
    """
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-C", str(tmp_path)]
    subprocess.run([*git, "init", "-q"], check=True)
    (tmp_path / "a.txt").write_text("a", encoding="utf-8")
    subprocess.run([*git, "add", "a.txt"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "a"], check=True)
    head = mutate.resolve_commit(tmp_path, "HEAD")
    assert re.fullmatch(r"[0-9a-f]{40}", head)
    assert mutate.resolve_commit(tmp_path, head[:12]) == head
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "b"], check=True)
    assert mutate.resolve_commit(tmp_path, "HEAD") != head
    assert mutate.resolve_commit(tmp_path, head) == head
    with pytest.raises(SystemExit, match="names no commit"):
        mutate.resolve_commit(tmp_path, "no-such-ref-anywhere")


def test_the_package_area_leaves_out_generated_files() -> None:
    """The functions compiled ahead are the generator's output: its ``--check`` alone judges them."""
    files = mutate.area_files("package", ROOT)
    assert "impl/streamspec/_ahead.py" in files
    assert "impl/streamspec/_fast_decode.py" in files
    assert "impl/streamspec/_ahead_code.py" not in files
    assert (ROOT / "impl/streamspec/_ahead_code.py").is_file()
