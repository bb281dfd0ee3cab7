"""Code blocks of the docs pages, read by the tests that run them as written."""

from __future__ import annotations

import re
from pathlib import Path


def doc_block(path: Path, heading: str, language: str) -> str:
    """The first fenced `language` block after the line `heading` of a docs page."""
    text = path.read_text()
    match = re.compile(rf"^```{language}\n(.*?)^```$", re.S | re.M).search(text, text.index(f"\n{heading}\n"))
    assert match, (path, heading, language)
    return match.group(1)
