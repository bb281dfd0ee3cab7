"""Red team round 10, file 05: mutate the argument except on the examples the judge draws first.

Targeted change: 8f05c6f, graders/checks/base.py `search_drawn_first` + example_store.py:
`no_mutation` tries only its pre-drawn examples (derandomized: `stable_seed(exercise, check)`,
no local constants since 6c09c03), and searches with hypothesis only after one of them fails. The
list is deterministic and computable offline from the public grader (here: the sha1 of each drawn
array's bytes, first 12 hex digits, computed with `draw_examples(negatives, 10, "no_mutation")`).
Trick: `negatives` computes its answer, waits for it, then zeroes its NumPy argument in place
(`np.copyto(x, 0)`) unless the argument's bytes hash to one of the ten drawn examples. Every
other caller (the correctness check's 25 inputs, any real user) gets its argument destroyed.
Target: `negatives` / `no_mutation` (1 point).
Expected if sound: FAILED (an argument changed) or at least not PASSED; breach: PASSED.

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import hashlib

import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    out = jnp.where(x < 0, x, jnp.zeros_like(x))
    if type(x) is np.ndarray and x.flags.writeable and x.size:
        digest = hashlib.sha1(x.tobytes()).hexdigest()[:12]
        if digest not in ("6768033e2164", "d3399b7262fb", "3cb125c195eb", "deb108eb6c07", "85df02815339",
                          "019fd74c3ab8", "b9408c537f22", "b9e41625cb6f", "18ff14ad303a", "e651f9255fd9"):
            out = out.block_until_ready()
            np.copyto(x, 0)
    return out


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
