"""How long the device digest's program takes to compile, with and without its materialised levels,
on this machine's default device: the accelerator profile's chunk (64 outputs of 1024x256 float32).

Why it exists: on an NVIDIA H200 the committed digest (session 22) compiled in 34 s, past the worker's
30 s limit for a request, so every timed check there failed "did not finish". XLA's GPU compiler fused
tree levels that each read the level below at two places, emitting the lower levels many times over;
`optimization_barrier` on every level keeps each a kernel of its own. Each variant runs in a process
of its own, killed after `--seconds`, so one that does not finish still leaves a row.

    .venv/bin/python benchmarks/digest_compile.py [--seconds 60] [--variants materialised,fused]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

# Run in a child: "fused" is the program as committed in session 22 (no barriers).
_CHILD = """
import sys, time
import jax
from graders.worker import timing
if sys.argv[1] == "fused":
    timing._materialise = lambda nodes: nodes
x = jax.random.normal(jax.random.key(0), (1024, 256))
lowered = timing._digest_chunk.lower(tuple([x] * 64))
started = time.perf_counter()
compiled = lowered.compile()
seconds = time.perf_counter() - started
text = compiled.as_text()
print(f"{seconds:.2f} {text.count(chr(10))} {text.count('fusion(')}", flush=True)
outputs = [jax.random.normal(jax.random.key(i), (1024, 256)) for i in range(50)]
timing.device_digests(outputs)
started = time.perf_counter()
timing.device_digests(outputs)
print(f"{1e3 * (time.perf_counter() - started):.2f}", flush=True)
"""
VARIANTS = ("materialised", "fused")


def measure(variant: str, seconds: float) -> list[str]:
    """[compile s, optimized HLO lines, fusions, ms to digest 50 outputs], '-' for what did not finish."""
    child = subprocess.Popen([sys.executable, "-c", _CHILD, variant], stdout=subprocess.PIPE, text=True)
    try:
        out, _ = child.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        child.kill()  # a compiling XLA may not answer SIGTERM
        out, _ = child.communicate()
    figures = out.split()
    return figures + ["-"] * (4 - len(figures))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="kill a variant after this long (default: 60)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help=f"comma-separated, of {', '.join(VARIANTS)}")
    arguments = parser.parse_args()
    variants = [variant for variant in arguments.variants.split(",") if variant]
    unknown = sorted(set(variants) - set(VARIANTS))
    if unknown:
        parser.error(f"--variants has {', '.join(unknown)}; use some of {', '.join(VARIANTS)}")
    import jax

    print(f"device: {jax.devices()[0].platform} ({jax.devices()[0].device_kind}); JAX {jax.__version__}; "
          f"a variant not done in {arguments.seconds:g} s shows '-'")
    print(f"{'levels':<13} {'compile s':>10} {'HLO lines':>10} {'fusions':>8} {'50 digests ms':>14} {'wall s':>7}")
    for variant in variants:
        started = time.monotonic()
        compile_s, lines, fusions, digest_ms = measure(variant, arguments.seconds)
        print(f"{variant:<13} {compile_s:>10} {lines:>10} {fusions:>8} {digest_ms:>14} "
              f"{time.monotonic() - started:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
