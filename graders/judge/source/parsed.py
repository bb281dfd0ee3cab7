"""Cells parsed once, with the names their imports bind, resolved to dotted module paths."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from ..submission import Submission

__all__ = ["MAX_READ_DEPTH", "Aliases", "ParsedCell", "definition_of", "last_definition", "module_level",
           "parameter_default", "parse_cells", "qualified_name", "raise_statement_at", "reached_definitions",
           "single_return", "statement_matching", "too_deep"]


@dataclass(frozen=True)
class ParsedCell:
    """A cell's syntax tree. `unread_line`: a statement nested too deeply for the judge's readers, which
    recurse (an expression of 1,500 terms): the tree is then left empty, and the line is a tripwire."""

    filename: str
    tree: ast.Module
    unread_line: int = 0


# Deeper than any code a person writes; Python's own recursion limit (1,000 frames) is met at a few
# hundred levels by the readers (`ast.NodeVisitor`, `ast.unparse`), each of which takes frames per level.
MAX_READ_DEPTH = 200


def parse_cells(submission: Submission) -> tuple[ParsedCell, ...]:
    """The cells grading runs, parsed; a cell that does not parse is left out (the worker reports it)."""
    parsed = []
    for cell in submission.cells_to_run:
        try:
            tree = ast.parse(cell.source, cell.filename)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        deep = too_deep(tree)
        parsed.append(ParsedCell(cell.filename, ast.Module(body=[], type_ignores=[]), deep) if deep
                      else ParsedCell(cell.filename, tree))
    return tuple(parsed)


def too_deep(tree: ast.Module) -> int:
    """The line of the first node nested deeper than `MAX_READ_DEPTH`, found without recursion; 0 if none."""
    pending: list[tuple[ast.AST, int, int]] = [(tree, 0, 0)]
    while pending:
        node, depth, line = pending.pop()
        line = getattr(node, "lineno", line)
        if depth > MAX_READ_DEPTH:
            return line or 1
        pending.extend((child, depth + 1, line) for child in ast.iter_child_nodes(node))
    return 0


@dataclass
class Aliases:
    """Name -> dotted path of what an import bound it to (`np` -> `numpy`, `jit` -> `jax.jit`).

    A name later bound by anything but an import is dropped: `jax = Fake()` makes `jax.jit`
    no longer JAX's. Cells share one namespace, as in a notebook.
    """

    names: dict[str, str] = field(default_factory=dict)

    def learn(self, tree: ast.Module) -> None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.names[alias.asname] = alias.name
                    else:
                        root = alias.name.split(".")[0]
                        self.names[root] = root
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    if alias.name != "*":
                        self.names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        for statement in module_level(tree):
            if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                # `B = builtins`, `J = json`: a second name for a module is the module.
                value = getattr(statement, "value", None)
                aliased = self.resolve(value) if isinstance(statement, ast.Assign) and value is not None else None
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Store):
                            if aliased is not None and target is name:
                                self.names[name.id] = aliased
                            else:
                                self.names.pop(name.id, None)

    def resolve(self, node: ast.AST) -> str | None:
        return qualified_name(node, self.names)


def qualified_name(node: ast.AST, names: dict[str, str]) -> str | None:
    """`np.linalg.norm` -> `numpy.linalg.norm` when `np` was imported; `getattr(os, "dup2")` -> `os.dup2`;
    a module reached by its name written out (`importlib.import_module("numpy")`, `__import__("os")`,
    `sys.modules["numpy"]`) is that module."""
    parts: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
              and isinstance(node.args[1].value, str)):
            parts.append(node.args[1].value)
            node = node.args[0]
        elif isinstance(node, ast.Name) and node.id in names:
            return ".".join([names[node.id], *reversed(parts)])
        else:
            module = _module_by_name(node, names)
            return ".".join([module, *reversed(parts)]) if module else None


def _module_by_name(node: ast.AST, names: dict[str, str]) -> str | None:
    """The module an expression names in a string constant, or None."""
    key: ast.AST | None = None
    if isinstance(node, ast.Call) and len(node.args) == 1:
        function = node.func
        if isinstance(function, ast.Name) and function.id == "__import__" and "__import__" not in names:
            key = node.args[0]
            # `__import__("a.b")` returns the package `a`.
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                return key.value.split(".")[0] or None
        elif qualified_name(function, names) == "importlib.import_module":
            key = node.args[0]
    elif isinstance(node, ast.Subscript) and qualified_name(node.value, names) == "sys.modules":
        key = node.slice
    if isinstance(key, ast.Constant) and isinstance(key.value, str) and key.value:
        return key.value
    return None


def module_level(tree: ast.Module) -> list[ast.stmt]:
    """Statements that run at module level, in order: the body, and the bodies of the `if`, `try`,
    `with` and loop statements there, but not what a function or class body holds."""
    found: list[ast.stmt] = []

    def visit(statements: list[ast.stmt]) -> None:
        for statement in statements:
            found.append(statement)
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for field_name in ("body", "orelse", "finalbody"):
                inner = getattr(statement, field_name, None)
                if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                    visit(inner)
            for handler in getattr(statement, "handlers", ()):
                visit(handler.body)

    visit(tree.body)
    return found


def last_definition(cells: tuple[ParsedCell, ...],
                    name: str) -> tuple[str, ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The cell's file name and the node of the last module-level `def name`, as a notebook leaves it."""
    found: tuple[str, ast.FunctionDef | ast.AsyncFunctionDef] | None = None
    for cell in cells:
        for statement in module_level(cell.tree):
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == name:
                found = (cell.filename, statement)
    return found


Definition = tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]


def _module_definitions(cells: tuple[ParsedCell, ...]) -> dict[str, Definition]:
    found: dict[str, Definition] = {}
    for cell in cells:
        for statement in module_level(cell.tree):
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found[statement.name] = (cell.filename, statement)
    return found


def _wrapped_names(cells: tuple[ParsedCell, ...], name: str) -> list[str]:
    """The names passed to the call that last binds `name` at module level, when a call does:
    `norm = jax.jit(_standardise)` and `f = partial(jax.jit, static_argnums=0)(g)` give the wrapped
    function's name. A later `def name` wins, as it would when the cells run."""
    wrapped: list[str] = []
    for cell in cells:
        for statement in module_level(cell.tree):
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == name:
                wrapped = []
            elif (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)
                  and any(isinstance(t, ast.Name) and t.id == name for t in statement.targets)):
                wrapped = [node.id for node in ast.walk(statement.value)
                           if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
    return wrapped


def definition_of(cells: tuple[ParsedCell, ...], name: str) -> Definition | None:
    """The `def` that runs when `name` is called: its own last `def`, or, for `name = jax.jit(helper)`,
    the helper's."""
    definitions = _module_definitions(cells)
    for wrapped in _wrapped_names(cells, name):
        if wrapped in definitions and wrapped != name:
            return definitions[wrapped]
    return last_definition(cells, name)


def reached_definitions(cells: tuple[ParsedCell, ...], name: str, limit: int = 8) -> list[Definition]:
    """`name`'s definition, then the module-level functions it names (helpers, a loss passed to
    `jax.grad`), breadth first and transitively, at most `limit` in all: where a wrong value may be made."""
    definitions = _module_definitions(cells)
    first = definition_of(cells, name)
    if first is None:
        return []
    reached = [first]
    seen = {first[1].name}
    index = 0
    while index < len(reached) and len(reached) < limit:
        for node in ast.walk(reached[index][1]):
            if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in definitions
                    and node.id not in seen and len(reached) < limit):
                seen.add(node.id)
                reached.append(definitions[node.id])
        index += 1
    return reached


def statement_matching(cells: tuple[ParsedCell, ...], function: str | None,
                       pattern: str) -> tuple[str, int, str] | None:
    """(file name, line, code) of the first simple statement in `function` whose code, as `ast.unparse`
    writes it, matches the regular expression `pattern`; None when none does. The functions `function`
    calls are looked in after it (`reached_definitions`). `function=None` looks in every module-level
    function, in order (a closure a factory made has no `def` of its name)."""
    if not pattern:
        return None
    compiled = re.compile(pattern)
    budget = [_STATEMENTS_READ]
    if function is None:
        for cell in cells:
            for statement in module_level(cell.tree):
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found_here = _matching_in(cell.filename, statement, compiled, budget)
                    if found_here is not None or budget[0] <= 0:
                        return found_here
        return None
    for filename, definition in reached_definitions(cells, function):
        found_here = _matching_in(filename, definition, compiled, budget)
        if found_here is not None or budget[0] <= 0:
            return found_here
    return None


def _matching_in(filename: str, definition: ast.FunctionDef | ast.AsyncFunctionDef,
                 compiled: re.Pattern[str], budget: list[int]) -> tuple[str, int, str] | None:
    """The first simple statement of `definition` that `compiled` finds in. The text a pattern reads is bounded
    (`_STATEMENT_CHARACTERS`), and a bare string (a docstring) is no statement: Python's regular expressions
    backtrack, and a crafted 64 KB docstring cost 32 s of the judge's time. `budget`: statements the whole
    search may still read; a file of thousands of long statements is not read to its end for a pointer."""
    simple = (ast.Return, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)
    for node in sorted((n for n in ast.walk(definition) if isinstance(n, simple)), key=lambda n: n.lineno):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        code = ast.unparse(node)
        if compiled.search(code[:_STATEMENT_CHARACTERS]):
            return filename, node.lineno, code
    return None


# No statement a mistake's marker describes is longer: past it, a pattern reads only the beginning.
_STATEMENT_CHARACTERS = 2_000
# Statements one search reads at most: far more than the functions of an exercise hold (a search is for a
# pointer to a line, which a message can do without).
_STATEMENTS_READ = 500


def single_return(cells: tuple[ParsedCell, ...], function: str) -> tuple[str, int, str] | None:
    """(file name, line, code) of the only `return` in `function` (nested functions aside); None when it
    has none or several. For `name = jax.jit(helper)`, the helper's."""
    found = definition_of(cells, function)
    if found is None:
        return None
    filename, definition = found
    returns: list[ast.Return] = []
    pending: list[ast.AST] = list(definition.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Return):
            returns.append(node)
        pending.extend(ast.iter_child_nodes(node))
    if len(returns) != 1:
        return None
    return filename, returns[0].lineno, ast.unparse(returns[0])


def parameter_default(cells: tuple[ParsedCell, ...], function: str,
                      parameter: str) -> tuple[str, int, str, ast.expr] | None:
    """(file name, line, the `def` line as written, the default's expression) of `parameter`'s default in
    `function`'s own `def`; None when it has no default there or no such `def`."""
    found = definition_of(cells, function)
    if found is None:
        return None
    filename, definition = found
    arguments = definition.args
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = list(zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults))
    pairs += [(argument, default) for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults)
              if default is not None]
    for argument, default in pairs:
        if argument.arg == parameter:
            return filename, definition.lineno, f"def {definition.name}({ast.unparse(arguments)})", default
    return None


def raise_statement_at(cells: tuple[ParsedCell, ...], filename: str, line: int, exception: str) -> bool:
    """Whether the student's own text at `filename`:`line` is a `raise` of `exception` (by its name,
    bare or called): the stub's `raise NotImplementedError()`, not a library that raised it from a call."""
    for cell in cells:
        if cell.filename != filename:
            continue
        for node in ast.walk(cell.tree):
            if isinstance(node, ast.Raise) and node.lineno <= line <= (node.end_lineno or node.lineno):
                raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                return isinstance(raised, (ast.Name, ast.Attribute)) and ast.unparse(raised).split(".")[-1] == exception
    return False
