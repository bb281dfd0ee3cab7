# Notebook habits around graded code (#27, fairness): a dict with dot access for settings, whose
# `__getattr__` raises KeyError for a missing key (as many such helpers do), read by a cell that is
# not graded and by one graded function; and a logger a graded function logs through.
import logging
from functools import partial

import jax
import jax.numpy as jnp


class Settings(dict):
    def __getattr__(self, key):
        return self[key]

    __setattr__ = dict.__setitem__


cfg = Settings(sizes=[16, 256], seed=0, d=4, threshold=0.0)
logger = logging.getLogger(__name__)


@jax.jit
def norm(X):
    logger.debug("norm of a %s array", X.shape)
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < cfg.threshold, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x


X = jax.random.normal(jax.random.PRNGKey(cfg.seed), (8, cfg.d))
print(norm(X).shape)
