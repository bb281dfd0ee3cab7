import asyncio
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


# Loading the data "concurrently", the way the async tutorial showed it
async def load_chunk(i):
    await asyncio.sleep(0)
    return jnp.full((3,), float(i))


async def load_all(n):
    chunks = await asyncio.gather(*(load_chunk(i) for i in range(n)))
    return jnp.stack(chunks)


async def never_run():
    await asyncio.sleep(1)
    return 42


data = asyncio.run(load_all(4))
print(norm(data + jnp.arange(3.0)))
pending = never_run()  # forgot to await this one
