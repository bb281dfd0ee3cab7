import atexit
import weakref
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    m = jnp.mean(X, 0)
    s = jnp.std(X, 0)
    return (X - m) / s


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x


results = []


def print_summary():
    print("ran", len(results), "experiments")


atexit.register(print_summary)


class Experiment:
    def __init__(self, name):
        self.name = name

    def run(self):
        out = norm(jnp.arange(12.0).reshape(4, 3))
        results.append((self.name, out.shape))
        return out


def cleanup(name):
    print("cleaning up", name)


exp = Experiment("baseline")
exp.run()
fin = weakref.finalize(exp, cleanup, exp.name)
