"""A notebook graded by a judge that waits for submissions (the service of `jaxgrade watch`), against
`jupyter nbconvert --execute` of the same notebook, which is what any notebook grader pays at least.

For each assignment's full source notebook, interleaved, medians:
- `nbconvert --execute`, a cold process;
- `jaxgrade grade`, a cold process, warm compilation cache;
- `JudgePool.grade` on a judge started and warmed once (one job), as `jaxgrade watch` grades: the
  time from handing it the file to its result, the judge idle for a moment before each.

    .venv/bin/python benchmarks/warm_service.py [--repeat 5] [--assignments jit]

Run it from another checkout with `PYTHONPATH=<that checkout>` to compare two versions.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.floor_and_batch import BIN, run_timed  # noqa: E402

# The judge waits this long before each file, as a service waits between students.
_IDLE_SECONDS = 1.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--assignments", nargs="+", default=["jit"])
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="jaxgrade-service-") as directory:
        workdir = Path(directory)
        cache = workdir / "cache"
        # The pool's judges inherit these; the commands get them from `run_timed`.
        os.environ.update({"PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "JAXGRADE_LANG": "en",
                           "JAXGRADE_CACHE_DIR": str(cache)})
        run_timed([str(BIN / "jaxgrade"), "warm", *arguments.assignments], workdir, cache)
        from graders.batch.pool import JudgePool
        from graders.common.results import SubmissionResult
        from graders.judge.options import GradingOptions

        print(f"machine: {os.cpu_count()} cores; {arguments.repeat} interleaved runs, medians; "
              f"the service's judge idles {_IDLE_SECONDS} s before each file")
        print(f"{'assignment':<10} {'nbconvert s':>12} {'grade (cold) s':>15} {'ratio':>6} "
              f"{'service s':>10} {'ratio':>6}")
        for assignment in arguments.assignments:
            copy = workdir / f"{assignment}.ipynb"
            shutil.copy(REPO / "exercises" / assignment / f"{assignment}.ipynb", copy)
            pool = JudgePool(1, GradingOptions(lang="en"))
            pool.warm()
            try:
                first = pool.grade(str(copy), assignment)  # the judge's own first grading warms it
                assert isinstance(first, SubmissionResult), first
                nbconvert, cold, service = [], [], []
                for _ in range(arguments.repeat):
                    nbconvert.append(run_timed([str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                                                "--output", f"{assignment}-executed", str(copy)], workdir))
                    cold.append(run_timed([str(BIN / "jaxgrade"), "grade", "--format", "json", "--assignment",
                                           assignment, str(copy)], workdir, cache))
                    time.sleep(_IDLE_SECONDS)
                    started = time.perf_counter()
                    result = pool.grade(str(copy), assignment)
                    service.append(time.perf_counter() - started)
                    assert isinstance(result, SubmissionResult), result
            finally:
                pool.close()
            floor, cold_s, service_s = (statistics.median(times) for times in (nbconvert, cold, service))
            print(f"{assignment:<10} {floor:>12.2f} {cold_s:>15.2f} {cold_s / floor:>6.2f} {service_s:>10.2f} "
                  f"{service_s / floor:>6.2f}")
        cache.chmod(0o700)  # compilation caches are unlistable, so not removable, until then


if __name__ == "__main__":
    main()
