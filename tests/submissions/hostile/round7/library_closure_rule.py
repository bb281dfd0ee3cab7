"""Assignment `jax-numpy`, reference solution; attack on `loss_and_grad` / `no_globals`.

Class: the submission's function held inside a closure that a library function made. With
`custom_jvp.defjvps`, JAX wraps the tangent rules in a closure of its own (`jvp`, in
`custom_derivatives.py`) and stores that as the rule. The fingerprint reads a library function by
identity, and the walk finds the submission's functions a library object holds only one container
deep (the closure tuple holds cells, not functions), so the rule's own closure is never read: a
list there grows on every differentiation.
"""

import jax
import jax.numpy as jnp


def _make_square():
    @jax.custom_jvp
    def square(r):
        return r * r

    seen = []

    def tangent(g, ans, r):
        seen.append(1)  # one more item per differentiation
        return 2 * r * g

    square.defjvps(tangent)  # JAX keeps `tangent` in a closure of its own making
    return square


_square = _make_square()


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean(_square(w * x + b - y))


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
