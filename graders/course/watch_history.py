"""What `jaxgrade watch` keeps for the class report: one line per verdict, in `history.jsonl`.

The gradebook holds only each student's latest submission, and per graded function, not per check.
So that `jaxgrade report` can show how many students pass each check day by day before the deadline,
the service appends, after each verdict, one JSON object (one line) to
`.jaxgrade/watch/ASSIGNMENT/history.jsonl`:

    {"assignment": "jit", "student": "alice", "submitted": "2026-11-01 10:00:00.000000 UTC",
     "at": "2026-11-01T10:00:00+00:00", "score": 7.0, "max_score": 10.0,
     "checks": {"norm.correct": "passed", "norm.jit_compiled": "failed", ...}}

`submitted` is nbgrader's timestamp as the journal keeps it; `at` the same time in ISO 8601 (UTC).
The statuses are read from the judge's own record of the verdict (`records`, `checks_of`), which
keeps its whole result; nothing else keeps them per check.

Crash safety: a line is appended in one write and flushed before the journal records the
submission, and a (student, submitted) already in the file is not appended again, so a restart that
handles the same submission again adds nothing. A line cut short by a crash is ignored by readers,
and the next append starts on a line of its own.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from graders.reports.progress import read_history

__all__ = ["HISTORY", "STATE", "History", "checks_of", "history_files"]

STATE = Path(".jaxgrade") / "watch"
HISTORY = "history.jsonl"



def history_files(course: Path) -> list[Path]:
    """Every assignment's history under `course` (none when the watch never ran there)."""
    return sorted((course / STATE).glob(f"*/{HISTORY}"))


def checks_of(result: dict[str, Any]) -> dict[str, str]:
    """Each "exercise.check" and its status, from the judge's result (`result_to_dict`'s form), as the
    judge's record keeps it (`records.GradedRecord.result`)."""
    checks: dict[str, str] = {}
    for exercise in result.get("exercises", []):
        for check in exercise.get("checks", []):
            checks[f"{exercise['name']}.{check['name']}"] = str(check["status"])
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

