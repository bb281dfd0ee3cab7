"""Student-controlled text is never live markup in a rendered report, and stays readable in plain ones."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import nbformat
import pytest
from markdown_it import MarkdownIt
from nbconvert import HTMLExporter
from nbconvert.filters.markdown_mistune import markdown2html_mistune
from nbformat.v4 import new_code_cell, new_notebook, new_output

from graders.common.results import (
    FileError,
)
from graders.reports import (
    render_gradescope,
    render_json,
    render_junit,
    render_markdown,
    render_text,
    result_to_dict,
)
from graders.reports.analytics import ClassData, render_analytics
from graders.reports.markdown_report import render_feedback

from ...conftest import SUBMISSIONS

PAYLOAD = "<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))"
# What must never appear in HTML rendered from a report: a live element or a javascript: link.
LIVE = ("<script", "<img", 'href="javascript', "href='javascript", "onerror=alert(1)>")


def _assert_inert(html: str) -> None:
    lowered = html.lower()
    for markup in LIVE:
        assert markup not in lowered, (markup, html[max(0, lowered.find(markup) - 200):lowered.find(markup) + 200])
    # The text itself is still there for the reader, as text.
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, html


@pytest.fixture(scope="module")
def injected(graded):
    result = graded(SUBMISSIONS / "hostile" / "markup_injection.py", "jit")
    message = next(c for e in result.exercises if e.name == "negatives" for c in e.checks).message
    assert PAYLOAD in message  # the payload reached the report: the test tests something
    return result


@pytest.mark.parametrize("renderer", ["markdown-it", "mistune"])
def test_the_markdown_report_renders_the_payload_as_text(injected, renderer) -> None:
    text = render_markdown([injected, FileError(f"{PAYLOAD}.py", "jit", f"could not read {PAYLOAD}")])
    # GitHub, markdown-it and nbconvert's mistune all pass raw HTML through.
    html = (MarkdownIt("commonmark", {"html": True}).render(text) if renderer == "markdown-it"
            else markdown2html_mistune(text))
    _assert_inert(html)
    assert "<details>" in html  # the report's own markup is still markup


def test_nbgrader_feedback_html_shows_the_payload_as_text(injected) -> None:
    exercise = next(e for e in injected.exercises if e.name == "negatives")
    notes = [f"flag: {PAYLOAD}"]
    cell = new_code_cell("negatives")
    # What JaxgradeScores writes, rendered the way nbgrader's generate_feedback renders it.
    cell.outputs = [new_output("display_data", data={"text/markdown": render_feedback(exercise, notes, "en"),
                                                     "text/plain": render_feedback(exercise, notes, "en", plain=True)})]
    html, _ = HTMLExporter().from_notebook_node(nbformat.from_dict(new_notebook(cells=[cell])))
    body = html[html.index("<body"):]
    for markup in ("<script>alert", "<img src=x", 'href="javascript'):
        assert markup not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert PAYLOAD in render_feedback(exercise, notes, "en", plain=True)  # the plain view stays plain


def test_the_analytics_page_shows_the_payload_as_text(injected) -> None:
    data = ClassData()
    data.add(json.loads(json.dumps(result_to_dict(injected))))
    data.add({"submission": PAYLOAD, "assignment": "jit", "error": PAYLOAD, "exercises": []})
    _assert_inert(render_analytics(data, title=PAYLOAD))


def test_plain_reports_keep_the_text_as_it_was(injected) -> None:
    assert PAYLOAD in render_text([injected])
    assert PAYLOAD in json.dumps(json.loads(render_json([injected])), ensure_ascii=False)
    root = ElementTree.fromstring(render_junit([injected]).split("\n", 1)[1])
    assert any(PAYLOAD in (node.text or "") for node in root.iter() if node.tag in ("failure", "error"))
    gradescope = json.loads(render_gradescope([injected]))
    assert all(test["output_format"] == "text" for test in gradescope["tests"])
    assert any(PAYLOAD in test["output"] for test in gradescope["tests"])


# What a student can print or put in an exception message to forge a terminal report or break a JUnit file.


