"""Turns jit off for everything, so nothing is ever compiled or counted."""
import jax

jax.config.update("jax_disable_jit", True)


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)
