"""The one way to grade many files: read them, warm the cache, start the first worker early, prepare
the process, grade here (in sequence or in a pool of judges) or on a Dask cluster, and give one
typed outcome per file, in the order given.

`jaxgrade grade`, `jaxgrade classroom grade`, nbgrader's preprocessor (and so `jaxgrade autograde`)
and the public API all come here; none of them keeps a policy of its own. What each step costs
and why it is ordered so:

- Files are read first, in the judge, so a bad one costs only itself: it becomes a `FileError`
  (`FileErrorCause.UNGRADABLE`) in its place, with a one-line message.
- With enough files to share it (`AUTO_WARM_MIN_SUBMISSIONS`), the compilation cache is filled
  first; every grading after saves a tenth to a third of its time.
- Graded here one after another, the first file's worker spawns before this process imports
  JAX, so both import at once on two cores.
- `prepare_grading_process` runs once, here, for every caller.

Importing this module does not import JAX.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from graders.common.results import FileError, FileErrorCause
from graders.judge.options import GradingOptions
from graders.judge.submission import Submission, SubmissionError, read_submission

from .pool import (
    AUTO_WARM_MIN_SUBMISSIONS,
    BatchInterrupted,
    FileOutcome,
    Progress,
    begin_worker,
    grade_files,
    not_graded,
    warm_quietly,
)

if TYPE_CHECKING:
    from graders.common.spec import Assignment

__all__ = ["grade_many", "prepare_batch"]


def prepare_batch(assignment: str, count: int, options: GradingOptions) -> None:
    """What grading `count` files of `assignment` on this machine does once first: fill the
    compilation cache when enough files share it. For a caller that grades each file in a process
    of its own (`jaxgrade autograde` runs nbgrader once per student), before it starts them."""
    if count >= AUTO_WARM_MIN_SUBMISSIONS:
        warm_quietly(assignment, options)


def grade_many(paths: Sequence[str | Path], assignment: str, options: GradingOptions | None = None, *,
               jobs: int = 1, scheduler: str | None = None, progress: Progress | None = None) -> list[FileOutcome]:
    """One outcome per path, in order: a `SubmissionResult`, or a `FileError` saying whose fault it is.

    `jobs`: judges grading here at once. `scheduler`: a Dask scheduler's address, to grade on its
    workers instead. `progress(position, outcome)` is called as each file read is graded (positions
    among the readable files). Raises `UnknownAssignment` for an assignment no module registers,
    `cluster.ClusterError` when the scheduler cannot be reached, and `BatchInterrupted`, carrying
    one outcome per path, when Ctrl-C or SIGTERM stops the batch.
    """
    options = options or GradingOptions()
    submissions, problems = _read(paths, options.lang)
    try:
        if scheduler is not None:
            _known(assignment)
            from .cluster import grade_on_cluster

            graded = grade_on_cluster(submissions, assignment, options, scheduler)
        else:
            graded = _grade_here(submissions, assignment, options, jobs, progress)
    except BatchInterrupted as stop:
        raise BatchInterrupted(_in_order(paths, problems, stop.results, assignment)) from None
    except KeyboardInterrupt:
        # Stopped before the first file's grading began (filling the cache, starting the first
        # worker): every file is reported, none graded.
        untouched = [not_graded(str(s.path), assignment, "interrupted") for s in submissions]
        raise BatchInterrupted(_in_order(paths, problems, untouched, assignment)) from None
    return _in_order(paths, problems, graded, assignment)


def _known(assignment: str) -> Assignment:
    """The assignment's spec, every assignment registered first (imports JAX); UnknownAssignment if none is so named."""
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load as load_catalogue

    load_catalogue()
    return get_assignment(assignment)


def _read(paths: Sequence[str | Path], lang: str) -> tuple[list[Submission], dict[int, str]]:
    """The readable files, and why each other one (by position) could not be read."""
    submissions: list[Submission] = []
    problems: dict[int, str] = {}
    for position, path in enumerate(paths):
        try:
            submissions.append(read_submission(path))
        except SubmissionError as error:
            problems[position] = error.message(lang)
    return submissions, problems


def _grade_here(submissions: list[Submission], assignment: str, options: GradingOptions, jobs: int,
                progress: Progress | None) -> list[FileOutcome]:
    from .host import prepare_grading_process

    if len(submissions) >= AUTO_WARM_MIN_SUBMISSIONS:
        _known(assignment)  # an unknown name fails before the cache is filled for it
        prepare_batch(assignment, len(submissions), options)
    # The first worker starts (imports JAX, runs the cells) while this process imports JAX.
    sequential = jobs == 1 or len(submissions) <= 1
    first = begin_worker(submissions[0], options) if sequential and submissions else None
    try:
        _known(assignment)
        prepare_grading_process(options)
    except BaseException:
        if first is not None:
            first.close()
        raise
    return grade_files(submissions, assignment, options, jobs, first, progress)


def _in_order(paths: Sequence[str | Path], problems: dict[int, str], graded: Sequence[FileOutcome],
              assignment: str) -> list[FileOutcome]:
    """The graded outcomes with a `FileError` for each unreadable file put back in its place."""
    if not problems:
        return list(graded)
    max_score = _known(assignment).max_score
    pending = iter(graded)
    return [FileError(str(path), assignment, problems[position], max_score, cause=FileErrorCause.UNGRADABLE)
            if position in problems else next(pending) for position, path in enumerate(paths)]
