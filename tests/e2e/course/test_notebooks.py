"""Source notebooks come from solutions/; release/ comes from nbgrader; nothing released holds answers."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest

from graders.common.assignments import get_assignment
from graders.course.check import sources_in_sync
from graders.course.content import CONTENTS
from graders.course.notebooks import build_notebook, grade_cell_id, reference_source, write_notebooks

from .nbgrader_course import REPO, solution_sources


@pytest.mark.parametrize("content", CONTENTS, ids=lambda c: c.assignment)
def test_committed_source_notebook_is_what_the_builder_makes(content, tmp_path: Path) -> None:
    [built] = write_notebooks([content], tmp_path)
    committed = REPO / "exercises" / content.assignment / f"{content.notebook}.ipynb"
    assert built.read_text() == committed.read_text(), "run `jaxgrade course build` and commit exercises/"


@pytest.mark.parametrize("content", CONTENTS, ids=lambda c: c.assignment)
def test_solution_regions_are_the_reference_code(content) -> None:
    sources = solution_sources(REPO / "exercises" / content.assignment / f"{content.notebook}.ipynb")
    module = __import__(content.solutions_module, fromlist=["_"])
    for exercise, source in sources.items():
        region = source.split("### BEGIN SOLUTION\n", 1)[1].split("\n### END SOLUTION", 1)[0]
        names = [node.name for node in ast.parse(region).body if isinstance(node, ast.FunctionDef)]
        assert exercise in names
        assert ast.dump(ast.parse(region)) == ast.dump(ast.parse(reference_source(content.solutions_module, names)))
        assert all(hasattr(module, name) for name in names)


@pytest.mark.parametrize("content", CONTENTS, ids=lambda c: c.assignment)
def test_grade_cells_carry_the_engine_points(content) -> None:
    notebook = build_notebook(content)
    points = {cell.metadata["nbgrader"]["grade_id"]: cell.metadata["nbgrader"]["points"]
              for cell in notebook.cells if cell.metadata.get("nbgrader", {}).get("grade")}
    assert points == {grade_cell_id(e.name): e.max_score for e in get_assignment(content.assignment).exercises}


def test_release_and_sources_are_in_sync_with_what_the_tools_generate() -> None:
    findings = sources_in_sync(REPO)
    assert findings and all(finding.ok for finding in findings), [f for f in findings if not f.ok]


def test_released_files_hold_no_solutions_or_grader_code() -> None:
    answers = [line.strip() for content in CONTENTS
               for source in solution_sources(
                   REPO / "exercises" / content.assignment / f"{content.notebook}.ipynb").values()
               for line in source.split("### BEGIN SOLUTION\n", 1)[1].splitlines()
               if line.strip() and not line.strip().startswith(("#", "@", "def ", "import", "from"))]
    assert answers
    released = [path for path in (REPO / "release").rglob("*") if path.is_file()]
    assert released
    for path in released:
        text = path.read_text()
        for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "from hypothesis", "solutions."):
            assert marker not in text, (path, marker)
        notebook = nbformat.reads(text, as_version=4)
        code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
        for line in answers:
            assert line not in code, (path, line)
