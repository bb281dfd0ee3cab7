# Python loops padded to a fixed length, so that the traced program is the same size for every
# length up to the pad: horner always runs 33 iterations, per_example_grads 100. Both stay
# correct for any length (a longer input raises the loop count to its length), and the pads are
# literals, so that nothing but compact_trace can object.
import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


@jax.jit
def horner(coeffs, x):
    size = max(33, coeffs.shape[0])  # the pad
    # Leading zero coefficients leave the polynomial unchanged.
    padded = jnp.concatenate([jnp.zeros(size - coeffs.shape[0], coeffs.dtype), coeffs])
    acc = jnp.zeros_like(x)
    for i in range(size):
        acc = acc * x + padded[i]
    return acc


def _loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


@jax.jit
def per_example_grads(theta, x, y):
    n = x.shape[0]
    size = max(100, n)  # the pad
    x = jnp.concatenate([jnp.asarray(x), jnp.zeros(size - n, jnp.float32)])
    y = jnp.concatenate([jnp.asarray(y), jnp.zeros(size - n, jnp.float32)])
    rows = [jax.grad(_loss)(theta, x[i], y[i]) for i in range(size)]
    return jnp.stack(rows)[:n]


def moving_average(x, window):
    x = jnp.asarray(x)
    totals = jnp.cumsum(jnp.concatenate([jnp.zeros((1,), x.dtype), x]))
    return (totals[window:] - totals[:-window]) / window
