"""A fair quota of judged feedback: a token bucket per (student, assignment).

`N/PERIOD` (for example `3/24h`) gives each student N judged feedbacks at once, and one more every
PERIOD/N after one is used, never more than N in hand: a student who waits is not penalised for an
early burst, and no one can probe the hidden checks faster than the quota allows.

A bucket is charged at the time the student submitted, not when the service got to it, so a long
queue costs nobody a token. Charging is idempotent per submission: the bucket remembers the last
submission it decided and its decision, so a service killed after charging and started again gets
the same answer for the same submission instead of charging it twice. The buckets live in one JSON
file written atomically (`atomic.write_json`), so they survive restarts.
"""

from __future__ import annotations

import math
import re
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from .atomic import read_json, write_json

__all__ = ["DEFAULT_QUOTA", "Bucket", "Decision", "Quota", "QuotaLedger", "charge", "parse_quota"]

DEFAULT_QUOTA = "3/24h"

_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_FORM = re.compile(r"^\s*(\d+)\s*/\s*(\d+(?:\.\d+)?)?\s*([smhd])\s*$")


@dataclass(frozen=True)
class Quota:
    """`tokens` judged feedbacks per `period_seconds`; `text` is how it was written."""

    tokens: int
    period_seconds: float
    text: str

    @property
    def refill_seconds(self) -> float:
        """How long one used token takes to come back."""
        return self.period_seconds / self.tokens


def parse_quota(text: str, argument: str = "--quota") -> Quota:
    """`N/PERIOD` as a Quota; ValueError naming `argument`, the value and the fix otherwise."""
    fix = (f"write N/PERIOD, e.g. {argument} 3/24h (3 judged feedbacks per student every 24 hours; "
           "units s, m, h, d)")
    match = _FORM.match(text)
    if match is None:
        raise ValueError(f"{argument}={text!r} is not a quota; {fix}")
    count, amount, unit = match.groups()
    tokens = int(count)
    period = float(amount if amount is not None else 1) * _UNITS[unit]
    if tokens < 1:
        raise ValueError(f"{argument}={text!r} allows no feedback at all; use 1 or more, e.g. {argument} 1/24h")
    if period <= 0 or not math.isfinite(period):
        raise ValueError(f"{argument}={text!r} has an empty period; {fix}")
    return Quota(tokens, period, text.strip())


@dataclass(frozen=True)
class Decision:
    """Whether a submission gets the judge's verdict, and when the next judged feedback is available
    (epoch seconds; the submission time itself when a token is left after this one)."""

    allowed: bool
    next_at: float


@dataclass(frozen=True)
class Bucket:
    """One student's tokens for one assignment at `updated` (epoch seconds), and the last decision."""

    tokens: float
    updated: float
    last_submission: str = ""
    last_allowed: bool = False
    last_next_at: float = 0.0


def charge(quota: Quota, bucket: Bucket | None, submission: str, at: float) -> tuple[Decision, Bucket]:
    """Decide `submission` (made at `at`) against `bucket` (None: a full one); the decision and the bucket after.

    The same submission decided again gets the same decision and leaves the bucket as it is.
    """
    if bucket is not None and bucket.last_submission == submission:
        return Decision(bucket.last_allowed, bucket.last_next_at), bucket
    if bucket is None:
        tokens, updated = float(quota.tokens), at
    else:
        # Never back in time: a clock step or an out-of-order submission must not mint tokens.
        updated = max(bucket.updated, at)
        tokens = min(float(quota.tokens), bucket.tokens + (updated - bucket.updated) / quota.refill_seconds)
    allowed = tokens >= 1.0
    if allowed:
        tokens -= 1.0
    next_at = updated if tokens >= 1.0 else updated + (1.0 - tokens) * quota.refill_seconds
    after = Bucket(tokens, updated, submission, allowed, next_at)
    return Decision(allowed, next_at), after


class QuotaLedger:
    """Every student's bucket for one assignment, in one JSON file in the course directory."""

    def __init__(self, path: Path, quota: Quota) -> None:
        self.path, self.quota = path, quota
        self._lock = threading.Lock()

    def decide(self, student: str, submission: str, at: float) -> Decision:
        """Charge `student`'s bucket for `submission`, made at `at` (epoch seconds), and record it."""
        with self._lock:
            buckets = read_json(self.path)
            stored = buckets.get(student)
            bucket = Bucket(**stored) if isinstance(stored, dict) else None
            if bucket is not None and bucket.tokens > self.quota.tokens:
                # The quota was lowered since: no one keeps more than the new one allows.
                bucket = replace(bucket, tokens=float(self.quota.tokens))
            decision, after = charge(self.quota, bucket, submission, at)
            if after != bucket:
                buckets[student] = {"tokens": after.tokens, "updated": after.updated,
                                    "last_submission": after.last_submission, "last_allowed": after.last_allowed,
                                    "last_next_at": after.last_next_at}
                write_json(self.path, buckets)
            return decision

    def refund(self, student: str, submission: str) -> None:
        """Give back the token `submission` took (it got no verdict: the grader could not grade it);
        deciding it again charges it again."""
        with self._lock:
            buckets = read_json(self.path)
            stored = buckets.get(student)
            if not isinstance(stored, dict) or stored.get("last_submission") != submission \
                    or not stored.get("last_allowed"):
                return
            stored = {**stored, "tokens": min(float(self.quota.tokens), float(stored["tokens"]) + 1.0),
                      "last_submission": "", "last_allowed": False}
            buckets[student] = stored
            write_json(self.path, buckets)
