# Functions dressed up as jit wrappers: one given `lower` and `__wrapped__`, one an instance of a
# class named PjitFunction. Neither was made by jax.jit, and the source says so.
import jax.numpy as jnp


def _norm(X):
    return (X - jnp.mean(X, axis=0)) / jnp.std(X, axis=0)


_norm.lower = lambda *args, **kwargs: None
_norm.__wrapped__ = _norm
norm = _norm


class PjitFunction:
    def __init__(self, function):
        self.__wrapped__ = function

    def lower(self, *args, **kwargs):
        return None

    def __call__(self, *args, **kwargs):
        return self.__wrapped__(*args, **kwargs)


maybe_negate = PjitFunction(lambda x, neg: -x if neg else x)
