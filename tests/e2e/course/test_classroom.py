"""CI on the instructor's side, tested as a trust boundary with local repositories.

Two students' repositories are made with git: alice's holds a correct notebook; bob's holds a
partly solved one, a self-check workflow he edited to print the solutions and fake a full-mark
report, and that forged report committed beside his notebook. His newest commit, the complete
answers, came after the deadline. The instructor workflow's own `run:` lines grade both, with
tokens only it holds, and publish to a GitHub API that is a recording server on localhost.
"""

from __future__ import annotations

import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from graders.common.assignments import get_assignment
from graders.common.libraries import SUBMISSION_LIBRARIES
from graders.judge.grade import GradingOptions, grade_path

from ...conftest import max_score
from .nbgrader_course import REPO, STUDENT_BIN, set_solution, solution_sources

BIN = Path(sys.executable).parent
READ_TOKEN, STATUS_TOKEN = "read-token-4a1f", "status-token-9c2e"
DEADLINE = "2026-11-15T12:00:00+00:00"
EDITED_WORKFLOW = """name: self-check
on: [push]
jobs:
  self-check:
    runs-on: ubuntu-24.04
    steps:
      - run: cat solutions/jit.py
      - run: python -c "import graders.judge.grade"
      - run: |
          echo '[{"score": 30, "max_score": 30}]' > report.json
"""


def _git(repository: Path, *args: str, date: str = "2026-11-01T10:00:00+00:00") -> str:
    environment = {**os.environ, "GIT_AUTHOR_NAME": "student", "GIT_AUTHOR_EMAIL": "s@example.edu",
                   "GIT_COMMITTER_NAME": "student", "GIT_COMMITTER_EMAIL": "s@example.edu",
                   "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    return subprocess.run(["git", *args], cwd=repository, env=environment, capture_output=True, text=True,
                          check=True).stdout.strip()


def _student_repository(root: Path, name: str) -> Path:
    """A working copy made from the released notebook and the student template, and its bare remote."""
    work = root / "work" / name
    work.mkdir(parents=True)
    _git(work, "init", "--quiet", "--initial-branch=main")
    shutil.copy(REPO / "release" / "jit" / "jit.ipynb", work / "jit.ipynb")
    shutil.copy(REPO / "deploy" / "student-requirements.txt", work / "student-requirements.txt")
    shutil.copy(REPO / "deploy" / "ci" / "student-README.md", work / "README.md")
    (work / ".github" / "workflows").mkdir(parents=True)
    shutil.copy(REPO / "deploy" / "ci" / "student-workflow.yml", work / ".github" / "workflows" / "self-check.yml")
    return work


def _push(work: Path, remote: Path, date: str) -> str:
    _git(work, "add", "-A")
    _git(work, "commit", "--quiet", "-m", "work", date=date)
    if not remote.exists():
        subprocess.run(["git", "clone", "--quiet", "--bare", str(work), str(remote)], check=True, capture_output=True)
    else:
        _git(work, "push", "--quiet", str(remote), "main")
    return _git(work, "rev-parse", "HEAD")


class _Recorder(http.server.BaseHTTPRequestHandler):
    requests: list[dict] = []

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        self.send_response(201)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def api() -> Iterator[tuple[str, list[dict]]]:
    _Recorder.requests = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", _Recorder.requests
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def classroom(tmp_path_factory, api) -> dict:
    root = tmp_path_factory.mktemp("classroom")
    server = root / "server"  # what GITHUB_SERVER_URL points at: owner/name.git below it
    answers = solution_sources(REPO / "exercises" / "jit" / "jit.ipynb")

    alice = _student_repository(root, "alice")
    for exercise, source in answers.items():
        set_solution(alice / "jit.ipynb", exercise, source)
    alice_commit = _push(alice, server / "course" / "jit-alice.git", "2026-11-10T09:00:00+00:00")

    bob = _student_repository(root, "bob")
    set_solution(bob / "jit.ipynb", "flatten", "import jax.numpy as jnp\n\ndef flatten(x):\n    return jnp.ravel(x)")
    (bob / ".github" / "workflows" / "self-check.yml").write_text(EDITED_WORKFLOW)
    (bob / "classroom" / "bob").mkdir(parents=True)
    (bob / "classroom" / "bob" / "report.json").write_text('[{"score": 30.0, "max_score": 30.0}]')
    (bob / "classroom" / "graded.json").write_text('[{"student": "bob", "score": 30.0, "state": "success"}]')
    bob_graded = _push(bob, server / "course" / "jit-bob.git", "2026-11-12T20:00:00+00:00")
    for exercise, source in answers.items():  # copied from someone after the deadline
        set_solution(bob / "jit.ipynb", exercise, source)
    bob_late = _push(bob, server / "course" / "jit-bob.git", "2026-11-20T08:00:00+00:00")

    roster = root / "roster.csv"
    roster.write_text("student,repository\nalice,course/jit-alice\nbob,course/jit-bob\n")
    out = root / "out"
    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "grade-students.yml").read_text())
    steps = {step.get("name"): step["run"] for step in workflow["jobs"]["grade"]["steps"] if "run" in step}
    environment = {
        **os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "JAXGRADE_LANG": "en",
        "ASSIGNMENT": "jit", "NOTEBOOK": "jit.ipynb", "ROSTER": str(roster), "OUT": str(out), "DEADLINE": DEADLINE,
        "STUDENT_REPOS_TOKEN": READ_TOKEN, "STUDENT_STATUS_TOKEN": STATUS_TOKEN,
        "GITHUB_SERVER_URL": str(server), "GITHUB_API_URL": api[0], "GITHUB_REPOSITORY": "course/jax",
        "GITHUB_RUN_ID": "7",
    }
    logs = []
    for name in ("Grade every student's notebook", "Tell each student on the commit graded"):
        completed = subprocess.run(["bash", "-euo", "pipefail", "-c", steps[name]], cwd=REPO, env=environment,
                                   capture_output=True, text=True, timeout=1800)
        assert completed.returncode == 0, f"{name}: {completed.stderr[-3000:]}"
        logs.append(completed.stdout + completed.stderr)
    graded = {record["student"]: record for record in json.loads((out / "graded.json").read_text())}
    return {"root": root, "out": out, "graded": graded, "logs": logs, "alice": alice_commit,
            "bob": bob_graded, "bob_late": bob_late, "bob_work": bob, "requests": api[1]}


def test_both_students_are_graded_from_their_notebooks_at_the_commit_before_the_deadline(classroom) -> None:
    alice, bob = classroom["graded"]["alice"], classroom["graded"]["bob"]
    assert alice["commit"] == classroom["alice"] and alice["score"] == max_score("jit")
    assert bob["commit"] == classroom["bob"] != classroom["bob_late"]
    assert bob["score"] == max_score("jit", "flatten")
    assert classroom["bob"][:12] in bob["description"]
    rows = (classroom["out"] / "class.csv").read_text().splitlines()
    assert rows[0].startswith("student,repository,commit") and len(rows) == 3
    assert (classroom["out"] / "class.html").read_text().count("<svg") >= 1


def test_what_bob_put_in_his_repository_changes_nothing_in_his_grade(classroom) -> None:
    own = grade_path(classroom["out"] / "bob" / "jit.ipynb", "jit", GradingOptions(lang="en"))
    assert own.score == classroom["graded"]["bob"]["score"]
    report = json.loads((classroom["out"] / "bob" / "report.json").read_text())[0]
    assert report["score"] == own.score < max_score("jit")


def test_each_student_is_told_on_the_commit_graded_with_the_status_token_only(classroom) -> None:
    requests = classroom["requests"]
    statuses = {request["path"]: request["body"] for request in requests if "/statuses/" in request["path"]}
    assert statuses[f"/repos/course/jit-alice/statuses/{classroom['alice']}"]["state"] == "success"
    bob = statuses[f"/repos/course/jit-bob/statuses/{classroom['bob']}"]
    assert bob["state"] == "failure" and f"{max_score('jit', 'flatten'):g} / {max_score('jit'):g}" in bob["description"]
    assert bob["context"] == "jaxgrade/jit" and bob["target_url"].endswith("/actions/runs/7")
    comments = [request for request in requests if request["path"].endswith("/comments")]
    assert len(comments) == 2 and all("flatten" in request["body"]["body"] for request in comments)
    assert {request["auth"] for request in requests} == {f"Bearer {STATUS_TOKEN}"}


def test_no_token_is_written_anywhere(classroom) -> None:
    for path in classroom["out"].rglob("*"):
        if path.is_file():
            text = path.read_bytes()
            assert READ_TOKEN.encode() not in text and STATUS_TOKEN.encode() not in text, path
    assert not any(READ_TOKEN in log or STATUS_TOKEN in log for log in classroom["logs"])


def test_the_student_side_has_no_secret_no_grader_and_no_solutions(classroom) -> None:
    template = (REPO / "deploy" / "ci" / "student-workflow.yml").read_text()
    assert "secrets." not in template and "graders" not in template.split("steps:", 1)[1]
    allowed = {"jupyterlab", "nbgrader", "jaxlib", *SUBMISSION_LIBRARIES}  # what a submission may import
    for line in (REPO / "deploy" / "student-requirements.txt").read_text().splitlines():
        assert not line.strip() or line.startswith("#") or line.split("==")[0] in allowed
    # bob's edited workflow, run where a student's job runs: the student's environment and repository.
    bob = classroom["bob_work"]
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("JAXGRADE", "STUDENT_", "PYTHONPATH"))}
    environment["PATH"] = f"{STUDENT_BIN}{os.pathsep}{os.environ['PATH']}"
    steps = [step["run"] for step in yaml.safe_load(EDITED_WORKFLOW)["jobs"]["self-check"]["steps"]]
    printed = subprocess.run(["bash", "-c", steps[0]], cwd=bob, env=environment, capture_output=True, text=True)
    assert printed.returncode != 0 and "No such file" in printed.stderr
    imported = subprocess.run(["bash", "-c", steps[1]], cwd=bob, env=environment, capture_output=True, text=True)
    assert imported.returncode != 0 and "ModuleNotFoundError" in imported.stderr


def test_the_student_template_runs_the_self_checks(classroom, tmp_path: Path) -> None:
    workflow = yaml.safe_load((REPO / "deploy" / "ci" / "student-workflow.yml").read_text())
    check = next(step["run"] for step in workflow["jobs"]["self-check"]["steps"]
                 if step.get("name") == "Run the notebook's self-checks")
    work = tmp_path / "alice"
    subprocess.run(["git", "clone", "--quiet", str(classroom["root"] / "server" / "course" / "jit-alice.git"),
                    str(work)], check=True, capture_output=True)
    summary = tmp_path / "summary.md"
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("JAXGRADE", "STUDENT_"))}
    environment.update(PATH=f"{STUDENT_BIN}{os.pathsep}{os.environ['PATH']}", GITHUB_STEP_SUMMARY=str(summary),
                       HOME=str(tmp_path), **{key: str(value) for key, value in workflow["env"].items()})
    completed = subprocess.run(["bash", "-euo", "pipefail", "-c", check], cwd=work, env=environment,
                               capture_output=True, text=True, timeout=900)
    assert completed.returncode == 0, completed.stderr[-2000:]
    text = summary.read_text()
    exercises = len(get_assignment("jit").exercises)
    assert "your grade comes from your instructor" in text and text.count("✓") == exercises
