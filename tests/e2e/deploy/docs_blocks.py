"""Code blocks of the docs pages, read by the tests that run them as written."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from pathlib import Path

__all__ = ["doc_block", "doc_blocks", "with_names"]


def doc_blocks(path: Path, heading: str, language: str) -> list[str]:
    """Every fenced `language` block under the line `heading` of a docs page, up to the next heading of its level."""
    text = path.read_text()
    start = text.index(f"\n{heading}\n")
    level = heading.split(" ", 1)[0]
    following = re.compile(rf"^{level} ", re.M).search(text, start + len(heading) + 2)
    section = text[start:following.start() if following else len(text)]
    blocks = re.compile(rf"^```{language}\n(.*?)^```$", re.S | re.M).findall(section)
    assert blocks, (path, heading, language)
    return blocks


def doc_block(path: Path, heading: str, language: str) -> str:
    """The first fenced `language` block after the line `heading` of a docs page."""
    text = path.read_text()
    match = re.compile(rf"^```{language}\n(.*?)^```$", re.S | re.M).search(text, text.index(f"\n{heading}\n"))
    assert match, (path, heading, language)
    return match.group(1)


def with_names(block: str, values: Mapping[str, str]) -> str:
    """A block of `NAME=value  # comment` lines with the values of `values` in place of the page's own.

    Only values change: every name given must be one the block sets, and nothing else of it is touched.
    """
    lines, left = [], dict(values)
    for line in block.splitlines():
        name = line.split("=", 1)[0]
        if "=" in line and name in left:
            comment = line.split("#", 1)[1] if "#" in line else ""
            line = f"{name}={shlex.quote(left.pop(name))}" + (f"  #{comment}" if comment else "")
        lines.append(line)
    assert not left, f"the names block sets no {sorted(left)}"
    return "\n".join(lines) + "\n"
