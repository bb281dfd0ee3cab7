# An old tutorial's way of mapping over a pytree, before the exercise: JAX removed jax.tree_map.
import jax

defaults = jax.tree_map(lambda value: value * 2.0, {"scale": 1.0})


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)
