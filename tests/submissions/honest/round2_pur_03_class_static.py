"""Purity homework. I grouped the maths in two small classes of static methods."""
import logging
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

log = logging.getLogger(__name__)


class Polynomial:
    """Polynomials as coefficient arrays, highest degree first."""

    ORDER = "highest degree first"

    @staticmethod
    def horner(coeffs: jax.Array, x: jax.Array) -> jax.Array:
        def body(i, acc):
            return acc * x + coeffs[i]

        return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))

    @classmethod
    def describe(cls, coeffs) -> str:
        return f"degree {len(coeffs) - 1} ({cls.ORDER})"


class LineModel:
    """theta = [w, b]."""

    n_params = 2

    def __init__(self, theta):
        self._theta = jnp.asarray(theta)

    @property
    def slope(self):
        return self._theta[0]

    @property
    def intercept(self):
        return self._theta[1]

    @staticmethod
    def example_loss(theta, xi, yi):
        return (theta[0] * xi + theta[1] - yi) ** 2


def sgd_step(params, grads, lr):
    """New pytree p - lr * g (jax.tree.map walks both trees together)."""
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


horner = jax.jit(Polynomial.horner)


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(LineModel.example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    """Mean of every window of consecutive entries: vmap over the start positions."""
    x = jnp.asarray(x)
    starts = jnp.arange(x.shape[0] - window + 1)
    return jax.vmap(lambda s: lax.dynamic_slice_in_dim(x, s, window).mean())(starts)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    c = jnp.array([1.0, 0.0, -1.0])
    log.info("%s -> %s", Polynomial.describe(c), horner(c, jnp.array([2.0])))
    model = LineModel([2.0, -1.0])
    log.info("slope %s intercept %s", model.slope, model.intercept)
    log.info("%s", per_example_grads(model._theta, jnp.arange(3.0), jnp.zeros(3)))
    log.info("%s", moving_average(jnp.arange(6.0), 2))
    log.info("%s", sgd_step({"a": jnp.ones(2)}, {"a": jnp.ones(2)}, 0.1))
