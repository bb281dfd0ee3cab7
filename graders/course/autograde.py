"""nbgrader's autograde step with the trusted engine in place of `Execute`.

nbgrader normally runs the submission in a kernel and awards a grade cell's
points when the cell prints no error, which lets the student's own process
decide the grade. Here the notebook is never executed by nbgrader: the judge
grades it (student code only in the jaxgrade worker) and this preprocessor
writes each exercise's score into its grade cell as an `execute_result`,
which nbgrader's own `SaveAutoGrades` records as partial credit, with the
engine's explanation as a display for `generate_feedback`. Grade cells a
student deleted are put back from the gradebook, so every exercise is scored.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_output
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Float, Unicode

from ..format import markdown_text
from ..grading import grade_many
from ..i18n import DEFAULT_LANGUAGE, t
from ..options import GradingOptions
from ..registry import get_assignment
from ..reports.json_report import result_to_dict
from ..results import FileError
from .notebooks import SCHEMA_VERSION, grade_cell_id

__all__ = ["JaxgradeScores", "feedback_markdown", "feedback_text"]


class JaxgradeScores(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader ships no types
    """Grade with jaxgrade and record one score per graded function in its grade cell."""

    lang = Unicode(DEFAULT_LANGUAGE, help="Language of the feedback: 'ko' or 'en'.").tag(config=True)
    call_seconds = Float(30.0, help="Seconds one call to a student function may take.").tag(config=True)
    exercise_seconds = Float(120.0, help="Seconds one exercise may take in all.").tag(config=True)
    scheduler = Unicode("", help="A Dask scheduler (tcp://HOST:PORT) to grade on; empty: grade here.").tag(config=True)

    def preprocess(self, nb: nbformat.NotebookNode,
                   resources: dict[str, Any]) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        info = resources["nbgrader"]
        assignment = get_assignment(info["assignment"])
        self._restore_missing_grade_cells(nb, info, [exercise.name for exercise in assignment.exercises])
        report = self._grade(nb, assignment)
        cells = {cell.metadata.get("nbgrader", {}).get("grade_id"): cell for cell in nb.cells}
        for position, exercise in enumerate(report["exercises"]):
            cell = cells.get(grade_cell_id(exercise["name"]))
            if cell is None:
                self.log.warning("No grade cell for %s in %s; its score is not recorded",
                                 exercise["name"], info["notebook"])
                continue
            notes = report["flags"] if position == 0 else []
            # The statuses as data too, for what reads them back (the watch service's history).
            statuses = {check["name"]: check["status"] for check in exercise["checks"]}
            cell.outputs = [
                new_output("display_data", data={
                    "text/markdown": feedback_markdown(exercise, notes, self.lang),
                    "text/plain": feedback_text(exercise, notes, self.lang),
                }, metadata={"jaxgrade": {"exercise": exercise["name"], "checks": statuses}}),
                # nbgrader reads a number in an execute_result as the cell's partial credit.
                new_output("execute_result", data={"text/plain": repr(float(exercise["score"]))}, execution_count=None),
            ]
            self.log.info("%s: %s/%s", exercise["name"], exercise["score"], exercise["max_score"])
        return nb, resources

    def _grade(self, nb: nbformat.NotebookNode, assignment: Any) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="jaxgrade-nbgrader-") as directory:
            path = Path(directory) / "submission.ipynb"
            nbformat.write(nb, path)
            options = GradingOptions(lang=self.lang, call_seconds=self.call_seconds,
                                     exercise_seconds=self.exercise_seconds)
            # The one batch path, for a batch of one: here, or on the cluster with --scheduler.
            [result] = grade_many([path], assignment.name, options, scheduler=self.scheduler or None)
            if isinstance(result, FileError):
                raise RuntimeError(f"jaxgrade could not grade this notebook: {result.message}")
            return result_to_dict(result)

    def _restore_missing_grade_cells(self, nb: nbformat.NotebookNode, info: dict[str, Any],
                                     exercises: list[str]) -> None:
        present = {cell.metadata.get("nbgrader", {}).get("grade_id") for cell in nb.cells}
        missing = [name for name in exercises if grade_cell_id(name) not in present]
        if not missing:
            return
        with Gradebook(info["db_url"]) as gradebook:
            for name in missing:
                grade_id = grade_cell_id(name)
                try:
                    source = gradebook.find_source_cell(grade_id, info["notebook"], info["assignment"])
                    graded = gradebook.find_graded_cell(grade_id, info["notebook"], info["assignment"])
                except MissingEntry:
                    continue
                cell = new_code_cell(source.source)
                cell.metadata["nbgrader"] = {"grade": True, "grade_id": grade_id, "locked": True,
                                             "points": float(graded.max_score), "schema_version": SCHEMA_VERSION,
                                             "solution": False, "task": False}
                if source.checksum:
                    cell.metadata["nbgrader"]["checksum"] = source.checksum
                nb.cells.append(cell)
                self.log.warning("Grade cell %s was missing from the submission; restored it", grade_id)


def feedback_markdown(exercise: dict[str, Any], notes: list[str], lang: str) -> str:
    """The engine's verdicts for one exercise, as the student reads them in the feedback.

    Messages and flags quote the student's exceptions and output, and nbgrader's feedback
    HTML keeps raw HTML from Markdown: they are escaped so that none of it is markup.
    """
    return _feedback(exercise, notes, lang, lambda text: markdown_text(text, inline=True))


def feedback_text(exercise: dict[str, Any], notes: list[str], lang: str) -> str:
    """The same verdicts for a plain-text view, unescaped (no renderer reads it as markup)."""
    return _feedback(exercise, notes, lang, lambda text: text.replace("\n", " "))


def _feedback(exercise: dict[str, Any], notes: list[str], lang: str, escape: Callable[[str], str]) -> str:
    lines = [f"**jaxgrade · `{exercise['name']}`: {exercise['score']:g} / {exercise['max_score']:g}**", ""]
    header = (t("report.check", lang), t("report.status", lang), t("report.points", lang), t("report.message", lang))
    lines += ["| " + " | ".join(header) + " |", "| --- | --- | --- | --- |"]
    for check in exercise["checks"]:
        lines.append(f"| `{check['name']}` | {t('status.' + check['status'], lang)} | "
                     f"{check['score']:g}/{check['max_score']:g} | {escape(check['message'])} |")
    if notes:
        lines += ["", f"**{t('report.flags', lang)}**", ""] + [f"- {escape(note)}" for note in notes]
    return "\n".join(lines)
