"""A transformation's own arguments that differ from the reference's, read in the judge.

When a student's `jax.vmap`, `jax.grad` or `lax.fori_loop` is handed other arguments than the
reference hands the same transformation (`in_axes`, `out_axes`, `argnums`, a loop's upper bound),
the wrong value is made by that line, not by the correct body it runs. Only differences that change
what is computed count: an argument left at its default equals the default written out, and a loop
may start elsewhere with a matching initial value; only an upper bound with `- 1` that the
reference's lacks is taken for the classic inclusive-bound slip.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import Aliases, ParsedCell, reached_definitions

__all__ = ["TransformArgument", "differing_transform_argument"]

# Keyword arguments compared, per transformation, with the value each takes when left out.
_COMPARED: dict[str, dict[str, str]] = {
    "jax.vmap": {"in_axes": "0", "out_axes": "0"},
    "jax.grad": {"argnums": "0"},
    "jax.value_and_grad": {"argnums": "0"},
    "jax.jacrev": {"argnums": "0"},
    "jax.jacfwd": {"argnums": "0"},
}
# Positional places of the compared keywords (jax.vmap(f, in_axes, out_axes), jax.grad(f, argnums)).
_POSITIONS: dict[str, tuple[str, ...]] = {
    "jax.vmap": ("in_axes", "out_axes"),
    "jax.grad": ("argnums",),
    "jax.value_and_grad": ("argnums",),
    "jax.jacrev": ("argnums",),
    "jax.jacfwd": ("argnums",),
}
_FORI_LOOP = "jax.lax.fori_loop"
# The kind of function a transformation is given: only the same kind as the reference's is compared.
_TRANSFORMED = " transformed"


def _kind(function: ast.expr, aliases: Aliases) -> str:
    """`jax.grad` for `jax.grad(loss)`, `lambda` for a lambda, `name` for a function named."""
    if isinstance(function, ast.Call):
        return aliases.resolve(function.func) or "call"
    return "lambda" if isinstance(function, ast.Lambda) else "name"


@dataclass(frozen=True)
class TransformArgument:
    """Where a transformation gets an argument the reference's does not: the line, the statement,
    the transformation, the argument and both values as written."""

    filename: str
    line: int
    code: str
    transform: str
    argument: str
    written: str
    expected: str


def differing_transform_argument(cells: tuple[ParsedCell, ...], reference: tuple[ParsedCell, ...],
                                 function: str) -> TransformArgument | None:
    """The first transformation call in `function` (or a helper it calls) whose compared argument
    differs from the same transformation's in the reference's `function`; None when none does or
    the reference uses no such transformation."""
    expected = {name: arguments for name, arguments, _ in _transform_calls(reference, function)}
    for name, arguments, (filename, statement) in _transform_calls(cells, function):
        if name not in expected:
            continue
        if name == _FORI_LOOP:
            upper, reference_upper = arguments.get("upper", ""), expected[name].get("upper", "")
            if _minus_one(upper) and not _minus_one(reference_upper):
                return TransformArgument(filename, statement.lineno, ast.unparse(statement), "lax.fori_loop",
                                         "upper", upper, reference_upper)
            continue
        if arguments.get(_TRANSFORMED) != expected[name].get(_TRANSFORMED):
            continue  # another function transformed (a lambda where the reference maps `grad(loss)`)
        for argument, default in _COMPARED[name].items():
            written = arguments.get(argument, default)
            wanted = expected[name].get(argument, default)
            if _normal(written) != _normal(wanted):
                return TransformArgument(filename, statement.lineno, ast.unparse(statement), name, argument,
                                         written, wanted)
    return None


def _transform_calls(cells: tuple[ParsedCell, ...],
                     function: str) -> list[tuple[str, dict[str, str], tuple[str, ast.stmt]]]:
    """(transformation, its compared arguments as written, (file, the statement)) in line order."""
    aliases = Aliases()
    for cell in cells:
        aliases.learn(cell.tree)
    found: list[tuple[int, str, dict[str, str], tuple[str, ast.stmt]]] = []
    for filename, definition in reached_definitions(cells, function):
        for statement in ast.walk(definition):
            if not isinstance(statement, (ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                continue
            for node in ast.walk(statement):
                if not isinstance(node, ast.Call):
                    continue
                name = aliases.resolve(node.func)
                if name == _FORI_LOOP and len(node.args) >= 2:
                    found.append((statement.lineno, name, {"upper": ast.unparse(node.args[1])}, (filename, statement)))
                elif name in _COMPARED and node.args:
                    arguments = {key: ast.unparse(value) for key, value in
                                 zip(_POSITIONS[name], node.args[1:], strict=False)}
                    arguments[_TRANSFORMED] = _kind(node.args[0], aliases)
                    arguments.update({keyword.arg: ast.unparse(keyword.value) for keyword in node.keywords
                                      if keyword.arg in _COMPARED[name]})
                    found.append((statement.lineno, name, arguments, (filename, statement)))
    return [(name, arguments, where) for _, name, arguments, where in sorted(found, key=lambda item: item[0])]


def _normal(written: str) -> str:
    """An argument's value, with a list written as a tuple and a one-item tuple as its item."""
    try:
        value = ast.literal_eval(written)
    except (ValueError, SyntaxError):
        return written
    if isinstance(value, list):
        value = tuple(value)
    if isinstance(value, tuple) and len(value) == 1:
        value = value[0]
    return repr(value)


def _minus_one(written: str) -> bool:
    return written.replace(" ", "").endswith("-1")
