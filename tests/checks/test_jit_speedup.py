"""`jit_speedup`: the decision from synthetic timings, and real timings the student cannot forge."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from graders.common.assignments import get_assignment
from graders.common.results import Status
from graders.common.spec import Assignment, SpecError
from graders.judge.checks.jit_speedup import Estimate, SpeedupSpec, TimingProfile, decide, estimate
from graders.judge.grade import GradingOptions, grade_submission
from graders.judge.submission import read_submission

from ..conftest import REPO, SUBMISSIONS

SPEC = SpeedupSpec("def f(X):\n    return X", "f", {"cpu": TimingProfile((16, 4), 50),
                                                    "accelerator": TimingProfile((1024, 256), 50)})


def _samples(student: float, eager: float, jitted: float, none: float = 0.4e-3, calls: int = 50,
             rounds: int = 15, student_worker: float = 1.0, student_none: float | None = None,
             student_jit: float | None = None) -> dict[str, list[float]]:
    """Round times of each side: generation plus `calls` calls, all of a round slowed alike by
    the machine's drift. The student's worker runs `student_worker` times slower than the clean
    one; a forger could make its generation-only (`student_none`) or its copy of the jitted
    formula (`student_jit`, per call) look slower than that."""
    drift = [1.0 + 0.5 * (index % 3) for index in range(rounds)]
    own = student_worker * none
    claimed_none = own if student_none is None else student_none
    claimed_jit = student_worker * jitted if student_jit is None else student_jit

    def rounds_of(seconds: float) -> list[float]:
        return [seconds * factor for factor in drift]

    return {"student": rounds_of(own + student_worker * calls * student),
            "student_jit": rounds_of(own + calls * claimed_jit), "student_none": rounds_of(claimed_none),
            "eager": rounds_of(none + calls * eager), "jit": rounds_of(none + calls * jitted),
            "none": rounds_of(none)}


def _median_drift() -> float:
    return 1.5  # the median of the drift factors above


@pytest.mark.unit
def test_estimates_subtract_generation_round_by_round() -> None:
    measured = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6), calls=50)
    assert measured.student == pytest.approx(10e-6 * _median_drift())
    assert measured.calibrated == pytest.approx(4.0) and measured.required == pytest.approx(2.0)
    assert measured.speedup == pytest.approx(4.0)


@pytest.mark.unit
def test_one_disturbed_round_does_not_move_the_estimate() -> None:
    samples = _samples(student=10e-6, eager=40e-6, jitted=10e-6)
    samples["student"][3] *= 10  # something else ran on the machine during this one batch
    assert estimate(samples, calls=50).speedup == pytest.approx(4.0)


@pytest.mark.unit
def test_a_slower_student_worker_is_put_on_the_clean_workers_scale() -> None:
    measured = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6, none=0.5e-3, student_worker=1.2),
                        calls=50)
    assert measured.speedup == pytest.approx(4.0)
    much_slower = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6, none=1e-9, student_worker=2.0),
                           calls=50)
    assert much_slower.speedup == pytest.approx(4.0 * 1.5 / 2.0, rel=1e-4)  # corrected by 1.5 at most


@pytest.mark.unit
def test_making_the_yardsticks_look_slow_gains_a_forger_too_little() -> None:
    # An un-jitted function (40 us a call) in a worker that makes generation look 4x slower and its
    # copy of the jitted formula 3x slower than they are.
    measured = estimate(_samples(student=40e-6, eager=40e-6, jitted=10e-6, none=0.5e-3, student_none=2.0e-3,
                                 student_jit=30e-6), calls=50)
    assert measured.speedup == pytest.approx(1.5)  # the bound, and nothing from the slow generation
    assert decide(measured, SPEC, final=True) == "failed"
    # Even on a machine where jit barely counts as a clear advantage, the bound stays below the bar.
    marginal = estimate(_samples(student=25e-6, eager=25e-6, jitted=10e-6, none=0.5e-3, student_none=2.0e-3,
                                 student_jit=30e-6), calls=50)
    assert marginal.calibrated == pytest.approx(SPEC.min_advantage)
    assert marginal.speedup == pytest.approx(1.5) and marginal.speedup < marginal.required
    assert decide(marginal, SPEC, final=True) == "failed"


@pytest.mark.parametrize(
    ("student", "eager", "jitted", "final", "expected"),
    [
        (10e-6, 40e-6, 10e-6, False, "passed"),        # a jitted function on a CPU: 4x where 2x is needed
        (40e-6, 40e-6, 10e-6, False, "failed"),        # un-jitted: 1x
        (25e-6, 40e-6, 10e-6, False, "failed"),        # NumPy-like 1.6x, below the 2x needed
        (20e-6, 40e-6, 10e-6, False, "inconclusive"),  # right at 2x: more rounds first
        (19e-6, 40e-6, 10e-6, True, "passed"),         # ... and on the last round, the side it is on
        (21e-6, 40e-6, 10e-6, True, "failed"),
        (80e-6, 100e-6, 80e-6, False, "no_advantage"),  # the machine itself shows 1.25x: not judged
        (50e-6, 110e-6, 50e-6, False, "no_advantage"),  # 2.2x: below the 2.5x a forger's bound needs
        (79e-6, 348e-6, 79e-6, False, "passed"),       # the accelerator profile's H100 figures
        (330e-6, 348e-6, 79e-6, False, "failed"),
        (25e-6, 87e-6, 1e-6, False, "passed"),         # a formula timing near zero: 87x, capped at 3x
        (60e-6, 87e-6, 1e-6, False, "failed"),
    ],
)
@pytest.mark.unit
def test_the_decision_follows_the_calibrated_threshold(student, eager, jitted, final, expected) -> None:
    assert decide(Estimate(student, eager, jitted, SPEC.max_required), SPEC, final=final) == expected


@pytest.mark.unit
def test_each_backend_gets_its_profile() -> None:
    assert SPEC.profile_for("cpu") == ("cpu", TimingProfile((16, 4), 50))
    assert SPEC.profile_for("gpu") == ("accelerator", TimingProfile((1024, 256), 50))
    assert SPEC.profile_for("tpu")[0] == "accelerator"
    cpu_only = SpeedupSpec("def f(X):\n    return X", "f", {"cpu": TimingProfile((16, 4), 50)})
    assert cpu_only.profile_for("gpu")[0] == "cpu"


@pytest.mark.parametrize(
    ("changes", "phrase"),
    [({"profiles": {"accelerator": TimingProfile((4,), 5)}}, "'cpu'"), ({"rounds": 2}, "rounds >= 3"),
     ({"max_rounds": 5}, "max_rounds >= rounds"), ({"min_advantage": 2.0}, "above 2.25"), ({"band": 0.6}, "0.5"),
     ({"max_required": 1.0}, "above 1"), ({"attempts": 0}, "1 to 5")],
)
@pytest.mark.unit
def test_bad_speedup_specs_are_refused_with_the_fix(changes, phrase) -> None:
    fields = {"baseline_source": SPEC.baseline_source, "baseline_name": "f", "profiles": SPEC.profiles, **changes}
    with pytest.raises(SpecError) as error:
        SpeedupSpec(**fields)
    assert phrase in str(error.value)


@pytest.mark.parametrize(("shape", "calls"), [((), 5), ((0, 4), 5), ((4,), 0), ((4,), 5000)])
@pytest.mark.unit
def test_bad_timing_profiles_are_refused(shape, calls) -> None:
    with pytest.raises(SpecError):
        TimingProfile(shape, calls)


# --------------------------------------------------------------------------- real timings
_NORM = next(e for e in get_assignment("jit").exercises if e.name == "norm")
_ONLY_NORM = Assignment("jit", get_assignment("jit").title, (_NORM,))


def _speedup(path: Path):  # type: ignore[no-untyped-def]
    result = grade_submission(read_submission(path), _ONLY_NORM, GradingOptions(lang="en"))
    checks = {check.name: check for check in result.exercises[0].checks}
    assert checks["correctness"].passed, checks["correctness"].message
    return checks["jit_speedup"], result


@pytest.mark.parametrize("forgery", ["forge_clock.py", "forge_slow_baseline.py", "forge_memo.py",
                                     "forge_detect_timing.py"])
def test_un_jitted_forgeries_earn_nothing_and_are_never_timed(forgery: str) -> None:
    speedup, result = _speedup(SUBMISSIONS / "hostile" / forgery)
    assert speedup.status is Status.FAILED and speedup.points == 0, speedup.message
    # Read from the source in the judge, before any timing: no figure the worker could bend.
    assert "is not jit-compiled" in speedup.message and "line" in speedup.message
    assert "speedup" not in speedup.timings


@pytest.mark.timing
def test_a_jitted_function_that_cheats_at_the_timed_shape_is_caught_by_the_output_check() -> None:
    speedup, result = _speedup(SUBMISSIONS / "hostile" / "forge_timing_shape.py")
    assert speedup.status is Status.FAILED and "differ from the reference" in speedup.message
    assert any(flag.startswith("timing-outputs-differ") for flag in result.flags)


@pytest.mark.timing
def test_a_callback_into_python_is_named_as_the_cost_at_its_line() -> None:
    speedup, _ = _speedup(SUBMISSIONS / "jit" / "debug_print.py")
    assert speedup.status is Status.FAILED, (speedup.message, dict(speedup.timings))
    assert speedup.message.startswith("debug_print.py, line 12 (`jax.debug.print(")
    assert "calls back into Python (`debug_print`)" in speedup.message


@pytest.fixture
def one_core_busy():  # type: ignore[no-untyped-def]
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        burner.kill()
        burner.wait()


@pytest.mark.timing
def test_jitted_passes_and_jitted_but_slow_fails_with_a_core_kept_busy(one_core_busy) -> None:
    jitted, _ = _speedup(REPO / "solutions" / "jit.py")
    slow, _ = _speedup(SUBMISSIONS / "hostile" / "jitted_but_slow.py")
    assert jitted.status is Status.PASSED, (jitted.message, dict(jitted.timings))
    assert slow.status is Status.FAILED, (slow.message, dict(slow.timings))
    # Why, from the traced program, before the figures: the compiled loop the reference has not.
    assert slow.message.startswith("jitted_but_slow.py, line 15 (`return jax.lax.fori_loop(")
    assert "runs a loop" in slow.message
    assert jitted.details == slow.details  # what a regrade must reproduce holds no measured figure
    assert jitted.timings["outputs_checked"] == jitted.timings["rounds"] >= 6  # SpeedupSpec.rounds
    # A pass stands at once; a failure only once a second, independent measurement confirms it.
    assert jitted.timings["attempts"] == 1 and slow.timings["attempts"] == 2
    assert jitted.timings["one_core"] is True  # both workers timed on one core
