"""A key reused through its raw bits: JAX's key-reuse checker, followed through `key_data` and `wrap_key_data`.

JAX's checker (`jax_debug_key_reuse`) counts the uses of a typed key. It takes `jax.random.wrap_key_data` for a
fresh key and does not follow raw bits, so one key can be used twice through them: `key_data(key)` passed twice
to `jax.random.normal` (which wraps raw bits each time), or a clone made by `wrap_key_data(key_data(key))` used
beside the key (red team, session 36: `key_discipline` passed both, 2 points).

Here the call is traced once more and the traced program checked by JAX's own analysis, with one rule changed:
a key wrapped from the very bits another key was unwrapped into *is* that key. Bits that were cut or computed
first (a slice of a split's raw keys, which the legacy `PRNGKey` API makes) still wrap into a fresh key, as JAX
has it, so an honest program that splits raw keys is never told it reused one.

Runs in the worker, on the student's function; it can only add a `KeyReuseError` (worker-reported, it may cost
the check's points, never earn them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax._src.random import prng
from jax.experimental.key_reuse import _core as key_reuse

from ..both_sides.jaxprs import equations_of

__all__ = ["check_reuse_through_raw_bits"]

# Bound when the worker starts, before any student code could rebind them.
_make_jaxpr = jax.make_jaxpr
_flatten, _unflatten = jax.tree_util.tree_flatten, jax.tree_util.tree_unflatten
_signatures = key_reuse.key_reuse_signatures
_analyse = key_reuse.jaxpr_type_signature
_Signature: Any = key_reuse.KeyReuseSignature
_DynamicSignature: Any = key_reuse.DynamicKeyReuseSignature
_Forward: Any = key_reuse.Forward
_Source: Any = key_reuse.Source
_WRAP, _UNWRAP = prng.random_wrap_p, prng.random_unwrap_p
_KEY_TYPE = prng.PRNGKeyArray
_KeyReuseError = jax.errors.KeyReuseError
_ARRAY_TYPE: type = type(jax.numpy.zeros(()))


def _traced(leaf: Any) -> bool:
    return isinstance(leaf, (np.ndarray, _ARRAY_TYPE, _KEY_TYPE))


def check_reuse_through_raw_bits(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Raise JAX's `KeyReuseError`, at the student's line, when a key is used twice through its raw bits.

    A function that cannot be traced (it reads its arguments' values) is left to what the call itself showed."""
    leaves, tree = _flatten((args, kwargs))
    positions = [index for index, leaf in enumerate(leaves) if _traced(leaf)]

    def with_arrays(*arrays: Any) -> Any:
        rebuilt = list(leaves)
        for index, array in zip(positions, arrays):
            rebuilt[index] = array
        call_args, call_kwargs = _unflatten(tree, rebuilt)
        return function(*call_args, **call_kwargs)

    try:
        program = _make_jaxpr(with_arrays)(*(leaves[index] for index in positions)).jaxpr
    except Exception:  # noqa: BLE001 - untraceable code: the checked call already ran it as it is
        return
    unwrapped = {var for equation in equations_of(program) if equation.primitive is _UNWRAP
                 for var in equation.outvars}
    if not unwrapped:
        return  # no key was turned into raw bits: JAX's checker saw everything

    def wrap_signature(equation: Any) -> Any:
        return _Signature(_Forward(0, 0)) if equation.invars[0] in unwrapped else _Signature(_Source(0))

    saved = {primitive: _signatures[primitive] for primitive in (_WRAP, _UNWRAP)}
    _signatures[_UNWRAP] = _Signature(_Forward(0, 0))
    _signatures[_WRAP] = _DynamicSignature(wrap_signature)
    _analyse.cache_clear()  # nested programs were read under JAX's own rules by the checked call
    try:
        _analyse(program)
    except _KeyReuseError as error:
        # JAX puts the student's frames, where the key was used again, on the error's cause: raised with them,
        # the error names that line as the checked call's own does.
        frames = getattr(error.__cause__, "__traceback__", None)
        raise error.with_traceback(frames) from None
    finally:
        _signatures.update(saved)
        _analyse.cache_clear()
