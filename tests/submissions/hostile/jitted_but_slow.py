# A jitted norm that is right but no faster than the un-jitted formula: it repeats the
# normalisation in a compiled loop, so jit is there and the work is not less. jit_speedup must
# fail it on the judge's clocks, also with a core kept busy.
import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    def again(_, Y):
        # Depends on the carry, so XLA cannot hoist it out of the loop; 1e-30 * Y vanishes in float32.
        Z = X + 1e-30 * Y
        return (Z - jnp.mean(Z, axis=0)) / jnp.std(Z, axis=0)

    return jax.lax.fori_loop(0, 400, again, jnp.zeros_like(X))
