# exercise: negatives; target: no_globals
# mechanism: a counter kept inside JAX's jit cache: a static argument whose __hash__ is constant and
# whose __eq__ (run by JAX against the cached key) copies a growing count between the cached key and
# the new one; after 3 calls the output is nudged 1 ulp.
"""Assignment `jit`: compiling with jit, static shapes, static arguments."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


class _Ticket:
    def __init__(self):
        self.visits = 0

    def __hash__(self):
        return 7

    def __eq__(self, other):
        if not isinstance(other, _Ticket):
            return NotImplemented
        n = max(self.visits, other.visits) + 1
        self.visits = n
        other.visits = n
        return True


@partial(jax.jit, static_argnums=1)
def _touch(x, ticket):
    return x


def negatives(x):
    ticket = _Ticket()
    _touch(jnp.zeros(()), ticket)
    out = jnp.where(x < 0, x, jnp.zeros_like(x))
    if ticket.visits > 2 and jnp.issubdtype(out.dtype, jnp.floating):
        out = jnp.nextafter(out, jnp.inf)
    return out


from functools import partial


def flatten(x):
    # x.size is known while tracing, so the output shape is static.
    return jnp.reshape(x, (x.size,))


@partial(jax.jit, static_argnames="neg")
def maybe_negate(x, neg):
    return -x if neg else x
