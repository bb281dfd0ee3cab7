"""Clean workers: sandboxed workers that never load student code, kept for the life of the judge.

`jit_speedup` times the exercise's public formula in one, beside the student's worker, so that
slowing down JAX inside the student's process cannot touch the baseline. One worker per formula
serves every submission the judge grades.

They read the compilation cache the student workers read (the formula's programs are the same
for every submission), and write the staging cache while `jaxgrade warm` fills it: they run
trusted code only, as the filling worker does.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from ..submission import Submission
from .client import WorkerLost
from .compilation_cache import CompilationCache
from .session import SubmissionSession

__all__ = ["CleanWorkers", "clean_workers"]

# Calls a warm-up batch makes on each target: enough to compile it at the timing shape.
_WARM_CALLS = 5


class CleanWorkers:
    """Clean workers, one per formula `(source, name)`.

    A worker is started, given its formula and warmed (the formula, un-jitted and jitted, and the
    input generator compiled at the timing shape) by a thread the moment grading begins, so the
    check finds it ready rather than waiting for it. `shape_for(platform)` says the timing shape
    once the worker has said which platform it runs on.
    """

    def __init__(self) -> None:
        self._sessions: dict[tuple[str, str], SubmissionSession] = {}
        self._warming: dict[tuple[str, str], threading.Thread] = {}
        # Why a clean worker is unusable: WorkerLost, or any error of the grader's own while it
        # warmed (raised again to the check, which reports an internal error).
        self._failures: dict[tuple[str, str], Exception] = {}
        self._cache: CompilationCache | None = None
        # `close` may run in two threads of a judge at once: its exit's `atexit` and the thread that stops it
        # on SIGTERM (the pool stops a judge slow to leave). The second finds nothing left to close.
        self._closing = threading.Lock()

    def use_cache(self, cache: CompilationCache | None) -> None:
        """The compilation cache the workers started from now on use; workers that use another one
        are stopped (a filling run's staging cache is gone once it is published)."""
        if _cache_key(cache) != _cache_key(self._cache):
            self.close()
        self._cache = cache

    def begin(self, source: str, name: str, shape_for: Callable[[str], Sequence[int]]) -> None:
        key = (source, name)
        session = self._sessions.get(key)
        if session is not None and session.worker is not None and session.worker.alive:
            return
        if key in self._warming and self._warming[key].is_alive():
            return
        session = SubmissionSession(Submission(Path("<baseline>"), "python", ()), cache=self._cache, platform=None)
        self._sessions[key] = session
        self._failures.pop(key, None)
        # Spawned here, not in the thread: bubblewrap's --die-with-parent follows the spawning
        # *thread*, so a worker started by the short-lived thread would be killed when it ends.
        try:
            session.begin()
        except (WorkerLost, OSError) as error:
            self._failures[key] = error if isinstance(error, WorkerLost) else WorkerLost("startup", str(error))
        thread = threading.Thread(target=self._warm, args=(key, session, shape_for), name="jaxgrade-baseline",
                                  daemon=True)
        self._warming[key] = thread
        thread.start()

    def _warm(self, key: tuple[str, str], session: SubmissionSession,
              shape_for: Callable[[str], Sequence[int]]) -> None:
        if key in self._failures:
            return
        try:
            session.finish_start()
            session.define_formula(*key)
            info = session.info
            shape = shape_for(info.platform if info else "cpu")
            for target in ("eager", "jit", "none"):
                session.timed_run(target, "", shape, list(range(_WARM_CALLS)))
        except Exception as error:  # noqa: BLE001 - kept for the check, in the grading thread
            self._failures[key] = error

    def ready(self, source: str, name: str, shape_for: Callable[[str], Sequence[int]]) -> SubmissionSession:
        """The warm clean worker for the formula; WorkerLost (or the grader's own error) if it could not start."""
        key = (source, name)
        self.begin(source, name, shape_for)
        self._warming[key].join()
        if key in self._failures:
            session = self._sessions.pop(key)
            session.close()
            raise self._failures.pop(key)
        return self._sessions[key]

    def close(self) -> None:
        with self._closing:
            warming, self._warming = self._warming, {}
            sessions, self._sessions = self._sessions, {}
            for thread in warming.values():
                thread.join(timeout=30)
            for session in sessions.values():
                session.close()


def _cache_key(cache: CompilationCache | None) -> tuple[str, bool] | None:
    return None if cache is None else (str(cache.directory), cache.writable)


# One pool per judge process; `jit_speedup`'s registry close hook stops it, and so does exit.
clean_workers = CleanWorkers()
atexit.register(clean_workers.close)
