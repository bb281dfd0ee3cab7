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
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_output
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool, Float, Unicode

from graders.batch.grading import grade_many
from graders.common.assignments import get_assignment
from graders.common.i18n import DEFAULT_LANGUAGE
from graders.common.results import FileError, SubmissionResult, result_from_dict, result_to_dict, with_flags
from graders.judge.catalogue import load as load_catalogue
from graders.judge.options import GradingOptions
from graders.reports.markdown_report import render_feedback

from .judge_input import prepare_for_judge, release_notebook
from .notebook_names import rename_note, renamed_notebooks
from .notebooks import grade_cell_id
from .records import CellScore, new_record, submission_digest, write_failure, write_record
from .restore_cells import restored_note
from .reviews import apply_decision, decision_for
from .verdicts import keep_verdict, kept_verdict, verdict_key

__all__ = ["JaxgradeRecord", "JaxgradeScores"]


class Ungradable(Exception):
    """The judge could not grade the notebook; `reason` is its message, in the course's language."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class JaxgradeScores(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader ships no types
    """Grade with jaxgrade and record one score per graded function in its grade cell."""

    lang = Unicode(DEFAULT_LANGUAGE, help="Language of the feedback: 'ko' or 'en'.").tag(config=True)
    call_seconds = Float(30.0, help="Seconds one call to a student function may take.").tag(config=True)
    exercise_seconds = Float(120.0, help="Seconds one exercise may take in all.").tag(config=True)
    scheduler = Unicode("", help="A Dask scheduler (tcp://HOST:PORT) to grade on; empty: grade here.").tag(config=True)
    reuse_verdicts = Bool(True, help="Reuse the judge's verdict on a notebook it graded before, byte for byte, "
                                     "with the same grader, options and language (graders/course/verdicts.py); "
                                     "False grades again.").tag(config=True)

    def preprocess(self, nb: nbformat.NotebookNode,
                   resources: dict[str, Any]) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        info = resources["nbgrader"]
        load_catalogue()
        assignment = get_assignment(info["assignment"])
        # What the judge grades is identified before grading begins: a collect that replaces the
        # submission meanwhile gives a record that no longer matches, so it is graded again.
        course, submitted = _course_folders(self, info)
        digest = submission_digest(submitted) if submitted is not None else ""
        # The same step as a grading made ahead of nbgrader (`judge_input`), so both grade the same text.
        release = _release_notebook(self, info)
        if release is None:
            self.log.warning("No released notebook for %s: deleted cells cannot be put back", info["notebook"])
        restored = restored_note(prepare_for_judge(nb, release), self.lang)
        try:
            report = self._verdict(nb, assignment, course)
        except Ungradable as error:
            if course is not None:
                # jaxgrade's own reason, for the student's page and the summary: nbgrader logs only its own.
                write_failure(course, info["assignment"], info["student"], error.reason)
            raise RuntimeError(f"jaxgrade could not grade this notebook: {error.reason}") from None
        if course is not None:
            # The instructor's review decision on exactly this submission, applied on every grading of it.
            report = apply_decision(report, decision_for(course, info["assignment"], info["student"], digest),
                                    self.lang)
            report = self._note_renamed(report, course, submitted, info)
        if restored:
            report = with_flags(report, ["cells-restored"], [restored], first=True)
        given: dict[str, CellScore] = {}
        cells = {cell.metadata.get("nbgrader", {}).get("grade_id"): cell for cell in nb.cells}
        # The result as the one serialisation reads it back, decisions and notes applied: scores are
        # computed from the checks, never taken from the dict.
        result = result_from_dict(report)
        if not isinstance(result, SubmissionResult):  # a kept verdict is always a graded result
            raise RuntimeError(f"jaxgrade could not grade this notebook: {result.message}")
        for position, exercise in enumerate(result.exercises):
            cell = cells.get(grade_cell_id(exercise.name))
            if cell is None:
                self.log.warning("No grade cell for %s in %s; its score is not recorded",
                                 exercise.name, info["notebook"])
                continue
            notes = result.flags if position == 0 else ()
            cell.outputs = [
                new_output("display_data", data={
                    "text/markdown": render_feedback(exercise, notes, self.lang),
                    "text/plain": render_feedback(exercise, notes, self.lang, plain=True),
                }),
                # nbgrader reads a number in an execute_result as the cell's partial credit.
                new_output("execute_result", data={"text/plain": repr(float(exercise.score))}, execution_count=None),
            ]
            given[grade_cell_id(exercise.name)] = CellScore(float(exercise.score), float(exercise.max_score))
            self.log.info("%s: %s/%s", exercise.name, exercise.score, exercise.max_score)
        resources["jaxgrade"] = {"course": course, "submitted": submitted, "digest": digest, "cells": given,
                                 "result": report}
        return nb, resources

    def _note_renamed(self, report: dict[str, Any], course: Path, submitted: Path | None,
                      info: dict[str, Any]) -> dict[str, Any]:
        """The note that the notebook graded was submitted under another name, if collecting renamed it."""
        stamp = submitted / "timestamp.txt" if submitted is not None else None
        if stamp is None or not stamp.is_file():
            return report
        renames = renamed_notebooks(course, info["assignment"], info["student"], stamp.read_text().strip())
        notes = [rename_note(original, graded, self.lang) for original, graded in renames.items()
                 if graded == f"{info['notebook']}.ipynb"]
        return with_flags(report, ["renamed"] * len(notes), notes, first=True) if notes else report

    def _verdict(self, nb: nbformat.NotebookNode, assignment: Any, course: Path | None) -> dict[str, Any]:
        """The judge's result on `nb`: kept from an earlier grading of the very same notebook (`verdicts`),
        or graded now and kept."""
        options = GradingOptions(lang=self.lang, call_seconds=self.call_seconds,
                                 exercise_seconds=self.exercise_seconds)
        text = nbformat.writes(nb)
        key = verdict_key(text, assignment.name, options)
        if course is not None and self.reuse_verdicts:
            kept = kept_verdict(course, key)
            if kept is not None:
                self.log.info("The judge graded this very notebook before; its verdict is reused")
                return kept
        with tempfile.TemporaryDirectory(prefix="jaxgrade-nbgrader-") as directory:
            path = Path(directory) / "submission.ipynb"
            path.write_text(text, encoding="utf-8")
            # The one batch path, for a batch of one: here, or on the cluster with --scheduler.
            [result] = grade_many([path], assignment.name, options, scheduler=self.scheduler or None)
        if isinstance(result, FileError):
            raise Ungradable(result.message)
        # The scratch file's name means nothing to anyone: the result names the assignment's notebook.
        report = {**result_to_dict(result), "submission": f"{assignment.name}.ipynb"}
        if course is not None:
            keep_verdict(course, key, report)
        return report


class JaxgradeRecord(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader ships no types
    """The last step of autograding: the judge's record of what it graded (`records`), written once the
    gradebook holds the scores, and the submission's digest in the autograded notebook's metadata."""

    def preprocess(self, nb: nbformat.NotebookNode,
                   resources: dict[str, Any]) -> tuple[nbformat.NotebookNode, dict[str, Any]]:
        graded = resources.get("jaxgrade")
        if not isinstance(graded, dict) or graded.get("submitted") is None:
            self.log.warning("No jaxgrade verdict to record: is JaxgradeScores in c.Autograde.autograde_preprocessors?")
            return nb, resources
        info = resources["nbgrader"]
        course = graded["course"]
        record = new_record(info["student"], info["assignment"], info["notebook"], graded["submitted"],
                            graded["cells"], graded["result"])
        if record.submission != graded["digest"]:
            # The submission changed while it was graded: no record, so it is graded again.
            self.log.warning("%s's submission changed while it was graded; it will be graded again", info["student"])
            return nb, resources
        write_record(course, record)
        nb.metadata["jaxgrade"] = {"submission": record.submission}
        return nb, resources


def _coursedir(step: Any) -> Any:
    """The nbgrader `CourseDirectory` of the converter running `step` (its exporter's parent), or None."""
    owner = step
    while owner is not None and not hasattr(owner, "coursedir"):
        owner = getattr(owner, "parent", None)
    return None if owner is None else owner.coursedir


def _release_notebook(step: Any, info: dict[str, Any]) -> nbformat.NotebookNode | None:
    """The released notebook the submission was made from (`release/ASSIGNMENT/NOTEBOOK.ipynb`), or None."""
    coursedir = _coursedir(step)
    if coursedir is None:
        return None
    return release_notebook(Path(coursedir.root), coursedir.release_directory, info["assignment"], info["notebook"])


def _course_folders(step: Any, info: dict[str, Any]) -> tuple[Path | None, Path | None]:
    """The course's root and `submitted/STUDENT/ASSIGNMENT`, from the converter running `step`;
    (None, None) outside a converter."""
    coursedir = _coursedir(step)
    if coursedir is None:
        return None, None
    return Path(coursedir.root), Path(coursedir.format_path(coursedir.submitted_directory, info["student"],
                                                            info["assignment"]))
