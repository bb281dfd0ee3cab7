# A jitted norm that is right but no faster than the un-jitted formula: it repeats the normalisation
# 4000 times in a compiled loop (400 fused ones cost XLA about one eager call: a ratio too near the
# threshold), so jit is there and the work is not less. jit_speedup must fail it, also with a core busy.
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    def again(_, Y):
        # Depends on the carry, so XLA cannot hoist it out of the loop; 1e-30 * Y vanishes in float32.
        Z = X + 1e-30 * Y
        return (Z - jnp.mean(Z, axis=0)) / jnp.std(Z, axis=0)

    return jax.lax.fori_loop(0, 4000, again, jnp.zeros_like(X))
