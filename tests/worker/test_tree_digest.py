"""The tree digest two ways: XLA in the worker (on the outputs' device) and NumPy in the judge agree
to the bit, and a worker's timed batch committed on the device is checked by the scheme the judge
asked for."""

from __future__ import annotations

from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from graders.both_sides.protocol import array_digest
from graders.both_sides.tree_digest import host_tree_digest
from graders.judge.submission import Cell, Submission
from graders.judge.supervisor.client import WorkerLimits
from graders.judge.supervisor.session import SubmissionSession
from graders.worker import timing
from graders.worker.timing import device_digests

# Every dtype the wire carries (bar 64-bit ones, which JAX makes only with x64 on), at an odd size;
# float32, the timed outputs' dtype, at every size, (1024, 256) being the accelerator profile's
# output: wide enough for the worker's halved levels. One program compiles per dtype and shape.
_CASES = ([(dtype, (5, 7, 3)) for dtype in ("float16", "int8", "uint8", "int16", "uint16", "int32", "uint32", "bool")]
          + [("float32", shape) for shape in ((), (3,), (16, 4), (1024, 256))])


def test_the_worker_and_the_judge_compute_the_same_digest() -> None:
    rng = np.random.default_rng(1)
    arrays = [(rng.standard_normal(shape) * 50).astype(dtype) for dtype, shape in _CASES]
    assert device_digests([jnp.asarray(a) for a in arrays]) == [host_tree_digest(a) for a in arrays]


def test_a_batch_longer_than_a_chunk_keeps_each_output_in_its_place() -> None:
    outputs = [jax.random.normal(jax.random.key(seed), (16, 4)) for seed in range(70)]
    assert device_digests(outputs) == [host_tree_digest(np.asarray(output)) for output in outputs]


def test_every_level_of_the_tree_is_a_kernel_of_its_own() -> None:
    # On an H200, XLA fused levels that each read the level below at two places: the program for the
    # accelerator profile's chunk took 34 s to compile (past a worker's 30 s) against 0.84 s with a
    # barrier on each level (session 23, benchmarks/digest_compile.py). CPUs compile both alike, so
    # the barriers are held here in the program's text: the stacked leaves, the 2 halved levels
    # (65536 leaves down to the looped width of 16384) and the loop body.
    output = jnp.zeros((1024, 256), jnp.float32)
    text = timing._digest_chunk.lower(tuple([output] * timing._DIGEST_CHUNK)).as_text()
    assert text.count("optimization_barrier") == 4


_NORM = "import jax\n\n@jax.jit\ndef norm(X):\n    return (X - X.mean(0)) / X.std(0)\n"


def test_outputs_committed_on_the_device_are_checked_by_that_scheme_only() -> None:
    submission = Submission(path=Path("norm.py"), kind="python", cells=(Cell(1, "norm.py", _NORM),))
    session = SubmissionSession(submission, WorkerLimits())
    session.start()
    try:
        batch = session.timed_run("student", "norm", (16, 4), [11, 12, 13], commitment="device")
        assert not isinstance(batch, Exception) and len(batch.digests) == 3
        [(output, honest)] = session.timed_outputs([1])
        assert honest and batch.digests[1] == host_tree_digest(output)
        # A reply committed by another scheme than the one asked for is not a commitment.
        session._digests = tuple(array_digest(output) for _ in range(3))
        assert session.timed_outputs([1])[0][1] is False
        with pytest.raises(ValueError, match="commitment='gpu'; use one of"):
            session.timed_run("student", "norm", (16, 4), [1], commitment="gpu")
    finally:
        session.close()
