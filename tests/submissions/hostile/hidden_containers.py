# State kept in containers the fingerprint once judged by identity: a bounded deque (its length
# stops changing), a Counter in a closure, an itertools.count default, and a dict subclass that
# hides its items from its own methods.
import itertools
from collections import Counter, deque
from functools import partial

import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr, _recent=deque([0.0, 0.0], maxlen=2)):
    _recent.append(lr)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def _make_horner():
    degrees = Counter()

    @jax.jit
    def horner(coeffs, x):
        degrees[coeffs.shape[0]] += 1

        def body(i, acc):
            return acc * x + coeffs[i]

        return jax.lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))

    return horner


horner = _make_horner()


def per_example_grads(theta, x, y, _ids=itertools.count()):
    next(_ids)

    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2

    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(theta, x, y)


class _Quiet(dict):
    """Looks empty to anyone who asks it."""

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0

    def items(self):
        return []

    def __repr__(self):
        return "{}"


def _make_moving_average():
    seen = _Quiet()

    @partial(jax.jit, static_argnames="window")
    def moving_average(x, window):
        seen[len(seen) + dict.__len__(seen)] = window
        return jnp.convolve(x, jnp.full((window,), 1.0 / window, x.dtype), mode="valid",
                            precision=jax.lax.Precision.HIGHEST)

    return moving_average


moving_average = _make_moving_average()
