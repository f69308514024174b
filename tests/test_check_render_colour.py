"""``check``'s text report on a terminal: the closing verdict and the findings in colour."""

from __future__ import annotations

import io
from pathlib import Path

from streamspec._diagnostics import Diagnostic, Severity
from streamspec._jsonl import Line
from streamspec.check._render import render_report
from streamspec.check._run import check_lines
from streamspec.sources import read_events
from terminal import Terminal

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _report(name: str, out: io.StringIO) -> str:
    with (EXAMPLES / name).open("rb") as stream:
        render_report(check_lines(read_events(stream)), out)
    return out.getvalue()


def test_a_clean_stream_ends_ok_in_bold_green_and_plain_text_has_no_codes() -> None:
    """On a terminal the verdict is bold green (SGR 1;32); in a file there is no escape code."""
    coloured = _report("seed000.agentscope.jsonl", Terminal())
    assert coloured.rstrip("\n").endswith("\x1b[1;32mok\x1b[0m")
    plain = _report("seed000.agentscope.jsonl", io.StringIO())
    assert "\x1b[" not in plain and plain.rstrip("\n").endswith("— ok")


def test_a_stream_with_errors_ends_in_bold_red() -> None:
    """An error makes the verdict 'violations found' in bold red (SGR 1;31)."""
    data = (
        b'{"type":"REPLY_START","session_id":"s","reply_id":"r","name":"a"}\n'
        b'{"type":"TEXT_BLOCK_DELTA","reply_id":"r","block_id":"b","delta":"x"}\n'
    )
    out = Terminal()
    render_report(check_lines(read_events(io.BytesIO(data))), out)
    assert out.getvalue().rstrip("\n").endswith("\x1b[1;31mviolations found\x1b[0m")


def test_warnings_are_yellow_line_numbers_and_meanings_dim_headers_bold() -> None:
    """A warning's code is yellow (SGR 33); its line and meaning are dim (2); table headers bold.

    The stream stops with the reply and a text block open: two warnings
    (``missing_reply_end``, ``open_at_end``) at line 2, no error, so the verdict is ok.
    """
    data = (
        b'{"type":"REPLY_START","session_id":"s","reply_id":"r","name":"a"}\n'
        b'{"type":"TEXT_BLOCK_START","reply_id":"r","block_id":"b"}\n'
    )
    out = Terminal()
    render_report(check_lines(read_events(io.BytesIO(data))), out)
    text = out.getvalue()
    assert "\x1b[2m2: \x1b[0m\x1b[33mopen_at_end\x1b[0m: block 'text:b' is still open" in text
    assert "\x1b[2m      At the end of input an entity is still open" in text
    assert "\x1b[1mmachine  id      state    open at end\x1b[0m" in text
    assert "\x1b[1;31m" not in text
    assert text.rstrip("\n").endswith("2 warnings — \x1b[1;32mok\x1b[0m")


def test_information_is_cyan_and_leaves_the_verdict_ok() -> None:
    """An information finding's code is cyan (SGR 36); it is no error, so the verdict is ok."""
    opaque = Diagnostic(
        code="opaque_event",
        severity=Severity.INFO,
        message="a planning event, kept opaque",
        details={"line": 1},
    )
    with (EXAMPLES / "seed000.agentscope.jsonl").open("rb") as stream:
        lines = [Line(1, problem=opaque), *read_events(stream)]
    out = Terminal()
    render_report(check_lines(lines), out)
    text = out.getvalue()
    assert "\x1b[36mopaque_event\x1b[0m: a planning event, kept opaque" in text
    assert text.rstrip("\n").endswith("\x1b[1;32mok\x1b[0m")
