"""Held-out round 36: where each faulty function of `tests/submissions/heldout36/` is wrong.

Written and labelled by a helper who never saw the tests or the messages, before any file was graded
(`tests/submissions/heldout36/README.md`): one realistic mistake per file, from the kinds public sources
describe. `benchmarks/diagnosis.py` measures how often a failing message names these lines.
"""

from __future__ import annotations

from .fault_lines import FaultLine

__all__ = ["HELDOUT36"]

_D = "tests/submissions/heldout36/"

HELDOUT36: tuple[FaultLine, ...] = (
    FaultLine(_D + "w01_pure_update_python_if.py", "jax-numpy", "pure_update", (8,), None,
              'Python `if i < 0` on a traced index (fails under jit)'),
    FaultLine(_D + "w02_scatter_add_set_dups.py", "jax-numpy", "scatter_add", (12,), None,
              'x.at[idx].set(x[idx]+u): duplicate indices not accumulated'),
    FaultLine(_D + "w03_loss_and_grad_order.py", "jax-numpy", "loss_and_grad", (21,), None,
              'returns (grad, loss) instead of (loss, grad)'),
    FaultLine(_D + "w04_update_default_lr.py", "jax-numpy", "update", (24,), None,
              'wrong default lr=0.01'),
    FaultLine(_D + "w05_norm_ddof1.py", "jit", "norm", (12,), None,
              'sample std ddof=1 instead of population std'),
    FaultLine(_D + "w06_negatives_np_where.py", "jit", "negatives", (17,), None,
              'np.where instead of jnp.where (fails under jit)'),
    FaultLine(_D + "w07_flatten_traced_shape.py", "jit", "flatten", (21,), None,
              'shape computed with jnp -> traced value used as shape under jit'),
    FaultLine(_D + "w08_maybe_negate_no_static.py", "jit", "maybe_negate", (24, 26), None,
              'neg not declared static -> Python `if neg` on tracer'),
    FaultLine(_D + "w09_sgd_step_inplace.py", "purity", "sgd_step", (11,), None,
              'in-place `p -= lr*g` mutates NumPy leaves of params'),
    FaultLine(_D + "w10_horner_off_by_one.py", "purity", "horner", (21,), None,
              'loop runs k-1 times (drops constant term)'),
    FaultLine(_D + "w11_per_example_in_axes.py", "purity", "per_example_grads", (29,), None,
              'y not batched in vmap (in_axes None) -> non-scalar loss'),
    FaultLine(_D + "w12_moving_average_intdiv.py", "purity", "moving_average", (34,), None,
              'integer division 1 // window -> zero kernel for window>1'),
    FaultLine(_D + "w13_init_layer_key_reuse.py", "random-vmap", "init_layer", (11,), None,
              'same key reused for W and b (no split)'),
    FaultLine(_D + "w14_init_layer_sqrt_nout.py", "random-vmap", "init_layer", (11,), None,
              'W scaled by 1/sqrt(n_out) instead of 1/sqrt(n_in)'),
    FaultLine(_D + "w15_batched_dot_in_axes.py", "random-vmap", "batched_dot", (17,), None,
              'in_axes=(0,0): B sliced by rows instead of columns'),
    FaultLine(_D + "w16_fit_off_by_one.py", "random-vmap", "fit", (28,), None,
              'fori_loop(1, steps): one step too few'),
)
