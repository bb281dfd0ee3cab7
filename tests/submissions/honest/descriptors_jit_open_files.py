"""Assignment 2 (jit) — my solutions.

I keep a tiny data file next to the notebook to try the functions on real numbers.
"""
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

# --- make a small data file and read it back (closed with `with`) ---
with open("measurements.txt", "w") as out:
    for row in range(5):
        out.write(f"{row} {row * 1.5} {row ** 2}\n")

with open("measurements.txt") as f:
    rows = [list(map(float, line.split())) for line in f]
X_data = jnp.array(rows)

# I forgot to close this one (read the header line, then kept the handle around)
data_handle = open("measurements.txt")
first_line = data_handle.readline()
print("first line:", first_line.strip())

# a notes file I append to while experimenting; left open
notes = open("notes.txt", "a")
notes.write("started jit assignment\n")
notes.flush()


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


print(norm(X_data + jnp.arange(3.0)))
notes.write(f"norm ok: {norm(X_data + 1.0).shape}\n")
notes.flush()
print(negatives(jnp.array([1.0, -2.0, 3.0])))
print(flatten(jnp.ones((2, 3))).shape)
print(maybe_negate(jnp.array([1.0, -1.0]), True))
