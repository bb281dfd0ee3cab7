"""Grade many submissions of one assignment: in sequence, or in a pool of judge processes.

In sequence, the next file's worker starts and loads while the current one is
graded. A pool runs one judge per process (spawned, never forked: a judge holds
JAX's threads). One file's failure never loses the others: it becomes a
`FileError` in its place. Importing this module does not import JAX, so a caller
can start the first worker before paying for it.
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Sequence

from .options import GradingOptions
from .results import FileError, SubmissionResult
from .submission import Submission
from .worker.client import WorkerLost
from .worker.session import SubmissionSession

__all__ = ["AUTO_WARM_MIN_SUBMISSIONS", "begin_worker", "grade_files", "warm_quietly"]

# Filling costs about one grading, once per machine and assignment; every later grading
# there (this batch's and all that follow) saves a tenth to a third of its time.
AUTO_WARM_MIN_SUBMISSIONS = 4


def begin_worker(submission: Submission, options: GradingOptions) -> SubmissionSession | None:
    """A worker for `submission`, spawned and loading; None if even that failed (grading reports why)."""
    session = SubmissionSession(submission, options.limits, options.compilation_cache())
    try:
        session.begin()
    except (WorkerLost, OSError):
        session.close()
        return None
    return session


def warm_quietly(assignment: str, options: GradingOptions) -> None:
    """Fill the compilation cache before a batch; grading goes on without it if it cannot be made."""
    from .registry import get_assignment
    from .warmup import warm_assignment

    try:
        outcome = warm_assignment(get_assignment(assignment), options)
    except OSError as error:
        sys.stderr.write(f"jaxgrade: warning: {error}; grading without it\n")
        return
    if not outcome.ok:
        sys.stderr.write(f"jaxgrade: warning: {outcome.describe()}\n")


def grade_files(submissions: Sequence[Submission], assignment: str, options: GradingOptions, jobs: int = 1,
                first: SubmissionSession | None = None) -> list[SubmissionResult | FileError]:
    """One result per submission, in order. `first`: a worker already begun for the first one."""
    if jobs == 1 or len(submissions) <= 1:
        return _in_sequence(submissions, assignment, options, first)
    if first is not None:
        first.close()
    return _in_pool([str(submission.path) for submission in submissions], assignment, options, jobs)


def _internal_error(path: str, assignment: str, error: Exception) -> FileError:
    first_line = (str(error).splitlines() or [""])[0][:300]
    return FileError(path, assignment, f"internal error: {type(error).__name__}: {first_line}")


def _in_sequence(submissions: Sequence[Submission], assignment: str, options: GradingOptions,
                 first: SubmissionSession | None) -> list[SubmissionResult | FileError]:
    """One file after another; the next file's worker loads while the current one is graded."""
    from .judge import grade_submission
    from .registry import get_assignment

    spec = get_assignment(assignment)
    results: list[SubmissionResult | FileError] = []
    upcoming = first if first is not None or not submissions else begin_worker(submissions[0], options)
    for position, submission in enumerate(submissions):
        session = upcoming
        following = position + 1 < len(submissions)
        upcoming = begin_worker(submissions[position + 1], options) if following else None
        try:
            results.append(grade_submission(submission, spec, options, session=session))
        except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
            if session is not None:
                session.close()
            results.append(_internal_error(str(submission.path), assignment, error))
    return results


def _grade_one(job: tuple[str, str, GradingOptions]) -> SubmissionResult | FileError:
    from .judge import grade_path

    path, assignment, options = job
    try:
        return grade_path(path, assignment, options)
    except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
        return _internal_error(path, assignment, error)


def _in_pool(paths: list[str], assignment: str, options: GradingOptions, jobs: int) -> list[SubmissionResult | FileError]:
    work = [(path, assignment, options) for path in paths]
    with ProcessPoolExecutor(max_workers=min(jobs, len(work)), mp_context=get_context("spawn")) as pool:
        return list(pool.map(_grade_one, work))
