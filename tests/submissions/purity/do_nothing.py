# Functions that run, are jit-compiled, pure and never recompile, and compute nothing useful.
# Structure alone must earn nothing.
import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return None


@jax.jit
def horner(coeffs, x):
    return x


def per_example_grads(theta, x, y):
    return jnp.zeros((x.shape[0], 2), jnp.float32)


def moving_average(x, window):
    return x[: x.shape[0] - window + 1]
