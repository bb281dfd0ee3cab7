"""What `jaxgrade watch` keeps for the class report: one line per verdict, in `history.jsonl`.

The gradebook holds only each student's latest submission, and per graded function, not per check.
So that `jaxgrade report` can show how many students pass each check day by day before the deadline,
the service appends, after each verdict, one JSON object (one line) to
`.jaxgrade/watch/ASSIGNMENT/history.jsonl`:

    {"assignment": "jit", "student": "alice", "submitted": "2026-11-01 10:00:00.000000 UTC",
     "at": "2026-11-01T10:00:00+00:00", "score": 7.0, "max_score": 10.0,
     "checks": {"norm.correct": "passed", "norm.jit_compiled": "failed", ...}}

`submitted` is nbgrader's timestamp as the journal keeps it; `at` the same time in ISO 8601 (UTC).
The statuses are read from the autograded notebook (`judged_checks`): `JaxgradeScores` keeps each
exercise's statuses in its grade cell's output metadata (`jaxgrade.checks`), beside the table it
shows; nothing else keeps them per check.

Crash safety: a line is appended in one write and flushed before the journal records the
submission, and a (student, submitted) already in the file is not appended again, so a restart that
handles the same submission again adds nothing. A line cut short by a crash is ignored by readers,
and the next append starts on a line of its own.
"""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path

from ..i18n import LANGUAGES, t
from ..reports.progress import read_history
from ..results import Status

__all__ = ["HISTORY", "STATE", "History", "history_files", "judged_checks"]

STATE = Path(".jaxgrade") / "watch"
HISTORY = "history.jsonl"

# The rows `autograde._feedback` writes: "| `check` | status (in the course language) | points | message |".
_HEADER = re.compile(r"^\*\*jaxgrade · `([^`]+)`:")
_ROW = re.compile(r"^\| `([^`]+)` \| ([^|]+?) \|")
_STATUSES = {t(f"status.{status.value}", lang): status.value for status in Status for lang in LANGUAGES}


def history_files(course: Path) -> list[Path]:
    """Every assignment's history under `course` (none when the watch never ran there)."""
    return sorted((course / STATE).glob(f"*/{HISTORY}"))


def judged_checks(autograded: Path) -> dict[str, str]:
    """Each "exercise.check" and its status, from the autograded notebooks in `autograded`
    (`autograded/STUDENT/ASSIGNMENT`): the verdict tables in the grade cells' outputs."""
    import nbformat

    checks: dict[str, str] = {}
    for notebook in sorted(autograded.glob("*.ipynb")):
        for cell in nbformat.read(notebook, as_version=4).cells:
            grade_id = str(cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", ""))
            if cell.get("cell_type") != "code" or not grade_id.startswith("grade_"):
                continue
            for output in cell.get("outputs", []):
                # What `JaxgradeScores` keeps as data; the table's text for notebooks graded before it did.
                kept = output.get("metadata", {}).get("jaxgrade", {})
                if isinstance(kept, dict) and isinstance(kept.get("checks"), dict) \
                        and f"grade_{kept.get('exercise')}" == grade_id:
                    checks.update({f"{kept['exercise']}.{name}": str(status)
                                   for name, status in kept["checks"].items()})
                    continue
                text = output.get("data", {}).get("text/markdown", "")
                header = _HEADER.match(text)
                # Only the table jaxgrade wrote into this exercise's own grade cell.
                if header is None or f"grade_{header.group(1)}" != grade_id:
                    continue
                for line in text.splitlines():
                    row = _ROW.match(line)
                    if row and row.group(2).strip() in _STATUSES:
                        checks[f"{header.group(1)}.{row.group(1)}"] = _STATUSES[row.group(2).strip()]
    return checks


class History:
    """The append-only history of one assignment's verdicts (see the module's docstring)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        records = read_history(path) if path.exists() else []
        self._seen = {(record.get("student"), record.get("submitted")) for record in records}

    def add(self, assignment: str, student: str, submitted: str, at: str, score: float | None,
            max_score: float | None, checks: dict[str, str]) -> bool:
        """Append one verdict; False (and nothing written) when this submission is already there."""
        record = {"assignment": assignment, "student": student, "submitted": submitted, "at": at,
                  "score": score, "max_score": max_score, "checks": checks}
        line = json.dumps(record, ensure_ascii=False) + "\n"  # the checks in the notebook's order
        with self._lock:
            if (student, submitted) in self._seen:
                return False
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "ab+") as handle:
                if handle.tell():
                    handle.seek(-1, os.SEEK_END)
                    if handle.read(1) != b"\n":
                        line = "\n" + line  # a line a crash cut short stays alone, and is ignored
                handle.write(line.encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
            self._seen.add((student, submitted))
        return True

