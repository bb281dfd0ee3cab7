"""Assignment `jit`, reference solution; attack on `flatten` / `no_globals`.

Class: an object of the submission's own class held in a closure is fingerprinted by its
instance dict only; its class is never named by the function's code, so the class-level list
its method appends to is never a place.
"""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


class _Tally:
    seen = []  # class-level state

    def tick(self):
        self.seen.append(1)  # mutates the class's list, not the instance's dict


def _make_flatten():
    tally = _Tally()

    def flatten(x):
        tally.tick()
        return jnp.reshape(x, (x.size,))

    return flatten


flatten = _make_flatten()


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
