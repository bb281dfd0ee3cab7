"""Due dates that cannot be misread (`graders/course/deadline.py`): a table of what an instructor may write, and
what each means or why it is refused."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from graders.course.deadline import DeadlineError, DueDate, parse_due_date, zone_named

SEOUL, BERLIN = ZoneInfo("Asia/Seoul"), ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize(("text", "zone", "given", "meant"), [
    ("2027-06-18 23:59", SEOUL, False, datetime(2027, 6, 18, 14, 59, tzinfo=UTC)),
    ("2027-06-18 23:59:30", SEOUL, True, datetime(2027, 6, 18, 14, 59, 30, tzinfo=UTC)),
    ("2027-06-18T23:59", BERLIN, True, datetime(2027, 6, 18, 21, 59, tzinfo=UTC)),
    ("2027-06-18 23:59+09:00", SEOUL, False, datetime(2027, 6, 18, 14, 59, tzinfo=UTC)),  # the offset wins
    ("2027-06-18 23:59:00+09:00", None, False, datetime(2027, 6, 18, 14, 59, tzinfo=UTC)),
    ("2027-06-18 23:59Z", None, False, datetime(2027, 6, 18, 23, 59, tzinfo=UTC)),
    ("2027-06-18 23:59 UTC", SEOUL, False, datetime(2027, 6, 18, 23, 59, tzinfo=UTC)),
    ("  2027-06-18   23:59 ", SEOUL, False, datetime(2027, 6, 18, 14, 59, tzinfo=UTC)),
])
def test_what_a_due_date_means(text: str, zone: ZoneInfo | None, given: bool, meant: datetime) -> None:
    assert parse_due_date(text, zone, zone_given=given) == meant


@pytest.mark.parametrize(("text", "zone", "given", "said"), [
    ("2026-12-01 23:59:00 KST", SEOUL, False, "'KST' is read as UTC by nbgrader"),
    ("2026-12-01 23:59 IST", None, False, "'IST' is read as UTC by nbgrader"),
    ("2027-06-18 23:59", None, False, "says no zone"),
    ("2027-06-18 23:59+09:00", SEOUL, True, "has an offset and --zone names a zone too"),
    ("tomorrow", SEOUL, False, "is not a date and time"),
    ("18/06/2027 23:59", SEOUL, False, "is not a date and time"),
    ("2027-03-28 02:30", BERLIN, True, "never happens in Europe/Berlin"),   # the spring-forward gap
    ("2027-10-31 02:30", BERLIN, True, "happens twice in Europe/Berlin"),   # the autumn fall-back
])
def test_what_is_refused_in_one_line(text: str, zone: ZoneInfo | None, given: bool, said: str) -> None:
    with pytest.raises(DeadlineError) as refused:
        parse_due_date(text, zone, zone_given=given)
    message = str(refused.value)
    assert said in message and "\n" not in message, message


@pytest.mark.parametrize("name", ["KST", "IST", "CEST", "Mars/Base", "Asia/Seoul; rm", ""])
def test_a_zone_is_an_iana_name(name: str) -> None:
    with pytest.raises(DeadlineError, match="is not an IANA time zone"):
        zone_named(name, "--zone")


def test_a_due_date_is_printed_back_in_the_course_zone_and_in_utc() -> None:
    due = DueDate(datetime(2027, 6, 18, 14, 59, tzinfo=UTC), SEOUL)
    assert due.text() == "2027-06-18 23:59:00 KST (Asia/Seoul, UTC+09:00) = 2027-06-18 14:59:00 UTC"
    assert zone_named("UTC", "--zone").key == "UTC" and zone_named("Asia/Seoul", "--zone") == SEOUL
