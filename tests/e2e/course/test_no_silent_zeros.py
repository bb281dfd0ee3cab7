"""No honest student silently gets nothing (issue 28), from the instructor's side, in one real nbgrader course.

- rin worked in JupyterLab's copy, `jit (1).ipynb`, and deleted the original: graded as `jit.ipynb`,
  with a note, and her Fetch Feedback finds the page under the name she submitted;
- sol submitted a `.py` file and no notebook: reported plainly, as his submission's problem;
- tae deleted the imports cell and a grade cell: both come back in place, full marks, a note says so;
- uma checks for a GPU with `subprocess`, honestly: flagged, points held for review; the instructor's
  `jaxgrade review jit --approve uma` gives them back, in the gradebook, the export and her feedback;
- vic's function raises an error whose text is markup: her feedback shows it as text.
"""

from __future__ import annotations

import csv
import html
import re
import subprocess
from pathlib import Path

import nbformat

from ...conftest import max_score
from .nbgrader_course import BIN, Course, set_solution, student_answers

ASSIGNMENT = "jit"
ANSWERS = student_answers(ASSIGNMENT)
GPU_CHECK = ('import subprocess\n\ntry:\n    print(subprocess.run(["nvidia-smi"], capture_output=True, text=True)'
             '.stdout)\nexcept FileNotFoundError:\n    print("GPU 없음")')


def _jaxgrade(course: Course, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "jaxgrade"), *args, "--course", str(course.root)], cwd=course.root,
                          env=course.env(course.homes), capture_output=True, text=True, timeout=900)


def _exported(course: Course) -> dict[str, float]:
    course.instructor("export", "--to", "grades.csv")
    with open(course.root / "grades.csv", newline="") as handle:
        return {row["student_id"]: float(row["raw_score"]) for row in csv.DictReader(handle)
                if row["assignment"] == ASSIGNMENT}


def _feedback_page(course: Course, student: str) -> str:
    """The HTML of the feedback `student` fetches, as nbgrader's Fetch Feedback brings it."""
    course.student(student, "fetch_feedback", ASSIGNMENT, "--course", "jax-course", f"--student={student}")
    pages = sorted((course.student_home(student) / ASSIGNMENT / "feedback").glob("*/*.html"))
    assert pages, f"{student} fetched no feedback"
    return "\n".join(page.read_text() for page in pages)


def _feedback_text(course: Course, student: str) -> str:
    """What the student reads: the page's text, without tags or code marks, on one line."""
    text = html.unescape(re.sub(r"<[^>]+>", "", _feedback_page(course, student)))
    return re.sub(r"\s+", " ", text.replace("\\`", "").replace("`", ""))


def test_renamed_missing_restored_flagged_and_markup_students_all_get_their_due(tmp_path: Path) -> None:
    students = ("rin", "sol", "tae", "uma", "vic")
    course = Course.released(tmp_path, ASSIGNMENT, students)
    for student in students:
        notebook = course.student_notebook(student, ASSIGNMENT)
        for exercise, source in ANSWERS.items():
            set_solution(notebook, exercise, source)

    rin = course.student_notebook("rin", ASSIGNMENT)
    rin.rename(rin.with_name(f"{ASSIGNMENT} (1).ipynb"))
    sol = course.student_notebook("sol", ASSIGNMENT)
    sol.with_suffix(".py").write_text("\n\n".join(ANSWERS.values()))
    sol.unlink()
    tae = course.student_notebook("tae", ASSIGNMENT)
    document = nbformat.read(tae, as_version=4)
    document.cells = [cell for cell in document.cells
                      if cell.metadata.get("nbgrader", {}).get("grade_id") not in ("readonly_2", "grade_norm")]
    nbformat.write(document, tae)
    uma = course.student_notebook("uma", ASSIGNMENT)
    document = nbformat.read(uma, as_version=4)
    document.cells.append(nbformat.v4.new_code_cell(GPU_CHECK))
    nbformat.write(document, uma)
    set_solution(course.student_notebook("vic", ASSIGNMENT), "flatten",
                 "def flatten(x):\n    raise ValueError('<img src=x onerror=alert(1)> **bold** [a](javascript:x)')")
    for student in students:
        course.student(student, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")

    graded = _jaxgrade(course, "autograde", ASSIGNMENT)
    assert graded.returncode == 4, graded.stderr[-3000:]  # sol could not be graded, and the summary says why
    summary = re.sub(r"[\s│]+", " ", graded.stdout)  # the table wraps long reasons over its cells
    assert "jit (1).ipynb graded as jit.ipynb" in summary, summary
    assert "your submission holds no notebook jit.ipynb (it holds: jit.py)" in summary, summary
    assert "generate_assignment" not in graded.stdout + graded.stderr
    full = max_score(ASSIGNMENT)
    scores = _exported(course)
    assert scores["rin"] == scores["tae"] == full, scores
    assert scores["uma"] < full and 0 < scores["vic"] < full, scores
    assert "sol" not in scores or scores["sol"] == 0.0

    # The autograded notebook has tae's cells back where the release has them.
    restored = nbformat.read(course.root / "autograded" / "tae" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    order = [cell.metadata.get("nbgrader", {}).get("grade_id") for cell in restored.cells]
    ids = [grade_id for grade_id in order if grade_id]
    assert ids.index("readonly_2") == 0 and ids.index("grade_norm") == ids.index("selfcheck_norm") + 1, ids

    # The review: uma's line in context, then the instructor's decision.
    listed = _jaxgrade(course, "review", ASSIGNMENT)
    assert listed.returncode == 0, listed.stderr
    assert "uma" in listed.stdout and "subprocess" in listed.stdout and "waiting for your decision" in listed.stdout
    assert "1 submissions flagged for review" in listed.stdout and "\nrin " not in listed.stdout, listed.stdout
    approved = _jaxgrade(course, "review", ASSIGNMENT, "--approve", "uma", "--note", "nvidia-smi: a GPU check")
    assert approved.returncode == 0, approved.stderr[-3000:]
    assert _exported(course)["uma"] == full
    assert "approved by" in _jaxgrade(course, "review", ASSIGNMENT).stdout
    # A regrade of the same submission keeps the decision.
    assert _jaxgrade(course, "autograde", ASSIGNMENT, "--force").returncode == 4
    assert _exported(course)["uma"] == full

    course.instructor("generate_feedback", ASSIGNMENT)
    course.instructor("release_feedback", ASSIGNMENT)
    assert "it was graded as jit.ipynb" in _feedback_text(course, "rin")
    assert "were put back from the released notebook" in _feedback_text(course, "tae")
    uma_text = _feedback_text(course, "uma")
    assert "gave the withheld points back (nvidia-smi: a GPU check)" in uma_text, uma_text[-2000:]
    vic_page = _feedback_page(course, "vic")
    assert "<img src=x" not in vic_page and 'href="javascript' not in vic_page
    assert "<img src=x onerror=alert(1)>" in _feedback_text(course, "vic").replace("\\", "")

    report = subprocess.run([str(BIN / "jaxgrade"), "report", "--gradebook", str(course.root / "gradebook.db"),
                             "--output", str(tmp_path / "class.html")], capture_output=True, text=True, timeout=300)
    assert report.returncode == 0, report.stderr
    assert "1 not graded" in report.stdout and "uma" in report.stdout and "approved by" in report.stdout
