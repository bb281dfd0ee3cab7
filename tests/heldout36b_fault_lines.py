"""Held-out round 36b: a second set of wrong answers, written after round 36's diagnosis changes.

Written and labelled by another helper who never saw the tests, the messages or round 36's files, before any
file was graded (`tests/submissions/heldout36b/README.md`): the first line listed holds the mistake, any
other is an acceptable place to point at. `benchmarks/diagnosis.py --only heldout36b` measures them.
"""

from __future__ import annotations

from .fault_lines import FaultLine

__all__ = ["HELDOUT36B"]

_D = "tests/submissions/heldout36b/"

HELDOUT36B: tuple[FaultLine, ...] = (
    FaultLine(_D + "jn_a.py", "jax-numpy", "pure_update", (8,), None,
              'Python `if i < 0` on index: TracerBoolConversionError under jit (tracer in Python control flow)'),
    FaultLine(_D + "jn_b.py", "jax-numpy", "scatter_add", (13,), None,
              '.at[].set(x[idx]+u) loses accumulation for duplicate indices'),
    FaultLine(_D + "jn_c.py", "jax-numpy", "loss_and_grad", (23,), None,
              'argnums=1: gradient w.r.t. x (shape (n,)) instead of theta'),
    FaultLine(_D + "jn_d.py", "jax-numpy", "update", (26,), None,
              'wrong default learning rate 0.01 instead of 0.1'),
    FaultLine(_D + "jit_a.py", "jit", "norm", (11,), None,
              'variance as E[x^2]-E[x]^2: catastrophic cancellation in float32 for large-mean columns (nan/inf or '
              'wrong)'),
    FaultLine(_D + "jit_b.py", "jit", "negatives", (17,), None,
              'zeros(x.shape[0]) broadcasts wrongly for (n,1)/(n,m) inputs and IndexError on 0-d'),
    FaultLine(_D + "jit_c.py", "jit", "flatten", (22,), None,
              'new shape computed with jnp (traced) instead of static x.size: fails under jit'),
    FaultLine(_D + "jit_d.py", "jit", "maybe_negate", (25, 27), None,
              'neg not declared static: `if neg:` raises TracerBoolConversionError'),
    FaultLine(_D + "pur_a.py", "purity", "sgd_step", (10, 13, 15), None,
              '`new = params` aliases the input dict, so the input params dict is mutated'),
    FaultLine(_D + "pur_b.py", "purity", "horner", (23,), None,
              'off-by-one loop bound: last (constant) coefficient never applied'),
    FaultLine(_D + "pur_c.py", "purity", "per_example_grads", (32,), None,
              'vmap without in_axes batches theta too: error for n!=2, silently wrong for n==2'),
    FaultLine(_D + "pur_d.py", "purity", "moving_average", (37, 38), None,
              'cumsum without leading zero: output length n-window (first average missing)'),
    FaultLine(_D + "rv_a.py", "random-vmap", "init_layer", (10,), None,
              "reuses W's key for b (PRNG key reuse)"),
    FaultLine(_D + "rv_b.py", "random-vmap", "init_layer", (9,), None,
              'std/variance confusion: W scaled by 1/n_in instead of 1/sqrt(n_in)'),
    FaultLine(_D + "rv_c.py", "random-vmap", "batched_dot", (15,), None,
              'transposes B AND uses in_axes=1 (double transpose): wrong pairing/shape error'),
    FaultLine(_D + "rv_d.py", "random-vmap", "fit", (24,), None,
              'loop body closes over the initial theta instead of the carry t: gradient never updated'),
)
