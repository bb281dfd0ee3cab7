"""A pool whose judge misses SIGTERM still ends: the batch never waits on the executor's own clean-up.

When one judge dies, `concurrent.futures` terminates the others and joins them while holding the
executor's lock. A judge that misses the signal (it reached one of XLA's threads while the judge's
main thread sat reading the call queue) kept that join, and every `shutdown` after it, waiting:
`jaxgrade grade --jobs 2` hung for 600 s in a clean clone's `make test`. Here the judges ignore
SIGTERM outright, which is that case made certain.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pytest

from graders.batch import pool as judge_pool


def _deaf_to_sigterm() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_a_broken_pool_whose_judge_ignores_sigterm_is_finished_within_the_stop_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(judge_pool, "_STOP_SECONDS", 2.0)
    pool = ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn"), initializer=_deaf_to_sigterm)
    # Both processes have run their initializer (each has run a task); then one dies as the out-of-memory
    # killer would kill it.
    pids: set[int] = set()
    deadline = time.monotonic() + 60
    while len(pids) < 2 and time.monotonic() < deadline:
        pids |= set(pool.map(_pid_after, [0.5, 0.5]))
    processes = judge_pool._processes(pool)
    assert {process.pid for process in processes} == pids
    victim, survivor = processes
    os.kill(victim.pid, signal.SIGKILL)
    assert _broken_within(pool, 30), "the executor never noticed its killed process"
    finished = threading.Thread(target=judge_pool._finish, args=(pool,), daemon=True)
    started = time.monotonic()
    finished.start()
    try:
        finished.join(4 * judge_pool._STOP_SECONDS)
        assert not finished.is_alive(), "the pool's clean-up waited on a judge that ignores SIGTERM"
        assert time.monotonic() - started < 3 * judge_pool._STOP_SECONDS
        assert _gone_within(survivor, judge_pool._STOP_SECONDS), "the judge deaf to SIGTERM was left running"
    finally:
        if survivor.is_alive():  # deaf to SIGTERM: a failure here must not leave it running
            survivor.kill()


def _gone_within(process: Any, seconds: float) -> bool:
    """Whether `process` is seen to have ended within `seconds`. Killed, it has ended already, but the executor's
    manager thread waits on the same child: when that thread reaps it first, `is_alive` here says True until the
    thread has recorded the exit status (a loaded run of the suite failed on that instant)."""
    deadline = time.monotonic() + seconds
    while process.is_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not process.is_alive()


def _broken_within(pool: ProcessPoolExecutor, seconds: float) -> bool:
    """Whether the executor marks itself broken within `seconds`. Read, not asked with a task: once its manager
    thread has seen the death it holds the executor's lock while it joins the survivor, which ignores SIGTERM,
    and a `submit` then waits on that lock for good (a clean clone's run hung here for 10 minutes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if getattr(pool, "_broken", False):  # no public way to ask; what the executor sets when a process dies
            return True
        time.sleep(0.1)
    return False
