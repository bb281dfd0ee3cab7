import types
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < 0, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x


# I read about coroutines in the lecture, trying them without an event loop
@types.coroutine
def ask():
    value = yield "ready"
    return value


async def running_mean():
    total, count = 0.0, 0
    while True:
        v = await ask()
        total += v
        count += 1
        print("mean so far", total / count)


async def fetch_data():
    return jnp.arange(6.0).reshape(3, 2)


avg = running_mean()
avg.send(None)      # prime it
avg.send(1.0)
avg.send(3.0)       # left suspended

later = fetch_data()  # never awaited


def accumulate():
    total = 0
    while True:
        x = yield total
        total += x

acc = accumulate()
next(acc)
acc.send(5)
