"""Build the nbgrader source notebooks (`exercises/`) from course content and `solutions/`.

The solution region of every graded function is cut from the reference module
in `solutions/`, so the notebooks and the references cannot drift apart;
`tests/e2e/course/test_notebooks.py` rebuilds the notebooks and compares them with
what is committed. Cell ids are derived from content, so a build is byte-stable.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from graders.common.assignments import get_assignment
from graders.common.i18n import t
from graders.common.libraries import listed_libraries
from graders.common.registry import get_check
from graders.common.spec import Assignment, Exercise
from graders.judge.catalogue import load as load_catalogue
from graders.judge.submission import SELF_CHECK_PREFIX

__all__ = ["Code", "GradedExercise", "Markdown", "NotebookContent", "Rules", "build_notebook", "grade_cell_id",
           "write_notebooks"]

SCHEMA_VERSION = 3


def grade_cell_id(exercise: str) -> str:
    return f"grade_{exercise}"


def solution_cell_id(exercise: str) -> str:
    return f"solution_{exercise}"


@dataclass(frozen=True)
class Markdown:
    text: str


@dataclass(frozen=True)
class Code:
    """A runnable example; `locked` makes it read-only in the released notebook."""

    source: str
    locked: bool = False


@dataclass(frozen=True)
class Rules:
    """The grading rules: what each check means, the correctness gate, points; all from the specs."""


@dataclass(frozen=True)
class GradedExercise:
    """A graded function: statement, solution cut from `solutions/`, self-check, grade cell.

    `solution` names the top-level definitions of the reference module that form
    the answer, in order (helpers first). `prompt` is the comment the student
    sees above the empty solution region.
    """

    exercise: str
    statement: str
    prompt: str
    selfcheck: str
    solution: tuple[str, ...] = ()


Block = Markdown | Code | GradedExercise | Rules


@dataclass(frozen=True)
class NotebookContent:
    """One notebook: its first cell opens with the assignment's number and its title, as the
    assignment declares the title (`Assignment.title`), so it is written once."""

    assignment: str
    notebook: str
    solutions_module: str
    number: int
    blocks: Sequence[Block] = field(default_factory=tuple)


def _stable_id(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:12]


def _metadata(grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False,
              points: float | None = None) -> dict[str, Any]:
    nbgrader = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA_VERSION,
                "solution": solution, "task": False}
    if points is not None:
        nbgrader["points"] = points
    return {"nbgrader": nbgrader}


def reference_source(module_name: str, names: Sequence[str]) -> str:
    """The exact source text of top-level definitions in a reference module, with decorators."""
    module = importlib.import_module(module_name)
    source = inspect.getsource(module)
    tree = ast.parse(source)
    lines = source.splitlines()
    segments = []
    for name in names:
        node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name), None)
        if node is None:
            raise ValueError(f"{module_name} defines no top-level function {name!r}; fix the notebook content")
        start = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
        segments.append("\n".join(lines[start:node.end_lineno]))
    return "\n\n\n".join(segments)


# The course's notebooks are written in Korean; their generated text comes from the catalogue.
NOTEBOOK_LANGUAGE = "ko"


def build_notebook(content: NotebookContent) -> nbformat.NotebookNode:
    load_catalogue()
    spec = get_assignment(content.assignment)
    exercises = {exercise.name: exercise for exercise in spec.exercises}
    notebook: nbformat.NotebookNode = new_notebook()
    notebook.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    if not content.blocks or not isinstance(content.blocks[0], Markdown):
        raise ValueError(f"notebook {content.notebook!r} must open with a Markdown block; its title goes there")
    graded_seen: list[str] = []
    for position, block in enumerate(content.blocks):
        if isinstance(block, (Markdown, Rules)):
            text = _rules_markdown(spec) if isinstance(block, Rules) else block.text.strip("\n")
            if not notebook.cells:
                title = t("notebook.title", NOTEBOOK_LANGUAGE, number=content.number,
                          title=spec.title[NOTEBOOK_LANGUAGE])
                libraries = t("notebook.libraries", NOTEBOOK_LANGUAGE, libraries=listed_libraries())
                text = f"{title}\n\n{text}\n\n{libraries}"
            cell = new_markdown_cell(text)
            cell.id = _stable_id(content.notebook, "md", str(position))
            notebook.cells.append(cell)
        elif isinstance(block, Code):
            cell = new_code_cell(block.source.strip("\n"))
            cell.id = _stable_id(content.notebook, "code", str(position))
            if block.locked:
                cell.metadata = _metadata(f"readonly_{position}", locked=True)
            notebook.cells.append(cell)
        else:
            if block.exercise not in exercises:
                raise ValueError(f"{block.exercise!r} is not an exercise of assignment {content.assignment!r}")
            graded_seen.append(block.exercise)
            notebook.cells.extend(_graded_cells(content, block, exercises[block.exercise], len(graded_seen)))
    missing = set(exercises) - set(graded_seen)
    if missing:
        raise ValueError(f"notebook {content.notebook!r} lacks graded cells for {sorted(missing)}")
    return notebook


def _rules_markdown(spec: Assignment, lang: str = NOTEBOOK_LANGUAGE) -> str:
    """The grading rules, with every check the assignment uses and its total."""
    used = list(dict.fromkeys(check for exercise in spec.exercises for check in exercise.points))
    gate = next(check for check in used if get_check(check).gate)
    glossary = "\n".join(f"  - `{check}`: {get_check(check).description[lang]}" for check in used)
    return t("notebook.rules", lang, glossary=glossary, gate=gate, count=_count(len(spec.exercises), lang),
             points=f"{spec.max_score:g}")


def _count(count: int, lang: str) -> str:
    try:
        return t(f"notebook.count_{count}", lang)
    except KeyError:
        return t("notebook.count", lang, count=count)


def _heading(exercise: Exercise, number: int, lang: str = NOTEBOOK_LANGUAGE) -> str:
    signature = inspect.signature(inspect.unwrap(exercise.reference))
    checks = ", ".join(t("notebook.check_points", lang, check=check, points=f"{points:g}")
                       for check, points in exercise.points.items())
    return t("notebook.heading", lang, number=number, signature=f"{exercise.name}{signature}",
             points=f"{exercise.max_score:g}", checks=checks)


def _graded_cells(content: NotebookContent, block: GradedExercise, exercise: Exercise,
                  number: int) -> list[nbformat.NotebookNode]:
    name = block.exercise
    points = exercise.max_score
    statement = new_markdown_cell(f"{_heading(exercise, number)}\n\n{block.statement.strip(chr(10))}")
    statement.id = _stable_id(content.notebook, "statement", name)

    answer = reference_source(content.solutions_module, block.solution or (name,))
    solution = new_code_cell(f"{block.prompt.strip()}\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION")
    solution.id = _stable_id(content.notebook, "solution", name)
    solution.metadata = _metadata(solution_cell_id(name), solution=True)

    selfcheck = new_code_cell(block.selfcheck.strip("\n"))
    selfcheck.id = _stable_id(content.notebook, "selfcheck", name)
    selfcheck.metadata = _metadata(f"{SELF_CHECK_PREFIX}{name}", locked=True)

    grade = new_code_cell(
        f"# 채점 셀: `{name}` ({points:g}점)\n"
        "# 이 셀은 jaxgrade 채점기가 여러분의 노트북과 분리된 프로세스에서 채점합니다.\n"
        "# 지우거나 고치지 마세요. 결과와 설명은 피드백에 표시됩니다."
    )
    grade.id = _stable_id(content.notebook, "grade", name)
    grade.metadata = _metadata(grade_cell_id(name), grade=True, locked=True, points=points)
    return [statement, solution, selfcheck, grade]


def write_notebooks(contents: Sequence[NotebookContent], directory: Path) -> list[Path]:
    written = []
    for content in contents:
        path = directory / content.assignment / f"{content.notebook}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(build_notebook(content), path)
        written.append(path)
    return written
