"""The exchange's inbound folder, read on the judge's side: which submissions are a student's own.

`nbgrader submit` leaves one folder per submission, `STUDENT+ASSIGNMENT+TIMESTAMP+RANDOM`. Everything
in it is the submitter's: the name it claims, the timestamp, the files. What the judge's side can
check for itself is what the kernel says about the folder:

- who owns it (`st_uid`): under real accounts, the account that made the submission;
- when it last changed (`st_ctime`): the kernel's clock, which no student can set back, and which a
  submission's folder gets when `nbgrader submit` fills it;
- what it holds (`lstat`, never following a link): regular files and folders, or something else.

An entry is *trusted* when the account that owns it may submit as the student it names
(`identity_refusal`), the student is on the roster where there is one, its timestamp is neither in
the future nor out of order with the folder's ctime, and it holds only regular files with one link
each and folders. Each student's newest trusted submission before the due date is theirs
(`select_submissions`); every other entry is listed with the reason, for the instructor.
"""

from __future__ import annotations

import enum
import os
import pwd
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

__all__ = ["IdentityMode", "InboundEntry", "Refusal", "Selection", "TrustRules", "account_name", "identity_refusal",
           "parse_timestamp", "scan_inbound", "select_submissions", "still_copying", "unsafe_entry"]

# nbgrader submit writes this last: a folder without it is still being copied.
_COMPLETE_MARK = "submission_secret.txt"
# A copy takes seconds: a folder still without the mark this long after it was made will not get it.
_INCOMPLETE_AFTER = timedelta(minutes=2)


def parse_timestamp(text: str) -> datetime:
    """An nbgrader timestamp ("2026-11-01 10:00:00.000000 UTC") as an aware UTC datetime, read as nbgrader reads it."""
    from nbgrader.utils import parse_utc

    moment: datetime = parse_utc(text.strip())
    return moment.replace(tzinfo=UTC)


class IdentityMode(enum.StrEnum):
    """Who may submit under a student's name (`c.JaxgradeIdentity.mode`).

    - `owner`: only the account of that name (a hub with one account per student).
    - `name`: anyone; the name is all there is (every student shares one account, as under many
      container spawners). Use an exchange that authenticates through the hub instead where you can.
    - `auto` (the default): as `owner` wherever accounts tell students apart. A name that is an
      account may be used by that account only; a name that is no account, only by the account
      collecting (a course run by one user, where students are told apart by `--student`).
    """

    AUTO = "auto"
    OWNER = "owner"
    NAME = "name"


class Refusal(enum.StrEnum):
    """Why an inbound entry is not a student's submission (the instructor reads `Refusal.explain`)."""

    NOT_A_FOLDER = "not-a-folder"
    MALFORMED = "malformed"
    IMPERSONATION = "impersonation"
    UNKNOWN_STUDENT = "unknown-student"
    FUTURE = "future"
    OUT_OF_ORDER = "out-of-order"
    UNSAFE_CONTENT = "unsafe-content"
    LATE = "late"
    INCOMPLETE = "incomplete"


@dataclass(frozen=True)
class TrustRules:
    """What an entry must satisfy. `roster`: the course's students, or None where the course has no
    roster; `collector_uid`: the account reading the exchange; `tolerance`: how far a timestamp may
    stand from the folder's ctime (the copy of a submission takes seconds)."""

    mode: IdentityMode = IdentityMode.AUTO
    roster: frozenset[str] | None = None
    collector_uid: int = field(default_factory=os.getuid)
    tolerance: timedelta = timedelta(minutes=5)


@dataclass(frozen=True)
class InboundEntry:
    """One entry of the inbound folder: the student and time it claims, what the kernel says of it
    (owner account and ctime), and, if it is not trusted, why (`refusal`, `detail`)."""

    name: str
    path: Path
    student: str
    assignment: str
    timestamp: str
    at: datetime | None
    changed: datetime
    owner: str
    complete: bool
    refusal: Refusal | None = None
    detail: str = ""

    @property
    def trusted(self) -> bool:
        return self.refusal is None

    def explain(self) -> str:
        """One line for the instructor: whose entry, made by whom, and why it does not count."""
        claim = f"{self.name}: claims {self.student!r}"
        reason = {
            Refusal.NOT_A_FOLDER: "is not a folder (a file, link or device placed in the exchange)",
            Refusal.MALFORMED: "is not named STUDENT+ASSIGNMENT+TIMESTAMP as `nbgrader submit` names it",
            Refusal.IMPERSONATION: f"was made by account {self.owner!r}: another account's submission is never "
                                   f"graded as {self.student!r}",
            Refusal.UNKNOWN_STUDENT: f"{self.student!r} is not on the course's roster (the gradebook's students)",
            Refusal.FUTURE: f"is dated {self.timestamp}, in the future",
            Refusal.OUT_OF_ORDER: f"is dated {self.timestamp}, but the folder was made at "
                                  f"{self.changed:%Y-%m-%d %H:%M:%S} UTC",
            Refusal.UNSAFE_CONTENT: "holds something other than regular files and folders",
            Refusal.LATE: f"was submitted at {self.timestamp}, after the due date",
            Refusal.INCOMPLETE: f"has no {_COMPLETE_MARK}, which `nbgrader submit` writes last, "
                                f"{_INCOMPLETE_AFTER.seconds // 60} minutes or more after the folder was made: a "
                                f"submission copied by hand, or one whose copy failed",
        }[self.refusal] if self.refusal else "is trusted"
        detail = f" ({self.detail})" if self.detail else ""
        return f"{claim}, {reason}{detail}; owner {self.owner}"


@dataclass(frozen=True)
class Selection:
    """Each student's submission (`chosen`), and every entry that does not count, with why (`refused`)."""

    chosen: dict[str, InboundEntry]
    refused: tuple[InboundEntry, ...]


def account_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def _account_uid(name: str) -> int | None:
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        return None


def identity_refusal(student: str, owner_uid: int, rules: TrustRules) -> Refusal | None:
    """Whether the account `owner_uid` may submit as `student` under `rules.mode` (see `IdentityMode`)."""
    if rules.mode is IdentityMode.NAME:
        return None
    claimed = _account_uid(student)
    if claimed is not None and claimed == owner_uid:
        return None
    if rules.mode is IdentityMode.AUTO and claimed is None and owner_uid == rules.collector_uid:
        return None
    return Refusal.IMPERSONATION


def scan_inbound(inbound: Path, assignment: str, rules: TrustRules, now: datetime | None = None,
                 student: str | None = None) -> tuple[InboundEntry, ...]:
    """Every entry of `inbound` that names `assignment` (and `student`, if given), with what makes it untrusted.

    Only the entry itself is read here (its name, `lstat`, one level of listing); what is deep inside
    is checked for the entries that would be chosen (`select_submissions`).
    """
    now = now or datetime.now(UTC)
    try:
        listing = list(os.scandir(inbound))
    except FileNotFoundError:
        return ()
    entries = []
    for item in listing:
        parts = item.name.rsplit("+", 3)
        if len(parts) < 3 or parts[1] != assignment:
            continue
        if student is not None and parts[0] != student:
            continue
        entries.append(_classify(item, parts, assignment, rules, now))
    return tuple(sorted(entries, key=lambda entry: entry.name))


def _classify(item: os.DirEntry[str], parts: list[str], assignment: str, rules: TrustRules,
              now: datetime) -> InboundEntry:
    info = item.stat(follow_symlinks=False)
    changed = datetime.fromtimestamp(info.st_ctime, UTC)
    at: datetime | None
    try:
        at = parse_timestamp(parts[2])
    except (ValueError, OverflowError):
        at = None
    is_folder = stat.S_ISDIR(info.st_mode)
    complete = is_folder and os.path.isfile(os.path.join(item.path, _COMPLETE_MARK)) \
        and not os.path.islink(os.path.join(item.path, _COMPLETE_MARK))
    entry = InboundEntry(item.name, Path(item.path), parts[0], assignment, parts[2], at, changed,
                         account_name(info.st_uid), complete)
    if not is_folder:
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "a file" if stat.S_ISREG(info.st_mode) \
            else "a device or special file"
        return replace(entry, refusal=Refusal.NOT_A_FOLDER, detail=kind)
    if at is None or not parts[0]:
        return replace(entry, refusal=Refusal.MALFORMED)
    refusal = identity_refusal(parts[0], info.st_uid, rules)
    if refusal is not None:
        return replace(entry, refusal=refusal)
    if rules.roster is not None and parts[0] not in rules.roster:
        return replace(entry, refusal=Refusal.UNKNOWN_STUDENT)
    if at > now + rules.tolerance:
        return replace(entry, refusal=Refusal.FUTURE)
    # The folder's ctime is when it was last changed, by the kernel's clock: a submission is filled
    # within seconds of its timestamp. Much later means backdated; much earlier, a date set ahead.
    if abs(changed - at) > rules.tolerance:
        return replace(entry, refusal=Refusal.OUT_OF_ORDER)
    return entry


def unsafe_entry(folder: Path) -> str | None:
    """The first thing in `folder` (at any depth) that is not a regular file with one link or a
    folder, as "PATH (WHAT)"; None when there is none. Links are never followed."""
    for root, folders, files in os.walk(folder, followlinks=False):
        for name in sorted(folders) + sorted(files):
            path = os.path.join(root, name)
            info = os.lstat(path)
            relative = os.path.relpath(path, folder)
            if stat.S_ISLNK(info.st_mode):
                return f"{relative} (a symbolic link)"
            if stat.S_ISDIR(info.st_mode):
                continue
            if not stat.S_ISREG(info.st_mode):
                return f"{relative} (a device, pipe or socket)"
            if info.st_nlink > 1:
                return f"{relative} (a hard link: the same file is elsewhere too)"
    return None


def still_copying(entry: InboundEntry, now: datetime | None = None) -> bool:
    """Whether `entry` lacks its completion mark for no longer than any copy takes."""
    return not entry.complete and (now or datetime.now(UTC)) - entry.changed <= _INCOMPLETE_AFTER


def select_submissions(entries: Iterable[InboundEntry], due: datetime | None,
                       now: datetime | None = None) -> Selection:
    """Each student's newest trusted, complete submission made no later than `due`.

    A student's newer entries that hold links or devices are refused on the way down, so the one
    chosen is the newest that is safe to read; entries after the due date are listed as late.
    Incomplete entries (still being copied) are neither chosen nor refused until they have stayed
    incomplete for longer than any copy takes: then they are listed, never silently ignored.
    """
    now = now or datetime.now(UTC)
    refused: list[InboundEntry] = []
    candidates: dict[str, list[InboundEntry]] = {}
    for entry in entries:
        if not entry.trusted:
            refused.append(entry)
        elif due is not None and entry.at is not None and entry.at > due:
            refused.append(replace(entry, refusal=Refusal.LATE))
        elif entry.complete:
            candidates.setdefault(entry.student, []).append(entry)
        elif now - entry.changed > _INCOMPLETE_AFTER:
            refused.append(replace(entry, refusal=Refusal.INCOMPLETE))
    chosen: dict[str, InboundEntry] = {}
    for student, own in candidates.items():
        for entry in sorted(own, key=lambda item: item.at or datetime.min.replace(tzinfo=UTC), reverse=True):
            unsafe = unsafe_entry(entry.path)
            if unsafe is None:
                chosen[student] = entry
                break
            refused.append(replace(entry, refusal=Refusal.UNSAFE_CONTENT, detail=unsafe))
    return Selection(chosen, tuple(sorted(refused, key=lambda entry: entry.name)))
