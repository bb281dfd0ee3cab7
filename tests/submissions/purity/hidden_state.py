# State hidden where a reader of the function body does not look: a closure made by a
# factory, a counter on a class, a global read by name at run time, a mutable default.
from functools import partial

import jax
import jax.numpy as jnp

SCALE = 1.0


def _make_sgd_step():
    history = []

    def step(params, grads, lr):
        history.append(lr)
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return step


sgd_step = _make_sgd_step()


class _State:
    calls = 0


@jax.jit
def horner(coeffs, x):
    _State.calls += 1

    def body(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def _loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    grads = jax.vmap(jax.grad(_loss), in_axes=(None, 0, 0))(theta, x, y)
    return grads * globals()["SCALE"]


@partial(jax.jit, static_argnames="window")
def moving_average(x, window, _seen=[]):
    _seen.append(window)
    return jnp.convolve(x, jnp.full((window,), 1.0 / window, x.dtype), mode="valid",
                        precision=jax.lax.Precision.HIGHEST)
