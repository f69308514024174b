"""Code mutants: a small, deterministic AST mutator for Python modules.

Rules:

1. A mutant is one edit of one module's source text: a node's source span is
   replaced by new text, so the rest of the file stays byte for byte.
2. Its id is ``path:line:col:operator`` (line 1-based, col the node's 0-based
   ``col_offset``); a second mutant with the same id in the same file gets
   ``#2``, ``#3``... in source order. The same file gives the same ids.
3. A mutant whose text does not parse, or equals the original, is dropped.
4. Never mutated: docstrings, ``__all__``, type annotations, ``assert``
   statements, ``if TYPE_CHECKING:`` blocks, logging calls, string keys of
   dict displays and subscripts (they only name things), f-string parts, the
   string arguments of a raised exception (its message), and the string value
   of a ``label=`` keyword (a Hypothesis draw's or target's name in a report).

Operators:

``cmp``      a comparison swapped (``==``/``!=``, ``<``/``<=``, ``>``/``>=``, ``in``/``not in``,
             ``is``/``is not``); ``cmp2``... for the later operators of a chain.
``bool``     ``and`` <-> ``or``.
``not``      ``not x`` -> ``x``.
``arith``    ``+`` <-> ``-``.
``const``    ``0`` <-> ``1``, ``n`` -> ``n + 1``, ``True`` <-> ``False``, ``"s"`` -> ``"XXs"``.
``return``   ``return expr`` -> ``return None`` (expr not a constant).
``del``      a statement deleted (replaced by ``pass``): a call statement, a ``raise``,
             an augmented assignment, an assignment to an attribute or item, a ``del``.
``negate``   an ``if`` condition (statement or expression) negated; swaps its branches.
``index``    a slice bound ``e`` -> ``e + 1``.
``loopctl``  a ``break`` or ``continue`` deleted.
``default``  an argument's default dropped (the first positional default, or any
             keyword-only one).
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Mutant", "apply", "diff_line", "mutants_of_file", "mutants_of_source"]

_CMP_SWAP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_LOG_NAMES = frozenset({"log", "logger", "logging", "_log", "_logger", "LOG"})


@dataclass(frozen=True)
class Mutant:
    """One edit of one file: replace ``[start, end)`` (character offsets) by ``text``."""

    id: str
    path: str
    line: int
    operator: str
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Edit:
    line: int
    col: int
    operator: str
    start: int
    end: int
    text: str


class _Offsets:
    """Maps ast (line, byte column) positions to character offsets in the source."""

    def __init__(self, source: str) -> None:
        self.lines = source.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def at(self, line: int, col: int) -> int:
        text = self.lines[line - 1] if line - 1 < len(self.lines) else ""
        chars = len(text.encode("utf-8")[:col].decode("utf-8", errors="ignore"))
        return self.starts[line - 1] + chars


def _span(node: ast.AST, offsets: _Offsets) -> tuple[int, int]:
    start = offsets.at(node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = offsets.at(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return start, end


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _is_log_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    while isinstance(func, ast.Attribute):
        if isinstance(func.value, ast.Name) and func.value.id in _LOG_NAMES:
            return True
        func = func.value
    return False


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", "")
    return name == "TYPE_CHECKING"


def _is_all(node: ast.stmt) -> bool:
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        targets = [node.target]
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


class _Collector:
    """Walks a module and yields every edit the operators allow."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.offsets = _Offsets(source)
        self.edits: list[_Edit] = []

    def edit(self, node: ast.AST, operator: str, text: str, span: ast.AST | None = None) -> None:
        target = span or node
        start, end = _span(target, self.offsets)
        self.edits.append(
            _Edit(node.lineno, node.col_offset, operator, start, end, text)  # type: ignore[attr-defined]
        )

    # -- the walk -------------------------------------------------------

    def walk(self, node: ast.AST, names_only: bool = False) -> None:
        if isinstance(node, (ast.Assert, ast.JoinedStr)) or _is_log_call(node):
            return
        if isinstance(node, ast.If) and _is_type_checking(node):
            return
        self.mutate(node, names_only)
        for field, value in ast.iter_fields(node):
            if field in {"annotation", "returns", "type_comment", "type_params"}:
                continue
            if isinstance(node, ast.Dict) and field == "keys":
                for key in value:
                    if key is not None:
                        self.walk(key, names_only=True)
                continue
            if isinstance(node, ast.Subscript) and field == "slice":
                self.walk(value, names_only=True)
                continue
            if isinstance(node, ast.Raise) and field == "exc" and value is not None:
                self.walk(value, names_only=True)
                continue
            if isinstance(node, ast.keyword) and node.arg == "label" and field == "value":
                self.walk(value, names_only=True)
                continue
            if isinstance(value, list):
                body = [v for v in value if isinstance(v, ast.AST)]
                if body and isinstance(body[0], ast.stmt):
                    self.walk_body(body)
                else:
                    for item in body:
                        self.walk(item, names_only)
            elif isinstance(value, ast.AST):
                self.walk(value, names_only)

    def walk_body(self, body: list[ast.AST]) -> None:
        for index, stmt in enumerate(body):
            if index == 0 and isinstance(stmt, ast.stmt) and _is_docstring(stmt):
                continue
            if isinstance(stmt, ast.stmt) and _is_all(stmt):
                continue
            self.delete(stmt)
            self.walk(stmt)

    # -- operators ------------------------------------------------------

    def delete(self, stmt: ast.AST) -> None:
        if isinstance(stmt, (ast.Break, ast.Continue)):
            self.edit(stmt, "loopctl", "pass")
            return
        deletable = isinstance(stmt, (ast.Raise, ast.AugAssign, ast.Delete)) or (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and not _is_log_call(stmt.value)
        )
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            deletable = all(isinstance(t, (ast.Attribute, ast.Subscript)) for t in targets)
        if deletable:
            self.edit(stmt, "del", "pass")

    def mutate(self, node: ast.AST, names_only: bool) -> None:
        if isinstance(node, ast.Compare):
            for index, op in enumerate(node.ops):
                swap = _CMP_SWAP.get(type(op))
                if swap is None:
                    continue
                ops = list(node.ops)
                ops[index] = swap()
                new = ast.Compare(left=node.left, ops=ops, comparators=node.comparators)
                name = "cmp" if index == 0 else f"cmp{index + 1}"
                self.edit(node, name, ast.unparse(new))
        elif isinstance(node, ast.BoolOp):
            other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            self.edit(node, "bool", ast.unparse(ast.BoolOp(op=other, values=node.values)))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self.edit(node, "not", f"({ast.unparse(node.operand)})")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            flip: ast.operator = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
            self.edit(
                node, "arith", ast.unparse(ast.BinOp(left=node.left, op=flip, right=node.right))
            )
        elif isinstance(node, ast.Constant):
            self.constant(node, names_only)
        elif isinstance(node, ast.Return) and node.value is not None:
            if not isinstance(node.value, ast.Constant):
                self.edit(node, "return", "return None")
        elif isinstance(node, (ast.If, ast.IfExp)):
            self.edit(node, "negate", f"not ({ast.unparse(node.test)})", span=node.test)
        elif isinstance(node, ast.Slice):
            for bound in (node.lower, node.upper):
                if bound is not None:
                    self.edit(bound, "index", f"({ast.unparse(bound)}) + 1")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            self.defaults(node.args)

    def constant(self, node: ast.Constant, names_only: bool) -> None:
        value = node.value
        if isinstance(value, bool):
            self.edit(node, "const", repr(not value))
        elif isinstance(value, int):
            self.edit(node, "const", repr({0: 1, 1: 0}.get(value, value + 1)))
        elif isinstance(value, float):
            self.edit(node, "const", repr(value + 1.0))
        elif isinstance(value, str) and not names_only:
            self.edit(node, "const", repr("XX" + value))

    def defaults(self, args: ast.arguments) -> None:
        positional = [*args.posonlyargs, *args.args]
        pairs: list[tuple[ast.arg, ast.expr]] = []
        if args.defaults:
            pairs.append((positional[len(positional) - len(args.defaults)], args.defaults[0]))
        pairs.extend(
            (arg, default)
            for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
            if default is not None
        )
        for arg, default in pairs:
            start = self.offsets.at(arg.end_lineno or arg.lineno, arg.end_col_offset or 0)
            end = self.offsets.at(default.end_lineno or 0, default.end_col_offset or 0)
            self.edits.append(_Edit(arg.lineno, arg.col_offset, "default", start, end, ""))


def apply(source: str, mutant: Mutant) -> str:
    """Return ``source`` with ``mutant`` applied."""
    return source[: mutant.start] + mutant.text + source[mutant.end :]


def mutants_of_source(source: str, path: str) -> list[Mutant]:
    """Return every valid mutant of one module's source, in source order, with stable ids."""
    collector = _Collector(source)
    collector.walk_body(list(ast.parse(source).body))
    result: list[Mutant] = []
    seen: dict[str, int] = {}
    for edit in sorted(collector.edits, key=lambda e: (e.line, e.col, e.operator, e.start)):
        if source[edit.start : edit.end] == edit.text:
            continue
        base = f"{path}:{edit.line}:{edit.col}:{edit.operator}"
        seen[base] = seen.get(base, 0) + 1
        ident = base if seen[base] == 1 else f"{base}#{seen[base]}"
        mutant = Mutant(ident, path, edit.line, edit.operator, edit.start, edit.end, edit.text)
        try:
            ast.parse(apply(source, mutant))
        except SyntaxError:
            continue
        result.append(mutant)
    return result


def mutants_of_file(root: Path, relative: str) -> list[Mutant]:
    """Return the mutants of ``root / relative``; ids carry ``relative``."""
    return mutants_of_source((root / relative).read_text(encoding="utf-8"), relative)


def diff_line(source: str, mutant: Mutant) -> str:
    """Return the first changed line as ``- old`` / ``+ new`` (stripped), on one line."""
    old, new = source.splitlines(), apply(source, mutant).splitlines()
    removed, added = "", ""
    for line in difflib.unified_diff(old, new, lineterm="", n=0):
        if line.startswith("-") and not line.startswith("---") and not removed:
            removed = line[1:].strip()
        elif line.startswith("+") and not line.startswith("+++") and not added:
            added = line[1:].strip()
    return f"- {removed} / + {added}"


def iter_ids(mutants: list[Mutant]) -> Iterator[str]:
    """Yield the ids of ``mutants``."""
    return (m.id for m in mutants)
