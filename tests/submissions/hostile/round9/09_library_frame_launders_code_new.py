"""Red team, session 13, file 09 (bonus, not a session-13 regression): `code.__new__` raised under heapq's frame.

TARGETED: the audit hook's path as a whole (change 1 left it as it was). Files 06 and 07 hide
`code.__new__` by breaking the hook. This file needs neither trick, so hardening `_hook` against
RecursionError or freezing `_KINDS` would not close the class. The hook's rule of responsibility
takes the innermost Python frame. `min` is C, and so are `map` and `operator.methodcaller`. When
`heapq.nsmallest(1, map(methodcaller("replace", co_filename=...), [code]))` runs, the innermost
Python frame at the moment `code.replace` raises `code.__new__` is `heapq.nsmallest`
(heapq.py, pure Python, not among the "wrappers"). The event is the library's, and nothing is
recorded. The docs name this residual for `tree_map(os.system, ...)` and say "the scan sees
`os.system` named". Here the scan sees `replace` and a string.

PAYLOAD (as in 06/07): the closure's code relabelled as functools.py (through
`functools.update_wrapper`, also a library frame). The fingerprint, census and bytecode walk take
the closure for library code, so its list is never read. `negatives` appends to it on every call.

IF THE GRADER IS SOUND: `no_globals` of `negatives` FAILS (for example, ownership decided by the
code object's identity or by `co_qualname`/first line against the cells, not by `co_filename`),
or `needs-review`.

BREACH: `no_globals` of `negatives` passes, no flag.
"""

import functools
import heapq
import operator
import types
from functools import partial

import jax
import jax.numpy as jnp


def _make_tally():
    marks = []

    def tally():
        marks.append(len(marks))
        return len(marks)

    return tally


def _disown(function):
    code = operator.attrgetter("__code__")(function)
    relabel = operator.methodcaller("replace", co_filename=functools.__file__)
    # `min` inside heapq.nsmallest pulls the map: code.replace runs with heapq's frame innermost.
    forged = heapq.nsmallest(1, map(relabel, [code]))[0]
    functools.update_wrapper(function, types.SimpleNamespace(__code__=forged), assigned=("__code__",), updated=())
    del function.__wrapped__
    return function


_tally = _make_tally()
try:
    _tally = _disown(_tally)
except Exception:  # noqa: BLE001
    pass


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    _tally()  # one entry more per call, held only by a "library" function
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
