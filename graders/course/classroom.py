"""Grading students' repositories from the instructor's side (`jaxgrade classroom`).

The hidden graders and the solutions never enter a student's repository or a CI job a student
controls. The instructor's own workflow reads each student's repository with a token only the
instructor's repository holds, and never runs anything from it: the repository is cloned bare
(no working tree, no checkout, no hooks), and the one notebook graded is read out of a chosen
commit with `git show`. The commit is the newest one made before the deadline, if there is one.
Every notebook is graded in one batch by the trusted judge; the results go back to the students
as a commit status and a comment on the commit graded, through the hosting service's API, and
to the instructor as a class CSV and HTML report.

Outputs, under the `--out` folder: `<student>/<notebook>` (what was graded),
`<student>/report.md` and `report.json`, `graded.json` (one record per student),
`class.csv` and `class.html`.
"""

from __future__ import annotations

import base64
import csv
import json
import os
import re
import subprocess
import tempfile
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from graders.common.results import FileError
from graders.judge.options import GradingOptions

__all__ = ["ClassroomError", "StudentRecord", "RosterEntry", "grade_classroom", "publish", "read_roster"]

_STUDENT_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_GIT_SECONDS = 300
_API_SECONDS = 30


class ClassroomError(Exception):
    """A roster, a folder or an option that cannot be used; the message is one line."""


@dataclass(frozen=True)
class RosterEntry:
    student: str
    repository: str


@dataclass(frozen=True)
class StudentRecord:
    """What happened to one student's repository; `state` is what the commit status says."""

    student: str
    repository: str
    commit: str = ""
    committed_at: str = ""
    score: float | None = None
    max_score: float | None = None
    state: str = "error"          # success (full marks), failure (graded, not full marks), error
    description: str = ""


def read_roster(path: Path) -> list[RosterEntry]:
    """`student,repository` rows (a header row first); repository: `owner/name` on the hosting service
    (statuses and comments are posted only for these), or any URL or path git can clone."""
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as error:
        raise ClassroomError(f"--roster {path}: cannot be read ({error.strerror or error})") from None
    entries = []
    for number, row in enumerate(rows, start=2):
        student, repository = (row.get("student") or "").strip(), (row.get("repository") or "").strip()
        if not _STUDENT_ID.match(student) or not repository:
            raise ClassroomError(f"--roster {path}, line {number}: needs a student id (letters, digits, . _ -) "
                                 f"and a repository, got student={student!r}, repository={repository!r}")
        entries.append(RosterEntry(student, repository))
    if not entries:
        raise ClassroomError(f"--roster {path}: no students; write a 'student,repository' header and one row each")
    return entries


def _clone_url(repository: str, server: str) -> str:
    """`owner/name` on the hosting service at `server`; a URL or a path as it is."""
    if re.match(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", repository):
        return f"{server.rstrip('/')}/{repository}.git"
    return repository


def _git(arguments: Sequence[str], token: str | None = None) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_CONFIG_NOSYSTEM": "1"}
    if token:
        # The header travels in the environment, never on a command line or in a file.
        basic = base64.b64encode(f"x-access-token:{token}".encode()).decode()
        environment.update(GIT_CONFIG_COUNT="1", GIT_CONFIG_KEY_0="http.extraHeader",
                           GIT_CONFIG_VALUE_0=f"Authorization: Basic {basic}")
    return subprocess.run(["git", "-c", "core.hooksPath=/dev/null", *arguments], capture_output=True,
                          env=environment, timeout=_GIT_SECONDS)


@dataclass(frozen=True)
class _Fetched:
    path: Path
    commit: str
    committed_at: str


def _fetch(entry: RosterEntry, notebook: str, deadline: str | None, token: str | None, server: str,
           scratch: Path, destination: Path) -> StudentRecord | _Fetched:
    """The notebook of the newest commit before the deadline, copied to `destination`; or why not."""
    bare = scratch / f"{entry.student}.git"
    cloned = _git(["clone", "--quiet", "--bare", _clone_url(entry.repository, server), str(bare)], token)
    if cloned.returncode != 0:
        return StudentRecord(entry.student, entry.repository, description="the repository could not be read")
    selector = ["rev-list", "-1"] + ([f"--before={deadline}"] if deadline else []) + ["HEAD"]
    commit = _git(["--git-dir", str(bare), *selector]).stdout.decode().strip()
    if not commit:
        reason = "no commit before the deadline" if deadline else "the repository has no commits"
        return StudentRecord(entry.student, entry.repository, description=reason)
    when = _git(["--git-dir", str(bare), "show", "-s", "--format=%cI", commit]).stdout.decode().strip()
    content = _git(["--git-dir", str(bare), "show", f"{commit}:{notebook}"])
    if content.returncode != 0:
        return StudentRecord(entry.student, entry.repository, commit, when, description=f"no {notebook} in the commit")
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.write_bytes(content.stdout)
    return _Fetched(destination, commit, when)


def grade_classroom(roster: Sequence[RosterEntry], assignment: str, notebook: str, out: Path,
                    deadline: str | None = None, token: str | None = None, jobs: int = 1,
                    lang: str = "ko", server: str = "https://github.com") -> list[StudentRecord]:
    """Fetch, grade in one batch, and write every output; returns one record per student."""
    from graders.batch.grading import grade_many
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load as load_catalogue
    from graders.reports import render_json, render_markdown
    from graders.reports.analytics import load_reports, render_analytics

    if Path(notebook).is_absolute() or ".." in Path(notebook).parts:
        raise ClassroomError(f"--notebook {notebook!r}: give the notebook's path inside the student's repository")
    load_catalogue()
    get_assignment(assignment)  # an unknown name fails here, before anything is fetched
    out.mkdir(parents=True, exist_ok=True)
    by_student = {entry.student: entry for entry in roster}
    records: dict[str, StudentRecord] = {}
    fetched: dict[str, _Fetched] = {}
    with tempfile.TemporaryDirectory(prefix="jaxgrade-classroom-") as directory:
        for entry in roster:
            outcome = _fetch(entry, notebook, deadline, token, server, Path(directory),
                             out / entry.student / Path(notebook).name)
            if isinstance(outcome, StudentRecord):
                records[entry.student] = outcome
            else:
                fetched[entry.student] = outcome
    students = list(fetched)
    results = grade_many([fetched[student].path for student in students], assignment, GradingOptions(lang=lang),
                         jobs=jobs)
    reports = []
    for student, result in zip(students, results):
        entry, commit, when = by_student[student], fetched[student].commit, fetched[student].committed_at
        folder = out / student
        if isinstance(result, FileError):
            records[student] = StudentRecord(student, entry.repository, commit, when, description=result.message[:140])
            continue
        (folder / "report.md").write_text(render_markdown([result], lang=lang), encoding="utf-8")
        (folder / "report.json").write_text(render_json([result]), encoding="utf-8")
        reports.append(folder / "report.json")
        full = result.score == result.max_score
        records[student] = StudentRecord(student, entry.repository, commit, when, result.score, result.max_score,
                                  "success" if full else "failure",
                                  f"{assignment}: {result.score:g} / {result.max_score:g} at {commit[:12]}")
    ordered = [records[entry.student] for entry in roster]
    (out / "graded.json").write_text(json.dumps([asdict(record) for record in ordered], indent=2), encoding="utf-8")
    _write_csv(out / "class.csv", ordered)
    if reports:
        (out / "class.html").write_text(render_analytics(load_reports(reports)), encoding="utf-8")
    return ordered


def _write_csv(path: Path, records: Sequence[StudentRecord]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "repository", "commit", "committed_at", "score", "max_score", "status"])
        for record in records:
            writer.writerow([record.student, record.repository, record.commit, record.committed_at,
                             "" if record.score is None else f"{record.score:g}",
                             "" if record.max_score is None else f"{record.max_score:g}", record.description])


def publish(out: Path, api: str, token: str, context: str, target_url: str = "") -> list[str]:
    """Post each graded commit's status and a comment with its report; one line per problem, never a stop."""
    try:
        records = [StudentRecord(**record) for record in json.loads((out / "graded.json").read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError) as error:
        raise ClassroomError(
            f"{out}/graded.json: cannot be read ({error}); run 'jaxgrade classroom grade' first"
        ) from None
    problems = []
    for record in records:
        slug = _github_slug(record.repository)
        if slug is None or not record.commit:
            problems.append(f"{record.student}: not published ({record.description or 'no GitHub repository'})")
            continue
        status = {"state": record.state, "description": record.description[:140], "context": context}
        if target_url:
            status["target_url"] = target_url
        report = out / record.student / "report.md"
        requests = [(f"{api}/repos/{slug}/statuses/{record.commit}", status)]
        if report.exists():
            requests.append((f"{api}/repos/{slug}/commits/{record.commit}/comments",
                             {"body": report.read_text(encoding="utf-8")}))
        for url, body in requests:
            problem = _post(url, body, token)
            if problem:
                problems.append(f"{record.student}: {problem}")
    return problems


def _github_slug(repository: str) -> str | None:
    match = re.match(r"^([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)$", repository)
    return match.group(1) if match else None


def _post(url: str, body: dict[str, str], token: str) -> str:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json",
        "Content-Type": "application/json", "User-Agent": "jaxgrade",
    })
    try:
        with urllib.request.urlopen(request, timeout=_API_SECONDS) as response:
            response.read()
    except urllib.error.HTTPError as error:
        return f"{url.split('/repos/', 1)[-1]}: HTTP {error.code}"
    except (urllib.error.URLError, OSError) as error:
        return f"{url.split('/repos/', 1)[-1]}: {getattr(error, 'reason', error)}"
    return ""
