"""Batches of calls on fresh inputs, for a timer the worker cannot reach.

The worker keeps no clock: the judge times each request's round trip itself.
A request names seeds; for each, the worker generates a new input array from
that seed (inside the timed request, so nothing can be computed ahead of it),
calls the target, and keeps the output. Once all are dispatched it waits for
every output and commits to each with a digest in the reply, so a reply that
leaves before the work is done cannot be valid: the judge's clock stops at
that reply, then the judge names outputs at random, checks each against its
digest and against the reference. Only JAX's own array type counts as a
timed output (an object that computes when it is encoded is an error), and
where the judge asks for it, the student's function must be the very object
`jax.jit` made: un-jitted code is not what jit_speedup times.

Targets: `student` (the submission's function), `eager` and `jit` (the public
formula the exercise states, un-jitted and under `jax.jit`: a clean worker
that never loaded student code runs these), and `none` (generation alone, so
the judge can subtract what every batch spends making its inputs).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from ..both_sides.protocol import array_digest, encode_value, is_jax_array
from ..both_sides.semantics import with_default_semantics
from ..both_sides.timed_inputs import input_generator
from ..both_sides.tree_digest import compress, finalize, leaf_count, render
from .calls import JIT_FUNCTION_TYPE, Calls

__all__ = ["TimedBatches"]

_MAX_BATCH = 1000

# Bound before any submission code runs, so rebinding the library's names later changes nothing here.
_block_until_ready: Callable[[Any], Any] = jax.block_until_ready
_jit = jax.jit


# Outputs digested on the device per program: a batch pads its last chunk with repeats, so one
# program per output shape serves the warm-up's batches and the timed ones (50 calls: one chunk).
_DIGEST_CHUNK = 64


def _device_leaves(array: Any) -> Any:
    """An array's bytes as (leaves, 4) little-endian uint32 words, padded as `leaf_count` says."""
    if array.dtype == jnp.bool_:
        raw = array.astype(jnp.uint8).reshape(-1)
    elif array.dtype.itemsize == 4:
        words = jax.lax.bitcast_convert_type(array, jnp.uint32).reshape(-1)
        return jnp.pad(words, (0, leaf_count(words.size * 4) * 4 - words.size)).reshape(-1, 4)
    else:
        raw = jax.lax.bitcast_convert_type(array, jnp.uint8).reshape(-1)
    raw = jnp.pad(raw, (0, leaf_count(raw.size) * 16 - raw.size)).astype(jnp.uint32).reshape(-1, 4)
    return (raw[:, 0] | (raw[:, 1] << 8) | (raw[:, 2] << 16) | (raw[:, 3] << 24)).reshape(-1, 4)


# Levels run as one loop body over a fixed shape (a small program) once the tree is this narrow;
# the wider levels below it halve the array, unrolled (doubling there would multiply the work).
_LOOPED_WIDTH = 16384
# Every level's nodes are materialised: a level reads the one below at two places, so a compiler
# that fused levels together (XLA unrolls short loops on GPUs) would emit each lower level twice
# over, and 2^levels times in all.
_materialise: Callable[[Any], Any] = jax.lax.optimization_barrier


def _digest_chunk_body(arrays: tuple[Any, ...]) -> Any:
    nodes = _materialise(jnp.stack([_device_leaves(array) for array in arrays]))  # (chunk, leaves, 4)
    halved = 0
    while nodes.shape[1] > _LOOPED_WIDTH:
        nodes = _materialise(compress(nodes[:, 0::2], nodes[:, 1::2], jnp.uint32(halved), jnp))
        halved += 1

    def level(k: Any, nodes: Any) -> Any:
        # Node i absorbs node i + 2^k; node 0 gathers the tree the judge builds by halving.
        return _materialise(compress(nodes, jnp.roll(nodes, -(1 << k), axis=1), (k + halved).astype(jnp.uint32), jnp))

    root = jax.lax.fori_loop(0, nodes.shape[1].bit_length() - 1, level, nodes)[:, 0]
    return finalize(root, arrays[0].size * arrays[0].dtype.itemsize, jnp)


_digest_chunk = _jit(with_default_semantics(_digest_chunk_body))


def device_digests(outputs: list[Any]) -> list[str]:
    """`tree_digest` of each output, computed where it lives: only 16 bytes an output reach the host.
    Outputs of one shape and dtype share a chunk; the judge's digest names both, so a mixed batch
    is digested one output at a time."""
    if any((output.shape, output.dtype) != (outputs[0].shape, outputs[0].dtype) for output in outputs):
        return [digest for output in outputs for digest in device_digests([output])]
    chunks = []
    for start in range(0, len(outputs), _DIGEST_CHUNK):
        chunk = outputs[start:start + _DIGEST_CHUNK]
        chunks.append(_digest_chunk(tuple(chunk + chunk[-1:] * (_DIGEST_CHUNK - len(chunk)))))
    words = np.concatenate(jax.device_get(chunks))[: len(outputs)]
    return [render(digest, np.dtype(output.dtype).str, output.shape) for digest, output in zip(words, outputs)]


class TimedBatches:
    def __init__(self, calls: Calls) -> None:
        self._student = calls.function
        self._describe_error = calls.describe_error
        self._generators: dict[tuple[int, ...], Callable[[int], Any]] = {}
        self._formulas: dict[str, Callable[..., Any]] = {}
        self._kept: list[Any] = []

    def handlers(self) -> dict[str, Callable[[dict[str, Any]], dict[str, Any]]]:
        return {"define_formula": self.define_formula, "timing_begin": self.begin, "timing_end": self.end,
                "timed_run": self.run, "timed_kept": self.kept}

    def define_formula(self, request: dict[str, Any]) -> dict[str, Any]:
        """The exercise's public formula, un-jitted and jitted: what a clean worker times."""
        namespace: dict[str, Any] = {"jax": jax, "jnp": jnp, "np": np}
        exec(compile(request["source"], "<baseline>", "exec"), namespace)
        eager = namespace[request["name"]]
        # The jitted formula also runs in the student's worker, under the notebook's settings: traced
        # under JAX's defaults, it means what the exercise states (both_sides/semantics.py). The eager
        # one runs only in a clean worker.
        self._formulas = {"eager": eager, "jit": _jit(with_default_semantics(eager))}
        return {"ok": True}

    def begin(self, request: dict[str, Any]) -> dict[str, Any]:
        """Before the timed rounds: no garbage collection until they end.

        A collection walks the whole heap, which takes milliseconds in a worker that has
        run the other checks and far less in a clean one; one landing inside a timed
        batch would be charged to whichever side it hit. A second of rounds leaves
        little garbage, and it is collected afterwards.
        """
        gc.disable()
        return {"ok": True}

    def end(self, request: dict[str, Any]) -> dict[str, Any]:
        self._kept = []
        gc.enable()
        return {"ok": True}

    def run(self, request: dict[str, Any]) -> dict[str, Any]:
        shape = tuple(int(n) for n in request["shape"])
        seeds = [int(seed) for seed in request["seeds"][:_MAX_BATCH]]
        self._kept = []
        try:
            target = self._target(request["target"], request.get("name", ""))
            if request.get("require_jit") and type(target) is not JIT_FUNCTION_TYPE:
                return {"ok": False, "not_jit": type(target).__name__[:100]}
            generate = self._generators.setdefault(shape, input_generator(shape))
            outputs = []
            for seed in seeds:
                value = generate(seed)
                outputs.append(target(value) if target is not None else value)
            _block_until_ready(outputs)
            wrong = next((output for output in outputs if not is_jax_array(output)), None)
            if wrong is not None:
                return {"ok": False, "not_array": type(wrong).__name__[:100]}
            # Inside the timed request: the judge's clock stops only at this reply.
            digests = (device_digests(outputs) if request.get("commitment") == "device"
                       else [array_digest(output) for output in outputs])
        except BaseException as error:  # noqa: BLE001 - student code may raise anything
            report = getattr(error, "report", None)  # a lookup failure already described
            return {"ok": False, "error": report if isinstance(report, dict) else self._describe_error(error)}
        self._kept = outputs
        return {"ok": True, "calls": len(outputs), "digests": digests}

    def kept(self, request: dict[str, Any]) -> dict[str, Any]:
        """Outputs of the last batch at the judge's chosen positions, as plain data."""
        picked = [self._kept[int(index)] if 0 <= int(index) < len(self._kept) else None
                  for index in request["indices"]]
        return {"ok": True, "outputs": [encode_value(value) for value in picked]}

    def _target(self, target: str, name: str) -> Callable[..., Any] | None:
        if target == "none":
            return None
        if target == "student":
            return self._student(name)
        if target not in self._formulas:
            raise KeyError(f"no formula defined for target {target!r}")
        return self._formulas[target]
