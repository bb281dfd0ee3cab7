"""What a student reads when their submission could not be graded (`graders/course/student_reasons.py`): one
sentence they can act on, in the course's language, never nbgrader's internal English."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from graders.course.student_reasons import reason_for_student


def _notebook(folder: Path, **cell_fields: object) -> Path:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("# jit"), nbformat.v4.new_code_cell("x = 1")]
    data = json.loads(nbformat.writes(notebook))
    data["cells"][1].update(cell_fields)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "jit.ipynb"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("fields", "english", "korean"), [
    ({"execution_count": "3"}, "cell 2 (from the top), field `execution_count`",
     "위에서 2번째 셀의 `execution_count` 항목"),
    ({"id": 'a"b c'}, "cell 2 (from the top), field `id`", "위에서 2번째 셀의 `id` 항목"),
])
def test_a_notebook_that_breaks_the_format_is_named_with_its_cell_and_field(
        tmp_path: Path, fields: dict[str, object], english: str, korean: str) -> None:
    _notebook(tmp_path / "submitted", **fields)
    said = reason_for_student(tmp_path / "submitted", "en")
    assert said.startswith("`jit.ipynb` breaks Jupyter's notebook format at " + english), said
    assert "JupyterLab" in said and "Traceback" not in said
    assert korean in reason_for_student(tmp_path / "submitted", "ko")


def test_a_file_that_is_not_json_and_a_failure_of_the_grader_own(tmp_path: Path) -> None:
    folder = tmp_path / "submitted"
    folder.mkdir()
    (folder / "jit.ipynb").write_text("{ not json")
    assert "is not a notebook file Jupyter can read" in reason_for_student(folder, "en")
    (folder / "jit.ipynb").unlink()
    _notebook(folder)
    assert reason_for_student(folder, "en").startswith("the grading system itself failed on it")
    assert reason_for_student(folder, "ko").startswith("채점 시스템 자체가")
