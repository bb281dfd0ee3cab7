"""A key reused through its raw bits: JAX's key-reuse checker, followed through `key_data` and `wrap_key_data`.

JAX's checker (`jax_debug_key_reuse`) counts the uses of a typed key. It takes `jax.random.wrap_key_data` (and
`jax.random.clone`) for a fresh key and does not follow raw bits, so one key can be used twice through them:
`key_data(key)` passed twice to `jax.random.normal` (which wraps raw bits each time), or a clone made by
`wrap_key_data(key_data(key))` used beside the key (red team, session 36: `key_discipline` passed both, 2 points).

Here the call is traced once more, the programs of its calls (`jax.jit`, `checkpoint`) inlined, and the result
checked by JAX's own analysis with two rules changed: a key wrapped from the very bits another key was unwrapped
into *is* that key, and so is a clone. Bits that were cut or computed first (a slice of a split's raw keys, which
the legacy `PRNGKey` API makes) still wrap into a fresh key, as JAX has it, so an honest program that splits raw
keys is never told it reused one. Bits computed to the same values, and copies of a key made by broadcasting,
need the keys' bits at run time: not followed yet (tests/submissions/hostile/round53/README.md).

Runs in the worker, on the student's function; it can only add a `KeyReuseError` (worker-reported, it may cost
the check's points, never earn them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import numpy as np
from jax._src import random as jax_random
from jax._src import source_info_util
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
_CLONE = jax_random.random_clone_p
_KEY_TYPE = prng.PRNGKeyArray
_KeyReuseError = jax.errors.KeyReuseError
_ARRAY_TYPE: type = type(jax.numpy.zeros(()))


def _traced(leaf: Any) -> bool:
    return isinstance(leaf, (np.ndarray, _ARRAY_TYPE, _KEY_TYPE))


# Call-like primitives whose program takes the call's arguments one for one: inlined before the analysis.
_INLINED = {"jit": "jaxpr", "pjit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
            "checkpoint": "jaxpr", "remat": "jaxpr", "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr"}


def _names_a_student_line(traceback: Any, filenames: frozenset[str]) -> bool:
    return any(frame.file_name in filenames for frame in getattr(traceback, "frames", ()))


def _inlined(jaxpr: Any, consts: Any, values: Any, filenames: frozenset[str],
             inherited: Any = None) -> list[Any]:
    """`jaxpr` evaluated on `values` while a program is being traced, each call-like equation replaced by the
    equations of its own program. Each equation keeps the traceback that names the student's line: its own where
    it does, else that of the call it was inlined from (JAX's equations deep inside `jax.random.normal` carry
    frames of JAX's alone), so that the error names the line that used the key."""
    env: dict[Any, Any] = dict(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, values))

    def read(var: Any) -> Any:
        return var.val if type(var).__name__ == "Literal" else env[var]

    for equation in jaxpr.eqns:
        inputs = [read(var) for var in equation.invars]
        inner = equation.params.get(_INLINED.get(equation.primitive.name, ""))
        inner_jaxpr = getattr(inner, "jaxpr", inner)
        own = equation.source_info.traceback
        traceback = own if inherited is None or _names_a_student_line(own, filenames) else inherited
        with source_info_util.user_context(traceback, name_stack=equation.source_info.name_stack):
            if inner_jaxpr is not None and len(getattr(inner_jaxpr, "invars", ())) == len(inputs):
                chosen = traceback if _names_a_student_line(traceback, filenames) else inherited
                outputs = _inlined(inner_jaxpr, getattr(inner, "consts", ()), inputs, filenames, chosen)
            else:
                result = equation.primitive.bind(*inputs, **equation.primitive.get_bind_params(equation.params))
                outputs = result if equation.primitive.multiple_results else [result]
        env.update(zip(equation.outvars, outputs))
    return [read(var) for var in jaxpr.outvars]


def check_reuse_through_raw_bits(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any],
                                 filenames: frozenset[str] = frozenset()) -> None:
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

    arrays = [leaves[index] for index in positions]
    try:
        traced = _make_jaxpr(with_arrays)(*arrays)
    except Exception:  # noqa: BLE001 - untraceable code: the checked call already ran it as it is
        return
    if not any(equation.primitive in (_UNWRAP, _CLONE) for equation in equations_of(traced.jaxpr)):
        return  # no key was turned into raw bits or cloned: JAX's checker saw everything
    try:
        # The calls' own programs (`jax.jit`, `checkpoint`, custom rules) inlined, so that bits unwrapped in one
        # and wrapped in another (`jax.jit(key_data)(key)`, red team round 2) are followed as one program's.
        program = _make_jaxpr(lambda *values: _inlined(traced.jaxpr, traced.consts, values, filenames))(*arrays).jaxpr
    except Exception:  # noqa: BLE001 - a program the inliner cannot rebuild: read as traced
        program = traced.jaxpr
    unwrapped = {var for equation in equations_of(program) if equation.primitive is _UNWRAP
                 for var in equation.outvars}

    def wrap_signature(equation: Any) -> Any:
        return _Signature(_Forward(0, 0)) if equation.invars[0] in unwrapped else _Signature(_Source(0))

    saved = {primitive: _signatures[primitive] for primitive in (_WRAP, _UNWRAP, _CLONE)}
    _signatures[_UNWRAP] = _Signature(_Forward(0, 0))
    _signatures[_WRAP] = _DynamicSignature(wrap_signature)
    # `jax.random.clone` exists to let a key be used again; an exercise that asks for each key once counts the
    # clone as the key itself.
    _signatures[_CLONE] = _Signature(_Forward(0, 0))
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
