"""How a graded name is bound at module level: by `jax.jit`, as a plain function, or in a way
the judge cannot read.

`jit_compiled` and `jit_speedup` rest on this, read from the source in the judge; the worker's
report of the object's exact type can only disagree (and cost the points), never stand in for it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import Aliases, ParsedCell, module_level

__all__ = ["Binding", "jit_binding"]

_JIT = "jax.jit"
_PARTIAL = "functools.partial"


@dataclass(frozen=True)
class Binding:
    """`kind`: `jit` (bound by `@jax.jit`, `@partial(jax.jit, ...)`, `name = jax.jit(f, ...)` or
    `name = factory(...)` where every `return` of the module-level `factory` is `jax.jit(...)`),
    `plain` (a `def` without jit), `unreadable` (bound some other way: a call, an alias, a
    class, `globals()[...]`), or `missing` (never bound at module level). `detail` is the
    source of the binding, shortened, for messages."""

    kind: str
    filename: str = ""
    line: int = 0
    detail: str = ""

    @property
    def jitted(self) -> bool:
        return self.kind == "jit"


def jit_binding(cells: tuple[ParsedCell, ...], name: str) -> Binding:
    """The last module-level binding of `name` across the cells, as a notebook would leave it."""
    aliases = Aliases()
    # Every module-level name's binding so far: `norm = _norm` takes `_norm`'s kind.
    known: dict[str, Binding] = {}
    # Module-level functions every `return` of which is a `jax.jit(...)` call: `norm = make_norm(spec)`.
    factories: set[str] = set()
    found = Binding("missing")
    for cell in cells:
        aliases.learn(cell.tree)
        for statement in module_level(cell.tree):
            if isinstance(statement, ast.FunctionDef):
                if _returns_only_jit(statement, aliases):
                    factories.add(statement.name)
                else:
                    factories.discard(statement.name)
            for bound in _names_bound(statement) | {name}:
                binding = _binding_of(statement, bound, aliases, cell.filename)
                if binding is None:
                    continue
                if binding.kind == "unreadable" and _calls_factory(statement, bound, factories):
                    binding = Binding("jit", binding.filename, binding.line, binding.detail)
                value = getattr(statement, "value", None)
                if isinstance(value, ast.Name) and value.id in known and binding.kind == "unreadable" \
                        and isinstance(statement, (ast.Assign, ast.AnnAssign)):
                    binding = Binding(known[value.id].kind, cell.filename, statement.lineno, binding.detail)
                known[bound] = binding
                if bound == name:
                    found = binding
    return found


def _returns_only_jit(function: ast.FunctionDef, aliases: Aliases) -> bool:
    """Whether the function's own `return`s (not those of functions nested in it) all return a
    `jax.jit(...)` call, and there is at least one."""
    returns: list[ast.Return] = []
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return):
            returns.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return bool(returns) and all(r.value is not None and _is_jit_call(r.value, aliases) for r in returns)


def _calls_factory(statement: ast.stmt, name: str, factories: set[str]) -> bool:
    """`name = factory(...)` at module level, with `factory` one of `factories`."""
    if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
        return False
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    value = statement.value
    return (any(isinstance(target, ast.Name) and target.id == name for target in targets)
            and isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in factories)


def _names_bound(statement: ast.stmt) -> set[str]:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, ast.Assign):
        return {target.id for target in statement.targets if isinstance(target, ast.Name)}
    return set()


def _binding_of(statement: ast.stmt, name: str, aliases: Aliases, filename: str) -> Binding | None:
    def make(kind: str, node: ast.AST) -> Binding:
        text = ast.unparse(node).splitlines()[0] if not isinstance(node, ast.FunctionDef) else f"def {node.name}(...)"
        return Binding(kind, filename, getattr(node, "lineno", statement.lineno), text[:80])

    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == name:
        # The outermost decorator makes the object that ends up bound.
        if statement.decorator_list and _is_jit_decorator(statement.decorator_list[0], aliases):
            return Binding("jit", filename, statement.decorator_list[0].lineno,
                           f"@{ast.unparse(statement.decorator_list[0])}"[:80])
        kind = "plain" if not statement.decorator_list else "unreadable"
        line = statement.decorator_list[0].lineno if statement.decorator_list else statement.lineno
        return Binding(kind, filename, line, f"def {statement.name}(...)")
    if isinstance(statement, ast.ClassDef) and statement.name == name:
        return make("unreadable", statement)
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            value = statement.value
            return make("jit" if value is not None and _is_jit_call(value, aliases) else "unreadable", statement)
        if any(_binds_elsewhere(target, name) for target in targets):
            return make("unreadable", statement)
    if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name) and statement.target.id == name:
        return make("unreadable", statement)
    if isinstance(statement, (ast.For, ast.With, ast.Import, ast.ImportFrom, ast.Delete)):
        if any(isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, (ast.Store, ast.Del))
               for target in _bound_targets(statement) for node in ast.walk(target)):
            return make("unreadable", statement)
        if isinstance(statement, (ast.Import, ast.ImportFrom)) and any(
                (alias.asname or alias.name.split(".")[0]) == name for alias in statement.names):
            return make("unreadable", statement)
    if isinstance(statement, ast.Expr) and _rewrites_namespace(statement.value, name):
        return make("unreadable", statement)
    return None


def _bound_targets(statement: ast.stmt) -> list[ast.AST]:
    if isinstance(statement, ast.For):
        return [statement.target]
    if isinstance(statement, ast.With):
        return [item.optional_vars for item in statement.items if item.optional_vars is not None]
    if isinstance(statement, ast.Delete):
        return list(statement.targets)
    return []


def _binds_elsewhere(target: ast.AST, name: str) -> bool:
    """`globals()["norm"] = ...`, `vars()[key] = ...`, `sys.modules[__name__].norm = ...`: a binding
    the judge cannot follow. A computed key might be any name, so it counts as this one."""
    if isinstance(target, ast.Subscript) and _is_namespace_call(target.value):
        key = target.slice
        return not (isinstance(key, ast.Constant) and key.value != name)
    if isinstance(target, ast.Attribute) and target.attr == name:
        return not isinstance(target.value, ast.Name) or target.value.id in ("sys", "builtins")
    return False


def _rewrites_namespace(call: ast.expr, name: str) -> bool:
    """`globals().update(...)`, `setattr(module, "norm", ...)`, `exec(...)` at module level."""
    if not isinstance(call, ast.Call):
        return False
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr in ("update", "setdefault", "__setitem__") \
            and _is_namespace_call(function.value):
        return True
    if isinstance(function, ast.Name) and function.id == "setattr" and len(call.args) >= 2:
        key = call.args[1]
        return not (isinstance(key, ast.Constant) and key.value != name)
    return isinstance(function, ast.Name) and function.id in ("exec", "eval")


def _is_namespace_call(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("globals", "vars", "locals"))


def _is_jit(node: ast.AST, aliases: Aliases) -> bool:
    return aliases.resolve(node) == _JIT


def _is_jit_decorator(node: ast.expr, aliases: Aliases) -> bool:
    """`@jax.jit`, `@jit` (imported from jax), `@jax.jit(static_argnames=...)`, `@partial(jax.jit, ...)`."""
    if _is_jit(node, aliases):
        return True
    if isinstance(node, ast.Call):
        if _is_jit(node.func, aliases) and not node.args:
            return True
        return aliases.resolve(node.func) == _PARTIAL and bool(node.args) and _is_jit(node.args[0], aliases)
    return False


def _is_jit_call(node: ast.expr, aliases: Aliases) -> bool:
    """`jax.jit(f, ...)`, `jax.jit(static_argnames=...)(f)`, `partial(jax.jit, ...)(f)`."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    return _is_jit(node.func, aliases) or _is_jit_decorator(node.func, aliases)
