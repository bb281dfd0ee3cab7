"""The fair order in which `jaxgrade watch` grades what it found in the exchange (`inbound`).

The queue holds at most one submission per student, the newest: a newer one supersedes the one
waiting, in its place. Students are offered in the order they submitted, and served in that order,
so no one waits behind another student's fifth submission, nor behind a name earlier in the
alphabet; a student graded just now goes to the back.
"""

from __future__ import annotations

from collections import OrderedDict

from .inbound import InboundEntry

__all__ = ["FairQueue"]


class FairQueue:
    """At most one waiting submission per student, students served in turn (see the module's docstring)."""

    def __init__(self) -> None:
        self._waiting: OrderedDict[str, InboundEntry] = OrderedDict()
        self.superseded = 0

    def __len__(self) -> int:
        return len(self._waiting)

    def offer(self, submission: InboundEntry) -> None:
        """Queue `submission`, in place of an older one of the same student (which keeps its turn)."""
        waiting = self._waiting.get(submission.student)
        if waiting is None:
            self._waiting[submission.student] = submission
        elif submission.at is not None and waiting.at is not None and submission.at > waiting.at:
            self._waiting[submission.student] = submission
            self.superseded += 1

    def take(self, busy: set[str]) -> InboundEntry | None:
        """The first waiting student's submission, skipping students being graded now; None if none."""
        for student in self._waiting:
            if student not in busy:
                return self._waiting.pop(student)
        return None

    def drop(self, student: str) -> None:
        self._waiting.pop(student, None)
