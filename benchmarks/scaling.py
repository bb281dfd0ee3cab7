"""How grading scales: local `--jobs N` against a local Dask cluster of N workers, on one batch.

The batch is `jit` submissions (two sample notebooks, a correct alternative and a
faulty `.py`, repeated to `--batch` files) graded by one `jaxgrade grade` call per
configuration, with a compilation cache filled once beforehand (so every
configuration starts warm). For Dask, `dask scheduler` and N `dask worker
--nthreads 1` processes are started first and not timed; what each worker does
for its first submission (importing JAX, the judge) is timed, as a pool judge's is.

Prints one table: wall seconds, seconds per submission, speedup over `--jobs 1`,
and Dask's overhead per submission over local grading with as many processes.

    .venv/bin/python benchmarks/scaling.py [--batch 40] [--max-jobs N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SOURCES = ["samples/jit/seoyeon.ipynb", "samples/jit/doyun.ipynb", "tests/submissions/jit/correct_alternative.py",
           "tests/submissions/jit/faulty_a.py"]


def _grade(files: list[str], environment: dict[str, str], *extra: str) -> float:
    started = time.monotonic()
    completed = subprocess.run([str(BIN / "jaxgrade"), "grade", "--assignment", "jit", "--format", "json",
                                "--output", os.devnull, *extra, *files], cwd=REPO, env=environment,
                               capture_output=True, text=True)
    if completed.returncode != 0:
        raise SystemExit(f"grading failed ({completed.returncode}): {completed.stderr[-500:]}")
    return time.monotonic() - started


def _dask_cluster(workers: int, environment: dict[str, str], folder: Path) -> tuple[str, list[subprocess.Popen]]:
    scheduler_file = folder / f"scheduler-{workers}.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": environment}
    processes = [subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                   "--no-dashboard", "--scheduler-file", str(scheduler_file)], **quiet)]
    while not scheduler_file.exists():
        time.sleep(0.2)
    address = json.loads(scheduler_file.read_text())["address"]
    processes += [subprocess.Popen([str(BIN / "dask"), "worker", address, "--nthreads", "1", "--no-dashboard"],
                                   **quiet) for _ in range(workers)]
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        client.wait_for_workers(workers, timeout=120)
    return address, processes


def _stop(processes: list[subprocess.Popen]) -> None:
    for process in reversed(processes):
        process.terminate()
    for process in processes:
        process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batch", type=int, default=40, help="submissions in the batch (default 40)")
    parser.add_argument("--max-jobs", type=int, default=os.cpu_count() or 1, help="largest N (default: cores)")
    arguments = parser.parse_args()
    files = [SOURCES[i % len(SOURCES)] for i in range(arguments.batch)]
    counts = sorted({1, *range(2, arguments.max_jobs + 1)})
    with tempfile.TemporaryDirectory(prefix="jaxgrade-scaling-") as scratch:
        folder = Path(scratch)
        environment = {**os.environ, "JAXGRADE_LANG": "en", "JAXGRADE_CACHE_DIR": str(folder / "cache")}
        subprocess.run([str(BIN / "jaxgrade"), "warm", "jit"], env=environment, capture_output=True, check=True)
        local = {jobs: _grade(files, environment, "--jobs", str(jobs)) for jobs in counts}
        dask: dict[int, float] = {}
        for workers in counts:
            address, processes = _dask_cluster(workers, environment, folder)
            try:
                dask[workers] = _grade(files, environment, "--scheduler", address)
            finally:
                _stop(processes)
    print(f"{arguments.batch} `jit` submissions; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{'mode':<8} {'N':>3} {'wall s':>8} {'s/sub':>7} {'vs --jobs 1':>12} {'Dask overhead s/sub':>20}")
    for mode, table in (("local", local), ("dask", dask)):
        for count, seconds in table.items():
            overhead = (seconds - local[count]) / arguments.batch if mode == "dask" else None
            print(f"{mode:<8} {count:>3} {seconds:>8.1f} {seconds / arguments.batch:>7.2f} "
                  f"{local[1] / seconds:>11.2f}x {'' if overhead is None else f'{overhead:+.2f}':>20}")


if __name__ == "__main__":
    main()
