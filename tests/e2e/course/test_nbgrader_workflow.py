"""The course end to end through nbgrader's own commands, with the engine deciding the grades."""

from __future__ import annotations

import csv
import html
import re
import shutil
import subprocess

import nbformat
import pytest
from nbgrader.api import Gradebook

from graders.common.assignments import get_assignment

from ...conftest import grade_cells, max_score, points
from .nbgrader_course import BIN, REPO, Course, delete_grade_cell, edit_grade_cell, set_solution, solution_sources

ASSIGNMENT = "jit"
FAULTY = {
    "norm": "def norm(X):\n    return (X - X.mean(0)) / X.std(0)",
    "negatives": "def negatives(x):\n    return x[x < 0]",
    "flatten": "import jax.numpy as jnp\n\ndef flatten(x):\n    return jnp.ravel(x)",
    "maybe_negate": "import jax\n\n@jax.jit\ndef maybe_negate(x, neg):\n    if neg:\n        return -x\n    return x",
}
# bob's norm is right but not jit-compiled: it loses jit_compiled and jit_speedup.
BOB_NORM = max_score(ASSIGNMENT, "norm") - points(ASSIGNMENT, "norm.jit_compiled", "norm.jit_speedup")


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Course:
    course = Course.released(tmp_path_factory.mktemp("nbgrader"), ASSIGNMENT, ("alice", "bob", "carol", "dave"))
    answers = solution_sources(REPO / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")

    for exercise, source in answers.items():
        set_solution(course.student_notebook("alice", ASSIGNMENT), exercise, source)
    for exercise, source in FAULTY.items():
        set_solution(course.student_notebook("bob", ASSIGNMENT), exercise, source)
    carol = course.student_notebook("carol", ASSIGNMENT)
    set_solution(carol, "norm", answers["norm"])
    set_solution(carol, "negatives", answers["negatives"].replace("def negatives(", "def negative_part("))
    set_solution(carol, "flatten", "def flatten(x)\n    return x.reshape(-1)")
    set_solution(carol, "maybe_negate", answers["maybe_negate"])
    delete_grade_cell(carol, "norm")
    edit_grade_cell(carol, "flatten", "print(4.0)  # a grade cell that claims full marks")
    # dave submits the released notebook untouched.
    for student in ("alice", "bob", "carol", "dave"):
        course.student(student, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")

    course.instructor("collect", ASSIGNMENT)
    # erin's submission is the instructor's source notebook, solutions included.
    erin = course.root / "submitted" / "erin" / ASSIGNMENT
    erin.mkdir(parents=True)
    shutil.copy(REPO / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", erin / f"{ASSIGNMENT}.ipynb")
    # frank's file is not even JSON: it must be reported, never stop the others.
    frank = course.root / "submitted" / "frank" / ASSIGNMENT
    frank.mkdir(parents=True)
    (frank / f"{ASSIGNMENT}.ipynb").write_text("{ this is not a notebook")
    course.batch = subprocess.run(
        [str(BIN / "jaxgrade"), "autograde", ASSIGNMENT, "--jobs", "2", "--course", str(course.root)],
        cwd=course.root, env=course.env(course.homes), capture_output=True, text=True, timeout=1800)
    course.instructor("export")
    course.instructor("generate_feedback", ASSIGNMENT)
    return course


def test_batch_autograde_reports_who_could_not_be_graded(course: Course) -> None:
    batch = course.batch
    assert batch.returncode == 4, batch.stderr
    summary = batch.stdout
    assert "frank" in summary and "NOT GRADED" in summary
    assert "5 graded, 1 could not be graded" in summary
    total = max_score(ASSIGNMENT)
    for student, score in (("alice", f"{total:g} / {total:g}"), ("erin", f"{total:g} / {total:g}"),
                           ("dave", f"0 / {total:g}")):
        assert re.search(rf"{student}\s+│\s+{re.escape(score)}", summary), summary
    assert "autograde jit" in batch.stderr  # the progress bar


def _scores(course: Course) -> dict[str, float]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        return {s.student.id: s.score for s in gradebook.assignment_submissions(ASSIGNMENT)}


def _grades(course: Course, student: str) -> dict[str, float]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student)
        return {grade.name: grade.score for grade in notebook.grades if grade.name.startswith("grade_")}


def _feedback(course: Course, student: str) -> str:
    """The feedback page's text, without markup (markdown backticks become <code> tags)."""
    page = (course.root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_gradebook_holds_the_engine_scores(course: Course) -> None:
    scores = _scores(course)
    assert "frank" not in scores or scores["frank"] == 0.0
    scores.pop("frank", None)
    assert scores["alice"] == max_score(ASSIGNMENT)
    assert scores["erin"] == max_score(ASSIGNMENT)
    assert scores["dave"] == 0.0
    assert 0.0 < scores["bob"] < max_score(ASSIGNMENT)
    # A wrong negatives and maybe_negate earn nothing, however pure or jit-compiled they are.
    assert _grades(course, "bob") == grade_cells(ASSIGNMENT, norm=BOB_NORM, flatten=max_score(ASSIGNMENT, "flatten"))


def test_exported_csv_matches_the_gradebook(course: Course) -> None:
    with open(course.root / "grades.csv", newline="") as handle:
        rows = {row["student_id"]: float(row["raw_score"]) for row in csv.DictReader(handle)
                if row["assignment"] == ASSIGNMENT}
    assert rows == _scores(course)
    assert rows["alice"] == max_score(ASSIGNMENT)


def test_feedback_explains_what_is_wrong(course: Course) -> None:
    feedback = _feedback(course, "bob")
    for phrase in ("jit_compiled", "NonConcreteBooleanIndexError", "TracerBoolConversionError", "jnp.where"):
        assert phrase in feedback
    assert f"{BOB_NORM:g} / {max_score(ASSIGNMENT, 'norm'):g}" in feedback


def test_the_feedback_contents_name_each_function_not_test_cell(course: Course) -> None:
    """nbgrader's template lists every autograded cell as "Test cell"; the course's names the function."""
    page = (course.root / "feedback" / "bob" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    contents = page.split('<div id="toc">', 1)[1].split("</div>", 1)[0]
    assert "Test cell" not in contents
    for function in (exercise.name for exercise in get_assignment(ASSIGNMENT).exercises):
        assert f'<a href="#grade_{function}"><code>{function}</code></a>' in contents, contents


def test_a_mangled_submission_is_graded_on_what_it_defines(course: Course) -> None:
    grades = _grades(course, "carol")
    assert grades["grade_norm"] == max_score(ASSIGNMENT, "norm")  # its grade cell was deleted, and restored
    assert grades["grade_maybe_negate"] == max_score(ASSIGNMENT, "maybe_negate")
    assert grades["grade_negatives"] == 0.0     # renamed
    assert grades["grade_flatten"] == 0.0       # broken cell, and a grade cell edited to claim full marks
    feedback = _feedback(course, "carol")
    assert "negatives is not defined" in feedback
    assert "SyntaxError" in feedback


def test_nothing_students_receive_holds_hidden_tests_or_reference_code(course: Course) -> None:
    reference_lines = [line.strip()
                       for source in solution_sources(REPO / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").values()
                       for line in source.splitlines() if line.strip().startswith("return")]
    received = [_feedback(course, "bob"), _feedback(course, "dave")]
    received += [p.read_text() for p in (course.exchange / "jax-course" / "outbound").rglob("*.ipynb")]
    for text in received:
        assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
        for marker in ("from hypothesis", "@given", "st.composite", "register_assignment", "Exercise(", "solutions."):
            assert marker not in text, marker
        for line in reference_lines:
            assert line not in text or line in "".join(FAULTY.values()), line


def test_untouched_release_scores_zero_with_reasons(course: Course) -> None:
    feedback = _feedback(course, "dave")
    assert "norm is not defined" in feedback
    assert all(score == 0.0 for score in _grades(course, "dave").values())


def test_class_report_from_the_gradebook(course: Course) -> None:
    page = course.root / "class.html"
    completed = subprocess.run([str(BIN / "jaxgrade"), "report", "--gradebook", str(course.root / "gradebook.db"),
                                "--output", str(page)], capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    # frank's file could not be graded: he is counted as not graded, with jaxgrade's own reason.
    scores = {student: score for student, score in _scores(course).items() if student != "frank"}
    text = page.read_text()
    assert f'data-submissions="{len(scores)}" data-ungraded="1"' in text
    assert "5 graded, 1 not graded" in completed.stdout
    ungraded = text.split("<table id=\"ungraded\">", 1)[1]
    assert "<td>frank</td>" in ungraded and "not a notebook" in html.unescape(ungraded), ungraded
    mean = sum(100 * score / max_score(ASSIGNMENT) for score in scores.values()) / len(scores)
    assert f"data-mean='{mean:.1f}'" in text
    # The judge's records give the class page every check, not only one score per function.
    rates = dict(re.findall(r"<tr><td>([a-z_]+)</td><td class='n' data-rate='([\d.]+)'>", text))
    assert {"correctness", "jit_compiled", "no_mutation"} <= set(rates), rates
    assert "<table id=\"messages\"><tr><th>count</th><th>where</th><th>message (inputs elided)</th></tr><tr>" in text


def _all_grades(course: Course) -> dict[tuple[str, str], float | None]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        return {(submission.student.id, grade.name): grade.score
                for submission in gradebook.assignment_submissions(ASSIGNMENT)
                for notebook in submission.notebooks for grade in notebook.grades}


def _jaxgrade(course: Course, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "jaxgrade"), *args], cwd=course.root, env=course.env(course.homes),
                          capture_output=True, text=True, timeout=900)


def test_a_release_in_the_middle_of_the_course_keeps_every_grade(course: Course) -> None:
    before = _all_grades(course)
    assert len(before) >= 5 * 4
    released = _jaxgrade(course, "course", "release", "--root", str(course.root))
    assert released.returncode == 0, released.stderr
    assert _all_grades(course) == before
    course.instructor("export", "--to", "after-release.csv")
    with open(course.root / "after-release.csv", newline="") as handle:
        rows = {row["student_id"]: float(row["raw_score"]) for row in csv.DictReader(handle)
                if row["assignment"] == ASSIGNMENT}
    assert rows == _scores(course)


def test_a_release_nbgrader_refuses_changes_nothing_and_says_why_in_one_line(course: Course) -> None:
    before = _all_grades(course)
    notebook_path = course.root / "exercises" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    original = notebook_path.read_text()
    released_before = {path: path.read_bytes() for path in (course.root / "release").rglob("*") if path.is_file()}
    notebook = nbformat.reads(original, as_version=4)
    extra = nbformat.v4.new_code_cell("print('a new graded cell')")
    extra.metadata["nbgrader"] = {"grade": True, "grade_id": "grade_extra", "locked": True, "points": 1.0,
                                  "schema_version": 3, "solution": False, "task": False}
    notebook.cells.append(extra)
    notebook_path.write_text(nbformat.writes(notebook))
    try:
        refused = _jaxgrade(course, "course", "release", ASSIGNMENT, "--root", str(course.root))
    finally:
        notebook_path.write_text(original)
    assert refused.returncode == 2
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1 and "submissions" in lines[0] and "unchanged" in lines[0], refused.stderr
    assert "Traceback" not in refused.stderr
    assert _all_grades(course) == before
    assert {path: path.read_bytes()
            for path in (course.root / "release").rglob("*") if path.is_file()} == released_before


def test_manual_grading_shows_no_bare_score_after_a_verdict(course: Course) -> None:
    """The autograded notebook is what Manual Grading renders: each function's grade cell holds the verdict, and
    not the bare number nbgrader read the partial credit from, once the gradebook holds it."""
    import nbformat

    for student in ("alice", "bob"):
        notebook = nbformat.read(course.root / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
                                 as_version=4)
        graded = [cell for cell in notebook.cells if cell.metadata.get("nbgrader", {}).get("grade_id", "")
                  .startswith("grade_")]
        assert graded and all(cell.outputs for cell in graded)
        assert not [output for cell in graded for output in cell.outputs
                    if output.get("output_type") == "execute_result"], student
    assert _grades(course, "bob")["grade_norm"] == BOB_NORM  # the gradebook kept the partial credit
