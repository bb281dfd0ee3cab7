"""A class graded ahead of nbgrader: the notebook made from `submitted/` is, byte for byte, the one
nbgrader's autograde hands to the judge's step (issue 30).

The proof: a verdict kept under the key of the notebook `judge_input.notebook_for_judge` makes is the
one nbgrader's autograde records. Here that verdict is a marker (one point for every function, a
score no real grading gives), so the gradebook shows whether nbgrader's autograde found it or graded
itself. The submissions are made awkward on purpose: outputs and the student's own `jaxgrade`
metadata to drop, a changed locked cell for nbgrader to restore, deleted cells to put back.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbgrader.api import Gradebook

from graders.common.assignments import get_assignment
from graders.course.grade_ahead import judge_options
from graders.course.judge_input import notebook_for_judge
from graders.course.nbgrader_steps import CourseSteps, load_course_config
from graders.course.verdicts import keep_verdict

from .nbgrader_course import Course, set_solution, student_answers

ASSIGNMENT = "jit"


def _marker(assignment: str) -> dict[str, object]:
    """A kept verdict no grading gives: 1 point on each exercise, from one check (scores are read from
    the checks, as `result_from_dict` reads every result)."""
    exercises = [{"name": exercise.name, "score": 1.0, "max_score": exercise.max_score, "stats": {}, "seconds": 0.0,
                  "checks": [{"name": "correctness", "status": "failed", "message": "marker", "score": 1.0,
                              "max_score": exercise.max_score, "details": {}, "timings": {}}]}
                 for exercise in get_assignment(assignment).exercises]
    return {"submission": f"{assignment}.ipynb", "assignment": assignment, "score": float(len(exercises)),
            "max_score": sum(float(e["max_score"]) for e in exercises), "flags": [], "exercises": exercises,
            "environment": {}, "student_output": ""}


def test_the_notebook_made_ahead_is_the_one_nbgrader_hands_to_the_judge(tmp_path: Path, monkeypatch) -> None:
    from graders.judge.catalogue import load

    load()

    students = ("plain", "awkward")
    course = Course.released(tmp_path, ASSIGNMENT, students)
    # nbgrader runs in this process here: the course's config reads the exchange from the environment.
    monkeypatch.setenv("JAXGRADE_EXCHANGE", str(course.exchange))
    for student in students:
        path = course.student_notebook(student, ASSIGNMENT)
        for exercise, source in student_answers(ASSIGNMENT).items():
            set_solution(path, exercise, source)
    awkward = course.student_notebook("awkward", ASSIGNMENT)
    document = nbformat.read(awkward, as_version=4)
    document.metadata["jaxgrade"] = {"submission": "forged"}
    cells = []
    for cell in document.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        if grade_id in ("grade_norm", "readonly_2"):
            continue  # deleted: put back from the release
        if grade_id == "selfcheck_flatten":
            cell.source = "print('my own check')"  # changed: nbgrader restores it
        if cell.cell_type == "code":
            cell.outputs = [nbformat.v4.new_output("stream", text="left over\n")]
            cell.execution_count = 7
        cells.append(cell)
    document.cells = cells
    nbformat.write(document, awkward)
    for student in students:
        course.student(student, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")

    steps = CourseSteps(course.root, ASSIGNMENT)
    steps.collect()
    config = load_course_config(course.root)
    from nbgrader.coursedir import CourseDirectory

    coursedir = CourseDirectory(config=config, root=str(course.root))
    for student in students:
        ahead = notebook_for_judge(config, coursedir, ASSIGNMENT, student, ASSIGNMENT, judge_options(config))
        keep_verdict(course.root, ahead.key, _marker(ASSIGNMENT))
        steps.autograde(student)
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        for student in students:
            grades = {grade.name: grade.score
                      for grade in gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student).grades}
            assert set(grades.values()) == {1.0}, (student, grades)


def test_notebooks_that_are_the_same_bytes_are_graded_once_and_answer_for_each_student(
        tmp_path: Path, monkeypatch) -> None:
    """Two students who submit the same notebook (both the blank release, here) cost one grading; what
    that grading says is said for both, here a file the grader could not grade."""
    import graders.course.grade_ahead as grade_ahead_module
    from graders.common.results import FileError

    students = ("blank1", "blank2", "answered")
    course = Course.released(tmp_path, ASSIGNMENT, students)
    monkeypatch.setenv("JAXGRADE_EXCHANGE", str(course.exchange))
    for exercise, source in student_answers(ASSIGNMENT).items():
        set_solution(course.student_notebook("answered", ASSIGNMENT), exercise, source)
    for student in students:
        course.student(student, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")
    CourseSteps(course.root, ASSIGNMENT).collect()

    given: list[int] = []

    def grade_many(paths, assignment, options, progress=None, **_):  # type: ignore[no-untyped-def]
        given.append(len(paths))
        outcomes = [FileError(str(path), assignment, f"could not grade {position}")
                    for position, path in enumerate(paths)]
        for position, outcome in enumerate(outcomes):
            if progress is not None:
                progress(position, outcome)
        return outcomes

    monkeypatch.setattr(grade_ahead_module, "grade_many", grade_many)
    ticks: list[None] = []
    failed = grade_ahead_module.grade_ahead(course.root, ASSIGNMENT, list(students),
                                            progress=lambda: ticks.append(None))
    assert given == [2]
    assert set(failed) == set(students)
    assert failed["blank1"] == failed["blank2"] != failed["answered"]
    assert len(ticks) == 3
