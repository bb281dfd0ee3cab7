"""What `jit_speedup` is told per exercise: the public formula to calibrate against, and what each
backend times (`TimingProfile`). Validated when built, so a typo fails at import with the fix."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from graders.common.spec import SpecError

__all__ = ["PROCESS_CORRECTION", "SpeedupSpec", "TimingProfile"]

# The most the student's time is corrected for how much slower their worker ran the jitted formula
# than the clean one (see statistics.estimate).
PROCESS_CORRECTION = 1.5


@dataclass(frozen=True)
class TimingProfile:
    """One backend's timed input: an array of `shape`, `calls` calls per timed request, and the
    clock: `cpu`, the CPU time the worker's processes used (not the time they waited for a
    CPU, so the scheduler's choices on a busy machine do not count), or `wall`, for work that
    runs on an accelerator, which a CPU clock does not see.

    `commitment`: how the worker commits to each output in the reply that stops the clock. `host`
    hashes it with BLAKE2b on the host; `device` digests it where it lives (`tree_digest`), for
    outputs on an accelerator, which the host could hash only after copying them across the bus, at
    a cost that would drown the work being timed."""

    shape: tuple[int, ...]
    calls: int
    clock: str = "cpu"
    commitment: str = "host"

    def __post_init__(self) -> None:
        if self.clock not in ("cpu", "wall"):
            raise SpecError(f"TimingProfile has clock={self.clock!r}; use 'cpu' or 'wall'.")
        if self.commitment not in ("host", "device"):
            raise SpecError(f"TimingProfile has commitment={self.commitment!r}; use 'host' or 'device'.")
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
    # At least this many rounds decide. At 6, one clean-clone run of the whole suite once failed the
    # reference (session 7); the cause was the two workers landing on cores of unequal speed, which
    # the correction's bound could not absorb. With both workers on one core and every failure
    # measured twice, 6 rounds passed 128 loaded gradings, worst margin 1.60x (session 8).
    rounds: int = 6
    max_rounds: int = 45
    # Below this the machine shows no clear jit advantage and the check is waived. It must exceed
    # PROCESS_CORRECTION squared, or a forger's bounded gain could reach the threshold.
    min_advantage: float = 2.5
    band: float = 0.10
    # A failure stands only when this many independent measurements (fresh rounds each) fail.
    attempts: int = 2
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
        if self.min_advantage <= PROCESS_CORRECTION ** 2:
            raise SpecError(f"SpeedupSpec has min_advantage={self.min_advantage!r}; use a factor above "
                            f"{PROCESS_CORRECTION ** 2:g} (the square of the largest worker-speed correction), "
                            "e.g. 2.5.")
        if not 1 <= self.attempts <= 5:
            raise SpecError(f"SpeedupSpec has attempts={self.attempts!r}; use 1 to 5 measurements, e.g. 2.")
        if not 0.0 < self.band < 0.5:
            raise SpecError(f"SpeedupSpec has band={self.band!r}; use a fraction between 0 and 0.5, e.g. 0.1.")
        if self.max_required <= 1.0:
            raise SpecError(f"SpeedupSpec has max_required={self.max_required!r}; use a factor above 1, e.g. 3.")

    def profile_for(self, platform: str) -> tuple[str, TimingProfile]:
        name = "cpu" if platform == "cpu" or "accelerator" not in self.profiles else "accelerator"
        return name, self.profiles[name]
