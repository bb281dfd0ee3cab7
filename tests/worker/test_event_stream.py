"""The worker's event stream from more than one thread, and from a forked child (round 5 of honest
notebooks): records come out numbered in the order they are written, and a child writes none.
Also JAX's cache-miss explanations, which the worker turns on: they never reach the student's logging."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from graders.judge.supervisor.events import HEADER

_THREADS = textwrap.dedent("""
    import os, sys, threading
    from graders.both_sides.events import open_stream
    read, write = os.pipe()
    emit = open_stream(write)
    data = bytearray()
    def drain():
        while chunk := os.read(read, 1 << 16):
            data.extend(chunk)
    reader = threading.Thread(target=drain)
    reader.start()
    def burst():
        for _ in range(2000):
            emit(6, b"x" * 40)
    threads = [threading.Thread(target=burst) for _ in range(8)]
    sys.setswitchinterval(1e-6)
    for thread in threads: thread.start()
    child = os.fork()  # while the threads write: the child's copy of the lock may be held
    if child == 0:
        for _ in range(50):
            emit(6, b"child")
        os._exit(0)
    os.waitpid(child, 0)
    for thread in threads: thread.join()
    os.close(write)
    reader.join()
    sys.stdout.buffer.write(bytes(data))
""")


def test_records_from_many_threads_come_numbered_in_order_and_a_forked_child_writes_none() -> None:
    completed = subprocess.run([sys.executable, "-c", _THREADS], capture_output=True, timeout=120)
    assert completed.returncode == 0, completed.stderr[-3000:]
    data, numbers, offset = completed.stdout, [], 0
    while offset < len(data):
        seq, kind, length = HEADER.unpack_from(data, offset)
        payload = data[offset + HEADER.size:offset + HEADER.size + length]
        assert payload != b"child"
        numbers.append(seq)
        offset += HEADER.size + length
    assert numbers == list(range(1, 8 * 2000 + 1))


_LOGGING = textwrap.dedent("""
    import json, logging, tempfile
    import jax, jax.numpy as jnp
    from graders.worker.compilation import _CacheMissLog
    explained = _CacheMissLog()
    explained.armed = True
    seen = []
    class Keep(logging.Handler):
        def emit(self, record):
            seen.append((record.name, record.levelname, record.getMessage()[:60]))
    logging.basicConfig(level=logging.INFO, handlers=[Keep()])  # a notebook logging to a file, say
    jax.config.update("jax_compilation_cache_dir", tempfile.mkdtemp())
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
    jnp.ones(2)  # the backend's own start-up lines first
    seen.clear()
    double = jax.jit(lambda x: 2 * x)
    double(jnp.ones(3)); double(jnp.ones(4))
    logging.getLogger("jax._src.compiler").warning("a warning of JAX's own")
    print(json.dumps({"seen": seen, "explanations": len(explained.records)}))
""")


def test_the_graders_cache_miss_explanations_stay_out_of_the_students_logging() -> None:
    completed = subprocess.run([sys.executable, "-c", _LOGGING], capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr[-3000:]
    found = json.loads(completed.stdout.strip().splitlines()[-1])
    assert found["explanations"] == 2  # the grader still reads why `double` was traced again
    assert found["seen"] == [["jax._src.compiler", "WARNING", "a warning of JAX's own"]]
