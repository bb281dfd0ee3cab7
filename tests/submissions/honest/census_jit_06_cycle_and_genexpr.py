import itertools
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    mask = x < 0
    return jnp.where(mask, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (-1,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x


# demo cell: generators and comprehensions
squares = [i * i for i in range(20)]
even_sq = (s for s in squares if s % 2 == 0)
print(sum(even_sq))
lazy = (jnp.asarray(np.full((2, 2), i, dtype=np.float32)) for i in range(10))
first_three = [next(lazy) for _ in range(3)]
colors = itertools.cycle(["red", "green", "blue"])
labels = [next(colors) for _ in range(5)]
pairs = {k: v for k, v in zip("abc", itertools.count())}
print(labels, pairs, [flatten(a) for a in first_three])
