"""Wall time and peak memory of grading one full submission per assignment, cold.

Each grading is a fresh `jaxgrade grade --format json` process (so Python start,
JAX import, the worker and every compilation are included), once without a
compilation cache and once with the cache `jaxgrade warm` fills. Memory is the
peak of the resident set summed over the whole process tree (judge + worker),
sampled every 20 ms. Prints a table; record the figures in docs/benchmarks.md.

    .venv/bin/python benchmarks/grade_assignments.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parent.parent
JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))

SUBMISSIONS = (
    ("jax-numpy", "solutions/jax_numpy.py"),
    ("jax-numpy", "tests/submissions/jax_numpy/faulty_a.py"),
    ("jit", "solutions/jit.py"),
    ("jit", "tests/submissions/jit/faulty_a.py"),
    ("purity", "solutions/purity.py"),
    ("purity", "tests/submissions/purity/faulty_a.py"),
)


def _tree_rss(process: psutil.Process) -> int:
    total = 0
    for member in [process, *process.children(recursive=True)]:
        try:
            total += member.memory_info().rss
        except psutil.Error:
            pass
    return total


def grade_cold(assignment: str, path: str, cache: str = "off") -> tuple[float, float, dict]:
    started = time.perf_counter()
    child = subprocess.Popen([JAXGRADE, "grade", "--lang", "en", "--format", "json", "--assignment", assignment, path],
                             cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "JAXGRADE_CACHE_DIR": cache})
    watched = psutil.Process(child.pid)
    peak = 0
    while child.poll() is None:
        try:
            peak = max(peak, _tree_rss(watched))
        except psutil.Error:
            pass
        time.sleep(0.02)
    stdout, stderr = child.communicate()
    wall = time.perf_counter() - started
    if child.returncode != 0:
        raise SystemExit(f"grading {path} failed ({child.returncode}): {stderr.strip()}")
    return wall, peak / 2**20, json.loads(stdout)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold gradings per submission (median reported)")
    arguments = parser.parse_args()

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, "
          f"{psutil.virtual_memory().total / 2**30:.0f} GiB, Python {platform.python_version()}")
    with tempfile.TemporaryDirectory(prefix="jaxgrade-bench-") as directory:
        cache = os.path.join(directory, "cache")
        subprocess.run([JAXGRADE, "warm"], env={**os.environ, "JAXGRADE_CACHE_DIR": cache}, check=True,
                       stdout=subprocess.DEVNULL)
        print()
        print(f"{'assignment':<10} {'submission':<44} {'score':>9} {'no cache s':>11} {'warm cache s':>13} "
              f"{'peak MiB':>9}")
        details = []
        for assignment, path in SUBMISSIONS:
            runs, warm_runs = [], []
            for _ in range(arguments.repeat):  # interleaved, so drift in the machine's speed hits both alike
                runs.append(grade_cold(assignment, path))
                warm_runs.append(grade_cold(assignment, path, cache))
            wall = statistics.median(run[0] for run in runs)
            warm = statistics.median(run[0] for run in warm_runs)
            peak = max(run[1] for run in runs + warm_runs)
            report, warm_report = runs[-1][2], warm_runs[-1][2]
            print(f"{assignment:<10} {path:<44} {report['score']:>4g}/{report['max_score']:<4g} {wall:>11.2f} "
                  f"{warm:>13.2f} {peak:>9.0f}")
            details.append((assignment, path, report, warm_report, report.get("environment", {})))
        os.chmod(cache, 0o700)  # the cache is unlistable, so not removable, until then
    print()
    print("per exercise, without the cache (seconds with the warm cache in the last column)")
    print(f"{'submission':<44} {'exercise':<18} {'examples':>8} {'compiles':>8} {'traces':>7} {'seconds':>8}  "
          f"{'slowest checks':<40} {'warm s':>6}")
    for _, path, report, warm_report, _ in details:
        warm_seconds = {exercise["name"]: exercise.get("seconds", 0) for exercise in warm_report["exercises"]}
        for exercise in report["exercises"]:
            stats = exercise.get("stats", {})
            checks = sorted(exercise["checks"], key=lambda c: -c.get("timings", {}).get("seconds", 0))[:2]
            slowest = ", ".join(f"{c['name']} {c['timings'].get('seconds', 0):.2f}" for c in checks)
            print(f"{path:<44} {exercise['name']:<18} {stats.get('examples', 0):>8} "
                  f"{str(stats.get('compiles')):>8} {str(stats.get('traces')):>7} {exercise.get('seconds', 0):>8.2f}  "
                  f"{slowest:<40} {warm_seconds[exercise['name']]:>6.2f}")
    environment = details[0][4]
    print()
    print(f"worker: JAX {environment.get('jax')} on {environment.get('backend')} ({environment.get('device')}), "
          f"Python {environment.get('python')}")


if __name__ == "__main__":
    main()
