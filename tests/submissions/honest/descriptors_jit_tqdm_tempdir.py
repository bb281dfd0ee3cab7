"""jit assignment: a small benchmark with a tqdm bar, results kept in a temporary directory."""
import json
import os
import tempfile
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from tqdm.auto import tqdm

workdir = tempfile.TemporaryDirectory()          # cleaned up when the kernel exits
scratch = tempfile.TemporaryFile(mode="w+")      # scratch file for intermediate text


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


results = {}
for n in tqdm([8, 64, 512], desc="sizes"):
    X = jnp.asarray(np.random.default_rng(n).normal(size=(n, 5)), dtype=jnp.float32)
    results[n] = float(jnp.abs(norm(X).mean(0)).max())
    scratch.write(f"{n} {results[n]}\n")

with tempfile.TemporaryDirectory() as tmp:
    np.save(os.path.join(tmp, "x.npy"), np.arange(10.0))
    back = np.load(os.path.join(tmp, "x.npy"))
    print("round-trip ok:", np.allclose(back, np.arange(10.0)))

with open(os.path.join(workdir.name, "results.json"), "w") as fh:
    json.dump(results, fh)
scratch.seek(0)
print(scratch.read())
