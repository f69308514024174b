"""Generated sections of docs/completion.md, rendered from the spec data.

Each entry of :data:`SECTIONS` renders the markdown between
``<!-- BEGIN GENERATED: name -->`` and ``<!-- END GENERATED: name -->`` of
the first of :data:`DOC_FILES`; the project's generator
(``python -m streamspec._docs [--check]``) writes and checks them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Final

from streamspec.completion._finish_reasons import vocabularies
from streamspec.completion._table import EVIDENCE_MACHINES, VERDICT_MACHINE, completion_table

__all__ = ["DOC_FILES", "SECTIONS"]

#: The files whose generated sections this module owns, relative to the repository.
DOC_FILES: Final = ("docs/completion.md",)


def _cell(text: str | None) -> str:
    return "" if text is None else text.replace("|", "\\|").replace("\n", " ")


def render_diagram() -> str:
    """The verdict machine and the evidence machines as Mermaid state diagrams."""
    table = completion_table()
    out: list[str] = []
    for name in (VERDICT_MACHINE, *EVIDENCE_MACHINES):
        spec = table.machines[name]
        out += [
            f"**{name}**",
            "",
            "```mermaid",
            "stateDiagram-v2",
            "    direction LR",
            f"    [*] --> {spec.initial}",
        ]
        for row in spec.rows:
            label = row.event if row.guard is None else f"{row.event} [{row.guard.text()}]"
            out.append(f"    {row.source} --> {row.target} : {label}")
        out += [f"    {s.name} --> [*]" for s in spec.states if s.final]
        out += ["```", ""]
    return "\n".join(out).rstrip("\n")


def render_table() -> str:
    """Every machine's states and rows, grouped by machine."""
    table = completion_table()
    out: list[str] = []
    for name in (VERDICT_MACHINE, *EVIDENCE_MACHINES):
        spec = table.machines[name]
        out += [
            f"#### `{name}`",
            "",
            _cell(spec.description),
            "",
            "| state | verdict | final | meaning |",
            "|---|---|---|---|",
        ]
        out += [
            f"| `{s.name}` | {s.wire or ''} | {'yes' if s.final else ''} | {_cell(s.doc)} |"
            for s in spec.states
        ]
        out += [
            "",
            "| source | event | guard | target | action | ref |",
            "|---|---|---|---|---|---|",
        ]
        for row in spec.rows:
            guard = row.guard.text() if row.guard else ""
            out.append(
                f"| `{row.source}` | `{row.event}` | {_cell(guard)} | `{row.target}` "
                f"| {row.action or ''} | {_cell(row.ref)} |"
            )
        out.append("")
    return "\n".join(out).rstrip("\n")


def render_joint() -> str:
    """The state-triggered rules, in precedence order."""
    table = completion_table()
    out = [_cell(table.joint_description), "", "| # | when | fires | ref |", "|---|---|---|---|"]
    for index, rule in enumerate(table.rules, start=1):
        out.append(f"| {index} | {_cell(rule.text())} | `{rule.event}` | {_cell(rule.ref)} |")
    out += [
        "",
        "Usage fields of the verdict: " + ", ".join(f"`{f}`" for f in table.usage_fields) + ".",
    ]
    for source, mapping in table.usage_sources.items():
        pairs = ", ".join(f"`{k}` → `{v}`" for k, v in mapping.items())
        out.append(f"- {source}: {pairs}")
    return "\n".join(out)


def render_finish_reasons() -> str:
    """Every vocabulary's words with their class and reason."""
    out: list[str] = []
    for vocabulary in vocabularies().values():
        out += [
            f"#### {vocabulary.name} (`{vocabulary.vocabulary}`)",
            "",
            f"Field: {_cell(vocabulary.field)}. Source: {_cell(vocabulary.source)}.",
            "",
            "| reason | class | why |",
            "|---|---|---|",
        ]
        out += [
            f"| `{r.reason}` | {r.finish_class.value} | {_cell(r.why)} |"
            for r in vocabulary.reasons
        ]
        out.append("")
    return "\n".join(out).rstrip("\n")


#: ``marker name -> renderer``.
SECTIONS: Final[Mapping[str, Callable[[], str]]] = {
    "completion-diagram": render_diagram,
    "completion-table": render_table,
    "completion-joint": render_joint,
    "finish-reasons": render_finish_reasons,
}


if __name__ == "__main__":
    from streamspec._docs import main

    sys.exit(main(sys.argv[1:]))
