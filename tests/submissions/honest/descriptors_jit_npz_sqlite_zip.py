"""jit assignment. Data comes from an .npz archive; I keep a small sqlite db of my results."""
import sqlite3
import zipfile
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp

rng = np.random.default_rng(7)
np.savez("dataset.npz", X=rng.normal(size=(32, 4)).astype(np.float32), y=rng.integers(0, 2, 32))
data = np.load("dataset.npz")            # NpzFile keeps the archive open
X_train = jnp.asarray(data["X"])
print("arrays in archive:", data.files)

archive = zipfile.ZipFile("dataset.npz")   # just looking inside
print([info.filename for info in archive.infolist()])

db = sqlite3.connect("results.db")
db.execute("CREATE TABLE IF NOT EXISTS runs (name TEXT, value REAL)")


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


Z = norm(X_train)
db.execute("INSERT INTO runs VALUES (?, ?)", ("norm_std", float(Z.std())))
db.execute("INSERT INTO runs VALUES (?, ?)", ("neg_sum", float(negatives(X_train).sum())))
db.commit()
print(db.execute("SELECT * FROM runs").fetchall())
