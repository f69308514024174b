"""Conformance vectors for the envelope: reading every source, conversion, the projection.

Three kinds of vector live under ``spec/vectors/envelope/{must,should,may}/``
(the runner algorithm, every compared value and what each level means are in
``spec/vectors/envelope/README.md``):

- ``read``: raw input lines and a ``--from`` source; expected, per output
  line, its number, the record written as an envelope and its problem (code
  and details), and the message the reply records fold to.
- ``convert``: raw input lines, a source and a target; expected, per output,
  its number, the object written and the problems.
- ``projection``: one envelope and its ``AgentEventProjectionV1``.

Problems are compared by ``code`` and ``details``, never by message; the one
exception is seed 001's words for an unsupported version, carried in the
separate ``normative_message`` field. The inputs live in
:mod:`streamspec.envelope._vector_cases`; the expected values come from the
functions here (:func:`read_result`, :func:`convert_result`,
:func:`projection_result`), which are also the reference runner.
``python -m streamspec.envelope._vectors [--check]`` writes (or checks) them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from streamspec._completion_events import CompletionEvent
from streamspec._diagnostics import Code, Diagnostic
from streamspec._generated import dump_json, run_generator
from streamspec._jsonl import Line
from streamspec._resources import spec_dir
from streamspec.envelope._convert import convert_lines, to_envelope
from streamspec.envelope._envelope import decode_envelope
from streamspec.envelope._projection import project
from streamspec.envelope._vector_cases import CASES, Convert, Projection, Read
from streamspec.reply._reducer import Reducer
from streamspec.sources._read import read_events, read_input

__all__ = [
    "CASES",
    "LEVELS",
    "build_vector",
    "convert_result",
    "main",
    "problem_json",
    "projection_result",
    "read_result",
    "vector_path",
]

#: The conformance levels, one folder each.
LEVELS: Final = ("must", "should", "may")
_SCHEMA_REF: Final = "../../../schema/envelope_vector.schema.json"


def problem_json(problem: Diagnostic) -> dict[str, Any]:
    """Return a problem as vectors compare it: ``code`` and ``details``.

    An ``unsupported_version`` problem also carries ``normative_message``,
    the words seed 001 pins.
    """
    out: dict[str, Any] = {"code": problem.code, "details": dict(problem.details)}
    if problem.code == Code.UNSUPPORTED_VERSION.value:
        out["normative_message"] = problem.message
    return out


def _raw(lines: Sequence[str]) -> Iterator[bytes]:
    return (line.encode() + b"\n" for line in lines)


def _has_output(line: Line) -> bool:
    return line.record is not None or line.problem is not None


def read_result(source: str, lines: Sequence[str]) -> dict[str, Any]:
    """Read ``lines`` with ``source``; return ``{"lines": [...], "message": ...}``."""
    read = [line for line in read_events(_raw(lines), source) if _has_output(line)]
    out = [
        {
            "line": line.number,
            "envelope": to_envelope(line.record) if line.record is not None else None,
            "problem": problem_json(line.problem) if line.problem is not None else None,
        }
        for line in read
    ]
    reducer = Reducer()
    folded = False
    for line in read:
        event = line.event
        if event is not None and not isinstance(event, CompletionEvent):
            reducer.apply(event)
            folded = True
    return {"lines": out, "message": reducer.to_dict() if folded else None}


def convert_result(source: str, target: str, lines: Sequence[str]) -> dict[str, Any]:
    """Convert ``lines`` read with ``source`` to ``target``; return ``{"outputs": [...]}``."""
    read = read_input(_raw(lines), source, replay=False, keep_envelopes=True)
    return {
        "outputs": [
            {
                "line": item.number,
                "output": item.output,
                "problems": [problem_json(p) for p in item.problems],
            }
            for item in convert_lines(read, target)
        ]
    }


def projection_result(envelope: dict[str, Any]) -> dict[str, Any]:
    """Return the projection of one envelope as a JSON object."""
    return attrs.asdict(project(decode_envelope(envelope)))


def build_vector(name: str) -> dict[str, Any]:
    """Return the vector called ``name`` (a key of :data:`CASES`), expectation included."""
    case = CASES[name]
    head: dict[str, Any] = {"$schema": _SCHEMA_REF}
    if isinstance(case, Read):
        head |= {"kind": "read", "description": case.description, "source": case.source}
        body: dict[str, Any] = {
            "input": list(case.lines),
            "expected": read_result(case.source, case.lines),
        }
    elif isinstance(case, Convert):
        head |= {
            "kind": "convert",
            "description": case.description,
            "source": case.source,
            "target": case.target,
        }
        body = {
            "input": list(case.lines),
            "expected": convert_result(case.source, case.target, case.lines),
        }
    else:
        assert isinstance(case, Projection)
        head |= {"kind": "projection", "description": case.description}
        body = {"envelope": case.envelope, "expected": projection_result(case.envelope)}
    if case.tags:
        head["tags"] = list(case.tags)
    return head | body


def vector_path(name: str) -> Path:
    """Return the file of the vector called ``name``."""
    return spec_dir() / "vectors" / "envelope" / CASES[name].level / f"{name}.json"


def _files() -> dict[Path, str]:
    return {vector_path(name): dump_json(build_vector(name)) for name in CASES}


def main(argv: Sequence[str] | None = None) -> int:
    """Write the vectors, or with ``--check`` name the stale ones and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
