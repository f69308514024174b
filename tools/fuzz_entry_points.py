"""Fuzz entry points: every way streamspec reads untrusted input, each taking ``bytes``.

Invariant (one for all): an entry point either does its job end to end or
raises the project's own error (:class:`streamspec.StreamspecError` and its
subclasses); no other exception escapes, and a command exits 0, 1 or 2 with
no traceback. Memory is the runner's to bound (:func:`peak_rss_mb`).

Writers: an entry point that is given bytes writes every JSON value the
project hands back as the commands do (orjson, integers of any size
written whole: ``streamspec._json_exact``), so a value the
project cannot write is a failure. An entry point whose input is a Python
value the harness parsed (pairing, envelope decode, ``from_state``) only
fails on an unwritable result when its input was writable: the project must
not make an unwritable value out of a writable one.

Seeds (:func:`seeds`) come from every file under ``examples/`` and
``spec/vectors/``: reduce vectors give their events as JSON lines and, folded,
their exported reducer states; judge vectors their input (canonical events as
envelopes); envelope vectors their input lines and projected envelopes;
pairing vectors their histories (bare and as request bodies).
"""

from __future__ import annotations

import gc
import io
import json
import resource
import sys
import traceback
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final
from weakref import WeakKeyDictionary

import orjson
import streamspec
from click import _compat as click_compat
from click.testing import CliRunner
from fuzz_mutations import MAX_INPUT
from streamspec import (
    DecodeError,
    ProtocolError,
    Reducer,
    StreamspecError,
    _json_exact,
    check_history,
    decode_envelope,
    decode_event,
    encode_envelope,
    judge,
    read_events,
    repair,
    reply_lines,
)
from streamspec.cli._main import main as cli_main
from streamspec.envelope import convert_lines, from_event, to_event
from streamspec.pairing._dialects import dialect_tokens
from streamspec.sources import SOURCES, read_input
from streamspec.sources._read import judge_lines

__all__ = [
    "ENTRY_POINTS",
    "MAX_INPUT",
    "ROOT",
    "EntryPoint",
    "Failure",
    "Misbehaviour",
    "peak_rss_mb",
    "reproducer",
    "run_one",
    "seeds",
    "signature_of",
]

ROOT: Final = Path(__file__).resolve().parent.parent
_PACKAGE_DIR: Final = str(Path(streamspec.__file__).resolve().parent)
#: The exit codes a command may end with (0 ran, 1 findings, 2 unusable input).
_EXITS: Final = frozenset({0, 1, 2})


class Misbehaviour(AssertionError):
    """A command broke the contract without raising: a bad exit code or a traceback printed."""


class Unwritable(AssertionError):
    """The project handed back a value that cannot be written as JSON."""


@dataclass(frozen=True)
class EntryPoint:
    """One way in: its name, which seeds it starts from, and the function taking ``bytes``."""

    name: str
    kind: str
    run: Callable[[bytes], None]
    summary: str


@dataclass(frozen=True)
class Failure:
    """An input that broke the invariant, and how."""

    entry: str
    signature: str
    error: str
    traceback: str
    data: bytes


# ----------------------------------------------------------------- invariant


def signature_of(error: BaseException) -> str:
    """``Type@file:line:function`` of the innermost frame inside streamspec, else the innermost.

    Two inputs with one signature are one failure.
    """
    frames = traceback.extract_tb(error.__traceback__)
    inside = [f for f in frames if f.filename.startswith(_PACKAGE_DIR)]
    kind = type(error).__qualname__
    if isinstance(error, Misbehaviour | Unwritable):
        return f"{kind}:{str(error).split(';')[0]}"
    if not frames:
        return kind
    frame = (inside or frames)[-1]
    where = Path(frame.filename)
    shown = where.relative_to(_PACKAGE_DIR) if str(where).startswith(_PACKAGE_DIR) else where.name
    return f"{kind}@{shown}:{frame.lineno}:{frame.name}"


def run_one(entry: EntryPoint, data: bytes) -> Failure | None:
    """Run ``entry`` on ``data`` (cut at :data:`MAX_INPUT`); the failure, or ``None``."""
    data = data[:MAX_INPUT]
    try:
        entry.run(data)
    except StreamspecError:
        return None
    except Exception as error:
        first = traceback.format_exception_only(type(error), error)[-1].strip()
        return Failure(
            entry=entry.name,
            signature=signature_of(error),
            error=first[:500],
            traceback="".join(traceback.format_exception(error)),
            data=data,
        )
    return None


def reproducer(failure: Failure) -> str:
    """A Python snippet that reproduces ``failure`` from the repository root."""
    return (
        "import sys; sys.path.insert(0, 'tools')\n"
        "from fuzz_entry_points import ENTRY_POINTS\n"
        f"ENTRY_POINTS[{failure.entry!r}].run({failure.data!r})\n"
    )


def peak_rss_mb() -> float:
    """This process's peak resident set size, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ------------------------------------------------------------------- writers


def _writable(value: Any) -> bool:
    try:
        _json_exact.dumps(value)
    except orjson.JSONEncodeError:
        return False
    return True


def _write(what: str, value: Any, given: Any = None, *, parsed: bool = False) -> None:
    """Write ``value`` as the commands do; with ``parsed``, excuse it when ``given`` was unwritable.

    Raises:
        Unwritable: naming ``what`` and orjson's reason.
    """
    try:
        _json_exact.dumps(value)
    except orjson.JSONEncodeError as error:
        if parsed and not _writable(given):
            return
        raise Unwritable(f"{what}; {error}") from error


def _parse(data: bytes) -> tuple[bool, Any]:
    """``(True, value)`` for a JSON document, ``(False, None)`` for anything else."""
    try:
        return True, _json_exact.loads(data)
    except orjson.JSONDecodeError:
        return False, None


def _problem(line: Any) -> None:
    if line.problem is not None:
        line.problem.describe()
        _write("Diagnostic.to_dict()", line.problem.to_dict())


# -------------------------------------------------------------- entry points


def _reader(source: str) -> Callable[[bytes], None]:
    def run(data: bytes) -> None:
        for line in read_events(io.BytesIO(data), source):
            line.event  # noqa: B018 - reading the property is part of the job
            _problem(line)

    run.__name__ = f"read_{source}"
    return run


def _envelope_decode(data: bytes) -> None:
    ok, value = _parse(data)
    if not ok:
        return
    envelope = decode_envelope(value)
    _write("encode_envelope()", encode_envelope(envelope), value, parsed=True)
    event = to_event(envelope)
    _write("from_event()", encode_envelope(from_event(event)), value, parsed=True)


def _reduce(data: bytes) -> None:
    reducer = Reducer()
    for line in reply_lines(read_events(io.BytesIO(data), "auto")):
        _problem(line)
        if line.event is not None:
            for diagnostic in reducer.apply(line.event):
                diagnostic.describe()
    for diagnostic in reducer.finish():
        _write("Diagnostic.to_dict()", diagnostic.to_dict())
    _write("Reducer.to_dict()", reducer.to_dict())
    _write("Reducer.export_state()", reducer.export_state())


def _judge(data: bytes) -> None:
    lines = judge_lines(read_events(io.BytesIO(data), "auto"), "auto")
    events = [line.event for line in lines if line.event is not None]
    _write("Verdict.to_dict()", [verdict.to_dict() for verdict in judge(events)])


def _convert(target: str) -> Callable[[bytes], None]:
    def run(data: bytes) -> None:
        lines = read_input(io.BytesIO(data), "auto", replay=False, keep_envelopes=True)
        for item in convert_lines(lines, target):
            for problem in item.problems:
                problem.describe()
            if item.output is not None:
                _write("convert_lines() output", item.output)

    run.__name__ = f"convert_{target}"
    return run


def _messages(value: Any) -> Any:
    """The history a request body carries, or the value itself."""
    if isinstance(value, dict) and "messages" in value:
        return value["messages"]
    return value


def _pairing_check(data: bytes) -> None:
    ok, value = _parse(data)
    if not ok:
        return
    messages = _messages(value)
    for token in dialect_tokens():
        violations = [v.to_dict() for v in check_history(messages, token)]
        _write("check_history()", violations, value, parsed=True)


_FIX_SETS: Final = ((), ("bridge",), ("invalid_arguments",), ("bridge", "invalid_arguments"))


def _pairing_repair(data: bytes) -> None:
    ok, value = _parse(data)
    if not ok:
        return
    messages = _messages(value)
    pick = zlib.crc32(data)
    orphans = ("drop", "placeholder")[pick & 1]
    fixes = _FIX_SETS[(pick >> 1) & 3]
    for token in dialect_tokens():
        repaired, report = repair(messages, token, orphans=orphans, fixes=fixes)
        _write("repair() messages", repaired, value, parsed=True)
        _write("RepairReport.to_dict()", report.to_dict(), value, parsed=True)


def _from_state(data: bytes) -> None:
    ok, value = _parse(data)
    if not ok:
        return
    reducer = Reducer.from_state(value)
    _write("Reducer.to_dict()", reducer.to_dict(), value, parsed=True)
    states = reducer.states()
    reply_id = reducer.reply_id if isinstance(reducer.reply_id, str) else "r1"
    for event in _pokes(reply_id, states):
        try:
            reducer.apply(event)
        except ProtocolError:
            break
    reducer.finish()
    _write("Reducer.to_dict()", reducer.to_dict(), value, parsed=True)
    _write("Reducer.export_state()", reducer.export_state(), value, parsed=True)


def _pokes(reply_id: str, states: dict[str, dict[str, str]]) -> Iterator[Any]:
    """Events that touch every block and tool call of a resumed state, then end the reply."""
    blocks = [label.partition(":")[2] for label in states.get("block", {})][:4]
    calls = list(states.get("tool_call", {}))[:4] + list(states.get("tool_result", {}))[:4]
    for template in _templates():
        targets: Iterable[str] = (
            blocks if "block_id" in template else calls if "tool_call_id" in template else ("",)
        )
        for target in targets:
            record = dict(template, reply_id=reply_id)
            if "block_id" in record:
                record["block_id"] = target
            if "tool_call_id" in record:
                record["tool_call_id"] = target
            try:
                yield decode_event(record)
            except DecodeError:
                continue


_CLI_RUNNER: Final = CliRunner()


def _end_of_process() -> None:
    """Release what a command keeps for the life of its process, as its exit would.

    Here every command shares one process: a command freezes the objects it
    has imported (``gc.freeze``), and click caches a text wrapper per stream it
    wrote to, in a weak dictionary whose values keep their keys alive. Left
    alone, both grow by every run and the memory bound would measure them.
    """
    gc.unfreeze()
    for source in (
        click_compat._default_text_stdin,
        click_compat._default_text_stdout,
        click_compat._default_text_stderr,
    ):
        for cell in source.__closure__ or ():
            if isinstance(cell.cell_contents, WeakKeyDictionary):
                cell.cell_contents.clear()


def _command(*args: str) -> Callable[[bytes], None]:
    def run(data: bytes) -> None:
        try:
            result = _CLI_RUNNER.invoke(cli_main, list(args), input=data, catch_exceptions=False)
        finally:
            _end_of_process()
        output = result.stdout_bytes + result.stderr_bytes
        if result.exit_code not in _EXITS:
            raise Misbehaviour(f"exit {result.exit_code}; {result.stderr[-300:]!r}")
        if b"Traceback (most recent call last)" in output:
            raise Misbehaviour(f"traceback printed; {result.stderr[-300:]!r}")

    run.__name__ = "cli_" + "_".join(args)
    return run


def _entries() -> dict[str, EntryPoint]:
    table = [
        *(
            EntryPoint(f"read-{s}", "lines", _reader(s), f"read_events(--from {s})")
            for s in SOURCES
        ),
        EntryPoint("envelope-decode", "envelope", _envelope_decode, "decode_envelope, to_event"),
        EntryPoint("reduce", "lines", _reduce, "lines, Reducer.apply, finish, to_dict, JSON"),
        EntryPoint("judge", "lines", _judge, "lines, judge(), verdicts as JSON"),
        EntryPoint("convert-envelope", "lines", _convert("envelope"), "convert_lines to envelopes"),
        EntryPoint("convert-agentscope", "lines", _convert("agentscope"), "convert_lines back"),
        EntryPoint("pairing-check", "history", _pairing_check, "check_history, every dialect"),
        EntryPoint("pairing-repair", "history", _pairing_repair, "repair, every dialect"),
        EntryPoint("from-state", "state", _from_state, "Reducer.from_state, apply, finish"),
        EntryPoint("cli-reduce", "lines", _command("reduce", "-"), "streamspec reduce -"),
        EntryPoint("cli-check", "lines", _command("check", "-"), "streamspec check -"),
        EntryPoint(
            "cli-check-json",
            "lines",
            _command("check", "--format", "json", "-"),
            "streamspec check --format json -",
        ),
        EntryPoint("cli-judge", "lines", _command("judge", "-"), "streamspec judge -"),
        EntryPoint("cli-convert", "lines", _command("convert", "-"), "streamspec convert -"),
        EntryPoint(
            "cli-pairing-check",
            "history",
            _command("pairing", "check", "--dialect", "anthropic", "-"),
            "streamspec pairing check --dialect anthropic -",
        ),
        EntryPoint(
            "cli-pairing-repair",
            "history",
            _command(
                "pairing",
                "repair",
                "--dialect",
                "deepseek-strict",
                "--orphans",
                "placeholder",
                "--fix",
                "bridge",
                "--fix",
                "invalid_arguments",
                "-",
            ),
            "streamspec pairing repair --dialect deepseek-strict (every fix) -",
        ),
    ]
    return {entry.name: entry for entry in table}


#: Every entry point, by name.
ENTRY_POINTS: Final = _entries()


# --------------------------------------------------------------------- seeds


def _jsonl(records: Iterable[Any]) -> bytes:
    return b"".join(_json_exact.dumps(record) + b"\n" for record in records)


def _vector_files(kind: str) -> list[Path]:
    base = ROOT / "spec" / "vectors" / kind
    return sorted(p for p in base.rglob("*") if p.suffix in (".json", ".jsonl"))


def _documents(path: Path) -> Iterator[dict[str, Any]]:
    """The vectors in a vector file (one per line of a ``.jsonl``)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        yield from (json.loads(line) for line in text.splitlines() if line.strip())
    else:
        yield json.loads(text)


def _cases(document: dict[str, Any]) -> list[dict[str, Any]]:
    cases = document.get("cases")
    return cases if isinstance(cases, list) else [document]


def _reduce_vectors() -> Iterator[dict[str, Any]]:
    for path in _vector_files("reduce"):
        yield from _documents(path)


def _canonical_envelope(record: dict[str, Any]) -> dict[str, Any]:
    payload = {k: v for k, v in record.items() if k != "kind"}
    return {"version": 1, "type": record.get("kind"), "payload": payload}


def _line_seeds() -> Iterator[bytes]:
    examples = ROOT / "examples"
    for path in sorted([*examples.rglob("*.jsonl"), *examples.rglob("*.sse")]):
        yield path.read_bytes()
    for vector in _reduce_vectors():
        yield _jsonl(vector.get("events", ()))
    for path in _vector_files("judge"):
        for document in _documents(path):
            for case in _cases(document):
                records = case.get("input", ())
                if case.get("from") == "canonical":
                    records = [_canonical_envelope(r) for r in records]
                yield _jsonl(records)
    for path in _vector_files("envelope"):
        for document in _documents(path):
            if isinstance(document.get("input"), list):
                yield "\n".join(document["input"]).encode() + b"\n"
            if isinstance(document.get("envelope"), dict):
                yield _jsonl([document["envelope"]])


def _envelope_seeds() -> Iterator[bytes]:
    for seed in _line_seeds():
        for line in seed.splitlines():
            if line.startswith(b'{"version"') or b'"version":' in line[:40]:
                yield line


def _history_seeds() -> Iterator[bytes]:
    for path in sorted((ROOT / "examples" / "pairing").rglob("*.json")):
        yield path.read_bytes()
    for path in _vector_files("pairing"):
        for document in _documents(path):
            for case in _cases(document):
                history = case.get("input")
                if isinstance(history, list):
                    yield _json_exact.dumps(history)
                    yield _json_exact.dumps({"model": "m", "messages": history})


_REDUCER_OPTIONS: Final = ("reply_id", "name", "role", "created_at", "strict")


def _state_seeds() -> Iterator[bytes]:
    """Exported states of every reduce vector, folded halfway and to the end (before finish)."""
    for vector in _reduce_vectors():
        options = vector.get("options", {})
        reducer = Reducer(**{k: v for k, v in options.items() if k in _REDUCER_OPTIONS})
        events = vector.get("events", [])
        half = len(events) // 2
        for number, record in enumerate(events, start=1):
            try:
                reducer.apply(decode_event(record))
            except (DecodeError, ProtocolError):
                continue
            if number == half:
                yield _json_exact.dumps(reducer.export_state())
        yield _json_exact.dumps(reducer.export_state())


_KINDS: Final[dict[str, Callable[[], Iterator[bytes]]]] = {
    "lines": _line_seeds,
    "envelope": _envelope_seeds,
    "history": _history_seeds,
    "state": _state_seeds,
}


@cache
def seeds(kind: str) -> tuple[bytes, ...]:
    """The distinct seeds of one kind, each cut at :data:`MAX_INPUT`.

    Kinds: ``lines`` (JSON lines), ``envelope`` (one envelope), ``history`` (a
    chat history or request body), ``state`` (an exported reducer state).
    """
    unique = dict.fromkeys(seed[:MAX_INPUT] for seed in _KINDS[kind]() if seed.strip())
    return tuple(unique)


@cache
def _templates() -> tuple[dict[str, Any], ...]:
    """One recorded event per AgentScope type, from the reduce vectors; ``REPLY_END`` last."""
    found: dict[str, dict[str, Any]] = {}
    for vector in _reduce_vectors():
        for record in vector.get("events", ()):
            kind = record.get("type") if isinstance(record, dict) else None
            if isinstance(kind, str) and kind not in found:
                try:
                    decode_event(record)
                except DecodeError:
                    continue
                found[kind] = record
    end = found.pop("REPLY_END", None)
    return (*found.values(), *([end] if end else []))


if __name__ == "__main__":  # pragma: no cover
    for name, entry in ENTRY_POINTS.items():
        sys.stdout.write(f"{name:20} {len(seeds(entry.kind)):5} seeds  {entry.summary}\n")
