"""Attack class: reading the reference solutions from inside the worker.

Target: correctness (3 points per exercise) of assignment `jit`, earned with the instructor's own code.
Tries every route a worker has: the `solutions` package on sys.path or already imported by the
runtime (`sys.modules`), the repository next to the virtual environment (`sys.prefix`), and the
runtime's own folder. If a reference is found, every graded function delegates to it; otherwise
they return zeros (wrong), so correctness shows whether the solutions were reachable. What was
found is printed (the judge shows captured output as feedback).
A correct grader must keep the solutions out of the worker: every function here must fail correctness.
"""

import os
import sys

import jax.numpy as jnp

_found = {}


def _try_import():
    try:
        import solutions.jit as reference  # noqa: PLC0415
        return reference
    except Exception as error:  # noqa: BLE001
        print("import solutions.jit:", type(error).__name__, error)
    loaded = sys.modules.get("solutions.jit")
    if loaded is not None:
        return loaded
    return None


def _try_files():
    candidates = []
    for base in (sys.prefix, os.path.dirname(sys.prefix), os.getcwd(), os.path.dirname(os.__file__)):
        for up in range(4):
            candidates.append(os.path.join(base, *([".."] * up), "solutions", "jit.py"))
    for entry in sys.path:
        candidates.append(os.path.join(entry, "solutions", "jit.py"))
        candidates.append(os.path.join(entry, "..", "solutions", "jit.py"))
    for path in candidates:
        try:
            with open(path) as handle:
                text = handle.read()
        except OSError:
            continue
        print("read", path, len(text))
        return text
    print("no solutions file among", len(candidates), "paths; sys.path =", sys.path[:6])
    return None


_reference = _try_import()
if _reference is None:
    _text = _try_files()
    if _text is not None:
        namespace = {}
        code = compile(_text, "reference", "exec")
        exec(code, namespace)  # noqa: S102
        _found.update(namespace)
else:
    _found.update(vars(_reference))
print("reference functions found:", sorted(k for k in _found if not k.startswith("_"))[:10])


def norm(X):
    return _found["norm"](X) if "norm" in _found else jnp.zeros_like(X)


def negatives(x):
    return _found["negatives"](x) if "negatives" in _found else jnp.zeros_like(x)


def flatten(x):
    return _found["flatten"](x) if "flatten" in _found else jnp.zeros((1,))


def maybe_negate(x, neg):
    return _found["maybe_negate"](x, neg) if "maybe_negate" in _found else jnp.zeros_like(x)
