"""A spare worker (graders/judge/supervisor/spare_worker.py): spawned ahead, taken at most once, only
for what it was spawned for, and a grading with one is the grading without it."""

from __future__ import annotations

from dataclasses import replace

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
