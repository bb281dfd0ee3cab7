"""Hostile notebooks opened in a real Chromium (Debian's) against a real formgrader, on localhost only.

Two students submit notebooks full of markup aimed at whoever opens them (`hostile_notebooks.py`: scripts,
event handlers, `javascript:` and `data:` links, SVG and MathML, frames, forms, CSS that covers the page,
`<meta http-equiv=refresh>`, `<base>`, Markdown-to-HTML tricks, HTML in outputs, attachments and an
exception the judge quotes, hostile tags and metadata; one payload PUTs full marks for every grade with
the instructor's XSRF token). The course collects and autogrades them with the real pipeline
(`nbgrader collect`, `jaxgrade autograde`), generates and releases the feedback, and the students fetch
it. Then a Jupyter server with nbgrader's formgrader serves the course, and Chromium opens each
submission in Manual Grading and each student's released feedback through the server.

What would show a payload that ran: a request to the beacon (a localhost server this test starts), a
changed `document.title`, a page navigated away, a grade the judge did not give, a request that is not
a GET for the page's own assets. Chromium resolves no host name but 127.0.0.1 and logs every request.
The same payloads, rendered by nbconvert without the sanitizer, do fire the beacon: the test can fail.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, urlsplit

import nbformat
import pytest
from nbconvert import HTMLExporter
from nbgrader.api import Gradebook

from graders.common.assignments import get_assignment

from ...browser import needs_chromium, start_chromium
from ...conftest import max_score
from .hostile_notebooks import PAYLOADS, Payload, add_payloads, readable_words, write_unvalidated
from .nbgrader_course import BIN, REPO, Course, free_port, set_solution, start_instructor_server, stop_server
from .test_jupyterlab import _wait

pytestmark = needs_chromium

ASSIGNMENT = "jit"
TOKEN = "jaxgrade-formgrader-token"
MARKDOWN = tuple(p for p in PAYLOADS if p.place == "markdown")
ELSEWHERE = tuple(p for p in PAYLOADS if p.place != "markdown")
# mallory writes markup in Markdown cells and gets `flatten` right; trudy uses every other place, and her
# `negatives` raises an exception whose message is markup (the judge quotes it in the feedback).
STUDENTS: dict[str, tuple[Payload, ...]] = {"mallory": MARKDOWN, "trudy": ELSEWHERE}
FLATTEN = "import jax.numpy as jnp\n\ndef flatten(x):\n    return jnp.ravel(x)"
EXCEPTION_WORDS = "readable words exception"


@dataclass
class Beacon:
    """A localhost HTTP server that records every request it gets: where a payload that ran would call."""

    server: ThreadingHTTPServer
    requests: list[tuple[str, str]] = field(default_factory=list)

    @classmethod
    def start(cls) -> Beacon:
        beacon = cls(ThreadingHTTPServer(("127.0.0.1", 0), _Recorder))
        beacon.server.beacon = beacon  # type: ignore[attr-defined]
        threading.Thread(target=beacon.server.serve_forever, daemon=True).start()
        return beacon

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def calls(self, under: str) -> list[tuple[str, str]]:
        return [(method, path) for method, path in list(self.requests) if path.startswith(under)]


class _Recorder(BaseHTTPRequestHandler):
    def _record(self) -> None:
        self.server.beacon.requests.append((self.command, self.path))  # type: ignore[attr-defined]
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()

    do_GET = do_POST = do_PUT = do_HEAD = do_OPTIONS = _record

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@dataclass
class Served:
    course: Course
    base: Path
    url: str
    beacon: Beacon
    judged: dict[tuple[str, str], tuple[float | None, float | None]]  # what the gradebook held after autograde
    submissions: dict[str, str]  # student -> submission notebook id


def _grades(course: Course) -> dict[tuple[str, str], tuple[float | None, float | None]]:
    with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
        return {(submission.student.id, grade.name): (grade.auto_score, grade.manual_score)
                for submission in gradebook.assignment_submissions(ASSIGNMENT)
                for notebook in submission.notebooks for grade in notebook.grades}


def _submit_hostile_notebooks(course: Course, beacon: str) -> None:
    for student, payloads in STUDENTS.items():
        course.student(student, "fetch_assignment", ASSIGNMENT, "--course", "jax-course")
        path = course.student_notebook(student, ASSIGNMENT)
        if student == "mallory":
            set_solution(path, "flatten", FLATTEN)
        else:
            message = f"<img src=x onerror=\"fetch('{beacon}/exception')\"> {EXCEPTION_WORDS}"
            set_solution(path, "negatives", f"def negatives(x):\n    raise ValueError({message!r})")
        notebook = nbformat.read(path, as_version=4)
        add_payloads(notebook, payloads, beacon)
        write_unvalidated(notebook, path)
        course.student(student, "submit", ASSIGNMENT, "--course", "jax-course", f"--student={student}")


def _write_canary(base: Path, beacon: str) -> None:
    """Every payload in one notebook, rendered by nbconvert alone (no sanitizer): the page the test must see fire."""
    notebook = nbformat.read(REPO / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    add_payloads(notebook, PAYLOADS, beacon)
    page, _ = HTMLExporter(template_name="classic").from_notebook_node(notebook)
    (base / "canary").mkdir()
    (base / "canary" / "hostile.html").write_text(page)


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    base = tmp_path_factory.mktemp("formgrader")
    beacon = Beacon.start()
    try:
        course = Course.released(base, ASSIGNMENT, ())
        _submit_hostile_notebooks(course, f"{beacon.url}/student")
        course.instructor("collect", ASSIGNMENT)
        graded = subprocess.run(
            [str(BIN / "jaxgrade"), "autograde", ASSIGNMENT, "--jobs", "2", "--course", str(course.root)],
            cwd=course.root, env=course.env(course.homes), capture_output=True, text=True, timeout=1800)
        assert graded.returncode == 0, graded.stdout + graded.stderr[-3000:]
        judged = _grades(course)
        course.instructor("generate_feedback", ASSIGNMENT)
        course.instructor("release_feedback", ASSIGNMENT)
        for student in STUDENTS:
            course.student(student, "fetch_feedback", ASSIGNMENT, "--course", "jax-course")
        _write_canary(base, f"{beacon.url}/canary")
        with Gradebook(f"sqlite:///{course.root / 'gradebook.db'}") as gradebook:
            submissions = {student: gradebook.find_submission_notebook(ASSIGNMENT, ASSIGNMENT, student).id
                           for student in STUDENTS}
        port = free_port()
        with open(base / "jupyter-server.log", "w") as log:
            server = start_instructor_server(course, base, port, TOKEN, log)
            try:
                yield Served(course, base, f"http://127.0.0.1:{port}", beacon, judged, submissions)
            finally:
                stop_server(server)
        assert server.poll() is not None
    finally:
        beacon.stop()


@pytest.fixture(scope="module")
def browser(served, tmp_path_factory):
    driver = start_chromium(tmp_path_factory.mktemp("chromium"), log_requests=True)
    driver.implicitly_wait(0)
    driver.get(f"{served.url}/api/status?token={TOKEN}")  # the token's login cookie, for every page after
    _requests(driver)  # what the browser fetched for itself on starting is not a page's
    yield driver
    driver.quit()


def _requests(driver) -> list[tuple[str, str]]:
    """(method, URL) of every request the browser made since the last call."""
    sent = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            request = message["params"]["request"]
            sent.append((request["method"], request["url"]))
    return sent


def _settle(driver) -> None:
    """Let every task the page has queued run (handlers, toggles, focus, timers of 0 ms) before looking."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => setTimeout(done, 0), 0)));")


# In every page: the student's blocks hold no active element, handler, style, class, id or non-http link;
# the page is not covered; nothing in it is a script that the template did not put there.
_INSPECT = """
const blocks = [...document.querySelectorAll('.tex2jax_ignore')];
const found = [];
for (const element of blocks.flatMap(block => [...block.querySelectorAll('*')])) {
  const tag = element.tagName.toLowerCase();
  if (!ALLOWED.includes(tag)) found.push('<' + tag + '>');
  for (const attribute of element.attributes) {
    const value = attribute.value.trim().toLowerCase();
    // tabindex: the formgrader's own script takes every link out of the tab order.
    if (!['href', 'src', 'alt', 'title', 'rel', 'colspan', 'rowspan', 'scope', 'start', 'tabindex']
          .includes(attribute.name))
      found.push(tag + '[' + attribute.name + ']');
    if (attribute.name === 'href' && !/^(https?|mailto):/.test(value)) found.push('href=' + value);
    if (attribute.name === 'src' && !value.startsWith('data:image/')) found.push('src=' + value);
  }
  const style = getComputedStyle(element);
  if (['fixed', 'absolute', 'sticky'].includes(style.position)) found.push(tag + ' position ' + style.position);
}
const scripts = [...document.querySelectorAll('#notebook-container script, .tex2jax_ignore script')].length;
if (scripts) found.push(scripts + ' scripts among the cells');
const probe = document.querySelector(PROBE);
probe.scrollIntoView({block: 'center'});
const box = probe.getBoundingClientRect();
const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
if (top !== probe && !probe.contains(top)) found.push('the page is covered by ' + (top && top.outerHTML.slice(0, 80)));
if (getComputedStyle(document.body).display === 'none') found.push('the body is hidden');
return {found: found, blocks: blocks.length, text: document.body.innerText};
"""
ALLOWED_TAGS = ["a", "abbr", "b", "blockquote", "br", "caption", "code", "dd", "del", "details", "div", "dl", "dt",
                "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p",
                "pre", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "summary", "sup", "table",
                "tbody", "td", "tfoot", "th", "thead", "tr", "tt", "u", "ul", "var", "wbr"]


def _inspect(driver, probe: str) -> dict:
    return driver.execute_script(f"const ALLOWED = {json.dumps(ALLOWED_TAGS)}; const PROBE = {json.dumps(probe)};"
                                 + _INSPECT)


def _assert_only_own_requests(sent: list[tuple[str, str]], origin: str, page: str) -> None:
    """Only GETs, for the page and its own assets: this server, or the CDN its template names (unreachable here)."""
    for method, url in sent:
        parts = urlsplit(url)
        if parts.scheme in ("data", "chrome", "about"):  # inline images; the browser's own pages
            continue
        own = f"{parts.scheme}://{parts.netloc}" == origin or parts.netloc == "cdnjs.cloudflare.com"
        assert method == "GET" and own, f"{page} sent {method} {url}"


def test_the_payloads_fire_where_nothing_sanitizes_them(served: Served, browser) -> None:
    """Without the sanitizer nbconvert's page runs them: what the other tests look for would be seen."""
    browser.get(f"{served.url}/files/canary/hostile.html?token={TOKEN}")
    _wait(lambda: browser.title.startswith("pwned-"), seconds=60, what="a payload to change the title")
    fired = _wait(lambda: {path.split("/")[2] for _, path in served.beacon.calls("/canary/")} or None,
                  seconds=60, what="a payload to call the beacon")
    assert {"script", "img-onerror", "details-ontoggle"} <= fired, fired
    _requests(browser)  # drained: the next page's requests are its own


def test_manual_grading_runs_nothing_a_student_wrote(served: Served, browser) -> None:
    _requests(browser)
    started = time.monotonic()
    for student, payloads in STUDENTS.items():
        page = f"{served.url}/formgrader/submissions/{served.submissions[student]}/"
        browser.get(page)
        # Loaded: the formgrader's own scripts have fetched the grades into the score inputs.
        _wait(lambda: browser.execute_script(
            "const inputs = [...document.querySelectorAll('input.score')];"
            "return inputs.length > 0 && inputs.every(input => input.hasAttribute('placeholder'));"),
            seconds=60, what=f"{student}'s grades in Manual Grading")
        _settle(browser)
        assert browser.current_url == page and browser.title == ASSIGNMENT, (browser.current_url, browser.title)
        seen = _inspect(browser, "input.score")
        assert seen["found"] == [], (student, seen["found"])
        assert seen["blocks"] >= len(payloads)
        for payload in payloads:
            if payload.place != "output":  # a code cell's comment: shown as code
                assert readable_words(payload.name) in seen["text"], (student, payload.name)
        _assert_only_own_requests(_requests(browser), served.url, page)
    print(f"Manual Grading: {len(STUDENTS)} submissions inspected in {time.monotonic() - started:.1f} s")
    assert served.beacon.calls("/student") == []
    assert _grades(served.course) == served.judged  # and nothing changed a grade


def test_released_feedback_runs_nothing_a_student_wrote(served: Served, browser) -> None:
    _requests(browser)
    for student, payloads in STUDENTS.items():
        [fetched] = (served.course.student_home(student) / ASSIGNMENT / "feedback").glob(f"*/{ASSIGNMENT}.html")
        # With the token: the server refuses a page asked for with neither a token nor a referer of its own.
        page = f"{served.url}/files/{quote(fetched.relative_to(served.base).as_posix())}?token={TOKEN}"
        browser.get(page)
        _wait(lambda: browser.execute_script("return document.readyState") == "complete",
              seconds=60, what=f"{student}'s feedback")
        _settle(browser)
        assert browser.current_url == page and browser.title == ASSIGNMENT, (browser.current_url, browser.title)
        seen = _inspect(browser, "#toc")
        assert seen["found"] == [], (student, seen["found"])
        # The student unfolds every verdict's details, where the judge quotes their exception.
        browser.execute_script("document.querySelectorAll('details').forEach(folded => { folded.open = true; });")
        seen = {**seen, "text": _inspect(browser, "#toc")["text"]}
        assert "jaxgrade · negatives" in seen["text"]  # the judge's verdict is there, and readable
        for payload in payloads:
            if payload.place != "output":
                assert readable_words(payload.name) in seen["text"], (student, payload.name)
        if student == "trudy":  # the exception the judge quotes, as text
            assert f'<img src=x onerror="fetch(\'{served.beacon.url}/student/exception\')"> {EXCEPTION_WORDS}' \
                in seen["text"]
        _assert_only_own_requests(_requests(browser), served.url, page)
    assert served.beacon.calls("/student") == []


def test_every_grade_is_the_judges(served: Served) -> None:
    flatten = max_score(ASSIGNMENT, "flatten")
    assert {key: auto for key, (auto, _) in served.judged.items()} == {
        (student, f"grade_{exercise}"): (flatten if (student, exercise) == ("mallory", "flatten") else 0.0)
        for student in STUDENTS for exercise in (e.name for e in get_assignment(ASSIGNMENT).exercises)}
    assert all(manual is None for _, manual in served.judged.values())
    assert _grades(served.course) == served.judged
