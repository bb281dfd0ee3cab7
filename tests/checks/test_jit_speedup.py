"""`jit_speedup`: the decision from synthetic timings, and real timings the student cannot forge."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from graders.checks.jit_speedup import Estimate, SpeedupSpec, TimingProfile, decide, estimate
from graders.judge import GradingOptions, grade_submission
from graders.registry import get_assignment
from graders.results import Status
from graders.spec import Assignment, SpecError
from graders.submission import read_submission

from ..conftest import REPO, SUBMISSIONS

SPEC = SpeedupSpec("def f(X):\n    return X", "f", {"cpu": TimingProfile((16, 4), 50),
                                                    "accelerator": TimingProfile((1024, 256), 50)})


def _samples(student: float, eager: float, jitted: float, none: float = 0.4e-3, calls: int = 50,
             rounds: int = 15, student_worker: float = 1.0, student_none: float | None = None) -> dict[str, list[float]]:
    """Round times of a batch: generation plus `calls` calls, with a little noise on top.

    The student's worker runs `student_worker` times slower than the clean one; its
    generation-only rounds take `student_none` (by default, what that slowness implies;
    a forger could make only those look slow).
    """
    def rounds_of(seconds: float) -> list[float]:
        return [seconds * (1.0 + 0.03 * (index % 5)) for index in range(rounds)]

    own = student_worker * none
    claimed = own if student_none is None else student_none
    return {"student": rounds_of(own + student_worker * calls * student), "student_none": rounds_of(claimed),
            "eager": rounds_of(none + calls * eager), "jit": rounds_of(none + calls * jitted), "none": rounds_of(none)}


def test_estimates_subtract_generation_and_keep_the_fastest_round() -> None:
    measured = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6), calls=50)
    assert measured.student == pytest.approx(10e-6) and measured.eager == pytest.approx(40e-6)
    assert measured.calibrated == pytest.approx(4.0) and measured.required == pytest.approx(2.0)
    assert measured.speedup == pytest.approx(4.0)


def test_a_slower_student_worker_is_charged_its_own_generation_not_the_clean_one() -> None:
    # 1.2x slower throughout: subtracting the clean worker's generation would add 0.2 of a
    # generation (as much as a jitted call here) to the student's time.
    measured = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6, none=0.5e-3, student_worker=1.2),
                        calls=50)
    assert measured.student == pytest.approx(12e-6)


def test_generation_made_to_look_slow_gains_at_most_a_quarter_of_it() -> None:
    # An un-jitted function (40 us a call) whose worker claims generation takes 4x longer.
    measured = estimate(_samples(student=40e-6, eager=40e-6, jitted=10e-6, none=0.5e-3, student_none=2.0e-3),
                        calls=50)
    assert measured.student == pytest.approx(40e-6 - 0.25 * 0.5e-3 / 50)
    assert decide(measured, SPEC, final=True) == "failed"


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
        (79e-6, 348e-6, 79e-6, False, "passed"),       # the accelerator profile's H100 figures
        (330e-6, 348e-6, 79e-6, False, "failed"),
        (25e-6, 87e-6, 1e-6, False, "passed"),         # a formula timing near zero: 87x, capped at 3x
        (60e-6, 87e-6, 1e-6, False, "failed"),
    ],
)
def test_the_decision_follows_the_calibrated_threshold(student, eager, jitted, final, expected) -> None:
    assert decide(Estimate(student, eager, jitted, SPEC.max_required), SPEC, final=final) == expected


def test_each_backend_gets_its_profile() -> None:
    assert SPEC.profile_for("cpu") == ("cpu", TimingProfile((16, 4), 50))
    assert SPEC.profile_for("gpu") == ("accelerator", TimingProfile((1024, 256), 50))
    assert SPEC.profile_for("tpu")[0] == "accelerator"
    cpu_only = SpeedupSpec("def f(X):\n    return X", "f", {"cpu": TimingProfile((16, 4), 50)})
    assert cpu_only.profile_for("gpu")[0] == "cpu"


@pytest.mark.parametrize(
    ("changes", "phrase"),
    [({"profiles": {"accelerator": TimingProfile((4,), 5)}}, "'cpu'"), ({"rounds": 2}, "rounds >= 3"),
     ({"max_rounds": 10}, "max_rounds >= rounds"), ({"min_advantage": 1.0}, "above 1"), ({"band": 0.6}, "0.5"),
     ({"max_required": 1.0}, "above 1")],
)
def test_bad_speedup_specs_are_refused_with_the_fix(changes, phrase) -> None:
    fields = {"baseline_source": SPEC.baseline_source, "baseline_name": "f", "profiles": SPEC.profiles, **changes}
    with pytest.raises(SpecError) as error:
        SpeedupSpec(**fields)
    assert phrase in str(error.value)


@pytest.mark.parametrize(("shape", "calls"), [((), 5), ((0, 4), 5), ((4,), 0), ((4,), 5000)])
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


@pytest.mark.parametrize("forgery", ["forge_clock.py", "forge_slow_baseline.py", "forge_memo.py"])
def test_forged_speedups_fail(forgery: str) -> None:
    speedup, _ = _speedup(SUBMISSIONS / "hostile" / forgery)
    assert speedup.status in (Status.FAILED, Status.ERROR), speedup.message
    assert speedup.points == 0
    assert speedup.timings["speedup"] < speedup.timings["required"]


def test_a_function_that_cheats_only_while_timed_is_caught_by_the_output_check() -> None:
    speedup, result = _speedup(SUBMISSIONS / "hostile" / "forge_detect_timing.py")
    assert speedup.status is Status.FAILED and "differ from the reference" in speedup.message
    assert any(flag.startswith("timing-outputs-differ") for flag in result.flags)


@pytest.fixture
def one_core_busy():  # type: ignore[no-untyped-def]
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        burner.kill()
        burner.wait()


def test_jitted_passes_and_un_jitted_fails_with_a_core_kept_busy(one_core_busy, tmp_path: Path) -> None:
    eager = tmp_path / "eager.py"
    eager.write_text("import jax.numpy as jnp\n\ndef norm(X):\n    return (X - jnp.mean(X, 0)) / jnp.std(X, 0)\n")
    jitted, _ = _speedup(REPO / "solutions" / "jit.py")
    unjitted, _ = _speedup(eager)
    assert jitted.status is Status.PASSED, (jitted.message, dict(jitted.timings))
    assert unjitted.status is Status.FAILED, (unjitted.message, dict(unjitted.timings))
    assert jitted.details == unjitted.details  # what a regrade must reproduce holds no measured figure
    assert jitted.timings["outputs_checked"] >= 15
