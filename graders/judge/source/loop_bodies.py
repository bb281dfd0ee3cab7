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

from .parsed import ParsedCell, definition_of

__all__ = ["LoopBody", "StaleStart", "loop_body_behind", "stale_start"]

# Which positional argument each loop takes its function in, by the called name's last part.
_BODY_POSITION = {"fori_loop": 2, "while_loop": 1, "scan": 0, "vmap": 0, "map": 0}


# Which positional argument each loop takes its starting value in, and which of the body's parameters is the carry.
_START_POSITION = {"fori_loop": (3, 1), "while_loop": (2, 0), "scan": (1, 0)}


@dataclass(frozen=True)
class StaleStart:
    """Line `line` of `filename` (`code`), in the body `body` given to `loop`, reads `start`, the loop's starting
    value, where the step's own carry is `carry`."""

    loop: str
    body: str
    start: str
    carry: str
    filename: str
    line: int
    code: str


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


def stale_start(cells: tuple[ParsedCell, ...], function: str) -> StaleStart | None:
    """The first line of a loop body defined in `function` that reads the loop's starting value by its outer name
    (`lax.fori_loop(0, steps, step, theta)` with `step` reading `theta`): every step then starts from the start
    again instead of from its carry. None when no body does; read in the judge, a pointer for a message only."""
    found = definition_of(cells, function)
    if found is None:
        return None
    filename, outer = found
    local = {node.name: node for node in ast.walk(outer) if isinstance(node, ast.FunctionDef)}
    for node in ast.walk(outer):
        if not isinstance(node, ast.Call):
            continue
        loop = _loop_name(node.func)
        if loop not in _START_POSITION or len(node.args) <= max(_BODY_POSITION[loop], _START_POSITION[loop][0]):
            continue
        body, start = node.args[_BODY_POSITION[loop]], node.args[_START_POSITION[loop][0]]
        if not (isinstance(body, ast.Name) and body.id in local and isinstance(start, ast.Name)):
            continue
        definition = local[body.id]
        parameters = [argument.arg for argument in definition.args.args]
        carry_index = _START_POSITION[loop][1]
        if len(parameters) <= carry_index or start.id in parameters:
            continue
        for inner in ast.walk(definition):
            if isinstance(inner, ast.Name) and inner.id == start.id and isinstance(inner.ctx, ast.Load):
                return StaleStart(loop, body.id, start.id, parameters[carry_index], filename, inner.lineno,
                                  _line_code(definition, inner.lineno) or start.id)
    return None


def _line_code(definition: ast.FunctionDef, line: int) -> str | None:
    """The statement of `definition` on `line`, as `ast.unparse` writes it."""
    found = [node for node in ast.walk(definition) if isinstance(node, ast.stmt) and node.lineno == line
             and node is not definition]
    return ast.unparse(found[0]) if found else None
