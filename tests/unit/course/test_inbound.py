"""Reading the exchange's inbound folder on the judge's side: whose submission counts, and copying it.

Unit tests: real folders in a temporary directory, their owners changed with `chown` where the test
runs as root (CI does), no nbgrader process. The end-to-end tests with real accounts are in
`test_identity.py`.
"""

from __future__ import annotations

import os
import pwd
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graders.course.collect import UnsafeSubmission, copy_submission
from graders.course.inbound import (
    IdentityMode,
    Refusal,
    TrustRules,
    scan_inbound,
    select_submissions,
    still_copying,
)
from graders.course.records import submission_digest

needs_root = pytest.mark.skipif(os.getuid() != 0, reason="changing a folder's owner needs root (CI runs as root)")
NOBODY = pwd.getpwnam("nobody").pw_uid


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def _submit(inbound: Path, student: str, when: datetime | None = None, owner: int | None = None,
            notebook: str = "print(1)") -> Path:
    """A folder as `nbgrader submit` leaves it (notebook, timestamp, the secret written last)."""
    stamp = _stamp(when or datetime.now(UTC) - timedelta(seconds=5))
    folder = inbound / f"{student}+jit+{stamp}+{os.urandom(4).hex()}"
    folder.mkdir(parents=True)
    (folder / "jit.ipynb").write_text(notebook)
    (folder / "timestamp.txt").write_text(stamp)
    (folder / "submission_secret.txt").write_text("secret")
    if owner is not None:
        for path in (folder, *folder.iterdir()):
            os.chown(path, owner, -1)
    return folder


def _choose(inbound: Path, rules: TrustRules | None = None, due: datetime | None = None):
    return select_submissions(scan_inbound(inbound, "jit", rules or TrustRules()), due)


def test_a_course_run_by_one_account_trusts_names_that_are_no_account(tmp_path: Path) -> None:
    _submit(tmp_path, "alice")
    _submit(tmp_path, "bob")
    selection = _choose(tmp_path)
    assert sorted(selection.chosen) == ["alice", "bob"]
    assert selection.refused == ()


@needs_root
def test_another_account_never_submits_as_a_student(tmp_path: Path) -> None:
    own = _submit(tmp_path, "nobody", owner=NOBODY)
    _submit(tmp_path, "nobody", owner=0, when=datetime.now(UTC) - timedelta(seconds=2))  # root, claiming nobody
    _submit(tmp_path, "carol", owner=NOBODY)  # nobody's account, claiming a name that is no account
    selection = _choose(tmp_path)
    assert selection.chosen["nobody"].path == own
    assert "carol" not in selection.chosen
    refused = {(entry.student, entry.owner): entry.refusal for entry in selection.refused}
    assert refused == {("nobody", "root"): Refusal.IMPERSONATION, ("carol", "nobody"): Refusal.IMPERSONATION}
    assert all("was made by account" in entry.explain() for entry in selection.refused)


@needs_root
def test_identity_modes(tmp_path: Path) -> None:
    _submit(tmp_path, "carol", owner=NOBODY)
    assert "carol" in _choose(tmp_path, TrustRules(IdentityMode.NAME)).chosen
    assert "carol" not in _choose(tmp_path, TrustRules(IdentityMode.OWNER)).chosen
    own = tmp_path / "own"
    _submit(own, "alice", owner=0)  # the collector's own account, a name that is no account
    assert "alice" in _choose(own, TrustRules(IdentityMode.AUTO)).chosen
    assert "alice" not in _choose(own, TrustRules(IdentityMode.OWNER)).chosen


def test_entries_that_are_not_folders_are_refused(tmp_path: Path) -> None:
    stamp = _stamp(datetime.now(UTC))
    (tmp_path / f"alice+jit+{stamp}+x").write_text("a planted file")
    os.symlink(tmp_path, tmp_path / f"bob+jit+{stamp}+y")
    selection = _choose(tmp_path)
    assert selection.chosen == {}
    assert {entry.student: (entry.refusal, entry.detail) for entry in selection.refused} == {
        "alice": (Refusal.NOT_A_FOLDER, "a file"), "bob": (Refusal.NOT_A_FOLDER, "a symbolic link")}


def test_misdated_submissions_never_count_as_newest(tmp_path: Path) -> None:
    honest = _submit(tmp_path, "alice", datetime.now(UTC) - timedelta(seconds=30))
    _submit(tmp_path, "alice", datetime(2026, 12, 31, tzinfo=UTC) + timedelta(days=400))  # in the future
    _submit(tmp_path, "alice", datetime.now(UTC) - timedelta(hours=3))  # backdated: the folder is new
    selection = _choose(tmp_path)
    assert selection.chosen["alice"].path == honest
    assert sorted(entry.refusal for entry in selection.refused) == [Refusal.FUTURE, Refusal.OUT_OF_ORDER]


def test_a_planted_future_folder_blocks_nothing_of_a_classmate(tmp_path: Path) -> None:
    _submit(tmp_path, "bob", datetime.now(UTC) + timedelta(days=30))
    later = _submit(tmp_path, "bob")
    assert _choose(tmp_path).chosen["bob"].path == later


@pytest.mark.parametrize("plant", ["symlink", "hardlink", "fifo", "symlinked folder"])
def test_a_submission_holding_links_or_devices_is_refused_and_the_previous_one_counts(tmp_path: Path,
                                                                                      plant: str) -> None:
    older = _submit(tmp_path / "inbound", "alice", datetime.now(UTC) - timedelta(seconds=60))
    newer = _submit(tmp_path / "inbound", "alice", datetime.now(UTC) - timedelta(seconds=10))
    secret = tmp_path / "solutions.py"
    secret.write_text("the reference")
    (newer / "jit.ipynb").unlink()
    if plant == "symlink":
        os.symlink(secret, newer / "jit.ipynb")
    elif plant == "hardlink":
        os.link(secret, newer / "jit.ipynb")
    elif plant == "fifo":
        os.mkfifo(newer / "jit.ipynb")
    else:
        os.symlink(tmp_path, newer / "data")
    selection = _choose(tmp_path / "inbound")
    assert selection.chosen["alice"].path == older
    [refused] = selection.refused
    assert refused.refusal is Refusal.UNSAFE_CONTENT and refused.path == newer


def test_the_roster_refuses_invented_names(tmp_path: Path) -> None:
    _submit(tmp_path, "alice")
    _submit(tmp_path, "zz-invented")
    selection = _choose(tmp_path, TrustRules(roster=frozenset({"alice", "bob"})))
    assert list(selection.chosen) == ["alice"]
    assert [(entry.student, entry.refusal) for entry in selection.refused] == [("zz-invented", Refusal.UNKNOWN_STUDENT)]


def test_the_due_date_picks_the_last_submission_on_time(tmp_path: Path) -> None:
    now = datetime.now(UTC)
    on_time = _submit(tmp_path, "alice", now - timedelta(seconds=90))
    _submit(tmp_path, "alice", now - timedelta(seconds=10))  # after the due date
    _submit(tmp_path, "bob", now - timedelta(seconds=5))  # only late
    selection = _choose(tmp_path, due=now - timedelta(seconds=30))
    assert {student: entry.path for student, entry in selection.chosen.items()} == {"alice": on_time}
    assert sorted((entry.student, entry.refusal) for entry in selection.refused) == [
        ("alice", Refusal.LATE), ("bob", Refusal.LATE)]


def test_a_submission_still_being_copied_is_neither_chosen_nor_refused(tmp_path: Path) -> None:
    folder = _submit(tmp_path, "alice")
    (folder / "submission_secret.txt").unlink()
    selection = _choose(tmp_path)
    assert selection.chosen == {} and selection.refused == ()


def test_copying_takes_regular_files_and_replaces_the_previous_copy(tmp_path: Path) -> None:
    source = _submit(tmp_path / "inbound", "alice", notebook="new")
    (source / "data").mkdir()
    (source / "data" / "x.csv").write_text("1,2")
    destination = tmp_path / "submitted" / "alice" / "jit"
    destination.mkdir(parents=True)
    (destination / "stale.txt").write_text("from an older submission")
    copy_submission(source, destination)
    assert sorted(path.relative_to(destination).as_posix() for path in destination.rglob("*")) == [
        "data", "data/x.csv", "jit.ipynb", "submission_secret.txt", "timestamp.txt"]
    assert (destination / "jit.ipynb").read_text() == "new"


@pytest.mark.parametrize("plant", ["symlink", "hardlink", "fifo"])
def test_copying_refuses_what_appeared_after_the_choice_and_keeps_the_previous_copy(tmp_path: Path,
                                                                                   plant: str) -> None:
    source = _submit(tmp_path / "inbound", "alice")
    secret = tmp_path / "secret.txt"
    secret.write_text("the reference")
    if plant == "symlink":
        os.symlink(secret, source / "leak.txt")
    elif plant == "hardlink":
        os.link(secret, source / "leak.txt")
    else:
        os.mkfifo(source / "leak.txt")
    destination = tmp_path / "submitted" / "alice" / "jit"
    destination.mkdir(parents=True)
    (destination / "jit.ipynb").write_text("the previous submission")
    with pytest.raises(UnsafeSubmission, match="leak.txt"):
        copy_submission(source, destination)
    assert [path.name for path in destination.iterdir()] == ["jit.ipynb"]
    assert not [path for path in destination.parent.iterdir() if path.name != "jit"]  # no scratch folder left


def test_copying_bounds_the_size(tmp_path: Path) -> None:
    source = _submit(tmp_path / "inbound", "alice", notebook="x" * 5000)
    with pytest.raises(UnsafeSubmission, match="over"):
        copy_submission(source, tmp_path / "out", max_bytes=1000)
    assert not (tmp_path / "out").exists()


def test_the_digest_is_of_names_and_bytes(tmp_path: Path) -> None:
    first = _submit(tmp_path / "a", "alice", datetime(2026, 11, 1, tzinfo=UTC), notebook="same")
    second = tmp_path / "b" / first.name
    copy_submission(first, second)
    assert submission_digest(first) == submission_digest(second)
    (second / "timestamp.txt").write_text(_stamp(datetime(2026, 11, 2, tzinfo=UTC)))
    assert submission_digest(first) != submission_digest(second)


def test_names_as_nbgrader_writes_them_with_or_without_the_random_suffix(tmp_path: Path) -> None:
    stamp = _stamp(datetime.now(UTC) - timedelta(seconds=5))
    for name in (f"ana+jit+{stamp}", f"ben+jit+{stamp}+abc123", "cho+jit+not a time", f"dan+purity+{stamp}"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "submission_secret.txt").write_text("secret")
    selection = _choose(tmp_path)
    assert sorted(selection.chosen) == ["ana", "ben"]
    assert [(entry.student, entry.refusal) for entry in selection.refused] == [("cho", Refusal.MALFORMED)]


def test_a_folder_that_never_gets_its_secret_is_listed_once_no_copy_could_still_be_running(tmp_path: Path) -> None:
    """A planted folder without submission_secret.txt: waited for while a copy could still be running, then refused
    with a reason the instructor reads, never silently ignored."""
    folder = _submit(tmp_path, "alice")
    (folder / "submission_secret.txt").unlink()
    entries = scan_inbound(tmp_path, "jit", TrustRules())
    assert select_submissions(entries, None).refused == ()  # still being copied, perhaps
    later = select_submissions(entries, None, now=datetime.now(UTC) + timedelta(minutes=3))
    assert [entry.refusal for entry in later.refused] == [Refusal.INCOMPLETE] and not later.chosen
    assert "has no submission_secret.txt" in later.refused[0].explain()


def test_the_watch_looks_again_only_while_a_copy_could_still_be_running(tmp_path: Path) -> None:
    """`jaxgrade watch` looks at the inbound folder every turn of its loop while an entry lacks its secret, since
    the folder's own time does not change when nbgrader writes the secret inside an entry; a planted folder
    that never gets one stops counting once no copy could still be running."""
    _submit(tmp_path, "bob")
    folder = _submit(tmp_path, "alice")
    (folder / "submission_secret.txt").unlink()
    entries = {entry.student: entry for entry in scan_inbound(tmp_path, "jit", TrustRules())}
    assert still_copying(entries["alice"]) and not still_copying(entries["bob"])
    assert not still_copying(entries["alice"], now=datetime.now(UTC) + timedelta(minutes=3))
