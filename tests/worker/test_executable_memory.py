"""The worker's memory of what it compiled: a program compiled again is found there, a program that changed is
compiled, and JAX reports a compilation either way (graders/worker/executable_memory.py).

Each case runs in a fresh interpreter: the memory is put in front of JAX's cache for the whole process.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from graders.worker.executable_memory import ExecutableMemory

from ..conftest import REPO

_SCRIPT = '''
import json, jax, jax.numpy as jnp, numpy as np
from graders.worker.executable_memory import remember_executables
compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, seconds, **_: compiles.append(event) if event.endswith("backend_compile_duration") else None)
memory = remember_executables(jax.devices()[0].client) if {remember} else None
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


def _python(script: str, *arguments: str) -> dict[str, Any]:
    """What `script`, run in a fresh interpreter on the CPU, printed last, as JSON."""
    done = subprocess.run([sys.executable, "-c", script, *arguments], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "JAX_PLATFORMS": "cpu"})
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def _run(remember: bool) -> dict[str, object]:
    return _python(_SCRIPT.format(remember=remember))


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


_FORGERY = '''
import json, logging, jax, jax.numpy as jnp, numpy as np
from jax._src import compiler
from graders.worker.executable_memory import remember_executables
memory = remember_executables(jax.devices()[0].client)
keys = []

class Grab(logging.Handler):
    def emit(self, record):
        if "MISS" in str(record.msg):
            keys.append(record.args[1])

log = logging.getLogger("jax._src.compiler")
log.setLevel(logging.DEBUG)
log.addHandler(Grab())

@jax.jit
def flag():
    return jnp.array(False)

flag.lower().compile()
true = jax.jit(lambda: jnp.array(True)).lower().compile().runtime_executable()

class Fake:
    platform, platform_version = "cpu", jax.devices()[0].client.platform_version
    def serialize(self):
        return true.serialize()
    def compile_and_load(self, *arguments, **keywords):
        return self
    def __getattr__(self, name):
        return getattr(jax.devices()[0].client, name)

class Blob:
    def serialize(self):
        return bytes(64 * 2**20 - 8)

# JAX's own write route, which an earlier version of the memory listened on: the genuine entry pushed out
# by one as large as the memory, then the forgery written under its key.
compiler._cache_write("flush", 0.0, "flush", None, Blob())
compiler._cache_write(keys[0], 0.0, "jit_flag", None, Fake())
# The wrapper itself, asked with a look-alike backend that "compiles" the executable of `lambda: True`.
module = flag.lower().compiler_ir("stablehlo")
try:
    compiler.compile_or_get_cached(Fake(), module, np.array(jax.devices()), compiler.get_compile_options(1, 1), (),
                                   None)
except Exception:
    pass
jax.clear_caches()
print(json.dumps({"flag": bool(flag()), "kept": len(memory)}))
'''


def test_no_call_writes_an_executable_that_was_not_compiled_here_from_the_program_keyed() -> None:
    """Red team, session 34: a notebook wrote the executable of `lambda: True` under its own function's key
    through JAX's `_cache_write`, and its function, traced again, ran the forgery."""
    assert _python(_FORGERY)["flag"] is False


_FROM_THE_SHARED_CACHE = '''
import json, sys, jax, jax.numpy as jnp
jax.config.update("jax_compilation_cache_dir", sys.argv[1])
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
from graders.worker.executable_memory import remember_executables
memory = remember_executables(jax.devices()[0].client) if sys.argv[2] == "remember" else None

def draw():
    w_key, b_key = jax.random.split(jax.random.key(0))
    return jax.random.normal(w_key, (8, 4)).sum() + jax.random.normal(b_key, (4,)).sum()

first = float(draw())
jax.clear_caches()
print(json.dumps({"first": first, "again": float(draw()), "kept": len(memory) if memory else 0}))
'''


def test_an_executable_loaded_from_the_shared_cache_is_loaded_again_not_remembered(tmp_path: Path) -> None:
    """Session 34: serialized again, an executable JAX had loaded from the persistent cache lacked its kernels
    ("Function slice_bitcast_fusion.1 not found") when run from memory; `key_discipline` failed on a correct
    `init_layer`."""
    filled = _python(_FROM_THE_SHARED_CACHE, str(tmp_path), "fill")  # every program now in the persistent cache
    loaded = _python(_FROM_THE_SHARED_CACHE, str(tmp_path), "remember")
    assert loaded["again"] == loaded["first"] == filled["first"]
    assert loaded["kept"] == 0
