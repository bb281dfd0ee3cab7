"""Where a function changes an argument in place, read from its source in the judge, and the fix
that fits the statement.

`no_mutation` sees from outside that an argument came back changed; this says which line did it
and how to write that line without changing anything (`X -= m` becomes `X = X - m`, `x[i] += u`
becomes `x = x.at[i].add(u)`). A statement found here is only a pointer for the message: the
verdict rests on the argument the judge saw change.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .parsed import ParsedCell, last_definition

__all__ = ["MutationSite", "donation_site", "item_assignment_fix", "mutation_sites"]

# `.at[...]` methods for augmented item assignment, by operator; subtraction adds the negation.
_AT_METHODS = {ast.Add: "add", ast.Mult: "multiply", ast.Div: "divide", ast.Pow: "power"}
_SYMBOLS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
            ast.Pow: "**", ast.MatMult: "@", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}
# Methods that change a list, dict, set or NumPy array in place.
_MUTATING_METHODS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "popitem", "add", "discard",
    "sort", "reverse", "fill", "resize", "put", "itemset", "setflags",
})


@dataclass(frozen=True)
class MutationSite:
    """One statement that changes `argument` in place: where it is, its code, and the code to write
    instead (`fix`), or "" where no one line replaces it."""

    filename: str
    line: int
    code: str
    argument: str
    fix: str
    # Changed through a name for one of its leaves or items (`p` of `tree_map(step, params, ...)`): the line's
    # own fix fits, whatever container the argument is.
    on_item: bool = False


def mutation_sites(cells: tuple[ParsedCell, ...], function: str, argument: str) -> list[MutationSite]:
    """Statements in `function` (its last module-level definition) that change `argument` in place,
    directly, through a second name for it (`y = x`), or through a shallow copy's shared insides
    (`new = params.copy()` then `new["a"]["w"] = ...`)."""
    found = last_definition(cells, function)
    if found is None:
        return []
    filename, definition = found
    same, shallow = _second_names(definition, argument)
    items = _element_names(definition, {argument, *same})
    sites = []
    for node in ast.walk(definition):
        if not isinstance(node, ast.stmt):
            continue
        found_by = next(((name, fix) for name in (argument, *same, *sorted(items))
                         if (fix := _fix(node, name)) is not None), None)
        fix = found_by[1] if found_by is not None else None
        if fix is None and any(_changes_inside(node, name) for name in shallow):
            fix = ""  # no one line fixes a shallow copy: the message's general advice (tree_map) fits
        if fix is not None:
            sites.append(MutationSite(filename, node.lineno, ast.unparse(node), argument, fix,
                                      on_item=found_by is not None and found_by[0] in items))
    return sorted(sites, key=lambda site: site.line)


_SHALLOW_COPIERS = frozenset({"copy", "dict", "list", "copy.copy"})


def _second_names(definition: ast.FunctionDef | ast.AsyncFunctionDef, argument: str) -> tuple[set[str], set[str]]:
    """Names bound to `argument` itself (`y = x`) and to a shallow copy of it (`x.copy()`, `dict(x)`,
    `copy.copy(x)`, `{**x}`, `x[:]`), whose nested values are still the caller's."""
    same: set[str] = set()
    shallow: set[str] = set()
    for node in ast.walk(definition):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        name, value = node.targets[0].id, node.value
        if isinstance(value, ast.Name) and value.id == argument:
            same.add(name)
        elif _is_shallow_copy(value, argument):
            shallow.add(name)
    return same, shallow


# Calls that hand each leaf (or item) of their later arguments to the function given first.
_LEAF_MAPPERS = ("tree_map", "tree.map", "map")


def _element_names(definition: ast.FunctionDef | ast.AsyncFunctionDef, arguments: set[str]) -> set[str]:
    """Names bound to the leaves or items of `arguments`, which are the caller's own arrays: the parameters of
    a local function mapped over them (`jax.tree_util.tree_map(step, params, grads)` binds `step`'s first
    parameter to each leaf of `params`), and a loop's names over them (`for p in params`, `params.values()`,
    `zip(params, grads)`). `p -= lr * g` on such a name writes into the caller's array (honest class, session 36:
    no line was named for it)."""
    local = {node.name: node for node in ast.walk(definition)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not definition}
    found: set[str] = set()
    for node in ast.walk(definition):
        if isinstance(node, ast.Call) and node.args and ast.unparse(node.func).endswith(_LEAF_MAPPERS) \
                and isinstance(node.args[0], ast.Name) and node.args[0].id in local:
            parameters = local[node.args[0].id].args.args
            for position, tree in enumerate(node.args[1:]):
                if _names_argument(tree, arguments) and position < len(parameters):
                    found.add(parameters[position].arg)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            if isinstance(node.target, ast.Name) and _names_argument(node.iter, arguments):
                found.add(node.target.id)
            elif isinstance(node.target, ast.Tuple) and isinstance(node.iter, ast.Call) \
                    and ast.unparse(node.iter.func) == "zip":
                for target, source in zip(node.target.elts, node.iter.args):
                    if isinstance(target, ast.Name) and _names_argument(source, arguments):
                        found.add(target.id)
    return found - arguments


def _names_argument(node: ast.expr, arguments: set[str]) -> bool:
    """`x` or `x.values()` for one of `arguments`."""
    if isinstance(node, ast.Call) and not node.args and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "values":
        node = node.func.value
    return isinstance(node, ast.Name) and node.id in arguments


def _is_shallow_copy(value: ast.expr, argument: str) -> bool:
    if isinstance(value, ast.Call):
        called = ast.unparse(value.func)
        if called == f"{argument}.copy" and not value.args:
            return True
        return (called in _SHALLOW_COPIERS and len(value.args) == 1 and isinstance(value.args[0], ast.Name)
                and value.args[0].id == argument)
    if isinstance(value, ast.Dict):
        return any(key is None and isinstance(item, ast.Name) and item.id == argument
                   for key, item in zip(value.keys, value.values, strict=True))
    return (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and value.value.id == argument
            and isinstance(value.slice, ast.Slice) and value.slice.lower is None and value.slice.upper is None)


def _changes_inside(node: ast.stmt, copy: str) -> bool:
    """Whether `node` changes something nested in `copy` (`copy[a][b] = v`, `copy[a].append(v)`),
    which a shallow copy shares with the original."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, ast.AugAssign):
        targets = [node.target]
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        function = node.value.func
        if isinstance(function, ast.Attribute) and function.attr in _MUTATING_METHODS:
            targets = [ast.Subscript(value=function.value, slice=ast.Constant(0))]
    # `copy[k] -= v` too: an augmented assignment changes the shared value in place first (an array's
    # `__isub__`), then puts it back in the copy (round 49's `new = dict(params)`).
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Subscript) \
            and isinstance(node.target.value, ast.Name) and node.target.value.id == copy:
        return True
    return any(isinstance(target, ast.Subscript) and isinstance(target.value, (ast.Subscript, ast.Attribute))
               and _base_name(target) == copy for target in targets)


def _base_name(node: ast.expr) -> str | None:
    """`x` for `x[i]`, `x[i][j]` and `x.attr[i]`; None for anything else."""
    current: ast.expr = node
    while isinstance(current, (ast.Subscript, ast.Attribute)):
        current = current.value
    return current.id if isinstance(current, ast.Name) else None


def _fix(node: ast.stmt, argument: str) -> str | None:
    """The replacement for `node` when it changes `argument` in place; None when it does not."""
    if isinstance(node, ast.AugAssign):
        target, value = node.target, ast.unparse(node.value)
        if isinstance(target, ast.Name) and target.id == argument:
            operator = _SYMBOLS.get(type(node.op))
            return f"{argument} = {argument} {operator} {_grouped(node.value)}" if operator else ""
        if isinstance(target, ast.Subscript) and _base_name(target) == argument:
            base, index = ast.unparse(target.value), ast.unparse(target.slice)
            method = _AT_METHODS.get(type(node.op))
            if isinstance(node.op, ast.Sub):
                return f"{base} = {base}.at[{index}].add(-{_grouped(node.value)})"
            if method is not None:
                return f"{base} = {base}.at[{index}].{method}({value})"
            return ""
    if isinstance(node, ast.Assign):
        for each in node.targets:
            if isinstance(each, ast.Subscript) and _base_name(each) == argument:
                base, index = ast.unparse(each.value), ast.unparse(each.slice)
                return f"{base} = {base}.at[{index}].set({ast.unparse(node.value)})"
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        function = node.value.func
        if (isinstance(function, ast.Attribute) and function.attr in _MUTATING_METHODS
                and _base_name(function.value) == argument):
            return ""
    return None


def item_assignment_fix(code: str) -> str | None:
    """The `.at` form of one line that assigns into an array item (`x[i] = v`, `x[i] += v`), for the
    array it writes into; None when the line is not one (or does not parse on its own)."""
    try:
        [statement] = ast.parse(code.strip()).body
    except (SyntaxError, ValueError):
        return None
    target = statement.target if isinstance(statement, ast.AugAssign) else (
        statement.targets[0] if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else None)
    if not isinstance(target, ast.Subscript):
        return None
    base = _base_name(target)
    return (_fix(statement, base) or None) if base is not None else None


def _grouped(node: ast.expr) -> str:
    """`node`'s code, parenthesised unless it is a name, a constant, a call or an attribute."""
    text = ast.unparse(node)
    return text if isinstance(node, (ast.Name, ast.Constant, ast.Call, ast.Attribute, ast.Subscript)) else f"({text})"


_DONATING = frozenset({"donate_argnums", "donate_argnames"})


def donation_site(cells: tuple[ParsedCell, ...]) -> MutationSite | None:
    """The first call in the submission that asks JAX to donate arguments (`jax.jit(f, donate_argnums=0)`,
    `partial(jax.jit, donate_argnames="x")`) or deletes an array (`x.delete()`); None when none does."""
    for cell in cells:
        for node in ast.walk(cell.tree):
            if not isinstance(node, ast.Call):
                continue
            donating = any(keyword.arg in _DONATING for keyword in node.keywords)
            deleting = isinstance(node.func, ast.Attribute) and node.func.attr == "delete" and not node.args
            if donating or deleting:
                return MutationSite(cell.filename, node.lineno, ast.unparse(node), "", "")
    return None
