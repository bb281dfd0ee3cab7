"""Where each faulty function of the corpus is wrong, as a human reviewer would point at it.

One `FaultLine` per faulty function (not per file), labelled by reading the submission against its
reference in `solutions/`, never from what the grader says. `lines` are the lines a reviewer would
point at (several only where one fault spans them); in a notebook they count from 1 within the code
cell whose index (`graders.judge.submission.Cell.index`, markdown cells included) is `cell`, and `cell` is
None for a `.py` file. A function with a second, lesser fault keeps the main one in `lines` and names
the other in `cause`.

`benchmarks/diagnosis.py` measures how often the grader's failure messages name these lines;
`tests/unit/test_fault_lines.py` keeps the labels in step with the files. Not labelled: correct files,
stubs, hostile submissions, and functions a submission leaves out (they have no line to point at).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FAULT_LINES", "FaultLine"]


@dataclass(frozen=True)
class FaultLine:
    path: str
    assignment: str
    exercise: str
    lines: tuple[int, ...]
    cell: int | None
    cause: str


_JAX_NUMPY_A = "tests/submissions/jax_numpy/faulty_a.py"
_JAX_NUMPY_B = "tests/submissions/jax_numpy/faulty_b.py"
_INPLACE = "tests/submissions/jax_numpy/inplace_update.py"
_NAMESPACE = "tests/submissions/jax_numpy/namespace_tricks.py"
_JISOO = "samples/jax-numpy/jisoo.ipynb"
_JIT_A = "tests/submissions/jit/faulty_a.py"
_JIT_B = "tests/submissions/jit/faulty_b.py"
_JIT_MISSING = "tests/submissions/jit/faulty_missing.py"
_MODULE_CONSTANT = "tests/submissions/jit/module_constant.py"
_DOYUN = "samples/jit/doyun.ipynb"
_PURITY_A = "tests/submissions/purity/faulty_a.py"
_PURITY_B = "tests/submissions/purity/faulty_b.py"
_HIDDEN = "tests/submissions/purity/hidden_state.py"
_DO_NOTHING = "tests/submissions/purity/do_nothing.py"
_JUNHO = "samples/purity/junho.ipynb"

FAULT_LINES: tuple[FaultLine, ...] = (
    # ------------------------------------------------------------------ jax-numpy
    FaultLine(_JAX_NUMPY_A, "jax-numpy", "pure_update", (7,), None, "mutates argument x in place with x[i] = value"),
    FaultLine(_JAX_NUMPY_A, "jax-numpy", "scatter_add", (14,), None,
              ".at[indices].set(x[indices] + updates): repeated indices keep only the last update"),
    FaultLine(_JAX_NUMPY_A, "jax-numpy", "loss_and_grad", (19,), None,
              "builds a new jax.jit lambda on every call: recompiles each time"),
    FaultLine(_JAX_NUMPY_A, "jax-numpy", "update", (25,), None, "theta + lr * grad: steps up the gradient, not down"),
    FaultLine(_JAX_NUMPY_B, "jax-numpy", "pure_update", (10,), None, "Python `if i < 0` on the traced index i"),
    FaultLine(_JAX_NUMPY_B, "jax-numpy", "scatter_add", (16, 17), None,
              "NumPy on the input: np.array(x) and np.add.at, not jit-safe"),
    FaultLine(_JAX_NUMPY_B, "jax-numpy", "loss_and_grad", (23,), None, "reads the module-level global TWO"),
    FaultLine(_JAX_NUMPY_B, "jax-numpy", "update", (27, 28), None,
              "assigns the module-level global step_count (global, += 1)"),
    FaultLine(_INPLACE, "jax-numpy", "pure_update", (9, 10), None,
              "raises TypeError on NumPy input instead of converting it with jnp.asarray"),
    FaultLine(_INPLACE, "jax-numpy", "update", (29,), None, "theta -= lr * grad mutates NumPy theta in place"),
    FaultLine(_NAMESPACE, "jax-numpy", "pure_update", (25,), None,
              "reads the module-level global OFFSET through sys.modules"),
    FaultLine(_NAMESPACE, "jax-numpy", "scatter_add", (29, 30), None,
              "reads the module-level global ZERO through vars(importlib.import_module(__name__))"),
    FaultLine(_NAMESPACE, "jax-numpy", "loss_and_grad", (34,), None,
              "keeps a call counter in the function attribute loss_and_grad.calls"),
    FaultLine(_NAMESPACE, "jax-numpy", "update", (43,), None,
              "_track() bumps the count of a module-level callable object"),
    FaultLine(_JISOO, "jax-numpy", "pure_update", (2,), 3, "mutates argument x in place with x[i] = value"),
    FaultLine(_JISOO, "jax-numpy", "scatter_add", (3,), 4,
              ".at[indices].set(x[indices] + updates): repeated indices keep only the last update"),
    FaultLine(_JISOO, "jax-numpy", "loss_and_grad", (5,), 5, "reads the notebook global SCALE"),
    FaultLine(_JISOO, "jax-numpy", "update", (1,), 6,
              "def line lacks its colon: SyntaxError (the body also returns theta unchanged)"),
    # ------------------------------------------------------------------------ jit
    FaultLine(_JIT_A, "jit", "norm", (5,), None, "not jit-compiled: no @jax.jit above def norm"),
    FaultLine(_JIT_A, "jit", "negatives", (10,), None,
              "boolean mask x[x < 0]: keeps only the negatives, data-dependent shape under jit"),
    FaultLine(_JIT_A, "jit", "flatten", (14,), None, "reshapes to jnp.array(x.shape).prod(): a traced size under jit"),
    FaultLine(_JIT_A, "jit", "maybe_negate", (17, 19), None, "@jax.jit without static neg, then Python `if neg:`"),
    FaultLine(_JIT_B, "jit", "norm", (10,), None, "reads the module-level global AXIS"),
    FaultLine(_JIT_B, "jit", "negatives", (14,), None, "np.where on the input: NumPy, not jit-safe"),
    FaultLine(_JIT_B, "jit", "maybe_negate", (22,), None,
              "jits a new lambda closing over neg on every call; maybe_negate itself is not jitted"),
    FaultLine(_JIT_MISSING, "jit", "norm", (7,), None, "ddof=1: sample std instead of population std"),
    FaultLine(_MODULE_CONSTANT, "jit", "norm", (18,), None,
              "writes the result into the caller's X with X[...] = out (norm itself also un-jitted)"),
    FaultLine(_MODULE_CONSTANT, "jit", "negatives", (24,), None, "reads the module-level global THRESHOLD"),
    FaultLine(_DOYUN, "jit", "norm", (1,), 3, "not jit-compiled: no @jax.jit above def norm"),
    FaultLine(_DOYUN, "jit", "negatives", (2,), 4,
              "boolean mask x[x < 0]: keeps only the negatives, data-dependent shape under jit"),
    FaultLine(_DOYUN, "jit", "maybe_negate", (1, 3), 6, "@jax.jit without static neg, then Python `if neg:`"),
    # --------------------------------------------------------------------- purity
    FaultLine(_PURITY_A, "purity", "sgd_step", (12,), None, "mutates argument params in place with params[key] = ..."),
    FaultLine(_PURITY_A, "purity", "horner", (19,), None, "Python for loop over coeffs, unrolled into the trace"),
    FaultLine(_PURITY_A, "purity", "per_example_grads", (26,), None,
              "Python loop over the examples instead of jax.vmap"),
    FaultLine(_PURITY_A, "purity", "moving_average", (30,), None, "np.convolve on the input: NumPy, not jit-safe"),
    FaultLine(_PURITY_B, "purity", "sgd_step", (9, 10), None, "assigns the module-level global calls (global, += 1)"),
    FaultLine(_PURITY_B, "purity", "horner", (14, 15), None,
              "no @jax.jit: the fori_loop body indexes NumPy coeffs with the traced i"),
    FaultLine(_PURITY_B, "purity", "per_example_grads", (20, 21), None,
              "one batch-mean gradient tiled to every row, not one per example"),
    FaultLine(_PURITY_B, "purity", "moving_average", (26,), None, "mode='same' instead of 'valid': output of length n"),
    FaultLine(_HIDDEN, "purity", "sgd_step", (15,), None, "appends to the closure's list history on every call"),
    FaultLine(_HIDDEN, "purity", "horner", (30,), None, "increments the class attribute _State.calls"),
    FaultLine(_HIDDEN, "purity", "per_example_grads", (44,), None, "reads the module-level global SCALE via globals()"),
    FaultLine(_HIDDEN, "purity", "moving_average", (48, 49), None,
              "mutable default _seen=[] appended to on every call"),
    FaultLine(_DO_NOTHING, "purity", "sgd_step", (8,), None, "returns None instead of the updated pytree"),
    FaultLine(_DO_NOTHING, "purity", "horner", (13,), None, "returns x instead of evaluating the polynomial"),
    FaultLine(_DO_NOTHING, "purity", "per_example_grads", (17,), None, "returns zeros instead of the gradients"),
    FaultLine(_DO_NOTHING, "purity", "moving_average", (21,), None, "returns a slice of x instead of window means"),
    FaultLine(_JUNHO, "purity", "sgd_step", (3,), 3,
              "mutates argument params in place with params[k] = ...; nested dicts unhandled"),
    FaultLine(_JUNHO, "purity", "horner", (4,), 4, "Python for loop over coeffs, unrolled into the trace"),
)

FAULT_LINES += (
    FaultLine("tests/submissions/jit/debug_print.py", "jit", "norm", (12,), None,
              "jax.debug.print inside the jitted function: a host callback on every call"),
)

# ------------------------------------------------------------ red team (tests/submissions/redteam/)
# Written without reading the grader's detectors, to measure the feedback on faults it was not designed for.
_RT = "tests/submissions/redteam/"

FAULT_LINES += (
    # jax-numpy
    FaultLine(_RT + "jax_numpy_no_asarray.py", "jax-numpy", "pure_update", (7,), None,
              "x.at[i] without jnp.asarray: AttributeError on NumPy input"),
    FaultLine(_RT + "jax_numpy_no_asarray.py", "jax-numpy", "update", (26,), None,
              "loss.item() in a print: fails under jax.jit"),
    FaultLine(_RT + "jax_numpy_argnums.py", "jax-numpy", "scatter_add", (12,), None,
              ".at[indices].set(updates) where .add is meant: overwrites x, repeats not accumulated"),
    FaultLine(_RT + "jax_numpy_argnums.py", "jax-numpy", "loss_and_grad", (22,), None,
              "argnums=1: gradient with respect to x, not theta"),
    FaultLine(_RT + "jax_numpy_sum_loss.py", "jax-numpy", "loss_and_grad", (18,), None,
              "jnp.sum instead of jnp.mean in the loss helper"),
    FaultLine(_RT + "jax_numpy_sum_loss.py", "jax-numpy", "update", (27,), None,
              "theta - grad: the learning rate lr is never used"),
    FaultLine(_RT + "jax_numpy_int_index.py", "jax-numpy", "pure_update", (9,), None,
              "int(i) on the index: fails when i is traced under jit"),
    FaultLine(_RT + "jax_numpy_int_index.py", "jax-numpy", "scatter_add", (14, 15), None,
              "np.asarray(x) then result[indices] += updates: mutates NumPy x, repeats not accumulated, "
              "fails on JAX or traced x"),
    FaultLine(_RT + "jax_numpy_cache.py", "jax-numpy", "pure_update", (10,), None,
              "jnp.where(arange(n) == i, ...): wrong for negative i and for rows of a 2-D x"),
    FaultLine(_RT + "jax_numpy_cache.py", "jax-numpy", "loss_and_grad", (24, 25), None,
              "module-level cache dict _compiled of jitted functions"),
    # jit
    FaultLine(_RT + "jit_linalg_item.py", "jit", "norm", (11,), None,
              "divides by jnp.linalg.norm of the centred columns instead of std: off by sqrt(n)"),
    FaultLine(_RT + "jit_linalg_item.py", "jit", "flatten", (19,), None,
              ".item() on a jnp product of the shape: fails under jit"),
    FaultLine(_RT + "jit_variance.py", "jit", "norm", (11,), None, "divides by the variance X.var instead of std"),
    FaultLine(_RT + "jit_variance.py", "jit", "maybe_negate", (22,), None,
              "static_argnums=(0,) makes x static instead of neg: unhashable array, neg traced"),
    FaultLine(_RT + "jit_axis.py", "jit", "norm", (7, 8), None,
              "axis=1 (keepdims): standardises rows instead of columns"),
    FaultLine(_RT + "jit_axis.py", "jit", "negatives", (16,), None,
              "Python `v if v < 0` per element: fails on tracers under jit"),
    FaultLine(_RT + "jit_sample_std.py", "jit", "norm", (12,), None,
              "std by hand dividing by n - 1: sample std, not population"),
    FaultLine(_RT + "jit_sample_std.py", "jit", "flatten", (22,), None,
              "x.shape[0] * x.shape[1]: assumes a 2-D x"),
    FaultLine(_RT + "jit_traced_guard.py", "jit", "negatives", (19,), None,
              "boolean mask out.at[mask].set(x[mask]): not jit-safe"),
    FaultLine(_RT + "jit_traced_guard.py", "jit", "maybe_negate", (29,), None,
              "jax.jit(jnp.negative) built inside the call; maybe_negate itself is not jitted"),
    # purity
    FaultLine(_RT + "purity_shallow_copy.py", "purity", "sgd_step", (9, 13), None,
              "shallow params.copy() then new[key][sub] = ...: mutates the caller's nested dicts "
              "(and handles only two levels)"),
    FaultLine(_RT + "purity_shallow_copy.py", "purity", "per_example_grads", (33,), None,
              "vmap without in_axes=(None, 0, 0): maps theta too"),
    FaultLine(_RT + "purity_reversed.py", "purity", "horner", (19,), None,
              "coeffs[k - 1 - i]: coefficients taken lowest degree first"),
    FaultLine(_RT + "purity_reversed.py", "purity", "moving_average", (34,), None,
              "cumsum differences without a leading zero: drops the first window (length n - window)"),
    FaultLine(_RT + "purity_argnums.py", "purity", "per_example_grads", (23,), None,
              "argnums=1: gradient with respect to x_i, shape (n,)"),
    FaultLine(_RT + "purity_argnums.py", "purity", "moving_average", (29,), None,
              "mode='full' then [window - 1:]: length n, last windows partial"),
    FaultLine(_RT + "purity_float_cache.py", "purity", "horner", (19,), None,
              "float(coeffs[i]) on a traced value inside the jitted fori_loop"),
    FaultLine(_RT + "purity_float_cache.py", "purity", "moving_average", (31, 32), None,
              "module-level cache dict _kernels; under jit it caches a tracer"),
    FaultLine(_RT + "purity_inner_jit.py", "purity", "horner", (11,), None,
              "@jax.jit on an inner function built on every call; horner itself is not jitted"),
    FaultLine(_RT + "purity_inner_jit.py", "purity", "moving_average", (29,), None,
              "sums each window: never divides by window"),
    FaultLine(_RT + "purity_swapped.py", "purity", "sgd_step", (9,), None,
              "lambda g, p against tree_map(..., params, grads): computes g - lr * p"),
    FaultLine(_RT + "purity_swapped.py", "purity", "per_example_grads", (22,), None,
              "jnp.stack without axis=1: shape (2, n), not (n, 2)"),
)

# ------------------------------------------------------------ red team, round 2 (tests/submissions/redteam2/)
# Written by a third helper that read neither the grader nor round 1's files, while the detectors for
# round 1's misses were being written: the held-out set for those detectors.
_RT2 = "tests/submissions/redteam2/"

FAULT_LINES += (
    # jax-numpy
    FaultLine(_RT2 + "jax_numpy_set_ascent.py", "jax-numpy", "scatter_add", (13,), None,
              ".at[idx].set(x[idx] + u): a repeated index keeps only its last update"),
    FaultLine(_RT2 + "jax_numpy_set_ascent.py", "jax-numpy", "update", (28,), None,
              "theta + lr * grad: gradient ascent"),
    FaultLine(_RT2 + "jax_numpy_bias_pyif.py", "jax-numpy", "pure_update", (8,), None,
              "Python `if i < 0` on a traced index: fails under jax.jit"),
    FaultLine(_RT2 + "jax_numpy_bias_pyif.py", "jax-numpy", "loss_and_grad", (19,), None,
              "helper _predict returns w * x - b: the bias's sign is wrong"),
    FaultLine(_RT2 + "jax_numpy_bias_pyif.py", "jax-numpy", "update", (19,), None,
              "wrong through the same _predict helper"),
    FaultLine(_RT2 + "jax_numpy_mask_lr.py", "jax-numpy", "pure_update", (8,), None,
              "mask arange(n) == i: a negative i matches nothing; a 2-D x lines up with columns"),
    FaultLine(_RT2 + "jax_numpy_mask_lr.py", "jax-numpy", "update", (30,), None,
              "lr applied twice: step = lr * grad, then theta - lr * step"),
    FaultLine(_RT2 + "jax_numpy_int_norm.py", "jax-numpy", "scatter_add", (12,), None,
              "int32 accumulator (dtype=indices.dtype): float updates are truncated"),
    FaultLine(_RT2 + "jax_numpy_int_norm.py", "jax-numpy", "loss_and_grad", (19,), None,
              "jnp.linalg.norm(r) / n: the norm is not squared, so not the mean squared error"),
    FaultLine(_RT2 + "jax_numpy_int_norm.py", "jax-numpy", "update", (19,), None,
              "wrong through the same _loss helper"),
    # jit
    FaultLine(_RT2 + "jit_var_transpose.py", "jit", "norm", (11,), None,
              "divides by the variance X.var(0), not the standard deviation"),
    FaultLine(_RT2 + "jit_var_transpose.py", "jit", "flatten", (20,), None,
              "x.T.reshape(...): transposed element order"),
    FaultLine(_RT2 + "jit_relu_cond.py", "jit", "negatives", (15,), None,
              "jax.nn.relu(-x): the negatives' absolute values, not the negatives"),
    FaultLine(_RT2 + "jit_relu_cond.py", "jit", "maybe_negate", (24,), None,
              "lax.cond branches swapped"),
    FaultLine(_RT2 + "jit_global_mean_shape.py", "jit", "norm", (9,), None,
              "helper _column_std centres on the global mean X.mean(), not the column means"),
    FaultLine(_RT2 + "jit_global_mean_shape.py", "jit", "flatten", (23,), None,
              "shape from jnp.array(x.shape).prod(): a traced value, TypeError under jit"),
    # purity
    FaultLine(_RT2 + "purity_clip_offbyone.py", "purity", "sgd_step", (10,), None,
              "gradient clipped to [-1, 1] inside the tree_map lambda"),
    FaultLine(_RT2 + "purity_clip_offbyone.py", "purity", "horner", (19,), None,
              "fori_loop(1, k, ...) skips the leading coefficient coeffs[0]"),
    FaultLine(_RT2 + "purity_np_convolve.py", "purity", "per_example_grads", (25,), None,
              "hand-written gradient missing the factor 2"),
    FaultLine(_RT2 + "purity_np_convolve.py", "purity", "moving_average", (30,), None,
              "np.convolve on a traced value: fails under jax.jit"),
    FaultLine(_RT2 + "purity_scan_window.py", "purity", "horner", (16, 19), None,
              "scan emits the state before each update and history[-1] is returned, not the final carry"),
    FaultLine(_RT2 + "purity_scan_window.py", "purity", "moving_average", (30,), None,
              "helper _windows uses arange(n - window): one window short"),
)
