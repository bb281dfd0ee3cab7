"""Identity from the account: with real OS accounts, a submission made by one student's account under a
classmate's name changes nothing of the classmate's grade or quota, and the instructor is told who made it.

The test creates two accounts and removes them after. They run nbgrader from an environment they can
read, built from the system's Python outside any private home (`make accounts-env`; `make test` builds
it when run as root). The instructor is this process's user, as `jaxgrade watch` and `jaxgrade
autograde` run in a course.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from nbgrader.api import Gradebook

from ...conftest import max_score
from .nbgrader_course import BIN, REPO, copy_course_config, set_solution, student_answers

ASSIGNMENT = "jit"
ACCOUNTS_ENV = Path(os.environ.get("JAXGRADE_ACCOUNTS_ENV", "/opt/jaxgrade-test/student-env"))
ALICE, MALLORY = "jgtest-alice", "jgtest-mallory"

pytestmark = [
    pytest.mark.skipif(os.getuid() != 0, reason="creating OS accounts needs root (CI runs as root)"),
    pytest.mark.skipif(shutil.which("useradd") is None, reason="no useradd on this machine"),
]


@pytest.fixture
def accounts() -> Iterator[Path]:
    if not (ACCOUNTS_ENV / "bin" / "nbgrader").exists():
        pytest.fail(f"{ACCOUNTS_ENV} has no nbgrader: run `make accounts-env` (make test does, as root)")
    base = Path(tempfile.mkdtemp(prefix="jaxgrade-accounts-"))
    base.chmod(0o755)  # the accounts reach their homes and the exchange through it
    for name in (ALICE, MALLORY):
        subprocess.run(["userdel", "--remove", name], capture_output=True)
        subprocess.run(["useradd", "--create-home", "--home-dir", str(base / name), "--shell", "/bin/sh", name],
                       check=True, capture_output=True)
    try:
        yield base
    finally:
        for name in (ALICE, MALLORY):
            subprocess.run(["pkill", "-KILL", "-u", name], capture_output=True)
            subprocess.run(["userdel", "--remove", name], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


def _as(account: str, base: Path, exchange: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """nbgrader as the account runs it: its own environment, its own HOME, nothing of root's."""
    home = base / account
    environment = {"HOME": str(home), "PATH": f"{ACCOUNTS_ENV / 'bin'}:/usr/bin:/bin", "LANG": "C.UTF-8",
                   "JAXGRADE_EXCHANGE": str(exchange)}
    command = ["runuser", "-u", account, "--", "env", "-i", *(f"{k}={v}" for k, v in environment.items()),
               str(ACCOUNTS_ENV / "bin" / "nbgrader"), *args]
    completed = subprocess.run(command, cwd=home, capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, (args, completed.stderr[-3000:])
    return completed


def _answer(path: Path, answers: dict[str, str], owner: str) -> None:
    for exercise, source in answers.items():
        set_solution(path, exercise, source)
    account = pwd.getpwnam(owner)
    os.chown(path, account.pw_uid, account.pw_gid)


def test_another_account_submitting_under_a_students_name_changes_nothing_of_theirs(accounts: Path) -> None:
    course, exchange = accounts / "course", accounts / "exchange"
    course.mkdir()
    exchange.mkdir()
    exchange.chmod(0o777)  # as nbgrader asks: every account writes its own submissions there
    copy_course_config(course)
    shutil.copytree(REPO / "exercises", course / "exercises")
    instructor = {**os.environ, "PATH": f"{BIN}:{os.environ['PATH']}", "JAXGRADE_EXCHANGE": str(exchange),
                  "JAXGRADE_LANG": "en", "HOME": str(accounts)}
    for step in (["generate_assignment", ASSIGNMENT, "--force"], ["release_assignment", ASSIGNMENT, "--force"]):
        subprocess.run([str(BIN / "nbgrader"), *step], cwd=course, env=instructor, check=True, capture_output=True)
    for account in (ALICE, MALLORY):
        jupyter = accounts / account / ".jupyter"
        jupyter.mkdir()
        shutil.copy(REPO / "deploy" / "student_nbgrader_config.py", jupyter / "nbgrader_config.py")
        subprocess.run(["chown", "-R", f"{account}:{account}", str(jupyter)], check=True)
        _as(account, accounts, exchange, "fetch_assignment", ASSIGNMENT, "--course", "jax-course")

    _answer(accounts / ALICE / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", student_answers(ASSIGNMENT), ALICE)
    _as(ALICE, accounts, exchange, "submit", ASSIGNMENT, "--course", "jax-course")
    # mallory, logged in as herself, submits her untouched notebook under alice's name, twice.
    for _ in range(2):
        _as(MALLORY, accounts, exchange, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={ALICE}")

    def jaxgrade(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(BIN / "jaxgrade"), *args, "--course", str(course)], cwd=course, env=instructor,
                              capture_output=True, text=True, timeout=900)

    # A quota of one verdict: had mallory's counted, alice's own would be "beyond the quota".
    watched = jaxgrade("watch", ASSIGNMENT, "--once", "--quota", "1/24h")
    assert watched.returncode == 0, watched.stderr[-3000:]
    assert "1 verdicts released, 0 beyond the quota" in watched.stdout, (watched.stdout, watched.stderr[-3000:])
    assert f"was made by account '{MALLORY}'" in watched.stderr and f"claims '{ALICE}'" in watched.stderr

    final = jaxgrade("autograde", ASSIGNMENT)
    assert final.returncode == 0, final.stderr[-3000:]
    assert f"was made by account '{MALLORY}'" in final.stdout, final.stdout
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {s.student.id: s.score for s in gradebook.assignment_submissions(ASSIGNMENT)}
    assert scores == {ALICE: max_score(ASSIGNMENT)}
    # What was collected as alice's is the folder her own account made.
    submitted = course / "submitted" / ALICE / ASSIGNMENT
    inbound = exchange / "jax-course" / "inbound"
    own = [entry for entry in inbound.iterdir() if entry.stat().st_uid == pwd.getpwnam(ALICE).pw_uid]
    assert len(own) == 1 and (own[0] / "timestamp.txt").read_text() == (submitted / "timestamp.txt").read_text()
