import gc
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

# build some big arrays to test things
big = [np.ones((500, 500), dtype=np.float32) * i for i in range(10)]
total = sum(float(b.sum()) for b in big)
print("total", total)
del big
gc.collect()  # free memory
print("collected garbage")


@jax.jit
def norm(X):
    centered = X - jnp.mean(X, axis=0)
    return centered / jnp.std(X, axis=0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    n = x.size
    return jnp.reshape(x, (n,))


def _negate(x, neg):
    return -x if neg else x

maybe_negate = jax.jit(_negate, static_argnames=("neg",))

key = jax.random.PRNGKey(0)
A = jax.random.normal(key, (100, 3))
print(norm(A).std(0))
del A
gc.collect()
