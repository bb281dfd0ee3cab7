"""Where the CPU of one grading goes, process by process, against `nbconvert --execute` of the same notebook.

A ratio of wall times says how long a grading took; this says what it could take at best. On a machine
of N cores no grading finishes before its total CPU time / N, however well its processes overlap. So for
each assignment's full source notebook, interleaved, medians:
- `nbconvert --execute`, a cold process: wall and the CPU of its process tree (Jupyter and the kernel);
- `jaxgrade grade`, a cold process, warm compilation cache: wall, and the CPU of the judge, of the
  submission's worker and of the clean timing worker;
- `JudgePool.grade` on a judge started and warmed once, as `jaxgrade watch` grades: the same, counted
  from handing it the file to its result (the spare worker it grades in was started before);
- the floor each can reach: its CPU / cores.

Every process is read from `/proc` every 10 ms, so a process that lives 10 ms or less can be missed,
and the reading costs a little CPU of its own (on another core where there is one).

    .venv/bin/python benchmarks/cpu_budget.py [--repeat 3] [--assignments jit]
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.floor_and_batch import BIN  # noqa: E402

_TICKS = os.sysconf("SC_CLK_TCK")
_IDLE_SECONDS = 1.5
# How the processes of a grading are told apart: the judge is the `jaxgrade` command or the pool's judge
# process; a sandboxed worker starts its runtime with `-I -S -c`, the submission's first, the clean one after.
_WORKER_MARK = "worker.main import serve"


def _processes() -> dict[int, tuple[int, float, str]]:
    """pid -> (parent pid, CPU seconds so far, command line) for every process this account can read."""
    table: dict[int, tuple[int, float, str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        table[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICKS, command)
    return table


@dataclass
class Reading:
    """The CPU each descendant of `root` spent while the reading ran, by pid, in the order they were seen."""

    root: int
    before: dict[int, float] = field(default_factory=dict)
    last: dict[int, float] = field(default_factory=dict)
    commands: dict[int, str] = field(default_factory=dict)
    _stop: threading.Event = field(default_factory=threading.Event)

    def _descendants(self, table: dict[int, tuple[int, float, str]]) -> set[int]:
        found, grown = {self.root}, True
        while grown:
            grown = False
            for pid, (parent, _, _) in table.items():
                if parent in found and pid not in found:
                    found.add(pid)
                    grown = True
        return found

    def _sample(self) -> None:
        table = _processes()
        for pid in self._descendants(table):
            if pid in table:
                self.last[pid] = table[pid][1]
                self.commands.setdefault(pid, table[pid][2])

    def start(self) -> None:
        table = _processes()
        self.before = {pid: table[pid][1] for pid in self._descendants(table) if pid in table}
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            time.sleep(0.01)

    def stop(self) -> dict[int, float]:
        self._stop.set()
        self._sample()
        return {pid: cpu - self.before.get(pid, 0.0) for pid, cpu in self.last.items()}


@dataclass(frozen=True)
class Budget:
    wall: float
    judge: float
    student: float
    clean: float
    other: float

    @property
    def total(self) -> float:
        return self.judge + self.student + self.clean + self.other


def _budget(wall: float, spent: dict[int, float], commands: dict[int, str], judge: int | None) -> Budget:
    if judge is None:  # the pool's judge: the process multiprocessing spawned
        judge = next((pid for pid in commands if "multiprocessing.spawn" in commands[pid]), -1)
    workers = [pid for pid in commands if _WORKER_MARK in commands[pid] and spent.get(pid, 0.0) > 0]
    # The submission's worker does the most work; a clean timing worker the rest (none when it was reused).
    workers.sort(key=lambda pid: spent[pid], reverse=True)
    student = spent[workers[0]] if workers else 0.0
    clean = sum(spent[pid] for pid in workers[1:])
    judged = spent.get(judge, 0.0)
    return Budget(wall, judged, student, clean, sum(spent.values()) - judged - student - clean)


def _timed_command(command: list[str], cwd: Path, environment: dict[str, str], judged: bool = True) -> Budget:
    """`judged`: the command is a judge (`jaxgrade grade`); otherwise all its CPU counts as "other"."""
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    reading = Reading(child.pid)
    reading.start()
    _, stderr = child.communicate()
    wall = time.perf_counter() - started
    spent = reading.stop()
    if child.returncode not in (0, 2):
        raise SystemExit(f"{' '.join(command)} failed: {stderr.decode()[-2000:]}")
    return _budget(wall, spent, reading.commands, child.pid if judged else -1)


def _timed_call(call: Callable[[], object]) -> Budget:
    reading = Reading(os.getpid())
    reading.start()
    started = time.perf_counter()
    call()
    wall = time.perf_counter() - started
    spent = reading.stop()
    spent.pop(os.getpid(), None)  # this benchmark's own process only waits
    return _budget(wall, spent, reading.commands, None)


def _median(budgets: list[Budget]) -> Budget:
    return Budget(*(statistics.median(getattr(budget, name) for budget in budgets)
                    for name in ("wall", "judge", "student", "clean", "other")))


def _row(label: str, budget: Budget, floor: float, cores: int) -> str:
    return (f"{label:<18} {budget.wall:>6.2f} {budget.wall / floor:>6.2f} {budget.judge:>6.2f} {budget.student:>8.2f} "
            f"{budget.clean:>6.2f} {budget.other:>6.2f} {budget.total:>6.2f} {budget.total / cores:>7.2f} "
            f"{budget.total / cores / floor:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--assignments", nargs="+", default=["jit"])
    arguments = parser.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="jaxgrade-cpu-") as directory:
        workdir = Path(directory)
        cache = workdir / "cache"
        environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "JAXGRADE_LANG": "en",
                       "JAXGRADE_CACHE_DIR": str(cache)}
        os.environ.update(environment)  # the pool's judges inherit these
        subprocess.run([str(BIN / "jaxgrade"), "warm", *arguments.assignments], cwd=workdir, env=environment,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        from graders.batch.pool import JudgePool
        from graders.common.results import SubmissionResult
        from graders.judge.options import GradingOptions

        print(f"machine: {cores} cores; {arguments.repeat} interleaved runs, medians; CPU seconds read from /proc")
        print(f"{'':<18} {'wall s':>6} {'ratio':>6} {'judge':>6} {'student':>8} {'clean':>6} {'other':>6} "
              f"{'CPU s':>6} {'CPU/cores':>7} {'ratio':>6}")
        for assignment in arguments.assignments:
            copy = workdir / f"{assignment}.ipynb"
            shutil.copy(REPO / "exercises" / assignment / f"{assignment}.ipynb", copy)
            pool = JudgePool(1, GradingOptions(lang="en"))
            pool.warm()
            try:
                first = pool.grade(str(copy), assignment)
                assert isinstance(first, SubmissionResult), first
                runs: dict[str, list[Budget]] = {"nbconvert": [], "grade (cold)": [], "service": []}
                for _ in range(arguments.repeat):
                    runs["nbconvert"].append(_timed_command(
                        [str(BIN / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--output",
                         f"{assignment}-executed", str(copy)], workdir, environment, judged=False))
                    runs["grade (cold)"].append(_timed_command(
                        [str(BIN / "jaxgrade"), "grade", "--format", "json", "--assignment", assignment, str(copy)],
                        workdir, environment))
                    time.sleep(_IDLE_SECONDS)
                    runs["service"].append(_timed_call(functools.partial(pool.grade, str(copy), assignment)))
            finally:
                pool.close()
            medians = {label: _median(budgets) for label, budgets in runs.items()}
            floor = medians["nbconvert"].wall
            print(f"{assignment}:")
            for label, budget in medians.items():
                print(_row(label, budget, floor, cores))
            print(f"{'0.5 / 0.4 of it':<18} {0.5 * floor:>6.2f} / {0.4 * floor:.2f} s: the cold and service targets")
        cache.chmod(0o700)  # compilation caches are unlistable, so not removable, until then


if __name__ == "__main__":
    main()
