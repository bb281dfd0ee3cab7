"""`jit_speedup`'s arithmetic and its spec, without a clock: estimates, the decision, profiles, refused specs."""

from __future__ import annotations

import pytest

from graders.common.spec import SpecError
from graders.judge.checks.jit_speedup import Estimate, SpeedupSpec, TimingProfile, decide, estimate

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


def test_estimates_subtract_generation_round_by_round() -> None:
    measured = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6), calls=50)
    assert measured.student == pytest.approx(10e-6 * _median_drift())
    assert measured.calibrated == pytest.approx(4.0) and measured.required == pytest.approx(2.0)
    assert measured.speedup == pytest.approx(4.0)


def test_one_disturbed_round_does_not_move_the_estimate() -> None:
    samples = _samples(student=10e-6, eager=40e-6, jitted=10e-6)
    samples["student"][3] *= 10  # something else ran on the machine during this one batch
    assert estimate(samples, calls=50).speedup == pytest.approx(4.0)


def test_a_slower_student_worker_is_put_on_the_clean_workers_scale() -> None:
    measured = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6, none=0.5e-3, student_worker=1.2),
                        calls=50)
    assert measured.speedup == pytest.approx(4.0)
    much_slower = estimate(_samples(student=10e-6, eager=40e-6, jitted=10e-6, none=1e-9, student_worker=2.0),
                           calls=50)
    assert much_slower.speedup == pytest.approx(4.0 * 1.5 / 2.0, rel=1e-4)  # corrected by 1.5 at most


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
     ({"max_rounds": 5}, "max_rounds >= rounds"), ({"min_advantage": 2.0}, "above 2.25"), ({"band": 0.6}, "0.5"),
     ({"max_required": 1.0}, "above 1"), ({"attempts": 0}, "1 to 5")],
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


def test_a_timing_profile_names_a_commitment_the_judge_can_check() -> None:
    assert TimingProfile((4,), 5).commitment == "host"
    with pytest.raises(SpecError, match="commitment='sha256'; use 'host' or 'device'"):
        TimingProfile((4,), 5, commitment="sha256")
