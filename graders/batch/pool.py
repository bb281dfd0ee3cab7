"""Grade many submissions of one assignment on this machine: in sequence, or in a pool of judges.

In sequence, the next file's worker starts and loads while the current one is
graded. A pool runs one judge per process (spawned, never forked: a judge holds
JAX's threads). What can go wrong costs only what it must:

- one file's failure becomes a `FileError` in its place;
- a judge process that dies (killed, out of memory) costs a retry of the files
  it and its neighbours held, never the batch: they are graded again in a fresh
  pool, and then each in a process of its own, so a file that kills every judge
  that grades it is reported alone;
- Ctrl-C or SIGTERM stops at once: workers and judges are stopped, their
  folders removed, and `BatchInterrupted` carries what was graded so far.

Importing this module does not import JAX, so a caller can start the first
worker before paying for it.
"""

from __future__ import annotations

import contextlib
import pickle
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from typing import Any

from graders.common.stop import raise_if_stop_requested, stop_deferred
from graders.judge.options import GradingOptions
from graders.judge.submission import Submission
from graders.judge.supervisor.client import WorkerLost, sweep_own_folders
from graders.judge.supervisor.session import SubmissionSession

from .judge_entry import enter_judge_process
from .judge_process import grade_in_judge, ready, warm_for
from .outcomes import FileOutcome, internal_error, not_graded, overdue_file

__all__ = ["AUTO_WARM_MIN_SUBMISSIONS", "BatchInterrupted", "FileOutcome", "JudgePool", "begin_worker",
           "grade_files", "internal_error", "not_graded", "warm_quietly"]

# Filling costs about one grading, once per machine and assignment; every later grading
# there (this batch's and all that follow) saves a tenth to a third of its time.
AUTO_WARM_MIN_SUBMISSIONS = 4

# A pool round, another pool round, then one process per file.
_POOL_ROUNDS = 3
# How long a judge told to stop may take to close its worker before it is killed.
_STOP_SECONDS = 10.0

Progress = Callable[[int, FileOutcome], None]


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM stopped a batch; `results` has one entry per file, those not graded marked so."""

    def __init__(self, results: list[FileOutcome]) -> None:
        super().__init__("interrupted")
        self.results = results


def begin_worker(submission: Submission, options: GradingOptions) -> SubmissionSession | None:
    """A worker for `submission`, spawned and loading; None if even that failed (grading reports why)."""
    session = SubmissionSession(submission, options.limits, options.compilation_cache())
    try:
        session.begin()
    except (WorkerLost, OSError):
        session.close()
        return None
    except BaseException:
        session.close()
        raise
    return session


def warm_quietly(assignment: str, options: GradingOptions) -> None:
    """Fill the compilation cache before a batch; grading goes on without it if it cannot be made."""
    from graders.common.assignments import get_assignment

    from .warmup import warm_assignment

    try:
        outcome = warm_assignment(get_assignment(assignment), options)
    except OSError as error:
        sys.stderr.write(f"jaxgrade: warning: {error}; grading without it\n")
        return
    if not outcome.ok:
        sys.stderr.write(f"jaxgrade: warning: {outcome.describe()}\n")


def grade_files(submissions: Sequence[Submission], assignment: str, options: GradingOptions, jobs: int = 1,
                first: SubmissionSession | None = None, progress: Progress | None = None) -> list[FileOutcome]:
    """One result per submission, in order. `first`: a worker already begun for the first one.

    `progress(position, result)` is called as each file is graded. Raises `BatchInterrupted`.
    """
    if jobs == 1 or len(submissions) <= 1:
        return _in_sequence(submissions, assignment, options, first, progress)
    if first is not None:
        first.close()
    return _in_pool(submissions, assignment, options, jobs, progress)


def _in_sequence(submissions: Sequence[Submission], assignment: str, options: GradingOptions,
                 first: SubmissionSession | None, progress: Progress | None) -> list[FileOutcome]:
    """One file after another; the next file's worker loads while the current one is graded."""
    from graders.both_sides.jax_import import import_jax

    import_jax()  # before the judge's modules import it, the quicker way
    from graders.common.assignments import get_assignment
    from graders.judge.grade import grade_submission

    spec = get_assignment(assignment)
    results: list[FileOutcome] = []
    upcoming = first if first is not None or not submissions else begin_worker(submissions[0], options)
    session: SubmissionSession | None = None
    try:
        for position, submission in enumerate(submissions):
            session, upcoming = upcoming, None
            if position + 1 < len(submissions):
                upcoming = begin_worker(submissions[position + 1], options)
            try:
                result: FileOutcome = grade_submission(submission, spec, options, session=session)
            except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
                result = internal_error(str(submission.path), assignment, error)
            results.append(result)
            if progress is not None:
                progress(position, result)
            raise_if_stop_requested()
    except KeyboardInterrupt:
        paths = [str(submission.path) for submission in submissions]
        interrupted = BatchInterrupted(results + [not_graded(path, assignment, "interrupted")
                                                  for path in paths[len(results):]])
        _close(session, upcoming)
        sweep_own_folders()  # a stop that came while a worker was being made can leave its folder
        raise interrupted from None
    finally:
        _close(session, upcoming)
    return results


def _close(*sessions: SubmissionSession | None) -> None:
    for session in sessions:
        if session is not None:
            session.close()


# --------------------------------------------------------------------------- the pool
def _in_pool(submissions: Sequence[Submission], assignment: str, options: GradingOptions, jobs: int,
             progress: Progress | None) -> list[FileOutcome]:
    paths = [str(submission.path) for submission in submissions]
    results: dict[int, FileOutcome] = {}
    pending = list(range(len(paths)))
    lost_reason = ""
    try:
        for round_number in range(1, _POOL_ROUNDS + 1):
            if not pending:
                break
            if round_number < _POOL_ROUNDS:
                pending, lost_reason = _pool_round(pending, submissions, assignment, options, jobs, results,
                                                   progress)
            else:
                # Each file alone: a file that kills its judge now loses only itself.
                lost: list[int] = []
                for position in pending:
                    still, lost_reason = _pool_round([position], submissions, assignment, options, 1, results,
                                                     progress)
                    lost.extend(still)
                pending = lost
    except KeyboardInterrupt:
        raise BatchInterrupted([results.get(position) or not_graded(path, assignment, "interrupted")
                                for position, path in enumerate(paths)]) from None
    for position in pending:
        results[position] = internal_error(paths[position], assignment, RuntimeError(
            f"the judge grading this file was lost {_POOL_ROUNDS} times ({lost_reason}); "
            "it may need more memory than this machine gives it"))
    return [results[position] for position in range(len(paths))]


def _pool_round(positions: list[int], submissions: Sequence[Submission], assignment: str, options: GradingOptions,
                jobs: int, results: dict[int, FileOutcome], progress: Progress | None) -> tuple[list[int], str]:
    """Grade `positions` in one pool, each judge given the submission as it was read here (never the
    file read again); the positions whose judge was lost, and why."""
    lost: list[int] = []
    reason = ""
    with _judge_pool(min(jobs, len(positions)), options) as pool:
        with stop_deferred():  # the submissions spawn the judges: see `JudgePool.warm`
            futures: dict[Future[FileOutcome], int] = {
                pool.submit(grade_in_judge, submissions[position], assignment, options): position
                for position in positions}
        remaining = set(futures)
        running_since: dict[Future[FileOutcome], float] = {}
        while remaining:
            done, remaining = wait(remaining, timeout=0.5, return_when=FIRST_COMPLETED)
            raise_if_stop_requested()
            for future in done:
                position = futures[future]
                try:
                    results[position] = future.result()
                except BrokenProcessPool as broken:
                    lost.append(position)
                    reason = str(broken).splitlines()[0] if str(broken) else "a judge process died"
                    continue
                if progress is not None:
                    progress(position, results[position])
            now = time.monotonic()
            running_since.update({future: now for future in remaining
                                  if future.running() and future not in running_since})
            overdue = {future for future in remaining if now - running_since.get(future, now) > options.judge_seconds}
            if overdue:
                # Every step is bounded: a judge past the file's deadline is the grader's failure on that
                # file. The pool's judges are stopped; the files they held are graded again next round.
                for future in overdue:
                    position = futures[future]
                    results[position] = overdue_file(str(submissions[position].path), assignment,
                                                     options.judge_seconds)
                    if progress is not None:
                        progress(position, results[position])
                _stop(pool)
                lost += [futures[future] for future in remaining - overdue]
                reason = "a judge past a file's deadline was stopped"
                break
    return sorted(lost), reason


@contextlib.contextmanager
def _judge_pool(processes: int, options: GradingOptions) -> Iterator[ProcessPoolExecutor]:
    """A pool of judges whose temporary folders all live in one scratch folder, removed at the end:
    a judge killed outright (out of memory) cannot remove its workers' folders itself."""
    scratch = tempfile.mkdtemp(prefix="jaxgrade-judges-")
    pool = ProcessPoolExecutor(max_workers=processes, mp_context=get_context("spawn"),
                               initializer=enter_judge_process, initargs=(pickle.dumps(options), scratch))
    try:
        yield pool
    except BaseException:
        _stop(pool)
        raise
    else:
        _finish(pool)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _finish(pool: ProcessPoolExecutor, cancel_futures: bool = False) -> None:
    """Let the judges leave on their own, then stop any that has not within `_STOP_SECONDS`.

    `shutdown(wait=True)` alone waits without end when a judge was killed mid-batch and the
    executor's own clean-up then waits on a judge stuck closing its worker: the batch must end."""
    processes = _processes(pool)
    _shut_down(pool, cancel_futures)
    deadline = time.monotonic() + _STOP_SECONDS
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    if any(process.is_alive() for process in processes):
        _stop(pool, processes)


def _shut_down(pool: ProcessPoolExecutor, cancel_futures: bool) -> None:
    """`pool.shutdown(wait=False)`, without waiting even for the executor's lock.

    When a judge dies, the executor's manager thread terminates the others and joins them while
    holding that lock. A judge can miss the SIGTERM (it was delivered to one of XLA's threads while the
    judge's main thread sat in a read on the call queue, and Python runs a handler only in the main
    thread), and then the join, and a `shutdown` called here, wait forever: a clean clone's run of
    `test_a_killed_judge_costs_a_retry_never_the_batch` did, for 600 s. So the call happens in a
    thread of its own; the caller goes on to kill what has not left, which ends the join, then the
    lock's wait."""
    threading.Thread(target=pool.shutdown, kwargs={"wait": False, "cancel_futures": cancel_futures},
                     name="judge-pool-shutdown", daemon=True).start()


def _processes(pool: ProcessPoolExecutor) -> list[Any]:
    """The pool's judge processes (none once it has shut down)."""
    # The executor offers no public way to reach its processes; stopping them is the point here.
    return list((getattr(pool, "_processes", None) or {}).values())


def _stop(pool: ProcessPoolExecutor, processes: list[Any] | None = None) -> None:
    """Tell every judge to stop (each closes its worker and removes its folder), then make sure."""
    processes = _processes(pool) if processes is None else processes
    _shut_down(pool, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(_STOP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join(_STOP_SECONDS)


class JudgePool:
    """Judges that outlive a batch, for a service that grades files as they come (`jaxgrade watch`).

    Spawned once, each imports JAX once and stays warm; `grade` may be called from several threads at
    once, up to `jobs` gradings run together. A judge that dies breaks the pool: every file it held
    is graded again in a fresh one, and a file whose judge dies twice is reported alone. `stop`
    (Ctrl-C, SIGTERM) ends every judge within seconds, closing their workers.
    """

    def __init__(self, jobs: int, options: GradingOptions) -> None:
        self.jobs, self.options = jobs, options
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._scratch: str | None = None
        self._stopped = False

    def warm(self, assignment: str | None = None) -> None:
        """Start every judge now (each imports JAX), so that the first file waits for none of it; with an
        `assignment`, each judge then grades its references once, in the background (`warm_for`)."""
        # Spawning happens in this (the main) thread: a stop that lands mid-spawn waits until every
        # judge has its start-up data, or the half-started one prints a traceback.
        with stop_deferred():
            pool = self._current()
            for _ in range(self.jobs):
                if assignment is None:
                    pool.submit(ready)
                else:
                    pool.submit(warm_for, assignment, self.options)

    def grade(self, path: str, assignment: str) -> FileOutcome:
        reason = "a judge process died"
        for _ in range(2):
            pool = self._current()
            try:
                future = pool.submit(grade_in_judge, path, assignment, self.options)
                return future.result(timeout=self.options.judge_seconds)
            except FutureTimeout:
                # The judges are stopped (the others' files come back as lost judges and are graded again).
                self._discard(pool)
                return overdue_file(path, assignment, self.options.judge_seconds)
            except BrokenProcessPool as broken:
                reason = str(broken).splitlines()[0] if str(broken) else reason
                self._discard(pool)
            except RuntimeError:  # the pool was shut down: stopped meanwhile
                if self._stopped:
                    return not_graded(path, assignment, "interrupted")
                self._discard(pool)
        return internal_error(path, assignment, RuntimeError(
            f"the judge grading this file was lost twice ({reason}); it may need more memory than this "
            "machine gives it"))

    def stop(self) -> None:
        """End every judge now (they close their workers and remove their folders)."""
        with self._lock:
            self._stopped = True
            pool, scratch, self._pool, self._scratch = self._pool, self._scratch, None, None
        if pool is not None:
            _stop(pool)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)

    def close(self) -> None:
        with self._lock:
            pool, scratch, self._pool, self._scratch = self._pool, self._scratch, None, None
        if pool is not None:
            _finish(pool, cancel_futures=True)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._stopped:
                raise KeyboardInterrupt
            if self._pool is None:
                self._scratch = tempfile.mkdtemp(prefix="jaxgrade-judges-")
                self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=get_context("spawn"),
                                                 initializer=enter_judge_process,
                                                 initargs=(pickle.dumps(self.options), self._scratch, True))
            return self._pool

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is not pool:
                return  # another thread replaced it already
            scratch, self._pool, self._scratch = self._scratch, None, None
        _stop(pool)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
