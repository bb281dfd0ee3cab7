"""What "full marks" means for a file written before its assignment's newest exercise.

A corpus file, a sample or an honest notebook answers the exercises its assignment had when it was
written. When an exercise is added, such a file does not define the new function, and editing
every one of them (the reviewer's `relu` touched 24 files) is what made adding an exercise
expensive. So a file owes full marks on every exercise whose name it binds at module level (a
`def`, an assignment, an import), read here from its cells apart from the judge; an exercise it
never binds must get the judge's own "not defined" verdict and no point. A regression that made
the judge miss a function the file does define still fails, because the file binds it; a method
call or a library attribute of the same name (`x.flatten()`, `jnp.linalg.norm`) binds nothing.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from graders.common.i18n import t
from graders.common.results import CheckResult, Status, SubmissionResult

__all__ = ["Shortfall", "bound_names", "mentioned_exercises", "owed_score", "shortfalls", "unanswered_failures"]


@dataclass(frozen=True)
class Shortfall:
    """A check that lost points a file owes, with what it said."""

    exercise: str
    check: CheckResult

    def __str__(self) -> str:
        return f"{self.exercise}.{self.check.name} ({self.check.status.value}): {self.check.message[:400]}"


@cache
def bound_names(path: Path) -> frozenset[str]:
    """The names the file binds at module level, in any cell, read with `ast` (a cell's IPython
    magics and shell lines are left out first; a cell that still does not parse is read line by
    line for `def NAME`, `class NAME` and `NAME =` at its top level)."""
    path = Path(path)
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":
        cells = ["".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                 for cell in json.loads(text)["cells"] if cell.get("cell_type") == "code"]
    else:
        cells = [text]
    names: set[str] = set()
    for source in cells:
        code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines())
        try:
            names |= _bound(ast.parse(code).body)
        except SyntaxError:
            names |= {match.group(1) or match.group(2) for match in _TOP_LEVEL_BINDING.finditer(code)}
    return frozenset(names)


_TOP_LEVEL_BINDING = re.compile(r"^(?:(?:async\s+)?def|class)\s+(\w+)|^(\w+)\s*(?::[^=]*)?=(?!=)", re.M)


def _bound(statements: list[ast.stmt]) -> set[str]:
    """Names bound by these statements, and by the blocks of module-level `if`, `try`, `with`, `for`
    and `while` (never inside a function or a class)."""
    names: set[str] = set()
    for statement in statements:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(statement.name)
            continue
        body = _wrapped_cell_body(statement)
        if body is not None:  # a script nbconvert exported: `%%time` over a cell is IPython's call with its text
            try:
                names |= _bound(ast.parse(body).body)
            except SyntaxError:
                pass
            continue
        if isinstance(statement, ast.Import | ast.ImportFrom):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in statement.names}
        elif isinstance(statement, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names |= {node.id for target in targets for node in ast.walk(target) if isinstance(node, ast.Name)}
        for field in ("body", "orelse", "finalbody"):
            names |= _bound([item for item in getattr(statement, field, []) if isinstance(item, ast.stmt)])
        for handler in getattr(statement, "handlers", []):
            names |= _bound(handler.body)
    return names


def _wrapped_cell_body(statement: ast.stmt) -> str | None:
    """BODY of `get_ipython().run_cell_magic('time' | 'timeit' | 'capture', LINE, BODY)`, which IPython runs in
    the notebook's namespace; None for any other statement."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "run_cell_magic"
            and len(call.args) == 3 and all(isinstance(argument, ast.Constant) for argument in call.args)):
        return None
    name, _, body = (argument.value for argument in call.args if isinstance(argument, ast.Constant))
    return body if name in ("time", "timeit", "capture") and isinstance(body, str) else None


def mentioned_exercises(path: Path, result: SubmissionResult) -> frozenset[str]:
    """The graded exercises whose function the file binds at module level."""
    bound = bound_names(Path(path))
    return frozenset(exercise.name for exercise in result.exercises if exercise.name in bound)


def _missing_message(name: str) -> str:
    """The judge's "not defined", in English: every test that reads these graded in English."""
    return t("exercise.missing", "en", name=name)


def shortfalls(path: Path, result: SubmissionResult) -> list[Shortfall]:
    """Checks that lost points the file owes (any check of an exercise it binds), and, for one it never
    binds, anything but the judge's "not defined" on the first check and a pointless skip after it."""
    mentioned = mentioned_exercises(path, result)
    lost: list[Shortfall] = []
    for exercise in result.exercises:
        if exercise.name in mentioned:
            lost += [Shortfall(exercise.name, check) for check in exercise.checks if check.points < check.max_points]
            continue
        # Never named: "not defined" on the first check, every later one skipped, and no point anywhere.
        first, *rest = exercise.checks
        if first.status is not Status.FAILED or first.message != _missing_message(exercise.name) or first.points:
            lost.append(Shortfall(exercise.name, first))
        lost += [Shortfall(exercise.name, check) for check in rest
                 if check.status is not Status.SKIPPED or check.points]
    return lost


def owed_score(path: Path, result: SubmissionResult) -> float:
    """The full marks the file owes: the points of the exercises it mentions."""
    mentioned = mentioned_exercises(path, result)
    return sum(exercise.max_score for exercise in result.exercises if exercise.name in mentioned)


def unanswered_failures(path: Path, result: SubmissionResult) -> set[str]:
    """"exercise.check" of the one failed check each exercise the file never names has: its first,
    where the judge says the function is not defined."""
    mentioned = mentioned_exercises(path, result)
    return {f"{exercise.name}.{exercise.checks[0].name}" for exercise in result.exercises
            if exercise.name not in mentioned}
