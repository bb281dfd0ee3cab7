"""Short, deterministic renderings of values for student-facing messages."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import numpy as np

from .sentences import first_sentence
from .spec import Call

__all__ = ["clip_code", "code_in_span", "first_sentence", "format_call", "format_value", "markdown_text",
           "same_cause", "stable_text"]

_MAX_CHARS = 600


def format_value(value: Any) -> str:
    """`value` as short text, clipped to 600 characters.

    Containers are walked lazily: once the text passes the clip, no further element is
    formatted, so a reply of a million elements costs what its first few hundred cost.
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (np.ndarray, np.generic)):
        array = np.asarray(value)
        if array.ndim == 0:
            # str() of a NumPy scalar is the shortest text that round-trips in its own dtype.
            return str(array[()])
        body = np.array2string(array, precision=5, separator=", ", threshold=40, edgeitems=3,
                               max_line_width=10_000, floatmode="maxprec").replace("\n", "")
        return _clip(f"array({body}, dtype={array.dtype.name})")
    if type(value).__name__ == "KeyData" and isinstance(getattr(value, "data", None), np.ndarray):
        # A typed JAX random key (both_sides/protocol.py), written as the code that makes it again.
        return _clip(f"jax.random.wrap_key_data({format_value(value.data)}, impl={str(value.impl)!r})")
    if isinstance(value, tuple):
        inner = _joined(format_value(item) for item in value)
        return _clip(f"({inner},)" if len(value) == 1 else f"({inner})")
    if isinstance(value, list):
        return _clip("[" + _joined(format_value(item) for item in value) + "]")
    if isinstance(value, dict):
        return _clip("{" + _joined(f"{_short_repr(key)}: {format_value(item)}" for key, item in value.items()) + "}")
    return _clip(_short_repr(value))


def _joined(pieces: Iterable[str]) -> str:
    """`", ".join(pieces)`, stopped once it is longer than the clip (the clip then hides the rest)."""
    taken: list[str] = []
    length = 0
    for piece in pieces:
        taken.append(piece)
        length += len(piece) + 2
        if length > _MAX_CHARS:
            break
    return ", ".join(taken)


def _short_repr(value: Any) -> str:
    # A huge string or bytes is cut before repr: only its first characters can be shown.
    if isinstance(value, (str, bytes)) and len(value) > 4 * _MAX_CHARS:
        return repr(value[: 2 * _MAX_CHARS])
    return repr(value)


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_CHARS else text[: _MAX_CHARS - 5] + " ...]"


def format_call(parameters: tuple[str, ...], call: Call) -> str:
    named = [f"{name}={_argument(value)}" for name, value in zip(parameters, call.args)]
    named += [f"{name}={_argument(value)}" for name, value in call.kwargs.items()]
    return ", ".join(named)


def _argument(value: Any) -> str:
    """An argument as text: a 0-d array says it is one, where a Python number would read the same
    and hide the very shape that failed."""
    if type(value) is np.ndarray and value.ndim == 0:
        return f"array({value[()]}, dtype={value.dtype.name})"
    return format_value(value)


_VOLATILE = (
    (re.compile(r"\bid=\d+"), "id=…"),
    (re.compile(r"\b0x[0-9a-fA-F]{6,}\b"), "0x…"),
)


def stable_text(text: str) -> str:
    """Text from the worker without per-process numbers (object ids, addresses).

    Regrading must reproduce every message; JAX and Python print such numbers.
    """
    for pattern, replacement in _VOLATILE:
        text = pattern.sub(replacement, text)
    return text


# Every ASCII punctuation character that Markdown (CommonMark, GitHub's and mistune's, which
# nbconvert uses) may read as syntax; a backslash before any of them makes it a literal.
_MARKDOWN_SYNTAX = re.compile(r"([\\`*_{}\[\]()#+\-.!|~=:\"'$])")
_CODE_SPAN = re.compile(r"(`+)([^`\n]+?)\1(?!`)")


def _escaped(text: str) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKDOWN_SYNTAX.sub(r"\\\1", text)


def markdown_text(text: str, *, inline: bool = False) -> str:
    """`text` as Markdown that renders to exactly that text: no link, image, HTML or emphasis.

    Student-controlled text (exception messages, output, file names) reaches Markdown
    reports and nbgrader's feedback HTML, and both renderers pass raw HTML through. `&`,
    `<` and `>` become entities, other syntax characters are backslash-escaped, and leading
    spaces become non-breaking so that no line turns into a code block (where escapes
    would show). `inline` also joins lines, for a table cell or a list item.
    """
    # Code spans stay code: CommonMark and mistune render a span's content as literal text (no
    # link, HTML or emphasis inside), and backslashes there would show. The rest is escaped.
    pieces, last = [], 0
    for span in _CODE_SPAN.finditer(text):
        # In a table cell (inline) a pipe would end the cell even inside a span; GFM reads `\|` there.
        pieces += [_escaped(text[last:span.start()]), span.group(0).replace("|", "\\|") if inline else span.group(0)]
        last = span.end()
    text = "".join([*pieces, _escaped(text[last:])])
    if inline:
        return " ".join(line.strip() for line in text.splitlines())
    lines = []
    for line in text.splitlines():
        stripped = line.lstrip(" \t")
        lines.append("&nbsp;" * (len(line) - len(stripped)) + stripped)
    return "  \n".join(lines)


def code_in_span(code: str) -> str:
    """A line of the student's code as it can stand between the single backticks of a message's code
    span: a backtick of its own (Python has them only in strings and comments) would end the span
    and garble the rest, so it is shown as `ˋ` (U+02CB), which reads the same."""
    return code.replace("`", "\u02cb")


def clip_code(code: str, limit: int = 60) -> str:
    """A line of the student's code, as a message quotes it: one line, at most `limit` characters
    (the diagnosis must not push the comparison out of the message's opening), safe in a code span."""
    one_line = code_in_span(" ".join(code.split()))
    return one_line if len(one_line) <= limit else one_line[:limit - 1].rstrip() + "…"


# What places a finding in the student's code, in either language: the lines and cells it names.
_PLACES = re.compile(r"\bline \d+|(?<!\d)\d+번째 줄|\bcell \d+|(?<!\d)\d+번째 셀")
# The exception a finding reports: "raised TypeError", "TypeError를 발생".
_RAISED = re.compile(r"raised (\w+)|(\w+)[을를] 발생")
# Words that only say how the call was made, not what went wrong.
_HOW_CALLED = re.compile(r"^Under `jax\.jit`, |^`jax\.jit` 아래에서 |\s*\((given as NumPy arrays|NumPy 배열로 전달)\)")


# A wrong value, and the findings about one that name no cause (only the line that returns it, or
# the comparison itself): a second check that says only this about a wrong value says nothing new.
_WRONG_VALUE = re.compile(r"wrong result|결과가 틀렸습니다")
_NO_CAUSE = re.compile(r"returns a wrong value\.$|틀린 값을 반환합니다\.$|^(under `jax\.jit`, )?a wrong result:"
                       r"|^wrong result:|^(`jax\.jit` 아래에서 )?결과가 틀렸습니다:")


def same_cause(first: str, second: str) -> bool:
    """Whether `second` (a later check's message) says nothing `first` (the gate's) has not: the
    same first sentence apart from how the call was made (under jit, as NumPy arrays), the same
    lines with the same exception, or a wrong value again with no cause of its own."""
    a, b = (_HOW_CALLED.sub("", first_sentence(text, limit=10_000)).lower() for text in (first, second))
    if a == b:
        return True
    if _WRONG_VALUE.search(first.lower()) and _WRONG_VALUE.search(second.lower()) and _NO_CAUSE.search(b):
        return True
    places_a, places_b = set(_PLACES.findall(a)), set(_PLACES.findall(b))
    raised_a, raised_b = _RAISED.search(a), _RAISED.search(b)
    if (bool(places_a) and places_a == places_b and raised_a is not None and raised_b is not None
            and raised_a.group(0) == raised_b.group(0)):
        return True
    # The gate's message may open with the cause the judge found (`shape.product_inline_at`) and say the exception
    # in its second sentence: the same exception at the same places is still the same cause.
    whole = _HOW_CALLED.sub("", first).lower()
    raised_whole = _RAISED.search(whole)
    return (bool(places_b) and places_b <= set(_PLACES.findall(whole)) and raised_b is not None
            and raised_whole is not None and raised_whole.group(0) == raised_b.group(0))
