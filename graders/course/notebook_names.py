"""Which notebook of a submission is the assignment's, when the student's has another name.

JupyterLab's "Duplicate" makes `jit (1).ipynb`, "Save as" and copies make `jit-Copy1.ipynb` or
`Untitled.ipynb`; a student who works in the copy and deletes the original submits no `jit.ipynb`, and
nbgrader then grades nothing and records 0. Collecting (`collect.VerifiedCollect`) renames such a
notebook to the assignment's name in the collected copy (`submitted/`), and keeps what it did in
`.jaxgrade/exchange/ASSIGNMENT/renamed.json`: the grading notes it in the student's feedback
(`rename_note`), the summary lists it, and released feedback is filed under the name the student
submitted too, so that their Fetch Feedback finds it (`ReleaseFeedbackUnderSubmittedNames`, plugged
into nbgrader by `nbgrader_config.py`).
"""

from __future__ import annotations

import glob
import json
import os
from dataclasses import dataclass
from pathlib import Path

from nbgrader.exchange.default.release_feedback import ExchangeReleaseFeedback

from graders.common.i18n import t

from .atomic import read_json, write_json

__all__ = ["AssignmentNotebook", "ReleaseFeedbackUnderSubmittedNames", "choose_notebook", "rename_note",
           "renamed_notebooks", "set_renamed"]

_STATE = Path(".jaxgrade") / "exchange"
# Larger notebooks are not read to look for grade cells (the grader refuses them anyway).
_READ_LIMIT = 50 * 1024 * 1024


@dataclass(frozen=True)
class AssignmentNotebook:
    """A notebook the assignment expects: its name (without `.ipynb`) and its grade cells' ids."""

    name: str
    grade_ids: frozenset[str]


def _grade_ids(path: Path) -> frozenset[str]:
    try:
        if path.stat().st_size > _READ_LIMIT:
            return frozenset()
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return frozenset()
    cells = document.get("cells", []) if isinstance(document, dict) else []
    found = set()
    for cell in cells if isinstance(cells, list) else []:
        metadata = cell.get("metadata", {}) if isinstance(cell, dict) else {}
        nbgrader = metadata.get("nbgrader", {}) if isinstance(metadata, dict) else {}
        if isinstance(nbgrader, dict) and isinstance(nbgrader.get("grade_id"), str):
            found.add(nbgrader["grade_id"])
    return frozenset(found)


def choose_notebook(folder: Path, expected: AssignmentNotebook, others: frozenset[str]) -> str | None:
    """The file in `folder` to grade as `expected` when `expected.name`.ipynb is not there: of the
    notebooks no other expected notebook claims (`others`, names without `.ipynb`), the one holding most
    of the expected grade cells; the only notebook there, when none holds any. None when there is none."""
    if (folder / f"{expected.name}.ipynb").is_file():
        return None
    candidates = sorted(path for path in folder.glob("*.ipynb") if path.is_file() and path.stem not in others)
    if not candidates:
        return None
    scored = [(len(_grade_ids(path) & expected.grade_ids), path.name) for path in candidates]
    best = max(score for score, _ in scored)
    if best == 0:
        return candidates[0].name if len(candidates) == 1 else None
    # Ties go to the name that sorts first, so that the same submission always gives the same choice.
    return min(name for score, name in scored if score == best)


def _path(course: Path, assignment: str) -> Path:
    return course / _STATE / assignment / "renamed.json"


def set_renamed(course: Path, assignment: str, student: str, timestamp: str, renames: dict[str, str]) -> None:
    """What collecting renamed in `student`'s submission of `timestamp` ({submitted name: graded name});
    an empty `renames` forgets an earlier one."""
    path = _path(course, assignment)
    known = read_json(path)
    if renames:
        entry = {"timestamp": timestamp, "renames": renames}
        if known.get(student) == entry:
            return
        known[student] = entry
    elif student in known:
        del known[student]
    else:
        return
    write_json(path, known)


def renamed_notebooks(course: Path, assignment: str, student: str, timestamp: str) -> dict[str, str]:
    """{submitted name: graded name} for `student`'s submission of `timestamp`; empty when nothing was renamed."""
    try:
        entry = read_json(_path(course, assignment)).get(student)
    except (OSError, ValueError):
        return {}
    if not isinstance(entry, dict) or entry.get("timestamp") != timestamp:
        return {}
    renames = entry.get("renames", {})
    return {str(key): str(value) for key, value in renames.items()} if isinstance(renames, dict) else {}


def rename_note(submitted_name: str, graded_name: str, lang: str) -> str:
    return t("note.renamed_notebook", lang, submitted=submitted_name, graded=graded_name)


class ReleaseFeedbackUnderSubmittedNames(ExchangeReleaseFeedback):  # type: ignore[misc]  # nbgrader ships no types
    """nbgrader's release of feedback, which also files each renamed notebook's page under the name the
    student submitted: the student's Fetch Feedback looks for the names in their own copy."""

    def copy_files(self) -> None:
        course = Path(self.coursedir.root)
        assignment = self.coursedir.assignment_id
        # `src_path` is feedback/STUDENT/ASSIGNMENT, with `*` for the student when releasing everyone's.
        for stamp in sorted(glob.glob(os.path.join(self.src_path, "timestamp.txt"))):
            folder = Path(stamp).parent
            renames = renamed_notebooks(course, assignment, folder.parent.name, Path(stamp).read_text().strip())
            for submitted, graded in renames.items():
                page = folder / f"{Path(graded).stem}.html"
                if page.is_file():
                    (folder / f"{Path(submitted).stem}.html").write_bytes(page.read_bytes())
        super().copy_files()
