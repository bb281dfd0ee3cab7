"""The timed rounds: the student's worker and the clean one in turn, each batch on fresh inputs and
timed by the judge's clocks from outside, one output of each student batch re-checked against its
committed digest and the reference, until `decide` gives a verdict."""

from __future__ import annotations

import functools
import secrets
import threading
from typing import Any

import jax
import numpy as np

from graders.both_sides.timed_inputs import input_generator
from graders.common.spec import Call

from ...compare import find_difference
from ...supervisor.affinity import last_cpu, on_one_core
from ...supervisor.client import WorkerLost
from ...supervisor.replies import ErrorReport, TimedRefusal
from ...supervisor.session import CHECKS_PLATFORM, SubmissionSession
from ..base import CheckContext
from .spec import SpeedupSpec, TimingProfile
from .statistics import Estimate, Outcome, decide, estimate

__all__ = ["SIDES", "Rounds", "generator", "timing_session"]

# What each worker times in a round: the student's function, the jitted formula and generation
# alone in the student's worker; the formula, un-jitted and jitted, and generation alone in the
# clean one.
SIDES = ("student", "student_jit", "student_none", "eager", "jit", "none")
_SEED_BITS = 31
# Calls of an untimed batch: the warm-up before the first round (enough to compile each side at the
# timed shape) and the batch that wakes a worker after a switch.
_WARM_CALLS = 5


@functools.cache
def generator(shape: tuple[int, ...]) -> Any:
    """The worker's input generator, in the judge, to rebuild the inputs it re-checks."""
    return input_generator(shape)


class Rounds:
    """Interleaved timed rounds until a verdict: the student's worker and the clean one, in turn."""

    def __init__(self, ctx: CheckContext, spec: SpeedupSpec, profile: TimingProfile, student: SubmissionSession,
                 baseline: SubmissionSession) -> None:
        self.ctx, self.spec, self.profile = ctx, spec, profile
        self.sessions = {"student": student, "student_jit": student, "student_none": student, "eager": baseline,
                         "jit": baseline, "none": baseline}
        self.samples: dict[str, list[float]] = {side: [] for side in SIDES}
        self.checked = 0
        self.attempts = 1
        self.one_core = False
        self.lost_detail = ""
        self.last: Estimate | None = None
        self.clock = profile.clock
        self._generate = generator(tuple(profile.shape))
        self._reference_ready: threading.Thread | None = None

    def _warm_reference(self) -> None:
        try:
            with jax.default_device(jax.devices("cpu")[0]):
                self.ctx.expected(Call((np.asarray(self._generate(0)),)))
        except Exception:  # noqa: BLE001 - only a head start: the output check compiles it anyway
            pass

    def run(self) -> Outcome | ErrorReport | TimedRefusal:
        """Both workers in their timing phase (no garbage collection inside it), then measure."""
        student, baseline = self.sessions["student"], self.sessions["eager"]
        try:
            student.define_formula(self.spec.baseline_source, self.spec.baseline_name)
            student.timing(True)
            try:
                baseline.timing(True)
            except WorkerLost as lost:
                self.lost_detail = str(lost)
                return Outcome.BASELINE_LOST
            workers = [session.worker.process_ids() for session in (student, baseline) if session.worker is not None]
            # On the core the scheduler last gave the student's worker: cores of a VM differ in speed.
            core = last_cpu(workers[0][-1]) if workers and workers[0] else None
            with on_one_core([pid for pids in workers for pid in pids], core) as self.one_core:
                return self.measure()
        finally:
            for session in (student, baseline):
                if session.worker is not None and session.worker.alive:
                    try:
                        session.timing(False)
                    except WorkerLost:
                        pass  # reported where it mattered; a clean worker is restarted when next needed

    def measure(self) -> Outcome | ErrorReport | TimedRefusal:
        # While the workers warm up, the judge compiles the reference at the timed shape for the
        # output checks: on the other core, instead of inside the first round.
        reference = threading.Thread(target=self._warm_reference, name="jaxgrade-reference", daemon=True)
        reference.start()
        self._reference_ready = reference
        # Warm-up: compile the student's function, the formula and the generator at this shape.
        for side in SIDES:
            outcome = self._batch(side, record=False, calls=_WARM_CALLS)
            if not isinstance(outcome, float):
                return outcome
        outcome = self._attempt()
        while outcome is Outcome.FAILED and self.attempts < self.spec.attempts:
            # A failure must repeat in a fresh, independent measurement: a disturbance that held
            # through most of one attempt's rounds (another process, the VM's neighbours) must not
            # fail a correct function. A pass needs no second opinion: nothing slows a slow
            # function into passing.
            self.attempts += 1
            self.samples = {side: [] for side in SIDES}
            self.last = None
            outcome = self._attempt()
        return outcome

    def _attempt(self) -> Outcome | ErrorReport | TimedRefusal:
        """Timed rounds until `decide` gives a verdict on this attempt's samples."""
        for round_index in range(self.spec.max_rounds):
            self.ctx.check_deadline()
            for side, warm in _round_order(round_index):
                outcome = self._batch(side, warm=warm)
                if not isinstance(outcome, float):
                    return outcome
                if side == "student":
                    checked = self._outputs_match()
                    if checked is not None:
                        return checked
            self.sessions["student"].check_channel()
            if round_index + 1 >= self.spec.rounds:
                self.last = estimate(self.samples, self.profile.calls, self.spec.max_required)
                decision = decide(self.last, self.spec, final=round_index + 1 == self.spec.max_rounds)
                if decision is not Outcome.INCONCLUSIVE:
                    return decision
        raise AssertionError("decide() returns a verdict on the last round")

    def _batch(self, side: str, record: bool = True, warm: bool = True,
               calls: int | None = None) -> float | Outcome | ErrorReport | TimedRefusal:
        session = self.sessions[side]
        target = side.removeprefix("student_") if side != "student" else side
        # The student's function is timed only as the object jax.jit made.
        require_jit = side == "student"
        try:
            if warm:
                # An untimed batch first when the other worker ran last: a process that sat idle
                # wakes with cold caches, and whichever side came first after a switch would pay.
                seeds = [secrets.randbits(_SEED_BITS) for _ in range(_WARM_CALLS)]
                session.timed_run(target, self.ctx.exercise.name, self.profile.shape, seeds,
                                  timeout=self.ctx.timeout(), measure=False, require_jit=require_jit,
                                  commitment=self.profile.commitment)
            self._seeds = [secrets.randbits(_SEED_BITS) for _ in range(calls or self.profile.calls)]
            batch = session.timed_run(target, self.ctx.exercise.name, self.profile.shape, self._seeds,
                                      timeout=self.ctx.timeout(), require_jit=require_jit,
                                      commitment=self.profile.commitment)
        except WorkerLost as lost:
            if session is self.sessions["student"]:
                raise
            self.lost_detail = str(lost)
            return Outcome.BASELINE_LOST
        if isinstance(batch, (ErrorReport, TimedRefusal)):
            if session is self.sessions["student"]:
                return batch
            self.lost_detail = f"{batch.type}: {getattr(batch, 'message', batch.type)[:200]}"
            return Outcome.BASELINE_LOST
        if self.clock == "cpu" and batch.cpu is None:
            self.clock = "wall"  # this kernel offers no process CPU clocks: time by the judge's clock
        if self.clock == "cpu" and not batch.same_processes:
            # Work done in a process that ends before the batch does would leave no CPU time behind.
            return Outcome.PROCESSES_CHANGED if session is self.sessions["student"] else Outcome.BASELINE_LOST
        seconds = batch.cpu if self.clock == "cpu" and batch.cpu is not None else batch.wall
        if record:
            self.samples[side].append(seconds)
        return seconds

    def _outputs_match(self) -> Outcome | None:
        """One output of the batch just timed, picked now, against the digest committed in the reply
        that stopped the clock and against the reference on the same input: None when both hold."""
        index = secrets.randbelow(self.profile.calls)
        [(actual, committed)] = self.sessions["student"].timed_outputs([index])
        if self._reference_ready is not None:
            self._reference_ready.join()
            self._reference_ready = None
        self.checked += 1
        if not committed:
            return Outcome.UNCOMMITTED
        with jax.default_device(jax.devices("cpu")[0]):
            argument = self._generate(self._seeds[index])
            expected = self.ctx.expected(Call((np.asarray(argument),)))
        return (None if find_difference(expected, actual, self.ctx.exercise.tolerance) is None
                else Outcome.OUTPUTS_DIFFER)

    def timings(self) -> dict[str, Any]:
        measured = self.last or (estimate(self.samples, self.profile.calls, self.spec.max_required)
                                 if self.samples["none"] else None)
        figures: dict[str, Any] = {"rounds": len(self.samples["none"]), "attempts": self.attempts,
                                   "one_core": self.one_core,
                                   "outputs_checked": self.checked, "clock": self.clock}
        if measured is not None:
            figures.update(speedup=round(measured.speedup, 3), calibrated=round(measured.calibrated, 3),
                           required=round(measured.required, 3), student_seconds=measured.student,
                           eager_seconds=measured.eager, jit_seconds=measured.jitted,
                           worker_ratio=round(measured.worker_ratio, 3))
        return figures


_WORKER_GROUPS = (("student", "student_jit", "student_none"), ("eager", "jit", "none"))


def _round_order(round_index: int) -> list[tuple[str, bool]]:
    """(side, warm first?) in the order round `round_index` times them.

    The two workers take turns going first, and each rotates the order of its own
    sides, so no side is always first or last; only the first side after a switch
    of worker needs an untimed warm-up batch.
    """
    groups = _WORKER_GROUPS if round_index % 2 == 0 else _WORKER_GROUPS[::-1]
    shift = (round_index // 2) % 3
    order: list[tuple[str, bool]] = []
    for group in groups:
        rotated = group[shift:] + group[:shift]
        order.extend((side, position == 0) for position, side in enumerate(rotated))
    return order


def timing_session(session: SubmissionSession) -> SubmissionSession:
    """The worker the student's function is timed in: the checks' own, unless they run on the
    CPU of a host with an accelerator; then a second one, on the accelerator."""
    if CHECKS_PLATFORM is None:
        return session
    timing = SubmissionSession(session.submission, session.limits, cache=None, platform=None)
    timing.start()
    return timing
