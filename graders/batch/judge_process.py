"""Inside a pool's judge process: prepare once, grade the files the parent sends, and on SIGTERM close
the workers, remove this judge's folders and leave. The parent's side is `pool.py`; the first code a
judge runs is `judge_entry.py`.

Runs in a judge process; never student code.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import tempfile
import threading
import time
from typing import NoReturn

from graders.judge.options import GradingOptions
from graders.judge.submission import Submission
from graders.judge.supervisor.client import child_pids

from .outcomes import FileOutcome, internal_error

__all__ = ["grade_in_judge", "ready", "start_judge_process"]


def ready() -> None:
    """Nothing: a task that makes the pool start a judge."""


def warm_for(assignment: str, options: GradingOptions) -> None:
    """Grade `assignment`'s references in this judge, result unused: what a first submission would otherwise
    wait for (the catalogue, the reference's outputs and draws, the spare worker, the compiled programs) is
    ready before one comes. Whatever fails here is for that submission's own grading to meet and report."""
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load as load_catalogue

    from .warmup import reference_submission

    try:
        load_catalogue()
        submission = reference_submission(get_assignment(assignment))
        if submission is not None:
            grade_in_judge(submission, assignment, options)
    except Exception:  # noqa: BLE001, S110 - see the docstring
        pass


_grading_now = False
# This judge's own folder inside the pool's scratch folder: every worker folder it makes is in it.
_own_folder: str | None = None
# Whether this judge finished preparing (`start_judge_process`).
_prepared = False
# Whether this judge keeps a spare worker for its next submission.
_keep_spare = False


# Sent by this judge's stop thread to its own main thread alone (`pthread_kill`), never by anyone else.
_UNWIND = signal.SIGUSR1
# How long a grading may take to unwind before the stop thread leaves without it: a main thread inside one
# long C call (a compilation, say) reaches no handler until that call returns.
_UNWIND_SECONDS = 5.0
# How long a leaving judge lets its checks close their helpers (clean timing workers) before killing them.
_CLOSE_SECONDS = 3.0


class _Stop(BaseException):
    """SIGTERM while grading: unwinds the judge's stack so every `finally` closes what it opened."""


def start_judge_process(options: GradingOptions, scratch: str, keep_spare: bool = False) -> None:
    """Prepare a judge, once `judge_entry.enter_judge_process` has made it deaf to Ctrl-C.

    `keep_spare`: a judge that waits for submissions as they come (`JudgePool`)
    keeps a worker spawned ahead for the next one (spare_worker.py); a batch's judges have their
    next file queued already, and a spare after the last one would be spent for nothing."""
    global _own_folder, _prepared, _keep_spare
    from graders.both_sides.jax_import import import_jax
    from graders.judge.supervisor.public_files import public_folder

    from .host import prepare_grading_process

    import_jax()  # before the judge's modules import it, the quicker way

    # The machine's public folder is settled first, while `tempfile` still names the machine's folder:
    # what it holds (the runtime, the font list) is built once for every judge, not once per judge.
    public_folder()
    _own_folder = tempfile.mkdtemp(prefix="judge-", dir=scratch)
    tempfile.tempdir = _own_folder
    signal.signal(_UNWIND, _on_unwind)
    threading.Thread(target=_wait_for_stop, name="judge-stop", daemon=True).start()
    prepare_grading_process(options)
    _prepared = True
    _keep_spare = keep_spare
    _replenish_spare(options)


def _replenish_spare(options: GradingOptions) -> None:
    """A spare for the next submission, at best: whatever stops it (a cache folder this judge cannot
    read, say) leaves the next session to spawn its own worker and report what is wrong, and never
    costs the grading just done its result."""
    if not _keep_spare:
        return
    from graders.judge.supervisor.session import CHECKS_PLATFORM
    from graders.judge.supervisor.spare_worker import spare_worker

    try:
        spare_worker.replenish(options.limits, options.compilation_cache(), CHECKS_PLATFORM)
    except Exception:  # noqa: BLE001, S110 - see the docstring
        pass


def _wait_for_stop() -> None:
    """The judge's one receiver of SIGTERM (the pool's stop, or Linux's word that `jaxgrade` died).

    SIGTERM stays blocked in every thread of a judge (`judge_entry.py` blocks it before any thread exists,
    and threads inherit the mask), so it waits for this `sigwait` alone. A Python handler would not do:
    Linux hands a process's signal to any thread that does not block it, a helper thread (a worker's
    output reader, say) took it, and Python runs handlers only in the main thread, which sat idle in a read
    on the call queue and never ran it. A `jaxgrade` killed outright left its judges running for good.
    """
    signal.sigwait({signal.SIGTERM})
    # The judge is going away: what its helper threads meet while it unwinds (an import cut in
    # half, a closed pipe) is not worth a traceback on the user's terminal.
    threading.excepthook = lambda arguments: None
    if _grading_now:
        main = threading.main_thread().ident
        if main is not None:
            signal.pthread_kill(main, _UNWIND)
            time.sleep(_UNWIND_SECONDS)
            # Still here: the main thread is stuck, possibly holding what closing the checks needs.
            _leave(close=False)
    _leave()


def _on_unwind(signum: int, frame: object) -> None:
    if _grading_now:
        raise _Stop()


def grade_in_judge(file: str | Submission, assignment: str, options: GradingOptions) -> FileOutcome:
    """Grade in this judge: a submission as the batch read it, or the file at a path."""
    global _grading_now
    from graders.common.assignments import get_assignment
    from graders.judge.catalogue import load as load_catalogue
    from graders.judge.grade import grade_path, grade_submission

    path = str(file.path) if isinstance(file, Submission) else file
    _grading_now = True
    try:
        if not isinstance(file, Submission):
            return grade_path(file, assignment, options)
        load_catalogue()
        return grade_submission(file, get_assignment(assignment), options)
    except _Stop:
        _leave()
    except Exception as error:  # noqa: BLE001 - one file's failure must not lose the others
        return internal_error(path, assignment, error)
    finally:
        _grading_now = False
        _replenish_spare(options)


def _close_checks_quietly() -> None:
    with contextlib.suppress(Exception):
        from graders.common.registry import close_checks

        close_checks()


def _leave(close: bool = True) -> NoReturn:
    """Close the clean timing workers (unless `close` is false), kill any worker left (a cut-short start's,
    or all of them), remove this judge's folder (and the pool's, once empty: the parent may be gone), and
    exit."""
    if _prepared and close:
        # Not while the judge is still preparing: SIGTERM may land inside an import (the pool stops every
        # judge when one is killed), and importing again from the handler then fails with a traceback
        # (a batch under load, at a clean clone of b2e8a84). No check has started a worker by then.
        # Whatever closing meets, the workers are killed below and the judge exits all the same.
        # Within a bound: closing joins a clean worker still warming (up to 30 s under load), and a judge
        # whose `jaxgrade` was killed must not outlive it by that long (session 32's clean clone). What is
        # not closed by then is killed below all the same.
        closing = threading.Thread(target=_close_checks_quietly, name="judge-close", daemon=True)
        closing.start()
        closing.join(_CLOSE_SECONDS)
    for child in child_pids(os.getpid()):
        # Workers lead process groups of their own (bubblewrap's helpers are in them).
        with contextlib.suppress(OSError):
            os.killpg(child, signal.SIGKILL)
        with contextlib.suppress(OSError):
            os.kill(child, signal.SIGKILL)
    if _own_folder is not None:
        shutil.rmtree(_own_folder, ignore_errors=True)
        with contextlib.suppress(OSError):
            os.rmdir(os.path.dirname(_own_folder))
    os._exit(128 + signal.SIGTERM)
