"""Random keys: `pair` draws from a fixed key of its own, whatever key it is given."""

import jax


def split_in_three(key):
    return jax.random.split(key, 3)


def pair(key):
    first_key, second_key = jax.random.split(jax.random.key(0))
    return jax.random.normal(first_key, (64,)), jax.random.normal(second_key, (64,))


def jitter(key, x):
    return x + 0.5 * jax.random.normal(key, x.shape)
