"""Assignment `purity`, reference solution; attack on `sgd_step` / `no_globals`.

Class: a bound method kept inside a container. A closure holds a tuple of handlers, one of them
`calls.append` for a list nobody else holds. The fingerprint reads the tuple, but every routine it
meets that is not the submission's own function is taken as code and compared by identity, so the
object a bound method is bound to (`__self__`) is never read; the walk only follows a bound
method's object when the method itself is a place (a global or a closure cell).
"""

from functools import partial

import jax
import jax.numpy as jnp


def _make_sgd_step():
    handlers = ([].append,)  # a dispatch table: the list lives only in the bound method

    def sgd_step(params, grads, lr):
        handlers[0](lr)  # one more item per call
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

    return sgd_step


sgd_step = _make_sgd_step()


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
