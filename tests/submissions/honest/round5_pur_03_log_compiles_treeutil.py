"""Homework 3: pure functions and their pitfalls.

While writing this I kept `jax_log_compiles` on to see when JAX recompiles (the assignment checks
that!), and a couple of jax.debug.print calls I found useful.
"""
import gc
import logging
import platform
import sys
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.tree_util import tree_leaves, tree_map, tree_structure

logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
jax.config.update("jax_log_compiles", True)   # prints a WARNING each time something compiles
print(f"{sys.platform}/{platform.machine()} python {platform.python_version()} jax {jax.__version__}")


def sgd_step(params, grads, lr):
    return tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    jax.debug.print("horner: {k} coefficients", k=coeffs.shape[0])

    def body(i, acc):
        return acc * x + coeffs[i]

    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def _sq_err(theta, xi, yi):
    return jnp.square(theta[0] * xi + theta[1] - yi)


_grad_sq_err = jax.grad(_sq_err)


def per_example_grads(theta, x, y):
    return jax.vmap(_grad_sq_err, in_axes=(None, 0, 0))(theta, x, y)


def _moving_average(x, window):
    kernel = jnp.ones(window, dtype=x.dtype) / window
    return jnp.convolve(x, kernel, mode="valid", precision=lax.Precision.HIGHEST)


moving_average = jax.jit(_moving_average, static_argnames="window")


# ---------------------------------------------------------------------------------------------
key = jax.random.PRNGKey(1234)
key, k_w, k_b, k_x = jax.random.split(key, 4)
params = {
    "dense": {"w": jax.random.normal(k_w, (3, 2)), "b": jax.random.normal(k_b, (2,))},
    "out": [jnp.ones(2), jnp.zeros(())],
}
grads = tree_map(jnp.ones_like, params)
new_params = sgd_step(params, grads, 0.1)
print("structure kept:", tree_structure(new_params) == tree_structure(params))
print("leaf shapes:", [leaf.shape for leaf in tree_leaves(new_params)])
print("sum of changes:", sum(float(jnp.sum(a - b)) for a, b in zip(tree_leaves(params), tree_leaves(new_params))))

# recompilation experiment: same shape -> no new compile messages, new window -> one new compile
x = jax.random.normal(k_x, (500,))
for window in (3, 3, 3, 7):
    moving_average(x, window=window).block_until_ready()
for k in (4, 4, 9):
    horner(jnp.ones(k), x).block_until_ready()

rolling = partial(moving_average, window=5)
print(rolling(jnp.arange(10.0)))
g = per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0]))
print(g)
assert np.allclose(g, [[2.0, 2.0], [8.0, 4.0]])
jax.config.update("jax_log_compiles", False)
gc.collect()
