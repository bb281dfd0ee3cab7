"""Does the `jit_speedup` verdict ever flip? Grade correct `norm`s N times each (interleaved)
while other processes keep cores busy: jitted (must pass), un-jitted JAX and plain NumPy (must
fail: the judge reads in the source that jit is missing, so they are never timed), and jitted but
no faster (a compiled loop that repeats the work: must fail on the clocks). Report flips, the
calibrated threshold (the geometric mean of 1x and jit's own speedup of the formula on this
machine) and the margin between each measured speedup and its threshold.

    .venv/bin/python benchmarks/speedup_reliability.py [--runs 50] [--busy 1 | --no-load]
        [--device-busy N] [--kinds jitted,jitted-slow] [--commitment host|device] [--seconds S]

`--commitment` overrides how every profile's timed outputs are committed to (BLAKE2b on the host, or
the tree digest on the device): the before and after of moving the accelerator's commitment onto
the device, on one machine in one session. `--seconds` starts no run after that many seconds and
still prints the table (a lent accelerator's time is short). `--device-busy N` starts N processes that
keep the accelerator itself busy with jitted matrix products, as other students' gradings would on a
shared GPU (each also keeps a core busy feeding it).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from graders.common.assignments import get_assignment
from graders.common.spec import Assignment
from graders.judge.catalogue import load as load_catalogue
from graders.judge.grade import GradingOptions, grade_submission
from graders.judge.submission import read_submission

JITTED = "import jax\n\n@jax.jit\ndef norm(X):\n    return (X - X.mean(0)) / X.std(0)\n"
EAGER = "import jax.numpy as jnp\n\ndef norm(X):\n    return (X - jnp.mean(X, axis=0)) / jnp.std(X, axis=0)\n"
NUMPY = "import numpy as np\n\ndef norm(X):\n    X = np.asarray(X)\n    return (X - X.mean(0)) / X.std(0)\n"
SLOW = (Path(__file__).resolve().parents[1] / "tests" / "submissions" / "hostile" / "jitted_but_slow.py").read_text()
SOURCES = {"jitted": JITTED, "un-jitted": EAGER, "numpy": NUMPY, "jitted-slow": SLOW}
# A process that keeps the default device busy: bounded values (tanh), each product waited for, so the
# device's queue always holds work of another process.
DEVICE_BURNER = ("import jax, jax.numpy as jnp\n"
                 "step = jax.jit(lambda a: jnp.tanh(a @ a))\n"
                 "x = jax.random.normal(jax.random.key(0), (4096, 4096))\n"
                 "while True:\n    x = step(x).block_until_ready()\n")


load_catalogue()
_NORM = next(e for e in get_assignment("jit").exercises if e.name == "norm")
# Only what the verdict needs: correctness gates jit_speedup. The other checks of `norm` would triple
# each grading's time and measure nothing here.
_NORM = replace(_NORM, points={name: _NORM.points[name] for name in ("correctness", "jit_speedup")})
_ONLY_NORM = Assignment("jit", get_assignment("jit").title, (_NORM,))


def with_rounds(rounds: int | None, commitment: str | None = None) -> Assignment:
    """`_ONLY_NORM`, its timing check asked for at least `rounds` rounds and every profile's outputs
    committed to as `commitment` says (None: as the course sets it)."""
    timing = _NORM.options["jit_speedup"]
    if rounds is not None:
        timing = replace(timing, rounds=rounds)
    if commitment is not None:
        timing = replace(timing, profiles={name: replace(profile, commitment=commitment)
                                           for name, profile in timing.profiles.items()})
    return replace(_ONLY_NORM, exercises=(replace(_NORM, options={**_NORM.options, "jit_speedup": timing}),))


def speedup_of(path: Path, assignment: Assignment) -> tuple[bool, float, float, float, str, float, float]:
    """(passed, speedup, required, calibrated, device, seconds the check took, worker ratio) for `norm`;
    NaN for the figures of a function that was never timed (no jit in its source)."""
    result = grade_submission(read_submission(path), assignment, GradingOptions(lang="en"))
    check = next(c for c in result.exercises[0].checks if c.name == "jit_speedup")
    timings = check.timings
    nan = float("nan")
    if "speedup" not in timings and "not jit-compiled" not in check.message:
        print(f"  untimed {check.status.value}: {check.message[:300]}", file=sys.stderr)
    return (check.passed, timings.get("speedup", nan), timings.get("required", nan), timings.get("calibrated", nan),
            check.details.get("device", result.environment.get("device", "")), timings.get("seconds", nan),
            timings.get("worker_ratio", nan))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--no-load", action="store_true", help="do not start any busy process")
    parser.add_argument("--busy", type=int, default=1, help="processes that keep a core busy each (default: 1)")
    parser.add_argument("--device-busy", type=int, default=0,
                        help="processes that keep the accelerator busy with matrix products (default: 0)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="the fewest timed rounds a verdict may rest on (default: the course's setting)")
    parser.add_argument("--kinds", default=",".join(SOURCES),
                        help=f"comma-separated, of {', '.join(SOURCES)} (default: all)")
    parser.add_argument("--commitment", choices=("host", "device"), default=None,
                        help="how timed outputs are committed to (default: as each profile sets it)")
    parser.add_argument("--seconds", type=float, default=None, help="start no run after this many seconds")
    arguments = parser.parse_args()
    kinds = [kind for kind in arguments.kinds.split(",") if kind]
    unknown = sorted(set(kinds) - set(SOURCES))
    if unknown:
        parser.error(f"--kinds has {', '.join(unknown)}; use some of {', '.join(SOURCES)}")
    assignment = with_rounds(arguments.rounds, arguments.commitment)
    began = time.monotonic()
    busy = 0 if arguments.no_load else arguments.busy
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(busy)]
    burners += [subprocess.Popen([sys.executable, "-c", DEVICE_BURNER]) for _ in range(arguments.device_busy)]
    outcomes: dict[str, list[tuple[bool, float, float, float, float, float]]] = {kind: [] for kind in kinds}
    device = ""
    try:
        with tempfile.TemporaryDirectory() as directory:
            paths = {kind: Path(directory) / f"{kind}.py" for kind in kinds}
            for kind, path in paths.items():
                path.write_text(SOURCES[kind])
            for run in range(arguments.runs):
                if arguments.seconds is not None and time.monotonic() - began > arguments.seconds:
                    print(f"stopped after {run} runs: --seconds {arguments.seconds:g} spent", file=sys.stderr)
                    break
                for kind, path in paths.items():
                    passed, speedup, required, calibrated, device, seconds, ratio = speedup_of(path, assignment)
                    outcomes[kind].append((passed, speedup, required, calibrated, seconds, ratio))
                print(f"run {run + 1}/{arguments.runs}: " + ", ".join(
                    f"{kind} {outcomes[kind][-1][1]:.2f}x (needed {outcomes[kind][-1][2]:.2f}x)" for kind in kinds),
                    file=sys.stderr, flush=True)
    finally:
        for burner in burners:
            burner.kill()
    rounds = assignment.exercises[0].options["jit_speedup"].rounds
    commitment = arguments.commitment or "as each profile sets it"
    print(f"load: {busy} other process(es) each keeping a core busy, {arguments.device_busy} keeping the device "
          f"busy; device: {device}; at least {rounds} rounds; "
          f"outputs committed: {commitment}")
    print(f"{'norm':<11} {'runs':>5} {'passed':>7} {'flips':>6} {'min x':>7} {'median x':>9} {'max x':>7} "
          f"{'needed x (min-max)':>19} {'worst margin':>13} {'check s (median)':>17}")
    for kind, results in outcomes.items():
        if not results:
            continue
        if all(r[1] != r[1] for r in results):  # NaN: never timed
            passes = sum(r[0] for r in results)
            print(f"{kind:<10} {len(results):>5} {passes:>7} {passes:>6}   never timed: no jit in the source "
                  f"(check s median {statistics.median(r[4] for r in results):.3f})")
            continue
        speedups = [r[1] for r in results]
        passes = sum(r[0] for r in results)
        should_pass = kind == "jitted"
        flips = len(results) - passes if should_pass else passes
        # Margin: how far each run was from its own threshold, on the safe side (>1 is safe).
        margins = [r[1] / r[2] if should_pass else r[2] / r[1] for r in results]
        needed = [r[2] for r in results]
        print(f"{kind:<10} {len(results):>5} {passes:>7} {flips:>6} {min(speedups):>7.2f} "
              f"{statistics.median(speedups):>9.2f} {max(speedups):>7.2f} "
              f"{min(needed):>9.2f}-{max(needed):<9.2f} {min(margins):>12.2f}x "
              f"{statistics.median(r[4] for r in results):>17.2f}")
    calibrated = [r[3] for results in outcomes.values() for r in results if r[3] == r[3]]
    ratios = [r[5] for results in outcomes.values() for r in results if r[5] == r[5]]
    if calibrated and ratios:
        print(f"jit's own speedup of the formula on this machine: {min(calibrated):.2f}-{max(calibrated):.2f}x; "
              f"the jitted formula in the student's worker against the clean one: {min(ratios):.2f}-{max(ratios):.2f}x")


if __name__ == "__main__":
    main()
