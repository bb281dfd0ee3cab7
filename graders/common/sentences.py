"""What a message says first: its first sentence, and the length every one must fit in.

Its own module, below the specs: a spec checks a misconception's opening when it is built, and the
message formatting (`format.py`) reads the specs.
"""

from __future__ import annotations

__all__ = ["FIRST_SENTENCE_LIMIT", "first_sentence"]

FIRST_SENTENCE_LIMIT = 200


def first_sentence(text: str, limit: int = FIRST_SENTENCE_LIMIT) -> str:
    """What a message says first: up to its first sentence end or line break, at most `limit` characters."""
    line = text.strip().split("\n", 1)[0]
    for end in (". ", "。", "? ", "! "):
        if end in line:
            line = line[:line.index(end) + 1]
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "…"
