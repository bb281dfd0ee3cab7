"""A notebook cell's IPython syntax, as the Python the worker runs: IPython's own transformers first.

IPython turns `%magic`, `%%magic` and `!shell` into calls of `get_ipython()`,
which the worker answers with no-ops: grading must not depend on timing
magics, plots or shell commands. A magic that *wraps* Python code is another
matter: `%%time` over the solution cell still defines the solution in
IPython, so here its body runs, once (how long it takes is no business of
grading); `%time x = f()` still binds `x`. Magics with no Python meaning
(`%%bash`, `%%html`, `%%writefile`, `%pip`) stay no-ops.
"""

from __future__ import annotations

import ast
import re

__all__ = ["WRAPPING_CELL_MAGICS", "WRAPPING_LINE_MAGICS", "exported_cell_magics", "without_magics"]

# IPython's ExecutionMagics that run their cell in the user's namespace (`%%code_wrap`, the other
# one, defines a template, not code to run). `%%timeit` runs the body in a function of its own, so
# IPython would not keep its names; running it once and keeping them is the fairer reading.
WRAPPING_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
# The line magics that take a statement: `%time x = f()` binds `x`, `y = %time f()` binds `y`.
WRAPPING_LINE_MAGICS = frozenset({"time", "timeit", "prun", "debug"})

# A line that starts with %, ! or ?, ends with ?, or assigns from %/!: IPython, not Python.
_IPYTHON_SYNTAX = re.compile(r"^\s*[%!?]|\?\s*$|=\s*[%!]\w", re.MULTILINE)


def without_magics(source: str) -> str:
    """`source` with IPython syntax rewritten into Python, line numbers kept.

    A wrapping magic becomes the code it wraps; any other becomes a call the worker
    answers with a no-op. A cell IPython cannot parse is left as it is, so the worker
    reports its syntax error with the right line.
    """
    if "run_cell_magic" in source:
        source = exported_cell_magics(source)
    if not _IPYTHON_SYNTAX.search(source):
        return source
    from IPython.core.inputtransformer2 import TransformerManager

    try:
        transformed: str = TransformerManager().transform_cell(source)
    except Exception:  # noqa: BLE001 - IPython raises many types for text it cannot read
        return source
    body = _wrapped_body(transformed)
    if body is not None:
        # IPython drops the blank lines above `%%magic` and the magic's own line: put them back as
        # blank lines, so that line N of the body is still line N of the cell.
        header = next(number for number, line in enumerate(source.splitlines()) if line.strip())
        return "\n" * (header + 1) + without_magics(body)
    return _unwrapped_lines(transformed)


def _magic_call(node: ast.AST, method: str) -> tuple[str, str] | None:
    """`get_ipython().<method>('name', 'text', ...)` -> (name, text), with the body as the text of a
    cell magic; else None."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
            and isinstance(node.func.value, ast.Call) and isinstance(node.func.value.func, ast.Name)
            and node.func.value.func.id == "get_ipython"):
        return None
    texts = [argument.value for argument in node.args
             if isinstance(argument, ast.Constant) and isinstance(argument.value, str)]
    if len(texts) != len(node.args) or len(texts) < 2:
        return None
    return texts[0], texts[-1]


def _wrapped_body(transformed: str) -> str | None:
    """The body of a wrapping cell magic (`%%time`), or None for any other cell."""
    try:
        tree = ast.parse(transformed)
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return None
    found = _magic_call(tree.body[0].value, "run_cell_magic")
    if found is None or found[0] not in WRAPPING_CELL_MAGICS:
        return None
    return found[1]


def exported_cell_magics(source: str) -> str:
    """A script exported by nbconvert keeps a `%%time` cell as `get_ipython().run_cell_magic('time', '', BODY)`:
    each such statement at the top level becomes its body, at the line where the call stood, as the magic
    would run it in IPython. Anything that does not parse is left as it is."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    lines = source.splitlines(keepends=True)
    for node in reversed(tree.body):
        found = _magic_call(node.value, "run_cell_magic") if isinstance(node, ast.Expr) else None
        if found is None or found[0] not in WRAPPING_CELL_MAGICS or node.end_lineno is None or node.col_offset:
            continue
        body = found[1] if found[1].endswith("\n") else found[1] + "\n"
        lines[node.lineno - 1:node.end_lineno] = body.splitlines(keepends=True)
    unwrapped = "".join(lines)
    try:
        ast.parse(unwrapped)
    except SyntaxError:
        return source
    return unwrapped


def _unwrapped_lines(transformed: str) -> str:
    """Each `%time STATEMENT` line as its statement, and `y = %time EXPRESSION` as `y = (EXPRESSION)`."""
    try:
        tree = ast.parse(transformed)
    except SyntaxError:
        return transformed
    lines = transformed.splitlines(keepends=True)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    for node in sorted(calls, key=lambda call: -call.lineno):
        replacement = _line_replacement(node)
        if replacement is None or node.lineno != node.end_lineno or node.end_col_offset is None:
            continue
        line = lines[node.lineno - 1].encode()  # ast counts columns in UTF-8 bytes
        candidate = line[:node.col_offset] + replacement.encode() + line[node.end_col_offset:]
        lines[node.lineno - 1] = candidate.decode()
    unwrapped = "".join(lines)
    try:
        ast.parse(unwrapped)
    except SyntaxError:
        return transformed
    return unwrapped


def _line_replacement(node: ast.Call) -> str | None:
    found = _magic_call(node, "run_line_magic")
    if found is None or found[0] not in WRAPPING_LINE_MAGICS:
        return None
    statement = found[1].strip()
    if not statement or statement.startswith("-") or "\n" in statement:
        return None  # options (`%timeit -n 3 f()`) or nothing to run: keep IPython's no-op
    try:
        ast.parse(statement, mode="eval")
    except SyntaxError:
        return statement  # a statement (`x = f()`): only where a statement may stand
    return f"({statement})"
