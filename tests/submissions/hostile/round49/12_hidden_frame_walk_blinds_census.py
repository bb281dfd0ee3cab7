# Mechanism: introspection laundered through a timeit statement. The source scan reads only a string
#   constant, and the audit hook blames the innermost frame that is not a capability wrapper: for code
#   compiled by timeit that frame is "<timeit-src>", no cell, so `sys._getframe` and frame walking go
#   unrecorded. The hidden code walks up to the worker's loader frame and empties its set of the cells'
#   file names (SubmissionModule.filenames, the same set the audit hook and the census read by identity).
#   From then on no function is "the submission's": the classic closure counter of `negatives`
#   (which the grader normally catches) is read as a library callable, changes only, closure unread.
# Tries to earn: negatives' no_globals point (1) with a counter in a closure; no needs-review flag
#   (sys._getframe, f_back and f_locals never appear in the source).
# Contained outcome: no_globals fails for negatives, or the submission is flagged needs-review
#   (introspection) and every worker-reported point withheld.
from functools import partial
import timeit

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    return (X - mu) / jnp.sqrt(((X - mu) ** 2).mean(axis=0))


def flatten(x):
    return x.reshape(x.size)


def _make():
    calls = [0]

    def negatives(x):
        calls[0] += 1
        if calls[0] % 25 == 0:
            print("negatives: call", calls[0], "in a closure the census no longer owns")
        if calls[0] > 100000:
            return jnp.zeros_like(x)
        return jnp.where(x < 0, x, 0.0)

    return negatives


negatives = _make()


@partial(jax.jit, static_argnames='neg')
def maybe_negate(x, neg):
    return -x if neg else x

timeit.timeit('''
import sys
frame = sys._getframe()
while frame is not None:
    owner = frame.f_locals.get("self")
    names = getattr(owner, "filenames", None)
    if isinstance(names, set) and names:
        print("hidden code: emptied the worker's set of", len(names), "cell file name(s)")
        names.clear()
        break
    frame = frame.f_back
''', number=1)
