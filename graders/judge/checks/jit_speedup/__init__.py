"""`jit_speedup`: jit makes the function clearly faster, on a clock the student cannot reach.

How it is measured, and why:
- **The judge's clocks.** The judge asks a worker to run the function on N
  fresh inputs back to back and to finish them all. On a CPU it reads, from
  outside, the kernel's CPU-time clocks of the worker's processes before and
  after: the time they computed, not the time they waited for a CPU, which on
  a busy machine depends on where the scheduler put each worker. The batch
  must neither start nor end a process (work hidden in a process that ends
  leaves no CPU time). On an accelerator, whose work a CPU clock does not see,
  the judge times the round trip itself. No time the student's process
  reports is used, so replacing `time.perf_counter` there changes nothing.
- **A clean baseline.** The exercise's public formula, un-jitted and under
  `jax.jit`, runs in a second worker that never loaded student code, on the
  same device, in rounds interleaved with the student's. Slowing down the
  `jax.Array` methods the formula uses, in the student's process, cannot touch it.
- **Fresh inputs.** Every call gets a new array, generated inside the timed
  request from a seed the judge draws at random only then, so nothing can be
  memoised or computed ahead. Generating costs the same on every side; the
  clean worker times generation alone, and the judge subtracts it.
- **Outputs committed, then re-checked.** The reply that stops the clock carries
  a digest of every output; after each student batch the judge picks one output
  at random, checks it against its digest and against the reference on the
  same input. A reply sent before the work was done cannot carry valid digests,
  and an object that computes only when it is encoded is not a JAX array.
- **Only jit is timed.** The check times the object `jax.jit` made, and only
  when the judge reads in the source that the name is bound by `jax.jit`: plain
  NumPy may beat eager JAX at a small size, but that is not what jit did.
- **A calibrated threshold.** What jit achieves for the formula on this
  machine (eager / jitted, both clean) is measured every time; the student
  must reach the geometric mean of 1x and that factor. Rounds are added while
  the result lies within a band around the threshold. Where the machine shows
  no clear jit advantage even for the formula, the check is waived: skipped,
  with its points, since the hardware is not the student's fault.
- **Per backend.** On CPU a small, dispatch-bound input shows jit's advantage;
  on an accelerator many calls are dispatched and finished once, at a size
  where launch latency does not hide the work. On a host with an accelerator
  only this check runs there (a second student worker on the device); every
  other check runs on the CPU, where it is exact and compiles faster.
Each round pairs all sides within milliseconds; the median over rounds decides. A failure
stands only if a second, independent measurement fails too: a correct function must not
fail because the machine was busy for a few seconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import jax

from graders.common.i18n import t
from graders.common.registry import register_check
from graders.common.results import Status
from graders.common.spec import Check, Exercise, SpecError

from ...flags import raise_flag
from ...supervisor.clean_workers import clean_workers
from ...supervisor.client import WorkerLost
from ...supervisor.isolation import accelerator_present
from ...supervisor.replies import ErrorReport, TimedRefusal
from ..base import CheckContext, Verdict
from .rounds import Rounds, generator, timing_session
from .spec import SpeedupSpec, TimingProfile
from .statistics import FORGED, Estimate, Outcome, decide, estimate
from .structure import structure_cause

__all__ = ["Estimate", "JitSpeedup", "Outcome", "SpeedupSpec", "TimingProfile", "decide", "estimate"]


def _shape_for(spec: SpeedupSpec) -> Any:
    def shape_for(platform: str) -> tuple[int, ...]:
        return spec.profile_for(platform)[1].shape

    return shape_for


def _render_timings(timings: Mapping[str, Any], lang: str) -> str:
    if "speedup" not in timings:
        return ""
    return t("jit_speedup.figures", lang, speedup=f"{timings['speedup']:.2f}",
             calibrated=f"{timings['calibrated']:.2f}", required=f"{timings['required']:.2f}",
             student_us=f"{timings['student_seconds'] * 1e6:.1f}", eager_us=f"{timings['eager_seconds'] * 1e6:.1f}",
             rounds=timings.get("rounds", 0))


def _prepare(exercise: Exercise) -> None:
    """Start the clean worker early, so it is ready by the time the check runs; compile the judge's
    own input generators, with which it re-checks outputs, while the submission's cells run (the
    judge only waits then; later, on the warming thread, compiling would hold the GIL)."""
    spec: SpeedupSpec = exercise.options["jit_speedup"]
    clean_workers.begin(spec.baseline_source, spec.baseline_name, _shape_for(spec))
    # The profile the worker will time with, as this machine's devices say (a worker that says
    # otherwise has its generator compiled when the check runs).
    _, profile = spec.profile_for("accelerator" if accelerator_present() else "cpu")
    with jax.default_device(jax.devices("cpu")[0]):
        generator(tuple(profile.shape))(0).block_until_ready()


@register_check(
    "jit_speedup",
    option_type=SpeedupSpec,
    requires=("correctness",),
    prepare=_prepare,
    close=lambda: clean_workers.close(),  # stops the clean workers; registry.close_checks() calls it
    render_timings=_render_timings,
    deterministic=False,
    description={
        "en": "jit makes it clearly faster than the un-jitted formula on this machine (timed by the judge)",
        "ko": "이 기기에서 jit 덕분에 jit 없는 공식보다 뚜렷하게 빠름(채점기가 직접 잼)",
    },
    wants_accelerator=True,
)
def jit_speedup(ctx: CheckContext) -> Verdict:
    spec: SpeedupSpec = ctx.option("jit_speedup")
    name = ctx.exercise.name
    binding = ctx.binding()
    if not binding.jitted:
        # Read from the source in the judge: un-jitted code, however fast, is not what this check measures.
        return Verdict.failed(ctx.text("jit_speedup.not_jit", name=name,
                                       where=ctx.where(binding.filename, binding.line),
                                       binding=binding.detail, fix=ctx.jit_fix()))
    student = timing_session(ctx.session)
    try:
        try:
            baseline = clean_workers.ready(spec.baseline_source, spec.baseline_name, _shape_for(spec))
        except WorkerLost as lost:
            return Verdict.error(ctx.text("jit_speedup.baseline_failed", detail=str(lost)))
        info = student.info
        platform = info.platform if info else "cpu"
        device = info.device if info else platform
        profile_name, profile = spec.profile_for(platform)
        shape = "x".join(str(n) for n in profile.shape)
        details = {"backend": platform, "device": device, "profile": profile_name, "shape": shape,
                   "calls": profile.calls, "clock": profile.clock,
                   "rule": "geometric mean of 1x and the formula's own jit speedup"}
        params = dict(platform=platform, device=device, shape=shape, name=name, calls=profile.calls)
        rounds = Rounds(ctx, spec, profile, student, baseline)
        outcome = rounds.run()
        if isinstance(outcome, ErrorReport):
            return Verdict.failed(ctx.text("jit_speedup.raised", name=name, explanation=ctx.explain(outcome)),
                                  **details)
        if isinstance(outcome, TimedRefusal):
            return Verdict.failed(ctx.text(f"jit_speedup.refused_{outcome.reason}", name=name, type=outcome.type,
                                           where=ctx.where(binding.filename, binding.line)), **details)
        if outcome is Outcome.BASELINE_LOST:
            return Verdict.error(ctx.text("jit_speedup.baseline_failed", detail=rounds.lost_detail), **details)
        if outcome in FORGED:
            return Verdict(Status.FAILED, ctx.text(f"jit_speedup.{outcome}", **params), details, rounds.timings(),
                           flags=(raise_flag(f"timing_{outcome}", ctx.lang, name=name),))
        message = ctx.text(f"jit_speedup.{outcome}", **params)
        if outcome is Outcome.FAILED:
            # Why, before the figures: what in the traced program costs the time, at its line.
            cause = structure_cause(ctx)
            message = f"{cause} {message}" if cause else message
        waived = outcome is Outcome.NO_ADVANTAGE
        return Verdict(Status.SKIPPED if waived else Status(outcome.value), message, details, rounds.timings(),
                       waived=waived)
    finally:
        if student is not ctx.session:
            student.close()
            ctx.session.audit_events.extend(e for e in student.audit_events if e not in ctx.session.audit_events)
            ctx.session.channel_breaches.extend(student.channel_breaches)


@dataclass(frozen=True)
class JitSpeedup(Check):
    """`JitSpeedup(points, SpeedupSpec(...))`: `jax.jit` makes the function clearly faster than the un-jitted baseline,
    timed by the judge; `spec` gives the baseline and the sizes.
    """

    name: ClassVar[str] = "jit_speedup"
    spec: SpeedupSpec | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.spec, SpeedupSpec):
            raise SpecError(f"JitSpeedup(points={self.points!r}, spec={self.spec!r}): give a SpeedupSpec as the "
                            "second field (docs/authoring.md shows one).")

    @property
    def options(self) -> SpeedupSpec | None:
        return self.spec
