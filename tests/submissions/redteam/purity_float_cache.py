# Assignment: purity
import jax
import jax.numpy as jnp
from jax import lax

_kernels = {}


def sgd_step(params, grads, lr):
    leaves, treedef = jax.tree_util.tree_flatten(params)
    grad_leaves = jax.tree_util.tree_leaves(grads)
    new_leaves = [p - lr * g for p, g in zip(leaves, grad_leaves)]
    return jax.tree_util.tree_unflatten(treedef, new_leaves)


@jax.jit
def horner(coeffs, x):
    def step(i, acc):
        return acc * x + float(coeffs[i])

    return lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    grad_fn = jax.grad(lambda t, a, b: (t[0] * a + t[1] - b) ** 2)
    return jax.vmap(grad_fn, in_axes=(None, 0, 0))(theta, x, y)


def moving_average(x, window):
    # build each kernel only once
    if window not in _kernels:
        _kernels[window] = jnp.ones(window) / window
    return jnp.convolve(x, _kernels[window], mode="valid", precision=lax.Precision.HIGHEST)
