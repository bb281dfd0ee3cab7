# Module-level data kept on a class: read through the class, it is frozen at trace time like a global.
import jax.numpy as jnp


class Config:
    THRESHOLD = 0.0


class Layout:
    FLAT = -1

    @classmethod
    def flat_shape(cls):
        return (Layout.FLAT,)


def negatives(x):
    return jnp.where(x < Config.THRESHOLD, x, jnp.zeros_like(x))


def flatten(x):
    return jnp.reshape(x, Layout.flat_shape())
