"""Constants kept on a metaclass: `Config.THRESHOLD` is found on neither `Config` nor its bases, only on
`type(Config)`, which a walk along the class's own inheritance chain never reaches; and a call counter
the metaclass's own method keeps on it."""
import jax
import jax.numpy as jnp


class _Meta(type):
    THRESHOLD = 0.0
    calls = 0

    def tick(cls):
        type(cls).calls += 1


class Config(metaclass=_Meta):
    pass


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    return jnp.where(x < Config.THRESHOLD, x, jnp.zeros_like(x))


def flatten(x):
    Config.tick()
    return jnp.reshape(x, (x.size,))
