"""Where a function's outputs come from, read from its source in the judge: the statement that makes each
returned value, what the reference calls them, and a draw from a global random generator.

They only point a message at a line; no verdict rests on them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import Aliases, ParsedCell, definition_of, reached_definitions

__all__ = ["SourceLine", "global_generator_draw", "key_made_from_a_constant", "returned_names",
           "statement_making_output"]

# Everything under these draws from a process-wide generator; the names listed build a generator of one's own.
_GLOBAL_GENERATORS = ("numpy.random.", "random.")
_OWN_GENERATORS = frozenset({"numpy.random.default_rng", "numpy.random.Generator", "numpy.random.RandomState",
                             "random.Random", "random.SystemRandom"})
_SIMPLE_STATEMENTS = (ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)


@dataclass(frozen=True)
class SourceLine:
    filename: str
    line: int
    code: str


def _own_nodes(definition: ast.AST) -> list[ast.AST]:
    """The nodes of a function's body, nested functions and classes left out."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = list(getattr(definition, "body", []))
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return found


def _returned_values(cells: tuple[ParsedCell, ...], function: str,
                     count: int) -> tuple[str, ast.Return, list[ast.expr], list[ast.AST]] | None:
    """(file, the only `return`, one expression per output, the body's nodes) when the function has one `return`
    of `count` values (a tuple written out, or one value); None otherwise."""
    found = definition_of(cells, function)
    if found is None:
        return None
    filename, definition = found
    nodes = _own_nodes(definition)
    returns = [node for node in nodes if isinstance(node, ast.Return)]
    if len(returns) != 1 or returns[0].value is None:
        return None
    value = returns[0].value
    if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == count:
        return filename, returns[0], list(value.elts), nodes
    if count == 1:
        return filename, returns[0], [value], nodes
    return None


def returned_names(cells: tuple[ParsedCell, ...], function: str, count: int) -> tuple[str, ...] | None:
    """The names `function` returns its `count` outputs under (`return W, b` -> ("W", "b")); None where it
    returns anything but plain names."""
    found = _returned_values(cells, function, count)
    if found is None or not all(isinstance(value, ast.Name) for value in found[2]):
        return None
    return tuple(value.id for value in found[2] if isinstance(value, ast.Name))


def statement_making_output(cells: tuple[ParsedCell, ...], function: str, position: int,
                            count: int) -> SourceLine | None:
    """The statement that makes output `position` of `count`: the last assignment to the name returned there,
    before the `return`, or the `return` itself where the value is written in it; None where the function
    has several returns or another number of outputs."""
    found = _returned_values(cells, function, count)
    if found is None or not 0 <= position < count:
        return None
    filename, returned, values, nodes = found
    value = values[position]
    if isinstance(value, ast.Name):
        assignments = [node for node in nodes
                       if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.lineno < returned.lineno
                       and value.id in _assigned_names(node)]
        if assignments:
            statement = max(assignments, key=lambda node: node.lineno)
            return SourceLine(filename, statement.lineno, ast.unparse(statement))
    return SourceLine(filename, returned.lineno, ast.unparse(returned))


def _assigned_names(statement: ast.Assign | ast.AnnAssign | ast.AugAssign) -> set[str]:
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    return {node.id for target in targets for node in ast.walk(target)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


def global_generator_draw(cells: tuple[ParsedCell, ...], function: str) -> SourceLine | None:
    """The first statement in `function` (or a helper it calls) that draws from `numpy.random`'s or `random`'s
    process-wide generator; None where none does."""
    aliases = Aliases()
    for cell in cells:
        aliases.learn(cell.tree)
    draws: list[SourceLine] = []
    for filename, definition in reached_definitions(cells, function):
        for statement in _own_nodes(definition):
            if not isinstance(statement, _SIMPLE_STATEMENTS):
                continue
            for node in ast.walk(statement):
                name = aliases.resolve(node.func) if isinstance(node, ast.Call) else None
                if name and name.startswith(_GLOBAL_GENERATORS) and name not in _OWN_GENERATORS:
                    draws.append(SourceLine(filename, statement.lineno, ast.unparse(statement)))
                    break
    return min(draws, key=lambda draw: (draw.filename != draws[0].filename, draw.line)) if draws else None


_KEY_MAKERS = frozenset({"jax.random.key", "jax.random.PRNGKey"})


def key_made_from_a_constant(cells: tuple[ParsedCell, ...], function: str) -> SourceLine | None:
    """The first statement in `function` (or a helper it calls) that makes a random key from a constant seed
    (`jax.random.key(0)`), which gives every call the same numbers whatever key it is given; None where none does."""
    aliases = Aliases()
    for cell in cells:
        aliases.learn(cell.tree)
    for filename, definition in reached_definitions(cells, function):
        for statement in sorted((node for node in _own_nodes(definition) if isinstance(node, _SIMPLE_STATEMENTS)),
                                key=lambda node: node.lineno):
            for node in ast.walk(statement):
                if (isinstance(node, ast.Call) and aliases.resolve(node.func) in _KEY_MAKERS and node.args
                        and all(isinstance(argument, ast.Constant) for argument in node.args)):
                    return SourceLine(filename, statement.lineno, ast.unparse(statement))
    return None
