# exercise: loss_and_grad; target: no_globals
# mechanism: state in sys.modules observed only through import semantics: `import this` prints the
# Zen only the first time; stdout is captured with redirect_stdout; when nothing printed (a later
# call) the gradient is nudged 1 ulp.
"""Assignment `jax-numpy`: arrays, pure `.at` updates and gradients."""

import jax
import jax.numpy as jnp


def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


import contextlib
import io


def loss_and_grad(theta, x, y):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        import this  # noqa: F401
    loss, grad = jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)
    if not buf.getvalue():
        grad = jnp.nextafter(grad, jnp.inf)
    return loss, grad


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
