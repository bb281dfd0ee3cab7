"""An autograde interrupted mid-class leaves nothing half done, and a rerun finishes it (timed: run alone)."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import psutil

from ..conftest import max_score
from ..e2e.course.nbgrader_course import Course
from ..e2e.course.test_autograde_resume import (
    ASSIGNMENT,
    STUDENTS,
    _autograde,
    _points_lost,
    _submissions,
)
from ..e2e.course.test_autograde_resume import course as course  # noqa: F401 - the fixture this test asks for


def _watch_descendants(pid: int, seen: set[int], stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            seen.update(child.pid for child in psutil.Process(pid).children(recursive=True))
        except psutil.NoSuchProcess:
            return
        time.sleep(0.1)


def _a_verdict_kept(course: Course) -> bool:
    """The judge has graded some notebook of this run (`course.verdicts`), the slow ones not yet."""
    return any((course.root / ".jaxgrade" / "verdicts").glob("*.json"))


def test_an_interrupted_autograde_leaves_nothing_half_done_and_a_rerun_finishes_it(course: Course,
                                                                                    tmp_path: Path) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = _autograde(course, temporary)
    seen: set[int] = set()
    stop = threading.Event()
    watcher = threading.Thread(target=_watch_descendants, args=(process.pid, seen, stop))
    watcher.start()
    autograded = course.root / "autograded"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and not _a_verdict_kept(course):
        assert process.poll() is None, process.communicate()
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does
    interrupted_at = time.monotonic()
    stdout, stderr = process.communicate(timeout=120)
    stopped_after = time.monotonic() - interrupted_at
    stop.set()
    watcher.join()

    assert process.returncode == 130, stderr[-3000:]
    assert stopped_after < 30, f"took {stopped_after:.1f} s to stop"
    assert "left for the next run" in stdout, stdout
    assert "Traceback" not in stderr, stderr[-3000:]
    assert not [pid for pid in seen if psutil.pid_exists(pid) and psutil.Process(pid).status() != "zombie"]
    # The account's public folder stays, as it does in /tmp: shared by every judge, named by public facts only
    # (judge/supervisor/public_files.py); nothing of a judge's own may.
    assert not [entry.name for entry in temporary.iterdir()
                if entry.name.startswith("jaxgrade") and not entry.name.startswith("jaxgrade-public-")]
    rows = _submissions(course)
    # The slow answers are still being graded, so nobody's row can be there yet, and nothing half-written.
    assert len(rows) < len(STUDENTS), f"rows {rows}\n{stdout}\n{stderr[-3000:]}"
    for student, (complete, _) in rows.items():
        assert complete, f"{student}'s row is half-written"
        assert (autograded / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").exists(), student
    first_graded = set(rows)

    rerun = _autograde(course, temporary)
    stdout, stderr = rerun.communicate(timeout=1200)
    assert rerun.returncode == 0, stderr[-3000:]
    if first_graded:
        assert f"{len(first_graded)} already graded in the gradebook (kept" in stderr
    rows = _submissions(course)
    assert sorted(rows) == sorted(STUDENTS)
    assert all(complete and score == max_score(ASSIGNMENT) for complete, score in rows.values()), \
        (rows, _points_lost(course))
    course.instructor("generate_feedback", ASSIGNMENT)
    assert all((course.root / "feedback" / s / ASSIGNMENT / f"{ASSIGNMENT}.html").exists() for s in STUDENTS)
