"""Report writers: each renders finished results and decides nothing."""

from .gradescope_report import render_gradescope
from .json_report import TIMING_FIELDS, render_json, result_to_dict
from .junit_report import render_junit
from .markdown_report import render_markdown
from .text_report import render_text

WRITERS = {
    "text": render_text,
    "json": render_json,
    "junit": render_junit,
    "markdown": render_markdown,
    "gradescope": render_gradescope,
}

__all__ = ["TIMING_FIELDS", "WRITERS", "render_gradescope", "render_json", "render_junit", "render_markdown",
           "render_text", "result_to_dict"]
