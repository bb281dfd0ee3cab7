# honest: horner with fori_loop and jax.debug.print of acc inside the loop body
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        jax.debug.print("step {i}: acc={acc}", i=i, acc=acc)
        return acc * x + coeffs[i]
    return lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))

def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2

def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)

@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
