"""`jaxgrade autograde`: every collected submission through nbgrader, in parallel.

Each student is one `nbgrader autograde ASSIGNMENT --student ID` process (the
engine wired in by nbgrader_config.py), so one broken submission never stops
the others; the gradebook is SQLite, whose short write transactions tolerate
a few concurrent processes. A progress bar runs on stderr; the summary names
every submission that could not be graded, with nbgrader's reason.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from ..registry import get_assignment
from ..warmup import warm_assignment

__all__ = ["StudentOutcome", "autograde_course", "collected_students", "render_summary"]


@dataclass(frozen=True)
class StudentOutcome:
    student: str
    ok: bool
    score: float | None
    max_score: float | None
    reason: str = ""


def collected_students(course: Path, assignment: str) -> list[str]:
    submitted = course / "submitted"
    if not submitted.is_dir():
        return []
    return sorted(path.name for path in submitted.iterdir() if (path / assignment).is_dir())


def _nbgrader() -> str:
    return str(Path(sys.executable).with_name("nbgrader"))


def _autograde_one(course: Path, assignment: str, student: str, force: bool) -> tuple[str, bool, str]:
    environment = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    command = [_nbgrader(), "autograde", assignment, "--student", student]
    if force:
        command.append("--force")
    try:
        completed = subprocess.run(command, cwd=course, env=environment, capture_output=True, text=True,
                                   timeout=3600)
    except subprocess.TimeoutExpired:
        return student, False, "nbgrader autograde did not finish within an hour"
    if completed.returncode == 0:
        return student, True, ""
    lines = completed.stderr.strip().splitlines()
    errors = [line for line in lines if "ERROR" in line]
    reason = errors[0] if errors else (lines[-1] if lines else f"exit status {completed.returncode}")
    return student, False, reason[:300]


def _scores(course: Path, assignment: str) -> dict[str, tuple[float, float]]:
    from nbgrader.api import Gradebook, MissingEntry

    database = course / "gradebook.db"
    if not database.exists():
        return {}
    scores: dict[str, tuple[float, float]] = {}
    with Gradebook(f"sqlite:///{database}") as gradebook:
        try:
            for submission in gradebook.assignment_submissions(assignment):
                scores[submission.student.id] = (submission.score, submission.max_score)
        except MissingEntry:
            return {}
    return scores


def autograde_course(course: Path, assignment: str, jobs: int = 1, force: bool = True,
                     console: Console | None = None) -> list[StudentOutcome]:
    console = console or Console(stderr=True)
    students = collected_students(course, assignment)
    if students:
        # Once per class: every student's grading then reads the references' compilations.
        try:
            warmup = warm_assignment(get_assignment(assignment))
        except OSError as error:
            console.print(Text(f"warning: {error}; grading without it"))
        else:
            if warmup.status in ("filled", "failed"):
                console.print(warmup.describe())
    results: dict[str, tuple[bool, str]] = {}
    columns = (TextColumn("[bold]autograde {task.fields[assignment]}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("{task.fields[last]}"))
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("grading", total=len(students), assignment=assignment, last="")
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            futures = [pool.submit(_autograde_one, course, assignment, student, force) for student in students]
            for future in as_completed(futures):
                student, ok, reason = future.result()
                results[student] = (ok, reason)
                progress.update(task, advance=1, last=f"{student}: {'ok' if ok else 'FAILED'}")
    scores = _scores(course, assignment)
    outcomes = []
    for student in students:
        ok, reason = results[student]
        score, max_score = scores.get(student, (None, None)) if ok else (None, None)
        outcomes.append(StudentOutcome(student, ok, score, max_score, reason))
    return outcomes


def render_summary(outcomes: list[StudentOutcome], console: Console) -> None:
    table = Table(title="autograde summary")
    table.add_column("student")
    table.add_column("score", justify="right")
    table.add_column("status")
    for outcome in outcomes:
        score = f"{outcome.score:g} / {outcome.max_score:g}" if outcome.score is not None else "-"
        table.add_row(Text(outcome.student), Text(score),
                      Text("graded" if outcome.ok else f"NOT GRADED: {outcome.reason}"))
    console.print(table)
    failed = [o for o in outcomes if not o.ok]
    console.print(f"{len(outcomes) - len(failed)} graded, {len(failed)} could not be graded")
