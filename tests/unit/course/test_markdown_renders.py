"""Every emphasis in the course's markdown renders as emphasis, in Korean too.

CommonMark closes `**` only when it is right-flanking: `**추적(tracing)**해` stays literal
asterisks, because the closing run follows punctuation and precedes a letter (a Korean particle).
The course content and the feedback messages are rendered with a CommonMark parser, as JupyterLab
and nbgrader render them, and no `**` may survive as text.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from markdown_it import MarkdownIt

from graders.common.messages import MESSAGES

from ...e2e.course.nbgrader_course import REPO

NOTEBOOKS = sorted((REPO / "exercises").glob("*/*.ipynb")) + sorted((REPO / "release").glob("*/*.ipynb"))


def _literal_asterisks(markdown: str) -> list[str]:
    """The text runs of `markdown` (code spans left out) that still hold `**` once rendered."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    leftovers = []
    for block in tokens:
        for child in block.children or ():
            if child.type == "text" and "**" in child.content:
                leftovers.append(child.content)
    return leftovers


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_course_markdown_emphasis_closes(path: Path) -> None:
    document = nbformat.read(path, as_version=4)
    for index, cell in enumerate(document.cells, start=1):
        if cell.cell_type == "markdown":
            assert not _literal_asterisks(cell.source), f"cell {index}: {_literal_asterisks(cell.source)}"


def test_message_emphasis_closes() -> None:
    broken = {(key, lang): _literal_asterisks(text) for key, texts in MESSAGES.items() for lang, text in texts.items()
              if "**" in text and _literal_asterisks(text)}
    assert not broken, broken


def test_the_check_sees_a_particle_after_punctuation() -> None:
    assert _literal_asterisks("함수를 **추적(tracing)**해 컴파일합니다")
    assert not _literal_asterisks("함수를 **추적**(tracing)해 컴파일합니다")
