"""A spare worker: spawned ahead by a judge that lives on, so the next submission waits for no JAX import.

Starting a worker costs 0.4 s before it can run a cell: bubblewrap, Python and JAX's import. A judge
that grades one file and exits cannot save that, but a judge that waits for the next submission
(`JudgePool`, which `jaxgrade watch` keeps) can pay it while it waits.

A spare is a worker as `WorkerProcess.spawn` makes it and nothing more: no submission has been
sent to it, no student code has run in it, and it is handed out at most once. A session takes it
only when it was spawned with the same limits, compilation cache and platform the session asks
for, and only while it is alive; otherwise the session spawns its own, as before. So what a
grading sees is the same with a spare or without one; only the wait differs.

bubblewrap's `--die-with-parent` follows the *thread* that spawned the sandbox, so a spare must be
spawned by a thread that lives as long as the judge: its main thread.
"""

from __future__ import annotations

import atexit
import threading

from .client import WorkerLimits, WorkerProcess
from .compilation_cache import CompilationCache

__all__ = ["SpareWorker", "spare_worker"]

_Key = tuple[WorkerLimits, tuple[str, bool] | None, str | None]


def _key(limits: WorkerLimits, cache: CompilationCache | None, platform: str | None) -> _Key:
    return limits, None if cache is None else (str(cache.directory), cache.writable), platform


class SpareWorker:
    """At most one spawned, unused worker, with what it was spawned for."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._worker: WorkerProcess | None = None
        self._key: _Key | None = None

    def take(self, limits: WorkerLimits, cache: CompilationCache | None, platform: str | None) -> WorkerProcess | None:
        """The spare, if it was spawned for exactly these and is alive; it is no longer the spare."""
        with self._lock:
            worker, key, self._worker, self._key = self._worker, self._key, None, None
        if worker is None:
            return None
        if key != _key(limits, cache, platform) or not worker.alive:
            worker.close()
            return None
        return worker

    def replenish(self, limits: WorkerLimits, cache: CompilationCache | None, platform: str | None) -> None:
        """Spawn a spare for these unless one is kept already (call from the judge's main thread).

        A spare that cannot be spawned is no spare: the next session spawns its own and reports why.
        """
        if threading.current_thread() is not threading.main_thread():
            return
        with self._lock:
            if self._worker is not None:
                return
        worker = WorkerProcess(limits, cache, platform)
        try:
            worker.spawn()
        except (OSError, RuntimeError):
            worker.close()
            return
        with self._lock:
            if self._worker is None:
                self._worker, self._key = worker, _key(limits, cache, platform)
                return
        worker.close()

    def close(self) -> None:
        with self._lock:
            worker, self._worker, self._key = self._worker, None, None
        if worker is not None:
            worker.close()


# One per judge process; the pool's judges replenish it after each grading, and exit closes it.
spare_worker = SpareWorker()
atexit.register(spare_worker.close)
