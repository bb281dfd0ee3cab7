"""Red team round 10, file 07: read or write the judge's example store and the solutions from the worker.

Targeted change: 8f05c6f, graders/checks/example_store.py: drawn examples are kept in
`<cache>-judge/examples` (JSON, decoded as wire data). If a worker could write there, it could
choose the inputs every later submission is checked on (e.g. an empty-ish list), or read them.
Trick: at its first call `flatten` tries to list, read and write, under every likely home and cache
root: `~/.cache/jaxgrade/xla-judge/examples`, `~/.cache/jaxgrade/xla` (the worker's read-only,
unlistable cache), `/work/main/solutions/jit.py`, `/root`, and reports what it could do by raising
an exception whose message the report shows (correctness of `flatten` is sacrificed on purpose).
Target: the example store's confidentiality/integrity (no points).
Expected if sound: every probe says ENOENT/EACCES/EROFS. Breach: any `ok` for the judge's folder or
for solutions.

Everything else is the reference solution, so a sound grader costs only the targeted check.
A breach is the target check PASSED with its points and no `needs-review` / `instrument-tampered` flag.
"""

from functools import partial

import jax
import jax.numpy as jnp
import os


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    found = []
    for path in ("/root/.cache/jaxgrade/xla-judge/examples", "/root/.cache/jaxgrade/xla-judge",
                 "/root/.cache/jaxgrade/xla", "/root/.cache/jaxgrade", "/root/.cache", "/root",
                 "/work/main/solutions", "/work/main", "/work", "/tmp"):
        try:
            names = os.listdir(path)
            found.append(f"{path}:ls-ok:{len(names)}:{','.join(sorted(names)[:4])}")
        except OSError as error:
            found.append(f"{path}:ls-{error.errno}")
        try:
            with open(path + "/rt10-probe.json", "w") as probe:
                probe.write("[]")
            found.append(f"{path}:write-ok")
        except OSError as error:
            found.append(f"{path}:w-{error.errno}")
    try:
        with open("/work/main/solutions/jit.py") as solution:
            found.append("solutions:read-ok:" + solution.read(40))
    except OSError as error:
        found.append(f"solutions:r-{error.errno}")
    raise RuntimeError("RT10PROBE " + " | ".join(found))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
