# %% [markdown]
# # 과제 3 — 순수 함수와 그 함정
# 실험 기록은 임시 폴더의 로그 파일에 남기고(logging.basicConfig), 중간 결과는 .npy / memmap으로 저장.
# x64는 켜 두되, 함수들은 입력 dtype(float32)을 그대로 유지하게 짰다.

# %%
import dataclasses
import gc
import logging
import os
import tempfile
from functools import partial

import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
import numpy as np
from jax import lax

RUN_DIR = tempfile.mkdtemp(prefix="purity_hw_")
logging.basicConfig(
    filename=os.path.join(RUN_DIR, "experiment.log"),
    level=logging.INFO,
    format="%(asctime)s [%(levelname)s] %(name)s: %(message)s",
)
logger = logging.getLogger(__name__)
logger.info("run dir %s, x64=%s", RUN_DIR, jax.config.jax_enable_x64)


@dataclasses.dataclass
class Experiment:
    name: str
    n: int = 1000
    window: int = 10
    seed: int = 0


exp = Experiment("smoothing")

# %% 1. sgd_step
def sgd_step(params, grads, lr):
    """새 dict를 만들어 반환 (입력 dict와 배열은 그대로)."""
    if isinstance(params, dict):
        return {k: sgd_step(params[k], grads[k], lr) for k in params}
    return params - lr * grads


# %% 2. horner
@jax.jit
def horner(coeffs, x):
    def step(acc, c):
        return acc * x + c, None

    result, _ = lax.scan(step, jnp.zeros_like(x), coeffs)
    return result


# %% 3. per_example_grads
def per_example_grads(theta, x, y):
    def loss_i(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2

    return jax.vmap(jax.grad(loss_i), in_axes=(None, 0, 0))(theta, x, y)


# %% 4. moving_average
@partial(jax.jit, static_argnames=("window",))
def moving_average(x, window):
    n_out = x.shape[0] - window + 1
    idx = jnp.arange(n_out)[:, None] + jnp.arange(window)[None, :]
    return x[idx].mean(axis=1)


# %% 실험: 데이터 저장 -> memmap으로 다시 읽기 -> 평활화
rng = np.random.default_rng(exp.seed)
raw = (np.sin(np.linspace(0, 20, exp.n)) + 0.5 * rng.standard_normal(exp.n)).astype(np.float32)
np.save(os.path.join(RUN_DIR, "raw.npy"), raw)
raw_mm = np.load(os.path.join(RUN_DIR, "raw.npy"), mmap_mode="r")
smooth = moving_average(jnp.asarray(raw_mm), exp.window)
logger.info("smoothed %d -> %d points, dtype %s", raw_mm.shape[0], smooth.shape[0], smooth.dtype)
assert smooth.dtype == jnp.float32

out_mm = np.memmap(os.path.join(RUN_DIR, "smooth.dat"), dtype=np.float32, mode="w+", shape=smooth.shape)
out_mm[:] = np.asarray(smooth)
out_mm.flush()
print("saved", out_mm.shape, "to", RUN_DIR)

# %% 경사 하강 몇 단계 (per_example_grads 평균 = 전체 기울기)
theta = jnp.array([0.0, 0.0], dtype=jnp.float32)
xs = jnp.asarray(rng.uniform(-1, 1, 256), dtype=jnp.float32)
ys = 3.0 * xs - 1.0
params = {"theta": theta}
for it in range(200):
    g = per_example_grads(params["theta"], xs, ys).mean(axis=0)
    params = sgd_step(params, {"theta": g}, 0.5)
    if it % 50 == 0:
        logger.info("iter %d theta %s", it, params["theta"])
print("theta:", params["theta"], params["theta"].dtype)
assert np.allclose(params["theta"], [3.0, -1.0], atol=1e-2)

# %%
print(horner(jnp.array([2.0, 0.0, -1.0], dtype=jnp.float32), jnp.array([0.0, 1.0, 2.0], dtype=jnp.float32)))
logger.info("done; experiment=%s", dataclasses.asdict(exp))
del raw_mm, out_mm
gc.collect()
