"""Assignment `jax-numpy`, reference solution; attack on `pure_update` / `no_mutation`.

Class: the argument array's buffer replaced in place. `x.__setstate__(...)` (the pickle protocol's
own method) gives the caller's very array object new memory holding the updated values: the caller
now sees `x[i] == value`, exactly the in-place write the exercise forbids. The judge's shared bytes
are never touched, the object is still the one it placed, and it is still writeable.
"""

import jax
import jax.numpy as jnp
import numpy as np


def pure_update(x, i, value):
    out = jnp.asarray(x).at[i].set(value)
    if isinstance(x, np.ndarray):
        version, shape, dtype, fortran, _ = x.__reduce__()[2]
        # x[i] = value, in the caller's array: same object, new buffer holding the result.
        x.__setstate__((version, shape, dtype, fortran, np.asarray(out).tobytes()))
    return out


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


def _squared_error(theta, x, y):
    w, b = theta[0], theta[1]
    return jnp.mean((w * x + b - y) ** 2)


def loss_and_grad(theta, x, y):
    return jax.value_and_grad(_squared_error)(jnp.asarray(theta), x, y)


def update(theta, x, y, lr=0.1):
    _, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad
