"""The reference implementation, speaking adapter protocol v1 on stdin and stdout.

Theory of operation: :func:`serve` reads one request line at a time and
writes exactly one answer line per ``start`` and ``run`` (flushed at once),
none for ``stop``. Outputs come from :func:`streamspec.conform._reference.reference_output`.

Rules:

1. Before ``start`` no ``run`` is served: it is answered ``errored``.
2. A ``start`` with another protocol version is answered ``errored`` and
   the adapter exits with status 2.
3. A line that is not a valid request is answered ``errored`` (with the
   request's ``seq`` when it has an integer one) and serving goes on.
4. A case that raises is answered ``errored`` with the error's text; the
   adapter keeps running.
5. ``stop`` or the end of stdin ends serving with status 0.

A *break mode* makes exactly one thing wrong, so a runner's tests can show
that each comparison and each failure path catches it (:data:`BREAK_MODES`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from importlib import metadata
from typing import IO, Any, Final

from streamspec.conform import _protocol as msg
from streamspec.conform._reference import ALL_CHECKS, ALL_KINDS, preload, reference_output

__all__ = ["BREAK_MODES", "IMPLEMENTATION", "MISBEHAVING_RUN", "serve"]


def _version() -> str:
    try:
        return metadata.version("streamspec")
    except metadata.PackageNotFoundError:
        return "unknown"


#: How the reference names itself in ``ready``.
IMPLEMENTATION: Final = {"name": "streamspec", "version": _version(), "language": "python"}
#: The run (counted from 1 in each process) on which the misbehaving modes act.
MISBEHAVING_RUN: Final = 3
#: Every break mode and what it makes wrong.
BREAK_MODES: Final = {
    "message": "reduce: appends '#broken' to the first text of the message (else its name)",
    "diagnostics": "reduce: drops the last diagnostic",
    "states": "reduce: changes the first state of the first machine to 'broken'",
    "verdicts": "judge: flips usage_state (known/unknown) of the first verdict",
    "pairing": "pairing: flips changed; check: drops the last violation",
    "envelope": "envelope: drops the last output line (projection: changes event_type)",
    "crash": "exits with status 3, unanswered, on the 3rd run of each process",
    "hang": "sleeps forever on the 3rd run of each process",
    "garbage": "writes a line that is not JSON on the 3rd run of each process",
    "seq": "echoes seq + 1 on the 3rd run of each process",
    "skip": "skips every strict case (reduce options.strict true): 'no strict mode'",
}
_BROKEN: Final = "#broken"


def _break_text(message: Any) -> None:
    if not isinstance(message, dict):
        return
    for block in message.get("content") or ():
        if isinstance(block, dict) and isinstance(block.get("text"), str):
            block["text"] += _BROKEN
            return
    message["name"] = f"{message.get('name') or ''}{_BROKEN}"


def _break_output(mode: str | None, kind: str, out: dict[str, Any]) -> None:
    """Make the one change ``mode`` asks for in ``out`` (in place)."""
    if mode == "message" and kind == "reduce":
        _break_text(out.get("message"))
    elif mode == "diagnostics" and kind == "reduce" and out.get("diagnostics"):
        out["diagnostics"].pop()
    elif mode == "states" and kind == "reduce":
        for instances in out.get("states", {}).values():
            if instances:
                instances[next(iter(instances))] = "broken"
                break
    elif mode == "verdicts" and kind == "judge" and out["verdicts"]:
        first = out["verdicts"][0]
        first["usage_state"] = "unknown" if first["usage_state"] == "known" else "known"
    elif mode == "pairing" and kind == "pairing":
        if "changed" in out:
            out["changed"] = not out["changed"]
        elif out.get("violations"):
            out["violations"].pop()
    elif mode == "envelope" and kind == "envelope":
        for key in ("lines", "outputs"):
            if out.get(key):
                out[key].pop()
        if "event_type" in out:
            out["event_type"] = f"{out['event_type']}{_BROKEN}"


class _Server:
    """One adapter process's state: the start handshake and the run count."""

    def __init__(self, stdout: IO[bytes], break_mode: str | None) -> None:
        self.stdout = stdout
        self.break_mode = break_mode
        self.kinds: tuple[str, ...] | None = None
        self.checks: tuple[str, ...] = ()
        self.runs = 0

    def send(self, message: Mapping[str, Any]) -> None:
        self.stdout.write(msg.encode(message))
        self.stdout.flush()

    def on_start(self, request: Mapping[str, Any]) -> int | None:
        if request["protocol"] != msg.PROTOCOL:
            self.send(
                msg.errored(
                    f"unsupported protocol {request['protocol']}; this adapter speaks "
                    f"{msg.PROTOCOL}"
                )
            )
            return 2
        self.kinds = tuple(k for k in ALL_KINDS if k in request["kinds"])
        self.checks = tuple(c for c in ALL_CHECKS if c in request["checks"])
        preload(self.kinds)
        self.send(msg.ready(IMPLEMENTATION, self.kinds, self.checks))
        return None

    def on_run(self, request: Mapping[str, Any]) -> None:
        seq: int = request["seq"]
        kind: str = request["kind"]
        case: Mapping[str, Any] = request["case"]
        self.runs += 1
        misbehave = self.runs == MISBEHAVING_RUN
        if self.kinds is None:
            self.send(msg.errored("run before start", seq))
            return
        if kind not in self.kinds:
            self.send(msg.errored(f"kind {kind!r} was not started", seq))
            return
        if misbehave and self.break_mode == "crash":
            sys.stderr.write("adapter: crashing on purpose (--break crash)\n")
            sys.stderr.flush()
            raise SystemExit(3)
        if misbehave and self.break_mode == "hang":
            while True:
                time.sleep(3600)
        if misbehave and self.break_mode == "garbage":
            self.stdout.write(b"this line is not JSON\n")
            self.stdout.flush()
            return
        options = case.get("options")
        if (
            self.break_mode == "skip"
            and kind == "reduce"
            and isinstance(options, dict)
            and options.get("strict") is True
        ):
            self.send(msg.skipped(seq, "no strict mode"))
            return
        try:
            out = reference_output(
                kind, case, after_each=bool(request["after_each"]), checks=self.checks
            )
        except Exception as error:  # rule 4: any failure of a case is its answer
            self.send(msg.errored(f"{type(error).__name__}: {error}", seq))
            return
        _break_output(self.break_mode, kind, out)
        answer_seq = seq + 1 if misbehave and self.break_mode == "seq" else seq
        self.send(msg.result(answer_seq, out))


def serve(stdin: IO[bytes], stdout: IO[bytes], *, break_mode: str | None = None) -> int:
    """Serve protocol v1 requests from ``stdin`` until ``stop`` or its end; return the exit status.

    Args:
        stdin: the request lines (binary, UTF-8).
        stdout: where answers go (binary); flushed after each answer.
        break_mode: one of :data:`BREAK_MODES`, or ``None`` to behave.
    """
    if break_mode is not None and break_mode not in BREAK_MODES:
        raise ValueError(f"unknown break mode {break_mode!r}; expected one of {list(BREAK_MODES)}")
    server = _Server(stdout, break_mode)
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = msg.decode(line)
        except msg.MessageError as error:
            server.send(msg.errored(str(error)))
            continue
        problems = msg.message_problems(request, types=("start", "run", "stop"))
        if problems:
            seq = request.get("seq")
            good_seq = isinstance(seq, int) and not isinstance(seq, bool) and seq >= 1
            text = "invalid request: " + "; ".join(problems)
            server.send(msg.errored(text, seq if good_seq else None))
            continue
        if request["type"] == "stop":
            return 0
        if request["type"] == "start":
            status = server.on_start(request)
            if status is not None:
                return status
            continue
        server.on_run(request)
    return 0
