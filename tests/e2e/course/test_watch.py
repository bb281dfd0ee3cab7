"""`jaxgrade watch` with the real exchange: students in their own HOME submit, the service releases the
judge's verdicts (or, beyond the quota, a notice), and `nbgrader fetch_feedback` brings them back.

Each test has a course of its own; the service runs in a subprocess, as an instructor runs it.
"""

from __future__ import annotations

import ast
import html
import os
import re
import signal
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path

import psutil
from nbgrader.api import Gradebook

from graders.course.gradebook import gradebook_rows
from graders.course.inbound import parse_timestamp

from ...conftest import grade_cells, max_score, points
from .nbgrader_course import BIN, REPO, Course, solution_sources

ASSIGNMENT = "jit"
# Right but not jit-compiled, wrong, right, wrong: none of it the reference's text.
ALICE = {
    "norm": "def norm(X):\n    centred = X - X.mean(axis=0)\n    return centred / X.std(axis=0)",
    "negatives": "def negatives(x):\n    return x[x < 0]",
    "flatten": "import jax.numpy as jnp\n\ndef flatten(x):\n    return jnp.ravel(x)",
    "maybe_negate": "import jax\n\n@jax.jit\ndef maybe_negate(x, neg):\n    if neg:\n        return -x\n    return x",
}


def _alice_grades() -> dict[str, float]:
    return grade_cells(ASSIGNMENT,
                       norm=max_score(ASSIGNMENT, "norm") - points(ASSIGNMENT, "norm.jit_compiled", "norm.jit_speedup"),
                       flatten=max_score(ASSIGNMENT, "flatten"))


def _watch(course: Course, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root), *args],
                          cwd=course.root, env=course.env(course.homes), capture_output=True, text=True,
                          timeout=timeout)


def _fetched(course: Course, student: str) -> dict[str, str]:
    """`nbgrader fetch_feedback` as the student runs it: each submission's timestamp and its page's text."""
    course.student(student, "fetch_feedback", ASSIGNMENT, "--course", "jax-course", f"--student={student}")
    folder = course.student_home(student) / ASSIGNMENT / "feedback"
    return {page.parent.name: html.unescape(re.sub(r"<[^>]+>", "", page.read_text()))
            for page in sorted(folder.glob(f"*/{ASSIGNMENT}.html"))}


def _grades(course: Course, student: str) -> dict[str, float]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student)
        return {grade.name: grade.score for grade in notebook.grades if grade.name.startswith("grade_")}


def _graded_from(course: Course) -> dict[str, datetime]:
    """Each student's gradebook row: the time of the submission it was graded from."""
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        return {submission.student.id: submission.timestamp.replace(tzinfo=UTC)
                for submission in gradebook.assignment_submissions(ASSIGNMENT)}


def _reference_lines() -> list[str]:
    """Every line of the reference functions' bodies in solutions/ (comments too), as written there."""
    source = (REPO / "solutions" / f"{ASSIGNMENT}.py").read_text()
    lines = source.splitlines()
    # From the line after `def` to the function's last line: lines[lineno:end_lineno], counted from 1.
    body = [line.strip() for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef)
            for line in lines[node.lineno:node.end_lineno] if line.strip()]
    assert len(body) >= 4, body
    return body


def test_watch_releases_each_students_verdict_and_nothing_of_the_grader(tmp_path: Path) -> None:
    course = Course.released(tmp_path, ASSIGNMENT, ("alice", "bob", "carol"))
    # Before anything is submitted, Fetch Feedback finds nothing yet, and says no error.
    assert _watch(course, "--once").returncode == 0
    assert _fetched(course, "alice") == {}
    course.answer("alice", ASSIGNMENT, ALICE)
    # carol's notebook is no longer a notebook: it breaks grading for her alone.
    course.student_notebook("carol", ASSIGNMENT).write_text('{"cells": [')
    for student in ("alice", "bob", "carol"):  # bob submits the released notebook untouched
        course.submit(student, ASSIGNMENT)

    started = time.monotonic()
    watched = _watch(course, "--once", "--jobs", "2")
    took = time.monotonic() - started
    # Exit status 4, as for `jaxgrade autograde`: someone could not be graded, and everyone else was.
    assert watched.returncode == 4, watched.stderr[-3000:]
    assert "2 verdicts released" in watched.stdout, (watched.stdout, watched.stderr[-3000:])
    assert "1 could not be graded" in watched.stdout and "carol" in watched.stderr + watched.stdout
    [carol_page] = _fetched(course, "carol").values()
    assert "could not grade it" in carol_page or "채점하지 못했습니다" in carol_page, carol_page

    alice, bob = _fetched(course, "alice"), _fetched(course, "bob")
    assert len(alice) == 1 and len(bob) == 1, (alice.keys(), bob.keys())
    [alice_page], [bob_page] = alice.values(), bob.values()
    for phrase in ("jit_compiled", "NonConcreteBooleanIndexError", "TracerBoolConversionError", "jnp.where"):
        assert phrase in alice_page, phrase
    grades = _alice_grades()
    assert f"{grades['grade_norm']:g} / {max_score(ASSIGNMENT, 'norm'):g}" in alice_page
    assert "norm is not defined" in bob_page
    assert _grades(course, "alice") == grades
    assert set(_grades(course, "bob").values()) == {0.0}

    for page in (alice_page, bob_page):
        for line in _reference_lines():
            assert line not in page, line
        for marker in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", "from hypothesis", "@given", "st.composite",
                       "register_assignment", "Exercise(", "solutions."):
            assert marker not in page, marker

    # Before the deadline, the class report shows, by day, how many students pass each check.
    history = course.root / ".jaxgrade" / "watch" / ASSIGNMENT / "history.jsonl"
    assert len(history.read_text().splitlines()) == 2
    report = subprocess.run([str(BIN / "jaxgrade"), "report", "--gradebook", str(course.root / "gradebook.db"),
                             "--output", str(tmp_path / "class.html")], capture_output=True, text=True, timeout=300)
    assert report.returncode == 0 and "2 verdicts before the deadline" in report.stdout, report.stderr
    section = (tmp_path / "class.html").read_text().split("students passing each check, by day", 1)[1]
    last = {check: re.findall(r"data-passing='(\d+)'", row)[-1]
            for check, row in re.findall(r"<tr data-check='([^']+)'>(.*?)</tr>", section)}
    assert last["norm.correctness"] == last["flatten.correctness"] == "1", last
    assert last["norm.jit_compiled"] == last["negatives.correctness"] == "0", last
    assert re.findall(r"data-students='(\d+)'", section)[-1] == "2"

    # The instructor's final grading keeps what the service graded; carol's notebook still fails, alone.
    final = subprocess.run([str(BIN / "jaxgrade"), "autograde", ASSIGNMENT, "--course", str(course.root)],
                           cwd=course.root, env=course.env(course.homes), capture_output=True, text=True, timeout=900)
    assert final.returncode == 4, final.stderr[-3000:]
    assert "2 already graded in the gradebook (kept" in final.stderr and "carol: FAILED" in final.stderr
    assert _grades(course, "alice") == grades
    print(f"watch --once --jobs 2, three students: {took:.1f} s")


def test_beyond_the_quota_a_submission_is_received_and_still_counts_at_the_deadline(tmp_path: Path) -> None:
    course = Course.released(tmp_path, ASSIGNMENT, ("carol",))
    answers = solution_sources(REPO / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    texts = []
    for code in ({}, ALICE, answers):  # untouched, partly right, all right
        course.answer("carol", ASSIGNMENT, code)
        course.submit("carol", ASSIGNMENT)
        watched = _watch(course, "--once", "--quota", "2/1h")
        assert watched.returncode == 0, watched.stderr[-3000:]
        texts.append(watched.stdout)
    assert "1 verdicts released" in texts[0] and "1 verdicts released" in texts[1], texts
    assert "1 beyond the quota" in texts[2], texts

    pages = _fetched(course, "carol")
    assert len(pages) == 3
    first, second, third = (pages[stamp] for stamp in sorted(pages))
    assert "norm is not defined" in first
    assert "jit_compiled" in second
    assert "was received" in third and "next judged feedback is available from" in third
    assert "2/1h" in third
    for verdict in ("jaxgrade ·", "jit_compiled", "not defined", "/ "):
        assert verdict not in third, verdict
    # Not graded yet: the gradebook holds the second submission's grades.
    assert _grades(course, "carol") == _alice_grades()

    # At the deadline the instructor grades as always, and the third submission is the one that counts.
    course.instructor("collect", ASSIGNMENT)
    final = subprocess.run([str(BIN / "jaxgrade"), "autograde", ASSIGNMENT, "--course", str(course.root)],
                           cwd=course.root, env=course.env(course.homes), capture_output=True, text=True, timeout=900)
    assert final.returncode == 0, final.stderr[-3000:]
    assert "already graded" not in final.stderr
    assert gradebook_rows(course.root, ASSIGNMENT)["carol"].score == max_score(ASSIGNMENT)
    assert _graded_from(course)["carol"] == parse_timestamp(sorted(pages)[-1])


def _grading_child(pid: int) -> bool:
    """Whether a sandboxed worker runs under the service: its judges start one only to grade (a worker
    is started `python -I -S`, in bubblewrap where there is one)."""
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return False
    for child in children:
        try:
            command = child.cmdline()
        except psutil.Error:
            continue
        if "bwrap" in command[:1] or ("-I" in command and "-S" in command):
            return True
    return False


def _start_service(course: Course) -> subprocess.Popen[str]:
    return subprocess.Popen([str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root)],
                            cwd=course.root, env=course.env(course.homes), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _wait_until_grading(service: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 300
    while not _grading_child(service.pid):
        assert service.poll() is None, service.communicate()
        assert time.monotonic() < deadline, "the service never started grading"
        time.sleep(0.2)


def test_a_service_stopped_or_killed_while_grading_gives_one_verdict_and_one_row_each(tmp_path: Path) -> None:
    students = ("dan", "eun")
    course = Course.released(tmp_path, ASSIGNMENT, students)
    for student in students:
        course.answer(student, ASSIGNMENT, ALICE)
        course.submit(student, ASSIGNMENT)

    # SIGTERM (as systemd stops it) while grading: it stops within seconds and leaves no half-written row.
    service = _start_service(course)
    try:
        _wait_until_grading(service)
        os.kill(service.pid, signal.SIGTERM)
        stopped_at = time.monotonic()
        _, stderr = service.communicate(timeout=120)
        assert time.monotonic() - stopped_at < 30
        assert service.returncode == 0, stderr[-3000:]  # a supervisor's stop is the service's normal end
        assert "Traceback" not in stderr, stderr[-3000:]
        assert all(row.complete for row in gradebook_rows(course.root, ASSIGNMENT).values())

        # SIGKILL while grading: nothing can be cleaned up; the next run must still get it right.
        service = _start_service(course)
        _wait_until_grading(service)
        os.kill(service.pid, signal.SIGKILL)
        service.communicate(timeout=60)
    finally:
        if service.poll() is None:
            os.killpg(service.pid, signal.SIGKILL)
            service.communicate()

    again = _watch(course, "--once")
    assert again.returncode == 0, again.stderr[-3000:]
    assert "2 verdicts released" in again.stdout, (again.stdout, again.stderr[-3000:])
    rows = gradebook_rows(course.root, ASSIGNMENT)
    assert sorted(rows) == sorted(students)
    assert all(row.complete for row in rows.values()), rows
    graded_from = _graded_from(course)
    released = list((course.exchange / "jax-course" / "feedback").glob("*.html"))
    assert len(released) == len(students), released  # one page per submission, none twice
    for student in students:
        pages = _fetched(course, student)
        assert len(pages) == 1, pages.keys()
        [(stamp, page)] = pages.items()
        assert "jit_compiled" in page and "NonConcreteBooleanIndexError" in page
        assert parse_timestamp(stamp) == graded_from[student], (stamp, graded_from[student])
        assert _grades(course, student) == _alice_grades()
