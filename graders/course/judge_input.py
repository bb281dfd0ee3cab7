"""The notebook the judge grades, exactly as nbgrader's autograde hands it over, made ahead of nbgrader.

nbgrader's autograde has two passes: it sanitizes the submitted notebook (clears outputs, restores
changed locked cells from the gradebook, checks metadata), writes it to `autograded/`, reads it back,
and only then runs the autograde steps, `JaxgradeScores` first. `JaxgradeScores` drops the notebook's
own `jaxgrade` metadata, puts back deleted cells (`restore_cells`) and grades the text it has then;
its verdict is kept under that text's key (`verdicts`).

`notebook_for_judge` makes the same text from `submitted/` with nbgrader's own sanitize steps, as the
course configures them, so that a long-lived process can grade a whole class (in a pool, on a
cluster) first, and nbgrader's autograde, run after it, finds every verdict made: it then only
records. `prepare_for_judge` is the step both share, so the two texts cannot drift apart; where they
still differed, nbgrader's autograde would grade itself, with the same result.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

from graders.judge.options import GradingOptions

from .restore_cells import RestoredCell, restore_missing_cells
from .verdicts import verdict_key

__all__ = ["JudgeInput", "notebook_for_judge", "prepare_for_judge", "release_notebook"]


def prepare_for_judge(nb: nbformat.NotebookNode, release: nbformat.NotebookNode | None) -> list[RestoredCell]:
    """What `JaxgradeScores` does to the notebook nbgrader gives it, before grading: the student's own
    `jaxgrade` metadata goes (only the judge's record writes it), deleted cells come back."""
    nb.metadata.pop("jaxgrade", None)
    return restore_missing_cells(nb, release) if release is not None else []


def release_notebook(course: Path, release_directory: str, assignment: str,
                     notebook: str) -> nbformat.NotebookNode | None:
    """The released notebook a submission was made from, or None."""
    try:
        release: nbformat.NotebookNode = nbformat.read(course / release_directory / assignment / f"{notebook}.ipynb",
                                                       as_version=4)
    except (OSError, ValueError):
        return None
    return release


@dataclass(frozen=True)
class JudgeInput:
    """One notebook of a student's submission as the judge will grade it: its text and its verdict key."""

    student: str
    notebook: str
    text: str
    key: str


def notebook_for_judge(config: Any, coursedir: Any, assignment: str, student: str, notebook: str,
                       options: GradingOptions) -> JudgeInput:
    """`submitted/STUDENT/ASSIGNMENT/NOTEBOOK.ipynb` through nbgrader's sanitize steps (the course's
    `c.Autograde.sanitize_preprocessors`), written and read back as nbgrader does between its passes,
    then `prepare_for_judge`. Raises `ValueError` (or nbformat's errors) for a file that is no notebook."""
    from nbgrader.converters.autograde import Autograde
    from traitlets.utils.importstring import import_item

    path = Path(coursedir.format_path(coursedir.submitted_directory, student, assignment)) / f"{notebook}.ipynb"
    nb = nbformat.read(path, as_version=4)
    resources: dict[str, Any] = {"unique_key": notebook, "output_files_dir": f"{notebook}_files", "nbgrader": {
        "student": student, "assignment": assignment, "notebook": notebook, "db_url": coursedir.db_url}}
    steps = config.Autograde.get("sanitize_preprocessors", Autograde.class_traits()["sanitize_preprocessors"].default())
    for step in steps:
        kind = import_item(step) if isinstance(step, str) else step
        # Called as nbconvert calls a registered step: one the course disabled (`enabled`) does nothing.
        nb, resources = kind(config=config)(copy.deepcopy(nb), resources)
    # What nbgrader's writer leaves in `autograded/` between the passes, read back as its second pass does.
    nb = nbformat.reads(nbformat.writes(nb, version=4), as_version=4)
    prepare_for_judge(nb, release_notebook(Path(coursedir.root), coursedir.release_directory, assignment, notebook))
    judged = nbformat.writes(nb)
    return JudgeInput(student, notebook, judged, verdict_key(judged, assignment, options))
