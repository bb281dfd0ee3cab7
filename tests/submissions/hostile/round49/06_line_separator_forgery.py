# Mechanism: report forgery with the Unicode line and paragraph separators (U+2028, U+2029). `printable`
#   escapes C0/C1 controls, bidi and zero-width characters, but not these two. The text report indents
#   each message by 6 columns with rich, then re-splits its buffer with str.splitlines(), which breaks
#   lines at U+2028/U+2029 too: what follows a separator starts a new line at column 0, exactly where
#   the report's own headers stand. Exception MESSAGES are folded to one line on the way (contained),
#   but the exception's CLASS NAME is quoted as it is ("raised {type}"), and type() accepts any string:
#   `flatten` raises an exception whose class name carries a fake "Assignment: jit   Score: 30 / 30"
#   header and a fake exercise line. The printed output carries separators too.
# Tries to earn: forged report lines (a second, fake "Score: 30 / 30" header) starting at column 0 in
#   the text report, indistinguishable from the real ones; raw separators in JSON and Markdown.
# Contained outcome: separators escaped (\u2028) or folded everywhere; no line of the text report that
#   the student wrote starts at column 0.
from functools import partial

import jax
import jax.numpy as jnp

_FORGED = (
    "ShapeError"
    "\u2028"
    "\u2028Assignment: jit   Score: 30 / 30"
    "\u2029"
    "\u2028flatten  6/6"
    "\u2028"
)
_Forged = type(_FORGED, (ValueError,), {})


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    return (X - mu) / jnp.sqrt(((X - mu) ** 2).mean(axis=0))


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


def flatten(x):
    raise _Forged("shape mismatch" + _FORGED)


@partial(jax.jit, static_argnames='neg')
def maybe_negate(x, neg):
    return -x if neg else x


print("demo output" + "\u2028Assignment: jit   Score: 30 / 30")
