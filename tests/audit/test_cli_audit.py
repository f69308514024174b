"""``streamspec audit`` on the command line: summary, JSON, findings, HTML, resume."""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import orjson
import pytest
from audit_corpus import EXAMPLES, make_corpus
from source_streams import run_cli
from streamspec.audit._file import FileAudit
from streamspec.audit._summary import Counts, Summary
from streamspec.cli import _audit as cli_audit
from terminal import Terminal


def test_audit_examples_prints_the_summary_and_writes_the_report(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    status, out, err = run_cli("audit", str(EXAMPLES), "--jobs", "1", "--html", str(report))
    assert status == 0, err
    assert "corpus" in out and "findings" in out and "by source" in out
    assert re.search(r"files\s+│\s+33\b", out), out
    html = report.read_text(encoding="utf-8")
    assert "<svg" in html and "Findings per code" in html


def test_json_summary_and_findings_agree(tmp_path: Path) -> None:
    findings = tmp_path / "findings.jsonl"
    status, out, err = run_cli(
        "audit", str(EXAMPLES), "--jobs", "1", "--format", "json", "--findings", str(findings)
    )
    assert status == 0, err
    summary = orjson.loads(out)
    lines = [orjson.loads(line) for line in findings.read_bytes().splitlines()]
    assert len(lines) == summary["totals"]["errors"] + summary["totals"]["warnings"]
    assert {f["code"] for f in lines} == set(summary["findings"])
    assert all({"file", "line", "reply", "code", "severity", "message"} <= set(f) for f in lines)


def test_a_file_that_cannot_be_read_fails_the_audit_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "broken.jsonl.gz").write_bytes(b"\x1f\x8b not gzip")
    status, out, err = run_cli("audit", str(tmp_path), "--format", "json")
    assert status == 1
    assert orjson.loads(out)["failed"] == 1
    assert err.strip() == "audit: 1 file(s) could not be read"


def test_errors_make_the_exit_status_one(tmp_path: Path) -> None:
    """A stream with an error: exit 1; --fail-on warning also fails on warnings alone."""
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"type": "TEXT_BLOCK_DELTA"}\n')
    assert run_cli("audit", str(bad))[0] == 1
    cut = tmp_path / "cut" / "cut.jsonl"
    cut.parent.mkdir()
    lines = (EXAMPLES / "seed000.agentscope.jsonl").read_bytes().splitlines(keepends=True)
    cut.write_bytes(b"".join(lines[:-1]))
    assert run_cli("audit", str(cut.parent))[0] == 0
    assert run_cli("audit", str(cut.parent), "--fail-on", "warning")[0] == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "Error: Missing argument 'PATH...'."),
        (["nowhere"], "no such file or directory: 'nowhere'"),
        ([str(EXAMPLES), "--engine", "dask"], "--engine dask needs --scheduler"),
        ([str(EXAMPLES), "--scheduler", "tcp://x:1"], "--scheduler is for --engine dask"),
        ([str(EXAMPLES), "--glob", "*.nothing"], "no file to audit under"),
    ],
)
def test_usage_errors_are_one_line_and_exit_two(args: list[str], message: str) -> None:
    status, out, err = run_cli("audit", *args)
    assert status == 2
    assert message in err
    assert out == "" and "Traceback" not in err


def test_a_state_of_another_audit_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "state"
    assert run_cli("audit", str(EXAMPLES), "--jobs", "1", "--state", str(state))[0] == 0
    status, _, err = run_cli(
        "audit", str(EXAMPLES), "--state", str(state), "--group-by", "metadata.model"
    )
    assert status == 2
    assert err.strip().splitlines()[-1] == (
        f"Error: {str(state)!r} holds the state of another audit (source 'auto', group_by [], "
        "findings None); this one is source 'auto', group_by ['metadata.model'], findings None: "
        "use another --state directory or remove it"
    )
    assert orjson.loads((state / "audit.json").read_bytes())["format"] == "streamspec.audit-state"
    (state / "audit.json").write_bytes(b"{not json")
    status, _, err = run_cli("audit", str(EXAMPLES), "--state", str(state))
    assert status == 2
    assert f"{str(state)!r} holds the state of another audit (unreadable settings)" in err


def _audit_command(corpus: Path, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "streamspec", "audit", str(corpus), "--jobs", "1",
        "--format", "json", "--findings", str(out), *extra,
    ]  # fmt: skip


def test_a_killed_audit_resumes_without_counting_twice(tmp_path: Path) -> None:
    """Kill an audit half way; the resumed run's summary and findings equal an unbroken run's."""
    corpus = tmp_path / "corpus"
    make_corpus(corpus, 400)
    full = subprocess.run(
        _audit_command(corpus, tmp_path / "full.jsonl"), capture_output=True, check=False
    )
    assert full.returncode == 0, full.stderr
    state = tmp_path / "state"
    findings = tmp_path / "resumed.jsonl"
    command = _audit_command(corpus, findings, "--state", str(state))
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    done = state / "done.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if done.exists() and done.read_bytes().count(b"\n") >= 40:
            child.send_signal(signal.SIGKILL)
            break
        time.sleep(0.005)
    child.communicate()
    assert child.returncode == -signal.SIGKILL, "the audit ended before it could be killed"
    finished = done.read_bytes().count(b"\n")
    assert 40 <= finished < 400
    resumed = subprocess.run(command, capture_output=True, check=False)
    assert resumed.returncode == 0, resumed.stderr
    assert orjson.loads(resumed.stdout) == orjson.loads(full.stdout)
    assert findings.read_bytes() == (tmp_path / "full.jsonl").read_bytes()
    assert done.read_bytes().count(b"\n") == 400


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.classes: set[str] = set()
        self.references: list[str] = []
        self.open: list[str] = []
        self.stray: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag not in _VOID:
            self.open.append(tag)
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.references.append(value)
            if name == "class" and value:
                self.classes.update(value.split())

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            while self.open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if data.strip() and (not self.open or self.open[-1] in ("html", "body")):
            self.stray.append(data.strip())


#: HTML elements that have no end tag.
_VOID = frozenset({"meta", "br", "hr", "img", "link", "input"})


def _selected(sheet: str) -> list[tuple[str, str]]:
    """``(tag, class)`` of every simple selector in a style sheet (either may be "")."""
    selectors = re.findall(r"([^{}]+)\{", sheet)
    parts = [part for group in selectors for part in group.replace(",", " ").split()]
    return [(tag, cls) for tag, _, cls in (part.partition(".") for part in parts)]


def test_the_report_is_self_contained_and_its_plots_parse(tmp_path: Path) -> None:
    """No script, nothing fetched, every SVG well-formed, and corpus text escaped."""
    corpus = tmp_path / "c"
    make_corpus(corpus, 30)
    lines = (EXAMPLES / "seed000.agentscope.jsonl").read_bytes().splitlines(keepends=True)
    (corpus / "<b>&x.jsonl").write_bytes(b"".join(lines[:9]))  # cut: the worst file
    report = tmp_path / "r.html"
    assert run_cli("audit", str(corpus), "--jobs", "1", "--html", str(report))[0] == 0
    html = report.read_text(encoding="utf-8")
    page = _Page()
    page.feed(html)
    assert "script" not in page.tags
    assert page.references == []
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) >= 4
    for svg in svgs:
        ET.fromstring(svg)
    assert "<b>&x" not in html and "&lt;b&gt;&amp;x" in html
    assert page.stray == [], "no text outside the report's elements"
    (sheet,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    selected = _selected(sheet)
    assert {tag for tag, _ in selected} - set(page.tags) == {""}, "every rule's tag is used"
    assert {cls for _, cls in selected} - page.classes == {""}, "every rule's class is used"


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.mark.skipif(
    _chromium() is None, reason="no chromium on PATH (Debian: apt install chromium)"
)
def test_the_report_renders_in_headless_chromium(tmp_path: Path) -> None:
    """Chromium prints the report's DOM with every plot in it and logs no console error."""
    report = tmp_path / "r.html"
    assert run_cli("audit", str(EXAMPLES), "--jobs", "1", "--html", str(report))[0] == 0
    browser = _chromium()
    assert browser is not None
    done = subprocess.run(
        [browser, "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr",
         "--v=0", "--dump-dom", report.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "HOME": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("<svg") >= 4
    assert "CONSOLE" not in done.stderr and "Uncaught" not in done.stderr


def _headers(text: str) -> list[tuple[str, list[str]]]:
    """Each table of the text summary: its title and its column names (the line with ┃)."""
    lines = text.splitlines()
    found = []
    for at, line in enumerate(lines):
        if "┃" in line:
            title = " ".join(lines[at - 1].split())
            if title == "state":  # a title wrapped over two lines
                title = " ".join([*lines[at - 2].split(), "state"])
            found.append((title, [cell.strip() for cell in line.split("┃")]))
    return found


def test_the_text_summary_names_each_table_and_its_columns(tmp_path: Path) -> None:
    """The text summary's tables, in order, with their columns; a file that cannot be read
    gets a table of its own with the reason."""
    (tmp_path / "broken.jsonl.gz").write_bytes(b"\x1f\x8b not gzip")
    shutil.copy(EXAMPLES / "seed000.agentscope.jsonl", tmp_path / "seed000.jsonl")
    status, out, err = run_cli("audit", str(tmp_path), "--jobs", "1")
    assert status == 1, err
    per_calls = ["state", "model calls"]
    by_source = ["source", "files", "events", "replies", "model calls", "errors", "warnings"]
    assert _headers(out) == [
        ("corpus", ["", "count"]),
        ("verdicts by terminal state", per_calls),
        ("verdicts by usage state", per_calls),
        ("by source", by_source),
        ("failed files", ["file", "reason"]),
    ]
    assert re.search(r"model calls\s+│\s+2\b", out), out
    assert out.splitlines()[0].rstrip() == "corpus", "table titles are left-justified"


def test_the_report_names_each_section_and_says_what_its_plot_shows(tmp_path: Path) -> None:
    """The HTML report's sections, in order, each plot with its caption, each table its columns."""
    corpus = tmp_path / "c"
    make_corpus(corpus, 30)
    lines = (EXAMPLES / "seed000.agentscope.jsonl").read_bytes().splitlines(keepends=True)
    (corpus / "cut.jsonl").write_bytes(b"".join(lines[:9]))
    (corpus / "broken.jsonl.gz").write_bytes(b"\x1f\x8b not gzip")
    report = tmp_path / "r.html"
    assert run_cli("audit", str(corpus), "--jobs", "1", "--html", str(report))[0] == 1
    html = report.read_text(encoding="utf-8")
    assert re.findall(r"<h2>(.*?)</h2>", html) == [
        "Findings per code",
        "Model calls per terminal state",
        "Verdicts per day",
        "Reply lengths",
        "Worst files",
        "By source",
        "Files that could not be read",
    ]
    assert re.findall(r"<figcaption>(.*?)</figcaption>", html) == [
        "Bars coloured by severity: red errors, orange warnings, blue information.",
        "Did each model call really finish? One bar per verdict.",
        "The day of a file is the UTC date of the first time its records carry.",
        "Replies by their number of events, rounded up to a power of two.",
        "The files with the most errors (then warnings).",
    ]
    assert re.findall(r"<svg[^>]*><title>(.*?)</title>", html) == [
        "findings per code",
        "model calls per terminal state",
        "verdicts per day",
        "replies by events",
        "errors of the worst files",
    ]
    tips = [
        re.findall(r"<rect [^>]*><title>(.*?)</title>", svg)
        for svg in re.findall(r"<svg.*?</svg>", html)
    ]
    assert [{re.sub(r"^.*: [\d,]+ ", "", tip) for tip in some} for some in tips] == [
        {"findings"},
        {"model calls"},
        {"model calls"},
        {"replies"},
        {"errors"},
    ]
    heads = [re.findall(r"<th[^>]*>(.*?)</th>", t) for t in re.findall(r"<tr>(<th.*?)</tr>", html)]
    assert heads == [
        ["file", "errors", "warnings"],
        ["source", "files", "events", "replies", "model calls", "errors", "warnings"],
        ["file", "reason"],
    ]


def test_a_state_directory_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    """--state under a file: exit 2, one line naming the directory and why, nothing read."""
    blocker = tmp_path / "file"
    blocker.write_bytes(b"")
    state = blocker / "state"
    status, out, err = run_cli("audit", str(EXAMPLES), "--jobs", "1", "--state", str(state))
    assert status == 2
    assert err.strip().splitlines()[-1] == (
        f"Error: cannot use the state directory {str(state)!r}: Not a directory"
    )
    assert out == ""


def test_a_findings_file_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    """--findings naming a directory: exit 2, 'Error: cannot open PATH: REASON', no summary."""
    status, out, err = run_cli("audit", str(EXAMPLES), "--jobs", "1", "--findings", str(tmp_path))
    assert status == 2
    assert err.strip().splitlines() == [f"Error: cannot open {tmp_path}: Is a directory"]
    assert out == ""


@pytest.mark.parametrize("engine", ["local", "dask"])
def test_dask_workers_get_absolute_paths_and_local_ones_the_paths_found(
    engine: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Dask worker does not share our working directory, so it is given each file's
    absolute path; a local worker gets the path as found under the PATH given."""
    (tmp_path / "corpus").mkdir()
    shutil.copy(EXAMPLES / "seed000.agentscope.jsonl", tmp_path / "corpus" / "a.jsonl")
    monkeypatch.chdir(tmp_path)
    given: list[str] = []

    class Recording:
        workers = 1

        def run(self, files: list[str], job: object) -> list[object]:
            given.extend(files)
            return []

    monkeypatch.setattr("streamspec.cli._audit._engine", lambda *args: Recording())
    extra = ["--scheduler", "tcp://nowhere:1"] if engine == "dask" else []
    status, _, err = run_cli("audit", "corpus", "--engine", engine, *extra)
    assert status == 0, err
    found = os.path.join("corpus", "a.jsonl")
    assert given == [str(tmp_path / found) if engine == "dask" else found]


@pytest.mark.parametrize("terminal", [True, False])
def test_the_progress_bar_is_drawn_on_stderr_and_only_on_a_terminal(
    terminal: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """stdout carries only the result: the bar goes to stderr, and only when stderr is a
    terminal; elsewhere there is no bar to advance."""
    stderr = Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    with cli_audit._progress(3) as progress:
        assert (progress is not None) is terminal
    assert capsys.readouterr().out == ""
    assert ("0/3" in stderr.getvalue()) is terminal


def test_the_progress_bar_counts_events_findings_and_the_rate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each file read adds its events and its errors and warnings to the bar's counts; the rate
    is the events so far over the seconds since the bar began."""
    stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    clock = iter([100.0, 102.0, 104.0])
    monkeypatch.setattr(cli_audit, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    first = Summary(totals=Counts(files=1, events=300, errors=2, warnings=1))
    second = Summary(totals=Counts(files=1, events=1500, errors=4))
    with cli_audit._progress(2) as progress:
        assert progress is not None
        progress(FileAudit(path="a.jsonl", summary=first))
        progress(FileAudit(path="b.jsonl", summary=second))
    drawn = stderr.getvalue()
    assert "2/2" in drawn
    assert "1,800 events, 7 findings, 450 events/s" in drawn
