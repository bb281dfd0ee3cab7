# Held-out wrong answer (assignment: purity), fault in moving_average.
# Source: "cache one compiled function per window in a module-level dict", a memoisation pattern
# common in Stack Overflow answers on avoiding recompilation; JAX "Sharp bits: pure functions" and the
# FAQ on jit caching (jit already keys its cache on static arguments, and module state is hidden
# state).
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]
    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(jnp.asarray(theta), x, y)


_compiled = {}


def moving_average(x, window):
    if window not in _compiled:
        _compiled[window] = jax.jit(lambda v: jnp.convolve(v, jnp.ones(window), mode="valid") / window)
    return _compiled[window](x)
