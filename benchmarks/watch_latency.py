"""`jaxgrade watch`: from a student's Submit to the verdict their Fetch Feedback brings back.

In a throwaway course and exchange (a temporary folder; nothing under the repository is touched),
as `tests/e2e/course/test_watch.py` builds them: the instructor generates and releases `jit`, fills the
compilation cache once (`jaxgrade warm jit`, as the README has instructors do once per machine),
and starts the real service, `jaxgrade watch jit --quota 100/1h --jobs N`, as a subprocess from the
course directory. Students, each with a HOME of their own, fetch `jit` and answer it with the code
of `samples/jit/seoyeon.ipynb` (right) or `samples/jit/doyun.ipynb` (faulty), alternately.

1. Latency: with the service idle (its first look done), `--count` students submit one after
   another. For each: wall time from the start of Submit to the Fetch Feedback (pressed every
   `--poll` seconds) that brings back the verdict page. Goal (issue #21): at most 30 s, median and
   worst; issue #30: a median of at most 6 s at `--poll 2`. Submit and Fetch Feedback go through
   nbgrader's exchange as JupyterLab's Assignments panel calls it, in one long-lived process of the
   students' environment (`benchmarks/student_lab.py`); `--student-side cli` starts an `nbgrader`
   process per click instead, as the figures before session 15 did.
2. Burst: `--burst` other students submit as fast as one `nbgrader submit` follows another; time from
   the first submit to the last feedback released in the exchange (where fetch_feedback reads it),
   and each submission's latency to its release. Every page is then fetched once to check it is a
   verdict.

Beside them, to tell where the time goes: when each page appeared in the exchange's feedback folder,
and when each `nbgrader autograde --student` process the service started ran (its children, sampled
every 0.25 s). Prints rich tables; no timed assertions.

    .venv/bin/python benchmarks/watch_latency.py [--count 10] [--burst 40] [--jobs 2]
"""

from __future__ import annotations

import argparse
import html
import importlib.metadata
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import psutil
from nbgrader.utils import notebook_hash
from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parent.parent
# tests/ is the repository's own package, not an installed one: run from anywhere.
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.e2e.course.nbgrader_course import BIN, STUDENT_BIN, Course, set_solution, solution_sources  # noqa: E402

ASSIGNMENT = "jit"
COURSE_ID = "jax-course"
SAMPLES = {"right": REPO / "samples" / "jit" / "seoyeon.ipynb", "faulty": REPO / "samples" / "jit" / "doyun.ipynb"}
# Only the judge's verdict pages carry it; a notice ("received", "could not be graded") does not.
VERDICT_MARK = "jaxgrade ·"
SERVICE_LINE = re.compile(r"^(?P<student>\S+) \((?P<stamp>[^)]+)\): (?P<what>.*?)"
                          r"(?: \((?P<latency>\d+) s after submitting\))?$")
# Wide enough for the tables when the output goes to a file or a pipe.
console = Console(width=None if sys.stdout.isatty() else 140)


# --------------------------------------------------------------------------- the course
def sample_answers(sample: Path, exercises: Iterable[str]) -> dict[str, str]:
    """A sample notebook's answer to each exercise, as one solution cell: its imports, then its `def`."""
    cells = [cell.source for cell in nbformat.read(sample, as_version=4).cells if cell.cell_type == "code"]
    imports = "\n".join(line for source in cells for line in source.splitlines()
                        if line.startswith(("import ", "from ")))
    answers = {}
    for exercise in exercises:
        defining = [source for source in cells if re.search(rf"^def {re.escape(exercise)}\(", source, re.M)]
        if defining:
            answers[exercise] = f"{imports}\n\n{defining[0]}"
    return answers


def kind_of(student: str) -> str:
    return "right" if int(student[1:]) % 2 else "faulty"


def prepare_course(base: Path, students: list[str], answers: dict[str, dict[str, str]],
                   distinct: bool = False) -> Course:
    """The course, `jit` released, and each student's notebook fetched and answered (not submitted).
    `distinct`: each answer ends with a comment naming its student, so no two notebooks are the same
    bytes (the judge grades a notebook it has a verdict on only once)."""
    course = Course.create(base)
    course.instructor("generate_assignment", ASSIGNMENT, "--force")
    course.instructor("release_assignment", ASSIGNMENT, "--force")

    def fetch_and_answer(student: str) -> None:
        course.student(student, "fetch_assignment", ASSIGNMENT, "--course", COURSE_ID)
        for exercise, source in answers[kind_of(student)].items():
            signed = f"{source}\n# {student}'s answer\n" if distinct else source
            set_solution(course.student_notebook(student, ASSIGNMENT), exercise, signed)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(fetch_and_answer, students))
    return course


class StudentSide:
    """How the students press Submit and Fetch Feedback. `lab`: as JupyterLab's Assignments panel does,
    through nbgrader's exchange in one long-lived process of the students' environment
    (`benchmarks/student_lab.py`). `cli`: an `nbgrader submit` or `nbgrader fetch_feedback` process per
    click, each paying nbgrader's start-up (2-3 s here)."""

    def __init__(self, course: Course, kind: str) -> None:
        self.course, self.kind = course, kind
        self.lab: subprocess.Popen[str] | None = None
        self.lock = threading.Lock()  # the lab's exchange calls go one at a time, as in one server
        if kind == "lab":
            self.lab = subprocess.Popen([str(STUDENT_BIN / "python"), str(REPO / "benchmarks" / "student_lab.py")],
                                        cwd=course.homes, env=course.student_env(course.homes),
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True)

    def _click(self, step: str, student: str) -> str:
        assert self.lab is not None and self.lab.stdin is not None and self.lab.stdout is not None
        home = self.course.student_home(student)
        with self.lock:
            self.lab.stdin.write(f"{step} {student} {home}\n")
            self.lab.stdin.flush()
            return self.lab.stdout.readline().strip()

    def submit(self, student: str) -> None:
        if self.lab is None:
            self.course.student(student, "submit", ASSIGNMENT, "--course", COURSE_ID, f"--student={student}")
            return
        reply = self._click("submit", student)
        if reply != "ok":
            raise RuntimeError(f"submit for {student}: {reply}")

    def fetched_pages(self, student: str) -> list[str]:
        """Fetch Feedback as the student presses it; the text of each feedback page they now hold.
        Before the course's first release it fails ("Assignment not found at …/feedback"): nothing yet."""
        home = self.course.student_home(student)
        if self.lab is None:
            subprocess.run([str(STUDENT_BIN / "nbgrader"), "fetch_feedback", ASSIGNMENT, "--course", COURSE_ID,
                            f"--student={student}"], cwd=home, env=self.course.student_env(home),
                           capture_output=True, timeout=300)
        else:
            self._click("fetch", student)
        folder = home / ASSIGNMENT / "feedback"
        return [html.unescape(re.sub(r"<[^>]+>", "", page.read_text())) for page in folder.glob(f"*/{ASSIGNMENT}.html")]

    def close(self) -> None:
        if self.lab is not None and self.lab.poll() is None:
            assert self.lab.stdin is not None
            self.lab.stdin.close()
            self.lab.wait(timeout=30)


def released_name(course: Course, student: str) -> str:
    """The file name release_feedback gives the feedback of `student`'s newest submission (nbgrader's
    own hash of the submission's secret), in the exchange's feedback folder."""
    inbound = course.exchange / COURSE_ID / "inbound"
    newest = max(inbound.glob(f"{student}+{ASSIGNMENT}+*"), key=lambda folder: folder.name.split("+")[2])
    secret = (newest / "submission_secret.txt").read_text()
    return f"{notebook_hash(secret=secret, notebook_id=ASSIGNMENT)}.html"


# --------------------------------------------------------------------------- watching the service
@dataclass
class Observer:
    """Three background pollers: the service's stderr lines, the exchange's feedback folder (when
    each page first appears) and the `nbgrader autograde --student` processes under the service."""

    service: subprocess.Popen[str]
    feedback: Path
    lines: list[tuple[float, str]] = field(default_factory=list)
    appeared: dict[str, float] = field(default_factory=dict)
    grading: dict[str, list[float]] = field(default_factory=dict)  # student: [first seen, last seen]
    stopped: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        for target in (self._read, self._poll_feedback, self._poll_processes):
            threading.Thread(target=target, daemon=True).start()

    def _read(self) -> None:
        assert self.service.stderr is not None
        for line in self.service.stderr:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    def _poll_feedback(self) -> None:
        while not self.stopped.is_set():
            now = time.monotonic()
            try:
                names = os.listdir(self.feedback)
            except FileNotFoundError:
                names = []
            for name in names:
                self.appeared.setdefault(name, now)
            time.sleep(0.25)

    def _poll_processes(self) -> None:
        while not self.stopped.is_set():
            now = time.monotonic()
            try:
                children = psutil.Process(self.service.pid).children(recursive=True)
            except psutil.Error:
                return
            for child in children:
                try:
                    command = child.cmdline()
                except psutil.Error:
                    continue
                if "autograde" in command and "--student" in command:
                    student = command[command.index("--student") + 1]
                    seen = self.grading.setdefault(student, [now, now])
                    seen[1] = now
            time.sleep(0.25)

    def handled(self, student: str) -> tuple[float, str, int | None] | None:
        """When the service reported `student`'s submission, what it got, and the latency it measured."""
        for at, line in self.lines:
            match = SERVICE_LINE.match(line)
            if match and match["student"] == student:
                return at, match["what"], None if match["latency"] is None else int(match["latency"])
        return None

    def wait_idle(self, timeout: float = 300) -> float:
        """Seconds from the start until the service has said it is watching, looked once, and used
        next to no CPU for 2 s (the whole tree)."""
        started = time.monotonic()
        process = psutil.Process(self.service.pid)
        quiet_since = None
        last = None
        while time.monotonic() - started < timeout:
            if self.service.poll() is not None:
                raise SystemExit("jaxgrade watch exited:\n" + "\n".join(line for _, line in self.lines[-30:]))
            watching = [at for at, line in self.lines if line.startswith("watching ")]
            try:
                cpu = sum(sum(p.cpu_times()[:2]) for p in [process, *process.children(recursive=True)])
            except psutil.Error:
                cpu = None
            now = time.monotonic()
            if watching and now - watching[0] > 2.5 and last is not None and cpu is not None and cpu - last < 0.05:
                quiet_since = quiet_since or now
                if now - quiet_since >= 2:
                    return now - started
            else:
                quiet_since = None
            last = cpu
            time.sleep(0.5)
        raise SystemExit(f"jaxgrade watch was not idle within {timeout:.0f} s")


def start_service(course: Course, jobs: int, quota: str) -> subprocess.Popen[str]:
    return subprocess.Popen([str(BIN / "jaxgrade"), "watch", ASSIGNMENT, "--course", str(course.root),
                             "--quota", quota, "--jobs", str(jobs)],
                            cwd=course.root, env=course.env(course.homes), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def stop_service(service: subprocess.Popen[str]) -> int | None:
    if service.poll() is None:
        service.send_signal(signal.SIGTERM)
        try:
            service.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(service.pid, signal.SIGKILL)
            service.wait()
    return service.returncode


# --------------------------------------------------------------------------- the two measurements
@dataclass
class Submission:
    student: str
    started: float          # monotonic: `nbgrader submit` started
    submitted: float = 0.0  # monotonic: it returned
    page: str = ""          # its feedback's name in the exchange
    fetched: float | None = None  # monotonic: fetch_feedback brought the verdict back
    fetches: int = 0
    verdict: bool = False

    def released(self, observer: Observer) -> float | None:
        return observer.appeared.get(self.page)


def latency_run(course: Course, side: StudentSide, observer: Observer, students: list[str], poll: float,
                timeout: float) -> list[Submission]:
    done = []
    for student in students:
        submission = Submission(student, time.monotonic())
        side.submit(student)
        submission.submitted = time.monotonic()
        submission.page = released_name(course, student)
        while True:
            pages = side.fetched_pages(student)
            submission.fetches += 1
            if pages:
                submission.fetched = time.monotonic()
                submission.verdict = any(VERDICT_MARK in page for page in pages)
                break
            if time.monotonic() - submission.started > timeout:
                break
            time.sleep(poll)
        done.append(submission)
        # The next student submits to an idle service: this one's line is out (journal written).
        waited = time.monotonic()
        while observer.handled(student) is None and time.monotonic() - waited < 30:
            time.sleep(0.1)
        fetched = "never" if submission.fetched is None else f"{submission.fetched - submission.started:.1f} s"
        console.print(f"  {student} ({kind_of(student)}): {fetched}, {submission.fetches} fetches", highlight=False)
    return done


def burst_run(course: Course, side: StudentSide, observer: Observer, students: list[str],
              timeout: float) -> list[Submission]:
    done = []
    for student in students:
        submission = Submission(student, time.monotonic())
        side.submit(student)
        submission.submitted = time.monotonic()
        submission.page = released_name(course, student)
        done.append(submission)
    console.print(f"  {len(students)} submitted in {done[-1].submitted - done[0].started:.1f} s; "
                  "waiting for the last feedback", highlight=False)
    while any(item.released(observer) is None for item in done):
        if time.monotonic() - done[0].started > timeout:
            break
        time.sleep(0.25)
    return done


# --------------------------------------------------------------------------- reporting
def _seconds(values: list[float]) -> tuple[str, str]:
    if not values:
        return "—", "—"
    return f"{statistics.median(values):.1f}", f"{max(values):.1f}"


def _span(pairs: Iterable[tuple[float | None, float | None]]) -> list[float]:
    return [end - start for start, end in pairs if start is not None and end is not None]


def machine_table(jobs: int, warm_s: float | None, idle_s: float, loads: dict[str, tuple[float, ...]]) -> Table:
    table = Table(title="Machine and setup", show_header=False)
    table.add_column("what")
    table.add_column("value")
    table.add_row("machine", f"{os.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GiB, "
                  f"{platform.processor() or platform.machine()}")
    table.add_row("python / jax / nbgrader", f"{platform.python_version()} / {importlib.metadata.version('jax')} / "
                  f"{importlib.metadata.version('nbgrader')}")
    table.add_row("service", f"jaxgrade watch {ASSIGNMENT} --quota 100/1h --jobs {jobs}")
    table.add_row("jaxgrade warm jit",
                  "skipped (--no-warm)" if warm_s is None else f"{warm_s:.1f} s, before the service")
    table.add_row("service start to idle", f"{idle_s:.1f} s")
    for when, load in loads.items():
        table.add_row(f"load average {when}", " / ".join(f"{value:.2f}" for value in load))
    return table


def latency_tables(submissions: list[Submission], observer: Observer, poll: float) -> tuple[Table, Table]:
    each = Table(title=f"Latency, one submission at a time (fetch_feedback every {poll:g} s after the last)")
    # Since the service grades in its own long-lived process (#30), it starts no `nbgrader autograde
    # --student` per submission: the columns and spans about that process are shown only if one was seen.
    processes = bool(observer.grading)
    for column in ("student", "notebook", "submit s", *(("autograde s",) if processes else ()), "released s",
                   "fetched s", "fetches", "service says s", "verdict"):
        each.add_column(column, justify="left" if column in ("student", "notebook", "verdict") else "right")
    for item in submissions:
        released = item.released(observer)
        graded = observer.grading.get(item.student)
        handled = observer.handled(item.student)
        each.add_row(item.student, kind_of(item.student), f"{item.submitted - item.started:.1f}",
                     *(("—" if graded is None else f"{graded[1] - graded[0]:.1f}",) if processes else ()),
                     "—" if released is None else f"{released - item.started:.1f}",
                     "—" if item.fetched is None else f"{item.fetched - item.started:.1f}", str(item.fetches),
                     "—" if handled is None or handled[2] is None else str(handled[2]),
                     ("yes" if item.verdict else "NO") + ("" if handled is None else
                                                           f", {handled[1].removeprefix('verdict released, ')}"))
    summary = Table(title="Latency: where the time goes (median / worst, seconds)")
    for column in ("span", "median", "worst"):
        summary.add_column(column, justify="left" if column == "span" else "right")
    spans: dict[str, list[float]] = {
        "Submit (the click)": [item.submitted - item.started for item in submissions],
        "submit returned → autograde process seen": _span(
            (item.submitted, observer.grading.get(item.student, [None])[0]) for item in submissions),
        "nbgrader autograde --student (the process)": [end - start for start, end in
                                                       (observer.grading[item.student] for item in submissions
                                                        if item.student in observer.grading)],
        "autograde ended → page in the exchange": _span(
            (observer.grading.get(item.student, [None, None])[1], item.released(observer)) for item in submissions),
        "page in the exchange → fetch_feedback returned it": _span(
            (item.released(observer), item.fetched) for item in submissions),
        "submit → page in the exchange": _span((item.started, item.released(observer)) for item in submissions),
        "submit → fetch_feedback returned the verdict (goal ≤ 30)": _span(
            (item.started, item.fetched) for item in submissions),
    }
    for name, values in spans.items():
        if values or "autograde" not in name:
            summary.add_row(name, *_seconds(values))
    return each, summary


def burst_table(submissions: list[Submission], observer: Observer, jobs: int, verdicts: int) -> Table:
    table = Table(title=f"Burst: {len(submissions)} students submit at once, --jobs {jobs}")
    table.add_column("what")
    table.add_column("value", justify="right")
    first = submissions[0].started
    released = [item.released(observer) for item in submissions]
    out = [moment for moment in released if moment is not None]
    table.add_row("all submitted (first submit → last submit returned)",
                  f"{submissions[-1].submitted - first:.1f} s")
    table.add_row("first submit → last feedback in the exchange",
                  f"{max(out) - first:.1f} s" if len(out) == len(submissions) else
                  f"{len(out)} of {len(submissions)} released before the time limit")
    if out:
        table.add_row("first submit → first feedback in the exchange", f"{min(out) - first:.1f} s")
    latencies = _span((item.started, item.released(observer)) for item in submissions)
    median, worst = _seconds(latencies)
    table.add_row("per submission: submit → its feedback in the exchange, median / worst", f"{median} / {worst} s")
    graded = [observer.grading[item.student] for item in submissions if item.student in observer.grading]
    if graded:
        table.add_row(f"nbgrader autograde --student (the process), median, up to {jobs} at once",
                      _seconds([end - start for start, end in graded])[0] + " s")
    if len(out) >= 2:
        table.add_row("throughput once the first was out",
                      f"{(max(out) - min(out)) / (len(out) - 1):.1f} s a submission")
    table.add_row("verdict pages fetched afterwards", f"{verdicts} of {len(submissions)}")
    return table


# --------------------------------------------------------------------------- main
def remove(path: Path) -> None:
    """rmtree that also gets through the compilation cache, which is made unlistable."""
    def unlock(function: Callable[..., object], name: str, _: object) -> None:
        os.chmod(os.path.dirname(name) or ".", 0o700)
        if os.path.isdir(name) and function is not os.unlink:
            os.chmod(name, 0o700)
        function(name)

    for cache in path.rglob("xla"):
        cache.chmod(0o700)
    shutil.rmtree(path, onerror=unlock)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10, help="submissions one at a time (default 10)")
    parser.add_argument("--burst", type=int, default=40, help="students submitting at once (default 40; 0 skips)")
    parser.add_argument("--jobs", type=int, default=2, help="the service's --jobs (default 2)")
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between fetch_feedback calls (default 0.5)")
    parser.add_argument("--student-side", choices=("lab", "cli"), default="lab",
                        help="Submit and Fetch Feedback as JupyterLab's panel does them, in one process (lab, "
                             "the default), or an nbgrader process per click (cli)")
    parser.add_argument("--no-warm", action="store_true", help="start the service without `jaxgrade warm jit`")
    parser.add_argument("--timeout", type=float, default=1800, help="give up on a phase after this many seconds")
    arguments = parser.parse_args()
    loads = {"at the start": os.getloadavg()}
    exercises = list(solution_sources(REPO / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"))
    answers = {kind: sample_answers(path, exercises) for kind, path in SAMPLES.items()}
    sequential = [f"s{index:02d}" for index in range(1, arguments.count + 1)]
    burst = [f"b{index:02d}" for index in range(1, arguments.burst + 1)]

    base = Path(tempfile.mkdtemp(prefix="jaxgrade-watch-bench-"))
    service = None
    side: StudentSide | None = None
    try:
        began = time.monotonic()
        course = prepare_course(base, sequential + burst, answers)
        console.print(f"course, {len(sequential) + len(burst)} students fetched and answered: "
                      f"{time.monotonic() - began:.1f} s", highlight=False)
        warm_s = None
        if not arguments.no_warm:
            began = time.monotonic()
            subprocess.run([str(BIN / "jaxgrade"), "warm", ASSIGNMENT], cwd=course.root,
                           env=course.env(course.homes), capture_output=True, check=True)
            warm_s = time.monotonic() - began
            console.print(f"jaxgrade warm {ASSIGNMENT}: {warm_s:.1f} s", highlight=False)
        side = StudentSide(course, arguments.student_side)
        service = start_service(course, arguments.jobs, "100/1h")
        observer = Observer(service, course.exchange / COURSE_ID / "feedback")
        observer.start()
        idle_s = observer.wait_idle()
        console.print(f"service idle after {idle_s:.1f} s", highlight=False)

        loads["before the latency run"] = os.getloadavg()
        console.print(f"latency: {len(sequential)} submissions, one at a time", highlight=False)
        singles = latency_run(course, side, observer, sequential, arguments.poll, arguments.timeout)

        bursts: list[Submission] = []
        verdicts = 0
        if burst:
            observer.wait_idle()
            loads["before the burst"] = os.getloadavg()
            console.print(f"burst: {len(burst)} students submit at once", highlight=False)
            bursts = burst_run(course, side, observer, burst, arguments.timeout)
            loads["after the burst"] = os.getloadavg()
            # Not timed: each student fetches once, and the page must be the judge's verdict.
            with ThreadPoolExecutor(max_workers=2) as pool:
                verdicts = sum(any(VERDICT_MARK in page for page in pages)
                               for pages in pool.map(side.fetched_pages, burst))

        returncode = stop_service(service)
        observer.stopped.set()
        console.print()
        console.print(machine_table(arguments.jobs, warm_s, idle_s, loads))
        for table in latency_tables(singles, observer, arguments.poll):
            console.print(table)
        if bursts:
            console.print(burst_table(bursts, observer, arguments.jobs, verdicts))
        failed = [line for _, line in observer.lines if "COULD NOT BE GRADED" in line or "Traceback" in line]
        console.print(f"service stopped with SIGTERM: exit status {returncode}; "
                      f"{len(failed)} lines of trouble in its log", highlight=False)
        for line in failed[:10]:
            console.print(f"  {line}", highlight=False, markup=False)
    finally:
        if side is not None:
            side.close()
        if service is not None and service.poll() is None:
            os.killpg(service.pid, signal.SIGKILL)
            service.wait()
        remove(base)


if __name__ == "__main__":
    main()
