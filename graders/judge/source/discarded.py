"""Statements that throw away the value of a pure JAX call, read in the judge.

`x.at[i].set(v)` on a line of its own changes nothing: JAX arrays are immutable, and `.at[...]`
returns the updated copy. The same holds for every `jnp.` and `lax.` function and `jax.tree.map`.
A statement that drops such a value is never what the student meant, and where the output is wrong
it is the line to show, not the `return` that hands back the unchanged array.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import Aliases, ParsedCell, reached_definitions

__all__ = ["DiscardedResult", "discarded_result"]

# `.at[...]` methods: each returns the updated array (`jax.numpy.ndarray.at`).
_AT_METHODS = frozenset({"set", "add", "subtract", "multiply", "mul", "divide", "power", "min", "max", "apply", "get"})
# Modules whose functions only return values: a call to one as a statement does nothing.
_PURE_MODULES = ("jax.numpy.", "jax.lax.", "jax.tree.", "jax.tree_util.", "jax.nn.", "jax.scipy.")


@dataclass(frozen=True)
class DiscardedResult:
    """Where a pure call's value is dropped, the call as written, and the statement that keeps it.
    `kind` is "call" for a dropped call, "scan_carry" for a `lax.scan` whose final carry is dropped
    while the function returns the last of its stacked outputs."""

    filename: str
    line: int
    code: str
    fix: str
    kind: str = "call"


def discarded_result(cells: tuple[ParsedCell, ...], function: str) -> DiscardedResult | None:
    """The first statement of `function` (or a helper it calls) that is a pure JAX call whose value
    nothing keeps; None when there is none."""
    aliases = Aliases()
    for cell in cells:
        aliases.learn(cell.tree)
    for filename, definition in reached_definitions(cells, function):
        statements = sorted((node for node in ast.walk(definition) if isinstance(node, ast.Expr)),
                            key=lambda node: node.lineno)
        for statement in statements:
            call = statement.value
            if not isinstance(call, ast.Call):
                continue
            code = ast.unparse(statement)
            updated = _updated_by_at(call)
            if updated is not None:
                target = ast.unparse(updated) if isinstance(updated, ast.Name) else None
                fix = f"{target} = {code}" if target else f"return {code}"
                return DiscardedResult(filename, statement.lineno, code, fix)
            name = aliases.resolve(call.func)
            if name is not None and name.startswith(_PURE_MODULES):
                return DiscardedResult(filename, statement.lineno, code, f"result = {code}")
        scan = _last_output_of_scan(definition, aliases)
        if scan is not None:
            line, code, fix = scan
            return DiscardedResult(filename, line, code, fix, "scan_carry")
    return None


def _last_output_of_scan(definition: ast.FunctionDef | ast.AsyncFunctionDef,
                         aliases: Aliases) -> tuple[int, str, str] | None:
    """(line, code, fix) of `return ys[-1]` where `_, ys = lax.scan(...)` dropped the final carry: the
    last stacked output is what the last step emitted, not the state it left."""
    dropped: dict[str, str] = {}  # the stacked outputs' name -> the scan statement
    for node in ast.walk(definition):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)
                and len(node.targets[0].elts) == 2 and isinstance(node.value, ast.Call)
                and aliases.resolve(node.value.func) == "jax.lax.scan"):
            carry, outputs = node.targets[0].elts
            if isinstance(carry, ast.Name) and carry.id == "_" and isinstance(outputs, ast.Name):
                dropped[outputs.id] = ast.unparse(node.value)
    for node in ast.walk(definition):
        if (isinstance(node, ast.Return) and isinstance(node.value, ast.Subscript)
                and isinstance(node.value.value, ast.Name) and node.value.value.id in dropped
                and ast.unparse(node.value.slice) == "-1"):
            return node.lineno, ast.unparse(node), f"carry, _ = {dropped[node.value.value.id]}"
    return None


def _updated_by_at(call: ast.Call) -> ast.expr | None:
    """`x` for `x.at[i].set(v)` (any `.at` method); None for any other call."""
    method = call.func
    if not (isinstance(method, ast.Attribute) and method.attr in _AT_METHODS):
        return None
    indexed = method.value
    if not (isinstance(indexed, ast.Subscript) and isinstance(indexed.value, ast.Attribute)
            and indexed.value.attr == "at"):
        return None
    return indexed.value.value
