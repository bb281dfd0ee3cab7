"""Turn a worker's error report or an output difference into a teaching message."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from graders.common.format import code_in_span
from graders.common.i18n import t

from .compare import Difference
from .source.mutations import item_assignment_fix
from .source.removed_apis import removed_api_in, renamed_keyword_in
from .supervisor.replies import ErrorReport

__all__ = ["describe_difference", "explain_error", "hint_key", "kind_words", "removed_api_hint",
           "without_machine_paths"]

# Most specific first: TracerBoolConversionError is also a ConcretizationTypeError.
_HINTS_BY_TYPE: tuple[tuple[tuple[str, ...], str], ...] = (
    (("NotImplementedError",), "hint.not_implemented"),
    (("TracerBoolConversionError",), "hint.tracer_bool"),
    (("TracerIntegerConversionError",), "hint.tracer_integer"),
    (("TracerArrayConversionError",), "hint.tracer_array"),
    (("NonConcreteBooleanIndexError",), "hint.boolean_index"),
    (("UnexpectedTracerError",), "hint.tracer_leak"),
    (("ConcretizationTypeError",), "hint.concretization"),
    (("KeyboardInterrupt", "SystemExit", "GeneratorExit"), "hint.base_exception"),
    (("MemoryError",), "hint.memory"),
)
_IMMUTABLE_MARKERS = ("immutable", "does not support item assignment")
# JAX's errors about the function a loop or transform was given, and about shapes and trees, by their
# words: each gets a sentence that names the cause (JAX's own text follows it, quoted).
_HINTS_BY_MESSAGE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"scan body output must be a pair"), "hint.scan_pair"),
    (re.compile(r"must have identical types|carry input and carry output must have equal types"), "hint.loop_types"),
    (re.compile(r"Indexer must have integer or boolean type, got indexer with type b?float"), "hint.float_index"),
    (re.compile(r"got inconsistent sizes for array axes to be mapped"), "hint.vmap_sizes"),
    (re.compile(r"[Ii]ncompatible shapes for broadcasting"), "hint.broadcast"),
    (re.compile(r"assignment destination is read-only"), "hint.read_only"),
    (re.compile(r"Custom node type mismatch|[Tt]ree structures? (?:do not match|mismatch|differ)|"
                r"pytree structure"), "hint.tree_structure"),
)
_CONCRETE_SHAPE_MARKERS = ("Shapes must be 1D sequences of concrete values",)
_UNHASHABLE_STATIC_MARKERS = ("Non-hashable static arguments",)
_JAX_MESSAGE_LINES = 6
# `np.prod(x.shape)` on the line that raised, and a float where a size must be an integer: the
# product over no dimensions (a 0-d array's shape) is the float 1.0.
_PRODUCT_OF_SHAPE = re.compile(r"\b(np|numpy)\.prod\(")
_FLOAT_FOR_INTEGER = re.compile(r"float64")
# A Python number asked of a traced value on the line that raised: `float(x)`, `x.item()`, `x.tolist()`.
_RAISE = re.compile(r"\s*raise\b")
_TO_PYTHON_NUMBER = re.compile(r"\bfloat\(|\bcomplex\(|\.item\(\)|\.tolist\(\)")


def hint_key(error: ErrorReport) -> str | None:
    to_number = _TO_PYTHON_NUMBER.search(error.source) or "arose with the `float` function" in error.message
    if to_number and error.is_a("ConcretizationTypeError") \
            and not error.is_a("TracerBoolConversionError", "TracerIntegerConversionError"):
        return "hint.tracer_float"
    if error.is_a("NotImplementedError") and error.source and not _RAISE.match(error.source):
        # Raised inside a library the line calls, not by the stub's own `raise`.
        return "hint.library_not_implemented"
    for names, key in _HINTS_BY_TYPE:
        if error.is_a(*names):
            return key
    for pattern, key in _HINTS_BY_MESSAGE:
        if pattern.search(error.message):
            return key
    if _PRODUCT_OF_SHAPE.search(error.source) and _FLOAT_FOR_INTEGER.search(error.message):
        return "hint.product_of_shape"
    if error.is_a("TypeError") and any(marker in error.message for marker in _IMMUTABLE_MARKERS):
        return "hint.immutable"
    if any(marker in error.message for marker in _UNHASHABLE_STATIC_MARKERS):
        return "hint.unhashable_static"
    if any(marker in error.message for marker in _CONCRETE_SHAPE_MARKERS):
        return "hint.concretization"
    if "RESOURCE_EXHAUSTED" in error.message or "Out of memory" in error.message:
        return "hint.memory"
    return None


# JAX names the argument a traced value came from: "...depends on the value of the argument neg."
_FROM_ARGUMENT = re.compile(r"depends on the value of the argument '?(\w+)'?")
# The hints about a traced value where Python needed a concrete one: a static argument may fix them.
_CONCRETE_HINTS = frozenset({"hint.tracer_bool", "hint.tracer_integer", "hint.concretization", "hint.tracer_float"})


def explain_error(error: ErrorReport, lang: str, place: Callable[[str], str] = str,
                  static: Mapping[str, str] | None = None) -> str:
    """'raised X at <place>, line 4 (`code`).\nJAX says: ...\n<hint>'; `place` words a file name.

    `static` maps the exercise's Python-valued arguments to the decorator that makes each static:
    the hint says to make an argument static only where JAX names it as the traced value's source
    and it is one of these (an array argument made static fails to hash).
    """
    lines = [line for line in error.message.strip().splitlines() if line.strip()]
    message = without_machine_paths(" ".join(lines[:_JAX_MESSAGE_LINES])) or "-"
    if error.filename:
        where = t("where.line", lang, filename=place(error.filename), line=error.line,
                  source=code_in_span(error.source))
        text = t("error.raised", lang, type=error.type, where=where, message=message)
    else:
        text = t("error.raised_nowhere", lang, type=error.type, message=message)
    key = hint_key(error)
    hint = t(key, lang) if key else removed_api_hint(error.type, error.message, lang)
    fix = item_assignment_fix(error.source) if key == "hint.immutable" else None
    if fix:  # the line itself, rewritten: `x[i] += v` needs `.add`, and `.set` would lose repeated indices
        hint = t("hint.immutable_at", lang, fix=code_in_span(fix))
    source = _FROM_ARGUMENT.search(error.message)
    if key in _CONCRETE_HINTS and source is not None and static and source.group(1) in static:
        hint += " " + t("hint.make_static", lang, name=source.group(1), fix=static[source.group(1)])
    if not hint:
        return text
    # The cause in the reader's language first; JAX's own words, quoted, after it.
    raised, _, quoted = text.partition("\n")
    return f"{raised}\n{hint}\n{quoted}" if quoted else f"{text}\n{hint}"


# A file of the grading machine's, as Python names one in an error: `(/srv/.venv/lib/python3.12/
# site-packages/jax/ops/__init__.py)`. Only the part a student can look up is kept.
_INSTALLED_PATH = re.compile(r"/[^\s'\"()]*/(site|dist)-packages/")
_ANY_ABSOLUTE_PATH = re.compile(r"(?<![\w.:/])/(?:[\w.+-]+/)+([\w.+-]+\.py)\b")


def without_machine_paths(text: str) -> str:
    """`text` with every absolute path of the grading machine cut to what names the file: a library
    file from its package down, any other file by its name."""
    return _ANY_ABSOLUTE_PATH.sub(r"\1", _INSTALLED_PATH.sub("", text))


def removed_api_hint(error_type: str, message: str, lang: str) -> str:
    """The modern spelling of a removed JAX name or keyword the error is about; "" when it is about none."""
    renamed = renamed_keyword_in(error_type, message)
    if renamed is not None:
        return t("hint.renamed_keyword", lang, function=renamed.function, old=renamed.old, new=renamed.new)
    removed = removed_api_in(error_type, message)
    if removed is None:
        return ""
    if not removed.new:
        return t(removed.aside, lang, old=removed.old)
    hint = t("hint.removed_api", lang, old=removed.old, new=removed.new)
    return f"{hint} {t(removed.aside, lang)}" if removed.aside else hint


def describe_difference(difference: Difference, lang: str) -> str:
    """Where the output differs and how: '`output` differs at index [0]: expected 1.0, got 2.0'."""
    path = f"output{difference.path}"
    if difference.kind == "value" and not difference.index:
        text = t("difference.value_scalar", lang, path=path, expected=difference.expected, actual=difference.actual)
    elif difference.kind == "value":
        text = t("difference.value", lang, path=path, index=difference.index, expected=difference.expected,
                 actual=difference.actual, count=difference.count, total=difference.total)
    elif difference.kind == "type":
        text = t("difference.type", lang, path=path, expected=kind_words(difference.expected, lang),
                 actual=kind_words(difference.actual, lang))
    else:
        text = t(f"difference.{difference.kind}", lang, path=path, expected=difference.expected,
                 actual=difference.actual)
    return text


def kind_words(kind: str, lang: str) -> str:
    """`compare`'s code for what a value is (`tuple:2`, `array:float32:(3,)`, `array`), in the reader's words."""
    name, _, rest = kind.partition(":")
    if name in ("tuple", "list") and rest.isdigit():
        return t(f"kind.{name}", lang, count=rest)
    if name == "array" and rest:
        dtype, _, shape = rest.partition(":")
        return t("kind.array_of", lang, dtype=dtype, shape=shape)
    if name == "array":
        return t("kind.array", lang)
    return kind
