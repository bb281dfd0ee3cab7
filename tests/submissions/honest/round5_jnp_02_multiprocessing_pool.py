"""JAX as accelerated NumPy - homework 1.

Toy data is generated in parallel chunks with multiprocessing (NumPy only, no JAX in the workers),
then the regression is fit with the graded functions below.
"""
import multiprocessing as mp
import os
import time

import numpy as np
import jax
import jax.numpy as jnp

N_CHUNKS = 4
CHUNK = 2_000


def make_chunk(seed):
    """One chunk of noisy y = 2x + 0.5 data (runs in a worker process)."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1.0, 1.0, CHUNK).astype(np.float32)
    y = (2.0 * x + 0.5 + 0.05 * rng.standard_normal(CHUNK)).astype(np.float32)
    return x, y


# ---------------------------------------------------------------- graded functions

def pure_update(x, i, value):
    """Copy of x with x[i] (an element, or a whole row for 2-D x) set to value."""
    x = jnp.array(x)  # jnp.array copies, so the caller's array is never touched
    return x.at[i].set(value)


def scatter_add(x, indices, updates):
    """x with updates added at indices; repeated indices accumulate."""
    return jnp.array(x).at[jnp.asarray(indices)].add(updates)


def _loss(theta, x, y):
    w, b = theta
    residual = w * x + b - y
    return jnp.mean(residual * residual)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_loss)(jnp.asarray(theta), jnp.asarray(x), jnp.asarray(y))


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return jnp.asarray(theta) - lr * grad


# ---------------------------------------------------------------- data + training

n_procs = min(N_CHUNKS, os.cpu_count() or 1, mp.cpu_count())
t0 = time.perf_counter()
with mp.Pool(processes=n_procs) as pool:
    chunks = pool.map(make_chunk, range(N_CHUNKS))
x_all = jnp.asarray(np.concatenate([c[0] for c in chunks]))
y_all = jnp.asarray(np.concatenate([c[1] for c in chunks]))
print(f"{x_all.shape[0]} points from {n_procs} processes in {time.perf_counter() - t0:.2f}s")

step = jax.jit(update)
theta = jnp.zeros(2)
for epoch in range(200):
    theta = step(theta, x_all, y_all)
loss, _ = loss_and_grad(theta, x_all, y_all)
print("fitted theta:", np.round(np.asarray(theta), 3), "loss:", float(loss))

assert np.allclose(np.asarray(theta), [2.0, 0.5], atol=0.05)
assert np.allclose(scatter_add(jnp.zeros(3), jnp.array([0, 0, 2]), 1.0), [2.0, 0.0, 1.0])
a = np.arange(6, dtype=np.float32).reshape(2, 3)
assert np.allclose(pure_update(a, -1, 9.0), [[0, 1, 2], [9, 9, 9]]) and a[1, 0] == 3.0

if __name__ == "__main__":
    print("run as a script: everything above already ran")
