"""Does the `jit_speedup` verdict ever flip? Grade a jitted and an un-jitted correct `norm`
N times each (interleaved) while another process keeps one core busy; report flips
and the margin between the measured speedup and the threshold.

    .venv/bin/python benchmarks/speedup_reliability.py [--runs 50] [--no-load]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from graders.judge import GradingOptions, grade_path

JITTED = "import jax\n\n@jax.jit\ndef norm(X):\n    return (X - X.mean(0)) / X.std(0)\n"
EAGER = "import jax.numpy as jnp\n\ndef norm(X):\n    return (X - jnp.mean(X, axis=0)) / jnp.std(X, axis=0)\n"


def speedup_of(path: Path) -> tuple[bool, float, float, str]:
    result = grade_path(path, "jit", GradingOptions(lang="en"))
    check = next(c for c in result.exercises[0].checks if c.name == "jit_speedup")
    return check.passed, check.timings["speedup"], check.details["threshold"], result.environment.get("device", "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--no-load", action="store_true", help="do not start the busy process")
    arguments = parser.parse_args()
    burner = None if arguments.no_load else subprocess.Popen([sys.executable, "-c", "while True: pass"])
    outcomes: dict[str, list[tuple[bool, float]]] = {"jitted": [], "un-jitted": []}
    threshold, device = 0.0, ""
    try:
        with tempfile.TemporaryDirectory() as directory:
            paths = {"jitted": Path(directory) / "jitted.py", "un-jitted": Path(directory) / "eager.py"}
            paths["jitted"].write_text(JITTED)
            paths["un-jitted"].write_text(EAGER)
            for run in range(arguments.runs):
                for kind, path in paths.items():
                    passed, speedup, threshold, device = speedup_of(path)
                    outcomes[kind].append((passed, speedup))
                print(f"run {run + 1}/{arguments.runs}: jitted {outcomes['jitted'][-1][1]:.2f}x, "
                      f"un-jitted {outcomes['un-jitted'][-1][1]:.2f}x", file=sys.stderr)
    finally:
        if burner is not None:
            burner.kill()
    print(f"load: {'none' if arguments.no_load else 'one core kept busy by another process'}; "
          f"device: {device}; threshold {threshold:g}x")
    print(f"{'norm':<10} {'runs':>5} {'passed':>7} {'flips':>6} {'min x':>7} {'median x':>9} {'max x':>7} {'worst margin':>13}")
    for kind, results in outcomes.items():
        speedups = [speedup for _, speedup in results]
        passes = sum(passed for passed, _ in results)
        should_pass = kind == "jitted"
        flips = len(results) - passes if should_pass else passes
        margin = min(speedups) / threshold if should_pass else threshold / max(speedups)
        print(f"{kind:<10} {len(results):>5} {passes:>7} {flips:>6} {min(speedups):>7.2f} "
              f"{statistics.median(speedups):>9.2f} {max(speedups):>7.2f} {margin:>12.2f}x")


if __name__ == "__main__":
    main()
