import jax
import jax.numpy as jnp


def sgd_step(params, grads, lr):
    new = {}
    for key, value in params.items():
        if isinstance(value, dict):
            new[key] = sgd_step(value, grads[key], lr)
        else:
            new[key] = value - lr * grads[key]
    return new


@jax.jit
def horner(coeffs, x):
    def step(acc, c):
        return acc * x + c, None

    result, _ = jax.lax.scan(step, jnp.zeros_like(x), coeffs)
    return result


def per_example_grads(theta, x, y):
    residual = theta[0] * x + theta[1] - y
    return jnp.stack([2.0 * residual * x, 2.0 * residual], axis=1)


def moving_average(x, window):
    x = jnp.asarray(x)
    totals = jnp.cumsum(jnp.concatenate([jnp.zeros((1,), x.dtype), x]))
    return (totals[window:] - totals[:-window]) / window
