"""jax-numpy homework, plain script.

- the squared residual has a hand-written VJP (custom_vjp), just to practise it
- a tiny TrainState class registered as a pytree with register_pytree_node
- a JSON log of the training run in a temp file, removed at exit (atexit)
"""
import atexit
import json
import os
import tempfile
from dataclasses import dataclass, asdict

import numpy as np
import jax
import jax.numpy as jnp


@dataclass
class TrainConfig:
    lr: float = 0.1
    steps: int = 100
    n: int = 64
    seed: int = 1


cfg = TrainConfig()

_fd, LOG_PATH = tempfile.mkstemp(suffix=".json", prefix="jnp_hw_")
os.close(_fd)


def _remove_log():
    if os.path.exists(LOG_PATH):
        os.remove(LOG_PATH)
        print("removed", LOG_PATH)


atexit.register(_remove_log)


# ------------------------------------------------------------------ helpers
@jax.custom_vjp
def _sq(r):
    return r * r


def _sq_fwd(r):
    return r * r, r


def _sq_bwd(r, g):
    return (2.0 * r * g,)


_sq.defvjp(_sq_fwd, _sq_bwd)


def _mse(theta, x, y):
    residual = theta[0] * x + theta[1] - y
    return jnp.mean(_sq(residual))


class TrainState:
    """theta plus a step counter; a pytree so it can go through jit and tree_map."""

    def __init__(self, theta, step):
        self.theta = theta
        self.step = step

    def __repr__(self):
        return f"TrainState(theta={self.theta}, step={self.step})"


jax.tree_util.register_pytree_node(
    TrainState,
    lambda s: ((s.theta,), s.step),
    lambda step, children: TrainState(children[0], step),
)


# ------------------------------------------------------------------ answers
def pure_update(x, i, value):
    return jnp.asarray(x).at[i].set(value)


def scatter_add(x, indices, updates):
    return jnp.asarray(x).at[indices].add(updates)


loss_and_grad = jax.jit(jax.value_and_grad(_mse))


def update(theta, x, y, lr=0.1):
    loss, grad = loss_and_grad(theta, x, y)
    return theta - lr * grad


# ------------------------------------------------------------------ load-time checks and training
x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
new = pure_update(x, -1, 7.0)
print("pure_update:", new, "x unchanged:", x)
assert np.allclose(new, [1.0, 2.0, 7.0]) and np.allclose(x, [1.0, 2.0, 3.0])
print("row update:", pure_update(jnp.ones((2, 2)), 0, 5.0))
print("scatter_add:", scatter_add(jnp.zeros(3), jnp.array([1, 1, 2]), jnp.array([1.0, 1.0, 5.0])))

check_loss, check_grad = loss_and_grad(jnp.zeros(2), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))
auto_grad = jax.grad(lambda t: jnp.mean((t[0] * jnp.array([1.0, 2.0]) + t[1] - 1.0) ** 2))(jnp.zeros(2))
print("custom vjp grad:", check_grad, "autodiff grad:", auto_grad)
assert np.allclose(check_grad, auto_grad) and np.isclose(check_loss, 1.0)

rng = np.random.default_rng(cfg.seed)
xs = rng.normal(size=cfg.n).astype(np.float32)
ys = (3.0 * xs + 0.5).astype(np.float32)

state = TrainState(jnp.zeros(2), 0)
history = []
for _ in range(cfg.steps):
    state = TrainState(update(state.theta, xs, ys, lr=cfg.lr), state.step + 1)
    history.append(float(_mse(state.theta, xs, ys)))
print(state)
rounded = jax.tree_util.tree_map(lambda leaf: jnp.round(leaf, 2), state)
print("rounded:", rounded)

with open(LOG_PATH, "w") as fh:
    json.dump({"config": asdict(cfg), "final_loss": history[-1], "theta": state.theta.tolist()}, fh)
with open(LOG_PATH) as fh:
    print("log:", json.load(fh))
