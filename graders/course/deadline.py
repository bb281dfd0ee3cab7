"""Due dates that cannot be misread: `jaxgrade course due ASSIGNMENT WHEN`.

nbgrader keeps a due date as a naive UTC time, and `nbgrader db assignment add --duedate` reads the text
with dateutil, which drops a zone abbreviation it does not know (`KST` on Debian) and stores the wall time
as UTC: nine hours late in Seoul, and nothing says so. Here a due date is a wall time in an IANA zone
(`--zone Asia/Seoul`, or the course's `c.JaxgradeCourse.timezone`) or carries an explicit offset
(`2027-06-18 23:59+09:00`). An abbreviation, an unknown zone, a wall time that a clock change skips or
repeats, and a date with no zone at all are refused with one line saying what to write instead. Whatever
was stored is printed back in the course's zone and in UTC, as every command that uses it prints it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .gradebook import database_url
from .nbgrader_steps import load_course_config

__all__ = ["DeadlineError", "DueDate", "course_zone", "describe_deadline", "parse_due_date", "read_due_date",
           "shown_zone", "write_due_date", "zone_named"]

_EXAMPLE = "2027-06-18 23:59"
# A trailing word of letters: `KST`, `EST5EDT` aside, what people write after a time for a zone.
_TRAILING_WORD = re.compile(r"^(?P<moment>.*\d)\s+(?P<word>[A-Za-z][A-Za-z_/+-]*)$")


class DeadlineError(ValueError):
    """A due date or zone that could be read two ways, or not at all; the message is one line."""


@dataclass(frozen=True)
class DueDate:
    """A due date as stored (`utc`, what nbgrader keeps) and the zone it is shown in."""

    utc: datetime
    zone: ZoneInfo

    def text(self) -> str:
        """`2027-06-18 23:59:00 KST (Asia/Seoul, UTC+09:00) = 2027-06-18 14:59:00 UTC`."""
        local = self.utc.astimezone(self.zone)
        offset = local.strftime("%z")
        return (f"{local:%Y-%m-%d %H:%M:%S} {local.tzname()} ({self.zone.key}, UTC{offset[:3]}:{offset[3:]}) "
                f"= {self.utc:%Y-%m-%d %H:%M:%S} UTC")


def zone_named(name: str, where: str) -> ZoneInfo:
    """The IANA zone `name`; `where` says which setting named it, for the one-line refusal."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_+/-]*", name) or name.isupper() and name not in {"UTC", "GMT"}:
        raise DeadlineError(f"{where}={name!r} is not an IANA time zone (an abbreviation such as KST or IST "
                            f"means different zones to different programs): use a name such as Asia/Seoul, "
                            f"Europe/Berlin or UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise DeadlineError(f"{where}={name!r} is not an IANA time zone this machine knows: use a name such "
                            f"as Asia/Seoul, Europe/Berlin or UTC (`timedatectl list-timezones` lists them; "
                            f"Debian's package is tzdata)") from None


def course_zone(course: Path) -> ZoneInfo:
    """The zone the course shows times in: `c.JaxgradeCourse.timezone` in its nbgrader_config.py, else UTC."""
    name = load_course_config(course).JaxgradeCourse.get("timezone", "UTC")
    return zone_named(str(name), "c.JaxgradeCourse.timezone in nbgrader_config.py")


def parse_due_date(text: str, zone: ZoneInfo | None, *, zone_given: bool = False,
                   zone_option: str = "--zone") -> datetime:
    """The instant `text` means, in UTC: a wall time in `zone`, or a time with an explicit offset.

    `zone_given`: the zone was named on the command line (`zone_option`), not taken from the course; an offset
    in `text` beside it is then refused as ambiguous. Refused too, each with one line: a zone abbreviation, no
    zone at all, and a wall time that `zone`'s clock skips (a spring-forward gap) or shows twice (fall-back).
    """
    text = " ".join(text.split())
    trailing = _TRAILING_WORD.match(text)
    if trailing and trailing["word"].upper() not in {"UTC", "Z"}:
        raise DeadlineError(f"due date {text!r}: {trailing['word']!r} is read as UTC by nbgrader, or not at all; "
                            f"write the wall time and the zone apart, as in "
                            f"{trailing['moment']!r} {zone_option} Asia/Seoul, or an offset: "
                            f"'{trailing['moment']}+09:00'")
    if trailing:  # "... UTC"
        text = f"{trailing['moment']}+00:00"
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise DeadlineError(f"due date {text!r} is not a date and time: write it as {_EXAMPLE!r} (with seconds, "
                            f"or an offset such as +09:00, if you like)") from None
    if moment.tzinfo is not None:
        if zone_given:
            raise DeadlineError(f"due date {text!r} has an offset and {zone_option} names a zone too: give one")
        return moment.astimezone(UTC)
    if zone is None:
        raise DeadlineError(f"due date {text!r} says no zone: add {zone_option} Asia/Seoul (or the course's "
                            f"c.JaxgradeCourse.timezone), or an offset as in '{text}+09:00'")
    return _wall_time_in(moment, zone, text)


def _wall_time_in(moment: datetime, zone: ZoneInfo, text: str) -> datetime:
    first, second = moment.replace(tzinfo=zone, fold=0), moment.replace(tzinfo=zone, fold=1)
    if first.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != moment:
        raise DeadlineError(f"due date {text!r} never happens in {zone.key} (the clocks skip it): choose "
                            f"another time, such as {moment + timedelta(hours=1):%Y-%m-%d %H:%M}")
    if first.utcoffset() != second.utcoffset():
        raise DeadlineError(f"due date {text!r} happens twice in {zone.key} (the clocks go back then): write "
                            f"its offset, as in '{text}{_offset(first)}' or '{text}{_offset(second)}'")
    return first.astimezone(UTC)


def _offset(moment: datetime) -> str:
    offset = moment.strftime("%z")
    return f"{offset[:3]}:{offset[3:]}"


def read_due_date(course: Path, assignment: str) -> datetime | None:
    """The assignment's due date in the course's gradebook, in UTC; None if it has none or is unknown."""
    from nbgrader.api import Gradebook, MissingEntry

    if not (course / "gradebook.db").exists():
        return None
    with Gradebook(database_url(course)) as gradebook:
        try:
            stored = gradebook.find_assignment(assignment).duedate
        except MissingEntry:
            return None
    return None if stored is None else stored.replace(tzinfo=UTC)


def write_due_date(course: Path, assignment: str, due: datetime) -> None:
    """Store `due` (an aware time) as nbgrader does: naive UTC, the assignment created if it is not yet."""
    from nbgrader.api import Gradebook

    with Gradebook(database_url(course)) as gradebook:
        gradebook.update_or_create_assignment(assignment, duedate=due.astimezone(UTC).replace(tzinfo=None))


def shown_zone(course: Path) -> ZoneInfo:
    """The course's zone for showing times; UTC where it names none, or one that is no zone (`course due` says so)."""
    try:
        return course_zone(course)
    except DeadlineError:
        return ZoneInfo("UTC")


def describe_deadline(course: Path, due: datetime | None) -> str:
    """A deadline as every command prints it: in the course's zone and in UTC, or `no due date`."""
    return "no due date" if due is None else DueDate(due, shown_zone(course)).text()
