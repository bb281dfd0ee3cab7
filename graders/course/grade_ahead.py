"""The judge's verdicts on collected submissions, made in this long-lived process before nbgrader records them.

`jaxgrade autograde` and `jaxgrade watch` used to start one `nbgrader autograde --student` process
per student, and most of each one's seconds went to starting Python, importing nbgrader and JAX, and
spawning a worker. Now they grade here: each student's notebook is made exactly as nbgrader's
autograde will hand it to `JaxgradeScores` (`judge_input.notebook_for_judge`), graded through the
one batch path (`grading.grade_many`: in sequence, in a pool of judges, on a Dask cluster) or by the
service's warm judges (`batch.JudgePool`), and the verdict kept under the notebook's key
(`verdicts`). nbgrader's autograde, run next through its API in this process
(`nbgrader_steps.CourseSteps.autograde`), finds the verdict and only records it: gradebook,
autograded notebook, the judge's record. What the judge could not grade is kept with its reason
(`records.write_failure`) and never reaches nbgrader.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from graders.batch.grading import grade_many
from graders.batch.pool import BatchInterrupted, FileOutcome, JudgePool
from graders.common.results import FileError, FileErrorCause, result_to_dict
from graders.judge.options import GradingOptions
from graders.judge.submission import SubmissionError, submission_from_bytes

from .collect import expected_notebooks
from .gradebook import database_url
from .judge_input import JudgeInput, notebook_for_judge
from .nbgrader_steps import load_course_config
from .records import write_failure
from .verdicts import keep_verdict, kept_verdict

__all__ = ["judge_options", "grade_ahead"]


def judge_options(config: Any) -> GradingOptions:
    """The options `JaxgradeScores` grades with in this course (its traits, as nbgrader_config.py sets them):
    a verdict made ahead must be the one it would make."""
    from .autograde import JaxgradeScores

    step = JaxgradeScores(config=config)
    return GradingOptions(lang=step.lang, call_seconds=step.call_seconds, exercise_seconds=step.exercise_seconds)


def _inputs(course: Path, config: Any, assignment: str, student: str,
            options: GradingOptions) -> tuple[list[JudgeInput], str]:
    """The student's notebooks as the judge will grade them, or why they cannot be read."""
    from nbgrader.coursedir import CourseDirectory

    coursedir = CourseDirectory(config=config, root=str(course.resolve()))
    submitted = Path(coursedir.format_path(coursedir.submitted_directory, student, assignment))
    inputs = []
    for notebook in expected_notebooks(database_url(course), assignment):
        if not (submitted / f"{notebook.name}.ipynb").is_file():
            continue  # nbgrader records 0 for it; a submission with none is refused before (autograde_command)
        name = f"{notebook.name}.ipynb"
        try:
            # The judge's own reading first: its one-line reasons are the student's (too large, not JSON...).
            submission_from_bytes(Path(name), (submitted / name).read_bytes())
            inputs.append(notebook_for_judge(config, coursedir, assignment, student, notebook.name, options))
        except SubmissionError as error:
            return [], error.message(options.lang)
        except Exception as error:  # noqa: BLE001 - any unreadable notebook is this student's alone
            first = (str(error).splitlines() or [type(error).__name__])[0][:200]
            return [], f"{name}: nbgrader cannot read it ({type(error).__name__}: {first})"
    return inputs, ""


def grade_ahead(course: Path, assignment: str, students: Sequence[str], *, jobs: int = 1,
                scheduler: str | None = None, judges: JudgePool | None = None, fresh: bool = False,
                progress: Callable[[], None] | None = None) -> dict[str, str]:
    """Grade each student's collected notebooks unless the judge already has a verdict on exactly them
    (`fresh`: grade anyway), keeping the verdicts for nbgrader's autograde; {student: why not} for each
    student who could not be graded. `judges` (the watch's warm pool) grades instead of `grade_many`.
    `progress()` as each notebook's grading ends. Raises `BatchInterrupted` on Ctrl-C, after keeping
    the verdicts made before it."""
    config = load_course_config(course)
    options = judge_options(config)
    failed: dict[str, str] = {}
    wanted: list[JudgeInput] = []
    for student in students:
        inputs, problem = _inputs(course, config, assignment, student, options)
        if problem:
            failed[student] = problem
            write_failure(course, assignment, student, problem)
            continue
        wanted += [item for item in inputs if fresh or kept_verdict(course, item.key) is None]
    if not wanted:
        return failed
    # Notebooks that are the same bytes under the same options (the blank release, submitted as it came)
    # get one grading: the regrade guarantee makes their verdicts the same, and `JaxgradeScores` reuses a
    # verdict under the same key anyway (`verdicts`).
    alike: dict[str, list[JudgeInput]] = {}
    for item in wanted:
        alike.setdefault(item.key, []).append(item)
    wanted = [items[0] for items in alike.values()]

    def keep(item: JudgeInput, outcome: FileOutcome) -> None:
        if isinstance(outcome, FileError):
            if outcome.cause is not FileErrorCause.INTERRUPTED:
                for same in alike[item.key]:
                    failed[same.student] = outcome.message
                    write_failure(course, assignment, same.student, outcome.message)
        else:
            keep_verdict(course, item.key, {**result_to_dict(outcome), "submission": f"{assignment}.ipynb"})

    with tempfile.TemporaryDirectory(prefix="jaxgrade-ahead-") as folder:
        paths = []
        for position, item in enumerate(wanted):
            # The same name `JaxgradeScores` gives the file it grades, so that messages are the same.
            path = Path(folder) / str(position) / "submission.ipynb"
            path.parent.mkdir()
            path.write_text(item.text, encoding="utf-8")
            paths.append(path)
        def graded(item: JudgeInput) -> None:
            if progress is not None:
                for _ in alike[item.key]:
                    progress()  # once for each notebook the grading stands for

        if judges is not None:
            for item, path in zip(wanted, paths):
                keep(item, judges.grade(str(path), assignment))
                graded(item)
            return failed
        try:
            outcomes = grade_many(paths, assignment, options, jobs=jobs, scheduler=scheduler,
                                  progress=(lambda position, outcome: graded(wanted[position])) if progress else None)
        except BatchInterrupted as stop:
            for item, outcome in zip(wanted, stop.results):
                keep(item, outcome)
            raise
        for item, outcome in zip(wanted, outcomes):
            keep(item, outcome)
    return failed
