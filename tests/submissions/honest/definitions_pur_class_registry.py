"""Purity homework -- a tiny optimizer "framework" because I wanted to reuse it for HW4.

Habits: a base class with a class-level `__registry__` filled by `__init_subclass__` at load
(written as `Optimizer.__registry__[...] = cls`), `__slots__` on the optimizer, a
`@functools.total_ordering` dataclass, an `Enum` for padding mode, `typing.Protocol` and
`Generic[T]` helper classes, a `TypedDict` for the params, `__repr__` reading a class-level
`__doc__`, and the graded `sgd_step` built on the registered `SGD` class.
"""
import enum
import functools
from dataclasses import dataclass
from typing import Generic, Protocol, TypedDict, TypeVar

import jax
import jax.numpy as jnp
from jax import lax

T = TypeVar("T")


class Params(TypedDict, total=False):
    w: jax.Array
    b: jax.Array


class Stepper(Protocol):
    def step(self, params, grads): ...


class Optimizer:
    """Base class; every subclass registers itself by lower-case name."""

    __registry__ = {}
    __slots__ = ("lr",)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Optimizer.__registry__[cls.__name__.lower()] = cls

    def __init__(self, lr):
        self.lr = lr

    def __repr__(self):
        return f"{type(self).__name__}(lr={self.lr})"


class SGD(Optimizer):
    """plain gradient descent"""

    __slots__ = ()

    def step(self, params, grads):
        lr = self.lr
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item


@functools.total_ordering
@dataclass(frozen=True)
class Version:
    major: int
    minor: int

    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)


class Pad(enum.Enum):
    VALID = "valid"
    SAME = "same"


__version__ = Version(1, 0)


def sgd_step(params, grads, lr):
    return SGD(lr).step(params, grads)


@jax.jit
def horner(coeffs, x):
    def body(i, acc):
        return acc * x + coeffs[i]

    return lax.fori_loop(0, coeffs.shape[0], body, jnp.zeros_like(x))


def per_example_grads(theta, x, y):
    def loss(t, xi, yi):
        return (t[0] * xi + t[1] - yi) ** 2

    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(theta, x, y)


@functools.partial(jax.jit, static_argnames="window")
def moving_average(x, window):
    x = jnp.asarray(x)
    c = jnp.cumsum(jnp.concatenate([jnp.zeros((1,), x.dtype), x]))
    return (c[window:] - c[:-window]) / window


if __name__ == "__main__":
    print(Optimizer.__registry__, Version(1, 0) < Version(1, 2), Box(3).item, Pad("valid"))
    print(sgd_step({"w": jnp.ones(2)}, {"w": jnp.ones(2)}, 0.5))
