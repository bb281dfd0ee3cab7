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
Each round pairs all sides within milliseconds; the median over rounds decides.
"""

from __future__ import annotations

import atexit
import enum
import functools
import math
import secrets
import statistics
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ..compare import find_difference
from ..i18n import t
from ..registry import register_check
from ..results import Status
from ..spec import Call, SpecError
from ..submission import Submission
from ..supervisor.session import CHECKS_PLATFORM, ErrorReport, SubmissionSession, TimedRefusal, WorkerLost
from .base import CheckContext, Verdict

__all__ = ["Estimate", "Outcome", "SpeedupSpec", "TimingProfile", "decide", "estimate"]

# What each worker times in a round: the student's function, the jitted formula and generation
# alone in the student's worker; the formula, un-jitted and jitted, and generation alone in the
# clean one.
SIDES = ("student", "student_jit", "student_none", "eager", "jit", "none")
_SEED_BITS = 31
_WARM_CALLS = 5
_PROCESS_CORRECTION = 1.5


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
_FORGED = (Outcome.OUTPUTS_DIFFER, Outcome.PROCESSES_CHANGED, Outcome.UNCOMMITTED)


@dataclass(frozen=True)
class TimingProfile:
    """One backend's timed input: an array of `shape`, `calls` calls per timed request, and the
    clock: `cpu`, the CPU time the worker's processes used (not the time they waited for a
    CPU, so the scheduler's choices on a busy machine do not count), or `wall`, for work that
    runs on an accelerator, which a CPU clock does not see."""

    shape: tuple[int, ...]
    calls: int
    clock: str = "cpu"

    def __post_init__(self) -> None:
        if self.clock not in ("cpu", "wall"):
            raise SpecError(f"TimingProfile has clock={self.clock!r}; use 'cpu' or 'wall'.")
        if not self.shape or any(int(n) < 1 for n in self.shape):
            raise SpecError(f"TimingProfile has shape={self.shape!r}; give positive dimensions, e.g. (16, 4).")
        if not 1 <= self.calls <= 1000:
            raise SpecError(f"TimingProfile has calls={self.calls!r}; use 1 to 1000 calls per timed request.")


@dataclass(frozen=True)
class SpeedupSpec:
    """Options of `jit_speedup` for a function of one float32 array.

    `baseline_source` defines `baseline_name`, the un-jitted formula from the
    exercise statement (public, so a clean worker may run it). `profiles` maps
    "cpu" and "accelerator" to what is timed there.
    """

    baseline_source: str
    baseline_name: str
    profiles: Mapping[str, TimingProfile]
    rounds: int = 6
    max_rounds: int = 45
    # Below this the machine shows no clear jit advantage and the check is waived. It must exceed
    # _PROCESS_CORRECTION squared, or a forger's bounded gain could reach the threshold.
    min_advantage: float = 2.5
    band: float = 0.10
    # The formula's own speedup is a difference of two timings; when the one it is taken from
    # comes out nearly zero, the factor explodes (86x once in 100 loaded gradings). Asking more
    # than this of a correct function would fail it for the measurement's sake.
    max_required: float = 3.0

    def __post_init__(self) -> None:
        if "cpu" not in self.profiles:
            raise SpecError(f"SpeedupSpec has profiles for {sorted(self.profiles)}; add a 'cpu' TimingProfile.")
        if self.rounds < 3 or self.max_rounds < self.rounds:
            raise SpecError(f"SpeedupSpec has rounds={self.rounds}, max_rounds={self.max_rounds}; "
                            f"use rounds >= 3 and max_rounds >= rounds.")
        if self.min_advantage <= _PROCESS_CORRECTION ** 2:
            raise SpecError(f"SpeedupSpec has min_advantage={self.min_advantage!r}; use a factor above "
                            f"{_PROCESS_CORRECTION ** 2:g} (the square of the largest worker-speed correction), "
                            "e.g. 2.5.")
        if not 0.0 < self.band < 0.5:
            raise SpecError(f"SpeedupSpec has band={self.band!r}; use a fraction between 0 and 0.5, e.g. 0.1.")
        if self.max_required <= 1.0:
            raise SpecError(f"SpeedupSpec has max_required={self.max_required!r}; use a factor above 1, e.g. 3.")

    def profile_for(self, platform: str) -> tuple[str, TimingProfile]:
        name = "cpu" if platform == "cpu" or "accelerator" not in self.profiles else "accelerator"
        return name, self.profiles[name]


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
    `_PROCESS_CORRECTION`, and `SpeedupSpec.min_advantage` is above its square:
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
    correction = min(max(slower, 1.0 / _PROCESS_CORRECTION), _PROCESS_CORRECTION)
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


def _render_timings(timings: Mapping[str, Any], lang: str) -> str:
    if "speedup" not in timings:
        return ""
    return t("jit_speedup.figures", lang, speedup=f"{timings['speedup']:.2f}",
             calibrated=f"{timings['calibrated']:.2f}", required=f"{timings['required']:.2f}",
             student_us=f"{timings['student_seconds'] * 1e6:.1f}", eager_us=f"{timings['eager_seconds'] * 1e6:.1f}",
             rounds=timings.get("rounds", 0))


def _prepare(spec: SpeedupSpec) -> None:
    """Start the clean worker early, so it is ready by the time the check runs; compile the judge's
    own input generators, with which it re-checks outputs, while the submission's cells run (the
    judge only waits then; later, on the warming thread, compiling would hold the GIL)."""
    _baselines.begin(spec)
    with jax.default_device(jax.devices("cpu")[0]):
        for profile in spec.profiles.values():
            _generator(tuple(profile.shape))(0).block_until_ready()


@register_check(
    "jit_speedup",
    option_type=SpeedupSpec,
    requires=("correctness",),
    prepare=_prepare,
    close=lambda: _baselines.close(),  # stops the clean workers; registry.close_checks() calls it
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
    student = _timing_session(ctx.session)
    try:
        try:
            baseline = _baselines.ready(spec)
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
        rounds = _Rounds(ctx, spec, profile, student, baseline)
        outcome = rounds.run()
        if isinstance(outcome, ErrorReport):
            return Verdict.failed(ctx.text("jit_speedup.raised", name=name, explanation=ctx.explain(outcome)),
                                  **details)
        if isinstance(outcome, TimedRefusal):
            return Verdict.failed(ctx.text(f"jit_speedup.refused_{outcome.reason}", name=name, type=outcome.type,
                                           where=ctx.where(binding.filename, binding.line)), **details)
        if outcome is Outcome.BASELINE_LOST:
            return Verdict.error(ctx.text("jit_speedup.baseline_failed", detail=rounds.lost_detail), **details)
        if outcome in _FORGED:
            ctx.flags.append(ctx.text(f"flag.timing_{outcome}", name=name))
            return Verdict(Status.FAILED, ctx.text(f"jit_speedup.{outcome}", **params), details, rounds.timings())
        message = ctx.text(f"jit_speedup.{outcome}", **params)
        waived = outcome is Outcome.NO_ADVANTAGE
        return Verdict(Status.SKIPPED if waived else Status(outcome.value), message, details, rounds.timings(),
                       waived=waived)
    finally:
        if student is not ctx.session:
            student.close()
            ctx.session.audit_events.extend(e for e in student.audit_events if e not in ctx.session.audit_events)
            ctx.session.channel_breaches.extend(student.channel_breaches)


@functools.cache
def _generator(shape: tuple[int, ...]) -> Any:
    """The judge's copy of the worker's input generator, to rebuild the inputs it re-checks."""
    return jax.jit(lambda seed: jax.random.normal(jax.random.key(seed), shape, jnp.float32))


class _Rounds:
    """Interleaved timed rounds until a verdict: the student's worker and the clean one, in turn."""

    def __init__(self, ctx: CheckContext, spec: SpeedupSpec, profile: TimingProfile, student: SubmissionSession,
                 baseline: SubmissionSession) -> None:
        self.ctx, self.spec, self.profile = ctx, spec, profile
        self.sessions = {"student": student, "student_jit": student, "student_none": student, "eager": baseline,
                         "jit": baseline, "none": baseline}
        self.samples: dict[str, list[float]] = {side: [] for side in SIDES}
        self.checked = 0
        self.lost_detail = ""
        self.last: Estimate | None = None
        self.clock = profile.clock
        self._generate = _generator(tuple(profile.shape))
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
        # Warm-up: compile the student's function, the formula and the generator at this shape (a few
        # calls do; each round's first batch after a switch of worker warms the caches again).
        for side in SIDES:
            outcome = self._batch(side, record=False, calls=_WARM_CALLS)
            if not isinstance(outcome, float):
                return outcome
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
                                  timeout=self.ctx.timeout(), measure=False, require_jit=require_jit)
            self._seeds = [secrets.randbits(_SEED_BITS) for _ in range(calls or self.profile.calls)]
            batch = session.timed_run(target, self.ctx.exercise.name, self.profile.shape, self._seeds,
                                      timeout=self.ctx.timeout(), require_jit=require_jit)
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
        figures: dict[str, Any] = {"rounds": len(self.samples["none"]), "outputs_checked": self.checked,
                                   "clock": self.clock}
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


def _timing_session(session: SubmissionSession) -> SubmissionSession:
    """The worker the student's function is timed in: the checks' own, unless they run on the
    CPU of a host with an accelerator; then a second one, on the accelerator."""
    if CHECKS_PLATFORM is None:
        return session
    timing = SubmissionSession(session.submission, session.limits, cache=None, platform=None)
    timing.start()
    return timing


class _BaselineWorkers:
    """Clean workers, one per formula, kept for the life of the judge: they never run student code,
    so one serves every submission a judge grades.

    A worker is started, given its formula and warmed (the formula, un-jitted and jitted, and the
    input generator compiled at the timing shape) by a thread
    the moment grading begins, so the check finds it ready rather than waiting for it.
    """

    def __init__(self) -> None:
        self._sessions: dict[tuple[str, str], SubmissionSession] = {}
        self._warming: dict[tuple[str, str], threading.Thread] = {}
        # Why a clean worker is unusable: WorkerLost, or any error of the grader's own while it
        # warmed (raised again to the check, which reports an internal error).
        self._failures: dict[tuple[str, str], Exception] = {}

    def begin(self, spec: SpeedupSpec) -> None:
        key = (spec.baseline_source, spec.baseline_name)
        session = self._sessions.get(key)
        if session is not None and session.worker is not None and session.worker.alive:
            return
        if key in self._warming and self._warming[key].is_alive():
            return
        session = SubmissionSession(Submission(Path("<baseline>"), "python", ()), platform=None)
        self._sessions[key] = session
        self._failures.pop(key, None)
        # Spawned here, not in the thread: bubblewrap's --die-with-parent follows the spawning
        # *thread*, so a worker started by the short-lived thread would be killed when it ends.
        try:
            session.begin()
        except (WorkerLost, OSError) as error:
            self._failures[key] = error if isinstance(error, WorkerLost) else WorkerLost("startup", str(error))
        thread = threading.Thread(target=self._warm, args=(key, session, spec), name="jaxgrade-baseline",
                                  daemon=True)
        self._warming[key] = thread
        thread.start()

    def _warm(self, key: tuple[str, str], session: SubmissionSession, spec: SpeedupSpec) -> None:
        if key in self._failures:
            return
        try:
            session.finish_start()
            session.define_formula(spec.baseline_source, spec.baseline_name)
            info = session.info
            _, profile = spec.profile_for(info.platform if info else "cpu")
            for target in ("eager", "jit", "none"):
                session.timed_run(target, "", profile.shape, list(range(_WARM_CALLS)))
        except Exception as error:  # noqa: BLE001 - kept for the check, in the grading thread
            self._failures[key] = error

    def ready(self, spec: SpeedupSpec) -> SubmissionSession:
        key = (spec.baseline_source, spec.baseline_name)
        self.begin(spec)
        self._warming[key].join()
        if key in self._failures:
            session = self._sessions.pop(key)
            session.close()
            raise self._failures.pop(key)
        return self._sessions[key]

    def close(self) -> None:
        for thread in self._warming.values():
            thread.join(timeout=30)
        for session in self._sessions.values():
            session.close()
        self._sessions.clear()
        self._warming.clear()


_baselines: _BaselineWorkers = _BaselineWorkers()
atexit.register(_baselines.close)
