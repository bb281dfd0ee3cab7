"""Why a jitted function is not faster, read from its traced program: the sentence that leads a
failed `jit_speedup`.

The worker traces the student's function and says which of its lines call back into Python, loop
inside the compiled program or compute in 64 bits, and how many operations each line made
(graders/worker/trace.py); the judge traces the reference itself and compares. Only the message
rests on what the worker says: the verdict is the judge's clocks.
"""

from __future__ import annotations

from graders.both_sides.jaxprs import count_equations, has_loop, trace_program
from graders.common.format import clip_code

from ...supervisor.replies import ErrorReport, TraceLine
from ..base import CheckContext, draw_examples

__all__ = ["structure_cause"]

# The student's program counts as larger than the reference's past this factor (and _LARGER_BY more).
_LARGER_FACTOR = 3
_LARGER_BY = 10


def structure_cause(ctx: CheckContext) -> str | None:
    """The one sentence that says, with its line, what in the program costs the time; None when the
    program shows nothing of the kind."""
    name = ctx.exercise.name
    call = draw_examples(ctx.exercise, 1, "structure")[0]
    measured = ctx.session.trace_sizes(name, (call,), ctx.exercise.static_argnames, timeout=ctx.timeout())
    if isinstance(measured, ErrorReport) or not measured.sizes:
        return None
    features = measured.features[0] if measured.features else ()
    try:
        reference = trace_program(ctx.exercise.reference, ctx.exercise.static_argnames, call.args, dict(call.kwargs))
    except Exception:  # noqa: BLE001 - the judge's own reference; without it, no comparison
        return None
    reference_loops = has_loop(reference.jaxpr)
    for kind in ("callback", "float64", "loop"):
        for feature in features:
            if feature.kind != kind or (kind == "loop" and reference_loops):
                continue
            code = ctx.session.submission.source_line(feature.filename, feature.line)
            if code is None:
                continue
            return ctx.text(f"structure.{kind}", where=ctx.where(feature.filename, feature.line),
                            code=clip_code(code), primitive=feature.primitive, name=name)
    size, reference_size = measured.sizes[0], count_equations(reference.jaxpr)
    if size > _LARGER_FACTOR * reference_size + _LARGER_BY and measured.lines and measured.lines[0]:
        biggest = _biggest_line(measured.lines[0])
        code = ctx.session.submission.source_line(biggest.filename, biggest.line)
        if code is not None:
            return ctx.text("structure.larger", size=size, reference=reference_size, count=biggest.equations,
                            where=ctx.where(biggest.filename, biggest.line), code=clip_code(code))
    return None


def _biggest_line(lines: tuple[TraceLine, ...]) -> TraceLine:
    # The line that made the most operations; of a wrapper and the loop it calls, the deeper one.
    return max(lines, key=lambda line: (line.equations, line.depth))
