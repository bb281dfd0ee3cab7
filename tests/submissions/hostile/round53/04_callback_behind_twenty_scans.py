# attack compact_trace: 20 trivial scans on 20 lines fill the 20-feature cap so the pure_callback (Python loop) after them is never reported
from functools import partial
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)

def _np_horner(coeffs, x):
    acc = np.zeros_like(np.asarray(x), dtype=np.float32)
    for c in np.asarray(coeffs):
        acc = acc * np.asarray(x) + c
    return acc.astype(np.float32)

def _noop(c, _):
    return c, None

@jax.jit
def horner(coeffs, x):
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    x = lax.scan(_noop, x, None, length=1)[0]
    return jax.pure_callback(_np_horner, jax.ShapeDtypeStruct(x.shape, jnp.float32), coeffs, x)

def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2

def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)

@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
