"""Held-out round 31: where each faulty function of `tests/submissions/heldout31/` is wrong.

Labelled by reading the submissions, before any of them was graded. One `FaultLine` per file; each
file has exactly one wrong function and the others are correct. Notebook lines count from 1 within
the code cell whose `graders.judge.submission.Cell.index` is `cell` (1-based, markdown cells included).
"""

from __future__ import annotations

from tests.fault_lines import FaultLine

__all__ = ["HELDOUT31"]

_D = "tests/submissions/heldout31/"

HELDOUT31: tuple[FaultLine, ...] = (
    # ---- jit ----
    FaultLine(
        _D + "jit_01_var_shortcut.py",
        "jit",
        "norm",
        (16,),
        None,
        "The variance is computed as E[x^2] - E[x]^2, which in float32 cancels catastrophically when a "
        "column's mean is large next to its spread (wrong scale, even a negative variance and NaN); "
        "subtract the mean first, as X.std(0) does "
        "(source: google/objax#182 'Improve BatchNorm numerical stability').",
    ),
    FaultLine(
        _D + "jit_02_layernorm_eps.py",
        "jit",
        "norm",
        (16,),
        None,
        "A LayerNorm-style epsilon inside the square root, sqrt(var + 1e-5), changes the result whenever "
        "a column's variance is not much larger than 1e-5, so small-spread columns are no longer scaled "
        "to unit std; the task divides by X.std(0) exactly "
        "(source: patrick-kidger/equinox#314 'Clip variance in normalization').",
    ),
    FaultLine(
        _D + "jit_03_std_no_axis.py",
        "jit",
        "norm",
        (16,),
        None,
        "centred.std() without axis=0 takes one std over the whole flattened array instead of one per "
        "column, so columns are centred but not scaled to unit std "
        "(source: numpy.std documentation, 'computed for the flattened array by default').",
    ),
    FaultLine(
        _D + "jit_04_numpy_where.py",
        "jit",
        "negatives",
        (21,),
        None,
        "np.where is a NumPy function: it works on concrete arrays but under jax.jit it asks the tracer "
        "for a NumPy array and raises TracerArrayConversionError; use jnp.where "
        "(source: jax-ml/jax#3133 and the TracerArrayConversionError documentation).",
    ),
    FaultLine(
        _D + "jit_05_clip_a_max.ipynb",
        "jit",
        "negatives",
        (3,),
        13,
        "jnp.clip's a_max keyword was deprecated in JAX 0.4.27 and removed, so the call raises TypeError "
        "(unexpected keyword argument); use jnp.clip(x, max=0.0) or jnp.minimum "
        "(source: MichaelTMatthews/Jax2D#5 'Update jnp.clip to use min and max').",
    ),
    FaultLine(
        _D + "jit_06_int_of_traced_size.py",
        "jit",
        "flatten",
        (24,),
        None,
        "jnp.prod(jnp.array(x.shape)) is a JAX computation, so under jit it is a tracer and int() of it "
        "raises ConcretizationTypeError; the size is static, use x.size or x.reshape(-1) "
        "(source: jax-ml/jax#6350 and the ConcretizationTypeError documentation).",
    ),
    FaultLine(
        _D + "jit_07_prod_empty_shape.py",
        "jit",
        "flatten",
        (24,),
        None,
        "np.prod(x.shape) of a 0-d array's empty shape () is the float 1.0, and reshape rejects a float "
        "dimension (TypeError), so flatten fails for scalars; use x.size or -1 "
        "(source: b45ch1/algopy#51 'UTPM crashes due to shapes given as float').",
    ),
    FaultLine(
        _D + "jit_08_bool_not_static.py",
        "jit",
        "maybe_negate",
        (29, 31),
        None,
        "maybe_negate is jitted without marking neg static, so neg is traced and 'if neg:' raises "
        "TracerBoolConversionError; use @partial(jax.jit, static_argnames='neg') "
        "(source: JAX Sharp Bits, control flow).",
    ),
    # ---- jax-numpy ----
    FaultLine(
        _D + "jnp_01_discarded_at.py",
        "jax-numpy",
        "pure_update",
        (14,),
        None,
        "out.at[i].set(value) returns a new array that is thrown away (JAX arrays are immutable), so the "
        "function returns x unchanged; assign it, out = out.at[i].set(value) "
        "(source: jax-ml/jax#2287 'Jax index_update does not update').",
    ),
    FaultLine(
        _D + "jnp_02_numpy_inplace.py",
        "jax-numpy",
        "pure_update",
        (13, 14),
        None,
        "np.asarray does not copy a NumPy input, so out[i] = value writes into the caller's x (and it "
        "fails on a read-only JAX array's view and on a tracer under jit); build a new array with "
        "jnp.asarray(x).at[i].set(value) "
        "(source: JAX Sharp Bits, in-place updates; jax-ml/jax#7032).",
    ),
    FaultLine(
        _D + "jnp_03_size_for_len.py",
        "jax-numpy",
        "pure_update",
        (14,),
        None,
        "A negative i is wrapped with arr.size (all elements) instead of len(arr) (rows), so for a 2-D x "
        "the index falls out of bounds and JAX silently drops the out-of-bounds update, returning x "
        "unchanged; .at[i] already handles negative i "
        "(source: JAX Sharp Bits, out-of-bounds indexing).",
    ),
    FaultLine(
        _D + "jnp_04_set_not_add.ipynb",
        "jax-numpy",
        "scatter_add",
        (4,),
        13,
        "x.at[indices].set(x[indices] + updates) keeps only one of the updates for a repeated index "
        "instead of accumulating them; use x.at[indices].add(updates) "
        "(source: jax-ml/jax#9344 'x.at[indices].add differs from numpy if duplicate indices').",
    ),
    FaultLine(
        _D + "jnp_05_bincount_length.py",
        "jax-numpy",
        "scatter_add",
        (18,),
        None,
        "jnp.bincount without length= returns max(indices)+1 bins, a value-dependent shape: it does not "
        "match len(x) (shape error, or a silent broadcast when it is 1) and under jit it raises "
        "ConcretizationTypeError; pass length=x.shape[0] or use .at[].add "
        "(source: jnp.bincount documentation; jax-ml/jax#18464).",
    ),
    FaultLine(
        _D + "jnp_06_grad_argnums.py",
        "jax-numpy",
        "loss_and_grad",
        (27,),
        None,
        "argnums=1 differentiates with respect to x, not theta, so grad has shape (n,) and the wrong "
        "values; the default argnums=0 is theta "
        "(source: Stack Overflow 'Understanding JAX argnums parameter in its gradient function').",
    ),
    FaultLine(
        _D + "jnp_07_jit_per_call.py",
        "jax-numpy",
        "loss_and_grad",
        (27,),
        None,
        "A new jax.jit of a new lambda is built on every call, and jit caches by function identity, so "
        "every call traces and compiles again (x and y are also baked in as constants); jit a "
        "module-level function once or do not jit here "
        "(source: jax-ml/jax#2570, hawkinsp: jit(lambda ...) recompiles each time).",
    ),
    FaultLine(
        _D + "jnp_08_column_target.py",
        "jax-numpy",
        "update",
        (31, 32),
        None,
        "Reshaping y to a column (n, 1) makes w*x + b - targets broadcast to an (n, n) matrix of every "
        "prediction against every target, so the gradient for w is wrong; keep y as shape (n,) "
        "(source: pytorch/pytorch#16045, loss between shapes [n, 1] and [n]).",
    ),
    # ---- purity ----
    FaultLine(
        _D + "pur_01_mutating_step.py",
        "purity",
        "sgd_step",
        (18,),
        None,
        "params[key] = ... writes the new leaves into the caller's dicts (recursively) and returns the "
        "same object, so the input pytree is modified; build a new tree with "
        "jax.tree_util.tree_map (source: jax-ml/jax#15136; JAX Sharp Bits, pure functions).",
    ),
    FaultLine(
        _D + "pur_02_tree_map_removed.py",
        "purity",
        "sgd_step",
        (13,),
        None,
        "jax.tree_map was removed in JAX 0.6.0, so the call raises AttributeError; use "
        "jax.tree_util.tree_map or jax.tree.map "
        "(source: Naruki-Ichihara/feax#3 'jax.tree_map was removed in JAX v0.6.0').",
    ),
    FaultLine(
        _D + "pur_03_fori_upper_bound.py",
        "purity",
        "horner",
        (26,),
        None,
        "fori_loop's upper bound is exclusive, so fori_loop(1, k - 1, ...) skips the last coefficient "
        "(and for k = 2 runs no step at all); the bound must be k "
        "(source: jax.lax.fori_loop documentation).",
    ),
    FaultLine(
        _D + "pur_04_fori_scalar_carry.py",
        "purity",
        "horner",
        (22,),
        None,
        "The initial carry 0.0 is a scalar but the body returns an array of x's shape, so fori_loop "
        "raises a carry type mismatch for any non-scalar x; start from jnp.zeros_like(x) "
        "(source: jax-ml/jax#1686 'bug in shape-checking rules for the case of fori_loop').",
    ),
    FaultLine(
        _D + "pur_05_scan_history.ipynb",
        "purity",
        "horner",
        (6, 9),
        15,
        "The scan step emits the old accumulator as its per-step output and the function returns the "
        "last of those outputs, which is the value before the final step (acc * x + c is never "
        "returned); return the final carry instead "
        "(source: jax.lax.scan documentation, final carry versus stacked outputs).",
    ),
    FaultLine(
        _D + "pur_06_vmap_unbatched_y.py",
        "purity",
        "per_example_grads",
        (29,),
        None,
        "in_axes=(None, 0, None) does not batch y, so each example's loss compares w*x_i + b with every "
        "y (the added jnp.mean only hides the shape error) and the gradients are wrong; y needs axis 0 "
        "(source: jax-ml/jax#705 and the jax.vmap documentation).",
    ),
    FaultLine(
        _D + "pur_07_vmap_out_axes.py",
        "purity",
        "per_example_grads",
        (32,),
        None,
        "out_axes=1 stacks the per-example gradients along the last axis, giving shape (2, n) instead "
        "of (n, 2); the default out_axes=0 is right "
        "(source: jax-ml/jax#2530, vmap out_axes documentation).",
    ),
    FaultLine(
        _D + "pur_08_cumsum_average.py",
        "purity",
        "moving_average",
        (34, 35),
        None,
        "Window sums taken as differences of a float32 running cumsum lose precision as the prefix sum "
        "grows (catastrophic cancellation for long or large-offset inputs), so the means drift from "
        "the direct window means "
        "(source: Stack Overflow 'How to calculate moving average using NumPy?', cumsum answer).",
    ),
    FaultLine(
        _D + "pur_09_jit_window_traced.py",
        "purity",
        "moving_average",
        (33, 35),
        None,
        "moving_average is jitted without static_argnames='window', so window is traced and "
        "jnp.ones(window) needs a concrete shape (TypeError/ConcretizationTypeError), also when the "
        "grader re-wraps it with window static; leave it unjitted or mark window static "
        "(source: JAX Sharp Bits, dynamic shapes; jax.jit static_argnames).",
    ),
)
