"""A cell with 64 `os.fork()` calls: 2**64 processes if nothing stops them (a held-out round froze the
machine for 95 s with this, and every other student's grading with it)."""
import os

import jax

for _ in range(64):
    os.fork()


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)
