"""Every grade is the judge's verdict on the student's own last on-time submission (issue 26).

A real nbgrader course and exchange, students in their own HOME submitting with the student
environment's `nbgrader`, and the real `jaxgrade watch` and `jaxgrade autograde` as the instructor
runs them. What a student can place in the exchange (a link to the solutions, a folder under a
classmate's name dated next year, a plain file, an invented name) must change no one's grade or
quota; a crash at any step of grading must leave each submission with its own verdict; and the final
grade is each student's last submission before the due date. Real OS accounts: `test_identity.py`.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from ...conftest import max_score
from .nbgrader_course import BIN, REPO, Course, student_answers

ASSIGNMENT = "jit"
ANSWERS = student_answers(ASSIGNMENT)
# Right, but not jit-compiled (loses jit_compiled and the speedup): a score between 0 and full marks.
EAGER_NORM = {"norm": "def norm(X):\n    centred = X - X.mean(axis=0)\n    return centred / X.std(axis=0)"}


def _jaxgrade(course: Course, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "jaxgrade"), *args, "--course", str(course.root)], cwd=course.root,
                          env=env or course.env(course.homes), capture_output=True, text=True, timeout=900)


def _scores(course: Course) -> dict[str, float]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        return {submission.student.id: submission.score for submission in gradebook.assignment_submissions(ASSIGNMENT)}


def _inbound(course: Course) -> Path:
    return course.exchange / "jax-course" / "inbound"


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def _plant(course: Course, student: str, when: datetime, notebook: Path | None = None) -> Path:
    """A folder placed in the exchange by hand, as `nbgrader submit` would leave it."""
    folder = _inbound(course) / f"{student}+{ASSIGNMENT}+{_stamp(when)}+{os.urandom(4).hex()}"
    folder.mkdir()
    if notebook is not None:
        shutil.copy(notebook, folder / f"{ASSIGNMENT}.ipynb")
    (folder / "timestamp.txt").write_text(_stamp(when))
    (folder / "submission_secret.txt").write_text("secret")
    return folder


def _released_pages(course: Course) -> list[str]:
    return [page.read_text() for page in (course.exchange / "jax-course" / "feedback").glob("*.html")]


def test_links_in_the_exchange_leak_nothing_and_earn_nothing(tmp_path: Path) -> None:
    course = Course.released(tmp_path, ASSIGNMENT, ("alice",))
    course.answer("alice", ASSIGNMENT, ANSWERS)
    course.submit("alice", ASSIGNMENT)
    assert _jaxgrade(course, "watch", ASSIGNMENT, "--once").returncode == 0
    # mallory's notebook is a link to the instructor's source notebook, solutions included; bob's, to
    # alice's graded notebook; carol's whole folder is a link to alice's submission.
    mallory = _plant(course, "mallory", datetime.now(UTC))
    os.symlink(course.root / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", mallory / f"{ASSIGNMENT}.ipynb")
    bob = _plant(course, "bob", datetime.now(UTC))
    os.symlink(course.root / "autograded" / "alice" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", bob / f"{ASSIGNMENT}.ipynb")
    alice_folder = next(_inbound(course).glob(f"alice+{ASSIGNMENT}+*"))
    os.symlink(alice_folder, _inbound(course) / f"carol+{ASSIGNMENT}+{_stamp(datetime.now(UTC))}+x")

    watched = _jaxgrade(course, "watch", ASSIGNMENT, "--once")
    assert watched.returncode == 0, watched.stderr[-3000:]
    assert "0 verdicts released" in watched.stdout, watched.stdout
    for student, what in (("mallory", "symbolic link"), ("bob", "symbolic link"), ("carol", "not a folder")):
        assert f"claims '{student}'" in watched.stderr and what in watched.stderr, (student, watched.stderr)

    final = _jaxgrade(course, "autograde", ASSIGNMENT)
    assert final.returncode == 0, final.stderr[-3000:]
    assert "3 entries in the exchange were not collected" in final.stdout, final.stdout
    assert _scores(course) == {"alice": max_score(ASSIGNMENT)}
    assert sorted(path.name for path in (course.root / "submitted").iterdir()) == ["alice"]
    [page] = _released_pages(course)  # alice's own: nothing was released for the links
    assert "BEGIN SOLUTION" not in page
    report = _jaxgrade_report(course)
    assert "3 entries in the exchange were never collected" in report.stdout, report.stdout


def _jaxgrade_report(course: Course) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "jaxgrade"), "report", "--gradebook", str(course.root / "gradebook.db"),
                           "--output", str(course.root / "class.html")], capture_output=True, text=True, timeout=300)


def test_planted_folders_future_dates_and_invented_names_change_no_ones_grade_or_quota(tmp_path: Path) -> None:
    course = Course.released(tmp_path, ASSIGNMENT, ("alice", "bob"), 'c.JaxgradeIdentity.roster = "roster.csv"')
    (course.root / "roster.csv").write_text("id,first_name\nalice,Alice\nbob,Bob\n")
    stub = course.student_notebook("bob", ASSIGNMENT)  # the released notebook, untouched: 0 points
    # Before bob submits: a folder under his name dated next year, and a plain file under his name.
    _plant(course, "bob", datetime.now(UTC) + timedelta(days=400), stub)
    (_inbound(course) / f"bob+{ASSIGNMENT}+{_stamp(datetime.now(UTC))}+file").write_text("not a folder")
    _plant(course, "zed", datetime.now(UTC) - timedelta(seconds=1), stub)  # nobody on the roster
    course.answer("bob", ASSIGNMENT, EAGER_NORM)
    course.submit("bob", ASSIGNMENT)
    course.answer("alice", ASSIGNMENT, ANSWERS)
    course.submit("alice", ASSIGNMENT)

    # A quota of one verdict: anything the planted entries had spent would leave bob none.
    first = _jaxgrade(course, "watch", ASSIGNMENT, "--once", "--quota", "1/24h")
    assert first.returncode == 0, first.stderr[-3000:]
    assert "2 verdicts released, 0 beyond the quota" in first.stdout, first.stdout
    for reason in ("in the future", "is not a folder", "'zed' is not on the course's roster"):
        assert reason in first.stderr, (reason, first.stderr)

    # nbgrader's own collect, as configured, is the same collect: it does not abort on the plain file.
    course.instructor("collect", ASSIGNMENT)
    final = _jaxgrade(course, "autograde", ASSIGNMENT)
    assert final.returncode == 0, final.stderr[-3000:]
    scores = _scores(course)
    assert sorted(scores) == ["alice", "bob"]
    assert scores["alice"] == max_score(ASSIGNMENT)
    assert 0 < scores["bob"] < max_score(ASSIGNMENT)
    assert "2 already graded" in final.stderr  # what the service graded is kept: it was their own


def _due(course: Course, moment: datetime) -> None:
    course.instructor("db", "assignment", "add", ASSIGNMENT, f"--duedate={_stamp(moment)}")


def test_final_grading_takes_each_students_last_submission_before_the_due_date(tmp_path: Path) -> None:
    students = ("ana", "ben", "cho", "dae")
    course = Course.released(tmp_path, ASSIGNMENT, students)
    stub = dict.fromkeys(ANSWERS, "pass")
    course.answer("ana", ASSIGNMENT, ANSWERS)
    course.submit("ana", ASSIGNMENT)
    course.answer("ben", ASSIGNMENT, stub)
    course.submit("ben", ASSIGNMENT)
    assert "2 verdicts released" in _jaxgrade(course, "watch", ASSIGNMENT, "--once").stdout
    # Seconds before the deadline, ana breaks her answer and ben fixes his: neither is judged before it.
    course.answer("ana", ASSIGNMENT, {**ANSWERS, **EAGER_NORM})
    course.submit("ana", ASSIGNMENT)
    course.answer("ben", ASSIGNMENT, ANSWERS)
    course.submit("ben", ASSIGNMENT)
    course.answer("cho", ASSIGNMENT, ANSWERS)
    course.submit("cho", ASSIGNMENT)
    deadline = datetime.now(UTC)
    # After it: ana again (full marks, late), cho breaks hers (late), dae only submits late.
    for student, answers in (("ana", ANSWERS), ("cho", stub), ("dae", ANSWERS)):
        course.answer(student, ASSIGNMENT, answers)
        course.submit(student, ASSIGNMENT)
    _due(course, deadline)

    # The service gives no verdict past the due date; what it left queued is graded at the end.
    watched = _jaxgrade(course, "watch", ASSIGNMENT, "--once")
    assert watched.returncode == 0 and "the deadline" in watched.stderr, watched.stderr[-3000:]
    final = _jaxgrade(course, "autograde", ASSIGNMENT)
    assert final.returncode == 0, final.stderr[-3000:]
    scores = _scores(course)
    assert scores["ben"] == scores["cho"] == max_score(ASSIGNMENT), scores
    assert 0 < scores["ana"] < max_score(ASSIGNMENT), scores  # her broken one, on time; not the late fix
    assert "dae" not in scores
    assert "after the due date" in final.stdout and "claims 'dae'" in final.stdout, final.stdout


def test_a_grade_changed_in_the_gradebook_is_listed_with_both_scores(tmp_path: Path) -> None:
    course = Course.released(tmp_path, ASSIGNMENT, ("eun",))
    course.submit("eun", ASSIGNMENT)  # the released notebook untouched: 0 everywhere
    assert _jaxgrade(course, "autograde", ASSIGNMENT).returncode == 0
    # What a script in the formgrader did with the instructor's cookie: a manual grade.
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        grade = gradebook.find_grade("grade_norm", ASSIGNMENT, ASSIGNMENT, "eun")
        grade.manual_score = grade.max_score
        gradebook.db.commit()
        full = grade.max_score
    again = _jaxgrade(course, "autograde", ASSIGNMENT)
    assert again.returncode == 0, again.stderr[-3000:]
    line = f"eun, {ASSIGNMENT}, grade_norm: the judge gave 0, the gradebook holds {full:g}"
    assert "1 grades in the gradebook are not the judge's" in again.stdout and line in again.stdout, again.stdout
    report = _jaxgrade_report(course)
    assert line in report.stdout and line in (course.root / "class.html").read_text()


def _after(step: str) -> int:
    """The position just after `step` in the course's autograde pipeline (nbgrader_config.py's list)."""
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(REPO)).load_config()
    steps = list(config.Autograde.autograde_preprocessors)
    return steps.index(step) + 1


# Where the crash falls in nbgrader's autograde pipeline: before the judge's step, between nbgrader's
# two passes (the sanitized notebook and the new timestamp are written, nothing graded); after the
# gradebook holds the scores; after the judge's record, before nbgrader writes the autograded notebook.
CRASH_POINTS = {"between nbgrader's passes": 0,
                "after the gradebook": _after("nbgrader.preprocessors.SaveAutoGrades"),
                "after the judge's record": _after("graders.course.autograde.JaxgradeRecord")}


@pytest.mark.parametrize("where", CRASH_POINTS)
@pytest.mark.parametrize("runner", ["watch", "autograde"])
def test_a_crash_at_any_step_leaves_each_submission_its_own_verdict(tmp_path: Path, where: str, runner: str) -> None:
    course = Course.released(tmp_path, ASSIGNMENT, ("fay",))
    course.answer("fay", ASSIGNMENT, ANSWERS)
    course.submit("fay", ASSIGNMENT)
    assert _jaxgrade(course, runner, ASSIGNMENT, *(["--once"] if runner == "watch" else [])).returncode == 0
    assert _scores(course) == {"fay": max_score(ASSIGNMENT)}
    course.answer("fay", ASSIGNMENT, EAGER_NORM)
    course.submit("fay", ASSIGNMENT)

    config = course.root / "nbgrader_config.py"
    original = config.read_text()
    config.write_text(original + "\nc.Autograde.autograde_preprocessors.insert("
                      f"{CRASH_POINTS[where]}, 'tests.e2e.course.crash_here.CrashHere')\n")
    crash_env = {**course.env(course.homes), "PYTHONPATH": str(REPO), "JAXGRADE_TEST_CRASH_PARENT": "1"}
    crashed = _jaxgrade(course, runner, ASSIGNMENT, *(["--once"] if runner == "watch" else []), env=crash_env)
    assert crashed.returncode == -signal.SIGKILL, (crashed.returncode, crashed.stderr[-2000:])
    config.write_text(original)

    again = _jaxgrade(course, runner, ASSIGNMENT, *(["--once"] if runner == "watch" else []))
    assert again.returncode == 0, again.stderr[-3000:]
    scores = _scores(course)
    assert 0 < scores["fay"] < max_score(ASSIGNMENT), (where, scores, again.stdout, again.stderr[-2000:])
    if runner == "watch":
        pages = _released_pages(course)
        assert len(pages) == 2, len(pages)  # one page per submission, the second its own
