"""Where a function builds a new `jax.jit` each time it runs, read in the judge.

`jax.jit(f)(x)` in a body, or an inner `@jax.jit def`, makes a new jitted function per call: JAX
caches compiled programs per function object, so every call traces and compiles again, and the
graded name itself is not jitted.
"""

from __future__ import annotations

import ast
import re

from .parsed import ParsedCell, reached_definitions

__all__ = ["JIT_BUILT", "jit_built_inside"]

# A jit made by a call: `jax.jit(f)`, `jit(f)` after `from jax import jit`, `partial(jax.jit, ...)`.
JIT_BUILT = r"\bjax\.jit\(|(?<![\w.])jit\(|partial\((jax\.)?jit\b"
_JIT_DECORATOR = re.compile(r"^(jax\.)?jit$|^(jax\.)?jit\(|^(functools\.)?partial\((jax\.)?jit\b")
_SIMPLE = (ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)


def jit_built_inside(cells: tuple[ParsedCell, ...], function: str) -> tuple[str, int, str] | None:
    """(file name, line, code) of the first place `function` (or a helper it calls) builds a jit
    while it runs: a statement calling `jax.jit`, or a nested `def` under a jit decorator (its
    decorator's line, where the student wrote `@jax.jit`). None when there is none."""
    pattern = re.compile(JIT_BUILT)
    for filename, definition in reached_definitions(cells, function):
        sites: list[tuple[int, str]] = []
        for node in ast.walk(definition):
            if node is definition:
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for decorator in node.decorator_list:
                    if _JIT_DECORATOR.search(ast.unparse(decorator)):
                        sites.append((decorator.lineno, f"@{ast.unparse(decorator)} def {node.name}"))
            elif isinstance(node, _SIMPLE) and pattern.search(ast.unparse(node)):
                sites.append((node.lineno, ast.unparse(node)))
        if sites:
            line, code = min(sites)
            return filename, line, code
    return None
