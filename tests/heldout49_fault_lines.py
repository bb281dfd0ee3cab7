"""Held-out round 49: where each faulty function of `tests/submissions/heldout49/` is wrong.

Labelled by a helper who never saw the tests or the messages, before any file was graded
(`tests/submissions/heldout49/README.md`, the labels' table and its digest). One correction made after
grading, written there: np02's line 4 is correct code, so only line 5 is its fault line. `cell` counts
every cell of a notebook from 1, markdown included (`Cell.index`). `benchmarks/diagnosis.py --round 49`
measures how often the first failing message names these lines.
"""

from __future__ import annotations

from .fault_lines import FaultLine

__all__ = ["HELDOUT49"]

_D = "tests/submissions/heldout49/"

HELDOUT49: tuple[FaultLine, ...] = (
    FaultLine(_D + "np01_pure_update_asarray_inplace.py", "jax-numpy", "pure_update", (11, 12), None,
              "`np.asarray` does not copy: on a JAX array it is a read-only view (the ValueError), on a NumPy "
              "input the write changes the caller's array; use `x.at[i].set(value)`."),
    FaultLine(_D + "np02_pure_update_negative_index_mask.ipynb", "jax-numpy", "pure_update", (5,), 10,
              "comparing `jnp.arange(n) == i` never matches a negative `i` (e.g. -1), so nothing is replaced; "
              "normalise `i` (`i % n`) or use `x.at[i].set(value)`, which accepts negative indices."),
    FaultLine(_D + "np03_scatter_add_bincount_no_length.py", "jax-numpy", "scatter_add", (16, 17), None,
              "`jnp.bincount` without `length` returns `max(indices) + 1` bins, not `len(x)`, so adding it to "
              "`x` fails to broadcast (and under jit the size is not static); pass `length=x.shape[0]` or use "
              "`.at[indices].add`."),
    FaultLine(_D + "np04_scatter_add_int_of_tracer.py", "jax-numpy", "scatter_add", (17,), None,
              "`int(indices[k])` asks for a concrete Python int, which a traced index under jit does not have; "
              "index with the array itself (`out.at[indices].add(updates)`, no loop)."),
    FaultLine(_D + "np05_loss_and_grad_norm_nan.py", "jax-numpy", "loss_and_grad", (19,), None,
              "the gradient of `jnp.linalg.norm(r)` is `r / norm(r)`, 0/0 = NaN when every residual is 0; write"
              " the squared norm as `jnp.sum(r ** 2)` (or `jnp.mean(r ** 2)`)."),
    FaultLine(_D + "np06_loss_and_grad_argnums.py", "jax-numpy", "loss_and_grad", (19, 25), None,
              "`value_and_grad` differentiates the first argument, here `x` (shape (n,)), not `theta`; put "
              "`theta` first in `mse` or pass `argnums=2`."),
    FaultLine(_D + "np07_update_inplace_slice.py", "jax-numpy", "update", (29,), None,
              "`theta[:] = ...` is an in-place write: a JAX `theta` refuses it (TypeError), a NumPy `theta` is "
              "changed under the caller; return the new array `theta - lr * grad`."),
    FaultLine(_D + "np08_loss_and_grad_float16.py", "jax-numpy", "loss_and_grad", (24,), None,
              "casting to float16 keeps about 3 significant digits and overflows to inf above 65504 (squared "
              "errors get there fast); keep float32."),
    FaultLine(_D + "jit01_norm_batchnorm_eps.py", "jit", "norm", (16,), None,
              "the `+ 1e-5` inside the square root (BatchNorm's epsilon) is not in the formula; it shrinks "
              "columns whose variance is small, so their std is no longer 1."),
    FaultLine(_D + "jit02_norm_naive_variance.py", "jit", "norm", (15, 16), None,
              "`E[X²] - E[X]²` cancels catastrophically in float32 when a column's mean is large compared with "
              "its spread (wrong or negative variance, NaN after sqrt); use `X.std(0,)` / `jnp.mean((X - mean) "
              "** 2, 0)`."),
    FaultLine(_D + "jit03_norm_static_array.py", "jit", "norm", (12,), None,
              "`static_argnums=0` makes the array `X` static, and static arguments must be hashable (arrays are"
              " not); shapes are already static under jit, so plain `@jax.jit` is enough."),
    FaultLine(_D + "jit04_negatives_np_where.py", "jit", "negatives", (18,), None,
              "`np.where` is NumPy: it needs concrete values and fails on a tracer under jit "
              "(TracerArrayConversionError); use `jnp.where`."),
    FaultLine(_D + "jit05_negatives_clip_a_max.py", "jit", "negatives", (18,), None,
              "`jnp.clip` no longer takes NumPy's `a_max` keyword (removed after its deprecation in JAX "
              "0.4.27): the TypeError is JAX's API, not the student's logic; write `jnp.clip(x, max=0.0)` or "
              "`jnp.minimum(x, 0.0)`."),
    FaultLine(_D + "jit06_flatten_fortran_order.py", "jit", "flatten", (21,), None,
              "`order=\"F\"` reads column by column (MATLAB's `x(:)`), but the contract wants row-major order, "
              "like `x.reshape(-1)`."),
    FaultLine(_D + "jit07_flatten_batch_habit.py", "jit", "flatten", (22,), None,
              "`x.reshape(x.shape[0], -1)` keeps the first axis (the CNN batch flatten): the result is 2-D (and"
              " 0-d input has no `shape[0]`); reshape to `(x.size,)`."),
    FaultLine(_D + "jit08_maybe_negate_static_argnames_typo.ipynb", "jit", "maybe_negate", (2,), 24,
              "`static_argnames=\"negate\"` names a parameter the function does not have (it is `neg`), so "
              "`jax.jit` refused the definition and `maybe_negate` was never defined; name the real parameter."),
    FaultLine(_D + "pu01_sgd_step_shallow_copy.py", "purity", "sgd_step", (13, 18), None,
              "`dict(params)` copies only the dict, the arrays are shared, and `-=` on a NumPy array writes "
              "into the caller's array; build new leaves with `p - lr * g` (e.g. `tree_map`)."),
    FaultLine(_D + "pu02_sgd_step_lambda_order.py", "purity", "sgd_step", (13,), None,
              "`tree_map` passes leaves in the order of the trees given (params, grads), so the lambda's `g` is"
              " the parameter and `p` the gradient: the result is `g - lr * p`; match the lambda's arguments to"
              " the trees' order."),
    FaultLine(_D + "pu03_horner_start_bound.py", "purity", "horner", (20, 21), None,
              "the accumulator already holds `coeffs[0]`, so the loop must start at 1; starting at 0 uses the "
              "leading coefficient twice (one degree too many)."),
    FaultLine(_D + "pu04_horner_body_signature.py", "purity", "horner", (17, 18), None,
              "`lax.fori_loop` calls `body(i, val)`: with `def body(acc, i)` the names are swapped, so "
              "`coeffs[i]` is indexed by the float accumulator (the \"Indexer must have integer\" TypeError); "
              "write `def body(i, acc)`."),
    FaultLine(_D + "pu05_horner_scan_not_pair.ipynb", "purity", "horner", (4, 5, 6), 16,
              "a `lax.scan` body must return a pair `(carry, output)`; return `(acc * x + c, None)`."),
    FaultLine(_D + "pu06_per_example_grads_batch_mean.py", "purity", "per_example_grads", (25,), None,
              "dividing by `len(x)` turns each per-example loss into a share of the batch mean, so every "
              "gradient is n times too small; per-example losses have no 1/n."),
    FaultLine(_D + "pu07_moving_average_global_cache.py", "purity", "moving_average", (30, 34, 35, 36), None,
              "the module-level dict `_compiled` is hidden state written and read across calls; `jax.jit(..., "
              "static_argnames=\"window\")` already caches one program per window, so drop the dict."),
    FaultLine(_D + "pu08_moving_average_cumsum.py", "purity", "moving_average", (31, 32), None,
              "differences of the cumulative sum without a leading 0 drop the first window: the output has `n -"
              " window` entries instead of `n - window + 1` (and is empty when `window == n`); prepend 0 to the"
              " cumsum."),
)
