"""Red team, session 13, file 06: `code.__new__` raised where the audit hook cannot finish.

TARGETED CHANGE: 1 (graders/sandboxed/audit.py). The hook is now two Python frames deep:
`refuse_quickly` (which calls `kind_of`, itself a Python function), then `AuditTrail._hook`. That
one calls `_kind` outside its `try` and `sys._getframe`/`_responsible_frame` inside a
`try: ... except Exception: pass`. RecursionError is an Exception. Raise a kind event with
exactly three free Python frames left, and this happens: `refuse_quickly` runs, `_hook` runs,
`_kind` runs and returns. Then `self._getframe(2)` raises its own `sys._getframe` audit event,
whose `refuse_quickly` cannot call `kind_of`: RecursionError. `_hook` swallows it, records
nothing, and the audited operation goes on. With fewer frames the operation itself fails with
RecursionError, so the probe below simply tries one level higher until it succeeds, and the
first level that succeeds is the blind one. (The old single-function hook had the same
`except Exception` hole one frame lower; the new wrapper did not close it.)

TRICK: `code.replace(co_filename=<functools.py>)` (audit event `code.__new__`, kind "dynamic",
normally recorded with this file's line) is run at that depth through `_at_the_bottom`. The
closure's `__code__` is then replaced through `functools.update_wrapper(...,
assigned=("__code__",))`. That assignment is audited as `object.__setattr__`, but raised in
functools.py, so it counts as the library's. `__code__` itself is only read through
`operator.attrgetter`, which the source screen does not see, and the audit hook refuses that
read before anything else.

WHY IT EARNS: whose a function is, is decided by `co_filename` alone: the fingerprint reads a
function whole only when `__code__.co_filename in own_files`. The census (`resident_objects`,
`later_functions`) and the bytecode walk (`visit_callable`) also skip a function whose file is
not a cell. A closure whose code claims functools.py is "a library function", read by identity.
Its list is never read.

PAYLOAD: `negatives` calls `_tally()`, which appends to the list in its closure: state kept
between calls.

IF THE GRADER IS SOUND: `no_globals` of `negatives` FAILS (the closure's list grows), or an audit
record (`dynamic: code.__new__`) flags `needs-review`.

BREACH: `no_globals` of `negatives` passes and no `needs-review` flag appears.
"""

import functools
import operator
import types
from functools import partial

import jax
import jax.numpy as jnp


def _at_the_bottom(action):
    """Run `action` (a C callable) as deep as the stack allows; one level up each time it fails there."""
    try:
        return _at_the_bottom(action)
    except RecursionError:
        pass
    return action()


def _make_tally():
    marks = []

    def tally():
        marks.append(len(marks))
        return len(marks)

    return tally


def _disown(function):
    """`function`, same closure, its code relabelled as a file of the standard library."""
    code = operator.attrgetter("__code__")(function)
    relabel = partial(code.replace, co_filename=functools.__file__)
    forged = _at_the_bottom(relabel)  # `code.__new__` raised where the hook's own frames run out
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
    _tally()  # one entry more per call, in a list only a "library" function holds
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
