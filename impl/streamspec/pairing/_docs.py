"""The generated dialect table of ``docs/pairing.md``, rendered from the dialect data.

The project's generator (``python -m streamspec._docs [--check]``) writes and
checks it between ``<!-- BEGIN GENERATED: pairing-dialects -->`` and
``<!-- END GENERATED: pairing-dialects -->``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Final

from streamspec.pairing._dialects import Rule, dialect_tokens, get_dialect, rule_families

__all__ = ["DOC_FILES", "SECTIONS", "render_table"]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_table() -> str:
    """Render the rule-by-dialect table and each dialect's error texts as Markdown."""
    tokens = dialect_tokens()
    dialects = [get_dialect(t) for t in tokens]
    infos = rule_families()
    lines = [
        "| rule | family | repaired by | " + " | ".join(f"`{t}`" for t in tokens) + " |",
        "|---|---|---|" + "---|" * len(tokens),
    ]
    for rule in Rule:
        info = infos[rule]
        if info.fix is not None:
            by = f"`--fix {info.fix.value}`"
        elif info.family.value == "pairing":
            by = "always"
        else:
            by = "never (reported)"
        marks = " | ".join("✓" if rule in d.rules else "" for d in dialects)
        lines.append(f"| `{rule.value}` | {info.family.value} | {by} | {marks} |")
    lines.append("")
    lines.append(
        "| dialect | adjacency | split calls | duplicate ids | after tool | call turn after "
        "| reasoning | arguments JSON |"
    )
    lines.append("|---|---|---|---|---|---|---|---|")
    for d in dialects:
        cells = [
            f"`{d.token}`",
            d.adjacency.value,
            "allowed" if d.split_calls_allowed else "rejected",
            "allowed" if d.duplicate_ids_allowed else "rejected",
            d.role_after_tool.value,
            d.call_turn_predecessor.value,
            "required" if d.reasoning_passback_required else "-",
            "required" if d.arguments_must_be_json else "-",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    for d in dialects:
        lines.append("")
        lines.append(f"**`{d.token}`** — {d.title}. {_cell(d.notes)}")
        lines.append("")
        for rule in Rule:
            if rule in d.errors:
                lines.append(f"- `{rule.value}`: {_cell(d.errors[rule])}")
        lines.append(f"- sources: {', '.join(d.sources)}")
    return "\n".join(lines)


#: The generated sections of the pairing doc: marker name -> render.
SECTIONS: Final[Mapping[str, Callable[[], str]]] = {"pairing-dialects": render_table}
#: The doc the sections live in.
DOC_FILES: Final = ("docs/pairing.md",)


if __name__ == "__main__":
    from streamspec._docs import main

    sys.exit(main(sys.argv[1:]))
