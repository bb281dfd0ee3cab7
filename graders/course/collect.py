"""nbgrader's collect step, choosing each student's own last on-time submission and copying only regular files.

`nbgrader_config.py` plugs `VerifiedCollect` into nbgrader (`c.ExchangeFactory.collect`), so
`nbgrader collect`, the formgrader's Collect button, `jaxgrade watch` and `jaxgrade autograde` all
collect the same way. nbgrader's own collect takes each name's newest folder: whoever wrote it, with
whatever timestamp it claims, following the links in it. This one:

- reads the inbound folder with `inbound.scan_inbound` and picks with `inbound.select_submissions`:
  each student's newest entry that their own account made, dated neither in the future nor out of
  order with the folder's ctime, holding regular files only, and made no later than the assignment's
  due date (the gradebook's: the one deadline of the course);
- brings `submitted/STUDENT/ASSIGNMENT` to exactly that submission, whether it is newer or older
  than the copy there (a late one collected before the due date was set is replaced), with a notebook
  submitted under another name (`jit (1).ipynb`) renamed to the assignment's (`notebook_names`);
- copies through file descriptors opened without following links (`copy_submission`), into a scratch
  folder renamed into place, so a folder changed between the choice and the copy cannot slip a link
  in, and a copy cut short leaves the previous submission;
- logs every entry that does not count, with the account that made it and why, and keeps them in
  `.jaxgrade/exchange/ASSIGNMENT/refused.json` for `jaxgrade autograde` and `jaxgrade report`.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import shutil
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.utils import ignore_patterns
from traitlets import Enum, Float, Unicode
from traitlets.config import Configurable

from .atomic import read_json, write_json
from .inbound import IdentityMode, InboundEntry, Refusal, TrustRules, scan_inbound, select_submissions
from .notebook_names import AssignmentNotebook, choose_notebook, set_renamed

__all__ = ["JaxgradeIdentity", "UnsafeSubmission", "VerifiedCollect", "copy_submission", "course_rules",
           "due_date_of", "expected_notebooks", "refused_entries", "refusals_path"]

_STATE = Path(".jaxgrade") / "exchange"


class JaxgradeIdentity(Configurable):
    """Who may submit as whom, and who the students are (`c.JaxgradeIdentity.*` in nbgrader_config.py)."""

    mode = Enum([mode.value for mode in IdentityMode], default_value=IdentityMode.AUTO.value,
                help="owner: a submission counts for the account that made it only; name: the folder's name "
                     "decides (every student shares one account); auto: owner wherever accounts tell students "
                     "apart (see graders/course/inbound.py)").tag(config=True)
    roster = Unicode("", help="A CSV file (an `id` column, as `nbgrader db student import` reads) of the course's "
                              "students, relative to the course directory; submissions under any other name are "
                              "refused. Empty: no roster.").tag(config=True)
    clock_tolerance = Float(300.0, help="Seconds a submission's timestamp may stand from its folder's ctime "
                                        "(the kernel's clock) before it counts as misdated.").tag(config=True)


class UnsafeSubmission(Exception):
    """A submission folder holds something that is not a regular file or a folder (`path`, `what`)."""

    def __init__(self, path: str, what: str) -> None:
        super().__init__(f"{path} ({what})")
        self.path, self.what = path, what


def course_rules(config: Any, course: Path) -> TrustRules:
    """The trust rules of a course, from its config (`JaxgradeIdentity`)."""
    identity = JaxgradeIdentity(config=config)
    roster: frozenset[str] | None = None
    if identity.roster:
        roster = _read_roster(course / identity.roster)
    return TrustRules(IdentityMode(identity.mode), roster, os.getuid(), timedelta(seconds=identity.clock_tolerance))


def _read_roster(path: Path) -> frozenset[str]:
    import csv

    try:
        with path.open(newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as error:
        raise ValueError(f"c.JaxgradeIdentity.roster={str(path)!r} cannot be read ({error.strerror}); "
                         "give a CSV file with an `id` column, or leave it empty") from None
    if rows and "id" not in rows[0]:
        raise ValueError(f"c.JaxgradeIdentity.roster={str(path)!r} has no `id` column; "
                         "its first line must name the columns, one of them `id`")
    return frozenset(row["id"].strip() for row in rows if row.get("id", "").strip())


def due_date_of(db_url: str, course_id: str, assignment: str) -> datetime | None:
    """The assignment's due date in the gradebook (nbgrader keeps it in UTC), or None."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url, course_id) as gradebook:
        try:
            duedate = gradebook.find_assignment(assignment).duedate
        except MissingEntry:
            return None
    return None if duedate is None else duedate.replace(tzinfo=UTC)


def expected_notebooks(db_url: str, assignment: str) -> tuple[AssignmentNotebook, ...]:
    """The assignment's notebooks in the gradebook, with their grade cells (none: the assignment is unknown)."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(db_url) as gradebook:
        try:
            notebooks = gradebook.find_assignment(assignment).notebooks
        except MissingEntry:
            return ()
        return tuple(AssignmentNotebook(notebook.name, frozenset(cell.name for cell in notebook.grade_cells))
                     for notebook in notebooks)


def refusals_path(course: Path, assignment: str) -> Path:
    return course / _STATE / assignment / "refused.json"


def refused_entries(course: Path, assignment: str) -> dict[str, dict[str, str]]:
    """Every inbound entry a collect refused so far, by folder name: claimed student, owner, reason, line."""
    return read_json(refusals_path(course, assignment))


def _remember_refusals(course: Path, assignment: str, refused: tuple[InboundEntry, ...]) -> None:
    if not refused:
        return
    path = refusals_path(course, assignment)
    known = read_json(path)
    changed = False
    for entry in refused:
        record = {"student": entry.student, "owner": entry.owner, "reason": str(entry.refusal),
                  "timestamp": entry.timestamp, "explanation": entry.explain()}
        if known.get(entry.name) != record:
            known[entry.name] = record
            changed = True
    if changed:
        write_json(path, known)


@dataclass(frozen=True)
class _Limits:
    ignore: Callable[[str, list[str]], list[str]]
    max_bytes: int


def copy_submission(source: Path, destination: Path, ignore: Callable[[str, list[str]], list[str]] | None = None,
                    max_bytes: int = 0, prepare: Callable[[Path], None] | None = None) -> None:
    """Copy the folder `source` to `destination` (replaced), regular files and folders only.

    Every name is opened relative to its parent's descriptor with `O_NOFOLLOW`, and what was opened is
    checked with `fstat`: a link, a device or a file with more than one link raises `UnsafeSubmission`,
    whenever it appeared. The copy is made in a scratch folder beside `destination` and renamed into
    place only when complete. `ignore` is nbgrader's `ignore_patterns` (names it leaves out);
    `max_bytes` bounds the total (0: no bound); `prepare` may change the complete copy (ours by then)
    before it is put in place.
    """
    limits = _Limits(ignore or (lambda directory, names: []), max_bytes)
    destination.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{destination.name}.collecting-", dir=destination.parent))
    try:
        descriptor = _open_folder(str(source), None, ".")
        try:
            _copy_folder(descriptor, str(source), scratch, ".", limits, [0])
        finally:
            os.close(descriptor)
        if prepare is not None:
            prepare(scratch)
        if destination.exists():
            shutil.rmtree(destination)
        os.replace(scratch, destination)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise


def _open_folder(name: str, parent: int | None, relative: str) -> int:
    try:
        return os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent)
    except OSError as error:
        # ELOOP: a link where a folder was; ENOTDIR: not a folder at all.
        raise UnsafeSubmission(relative, f"not a folder: {error.strerror}") from None


def _copy_folder(descriptor: int, path: str, target: Path, relative: str, limits: _Limits, total: list[int]) -> None:
    names = sorted(os.listdir(descriptor))
    skipped = set(limits.ignore(path, names))
    for name in names:
        if name in skipped:
            continue
        inner = name if relative == "." else f"{relative}/{name}"
        info = os.stat(name, dir_fd=descriptor, follow_symlinks=False)
        if stat.S_ISDIR(info.st_mode):
            child = _open_folder(name, descriptor, inner)
            try:
                (target / name).mkdir()
                _copy_folder(child, os.path.join(path, name), target / name, inner, limits, total)
            finally:
                os.close(child)
            continue
        if stat.S_ISLNK(info.st_mode):
            raise UnsafeSubmission(inner, "a symbolic link")
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeSubmission(inner, "a device, pipe or socket")
        _copy_file(name, descriptor, target / name, inner, limits, total)


def _copy_file(name: str, parent: int, target: Path, relative: str, limits: _Limits, total: list[int]) -> None:
    try:
        # O_NONBLOCK: a FIFO swapped in after the listing must not hang the collect on open.
        source = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK, dir_fd=parent)
    except OSError as error:
        raise UnsafeSubmission(relative, f"cannot be opened as a file: {error.strerror}") from None
    try:
        info = os.fstat(source)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeSubmission(relative, "a device, pipe or socket")
        if info.st_nlink != 1:
            raise UnsafeSubmission(relative, "a hard link: the same file is elsewhere too")
        with open(target, "xb") as output:
            while chunk := os.read(source, 1 << 20):
                total[0] += len(chunk)
                if limits.max_bytes and total[0] > limits.max_bytes:
                    raise UnsafeSubmission(relative, f"the submission is over {limits.max_bytes // 1_000_000} MB")
                output.write(chunk)
        target.chmod(0o644)
    finally:
        os.close(source)


class VerifiedCollect(ExchangeCollect):  # type: ignore[misc]  # nbgrader ships no types
    """nbgrader's `ExchangeCollect`, choosing and copying as the module's docstring says."""

    def init_src(self) -> None:
        if self.coursedir.course_id == "":
            self.fail("No course id specified. Re-run with --course flag.")
        self.course_path = os.path.join(self.root, self.coursedir.course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        course = Path(self.coursedir.root)
        assignment = self.coursedir.assignment_id
        try:
            rules = course_rules(self.config, course)
        except ValueError as error:
            self.fail(str(error))
        due = due_date_of(self.coursedir.db_url, self.coursedir.course_id, assignment)
        self.expected = expected_notebooks(self.coursedir.db_url, assignment)
        # nbgrader's student_id is a glob, "*" unless --student names one: the formgrader's Collect and
        # `nbgrader collect` pass "*", jaxgrade's own steps a name or "".
        pattern = self.coursedir.student_id or "*"
        entries = tuple(entry for entry in scan_inbound(Path(self.inbound_path), assignment, rules)
                        if fnmatch.fnmatchcase(entry.student, pattern))
        selection = select_submissions(entries, due)
        for entry in selection.refused:
            level = self.log.info if entry.refusal is Refusal.LATE else self.log.warning
            level("Not collected: %s", entry.explain())
        _remember_refusals(course, assignment, selection.refused)
        self.refused = selection.refused
        self.src_records = [{"username": student, "filename": entry.name,
                             "timestamp": entry.at.replace(tzinfo=None) if entry.at else None, "entry": entry}
                            for student, entry in sorted(selection.chosen.items())]

    def copy_files(self) -> None:
        assignment = self.coursedir.assignment_id
        if not self.src_records:
            self.log.warning("No submissions of '%s' for course '%s' to collect", assignment,
                             self.coursedir.course_id)
        limits = ignore_patterns(exclude=self.coursedir.ignore, include=self.coursedir.include,
                                 max_file_size=self.coursedir.max_file_size, log=self.log)
        unsafe: list[InboundEntry] = []
        for record in self.src_records:
            student, entry = str(record["username"]), record["entry"]
            assert isinstance(entry, InboundEntry)
            destination = Path(self.coursedir.format_path(self.coursedir.submitted_directory, student, assignment))
            if destination.is_dir() and self.coursedir.get_existing_timestamp(str(destination)) == record["timestamp"]:
                self.log.info("Already collected: %s %s (%s)", student, assignment, entry.timestamp)
                continue
            renames: dict[str, str] = {}
            try:
                copy_submission(entry.path, destination, limits, 1000 * self.coursedir.max_dir_size,
                                prepare=functools.partial(self._rename_notebooks, renamed=renames))
            except UnsafeSubmission as error:
                refused = replace(entry, refusal=Refusal.UNSAFE_CONTENT, detail=str(error))
                self.log.warning("Not collected: %s", refused.explain())
                unsafe.append(refused)
                continue
            self.log.info("Collected submission: %s %s (%s)", student, assignment, entry.timestamp)
            for submitted, graded in renames.items():
                self.log.warning("%s submitted %s and no %s: %s is graded as %s", student, submitted, graded,
                                 submitted, graded)
            set_renamed(Path(self.coursedir.root), assignment, student, entry.timestamp, renames)
        _remember_refusals(Path(self.coursedir.root), assignment, tuple(unsafe))

    def _rename_notebooks(self, copy: Path, renamed: dict[str, str]) -> None:
        """In the collected copy, each expected notebook that is missing takes the student's notebook
        that stands for it (`notebook_names.choose_notebook`); `renamed` gets {submitted name: graded name}."""
        names = frozenset(notebook.name for notebook in self.expected)
        for notebook in self.expected:
            chosen = choose_notebook(copy, notebook, names)
            if chosen is not None:
                (copy / chosen).rename(copy / f"{notebook.name}.ipynb")
                renamed[chosen] = f"{notebook.name}.ipynb"
