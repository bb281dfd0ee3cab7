"""Grading against the floor every notebook grader pays, and batches on 2 cores.

1. Floor: for each assignment's full source notebook, the cold wall time of
   `jupyter nbconvert --execute` (what nbgrader's plain autograde costs) and of
   `jaxgrade grade` on the same notebook, with no compilation cache and with the
   cache `jaxgrade warm` fills. Goal: ratio grading / floor <= 1.0.
2. Batch: 40 submissions of the `jit` assignment (correct and faulty samples,
   repeated) graded with `--jobs 1` and `--jobs 2`. Goal: 2 jobs take at most
   0.6 of the 1-job time. Peak resident memory per process is reported.

    .venv/bin/python benchmarks/floor_and_batch.py [--batch 40]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ENV = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "JAXGRADE_LANG": "en",
       "JAXGRADE_CACHE_DIR": "off"}
BATCH_SOURCES = [REPO / "samples" / "jit" / "seoyeon.ipynb", REPO / "samples" / "jit" / "doyun.ipynb",
                 REPO / "tests" / "submissions" / "jit" / "correct_alternative.py",
                 REPO / "tests" / "submissions" / "jit" / "faulty_a.py"]


def run_measured(command: list[str], cwd: Path, cache: Path | None = None) -> tuple[float, float, float]:
    """Wall seconds, peak total RSS (MiB) of the process tree, peak RSS of its largest process (MiB).

    `cache`: the compilation cache directory to use; None runs without one.
    """
    environment = {**ENV, "JAXGRADE_CACHE_DIR": str(cache)} if cache else ENV
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    root = psutil.Process(child.pid)
    peak_total = peak_single = 0
    while child.poll() is None:
        try:
            sizes = [p.memory_info().rss for p in [root, *root.children(recursive=True)]]
            peak_total = max(peak_total, sum(sizes))
            peak_single = max(peak_single, max(sizes))
        except psutil.Error:
            pass
        time.sleep(0.05)
    stderr = child.stderr.read().decode() if child.stderr else ""
    if child.returncode not in (0, 2):
        raise SystemExit(f"{' '.join(command)} failed: {stderr[-2000:]}")
    return time.perf_counter() - started, peak_total / 2**20, peak_single / 2**20


def run_timed(command: list[str], cwd: Path, cache: Path | None = None) -> float:
    """Wall seconds only. No process-tree poller runs beside it: reading /proc for every process
    each 50 ms costs CPU on a 2-core machine, and more where more processes run."""
    environment = {**ENV, "JAXGRADE_CACHE_DIR": str(cache)} if cache else ENV
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - started
    if completed.returncode not in (0, 2):
        raise SystemExit(f"{' '.join(command)} failed: {completed.stderr.decode()[-2000:]}")
    return seconds


def warm(cache: Path, assignments: list[str], cwd: Path) -> float:
    return run_measured([str(BIN / "jaxgrade"), "warm", *assignments], cwd, cache)[0]


def floor(workdir: Path, repeat: int, assignments: tuple[str, ...] = ("jax-numpy", "jit", "purity")) -> None:
    cache = workdir / "cache"
    print(f"filling the compilation cache (jaxgrade warm, once per course): {warm(cache, [], workdir):.1f} s")
    print(f"floor: nbconvert --execute vs jaxgrade grade, same notebook, cold processes, "
          f"median of {repeat} interleaved runs")
    print(f"{'assignment':<10} {'nbconvert s':>12} {'no cache s':>11} {'ratio':>6} {'warm cache s':>13} {'ratio':>6}")
    for assignment in assignments:
        source = REPO / "exercises" / assignment / f"{assignment}.ipynb"
        copy = workdir / f"{assignment}.ipynb"
        shutil.copy(source, copy)
        grade = [str(BIN / "jaxgrade"), "grade", "--format", "json", "--assignment", assignment, str(copy)]
        nbconvert, uncached, cached = [], [], []
        for _ in range(repeat):
            nbconvert.append(run_timed([str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                                        "--output", f"{assignment}-executed", str(copy)], workdir))
            uncached.append(run_timed(grade, workdir))
            cached.append(run_timed(grade, workdir, cache))
        floor_s, cold_s, warm_s = (statistics.median(times) for times in (nbconvert, uncached, cached))
        print(f"{assignment:<10} {floor_s:>12.2f} {cold_s:>11.2f} {cold_s / floor_s:>6.2f} "
              f"{warm_s:>13.2f} {warm_s / floor_s:>6.2f}")


def batch(workdir: Path, count: int) -> None:
    files = []
    for index in range(count):
        source = BATCH_SOURCES[index % len(BATCH_SOURCES)]
        target = workdir / "batch" / f"student{index:03d}{source.suffix}"
        target.parent.mkdir(exist_ok=True)
        shutil.copy(source, target)
        files.append(str(target))
    print()
    print(f"batch: {count} submissions of 'jit' ({len(BATCH_SOURCES)} kinds, correct and faulty); with the cache,")
    print("each run starts from an empty one and fills it itself (jaxgrade grade does that for 4 or more files)")
    print(f"{'jobs':>4} {'cache':>6} {'wall s':>8} {'s/submission':>13} {'peak MiB (all)':>15} "
          f"{'peak MiB (largest process)':>27}")
    walls = {}
    for cached in (False, True):
        for jobs in (1, 2):
            cache = workdir / f"batch-cache-{jobs}" if cached else None
            wall, total, single = run_measured([str(BIN / "jaxgrade"), "grade", "--format", "json", "--jobs",
                                                str(jobs), "--assignment", "jit", *files], workdir, cache)
            walls[cached, jobs] = wall
            print(f"{jobs:>4} {'yes' if cached else 'no':>6} {wall:>8.1f} {wall / count:>13.2f} {total:>15.0f} "
                  f"{single:>27.0f}")
    for cached in (False, True):
        print(f"{'with' if cached else 'without'} the cache: 2-job time / 1-job time: "
              f"{walls[cached, 2] / walls[cached, 1]:.2f} (goal <= 0.6)")
    print(f"1 job, cache / no cache: {walls[True, 1] / walls[False, 1]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=40)
    parser.add_argument("--skip-floor", action="store_true")
    parser.add_argument("--skip-batch", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--assignments", nargs="+", default=["jax-numpy", "jit", "purity"],
                        help="which assignments' notebooks the floor compares")
    arguments = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GiB")
    with tempfile.TemporaryDirectory(prefix="jaxgrade-bench-") as directory:
        if not arguments.skip_floor:
            floor(Path(directory), arguments.repeat, tuple(arguments.assignments))
        if not arguments.skip_batch:
            batch(Path(directory), arguments.batch)
        for cache in Path(directory).glob("*cache*"):
            cache.chmod(0o700)  # compilation caches are unlistable, so not removable, until then


if __name__ == "__main__":
    main()
