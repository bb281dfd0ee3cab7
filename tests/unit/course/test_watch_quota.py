"""The watch service's parts that need no nbgrader process: the quota (parser, bucket, ledger on disk)
and the fair queue over the exchange's inbound folder (what counts there: `test_inbound.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.course.inbound import InboundEntry, parse_timestamp
from graders.course.quota import Bucket, QuotaLedger, charge, parse_quota
from graders.course.watch_queue import FairQueue

HOUR = 3600.0


@pytest.mark.parametrize(("text", "tokens", "period"), [
    ("3/24h", 3, 24 * HOUR), ("2/1h", 2, HOUR), ("10/30m", 10, 1800.0), (" 1 / 2d ", 1, 2 * 86400.0),
    ("5/h", 5, HOUR), ("4/90s", 4, 90.0), ("2/1.5h", 2, 1.5 * HOUR),
])
def test_quota_parses_n_per_period(text: str, tokens: int, period: float) -> None:
    quota = parse_quota(text)
    assert (quota.tokens, quota.period_seconds) == (tokens, period)
    assert quota.refill_seconds == period / tokens


@pytest.mark.parametrize("text", ["", "3", "3/", "3/24", "3/24y", "three/24h", "-1/1h", "3/24h/2", "1/0h", "0/1h"])
def test_a_bad_quota_is_one_line_naming_the_argument_its_value_and_the_fix(text: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_quota(text, "c.JaxgradeWatch.quota")
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith(f"c.JaxgradeWatch.quota={text!r}")
    assert "e.g. c.JaxgradeWatch.quota " in message


def test_the_bucket_gives_n_verdicts_then_one_every_period_over_n() -> None:
    quota = parse_quota("2/1h")
    bucket: Bucket | None = None
    decisions = []
    for number, at in enumerate((0.0, 60.0, 120.0)):
        decision, bucket = charge(quota, bucket, f"s{number}", at)
        decisions.append(decision)
    assert [d.allowed for d in decisions] == [True, True, False]
    # One token comes back every 30 minutes from the first use: the third learns when.
    assert decisions[2].next_at == pytest.approx(1800.0)
    assert charge(quota, bucket, "early", 1799.0)[0].allowed is False
    assert charge(quota, bucket, "on time", 1800.0)[0].allowed is True


def test_a_full_bucket_never_holds_more_than_n() -> None:
    quota = parse_quota("2/1h")
    _, bucket = charge(quota, None, "a", 0.0)
    _, bucket = charge(quota, bucket, "b", 100 * HOUR)  # a long wait refills to 2, not 100
    assert bucket.tokens == pytest.approx(1.0)
    assert charge(quota, bucket, "c", 100 * HOUR + 1)[0].allowed
    _, bucket = charge(quota, bucket, "c", 100 * HOUR + 1)
    assert not charge(quota, bucket, "d", 100 * HOUR + 2)[0].allowed


def test_the_same_submission_is_charged_once_and_decided_the_same() -> None:
    quota = parse_quota("1/1h")
    first, bucket = charge(quota, None, "2026-11-01 10:00:00.000000 UTC", 0.0)
    again, same = charge(quota, bucket, "2026-11-01 10:00:00.000000 UTC", 5.0)
    assert first == again and same == bucket
    later, _ = charge(quota, bucket, "2026-11-01 10:01:00.000000 UTC", 60.0)
    assert not later.allowed


def test_a_submission_earlier_than_the_last_mints_no_tokens() -> None:
    quota = parse_quota("1/1h")
    _, bucket = charge(quota, None, "late", 1000.0)
    assert not charge(quota, bucket, "earlier", 0.0)[0].allowed


def test_the_ledger_survives_a_restart_and_keeps_students_apart(tmp_path: Path) -> None:
    path = tmp_path / ".jaxgrade" / "watch" / "jit" / "quota.json"
    quota = parse_quota("2/1h")
    ledger = QuotaLedger(path, quota)
    assert ledger.decide("ana", "t1", 0.0).allowed
    assert ledger.decide("ana", "t2", 10.0).allowed
    restarted = QuotaLedger(path, quota)
    assert restarted.decide("ana", "t2", 10.0).allowed  # the same submission, decided again: the same
    assert not restarted.decide("ana", "t3", 20.0).allowed
    assert restarted.decide("ben", "t1", 20.0).allowed
    assert not list(path.parent.glob("*.tmp"))


def test_a_lowered_quota_applies_to_buckets_already_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "quota.json"
    QuotaLedger(path, parse_quota("10/1h")).decide("ana", "t1", 0.0)
    lowered = QuotaLedger(path, parse_quota("1/1h"))
    assert lowered.decide("ana", "t2", 1.0).allowed
    assert not lowered.decide("ana", "t3", 2.0).allowed


def _submission(student: str, minute: int) -> InboundEntry:
    stamp = f"2026-11-01 10:{minute:02d}:00.000000 UTC"
    at = parse_timestamp(stamp)
    return InboundEntry(f"{student}+jit+{stamp}", Path(f"/x/{student}+jit+{stamp}"), student, "jit", stamp, at, at,
                        "root", True)


def test_the_queue_serves_students_in_turn_and_a_newer_submission_supersedes_in_place() -> None:
    queue = FairQueue()
    for student, minute in (("ana", 1), ("ana", 2), ("ben", 3), ("ana", 4), ("cho", 5), ("ana", 6)):
        queue.offer(_submission(student, minute))
    assert len(queue) == 3 and queue.superseded == 3
    first = queue.take(set())
    assert first is not None and (first.student, first.at.minute) == ("ana", 6)
    # ana submits again while being graded: she waits behind ben and cho, not before them.
    queue.offer(_submission("ana", 7))
    order = []
    while (taken := queue.take(set())) is not None:
        order.append(taken.student)
    assert order == ["ben", "cho", "ana"]


def test_the_queue_skips_a_student_being_graded() -> None:
    queue = FairQueue()
    queue.offer(_submission("ana", 1))
    queue.offer(_submission("ben", 2))
    taken = queue.take({"ana"})
    assert taken is not None and taken.student == "ben"
    assert queue.take({"ana"}) is None
