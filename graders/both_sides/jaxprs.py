"""How large a traced program is: equations in the jaxpr, nested ones counted, and which of the
student's lines they came from.

Runs on both sides: the worker measures the student's function with it (`graders/worker/trace.py`),
and the judge measures the reference the same way in its own process, so that one count is made on
both sides and a student's size and the reference's compare.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import jax

__all__ = ["count_equations", "equations_of", "has_loop", "program_features", "static_positions",
           "student_frames", "student_lines", "trace_program"]


def trace_program(function: Callable[..., Any], static_names: tuple[str, ...], args: tuple[Any, ...],
                  kwargs: dict[str, Any]) -> Any:
    """The closed jaxpr of one call, with the arguments named in `static_names` kept static."""
    return jax.make_jaxpr(function, static_argnums=static_positions(function, static_names, len(args)))(
        *args, **kwargs
    )


def static_positions(function: Callable[..., Any], static_names: tuple[str, ...], arg_count: int) -> tuple[int, ...]:
    if not static_names:
        return ()
    try:
        parameters = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()
    return tuple(index for index, name in enumerate(parameters[:arg_count]) if name in static_names)


def _equations(jaxpr: Any) -> Iterator[Any]:
    """Every equation of the jaxpr, those of nested jaxprs (jit, loops, conditionals) included."""
    for equation in jaxpr.eqns:
        yield equation
        for param in equation.params.values():
            for sub in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(sub, "jaxpr", None)
                if inner is not None and hasattr(inner, "eqns"):
                    yield from _equations(inner)
                elif hasattr(sub, "eqns"):
                    yield from _equations(sub)


# What makes a compiled program slow whatever XLA does with it, by kind, found by primitive.
_CALLBACKS = ("callback", "debug_print", "outside_call")  # pure_callback, io_callback, jax.debug.print, ...
_LOOPS = ("while", "scan")
_MAX_FEATURES = 20


def program_features(jaxpr: Any, filenames: set[str]) -> list[list[Any]]:
    """[filename, line, kind, primitive] for each student line whose equations call back into Python
    ("callback"), loop inside the program ("loop"), or compute in 64 bits ("float64"); once per line
    and kind, at most _MAX_FEATURES of each kind."""
    found: dict[tuple[str, int, str], str] = {}
    # Each kind has its own cap: `compact_trace` fails on a callback, so lines of another kind (twenty trivial
    # `scan`s, red team session 36) must not use up the room a callback is reported in.
    counts: dict[str, int] = {}
    for equation in _equations(jaxpr):
        name = equation.primitive.name
        kinds = []
        if any(callback in name for callback in _CALLBACKS):
            kinds.append("callback")
        if name in _LOOPS:
            kinds.append("loop")
        if any(str(getattr(getattr(var, "aval", None), "dtype", "")) in ("float64", "complex128")
               for var in equation.outvars):
            kinds.append("float64")
        kinds = [kind for kind in kinds if counts.get(kind, 0) < _MAX_FEATURES]
        frames = student_frames(equation, filenames) if kinds else []
        for kind in kinds:
            if frames and (*frames[0], kind) not in found:
                found[(*frames[0], kind)] = name
                counts[kind] = counts.get(kind, 0) + 1
    return [[filename, line, kind, primitive] for (filename, line, kind), primitive in found.items()]


def equations_of(jaxpr: Any) -> Iterator[Any]:
    """Every equation of the jaxpr, nested ones included (public for graders/worker/values.py)."""
    return _equations(jaxpr)


def count_equations(jaxpr: Any) -> int:
    """Equations in the jaxpr, nested ones included, each counted as often as the compiled program
    repeats it: a `scan` with `unroll=k` (or `unroll=True`, the whole length; `fori_loop` with static
    bounds lowers to one) copies its body k times into the program XLA compiles."""
    total = 0
    for equation in jaxpr.eqns:
        total += 1
        copies = _unrolled_copies(equation)
        for param in equation.params.values():
            for sub in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(sub, "jaxpr", None)
                if inner is not None and hasattr(inner, "eqns"):
                    total += copies * count_equations(inner)
                elif hasattr(sub, "eqns"):
                    total += copies * count_equations(sub)
    return total


def _unrolled_copies(equation: Any) -> int:
    if equation.primitive.name != "scan":
        return 1
    unroll, length = equation.params.get("unroll", 1), equation.params.get("length", 1)
    if unroll is True:
        return max(int(length), 1)
    try:
        return max(min(int(unroll), int(length)), 1)
    except (TypeError, ValueError):
        return 1


def has_loop(jaxpr: Any) -> bool:
    """Whether the program loops inside itself (`while`, `scan`), nested programs included."""
    return any(equation.primitive.name in _LOOPS for equation in _equations(jaxpr))


def student_lines(jaxpr: Any, filenames: set[str]) -> list[list[Any]]:
    """[filename, line, equations, depth] for each line of the student's code that made equations.

    An equation counts for every student line on the Python stack that made it (the loop line
    and the helper lines it called), so the line of an unrolled loop gets all the equations its
    iterations made, however deep its body calls. `depth` is how many student frames lie outside
    that line at most: of two lines that made the same equations (a wrapper's `return` and the
    loop it calls), the deeper one is the loop. The judge picks; this only counts.
    """
    counts: dict[tuple[str, int], list[int]] = {}
    for equation in _equations(jaxpr):
        seen: set[tuple[str, int]] = set()
        # Outermost first, so that the position is the depth among student frames.
        for depth, where in enumerate(reversed(student_frames(equation, filenames))):
            if where in seen:
                continue  # recursion: one equation counts once per line
            seen.add(where)
            entry = counts.setdefault(where, [0, 0])
            entry[0] += 1
            entry[1] = max(entry[1], depth)
    return [[filename, line, count, depth] for (filename, line), (count, depth) in sorted(counts.items())]


def student_frames(equation: Any, filenames: set[str]) -> list[tuple[str, int]]:
    """(filename, line) of the student's frames on the stack that made the equation, innermost first.

    The traceback and its decoding are JAX internals (jax._src.source_info_util in JAX 0.10); if
    they change, no line is reported and only the message loses its pointer: sizes decide.
    """
    try:
        from jax._src import source_info_util

        traceback = equation.source_info.traceback
        if traceback is None:
            return []
        codes, offsets = traceback.raw_frames()
        return [(code.co_filename, int(source_info_util.raw_frame_to_frame(code, offset).start_line))
                for code, offset in zip(codes, offsets) if code.co_filename in filenames]
    except Exception:  # noqa: BLE001 - see the docstring
        return []
