"""Deadline night, on paper: 200 students submitting in the last hour, served by `jaxgrade watch`.

A discrete-event simulation of the service's queue (`graders/course/watch_queue.py`'s rules: one
waiting submission per student, the newest, served in the order students submitted; `--jobs` served
at once) fed with per-submission costs measured on a real machine (`benchmarks/watch_latency.py`
prints them: one grading alone, and each of two at once). Nothing is graded here: it projects the
measured costs to a class and a machine, and says so.

- Arrivals: each student submits 1 to 3 times; submissions cluster towards the deadline (their times
  drawn from an exponential ramp over the hour, `--ramp` minutes long at 1/e), from a fixed seed.
- A machine with C cores serves up to J submissions at once; one that starts while k run costs
  `alone * max(1, k * share / C)` seconds, where `share` (the cores one grading keeps busy) is solved
  from the two measured costs: `together = alone * 2 * share / 2` on the measured 2 cores. A Dask
  cluster is M such machines (M * J at once, each machine's C cores shared by its own J).
- The same class is served with the costs measured before this change (`--before-alone`,
  `--before-together`: one `nbgrader autograde --student` process per submission), for comparison.
- The queue over time: waiting and in service every 5 minutes, the latency from submit to release
  (median, 95th percentile, worst), and when the last page is out.

    .venv/bin/python benchmarks/deadline_night.py --alone 3.1 --together 5.0 [--students 200]
"""

from __future__ import annotations

import argparse
import heapq
import math
import random
import statistics
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

HOUR = 3600.0


@dataclass(frozen=True)
class Machine:
    name: str
    cores: int
    jobs: int
    machines: int = 1

    @property
    def servers(self) -> int:
        return self.jobs * self.machines


def arrivals(students: int, ramp_minutes: float, seed: int) -> list[tuple[float, int]]:
    """(time in seconds from the hour's start, student), sorted; a ramp towards the deadline."""
    chooser = random.Random(seed)
    scale = ramp_minutes * 60.0
    events = []
    for student in range(students):
        for _ in range(chooser.choice((1, 1, 2, 2, 3))):
            # Distance before the deadline, exponential, folded into the hour.
            before = min(HOUR - 1.0, chooser.expovariate(1.0 / scale))
            events.append((HOUR - before, student))
    return sorted(events)


Timeline = list[tuple[float, int, int]]


def simulate(events: list[tuple[float, int]], machine: Machine, alone: float,
             share: float) -> tuple[list[float], Timeline, float]:
    """Latencies (submit to release), the queue every 5 minutes (time, waiting, serving), the last
    release. A grading's cost is set when it starts, from how many run beside it then."""
    waiting: dict[int, float] = {}  # student: submit time of the newest waiting submission (insertion order kept)
    order: list[int] = []  # students in the order their waiting submission was first offered
    busy: list[tuple[float, int, float]] = []  # heap of (ends, student, submitted)
    serving: set[int] = set()
    latencies: list[float] = []
    samples: list[tuple[float, int, int]] = []
    next_sample = 0.0
    position = 0
    now = 0.0
    last_release = 0.0
    while position < len(events) or waiting or busy:
        upcoming = events[position][0] if position < len(events) else math.inf
        ending = busy[0][0] if busy else math.inf
        now = min(upcoming, ending, next_sample)
        if now == next_sample:
            samples.append((now, len(waiting), len(busy)))
            next_sample += 300.0
            if position >= len(events) and not waiting and not busy:
                break
            continue
        if now == ending:
            ends, student, submitted = heapq.heappop(busy)
            serving.discard(student)
            latencies.append(ends - submitted)
            last_release = ends
        else:
            _, student = events[position]
            position += 1
            if student not in waiting:
                order.append(student)
            waiting[student] = now  # a newer submission supersedes the waiting one, in its place
        while len(busy) < machine.servers:
            free = next((s for s in order if s in waiting and s not in serving), None)
            if free is None:
                break
            order.remove(free)
            submitted = waiting.pop(free)
            serving.add(free)
            cost = alone * max(1.0, (len(busy) + 1) * share / machine.cores)
            heapq.heappush(busy, (now + cost, free, submitted))
    return latencies, samples, last_release


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--alone", type=float, required=True, help="seconds one grading takes alone (measured)")
    parser.add_argument("--together", type=float, required=True,
                        help="seconds each of two gradings at once takes on the measured 2-core machine")
    parser.add_argument("--before-alone", type=float, default=7.1, help="the same, before (docs/benchmarks.md)")
    parser.add_argument("--before-together", type=float, default=12.3, help="the same, before")
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--ramp", type=float, default=15.0, help="minutes before the deadline at 1/e of the peak")
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    events = arrivals(arguments.students, arguments.ramp, arguments.seed)
    console = Console()
    console.print(f"{len(events)} submissions from {arguments.students} students in the last hour "
                  f"(ramp {arguments.ramp:g} min before the deadline)", highlight=False)
    machines = (Machine("this VM, --jobs 2", 2, 2), Machine("16 cores, --jobs 8", 16, 8),
                Machine("16 cores, --jobs 16", 16, 16), Machine("Dask: 4 x 16 cores, 8 each", 16, 8, 4))
    costs = {"now": (arguments.alone, arguments.together),
             "before": (arguments.before_alone, arguments.before_together)}
    summary = Table(title="Deadline night, projected from the measured costs (no timed assertions)")
    for column in ("costs", "machine", "median s", "p95 s", "worst s", "last page after the deadline"):
        summary.add_column(column, justify="left" if column in ("costs", "machine") else "right")
    timelines = {}
    for label, (alone, together) in costs.items():
        # together = alone * max(1, 2 * share / 2) on 2 cores: share = together / alone, at least 1 core.
        share = max(1.0, together / alone)
        for machine in machines:
            latencies, samples, last = simulate(events, machine, alone, share)
            ordered = sorted(latencies)
            summary.add_row(f"{label} ({alone:g} s alone, {share:.2f} cores)", machine.name,
                            f"{statistics.median(ordered):.1f}", f"{ordered[int(0.95 * (len(ordered) - 1))]:.1f}",
                            f"{ordered[-1]:.1f}", f"{max(0.0, last - HOUR):.0f} s")
            if machine.name.startswith("this VM"):
                timelines[f"{label}: {machine.name}"] = samples
    console.print(summary)
    timeline = Table(title="On this VM: waiting (in service) every 5 minutes")
    timeline.add_column("minute", justify="right")
    for name in timelines:
        timeline.add_column(name, justify="right")
    rows = max(len(samples) for samples in timelines.values())
    for row in range(rows):
        cells = [f"{samples[row][1]} ({samples[row][2]})" if row < len(samples) else ""
                 for samples in timelines.values()]
        timeline.add_row(f"{row * 5}", *cells)
    console.print(timeline)


if __name__ == "__main__":
    main()
