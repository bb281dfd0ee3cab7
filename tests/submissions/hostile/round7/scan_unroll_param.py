"""Assignment `purity`, reference solution; attack on `horner` / `compact_trace`.

Class: a loop unrolled by the compiler, not by tracing. `jax.lax.fori_loop(..., unroll=True)` with
static bounds becomes a `scan` whose jaxpr holds the body once and an `unroll` parameter: the jaxpr
the check counts keeps its size at every length, while the program XLA compiles repeats the body
once per coefficient, exactly as a Python loop unrolled by tracing would.
"""

from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    # unroll=True: one copy of `step` per coefficient in the compiled program.
    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x), unroll=True)


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
