"""`jaxgrade autograde`: collect, grade the class in this process, record through nbgrader, audit.

One long-lived process does it all: it collects as `nbgrader collect` does (`collect.VerifiedCollect`);
grades every student not already graded on the submission collected now, through the one batch path
in a pool of `--jobs` judges or on a Dask cluster (`grade_ahead`); then runs nbgrader's autograde for
each, through nbgrader's API in this process, which finds the judge's verdict and records it (the
gradebook, the autograded notebook, the judge's own record). No nbgrader process per student: its
start, imports and worker cost seconds each. One broken submission costs only itself.

A student the judge already graded on exactly the submission collected now (`records.is_graded`) is
kept unless `force`: an interrupted run, or one after a crash, run again, grades only the rest. The
summary lists the exchange's entries that were not collected, and every grade cell whose gradebook
score is not the judge's (`records.overrides`).

Ctrl-C (or SIGTERM) stops within seconds: the judges are stopped, and what nbgrader had half-done
for a student is undone (a gradebook row this run created is removed, an autograded notebook it
replaced is put back). Those graded before the interruption keep their grades and notebooks.
"""

from __future__ import annotations

import enum
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from graders.batch.pool import JudgePool
from graders.common.i18n import t
from graders.common.stop import raise_if_stop_requested
from graders.judge.supervisor.client import sweep_stale_folders

from .collect import refused_entries
from .deadline import describe_deadline, read_due_date, shown_zone
from .grade_ahead import grade_ahead
from .gradebook import database_url, gradebook_rows
from .inbound import parse_timestamp
from .nbgrader_steps import CourseSteps, StepFailed, course_language
from .notebook_names import renamed_notebooks
from .notice import write_notice
from .records import Override, clear_failure, is_graded, overrides, read_failure, write_failure
from .student_reasons import reason_for_student

__all__ = ["AutogradeRun", "CourseGrader", "StudentOutcome", "StudentState", "autograde_course",
           "collected_students", "render_summary"]

_BACKUP = Path(".jaxgrade") / "autograded-backup"


class StudentState(enum.StrEnum):
    """What a run did with one student's submission."""

    GRADED = "graded"
    KEPT = "kept"  # graded by an earlier run, and the submission has not changed since
    FAILED = "failed"
    INTERRUPTED = "interrupted"  # stopped mid-way; nothing of it kept
    NOT_STARTED = "not started"


@dataclass(frozen=True)
class StudentOutcome:
    """One student's result: `state` is graded, kept (graded by an earlier run), failed,
    interrupted (stopped mid-way, nothing of it kept) or not started."""

    student: str
    state: StudentState
    score: float | None
    max_score: float | None
    reason: str = ""
    # Notebooks collected under another name and graded as the assignment's: "jit (1).ipynb as jit.ipynb".
    renamed: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.state in (StudentState.GRADED, StudentState.KEPT)


@dataclass(frozen=True)
class AutogradeRun:
    """Each collected student's outcome; the exchange's entries never collected (their explanations);
    the grade cells whose gradebook score is not the judge's."""

    outcomes: list[StudentOutcome]
    interrupted: bool = False
    refused: tuple[str, ...] = ()
    overrides: tuple[Override, ...] = ()


def collected_students(course: Path, assignment: str) -> list[str]:
    submitted = course / "submitted"
    if not submitted.is_dir():
        return []
    return sorted(path.name for path in submitted.iterdir() if (path / assignment).is_dir())


def autograde_course(course: Path, assignment: str, jobs: int = 1, force: bool = False,
                     scheduler: str | None = None, console: Console | None = None,
                     collect: bool = True, student: str | None = None) -> AutogradeRun:
    """Collect (unless `collect` is False), then grade every collected student not yet graded on the
    submission collected now, or only `student`."""
    console = console or Console(stderr=True)
    console.print(f"{assignment}: deadline {describe_deadline(course, read_due_date(course, assignment))}",
                  soft_wrap=True, markup=False)
    grader = CourseGrader(course, assignment, scheduler, fresh=force)
    if collect:
        if grader.steps.inbound().is_dir():
            grader.steps.collect(student)
        else:
            console.print(f"nothing collected: {grader.steps.inbound()} does not exist (nothing was released there)",
                          soft_wrap=True, markup=False)
    students = [name for name in collected_students(course, assignment) if student in (None, name)]
    before = _gradebook_state(course, assignment)
    kept = [] if force else [s for s in students if is_graded(course, assignment, s)]
    todo = [student for student in students if student not in kept]
    if kept:
        console.print(f"{len(kept)} already graded in the gradebook (kept; --force grades them again)")
    columns = (TextColumn("[bold]autograde {task.fields[assignment]}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("{task.fields[last]}"))
    interrupted = False
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("grading", total=len(todo), assignment=assignment, last="")
        try:
            grader.grade_class(todo, jobs, lambda: progress.update(task, advance=1),
                               lambda name, ok: progress.update(task, last=f"{name}: {'ok' if ok else 'FAILED'}"))
        except KeyboardInterrupt:
            interrupted = True
            grader.stop()
    if interrupted:
        grader.undo_unfinished(before)
        # A judge that did not stop in time was killed outright and could not remove its workers'
        # folders; every judge of this run has ended now, so all of them are stale.
        sweep_stale_folders()
    for name, cause in sorted(grader.causes.items()):
        console.print(f"{name}: nbgrader's own cause: {cause}", soft_wrap=True, markup=False)
    refused = tuple(entry["explanation"] for _, entry in sorted(refused_entries(course, assignment).items()))
    return AutogradeRun(_outcomes(course, assignment, students, kept, grader), interrupted, refused,
                        tuple(overrides(course, assignment)))


class CourseGrader:
    """Students of one assignment graded in this process: the judge's verdicts (`grade_ahead`), then
    nbgrader's autograde through its API, which records them; and what an interruption leaves undone.

    `judges`: a warm pool that grades instead of a batch's own (`jaxgrade watch`). `grade` may be
    called from several threads: gradings overlap, nbgrader's steps take turns (`CourseSteps`).
    """

    def __init__(self, course: Path, assignment: str, scheduler: str | None = None, fresh: bool = False,
                 judges: JudgePool | None = None, steps: CourseSteps | None = None) -> None:
        self.course, self.assignment, self.scheduler = course, assignment, scheduler
        # Grade again even a notebook the judge has a verdict on (`verdicts`): `jaxgrade autograde --force`.
        self.fresh = fresh
        self.judges = judges
        # One set of nbgrader steps per process, shared with the caller's own (they take turns).
        self.steps = steps or CourseSteps(course, assignment)
        self.lang = course_language(course)
        self.finished: dict[str, tuple[bool, str]] = {}
        # nbgrader's own words for each failure it caused, for the instructor's log.
        self.causes: dict[str, str] = {}
        self.started: set[str] = set()
        self._stopping = threading.Event()
        self._lock = threading.Lock()

    def grade(self, student: str) -> tuple[bool, str]:
        """Grade one student; (True, "") or (False, why)."""
        return self.grade_class([student])[student]

    def grade_class(self, students: list[str], jobs: int = 1, graded: Callable[[], None] | None = None,
                    recorded: Callable[[str, bool], None] | None = None) -> dict[str, tuple[bool, str]]:
        """Grade `students` (`jobs` judges at once), then record each; (ok, why not) per student.
        `graded()` as each notebook is graded, `recorded(student, ok)` as each student is done."""
        outcomes: dict[str, tuple[bool, str]] = {}
        ready = []
        for student in students:
            missing = _missing_notebooks(self.course, self.assignment, student)
            if missing:
                files = _listing(self.course, self.assignment, student)
                outcomes[student] = (False, t("failure.no_notebook", self.lang, expected=missing, files=files))
                write_failure(self.course, self.assignment, student, outcomes[student][1])
                with self._lock:
                    self.finished[student] = outcomes[student]
                if recorded is not None:
                    recorded(student, False)
            else:
                ready.append(student)
        failed = grade_ahead(self.course, self.assignment, ready, jobs=jobs, scheduler=self.scheduler,
                             judges=self.judges, fresh=self.fresh, progress=graded)
        for student in ready:
            if self._stopping.is_set():
                raise KeyboardInterrupt
            outcomes[student] = (False, failed[student]) if student in failed else self._record(student)
            with self._lock:
                self.finished[student] = outcomes[student]
            if recorded is not None:
                recorded(student, outcomes[student][0])
            raise_if_stop_requested()
        return outcomes

    def _record(self, student: str) -> tuple[bool, str]:
        """nbgrader's autograde of `student`, which finds the judge's verdict and records it."""
        with self._lock:
            _backup(self.course, self.assignment, student)
            self.started.add(student)
            # A student graded again (by `jaxgrade watch`) is unfinished until this grading ends.
            self.finished.pop(student, None)
        try:
            self.steps.autograde(student)
        except StepFailed as error:
            _restore_backup(self.course, self.assignment, student)
            if self._stopping.is_set():
                return False, "interrupted"
            # The judge's own reason, where it gave one, is written for the student; nbgrader's is the
            # instructor's (`causes`), and the student reads what they can act on instead.
            own = read_failure(self.course, self.assignment, student)
            if own:
                return False, own[:300]
            with self._lock:
                self.causes[student] = str(error)[:500]
            return False, reason_for_student(self.course / "submitted" / student / self.assignment, self.lang)
        _discard_backup(self.course, self.assignment, student)
        return True, ""

    def stop(self) -> None:
        """Stop the gradings in flight (the judges end within seconds); nothing more is recorded."""
        self._stopping.set()
        if self.judges is not None:
            self.judges.stop()

    def undo_unfinished(self, before: dict[str, bool]) -> None:
        """Students stopped mid-way: no gradebook row of theirs that this run created, their old notebook back.

        A student whose recording was stopped after nbgrader had written both the scores and the
        autograded notebook is graded, and kept.
        """
        after = _gradebook_state(self.course, self.assignment)
        unfinished = []
        for student in sorted(self.started):
            if self.finished.get(student, (False, ""))[0]:
                continue
            if after.get(student) and is_graded(self.course, self.assignment, student):
                self.finished[student] = (True, "")
                _discard_backup(self.course, self.assignment, student)
            else:
                unfinished.append(student)
        new_rows = [student for student in unfinished if student not in before]
        if new_rows:
            from nbgrader.api import Gradebook, MissingEntry

            with Gradebook(database_url(self.course)) as gradebook:
                for student in new_rows:
                    try:
                        gradebook.remove_submission(self.assignment, student)
                    except MissingEntry:
                        pass
        for student in unfinished:
            if not _restore_backup(self.course, self.assignment, student):
                shutil.rmtree(_autograded(self.course, self.assignment, student), ignore_errors=True)


def _outcomes(course: Path, assignment: str, students: list[str], kept: list[str],
              batch: CourseGrader) -> list[StudentOutcome]:
    scores = {student: (row.score, row.max_score) for student, row in gradebook_rows(course, assignment).items()}
    outcomes = [replace(outcome, renamed=_renamed(course, assignment, outcome.student))
                for outcome in _states(course, assignment, students, kept, batch, scores)]
    return outcomes


def _renamed(course: Path, assignment: str, student: str) -> tuple[str, ...]:
    stamp = course / "submitted" / student / assignment / "timestamp.txt"
    if not stamp.is_file():
        return ()
    renames = renamed_notebooks(course, assignment, student, stamp.read_text().strip())
    return tuple(f"{submitted} graded as {graded}" for submitted, graded in sorted(renames.items()))


def _states(course: Path, assignment: str, students: list[str], kept: list[str], batch: CourseGrader,
            scores: dict[str, tuple[float, float]]) -> list[StudentOutcome]:
    outcomes = []
    for student in students:
        score, max_score = scores.get(student, (None, None))
        if student in kept:
            outcomes.append(StudentOutcome(student, StudentState.KEPT, score, max_score))
        elif student in batch.finished:
            ok, reason = batch.finished[student]
            state = (StudentState.GRADED if ok else StudentState.INTERRUPTED if reason == "interrupted"
                     else StudentState.FAILED)
            # Kept for `jaxgrade report` until the submission is graded; the student's page says why too
            # (nbgrader's release_feedback releases it with the rest).
            if state is StudentState.FAILED:
                write_failure(course, assignment, student, reason)
                _failure_page(course, assignment, student, reason, batch.lang)
            elif state is StudentState.GRADED:
                clear_failure(course, assignment, student)
            outcomes.append(StudentOutcome(student, state, score if ok else None, max_score if ok else None, reason))
        else:
            outcomes.append(StudentOutcome(student, StudentState.NOT_STARTED, None, None,
                                            "interrupted before it started"))
    return outcomes


def render_summary(run: AutogradeRun, console: Console) -> None:
    table = Table(title="autograde summary")
    table.add_column("student")
    table.add_column("score", justify="right")
    table.add_column("status")
    labels = {StudentState.GRADED: "graded", StudentState.KEPT: "graded (kept from an earlier run)",
              StudentState.INTERRUPTED: "INTERRUPTED", StudentState.NOT_STARTED: "NOT STARTED"}
    for outcome in run.outcomes:
        score = f"{outcome.score:g} / {outcome.max_score:g}" if outcome.score is not None else "-"
        status = labels.get(outcome.state, f"NOT GRADED: {outcome.reason}")
        if outcome.renamed:
            status += f" ({'; '.join(outcome.renamed)})"
        table.add_row(Text(outcome.student), Text(score), Text(status))
    console.print(table)
    graded = sum(outcome.ok for outcome in run.outcomes)
    failed = sum(outcome.state is StudentState.FAILED for outcome in run.outcomes)
    line = f"{graded} graded, {failed} could not be graded"
    if run.interrupted:
        left = len(run.outcomes) - graded - failed
        line += f", {left} left for the next run (interrupted; run the same command again to finish)"
    console.print(line)
    if run.refused:
        console.print(f"{len(run.refused)} entries in the exchange were not collected (never graded, no quota spent):")
        for explanation in run.refused:
            console.print(Text(f"  - {explanation}"))
    if run.overrides:
        console.print(f"{len(run.overrides)} grades in the gradebook are not the judge's: if you did not give them "
                      "yourself (formgrader, Manual Grading), set them back to the judge's score there:")
        for override in run.overrides:
            console.print(Text(f"  - {override.describe()}"))


# --------------------------------------------------------------------------- the gradebook and the folders
def _gradebook_state(course: Path, assignment: str) -> dict[str, bool]:
    """Each student with a submission in the gradebook: whether every graded cell has its score."""
    return {student: row.complete for student, row in gradebook_rows(course, assignment).items()}


def _autograded(course: Path, assignment: str, student: str) -> Path:
    return course / "autograded" / student / assignment


def _backup(course: Path, assignment: str, student: str) -> None:
    """nbgrader --force deletes the student's autograded folder first; keep it until the new one is made."""
    source = _autograded(course, assignment, student)
    if source.is_dir():
        target = course / _BACKUP / student / assignment
        shutil.rmtree(target, ignore_errors=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, target)


def _restore_backup(course: Path, assignment: str, student: str) -> bool:
    """Put the autograded folder of before this run back; False if there was none."""
    saved = course / _BACKUP / student / assignment
    restored = saved.is_dir()
    if restored:
        target = _autograded(course, assignment, student)
        shutil.rmtree(target, ignore_errors=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(saved), target)
    _discard_backup(course, assignment, student)
    return restored


def _discard_backup(course: Path, assignment: str, student: str) -> None:
    shutil.rmtree(course / _BACKUP / student / assignment, ignore_errors=True)
    for folder in (course / _BACKUP / student, course / _BACKUP, course / _BACKUP.parent):
        try:
            folder.rmdir()
        except OSError:
            break


def _failure_page(course: Path, assignment: str, student: str, reason: str, lang: str) -> None:
    stamp = course / "submitted" / student / assignment / "timestamp.txt"
    try:
        when = parse_timestamp(stamp.read_text()).astimezone(shown_zone(course)).strftime("%Y-%m-%d %H:%M %Z")
    except (OSError, ValueError):
        when = "?"
    write_notice(course, assignment, student, "ungraded", lang, submitted=when, reason=reason)


def _missing_notebooks(course: Path, assignment: str, student: str) -> str:
    """The assignment's notebooks that `student`'s collected submission lacks ("jit.ipynb"); "" when none."""
    from .collect import expected_notebooks

    submitted = course / "submitted" / student / assignment
    expected = expected_notebooks(database_url(course), assignment) if (course / "gradebook.db").exists() else ()
    missing = [f"{notebook.name}.ipynb" for notebook in expected
               if not (submitted / f"{notebook.name}.ipynb").is_file()]
    return ", ".join(missing) if len(missing) == len(expected) and missing else ""


def _listing(course: Path, assignment: str, student: str) -> str:
    names = sorted(path.relative_to(course / "submitted" / student / assignment).as_posix()
                   for path in (course / "submitted" / student / assignment).rglob("*")
                   if path.is_file() and path.name not in ("timestamp.txt", "submission_secret.txt"))
    return ", ".join(names[:10]) + (f" (+{len(names) - 10})" if len(names) > 10 else "") if names else "nothing"


