"""Assignment `jax-numpy`, reference solution; attack on `loss_and_grad` / `no_globals`.

Class: a `jax.custom_jvp`'s function is walked through `__wrapped__`, but its JVP rule (set by
`defjvp`, the attribute `jvp`) is fingerprinted by identity only: the rule's closure counts
every differentiation.
"""

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _make_square():
    calls = []

    @jax.custom_jvp
    def square(r):
        return r ** 2

    @square.defjvp
    def _square_jvp(primals, tangents):
        calls.append(1)  # hidden: runs whenever the loss is differentiated
        (r,), (t,) = primals, tangents
        return r ** 2, 2 * r * t

    return square


_square = _make_square()


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean(_square(w * x + b - y))


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
