"""Report writers: each renders finished results and decides nothing."""

from .json_report import render_json, result_to_dict
from .text_report import render_text

WRITERS = {"text": render_text, "json": render_json}

__all__ = ["WRITERS", "render_json", "render_text", "result_to_dict"]
