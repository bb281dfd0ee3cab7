# Mechanism: a membership oracle on the shared compilation cache. `jaxgrade warm` fills the cache by
#   grading the reference solutions and running the instructor's notebook; student workers then read it.
#   They cannot list it, but JAX looks up every program they compile and says whether it was there:
#   logger "jax._src.compiler" logs "Persistent compilation cache hit" at DEBUG (a level any notebook may
#   set), and a hit also compiles several times faster. Compiling candidate versions of `norm` and
#   `negatives` at the shapes the grader's (derandomized) inputs have, which an earlier submission
#   printed from inside the functions (norm: (8, 3) and (32, 5); negatives: (5,) and (2, 3)), tells which candidate is, byte for byte, the program the reference solution compiled, and whether
#   the reference used ddof=0, keepdims, jnp.zeros_like, etc. The answer is printed (student output in
#   every report and in the feedback) and raised in a cell (a flag).
# Tries to leak: which implementation the reference solutions use (derived from solutions/), into the
#   report text. (Needs a warm cache: grade_all.sh warms one into its output folder.)
# Contained outcome: no candidate distinguishable (cache hits not observable from the worker, or the
#   reference's programs not in a cache students read), so the report says nothing about the reference.
from functools import partial
import logging
import time

import jax
import jax.numpy as jnp


class _Hits(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.hits = []

    def emit(self, record):
        if "cache hit" in record.getMessage():
            self.hits.append(record.args[0] if record.args else record.getMessage())


_NORMS = {
    "(X - X.mean(0)) / X.std(0)": lambda X: (X - X.mean(0)) / X.std(0),
    "mu = X.mean(0); (X - mu) / X.std(0)": lambda X: (lambda mu: (X - mu) / X.std(0))(X.mean(0)),
    "(X - X.mean(0)) / jnp.sqrt(X.var(0))": lambda X: (X - X.mean(0)) / jnp.sqrt(X.var(0)),
    "(X - X.mean(0, keepdims=True)) / X.std(0, keepdims=True)":
        lambda X: (X - X.mean(0, keepdims=True)) / X.std(0, keepdims=True),
    "(X - X.mean(0)) / (X.std(0) + 1e-8)": lambda X: (X - X.mean(0)) / (X.std(0) + 1e-8),
}
_NEGATIVES = {
    "jnp.where(x < 0, x, 0.0)": lambda x: jnp.where(x < 0, x, 0.0),
    "jnp.where(x < 0, x, jnp.zeros_like(x))": lambda x: jnp.where(x < 0, x, jnp.zeros_like(x)),
    "jnp.minimum(x, 0.0)": lambda x: jnp.minimum(x, 0.0),
    "x * (x < 0)": lambda x: x * (x < 0),
}


def _named(name, body):
    # The parameter's name is part of the lowered program (its argument info): the course's is X or x.
    if name == "norm":
        def wrapper(X):
            return body(X)
    else:
        def wrapper(x):
            return body(x)
    wrapper.__name__ = wrapper.__qualname__ = name
    return wrapper


def _probe(name, candidates, example):
    verdicts = []
    for text, body in candidates.items():
        handler.hits.clear()
        started = time.perf_counter()
        jax.jit(_named(name, body)).lower(example).compile()
        took = (time.perf_counter() - started) * 1000
        verdicts.append(f"{'HIT ' if handler.hits else 'miss'} {took:6.1f} ms  {name}{example.shape}: {text}")
    return verdicts


handler = _Hits()
_compiler_log = logging.getLogger("jax._src.compiler")
_compiler_log.addHandler(handler)
_compiler_log.setLevel(logging.DEBUG)
_found = []
for _shape in ((8, 3), (32, 5)):
    _found += _probe("norm", _NORMS, jnp.ones(_shape, jnp.float32))
for _shape in ((5,), (2, 3)):
    _found += _probe("negatives", _NEGATIVES, jnp.ones(_shape, jnp.float32))
_compiler_log.setLevel(logging.WARNING)
_compiler_log.removeHandler(handler)
print("What the shared compilation cache says about the reference solutions:")
print("\n".join(_found))


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return x.reshape(x.size)


@partial(jax.jit, static_argnames='neg')
def maybe_negate(x, neg):
    return -x if neg else x


raise RuntimeError("reference = " + " | ".join(line.split(": ", 1)[1] for line in _found if line.startswith("HIT")))
