"""Hostile round 8: a Python loop unrolled when lowering, inside a primitive of the submission's own.

Class: a program built after the jaxpr. `compact_trace` counts the jaxpr's equations, nested
ones included and a `scan` once per unrolled copy. A primitive is one equation whatever it
lowers to, and a submission can define its own: `jax.extend.core.Primitive`, an abstract
evaluation rule, and a lowering registered with `mlir.register_lowering(..., mlir.lower_fun(f))`
that traces `f` (here Horner's rule as a plain Python loop over the coefficients) only when
XLA's program is built. `horner` is one equation at every length, while the compiled program
holds one multiply and one add per coefficient, with no loop (the reference's: one `while`).

Forges: `compact_trace` of `horner` (assignment `purity`).

A correct grader must measure the program that is compiled (the lowered HLO or StableHLO, whose
size is what an unrolled loop makes grow), or refuse primitives and lowerings the submission
defines, rather than take the jaxpr's equation count as the program's size.
"""

from functools import partial

import jax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import mlir


def sgd_step(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def _horner_unrolled(coeffs, x):
    acc = jnp.zeros_like(x)
    for i in range(coeffs.shape[0]):  # unrolled when the primitive is lowered, not when traced
        acc = acc * x + coeffs[i]
    return acc


def _jitted_horner():
    primitive = Primitive("horner_step_by_step")
    primitive.def_abstract_eval(lambda coeffs, x: jax.core.ShapedArray(x.shape, x.dtype))
    mlir.register_lowering(primitive, mlir.lower_fun(_horner_unrolled, multiple_results=False))

    def horner(coeffs, x):
        return primitive.bind(coeffs, x)  # one equation, whatever it lowers to

    return jax.jit(horner)


horner = _jitted_horner()


def _example_loss(theta, xi, yi):
    return (theta[0] * xi + theta[1] - yi) ** 2


def per_example_grads(theta, x, y):
    return jax.vmap(jax.grad(_example_loss), in_axes=(None, 0, 0))(theta, x, y)


@partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    kernel = jnp.full((window,), 1.0 / window, dtype=jnp.asarray(x).dtype)
    return jnp.convolve(x, kernel, mode="valid", precision=jax.lax.Precision.HIGHEST)
