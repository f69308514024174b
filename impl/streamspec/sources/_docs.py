"""Generated sections of docs/sources.md: each provider source's mapping table.

One section per source, ``source-<name>``, rendered from
``spec/sources/<name>.json``; ``python -m streamspec._docs [--check]`` writes
and checks them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, Final

from streamspec._resources import load_spec_json
from streamspec.sources._registry import PROVIDER_SOURCES

__all__ = ["DOC_FILES", "SECTIONS", "render_source", "source_table"]

#: The files whose generated sections this module owns, relative to the repository.
DOC_FILES: Final = ("docs/sources.md",)


def source_table(name: str) -> Mapping[str, Any]:
    """The mapping table of source ``name`` (``spec/sources/<name>.json``)."""
    table: Mapping[str, Any] = load_spec_json(f"sources/{name}.json")
    return table


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _codes(items: list[str]) -> str:
    return ", ".join(f"`{item}`" for item in items) if items else "—"


def render_source(name: str) -> str:
    """The Markdown of one source's mapping."""
    table = source_table(name)
    out = [
        f"**{table['title']}** (`--from {table['source']}`; {table['version']})",
        "",
        f"- **Wire.** {table['wire']}",
        f"- **Detected by `auto`.** {table['detect']}",
        f"- **Reply, call and block ids.** {table['reply']}",
        f"- **Finish words.** The `{table['vocabulary']}` vocabulary of "
        "`spec/finish_reasons.json` (see [completion](completion.md)).",
        f"- **Usage.** {table['usage']}",
        f"- **End of input.** {table['end_of_input']}",
        "",
        "| wire type | events | fields | rule |",
        "|---|---|---|---|",
    ]
    for entry in table["types"]:
        fields = "<br>".join(
            f"`{_cell(wire)}` → `{_cell(target)}`"
            for wire, target in entry.get("fields", {}).items()
        )
        out.append(
            f"| `{_cell(entry['type'])}` | {_codes(entry['events'])} | {fields or '—'} | "
            f"{_cell(entry['rule'])} |"
        )
    if table["violations"]:
        out += ["", "`source_violation` (error; the record is kept, never folded):", ""]
        out += ["| when | message |", "|---|---|"]
        out += [f"| {_cell(v['when'])} | {_cell(v['message'])} |" for v in table["violations"]]
    return "\n".join(out) + "\n"


def _renderer(name: str) -> Callable[[], str]:
    return lambda: render_source(name)


#: ``section name -> renderer``, one per provider source.
SECTIONS: Final[Mapping[str, Callable[[], str]]] = {
    f"source-{source.name}": _renderer(source.name) for source in PROVIDER_SOURCES
}

if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write("".join(render() for render in SECTIONS.values()))
