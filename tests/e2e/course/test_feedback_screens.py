"""The feedback page and the formgrader's view of it, as a student and an instructor see them, in each
language of the course, in a real headless Chromium at a laptop's width.

One course per language (`c.JaxgradeScores.lang` in its `nbgrader_config.py`; the grading process is
told the other language through `JAXGRADE_LANG`, which must not win). One student submits: `norm` right
but not jit-compiled, `negatives` raising an error, the other two right. `jaxgrade autograde`, then
nbgrader's `generate_feedback`; a Jupyter server with nbgrader's formgrader serves the course.

What a reader sees at a glance: the table of contents names each function (nbgrader's own page says
"Test cell" for every one), each verdict opens with its mark and score in the course's language, the
details are folded, no bare score (`Out[ ]: 7.0`) follows a verdict, and no line of a verdict's
summary wraps into one-syllable columns. The pages are
saved as screenshots (`JAXGRADE_TEST_ARTIFACTS/screens/`, where set): `docs/screens/` holds the ones
the documentation shows.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from nbgrader.api import Gradebook

from graders.common.assignments import get_assignment

from ...browser import needs_chromium, start_chromium
from .nbgrader_course import (
    BIN,
    Course,
    copy_course_config,
    free_port,
    set_solution,
    start_instructor_server,
    stop_server,
)
from .test_jupyterlab import _wait

pytestmark = needs_chromium

ASSIGNMENT = "jit"
STUDENT = "minji"
TOKEN = "jaxgrade-screens-token"
FUNCTIONS = tuple(exercise.name for exercise in get_assignment(ASSIGNMENT).exercises)
NORM = "def norm(X):\n    centred = X - X.mean(axis=0)\n    return centred / X.std(axis=0)"
NEGATIVES = "def negatives(x):\n    raise ValueError('not written yet')"
# The words each language's verdict opens with, and the other language's, which must not appear.
OPENING = {"ko": "통과", "en": "passed"}
LAPTOP = (1366, 900)


@dataclass(frozen=True)
class Served:
    lang: str
    course: Course
    base: Path
    url: str
    submission: str  # the submission notebook's id in the gradebook


def _other(lang: str) -> str:
    return "en" if lang == "ko" else "ko"


@pytest.fixture(scope="module", params=["ko", "en"])
def served(request, tmp_path_factory) -> Iterator[Served]:
    lang: str = request.param
    base = tmp_path_factory.mktemp(f"screens-{lang}")
    course = Course.create(base)
    copy_course_config(course.root, lang)
    course.instructor("generate_assignment", ASSIGNMENT, "--force")
    course.instructor("release_assignment", ASSIGNMENT, "--force")
    course.student(STUDENT, "fetch_assignment", ASSIGNMENT, "--course", "jax-course")
    notebook = course.student_notebook(STUDENT, ASSIGNMENT)
    set_solution(notebook, "norm", NORM)
    set_solution(notebook, "negatives", NEGATIVES)
    course.student(STUDENT, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={STUDENT}")
    course.instructor("collect", ASSIGNMENT)
    environment = {**course.env(course.homes), "JAXGRADE_LANG": _other(lang)}
    graded = subprocess.run([str(BIN / "jaxgrade"), "autograde", ASSIGNMENT, "--course", str(course.root)],
                            cwd=course.root, env=environment, capture_output=True, text=True, timeout=1200)
    assert graded.returncode == 0, graded.stdout + graded.stderr[-3000:]
    course.instructor("generate_feedback", ASSIGNMENT)
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, STUDENT).id
    port = free_port()
    with open(base / "jupyter-server.log", "w") as log:
        server = start_instructor_server(course, base, port, TOKEN, log)
        try:
            yield Served(lang, course, base, f"http://127.0.0.1:{port}", submission)
        finally:
            stop_server(server)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = start_chromium(tmp_path_factory.mktemp("chromium"))
    driver.implicitly_wait(0)
    driver.set_window_size(*LAPTOP)
    yield driver
    driver.quit()


def _open(driver, served: Served, page: str) -> None:
    driver.get(f"{page}{'&' if '?' in page else '?'}token={TOKEN}")
    _wait(lambda: driver.execute_script("return document.readyState") == "complete", seconds=60, what=page)
    _wait(lambda: "jaxgrade ·" in driver.find_element("tag name", "body").text, seconds=60,
          what=f"the verdict in {page}")


def _keep(driver, served: Served, name: str) -> Path:
    """A screenshot of the page's top, where the verdicts start; kept with the test's artifacts when asked."""
    driver.execute_script(
        "const first = [...document.querySelectorAll('strong')].find(e => e.textContent.includes('jaxgrade ·'));"
        "if (first) first.closest('.cell, .output_area, div').scrollIntoView({block: 'start'});"
        "window.scrollBy(0, -70);")  # below the formgrader's fixed header
    shot = served.base / f"{served.lang}-{name}.png"
    assert driver.save_screenshot(str(shot))
    artifacts = os.environ.get("JAXGRADE_TEST_ARTIFACTS")
    if artifacts:
        kept = Path(artifacts) / "screens"
        kept.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, kept / shot.name)
    return shot


# The text of every verdict block (the judge's part of a grade cell's output), without the notebook's own.
_VERDICTS = """
return [...document.querySelectorAll('strong')].filter(e => e.textContent.includes('jaxgrade ·'))
  .map(strong => (strong.closest('.output_area, .output_subarea, .jp-OutputArea-output') || strong.parentElement)
  .innerText);
"""

# Every verdict block's summary lines (what is shown before any details are opened): their rendered
# height against the line height, so a column squeezed to one syllable per line shows.
_SUMMARIES = """
return [...document.querySelectorAll('strong')].filter(e => e.textContent.includes('jaxgrade ·')).map(strong => {
  const block = strong.closest('div, p');
  const lines = [...block.parentElement.children].filter(e => !e.closest('details'));
  return lines.map(e => {
    const style = getComputedStyle(e);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
    return {text: e.innerText.slice(0, 80), height: e.getBoundingClientRect().height, line: line,
            width: e.getBoundingClientRect().width};
  });
});
"""


def test_the_feedback_page_reads_at_a_glance(served: Served, browser) -> None:
    [page] = (served.course.root / "feedback" / STUDENT / ASSIGNMENT).glob(f"{ASSIGNMENT}.html")
    _open(browser, served, f"{served.url}/files/{quote(page.relative_to(served.base).as_posix())}")
    contents = browser.execute_script("return document.querySelector('#toc').innerText")
    assert "Test cell" not in contents, contents
    for function in FUNCTIONS:
        assert function in contents, contents
    verdicts = "\n".join(browser.execute_script(_VERDICTS))
    assert "jaxgrade · norm" in verdicts and "❌" in verdicts and "✅" in verdicts, verdicts[:2000]
    # The course's language, whatever JAXGRADE_LANG said to the process that graded.
    assert OPENING[served.lang] in verdicts and OPENING[_other(served.lang)] not in verdicts, verdicts[:2000]
    # The bare score nbgrader reads partial credit from is not on the page: the heading has it.
    body = browser.find_element("tag name", "body").text
    assert "Out[ ]:\n7.0" not in body and "Out[ ]:\n0.0" not in body, body[:3000]
    for block in browser.execute_script(_SUMMARIES):
        for line in block:
            assert line["width"] > 300, line  # not a squeezed column
    _keep(browser, served, "feedback")


def test_the_formgrader_shows_the_same_verdicts(served: Served, browser) -> None:
    _open(browser, served, f"{served.url}/formgrader/submissions/{served.submission}/")
    verdicts = "\n".join(browser.execute_script(_VERDICTS))
    assert "jaxgrade · norm" in verdicts and "jaxgrade · negatives" in verdicts, verdicts[:2000]
    assert OPENING[served.lang] in verdicts and OPENING[_other(served.lang)] not in verdicts
    _keep(browser, served, "formgrader")
