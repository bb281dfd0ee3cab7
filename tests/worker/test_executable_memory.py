"""The worker's memory of what it compiled: a program compiled again is found there, a program that changed is
compiled, and JAX reports a compilation either way (graders/worker/executable_memory.py).

Each case runs in a fresh interpreter: the memory is put in front of JAX's cache for the whole process.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from graders.worker.executable_memory import ExecutableMemory

from ..conftest import REPO

_SCRIPT = '''
import json, jax, jax.numpy as jnp, numpy as np
from graders.worker.executable_memory import remember_executables
compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, seconds, **_: compiles.append(event) if event.endswith("backend_compile_duration") else None)
memory = remember_executables() if {remember} else None
SCALE = [2.0]

def scaled(x):
    return jnp.sin(x) * SCALE[0]  # read while tracing: a trace bakes it in

f = jax.jit(scaled)
x = np.arange(6, dtype=np.float32)
first = np.asarray(f(x)).tolist()
eager = np.asarray(jnp.cos(x) + 1).tolist()
before = len(compiles)
jax.clear_caches()
again = np.asarray(jax.jit(scaled)(x)).tolist()
eager_again = np.asarray(jnp.cos(x) + 1).tolist()
SCALE[0] = 3.0
jax.clear_caches()
changed = np.asarray(jax.jit(scaled)(x)).tolist()
print(json.dumps({{"first": first, "again": again, "eager": eager, "eager_again": eager_again, "changed": changed,
                  "compiles_before": before, "compiles": len(compiles),
                  "hits": memory.hits if memory else 0, "kept": len(memory) if memory else 0}}))
'''


def _run(remember: bool) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", _SCRIPT.format(remember=remember)], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "JAX_PLATFORMS": "cpu"})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def with_memory() -> dict[str, object]:
    return _run(True)


def test_a_program_compiled_again_after_the_caches_are_emptied_is_found_in_memory(
        with_memory: dict[str, object]) -> None:
    assert with_memory["again"] == with_memory["first"]
    assert with_memory["eager_again"] == with_memory["eager"]
    # The jitted function and the eager cos, add (and the constant's conversion) come back from memory.
    assert with_memory["hits"] >= 2, with_memory


def test_a_trace_that_reads_changed_state_is_compiled_and_computes_the_change(with_memory: dict[str, object]) -> None:
    first, changed = with_memory["first"], with_memory["changed"]
    assert isinstance(first, list) and isinstance(changed, list)
    assert changed != first
    assert changed == pytest.approx([value * 1.5 for value in first], rel=1e-6)


def test_jax_reports_the_same_compilations_with_the_memory_as_without(with_memory: dict[str, object]) -> None:
    without = _run(False)
    assert without["hits"] == 0
    assert (with_memory["compiles_before"], with_memory["compiles"]) == (without["compiles_before"],
                                                                          without["compiles"])
    assert with_memory["changed"] == without["changed"]


def test_the_memory_keeps_within_its_budget_and_drops_the_oldest_first() -> None:
    memory = ExecutableMemory(budget=10)
    memory.put("a", b"1234")
    memory.put("b", b"1234")
    assert memory.get("a") == b"1234"  # now the most recently used
    memory.put("c", b"1234")
    assert (memory.get("b"), memory.get("a"), memory.get("c")) == (None, b"1234", b"1234")
    memory.put("huge", b"x" * 11)
    assert memory.get("huge") is None and len(memory) == 2
