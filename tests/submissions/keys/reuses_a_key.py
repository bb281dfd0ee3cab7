"""Random keys: `pair` draws twice from the same key (graded by tests/worker/checks/test_key_discipline.py)."""

import jax


def split_in_three(key):
    return jax.random.split(key, 3)


def pair(key):
    first = jax.random.normal(key, (64,))
    second = jax.random.normal(key, (64,))
    return first, second


def jitter(key, x):
    return x + 0.5 * jax.random.normal(key, x.shape)
