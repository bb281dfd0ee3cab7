"""The feedback page nbgrader renders for a student, with a table of contents that names the functions.

nbgrader's feedback template lists every autograded test cell as "Test cell" (its template hard-codes
the words), so a page of four functions opens with "Test cell" four times. The course's template
(`templates/feedback/jaxgrade_index.html.j2`) extends nbgrader's unchanged and passes the page through
`name_test_cells`, which gives each entry the name of the function its cell grades (the cell's grade
id, `grade_<function>`, as `jaxgrade` writes the course). Everything else on the page is nbgrader's.

Only nbgrader's feedback step is configured (`GenerateFeedback.HTMLExporter`, which traitlets applies to
the exporter that step makes for itself): the formgrader renders submissions with its own exporter and
template, which a course-wide `HTMLExporter` setting would replace. The template sits in a folder
named `feedback`, nbgrader's own template name, because nbgrader's API (the formgrader's button, and
`jaxgrade watch`) sets that name whatever the configuration says.

`WithoutBareScores` takes out of each function's grade cell the bare number (`Out[ ]: 7.0`) that follows
the verdict: nbgrader reads partial credit from that output when it autogrades (`SaveAutoGrades`), so it
runs right after that step (the autograded notebook is what Manual Grading shows) and in the feedback
step; on either page the score is already in the contents and in the verdict's own heading.
"""

from __future__ import annotations

import html
import importlib.util
from pathlib import Path
from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

__all__ = ["TEMPLATE_DIRECTORY", "TEMPLATE_FILE", "TEMPLATE_NAME", "WithoutBareScores", "configure_feedback_page",
           "name_test_cells"]

TEMPLATE_DIRECTORY = str(Path(__file__).resolve().parent / "templates")
TEMPLATE_NAME = "feedback"
TEMPLATE_FILE = "jaxgrade_index.html.j2"
_GRADE_PREFIX = "grade_"


def name_test_cells(page: str, notebook: Any) -> str:
    """`page` with each "Test cell" link of its table of contents named by the function the cell grades;
    a cell whose grade id names no function keeps nbgrader's words. The grade id comes from the submitted
    notebook's metadata (nbgrader restores it from the release, the sanitizer cleans it first); it is
    escaped all the same."""
    for cell in notebook.cells:
        grade_id = str(cell.metadata.get("nbgrader", {}).get("grade_id", ""))
        if not grade_id.startswith(_GRADE_PREFIX) or len(grade_id) == len(_GRADE_PREFIX):
            continue
        function = grade_id[len(_GRADE_PREFIX):]
        link = f'<a href="#{grade_id}">Test cell</a>'
        page = page.replace(link, f'<a href="#{html.escape(grade_id)}"><code>{html.escape(function)}</code></a>', 1)
    return page


def configure_feedback_page(config: Any) -> None:
    """Point nbgrader's feedback exporter at the course's template, which extends nbgrader's own
    (found where nbgrader is installed, as nbgrader itself finds it when nothing is configured)."""
    spec = importlib.util.find_spec("nbgrader")
    if spec is None or not spec.submodule_search_locations:
        return
    package = Path(list(spec.submodule_search_locations)[0])
    nbgrader_templates = package / "server_extensions" / "formgrader" / "templates"
    exporter = config.GenerateFeedback.HTMLExporter
    exporter.template_name = TEMPLATE_NAME
    exporter.template_file = TEMPLATE_FILE
    exporter.extra_template_basedirs = [TEMPLATE_DIRECTORY, str(nbgrader_templates)]
    exporter.filters = {"name_test_cells": name_test_cells}


class WithoutBareScores(Preprocessor):
    """Drops a function's grade cell's result when it is only a number (its score, for nbgrader)."""

    # nbconvert registers a preprocessor named in a list disabled; nbgrader's own are enabled by default.
    enabled = Bool(True).tag(config=True)

    def preprocess_cell(self, cell: Any, resources: dict[str, Any], index: int) -> tuple[Any, dict[str, Any]]:
        grade_id = str(cell.metadata.get("nbgrader", {}).get("grade_id", ""))
        if cell.cell_type == "code" and grade_id.startswith(_GRADE_PREFIX):
            cell.outputs = [output for output in cell.get("outputs", []) if not _bare_number(output)]
        return cell, resources


def _bare_number(output: Any) -> bool:
    if output.get("output_type") != "execute_result" or set(output.get("data", {})) != {"text/plain"}:
        return False
    try:
        float(str(output["data"]["text/plain"]))
    except ValueError:
        return False
    return True
