"""Every intermediate value of one call, equation by equation, with the student's line that made it.

The worker runs this on the student's function and the judge on the reference, on the same input:
the judge then looks for the first of the student's values that matches nothing the reference
computes while its inputs all do, and names its line (graders/judge/divergence.py). Nested programs a
`jax.jit`, `custom_jvp` or `checkpoint` made are evaluated inline, so a helper's own lines show;
loops and conditionals run as one step, at the line that calls them.

What crosses back is plain numbers and line numbers. A worker that forges them only points its own
message at the wrong line: no verdict rests on them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .jaxprs import equations_of, static_positions, student_frames, trace_program

__all__ = ["MAX_ELEMENTS", "MAX_NODES", "Node", "intermediate_values"]

MAX_NODES = 3000
MAX_ELEMENTS = 4096
# Call-like primitives whose program is evaluated inline, by the parameter that holds it.
_INLINED = {"pjit": "jaxpr", "jit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
            "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr",
            "custom_vjp_call_jaxpr": "fun_jaxpr", "checkpoint": "jaxpr", "remat": "jaxpr"}


Node = tuple[str, int, list[int], Any, list[int]]


def intermediate_values(function: Callable[..., Any], static_names: tuple[str, ...], args: tuple[Any, ...],
                        kwargs: dict[str, Any], filenames: set[str] | None) -> tuple[list[Node], list[int]]:
    """([filename, line, input node ids, value, body lines] per node, the output leaves' node ids).

    Nodes are the traced program's inputs and constants (line 0), then one per equation output in
    the order they are computed. `value` is a NumPy array, or None when it is too large or not
    numbers. `body lines` are, for a loop or a conditional, the student's lines inside it, in the
    same file. `filenames` selects whose lines are reported (None: none are, as for the reference).

    The equations are replayed inside one `jax.jit` that returns every value: one compilation for
    the whole program, where running them one by one compiled each operation on its own.
    """
    import jax
    from jax._src.core import Literal  # JAX internals, as trace.py's frames: if they move, no line

    closed = trace_program(function, static_names, args, kwargs)
    static = static_positions(function, static_names, len(args))
    dynamic = [arg for index, arg in enumerate(args) if index not in static]
    flat_args = jax.tree_util.tree_leaves((dynamic, kwargs))
    meta: list[tuple[str, int, list[int]]] = []
    bodies: dict[int, list[int]] = {}  # a loop's or a conditional's node: the student lines inside it
    kept: list[int] = []  # the nodes whose values come back: numbers, at most MAX_ELEMENTS
    outputs: list[int] = []

    def replay(leaves: list[Any], consts: list[Any]) -> list[Any]:
        live: list[Any] = []
        env: dict[Any, int] = {}

        def add(filename: str, line: int, inputs: list[int], value: Any) -> int:
            if len(meta) >= MAX_NODES:
                raise _TooLarge
            meta.append((filename, line, inputs))
            live.append(value)
            aval = getattr(value, "aval", None)  # a tracer's; a literal or constant is read as it is
            dtype, shape = (aval.dtype, aval.shape) if aval is not None else (np.asarray(value).dtype, np.shape(value))
            if np.dtype(dtype).kind in "biuf" and int(np.prod(shape)) <= MAX_ELEMENTS:
                kept.append(len(meta) - 1)
            return len(meta) - 1

        def where(equation: Any, around: tuple[str, int]) -> tuple[str, int]:
            frames = student_frames(equation, filenames) if filenames else []
            # A library's jitted function (jnp.var) was traced once and cached: its equations carry
            # that first trace's stack, so they take the line of the call that uses them.
            return frames[0] if frames else around

        def read(var: Any) -> int:
            if isinstance(var, Literal):  # a constant written into the program: a node of its own
                return add("", 0, [], var.val)
            return env[var]

        def run(jaxpr: Any, consts: list[Any], invals: list[int], around: tuple[str, int]) -> list[int]:
            for var, const in zip(jaxpr.constvars, consts):
                env[var] = add("", 0, [], const)
            for var, node in zip(jaxpr.invars, invals):
                env[var] = node
            for equation in jaxpr.eqns:
                inputs = [read(var) for var in equation.invars]
                inlined = _INLINED.get(equation.primitive.name)
                inner = equation.params.get(inlined) if inlined else None
                if inner is not None:
                    inner_jaxpr = getattr(inner, "jaxpr", inner)
                    count = len(inner_jaxpr.invars)
                    outs = run(inner_jaxpr, list(getattr(inner, "consts", ())), inputs[-count:] if count else [],
                               where(equation, around))
                    for var, node in zip(equation.outvars, outs):
                        env[var] = node
                    continue
                bound = equation.primitive.get_bind_params(equation.params)
                subfuns, params = bound if isinstance(bound, tuple) else ((), bound)
                result = equation.primitive.bind(*subfuns, *(live[node] for node in inputs), **params)
                results = result if equation.primitive.multiple_results else [result]
                filename, line = where(equation, around)
                inside = _lines_inside(equation, filename, filenames) if filenames else []
                for var, value in zip(equation.outvars, results):
                    env[var] = add(filename, line, inputs, value)
                    if inside:
                        bodies[env[var]] = inside
            return [read(var) for var in jaxpr.outvars]

        for var, leaf in zip(closed.jaxpr.invars, leaves):
            env[var] = add("", 0, [], leaf)
        outputs.extend(run(closed.jaxpr, consts, [env[var] for var in closed.jaxpr.invars], ("", 0)))
        return [live[node] for node in kept]

    try:
        values = jax.jit(replay)(flat_args, list(closed.consts))
    except _TooLarge:
        return [], []
    found = dict(zip(kept, values))
    nodes = [(filename, line, inputs, _plain(found[index]) if index in found else None, bodies.get(index, []))
             for index, (filename, line, inputs) in enumerate(meta)]
    return nodes, outputs


def _lines_inside(equation: Any, filename: str, filenames: set[str]) -> list[int]:
    """The student's lines, in `filename`, of the equations inside a loop's or conditional's programs."""
    inner = [sub for param in equation.params.values() for sub in (param if isinstance(param, (tuple, list))
                                                                   else (param,))
             if hasattr(getattr(sub, "jaxpr", sub), "eqns")]
    found: set[int] = set()
    for sub in inner:
        for nested in equations_of(getattr(sub, "jaxpr", sub)):
            found.update(line for name, line in student_frames(nested, filenames)[:1] if name == filename)
    return sorted(found)[:6]


class _TooLarge(Exception):
    """More equations than a diagnosis is worth: no line is reported."""


def _plain(value: Any) -> Any:
    try:
        array = np.asarray(value)
    except Exception:  # noqa: BLE001 - keys, tokens: not numbers
        return None
    if array.dtype.kind not in "biuf" or array.size > MAX_ELEMENTS:
        return None
    return array
