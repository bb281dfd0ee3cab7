# %% [markdown]
# # Assignment 2 — jit, tracing, static values
# My notes as a `# %%` script (I run it cell by cell in VS Code).
# Settings live in a frozen dataclass, the toy shapes come from a cached helper,
# and a tiny pytree dataclass carries a batch around in the demo.

# %%
import dataclasses
import functools
import json
import logging
import math
import tempfile
import time
from functools import partial
from pathlib import Path

import numpy as np
import jax
import jax.numpy as jnp

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
logger = logging.getLogger(__name__)
logger.info("jax %s, devices %s", jax.__version__, jax.devices())


# %%
@dataclasses.dataclass(frozen=True)
class Config:
    n_rows: int = 256
    n_cols: int = 8
    seed: int = 0
    repeats: int = 20


cfg = Config()
print(cfg)


@functools.lru_cache(maxsize=None)
def demo_shape(n_rows: int, n_cols: int) -> tuple:
    """Pure helper, only used while the notebook loads to build the demo shapes."""
    return (n_rows, n_cols)


# my own little pytree: data are leaves, the name is static metadata
@partial(jax.tree_util.register_dataclass, data_fields=["x"], meta_fields=["name"])
@dataclasses.dataclass
class Batch:
    x: jax.Array
    name: str


# %% [markdown]
# ## Helpers
# `_float_dtype` reads the x64 flag so int inputs become the default float type.
# `_make_unary` is a small factory: it returns a closure around a jnp function.

# %%
def _float_dtype():
    return jnp.float64 if jax.config.jax_enable_x64 else jnp.float32


def _as_float(x):
    x = jnp.asarray(x)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        x = x.astype(_float_dtype())
    return x


def _make_unary(fn, label):
    def apply(x):
        return fn(x)

    apply.__name__ = f"apply_{label}"
    return apply


_negate = _make_unary(jnp.negative, "negative")
_identity = _make_unary(lambda v: v, "identity")


# %% [markdown]
# ## Problem 1: norm

# %%
@jax.jit
def norm(X):
    X = _as_float(X)
    mean = X.mean(axis=0)
    std = X.std(axis=0)  # ddof=0
    return (X - mean) / std


# %% [markdown]
# ## Problem 2: negatives (jit-safe version of x[x < 0])

# %%
def negatives(x):
    x = jnp.asarray(x)
    return jnp.clip(x, -math.inf, 0.0).astype(x.dtype)


# %% [markdown]
# ## Problem 3: flatten

# %%
def flatten(x):
    x = jnp.asarray(x)
    return x.reshape((math.prod(x.shape),))  # shape is static, so math.prod is fine


# %% [markdown]
# ## Problem 4: maybe_negate

# %%
@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    fn = _negate if neg else _identity
    return fn(jnp.asarray(x))


# %% [markdown]
# ## Quick checks

# %%
key = jax.random.PRNGKey(cfg.seed)
X = jax.random.normal(key, demo_shape(cfg.n_rows, cfg.n_cols)) * 3.0 + 1.0
Z = norm(X)
print("col means ~0:", np.allclose(Z.mean(0), 0, atol=1e-5), " col stds ~1:", np.allclose(Z.std(0), 1, atol=1e-4))
assert hasattr(norm, "lower")

x = jnp.array([[1.0, -2.0], [-0.5, 3.0]])
print(negatives(x))
assert np.allclose(negatives(x), [[0.0, -2.0], [-0.5, 0.0]])
assert np.allclose(jax.jit(negatives)(x), negatives(x))
assert jax.jit(flatten)(jnp.arange(6.0).reshape(2, 3)).shape == (6,)
assert np.allclose(maybe_negate(jnp.array([1.0, -2.0]), True), [-1.0, 2.0])
assert np.allclose(maybe_negate(jnp.array([1.0, -2.0]), neg=False), [1.0, -2.0])

batch = Batch(x=X, name="toy")
leaves, treedef = jax.tree_util.tree_flatten(batch)
print("batch leaves:", len(leaves), treedef)
normed = jax.tree_util.tree_map(lambda leaf: norm(leaf), batch)
print(normed.name, normed.x.shape)


# %%
def plain_norm(X):
    return (X - X.mean(0)) / X.std(0)


timings = {}
for name, fn in [("plain", plain_norm), ("jit", norm)]:
    fn(X).block_until_ready()
    start = time.perf_counter()
    for _ in range(cfg.repeats):
        fn(X).block_until_ready()
    timings[name] = (time.perf_counter() - start) / cfg.repeats * 1e6
logger.info("timings (us): %s", timings)

# keep a small log of the run next to the other temp files
log_path = Path(tempfile.gettempdir()) / "jit_hw_timings.json"
log_path.write_text(json.dumps({"config": dataclasses.asdict(cfg), "timings_us": timings}, indent=2))
print(json.loads(log_path.read_text())["timings_us"])
print(demo_shape.cache_info())
