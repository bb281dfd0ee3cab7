"""What the judge's diagnosis costs: wall time of grading the same files with two versions of the
code, interleaved, one `jaxgrade grade` process per version and round (so JAX import, the worker and
the warm compilation cache count the same on both sides). Correct files pay for nothing but the
checks; faulty ones pay for finding the line too. Prints a table of medians; no assertions.

    .venv/bin/python benchmarks/grading_cost.py --before /tmp/wt-before [--repeat 5]

`--before` is a checkout (a `git worktree`) of the older commit; the current tree is "after".
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parent.parent
JAXGRADE = str(Path(sys.executable).with_name("jaxgrade"))

SETS = {
    "correct": ("jit", ("samples/jit/seoyeon.ipynb", "solutions/jit.py",
                        "tests/submissions/jit/correct_alternative.py")),
    "faulty": ("jit", ("tests/submissions/jit/faulty_a.py", "tests/submissions/jit/faulty_b.py",
                       "tests/submissions/redteam/jit_axis.py", "tests/submissions/redteam/jit_sample_std.py",
                       "tests/submissions/redteam2/jit_var_transpose.py",
                       "tests/submissions/redteam2/jit_global_mean_shape.py")),
    # Correct notebooks as students write them: a figure, its axes and big arrays left as globals, read
    # around every call.
    "honest, with plots": ("jit", ("tests/submissions/honest/jit_01_plots_timeit.ipynb",
                                   "tests/submissions/honest/round3_jit_02_custom_jvp_savefig.ipynb")),
}


def _grade(tree: Path, assignment: str, files: tuple[str, ...]) -> float:
    environment = dict(os.environ, PYTHONPATH=str(tree))
    started = time.perf_counter()
    subprocess.run([JAXGRADE, "grade", "--assignment", assignment, "--format", "json", "--output", os.devnull,
                    *[str(REPO / name) for name in files]], cwd=tree, env=environment, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="a checkout of the older commit")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds (median reported)")
    parser.add_argument("--sets", nargs="+", choices=sorted(SETS), default=sorted(SETS), help="which sets of files")
    arguments = parser.parse_args()
    trees = {"before": arguments.before.resolve(), "after": REPO}
    table = Table(title="Grading the same files, before and after (median seconds, interleaved)")
    for column in ("files", "count", "before s", "after s", "after / before"):
        table.add_column(column, justify="left" if column == "files" else "right")
    for name, (assignment, files) in SETS.items():
        if name not in arguments.sets:
            continue
        times: dict[str, list[float]] = {"before": [], "after": []}
        _grade(REPO, assignment, files[:1])  # fills the compilation cache both sides share
        for _ in range(arguments.repeat):
            for side, tree in trees.items():
                times[side].append(_grade(tree, assignment, files))
        before, after = statistics.median(times["before"]), statistics.median(times["after"])
        table.add_row(name, str(len(files)), f"{before:.2f}", f"{after:.2f}", f"{after / before:.2f}")
    Console().print(table)


if __name__ == "__main__":
    main()
