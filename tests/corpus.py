"""What every submission in the corpus must receive.

`expect` maps "exercise.check" to a status; `mentions` maps it to phrases the
message must contain, so a verdict is only right when it also teaches. A check
run on a function that failed `correctness` is `skipped` (no points); `found`
maps it to what it found meanwhile; its message says so in a word, or by the first sentence of a
finding of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["CASES", "Case"]


@dataclass(frozen=True)
class Case:
    path: str
    assignment: str
    full_marks: bool = False
    zero: bool = False
    expect: Mapping[str, str] = field(default_factory=dict)
    mentions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    found: Mapping[str, str] = field(default_factory=dict)
    # The assignment's correct alternative (tests/submissions/<module>/correct_alternative.py): it must answer at
    # least one exercise, or it proves nothing (one left from the scaffold's worked exercise answers none).
    alternative: bool = False

    @property
    def id(self) -> str:
        return self.path


_WRITTEN: tuple[Case, ...] = (
    # ----------------------------------------- correct, written differently
    Case("tests/submissions/purity/correct_fori.py", "purity", full_marks=True),
    Case("samples/jit/seoyeon.ipynb", "jit", full_marks=True),
    Case("samples/jax-numpy/minji.ipynb", "jax-numpy", full_marks=True),
    Case("samples/purity/hana.py", "purity", full_marks=True),
    # ------------------------------------------------------------- stubs
    Case("tests/submissions/jax_numpy/stub.py", "jax-numpy", zero=True,
         mentions={"pure_update.correctness": ("NotImplementedError",)}),
    Case("tests/submissions/jit/stub.py", "jit", zero=True,
         mentions={"norm.correctness": ("NotImplementedError",)}),
    # ------------------------------------------------------------ faulty
    Case(
        "tests/submissions/jax_numpy/faulty_a.py", "jax-numpy",
        expect={
            "pure_update.correctness": "failed",
            "pure_update.no_mutation": "skipped",
            "pure_update.no_globals": "skipped",
            "scatter_add.correctness": "failed",
            "scatter_add.no_mutation": "skipped",
            "loss_and_grad.correctness": "passed",
            "loss_and_grad.no_recompilation": "failed",
            "update.correctness": "failed",
        },
        mentions={
            "pure_update.correctness": ("TypeError", "line 7", "x[i] = value", "x = x.at[i].set(value)"),
            "pure_update.no_mutation": ("until `correctness` passes", "`x`", "line 7", "`x[i] = value`"),
            "scatter_add.correctness": ("differs at index", "Expected output", "indices="),
            "loss_and_grad.no_recompilation": ("compilations", "CACHE MISS"),
        },
        found={"pure_update.no_mutation": "failed", "pure_update.no_globals": "passed",
               "scatter_add.no_mutation": "passed"},
    ),
    Case(
        "tests/submissions/jax_numpy/faulty_b.py", "jax-numpy",
        expect={
            "pure_update.correctness": "passed",
            "pure_update.jit": "failed",
            "scatter_add.correctness": "passed",
            "scatter_add.jit": "failed",
            "loss_and_grad.correctness": "passed",
            "loss_and_grad.no_globals": "failed",
            "update.correctness": "passed",
            "update.no_globals": "failed",
        },
        mentions={
            "pure_update.jit": ("TracerBoolConversionError", "if i < 0:", "jnp.where"),
            "scatter_add.jit": ("TracerArrayConversionError", "np.array(x)"),
            "loss_and_grad.no_globals": ("`TWO`", "line 23"),
            "update.no_globals": ("`step_count`", "assigns"),
        },
    ),
    Case(
        "tests/submissions/jit/faulty_a.py", "jit",
        expect={
            "norm.correctness": "passed",
            "norm.jit_compiled": "failed",
            "norm.jit_speedup": "failed",
            "negatives.correctness": "failed",
            "negatives.jit": "skipped",
            "negatives.no_recompilation": "skipped",
            # A 0-d input (the contract's "any shape") shows the float size eagerly too: `jnp.array(()).prod()`
            # is 1.0, which no shape accepts; under jit it is traced as well.
            "flatten.correctness": "failed",
            "flatten.jit": "skipped",
            "maybe_negate.correctness": "failed",
            "maybe_negate.jit": "skipped",
        },
        mentions={
            "norm.jit_compiled": ("@jax.jit",),
            "norm.jit_speedup": ("not jit-compiled", "line 5", "@jax.jit"),
            "negatives.correctness": ("shape (0,)", "expected shape (5,)"),
            "negatives.jit": ("NonConcreteBooleanIndexError", "x[x < 0]", "line 10"),
            "flatten.correctness": ("line 14", "x=array(0.0"),
            "maybe_negate.correctness": ("TracerBoolConversionError", "if neg:"),
        },
        found={"negatives.jit": "failed", "negatives.no_recompilation": "failed", "maybe_negate.jit": "failed",
               "flatten.jit": "failed"},
    ),
    Case(
        "tests/submissions/jit/faulty_b.py", "jit",
        expect={
            "norm.no_globals": "failed",
            "negatives.correctness": "passed",
            "negatives.jit": "failed",
            "flatten.correctness": "passed",
            "flatten.jit": "passed",
            "maybe_negate.correctness": "passed",
            "maybe_negate.jit_compiled": "failed",
            "maybe_negate.no_recompilation": "failed",
        },
        mentions={
            "norm.no_globals": ("`AXIS`", "line 10"),
            "negatives.jit": ("TracerArrayConversionError", "jnp."),
            "maybe_negate.no_recompilation": ("CACHE MISS", "lambda"),
        },
    ),
    Case(
        "tests/submissions/jit/debug_print.py", "jit",
        expect={"norm.correctness": "passed", "norm.jit_compiled": "passed", "norm.jit_speedup": "failed",
                "negatives.correctness": "passed", "flatten.correctness": "passed",
                "maybe_negate.correctness": "passed"},
        mentions={"norm.jit_speedup": ("line 12", "calls back into Python")},
    ),
    Case(
        "tests/submissions/jit/faulty_missing.py", "jit",
        expect={
            "norm.correctness": "failed",
            "norm.jit_speedup": "skipped",
            "negatives.correctness": "failed",
            "flatten.correctness": "failed",
        },
        mentions={
            "norm.correctness": ("differs at index", "X="),
            "negatives.correctness": ("not defined",),
        },
    ),
    Case(
        "tests/submissions/purity/faulty_a.py", "purity",
        expect={
            "sgd_step.correctness": "passed",
            "sgd_step.no_mutation": "failed",
            "horner.correctness": "passed",
            "horner.compact_trace": "failed",
            "per_example_grads.correctness": "passed",
            "per_example_grads.compact_trace": "failed",
            "moving_average.correctness": "passed",
            "moving_average.jit": "failed",
        },
        mentions={
            "sgd_step.no_mutation": ("params[",),
            "horner.compact_trace": ("jax.lax.fori_loop",),
            "per_example_grads.compact_trace": ("jax.vmap",),
        },
    ),
    Case(
        "tests/submissions/purity/faulty_b.py", "purity",
        expect={
            "sgd_step.no_globals": "failed",
            "horner.jit_compiled": "skipped",
            "horner.no_recompilation": "skipped",
            "per_example_grads.correctness": "failed",
            "moving_average.correctness": "failed",
        },
        mentions={"sgd_step.no_globals": ("`calls`",)},
        found={"horner.jit_compiled": "failed", "horner.no_recompilation": "failed"},
    ),
    Case(
        "samples/jit/doyun.ipynb", "jit",
        # `np.prod(x.shape)` is the float 1.0 for a 0-d array, which the contract ("any shape") includes.
        expect={"norm.jit_compiled": "failed", "negatives.jit": "skipped", "flatten.correctness": "failed"},
        mentions={"negatives.jit": ("code cell 3", "x[x < 0]"), "flatten.correctness": ("`np.prod`", "x.size")},
        found={"negatives.jit": "failed"},
    ),
    # ------------------------------------------- what structure alone must not earn
    Case(
        "tests/submissions/purity/do_nothing.py", "purity", zero=True,
        expect={"sgd_step.correctness": "failed", "horner.correctness": "failed",
                "per_example_grads.correctness": "failed", "moving_average.correctness": "failed",
                "horner.jit_compiled": "skipped", "horner.compact_trace": "skipped"},
        mentions={"horner.jit_compiled": ("until `correctness` passes", "itself passed"),
                  "sgd_step.correctness": ("`output` is None", "expected dict")},
        found={"horner.jit_compiled": "passed", "horner.compact_trace": "passed", "horner.no_recompilation": "passed",
               "horner.no_globals": "passed", "per_example_grads.no_mutation": "passed",
               "moving_average.no_recompilation": "passed"},
    ),
    # ---------------------------------------------- purity on every exercise
    Case(
        "tests/submissions/jax_numpy/inplace_update.py", "jax-numpy",
        expect={"update.correctness": "passed", "update.jit": "passed", "update.no_mutation": "failed",
                "update.no_globals": "passed", "pure_update.correctness": "failed",
                "pure_update.no_mutation": "skipped", "scatter_add.no_mutation": "passed"},
        mentions={"update.no_mutation": ("`theta`", "before the call", "theta="),
                  "pure_update.no_mutation": ("until `correctness` passes", "the same reason")},
        found={"pure_update.no_mutation": "failed"},
    ),
    Case(
        "tests/submissions/jit/module_constant.py", "jit",
        expect={"negatives.correctness": "passed", "negatives.no_globals": "failed", "norm.correctness": "passed",
                "norm.no_mutation": "failed", "norm.no_globals": "passed", "flatten.no_globals": "passed"},
        mentions={"negatives.no_globals": ("`THRESHOLD`", "float", "line 24", "frozen"),
                  "norm.no_mutation": ("`X`", "before the call")},
    ),
    # A settings dict with dot access and a logger (#27): the grader reads both without running them;
    # a logger is no dependency (a note says what it does under jit), the setting read is one.
    Case(
        "tests/submissions/jit/config_and_logger.py", "jit",
        expect={"norm.no_globals": "passed", "negatives.no_globals": "failed", "flatten.no_globals": "passed",
                "maybe_negate.no_globals": "passed", "negatives.correctness": "passed"},
        mentions={"norm.no_globals": ("`logger`", "line 24", "traced", "jax.debug.print"),
                  "negatives.no_globals": ("`cfg`", "Settings", "line 29")},
    ),
    # ------------------------------------------------ hidden state, caught by running
    Case(
        "tests/submissions/purity/hidden_state.py", "purity",
        expect={"sgd_step.correctness": "passed", "sgd_step.no_globals": "failed",
                "horner.correctness": "passed", "horner.no_globals": "failed",
                "per_example_grads.correctness": "passed", "per_example_grads.no_globals": "failed",
                "moving_average.correctness": "passed", "moving_average.no_globals": "failed"},
        mentions={"sgd_step.no_globals": ("`history`", "closure", "line 15", "traced"),
                  "horner.no_globals": ("`_State.calls`", "class attribute", "line 30"),
                  "per_example_grads.no_globals": ("`SCALE`", "line 44"),
                  "moving_average.no_globals": ("`_seen`", "default value", "shared by every call")},
    ),
    Case(
        "tests/submissions/jax_numpy/namespace_tricks.py", "jax-numpy",
        expect={"pure_update.correctness": "passed", "pure_update.no_globals": "failed",
                "scatter_add.correctness": "passed", "scatter_add.no_globals": "failed",
                "loss_and_grad.correctness": "passed", "loss_and_grad.no_globals": "failed",
                "update.correctness": "passed", "update.no_globals": "failed"},
        mentions={"pure_update.no_globals": ("`OFFSET`", "line 25"),
                  "scatter_add.no_globals": ("namespace", "vars(module)", "line 29"),
                  "loss_and_grad.no_globals": ("`loss_and_grad.calls`", "line 34"),
                  "update.no_globals": ("`self.count`", "line 18")},
    ),
    # ------------------------------- the red teams' wrong answers: the cause and the line lead
    Case(
        "tests/submissions/redteam2/jit_var_transpose.py", "jit",
        expect={"norm.correctness": "failed", "flatten.correctness": "failed"},
        # Where the values part from the reference's, with the lines its inputs came from.
        mentions={"norm.correctness": ("line 12 (`return (X - mu) / scale`)", "line 10, line 11"),
                  "flatten.correctness": ("line 20 (`return x.T.reshape(x.size)`)",)},
    ),
    Case(
        "tests/submissions/redteam/jax_numpy_argnums.py", "jax-numpy",
        expect={"scatter_add.correctness": "failed", "loss_and_grad.correctness": "failed"},
        mentions={"scatter_add.correctness": ("line 12", "`x.at[indices].add(updates)`"),
                  "loss_and_grad.correctness": ("line 22", "`argnums=`")},
    ),
    Case(
        "tests/submissions/redteam/jit_axis.py", "jit",
        expect={"norm.correctness": "failed"},
        # `norm = jax.jit(_standardise)`: the helper's line, through the binding.
        mentions={"norm.correctness": ("line 7", "each row (axis 1)")},
    ),
    Case(
        "tests/submissions/redteam/purity_inner_jit.py", "purity",
        expect={"horner.jit_compiled": "failed", "horner.no_recompilation": "failed"},
        mentions={"horner.jit_compiled": ("line 11 (`@jax.jit def run`)", "every call"),
                  "horner.no_recompilation": ("line 11",)},
    ),
    Case(
        "tests/submissions/redteam2/jit_global_mean_shape.py", "jit",
        # A 0-d input (the contract's "any shape") shows the JAX product of the shape eagerly too.
        expect={"flatten.correctness": "failed", "flatten.jit": "skipped"},
        mentions={"flatten.correctness": ("line 23 (`n = jnp.array(x.shape).prod()`)", "`x.size`")},
        found={"flatten.jit": "failed"},
    ),
    # ------------------------------------------- random-vmap: keys, vmap axes, a loop that must not unroll
    Case(
        "tests/submissions/random_vmap/faulty_a.py", "random-vmap",
        expect={
            "init_layer.distribution": "passed",  # W and b from one key look right, one by one
            "init_layer.key_discipline": "failed",
            "init_layer.jit": "passed",
            "batched_dot.correctness": "failed",
            "fit.correctness": "passed",
            "fit.jit": "passed",
            "fit.compact_trace": "failed",
        },
        mentions={
            "init_layer.key_discipline": ("line 9", "b = 0.1 * jax.random.normal(key, (n_out,))",
                                          "jax.random.split"),
            "batched_dot.correctness": ("line 14", "the whole matrix", "in_axes=(0, 1)"),
            "fit.compact_trace": ("line 20", "lax.fori_loop"),
        },
    ),
    Case(
        "tests/submissions/random_vmap/faulty_b.py", "random-vmap", zero=True,
        expect={"init_layer.distribution": "failed", "batched_dot.correctness": "failed",
                "fit.correctness": "failed"},
        mentions={
            "init_layer.distribution": ("process-wide generator", "line 10", "np.random.normal", "same key"),
            "batched_dot.correctness": ("line 16", "`in_axes=0`", "`(0, 1)`"),
            "fit.correctness": ("line 23", "one step fewer"),
        },
    ),
    Case(
        "tests/submissions/random_vmap/faulty_c.py", "random-vmap",
        expect={"init_layer.distribution": "failed", "batched_dot.correctness": "passed",
                "batched_dot.compact_trace": "failed", "fit.correctness": "failed"},
        mentions={
            "init_layer.distribution": ("output[0] (`W`)", "line 10", "standard deviation", "n_in="),
            "batched_dot.compact_trace": ("line 16",),
            "fit.correctness": ("line 21", "sum of squared errors"),
        },
    ),
)


def _by_place() -> tuple[Case, ...]:
    """Every assignment's reference, stub and correct alternative, found where `jaxgrade course new` writes
    them: `solutions/<module>.py` (full marks), `tests/submissions/<module>/correct_alternative.py` (full
    marks) and `tests/submissions/<module>/stub.py` (0). A new assignment needs no entry here."""
    found: list[Case] = []
    for reference in sorted(_REPO.glob("solutions/*.py")):
        module = reference.stem
        if module.startswith("_"):
            continue
        name = module.replace("_", "-")
        found.append(Case(f"solutions/{module}.py", name, full_marks=True))
        for file, expected in (("correct_alternative.py", {"full_marks": True, "alternative": True}),
                               ("stub.py", {"zero": True})):
            if (_REPO / "tests" / "submissions" / module / file).is_file():
                found.append(Case(f"tests/submissions/{module}/{file}", name, **expected))
    return tuple(found)


_REPO = Path(__file__).resolve().parent.parent
# Written cases first; one for the same file (a stub whose message must say something) replaces the found one.
CASES: tuple[Case, ...] = (*(case for case in _by_place() if case.path not in {w.path for w in _WRITTEN}), *_WRITTEN)
