"""What every check shares: its context, its verdict, and the example search.

A check is a function `CheckContext -> Verdict`. It asks the worker for
measurements through `ctx.session`, compares them with the reference in this
process, and returns a verdict whose message is already in the reader's
language. The judge turns verdicts into frozen `CheckResult`s with points.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import re
import sys
import time
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from hypothesis import HealthCheck, Phase, Verbosity, given, seed, settings
from hypothesis.errors import Flaky
from hypothesis.internal.conjecture import providers as _providers
from hypothesis.internal.constants_ast import Constants

from graders.both_sides.intermediates import intermediate_values
from graders.common.format import clip_code, format_call, format_value
from graders.common.i18n import t
from graders.common.results import Status
from graders.common.spec import Call, Exercise, Misconception

from ..compare import as_plain, find_difference, keys_as_jax
from ..divergence import first_divergence
from ..explain import describe_difference, explain_error, hint_key
from ..flags import Flag
from ..source import Binding, ParsedCell, jit_binding
from ..source.discarded import discarded_result
from ..source.loop_bodies import loop_body_behind, stale_start
from ..source.parsed import parameter_default, single_return, statement_matching
from ..source.reached_state import reached_state
from ..source.traced_origin import traced_origin
from ..source.transform_arguments import differing_transform_argument
from ..submission import Submission
from ..supervisor.client import WorkerLost
from ..supervisor.replies import CallOutcome, ErrorReport
from ..supervisor.session import InstrumentTampered, SubmissionSession
from .example_store import call_key, keep_examples_in, stored_examples

__all__ = [
    "CheckContext",
    "Counterexample",
    "GRADING_SETTINGS",
    "UNSEEN_CHECKS",
    "UNSEEN_EXAMPLES",
    "Verdict",
    "draw_examples",
    "keep_examples_in",
    "prepare_drawn",
    "reference_cells",
    "require_reference_output",
    "search_counterexample",
    "search_drawn_first",
    "stable_seed",
    "prepare_unseen",
    "unseen_examples",
    "unseen_key",
    "verdict_from_search",
]

# Hypothesis mixes into its draws constants it finds in the source of "local" modules: whatever the
# process has imported that is not under site-packages. That would make the examples, and so a grade,
# depend on how jaxgrade was installed (an editable install is local, a wheel is not) and on what the
# process imported before its first draw (a judge that reads its examples from the store draws later).
# The judge's hypothesis sees no local constants, so the same submission gets the same inputs anywhere.
_NO_LOCAL_CONSTANTS = Constants()
_providers._get_local_constants = lambda: _NO_LOCAL_CONSTANTS
_providers.CONSTANTS_CACHE.cache.clear()  # what a draw before this import may have cached

# Every field is spelled out so that no test profile or user profile loaded
# elsewhere can change how a submission is graded.
GRADING_SETTINGS = settings(
    database=None,
    deadline=None,
    derandomize=False,
    print_blob=False,
    report_multiple_bugs=False,
    suppress_health_check=list(HealthCheck),
    verbosity=Verbosity.quiet,
    phases=(Phase.explicit, Phase.generate, Phase.shrink),
    max_examples=25,
    stateful_step_count=10,
)


@dataclass(frozen=True)
class Verdict:
    """What a check found. `waived`: skipped for a reason that is not the student's
    (the machine cannot show what the check measures), so its points are awarded."""

    status: Status
    message: str
    details: Mapping[str, Any] = field(default_factory=dict)
    timings: Mapping[str, Any] = field(default_factory=dict)
    waived: bool = False
    # Notes for the instructor the check raises (an instrument it could not trust, timings that look
    # forged); the judge adds them to the submission's flags, once each.
    flags: tuple[Flag, ...] = ()

    @classmethod
    def passed(cls, message: str, **details: Any) -> Verdict:
        return cls(Status.PASSED, message, details)

    @classmethod
    def failed(cls, message: str, **details: Any) -> Verdict:
        return cls(Status.FAILED, message, details)

    @classmethod
    def error(cls, message: str, **details: Any) -> Verdict:
        return cls(Status.ERROR, message, details)

    @property
    def earns_points(self) -> bool:
        return self.status is Status.PASSED or (self.status is Status.SKIPPED and self.waived)


@dataclass
class CheckContext:
    exercise: Exercise
    session: SubmissionSession
    lang: str
    deadline: float
    call_seconds: float = 30.0
    exercise_seconds: float = 120.0
    # The submission's cells as the judge parsed them: what checks may rest on without asking the worker.
    source: tuple[ParsedCell, ...] = ()
    # The last input the reference ran on and its output: one example is compared as a NumPy and
    # as a JAX array, and the reference need not run twice for it.
    _last_expected: tuple[Call, Any] | None = field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------ language
    def text(self, key: str, **params: Any) -> str:
        """The message `key`. An explanation's first line is the cause and the line; the lines it
        adds (what JAX said, the fix) come last, after the input the message shows."""
        explanation = params.get("explanation")
        if "input" in params and isinstance(explanation, str) and "\n" in explanation:
            cause, added = explanation.split("\n", 1)
            return f"{t(key, self.lang, **{**params, 'explanation': cause})}\n{added}"
        return t(key, self.lang, **params)

    # --------------------------------------------------------------- limits
    def check_deadline(self) -> None:
        """Stop a check whose exercise has used up its time, even if every call was quick."""
        if time.monotonic() > self.deadline:
            raise WorkerLost("timeout", f"{self.exercise_seconds:g} s")

    def timeout(self) -> float:
        """Seconds one worker request may take: the per-call cap, within the exercise's budget."""
        return max(1.0, min(self.call_seconds, self.deadline - time.monotonic()))

    # ------------------------------------------------------------ reference
    def expected(self, call: Call) -> Any:
        """The reference's output for `call`, as plain data; computed once for the same Call object."""
        if self._last_expected is not None and self._last_expected[0] is call:
            return self._last_expected[1]
        # References run on the CPU: exact float32 semantics whatever accelerator the machine has.
        with jax.default_device(jax.devices("cpu")[0]):
            args, kwargs = keys_as_jax((call.args, dict(call.kwargs)))
            output = as_plain(compiled_reference(self.exercise)(*args, **kwargs))
        self._last_expected = (call, output)
        return output

    def exact(self, call: Call) -> Any:
        """The reference's output for `call` computed in float64 from the same float32 inputs: what the
        function's value is, without the float32 reference's own rounding. None when it cannot be had.

        On an ill-conditioned input (columns of mean 1000 and spread 0.01) the float32 reference is itself
        off by more than the tolerance; an answer that computes more exactly than it is right, not wrong.
        """
        def widened(leaf: Any) -> Any:
            return leaf.astype(np.float64) if isinstance(leaf, np.ndarray) and leaf.dtype.kind == "f" else leaf

        try:
            with jax.default_device(jax.devices("cpu")[0]), jax.enable_x64(True), np.errstate(all="ignore"):
                args, kwargs = keys_as_jax((jax.tree_util.tree_map(widened, call.args),
                                            jax.tree_util.tree_map(widened, dict(call.kwargs))))
                return as_plain(compiled_reference(self.exercise)(*args, **kwargs))
        except Exception:  # noqa: BLE001 - a reference that does not run in float64 has no exact value here
            return None

    def misconception(self, call: Call, actual: Any, also: tuple[Call, Any] | None = None) -> str | None:
        """The sentence naming a known wrong answer `actual` equals on `call`, with the line of the
        student's function that makes it where the source shows it; None when it equals none.

        Each misconception is a public formula, computed here in the judge on the failing input;
        nothing the worker says decides it, only its output compared as the reference's is.
        """
        for known in self.exercise.misconceptions:
            if not all(self._equals_mistake(known, each_call, each_actual)
                       for each_call, each_actual in ((call, actual), *((also,) if also else ()))):
                continue
            says = known.says[self.lang]
            # The statement that makes the mistake, else the one `return` that hands it back.
            found = (statement_matching(self.source, self.exercise.name, known.marker)
                     or single_return(self.source, self.exercise.name))
            if found is None:
                return says
            filename, line, code = found
            return self.text("misconception.at", where=self.where(filename, line), code=clip_code(code), says=says)
        return None

    def _equals_mistake(self, known: Misconception, call: Call, actual: Any) -> bool:
        try:
            # A wrong formula may divide by zero where the right one does not: quietly.
            with jax.default_device(jax.devices("cpu")[0]), np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                wrong = as_plain(known.compute(*call.args, **call.kwargs))
        except Exception:  # noqa: BLE001 - a mistake that does not apply to this input
            return False
        return find_difference(wrong, actual, self.exercise.tolerance) is None

    def error_line(self, error: ErrorReport) -> str | None:
        """The line of the student's source behind an error, read in the judge, where it is not the
        line that raised: JAX's own frames raise "non-hashable static arguments" and the decorator
        made the mistake; a shape raises on the line after the one that made it a traced value."""
        key = hint_key(error)
        if key == "hint.vmap_sizes":
            # The mapped axes are what the reference's own `vmap` says: the student's line that gives other ones.
            return self.transform_line()
        if key in _LOOP_BODY_HINTS and error.filename:
            body = loop_body_behind(self.source, error.filename, error.line)
            if body is not None and (body.filename, body.line) != (error.filename, error.line):
                return self.text("loop_body.at", where=self.where(body.filename, body.line),
                                 code=clip_code(body.signature), loop=body.loop)
            return None
        raising = (self.session.submission.source_line(error.filename, error.line) or "") if error.filename else ""
        if _JAX_SHAPE_PRODUCT.search(raising) and (key in ("hint.concretization", "hint.tracer_integer")
                                                   or error.is_a("TypeError")):
            # The size is computed on the line that raised, as a JAX product of the shape: that is the mistake, not
            # where the array came from (held-out round 36b: `jnp.prod(jnp.array(x.shape))` inside `reshape`).
            return self.text("shape.product_inline_at", where=self.where(error.filename, error.line),
                             code=clip_code(raising.strip()))
        if key in ("hint.concretization", "hint.tracer_integer") and error.filename:
            origin = traced_origin(self.source, error.filename, error.line)
            if origin is None:
                return None
            line, code, name = origin
            return self.text("traced.origin_at", where=self.where(error.filename, line), code=clip_code(code),
                             name=name)
        if error.filename and error.is_a("TypeError"):
            # A size computed as a JAX product of the shape: for a 0-d array the product over no dimensions
            # is the float 1.0 (and under jit a traced value); the line that computed it is the one to fix.
            origin = traced_origin(self.source, error.filename, error.line)
            if origin is not None and _SHAPE_PRODUCT.search(origin[1]):
                line, code, name = origin
                return self.text("shape.product_at", where=self.where(error.filename, line), code=clip_code(code),
                                 name=name)
        if key != "hint.unhashable_static":
            # A transformation given other arguments than the reference's (`in_axes=(None, 0, None)`) makes the
            # values the function is handed the wrong shape, and the error is raised well after it.
            return self._global_read_at(error) or self.transform_line()
        binding = self.binding()
        if not binding.line:
            return None
        return self.text("static.unhashable_at", where=self.where(binding.filename, binding.line),
                         code=clip_code(binding.detail), name=self.exercise.name, fix=self.jit_fix())

    def _global_read_at(self, error: ErrorReport) -> str | None:
        """'line N (`code`) reads `X_train`, module-level data' where the line that raised reads data from outside
        the function's arguments: its shape or its values are then why the arguments do not fit it."""
        if not error.filename or not error.line:
            return None
        for use in reached_state(self.source, self.exercise.name):
            if use.access == "read" and (use.filename, use.line) == (error.filename, error.line):
                return self.text("global.read_at", where=self.where(use.filename, use.line), code=clip_code(use.code),
                                 name=use.name)
        return None

    def diverging_line(self, call: Call) -> str | None:
        """'line N (`code`) is where your values first part from the reference's', from the values
        the worker reports for `call` and the reference's, computed here meanwhile (graders/judge/divergence.py)."""
        reference: list[np.ndarray | None] = []

        def reference_values() -> None:
            as_jax = lambda value: jnp.asarray(value) if isinstance(value, (np.ndarray, np.generic)) else value  # noqa: E731
            args, kwargs = jax.tree_util.tree_map(as_jax, (call.args, dict(call.kwargs)))
            try:
                with jax.default_device(jax.devices("cpu")[0]):
                    nodes, _ = intermediate_values(self.exercise.reference, self.exercise.static_argnames, args,
                                                   kwargs, None)
            except Exception:  # noqa: BLE001 - the reference's trace is the judge's own; no line, no harm
                return
            # Only what the reference computes: a literal 2.0 in its program would explain any 2.0.
            reference.extend(value for _, _, inputs, value, _ in nodes if inputs)

        student = self.session.intermediates(self.exercise.name, call, self.exercise.static_argnames,
                                             timeout=self.timeout(), meanwhile=reference_values)
        if student is None or not reference:
            return None
        found = first_divergence(student, reference)
        code = self.session.submission.source_line(found.filename, found.line) if found else None
        if found is None or code is None:
            return None
        # The lines its inputs came from, in the same file or cell: "line 10, line 11".
        inputs = ", ".join(self.text("where.same_file_lines", lines=line) for line in found.input_lines[:3])
        if found.broadcast is not None:
            stretched = found.broadcast.stretched_line
            origin = (self.text("divergence.stretched_from", lines=self.text("where.same_file_lines", lines=stretched))
                      if stretched and stretched != found.line else "")
            first, second = found.broadcast.shapes
            return self.text("divergence.broadcast", where=self.where(found.filename, found.line),
                             code=clip_code(code), first=first, second=second, result=found.broadcast.result,
                             origin=origin).rstrip()
        key = "divergence.at_from" if inputs else "divergence.at"
        text = self.text(key, where=self.where(found.filename, found.line), code=clip_code(code), inputs=inputs)
        if found.body_lines:  # a loop or a conditional: what it runs is where to look too
            body = ", ".join(self.text("where.same_file_lines", lines=line) for line in found.body_lines[:4])
            text += " " + self.text("divergence.body", lines=body)
        if _FLOOR_DIVISION.search(code.split("#", 1)[0]):
            # The one operator on such a line whose value students most often misread: `1 // n` is 0 for n > 1.
            text += " " + self.text("divergence.floor_division")
        return text

    def discarded_line(self) -> str | None:
        """'line N (`x.at[i].set(v)`) throws its result away' where the function's source drops the
        value of a pure JAX call (read in the judge); None otherwise."""
        found = discarded_result(self.source, self.exercise.name)
        if found is None:
            return None
        key = "wrong.scan_last_output_at" if found.kind == "scan_carry" else "wrong.discarded_at"
        return self.text(key, where=self.where(found.filename, found.line), code=clip_code(found.code),
                         fix=clip_code(found.fix))

    def transform_line(self) -> str | None:
        """'line N (`jax.vmap(…, in_axes=…)`) maps other axes than the exercise needs' where a
        transformation's own argument differs from the reference's (both sources read in the judge)."""
        found = differing_transform_argument(self.source, reference_cells(self.exercise), self.exercise.name)
        if found is None:
            return None
        why = self.text(f"transform.why_{found.argument}")
        return self.text("transform.argument_at", where=self.where(found.filename, found.line),
                         code=clip_code(found.code), transform=found.transform, argument=found.argument,
                         written=clip_code(found.written, 40), expected=clip_code(found.expected, 40), why=why)

    def returning_line(self) -> str | None:
        """'line N (`return ...`) returns the wrong value' when the function's source has exactly one
        `return` (read in the judge); None otherwise, where no one line is to blame."""
        found = single_return(self.source, self.exercise.name)
        if found is None:
            return None
        filename, line, code = found
        return self.text("wrong.returned_at", where=self.where(filename, line), code=clip_code(code))

    def changed_default(self, call: Call) -> str | None:
        """'line N (`def f(..., lr=0.01)`): the default of `lr` is 0.01, the statement's 0.1' where `call` leaves
        out a parameter whose default in the student's `def` is a literal other than the reference's (both read
        in the judge: the statement shows the reference's signature). A default is a fact of the source: it
        leads, before any formula the wrong value happens to equal (0.01 is also 0.1 applied twice)."""
        try:
            parameters = list(inspect.signature(inspect.unwrap(self.exercise.reference)).parameters.values())
        except (TypeError, ValueError):
            return None
        for position, parameter in enumerate(parameters):
            if (parameter.default is inspect.Parameter.empty or position < len(call.args)
                    or parameter.name in call.kwargs):
                continue
            found = parameter_default(self.source, self.exercise.name, parameter.name)
            if found is None:
                continue
            filename, line, code, default = found
            try:
                theirs = ast.literal_eval(default)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue  # a name or an expression: nothing the judge evaluates
            if type(theirs) is type(parameter.default) and theirs == parameter.default:
                continue
            if isinstance(theirs, (int, float)) and isinstance(parameter.default, (int, float)) \
                    and not isinstance(theirs, bool) and float(theirs) == float(parameter.default):
                continue
            return self.text("wrong.default_at", where=self.where(filename, line), code=clip_code(code),
                             name=parameter.name, theirs=clip_code(ast.unparse(default)),
                             statement=repr(parameter.default))
        return None

    def stale_loop_start(self) -> str | None:
        """'line N (`...theta...`) in the loop body `step` reads `theta`, the loop's starting value' where a body
        given to `fori_loop`, `scan` or `while_loop` reads the start by its outer name (read in the judge)."""
        found = stale_start(self.source, self.exercise.name)
        if found is None:
            return None
        return self.text("loop.stale_start_at", where=self.where(found.filename, found.line),
                         code=clip_code(found.code), body=found.body, loop=found.loop, start=found.start,
                         carry=found.carry)

    def swapped_items(self, call: Call, actual: Any) -> str | None:
        """'line N (`return grad, loss`) returns the right values in another order' where the output is a tuple
        or list of the reference's length whose items are the reference's, in another order (compared in the
        judge, as the output is); with the `return` rewritten in the right order when it is a literal tuple."""
        expected = self.expected(call)
        if not (isinstance(expected, (tuple, list)) and isinstance(actual, (tuple, list))
                and 2 <= len(expected) == len(actual) <= 8):
            return None
        tolerance = self.exercise.tolerance
        order: list[int] = []
        for item in actual:
            matches = [index for index, wanted in enumerate(expected)
                       if index not in order and find_difference(wanted, item, tolerance) is None]
            if not matches:
                return None
            order.append(matches[0])
        if order == list(range(len(order))):
            return None
        found = single_return(self.source, self.exercise.name)
        if found is None:
            return self.text("wrong.swapped", order=", ".join(str(index) for index in order))
        filename, line, code = found
        fix = _reordered_return(code, order)
        return self.text("wrong.swapped_at" if fix else "wrong.swapped_at_no_fix", where=self.where(filename, line),
                         code=clip_code(code), order=", ".join(str(index) for index in order),
                         fix=clip_code(fix or ""))

    # ------------------------------------------------------------- wording
    def describe_call(self, call: Call) -> str:
        return format_call(self.exercise.parameters, call)

    def given_as(self, call: Call, kind: str) -> str:
        """How `call`'s arrays were given (`kind` "numpy" or "jax"): ", given as NumPy arrays" when every
        argument is an array, ", its arrays given as ..." beside Python values, "" without an array."""
        leaves = _leaves((call.args, dict(call.kwargs)))
        arrays = sum(isinstance(leaf, np.ndarray) for leaf in leaves)
        if not arrays:
            return ""
        return self.text(f"given.{kind}" if arrays == len(leaves) else f"given.{kind}.mixed")

    def explain(self, error: ErrorReport) -> str:
        static = {name: f"@partial(jax.jit, static_argnames={name!r})" for name in self.exercise.static_argnames}
        return explain_error(error, self.lang, self.place, static)

    def place(self, filename: str) -> str:
        """A file name from a traceback, as the student finds it (a notebook cell by its first line)."""
        return self.session.submission.place(filename, self.lang)

    def option(self, check: str) -> Any:
        return self.exercise.options[check]

    # ---------------------------------------------------------------- source
    def binding(self) -> Binding:
        """How the source binds the exercise's name at module level, read in the judge."""
        return jit_binding(self.source, self.exercise.name)

    def where(self, filename: str, line: int) -> str:
        """`line N` of a file or a notebook cell, as the student finds it."""
        if not filename or not line:
            return self.text("where.unknown")
        return self.text("where.short", filename=self.place(filename), line=line)

    def jit_fix(self) -> str:
        """The decorator that fits the exercise's signature: static arguments need `static_argnames`."""
        static = self.exercise.static_argnames
        if not static:
            return "@jax.jit"
        names = repr(static[0]) if len(static) == 1 else repr(tuple(static))
        return f"@partial(jax.jit, static_argnames={names})"


# A size computed as a product of the shape with JAX or NumPy: `jnp.array(x.shape).prod()`, `jnp.prod(x.shape)`.
_SHAPE_PRODUCT = re.compile(r"\.shape\)\.prod\(|\bprod\([^)]*\.shape")
# The same, computed with JAX (`jnp.prod(jnp.array(x.shape))`, `jnp.array(x.shape).prod()`); NumPy's (`np.prod`) has
# its own hint in the error's explanation.
_JAX_SHAPE_PRODUCT = re.compile(r"\bjnp\.prod\([^)]*\.shape|\bjnp\.(array|asarray)\([^)]*\.shape\)\.prod\(")

# The errors whose cause is in the definition of the function a loop or a transform was given.
_LOOP_BODY_HINTS = frozenset({"hint.scan_pair", "hint.loop_types", "hint.float_index", "hint.vmap_sizes"})

_COMPILED_REFERENCES: dict[int, Callable[..., Any]] = {}


def compiled_reference(exercise: Exercise) -> Callable[..., Any]:
    """The reference under `jax.jit`, built once per exercise.

    Inputs come from a few fixed shapes, so each reference compiles a handful
    of times and then costs microseconds per example instead of an eager
    dispatch per operation.
    """
    key = id(exercise.reference)
    if key not in _COMPILED_REFERENCES:
        _COMPILED_REFERENCES[key] = jax.jit(exercise.reference, static_argnames=exercise.static_argnames or None)
    return _COMPILED_REFERENCES[key]


_REFERENCE_CELLS: dict[str, tuple[ParsedCell, ...]] = {}


def reference_cells(exercise: Exercise) -> tuple[ParsedCell, ...]:
    """The source of the module that holds `exercise`'s reference, parsed once (the judge's own file)."""
    module_name = getattr(inspect.unwrap(exercise.reference), "__module__", "") or ""
    if module_name not in _REFERENCE_CELLS:
        module = sys.modules.get(module_name)
        try:
            source = inspect.getsource(module) if module is not None else ""
            _REFERENCE_CELLS[module_name] = (ParsedCell(module_name, ast.parse(source)),)
        except (OSError, TypeError, SyntaxError):
            _REFERENCE_CELLS[module_name] = ()
    return _REFERENCE_CELLS[module_name]


class Counterexample(Exception):
    """Raised inside a property to report a failing call; hypothesis shrinks it."""

    def __init__(self, call: Call, explanation: str, *, undiagnosed: bool = False, actual: Any = None) -> None:
        super().__init__(explanation)
        self.call = call
        self.explanation = explanation
        # A wrong value (`actual`) whose cause is looked for once the search is over (`with_diagnosis`).
        self.undiagnosed = undiagnosed
        self.actual = actual

    def with_diagnosis(self, ctx: CheckContext, first: Counterexample | None = None) -> Counterexample:
        """This counterexample with the cause of its wrong value in front, where one is found: a known
        mistake, the first step where the student's values part from the reference's, or the one
        `return`. A known mistake must also explain `first`, the failure found before shrinking: a
        shrunk input (zeros, ones) can make a different mistake look the same. Asked once per check,
        for the input shown: the line costs the worker a traced run."""
        if not self.undiagnosed:
            return self
        also = (first.call, first.actual) if first is not None and first.undiagnosed else None
        # The line is looked for on the unshrunk input first: shrunk to zeros and ones, a wrong value
        # more often equals some other value the reference computes by chance.
        diagnosis = (ctx.changed_default(self.call) or ctx.swapped_items(self.call, self.actual)
                     or ctx.misconception(self.call, self.actual, also=also)
                     or ctx.discarded_line()
                     or ctx.transform_line() or ctx.stale_loop_start()
                     or (ctx.diverging_line(also[0]) if also else None) or ctx.diverging_line(self.call)
                     or ctx.returning_line())
        return Counterexample(self.call, f"{diagnosis}\n{self.explanation}" if diagnosis else self.explanation)


_FLOOR_DIVISION = re.compile(r"(?<![/*])//(?![/=])")


def _reordered_return(code: str, order: list[int]) -> str | None:
    """`return a, b` with its items put where the reference has them (`order[i]`: the position the i-th item
    belongs at); None when the `return` is not a literal tuple or list of that length."""
    try:
        statement = ast.parse(code).body[0]
    except (SyntaxError, IndexError, ValueError, RecursionError):
        return None
    if not (isinstance(statement, ast.Return) and isinstance(statement.value, (ast.Tuple, ast.List))
            and len(statement.value.elts) == len(order)):
        return None
    placed: list[ast.expr | None] = [None] * len(order)
    for item, position in zip(statement.value.elts, order):
        placed[position] = item
    items = ", ".join(ast.unparse(item) for item in placed if item is not None)
    return f"return {items}" if isinstance(statement.value, ast.Tuple) else f"return [{items}]"


def require_reference_output(ctx: CheckContext, call: Call, outcome: CallOutcome, *, raised: str, wrong: str,
                             locate: bool = False, **params: Any) -> None:
    """Raise a Counterexample unless the call returned what the reference returns.

    `raised` and `wrong` are message keys; both receive `input` plus `params`,
    and `explanation` or `detail` respectively. With `locate`, a wrong value no known mistake
    explains is left for `Counterexample.with_diagnosis`, once the search is over.
    """
    # The call is described only for a message: formatting arrays on every passing example cost
    # more of the judge's time than comparing them.
    if outcome.error is not None:
        message = ctx.text(raised, input=ctx.describe_call(call), explanation=ctx.explain(outcome.error), **params)
        diagnosis = ctx.error_line(outcome.error)
        raise Counterexample(call, f"{diagnosis}\n{message}" if diagnosis else message)
    expected = ctx.expected(call)
    difference = find_difference(expected, outcome.output, ctx.exercise.tolerance)
    if difference is not None and _matches_exact_value(ctx, call, outcome.output):
        difference = None
    if difference is not None:
        # The comparison before the input: an input array can be long, and what differs must come
        # within the message's first lines.
        detail = describe_difference(difference, ctx.lang)
        numeric = _numeric_cause(ctx, expected, outcome.output)
        if numeric:
            detail = f"{detail} {numeric}"
        full = ctx.text("difference.full", expected=format_value(expected), actual=format_value(outcome.output))
        message = ctx.text(wrong, input=ctx.describe_call(call), detail=detail, full=full, **params)
        # A known mistake leads: what was done, where, and the fix, before the evidence. Otherwise
        # the line that returns the wrong value, when the function has one `return`.
        if locate:
            raise Counterexample(call, message, undiagnosed=True, actual=outcome.output)
        diagnosis = (ctx.changed_default(call) or ctx.swapped_items(call, outcome.output)
                     or ctx.misconception(call, outcome.output) or ctx.discarded_line()
                     or ctx.transform_line()
                     or ctx.returning_line())
        raise Counterexample(call, f"{diagnosis}\n{message}" if diagnosis else message)


# A cast that narrows floats, as written in the student's function.
_NARROW_FLOAT = r"\b(float16|bfloat16|half)\b"


def _numeric_cause(ctx: CheckContext, expected: Any, actual: Any) -> str | None:
    """A sentence naming what went wrong with the numbers, where the outputs show it: NaN or infinity
    where the reference is finite, or floats narrower than the reference's (with the line that casts)."""
    pairs = [(np.asarray(want), np.asarray(got)) for want, got in zip(_leaves(expected), _leaves(actual))
             if np.asarray(want).dtype.kind == "f" and np.asarray(got).dtype.kind == "f"
             and np.shape(want) == np.shape(got)]
    for want, got in pairs:
        if got.dtype.itemsize < want.dtype.itemsize:
            found = statement_matching(ctx.source, ctx.exercise.name, _NARROW_FLOAT)
            at = ctx.text("numeric.cast_at", where=ctx.where(found[0], found[1]), code=clip_code(found[2])) \
                if found else ""
            return ctx.text("numeric.narrow", actual=got.dtype.name, expected=want.dtype.name, at=at)
    for want, got in pairs:
        finite = np.isfinite(want)
        if np.any(finite & np.isnan(got)):
            return ctx.text("numeric.nan")
        if np.any(finite & np.isinf(got)):
            return ctx.text("numeric.inf")
    return None


def _matches_exact_value(ctx: CheckContext, call: Call, actual: Any) -> bool:
    """Whether `actual` is the function's float64 value on `call` within the tolerance (`CheckContext.exact`):
    only asked once the float32 reference has disagreed, so a passing example costs nothing more."""
    exact = ctx.exact(call)
    return exact is not None and find_difference(exact, actual, ctx.exercise.tolerance) is None


def stable_seed(*parts: str) -> int:
    digest = hashlib.sha256("\x00".join(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class SearchOutcome:
    counterexample: Counterexample | None
    examples: int
    flaky: bool = False


class _SearchAborted(BaseException):
    """Carries a lost worker or a tampered instrument out of a hypothesis search.

    Hypothesis treats any Exception as a failing example and shrinks against it;
    a BaseException it lets through at once.
    """

    def __init__(self, cause: WorkerLost | InstrumentTampered) -> None:
        super().__init__(str(cause))
        self.cause = cause


def search_counterexample(ctx: CheckContext, check: str, body: Callable[[Call], None],
                          max_examples: int, *, unseen: bool = False) -> SearchOutcome:
    """Run `body` on generated calls; return hypothesis's shrunk failing call, if any. `unseen`: with
    the seed of `unseen_examples`, which generates those examples first.

    A lost worker or a tampered instrument ends the search and is raised as it is.
    """
    calls = [0]

    def property_(call: Call) -> None:
        try:
            ctx.check_deadline()
            calls[0] += 1
            body(call)
        except (WorkerLost, InstrumentTampered) as stop:
            raise _SearchAborted(stop) from None

    parts = (ctx.exercise.name, check, *((_UNSEEN, unseen_key(ctx)) if unseen else ()))
    test = seed(stable_seed(*parts))(
        settings(GRADING_SETTINGS, max_examples=max_examples)(given(ctx.exercise.inputs)(property_))
    )
    try:
        test()
    except _SearchAborted as aborted:
        raise aborted.cause from None
    except Counterexample as found:
        return SearchOutcome(found, calls[0])
    except Flaky as flaky:
        first = next((e for e in getattr(flaky, "exceptions", ()) if isinstance(e, Counterexample)), None)
        return SearchOutcome(first, calls[0], flaky=True)
    return SearchOutcome(None, calls[0])


def search_drawn_first(ctx: CheckContext, check: str, body: Callable[[Call], None], max_examples: int, *,
                       unreproduced_is_flaky: bool = True) -> SearchOutcome:
    """`search_counterexample`, with the examples it would generate drawn ahead (`prepare_drawn`, while
    the cells ran) and tried first, one by one: a passing submission's calls then wait for no hypothesis
    engine between them. Only if one fails does hypothesis search, with the same seed (so the same
    examples, in the same order), and shrink what fails.

    A search that meets no failure where the first pass met one had a function that answered the same
    input differently: `flaky` (unless `unreproduced_is_flaky` is False, for a check whose failure is
    proof by itself), with the first pass's failure as the input to show.
    """
    examples = draw_examples(ctx.exercise, max_examples, check)
    tried = 0

    def first_failure_in(calls: list[Call]) -> Counterexample | None:
        nonlocal tried
        for call in calls:
            ctx.check_deadline()
            tried += 1
            try:
                body(call)
            except Counterexample as found:
                return found
        return None

    first_failure = first_failure_in(examples)
    failed_unseen = False
    if first_failure is None:
        # The unseen examples are drawn only once every drawn one passed: a failure needs none.
        first_failure = first_failure_in(unseen_examples(ctx, check, examples))
        failed_unseen = first_failure is not None
    if first_failure is None:
        return SearchOutcome(None, tried)
    search = search_counterexample(ctx, check, body, max_examples, unseen=failed_unseen)
    if search.counterexample is None and not search.flaky:
        return SearchOutcome(first_failure, search.examples, flaky=unreproduced_is_flaky)
    return search


# How many examples each submission gets that nobody can know ahead (`unseen_examples`).
UNSEEN_EXAMPLES = 2
_UNSEEN = "unseen"


def unseen_key(ctx: CheckContext) -> str:
    """What the unseen examples' seed is made of, besides the exercise and the check: the digest of the file
    that holds the exercise's reference (kept from students) and the text of the submission's cells. The same
    submission gets the same inputs at every regrade and on every machine; no submission can know its own,
    since they depend on its text as a whole and on what students never see. Only the assignment's own
    reference file counts, so adding an assignment changes no other assignment's inputs."""
    return _unseen_key_of(ctx.session.submission, ctx.exercise)


def _unseen_key_of(submission: Submission, exercise: Exercise) -> str:
    digest = hashlib.sha256(reference_fingerprint(exercise).encode())
    for cell in submission.cells_to_run:
        digest.update(b"\x00" + cell.source.encode(errors="surrogatepass"))
    return digest.hexdigest()


_REFERENCE_FINGERPRINTS: dict[str, str] = {}


def reference_fingerprint(exercise: Exercise) -> str:
    """A digest of the source file that holds `exercise`'s reference (the judge's own file), read once."""
    module_name = getattr(inspect.unwrap(exercise.reference), "__module__", "") or ""
    if module_name not in _REFERENCE_FINGERPRINTS:
        module = sys.modules.get(module_name)
        try:
            source = inspect.getsource(module) if module is not None else module_name
        except (OSError, TypeError):
            source = module_name
        _REFERENCE_FINGERPRINTS[module_name] = hashlib.sha256(source.encode()).hexdigest()
    return _REFERENCE_FINGERPRINTS[module_name]


# The checks that try unseen examples: those a function could pass by learning the drawn inputs.
UNSEEN_CHECKS = ("correctness", "jit", "no_mutation")
# Candidates drawn per (submission's key, exercise, check): `prepare_unseen` draws them while the cells
# run, so that a passing submission's checks wait for no hypothesis engine.
_UNSEEN_CANDIDATES: dict[tuple[str, int, str], tuple[Exercise, tuple[Call, ...]]] = {}
_UNSEEN_CACHE_SIZE = 64


def _unseen_candidates(exercise: Exercise, check: str, key: str) -> list[Call]:
    memo = (key, id(exercise), check)
    if memo not in _UNSEEN_CANDIDATES:
        drawn: list[Call] = []

        def collect(call: Call) -> None:
            drawn.append(call)

        test = seed(stable_seed(exercise.name, check, _UNSEEN, key))(
            settings(GRADING_SETTINGS, max_examples=4 * UNSEEN_EXAMPLES + 2, phases=(Phase.generate,))(
                given(exercise.inputs)(collect)))
        test()
        if len(_UNSEEN_CANDIDATES) >= _UNSEEN_CACHE_SIZE:
            _UNSEEN_CANDIDATES.pop(next(iter(_UNSEEN_CANDIDATES)))
        _UNSEEN_CANDIDATES[memo] = (exercise, tuple(drawn))
    return list(_UNSEEN_CANDIDATES[memo][1])


def prepare_unseen(submission: Submission, exercise: Exercise) -> None:
    """Draw the unseen examples' candidates of `exercise` for `submission`, while its cells run."""
    key = _unseen_key_of(submission, exercise)
    for check in UNSEEN_CHECKS:
        if check in exercise.points:
            _unseen_candidates(exercise, check, key)


def unseen_examples(ctx: CheckContext, check: str, known: list[Call]) -> list[Call]:
    """`UNSEEN_EXAMPLES` generated calls tried after the drawn ones (`known`, with `correctness`'s),
    which anyone with the grader's code can compute, since hypothesis is derandomized: a function that
    behaves only on those is caught here. A seed's list opens with examples every seed shares (the
    simplest one, patterns the strategy favours), so the first candidates that are none of the known
    ones are taken, those of a shape the known ones have first (their programs are compiled already:
    what no one can know is the values)."""
    assert check in UNSEEN_CHECKS, check
    exercise = ctx.exercise
    known_calls = [*known, *draw_examples(exercise, exercise.max_examples, "correctness")]
    seen = {call_key(call) for call in known_calls}
    known_shapes = {_shapes(call) for call in known_calls}
    candidates = [call for call in _unseen_candidates(exercise, check, unseen_key(ctx)) if call_key(call) not in seen]
    ordered = sorted(candidates, key=lambda call: _shapes(call) not in known_shapes)  # stable: draw order kept
    unseen: list[Call] = []
    for call in ordered:
        key = call_key(call)
        if key not in seen and len(unseen) < UNSEEN_EXAMPLES:
            seen.add(key)
            unseen.append(call)
    return unseen


def _shapes(call: Call) -> str:
    return repr([(np.shape(arg), np.asarray(arg).dtype.str) if isinstance(arg, (np.ndarray, np.generic)) else
                 type(arg).__name__ for arg in (*call.args, *call.kwargs.values())])


def prepare_drawn(check: str, max_examples: int) -> Callable[[Exercise], None]:
    """A check's `prepare`: draw the examples `search_drawn_first` tries first, while the cells run."""

    def prepare(exercise: Exercise) -> None:
        draw_examples(exercise, min(max_examples, exercise.max_examples), check)

    return prepare


def verdict_from_search(ctx: CheckContext, search: SearchOutcome, passed: str) -> Verdict:
    """The verdict of a property search; `passed` is the message key used when nothing failed.

    A search hypothesis calls flaky has seen a failure it could not reproduce: with
    a counterexample, the function answers the same input differently, which a pure
    function never does; without one, nothing can be said, so it is never a pass.
    """
    details = {"examples": search.examples}
    if search.counterexample is not None and search.flaky:
        found = search.counterexample
        return Verdict.failed(ctx.text("search.flaky", input=ctx.describe_call(found.call),
                                       explanation=found.explanation), **details)
    if search.counterexample is not None:
        return Verdict.failed(search.counterexample.explanation, **details)
    if search.flaky:
        return Verdict.error(ctx.text("search.flaky_unexplained"), **details)
    return Verdict.passed(ctx.text(passed, examples=search.examples), **details)


# Drawn examples by (exercise object, count, purpose). The draw is deterministic, so a judge that grades
# many submissions draws each list once; the exercise is kept with its list, so its id stays its own.
_DRAWN_EXAMPLES: dict[tuple[int, int, str], tuple[Exercise, tuple[Call, ...]]] = {}


def draw_examples(exercise: Exercise, count: int, purpose: str) -> list[Call]:
    """A deterministic list of generated calls (no shrinking, no failure), drawn once per judge.

    The calls are shared between gradings: nothing in the judge changes a call's arguments (they
    reach the worker as plain data).
    """
    key = (id(exercise), count, purpose)
    if key not in _DRAWN_EXAMPLES:
        _DRAWN_EXAMPLES[key] = (exercise, tuple(_draw(exercise, count, purpose)))
    return list(_DRAWN_EXAMPLES[key][1])


def _draw(exercise: Exercise, count: int, purpose: str) -> list[Call]:
    return stored_examples(exercise, count, purpose, lambda: _draw_now(exercise, count, purpose))


def _draw_now(exercise: Exercise, count: int, purpose: str) -> list[Call]:
    drawn: list[Call] = []

    def collect(call: Call) -> None:
        drawn.append(call)

    test = seed(stable_seed(exercise.name, purpose))(
        settings(GRADING_SETTINGS, max_examples=count, phases=(Phase.generate,))(given(exercise.inputs)(collect))
    )
    test()
    return drawn


def _leaves(value: Any) -> list[Any]:
    """`value`'s leaves, through lists, tuples and dicts."""
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    return [value]
