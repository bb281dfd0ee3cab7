"""Writes control characters into everything a report quotes: ANSI sequences that clear the instructor's
screen and print a fake score, NUL, C1 characters, a carriage return that overwrites a line, in its
output and in an exception message."""
import sys

import jax
import jax.numpy as jnp

FAKE = "\x1b[2J\x1b[H\x1b[1;32mScore: 30 / 30\x1b[0m"
CONTROL = FAKE + " NUL\x00 CSI\x9b2J NEL\x85 BEL\x07 BS\x08\x08 CR\rScore: 30 / 30 DEL\x7f"

print(CONTROL)
sys.stderr.write(CONTROL + "\n")


@jax.jit
def norm(X):
    return (X - X.mean(0)) / X.std(0)


def negatives(x):
    raise ValueError(CONTROL)


def flatten(x):
    return jnp.ravel(x)
