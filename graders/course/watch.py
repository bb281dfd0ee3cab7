"""`jaxgrade watch ASSIGNMENT`: the judge's verdict while students can still act on it, within a fair quota.

Run from the course directory, beside the exchange, until stopped (or until the assignment's due
date, the course's one deadline). Every few seconds it reads the exchange's inbound folder as the
collect step does (`inbound`: each student's own newest submission, made by their account, dated
sanely, regular files only; what does not count is printed once, with the account that made it),
queues each student's submission not yet handled, oldest first (`watch_queue`), and for each, in turn:

1. collects it through `collect.VerifiedCollect` (nbgrader's own API, one student);
2. charges the student's quota (`quota.QuotaLedger`) at the time the student submitted, or when the
   service first saw the submission if that is earlier (the student's side writes the timestamp);
3. within the quota, grades it through `jaxgrade autograde`'s own path (`CourseGrader`): the judge's
   verdict from the service's warm judges (`batch.JudgePool`, started once, JAX imported once), then
   nbgrader's autograde through its API in this process, which records it (the gradebook rows are
   nbgrader's); then `generate_feedback` and `release_feedback` for that student only. Beyond the
   quota, it releases a notice instead (`notice`): received, counts at the deadline, next judged
   feedback at …; a submission that cannot be graded gets a page saying why and its token back;
4. after a verdict, appends the checks' statuses to the assignment's history (`watch_history`), which
   `jaxgrade report` shows as the class's progress by day;
5. records in the journal that this submission was handled.

What a crash can leave, and why a restart gives each submission one verdict and one gradebook row:

- The journal and the quota buckets are JSON files replaced atomically; the journal is written last.
  A submission handled but not journaled is handled again: collecting is a no-op, the quota answers
  the same for the same submission, a gradebook row already complete for the submission now
  collected is kept (`records.is_graded`, as `jaxgrade autograde` keeps it) instead of grading again,
  and releasing writes the same file in the exchange again (its name comes from the submission's secret).
  The history already holding the submission (same student and timestamp) is not appended to again.
- Only this process writes the gradebook; its judges end with it (they ask the kernel for SIGTERM
  when their parent dies). Whatever a SIGKILL cut short, the judge's own record (`records`) no longer
  matches the submission, so the next run grades it again.
- Ctrl-C or SIGTERM stops within seconds: the judges are stopped, and what nbgrader half-did is undone
  (`CourseGrader.undo_unfinished`); the submission is not journaled, so the next run handles it.

A `jaxgrade autograde` at the deadline keeps every student the service graded (same test), and
grades the submissions it only acknowledged beyond the quota.
"""

from __future__ import annotations

import contextlib
import enum
import fcntl
import os
import statistics
import threading
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn

from graders.batch.grading import prepare_batch
from graders.batch.pool import JudgePool
from graders.common.i18n import DEFAULT_LANGUAGE, LANGUAGES
from graders.common.stop import raise_if_stop_requested
from graders.judge.options import GradingOptions
from graders.judge.supervisor.client import sweep_stale_folders

from .atomic import read_json, write_json
from .autograde_command import CourseGrader
from .collect import course_rules
from .deadline import DueDate, shown_zone
from .grade_ahead import judge_options
from .gradebook import gradebook_rows
from .inbound import InboundEntry, Refusal, TrustRules, parse_timestamp, scan_inbound, select_submissions, still_copying
from .nbgrader_steps import CourseSteps, StepFailed, load_course_config
from .notice import write_notice
from .quota import DEFAULT_QUOTA, Quota, QuotaLedger
from .records import is_graded, read_failure, student_records
from .watch_history import HISTORY, STATE, History, checks_of
from .watch_queue import FairQueue

__all__ = ["CourseConfig", "Handled", "Outcome", "WatchRun", "WatchSettings", "course_config",
           "render_watch_summary", "watch_assignment"]

# How often the exchange is looked at: a look is one directory listing.
_LOOK_SECONDS = 2.0
_NBGRADER_DEFAULT_EXCHANGE = "/srv/nbgrader/exchange"


# --------------------------------------------------------------------------- the course's settings
@dataclass(frozen=True)
class CourseConfig:
    """What the watch reads from the course's nbgrader_config.py; `quota_source` names where the quota was
    set; `rules`, who may submit as whom (`c.JaxgradeIdentity`)."""

    course_id: str
    exchange: Path
    lang: str
    quota: str
    quota_source: str
    rules: TrustRules


def course_config(course: Path, assignment: str) -> CourseConfig:
    """The exchange, course id, feedback language and the assignment's quota, from nbgrader_config.py.

    The quota: `c.JaxgradeWatch.assignment_quotas[ASSIGNMENT]`, else `c.JaxgradeWatch.quota`, else 3/24h.
    """
    config = load_course_config(course)
    watch = config.JaxgradeWatch
    per_assignment = watch.get("assignment_quotas", {})
    if assignment in per_assignment:
        quota, source = str(per_assignment[assignment]), f"c.JaxgradeWatch.assignment_quotas[{assignment!r}]"
    elif "quota" in watch:
        quota, source = str(watch["quota"]), "c.JaxgradeWatch.quota"
    else:
        quota, source = DEFAULT_QUOTA, "the default quota"
    lang = str(config.JaxgradeScores.get("lang", DEFAULT_LANGUAGE))
    return CourseConfig(str(config.CourseDirectory.get("course_id", "")),
                        Path(str(config.Exchange.get("root", _NBGRADER_DEFAULT_EXCHANGE))),
                        lang if lang in LANGUAGES else DEFAULT_LANGUAGE, quota,
                        source if source == "the default quota" else f"{source} in nbgrader_config.py",
                        course_rules(config, course))


# --------------------------------------------------------------------------- what a run did
class Outcome(enum.StrEnum):
    VERDICT = "verdict"      # graded; the judge's feedback released
    RECEIVED = "received"    # beyond the quota: collected, a notice released
    FAILED = "failed"        # the judge could not grade it; a notice released, the instructor told here
    SKIPPED = "skipped"      # nothing newer than what was handled (another look got there first)
    INTERRUPTED = "interrupted"  # stopped mid-way; handled again by the next run


@dataclass(frozen=True)
class Handled:
    """One submission: whose, its nbgrader timestamp, what became of it, the score of a verdict, and
    seconds from the student's submit to the feedback's release."""

    student: str
    submitted: str
    outcome: Outcome
    score: float | None = None
    max_score: float | None = None
    latency: float = 0.0
    reason: str = ""


@dataclass(frozen=True)
class WatchSettings:
    course: Path
    assignment: str
    quota: Quota
    config: CourseConfig
    deadline: datetime | None = None
    jobs: int = 1
    scheduler: str | None = None
    once: bool = False


@dataclass(frozen=True)
class WatchRun:
    """What one run handled, how many were still waiting when it ended, and why it ended
    ("once", "deadline" or "interrupted")."""

    handled: tuple[Handled, ...]
    waiting: int
    superseded: int
    ended: str

    @property
    def interrupted(self) -> bool:
        return self.ended == "interrupted"

    def count(self, outcome: Outcome) -> int:
        return sum(item.outcome is outcome for item in self.handled)


# --------------------------------------------------------------------------- the journal
class Journal:
    """Each student's last handled submission (nbgrader timestamp) and what it got, in one JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._entries = read_json(path)
        # A submission that could not be graded is tried again once per run of the service.
        self._retry = {student for student, entry in self._entries.items()
                       if isinstance(entry, dict) and entry.get("outcome") == str(Outcome.FAILED)}

    def handled_at(self, student: str) -> datetime | None:
        with self._lock:
            entry = None if student in self._retry else self._entries.get(student)
        return parse_timestamp(entry["submitted"]) if isinstance(entry, dict) else None

    def record(self, student: str, submitted: str, outcome: Outcome) -> None:
        with self._lock:
            self._retry.discard(student)
            self._entries[student] = {"submitted": submitted, "outcome": str(outcome),
                                      "released": datetime.now(UTC).isoformat(timespec="seconds")}
            write_json(self.path, self._entries)


# --------------------------------------------------------------------------- the service
@contextlib.contextmanager
def _exclusive(path: Path, console: Console) -> Iterator[int]:
    """The watch's lock on `path`, waited for: another watch of the assignment holds it until it ends."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        told = False
        while True:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not told:
                    console.print(f"waiting for {path}: another `jaxgrade watch` of this assignment holds it",
                                  soft_wrap=True, markup=False)
                    told = True
                time.sleep(0.5)
                raise_if_stop_requested()
        yield descriptor
    finally:
        os.close(descriptor)


def watch_assignment(settings: WatchSettings, console: Console | None = None) -> WatchRun:
    """Run the service (see the module's docstring) until `once` has nothing left, the deadline, or a stop."""
    console = console or Console(stderr=True)
    state = settings.course / STATE / settings.assignment
    with _exclusive(state / "lock", console):
        return _Service(settings, state, console).run()


class _Service:
    def __init__(self, settings: WatchSettings, state: Path, console: Console) -> None:
        self.settings, self.console = settings, console
        self.course, self.assignment = settings.course, settings.assignment
        self.journal = Journal(state / "journal.json")
        self.history = History(state / HISTORY)
        self.ledger = QuotaLedger(state / "quota.json", settings.quota)
        self.nbgrader = CourseSteps(self.course, self.assignment)
        # Times are shown in the course's zone (students read them in notices; the instructor in the log).
        self.zone = shown_zone(self.course)
        # Warm judges for the service's life; on a cluster, its workers grade instead.
        self.judges = (JudgePool(settings.jobs, judge_options(load_course_config(self.course)))
                       if settings.scheduler is None else None)
        self.batch = CourseGrader(self.course, self.assignment, settings.scheduler, judges=self.judges,
                                  steps=self.nbgrader)
        # Inbound entries that do not count, already told to the instructor.
        self.told: set[str] = set()
        # The inbound folder's modification time at the last look, and whether that look met an entry still being
        # copied: either one makes the next turn of the loop look again, instead of waiting out `_LOOK_SECONDS`.
        self._inbound_stamp: int | None = None
        self._copying = False
        self.inbound = settings.config.exchange / settings.config.course_id / "inbound"
        self.stopping = threading.Event()
        self.had_row: dict[str, bool] = {}
        self.queue = FairQueue()
        self.handled: list[Handled] = []
        # When this service first saw each (student, nbgrader timestamp), by its own clock.
        self.seen_at: dict[tuple[str, str], float] = {}

    # ------------------------------------------------------------------ the loop
    def run(self) -> WatchRun:
        if self._past_deadline():
            self.console.print(f"the deadline ({self._deadline_text()}) has passed: no more verdicts; "
                               f"grade with `jaxgrade autograde {self.assignment}`", soft_wrap=True, markup=False)
            return WatchRun((), 0, 0, "deadline")
        self.console.print(f"watching {self.inbound} for {self.assignment} (quota {self.settings.quota.text} per "
                           f"student; until {self._deadline_text()})", soft_wrap=True, markup=False)
        self._open_feedback_folder()
        in_flight: dict[Future[Handled], InboundEntry] = {}
        pool = ThreadPoolExecutor(max_workers=self.settings.jobs, thread_name_prefix="jaxgrade-watch")
        ended = "interrupted"
        next_look = 0.0
        first_look = True
        columns = (SpinnerColumn(), TextColumn("{task.description}"))
        try:
            if self.judges is not None:
                # While nothing waits: the first verdict then waits for no JAX import, and each judge grades the
                # references once (the reference's outputs, the spare worker, the compiled programs). Inside the `try`:
                # a stop that lands meanwhile still closes the judges just started. `--once` grades what is there and
                # leaves: its judges only start, since grading the references first would be a whole grading more,
                # paid before the first file, that the first file's grading does anyway.
                self.judges.warm(None if self.settings.once else self.assignment)
            self.nbgrader.warm()
            with Progress(*columns, console=self.console, transient=True) as progress:
                task = progress.add_task(self._status(in_flight))
                while True:
                    raise_if_stop_requested()
                    if self._past_deadline():
                        ended = "deadline"
                        break
                    if time.monotonic() >= next_look or self._copying or self._inbound_changed():
                        self._look(in_flight)
                        next_look = time.monotonic() + _LOOK_SECONDS
                        if first_look and self.settings.scheduler is None:
                            # As `jaxgrade autograde` decides it: a class's worth waiting fills the cache first.
                            prepare_batch(self.assignment, len(self.queue), GradingOptions())
                        first_look = False
                    busy = {submission.student for submission in in_flight.values()}
                    while len(in_flight) < self.settings.jobs:
                        submission = self.queue.take(busy)
                        if submission is None:
                            break
                        busy.add(submission.student)
                        in_flight[pool.submit(self._handle_safely, submission)] = submission
                    if self.settings.once and not in_flight and not len(self.queue):
                        ended = "once"
                        break
                    progress.update(task, description=self._status(in_flight))
                    if not in_flight:
                        time.sleep(0.5)
                        continue
                    done, _ = wait(in_flight, timeout=0.5, return_when=FIRST_COMPLETED)
                    for future in done:
                        del in_flight[future]
                        self._report(future.result())
                    progress.update(task, description=self._status(in_flight))
        except KeyboardInterrupt:
            ended = "interrupted"
            self.stopping.set()
            self.batch.stop()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
            if self.judges is not None:
                self.judges.close()
        for future in in_flight:
            if future.done() and not future.cancelled():
                self._report(future.result())
        if ended == "interrupted":
            self.batch.undo_unfinished({student: True for student, had in self.had_row.items() if had})
            # A judge that did not stop in time was killed outright and could not remove its workers' folders.
            sweep_stale_folders()
        return WatchRun(tuple(self.handled), len(self.queue), self.queue.superseded, ended)

    def _open_feedback_folder(self) -> None:
        """The exchange's feedback folder, as `nbgrader release_feedback` makes it (mode 0711): until it
        exists, a student's Fetch Feedback fails with "Assignment not found" instead of finding nothing yet."""
        folder = self.inbound.parent / "feedback"
        if self.inbound.parent.is_dir() and not folder.exists():
            folder.mkdir()
            folder.chmod(0o711)

    def _inbound_changed(self) -> bool:
        """Whether an entry was added to or removed from the inbound folder since the last look (one `stat`): a
        Submit is then seen within the loop's half second, not up to `_LOOK_SECONDS` later."""
        try:
            stamp = self.inbound.stat().st_mtime_ns
        except OSError:
            return False
        return stamp != self._inbound_stamp

    def _look(self, in_flight: dict[Future[Handled], InboundEntry]) -> None:
        """Queue each student's own newest submission that is newer than what was handled or is being
        handled, oldest first; tell the instructor, once, of every entry that does not count."""
        grading = {submission.student: submission.at for submission in in_flight.values()}
        try:
            self._inbound_stamp = self.inbound.stat().st_mtime_ns
        except OSError:
            self._inbound_stamp = None
        entries = scan_inbound(self.inbound, self.assignment, self.settings.config.rules)
        # nbgrader writes an entry's completion mark last, inside it, which the folder's time does not show.
        self._copying = any(still_copying(entry) for entry in entries)
        selection = select_submissions(entries, self.settings.deadline)
        for entry in selection.refused:
            if entry.name not in self.told:
                self.told.add(entry.name)
                what = "late, not collected" if entry.refusal is Refusal.LATE else "NOT COUNTED"
                self.console.print(f"{what}: {entry.explain()}", soft_wrap=True, markup=False)
        for submission in sorted(selection.chosen.values(), key=lambda entry: (entry.at, entry.student)):
            if submission.at is None:
                continue  # a chosen entry always has one; this keeps the type checker as sure
            handled = self.journal.handled_at(submission.student)
            if handled is not None and submission.at <= handled:
                continue
            grading_at = grading.get(submission.student)
            if grading_at is not None and submission.at <= grading_at:
                continue
            self.seen_at.setdefault((submission.student, submission.timestamp), time.time())
            self.queue.offer(submission)

    # ------------------------------------------------------------------ one submission
    def _handle_safely(self, submission: InboundEntry) -> Handled:
        """`_handle`, with whatever goes wrong reported for this student alone."""
        try:
            return self._handle(submission)
        except Exception as error:  # noqa: BLE001 - one student's failure must not stop the service
            if self.stopping.is_set():
                return Handled(submission.student, submission.timestamp, Outcome.INTERRUPTED)
            reason = (str(error).splitlines() or [type(error).__name__])[0][:300]
            self._tell_failed(submission.student, submission.timestamp, reason)
            # Journaled, so that one broken submission is not retried every few seconds in this run; a new
            # submission is handled, and the next run of the service tries this one again.
            self.journal.record(submission.student, submission.timestamp, Outcome.FAILED)
            return Handled(submission.student, submission.timestamp, Outcome.FAILED, reason=reason)

    def _tell_failed(self, student: str, submitted: str, reason: str) -> None:
        """What a submission that could not be graded gets: its token back, and a page saying why, if one can
        still be released (a submission without a notebook cannot have one: Fetch Feedback looks for notebooks)."""
        self.ledger.refund(student, submitted)
        collected = self.course / "submitted" / student / self.assignment / "timestamp.txt"
        try:
            if not collected.is_file() or collected.read_text().strip() != submitted:
                return  # never collected: no page can be filed for it
            at = parse_timestamp(submitted)
            write_notice(self.course, self.assignment, student, "failed", self.settings.config.lang,
                         submitted=_local_time(at, self.zone), reason=reason)
            self.nbgrader.release_feedback(student)
        except (OSError, ValueError, StepFailed) as error:
            self.console.print(f"{student} ({submitted}): no page released to say it could not be graded: {error}",
                               soft_wrap=True, markup=False)

    def _handle(self, submission: InboundEntry) -> Handled:
        student, course, assignment = submission.student, self.course, self.assignment
        self.nbgrader.collect(student)
        # What collect took may be newer than what was queued (the student submitted again meanwhile).
        submitted = (course / "submitted" / student / assignment / "timestamp.txt").read_text().strip()
        at = parse_timestamp(submitted)
        handled = self.journal.handled_at(student)
        if handled is not None and at <= handled:
            return Handled(student, submitted, Outcome.SKIPPED)
        if self.stopping.is_set():
            return Handled(student, submitted, Outcome.INTERRUPTED)
        # The student's process wrote the timestamp, and one set in the future would refill the bucket:
        # the charge is at the stated time only while it is no later than when this service saw it.
        seen = self.seen_at.get((student, submitted), time.time())
        decision = self.ledger.decide(student, submitted, min(at.timestamp(), seen))
        lang = self.settings.config.lang
        shown = _local_time(at, self.zone)
        score = max_score = None
        reason = ""
        if not decision.allowed:
            write_notice(course, assignment, student, "received", lang, submitted=shown,
                         quota=self.settings.quota.text, next_at=_local_time(
                             datetime.fromtimestamp(decision.next_at, UTC), self.zone))
            outcome = Outcome.RECEIVED
        else:
            ok = is_graded(course, assignment, student)
            if not ok:
                self.had_row[student] = student in gradebook_rows(course, assignment)
                ok, reason = self.batch.grade(student)
                if self.stopping.is_set() and not ok:
                    return Handled(student, submitted, Outcome.INTERRUPTED)
            if ok:
                self.nbgrader.generate_feedback(student)
                outcome = Outcome.VERDICT
                row = gradebook_rows(course, assignment).get(student)
                if row is not None:
                    # The gradebook's, as the student's feedback shows it (an instructor's manual grade included).
                    score, max_score = row.score, row.max_score
            else:
                reason = read_failure(course, assignment, student) or reason
                cause = self.batch.causes.pop(student, "")
                if cause:
                    self.console.print(f"{student} ({submitted}): nbgrader's own cause: {cause}", soft_wrap=True,
                                       markup=False)
                self._tell_failed(student, submitted, reason)
                self.journal.record(student, submitted, Outcome.FAILED)
                return Handled(student, submitted, Outcome.FAILED, latency=(datetime.now(UTC) - at).total_seconds(),
                               reason=reason)
        self.nbgrader.release_feedback(student)
        if outcome is Outcome.VERDICT:
            self._remember(student, submitted, at, score, max_score)
        self.journal.record(student, submitted, outcome)
        latency = (datetime.now(UTC) - at).total_seconds()
        return Handled(student, submitted, outcome, score, max_score, latency, reason)

    def _remember(self, student: str, submitted: str, at: datetime, score: float | None,
                  max_score: float | None) -> None:
        """The verdict's checks in the history, for the class report; a failure here costs the student nothing."""
        try:
            records = student_records(self.course, self.assignment, student)
            if not records or any(record.timestamp != submitted for record in records):
                raise ValueError("the judge's record is of another submission")
            checks = {name: status for record in records for name, status in checks_of(record.result).items()}
            if not checks:
                raise ValueError("the judge's record holds no checks")
            self.history.add(self.assignment, student, submitted, at.isoformat(), score, max_score, checks)
        except (OSError, ValueError) as error:
            self.console.print(f"{student} ({submitted}): not added to {self.history.path}: {error}",
                               soft_wrap=True, markup=False)

    # ------------------------------------------------------------------ what the instructor sees
    def _report(self, item: Handled) -> None:
        if item.outcome is Outcome.SKIPPED:
            return
        self.handled.append(item)
        if item.outcome is Outcome.VERDICT:
            what = "verdict released"
            if item.score is not None and item.max_score is not None:
                what += f", {item.score:g} / {item.max_score:g}"
        elif item.outcome is Outcome.RECEIVED:
            what = "beyond the quota: received, notice released"
        elif item.outcome is Outcome.FAILED:
            what = f"COULD NOT BE GRADED: {item.reason}"
        else:
            what = "interrupted; handled again on the next run"
        latency = f" ({item.latency:.0f} s after submitting)" if item.latency else ""
        self.console.print(f"{item.student} ({item.submitted}): {what}{latency}", soft_wrap=True, markup=False)

    def _status(self, in_flight: dict[Future[Handled], InboundEntry]) -> str:
        latencies = [item.latency for item in self.handled if item.outcome in (Outcome.VERDICT, Outcome.RECEIVED)]
        latency = (f" · latency {latencies[-1]:.0f} s, median {statistics.median(latencies):.0f} s"
                   if latencies else "")
        count = {outcome: sum(item.outcome is outcome for item in self.handled) for outcome in Outcome}
        return (f"watch {self.assignment}: {len(self.queue)} waiting · {len(in_flight)} grading · "
                f"{count[Outcome.VERDICT]} judged · {count[Outcome.RECEIVED]} beyond quota · "
                f"{count[Outcome.FAILED]} failed{latency}")

    def _past_deadline(self) -> bool:
        deadline = self.settings.deadline
        return deadline is not None and datetime.now(UTC) >= deadline

    def _deadline_text(self) -> str:
        deadline = self.settings.deadline
        return "stopped" if deadline is None else DueDate(deadline, self.zone).text()


def _local_time(moment: datetime, zone: ZoneInfo) -> str:
    """A time as students read it: the course's zone (`c.JaxgradeCourse.timezone`), named."""
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M %Z")


def render_watch_summary(run: WatchRun, console: Console) -> None:
    line = (f"{run.count(Outcome.VERDICT)} verdicts released, {run.count(Outcome.RECEIVED)} beyond the quota "
            f"(received), {run.count(Outcome.FAILED)} could not be graded, {run.superseded} superseded")
    if run.waiting:
        line += f", {run.waiting} still waiting"
    ended = {"once": "nothing left to grade", "deadline": "the deadline has passed",
             "interrupted": "interrupted; run it again to go on"}[run.ended]
    console.print(f"{line} ({ended})", soft_wrap=True, markup=False)
