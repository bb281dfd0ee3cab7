"""What one timed batch of `jit_speedup` spends, part by part, on this machine's default device:
generating the inputs, the work timed (the formula, jitted and not), and committing to the outputs,
with BLAKE2b on the host (each output copied across first) or with the tree digest on the device.

A commitment that costs more than the work, or wanders by more, drowns the work in its noise: that
is why the accelerator profile commits on the device. Each figure is the median of `--repeats`
batches, in milliseconds a batch, timed in one process (no worker: this measures the parts, not
the check; `speedup_reliability.py` measures the check).

    .venv/bin/python benchmarks/commitment_cost.py [--repeats 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import jax

from graders.both_sides.protocol import array_digest
from graders.both_sides.timed_inputs import input_generator
from graders.worker.timing import device_digests

# The timing profiles of the `jit` assignment's `norm` (graders/judge/catalogue/jit.py).
PROFILES = {"cpu": ((16, 4), 100), "accelerator": ((1024, 256), 50)}
# The worker's own generator of timed inputs, one per shape.
_generators: dict[tuple[int, ...], Any] = {}


def _eager_norm(X: Any) -> Any:
    return (X - X.mean(0)) / X.std(0)


def _batch(shape: tuple[int, ...], calls: int, target: Callable[[Any], Any] | None,
           commit: Callable[[list[Any]], Any] | None) -> float:
    generate = _generators.setdefault(shape, input_generator(shape))
    started = time.perf_counter()
    outputs = []
    for seed in range(calls):
        value = generate(seed)
        outputs.append(target(value) if target is not None else value)
    jax.block_until_ready(outputs)
    if commit is not None:
        commit(outputs)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    arguments = parser.parse_args()
    jitted = jax.jit(_eager_norm)
    parts: dict[str, tuple[Callable[[Any], Any] | None, Callable[[list[Any]], Any] | None]] = {
        "generation alone": (None, None),
        "jitted formula": (jitted, None),
        "un-jitted formula": (_eager_norm, None),
        "generation + host commitment": (None, lambda outputs: [array_digest(o) for o in outputs]),
        "generation + device commitment": (None, device_digests),
        "jitted + host commitment": (jitted, lambda outputs: [array_digest(o) for o in outputs]),
        "jitted + device commitment": (jitted, device_digests),
    }
    device = jax.devices()[0]
    print(f"device: {device.platform} ({device.device_kind}); JAX {jax.__version__}; "
          f"median of {arguments.repeats} batches, ms a batch (spread: min-max)")
    for profile, (shape, calls) in PROFILES.items():
        print(f"\n{profile} profile: {calls} calls at {'x'.join(map(str, shape))}")
        print(f"{'part':<32} {'median ms':>10} {'min-max ms':>16} {'first batch ms':>15}")
        for name, (target, commit) in parts.items():
            first = _batch(shape, calls, target, commit) * 1e3  # compiles what this part adds
            for _ in range(2):
                _batch(shape, calls, target, commit)
            times = [_batch(shape, calls, target, commit) * 1e3 for _ in range(arguments.repeats)]
            print(f"{name:<32} {statistics.median(times):>10.2f} {min(times):>7.2f}-{max(times):<8.2f} {first:>14.1f}")


if __name__ == "__main__":
    main()
