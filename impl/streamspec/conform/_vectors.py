"""Loading conformance vectors for a runner.

The vectors live at ``spec/vectors/<kind>/<level>/<file>`` (the folder the
package ships, or any copy of it). One :class:`VectorCase` per case:

- reduce: a ``.json`` file is one vector, named by the file's stem; a
  ``.jsonl`` file holds one vector per line, each with its ``name``;
- judge: ``{"cases": [...]}``, each named by its ``id``;
- envelope: a file is one vector, named by the file's stem;
- pairing: ``{"cases": [...]}``, each named by its position in the file
  (``"0"``, ``"1"``, …: the cases carry no name).

A case's id is ``<file>#<name>`` with ``file`` relative to the vectors root
(``reduce/must/seed000.json#seed000``). Cases come in a fixed order: kind
(reduce, judge, envelope, pairing), level (must, should, may), file path,
position in the file. A malformed file is a :class:`SpecError` that lists
every problem found with its path.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, Final

import attrs
import orjson

from streamspec import _json_exact
from streamspec._errors import SpecError, UsageError
from streamspec._resources import spec_dir
from streamspec.conform._compare import KINDS

__all__ = [
    "EXPECTATION_KEYS",
    "KINDS",
    "LEVELS",
    "VectorCase",
    "load_cases",
    "request_case",
    "vectors_root",
]

#: The vector levels, in the order a run takes them.
LEVELS: Final = ("must", "should", "may")

#: The keys a runner removes from a case before sending it to a program.
EXPECTATION_KEYS: Final = ("expected", "problems", "seed_expected")

#: The input keys each kind's cases must hold (besides ``expected``).
_REQUIRED: Final[Mapping[str, tuple[str, ...]]] = {
    "reduce": ("events",),
    "judge": ("id", "from", "input"),
    "envelope": ("kind",),
    "pairing": ("operation", "input"),
}


@attrs.frozen
class VectorCase:
    """One conformance case and where it came from.

    Attributes:
        kind: ``reduce``, ``judge``, ``envelope`` or ``pairing``.
        level: ``must``, ``should`` or ``may``.
        file: the file's path relative to the vectors root, with ``/``.
        name: the case's name, unique in its file.
        tags: the case's ``tags``.
        case: the full case, expectations included.
    """

    kind: str
    level: str
    file: str
    name: str
    tags: tuple[str, ...]
    case: Mapping[str, Any]

    @property
    def id(self) -> str:
        """``<file>#<name>``: the case's name across the whole vector set."""
        return f"{self.file}#{self.name}"

    @property
    def after_each(self) -> bool:
        """True for a reduce case whose expectation holds a message per event."""
        expected = self.case.get("expected")
        return self.kind == "reduce" and isinstance(expected, Mapping) and "after_each" in expected


def vectors_root() -> Path:
    """Return the folder of the vectors shipped with the package."""
    return spec_dir() / "vectors"


def request_case(case: Mapping[str, Any]) -> dict[str, Any]:
    """Return the case as a program receives it: every expectation key removed."""
    return {key: value for key, value in case.items() if key not in EXPECTATION_KEYS}


def _check_choice(what: str, given: Collection[str], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(given) - set(allowed))
    if unknown:
        raise UsageError(f"unknown {what} {', '.join(unknown)}; expected {', '.join(allowed)}")


def load_cases(
    root: Path | None = None,
    *,
    kinds: Collection[str] = KINDS,
    levels: Collection[str] = LEVELS,
    tags: Collection[str] = (),
    substring: str | None = None,
) -> Iterator[VectorCase]:
    """Yield the selected cases below ``root`` (default: the shipped vectors).

    Args:
        root: a folder laid out as ``<kind>/<level>/<file>``.
        kinds: keep these kinds.
        levels: keep these levels.
        tags: when non-empty, keep the cases carrying at least one of them.
        substring: when given, keep the cases whose id contains it
            (case-insensitive).

    Raises:
        UsageError: an unknown kind or level was asked for.
        SpecError: a selected file is malformed (every problem listed).
    """
    _check_choice("kind", kinds, KINDS)
    _check_choice("level", levels, LEVELS)
    base = vectors_root() if root is None else root
    needle = substring.casefold() if substring is not None else None
    wanted_tags = set(tags)
    for kind in KINDS:
        if kind not in kinds:
            continue
        for level in LEVELS:
            if level not in levels:
                continue
            folder = base / kind / level
            if not folder.is_dir():
                continue
            files = sorted(p for p in folder.iterdir() if p.suffix in {".json", ".jsonl"})
            for path in files:
                for case in _file_cases(base, kind, level, path):
                    if wanted_tags and not wanted_tags & set(case.tags):
                        continue
                    if needle is not None and needle not in case.id.casefold():
                        continue
                    yield case


def _file_cases(base: Path, kind: str, level: str, path: Path) -> list[VectorCase]:
    relative = path.relative_to(base).as_posix()
    problems: list[str] = []
    named: list[tuple[str, Any, str]] = []  # (name, case, JSON path)
    try:
        if path.suffix == ".jsonl":
            lines = path.read_bytes().splitlines()
            for number, line in enumerate(lines):
                if not line.strip():
                    continue
                value = _json_exact.loads(line)
                where = f"$[{number}]"
                name = value.get("name") if isinstance(value, dict) else None
                if not isinstance(name, str):
                    problems.append(f"a .jsonl vector needs a string name @ {where}.name")
                    name = str(number)
                named.append((name, value, where))
        else:
            document = _json_exact.loads(path.read_bytes())
            if kind in {"judge", "pairing"}:
                cases = document.get("cases") if isinstance(document, dict) else None
                if not isinstance(cases, list):
                    raise SpecError(relative, ["the file needs a cases array @ $.cases"])
                for number, value in enumerate(cases):
                    where = f"$.cases[{number}]"
                    name = value.get("id") if kind == "judge" and isinstance(value, dict) else None
                    # A case without a string id (required for judge, reported below) is
                    # named by its position.
                    named.append((name if isinstance(name, str) else str(number), value, where))
            else:
                named.append((path.stem, document, "$"))
    except orjson.JSONDecodeError as error:
        raise SpecError(relative, [f"not JSON: {error} @ $"]) from None
    out = []
    seen: set[str] = set()
    for name, value, where in named:
        problems += _case_problems(kind, value, where)
        if name in seen:
            problems.append(f"the name {name!r} is not unique in its file @ {where}")
        seen.add(name)
        if not isinstance(value, dict):
            continue
        raw_tags = value.get("tags", [])
        tags = (
            tuple(t for t in raw_tags if isinstance(t, str)) if isinstance(raw_tags, list) else ()
        )
        out.append(VectorCase(kind, level, relative, name, tags, value))
    if problems:
        raise SpecError(relative, problems)
    return out


def _case_problems(kind: str, value: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"a case must be an object @ {where}"]
    problems = [
        f"missing key {key} @ {where}.{key}"
        for key in ("expected", *_REQUIRED[kind])
        if key not in value
    ]
    tags = value.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        problems.append(f"tags must be an array of strings @ {where}.tags")
    return problems
