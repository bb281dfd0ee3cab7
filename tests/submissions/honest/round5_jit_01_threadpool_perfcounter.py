"""과제 2 (jit) - norm / negatives / flatten / maybe_negate

여러 shape에서 norm 시간을 재 보려고 ThreadPoolExecutor로 돌려 봄 (shape마다 워밍업 + perf_counter).
로그는 임시 폴더의 파일에 남김.
"""
import logging
import os
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

LOG_FILE = os.path.join(tempfile.gettempdir(), "jit_hw_timing.log")
logging.basicConfig(filename=LOG_FILE, level=logging.INFO,
                    format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("jit_hw")


# ---------------------------------------------------------------- 문제 1
@jax.jit
def norm(X):
    mu = jnp.mean(X, axis=0)
    sigma = jnp.std(X, axis=0)  # ddof=0 (기본값)
    return (X - mu) / sigma


# ---------------------------------------------------------------- 문제 2
def negatives(x):
    # x[x < 0] 은 shape가 값에 따라 달라져서 jit에서 안 됨 -> where 사용
    return jnp.where(x < 0, x, 0.0).astype(jnp.result_type(x))


# ---------------------------------------------------------------- 문제 3
def flatten(x):
    return jnp.ravel(x)


# ---------------------------------------------------------------- 문제 4
def _maybe_negate(x, neg):
    if neg:
        return -x
    return x


maybe_negate = jax.jit(_maybe_negate, static_argnums=1)


# ---------------------------------------------------------------- 실험
@dataclass
class Timing:
    label: str
    shape: tuple
    seconds: float


def eager_norm(X):
    return (X - X.mean(0)) / X.std(0)


def time_call(f, X, repeat=30):
    f(X).block_until_ready()  # warm-up (compile)
    start = time.perf_counter()
    for _ in range(repeat):
        f(X).block_until_ready()
    return (time.perf_counter() - start) / repeat


shapes = [(16, 4), (64, 8), (256, 16), (1024, 32)]
rng = np.random.default_rng(2024)
arrays = {s: jnp.asarray(rng.normal(size=s).astype(np.float32)) for s in shapes}


def bench(shape):
    X = arrays[shape]
    return [Timing("jit", shape, time_call(norm, X)), Timing("eager", shape, time_call(eager_norm, X))]


workers = min(4, os.cpu_count() or 1)
t0 = time.perf_counter()
with ThreadPoolExecutor(max_workers=workers) as pool:
    timings = [t for batch in pool.map(bench, shapes) for t in batch]
print(f"{len(timings)} timings with {workers} worker thread(s) in {time.perf_counter() - t0:.2f}s")

for t in timings:
    log.info("%s %s %.2e s", t.label, t.shape, t.seconds)
    print(f"{t.label:>5} {str(t.shape):>10}: {t.seconds * 1e6:8.1f} us")

# quick sanity checks
X = arrays[(16, 4)]
assert np.allclose(np.asarray(norm(X)).mean(0), 0.0, atol=1e-5)
assert np.allclose(np.asarray(norm(X)).std(0), 1.0, atol=1e-4)
x = jnp.array([[1.0, -2.0], [-0.5, 3.0]])
assert np.allclose(jax.jit(negatives)(x), [[0.0, -2.0], [-0.5, 0.0]])
assert jax.jit(flatten)(jnp.ones((2, 3, 4))).shape == (24,)
assert np.allclose(maybe_negate(x, True), -x) and np.allclose(maybe_negate(x, False), x)
print("all good, log at", LOG_FILE)
