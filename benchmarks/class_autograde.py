"""Final grading of a small class: `jaxgrade autograde --jobs 2` against plain `nbgrader autograde`.

One course in a temporary folder, built as `benchmarks/watch_latency.py` builds it: `jit` generated
and released, `--students` students (7 by default) fetch it, answer with the code of
`samples/jit/seoyeon.ipynb` (30 / 30) or `samples/jit/doyun.ipynb` (13 / 30), alternately, each answer
signed with a comment naming its student (so no two notebooks are the same bytes: both commands grade
a notebook they already have a verdict on only once; `--identical` leaves them alike), and submit;
the instructor collects. The course's compilation cache is filled once by `jaxgrade warm jit`, as an
instructor's course has it.

Each round copies that collected course afresh (no gradebook rows, no autograded folder) and times,
in alternating order:

- `nbgrader autograde jit`: nbgrader's own loop over the students, in one process, with the course's
  `JaxgradeScores` preprocessor grading each notebook;
- `jaxgrade autograde jit --jobs N`: the judge grades ahead with N workers, then nbgrader's API records
  everything in the same process.

Both must give every student the same score (checked from the gradebook, the one thing the instructor
exports). Prints a rich table; no timed assertions.

    .venv/bin/python benchmarks/class_autograde.py [--students 7] [--repeat 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nbgrader.api import Gradebook
from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.watch_latency import ASSIGNMENT, SAMPLES, kind_of, prepare_course, sample_answers, submit  # noqa: E402
from tests.e2e.course.nbgrader_course import BIN, Course, solution_sources  # noqa: E402

console = Console(width=None if sys.stdout.isatty() else 140)


def collected_course(base: Path, students: list[str], distinct: bool = True) -> Course:
    exercises = list(solution_sources(REPO / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"))
    answers = {kind: sample_answers(path, exercises) for kind, path in SAMPLES.items()}
    base.mkdir(parents=True, exist_ok=True)
    course = prepare_course(base, students, answers, distinct=distinct)
    for student in students:
        submit(course, student)
    course.instructor("collect", ASSIGNMENT)
    warm = subprocess.run([str(BIN / "jaxgrade"), "warm", ASSIGNMENT], cwd=course.root,
                          env=course.env(course.homes), capture_output=True, text=True, timeout=900)
    if warm.returncode != 0:
        raise SystemExit(f"jaxgrade warm failed: {warm.stderr[-2000:]}")
    return course


def fresh_copy(course: Course, base: Path) -> Course:
    """The collected course as it was before any grading: its own folder, the same exchange and homes."""
    if base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True)
    shutil.copytree(course.root, base / "course", symlinks=True)
    return Course(base / "course", course.exchange, course.homes)


def timed(course: Course, command: list[str]) -> float:
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=course.root, env=course.env(course.homes), capture_output=True,
                               text=True, timeout=1800)
    seconds = time.perf_counter() - started
    if completed.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}): {completed.stderr[-2000:]}")
    return seconds


def scores(course: Course, students: list[str]) -> dict[str, float]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        return {student: gradebook.find_submission(ASSIGNMENT, student).score for student in students}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=7, help="students in the class (default 7)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds, each timing both commands (default 3)")
    parser.add_argument("--jobs", type=int, default=2, help="jaxgrade autograde --jobs (default 2)")
    parser.add_argument("--identical", action="store_true",
                        help="students with the same answer submit the same bytes (each command then grades "
                             "two notebooks and reuses the verdicts; by default every notebook differs)")
    arguments = parser.parse_args()
    students = [f"s{number:02d}" for number in range(1, arguments.students + 1)]
    base = Path(tempfile.mkdtemp(prefix="jaxgrade-class-autograde-"))
    commands = {
        "nbgrader autograde": [str(BIN / "nbgrader"), "autograde", ASSIGNMENT],
        f"jaxgrade autograde --jobs {arguments.jobs}": [str(BIN / "jaxgrade"), "autograde", ASSIGNMENT,
                                                        "--jobs", str(arguments.jobs)],
    }
    seconds: dict[str, list[float]] = {name: [] for name in commands}
    graded: dict[str, dict[str, float]] = {}
    try:
        started = time.perf_counter()
        course = collected_course(base / "collected", students, distinct=not arguments.identical)
        console.print(f"{len(students)} students submitted and collected, cache warm: "
                      f"{time.perf_counter() - started:.0f} s")
        for round_number in range(arguments.repeat):
            order = list(commands) if round_number % 2 == 0 else list(reversed(commands))
            for name in order:
                copy = fresh_copy(course, base / "run")
                seconds[name].append(timed(copy, commands[name]))
                graded[name] = scores(copy, students)
                console.print(f"round {round_number + 1}: {name} {seconds[name][-1]:.1f} s "
                              f"(load {os.getloadavg()[0]:.2f})")
    finally:
        shutil.rmtree(base, ignore_errors=True)

    table = Table(title=f"{ASSIGNMENT}, {len(students)} students ({platform.node()}, {os.cpu_count()} cores)")
    for column in ("command", "median s", "min s", "max s", "per student s", "scores"):
        table.add_column(column, justify="left" if column in ("command", "scores") else "right")
    for name, values in seconds.items():
        table.add_row(name, f"{statistics.median(values):.1f}", f"{min(values):.1f}", f"{max(values):.1f}",
                      f"{statistics.median(values) / len(students):.2f}",
                      " ".join(f"{graded[name][student]:g}" for student in students))
    console.print(table)
    same = len({tuple(sorted(found.items())) for found in graded.values()}) == 1
    console.print(f"Same score for every student from both commands: {'yes' if same else 'NO'} "
                  f"(expected {' '.join('30' if kind_of(s) == 'right' else '13' for s in students)})")


if __name__ == "__main__":
    main()
