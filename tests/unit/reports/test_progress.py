"""Progress before the deadline: `jaxgrade watch`'s history (one line per verdict) into a table of
students passing each check, by day, and the page section that shows it."""

from __future__ import annotations

from datetime import UTC, date, timedelta, timezone
from pathlib import Path

from graders.course.watch_history import History, checks_of, history_files
from graders.reports.analytics import ClassData, render_analytics
from graders.reports.progress import progress_by_day, read_history, render_progress_html

CHECKS = ("norm.correct", "norm.jit_compiled", "flatten.correct")


def _record(student: str, at: str, *passed: str, assignment: str = "jit") -> dict[str, object]:
    return {"assignment": assignment, "student": student, "submitted": at, "at": at,
            "checks": {check: "passed" if check in passed else "failed" for check in CHECKS}}


def test_each_day_counts_students_passing_by_their_newest_verdict_so_far() -> None:
    records = [
        _record("bob", "2026-11-02T09:00:00+00:00", "norm.correct"),
        _record("alice", "2026-11-01T10:00:00+00:00"),
        _record("alice", "2026-11-01T11:00:00+00:00", "norm.correct"),
        _record("alice", "2026-11-03T08:00:00+00:00", "norm.correct", "flatten.correct"),
        _record("carol", "2026-11-03T09:00:00+00:00", "norm.correct", "flatten.correct"),
        _record("bob", "2026-11-03T10:00:00+00:00"),  # bob breaks what passed: his newest verdict counts
    ]
    [jit] = progress_by_day(records, UTC)
    assert jit.assignment == "jit" and jit.checks == CHECKS
    assert [day.day for day in jit.days] == [date(2026, 11, 1), date(2026, 11, 2), date(2026, 11, 3)]
    assert [(day.judged, day.submissions, day.students) for day in jit.days] == [(1, 2, 1), (1, 1, 2), (3, 3, 3)]
    assert [day.passing for day in jit.days] == [
        {"norm.correct": 1, "norm.jit_compiled": 0, "flatten.correct": 0},
        {"norm.correct": 2, "norm.jit_compiled": 0, "flatten.correct": 0},
        {"norm.correct": 2, "norm.jit_compiled": 0, "flatten.correct": 2},
    ]
    assert jit.days[-1].failing == {"norm.correct": 1, "norm.jit_compiled": 3, "flatten.correct": 1}
    assert jit.stuck() == ("norm.jit_compiled",)


def test_a_skipped_check_is_neither_passed_nor_failed() -> None:
    skipped = {"assignment": "jit", "student": "alice", "at": "2026-11-01T10:00:00+00:00",
               "checks": {"norm.correct": "error", "norm.jit": "skipped"}}
    [jit] = progress_by_day([skipped], UTC)
    assert jit.days[0].passing == {"norm.correct": 0, "norm.jit": 0}
    assert jit.days[0].failing == {"norm.correct": 1, "norm.jit": 0}
    assert jit.stuck() == ("norm.correct",)
    [everyone] = progress_by_day([_record("bob", "2026-11-01T10:00:00+00:00", *CHECKS)], UTC)
    assert everyone.stuck() == ()


def test_days_are_the_instructors_days_and_assignments_are_apart() -> None:
    seoul = timezone(timedelta(hours=9))
    records = [_record("alice", "2026-11-01T14:30:00+00:00", "norm.correct"),  # 23:30 in Seoul
               _record("bob", "2026-11-01T15:30:00+00:00"),                    # 00:30 the next day
               _record("alice", "2026-11-01T16:00:00+00:00", assignment="purity")]
    jit, purity = progress_by_day(records, seoul)
    assert [day.day for day in jit.days] == [date(2026, 11, 1), date(2026, 11, 2)]
    assert [day.day for day in progress_by_day(records[:2], UTC)[0].days] == [date(2026, 11, 1)]
    assert purity.assignment == "purity" and [day.students for day in purity.days] == [1]


def test_a_verdict_recorded_twice_or_unreadable_counts_once_or_not_at_all() -> None:
    twice = _record("alice", "2026-11-01T10:00:00+00:00", "norm.correct")
    broken = [{"student": "eve", "at": "yesterday", "checks": {}}, {"student": "eve", "checks": {}},
              {"at": "2026-11-01T10:00:00+00:00", "checks": {}}, {**twice, "student": "dan", "checks": None}]
    [jit] = progress_by_day([twice, dict(twice), *broken], UTC)
    [day] = jit.days
    assert (day.judged, day.submissions, day.students, day.passing["norm.correct"]) == (1, 1, 1, 1)
    assert progress_by_day([], UTC) == [] and render_progress_html([], "UTC") == ""


def test_a_check_first_seen_later_was_passed_by_no_one_before() -> None:
    early = {"assignment": "jit", "student": "alice", "at": "2026-11-01T10:00:00+00:00",
             "checks": {"norm.correct": "passed"}}
    [jit] = progress_by_day([early, _record("bob", "2026-11-02T10:00:00+00:00", *CHECKS)], UTC)
    assert jit.checks[0] == "norm.correct" and set(jit.checks) == set(CHECKS)
    assert jit.days[0].passing == {"norm.correct": 1, "norm.jit_compiled": 0, "flatten.correct": 0}


def test_the_page_section_names_each_check_each_day_and_the_stuck_one() -> None:
    records = [_record("alice", "2026-11-01T10:00:00+00:00", "norm.correct"),
               _record("<b>bob</b>", "2026-11-02T10:00:00+00:00", "norm.correct", "flatten.correct"),
               _record("carol", "2026-11-02T11:00:00+00:00", assignment="<script>x</script>")]
    section = render_progress_html(progress_by_day(records, UTC), "UTC, UTC+00:00")
    assert "<script>" not in section and "&lt;script&gt;" in section and "bob" not in section
    for check in CHECKS:
        assert f"<tr data-check='{check}'>" in section
    assert "data-day='2026-11-01'" in section and "data-day='2026-11-02'" in section
    assert "data-passing='2' data-failing='0'" in section and "2 / 2</td>" in section
    assert "most students fail <code>norm.jit_compiled</code> (2 of 2 by 2026-11-02)" in section
    assert "title='1 pass, 1 fail'" in section  # flatten.correct on the second day

    page = render_analytics(ClassData(history=records))
    assert "students passing each check, by day" in page and "id='progress-jit'" in page
    assert "students passing each check" not in render_analytics(ClassData())


# ------------------------------------------------------------------ what the watch writes
def test_the_history_appends_a_submission_once_even_across_restarts(tmp_path: Path) -> None:
    path = tmp_path / ".jaxgrade" / "watch" / "jit" / "history.jsonl"
    checks = {"norm.correct": "passed", "norm.jit_compiled": "failed"}
    history = History(path)
    assert history.add("jit", "alice", "2026-11-01 10:00:00.000000 UTC", "2026-11-01T10:00:00+00:00", 7.0, 10.0,
                       checks)
    assert not history.add("jit", "alice", "2026-11-01 10:00:00.000000 UTC", "2026-11-01T10:00:00+00:00", 7.0,
                           10.0, checks)
    # Restarted: handles the same submission again, and a crash had cut a line short.
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"assignment": "jit", "student": "bo')
    again = History(path)
    assert not again.add("jit", "alice", "2026-11-01 10:00:00.000000 UTC", "2026-11-01T10:00:00+00:00", 7.0, 10.0,
                         checks)
    assert again.add("jit", "bob", "2026-11-01 11:00:00.000000 UTC", "2026-11-01T11:00:00+00:00", 0.0, 10.0,
                     {"norm.correct": "error"})
    records = read_history(path)
    assert [(record["student"], record["checks"]) for record in records] == [
        ("alice", checks), ("bob", {"norm.correct": "error"})]
    assert len(path.read_text().splitlines()) == 3  # the cut line, alone, then two whole ones
    assert history_files(tmp_path) == [path]
    [jit] = progress_by_day(records, UTC)
    assert jit.days[0].passing == {"norm.correct": 1, "norm.jit_compiled": 0}


def test_the_statuses_are_read_from_the_judges_result() -> None:
    result = {"exercises": [
        {"name": "norm", "checks": [{"name": "correctness", "status": "passed"}, {"name": "jit", "status": "failed"}]},
        {"name": "flatten", "checks": [{"name": "correctness", "status": "skipped"}]}]}
    assert checks_of(result) == {"norm.correctness": "passed", "norm.jit": "failed", "flatten.correctness": "skipped"}
    assert checks_of({}) == {}
