# Assignment: purity
import numpy as np
import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    def step(p, g):
        return p - lr * g

    return jax.tree_util.tree_map(step, params, grads)


@jax.jit
def horner(coeffs, x):
    def body(acc, c):
        return acc * x + c, None

    result, _ = jax.lax.scan(body, jnp.zeros_like(x), coeffs)
    return result


def per_example_grads(theta, x, y):
    r = theta[0] * x + theta[1] - y
    return jnp.stack([r * x, r], axis=1)


def moving_average(x, window):
    kernel = np.ones(window) / window
    return jnp.asarray(np.convolve(x, kernel, mode="valid"), dtype=jnp.float32)
