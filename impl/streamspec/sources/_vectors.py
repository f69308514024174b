"""The judge vectors of the recorded provider streams: ``spec/vectors/judge/may/providers.json``.

One case per ``examples/<source>/*.sse|jsonl`` file: its records in order (a
``[DONE]`` line as the string ``"[DONE]"``, SSE framing dropped), read with
``from`` the source; the expected verdicts and problems come from the
reference runner (:func:`streamspec.completion._vectors.run_case`).
``python -m streamspec.sources._vectors [--check]`` writes (or checks) the file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from streamspec._generated import dump_json, run_generator
from streamspec._resources import example_path, spec_dir
from streamspec.completion._vectors import run_case
from streamspec.sources._registry import PROVIDER_SOURCES
from streamspec.sources._sse import DONE, provider_lines

__all__ = ["PATH", "build", "main"]

#: The file this module writes.
PATH: Final = Path("vectors") / "judge" / "may" / "providers.json"
_SCHEMA_REF: Final = "../../../schema/judge_vector.schema.json"


def _records(path: Path) -> list[Any]:
    with path.open("rb") as stream:
        return [
            "[DONE]" if line.record is DONE else line.record
            for line in provider_lines(stream)
            if line.record is not None
        ]


def build() -> dict[str, Any]:
    """The vector file: one case per recorded provider stream, expectations included."""
    cases = []
    for source in PROVIDER_SOURCES:
        folder = example_path(source.name)
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.suffix not in (".sse", ".jsonl"):
                continue
            case: dict[str, Any] = {
                "id": re.sub(r"[^a-z0-9.-]+", "-", f"{source.name}-{path.stem}".lower()),
                "description": (
                    f"The recorded {source.title} stream examples/{source.name}/{path.name}: "
                    "each call's verdict from the source's own evidence."
                ),
                "ref": "issue 13 §2: judge gives correct verdicts on recorded streams",
                "from": source.name,
                "input": _records(path),
            }
            result = run_case(case)
            case["expected"] = result["verdicts"]
            if result["problems"]:
                case["problems"] = result["problems"]
            cases.append(case)
    return {
        "$schema": _SCHEMA_REF,
        "description": (
            "Recorded provider streams (OpenAI Chat and Responses, Anthropic, AG-UI, Vercel AI "
            "UI): complete, cut off, cut by a limit, failed."
        ),
        "cases": cases,
    }


def _files() -> dict[Path, str]:
    return {spec_dir() / PATH: dump_json(build())}


def main(argv: Sequence[str] | None = None) -> int:
    """Write the file, or with ``--check`` name it when stale and return 1."""
    return run_generator(_files, argv)


if __name__ == "__main__":
    sys.exit(main())
