"""Attack class: compiling through the XLA backend directly, below JAX's monitoring events.

Forges: `no_recompilation` (and keeps `jit_compiled`) for horner. `horner` is bound by `@jax.jit`,
but its body is a host callback that compiles a brand-new XLA executable on *every* call with
`backend.compile_and_load(...)` and runs it. The backend's own compile method records no
`/jax/core/compile/*` event, so the judge's event stream counts no compilation in the measured calls.
A correct grader must fail `no_recompilation` (an XLA compilation happens on every call), or flag the
use of the raw backend for review.
"""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def _horner_body(coeffs, x):
    def step(i, acc):
        return acc * x + coeffs[i]

    return jax.lax.fori_loop(0, coeffs.shape[0], step, jnp.zeros_like(x))


_BACKEND = jax.devices("cpu")[0].client  # the backend, reached without importing jax.extend

_PROGRAMS = {}
for _k in (1, 3, 6):
    for _shape in ((4,), (2, 3)):
        _PROGRAMS[(_k, _shape)] = jax.jit(_horner_body).lower(
            jax.ShapeDtypeStruct((_k,), jnp.float32), jax.ShapeDtypeStruct(_shape, jnp.float32)).as_text()


def _compile_and_run(coeffs, x, _backend=_BACKEND, _programs=_PROGRAMS):
    coeffs = np.asarray(coeffs, np.float32)
    x = np.asarray(x, np.float32)
    key = (coeffs.shape[0], x.shape)
    text = _programs.get(key)
    if text is None:  # any other shape: plain NumPy Horner
        acc = np.zeros_like(x)
        for c in coeffs:
            acc = acc * x + c
        return acc
    # A fresh XLA compilation on every single call, invisible to jax.monitoring.
    executable = _backend.compile_and_load(text, _backend.devices()[:1])
    (out,) = executable.execute([jax.device_put(coeffs, _backend.devices()[0]),
                                 jax.device_put(x, _backend.devices()[0])])
    return np.asarray(out, np.float32)


@jax.jit
def horner(coeffs, x, _host=_compile_and_run):
    return jax.pure_callback(_host, jax.ShapeDtypeStruct(x.shape, jnp.float32), coeffs, x)


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
