"""Target: jax-numpy / pure_update / no_globals.

A counter kept in a dataclass's `__dataclass_fields__`, a name in `INTERPRETER_NAMES` (so
`_class_parts` skips it), grown in place at each call. The class's only methods are the ones
`dataclasses` generates (no function of the submission's file), so it is no resident either.
"""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Settings:
    scale: float = 1.0


def pure_update(x, i, value):
    calls = len(Settings.__dataclass_fields__) - 1
    Settings.__dataclass_fields__[f"seen{calls}"] = None
    if calls < 0:  # TWIN
        return jnp.asarray(x)
    return jnp.asarray(x).at[i].set(value)


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
