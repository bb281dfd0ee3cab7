"""What `jaxgrade watch` sees in the exchange, and the fair order in which it grades it.

Submissions are read from the exchange's inbound folder as `nbgrader collect` reads them: one
`STUDENT+ASSIGNMENT+TIMESTAMP[+RANDOM]` folder per submission, each student's newest one counting.
A folder counts only once `submission_secret.txt` is in it: `nbgrader submit` writes it last, so a
submission still being copied is left for the next look.

The queue holds at most one submission per student, the newest: a newer one supersedes the one
waiting, in its place. Students are served in turn, so no one waits behind another student's
fifth submission; a student graded just now goes to the back.
"""

from __future__ import annotations

import glob
import os
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["FairQueue", "InboundSubmission", "epoch_seconds", "newest_submissions", "parse_timestamp"]


def parse_timestamp(text: str) -> datetime:
    """An nbgrader timestamp ("2026-11-01 10:00:00.000000 UTC") as an aware UTC datetime, read as nbgrader reads it."""
    from nbgrader.utils import parse_utc

    moment: datetime = parse_utc(text.strip())
    return moment.replace(tzinfo=UTC)


def epoch_seconds(moment: datetime) -> float:
    return moment.timestamp()


@dataclass(frozen=True)
class InboundSubmission:
    """One submission in the exchange: whose, when (nbgrader's timestamp, as written and parsed), where."""

    student: str
    timestamp: str
    at: datetime
    path: Path


def newest_submissions(inbound: Path, assignment: str) -> dict[str, InboundSubmission]:
    """Each student's newest complete submission of `assignment` in `inbound`, as `nbgrader collect` picks it."""
    newest: dict[str, InboundSubmission] = {}
    for name in glob.glob(os.path.join(glob.escape(str(inbound)), f"*+{glob.escape(assignment)}+*")):
        folder = Path(name)
        # nbgrader's own split (ExchangeCollect._path_to_record): student, assignment, timestamp[, random].
        parts = folder.name.rsplit("+", 3)
        if len(parts) < 3 or parts[1] != assignment or not (folder / "submission_secret.txt").is_file():
            continue
        try:
            at = parse_timestamp(parts[2])
        except (ValueError, OverflowError):
            continue  # not nbgrader's; collect would refuse it too
        submission = InboundSubmission(parts[0], parts[2], at, folder)
        if parts[0] not in newest or at > newest[parts[0]].at:
            newest[parts[0]] = submission
    return newest


class FairQueue:
    """At most one waiting submission per student, students served in turn (see the module's docstring)."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, InboundSubmission] = OrderedDict()
        self.superseded = 0

    def __len__(self) -> int:
        return len(self._waiting)

    def offer(self, submission: InboundSubmission) -> None:
        """Queue `submission`, in place of an older one of the same student (which keeps its turn)."""
        waiting = self._waiting.get(submission.student)
        if waiting is None:
            self._waiting[submission.student] = submission
        elif submission.at > waiting.at:
            self._waiting[submission.student] = submission
            self.superseded += 1

    def take(self, busy: set[str]) -> InboundSubmission | None:
        """The first waiting student's submission, skipping students being graded now; None if none."""
        for student in self._waiting:
            if student not in busy:
                return self._waiting.pop(student)
        return None

    def drop(self, student: str) -> None:
        self._waiting.pop(student, None)
