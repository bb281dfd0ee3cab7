"""The function a JAX loop or transform was given, read in the judge: where a body's fault is.

`lax.fori_loop`, `lax.while_loop`, `lax.scan` and `jax.vmap` check the function they are given when
they trace it, and raise at the call (`lax.scan(step, ...)`) or inside the body (`coeffs[i]`, with
`def body(acc, i)` taking the loop index second). The mistake is in the body's definition: its
parameters, or what it returns. Given the line that raised, this finds the `def` of that function:
the body the line sits in, when a loop in the same file is given it, else the function a loop call on
that very line is given.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import ParsedCell

__all__ = ["LoopBody", "loop_body_behind"]

# Which positional argument each loop takes its function in, by the called name's last part.
_BODY_POSITION = {"fori_loop": 2, "while_loop": 1, "scan": 0, "vmap": 0, "map": 0}


@dataclass(frozen=True)
class LoopBody:
    """`loop` (`fori_loop`, `scan`, ...) is given the function defined at `filename`:`line` as `signature`."""

    loop: str
    filename: str
    line: int
    signature: str


def loop_body_behind(cells: tuple[ParsedCell, ...], filename: str, line: int) -> LoopBody | None:
    """The loop body whose definition is behind an error raised at `filename`:`line`; None when the line
    neither sits in a function a loop is given nor calls a loop with a function defined in the file."""
    if line <= 0:
        return None
    definitions: dict[str, tuple[str, ast.FunctionDef]] = {}
    given: dict[str, str] = {}  # function name -> the loop it is given to
    calls_on_line: list[tuple[str, str]] = []
    for cell in cells:
        for node in ast.walk(cell.tree):
            if isinstance(node, ast.FunctionDef):
                definitions.setdefault(node.name, (cell.filename, node))
            if not isinstance(node, ast.Call):
                continue
            loop = _loop_name(node.func)
            position = _BODY_POSITION.get(loop or "")
            if loop is None or position is None or len(node.args) <= position:
                continue
            body = node.args[position]
            if isinstance(body, ast.Name):
                given.setdefault(body.id, loop)
                if cell.filename == filename and node.lineno <= line <= (node.end_lineno or node.lineno):
                    calls_on_line.append((body.id, loop))
    # The body the raising line sits in, innermost first.
    enclosing = [(name, definition) for name, (where, definition) in definitions.items()
                 if where == filename and name in given
                 and definition.lineno <= line <= (definition.end_lineno or definition.lineno)]
    for name, definition in sorted(enclosing, key=lambda item: -item[1].lineno):
        return LoopBody(given[name], filename, definition.lineno, _signature(definition))
    for name, loop in calls_on_line:
        if name in definitions:
            where, definition = definitions[name]
            return LoopBody(loop, where, definition.lineno, _signature(definition))
    return None


def _loop_name(func: ast.expr) -> str | None:
    """`fori_loop` for `lax.fori_loop`, `jax.lax.fori_loop` or a bare `fori_loop`; `vmap` for `jax.vmap`."""
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _signature(definition: ast.FunctionDef) -> str:
    return f"def {definition.name}({ast.unparse(definition.args)}):"
