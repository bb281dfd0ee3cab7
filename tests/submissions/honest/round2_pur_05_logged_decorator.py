"""Purity assignment. I log every call of my functions while debugging (DEBUG level,
silent otherwise), with one small decorator."""
import functools
import logging

import jax
import jax.numpy as jnp
from jax import lax

__all__ = ["sgd_step", "horner", "per_example_grads", "moving_average"]


def log_calls(fn):
    """Log each call of `fn` at DEBUG level (under jit: each trace)."""
    log = logging.getLogger(fn.__module__)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        log.debug("calling %s", fn.__name__)
        return fn(*args, **kwargs)

    return wrapper


@log_calls
def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]

    return lax.fori_loop(0, len(coeffs), body, jnp.zeros_like(x))


def _sq_err(theta, xi, yi):
    return jnp.square(theta[0] * xi + theta[1] - yi)


@log_calls
def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_sq_err), in_axes=(None, 0, 0))(theta, x, y)


@functools.partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=x.dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=lax.Precision.HIGHEST)


if __name__ == "__main__":
    logging.basicConfig(level=logging.DEBUG)
    print(sgd_step({"w": jnp.ones(3)}, {"w": jnp.ones(3)}, 0.1))
    print(horner(jnp.array([1.0, 0.0, 0.0]), jnp.arange(3.0)))
    print(per_example_grads(jnp.ones(2), jnp.arange(4.0), jnp.zeros(4)))
    print(moving_average(jnp.arange(6.0), 3))
