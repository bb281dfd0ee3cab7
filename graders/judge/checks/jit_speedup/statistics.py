"""From timed rounds to a verdict: per-call estimates net of input generation, corrected for the
speed of the student's worker, and the decision against the calibrated threshold. Pure arithmetic:
no worker, no clock."""

from __future__ import annotations

import enum
import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .spec import PROCESS_CORRECTION, SpeedupSpec

__all__ = ["FORGED", "Estimate", "Outcome", "decide", "estimate"]


class Outcome(enum.StrEnum):
    """How a round of timing ends; the value names the check's message (`jit_speedup.<value>`)."""

    PASSED = "passed"
    FAILED = "failed"
    NO_ADVANTAGE = "no_advantage"  # the machine shows no clear jit advantage even for the formula
    INCONCLUSIVE = "inconclusive"  # within the band around the threshold: more rounds
    BASELINE_LOST = "baseline_lost"
    OUTPUTS_DIFFER = "outputs_differ"
    PROCESSES_CHANGED = "processes_changed"
    UNCOMMITTED = "uncommitted"


# Outcomes that discredit the student's timing: the check fails and the submission is flagged.
FORGED = (Outcome.OUTPUTS_DIFFER, Outcome.PROCESSES_CHANGED, Outcome.UNCOMMITTED)


@dataclass(frozen=True)
class Estimate:
    """Seconds per call, net of input generation: the student's function and the clean formula."""

    student: float
    eager: float
    jitted: float
    max_required: float = math.inf
    # How much slower the jitted formula ran in the student's worker than in the clean one.
    worker_ratio: float = 1.0

    @property
    def calibrated(self) -> float:
        """What jit achieves for the formula on this machine."""
        return self.eager / self.jitted

    @property
    def required(self) -> float:
        """The speedup asked of the student: the geometric mean of 1x and the calibrated one."""
        return min(math.sqrt(max(self.calibrated, 1.0)), self.max_required)

    @property
    def speedup(self) -> float:
        return self.eager / self.student


def estimate(samples: Mapping[str, Sequence[float]], calls: int, max_required: float = math.inf) -> Estimate:
    """Per-call times, net of input generation, with the student's put on the clean worker's scale.

    `samples` holds one time per side per round. Within a round every side is
    measured within milliseconds of the others, so each round's side less the
    same round's generation-only batch of the same worker cancels the machine's
    drift (a virtual machine's speed wanders by 2-3x over minutes), and the
    median over rounds discards the rounds something disturbed.

    Two workers on one machine do not run at one speed either (measured: the same
    jitted formula from 0.5x to 3.6x as fast in the student's worker as in the
    clean one, by what it ran before and which core it got), so the student's
    worker also times the jitted formula, and the student's time is divided by
    how much slower that copy ran than the clean one. A correct function runs
    as fast as that copy in the same worker whatever its speed. The student
    could slow the copy on purpose, so the correction is bounded by
    `PROCESS_CORRECTION`, and `SpeedupSpec.min_advantage` is above its square:
    what a forger gains stays below any threshold the check asks for. Both
    workers' generation is subtracted as the faster of the two, so making it
    look slow gains nothing.
    """
    rounds = range(len(samples["none"]))

    def per_call(side: str, overhead: Callable[[int], float]) -> float:
        return max(statistics.median(samples[side][r] - overhead(r) for r in rounds), 1e-12) / calls

    def clean(r: int) -> float:
        return samples["none"][r]

    def own(r: int) -> float:
        return min(samples["student_none"][r], samples["none"][r])

    jitted = per_call("jit", clean)
    slower = per_call("student_jit", own) / jitted
    correction = min(max(slower, 1.0 / PROCESS_CORRECTION), PROCESS_CORRECTION)
    return Estimate(per_call("student", own) / correction, per_call("eager", clean), jitted, max_required,
                    worker_ratio=slower)


def decide(measured: Estimate, spec: SpeedupSpec, final: bool) -> Outcome:
    """PASSED, FAILED, NO_ADVANTAGE or, before the last round, INCONCLUSIVE."""
    if measured.calibrated < spec.min_advantage:
        return Outcome.NO_ADVANTAGE
    margin = measured.speedup / measured.required
    if margin >= 1.0 + spec.band:
        return Outcome.PASSED
    if margin <= 1.0 - spec.band:
        return Outcome.FAILED
    if final:
        return Outcome.PASSED if margin >= 1.0 else Outcome.FAILED
    return Outcome.INCONCLUSIVE
