"""An honest, jitted `norm` in a notebook that sets JAX's random-number settings for its own
experiments (red team, session 22): the faster `rbg` generator, and threefry's partitionable mode
turned off, as a notebook written against an older JAX might. The timed inputs must not follow them.
"""

import jax

jax.config.update("jax_default_prng_impl", "rbg")
jax.config.update("jax_threefry_partitionable", False)


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)
