"""Where a value that had to be a plain Python number became a traced JAX value, read in the judge.

`n = jnp.array(x.shape).prod()` then `jnp.reshape(x, (n,))` raises on the second line under jit,
but the first made the mistake: a shape computed with JAX operations is traced. Given the line that
raised, this finds the statement before it, in the same function, that bound one of the names the
raising line uses to the result of a JAX call.
"""

from __future__ import annotations

import ast

from .parsed import Aliases, ParsedCell

__all__ = ["traced_origin"]


def traced_origin(cells: tuple[ParsedCell, ...], filename: str, line: int) -> tuple[int, str, str] | None:
    """(line, code, name) of the assignment that made a name used on `line` a JAX value; None when
    the raising line uses no such name."""
    if line <= 0:
        return None
    aliases = Aliases()
    for each in cells:
        aliases.learn(each.tree)
    # The cells of a .py file share its name: the one whose function holds the line.
    functions = (_enclosing_function(cell.tree, line) for cell in cells if cell.filename == filename)
    function = next((found for found in functions if found is not None), None)
    if function is None:
        return None
    raising = [node for node in ast.walk(function) if isinstance(node, ast.stmt)
               and node.lineno <= line <= (node.end_lineno or node.lineno) and not _has_body(node)]
    if not raising:
        return None
    used = [node.id for node in ast.walk(raising[-1]) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
    origins: dict[str, ast.Assign] = {}
    for node in ast.walk(function):
        if (isinstance(node, ast.Assign) and node.lineno < line and _calls_jax(node.value, aliases)):
            for target in node.targets:
                if isinstance(target, ast.Name) and (target.id not in origins
                                                     or origins[target.id].lineno < node.lineno):
                    origins[target.id] = node
    for name in used:
        if name in origins:
            return origins[name].lineno, ast.unparse(origins[name]), name
    return None


def _has_body(node: ast.stmt) -> bool:
    return isinstance(getattr(node, "body", None), list)


def _enclosing_function(tree: ast.Module, line: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    found = None
    for node in ast.walk(tree):
        if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                and node.lineno <= line <= (node.end_lineno or node.lineno)):
            if found is None or node.lineno > found.lineno:
                found = node
    return found


def _calls_jax(value: ast.expr, aliases: Aliases) -> bool:
    for node in ast.walk(value):
        if isinstance(node, ast.Call):
            name = aliases.resolve(node.func)
            if name is not None and (name == "jax" or name.startswith("jax.")):
                return True
    return False
