import jax
import jax.numpy as jnp
import numpy as np

TWO = 2.0
step_count = 0


def pure_update(x, i, value):
    if i < 0:
        i = i + len(x)
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    out = np.array(x)
    np.add.at(out, indices, updates)
    return out


def loss_and_grad(theta, x, y):
    residual = theta[0] * x + theta[1] - y
    return jnp.mean(residual ** 2), jnp.stack([TWO * jnp.mean(residual * x), TWO * jnp.mean(residual)])


def update(theta, x, y, lr=0.1):
    global step_count
    step_count += 1
    _, grad = jax.value_and_grad(lambda t: jnp.mean((t[0] * x + t[1] - y) ** 2))(jnp.asarray(theta))
    return theta - lr * grad
