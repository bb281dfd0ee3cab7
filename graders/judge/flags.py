"""A note for the instructor: a stable code a script can match, and its sentence in the reader's language.

The sentence changes with `--lang`; the code never does (`needs-review`, `cell-failed`, ...), so a CI job
that looks for submissions to review reads the JSON report's `flag_codes` in any language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graders.common.i18n import t

__all__ = ["Flag", "raise_flag"]


@dataclass(frozen=True)
class Flag:
    """`code`: the message key's name with dashes (`flag.needs_review` is `needs-review`); `text`: the sentence."""

    code: str
    text: str


def raise_flag(name: str, lang: str, /, **params: Any) -> Flag:
    """The flag `flag.<name>` of graders/common/messages.py, worded in `lang`."""
    return Flag(name.replace("_", "-"), t(f"flag.{name}", lang, **params))
