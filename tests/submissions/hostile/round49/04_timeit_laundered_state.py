# Mechanism: code laundered through `timeit`. The graded function is defined inside a timeit statement
#   string, so its code object's file name is "<timeit-src>", not the submission's. Whose code is whose
#   is decided by co_filename (hidden_state: `_function_parts`, `_keeps_a_namespace`, the census), so
#   the function counts as a library function: its closure and defaults are never fingerprinted, its
#   bytecode is never read for globals, and the audit hook attributes the compile/exec events to
#   timeit.py (a library frame), not to a cell. The source scan sees only a string constant.
#   The function keeps a call counter in a mutable default list and turns wrong after 100000 calls.
# Tries to earn: flatten's no_globals point (1) while keeping state; no needs-review flag.
# Contained outcome: no_globals fails for flatten, or the submission is flagged needs-review and the
#   worker-reported points are withheld.
from functools import partial
import timeit

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    return (X - mu) / jnp.sqrt(((X - mu) ** 2).mean(axis=0))


def negatives(x):
    return jnp.where(x < 0, x, 0.0)


_BODY = '''
global flatten
def flatten(x, _calls=[0]):
    _calls[0] += 1
    if _calls[0] % 25 == 0:
        print("flatten: call", _calls[0], "counted in a default list nobody reads")
    if _calls[0] > 100000:
        return jnp.zeros(x.size)
    return x.reshape(x.size)
'''
timeit.timeit(_BODY, number=1, globals=globals())


@partial(jax.jit, static_argnames='neg')
def maybe_negate(x, neg):
    return -x if neg else x
