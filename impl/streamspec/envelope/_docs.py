"""The generated sections of ``docs/envelope.md``, rendered from this package's own tables.

Each section sits between ``<!-- BEGIN GENERATED: name -->`` and
``<!-- END GENERATED: name -->``; :data:`SECTIONS` maps each name to the
function that renders it. ``python -m streamspec.envelope._docs [--check]``
rewrites (or checks) the sections in :data:`DOC_FILES`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final

from streamspec._codec import EVENT_BY_KIND
from streamspec.envelope._catalog import CATALOG, catalog_document
from streamspec.envelope._projection import PROJECTION_FIELDS, ROWS
from streamspec.sources._a3s import A3S_MAPPING, A3S_TYPES

__all__ = ["DOC_FILES", "SECTIONS"]

#: The documents holding sections rendered here, relative to the repository root.
DOC_FILES: Final = ("docs/envelope.md",)


def _catalog() -> str:
    lines = ["| # | type | family | AgentScope `type` | summary |", "|---|---|---|---|---|"]
    for number, entry in enumerate(catalog_document()["types"], start=1):
        agentscope = f"`{entry['agentscope_type']}`" if entry["agentscope_type"] else "—"
        cells = (str(number), f"`{entry['type']}`", entry["family"], agentscope, entry["summary"])
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _rule(rule: dict[str, object]) -> str:
    extract = rule["extract"]
    if "path" in rule:
        return f"{extract}(`{'.'.join(rule['path'])}`)"  # type: ignore[arg-type]
    paths = ", ".join(f"`{'.'.join(p)}`" for p in rule["paths"])  # type: ignore[attr-defined]
    return f"{extract}({paths})"


def _projection() -> str:
    lines = ["| type | source | fields | data_json |", "|---|---|---|---|"]
    for row in ROWS.values():
        fields = "; ".join(
            f"{name} ← {_rule(dict(rule))}"
            for name in PROJECTION_FIELDS
            if (rule := row.fields.get(name)) is not None
        )
        keep = "kept" if row.data_json else "—"
        lines.append(f"| `{row.type}` | {row.source} | {fields} | {keep} |")
    lines.append("| any other type (unknown ones included) | — | none | kept |")
    return "\n".join(lines)


def _a3s() -> str:
    lines = ["| a3s type | becomes | rule |", "|---|---|---|"]
    for type_ in A3S_TYPES:
        becomes, rule = A3S_MAPPING.get(
            type_, ("opaque (unknown event + `opaque_event`)", "rule 10")
        )
        lines.append(f"| `{type_}` | {becomes} | {rule} |")
    lines.append("| any other type | unknown event + `unknown_record` | rule 10 |")
    return "\n".join(lines)


def _agentscope() -> str:
    lines = ["| AgentScope `type` | envelope `type` | payload |", "|---|---|---|"]
    for kind, cls in EVENT_BY_KIND.items():
        lines.append(f"| `{cls.TYPE}` | `{kind}` | the AgentScope object minus `type` |")
    lines.append("| other UPPER_SNAKE `X` | `x` (lower-cased) | the object minus `type` |")
    completion = ", ".join(f"`{kind}`" for kind in CATALOG if kind not in EVENT_BY_KIND)
    lines.append(f"| — | {completion} | not expressible in AgentScope (`not_expressible`) |")
    return "\n".join(lines)


#: ``name -> renderer`` of every generated section.
SECTIONS: Final[dict[str, Callable[[], str]]] = {
    "envelope-catalog": _catalog,
    "envelope-projection": _projection,
    "envelope-a3s-mapping": _a3s,
    "envelope-agentscope-mapping": _agentscope,
}


if __name__ == "__main__":
    from streamspec._docs import main

    sys.exit(main(sys.argv[1:]))
