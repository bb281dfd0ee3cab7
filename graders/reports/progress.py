"""Progress before the deadline: how many students pass each check, day by day.

`jaxgrade watch` appends one record per verdict to `.jaxgrade/watch/ASSIGNMENT/history.jsonl`
(`graders.course.watch_history`): the student, when they submitted, and each "exercise.check"'s
status. `progress_by_day` turns those records into one table per assignment, a row per day (the
day the submissions were made, in the instructor's time zone):

- `judged`: students with a verdict on a submission made that day, and `submissions`, how many;
- `students`: students with a verdict so far (on that day or before);
- `passing[check]`: of those, how many pass the check in their newest judged submission so far, and
  `failing[check]` how many fail it there (failed or error; a check skipped, say because the function
  is not yet correct, is neither).

So a check whose passing count stays low while `students` grows, and that many fail, is the one the
class is stuck on, while there is still time to teach it. Nothing here grades: the statuses are the
judge's, as recorded.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, tzinfo
from itertools import groupby
from pathlib import Path
from typing import Any

__all__ = ["AssignmentProgress", "DayProgress", "progress_by_day", "read_history", "render_progress_html"]


@dataclass(frozen=True)
class DayProgress:
    day: date
    judged: int
    submissions: int
    students: int
    passing: dict[str, int]
    failing: dict[str, int]


@dataclass(frozen=True)
class AssignmentProgress:
    """One assignment's days, and its checks in the order the verdicts list them."""

    assignment: str
    checks: tuple[str, ...]
    days: tuple[DayProgress, ...]

    def stuck(self) -> tuple[str, ...]:
        """The checks the most students fail by the last day (ties all named); none when no one fails any."""
        if not self.days:
            return ()
        last = self.days[-1].failing
        most = max((last[check] for check in self.checks), default=0)
        return tuple(check for check in self.checks if most and last[check] == most)


def read_history(path: Path) -> list[dict[str, Any]]:
    """The records of a `history.jsonl`; a line that is not a JSON object (one a crash cut short) is skipped."""
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def _moment(record: dict[str, Any]) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(record["at"]))
    except (KeyError, ValueError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def progress_by_day(records: Iterable[dict[str, Any]], tz: tzinfo | None = None) -> list[AssignmentProgress]:
    """Per assignment (by name), per day in `tz` (None: this machine's local time), as the module's docstring says.

    A record without a readable `at`, `student` or `checks` is left out; a (student, submitted) seen
    twice counts once. Days without a verdict have no row.
    """
    usable: list[tuple[datetime, dict[str, Any]]] = []
    seen: set[tuple[str, str, str]] = set()
    for record in records:
        moment = _moment(record)
        student, checks = record.get("student"), record.get("checks")
        key = (str(record.get("assignment", "")), str(student), str(record.get("submitted", record.get("at"))))
        if moment is None or not isinstance(student, str) or not isinstance(checks, dict) or key in seen:
            continue
        seen.add(key)
        usable.append((moment, record))
    usable.sort(key=lambda item: (item[0], str(item[1]["student"])))

    by_assignment: dict[str, list[tuple[datetime, dict[str, Any]]]] = {}
    for moment, record in usable:
        by_assignment.setdefault(str(record.get("assignment", "")), []).append((moment, record))

    return [_assignment_progress(name, by_assignment[name], tz) for name in sorted(by_assignment)]


def _assignment_progress(assignment: str, records: list[tuple[datetime, dict[str, Any]]],
                         tz: tzinfo | None) -> AssignmentProgress:
    """One assignment's days, from its records in time order."""
    order: dict[str, None] = {}  # every check, in the order the verdicts list them
    newest: dict[str, dict[str, str]] = {}  # each student's newest judged statuses so far
    closed: list[tuple[date, int, int, int, Counter[str], Counter[str]]] = []
    for day, group in groupby(records, key=lambda item: item[0].astimezone(tz).date()):
        today = [record for _, record in group]
        for record in today:
            statuses = {str(check): str(status) for check, status in record["checks"].items()}
            order.update(dict.fromkeys(statuses))
            newest[record["student"]] = statuses
        passing = Counter(check for statuses in newest.values() for check, status in statuses.items()
                          if status == "passed")
        failing = Counter(check for statuses in newest.values() for check, status in statuses.items()
                          if status in ("failed", "error"))
        closed.append((day, len({record["student"] for record in today}), len(today), len(newest), passing, failing))
    # A check first listed on a later day (a new grader) was passed, and failed, by no one before.
    days = tuple(DayProgress(day, judged, submissions, students, {check: passing[check] for check in order},
                             {check: failing[check] for check in order})
                 for day, judged, submissions, students, passing, failing in closed)
    return AssignmentProgress(assignment, tuple(order), days)


def render_progress_html(progress: list[AssignmentProgress], zone: str) -> str:
    """The class report's section: per assignment, a row per check and a column per day.

    A cell is "passing / students so far", shaded by the share (how many fail it in its title); the
    check the most students fail on the last day is named above the table. `zone` says whose days
    these are (e.g. "KST, UTC+09:00").
    """
    escape = html.escape
    if not progress:
        return ""
    parts = [f"<h2>Before the deadline: students passing each check, by day</h2>\n"
             f"<p>From <code>jaxgrade watch</code>'s verdicts, by the day each submission was made ({escape(zone)}). "
             f"A cell counts the students whose newest judged submission so far passes the check, out of the "
             f"students judged so far; its title says how many fail it (a check skipped is neither).</p>"]
    for item in progress:
        name = escape(item.assignment)
        stuck = item.stuck()
        if stuck:
            last = item.days[-1]
            named = ", ".join(f"<code>{escape(check)}</code>" for check in stuck)
            parts.append(f"<p class='stuck' data-assignment='{name}'>{name}: most students fail {named} "
                         f"({last.failing[stuck[0]]} of {last.students} by {last.day.isoformat()}).</p>")
        head = "".join(f"<th data-day='{d.day.isoformat()}'>{d.day.isoformat()}</th>" for d in item.days)
        judged = "".join(f"<td class='n' data-judged='{d.judged}'>{d.judged} ({d.submissions})</td>"
                         for d in item.days)
        students = "".join(f"<td class='n' data-students='{d.students}'>{d.students}</td>" for d in item.days)
        rows = []
        for check in item.checks:
            cells = []
            for d in item.days:
                count = d.passing[check]
                share = count / d.students if d.students else 0.0
                # Red for none, green for all: a stuck check reads at a glance.
                colour = f"hsl({round(120 * share)}, 60%, 88%)"
                failing = d.failing[check]
                cells.append(f"<td class='n' data-day='{d.day.isoformat()}' data-passing='{count}' "
                             f"data-failing='{failing}' title='{count} pass, {failing} fail' "
                             f"style='background: {colour}'>{count} / {d.students}</td>")
            rows.append(f"<tr data-check='{escape(check)}'><td>{escape(check)}</td>{''.join(cells)}</tr>")
        parts.append(f"<table class='progress' id='progress-{name}' data-assignment='{name}'>"
                     f"<tr><th>{name}</th>{head}</tr>"
                     f"<tr><td>judged that day: students (submissions)</td>{judged}</tr>"
                     f"<tr><td>students judged so far</td>{students}</tr>"
                     f"{''.join(rows)}</table>")
    return "\n".join(parts)
