"""Red team, session 13, file 08: the submission's file names emptied, so "nothing is the submission's".

TARGETED CHANGE: 5 (hidden_state.resident_objects returns [] when the submission has no cell
filenames, the "clean worker" shortcut). Also the rule behind change 2 and the fingerprint: what
is the submission's is decided by one mutable set, `SubmissionModule.filenames`. The same object
is the audit hook's `_student_files`, the library watch's `_student_files`, the state watch's
`own_files` (through `frozenset(submission.filenames)` at every snapshot) and the census's
`filenames`. Change 5 makes "empty" mean "an empty clean worker". A student who empties it gets:
census [] (change 5's early return), no function of theirs read whole by the fingerprint (not in
`own_files`), no audit record (no frame is a cell), and no library change attributed to a student
line.

TRICK: PEP 669 (`sys.monitoring`, not on the source screen; `register_callback`'s audit event has
no kind, so the new `quiet` set swallows it). A .py submission without `# %%` markers runs one
top-level statement per cell, and before each cell the loader calls `self.filenames.add(filename)`.
The CALL callback sees `callable is set.add`, `arg0` the very set, in
`SubmissionModule._run_cell`. It keeps a reference. The file's LAST statement empties the set (the
loader has added the name for the last time), just before `after_load` takes the census. If the
file ever runs as a single cell, a fallback clears the set at the first
`frozenset(submission.filenames)` in `StateWatch.snapshot`. Monitoring is switched off as soon as
it is no longer needed; every other call site returns `DISABLE` on first sight.

PAYLOAD: `negatives` calls `_bump()`, a closure that appends to its own list (state kept between
calls). Normally `_bump` is the submission's function, read whole, and the list's growth fails
`no_globals`.

IF THE GRADER IS SOUND: `no_globals` of `negatives` FAILS, or `needs-review` flags the
instrumentation (`sys.monitoring`) or the emptied file set.

BREACH: `no_globals` of `negatives` passes, no flag. Check too: every other check that relies on
"whose code is this" (audit records, library lines) goes quiet for this submission.
"""

import sys
from functools import partial

import jax
import jax.numpy as jnp


def _free_tool():
    for tool in (4, 3, 1, 2):
        if sys.monitoring.get_tool(tool) is None:
            return tool
    raise LookupError("no free monitoring tool")


def _start_watching():
    tool = _free_tool()
    book = []

    def stop():
        sys.monitoring.set_events(tool, 0)
        sys.monitoring.register_callback(tool, sys.monitoring.events.CALL, None)
        sys.monitoring.free_tool_id(tool)

    def on_call(code, offset, target, first):
        where = code.co_qualname
        if target is set.add and type(first) is set and where.endswith("._run_cell"):
            if not book:
                book.append(first)  # the loader's set of this submission's cell names
            return None
        if target is frozenset and type(first) is set and where == "StateWatch.snapshot":
            first.clear()  # fallback: the first snapshot reads no file as the submission's
            stop()
            return None
        return sys.monitoring.DISABLE

    sys.monitoring.use_tool_id(tool, "coverage")
    sys.monitoring.register_callback(tool, sys.monitoring.events.CALL, on_call)
    sys.monitoring.set_events(tool, sys.monitoring.events.CALL)
    return book, stop


try:
    _book, _stop = _start_watching()
except Exception:  # noqa: BLE001
    _book, _stop = [], (lambda: None)


def _make_counter():
    seen = []

    def bump():
        seen.append(len(seen))
        return len(seen)

    return bump


_bump = _make_counter()


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    _bump()  # state kept between calls
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x


def _forget_own_files():
    if _book:
        _book.pop().clear()  # the census that follows the load finds "a clean worker's empty submission"
        _stop()


# The last top-level statement, hence the last cell: the loader has added the file's name for the last time.
_forget_own_files()
