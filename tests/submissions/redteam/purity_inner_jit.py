# Assignment: purity
import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def horner(coeffs, x):
    @jax.jit
    def run(c, v):
        return jax.lax.fori_loop(0, c.shape[0], lambda i, acc: acc * v + c[i], jnp.zeros_like(v))

    return run(coeffs, x)


def _sq_err(theta, xi, yi):
    w, b = theta[0], theta[1]
    return (w * xi + b - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(lambda xi, yi: jax.grad(_sq_err)(theta, xi, yi))(x, y)


def moving_average(x, window):
    x = jnp.asarray(x)
    return jnp.convolve(x, jnp.ones((window,), dtype=x.dtype), mode="valid")
