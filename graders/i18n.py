"""Student-facing text in Korean and English, from one catalog."""

from __future__ import annotations

import string
from typing import Any

from .messages import MESSAGES

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "placeholders", "t"]

LANGUAGES = ("ko", "en")
DEFAULT_LANGUAGE = "ko"


def t(key: str, lang: str, **params: Any) -> str:
    """The message `key` in `lang`, filled with `params`."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang={lang!r} is not supported; use one of {', '.join(LANGUAGES)}")
    try:
        template = MESSAGES[key][lang]
    except KeyError:
        raise KeyError(f"message key {key!r} is missing from graders/messages.py") from None
    return template.format(**params)


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}
