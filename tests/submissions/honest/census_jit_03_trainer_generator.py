from dataclasses import dataclass, field
from functools import partial
from typing import Any, Iterator

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    zeros = jnp.zeros_like(x)
    return jnp.where(x < 0, x, zeros)


def flatten(x):
    return jnp.ravel(x)


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return jnp.negative(x) if neg else x


@dataclass
class Config:
    lr: float = 1e-3
    batch_size: int = 16
    epochs: int = 2


def data_stream(n, batch_size):
    rng = np.random.default_rng(1)
    while True:
        yield rng.normal(size=(batch_size, n)).astype(np.float32)


class Trainer:
    def __init__(self, config, n_features=3):
        self.config = config
        self.stream = data_stream(n_features, config.batch_size)
        self.history = []

    def step(self):
        batch = next(self.stream)
        self.history.append(float(norm(batch).mean()))
        return self.history[-1]


configs = [Config(), Config(lr=1e-2), Config(batch_size=32, epochs=5)]
trainer = Trainer(configs[0])
for _ in range(3):
    trainer.step()
print(trainer.history)
