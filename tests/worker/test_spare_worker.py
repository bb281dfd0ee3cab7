"""A spare worker (graders/judge/supervisor/spare_worker.py): spawned ahead, taken at most once, only
for what it was spawned for, and a grading with one is the grading without it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from graders.batch.pool import JudgePool
from graders.common.assignments import get_assignment
from graders.common.results import SubmissionResult
from graders.judge.grade import grade_submission
from graders.judge.options import GradingOptions
from graders.judge.submission import read_submission
from graders.judge.supervisor.client import WorkerLimits
from graders.judge.supervisor.session import CHECKS_PLATFORM, SubmissionSession
from graders.judge.supervisor.spare_worker import SpareWorker, spare_worker

from ..conftest import SUBMISSIONS, golden_report

FAULTY = SUBMISSIONS / "jit" / "faulty_a.py"


def test_a_grading_on_the_spare_is_the_grading_without_one(graded) -> None:
    options = GradingOptions(lang="en")
    try:
        spare_worker.replenish(options.limits, options.compilation_cache(), CHECKS_PLATFORM)
        session = SubmissionSession(read_submission(FAULTY), options.limits, options.compilation_cache())
        spare = spare_worker._worker
        assert spare is not None
        session.begin()
        assert session.worker is spare and spare_worker._worker is None, "the spare is taken, once"
        with_spare = grade_submission(session.submission, get_assignment("jit"), options, session=session)
    finally:
        spare_worker.close()
    assert golden_report(with_spare) == golden_report(graded(FAULTY, "jit"))


def test_a_spare_spawned_for_other_limits_or_no_longer_alive_is_not_used() -> None:
    spares = SpareWorker()
    limits = WorkerLimits()
    spares.replenish(limits, None, "cpu")
    first = spares._worker
    assert first is not None
    assert spares.take(replace(limits, memory_bytes=limits.memory_bytes // 2), None, "cpu") is None
    assert not first.alive, "a spare that does not fit is closed, not kept"
    spares.replenish(limits, None, "cpu")
    assert spares.take(limits, None, None) is None, "nor one for another platform"
    spares.replenish(limits, None, "cpu")
    dead = spares._worker
    assert dead is not None
    dead._kill()
    assert spares.take(limits, None, "cpu") is None
    spares.replenish(limits, None, "cpu")
    taken = spares.take(limits, None, "cpu")
    assert taken is not None and taken.alive
    assert spares.take(limits, None, "cpu") is None, "taken at most once"
    taken.close()
    spares.close()


def test_a_spare_that_dies_once_taken_gives_way_to_a_fresh_worker(monkeypatch) -> None:
    options = GradingOptions(lang="en")
    spare_worker.replenish(options.limits, options.compilation_cache(), CHECKS_PLATFORM)
    spare = spare_worker._worker
    assert spare is not None
    taken = spare_worker.take

    def take_then_die(*arguments: object) -> object:
        worker = taken(*arguments)  # type: ignore[arg-type]
        assert worker is spare
        worker._kill()
        return worker

    monkeypatch.setattr(spare_worker, "take", take_then_die)
    session = SubmissionSession(read_submission(FAULTY), options.limits, options.compilation_cache())
    try:
        session.begin()
        assert session.worker is not spare and not spare.alive
        session.finish_start()
        assert session.cells, "the fresh worker loaded the submission"
    finally:
        session.close()
        spare_worker.close()


def test_a_service_judge_grades_the_same_with_its_spares(graded) -> None:
    pool = JudgePool(1, GradingOptions(lang="en"))
    try:
        pool.warm()
        results = [pool.grade(str(FAULTY), "jit") for _ in range(2)]
    finally:
        pool.close()
    expected = golden_report(graded(FAULTY, "jit"))
    assert all(isinstance(result, SubmissionResult) and golden_report(result) == expected for result in results)


@pytest.mark.parametrize("after", [0.0, 0.02, 0.1, 0.3, 1.0, None])
def test_closing_a_worker_at_any_stage_of_its_start_ends_its_whole_tree_promptly(after: float | None) -> None:
    """A spare killed while it starts (bubblewrap forking, the sandbox mounting, JAX importing, or ready: `None`)
    and then closed: close returns within seconds, and nothing of its tree is left alive. A close once hung for
    50 minutes on the output pipe of a sandbox that outlived the kill (first-contact round, session 27)."""
    import time

    from graders.judge.supervisor.client import WorkerProcess, _alive

    worker = WorkerProcess(WorkerLimits(), None, "cpu")
    if after is None:
        worker.start()
    else:
        worker.spawn()
        time.sleep(after)
    seen = set(worker.process_ids())
    worker._kill()  # as `SpareWorker.take` finds a dead spare: killed first, closed after
    started = time.monotonic()
    worker.close()
    assert time.monotonic() - started < 20
    seen |= set(worker.process_ids())
    assert not [pid for pid in seen if _alive(pid)], seen
