"""Adapter protocol v1: the messages, how they are written, and how they are checked.

Rules (normative text: ``spec/protocol/README.md``; one JSON Schema per
message type beside it, which :func:`message_problems` mirrors):

1. One JSON object per line, UTF-8, ``\\n`` at the end, no blank lines.
2. The runner sends ``start``, then ``run`` any number of times, then
   ``stop``. The implementation answers ``start`` with ``ready`` (or
   ``errored`` and exits) and each ``run`` with exactly one ``result``,
   ``skipped`` or ``errored`` that echoes its ``seq``; ``stop`` gets no answer.
3. A receiver ignores keys it does not know, so later versions may add keys.
4. ``seq`` is an integer (never a boolean), 1 or more.

This module knows no process and no vector: it builds, writes, reads and
checks messages. The client is :mod:`streamspec.conform._program`, the
reference implementation :mod:`streamspec.conform._adapter`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping
from typing import Any, Final

import orjson

from streamspec import _json_exact
from streamspec._errors import StreamspecError

__all__ = [
    "CHECKS",
    "EXPECTATION_KEYS",
    "KINDS",
    "PROTOCOL",
    "MessageError",
    "MessageType",
    "decode",
    "encode",
    "errored",
    "message_problems",
    "ready",
    "result",
    "run",
    "skipped",
    "start",
    "stop",
]

#: The protocol version this module speaks.
PROTOCOL: Final = 1
#: The kinds of vector, in the order a runner offers them.
KINDS: Final = ("reduce", "judge", "envelope", "pairing")
#: The parts of a reduce output that can be compared separately.
CHECKS: Final = ("message", "diagnostics", "states")
#: The keys a runner deletes from a vector case before sending it.
EXPECTATION_KEYS: Final = ("expected", "problems", "seed_expected")


class MessageType(enum.Enum):
    """The ``type`` of a protocol message."""

    START = "start"
    READY = "ready"
    RUN = "run"
    RESULT = "result"
    SKIPPED = "skipped"
    ERRORED = "errored"
    STOP = "stop"


class MessageError(StreamspecError, ValueError):
    """A line that is not a valid protocol message.

    Attributes:
        problems: every problem found, each ending in ``@ $.path``.
    """

    def __init__(self, problems: Collection[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid protocol message: " + "; ".join(self.problems))


def encode(message: Mapping[str, Any]) -> bytes:
    """Return ``message`` as one protocol line, newline included."""
    return _json_exact.dumps(message) + b"\n"


def decode(line: bytes | str) -> dict[str, Any]:
    """Parse one protocol line into a JSON object (not yet checked as a message).

    Raises:
        MessageError: the line is not JSON, or not a JSON object.
    """
    text = line.strip()
    if not text:
        raise MessageError(["an empty line @ $"])
    try:
        value = _json_exact.loads(text)
    except orjson.JSONDecodeError as error:
        raise MessageError([f"not JSON ({error}) @ $"]) from None
    if not isinstance(value, dict):
        raise MessageError([f"not a JSON object but {_json_type(value)} @ $"])
    return value


def start(kinds: Collection[str], checks: Collection[str]) -> dict[str, Any]:
    """Return a ``start`` message offering ``kinds`` and ``checks``."""
    return {"type": "start", "protocol": PROTOCOL, "kinds": list(kinds), "checks": list(checks)}


def ready(
    implementation: Mapping[str, str], kinds: Collection[str], checks: Collection[str]
) -> dict[str, Any]:
    """Return a ``ready`` answer naming the implementation and what it supports."""
    return {
        "type": "ready",
        "protocol": PROTOCOL,
        "implementation": dict(implementation),
        "kinds": list(kinds),
        "checks": list(checks),
    }


def run(seq: int, kind: str, case: Mapping[str, Any], *, after_each: bool) -> dict[str, Any]:
    """Return a ``run`` request for one case (expectations already removed)."""
    return {"type": "run", "seq": seq, "kind": kind, "case": dict(case), "after_each": after_each}


def result(seq: int, output: Mapping[str, Any]) -> dict[str, Any]:
    """Return a ``result`` answer."""
    return {"type": "result", "seq": seq, "output": dict(output)}


def skipped(seq: int, reason: str) -> dict[str, Any]:
    """Return a ``skipped`` answer."""
    return {"type": "skipped", "seq": seq, "reason": reason}


def errored(message: str, seq: int | None = None) -> dict[str, Any]:
    """Return an ``errored`` answer; without ``seq`` it answers ``start`` or an unreadable line."""
    out: dict[str, Any] = {"type": "errored"}
    if seq is not None:
        out["seq"] = seq
    out["message"] = message
    return out


def stop() -> dict[str, Any]:
    """Return the ``stop`` message."""
    return {"type": "stop"}


# -- checking ---------------------------------------------------------------

_Check = Callable[[Any], str | None]


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def _string(value: Any) -> str | None:
    return None if isinstance(value, str) else f"expected a string, got {_json_type(value)}"


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"expected a boolean, got {_json_type(value)}"


def _object(value: Any) -> str | None:
    return None if isinstance(value, dict) else f"expected an object, got {_json_type(value)}"


def _seq(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"expected an integer, got {_json_type(value)}"
    return None if value >= 1 else f"expected 1 or more, got {value}"


def _protocol(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return f"expected an integer, got {_json_type(value)}"
    return None


def _version(value: Any) -> str | None:
    return None if _protocol(value) is None and value == PROTOCOL else f"expected {PROTOCOL}"


def _one_of(names: tuple[str, ...]) -> _Check:
    def check(value: Any) -> str | None:
        return None if value in names else f"expected one of {list(names)}, got {value!r}"

    return check


def _strings(value: Any) -> str | None:
    if not isinstance(value, list):
        return f"expected an array, got {_json_type(value)}"
    bad = [i for i, item in enumerate(value) if not isinstance(item, str)]
    return f"expected strings, item {bad[0]} is not" if bad else None


def _implementation(value: Any) -> str | None:
    if not isinstance(value, dict):
        return f"expected an object, got {_json_type(value)}"
    for key in ("name", "version", "language"):
        if not isinstance(value.get(key), str):
            return f"expected a string {key!r}"
    return None


#: Per message type: field -> (check, required). Mirrors spec/protocol/*.schema.json.
_FIELDS: Final[dict[str, dict[str, tuple[_Check, bool]]]] = {
    "start": {
        "protocol": (_protocol, True),
        "kinds": (_strings, True),
        "checks": (_strings, True),
    },
    "ready": {
        "protocol": (_version, True),
        "implementation": (_implementation, True),
        "kinds": (_strings, True),
        "checks": (_strings, True),
    },
    "run": {
        "seq": (_seq, True),
        "kind": (_one_of(KINDS), True),
        "case": (_object, True),
        "after_each": (_boolean, True),
    },
    "result": {"seq": (_seq, True), "output": (_object, True)},
    "skipped": {"seq": (_seq, True), "reason": (_string, True)},
    "errored": {"seq": (_seq, False), "message": (_string, True)},
    "stop": {},
}


def message_problems(message: Any, *, types: Collection[str] | None = None) -> list[str]:
    """Return every problem of ``message`` as a protocol message, each ``... @ $.path``.

    ``types`` limits which message types are acceptable here (``None``: any).
    An empty list means the message is valid. Keys the type does not define
    are ignored (rule 3).
    """
    if not isinstance(message, dict):
        return [f"expected a JSON object, got {_json_type(message)} @ $"]
    kind = message.get("type")
    allowed = tuple(_FIELDS) if types is None else tuple(types)
    if kind not in allowed:
        return [f"expected type one of {list(allowed)}, got {kind!r} @ $.type"]
    problems = []
    for key, (check, required) in _FIELDS[kind].items():
        if key not in message:
            if required:
                problems.append(f"required key missing @ $.{key}")
            continue
        problem = check(message[key])
        if problem is not None:
            problems.append(f"{problem} @ $.{key}")
    return problems
