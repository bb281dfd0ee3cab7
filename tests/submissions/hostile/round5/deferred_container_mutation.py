"""Attack class: mutation deferred to the next call (the judge checks each call's arguments only
right after that call).

Forges: `no_mutation` for sgd_step. Each call keeps a reference to the `params` dict it was given and,
on the *next* call, empties it and refills it with the updated arrays (an "in-place optimizer
update", one step late). Every call's own arguments are unchanged when its reply is encoded; the
dicts of earlier calls are rewritten afterwards, where nobody looks.
A correct grader must fail `no_mutation` (the caller's dict is changed by the function), e.g. by
re-checking the arguments of earlier calls after later ones.
"""

from functools import partial

import jax
import jax.numpy as jnp


def _make_step():
    pending = []

    def sgd_step(params, grads, lr):
        while pending:
            old_params, old_update = pending.pop()
            old_params.clear()               # the caller's dict, from the previous call
            old_params.update(old_update)    # "in place" update, one call late
        update = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
        if isinstance(params, dict):
            pending.append((params, update))
        return update

    return sgd_step


sgd_step = _make_step()


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
