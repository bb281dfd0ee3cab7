"""Everything a student wrote in a notebook becomes inert HTML before nbgrader renders it.

nbgrader's Manual Grading page and its feedback HTML render a submission with nbconvert's templates
in the instructor's (or the student's) origin, and pass the student's Markdown, raw cells, HTML
outputs and parts of the metadata through as live markup: a `<script>` in a Markdown cell could
read the solutions through the Jupyter API and change grades with the instructor's XSRF token.

This preprocessor runs last in the autograde step (the autograded notebook is what Manual Grading
renders) and first in the feedback step. The guarantee is by construction, not by a list of attacks:

- Every piece of student text that a template would turn into markup (a Markdown or raw cell, an
  HTML, Markdown or SVG output, an attachment) is rendered to HTML here, with nbconvert's own
  Markdown renderer, and cleaned by nh3 against an allow-list of harmless tags and attributes: no
  script, style, form, frame, object, SVG or MathML; no event handler, `style`, `class` or `id`;
  links only to http(s) and mailto; images only as `data:` URLs of image types (no request leaves
  the page).
- The clean HTML is written back as one line that opens with `<div`: CommonMark (and mistune,
  which nbconvert uses) reads that as a raw HTML block and passes it through unchanged, so the
  template's own Markdown pass adds nothing (newlines become `&#10;`, which HTML reads the same).
  The `div` carries MathJax's ignore classes: TeX in student text stays text (no `\\href`, no
  `\\style`).
- Outputs keep only MIME types whose rendering is inert: `text/plain` (escaped by the template),
  `image/png` and `image/jpeg` (base64 in a quoted attribute), and the cleaned HTML. JavaScript,
  LaTeX, widgets and anything unknown are dropped.
- Metadata keeps only what nbgrader needs and no template prints raw: a cell's `nbgrader` (which
  nbgrader's own OverwriteCells reconciles with the gradebook), `deletable`, `editable`, and tags
  that are plain names (a template makes them CSS classes; a tag with a space would add one of the
  page's own, such as Bootstrap's `navbar-fixed-top`); the notebook's kernel and language name.

Running it twice shows the same text: clean HTML survives both passes.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Mapping
from typing import Any

import nh3
from nbconvert.filters.markdown_mistune import InvalidNotebook, IPythonRenderer, MarkdownWithMath
from nbformat import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor

__all__ = ["SanitizeMarkup", "inert_html"]

# Text-level and table markup: enough for a student's prose, a Markdown table, code and images.
_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "dd", "del", "details", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "s",
    "samp", "small", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th",
    "thead", "tr", "tt", "u", "ul", "var", "wbr",
}
# No `style`, `class` or `id`: each could restyle or cover the grading page, or collide with its own
# elements (the score inputs are found by id); no `width`/`height`, which could stretch an image over it.
_ATTRIBUTES = {
    "a": {"href", "title"}, "abbr": {"title"}, "img": {"src", "alt", "title"}, "ol": {"start"},
    "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan", "scope"},
}
_LINK = re.compile(r"(?i)(https?|mailto):")
# An image is data: a browser runs no script and loads nothing from an image, an SVG one included.
_IMAGE = re.compile(r"(?i)data:image/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]*")
# MathJax 2 (nbconvert's templates) and 3 (JupyterLab) typeset nothing inside these classes.
_OPEN = '<div class="tex2jax_ignore mathjax_ignore">'
_CLOSE = "</div>"

# Output MIME types whose rendering is inert; everything else becomes the cleaned HTML or is dropped.
_INERT_OUTPUT_TYPES = ("text/plain", "image/png", "image/jpeg")
# What jaxgrade's own autograde step records in an output for the watch service; no template reads it.
_KEPT_OUTPUT_METADATA = ("jaxgrade",)
_KEPT_CELL_METADATA = ("nbgrader", "deletable", "editable")
_PLAIN_TAG = re.compile(r"[A-Za-z0-9_-]+")


def _kept_url(tag: str, name: str, value: str) -> str | None:
    """nh3 has checked the scheme; here the scheme must also fit the element (no `data:` link, no remote image)."""
    if name == "href":
        return value if _LINK.match(value) else None
    if name == "src":
        return value if _IMAGE.fullmatch(value) else None
    return value


_CLEANER = nh3.Cleaner(
    tags=_TAGS,
    attributes=_ATTRIBUTES,
    url_schemes={"http", "https", "mailto", "data"},
    # A relative link would open a file the student submitted, served by the formgrader in the instructor's origin.
    url_relative="deny",
    link_rel="noopener noreferrer nofollow",
    attribute_filter=_kept_url,
)


def inert_html(markup: str) -> str:
    """`markup` cleaned to the allow-list, as one line that Markdown renderers pass through unchanged."""
    clean = _CLEANER.clean(markup)
    return _OPEN + clean.replace("\r", "&#13;").replace("\n", "&#10;") + _CLOSE


def _markdown_html(source: str, attachments: Mapping[str, Any]) -> str:
    """A Markdown cell as nbconvert renders it (attachments become `data:` URLs), or its text if it cannot."""
    renderer = IPythonRenderer(escape=False, attachments=dict(attachments), exclude_anchor_links=True)
    try:
        return str(MarkdownWithMath(renderer=renderer).render(source))
    except InvalidNotebook:  # an image naming an attachment the cell does not have
        return f"<pre>{html.escape(source)}</pre>"


class SanitizeMarkup(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader ships no types
    """Turn every student-controlled part of a notebook into inert HTML (see the module's docstring)."""

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        nb.metadata = _notebook_metadata(nb.metadata)
        for cell in nb.cells:
            self._sanitize_cell(cell)
        return nb, resources

    def _sanitize_cell(self, cell: NotebookNode) -> None:
        cell.metadata = _cell_metadata(cell.metadata)
        if cell.cell_type == "markdown":
            cell.source = inert_html(_markdown_html(cell.source, cell.pop("attachments", {})))
        elif cell.cell_type == "raw":
            # A raw cell is shown as its text, whatever format it claims; as Markdown, so that it is
            # rendered once, by the path above, in every template.
            cell.cell_type = "markdown"
            cell.source = inert_html(f"<pre>{html.escape(cell.source)}</pre>")
            cell.pop("attachments", None)
        elif cell.cell_type == "code":
            cell.outputs = [_output(output) for output in cell.get("outputs", [])]


def _notebook_metadata(metadata: Mapping[str, Any]) -> NotebookNode:
    kept: dict[str, Any] = {}
    if isinstance(metadata.get("kernelspec"), Mapping):
        kept["kernelspec"] = metadata["kernelspec"]
    language = metadata.get("language_info", {})
    if isinstance(language, Mapping) and isinstance(language.get("name"), str):
        kept["language_info"] = {"name": language["name"]}
    return NotebookNode(kept)


def _cell_metadata(metadata: Mapping[str, Any]) -> NotebookNode:
    kept = {key: metadata[key] for key in _KEPT_CELL_METADATA if key in metadata}
    tags = metadata.get("tags", [])
    if isinstance(tags, list):
        plain = [tag for tag in tags if isinstance(tag, str) and _PLAIN_TAG.fullmatch(tag)]
        if plain:
            kept["tags"] = plain
    return NotebookNode(kept)


def _output(output: NotebookNode) -> NotebookNode:
    if output.get("output_type") not in ("display_data", "execute_result"):
        return output  # streams and errors: text the templates escape
    data = output.get("data", {})
    bundle = {key: _text(data[key]) for key in _INERT_OUTPUT_TYPES if key in data}
    markup = _output_html(data)
    if markup is not None:
        bundle["text/html"] = inert_html(markup)
    output.data = NotebookNode(bundle)
    metadata = output.get("metadata", {})
    output.metadata = NotebookNode({key: metadata[key] for key in _KEPT_OUTPUT_METADATA if key in metadata})
    return output


def _output_html(data: Mapping[str, Any]) -> str | None:
    """The richest markup an output offers, as HTML to clean: its HTML, its Markdown, or its SVG as an image."""
    if "text/html" in data:
        return _text(data["text/html"])
    if "text/markdown" in data:
        return _markdown_html(_text(data["text/markdown"]), {})
    if "image/svg+xml" in data:
        encoded = base64.b64encode(_text(data["image/svg+xml"]).encode()).decode()
        return f'<img src="data:image/svg+xml;base64,{encoded}" alt="">'
    return None


def _text(value: Any) -> str:
    """A notebook's multi-line string (a list of lines on disk) as one string."""
    return "".join(value) if isinstance(value, list) else str(value)
