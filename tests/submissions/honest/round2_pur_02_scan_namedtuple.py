"""Assignment `purity`. Horner with lax.scan this time (the coefficients are the sequence)."""
import functools
from dataclasses import dataclass
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["sgd_step", "horner", "per_example_grads", "moving_average"]


class Example(NamedTuple):
    x: jax.Array
    y: jax.Array


@dataclass(frozen=True)
class DemoSpec:
    n: int = 8
    window: int = 3
    coeffs: tuple = (2.0, 0.0, -1.0)


def sgd_step(params, grads, lr):
    """Plain SGD on a pytree: returns a new pytree."""
    leaves, treedef = jax.tree_util.tree_flatten(params)
    grad_leaves = treedef.flatten_up_to(grads)
    new_leaves = [p - lr * g for p, g in zip(leaves, grad_leaves)]
    return jax.tree_util.tree_unflatten(treedef, new_leaves)


@jax.jit
def horner(coeffs, x):
    """Evaluate the polynomial (coeffs[0] is the highest degree) at x."""

    def step(acc, c):
        return acc * x + c, None

    result, _ = jax.lax.scan(step, jnp.zeros_like(x), coeffs)
    return result


def _example_loss(theta, example: Example):
    w, b = theta[0], theta[1]
    return (w * example.x + b - example.y) ** 2


def per_example_grads(theta, x, y):
    """One gradient row per example, batched with vmap (in_axes: theta shared, examples mapped)."""
    grad_one = jax.grad(_example_loss)
    return jax.vmap(grad_one, in_axes=(None, 0))(theta, Example(x=x, y=y))


_convolve_valid = functools.partial(jnp.convolve, mode="valid", precision=jax.lax.Precision.HIGHEST)


@functools.partial(jax.jit, static_argnames=["window"])
def moving_average(x, window):
    kernel = jnp.ones((window,), dtype=jnp.asarray(x).dtype) / window
    return _convolve_valid(x, kernel)


def demo(spec: DemoSpec = DemoSpec()) -> None:
    x = np.arange(spec.n, dtype=np.float32)
    print(moving_average(x, spec.window))
    print(horner(jnp.array(spec.coeffs), jnp.array([0.0, 1.0, 2.0])))
    print(per_example_grads(jnp.array([1.0, 1.0]), x, x))
    print(sgd_step({"w": jnp.ones(2)}, {"w": jnp.ones(2)}, 0.1))


if __name__ == "__main__":
    demo()
