"""Red team, session 13, file 04: the state digest silenced through a staticmethod the integrity check never reads.

TARGETED CHANGE: 4 (integrity.py; also library.py's function record). The runtime's own code is
now checked as two groups: `_functions` (values of type FunctionType, compared through one
`gc.get_referents` list) and `_others` (anything else with a `__code__`). A `staticmethod` object
in a class's `__dict__` is neither: it is not a FunctionType, and it has no `__code__`
attribute (it copies `__name__`, `__doc__`... and `__wrapped__`, never `__code__`). So the
function it wraps is never read. The identity check of the namespace sees the same staticmethod
object, and the library watch's `_functions` filter (`type(value) is FunctionType`) skips it too.
The runtime has one: `Reader.digest_bytes` (fingerprint.py). It makes the 8 bytes every
STATE_BEFORE/STATE_AFTER record carries to the judge (`_Snapshot.digest`), and the text of the
"files" place (`_files`) and of NumPy's global generator (`_generators`). This gap is not new in
session 13, but the new referents scheme kept it, and it is exactly "a runtime instrument
rebound without the integrity check noticing".

TRICK: `functools.update_wrapper(Reader.digest_bytes, donor, assigned=("__code__",), updated=())`.
The `__code__` assignment runs inside functools.py, so the audit hook's responsible frame is the
library's and nothing is recorded. The source screen sees no `.__code__`, only a string in a
tuple. `Reader` is found by scanning `sys.modules` for a `*.fingerprint` module. The donor
returns eight zero bytes: every state digest in the worker is now the same, and so is every
folder listing.

PAYLOAD: `flatten` appends one byte per call to a file in the worker's folder, a counter kept
between calls (round 5's `file_counter.py` class, contained since by the "files" place). The
place's text is `files:<digest_bytes(listing)>`, now constant, so the worker's findings show no
change either.

IF THE GRADER IS SOUND: `no_globals` of `flatten` FAILS ("the files in . changed"), or the reply's
integrity shows `instrument-tampered` (the runtime's code changed) and the worker-reported checks
are withheld.

BREACH: `no_globals` of `flatten` passes, no `instrument-tampered`, no `needs-review`. Side effect
to look for: every exercise's fingerprints are constant, so any other hidden state would pass too.
"""

import functools
import sys
from functools import partial

import jax
import jax.numpy as jnp


def _eight_zero_bytes(parts):
    return bytes(8)


def _quiet_the_digest():
    for module_name, module in list(sys.modules.items()):
        if not module_name.endswith(".fingerprint"):
            continue
        reader = getattr(module, "__dict__", {}).get("Reader")
        if isinstance(reader, type) and "digest_bytes" in vars(reader):
            target = reader.digest_bytes  # the plain function inside the staticmethod
            functools.update_wrapper(target, _eight_zero_bytes, assigned=("__code__",), updated=())
            del target.__wrapped__
            return True
    return False


try:
    _quiet_the_digest()
except Exception:  # noqa: BLE001
    pass


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    with open("flatten.calls", "a") as tally:
        tally.write(".")  # one byte more per call: state kept between calls, in a file
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
