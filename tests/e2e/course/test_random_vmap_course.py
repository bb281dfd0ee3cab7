"""The fourth assignment, `random-vmap`, released and graded end to end through nbgrader.

It was added with `jaxgrade course new` and is graded by what its statement promises: `init_layer` by the
distribution of its samples and JAX's own key-reuse checker, so a student who splits the key in another
order keeps every point, and one who draws twice from the same key loses the key-discipline points with
a sentence naming the line.
"""

from __future__ import annotations

import html
import re
import subprocess

import pytest
from nbgrader.api import Gradebook

from ...conftest import grade_cells, max_score, points
from .nbgrader_course import BIN, Course, set_solution, student_answers

ASSIGNMENT = "random-vmap"
# ana splits the key the other way round and writes the others otherwise: full marks.
OTHER_ORDER = {
    "init_layer": "import jax\n\ndef init_layer(key, n_in, n_out):\n    b_key, w_key = jax.random.split(key)\n"
                  "    return (jax.random.normal(w_key, (n_in, n_out)) / n_in ** 0.5,\n"
                  "            0.1 * jax.random.normal(b_key, (n_out,)))",
    "batched_dot": "import jax.numpy as jnp\n\ndef batched_dot(A, B):\n    return jnp.einsum('nd,dn->n', A, B)",
}
# ben draws W and b from the same key, and loops over the rows in Python.
REUSED_KEY = {
    "init_layer": "import jax\n\ndef init_layer(key, n_in, n_out):\n"
                  "    W = jax.random.normal(key, (n_in, n_out)) / n_in ** 0.5\n"
                  "    b = 0.1 * jax.random.normal(key, (n_out,))\n    return W, b",
    "batched_dot": "import jax.numpy as jnp\n\ndef batched_dot(A, B):\n"
                   "    return jnp.stack([A[i] @ B[:, i] for i in range(A.shape[0])])",
}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Course:
    course = Course.create(tmp_path_factory.mktemp("nbgrader"))
    course.instructor("generate_assignment", ASSIGNMENT, "--force")
    course.instructor("release_assignment", ASSIGNMENT, "--force")
    answers = student_answers(ASSIGNMENT)
    for student in ("ana", "ben"):
        course.student(student, "fetch_assignment", ASSIGNMENT, "--course", "jax-course")
        notebook = course.student_notebook(student, ASSIGNMENT)
        for exercise, source in {**answers, **(OTHER_ORDER if student == "ana" else REUSED_KEY)}.items():
            set_solution(notebook, exercise, source)
        course.student(student, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")
    course.instructor("collect", ASSIGNMENT)
    course.batch = subprocess.run(
        [str(BIN / "jaxgrade"), "autograde", ASSIGNMENT, "--jobs", "2", "--course", str(course.root)],
        cwd=course.root, env=course.env(course.homes), capture_output=True, text=True, timeout=900)
    course.instructor("generate_feedback", ASSIGNMENT)
    return course


def _grades(course: Course, student: str) -> dict[str, float]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        notebook = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student)
        return {grade.name: grade.score for grade in notebook.grades if grade.name.startswith("grade_")}


def test_another_split_order_and_other_formulas_earn_full_marks(course: Course) -> None:
    assert course.batch.returncode == 0, course.batch.stderr
    assert sum(_grades(course, "ana").values()) == max_score(ASSIGNMENT)


def test_a_reused_key_and_an_unrolled_loop_lose_exactly_their_points(course: Course) -> None:
    assert _grades(course, "ben") == grade_cells(
        ASSIGNMENT,
        init_layer=max_score(ASSIGNMENT, "init_layer") - points(ASSIGNMENT, "init_layer.key_discipline"),
        batched_dot=max_score(ASSIGNMENT, "batched_dot") - points(ASSIGNMENT, "batched_dot.compact_trace"),
        fit=max_score(ASSIGNMENT, "fit"),
    )


def test_the_feedback_names_the_line_that_reuses_the_key(course: Course) -> None:
    page = (course.root / "feedback" / "ben" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert "b = 0.1 * jax.random.normal(key, (n_out,))" in text
    assert "jax.random.split" in text
