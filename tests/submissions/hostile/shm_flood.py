"""Writes 540 MiB into /dev/shm, which bubblewrap's `--dev` made a RAM-backed tmpfs of half the
machine's memory, outside the folder's 256 MiB cap; the answer itself is right."""
import jax
import jax.numpy as jnp


def flatten(x):
    block = b"x" * (20 * 2**20)
    for index in range(27):
        try:
            with open(f"/dev/shm/junk-{index}", "wb") as handle:
                handle.write(block)
        except OSError:
            break
    return jnp.ravel(x)


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)
