import numpy as np
import jax
import jax.numpy as jnp
from functools import partial

# data loader I used while experimenting
X = np.random.default_rng(0).normal(size=(256, 4)).astype(np.float32)

def make_batches(data, batch_size):
    for start in range(0, len(data), batch_size):
        yield data[start:start + batch_size]

batches = make_batches(X, 32)
first = next(batches)
second = next(batches)
print("first batch shape:", first.shape)


@jax.jit
def norm(X):
    mu = X.mean(axis=0)
    sigma = X.std(axis=0)
    return (X - mu) / sigma


def negatives(x):
    # keep negative entries, zero elsewhere (no boolean indexing -> static shape)
    return jnp.where(x < 0, x, 0.0).astype(x.dtype)


def flatten(x):
    return x.reshape(-1)


@partial(jax.jit, static_argnames=["neg"])
def maybe_negate(x, neg):
    if neg:
        return -x
    return x


print(norm(first).mean(0))
print(negatives(jnp.array([-1.0, 2.0, -3.0])))
