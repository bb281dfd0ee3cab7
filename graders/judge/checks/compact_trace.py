"""`compact_trace`: the traced program does not grow with the loop length.

A Python loop over data is unrolled by tracing: its jaxpr grows with the
number of iterations. `lax.fori_loop`, `lax.scan` and `vmap` keep it fixed.

Two ways to fail, both decided here on sizes:

- the sizes differ between loop lengths (the plain unrolled loop);
- the sizes are equal but far larger than the reference's at the same lengths: a loop
  run a fixed number of times over padded input is as long for every length up to its pad.

The size is read from the call that ran: an ordinary jitted call first, then JAX's trace cache
for that call (no student code runs then; a trace the judge counts meanwhile voids the reading).

The lengths are drawn per submission, from ranges whose largest lies above any pad small
enough to escape the second test, and derived from the submission's source so that a
regrade meets the same lengths while a student cannot aim a pad at them: changing the pad
changes the source, hence the lengths. The worker also says which of the student's lines
made the equations; that only points the message at the loop, it never decides.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import jax
import jax.numpy as jnp
import numpy as np

from graders.both_sides.jaxprs import count_equations, trace_program
from graders.common.format import clip_code, code_in_span
from graders.common.registry import register_check
from graders.common.spec import Call, Check, Exercise, SpecError

from ..source.parsed import statement_matching
from ..supervisor.replies import ErrorReport, ProgramFeature, TraceLine
from .base import CheckContext, Verdict, stable_seed

__all__ = [
    "CompactTrace",
    "LENGTH_RANGES",
    "TraceSizeSpec",
    "draw_lengths",
    "growing_line",
    "reference_secret",
    "reference_sizes",
    "size_limit",
    "trace_verdict",
]

# One length is drawn from each range (inclusive). The small ones sit where a padded loop would
# hide; the largest is in the hundreds, above any pad that the reference comparison lets through
# (see `size_limit`). The lengths are traced shortest first and the check stops once it has failed,
# so an unrolled loop is traced at most at the two shorter lengths: measured on a busy 2-core VM,
# per_example_grads unrolled (20 equations an iteration) takes ~0.3-0.9 s to trace at 100 and
# 1-2.3 s at 350, which only a loop that escaped both shorter lengths would ever be asked for.
# A fori_loop or a vmap traces in the same few milliseconds at any length.
LENGTH_RANGES: tuple[tuple[int, int], ...] = ((2, 9), (10, 99), (200, 399))

# A trace may be this many times the reference's size, plus this many equations, before it
# counts as unrolled. Correct alternatives measured 5-29 equations against references of 12
# (horner) and 16 (per_example_grads): scan, jnp.polyval, a Vandermonde sum, jacfwd, jacrev,
# closed-form gradients. An unrolled horner makes 4 equations an iteration, so any pad of 20
# or more fails here, and any smaller pad meets the large length and grows.
SIZE_FACTOR = 3
SIZE_ALLOWANCE = 40


@dataclass(frozen=True)
class TraceSizeSpec:
    """Options of the `compact_trace` check.

    `call(n)` is the exercise's call whose loop runs n times; one n is drawn from each of
    `lengths` (inclusive ranges, increasing and disjoint). `describe` names what n counts
    ("the number of coefficients") and `construct` what keeps the trace fixed. Sizes can
    only be compared between at least two lengths, so fewer ranges is a spec error.
    """

    call: Callable[[int], Call]
    describe: Mapping[str, str]
    construct: str
    lengths: tuple[tuple[int, int], ...] = LENGTH_RANGES

    def __post_init__(self) -> None:
        if len(self.lengths) < 2:
            raise SpecError(f"TraceSizeSpec has {len(self.lengths)} length range(s); give at least two, so that "
                            f"trace sizes at different loop lengths can be compared.")
        previous = 0
        for low, high in self.lengths:
            if not previous < low <= high:
                raise SpecError(f"TraceSizeSpec length ranges must be increasing and disjoint, with lengths of "
                                f"at least 1; got {self.lengths}.")
            previous = high


def draw_lengths(exercise: str, sources: Sequence[str], ranges: Sequence[tuple[int, int]],
                 secret: str = "") -> tuple[int, ...]:
    """One length from each range, a function of the exercise, the submission's source and `secret`
    (what the student never sees: the digest of the reference solutions' file), so a regrade meets
    the same lengths while a student cannot compute them to aim a padded loop at them."""
    source = hashlib.sha256("\x00".join(sources).encode()).hexdigest()
    return tuple(low + stable_seed("compact_trace", exercise, source, secret, str(index)) % (high - low + 1)
                 for index, (low, high) in enumerate(ranges))


@functools.cache
def reference_secret(reference: Callable[..., Any]) -> str:
    """The digest of the file the reference solution is defined in (never released to students)."""
    module = sys.modules.get(str(getattr(reference, "__module__", "")))  # a jit wrapper keeps its function's
    filename = getattr(module, "__file__", None)
    try:
        return hashlib.sha256(Path(filename).read_bytes()).hexdigest() if filename else ""
    except OSError:
        return ""


def size_limit(reference: int) -> int:
    """The largest trace that does not count as unrolled, for a reference trace of `reference` equations."""
    return SIZE_FACTOR * reference + SIZE_ALLOWANCE


_REFERENCE_SIZES: dict[tuple[int, int, str], int] = {}


def reference_sizes(exercise: Exercise, lengths: Sequence[int], calls: Sequence[Call]) -> tuple[int, ...]:
    """The reference's trace size for each call, traced in this process the way the worker traces the
    student's function (arguments as JAX arrays, the same count); remembered per length."""
    sizes = []
    for length, call in zip(lengths, calls):
        key = (id(exercise.reference), length, exercise.name)
        if key not in _REFERENCE_SIZES:
            # Tracing compiles nothing; the device only decides where the argument arrays live.
            with jax.default_device(jax.devices("cpu")[0]):
                args = tuple(jax.tree_util.tree_map(_as_jax, arg) for arg in call.args)
                kwargs = {name: jax.tree_util.tree_map(_as_jax, value) for name, value in call.kwargs.items()}
                closed = trace_program(exercise.reference, tuple(exercise.static_argnames), args, kwargs)
            _REFERENCE_SIZES[key] = count_equations(closed.jaxpr)
        sizes.append(_REFERENCE_SIZES[key])
    return tuple(sizes)


def _as_jax(leaf: Any) -> Any:
    return jnp.asarray(leaf) if isinstance(leaf, np.ndarray) else leaf


def trace_verdict(sizes: Sequence[int], reference: Sequence[int]) -> tuple[str, int | None]:
    """("grows", None) when the sizes differ between lengths; ("too_large", i) when the trace at
    length i (the largest such) is above the limit the reference's size there sets; ("passed", None).
    `reference` has the reference's size at each of the same lengths."""
    if len(set(sizes)) > 1:
        return "grows", None
    above = [index for index, (size, own) in enumerate(zip(sizes, reference)) if size > size_limit(own)]
    if above:
        return "too_large", above[-1]
    return "passed", None


def growing_line(smallest: Sequence[TraceLine], largest: Sequence[TraceLine]) -> TraceLine | None:
    """The student's line of the loop: the one that gained the most equations from the smallest trace
    to the largest or, where none gained (a loop padded to a fixed length), that made the most.

    A line counts every equation made below it, so a wrapper's `return` carries all that the loop it
    calls carries: of the lines that carry nearly the most (90%), the deepest is reported. A helper
    the loop body calls carries only its own share, and stays below that bar.
    """
    before = {(line.filename, line.line): line.equations for line in smallest}
    growth = {(line.filename, line.line): line.equations - before.get((line.filename, line.line), 0)
              for line in largest}
    grew = any(gained > 0 for gained in growth.values())

    def measure(line: TraceLine) -> int:
        return growth[(line.filename, line.line)] if grew else line.equations

    most = max((measure(line) for line in largest), default=0)
    if most <= 0:
        return None
    near = [line for line in largest if measure(line) * 10 >= most * 9]
    return max(near, key=lambda line: (line.depth, measure(line), -line.line))


@register_check(
    "compact_trace",
    option_type=TraceSizeSpec,
    description={
        "en": "the traced program keeps its size as the loop length grows (no unrolled Python loop)",
        "ko": "루프 길이가 늘어도 추적된 프로그램 크기가 그대로임(Python 루프를 펼치지 않음)",
    },
)
def compact_trace(ctx: CheckContext) -> Verdict:
    spec: TraceSizeSpec = ctx.option("compact_trace")
    name = ctx.exercise.name
    lengths = draw_lengths(name, [cell.source for cell in ctx.session.submission.cells], spec.lengths,
                           reference_secret(ctx.exercise.reference))
    calls = tuple(spec.call(length) for length in lengths)
    reference = reference_sizes(ctx.exercise, lengths, calls)
    sizes: list[int] = []
    lines: list[tuple[TraceLine, ...]] = []
    features: list[ProgramFeature] = []
    # One length a request, shortest first, so that a program already failing stops before the longest:
    # an unrolled loop is traced at most at the two shorter lengths (at most 99 iterations), a compact
    # one costs milliseconds at every length. A pass needs every length measured.
    for call in calls:
        ctx.check_deadline()
        # The program measured is the one an ordinary jitted call traced: the call goes to the worker as
        # every check's calls do, and the size is then read from JAX's own trace cache, which runs none
        # of the student's code. A function cannot trace one program when measured and another when
        # called: no call is the measured one until it has run.
        ran = ctx.session.call(name, call, mode="jitted", static_argnames=ctx.exercise.static_argnames,
                               timeout=ctx.timeout())
        if ran.error is not None:
            return Verdict.failed(ctx.text("compact_trace.raised", name=name, explanation=ctx.explain(ran.error)))
        _, traces_before = ctx.session.compile_counts()
        measured = ctx.session.trace_sizes(name, (call,), ctx.exercise.static_argnames, timeout=ctx.timeout())
        if isinstance(measured, ErrorReport):
            return Verdict.failed(ctx.text("compact_trace.raised", name=name, explanation=ctx.explain(measured)))
        if ctx.session.compile_counts()[1] != traces_before:
            # Reading the size traced the function again: what was measured is not what the call ran
            # (the judge counts traces on the worker's event stream itself).
            return Verdict.failed(ctx.text("compact_trace.retraced", name=name))
        if len(measured.sizes) != 1:
            # A reply with no size, or several, for one length can only come from a tampered worker.
            return Verdict.error(ctx.text("compact_trace.incomplete", expected=1, got=len(measured.sizes)))
        sizes.append(measured.sizes[0])
        lines.append(measured.lines[0] if measured.lines else ())
        features.extend(measured.features[0] if measured.features else ())
        if _decided(sizes, reference):
            break
    traced = lengths[:len(sizes)]
    details = {"lengths": list(traced), "sizes": sizes, "reference": list(reference[:len(sizes)])}
    what = spec.describe[ctx.lang]
    listed_lengths = ", ".join(str(length) for length in traced)
    listed = ", ".join(str(size) for size in sizes)
    outcome, index = trace_verdict(sizes, reference[:len(sizes)])
    if outcome == "passed" and len(sizes) == len(calls):
        callback = _python_callback(features)
        if callback is not None:
            code = ctx.session.submission.source_line(callback.filename, callback.line) or ""
            return Verdict.failed(ctx.text("compact_trace.callback", where=ctx.where(callback.filename, callback.line),
                                           code=clip_code(code), primitive=callback.primitive, what=what,
                                           construct=spec.construct), **details)
        return Verdict.passed(ctx.text("compact_trace.passed", sizes=listed, what=what, lengths=listed_lengths,
                                       reference=reference[-1]), **details)
    unrolled_by_argument = _unroll_argument(ctx, name)
    if unrolled_by_argument is not None:
        # The loop is a `fori_loop` or `scan` already: telling the student to use one would be wrong.
        filename, line, code = unrolled_by_argument
        return Verdict.failed(ctx.text("compact_trace.unroll_argument", where=ctx.where(filename, line),
                                       code=clip_code(code), what=what, sizes=listed, lengths=listed_lengths),
                              **details)
    unrolled = _unrolled(ctx, lines)
    if outcome == "grows":
        return Verdict.failed(ctx.text("compact_trace.grows", unrolled=unrolled, sizes=listed, what=what,
                                       lengths=listed_lengths, construct=spec.construct), **details)
    if outcome == "too_large" and index is not None:
        return Verdict.failed(ctx.text("compact_trace.too_large", unrolled=unrolled, what=what,
                                       length=traced[index], size=sizes[index], reference=reference[index],
                                       limit=size_limit(reference[index]), lengths=listed_lengths,
                                       construct=spec.construct), **details)
    # Unreachable: the loop stops early only on a failure, and a pass has every length.
    return Verdict.error(ctx.text("compact_trace.incomplete", expected=len(calls), got=len(sizes)))


# Callbacks that print or inspect (`jax.debug.print`, `jax.debug.callback`) leave the computation in the program.
_DEBUG_CALLBACKS = ("debug_callback", "debug_print")


def _python_callback(features: Sequence[ProgramFeature]) -> ProgramFeature | None:
    """The first student line whose equations hand the computation to Python (`jax.pure_callback`,
    `io_callback`): a loop run there is outside the traced program, whose size then shows nothing. Said
    by the worker, so it can cost the points and never earn them (a worker that hides it is tampered with)."""
    return next((feature for feature in features if feature.kind == "callback"
                 and not any(debug in feature.primitive for debug in _DEBUG_CALLBACKS)), None)


def _decided(sizes: Sequence[int], reference: Sequence[int]) -> bool:
    """Whether the lengths measured so far already fail: the sizes differ, or two of them are equal
    but too large (one too large is not enough to tell a padded loop from a growing one)."""
    outcome, _ = trace_verdict(sizes, reference[:len(sizes)])
    return outcome == "grows" or (outcome == "too_large" and len(sizes) >= 2)


# `unroll=` with anything but a fixed factor of 1 (`unroll=True`, `unroll=n`, `unroll=x.shape[0]`).
_UNROLL_ARGUMENT = r"\bunroll\s*=\s*(?!(1|False|None)\s*[,)])"


def _unroll_argument(ctx: CheckContext, name: str) -> tuple[str, int, str] | None:
    """The statement, read from the source in the judge, where the function or a helper it calls asks
    `fori_loop` or `scan` to unroll its loop: the program then grows although the loop is written right."""
    return statement_matching(ctx.source, name, _UNROLL_ARGUMENT)


def _unrolled(ctx: CheckContext, lines: Sequence[Sequence[TraceLine]]) -> str:
    """The failure's opening: that a loop is unrolled and, when the worker could tell, on which line."""
    found = growing_line(lines[0], lines[-1]) if len(lines) >= 2 else None
    if found is None:
        return ctx.text("compact_trace.unrolled")
    source = _source_line(ctx, found)
    where = (ctx.text("where.line", filename=ctx.place(found.filename), line=found.line, source=source) if source
             else ctx.text("where.short", filename=ctx.place(found.filename), line=found.line))
    return ctx.text("compact_trace.unrolled_at", where=where)


def _source_line(ctx: CheckContext, found: TraceLine) -> str:
    """The line's text as the judge read it (not as the worker says it), or "" if it has none there."""
    return code_in_span((ctx.session.submission.source_line(found.filename, found.line) or "")[:120])


@dataclass(frozen=True)
class CompactTrace(Check):
    """`CompactTrace(points, TraceSizeSpec(...))`: The traced program does not grow with the loop length; `spec` says
    which call runs the loop n times.
    """

    name: ClassVar[str] = "compact_trace"
    spec: TraceSizeSpec | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.spec, TraceSizeSpec):
            raise SpecError(f"CompactTrace(points={self.points!r}, spec={self.spec!r}): give a TraceSizeSpec as the "
                            "second field (docs/authoring.md shows one).")

    @property
    def options(self) -> TraceSizeSpec | None:
        return self.spec
