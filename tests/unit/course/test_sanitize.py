"""What nbgrader renders from a sanitized notebook holds no markup a student wrote (graders/course/sanitize.py).

The construction is checked with the renderers as installed: the clean HTML passes through nbconvert's
Markdown renderer (and CommonMark's) unchanged, and a page rendered by nbgrader's own formgrade and
feedback templates from a hostile notebook has exactly the active parts (scripts, handlers, frames,
styles, links that are not http) of the same page without the hostile cells. The browser test
(`test_hostile_markup_browser.py`) opens such pages in Chromium against a real formgrader.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from nbconvert import HTMLExporter
from nbconvert.filters.markdown_mistune import markdown2html_mistune
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from traitlets.config import Config, PyFileConfigLoader

from graders.common.results import CheckResult, ExerciseResult, Status
from graders.course.sanitize import SanitizeMarkup, inert_html
from graders.reports.markdown_report import render_feedback

from ...e2e.course.hostile_notebooks import PAYLOADS, add_payloads, readable_words
from ...e2e.course.nbgrader_course import REPO

BEACON = "http://127.0.0.1:9"
RELEASED = REPO / "release" / "jit" / "jit.ipynb"
# Pieces of Markdown, HTML and TeX that change how the rest of a text is read.
TOKENS = ["<script>", "</script>", "<img src=x onerror=alert(1)>", "](javascript:alert(1))", "[", "]", "(", ")",
          "<", ">", "\n", "\n\n", "    ", "\t", "$$", "$", "```", "~~~", "<div>", "</div>", "<pre>", "</pre>",
          "&#10;", "&lt;", "&", "<!--", "-->", "<![CDATA[", "]]>", "`", "|", "---", "===", "> ", "- ", "1. ",
          "<svg onload=alert(1)>", ' style="position:fixed"', "\\", "\\begin{x}", "\\end{x}", "<?", "?>",
          "<textarea>", "<style>", "'", '"', "*", "_", "#", "\r", "\x00", "\u2028"]
fragments = st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=4)), max_size=40).map("".join)


def _sanitized(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    notebook, _ = SanitizeMarkup().preprocess(copy.deepcopy(notebook), {})
    return notebook


@given(fragments)
def test_markdown_renderers_pass_the_clean_html_through_unchanged(text: str) -> None:
    [cell] = _sanitized(new_notebook(cells=[new_markdown_cell(text)])).cells
    source = cell.source
    assert "\n" not in source and source.startswith("<div ")
    assert markdown2html_mistune(source).strip() == source
    assert MarkdownIt("commonmark", {"html": True}).render(source).strip() == source


@given(fragments)
def test_clean_html_holds_nothing_active(text: str) -> None:
    assert _ActiveParts.of(inert_html(text)).students == Counter()


class _ActiveParts(HTMLParser):
    """What in a page can act or reach out: scripts, handlers, frames, styles, forms, non-http links."""

    _ACTIVE_TAGS = {"script", "style", "iframe", "object", "embed", "form", "input", "button", "textarea", "meta",
                    "base", "link", "svg", "math", "video", "audio", "source", "frame", "frameset", "template"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: Counter[str] = Counter()
        self.students: Counter[str] = Counter()  # found inside a block the sanitizer wrote
        self._depth: list[bool] = []
        self.text: list[str] = []

    @classmethod
    def of(cls, page: str) -> _ActiveParts:
        parser = cls()
        parser.feed(page)
        parser.close()
        return parser

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        inside = bool(self._depth and self._depth[-1]) or "tex2jax_ignore" in classes
        found: list[str] = []
        if tag in self._ACTIVE_TAGS:
            found.append(f"<{tag}>")
        for name, value in attrs:
            value = (value or "").strip().lower()
            if name.startswith("on") or name in ("style", "srcdoc", "formaction", "action", "srcset", "poster"):
                found.append(f"{tag}[{name}]")
            elif name in ("href", "src", "data") and not re.match(r"(https?:|mailto:|#|data:image/)", value):
                found.append(f"{tag}[{name}={value[:30]}]")
            elif name in ("class", "id") and inside and tag != "div":
                found.append(f"{tag}[{name}]")
        self.parts.update(found)
        if inside:
            self.students.update(found)
        if tag not in ("img", "br", "hr", "input", "meta", "link", "base", "wbr", "col", "embed", "source"):
            self._depth.append(inside)

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def words(self) -> str:
        return " ".join(" ".join(self.text).split())


def _page(notebook: nbformat.NotebookNode, template: str) -> str:
    config = Config()
    config.HTMLExporter.template_name = template
    import nbgrader.server_extensions.formgrader.handlers as formgrader

    config.HTMLExporter.extra_template_basedirs = [formgrader.template_path]
    # Where nbgrader's generate_feedback finds the Bootstrap CSS its feedback template inlines.
    config.HTMLExporter.extra_template_paths = [
        str(Path(formgrader.template_path).parent / "static" / "node_modules" / "bootstrap" / "dist" / "css")]
    resources: dict[str, Any] = {
        "base_url": "", "submission_id": "s1", "notebook_id": "jit", "assignment_id": "jit", "index": 0, "total": 1,
        "student": "mallory", "notebook_path": "autograded/mallory/jit/jit.ipynb",
        "nbgrader": {"notebook": "jit", "score": 0.0, "max_score": 30.0, "late_penalty": 0},
    }
    notebook = copy.deepcopy(notebook)
    for cell in notebook.cells:  # what nbgrader's GetGrades adds before the feedback is rendered
        if "nbgrader" in cell.metadata:
            cell.metadata.nbgrader.update(score=0.0, comment="")
    page, _ = HTMLExporter(config=config).from_notebook_node(notebook, resources=resources)
    return str(page)


def _released() -> nbformat.NotebookNode:
    return nbformat.read(RELEASED, as_version=4)


@pytest.mark.parametrize("template", ["formgrade", "feedback"])
def test_hostile_cells_add_nothing_active_to_nbgraders_pages(template: str) -> None:
    hostile = _released()
    add_payloads(hostile, PAYLOADS, BEACON)
    page = _page(_sanitized(hostile), template)
    baseline = _page(_sanitized(_released()), template)
    parts = _ActiveParts.of(page)
    assert parts.parts == _ActiveParts.of(baseline).parts, parts.parts - _ActiveParts.of(baseline).parts
    assert parts.students == Counter()
    text = parts.words()
    for payload in PAYLOADS:
        if payload.place != "output":  # a code cell's comment is its source: highlighted, not rendered
            assert readable_words(payload.name) in text, payload.name


def test_without_the_sanitizer_the_same_pages_are_live() -> None:
    """The check above can fail: nbgrader's templates alone keep the payloads live."""
    hostile = _released()
    add_payloads(hostile, PAYLOADS, BEACON)
    live = _ActiveParts.of(_page(hostile, "formgrade")).parts - _ActiveParts.of(_page(_released(), "formgrade")).parts
    for part in ("<script>", "img[onerror]", "<iframe>", "<meta>", "<base>", "<style>", "div[style]", "<form>",
                 "details[ontoggle]"):
        assert live[part], (part, live)


def test_outputs_keep_only_what_renders_inert() -> None:
    cell = new_code_cell("x")
    cell.outputs = [
        new_output("display_data", data={"text/html": "<b>bold</b><img src=x onerror=alert(1)>",
                                         "application/javascript": "alert(1)", "text/latex": "$\\href{x}{y}$",
                                         "application/vnd.jupyter.widget-view+json": {"model_id": "m"},
                                         "text/plain": "plain", "image/png": "iVBORw0KGgo="},
                   metadata={"isolated": True, "image/png": {"width": "1 onload=alert(1)"}, "jaxgrade": {"a": 1}}),
        new_output("execute_result", data={"text/markdown": "**bold** [x](javascript:alert(1))"}, execution_count=1),
        new_output("display_data", data={"image/svg+xml": "<svg onload='alert(1)'><script>alert(2)</script></svg>"}),
        new_output("stream", name="stdout", text="<script>alert(1)</script>"),
    ]
    [html, markdown, svg, stream] = _sanitized(new_notebook(cells=[cell])).cells[0].outputs
    assert set(html.data) == {"text/html", "text/plain", "image/png"}
    assert html.data["text/html"] == '<div class="tex2jax_ignore mathjax_ignore"><b>bold</b><img></div>'
    assert html.metadata == {"jaxgrade": {"a": 1}}
    assert set(markdown.data) == {"text/html"} and "<strong>bold</strong>" in markdown.data["text/html"]
    assert "javascript" not in markdown.data["text/html"]
    assert re.fullmatch(r'<div class="tex2jax_ignore mathjax_ignore"><img src="data:image/svg\+xml;base64,[^"]+" '
                        r'alt=""></div>', svg.data["text/html"])
    assert stream.text == "<script>alert(1)</script>"  # the templates escape a stream


def test_metadata_keeps_only_what_nbgrader_needs() -> None:
    cell = new_markdown_cell("x")
    cell.metadata = {"tags": ["plain-tag", "x navbar-fixed-top", 'y" onclick="alert(1)'], "transient": {"a": 1},
                     "nbgrader": {"grade": False, "grade_id": "g"}, "editable": False, "jupyter": {"x": 1}}
    notebook = new_notebook(cells=[cell], metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3"},
        "language_info": {"name": "python", "pygments_lexer": "html"}, "widgets": {"x": "</script>"}, "title": "<t>"})
    sanitized = _sanitized(notebook)
    assert sanitized.metadata == {"kernelspec": {"name": "python3", "display_name": "Python 3"},
                                  "language_info": {"name": "python"}}
    assert sanitized.cells[0].metadata == {"nbgrader": {"grade": False, "grade_id": "g"}, "editable": False,
                                           "tags": ["plain-tag"]}


def test_raw_cells_and_attachments_become_inert_images_and_text() -> None:
    raw = nbformat.v4.new_raw_cell("<b>raw</b> <script>alert(1)</script>")
    raw.metadata["raw_mimetype"] = "text/html"
    attached = new_markdown_cell("![a](attachment:a.svg) ![b](attachment:b.html) ![c](attachment:missing.png)")
    attached.attachments = {"a.svg": {"image/svg+xml": "PHN2Zy8+"}, "b.html": {"text/html": "PHNjcmlwdD4="}}
    pictured = new_markdown_cell("![a](attachment:a.png)")
    pictured.attachments = {"a.png": {"image/png": "iVBORw0KGgo="}}
    raw_out, missing, picture = _sanitized(new_notebook(cells=[raw, attached, pictured])).cells
    assert raw_out.cell_type == "markdown" and raw_out.metadata == {}
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in raw_out.source  # a raw cell is shown as its text
    # An image naming an attachment the cell lacks: nbconvert refuses to render it; its text is shown.
    assert "attachment:missing.png" in missing.source and "attachments" not in missing
    assert 'src="data:image/png;base64,iVBORw0KGgo="' in picture.source and "attachments" not in picture


def test_sanitizing_twice_shows_the_same_text() -> None:
    hostile = _released()
    add_payloads(hostile, PAYLOADS, BEACON)
    once = _sanitized(hostile)
    twice = _sanitized(once)
    for template in ("formgrade", "feedback"):
        assert _ActiveParts.of(_page(once, template)).words() == _ActiveParts.of(_page(twice, template)).words()


def test_the_judges_feedback_keeps_its_block_and_fold() -> None:
    exercise = ExerciseResult("negatives", (
        CheckResult("correctness", Status.FAILED,
                    "ValueError: <img src=x onerror=alert(1)> $\\href{javascript:alert(1)}{x}$", 0.0, 6.0),
        CheckResult("jit", Status.SKIPPED, "", 0.0, 3.0)))
    cell = new_code_cell("")
    cell.outputs = [new_output("display_data", data={"text/markdown": render_feedback(exercise, [], "en"),
                                                     "text/plain": render_feedback(exercise, [], "en", plain=True)})]
    [output] = _sanitized(new_notebook(cells=[cell])).cells[0].outputs
    html = output.data["text/html"]
    assert "❌ <strong>jaxgrade · <code>negatives</code>: 0 / 9</strong>" in html
    assert "<details><summary>" in html and "</details>" in html  # the full explanations stay folded
    assert "ValueError: &lt;img src=x onerror=alert(1)&gt; $\\href{javascript:alert(1)}{x}$" in html


def test_nbgrader_config_sanitizes_after_every_step_that_writes_cells_and_first_in_feedback() -> None:
    config = PyFileConfigLoader("nbgrader_config.py", path=str(REPO)).load_config()
    # Only the judge's record follows it: it writes the judge's own metadata, nothing of the student's.
    assert config.Autograde.autograde_preprocessors[-2:] == ["graders.course.sanitize.SanitizeMarkup",
                                                             "graders.course.autograde.JaxgradeRecord"]
    assert config.GenerateFeedback.preprocessors[0] == "graders.course.sanitize.SanitizeMarkup"


def test_the_feedback_contents_name_functions_as_escaped_text() -> None:
    """`feedback_page.name_test_cells`: a function's name replaces "Test cell", escaped; other entries stay."""
    import nbformat

    from graders.course.feedback_page import name_test_cells

    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("", metadata={"nbgrader": {"grade_id": "grade_norm", "grade": True}}),
        nbformat.v4.new_code_cell("", metadata={"nbgrader": {"grade_id": "grade_a<b", "grade": True}}),
        nbformat.v4.new_code_cell("", metadata={"nbgrader": {"grade_id": "other", "grade": True}}),
    ])
    page = ('<a href="#grade_norm">Test cell</a> <a href="#grade_a<b">Test cell</a> '
            '<a href="#other">Test cell</a>')
    assert name_test_cells(page, notebook) == (
        '<a href="#grade_norm"><code>norm</code></a> <a href="#grade_a&lt;b"><code>a&lt;b</code></a> '
        '<a href="#other">Test cell</a>')


def test_only_the_feedback_step_gets_the_course_template_and_through_nbgraders_api_too(tmp_path: Path) -> None:
    """The formgrader renders submissions with an `HTMLExporter` of its own (template `formgrade`): a
    course-wide setting would replace its page. nbgrader's API sets the template name `feedback` itself."""
    from nbconvert.exporters import HTMLExporter
    from nbgrader.converters import GenerateFeedback
    from nbgrader.coursedir import CourseDirectory

    config = PyFileConfigLoader("nbgrader_config.py", path=str(REPO)).load_config()
    assert "template_file" not in config.HTMLExporter and "filters" not in config.HTMLExporter
    formgrader_like = HTMLExporter(config=config)
    assert formgrader_like.template_file != "jaxgrade_index.html.j2"

    step = GenerateFeedback(coursedir=CourseDirectory(config=config, root=str(tmp_path)), config=config)
    api_override = type(config)()
    api_override.HTMLExporter.template_name = "feedback"  # what NbGraderAPI.generate_feedback does
    step.update_config(api_override)
    exporter = HTMLExporter(parent=step, config=step.config)
    assert exporter.template_file == "jaxgrade_index.html.j2"
    assert "name_test_cells" in exporter.environment.filters
    assert exporter.template is not None  # found: extends nbgrader's `feedback/index.html.j2`
